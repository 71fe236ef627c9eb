"""``referee import``: bringing army-builder data into a rules folder.

:mod:`.battlescribe` copies BattleScribe files into a system's folder and
writes or updates its ``system.toml``; :mod:`.commands` is the command line.
Importing this package imports neither lxml nor tomlkit.
"""
