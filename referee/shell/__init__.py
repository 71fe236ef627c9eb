"""``referee shell``: an interactive session at the table (docs/shell.md).

The build, its view, the calc rulebook and the search index are loaded once
when the session starts (:mod:`~referee.shell.session`); every question is
then answered from memory by the same readers the CLI calls.  Modules:
:mod:`~referee.shell.table` (what is on the table: the system, the acting
unit, the opponent, the situation), :mod:`~referee.shell.actions` (the
command table; ``help`` is read from it), :mod:`~referee.shell.completion`
(tab completion), :mod:`~referee.shell.loop` (the prompt, or lines from
stdin), :mod:`~referee.shell.commands` (the CLI).

Nothing here is imported by a warm ``referee`` call but ``commands``, whose
top imports only the standard library.
"""
