"""``referee calc --system S QUESTION``: the answer, aloud or as JSON (docs/calc.md).

The CLI imports this module for ``referee calc`` only; the grammar, the
distributions and the system's mechanics load in :func:`answer_question`.
"""

from __future__ import annotations

import argparse

from referee import terminal

TYPE_CHECKING = False  # typing costs every `referee` call ~4 ms (this module builds the parser)
if TYPE_CHECKING:
    from referee.calc.answers import Answer
    from referee.store.book import Book


def arguments(parser: argparse.ArgumentParser) -> None:
    """The ``calc`` command's arguments (made only for a ``referee calc`` call)."""
    parser.add_argument("question", metavar="QUESTION", nargs="+", help='a dice question, e.g. "hit CS5 vs CS4 then wound S4 vs T4" (docs/calc.md)')
    parser.add_argument("--system", "-s", metavar="ID", required=True, help="the system whose rules answer it (t9a, last-edition, ...)")
    parser.add_argument("--rules-src", metavar="DIR", help="folder of rule systems (default: as for every command)")
    parser.add_argument("--json", action="store_true", help="print JSON (shapes: docs/json.md); short for --format json")
    parser.add_argument("--format", choices=("text", "json"), default=None, help="output format: text, json (default text)")
    parser.set_defaults(formats=("text", "json"))


def answer_question(args: argparse.Namespace, view: Book, rules_src: str) -> int:
    """Answer ``args.question`` and print it; the exit status (2 for a question not answered)."""
    from referee.calc import answer
    from referee.calc.errors import CalcSyntaxError, Refusal

    question = " ".join(args.question)
    try:
        found = answer(view, args.system, question, rules_src)
    except (CalcSyntaxError, Refusal) as err:
        if args.format == "json":
            terminal.print_json(err.to_json())
        else:
            terminal.error(str(err) if isinstance(err, CalcSyntaxError) else f"referee: {err}")
        return 2
    if args.format == "json":
        terminal.print_json(found.to_json())
    else:
        print_answer(found)
    return 0


def print_answer(found: Answer) -> None:
    """The answer as a referee would say it: the figures first, then each step with its quote."""
    from referee.calc.answers import decimal, fraction

    terminal.heading(f"{found.system}: {found.question}")
    if found.needed is not None:
        terminal.line(f"Needs {found.needed}.")
    if found.probability is not None:
        what = _first_upper(found.probability_of or "success")
        terminal.line(f"{what}: {fraction(found.probability)} ({decimal(found.probability)}).", style="bold")
    if found.value is not None:
        shown = ", ".join(map(str, found.value)) if isinstance(found.value, list) else str(found.value)
        terminal.line(f"{_first_upper(found.outcome or 'value')}: {shown}.", style="bold")
    if found.distribution is not None:
        terminal.line(f"Mean {found.outcome}: {fraction(found.mean)} ({decimal(found.mean)}).")
        rows = [[str(outcome), fraction(chance), decimal(chance)] for outcome, chance in found.distribution.items()]
        terminal.table([found.outcome or "outcome", "chance", "decimal"], rows, whole=(0, 1, 2))
    terminal.line()
    terminal.heading("Steps")
    for number, step in enumerate(found.steps, start=1):
        terminal.line(f"{number}. {step.text}")
        if step.citation is not None:
            c = step.citation
            terminal.line(f"   “{c.quote}”", style="italic")
            terminal.line(f"   {c.rule}, {c.file}:{c.line}:{c.column}", style="dim")


def _first_upper(text: str) -> str:
    return text[:1].upper() + text[1:]
