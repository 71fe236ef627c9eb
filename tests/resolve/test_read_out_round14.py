"""Round 14 (issue 22): the sentences a referee reads out of a rule in play, from round 12's tuning half: a label over
its paragraph ("In addition:") is no sentence of its own, and what a rule's units count as without a roll ("count as
being casualties") is what it does.  On the real documents and on a small system of this test's own words."""

from __future__ import annotations

from typing import Any

from referee.resolve import resolve
from tests.resolve.test_principles import picks, rulings, system

RULES = {
    "Levy": "This unit costs nothing.\n\nIn addition:\n\nThis unit is not limited to a maximum of 2 units of the same kind.",
    "Late Muster": "The unit may arrive in turn 3. Units that do not arrive count as destroyed.",
}
VIEW = system(RULES, [])


def _read_out(data: dict[str, Any], how: str) -> list[tuple[str, str]]:
    return [(d["name"], d["citation"]["quote"]) for d in data["in_force"] if d["kind"] == "settles" and d["how"] == how]


def test_a_label_over_its_paragraph_reads_the_paragraph() -> None:
    assert _read_out(rulings(VIEW, picks("Levy")), "limit") == [("Levy", "This unit is not limited to a maximum of 2 units of the same kind.")]


def test_what_a_rules_units_count_as_is_what_it_does() -> None:
    assert _read_out(rulings(VIEW, picks("Late Muster")), "effect") == [("Late Muster", "Units that do not arrive count as destroyed.")]


def test_base_and_shock_teleport_in_the_real_documents(rulebase) -> None:
    data = resolve(rulebase, "last-edition", "Base -1 {unit}").to_json()
    [(name, quote)] = _read_out(data, "limit")
    assert quote == "This role is not limited to a maximum of 3 units of the same type."
    assert next(d["citation"]["line"] for d in data["in_force"] if d.get("how") == "limit") == 823
    data = resolve(rulebase, "last-edition", 'Shock teleport 3|4 "Side"').to_json()
    assert [q for _n, q in _read_out(data, "effect")] == [
        "Units that are not placed in one of the turnes count as being casualties, killed by the enemy player."]
