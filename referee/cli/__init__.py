"""The command line: ``referee`` parses its arguments in :mod:`referee.cli.commands`
and prints rules (:mod:`referee.cli.render`) and unit cards (:mod:`referee.cli.unitcard`).

Nothing is imported here: every layer's printers share :mod:`referee.terminal`,
which stays in the base layer, and the warm path imports only what it runs.
"""
