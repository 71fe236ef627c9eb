"""Parameters a rule's name joins with "|" ("Shock teleport X|Y"): an instance "3|4" is X 3 and Y 4."""

from __future__ import annotations

from referee.resolve import resolve
from referee.resolve.play import own_parameters
from tests.resolve.test_principles import SYSTEM, picks, system


def test_a_value_written_as_the_name_joins_its_parameters_is_each_of_them() -> None:
    assert own_parameters("Late Arrival A|B|C", ("2|3|5",)) == ("2", "3", "5")
    assert own_parameters("Late Arrival A|B|C", ("2|3",)) == ("2|3",)  # not the name's count: kept as written
    assert own_parameters("Ambush (X)", ("2|3",)) == ("2|3",)  # the name joins nothing
    view = system({"Late Arrival A|B": "The unit arrives in turn A or B (for example Late Arrival 2|3)."}, [])
    data = resolve(view, SYSTEM, picks(("Late Arrival A|B", ("4|5",)))).to_json()
    assert data["in_play"]["self"][0]["params"] == [["4", "5"]]


def test_shock_teleport_in_the_real_documents(rulebase) -> None:
    data = resolve(rulebase, "last-edition", "Shock teleport 3|4 side").to_json()
    shock = next(e for e in data["in_play"]["self"] if e["rule"] == "last-edition/shock-teleport")
    assert shock["params"] == [["3", "4"]]


def test_a_cumulative_rules_instances_add_up_the_stat_their_brackets_share(rulebase) -> None:
    # each instance brings its own "+1 Attack Value": two instances, added up by the rule's own
    # "This rule is cumulative", are +2, and a stat only one of them names is that one's
    data = resolve(rulebase, "t9a", "Devastating Charge (+1 Attack Value), Devastating Charge (+1 Attack Value, +1 Strength)",
                   when=["charging", "melee"]).to_json()
    assert {(m["stat"], m["value"]) for m in data["modifiers"]} >= {("Attack Value", "+2"), ("Strength", "+1")}


def test_one_stat_said_twice_among_the_parameters_is_their_sum() -> None:
    from referee.resolve.modifiers import _modifying

    grant = {"kind": "grants", "details": [("grants", "its parameters")]}
    found = _modifying([grant], [("+1 Strength", "+2 Strength", "+1 Agility")])
    assert [(d["stat"], d["value"]) for _rel, d, _at in found] == [("Strength", "+3"), ("Agility", "+1")]


# -- a number written after a family's name fills the pattern of the keyword after it (round 14)


class _Bows:
    """A system of this test's own words, as keyword strings are read against it: a family
    ("Bow weapon keywords") whose rules are named "Bow X volley Y", "Bow X flaming"."""

    RULES = {
        "demo/bows": {"id": "demo/bows", "name": "Bow weapon keywords", "children": ["demo/volley", "demo/flaming"], "parent": None},
        "demo/volley": {"id": "demo/volley", "name": "Bow X volley Y", "children": [], "parent": "demo/bows"},
        "demo/flaming": {"id": "demo/flaming", "name": "Bow X flaming", "children": [], "parent": "demo/bows"},
    }
    ALIASES = {"volley": "demo/volley", "flaming": "demo/flaming"}

    def core_terms(self, system: str) -> list[str]:
        return []

    def lookup(self, name: str, system: str) -> list[dict]:
        rid = self.ALIASES.get(name.lower())
        return [self.RULES[rid]] if rid else [r for r in self.RULES.values() if r["name"].lower() == name.lower()]

    def get(self, rule_id: str) -> dict | None:
        return self.RULES.get(rule_id)

    def families(self, system: str) -> dict[str, list[str]]:
        return {"bow": ["demo/bows"]}


def _joined(text: str) -> list[tuple[str, str, list]]:
    from referee.keywords import parse, to_json
    from referee.keywords.resolve import resolve as tie

    data = tie(to_json(parse(text)), _Bows(), "demo")
    return [(k["name"], k["rule"], [a["value"] for a in (k.get("joined") or {}).get("args", [])]) for k in data["keywords"]]


