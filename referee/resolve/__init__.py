"""The referee: rulings on the rules in play, under the precedence model.

``referee resolve --system S KEYWORDS [--vs KEYWORDS] [--when FLAG ...]``
reads which rules each side has (the keyword strings, and what those rules
grant, each step cited), where they meet (an exception, an immunity, an
obligation and a prohibition, several instances, modifiers of one stat, two
wordings of one rule), and asks the principles in order
(:mod:`referee.resolve.principles`): errata, explicit exception, immunity,
source tier, cannot beats can, stacking, never stacks, source conflict.  What
no principle settles comes back unresolved, every rule cited: the referee
never picks silently.  docs/referee.md tells the model; docs/json.md the shape.

Modules: :mod:`~referee.resolve.situation` (``--when`` flags, conditions),
:mod:`~referee.resolve.naming` (keyword strings to rules),
:mod:`~referee.resolve.play` (rules in play, grant chains),
:mod:`~referee.resolve.meeting` (the questions),
:mod:`~referee.resolve.principles` (the answers),
:mod:`~referee.resolve.modifiers`, :mod:`~referee.resolve.ruling` (values),
:mod:`~referee.resolve.render` (text, Markdown),
:mod:`~referee.resolve.commands` (the CLI).
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from referee.resolve.engine import resolve
    from referee.resolve.play import Pick

__all__ = ["Pick", "resolve"]


def __getattr__(name: str) -> Any:
    if name == "resolve":
        from referee.resolve.engine import resolve

        return resolve
    if name == "Pick":
        from referee.resolve.play import Pick

        return Pick
    raise AttributeError(name)
