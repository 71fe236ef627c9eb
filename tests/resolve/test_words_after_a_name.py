"""A name a rule's own text writes with a word parameter after it, without brackets
('A model with "Immune to X" ...'): "Immune to Poison" is that rule with Poison."""

from __future__ import annotations

from referee.keywords import parse, to_json
from referee.keywords.resolve import resolve as tie
from referee.resolve import resolve


class _Wards:
    """A system of this test's own words: "Warded" (alias "Warded against") writes its
    parameter after the alias; "Hated" has a word parameter its text never writes so."""

    RULES = {
        "demo/warded": {"id": "demo/warded", "name": "Warded", "aliases": [{"name": "Warded against"}], "children": [], "parent": None,
                        "params": [{"name": "Y", "kind": "text"}], "text": 'A unit "Warded against Y" ignores hits of the kind Y.'},
        "demo/hated": {"id": "demo/hated", "name": "Hated", "aliases": [], "children": [], "parent": None,
                       "params": [{"name": "X", "kind": "text"}], "text": "Hated (X): enemies of kind X re-roll misses."},
    }

    def core_terms(self, system: str) -> list[str]:
        return []

    def lookup(self, name: str, system: str) -> list[dict]:
        folded = " ".join(name.lower().split())
        return [r for r in self.RULES.values() if folded in [r["name"].lower(), *(a["name"].lower() for a in r["aliases"])]]

    def get(self, rule_id: str) -> dict | None:
        return self.RULES.get(rule_id)

    def families(self, system: str) -> dict[str, list[str]]:
        return {}


def _tied(text: str) -> list[tuple[str, str, list]]:
    data = tie(to_json(parse(text)), _Wards(), "demo")
    return [(k["name"], k["rule"], [a.get("text") for a in k["args"]]) for k in data["keywords"]]


def test_the_words_after_a_name_its_text_writes_so_are_its_parameter() -> None:
    assert _tied("Warded against Fire Magic, Hated") == [("Warded against", "demo/warded", ["Fire Magic"]), ("Hated", "demo/hated", [])]
    assert _tied("Warded (Fire)") == [("Warded", "demo/warded", ["Fire"])]  # brackets, as before
    # the text writes "Hated (X)", never "Hated X": the words stay one unknown name
    assert _tied("Hated Goblins") == [("Hated Goblins", "undefined", [])]
    assert _tied("Warded Fire") == [("Warded Fire", "undefined", [])]  # "Warded" is never written before its Y


def test_immune_to_poison_in_the_real_documents(rulebase) -> None:
    data = resolve(rulebase, "scrollhammer", "Poisoned (4+)", opponent="Immune to Poison").to_json()
    immunity = next(e for e in data["in_play"]["opponent"] if e["rule"] == "scrollhammer/immunity")
    assert immunity["params"] == [["Poison"]]