def test_the_number_after_a_familys_name_fills_the_pattern_of_the_keyword_after_it() -> None:
    assert _joined("Bow 4 volley 2/flaming") == [("Bow", "demo/bows", []), ("volley", "demo/volley", [4]), ("flaming", "demo/flaming", [4])]
    # a pattern filled in part: which letter a lone number is, no one can say
    assert _joined("Bow 3 volley") == [("Bow", "demo/bows", []), ("volley", "demo/volley", [])]
    # another item of the list keeps its own values
    assert _joined("Bow 4, flaming") == [("Bow", "demo/bows", []), ("flaming", "demo/flaming", [])]


def test_a_letter_of_the_name_is_bound_by_its_place() -> None:
    from referee.resolve.modifiers import _modifying

    more = {"kind": "modifies", "details": [("stat", "Attacks"), ("value", "+Y")], "conditions": []}
    assert [d["value"] for _r, d, _at in _modifying([more], [("3", "2")], lambda: ["X", "Y"])] == ["+2"]
    # an instance of its own words alone ("charge 2") gives its one number
    assert [d["value"] for _r, d, _at in _modifying([more], [("2",)], lambda: ["X", "Y"])] == ["+2"]


def test_the_weapons_number_is_shown_on_the_keyword_it_fills(rulebase) -> None:
    data = resolve(rulebase, "last-edition", "Melee 3 charge 2", when=["charging"]).to_json()
    charge = next(e for e in data["in_play"]["self"] if e["rule"] == "last-edition/melee-charge")
    assert charge["params"] == [["3", "2"]]
    assert [(m["stat"], m["value"]) for m in data["modifiers"]] == [("Attacks", "+2")]  # Y, never X
    data = resolve(rulebase, "last-edition", "Ranged 3 trigger -1 to hit", when=["melee"]).to_json()
    trigger = next(e for e in data["in_play"]["self"] if e["rule"] == "last-edition/ranged-trigger")
    assert trigger["params"] == [["3", "1"]]  # its letters' values, X 3 and Y 1 (the modifier reads "-1 to hit" as written)
    assert [(m["stat"], m["value"]) for m in data["modifiers"]] == [("to-hit", "-1")]
    data = resolve(rulebase, "last-edition", "Melee 2 heavy -1, Melee 2 light +1", when=["melee"]).to_json()
    assert [sorted(p["value"] for p in m["parts"]) for m in data["modifiers"]] == [["+1", "-1"]]  # each its Y, never the 2


def test_instances_that_differ_only_in_a_letter_the_rule_never_uses_are_one_value(rulebase) -> None:
    # two heavy weapons of 2 and 3 attacks: "-1 to the hit roll" either way, and abilities never stack
    data = resolve(rulebase, "last-edition", "Ranged 2 heavy, Ranged 3 heavy", when=["shooting", "moved"]).to_json()
    assert [(r["principle"], r["rules"]) for r in data["rulings"]] == [("never-stacks", ["Ranged X heavy"])]
    assert not any("Ranged X heavy" in u["rules"] for u in data["unresolved"])


def test_a_rules_own_letter_is_its_value_however_its_words_name_it() -> None:
    # "Thick Hide (X+)" names its letter by its brackets only: 5+ and 4+ are two values, never one
    from tests.resolve.test_principles import system_data
    from tests.stores import stored

    data = system_data({"Thick Hide (X+)": "The model ignores a wound on the value in brackets.", "Hides": "Some models have hides."}, [])
    data["rules"]["demo/Thick Hide (X+)"].update(params=[{"name": "X", "kind": "threshold"}], parent="demo/Hides")
    view = stored(data)
    assert view.get("demo/Thick Hide (X+)")["params"] == [{"name": "X", "kind": "threshold"}]
    data = resolve(view, SYSTEM, picks(("Thick Hide (X+)", ("5+",)), ("Thick Hide (X+)", ("4+",)))).to_json()
    assert not [r for r in data["rulings"] if r["principle"] in ("stacking", "never-stacks")]
    assert [u["rules"] for u in data["unresolved"]] == [["Thick Hide (X+)"]]
