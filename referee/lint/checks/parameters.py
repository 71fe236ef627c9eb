"""Keyword values against rule signatures: a keyword whose values do not fit.

A rule that takes parameters records its signature (``Rule.params``: "Poisoned
(X+)" takes one threshold).  Every keyword string of the system (uses in rule
text, table cells, weapon profiles) is parsed, and each keyword that names
such a rule is checked against it: too many values, or a value of the wrong
kind ("Poisoned (D6)": a dice roll where a threshold is expected).

Kept deliberately narrow:

- rules without a recorded signature are skipped;
- a placeholder (X, Y) fits any parameter;
- words in brackets that name no rule ("Stealth (Forests)", "against
  Standard") are conditions, not values: they fill a ``text``, ``color`` or
  ``role`` parameter and are otherwise passed over;
- missing values are reported only in complete strings (profiles, table
  cells): in rule text the corpus keeps only the bracket of a use
  ("Leader (green/red)" of "Leader (green/red) +8 {3 base}"), and many rules
  state a default for a value left out ("Poisoned" is "Poisoned (4+)");
- strings that do not parse at all are :func:`unreadable_keyword`'s.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding
from referee.lint.places import nearest_place
from referee.lint.registry import check
from referee.lint.terms import CHECKED, keywords_of
from referee.text import fold

if TYPE_CHECKING:
    from referee.keywords import Arg
    from referee.keywords.corpus import KeywordString
    from referee.lint.context import LintContext
    from referee.model import Param, Rule

# Which written values fill a parameter of each kind; a kind not listed takes anything.
FITS: dict[str, frozenset[str]] = {
    "number": frozenset({"number", "dice"}),
    "dice": frozenset({"dice", "number"}),
    "threshold": frozenset({"threshold", "roll"}),
    "distance": frozenset({"distance", "number"}),
    "modifier": frozenset({"modifier"}),
    "color": frozenset({"colors", "choice", "words"}),
    "role": frozenset({"allowance", "choice", "words", "keyword"}),
}
_TAKES_WORDS = frozenset({"text", "color", "role"})

# How each kind of value is written, for messages.
EXAMPLES = {
    "number": "a number such as 2",
    "dice": "a dice roll such as D3",
    "threshold": "a roll needed such as 4+",
    "distance": 'a distance such as 6"',
    "modifier": "a modifier such as +1",
    "color": "colours such as green/red",
    "role": "roles such as {3 base}",
    "text": "words",
}
_WRITTEN = {
    "number": "a number",
    "dice": "a dice roll",
    "threshold": "a roll needed",
    "distance": "a distance",
    "modifier": "a modifier",
    "keyword": "a special rule",
    "words": "words",
    "save": "a save",
    "roll": "a roll",
    "colors": "colours",
    "allowance": "roles",
    "choice": "a choice",
    "as_user": "a value taken from the user",
    "second_profile": "a second profile",
}


@check("bad-parameters", "error", "a keyword whose values do not fit the rule's signature")
def bad_parameters(ctx: LintContext) -> Iterator[Finding]:
    """Keywords whose values do not fit the signature of the rule they name."""
    for found, uses in ctx.keyword_uses:
        if found.kind not in CHECKED:
            continue
        seen: set[str] = set()
        for use in uses:
            for name, args in keywords_of(use):
                problem = _misfit(ctx, name, args, complete=found.kind != "use")
                if problem and problem not in seen:
                    seen.add(problem)
                    yield _finding(ctx, found, name, problem)


def _misfit(ctx: LintContext, name: str, args: tuple[Arg, ...], complete: bool) -> str | None:
    """What is wrong with ``name (args)``, or None when one of the rules it names takes them."""
    rules = [r for r in ctx.rb.lookup(name, system=ctx.system) if r.params]
    if not rules:
        return None
    problems = [fit(ctx, rule, name, args, complete) for rule in rules]
    if any(p is None for p in problems):
        return None
    return problems[0]


def fit(ctx: LintContext, rule: Rule, name: str, args: tuple[Arg, ...], complete: bool) -> str | None:
    """Why ``args`` do not fit ``rule``'s signature, or None when they do."""
    params = rule.params
    given = 0
    for arg in args:
        kind = value_kind(ctx, arg)
        if given >= len(params):
            if kind == "words":
                continue  # a trailing condition: "Multiple Wounds (2, against Standard)"
            values = sum(value_kind(ctx, a) != "words" for a in args)
            return f"gives {values} values, but {rule.name} takes {len(params)} ({signature(params)})"
        param = params[given]
        if kind == "words" and param.kind not in _TAKES_WORDS:
            continue  # a condition in words: "Stealth (Forests)"
        if kind != "variable" and param.kind in FITS and kind not in FITS[param.kind]:
            expected = EXAMPLES.get(param.kind, param.kind)
            return f"{rule.name} expects {expected} for {param.name}, not {_WRITTEN.get(kind, kind)} ('{arg}')"
        given += 1
    if complete and 0 < given < len(params):
        return f"gives {given} of the {len(params)} values {rule.name} takes ({signature(params)})"
    return None


