"""The checks of the documents' own lines on the project's rules_src: what an
editor reading the documents expects, pinned one by one (every finding is
in fixtures/text/corpus.txt, see test_corpus.py)."""

from __future__ import annotations

import pytest

from referee.lint.run import LintResult
from tests.lint.corpus import GLOSSARY, UNIVERSAL, WIKI, found, one


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
def test_dangling_references_in_the_universal_rules(text_result: LintResult, line: int, term: str) -> None:
    assert one(text_result, "dangling-reference", UNIVERSAL, line).term == term


def test_war_machine_points_at_nothing_twice_on_one_line(text_result: LintResult) -> None:
    # "(it must still maximise ..., see and figure figure/empty_gaps, page figure/empty_gaps)"
    terms = sorted(f.term or "" for f in found(text_result, "dangling-reference", UNIVERSAL, 384))
    assert terms == ["figure/empty_gaps", "see and"]


def test_the_glossary_names_its_section_and_page(text_result: LintResult) -> None:
    # Scoring: "(see section XVI.2 “Scoring Secondary Objectives", page 67)" is a real reference
    assert found(text_result, "dangling-reference", GLOSSARY, 391) == []


def test_scrollhammer_page_xx_once_per_rule(text_result: LintResult) -> None:
    rules = sorted(f.rule or "" for f in found(text_result, "dangling-reference", WIKI, 10) if f.term == "page XX")
    assert rules == [
        f"scrollhammer/{r}"
        for r in (
            "infiltrate", "instant-death", "night-fighting", "physical-god", "pinning",
            "reserves", "scout", "sniper", "tongue", "two-handed",
        )
    ]
    infiltrate = next(f for f in found(text_result, "dangling-reference", WIKI, 10) if f.rule == "scrollhammer/infiltrate")
    assert infiltrate.message == (
        'placeholder page "page XX" (2 times); give the real page, or name the rule or section it means'
    )


def test_quick_to_fire_run_together_in_both_pistols(text_result: LintResult) -> None:
    for line in (59, 658):
        finding = one(text_result, "mangled-text", GLOSSARY, line)
        assert (finding.rule, finding.term) == ("t9a/pistol", "QuicktoFire")
        assert finding.message == 'words run together: "QuicktoFire"; put the spaces back ("Quick to Fire")'


def test_undead_list_run_together_line_by_line(text_result: LintResult) -> None:
    for line in (630, 631, 632, 633):
        finding = one(text_result, "mangled-text", GLOSSARY, line)
        assert finding.rule == "t9a/undead"
    assert one(text_result, "mangled-text", GLOSSARY, 630).term == (
        "IftheunitisStubborn,halvethenumberoflostHealthPoints(roundfractionsup)"
    )


def test_split_headings_and_the_french_profile(text_result: LintResult) -> None:
    assert one(text_result, "mangled-text", GLOSSARY, 204).term == "Zau- bernovize"
    assert one(text_result, "mangled-text", GLOSSARY, 269).term == "Zerschmet- tern"
    for line in (53, 219):
        finding = one(text_result, "mangled-text", GLOSSARY, line)
        assert (finding.rule, finding.term) == ("t9a/longbow", "Portée")


def test_german_headings_over_english_text_are_not_mixed(text_result: LintResult) -> None:
    # "Angst" over Fear's English text, "Kann nicht getrampelt werden" over "Cannot use Stomp Attacks"
    for line in (198, 200, 387, 389):
        assert found(text_result, "mangled-text", GLOSSARY, line) == []
