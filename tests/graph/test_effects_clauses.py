"""Each clause form of grammar/effects.lark on small sentences of a tiny system.

The cases live in fixtures/clauses.txt (a sentence, then the relations it must
yield); this module reads them and checks the reader, the lexer, the sentence
splitter and the line finder on their own.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.graph.effects import Names, Sentence, read_rule, read_sentence
from referee.graph.effects_grammar import find_clauses
from referee.graph.lexer import lex
from referee.graph.sentences import locate, split, squeeze
from referee.model import Condition, Rule, Source, Version
from referee.text import fold

FIXTURES = Path(__file__).parent / "fixtures" / "clauses.txt"

RULE_NAMES = [
    "Beast", "Fear", "Terror", "Light Troops", "Swiftstride", "Exclusive", "Chariot", "Musician",
    "Rending", "Outflank", "Pinning", "Ignores Cover", "Relentless", "Eternal Warrior", "Feel No Pain",
    "Tall", "War Platform", "Shield", "Parry", "Stealth", "Blast", "Scoring", "Grind Attacks",
    "Impact Hits", "Fearless", "Stubborn", "Lethal Strike", "Night Fighting", "Frenzy", "Make Way",
    "Harnessed", "Ward",
]  # fmt: skip
CORE_TERMS = ["Round of Combat", "Declare a Charge", "Charge Reaction", "Flee", "March Move", "Spell Selection",
              "Discipline Test", "Initiative Step"]  # fmt: skip


def _id(name: str) -> str:
    return "x/" + fold(name).replace(" ", "-")


NAMES_TABLE = {fold(n): [_id(n)] for n in RULE_NAMES}
BEAST = Rule("x/beast", "Beast", "x", "", Source("x/rules.txt", 1, 1))


def names() -> Names:
    return Names(NAMES_TABLE, CORE_TERMS, BEAST.id)


def _parse_expected(line: str) -> tuple[str, str | None, tuple[str, ...], tuple[tuple[str, str], ...], str]:
    conditions: tuple[str, ...] = ()
    details: tuple[tuple[str, str], ...] = ()
    if "{" in line:
        line, _, inner = line.partition("{")
        details = tuple(tuple(p.strip().split("=", 1)) for p in inner.rstrip("}").split(";"))  # type: ignore[misc]
    if "[" in line:
        line, _, inner = line.partition("[")
        conditions = tuple(p.strip() for p in inner.rstrip("] ").split(";"))
    words = line.split()
    source = words.pop(0)[:-1] if words[0].endswith(">") else BEAST.id
    kind, target = words
    return kind, None if target == "-" else target, conditions, details, source


def _cases() -> list[tuple[str, list[tuple[str, str | None, tuple[str, ...], tuple[tuple[str, str], ...]]]]]:
    cases: list[tuple[str, list]] = []
    for raw in FIXTURES.read_text(encoding="utf-8").splitlines():
        if not raw.strip() or raw.startswith("#"):
            continue
        if not raw[0].isspace():
            cases.append((raw.strip(), []))
        elif raw.strip() != "(none)":
            cases[-1][1].append(_parse_expected(raw.strip()))
    return cases


CASES = _cases()


def read(sentence: str) -> list[tuple[str, str | None, tuple[str, ...], tuple[tuple[str, str], ...], str]]:
    found = read_sentence(BEAST, names(), sentence, "x/rules.txt", 1)
    # a rule's own words on how it meets others are read by referee/graph/settles.py, tested in test_settles.py
    return [(r.kind, r.target, tuple(map(_condition, r.conditions)), r.details, r.source) for r in found if r.kind != "settles"]


def _condition(condition: Condition) -> str:
    """A condition as the fixture writes it: "charging", "against:x/blast", or its words."""
    if condition.situation == "other":
        return condition.text
    return f"{condition.situation}:{condition.value}" if condition.value else condition.situation


def test_fixture_file_has_every_form() -> None:
    kinds = {e[0] for _, expected in CASES for e in expected}
    assert kinds >= {"grants", "loses", "immune-to", "excludes", "overrides", "must", "cannot", "stacks", "modifies", "references"}
    assert len(CASES) >= 50


@pytest.mark.parametrize(("sentence", "expected"), CASES, ids=[c[0][:50] for c in CASES])
def test_clause(sentence: str, expected: list) -> None:
    assert sorted(read(sentence), key=repr) == sorted(expected, key=repr)


def test_citation_and_target_words() -> None:
    [relation] = read_sentence(BEAST, names(), "This rule overrides the Spell Selection rules.", "x/rules.txt", 7)
    assert relation.target is None and relation.target_name == "Spell Selection"
    assert relation.source == "x/beast"
    assert (relation.citation.rule, relation.citation.file, relation.citation.line) == ("x/beast", "x/rules.txt", 7)
    assert relation.citation.sentence == "This rule overrides the Spell Selection rules."


def test_a_tests_name_keeps_all_its_capitalised_words() -> None:
    [passed] = read_sentence(BEAST, names(), "It automatically passes Dangerous Terrain Tests.", "f", 1)
    assert passed.target_name == "Dangerous Terrain Tests"


def test_action_and_stat_words_are_kept_as_written() -> None:
    must, = read_sentence(BEAST, names(), "The unit must declare a Charge if possible.", "f", 1)
    assert must.target_name == "declare a Charge"
    mod, = read_sentence(BEAST, names(), "It suffers -1 to hit.", "f", 1)
    assert mod.target_name == "to hit" and dict(mod.details) == {"stat": "to-hit", "value": "-1"}


def test_a_profile_that_lists_rules_has_them() -> None:
    """A weapon's profile whose text is its attributes (army data: "Two-Handed") grants each rule it
    lists; the same words in a rule that is no profile are a mention, and a profile's sentence with
    other words in it is read as a sentence."""
    weapon = Rule("x/halberd", "Halberd", "x", "Shield, Parry", Source("x/army.cat", 3, 3), flags=("profile",))
    assert [(r.kind, r.target) for r in read_sentence(weapon, names(), "Shield, Parry", "x/army.cat", 3)] == [
        ("grants", "x/shield"), ("grants", "x/parry")]
    assert [(r.kind, r.target) for r in read_sentence(weapon, names(), "Shield .", "x/army.cat", 3)] == [("grants", "x/shield")]
    assert [r.kind for r in read_sentence(BEAST, names(), "Shield, Parry", "x/rules.txt", 3)] == ["references", "references"]
    assert [r.kind for r in read_sentence(weapon, names(), "Attacks with it ignore Parry.", "x/army.cat", 3)] == ["overrides"]
    # a profile line of characteristics with their values and rules ("Range 12″, Shots D6+1, Str 2, AP 10, Quick to Fire")
    assert [(r.kind, r.target) for r in read_sentence(weapon, names(), "Str 4, Shield, Parry.", "x/army.cat", 3)] == [
        ("grants", "x/shield"), ("grants", "x/parry")]
    assert [r.kind for r in read_sentence(weapon, names(), "Str 4 when charging, Shield.", "x/army.cat", 3)] != ["grants"]
    # a value in words for the wielder's own, and characteristics beside a rule with no commas between
    assert [(r.kind, r.target) for r in read_sentence(weapon, names(), "Str As wielder, Shield, Parry", "x/army.cat", 3)] == [
        ("grants", "x/shield"), ("grants", "x/parry")]
    assert [(r.kind, r.target) for r in read_sentence(weapon, names(), "Str 3 Parry", "x/army.cat", 3)] == [("grants", "x/parry")]
    assert [r.kind for r in read_sentence(weapon, names(), "Str As the Beast, Parry", "x/army.cat", 3)] == ["references", "references"]


def test_a_name_led_by_a_verb_form_is_named_by_the_verb_too() -> None:
    """A rule whose name opens on an -ing form of three words or more ("Charging in Deep Order") is named
    by the verb the documents also write ("Charge in Deep Order"); shorter names and other words are not."""
    table = {**NAMES_TABLE, "charging in deep order": ["x/charging-in-deep-order"], "running wild": ["x/running-wild"]}
    reader = Names(table, CORE_TERMS, BEAST.id)
    assert [(l.type, l.key) for l in lex("It may Charge in Deep Order.", reader) if l.type == "NAME"] == [("NAME", "charging in deep order")]
    assert [l.type for l in lex("It may Run Wild.", reader)].count("NAME") == 0


def test_unicode_signs_are_normalised() -> None:
    mod, = read_sentence(BEAST, names(), "Enemy units suffer −1″ Advance Rate.", "f", 1)
    assert dict(mod.details) == {"stat": "Advance Rate", "value": '-1"'}


# -- the lexer --------------------------------------------------------------


def _types(sentence: str) -> list[tuple[str, str]]:
    return [(t.type, t.text) for t in lex(sentence, names())]


def test_lexer_prefers_the_longest_name() -> None:
    assert ("NAME", "Ignores Cover") in _types("Template weapons have Ignores Cover.")
    assert ("NAME", "Lances") not in _types("Infantry cannot use Lances.")  # not a rule of x


def test_lexer_matches_plurals_and_keeps_case() -> None:
    assert ("NAME", "Shields") in _types("Models with Shields are slow.")
    assert all(t != "NAME" for t, _ in _types("units in fear of shields"))


def test_lexer_reads_parameters_and_asides() -> None:
    tokens = lex("The model gains Exclusive (Chariot) (which is rare).", names())
    exclusive = next(t for t in tokens if t.type == "NAME")
    assert exclusive.param == "(Chariot)"
    assert [t.type for t in tokens][-2:] == ["PAREN", "DOT"]


def test_lexer_demotes_verbs_inside_conditions() -> None:
    types = dict((text, kind) for kind, text in _types("If a model has Fear, it has Terror."))
    assert types["has"] == "HAVE"  # the second "has" (the last one wins in the dict)
    assert [k for k, t in _types("If a model has Fear, it has Terror.") if t == "has"] == ["SUBHAVE", "HAVE"]


def test_lexer_conditions() -> None:
    conds = [t.norm for t in lex("During the first Round of Combat, when it is charging, on foot, if possible", names()) if t.type == "COND"]
    assert conds == ["first round", "charging", "on foot", "if possible"]


def test_names_resolve_and_short_names() -> None:
    n = Names({"dt": ["x/dangerous-terrain"], "fear": ["x/fear"]}, [])
    assert n.resolve("Fear") == "x/fear" and n.resolve("Fears") == "x/fear"
    assert n.resolve("Nothing") is None
    assert ("NAME", "DT") in [(t.type, t.text) for t in lex("Chariots take DT(4).", n)]
    assert ("NAME", "Dt") not in [(t.type, t.text) for t in lex("Chariots take Dt(4).", n)]


def test_clauses_skip_the_words_between_them() -> None:
    tokens = lex("Sadly the model gains Fear, and later the model loses Terror.", names())
    found = find_clauses(tokens)
    assert [d.kind for _, _, drafts in found for d in drafts] == ["grants", "loses"]
    assert tokens[found[0][0]].text == "gains"


# -- sentences and lines ----------------------------------------------------


@pytest.mark.parametrize(
    ("text", "sentences"),
    [
        ("One. Two (e.g. three). Four!", ["One.", "Two (e.g. three).", "Four!"]),
        ("- must flee\n- is immune to Fear", ["must flee", "is immune to Fear"]),
        ("1.One model in range.", ["One model in range."]),
        ("Cavalry: Forest DT(2); Water -", ["Cavalry: Forest DT(2); Water -"]),
        ("Blast Weapons and Rerolls: If a model can reroll, it does.", ["Blast Weapons and Rerolls:", "If a model can reroll, it does."]),
        ("See p. 53 for details. Then roll.", ["See p. 53 for details.", "Then roll."]),
        ("If a Hit! is rolled, place it.", ["If a Hit! is rolled, place it."]),
    ],
)
def test_split(text: str, sentences: list[str]) -> None:
    assert split(text) == sentences


def test_locate_finds_wrapped_and_marked_up_lines() -> None:
    raw = "# Title\n\n**Fear**\n\nUnits with Fear\nsuffer -1 Discipline. The model\ngains Fear.\n\n- *Bullet* text here\n"
    text = "Units with Fear suffer -1 Discipline. The model gains Fear.\n\n- Bullet text here"
    version = Version(text, Source("x/doc.md", 5, 9), "x/doc.md", "core")
    assert locate(split(text), version, {"x/doc.md": raw}) == [(5, 1), (6, 23), (9, 4)]


def test_locate_falls_back_to_the_first_line() -> None:
    version = Version("Nothing like the document.", Source("x/doc.md", 3, 4), "x/doc.md", "core")
    assert locate(["Nothing like the document."], version, {"x/doc.md": "a\nb\nc\nd\n"}) == [(3, 1)]
    assert locate(["Nothing like the document."], version, {}) == [(3, 1)]


def test_locate_gives_the_column_on_a_long_line() -> None:
    raw = "Fear. Units with Fear suffer -1 Discipline. Terror. Units with Terror cause Fear."
    version = Version("Units with Terror cause Fear.", Source("x/doc.wiki", 1, 1, 53), "x/doc.wiki", "core")
    assert locate(["Units with Terror cause Fear."], version, {"x/doc.wiki": raw}) == [(1, 53)]


def test_squeeze() -> None:
    assert squeeze("**Fly (X, Y)** - It must") == "flyxyitmust"


# -- whole rules --------------------------------------------------------------


def test_read_rule_reads_every_version_once() -> None:
    doc = "Beast\n\nThe model gains Fear.\nIt is immune to Terror.\n\nBeast again\n\nThe model gains Fear.\nIt loses Scoring.\n"
    first = Version("The model gains Fear. It is immune to Terror.", Source("x/doc.txt", 3, 4), "x/doc.txt", "core")
    second = Version("The model gains Fear. It loses Scoring.", Source("x/doc.txt", 8, 9), "x/doc.txt", "glossary")
    rule = Rule("x/beast", "Beast", "x", first.text, first.source, versions=(first, second))
    relations, sentences = read_rule(rule, names(), {"x/doc.txt": doc})
    assert [(r.kind, r.target, r.citation.line) for r in relations] == [
        ("grants", "x/fear", 3),
        ("immune-to", "x/terror", 4),
        ("loses", "x/scoring", 9),
    ]
    assert sentences == [
        Sentence("The model gains Fear.", "x/beast", "x/doc.txt", 3, True),
        Sentence("It is immune to Terror.", "x/beast", "x/doc.txt", 4, True),
        Sentence("It loses Scoring.", "x/beast", "x/doc.txt", 9, True),
    ]


def test_untyped_sentences_are_kept_and_counted() -> None:
    text = "Units with Fear may be deployed anywhere. Roll a dice."
    version = Version(text, Source("x/doc.txt", 1, 1), "x/doc.txt", "core")
    rule = Rule("x/beast", "Beast", "x", text, version.source, versions=(version,))
    relations, sentences = read_rule(rule, names(), {})
    assert [r.kind for r in relations] == ["references"]
    assert [(s.text, s.typed) for s in sentences] == [("Units with Fear may be deployed anywhere.", False), ("Roll a dice.", False)]


def test_stub_rules_have_no_sentences() -> None:
    version = Version("", Source("x/doc.txt", 1, 1), "x/doc.txt", "core")
    rule = Rule("x/beast", "Beast", "x", "", version.source, versions=(version,))
    assert read_rule(rule, names(), {}) == ([], [])


def test_a_sentence_in_this_case_is_under_the_situation_of_the_sentence_before() -> None:
    text = "Models can use this weapon in addition to making melee attacks. In this case they subtract Y from the hit roll."
    version = Version(text, Source("x/doc.txt", 1, 1), "x/doc.txt", "core")
    rule = Rule("x/beast", "Beast", "x", text, version.source, versions=(version,))
    relations = [r for r in read_rule(rule, names(), {})[0] if r.kind != "settles"]  # "can use ... melee attacks": words quoted, no effect
    assert [(r.kind, dict(r.details)["value"], [c.situation for c in r.conditions], r.subject) for r in relations] == [
        ("modifies", "-Y", ["melee"], None)]


def test_a_sentence_that_does_not_open_on_the_case_keeps_its_own_situations() -> None:
    text = "Models can use this weapon in addition to making melee attacks. They subtract Y from the hit roll."
    version = Version(text, Source("x/doc.txt", 1, 1), "x/doc.txt", "core")
    rule = Rule("x/beast", "Beast", "x", text, version.source, versions=(version,))
    relations = [r for r in read_rule(rule, names(), {})[0] if r.kind != "settles"]
    assert [[c.situation for c in r.conditions] for r in relations] == [[]]


def test_an_additional_modifier_is_for_whom_the_first_is_for() -> None:
    rule = Rule("x/beast", "Beast", "x", "", Source("x/doc.txt", 1, 1))
    for sentence, whom in [
        ("Attacks made with a Beast gain +2 Agility and an additional +1 Armour Penetration.", "Attacks made with a Beast"),
        ("The attack suffers an additional -1 to-hit modifier for Moving and Shooting.", "The attack"),
        ("Attacks made with a Beast gain an extra +1 Strength.", "Attacks made with a Beast"),
    ]:
        relations = [r for r in read_sentence(rule, names(), sentence, "x/doc.txt", 1) if r.kind == "modifies"]
        assert relations and {r.subject for r in relations} == {whom}, sentence
