"""The definition checks on the project's rules_src: what an editor reading the
documents expects, pinned one by one (every finding is in
fixtures/text/corpus.txt, see test_corpus.py)."""

from __future__ import annotations

import pytest

from referee.lint.run import LintResult
from tests.lint.corpus import GLOSSARY, UNIVERSAL, found, one


def test_unnamed_rules_quote_their_text(text_result: LintResult) -> None:
    first = one(text_result, "unnamed-rule", UNIVERSAL, 20)
    assert first.message == (
        'text with no heading: "The model must be deployed in a unit.…"; '
        "write the rule's heading above it, or join it to the rule it continues"
    )
    assert [(r.rule, r.line) for r in first.related] == [("t9a/ambush", 5)]
    second = one(text_result, "unnamed-rule", UNIVERSAL, 367)
    assert [(r.rule, r.line) for r in second.related] == [("t9a/unstable", 360)]


def test_fear_conflicts_between_the_rulebook_and_the_glossary(text_result: LintResult) -> None:
    # at the sentence where the texts part, in each document, the other related
    finding = one(text_result, "conflicting-definition", UNIVERSAL, 58)
    assert (finding.rule, finding.column) == ("t9a/fear", 183)
    assert finding.message == (
        f"'Fear' says something else here than its glossary version ({GLOSSARY}:200), 1 change on this line: "
        "-[and Close Combat … effects apply], where the glossary version has "
        '"If this test is failed, the models in the unit are Shaken until the end of…"; '
        "make them agree or drop the outdated one"
    )
    assert [(r.file, r.line, r.column) for r in finding.related] == [(GLOSSARY, 200, 183)]
    other = one(text_result, "conflicting-definition", GLOSSARY, 200)
    assert other.message.startswith(f"'Fear' says something else here than its primary text ({UNIVERSAL}:58)")
    assert [(r.file, r.line) for r in other.related] == [(UNIVERSAL, 58)]


@pytest.mark.parametrize("rule", ["fearless", "frenzy", "random-movement"])
def test_other_rules_the_documents_word_differently(text_result: LintResult, rule: str) -> None:
    mine = [f for f in text_result.findings if f.code == "conflicting-definition" and f.rule == f"t9a/{rule}"]
    assert {f.file for f in mine} == {UNIVERSAL, GLOSSARY}
    for f in mine:  # each related to the other document
        assert {r.file for r in f.related} == {UNIVERSAL, GLOSSARY} - {f.file}


def test_a_rule_of_many_lines_is_reported_on_each_line_that_differs(text_result: LintResult) -> None:
    # Random Movement's rulebook text is a list over lines 229-251 (229 its
    # heading); the glossary words it otherwise on its four lines
    lines = [f.line for f in text_result.findings if f.code == "conflicting-definition" and f.rule == "t9a/random-movement"]
    assert sorted(n for n in lines if n < 300) == [231, 233, 235, 237, 239, 241, 243, 245, 247, 249, 251]
    assert sorted(n for n in lines if n > 600) == [637, 638, 639, 640]


def test_channel_shows_its_substantive_changes(text_result: LintResult) -> None:
    # "adding the X of each instance" / "adding X Veil Tokens of each independent
    # instance"; "its owner's Veil Token pool" / "the owner's Veil Token Pool": wording
    # only, and "Veil Tokens" names what both texts name (the graph reads the two
    # sentences alike); "independent" qualifies the instances, as "different" the spells
    finding = one(text_result, "conflicting-definition", UNIVERSAL, 30)
    assert finding.message == (
        f"'Channel' says something else here than its glossary version ({GLOSSARY}:383), 1 change on this line: "
        "+[independent]; make them agree or drop the outdated one"
    )
    assert finding.term == "+[independent]"


def test_undead_s_list_is_only_the_damage_mangled_text_reports(text_result: LintResult) -> None:
    # The glossary's list lost its spaces ("1. IftheunitisStubborn,...above12to12");
    # with the same numbers and words of force as the rulebook's bullets, a change
    # there is the damage mangled-text reports at each of the lines, not a conflict.
    # (This test's parametrized neighbour pinned a conflict here before.)
    assert [f.line for f in text_result.findings if f.code == "conflicting-definition" and f.rule == "t9a/undead"] == []
    damaged = [f.line for f in text_result.findings if f.code == "mangled-text" and f.rule == "t9a/undead"]
    assert {630, 631, 632, 633} <= set(damaged)


def test_engineer_s_set_and_replace_rule_the_same(text_result: LintResult) -> None:
    # "Set the Aim ... to the value" / "- Replace the Aim ... with the value": one
    # word for another in sentences the graph reads alike; the glossary's lack of
    # "The effects last until the end of the Shooting Phase." stays a conflict
    assert not [f for f in text_result.findings if f.code == "conflicting-definition" and f.line == 46 and f.file == UNIVERSAL]
    finding = one(text_result, "conflicting-definition", GLOSSARY, 470)
    assert finding.term == "-[The effects last until the end of the Shooting Phase.]"


