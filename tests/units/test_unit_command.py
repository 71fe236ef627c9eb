"""`referee unit`, `lookup` finding units, `show` printing a weapon's profile, and the
BattleScribe details of issue 24, on the real sample data of /work/shared/bsdata."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cli.commands import main

BSDATA = Path("/work/shared/bsdata")


@pytest.fixture(scope="module")
def t9a(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Ninth Age's game system and two army books, imported into a rules folder of their own."""
    into = tmp_path_factory.mktemp("bsdata")
    files = [str(BSDATA / "2nd-theNinthAge-FantasyBattles.gst"), str(BSDATA / "2nd-dwarvenHolds.cat"), str(BSDATA / "2nd-highbornElves.cat")]
    assert main(["import", "battlescribe", *files, "--system", "t9a", "--into", str(into), "--json"]) == 0
    return into


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict]:
    code = main([*args, "--json"])
    return code, json.loads(capsys.readouterr().out)


def _rule(card: dict, text: str) -> dict:
    return next(r for r in card["rules"] if r["text"] == text)


def test_a_unit_shows_its_army_profiles_and_rules_each_cited(t9a: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _json(capsys, "unit", "greybeards", "--rules-src", str(t9a))
    assert code == 0
    [card] = data["units"]
    assert (card["name"], card["army"], card["system"], card["kind"], card["models"]) == ("Greybeards", "Dwarven Holds 2024", "t9a", "unit", ["Greybeard"])
    assert card["source"] == {"file": "t9a/2nd-dwarvenHolds.cat", "line": 855, "end_line": 855, "column": 5}
    weapon = next(p for p in card["profiles"] if p["name"] == "Throwing Weapons")
    assert weapon["type"] == "6 Ranged Weapon" and weapon["on"] == "Throwing Weapons (5+)"
    assert weapon["characteristics"][:2] == [{"name": "Range", "value": '8"'}, {"name": "Shots", "value": "2"}]
    # the weapon's own rules, linked to the system's rules, with what carries them
    accurate = _rule(card, "Accurate")
    assert accurate["rule"] == "t9a/accurate"
    assert accurate["uses"] == [{
        "on": "Throwing Weapons", "on_rule": "t9a/throwing-weapons", "carrier": "Greybeards > Throwing Weapons (5+) > Throwing Weapons",
        "via": "characteristic", "source": {"file": "t9a/2nd-theNinthAge-FantasyBattles.gst", "line": 1381, "end_line": 1381, "column": 5},
    }]  # fmt: skip
    assert _rule(card, "Parry")["uses"][0]["on_rule"] == "t9a/shield"  # an option named like a rule names it

    assert main(["unit", "Greybeards", "--rules-src", str(t9a)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Greybeards  (unit of Dwarven Holds 2024, t9a)\nsource: t9a/2nd-dwarvenHolds.cat:855 | models: Greybeard\n")
    assert "  Accurate -> t9a/accurate\n    on Throwing Weapons (-> t9a/throwing-weapons), characteristic: t9a/2nd-theNinthAge-FantasyBattles.gst:1381\n" in out


def test_a_rule_the_data_names_twice_is_listed_once(t9a: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _json(capsys, "unit", "Flame Wardens", "--rules-src", str(t9a))
    card = data["units"][0]
    texts = [r["text"] for r in card["rules"]]
    assert texts.count("Heavy Armour") == 1
    assert [u["carrier"] for u in _rule(card, "Heavy Armour")["uses"]] == ["Flame Wardens", "Flame Wardens > Flame Warden"]  # the unit's and its model's


def test_bracketed_attributes_stay_on_the_weapons_that_carry_them(t9a: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _json(capsys, "unit", "Field Artillery", "--rules-src", str(t9a))
    card = data["units"][0]
    wounds = _rule(card, "[Multiple Wounds (D3, Clipped Wings)]")
    assert (wounds["name"], wounds["rule"], wounds["params"]) == ("Multiple Wounds", "t9a/multiple-wounds", ["D3", "Clipped Wings"])
    assert [u["on"] for u in wounds["uses"]] == ["Catapult (4+)"]
    assert [u["on"] for u in _rule(card, "[Multiple Wounds (D3)]")["uses"]] == ["Dwarf Ballista (4+)", "Flame Cannon"]


def test_no_unit_of_that_name_is_status_1_with_the_names_it_may_mean(t9a: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["unit", "Citizen Archer", "--rules-src", str(t9a)]) == 1
    captured = capsys.readouterr()
    assert (captured.out, captured.err) == ("", "referee: no unit named 'Citizen Archer'; did you mean Citizen Archers, Citizen Spears?\n")
    code, data = _json(capsys, "unit", "Nobody", "--rules-src", str(t9a))
    assert (code, data) == (1, {"query": "Nobody", "system": None, "units": []})


def test_lookup_finds_a_unit_when_no_rule_has_the_name(t9a: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _json(capsys, "lookup", "greybeards", "--rules-src", str(t9a))
    assert (code, data["results"]) == (0, [])
    [unit] = data["units"]
    assert (unit["kind"], unit["name"], unit["army"], unit["source"]) == ("unit", "Greybeards", "Dwarven Holds 2024", {"file": "t9a/2nd-dwarvenHolds.cat", "line": 855, "column": 5})
    assert unit["rules"][:3] == ["Vanguard", "Parry", "Shield"]
    assert main(["lookup", "Greybeards", "--rules-src", str(t9a)]) == 0
    assert "(its profiles and every rule cited: referee unit Greybeards --system t9a)" in capsys.readouterr().out


def test_show_prints_a_weapons_profile(t9a: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "Throwing Weapons", "--rules-src", str(t9a)]) == 0
    assert 'Quick to Fire, Accurate\nprofile: Range 8", Shots 2, Str As User, AP As User\n' in capsys.readouterr().out


def test_build_reports_units(t9a: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, data = _json(capsys, "build", "--rules-src", str(t9a))
    assert data["systems"][0]["units"] == 43
