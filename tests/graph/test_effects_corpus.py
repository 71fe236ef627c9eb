"""Relations the real rule documents state, read from rules_src/.

Each row was written by reading the documents: the system, the rule whose
text says it, the kind, the rule it concerns (None for an action, a stat,
nothing), a fragment of the sentence, and the conditions and details the
relation must carry (at least these).
"""

from __future__ import annotations

from collections import Counter

import pytest

from referee.graph.effects import Names, coverage, read_rulebase
from referee.graph.sentences import squeeze
from referee.model import Relation
from referee.rulebase import Rulebase

# (system, source, kind, target, fragment, conditions, details)
ROWS: list[tuple[str, str, str, str | None, str, tuple[str, ...], dict[str, str]]] = [
    # The Ninth Age: universal-rules.txt and the army builder's glossary
    ("t9a", "t9a/fly", "grants", "t9a/light-troops", "The model gains Light Troops and Swiftstride", (), {}),
    ("t9a", "t9a/fly", "grants", "t9a/swiftstride", "The model gains Light Troops and Swiftstride", (), {}),
    ("t9a", "t9a/unbreakable", "grants", "t9a/fearless", "The model gains Fearless", (), {}),
    ("t9a", "t9a/unbreakable", "grants", "t9a/exclusive", "The model gains Exclusive (Unbreakable)", (), {"parameter": "(Unbreakable)"}),
    ("t9a", "t9a/chariot", "grants", "t9a/exclusive", "The model gains Exclusive (Chariot)", (), {"parameter": "(Chariot)"}),
    ("t9a", "t9a/battle-standard-bearer", "grants", "t9a/not-a-leader", "gains Rally Around the Flag and Not a Leader", (), {}),
    ("t9a", "t9a/bodyguard", "grants", "t9a/stubborn", "that Character gains Stubborn", (), {}),
    ("t9a", "t9a/frenzy", "grants", "t9a/maximised-roll", "gain Maximised (Frenzy Tests", (), {"parameter": "(Frenzy Tests, Restrain Pursuit Tests)"}),
    ("t9a", "t9a/light-troops", "grants", "t9a/march-and-shoot", "models with Light Troops gain March and Shoot", (), {}),
    ("t9a", "t9a/skirmisher", "grants", "t9a/hard-target", "Units in skirmish formation gain Hard Target and Light Troops", (), {}),
    ("t9a", "t9a/skirmisher", "grants", "t9a/light-troops", "Units in skirmish formation gain Hard Target and Light Troops", (), {}),
    ("t9a", "t9a/deafening-clamour", "grants", "t9a/musician", "The model is a Musician", (), {}),
    ("t9a", "t9a/wizard-conclave", "grants", "t9a/wizard-adept", "is a Wizard Adept", (), {}),
    ("t9a", "t9a/wizard-adept", "grants", "t9a/channel", "The Wizard gains Channel (1)", (), {"parameter": "(1)"}),
    ("t9a", "t9a/towering-presence", "grants", "t9a/exclusive", "unless it is a War Platform, Exclusive", ("unless War Platform",), {}),
    ("t9a", "t9a/towering-presence", "grants", "t9a/commanding-presence", "The model gains Tall, Commanding Presence", (), {"parameter": '(+6")'}),
    ("t9a", "t9a/lance", "grants", "t9a/devastating-charge", "gain Devastating Charge (+2 Strength", (), {"parameter": "(+2 Strength, +2 Armour Penetration)"}),
    ("t9a", "t9a/hand-weapon", "grants", "t9a/parry", "wielded by models on foot can be used alongside a Shield, then giving Parry", ("on foot",), {}),
    ("t9a", "t9a/theocratic-litigators", "grants", "t9a/magic-resistance", "gain Magic Resistance (2)", (), {"parameter": "(2)"}),
    ("t9a", "t9a/random-movement", "loses", "t9a/swiftstride", "The model loses Swiftstride (and can never gain it)", (), {}),
    ("t9a", "t9a/ambush", "loses", "t9a/scoring", "on Game Turn 4 or later loses Scoring", (), {}),
    ("t9a", "t9a/vanguard", "loses", "t9a/scoring", "lose Scoring until the end of Game Turn 1", (), {}),
    ("t9a", "t9a/fear", "immune-to", "t9a/fear", "Models that have Fear themselves are immune", (), {}),
    ("t9a", "t9a/fearless", "immune-to", "t9a/fear", "Models that are Fearless are also immune to the effects of Fear", (), {}),
    ("t9a", "t9a/terror", "immune-to", "t9a/terror", "Units with more than half of their models with Terror are immune to the effects of Terror", (), {}),
    ("t9a", "t9a/terror", "grants", "t9a/fear", "The model gains Fear and is immune to the effects of Terror", (), {}),
    ("t9a", "t9a/halberd", "excludes", "t9a/shield", "cannot simultaneously use a Shield against Melee Attacks", ("melee",), {}),
    ("t9a", "t9a/great-weapon", "excludes", "t9a/shield", "cannot simultaneously use a Shield against Melee Attacks", ("melee",), {}),
    ("t9a", "t9a/paired-weapons", "excludes", "t9a/shield", "cannot simultaneously use a Shield", ("melee",), {}),
    ("t9a", "t9a/grind-attacks", "excludes", "t9a/impact-hits", "it may only use one of these rules in the same Round of Combat", (), {}),
    ("t9a", "t9a/impact-hits", "excludes", "t9a/grind-attacks", "it may only use one of these rules in the same Round of Combat", (), {}),
    ("t9a", "t9a/paired-weapons", "overrides", "t9a/parry", "gain +1 Offensive Skill and ignore Parry", (), {}),
    ("t9a", "t9a/lightning-reflexes", "overrides", "t9a/great-weapon", "do not gain this +1 to-hit modifier, but strike with the Great Weapon", (), {}),
    ("t9a", "t9a/lethal-strike", "overrides", "t9a/fortitude", "Fortitude Saves cannot be taken against attacks with Lethal Strike", (), {}),
    ("t9a", "t9a/flaming-attacks", "overrides", "t9a/fortitude", "or against attacks with Flaming Attacks", (), {}),
    # the Spell Selection rules of the Wizards listed (both documents' wordings) are set aside
    ("t9a", "t9a/protean-magic", "overrides", "t9a/wizard-master", "This rule overrides the Spell Selection rules", (), {}),
    # the Spell Selection rules of the rule the for-phrase names are set aside (not a targetless override)
    ("t9a", "t9a/wizard-conclave", "overrides", "t9a/wizard-adept", "This overrides the Spell Selection rules for Wizard Adepts", (), {}),
    ("t9a", "t9a/special-ambush", "overrides", "t9a/ambush", "instead of placing it using the normal Ambush rules", (), {}),
    ("t9a", "t9a/frenzy", "must", None, "the whole unit must declare a Charge this Player Turn if possible", ("if possible",), {"action": "declare a Charge"}),
    ("t9a", "t9a/frenzy", "must", None, "If the test is failed, the whole unit must Declare a Charge this Player Turn.", (), {"action": "Declare a Charge"}),
    ("t9a", "t9a/terror", "must", None, "must declare a Flee Charge Reaction if able to do so", ("if possible",), {"action": "declare a Flee Charge Reaction"}),
    ("t9a", "t9a/war-machine", "cannot", None, "cannot Pursue, Declare Charges", (), {"action": "Declare Charges"}),
    ("t9a", "t9a/war-machine", "cannot", None, "The model gains Exclusive and cannot Pursue", (), {"action": "declare Charges"}),
    ("t9a", "t9a/war-machine", "grants", "t9a/exclusive", "The model gains Exclusive and cannot Pursue", (), {}),
    ("t9a", "t9a/frenzy", "cannot", None, "cannot choose Flee as Charge Reaction", (), {"action": "choose Flee as Charge Reaction"}),
    ("t9a", "t9a/fearless", "cannot", None, "cannot declare a Flee Charge Reaction", (), {"action": "declare a Flee Charge Reaction"}),
    ("t9a", "t9a/undead", "cannot", None, "Models with Undead cannot perform March Moves", (), {"action": "perform March Moves"}),
    ("t9a", "t9a/random-movement", "cannot", "t9a/swiftstride", "The unit cannot use Swiftstride", (), {"action": "use Swiftstride"}),
    ("t9a", "t9a/war-platform", "cannot", "t9a/make-way", "It cannot issue Duels, accept Duels, or Make Way", (), {"action": "Make Way"}),
    ("t9a", "t9a/scout", "cannot", None, "may not declare Charges in the first Player Turn", ("first turn",), {"action": "declare Charges"}),
    ("t9a", "t9a/channel", "stacks", None, "This Universal Rule is cumulative", (), {"mode": "cumulative"}),
    ("t9a", "t9a/devastating-charge", "stacks", None, "This rule is cumulative", (), {"mode": "cumulative"}),
    ("t9a", "t9a/maximised-roll", "stacks", None, "These rules are cumulative", (), {"mode": "cumulative"}),
    ("t9a", "t9a/distracting", "stacks", None, "cannot be combined with any other negative to-hit modifiers", (), {"mode": "never"}),
    ("t9a", "t9a/halberd", "modifies", None, "Attacks made with a Halberd gain +1 Strength", (), {"stat": "Strength", "value": "+1"}),
    ("t9a", "t9a/great-weapon", "modifies", None, "gain +2 Strength, +2 Armour Penetration", (), {"stat": "Armour Penetration", "value": "+2"}),
    ("t9a", "t9a/paired-weapons", "modifies", None, "The wielder gains +1 Attack Value when using Paired Weapons", (), {"stat": "Attack Value", "value": "+1"}),
    ("t9a", "t9a/fear", "modifies", None, "enemy models with Fear suffer -1 Discipline", (), {"stat": "Discipline", "value": "-1"}),
    ("t9a", "t9a/fear", "modifies", None, "Close Combat Attacks made by models in the unit suffer -1 to hit", ("melee",), {"stat": "to-hit", "value": "-1"}),
    ("t9a", "t9a/lightning-reflexes", "modifies", None, "gains a +1 to-hit modifier", ("melee",), {"stat": "to-hit", "value": "+1"}),
    ("t9a", "t9a/higher-calibre", "modifies", None, "suffer −1″ Advance Rate", (), {"stat": "Advance Rate", "value": '-1"'}),
    ("t9a", "t9a/light-armour", "modifies", None, "Armor +1", (), {"stat": "Armour", "value": "+1"}),
    ("t9a", "t9a/hatred", "modifies", None, "During the first Round of Combat, failed to-hit rolls", ("first round",), {"stat": "to-hit", "value": "reroll"}),
    ("t9a", "t9a/hold-the-line", "modifies", None, "must reroll failed Panic Tests", (), {"value": "reroll"}),
    ("t9a", "t9a/ambush", "references", "t9a/random-movement", "after moving units with Random Movement", (), {}),
    ("t9a", "t9a/engineer", "references", "t9a/war-machine", "may select a single War Machine", (), {}),
    ("t9a", "t9a/multiple-wounds", "references", "t9a/fly", "against a model with Fly", (), {}),
    ("t9a", "t9a/long-rifle", "grants", "t9a/unwieldy", "Multiple Wounds (2, against Standard), Unwieldy", (), {}),
    # Scrollhammer: special-rules.wiki
    ("scrollhammer", "scrollhammer/killing-blow", "grants", "scrollhammer/rending", "has the Rending Special Rule", (), {}),
    ("scrollhammer", "scrollhammer/heroic-killing-blow", "grants", "scrollhammer/rending", "has the Rending Special Rule", (), {}),
    ("scrollhammer", "scrollhammer/scout", "grants", "scrollhammer/outflank", "This rule also confers the Outflank special rule", (), {}),
    ("scrollhammer", "scrollhammer/infiltrate", "grants", "scrollhammer/outflank", "Having Infiltrate also confers the Outflank special rule", (), {}),
    ("scrollhammer", "scrollhammer/sniper", "grants", "scrollhammer/pinning", "Sniper weapons also have the Pinning and Rending special rules", (), {}),
    ("scrollhammer", "scrollhammer/sniper", "grants", "scrollhammer/rending", "Sniper weapons also have the Pinning and Rending special rules", (), {}),
    ("scrollhammer", "scrollhammer/template", "grants", "scrollhammer/ignores-cover", "Template weapons have Ignores Cover", (), {}),
    ("scrollhammer", "scrollhammer/barrage", "grants", "scrollhammer/pinning", "Barrage weapons are always Pinning", (), {}),
    ("scrollhammer", "scrollhammer/barrage", "grants", "scrollhammer/blast-and-large-blast", "Barrage weapons act as Blast or Large Blast weapons", (), {}),
    ("scrollhammer", "scrollhammer/slow-and-purposeful", "grants", "scrollhammer/relentless", "but counts as Relentless", (), {}),
    ("scrollhammer", "scrollhammer/invisibility", "grants", "scrollhammer/hit-and-run", "has Stealth(+3) and Hit and Run", (), {}),
    ("scrollhammer", "scrollhammer/physical-god", "grants", "scrollhammer/eternal-warrior", "It has a 2+ Ward Save, Eternal Warrior, and Feel No Pain", (), {}),
    ("scrollhammer", "scrollhammer/chameleon", "grants", "scrollhammer/stealth", "models with Chameleon have Stealth(+1)", (), {"parameter": "(+1)"}),
    ("scrollhammer", "scrollhammer/swarms", "grants", "scrollhammer/stealth", "Swarms have the Stealth(+1) universal special rule", ("except against Blast",), {}),
    ("scrollhammer", "scrollhammer/eternal-warrior", "immune-to", "scrollhammer/instant-death", "is immune to the effects of Instant Death", (), {}),
    ("scrollhammer", "scrollhammer/dragonborn", "immune-to", "scrollhammer/instant-death", "is immune to the effects of Instant Death", (), {}),
    ("scrollhammer", "scrollhammer/terror", "immune-to", "scrollhammer/fear", "is immune to Fear and Terror", (), {}),
    ("scrollhammer", "scrollhammer/frenzy", "immune-to", "scrollhammer/terror", "is immune to Fear, Terror and Panic", (), {}),
    ("scrollhammer", "scrollhammer/fearless", "overrides", "scrollhammer/stubborn", "it uses the rules for Fearless instead", (), {}),
    ("scrollhammer", "scrollhammer/night-eye", "immune-to", "scrollhammer/night-fighting", "ignores the effects of Night Fighting", (), {}),
    ("t9a", "t9a/supernal", "overrides", "t9a/unstable", "the model gains Unstable, with the following exception", (), {"exception": "with the following exception"}),
    ("scrollhammer", "scrollhammer/critical-strike", "overrides", "scrollhammer/feel-no-pain", "ignores Feel No Pain", (), {}),
    ("scrollhammer", "scrollhammer/instant-death", "overrides", "scrollhammer/feel-no-pain", "cannot be made against unsaved Wounds that inflict Instant Death", (), {}),
    ("scrollhammer", "scrollhammer/fear", "overrides", "scrollhammer/terror", "treats models that cause Terror as causing Fear instead", (), {}),
    ("scrollhammer", "scrollhammer/stealth", "stacks", None, "Multiple instances of Stealth stack", (), {"mode": "cumulative"}),
    # "charges or Counter-Attacks": either, so not the charging situation alone (kept in its words)
    ("scrollhammer", "scrollhammer/furious-charge", "modifies", None, "it adds +1 to its Strength characteristic", ("In a turn in which a model with this special rule charges or Counter-Attacks",), {"stat": "Strength", "value": "+1"}),
    ("scrollhammer", "scrollhammer/hatred", "modifies", None, "re-rolls all misses during the first round of each combat", ("melee", "first round"), {"value": "reroll"}),
    ("scrollhammer", "scrollhammer/chill", "modifies", None, "A Chilled model gets -1 Initiative", (), {"stat": "Initiative", "value": "-1"}),
    ("scrollhammer", "scrollhammer/fearless", "cannot", None, "They cannot flee as a charge reaction", (), {"action": "flee as a charge reaction"}),
    ("scrollhammer", "scrollhammer/scout", "cannot", None, "cannot charge in the first turn", ("first turn",), {"action": "charge"}),
    ("scrollhammer", "scrollhammer/frenzy", "must", None, "must always attempt to charge the nearest unit", (), {"action": "attempt to charge the nearest unit"}),
    ("scrollhammer", "scrollhammer/acute-senses", "references", "scrollhammer/outflank", "due to Outflank, or other special rules", (), {}),
    # Warhammer 8th edition house rules: house-rules-8th-edition.md
    ("whfb-house", "whfb-house/bows", "grants", "whfb-house/volley-fire", "added Volley Fire", (), {}),
    ("whfb-house", "whfb-house/obstacle", "grants", "whfb-house/dangerous-terrain", "Cavalry has Dangerous Terrain (1)", (), {"parameter": "(1)"}),
    ("whfb-house", "whfb-house/thunderstomp", "grants", "whfb-house/stomp-thunder-stomp", "with US(3+) get Stomp", (), {}),
    ("whfb-house", "whfb-house/target-behind-hard-cover", "stacks", None, "do not stack", (), {"mode": "never"}),
    ("whfb-house", "whfb-house/target-behind-soft-cover", "modifies", None, "Soft cover inflicts a -1 shooting modifier", (), {"value": "-1"}),
    ("whfb-house", "whfb-house/second-hand-weapon", "modifies", None, "model get +1I and +1A", (), {"stat": "Initiative", "value": "+1"}),
    ("whfb-house", "whfb-house/second-hand-weapon", "modifies", None, "model get +1I and +1A", (), {"stat": "Attacks", "value": "+1"}),
    ("whfb-house", "whfb-house/subsequent-actions-of-fleeing-troops", "cannot", None, "A unit which is fleeing cannot fight, shoot or use magic", (), {"action": "use magic"}),
    ("whfb-house", "whfb-house/volley-fire", "cannot", None, "A unit cannot Volley Fire if it moved earlier", ("moved",), {"action": "Volley Fire"}),
    ("whfb-house", "whfb-house/impossible-terrain", "must", "whfb-house/dangerous-terrain", "must take Dangerous Terrain (5)", (), {}),
    ("whfb-house", "whfb-house/subsequent-actions-of-fleeing-troops", "references", "whfb-house/move-fleeing-troops", "apply the Move Fleeing Troops rule", (), {}),
    ("whfb-house", "whfb-house/issuing-a-challenge", "references", "whfb-house/fighting-a-challenge", "as described in Fighting a Challenge", (), {}),
    # The Last Edition: core-rules.md
    ("last-edition", "last-edition/abilities-bufs-and-nerfs", "stacks", None, "increases or decreases a value in a datasheet never stacks", (), {"mode": "never"}),
    ("last-edition", "last-edition/abilities-bufs-and-nerfs", "stacks", None, "auras never stack", (), {"mode": "never"}),
    ("last-edition", "last-edition/ranged-heavy", "modifies", None, "-1 to the hit roll after the unit has moved", ("moved",), {"stat": "to-hit", "value": "-1"}),
    ("last-edition", "last-edition/melee-charge", "modifies", None, "+Y attacks after the model has made a charge move", ("charging",), {"stat": "Attacks", "value": "+Y"}),
    ("last-edition", "last-edition/melee-heavy", "modifies", None, "-Y to the CS of the model when it gets attacked in melee", ("melee",), {"stat": "CS", "value": "-Y"}),
    ("last-edition", "last-edition/concentrating", "modifies", None, "+1 to the wound roll", (), {"stat": "to-wound", "value": "+1"}),
    ("last-edition", "last-edition/taking-cover", "modifies", None, "-1 to all hitrolls", (), {"stat": "to-hit", "value": "-1"}),
    ("last-edition", "last-edition/terrain-type-2-vision-hindering", "modifies", None, "add +1/+0 to the armor saves against shooting attacks", ("shooting",), {"value": "+1/+0"}),
    ("last-edition", "last-edition/advancing", "cannot", None, "are unable to shoot or fight", (), {"action": "shoot"}),
    ("last-edition", "last-edition/embarking", "cannot", None, "Units can not embark while", (), {"action": "embark"}),
    ("last-edition", "last-edition/passing", "must", None, "he has to pass", (), {"action": "pass"}),
    ("last-edition", "last-edition/movement-phase", "references", "last-edition/movement", "movement ability (M)", (), {}),
]  # fmt: skip

