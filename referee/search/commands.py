"""What ``referee search`` prints, and the suggestions of a ``lookup`` that found nothing."""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee import terminal
from referee.errors import RulesError

if TYPE_CHECKING:
    from referee.search.engine import Answer, Result
    from referee.search.index import Index
    from referee.search.units import UnitResult

SUGGESTIONS = 3


def print_answer(answer: Answer) -> None:
    """Ranked results, each with its snippet; matched words highlighted on a terminal."""
    for rank, result in enumerate(answer.results, start=1):
        if rank > 1:
            terminal.line()
        _print_result(rank, result)
    if answer.did_you_mean:
        if answer.results:
            terminal.line()
        terminal.line(f"did you mean: {answer.did_you_mean}?", style="yellow")


def _print_result(rank: int, result: Result | UnitResult) -> None:
    from referee.search.units import UnitResult

    if isinstance(result, UnitResult):
        _print_unit(rank, result)
        return
    head = f"{rank}. {result.name}  ({result.id})  {', '.join(result.matched)}  {result.score:.2f}"
    body = result.snippet or "(no text: the documents name this rule but never define it)"
    parts = [(f"{rank}. ", "dim"), (terminal.safe(result.name), "bold"), (f"  ({terminal.safe(result.id)})", "cyan"),
             (f"  {', '.join(result.matched)}  {result.score:.2f}", "dim")]  # fmt: skip
    _emit(head, body, parts, result.spans if result.snippet else [])


def _print_unit(rank: int, unit: UnitResult) -> None:
    """A unit: its army and where its data writes it, then the names of its rules."""
    head = f"{rank}. {unit.name} \u2014 unit of {unit.army}, {unit.where}  {', '.join(unit.matched)}  {unit.score:.2f}"
    body = f"rules: {', '.join(unit.rules)}" if unit.rules else "(its data gives it no rules)"
    parts = [(f"{rank}. ", "dim"), (terminal.safe(unit.name), "bold"), (f" \u2014 unit of {terminal.safe(unit.army)}, ", ""),
             (terminal.safe(unit.where), "cyan"), (f"  {', '.join(unit.matched)}  {unit.score:.2f}", "dim")]  # fmt: skip
    _emit(head, body, parts, [])


def _emit(head: str, body: str, parts: list[tuple[str, str]], spans: list[tuple[int, int]]) -> None:
    """One result: its head line and its body, plain when piped; on a terminal the head's
    ``parts`` in their styles and the body with its matched ``spans`` highlighted."""
    if not terminal.is_terminal():
        print(terminal.safe(head))
        print(terminal.safe(f"   {body}"))
        return
    from rich.text import Text

    line = Text()
    for text, style in parts:
        line.append(text, style=style or None)
    console = terminal.console()
    console.print(line)
    console.print(_highlighted(body, spans))


def _highlighted(text: str, spans: list[tuple[int, int]]) -> object:
    """``text`` as rich Text with the spans in bold yellow; every piece made safe,
    so no character of the rules can move the cursor or recolour the terminal."""
    from rich.text import Text

    out = Text("   ")
    at = 0
    for start, end in sorted(spans):
        if start < at:
            continue
        out.append(terminal.safe(text[at:start]))
        out.append(terminal.safe(text[start:end]), style="bold yellow")
        at = end
    out.append(terminal.safe(text[at:]))
    return out


def suggestions(index: Index, query: str, system: str | None) -> list[Result]:
    """The search results worth offering when ``lookup`` finds no rule of that name:
    the best few rules whose names match, or else that have most of the words.
    Units are left out: lookup names rules, and its suggestions are rules' ids."""
    from referee.search.engine import NAMED, WEAK

    try:
        answer = index.search(query, system, limit=SUGGESTIONS, units=False)
    except RulesError:
        return []
    named = [r for r in answer.results if r.score >= NAMED]
    return named or [r for r in answer.results if r.score >= WEAK]