def value_kind(ctx: LintContext, arg: Arg) -> str:
    """The kind of a written value; words that name no rule are "words"."""
    from referee.keywords import Keyword

    if arg.kind in ("qualifier", "quoted"):
        return "words"
    if isinstance(arg, Keyword):
        if arg.args or ctx.resolve(arg.name):
            return "keyword"
        return "words"
    return arg.kind


def signature(params: tuple[Param, ...]) -> str:
    """A signature as messages show it.

    >>> from referee.model import Param
    >>> signature((Param("X", "distance"), Param("Y", "distance")))
    'X: distance, Y: distance'
    """
    return ", ".join(f"{p.name}: {p.kind}" for p in params)


def _finding(ctx: LintContext, found: KeywordString, name: str, problem: str) -> Finding:
    message = f"'{found.text}' {problem}" if problem.startswith("gives") else f"'{found.text}': {problem}"
    rule = ctx.rb.get(found.rule)
    first, last = found.line, found.line
    if rule is not None:
        for version in rule.versions:
            spans = [version.source, *(t.source for t in version.tables), *(p.source for p in version.profiles)]
            if version.source.file == found.file and any(s.line - 2 <= found.line <= s.end_line + 2 for s in spans):
                first, last = version.source.line, version.source.end_line
                break
    line, column = nearest_place(ctx, found.file, first, last, found.text, found.line)
    target = ctx.resolve(name)
    return bad_parameters.finding(
        message,
        found.file,
        line,
        column,
        rule=found.rule,
        term=ctx.rb.rules[target[0]].name if target else name,
    )


# A defined name with a bracket after it, in running text: "Poisoned (4+", "Fly ((8)".
_NAMED_BRACKET = re.compile(r"(?<![\w'’])([A-Z][\w'’&!-]*(?:[ ](?:of[ ]|the[ ]|to[ ]|a[ ])?[A-Z][\w'’&!-]*){0,3})[ ]?\(")