# What the documents do not say, though a careless reader might think so.
ABSENT: list[tuple[str, str, str, str | None, str]] = [
    # a list granted with exceptions: only its last item is read as granted with them (Character is no rule)
    ("t9a", "t9a/war-platform", "overrides", "t9a/not-a-leader", "gains Not a Leader and Character, with the following exceptions"),
    ("t9a", "t9a/impact-hits", "grants", "t9a/harnessed", "only model parts that also have Harnessed or Inanimate"),
    ("scrollhammer", "scrollhammer/rending", "grants", "scrollhammer/rending", "If a model has the Rending special rule"),
    ("scrollhammer", "scrollhammer/sniper", "grants", "scrollhammer/sniper", "If a weapon has the Sniper special rule"),
    ("t9a", "t9a/not-a-leader", "cannot", None, "The model cannot be the General"),
    ("t9a", "t9a/lightning-reflexes", "modifies", None, "do not gain this +1 to-hit modifier"),
    ("t9a", "t9a/strider", "loses", None, "the unit never loses Steadfast"),
    ("t9a", "t9a/fear", "references", "t9a/fear", "Models that have Fear themselves"),
    # "treats X as Y instead" runs one way: Fear over Terror, never Terror over Fear
    ("scrollhammer", "scrollhammer/terror", "overrides", "scrollhammer/fear", "treats models that cause Terror as causing Fear instead"),
]  # fmt: skip


