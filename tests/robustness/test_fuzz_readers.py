"""The keyword grammar and the effect reader take any text.

Keywords: ``tests/keywords/properties`` already shows that only
KeywordSyntaxError escapes ``parse``; here the error is also checked to be
what the user sees: the input shown with a caret under a character of it,
and ``referee parse`` exiting 0 or 2 (never 70, an internal error).

Effects: a sentence of any words (the reader's own vocabulary, rule names,
arbitrary characters) gives relations, each citing its rule and file, and
never raises.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from referee.cli.commands import main
from referee.graph.effects import Names, read_rule
from referee.graph.effects_words import CONDITIONS, PHRASE_TYPES, STAT_LEADS, STATS
from referee.keywords import KeywordSyntaxError, parse
from referee.model import Rule, Source, Version
from referee.text import fold
from tests.conftest import examples
from tests.robustness.strategies import SHARP

QUICK = settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])

# -- keywords ---------------------------------------------------------------------

KEYWORD_PIECES = st.sampled_from(
    ["(", ")", "[", "]", "{", "}", ",", "/", "|", '"', "+", "-", "D3", "2D6+1", '8"', "4+", "X", "on a", "Fear",
     "Multiple Wounds", " ", "\t", "\n", "\u2033", "\u2212", "\u200b", "\x00", "½", "٣"]
)  # fmt: skip
KEYWORD_TEXT = st.one_of(st.text(max_size=40), st.lists(st.one_of(KEYWORD_PIECES, st.text(max_size=3)), max_size=15).map("".join))


def check_keyword(text: str) -> None:
    """``parse`` gives a value, or an error whose caret sits under the input."""
    try:
        parse(text)
    except KeywordSyntaxError as err:
        first, shown, caret, *rest = str(err).split("\n")
        assert first.startswith("error: ") and f"column {err.column}" in first, first
        assert caret.strip(" ~").endswith("^") and set(caret.strip()) <= {"~", "^"}, caret
        assert len(caret) <= len(shown) + 1, (shown, caret)  # the caret never points past the end
        assert all(line.startswith("expected: ") for line in rest), rest


@QUICK
@given(KEYWORD_TEXT)
@example("(" * 17 + "Fear")  # deeper than MAX_NESTING
@example("Fear (" + "x" * 500)  # longer than the window shown around the caret
@example("Fear\n\n(D3")  # the caret on a later line
@example("\u200b")
def test_a_keyword_error_points_into_the_input(text: str) -> None:
    check_keyword(text)


@settings(max_examples=examples(25), deadline=None)
@given(st.text(min_size=1, max_size=30).filter(lambda t: not t.startswith("-")))
@example("Poisoned (4+")
@example("\x1b[31m")
def test_referee_parse_exits_0_or_2(text: str) -> None:
    assert main(["parse", text]) in (0, 2)


def test_the_keyword_caret_check_can_fail() -> None:
    """The caret check reads the real message: a broken one would not pass it."""
    with pytest.raises(KeywordSyntaxError) as caught:
        parse("Poisoned (4+")
    assert str(caught.value).split("\n")[2] == "             ~~~^"


# -- effects ------------------------------------------------------------------------

RULE_NAMES = ["Beast", "Fear", "Terror", "Fly", "Scoring", "Fearless", "Stubborn", "Lethal Strike", "Ward"]
CORE_TERMS = ["Round of Combat", "Charge Phase", "Flee"]
BEAST = Rule("x/beast", "Beast", "x", "", Source("x/rules.txt", 1, 1))
NAMES = Names({fold(n): ["x/" + fold(n).replace(" ", "-")] for n in RULE_NAMES}, CORE_TERMS, BEAST.id)

VOCABULARY = sorted(
    {word for phrase, _type, _norm in PHRASE_TYPES for word in phrase.split("|")}
    | {stat for stat, _ in STATS}
    | set(STAT_LEADS)
    | {pattern for pattern, _ in CONDITIONS if pattern.isascii() and pattern.replace(" ", "").isalpha()}
    | {"the model", "units with", "a unit", "it", "if", "when", "unless", "and", "or", "For example,", "e.g.", "+1", "-1", "D6", "4+"}
    | set(RULE_NAMES)
    | set(CORE_TERMS)
)
SENTENCES = st.lists(st.one_of(st.sampled_from(VOCABULARY), SHARP, st.text(max_size=6)), max_size=25).map(" ".join)
TEXTS = st.lists(st.one_of(SENTENCES, st.sampled_from([".", ". ", "\n\n", "; ", "! ", "?"])), max_size=8).map("".join)


def check_effects(text: str) -> None:
    """Relations and sentences of a rule whose only version has ``text``."""
    document = "Beast\n\n" + text + "\n"
    version = Version(text, Source("x/rules.txt", 3, 3 + text.count("\n")), "x/rules.txt", "core")
    rule = Rule(BEAST.id, "Beast", "x", text, version.source, versions=(version,))
    relations, sentences = read_rule(rule, NAMES, {"x/rules.txt": document})
    for relation in relations:
        assert relation.citation.rule == rule.id and relation.citation.file == "x/rules.txt"
        assert relation.citation.line >= 1
    for sentence in sentences:
        assert sentence.rule == rule.id and sentence.line >= 1


@QUICK
@given(TEXTS)
@example("Beast gains Fear. It is immune to Terror and loses Scoring if charging.")
@example("If a unit is both Fearless and Stubborn, it uses the rules for Fearless instead.")
@example("For example, e.g. ... ;;; (((")
@example("Fear " * 300)
def test_any_rule_text_gives_cited_relations(text: str) -> None:
    check_effects(text)


def test_the_effects_check_reads_relations() -> None:
    """A sentence the reader knows gives relations: the property above is not vacuous."""
    version = Version("The model gains Fear.", Source("x/rules.txt", 3, 3), "x/rules.txt", "core")
    rule = Rule(BEAST.id, "Beast", "x", version.text, version.source, versions=(version,))
    relations, _ = read_rule(rule, NAMES, {"x/rules.txt": "Beast\n\nThe model gains Fear.\n"})
    assert [(r.kind, r.target, r.citation.line) for r in relations] == [("grants", "x/fear", 3)]


# -- the quick commands ---------------------------------------------------------------


@settings(max_examples=examples(25), deadline=None)
@given(st.sampled_from(["lookup", "show"]), st.one_of(st.text(min_size=1, max_size=40), st.sampled_from(["x" * 100_000, "\x00", "\x1b[2J", "t9a/../../etc", "%s%n", "*"])))
def test_lookup_and_show_take_any_name(command: str, name: str) -> None:
    """Control characters, huge names, paths and wildcards: found, not found, or refused; never a crash."""
    assert main([command, "--", name]) in (0, 1, 2)