@check("unreadable-keyword", "error", "a keyword string in rule text that does not parse")
def unreadable_keyword(ctx: LintContext) -> Iterator[Finding]:
    """Keyword strings that do not parse, with the caret error of ``referee parse
    --corpus``: the strings the corpus extracts (uses, table cells, profiles),
    and, in the documents' lines, a defined name whose bracket is never closed
    or is opened twice ("Poisoned (4+ and Fear", "Fly ((8)") — a string the
    extraction cannot even take whole."""
    from referee.keywords import KeywordSyntaxError, parse
    from referee.keywords.corpus import keyword_strings
    from referee.lint.places import places

    seen: set[tuple[str, int, str]] = set()
    for found in keyword_strings(ctx.rb, ctx.system):
        if found.kind not in CHECKED:
            continue  # a signature is a heading ("(Unique) role"), not a keyword string
        try:
            parse(found.text)
        except KeywordSyntaxError as err:
            line, column = nearest_place(ctx, found.file, found.line, found.line, found.text, found.line)
            seen.add((found.file, line, found.text))
            yield _unreadable(found.text, err, found.file, line, column, found.rule)
    from referee.lint.terms import bare

    names = set(ctx.rb.names.get(ctx.system, {}))
    names |= {fold(bare(name)) for rule in ctx.rules for name in rule.names}  # "Poisoned" of "Poisoned (X+)"
    for rule in ctx.rules:
        for place in places(rule):
            text = place.version.text
            if "(" not in text:
                continue
            for string, at in _unclosed(text, names):
                try:
                    parse(string)
                    continue
                except KeywordSyntaxError as err:
                    line, column = _placed(ctx, place, string, at)
                    if (place.source.file, line, string) in seen:
                        continue
                    seen.add((place.source.file, line, string))
                    yield _unreadable(string, err, place.source.file, line, column, rule.id)
            for string, at, outer in _closed_for_another(text, names):
                line, column = _placed(ctx, place, string, at)
                if (place.source.file, line, string) in seen:
                    continue
                seen.add((place.source.file, line, string))
                opened = " ".join(text[outer : outer + 30].split()[:4])
                yield unreadable_keyword.finding(
                    f"brackets do not pair up at keyword string {string!r}: its ')' closes the bracket opened before"
                    f" it ({opened!r}…), which is then never closed; add the missing ')'",
                    place.source.file,
                    line,
                    column + string.index("("),
                    rule=rule.id,
                    term=string,
                )


def _placed(ctx: LintContext, place: Any, string: str, at: int) -> tuple[int, int]:
    """Where a string of a version's text (at offset ``at``) stands in the document:
    its first words searched in the version's lines (a wiki page's one line: from
    where the rule starts)."""
    head = " ".join(string.split()[:3])
    source = place.source
    line, column = nearest_place(ctx, source.file, source.line, source.end_line, head, source.line)
    if line == source.line and column < source.column:
        from referee.lint.places import column_of, raw_lines

        column = column_of(raw_lines(ctx, source.file)[line - 1], head, source.column) or source.column
    return line, column


def _unclosed(text: str, names: set[str]) -> Iterator[tuple[str, int]]:
    """(string, offset) for each defined name of ``text`` whose bracket is not
    closed before its sentence ends, or is opened twice: the name and the rest
    of the sentence, as a keyword string.

    >>> list(_unclosed("Models with Poisoned (4+ cause Fear. Then Fly (8) moves.", {"poisoned", "fly"}))
    [('Poisoned (4+ cause Fear', 12)]
    >>> list(_unclosed("It has Fly ((8) as well.", {"fly"}))
    [('Fly ((8) as well', 7)]
    """
    for start, open_at in _named_brackets(text, names):
        end = _sentence_end(text, open_at)
        doubled = text.startswith("((", open_at)
        depth = 0
        closed = False
        for ch in text[open_at:end]:
            depth += {"(": 1, ")": -1}.get(ch, 0)
            if depth == 0:
                closed = True
                break
        if closed and not doubled:
            continue
        yield text[start:end].rstrip(" .;,:"), start