@pytest.fixture(scope="module")
def relations(rulebase: Rulebase) -> dict[str, list[Relation]]:
    return {system: found for system, (found, _) in read_rulebase(rulebase).items()}


def _matches(r: Relation, source: str, kind: str, target: str | None, fragment: str) -> bool:
    return r.source == source and r.kind == kind and r.target == target and fragment in r.citation.sentence


@pytest.mark.parametrize("row", ROWS, ids=[f"{r[1]}-{r[2]}-{r[3]}" for r in ROWS])
def test_corpus_relation(relations: dict[str, list[Relation]], row: tuple) -> None:
    system, source, kind, target, fragment, conditions, details = row
    candidates = [r for r in relations[system] if _matches(r, source, kind, target, fragment)]
    assert candidates, f"no {kind} {source} -> {target} from a sentence with {fragment!r}"
    assert any(set(conditions) <= set(map(str, r.conditions)) and details.items() <= dict(r.details).items() for r in candidates), candidates


@pytest.mark.parametrize("row", ABSENT, ids=[f"{r[1]}-{r[2]}-{r[3]}" for r in ABSENT])
def test_corpus_relation_absent(relations: dict[str, list[Relation]], row: tuple) -> None:
    system, source, kind, target, fragment = row
    if target is None:
        assert not [r for r in relations[system] if r.source == source and r.kind == kind and fragment in r.citation.sentence]
    else:
        assert not [r for r in relations[system] if _matches(r, source, kind, target, fragment)]


