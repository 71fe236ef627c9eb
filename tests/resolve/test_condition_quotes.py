"""The sentence a question's situation turns on (issue 22, round 15): the condition a rule named in play acts under, the one
case a rule holds in, and what a rule named and lost to another rule is; on the real documents, and on a small system of
other words beside them."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rel, rulings, system


def _listed(data: dict, how: str) -> list[tuple[str, str]]:
    return [(d["name"], d["citation"]["quote"]) for d in data["in_force"] if d["kind"] == "settles" and d["how"] == how]


def _quotes(data: dict) -> list[str]:
    found = [c["quote"] for key in ("rulings", "unresolved") for item in data[key] for c in item["citations"]]
    found += [p["citation"]["quote"] for m in data["modifiers"] for p in m["parts"]]
    found += [i["citation"]["quote"] for i in data["in_play"]["inactive"] if i.get("citation")]
    return found + [d["citation"]["quote"] for d in data["in_force"]]


STEADFAST = "If a defeated unit has more ranks than its enemy and is in The Horde formation, it takes a Break test on its unmodified Leadership."


def test_the_state_a_rule_asks_of_its_unit_is_quoted_beside_its_other_words(rulebase: Build) -> None:
    """Steadfast's other sentences ("does not lose its steadfast status", "cannot be canceled") are read out; the one that says
    when it acts, "is in The Horde formation", was not, as a rule's first words are read only where nothing else of it is."""
    data = resolve(rulebase, "whfb-house", "Steadfast (only The Horde formation)").to_json()
    [entry] = [d for d in data["in_force"] if d.get("how") == "condition"]
    assert entry["citation"]["quote"] == STEADFAST
    assert (entry["citation"]["file"], entry["citation"]["line"], entry["citation"]["column"]) == ("whfb-house/house-rules-8th-edition.md", 151, 1)
    assert {d["how"] for d in data["in_force"]} >= {"keeps", "forbids", "condition"}
    assert not data["rulings"] and not data["unresolved"]  # a sentence read out is no ruling


def test_what_a_unit_must_not_have_done_is_quoted_and_once_where_the_situation_rules_it_out(rulebase: Build) -> None:
    sentence = "Units that did not move in the movement phase are able to use concentration instead."
    data = resolve(rulebase, "last-edition", "Concentrating").to_json()
    assert _listed(data, "condition") == [("Concentrating", sentence)]
    assert data["modifiers"]  # the -1 to both armour saves still stands, its own sentence quoted there
    moved = resolve(rulebase, "last-edition", "Concentrating", when=["moved"]).to_json()
    assert moved["in_play"]["self"][0]["set_aside"]
    assert _quotes(moved).count(sentence) == 1 and not _listed(moved, "condition")  # the sentence that sets it aside says it


def test_the_moves_a_test_is_taken_for_and_the_one_case_it_holds_in_are_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Dangerous Terrain(x)").to_json()
    assert ("Dangerous Terrain(x)", "Fliers take Dangerous Terrain Test, only if they land at terrain, not when flying over.") in _listed(data, "limit")
    [(_, moves)] = _listed(data, "condition")
    assert moves.startswith("When a model marches, charges, flees, overruns or pursues into or through an area of dangerous terrain")
    # the same words of t9a's Strider: "only applies when", its one case
    strider = resolve(rulebase, "t9a", "Strider (Forest)").to_json()
    assert ("Strider", "In this case, Strider only applies when interacting with this type of Terrain.") in _listed(strider, "limit")


def test_a_rule_named_and_lost_to_another_is_read_out_by_its_first_words(rulebase: Build) -> None:
    """"The model loses Swiftstride": the ruling quotes Random Movement alone; what Swiftstride would have done is its own
    first sentence, and it stays out of play."""
    data = resolve(rulebase, "t9a", "Swiftstride, Random Movement").to_json()
    assert [i["name"] for i in data["in_play"]["inactive"] if i["rule"] == "t9a/swiftstride"] == ["Swiftstride"]
    assert not [e for e in data["in_play"]["self"] if e["name"] == "Swiftstride"]
    assert _listed(data, "defines") == [("Swiftstride", "If a unit is composed entirely of models with Swiftstride, it gains Maximised "
                                         "(Charge Range, Flee Distance, Pursuit Distance, Overrun Distance).")]
    [ruling] = [r for r in data["rulings"] if r["winner"] == "Random Movement"]
    assert ruling["rules"] == ["Random Movement", "Swiftstride"]


