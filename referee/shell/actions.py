"""The command table of the shell: one :class:`Action` per command; ``help`` is read from it.

Each action takes the session and the rest of the line (the words after the
command, as typed: rule names keep their spaces and apostrophes) and returns
its answer, :class:`Said`: the JSON the CLI command's ``--json`` gives, and a
printer that uses the CLI's own renderer.  A question that cannot be
answered raises :class:`Unanswered` with the very line the CLI would print
(and its exit status); the loop prints it and the session goes on.

>>> [a.name for a in ACTIONS][:4]
['lookup', 'search', 'show', 'explain']
>>> split_line("  lookup   Lightning Reflexes ")
('lookup', 'Lightning Reflexes')
"""

from __future__ import annotations

from dataclasses import dataclass

from referee import terminal
from referee.cli.render import print_explanation, print_rule
from referee.errors import RulesError, no_rule_named, several_rules
from referee.shell.table import Side
from referee.text import strip_invisible

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from referee.shell.session import Session


class Unanswered(Exception):
    """A question the shell could not answer: ``str()`` is the one line printed
    (worded as the CLI words it), ``code`` the CLI's exit status for it."""

    def __init__(self, text: str, code: int = 2, said: Said | None = None, details: dict[str, Any] | None = None) -> None:
        super().__init__(text)
        self.code = code
        self.said = said  # what was found all the same (a search's empty results, its "did you mean")
        self.details = details  # the error as the CLI's --json gives it, when the reader words one

    def to_json(self) -> dict[str, Any]:
        """``{"message", ..., "status"}``: the message bare, as in the CLI's JSON errors."""
        if self.details is not None:
            return {**self.details, "status": self.code}
        bare = str(self).removeprefix("referee: ").removeprefix("error: ")
        return {"message": bare, "status": self.code}

    @classmethod
    def of(cls, err: RulesError) -> Unanswered:
        return cls(f"referee: {err}", details={"message": err.message, "file": err.file, "line": err.line})


class Quit(Exception):
    """``quit``: the session ends."""


@dataclass(frozen=True)
class Said:
    """An answer: ``data``, the shape the CLI command's ``--json`` gives (docs/json.md),
    and ``show``, which prints it for people with the CLI's own renderer."""

    data: Any
    show: Callable[[], None]


@dataclass(frozen=True)
class Action:
    name: str
    usage: str  # the arguments, as help shows them
    help: str  # one line
    run: Callable[[Session, str], Said]
    completes: str = ""  # what tab completion offers for the argument: rules, keywords, flags, systems, commands

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "usage": self.usage, "help": self.help}


def split_line(line: str) -> tuple[str, str]:
    """The command word (lower-cased) and the rest of the line, as typed."""
    words = line.strip().split(None, 1)
    if not words:
        return "", ""
    return words[0].lower(), words[1].strip() if len(words) > 1 else ""


def _needs(text: str, what: str) -> str:
    text, notes = strip_invisible(text)
    for note in notes:
        terminal.warn(f"referee: note: {what}: {note}")
    if not text.strip():
        raise Unanswered(f"referee: error: give {what}")
    return text.strip()


def _system(session: Session, command: str) -> str:
    system = session.table.system
    if system is None:
        raise Unanswered(f"referee: error: {command} needs a system: give `system ID` (one of: {', '.join(session.view.systems)})")
    return system


def _one_rule(session: Session, name: str) -> dict[str, Any]:
    """The one rule ``name`` names in the current system, worded as ``referee show`` words a miss."""
    system = session.table.system
    matches = session.view.lookup(name, system)
    if len(matches) == 1:
        return matches[0]
    if matches:
        ids = [r["id"] for r in matches]
        raise Unanswered(f"referee: error: {several_rules(name, ids, 'give an id' if system else 'give `system ID` or an id')}")
    raise _not_found(session, name, suggest=False)  # as `referee show` and `explain` say it


def _not_found(session: Session, name: str, suggest: bool = True) -> Unanswered:
    """"no rule named ...", with the search's best guesses, as ``referee lookup`` says it."""
    from referee.search.commands import suggestions

    system = session.table.system
    found = suggestions(session.index, name, system) if suggest else []
    return Unanswered(f"referee: {no_rule_named(name, system, [f'{r.name} ({r.id})' for r in found])}", code=1)


# --- the readers ----------------------------------------------------------------


def lookup(session: Session, rest: str) -> Said:
    name = _needs(rest, "a rule's name, alias or id")
    system = session.table.system
    rules = session.view.lookup(name, system)
    if not rules:
        raise _not_found(session, name)

    def show() -> None:
        for i, rule in enumerate(rules):
            if i:
                terminal.line()
            print_rule(rule, versions=False)

    return Said({"query": name, "system": system, "results": rules}, show)