def test_table_covers_every_kind_and_system() -> None:
    assert len(ROWS) >= 40
    kinds = {"grants", "loses", "immune-to", "excludes", "overrides", "must", "cannot", "stacks", "modifies", "references"}
    assert {row[2] for row in ROWS} == kinds
    assert {row[0] for row in ROWS} == {"t9a", "scrollhammer", "whfb-house", "last-edition"}


def test_every_kind_occurs_in_the_corpus(relations: dict[str, list[Relation]]) -> None:
    counts = Counter(r.kind for found in relations.values() for r in found)
    for kind in ("grants", "loses", "immune-to", "excludes", "overrides", "must", "cannot", "stacks", "modifies", "references"):
        assert counts[kind] > 0, kind


def test_a_rule_the_system_does_not_define_keeps_its_words(relations: dict[str, list[Relation]]) -> None:
    [grant] = [r for r in relations["whfb-house"] if r.kind == "grants" and "Always Strike Last" in r.citation.sentence]
    assert (grant.source, grant.target, grant.target_name) == ("whfb-house/stomp-thunder-stomp", None, "Always Strike Last")


def test_conditions_stay_with_their_clause(relations: dict[str, list[Relation]]) -> None:
    # "lose Scoring until the end of Game Turn 1 and may not declare Charges in the first Player Turn"
    loses = [r for r in relations["t9a"] if r.source == "t9a/vanguard" and r.kind == "loses"]
    assert loses and all("first turn" not in map(str, r.conditions) for r in loses)


