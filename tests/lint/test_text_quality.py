"""The checks of the documents' own lines on the project's rules_src: what an
editor reading the documents expects, pinned one by one (every finding is
in fixtures/text/corpus.txt, see test_corpus.py)."""

from __future__ import annotations

import pytest

from referee.store.record import Build
from referee.lint.run import LintResult
from tests.conftest import RULES_SRC
from tests.lint.corpus import CORE, GLOSSARY, HOUSE, SYSTEMS, UNIVERSAL, WIKI, findings, found, one


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


def test_scrollhammer_page_xx_once_per_place(text_result: LintResult) -> None:
    """The page is one line: each "page XX" is a finding at its own column, as it
    would be on a line of its own (Infiltrate's two were once one finding at the first)."""
    rules = sorted(f.rule or "" for f in found(text_result, "dangling-reference", WIKI, 10) if f.term == "page XX")
    assert rules == [
        f"scrollhammer/{r}"
        for r in (
            "infiltrate", "infiltrate", "instant-death", "night-fighting", "physical-god", "pinning",
            "reserves", "scout", "sniper", "tongue", "two-handed",
        )
    ]
    infiltrate = [f for f in found(text_result, "dangling-reference", WIKI, 10) if f.rule == "scrollhammer/infiltrate"]
    assert sorted(f.column for f in infiltrate) == [18741, 19038]
    assert {f.message for f in infiltrate} == {
        'placeholder page "page XX" (2 times); give the real page, or name the rule or section it means'
    }


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


def test_the_lost_figures_captions(text_result: LintResult) -> None:
    # Lines 145-147 and 278-280 are captions the adapter keeps out of rule text;
    # the list has no pictures.
    front_rank = one(text_result, "dangling-reference", UNIVERSAL, 145)
    assert (front_rank.rule, front_rank.column, front_rank.term) == (
        "t9a/mismatching-bases", 1, "Illustration of the Front Rank rule."
    )
    assert front_rank.message == (
        'caption of a diagram this document does not have: "Illustration of the Front Rank rule.Yellow…"; '
        "add the diagram, or drop the caption"
    )
    skirmish = one(text_result, "dangling-reference", UNIVERSAL, 278)
    assert (skirmish.rule, skirmish.term) == ("t9a/skirmisher", "Skirmish formation.")
    # the caption's lettered items are part of it, not captions of their own
    for line in (146, 147, 279, 280):
        assert found(text_result, "dangling-reference", UNIVERSAL, line) == []


def test_the_caption_runs_a_sentence_into_the_next(text_result: LintResult) -> None:
    finding = one(text_result, "mangled-text", UNIVERSAL, 145)
    assert (finding.term, finding.column) == ("rule.Yellow", 32)
    assert finding.message == 'words run together: "rule.Yellow"; put the spaces back ("rule. Yellow")'


@pytest.mark.parametrize(
    ("line", "column", "term"),
    [
        (37, 308, "described opposite"),  # Panic tests: "must immediately flee as described opposite"
        (137, 317, "see right"),  # COVER: "either soft or hard cover — see right"
        (206, 131, "shown in the first diagram"),  # Supporting Attacks
    ],
)
def test_the_house_rules_point_at_the_rulebooks_pages(text_result: LintResult, line: int, column: int, term: str) -> None:
    finding = one(text_result, "dangling-reference", HOUSE, line)
    assert (finding.column, finding.term) == (column, term)


def test_a_place_on_the_page_is_named_in_the_message(text_result: LintResult) -> None:
    assert one(text_result, "dangling-reference", HOUSE, 137).message == (
        '"see right" points at a place on a printed page this document does not have; '
        "name the rule or section it means"
    )


def test_opposite_in_its_own_sense_is_no_reference(text_result: LintResult) -> None:
    # "The deployment zones are in opposite battlefield quarters", "the opposite half of the table"
    assert [f for f in text_result.findings if f.code == "dangling-reference" and f.file == CORE] == []


@pytest.mark.parametrize(
    ("file", "line", "column", "term", "message"),
    [
        (CORE, 609, 6, "4.2FIGHTING", 'words run together: "4.2FIGHTING"; put the spaces back ("4.2 FIGHTING")'),
        (
            CORE, 717, 245, r"$5 \times 17\text{bps} = 85\text{bps}$",
            r'LaTeX left in the text: "$5 \times 17\text{bps} = 85\text{bps}$"; write it as plain text ("5 × 17bps = 85bps")',
        ),
        (GLOSSARY, 196, 251, "with with", 'doubled word: "with with"; write "with"'),
        (GLOSSARY, 572, 662, "the the", 'doubled word: "the the"; write "the"'),
        (GLOSSARY, 638, 48, "the the", 'doubled word: "the the"; write "the"'),
        (UNIVERSAL, 402, 1088, "the the", 'doubled word: "the the"; write "the"'),
    ],
)  # fmt: skip
def test_new_kinds_of_damage(
    text_result: LintResult, file: str, line: int, column: int, term: str, message: str
) -> None:
    finding = one(text_result, "mangled-text", file, line)
    assert (finding.column, finding.term, finding.message) == (column, term, message)


def test_invisibility_on_the_wiki_line(text_result: LintResult) -> None:
    # "... (but his unit still can be if it contains non-Invisible models)except in
    # close combat. ... An Invisible model has has a 4+ cover save"
    terms = {f.term: f for f in found(text_result, "mangled-text", WIKI, 10)}
    assert set(terms) == {"models)except", "has has"}
    assert {f.rule for f in terms.values()} == {"scrollhammer/invisibility"}
    assert terms["models)except"].message == 'words run together: "models)except"; put the spaces back ("models) except")'


def test_what_stays_quiet_in_the_core_rules(text_result: LintResult) -> None:
    # "### **1.COMMAND PHASE:**" keeps its dot; "#### **(O)Advancing:**" is an order's
    # label; "12VP" and "17bps" are units.
    for line in (445, 469, 229, 715):
        assert found(text_result, "mangled-text", CORE, line) == []


def test_columns_point_at_the_word_on_a_shared_line(text_result: LintResult) -> None:
    wiki = open(RULES_SRC / WIKI, encoding="utf-8").read().split("\n")[9]
    for f in found(text_result, "dangling-reference", WIKI, 10):
        assert wiki[f.column - 1 :].startswith(f.term or ""), f


def test_a_name_the_files_own_hard_wrap_splits_is_no_finding(text_result: LintResult) -> None:
    """Glossary lines 309-310 wrap "Each Sweeping / Attack can only ...": the
    rule's text as read joins them, so a search finds the name; reporting it
    was a false alarm (issue 26)."""
    assert found(text_result, "mangled-text", GLOSSARY, 309) == []


def test_text_written_twice_in_the_four_systems(rulebase: Build) -> None:
    # Minimised Roll repeats Maximised Roll's last sentences; the house rules'
    # Forest ends with the Flee section's paragraph (its heading "Subsequent
    # Actions Of Fleeing Troops" is copied with it): the copy in Forest, which
    # says nothing else of fleeing, is the one out of place.
    # The terrain types' and weapon keywords' shared sentences are parallel
    # wording, the missions' opening line a preamble, "Removed (p.50, p.51)" a formula.
    got = sorted(
        (f.file, f.line, [(r.file, r.line) for r in f.related])
        for system in SYSTEMS
        for f in findings(rulebase, system, "repeated-text")
    )
    assert got == [
        (GLOSSARY, 553, [(GLOSSARY, 547)]),
        (HOUSE, 81, [(HOUSE, 121)]),
    ]
