"""Relations the graph reads, ruled on small systems whose relations the graph reads from their own
words (other words than the documents'): "This rule overrides ..." read once, by the graph (an
``overrides`` relation: Pathmaster's and Protean Magic's sentences in t9a), and a rule named alone
with its full stop granted by each rule whose text says it (army data's "Sweeping Attack.")."""

from __future__ import annotations

from typing import Any

from referee.graph.effects import Names, read_rule
from referee.model import Rule, Source, Version
from referee.resolve import resolve
from referee.store.rows import Stored as View
from referee.text import fold
from tests.resolve.test_principles import SYSTEM, picks, system_data
from tests.stores import stored


def read_system(rules: dict[str, str], categories: dict[str, str] | None = None, profiles: dict[str, str] | None = None) -> View:
    """A store of one small system whose relations the graph reads from each rule's text; a rule's
    category and a profile line, where given."""
    data: dict[str, Any] = system_data(rules, [])
    table = {fold(name): [f"{SYSTEM}/{name}"] for name in rules}
    for rid, row in data["rules"].items():
        row["category"] = (categories or {}).get(row["name"])
        if (profiles or {}).get(row["name"]):
            row["versions"][0]["profiles"] = [{"text": profiles[row["name"]], "source": row["source"]}]  # type: ignore[index]
        source = Source(row["source"]["file"], row["source"]["line"], 1)
        version = Version(row["text"], source, source.file, "core")
        rule = Rule(rid, row["name"], SYSTEM, row["text"], source, versions=(version,))
        relations, _ = read_rule(rule, Names(table, [], rid), {})
        for relation in relations:
            found = relation.to_json()
            data["relations_out"].setdefault(found["source"], []).append(found)
            if found["target"]:
                data["relations_in"].setdefault(found["target"], []).append(found)
    return stored(data)