def _closed_for_another(text: str, names: set[str]) -> Iterator[tuple[str, int, int]]:
    """(string, offset, offset of the other bracket) for each defined name of ``text``
    whose bracket closes, but inside a bracket opened before it in its paragraph that
    is then never closed: "(e.g. a model with Channel (3)." — one ')' serves both, so
    one is missing, the name's or the remark's.  Brackets of list items ("a) ...",
    "4) ...") are not pairs.  Of the names inside the other bracket, the first whose
    ')' punctuation follows ("(e.g. Impact Hits (D6), roll ..."): the remark ended
    there; else the last.

    >>> list(_closed_for_another("Cumulative (e.g. Channel (1) and Channel (3). Next.", {"channel"}))
    [('Channel (3)', 33, 11)]
    >>> list(_closed_for_another("Cumulative (e.g. Channel (1) and Channel (3)). a) Next.", {"channel"}))
    []
    """
    inside: dict[int, list[tuple[str, int, int]]] = {}  # the other bracket -> the names inside it, in order
    ended: dict[int, bool] = {}  # the other bracket -> whether a name's ')' with punctuation after it was seen
    named = list(_named_brackets(text, names))
    brackets = {open_at for _, open_at in named}
    for start, open_at in named:
        low = text.rfind("\n\n", 0, open_at)
        low = 0 if low < 0 else low
        high = text.find("\n\n", open_at)
        high = len(text) if high < 0 else high
        paragraph = _LIST_ITEM.sub(lambda item: " " * len(item.group()), text[low:high])
        opened: list[int] = []
        around: list[int] = []  # the brackets open where the name's opens
        close_at = None
        for i, ch in enumerate(paragraph, start=low):
            if i == open_at:
                around = list(opened)
            if ch == "(":
                opened.append(i)
            elif ch == ")" and opened:
                if opened.pop() == open_at:
                    close_at = i
        outer = [i for i in opened if i in around]
        if outer and outer[-1] in brackets:
            continue  # a name's own bracket never closed: _unclosed's ("Poisoned (4+ and Fly (8)")
        if close_at is not None and outer and open_at not in opened and not ended.get(outer[-1]):
            inside.setdefault(outer[-1], []).append((text[start : close_at + 1], start, outer[-1]))
            ended[outer[-1]] = _REMARK_END.match(text, close_at + 1) is not None
    for found in inside.values():
        yield found[-1]


_REMARK_END = re.compile(r"\s*[,.;:]")


def _named_brackets(text: str, names: set[str]) -> Iterator[tuple[int, int]]:
    """(offset of the name, offset of its bracket) of each defined name of ``text``
    with a bracket after it."""
    for m in _NAMED_BRACKET.finditer(text):
        words = m.group(1).split()
        start = next(
            (m.start(1) + len(" ".join(words[:i])) + (1 if i else 0) for i in range(len(words)) if fold(" ".join(words[i:])) in names),
            None,
        )
        if start is not None:
            yield start, m.end() - 1


_LIST_ITEM = re.compile(r"(?m)(?:^|(?<=[:;•.]\s))[ \t]*(?:[a-zA-Z]|\d{1,2}|[ivx]{1,4})\)")


def _sentence_end(text: str, at: int) -> int:
    """Where the sentence holding offset ``at`` ends: before ". X", a paragraph's
    end or the text's (a line the document wraps goes on).

    >>> text = "with Devastating Charge (+1\\nStrength) gains. Next"
    >>> text[:_sentence_end(text, 0)]
    'with Devastating Charge (+1\\nStrength) gains'
    """
    m = _SENTENCE_STOP.search(text, at)
    return m.start() if m else len(text)


_SENTENCE_STOP = re.compile(r"[.;!?](?=\s+[A-Z]|\s*$)|\n\s*\n|\n(?=\s*[-*•]|\s*\d+[.)])")


def _unreadable(text: str, err: Any, file: str, line: int, column: int, rule: str) -> Finding:
    """The finding, its caret under the bad character: the second bracket of a
    doubled one, the bracket never closed, else where the parser stopped."""
    if "((" in text:
        at, why = text.index("((") + 1, "its bracket is opened twice"
    elif _unmatched(text) is not None:
        at, why = _unmatched(text), "its bracket is never closed"  # type: ignore[assignment]
    else:
        at, why = max(err.column - 1, 0), err.message
    fix = "close or remove the bracket" if "bracket" in why else "correct it (referee parse STRING shows what fits there)"
    return unreadable_keyword.finding(
        f"keyword string {text!r} does not parse: {why} (column {at + 1} of the string); {fix}",
        file,
        line,
        column + at,
        rule=rule,
        term=text,
    )


def _unmatched(text: str) -> int | None:
    """The offset of the first bracket of ``text`` never closed.

    >>> _unmatched("Poisoned (4+ and Fly (8, 16) attack"), _unmatched("Fly (8)")
    (9, None)
    """
    opened: list[int] = []
    for i, ch in enumerate(text):
        if ch == "(":
            opened.append(i)
        elif ch == ")" and opened:
            opened.pop()
    return opened[0] if opened else None
