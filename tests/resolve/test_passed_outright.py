"""A test passed automatically beside a rule that changes that test's dice (issue 22, round 14, from r11-t9a-bsdata-528):
where the situation puts the unit in a move, "automatically passes Dangerous Terrain Tests caused by Terrain" settles
Chariot's "must roll an additional D6 when taking Dangerous Terrain Tests": the test is not rolled, so the extra die has
nothing to change, as far as the pass's words reach.  With no flag that puts the unit in a move the question stays open,
as round 8's writers read it.  On the real documents and on a small system of our own words."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, system


def _winners(data: dict) -> list[tuple[str, str]]:
    return [(r["winner"], r["relation"]["quote"]) for r in data["rulings"] if r["winner"]]


def test_strider_settles_the_chariots_extra_die_when_the_unit_moves(rulebase: Build, bsdata_t9a: Build) -> None:
    # the BattleScribe game file's Strider and Chariot (t9a-bsdata, imported here as "t9a")
    moved = resolve(bsdata_t9a, "t9a", "Chariot, Strider", when=["moved"]).to_json()
    assert _winners(moved) == [("Strider", "The model automatically passes Dangerous Terrain Tests caused by Terrain.")]
    [ruling] = moved["rulings"]
    assert ruling["outcome"].endswith("Dangerous Terrain Tests not caused by Terrain are not ones its words pass, and there Chariot holds as it says")
    assert "The model must roll an additional D6 when taking Dangerous Terrain Tests." in [c["quote"] for c in ruling["citations"]]
    assert not moved["unresolved"]
    # t9a's Ghost Step, in its own words ("taken due to Terrain"), the same
    ghost = resolve(rulebase, "t9a", "Chariot, Ghost Step", when=["charging"]).to_json()
    assert [w for w, _ in _winners(ghost)] == ["Ghost Step"]
    # no move in the situation: the question is left as it was
    still = resolve(bsdata_t9a, "t9a", "Chariot, Strider").to_json()
    assert not _winners(still)
    assert [u["rules"] for u in still["unresolved"]] == [["Chariot", "Strider"]]


def _bog(change: str):
    return system({"Wader": "The model automatically passes Bog Tests caused by Mud.", "Cart": change}, [])


def test_a_test_passed_outright_in_a_small_system() -> None:
    extra = resolve(_bog("The model must roll an additional D6 when taking Bog Tests."), "demo", picks("Wader", "Cart"), when=["moved"]).to_json()
    assert _winners(extra) == [("Wader", "The model automatically passes Bog Tests caused by Mud.")]
    # a sentence on the test that changes none of its dice is not so settled
    other = resolve(_bog("The model must take Bog Tests at the start of its move."), "demo", picks("Wader", "Cart"), when=["moved"]).to_json()
    assert not _winners(other)
    # nor where the situation puts the unit in no move
    still = resolve(_bog("The model must roll an additional D6 when taking Bog Tests."), "demo", picks("Wader", "Cart")).to_json()
    assert not _winners(still)
