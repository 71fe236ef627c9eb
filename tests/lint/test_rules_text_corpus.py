"""The text checks on the project's own rules_src.

First the findings an editor reading the documents expects, pinned one by
one; then every finding of these checks, per system, as an exact table
(fixtures/text/corpus.txt), so a new false alarm, or a lost finding, fails.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.lint.finding import Finding
from referee.lint.run import LintResult, lint
from referee.rulebase import Rulebase

CODES = [
    "conflicting-definition",
    "duplicate-definition",
    "empty-rule",
    "unnamed-rule",
    "alias-mismatch",
    "mangled-text",
    "dangling-reference",
    "errata-target-missing",
]
TABLE = Path(__file__).parent / "fixtures" / "text" / "corpus.txt"
GLOSSARY = "t9a/army-builder-glossary-en-de.txt"
UNIVERSAL = "t9a/universal-rules.txt"
WIKI = "scrollhammer/special-rules.wiki"
BASE_BOOK = "Warhammer: The Game of Fantasy Battles, 8th edition rulebook"


@pytest.fixture(scope="module")
def result(rulebase: Rulebase) -> LintResult:
    return lint(rulebase, None, CODES)


def found(result: LintResult, code: str, file: str, line: int) -> list[Finding]:
    return [f for f in result.findings if (f.code, f.file, f.line) == (code, file, line)]


def one(result: LintResult, code: str, file: str, line: int) -> Finding:
    (finding,) = found(result, code, file, line)
    return finding


# --- what an editor expects ---------------------------------------------------


@pytest.mark.parametrize(
    ("line", "term"),
    [
        (37, "rules for ,"),  # "This ability follows the normal rules for , meaning ..."
        (133, "rules in ."),  # "(... see Units), follow the rules in ."
        (143, "figure/front_rank"),  # "Figure figure/front_rank shows how ..."
        (151, "rules for apply"),  # "(unless Fleeing, in which case the normal rules for apply)"
        (254, "(see )"),  # "Secondary Objectives (see )"
        (289, "figure/skirmisher"),
    ],
)
def test_dangling_references_in_the_universal_rules(result: LintResult, line: int, term: str) -> None:
    assert one(result, "dangling-reference", UNIVERSAL, line).term == term


def test_war_machine_points_at_nothing_twice_on_one_line(result: LintResult) -> None:
    # "(it must still maximise ..., see and figure figure/empty_gaps, page figure/empty_gaps)"
    terms = sorted(f.term or "" for f in found(result, "dangling-reference", UNIVERSAL, 384))
    assert terms == ["figure/empty_gaps", "see and"]


def test_the_glossary_names_its_section_and_page(result: LintResult) -> None:
    # Scoring: "(see section XVI.2 “Scoring Secondary Objectives", page 67)" is a real reference
    assert found(result, "dangling-reference", GLOSSARY, 391) == []


def test_scrollhammer_page_xx_once_per_rule(result: LintResult) -> None:
    rules = sorted(f.rule or "" for f in found(result, "dangling-reference", WIKI, 10) if f.term == "page XX")
    assert rules == [
        f"scrollhammer/{r}"
        for r in (
            "infiltrate", "instant-death", "night-fighting", "physical-god", "pinning",
            "reserves", "scout", "sniper", "tongue", "two-handed",
        )
    ]
    infiltrate = next(f for f in found(result, "dangling-reference", WIKI, 10) if f.rule == "scrollhammer/infiltrate")
    assert infiltrate.message == (
        'placeholder page "page XX" (2 times); give the real page, or name the rule or section it means'
    )


def test_quick_to_fire_run_together_in_both_pistols(result: LintResult) -> None:
    for line in (59, 658):
        finding = one(result, "mangled-text", GLOSSARY, line)
        assert (finding.rule, finding.term) == ("t9a/pistol", "QuicktoFire")
        assert finding.message == 'words run together: "QuicktoFire"; put the spaces back ("Quick to Fire")'


def test_undead_list_run_together_line_by_line(result: LintResult) -> None:
    for line in (630, 631, 632, 633):
        finding = one(result, "mangled-text", GLOSSARY, line)
        assert finding.rule == "t9a/undead"
    assert one(result, "mangled-text", GLOSSARY, 630).term == (
        "IftheunitisStubborn,halvethenumberoflostHealthPoints(roundfractionsup)"
    )


def test_split_headings_and_the_french_profile(result: LintResult) -> None:
    assert one(result, "mangled-text", GLOSSARY, 204).term == "Zau- bernovize"
    assert one(result, "mangled-text", GLOSSARY, 269).term == "Zerschmet- tern"
    for line in (53, 219):
        finding = one(result, "mangled-text", GLOSSARY, line)
        assert (finding.rule, finding.term) == ("t9a/longbow", "Portée")


def test_german_headings_over_english_text_are_not_mixed(result: LintResult) -> None:
    # "Angst" over Fear's English text, "Kann nicht getrampelt werden" over "Cannot use Stomp Attacks"
    for line in (198, 200, 387, 389):
        assert found(result, "mangled-text", GLOSSARY, line) == []


def test_unnamed_rules_quote_their_text(result: LintResult) -> None:
    first = one(result, "unnamed-rule", UNIVERSAL, 20)
    assert first.message == (
        'text with no heading: "The model must be deployed in a unit.…"; '
        "write the rule's heading above it, or join it to the rule it continues"
    )
    assert [(r.rule, r.line) for r in first.related] == [("t9a/ambush", 5)]
    second = one(result, "unnamed-rule", UNIVERSAL, 367)
    assert [(r.rule, r.line) for r in second.related] == [("t9a/unstable", 360)]


def test_fear_conflicts_between_the_rulebook_and_the_glossary(result: LintResult) -> None:
    finding = one(result, "conflicting-definition", UNIVERSAL, 58)
    assert finding.rule == "t9a/fear"
    assert finding.message == (
        f"'Fear' has 2 different texts; {GLOSSARY}:198 differs by 1 change: "
        "-[and Close Combat … effects apply]; make them agree or drop the outdated one"
    )
    assert [(r.file, r.line) for r in finding.related] == [(GLOSSARY, 198)]


@pytest.mark.parametrize("rule", ["fearless", "frenzy", "random-movement", "undead"])
def test_other_rules_the_documents_word_differently(result: LintResult, rule: str) -> None:
    assert [f.file for f in result.findings if f.code == "conflicting-definition" and f.rule == f"t9a/{rule}"] == [
        UNIVERSAL
    ]


def test_barding_spacing_is_not_a_conflict(result: LintResult) -> None:
    barding = [f for f in result.findings if f.rule == "t9a/barding"]
    assert [(f.code, f.line, [r.line for r in f.related]) for f in barding] == [
        ("duplicate-definition", 330, [334, 338])
    ]


def test_langbogen_under_bow(result: LintResult) -> None:
    finding = one(result, "alias-mismatch", GLOSSARY, 215)
    assert (finding.rule, finding.term) == ("t9a/bow", "Langbogen")
    assert finding.message == (
        "'Bow' is paired with 'Langbogen', the German name of Longbow (paired with 'Longbow' at line 49), "
        "over Longbow's text; correct the heading, or give Bow its own name and text"
    )
    assert [(r.rule, r.line) for r in finding.related] == [("t9a/longbow", 217), ("t9a/longbow", 49)]


def test_errata_name_the_missing_book(result: LintResult) -> None:
    errata = [f for f in result.findings if f.code == "errata-target-missing"]
    assert {f.term for f in errata} == {BASE_BOOK}
    first = one(result, "errata-target-missing", "whfb-house/house-rules-8th-edition.md", 3)
    assert first.message == (
        f"'Redirecting the charge' replaces p.53 of '{BASE_BOOK}', which is not in rules_src; "
        "add the book as a document to check the change against it"
    )


# --- every finding, as a table ------------------------------------------------


def _table() -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for line in TABLE.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            system = line.split(" | ")[0]
            rows.setdefault(system, []).append(line.strip())
    return rows


def _row(f: Finding) -> str:
    system, slug = (f.rule or "").split("/", 1)
    cells = [system, f.code, f"{f.file.split('/', 1)[1]}:{f.line}", slug]
    if f.term and f.code != "errata-target-missing":
        cells.append(f.term)
    return " | ".join(cells)


@pytest.mark.parametrize("system", ["last-edition", "scrollhammer", "t9a", "whfb-house"])
def test_every_finding_per_system(result: LintResult, system: str) -> None:
    got = sorted(_row(f) for f in result.findings if (f.rule or "").startswith(system + "/"))
    assert got == sorted(_table().get(system, []))


def test_every_finding_names_its_rule_and_a_line(result: LintResult) -> None:
    for f in result.findings:
        assert f.rule and f.line >= 1 and f.file.split("/")[0] == f.rule.split("/")[0]
        assert "\n" not in f.message