def test_bodyguard_differs_only_in_wording(text_result: LintResult) -> None:
    # "While a unit ..." in the list, "When a unit ..." in the glossary
    finding = one(text_result, "reworded-definition", UNIVERSAL, 27)
    assert (finding.rule, finding.severity) == ("t9a/bodyguard", "info")
    assert finding.message == (
        f"'Bodyguard' has 2 texts that differ only in wording; {GLOSSARY}:364: -[While] +[When]; keep one wording"
    )
    assert [(r.file, r.line, r.note) for r in finding.related] == [
        (GLOSSARY, 364, "glossary version, 1 change: -[While] +[When]")
    ]
    assert found(text_result, "conflicting-definition", UNIVERSAL, 27) == []


def test_barding_spacing_is_not_a_conflict(text_result: LintResult) -> None:
    barding = [f for f in text_result.findings if f.rule == "t9a/barding"]
    assert [(f.code, f.line, [r.line for r in f.related]) for f in barding] == [
        ("redefinition", 334, [330]),
        ("redefinition", 338, [334]),
    ]


def test_langbogen_under_bow(text_result: LintResult) -> None:
    finding = one(text_result, "alias-mismatch", GLOSSARY, 215)
    assert (finding.rule, finding.term) == ("t9a/bow", "Langbogen")
    assert finding.message == (
        "'Bow' is paired with 'Langbogen', the German name of Longbow (paired with 'Longbow' at line 49), "
        "over Longbow's text; correct the heading, or give Bow its own name and text"
    )
    assert [(r.rule, r.line) for r in finding.related] == [("t9a/longbow", 217), ("t9a/longbow", 49)]


def test_rule_above_an_unnamed_body_is_found_by_line_as_by_asking_every_rule() -> None:
    # unnamed-rule cites the named rule ending nearest above (the first of the
    # system's order among those ending on that line), now looked up by line.
    import random
    from types import SimpleNamespace

    from referee.lint.checks.definitions import _named_by_end, _rule_above

    rnd = random.Random(3)
    rules = []
    for i in range(200):
        line = rnd.randint(1, 80)
        source = SimpleNamespace(file=rnd.choice(["a.txt", "b.txt"]), line=line, end_line=line + rnd.randint(0, 3))
        rules.append(SimpleNamespace(id=f"demo/r{i}", source=source, flags=rnd.choice([(), ("unnamed",)])))
    ends = _named_by_end(SimpleNamespace(rules=rules))
    for file in ("a.txt", "b.txt", "c.txt"):
        for line in range(0, 90):
            above = [r for r in rules if r.source.file == file and r.source.end_line < line and "unnamed" not in r.flags]
            assert _rule_above(ends, file, line) is max(above, key=lambda r: r.source.end_line, default=None)


def test_section_titles_of_the_last_edition_are_not_empty_rules(rulebase) -> None:  # type: ignore[no-untyped-def]
    from tests.lint.corpus import CORE, findings

    titles = findings(rulebase, "last-edition", "section-title")
    assert [(f.file, f.line, f.rule) for f in titles] == [
        (CORE, 703, "last-edition/select-and-play-an-army"),
        (CORE, 791, "last-edition/keywords"),
        (CORE, 853, "last-edition/weapon-keywords"),
    ]
    assert [f.line for f in findings(rulebase, "last-edition", "empty-rule")] == []


def test_an_empty_heading_is_quoted_as_its_line_writes_it(text_result: LintResult) -> None:
    assert one(text_result, "empty-rule", GLOSSARY, 27).message.startswith("'Speer' (Spear) is a heading with no text")


def test_the_last_editions_redefinitions(rulebase) -> None:  # type: ignore[no-untyped-def]
    from tests.lint.corpus import CORE, findings

    again = findings(rulebase, "last-edition", "redefinition")
    assert sorted((f.line, f.term, [r.line for r in f.related]) for f in again) == [
        (497, "Reaction units", [451]),
        (507, "Reaction units", [451]),
        (669, "Woundroll", [587]),
        (675, "Saving rolls", [593]),
        (681, "Inflct damage", [599]),
        (687, "Removing models", [605]),
        (845, "Leftover leader points", [429]),
    ]
    assert all(f.file == CORE for f in again)


def test_a_change_shows_both_sides_words(text_result: LintResult) -> None:
    # round 7's hand check, #2: at the glossary's "Katapult" only the glossary's
    # words showed ("+[- As a Catapult (4)]"); the primary's "(4x4)" was in the
    # detail lines alone.  A change whose words only this line's text has now
    # quotes the sentence of the other text it stands against.
    finding = one(text_result, "conflicting-definition", GLOSSARY, 419)
    assert finding.message == (
        "'Catapult' says something else here than its primary text (line 84), 1 change on this line: "
        '+[- As a Catapult (4)], where the primary text has "Artillery Weapon Catapult (4x4):"; '
        "make them agree or drop the outdated one"
    )
    assert finding.term == "+[- As a Catapult (4)]"


def test_a_sentence_said_in_other_words_is_no_conflict(text_result: LintResult) -> None:
    # round 7's hand check, #9 (false alarm): "Units with more than half of their
    # models with Light Troops always count as having 0 Full Ranks" and "If more
    # than half the models in a unit have Light Troops, the unit always counts as
    # having 0 Full Ranks"; #3: Wizard Conclave's "is a Wizard Adept and" moved to
    # the sentence's end.  What the texts do differ in stays.
    assert not found(text_result, "conflicting-definition", UNIVERSAL, 199)
    conclave = one(text_result, "conflicting-definition", GLOSSARY, 434)
    assert conclave.term == "-[Attack Value increase] +[Characteristics increases]"