def test_a_clause_that_says_this_rule_overrides_the_other_names_a_winner() -> None:
    # as Pathmaster's "This rule overrides the Spell Selection rules connected to being Wizard Apprentice, Apprentice or Master"
    view = read_system({"Loremaster": "This rule overrides the chant rules connected to being a Novice.", "Novice": "Knows 1 chant.",
                        "Choirmaster": "A Novice with this rule sings twice."})
    [ruling] = resolve(view, SYSTEM, picks("Loremaster", "Novice")).to_json()["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("explicit-exception", "Loremaster", ["Loremaster", "Novice"])
    assert ruling["relation"]["quote"] == "This rule overrides the chant rules connected to being a Novice."
    [ruling] = resolve(view, SYSTEM, picks("Choirmaster", "Novice")).to_json()["rulings"]  # a clause, no winner
    assert (ruling["principle"], ruling["winner"]) == ("together", None)


def test_a_list_whose_names_share_their_first_word_names_each() -> None:
    # as Protean Magic's "... for Wizard Apprentices, Adepts, and Masters"
    # ("Cantor" and "Elders" are rules of their own too: the list's shared first word leads each name)
    view = read_system({"Grand Lore": "This rule overrides the chant rules for Temple Novices, Cantors, and Elders.", "Temple Novice": "Knows 1 chant.",
                        "Temple Cantor": "Knows 2 chants.", "Temple Elder": "Knows 3 chants.", "Cantor": "x.", "Elders": "y."})
    for other in ("Temple Cantor", "Temple Elder"):
        [ruling] = resolve(view, SYSTEM, picks("Grand Lore", other)).to_json()["rulings"]
        assert (ruling["winner"], ruling["rules"]) == ("Grand Lore", ["Grand Lore", other])
        assert ruling["relation"]["quote"].endswith("for Temple Novices, Cantors, and Elders.")


def test_words_that_override_without_the_graphs_reading_name_no_winner() -> None:
    """The plain-text fallback is gone: a sentence the graph reads no ``overrides`` from ("This rule
    overrides the chant rules." names no rule) is no winner, whatever another clause says."""
    view = read_system({"Loremaster": "This rule overrides the chant rules. A Novice with this rule chants twice.", "Novice": "Knows 1 chant."})
    [ruling] = resolve(view, SYSTEM, picks("Loremaster", "Novice")).to_json()["rulings"]
    assert (ruling["principle"], ruling["winner"]) == ("together", None)


def test_a_rule_named_alone_with_its_full_stop_is_granted_once_per_rule_that_names_it() -> None:
    """Army data's "Sweeping Attack. The enemy unit suffers D6×2 hits ..." in two weapons: the rule is
    in play twice, each instance through its own weapon's sentence (the same words in two rules'
    texts are two grants, not one sentence said again)."""
    view = read_system({"Firebomb": "Area Strike. The enemy unit suffers D6 hits.", "Smoke Pot": "Area Strike. One use only.",
                        "Area Strike": "These attacks hit automatically.", "Herald": "Area Strike"})
    [entry] = [e for e in resolve(view, SYSTEM, picks("Firebomb", "Smoke Pot")).to_json()["in_play"]["self"] if e["name"] == "Area Strike"]
    assert entry["instances"] == 2
    assert [[(step["name"], step["citation"]["quote"]) for step in each["via"]] for each in entry["each"]] == [
        [("Firebomb", "Area Strike.")], [("Smoke Pot", "Area Strike.")]]
    # a name with no full stop is a heading, no grant
    assert "Area Strike" not in {e["name"] for e in resolve(view, SYSTEM, picks("Herald")).to_json()["in_play"]["self"]}


_SPECTRAL = {
    "Spectral": "In addition, the model gains Wavering, with the following exception: when a unit of models with Spectral loses a combat, "
                "it must take a Break Test. If the Break Test is passed, ignore all Wounds that would be lost due to Wavering.",
    "Wavering": "A unit with one or more models with Wavering does not take a Break Test when losing a combat, but instead it loses one "
                "Wound for each point it lost by.",
    "Restless": "The model gains Wavering.",
}


def test_a_rules_exception_to_what_it_grants_reaches_its_own_instance_only() -> None:
    """ "gains Wavering, with the following exception: ...": over the Wavering it gives, Spectral
    prevails; where another rule gives Wavering too, no sentence says whether the exception reaches
    that instance, and the meeting is open, naming the other grant (t9a's Supernal and Undead)."""
    view = read_system(_SPECTRAL)
    alone = resolve(view, SYSTEM, picks("Spectral")).to_json()
    assert [(r["winner"], r["rules"][:2]) for r in alone["rulings"]] == [("Spectral", ["Spectral", "Wavering"])] * 2
    both = resolve(view, SYSTEM, picks("Spectral", "Restless")).to_json()
    assert not [r for r in both["rulings"] if r["winner"]]
    reasons = [u["reason"] for u in both["unresolved"] if "Spectral" in u["rules"] and "Restless" not in u["rules"]]
    assert len(reasons) == 2 and all(r.startswith("Spectral gives Wavering with words of its own on it, but Wavering is also there via Restless, "
                                                  "and no sentence says whether Spectral's words reach that instance too") for r in reasons)


_LATE = {
    "Late Arrival": "Units arriving late count as having moved.",
    "Heavy Bolt": "The weapon has -1 to the hit roll after the unit has moved.",
    "Steady": "Units that did not move gain +1 to the hit roll.",
    "Flank March": "For the purpose of shooting, Flankers count as having moved during the turn they arrive.",
}


def test_a_rule_whose_bearers_count_as_having_moved_makes_moved_hold_for_its_side() -> None:
    """ "Reserve units count as moved" (last-edition's Placing reserves): for that side's conditions the
    unit moved, as --when moved would say; said, with the sentence; under the sentence's own limits
    ("For the purpose of shooting", "during the turn they arrive") it may hold, and the modifier carries
    its condition."""
    view = read_system(_LATE)
    alone = resolve(view, SYSTEM, picks("Heavy Bolt"), when=("shooting",)).to_json()
    assert alone["modifiers"] == []
    late = resolve(view, SYSTEM, picks("Late Arrival", "Heavy Bolt"), when=("shooting",)).to_json()
    assert [(m["stat"], m["value"], m["condition"]) for m in late["modifiers"]] == [("to-hit", "-1", [])]
    [state] = [e for e in late["in_force"] if e.get("how") == "state"]
    assert state["actions"] == ["Units arriving late count as having moved, so --when moved holds for them"]
    assert state["citation"]["quote"] == "Units arriving late count as having moved."
    steady = resolve(view, SYSTEM, picks("Late Arrival", "Steady"), when=("shooting",)).to_json()
    assert steady["modifiers"] == []  # "did not move" fails
    flank = resolve(view, SYSTEM, picks("Flank March", "Heavy Bolt"), when=("shooting",)).to_json()
    assert [(m["value"], m["condition"]) for m in flank["modifiers"]] == [("-1", ["moved"])]
    [state] = [e for e in flank["in_force"] if e.get("how") == "state"]
    assert state["actions"][0].endswith("where these words hold: For the purpose of shooting; during the turn they arrive")
    # the other side's rule puts only its own side in that state
    theirs = resolve(view, SYSTEM, picks("Heavy Bolt"), picks("Late Arrival"), when=("shooting",)).to_json()
    assert theirs["modifiers"] == []


def test_reserve_units_count_as_moved(rulebase) -> None:
    """last-edition: "Reserve units count as moved and do not receive orders." beside Ranged X heavy's
    "-1 to the hit roll after the unit has moved" (round 3's r3-last-edition-509)."""
    data = resolve(rulebase, "last-edition", "Placing reserves, Ranged 2 heavy", when=["shooting"]).to_json()
    assert [(m["side"], m["stat"], m["value"], m["condition"]) for m in data["modifiers"]] == [("self", "to-hit", "-1", [])]
    [state] = [e for e in data["in_force"] if e.get("how") == "state"]
    assert (state["name"], state["citation"]["line"], state["citation"]["column"]) == ("Placing reserves", 493, 65)