def test_relations_cite_their_own_rule(relations: dict[str, list[Relation]], rulebase: Rulebase) -> None:
    for system, found in relations.items():
        for r in found:
            # the rule whose text states it: the source, or (overrides; a subject that acts)
            # a rule the sentence names
            assert r.citation.rule == r.source or r.source in _named(rulebase, r.citation.sentence, system), r
            assert rulebase.rules[r.source].system == system
            assert r.target is None or r.target in rulebase.rules
            assert r.kind != "references" or r.target != r.source


def _named(rulebase: Rulebase, sentence: str, system: str) -> set[str]:
    from referee.graph.lexer import Mention, Names, lex

    from referee.text import fold, singulars, word_forms

    mentions: list[Mention] = []
    lex(sentence, Names(rulebase.names[system], rulebase.manifests[system].core_terms), mentions)
    table = rulebase.names[system]
    named = {i for m in mentions for form in (m.key, *singulars(m.key)) for i in table.get(form, [])}
    # a rule named by a verb or agent form ("An Ambushing unit" names Ambush)
    verbs = [w for w in sentence.split() if w[:1].isupper() and w.lower().endswith(("ing", "ed", "ers"))]
    return named | {i for w in verbs for form in word_forms(w) for i in table.get(fold(form), [])}


def test_examples_state_no_relation(relations: dict[str, list[Relation]]) -> None:
    """"For example, a charging model part with Devastating Charge (+1 Strength, Poison
    Attacks) gains +1 Strength and Poison Attacks": an illustration, not a rule."""
    example = [r for r in relations["t9a"] if r.citation.sentence.startswith("For example") and r.kind != "references"]
    assert example == []
    assert any(r.citation.sentence.startswith("For example") for r in relations["t9a"])  # still references


