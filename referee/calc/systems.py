"""Which questions each system's documents let calc answer.

A system's module lists, in ``FORMS``, the question forms its documents
define, each with the function that answers it, and in ``LINKS`` the
sentence that carries an attack from one stage to the next.  A question
about anything else is refused: "<system> does not define <mechanic>".
Only the asked system's module is imported.
"""

from __future__ import annotations

from importlib import import_module

from referee.calc.errors import Refusal

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any

MODULES = {
    "last-edition": "referee.calc.last_edition",
    "t9a": "referee.calc.t9a",
    "whfb-house": "referee.calc.whfb_house",
    "scrollhammer": "referee.calc.scrollhammer",
}


def mechanics(system: str, in_build: bool = False) -> Any:
    """The module answering ``system``'s questions.  A system of the build that
    has no module (one imported from BattleScribe, say) is answered only where
    its own rules' sentences say what a roll does (:mod:`referee.calc.effects`);
    a refusal for a system calc does not know at all."""
    name = MODULES.get(system)
    if name is None and in_build:
        name = "referee.calc.effects"
    if name is None:
        raise Refusal(f"calc knows no dice mechanics of {system} (it knows {', '.join(MODULES)})", system)
    return import_module(name)