def search(session: Session, rest: str) -> Said:
    from referee.search.commands import print_answer
    from referee.search.engine import check

    query = _needs(rest, "a name, alias, keyword string or words of a rule's text")
    check(query)
    system = session.table.system
    answer = session.index.search(query, system, 10)
    said = Said(answer.to_json(), lambda: print_answer(answer))
    if not answer.results:
        where = f" in {system}" if system else ""
        hint = f"; did you mean {answer.did_you_mean!r}?" if answer.did_you_mean else ""
        raise Unanswered(f"referee: nothing found for {query!r}{where}{hint}", code=1, said=said)
    return said


def show(session: Session, rest: str) -> Said:
    rule = _one_rule(session, _needs(rest, "a rule's id, name or alias"))
    return Said(rule, lambda: print_rule(rule, versions=True))


def explain(session: Session, rest: str) -> Said:
    from referee.graph.explain import explain as explained

    data = explained(session.view, _one_rule(session, _needs(rest, "a rule's name, alias or id")))
    return Said(data, lambda: print_explanation(data))


def resolve(session: Session, rest: str) -> Said:
    from referee.resolve import resolve as ruling
    from referee.resolve.render import print_resolution

    system = _system(session, "resolve")
    table = session.table
    if rest.strip():
        acting: Any = _needs(rest, "KEYWORDS")
    elif table.me is not None:
        acting = table.me.reading
    elif table.vs is not None:
        acting = []  # only the opponent's side is at the table: no rules of yours are in play
    else:
        raise Unanswered("referee: error: resolve needs a side: give `me KEYWORDS` or `vs KEYWORDS` first, or `resolve KEYWORDS`")
    opponent = table.vs.reading if table.vs is not None else None
    units = (None if rest.strip() or table.me is None else table.me.unit, table.vs.unit if table.vs is not None else None)
    data = ruling(session.view, system, acting, opponent, table.when, units, documents=session.build.texts).to_json()
    return Said(data, lambda: print_resolution(data))


def calc(session: Session, rest: str) -> Said:
    from referee.calc import CalcSyntaxError, Refusal, answer
    from referee.calc.commands import print_answer

    system = _system(session, "calc")
    question = _needs(rest, 'a dice question ("2D6 maximised", "hit CS5 vs CS4 then wound S4 vs T4")')
    try:
        found = answer(session.rulebook, system, question)
    except CalcSyntaxError as err:  # its own first line says "error:", the caret follows
        raise Unanswered(str(err), details=err.to_json()["error"]) from None
    except Refusal as err:
        raise Unanswered(f"referee: {err}", details=err.to_json()["error"]) from None
    return Said(found.to_json(), lambda: print_answer(found))


# --- the table ------------------------------------------------------------------


def _the_table(session: Session, line: str) -> Said:
    """What a command that sets the table answers: the line it says, and the whole table as JSON."""
    return Said(session.table.to_json(), lambda: terminal.line(line))


def system(session: Session, rest: str) -> Said:
    if not rest.strip():
        return _the_table(session, f"system: {session.table.system or '(none)'}; known: {', '.join(session.view.systems)}")
    wanted = rest.strip().lower()
    session.view.check_system(wanted)
    before = session.table
    session.table = before.with_system(wanted)
    left = [w for w, side in (("me", before.me), ("vs", before.vs)) if side is not None and before.system != wanted]
    note = f" ({' and '.join(left)} cleared: they named rules of {before.system})" if left else ""
    return _the_table(session, f"system: {wanted}{note}")


def _side(session: Session, rest: str, what: str, command: str) -> Side | None:
    """The side a keyword string names, read by the referee now, so a bad string
    gets its caret at once rather than at the next ``resolve``; ``-`` clears it."""
    from referee.resolve import resolve as ruling

    if rest.strip() == "-":
        return None
    system = _system(session, command)
    said = rest.strip()
    if said[:5].lower() == "unit " or said.lower() == "unit":
        from referee.resolve.naming import unit_picks

        name = _needs(said[5:], "a unit's name, as its army data writes it")
        unit, picks = unit_picks(session.view, system, name, None, f"{command} unit")
        return Side.of_unit(unit, picks)
    text = _needs(rest, "KEYWORDS (a keyword string), or - to clear")
    if what == "KEYWORDS":
        ruling(session.view, system, text)
    else:
        ruling(session.view, system, [], text)  # no acting rules: only the opponent's string is read
    return Side.of_keywords(text)


def me(session: Session, rest: str) -> Said:
    if not rest.strip():
        return state(session, "")
    session.table = session.table.with_me(_side(session, rest, "KEYWORDS", "me"))
    return _the_table(session, f"me: {session.table.me.shown() if session.table.me else '(nobody)'}")


