"""What ``referee parse`` prints: one string, a stream of lines, or the corpus."""

from __future__ import annotations

import json
import sys
from typing import Any

from referee import terminal
from referee.keywords import KeywordSyntaxError, parse, to_json
from referee.text import strip_invisible

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from referee.keywords.resolve import Rules


def clean(text: str, where: str = "") -> str:
    """The keyword string with invisible characters removed, each said in a note
    on stderr (the policy of :data:`referee.text.INVISIBLE`; spans and columns
    in the answer refer to the cleaned string)."""
    text, notes = strip_invisible(text)
    for note in notes:
        terminal.warn(f"referee: note: {where}{note}")
    return text


def _result(text: str, view: Rules | None, system: str | None) -> dict[str, Any]:
    data = to_json(parse(text))
    if view is not None and system:
        from referee.keywords.resolve import resolve

        resolve(data, view, system)
    return data


def parse_one(args: Any, view: Rules | None) -> int:
    try:
        data = _result(clean(args.string), view, args.system)
    except KeywordSyntaxError as err:
        if args.format == "json":
            terminal.print_json(err.to_json())
        else:
            terminal.error(str(err))
        return 2
    if args.format == "json":
        terminal.print_json(data)
    else:
        print_keywords(data)
    return 0


def parse_stdin(args: Any, view: Rules | None) -> int:
    """One JSON object per input line; bad lines give an error object and the rest go on."""
    bad = 0
    for number, raw in enumerate(sys.stdin, start=1):
        text = clean(raw.rstrip("\r\n"), f"line {number}: ")
        try:
            out = _result(text, view, args.system)
        except KeywordSyntaxError as err:
            bad += 1
            out = err.to_json()
            out["error"]["line"] = number  # the line of the input stream
            out["input"] = text
        terminal.print_json_line(out)
    return 2 if bad else 0


def corpus(args: Any, rb: Any) -> int:
    from referee.keywords.corpus import coverage

    if args.system:
        rb.check_system(args.system)
    report = coverage(rb, args.system)
    if args.format == "json":
        terminal.print_json(report)
        return 0
    rows = [
        [system, str(c["strings"]), str(c["parsed"]), f"{c['parsed'] / c['strings']:.1%}" if c["strings"] else "-"]
        for system, c in sorted(report["by_system"].items())
    ]
    rows.append(["all", str(report["strings"]), str(report["parsed"]), f"{report['coverage']:.1%}"])
    terminal.table(["system", "keyword strings", "parsed", "coverage"], rows, title="Keyword strings in the rule documents")
    kinds = ", ".join(f"{n} {k}" for k, n in sorted(report["by_kind"].items()))
    terminal.line(f"found as: {kinds}", style="dim")
    for failure in report["failures"]:
        src = failure["source"]
        terminal.line(f"{src['file']}:{src['line']}: {failure['text']!r}: {failure['error']} at column {failure['column']}", style="red")
    return 0


def describe(arg: dict[str, Any]) -> str:
    """An argument in a few words, for the terminal."""
    kind = arg["kind"]
    if kind == "keyword":
        inner = ", ".join(describe(a) for a in arg["args"])
        return f"keyword {arg['name']}" + (f" ({inner})" if inner else "") + _rule(arg)
    if kind == "dice":
        return f"dice {arg['text']}"
    if kind == "threshold":
        return f"threshold {arg['var'] or arg['value']}+"
    if kind == "distance":
        return f"distance {arg['value']}\"" if arg.get("value") is not None else f"distance {arg['min']}-{arg['max']}\""
    if kind == "modifier":
        sign = "+" if (arg["value"] or 0) >= 0 else "-"
        amount = arg.get("var") or abs(arg["value"])
        inches = '"' if arg.get("inches") else ""
        return f"modifier {sign}{amount}{inches}" + (f" {arg['stat']}" if arg.get("stat") else "")
    if kind in ("qualifier", "quoted", "as_user"):
        return f"{kind} {arg['text']}"
    if kind == "number":
        return f"number {arg['value']}"
    if kind == "variable":
        return f"variable {arg['name']}"
    if kind == "choice":
        return "choice of " + " | ".join(describe(o) for o in arg["options"])
    rest = {k: v for k, v in arg.items() if k != "kind"}
    return f"{kind} {json.dumps(rest, ensure_ascii=False)}"


def _rule(keyword: dict[str, Any]) -> str:
    if "rule" not in keyword:
        return ""
    if keyword.get("core_term"):
        return "  (core term)"
    return f"  -> {keyword['rule']}"


def print_keywords(data: dict[str, Any]) -> None:
    for keyword in data["keywords"]:
        start, end = keyword["span"]
        name = keyword["name"] or "(values)"
        terminal.heading(f"{name}  [{start}:{end}] {keyword['text']}{_rule(keyword)}")
        for arg in keyword["args"]:
            terminal.line(f"  {describe(arg)}")