def test_a_rule_whose_own_words_forbid_its_use_is_set_aside_and_in_play_forbidden(rulebase: Build) -> None:
    """Embarking's "Units can not embarked while they ... made an advance move this turn": writers of rounds 2 and 8 expect
    Embarking not active, of rounds 9, 12 and 13 in play (docs/referee.md, round 15). Both hold: it is set aside, and in play
    with that sentence as what forbids it (round 17). The sentence is quoted either way."""
    data = resolve(rulebase, "last-edition", "Embarking, Advancing").to_json()
    [embarking] = [e for e in data["in_play"]["self"] if e["name"] == "Embarking"]
    assert embarking["set_aside"] and "made an advance move this turn" in embarking["forbidden"]["quote"]
    assert any("made an advance move this turn" in q for q in _quotes(data))


WALL = "If a beaten unit stands in a Shield Wall formation, it rolls its break test on three dice and drops the highest."
TEXTS = {
    # the condition is the second sentence; a later sentence is quoted by a relation, so the first words are not read out
    "Shield Wall": f"Warriors lock their shields. {WALL} Its warriors add 1 to their armour save.",
    "Ambush": "Hidden warriors lie in wait. Units that did not march this turn may spring an Ambush.",
    "Rope Bridge": "Bridges sway in the wind. Fliers cross a Rope Bridge only if they land on it, not when gliding over.",
    "Horn": "A Horn is loud and heard far away. If both players sound a Horn, nothing happens.",
    "Drums": "Drummers keep a steady beat for the army.\n\nIf a unit hears the Drums, it marches on.",
    "Banner": "Banner gives its bearer a Shield Wall.",
    "Stampede": "The unit loses Fleet Foot (and can never regain it), but always runs its full distance.",
    "Fleet Foot": "If a unit is made entirely of fleet models, it runs two inches further. Fleet beasts are fast.",
}


def _view():
    return system(TEXTS, [
        rel("modifies", "Shield Wall", None, "Its warriors add 1 to their armour save.", details={"stat": "armour save", "value": "+1"}),
        rel("grants", "Banner", "Shield Wall", "Banner gives its bearer a Shield Wall."),
        rel("loses", "Stampede", "Fleet Foot", "The unit loses Fleet Foot (and can never regain it), but always runs its full distance.",
            subject="The unit"),
    ])


def test_the_condition_a_rule_named_in_play_acts_under_in_other_words() -> None:
    data = rulings(_view(), picks("Shield Wall", "Ambush", "Rope Bridge"))
    assert _listed(data, "condition") == [("Shield Wall", WALL), ("Ambush", "Units that did not march this turn may spring an Ambush.")]
    assert ("Rope Bridge", "Fliers cross a Rope Bridge only if they land on it, not when gliding over.") in _listed(data, "limit")
    # Shield Wall's modifier is quoted, so its first words are not read out; its condition is, once
    assert not [name for name, _ in _listed(data, "defines") if name == "Shield Wall"]
    assert _quotes(data).count(WALL) == 1


def test_no_condition_for_a_clause_of_its_own_a_later_paragraph_or_a_rule_only_granted() -> None:
    data = rulings(_view(), picks("Horn", "Drums", "Banner"))
    assert _listed(data, "condition") == []
    assert "If both players sound a Horn, nothing happens." not in _quotes(data)  # a clause for both sides: one side has it
    assert "If a unit hears the Drums, it marches on." not in _quotes(data)  # not the rule's opening paragraph
    assert WALL not in _quotes(data)  # Shield Wall only granted: its grant is quoted


def test_a_rule_named_and_lost_is_read_out_by_its_first_words_in_other_words() -> None:
    data = rulings(_view(), picks("Fleet Foot", "Stampede"))
    assert [i["name"] for i in data["in_play"]["inactive"]] == ["Fleet Foot"]
    # the loss quotes Stampede's words alone (so its first words are not read out again); Fleet Foot's are its own first sentence
    assert _listed(data, "defines") == [("Fleet Foot", "If a unit is made entirely of fleet models, it runs two inches further.")]
    assert not _listed(data, "condition")  # a rule out of play acts under nothing here