def _opening(sentence: str) -> str:
    """The sentence's first words: up to three, before any punctuation."""
    head = sentence
    for mark in ",;:.!?()[]":
        head = head.split(mark, 1)[0]
    return squeeze(" ".join(head.split()[:3])) or squeeze(sentence)[:12]


def test_citation_lines_hold_the_sentence(relations: dict[str, list[Relation]], rulebase: Rulebase) -> None:
    checked = 0
    for found in relations.values():
        for r in found:
            c = r.citation
            lines = rulebase.texts[c.file].split("\n")
            assert 1 <= c.line <= len(lines), c
            if c.file.endswith(".wiki"):
                assert c.line == 10  # the whole page is one line of markup
                continue
            here = squeeze(lines[c.line - 1])
            ahead = squeeze("\n".join(lines[c.line - 1 : c.line + 4]))
            at = ahead.find(_opening(c.sentence))
            assert 0 <= at < max(len(here), 1), f"{c.file}:{c.line} does not start {c.sentence!r}"
            checked += 1
    assert checked > 300


def test_names_of_the_real_systems(rulebase: Rulebase) -> None:
    t9a = Names(rulebase.names["t9a"], rulebase.manifests["t9a"].core_terms)
    assert t9a.resolve("Lethal Strike") == "t9a/lethal-strike"
    assert t9a.resolve("Todesstoß") == "t9a/lethal-strike"
    assert t9a.resolve("Halberds") == "t9a/halberd"
    assert t9a.resolve("Declare a Charge") is None  # a core term, not a rule


def test_coverage_reports_every_system(rulebase: Rulebase) -> None:
    report = coverage(rulebase)
    assert set(report) == {"t9a", "scrollhammer", "whfb-house", "last-edition"}
    for figures in report.values():
        assert figures["sentences"] > 100
        assert 0 < figures["typed"] < figures["sentences"]
        assert figures["share"] == round(figures["typed"] / figures["sentences"], 3)
    assert report["t9a"]["share"] > 0.25
