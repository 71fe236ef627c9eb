"""Tab completion: command names, then what each command's argument can be.

:func:`candidates` is the whole logic (plain strings, testable without a
terminal); :func:`completer` wraps it in prompt_toolkit's completer API.
Rule names contain spaces ("Lightning Reflexes"), so a rule name completes
from the whole rest of the line; a keyword string completes its last part,
after the last comma; flags complete the last word.

>>> from types import SimpleNamespace
>>> fake = SimpleNamespace(table=SimpleNamespace(system="t9a"), view=SimpleNamespace(systems=["t9a"]),
...                        names=lambda system: ["Fear", "Fly", "Lightning Reflexes"])
>>> candidates(fake, "lookup light")
(['Lightning Reflexes'], 5)
>>> candidates(fake, "me Halberd, f")
(['Fear', 'Fly'], 1)
>>> fake.unit_names = lambda system: ["Spear Throwers", "Spearmen"]
>>> candidates(fake, "me unit spearm")
(['Spearmen'], 6)
>>> candidates(fake, "he")
(['help'], 2)
"""

from __future__ import annotations

from referee.shell.actions import ACTIONS, BY_NAME

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any


def candidates(session: Any, before: str) -> tuple[list[str], int]:
    """What may replace the last ``n`` characters of ``before`` (the line up to the cursor): (texts, n)."""
    if " " not in before.lstrip():
        word = before.lstrip()
        return _starting(word, (a.name for a in ACTIONS)), len(word)
    command = before.split()[0]
    rest = before.lstrip()[len(command):].lstrip()
    action = BY_NAME.get(command.lower())
    kind = action.completes if action else ""
    if kind == "rules":
        return _starting(rest, session.names(session.table.system)), len(rest)
    if kind == "keywords" and command.lower() in ("me", "vs") and rest[:5].lower() == "unit ":
        name = rest[5:].lstrip()
        return _starting(name, session.unit_names(session.table.system)), len(name)
    if kind == "keywords":
        part = rest.rsplit(",", 1)[-1].lstrip()
        return _starting(part, session.names(session.table.system)), len(part)
    word = "" if before.endswith(" ") else rest.split()[-1] if rest.split() else ""
    if kind == "flags":
        from referee.resolve.situation import FLAGS

        chosen = set(rest.split())
        return _starting(word, ["-", *(f for f in FLAGS if f not in chosen)]), len(word)
    if kind == "systems":
        return _starting(word, session.view.systems), len(word)
    if kind == "commands":
        return _starting(word, (a.name for a in ACTIONS)), len(word)
    return [], 0


def _starting(prefix: str, options: Iterable[str]) -> list[str]:
    """Options that begin with ``prefix``, any case; an exact name is offered too (it may end a line)."""
    folded = prefix.casefold()
    return [o for o in options if o.casefold().startswith(folded)]


def completer(session: Any) -> Any:
    """A prompt_toolkit completer over :func:`candidates` (prompt_toolkit imported here, for the prompt only)."""
    from prompt_toolkit.completion import Completer, Completion

    class RuleCompleter(Completer):
        def get_completions(self, document: Any, complete_event: Any) -> Any:
            texts, n = candidates(session, document.text_before_cursor)
            for text in texts:
                yield Completion(text, start_position=-n)

    return RuleCompleter()
