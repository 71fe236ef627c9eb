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
- strings that do not parse at all are ``referee parse --corpus``'s to report.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from referee.lint.finding import Finding
from referee.lint.places import nearest_place
from referee.lint.registry import check
from referee.lint.terms import CHECKED, keywords_of

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