def vs(session: Session, rest: str) -> Said:
    if not rest.strip():
        return state(session, "")
    session.table = session.table.with_vs(_side(session, rest, "--vs", "vs"))
    return _the_table(session, f"vs: {session.table.vs.shown() if session.table.vs else '(nobody)'}")


def when(session: Session, rest: str) -> Said:
    from referee.resolve.situation import parse_flags

    if rest.strip() == "-":
        session.table = session.table.with_when(())
    elif rest.strip():
        try:
            system = session.table.system
            flags = parse_flags(rest.replace(",", " ").split(), (lambda: session.view.condition_words(system)) if system else None, system)
        except RulesError as err:
            # the flags before stay in force: say which, so nobody rules on a situation they did not mean
            still = ", ".join(session.table.when) or "no situation flags"
            raise RulesError(f"{err.message}\nthe situation stays: {still}") from None
        session.table = session.table.with_when(flags)
    return _the_table(session, f"when: {', '.join(session.table.when) or '(no situation flags)'}")


def state(session: Session, rest: str) -> Said:
    rows = session.table.rows()
    return Said(session.table.to_json(), lambda: terminal.table(["", "on the table"], rows, whole=(0, 1)))


def help_(session: Session, rest: str) -> Said:
    wanted = rest.strip().lower()
    if wanted:
        action = BY_NAME.get(wanted)
        if action is None:
            raise _unknown(wanted)

        def one() -> None:
            terminal.line(f"{action.name} {action.usage}".rstrip(), style="bold")
            terminal.line(f"  {action.help}")

        return Said({"commands": [action.to_json()]}, one)

    def every() -> None:
        terminal.table(["command", "what it does"], [[f"{a.name} {a.usage}".rstrip(), a.help] for a in ACTIONS], whole=(0,))
        terminal.line("Tab completes commands, rule names and flags; Ctrl-C cancels a line, Ctrl-D or quit ends.", style="dim")

    return Said({"commands": [a.to_json() for a in ACTIONS]}, every)


def quit_(session: Session, rest: str) -> Said:
    raise Quit


def _unknown(word: str) -> Unanswered:
    return Unanswered(f"referee: error: unknown command {word!r} (help lists the commands)")


ACTIONS: tuple[Action, ...] = (
    Action("lookup", "NAME", "the rules a name, alias or id names, in any language, with their text", lookup, "rules"),
    Action("search", "WORDS", "rules by name, alias, keyword string or words of their text, typos forgiven", search, "rules"),
    Action("show", "NAME", "one rule whole: text, aliases, every version with its source", show, "rules"),
    Action("explain", "NAME", "what a rule grants and what grants it, immunities, overrides, each cited", explain, "rules"),
    Action("resolve", "[KEYWORDS]", "rule on the rules in play: me (or KEYWORDS) vs the opponent, when the situation holds", resolve, "keywords"),
    Action("calc", "QUESTION", 'a dice question answered exactly under the system\'s rules ("2D6 maximised")', calc, ""),
    Action("system", "[ID]", "play another system (clears me and vs), or show the current one", system, "systems"),
    Action("me", "KEYWORDS | unit NAME | -", 'the acting unit, as a keyword string ("Halberd, Shield") or a unit of army data; - clears it', me, "keywords"),
    Action("vs", "KEYWORDS | unit NAME | -", "the opponent, as a keyword string or a unit of army data; - clears it", vs, "keywords"),
    Action("when", "FLAG ... | -", "the situation (charging, melee, shooting, ...); replaces the flags; - clears them", when, "flags"),
    Action("state", "", "what is on the table: system, me, vs, when", state, ""),
    Action("help", "[COMMAND]", "the commands, or one command", help_, "commands"),
    Action("quit", "", "end the session (Ctrl-D does too)", quit_, ""),
)
BY_NAME = {a.name: a for a in ACTIONS}


def ask(session: Session, line: str) -> Said | None:
    """The answer to one line (None for a blank one), not yet printed.

    Raises :class:`Unanswered` (printable) or :class:`Quit`.
    """
    word, rest = split_line(line)
    if not word:
        return None
    action = BY_NAME.get(word)
    if action is None:
        raise _unknown(word)
    try:
        return action.run(session, rest)
    except RulesError as err:
        from referee.resolve.naming import with_near_names

        raise Unanswered.of(with_near_names(err, lambda: session.index)) from None


def perform(session: Session, line: str) -> None:
    """Answer one line in text; raises :class:`Unanswered` (printable) or :class:`Quit`."""
    try:
        said = ask(session, line)
    except Unanswered as err:
        if err.said is not None:
            err.said.show()
        raise
    if said is not None:
        said.show()
