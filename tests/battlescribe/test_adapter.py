"""The battlescribe adapter: rules, profiles, units, links, invisible characters, zips."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.store.record import assemble
from referee.sources import Document
from referee.sources.battlescribe import read, read_book
from referee.sources.battlescribe_xml import clean
from tests.battlescribe.conftest import FIXTURES, zipped
from tests.conftest import write_system

MANIFEST = '''id = "demo"
title = "Demo"
precedence = ["core", "battlescribe"]

[[documents]]
path = "rules.md"
format = "markdown"
role = "core"

[[documents]]
path = "{gst}"
format = "battlescribe"
role = "battlescribe"

[[documents]]
path = "{cat}"
format = "battlescribe"
role = "battlescribe"
'''


def _doc(name: str) -> Document:
    text = (FIXTURES / name).read_text(encoding="utf-8")
    return Document("demo", f"demo/{name}", "battlescribe", "battlescribe", text)


def _system(root: Path, gst: str = "demo.gst", cat: str = "demo-army.cat", files: dict | None = None) -> Path:
    given = files or {
        "rules.md": (FIXTURES / "rules.md").read_text(encoding="utf-8"),
        gst: (FIXTURES / "demo.gst").read_bytes(),
        cat: (FIXTURES / "demo-army.cat").read_bytes(),
    }
    return write_system(root, "demo", MANIFEST.format(gst=gst, cat=cat), given)


def test_game_system_rules_with_their_citation_and_line() -> None:
    entries = {e.name: e for e in read(_doc("demo.gst"))}
    assert list(entries) == ["Fear", "Fly", "Aegis", "Spear"]
    fear = entries["Fear"]
    assert fear.text == "Enemy models in base contact with a model with Fear suffer -1 Discipline."
    assert (fear.source.to_json(), fear.notes) == (
        {"file": "demo/demo.gst", "line": 15, "end_line": 16, "column": 5}, ("published in Demo Rulebook, page 42",)
    )
    book = read_book(_doc("demo.gst"))
    assert [(r.name, r.publication, r.page) for r in book.rules][0] == ("Fear", "Demo Rulebook", "42")


def test_invisible_characters_are_cleaned_and_the_original_kept() -> None:
    aegis = {e.name: e for e in read(_doc("demo.gst"))}["Aegis"]
    assert aegis.notes == ("name written with invisible characters: 'Aegis\\u200b'",)
    assert clean("Fear\u200b\u00a0(1)") == "Fear (1)"


def test_a_shared_profile_is_a_rule_with_its_profile() -> None:
    spear = {e.name: e for e in read(_doc("demo.gst"))}["Spear"]
    assert spear.text == "Attacks made with a Spear gain Fight in Extra Rank when not charging."
    assert [p.text for p in spear.profiles] == ["Str +1"]
    assert spear.category == "Melee Weapon"


def test_catalogue_rules_and_unit_drafts() -> None:
    book = read_book(_doc("demo-army.cat"))
    assert (book.name, book.kind, book.revision) == ("Demo Army", "catalogue", "7")
    assert [e.name for e in book.entries] == ["Marine Training"]
    assert [u.name for u in book.units] == ["Spearmen", "Ghost"]
    assert [(t, n, e) for t, _, n, e in book.links] == [
        ("r-fly", "Fly", "infoLink"), ("se-spear", "Spear", "entryLink"), ("r-nowhere", "Ethereal", "infoLink"), ("p-spear", "Spear", "infoLink")
    ]


def test_units_are_tied_to_the_rules_they_have(tmp_path: Path) -> None:
    build = assemble(_system(tmp_path))
    (gst, cat) = build.armies["demo"]
    spearmen = cat.units[0]
    assert (spearmen.name, spearmen.army, spearmen.kind, spearmen.models) == ("Spearmen", "Demo Army", "unit", ("Spearman",))
    uses = [(u.text, u.params, u.carrier, u.via, u.rule) for u in spearmen.rules]
    assert uses == [
        ('Fly (9", 9")', ('9"', '9"'), "Spearmen", "link", "demo/fly"),
        ("Fear", (), "Spearmen > Spearman", "characteristic", "demo/fear"),
        ("Aegis (4+)", ("4+",), "Spearmen > Spearman", "characteristic", "demo/aegis"),
        ("Marine Training", (), "Spearmen > Spearman", "characteristic", "demo/marine-training"),
        ("Stubborn", (), "Spearmen > Spearman", "characteristic", None),
        ("Spear", (), "Spearmen > Spearman > Spear", "link", "demo/spear"),
    ]
    aegis = spearmen.rules[2]
    assert aegis.original == "Fear, Aegis\u200b (4+), Marine Training, Stubborn"
    assert [a.to_json() for a in aegis.args] == [{"kind": "threshold", "value": 4, "var": None}]
    profiles = [(p.name, p.carrier, p.characteristics) for p in spearmen.profiles]
    assert profiles == [
        ("Spearman", "Spearmen > Spearman", (("Str", "3"), ("Rules", "Fear, Aegis (4+), Marine Training, Stubborn"))),
        ("Spear", "Spearmen > Spearman > Spear > Spear", (("Str", "+1"), ("Attributes", "Attacks made with a Spear gain Fight in Extra Rank when not charging."))),
    ]
    ghost = cat.units[1]
    assert [(u.text, u.rule, u.problem) for u in ghost.rules] == [
        ("Ethereal", None, "its infoLink points at id 'r-nowhere', which no file of the system defines")
    ]
    assert [(r.name, r.rule) for r in gst.rules] == [("Fear", "demo/fear"), ("Fly", "demo/fly"), ("Aegis", "demo/aegis"), ("Spear", "demo/spear")]


def test_a_rule_in_two_sources_is_one_rule_with_two_versions(tmp_path: Path) -> None:
    build = assemble(_system(tmp_path))
    fear = build.get("demo/fear")
    assert [(v.document, v.role) for v in fear.versions] == [("demo/rules.md", "core"), ("demo/demo.gst", "battlescribe")]
    assert fear.text.startswith("Enemy models in base contact with a model with Fear suffer -1 Discipline and must")


def test_the_manifest_precedence_chooses_the_primary(tmp_path: Path) -> None:
    root = _system(tmp_path)
    toml = root / "demo" / "system.toml"
    toml.write_text(toml.read_text().replace('precedence = ["core", "battlescribe"]', 'precedence = ["battlescribe", "core"]'))
    fear = assemble(root).get("demo/fear")
    assert [v.role for v in fear.versions] == ["battlescribe", "core"]


def test_zipped_files_read_directly(tmp_path: Path) -> None:
    plain = assemble(_system(tmp_path / "plain"))
    zips = tmp_path / "zips"
    zips.mkdir()
    files = {
        "rules.md": (FIXTURES / "rules.md").read_text(encoding="utf-8"),
        "demo.gstz": zipped(zips, FIXTURES / "demo.gst", ".gstz").read_bytes(),
        "demo-army.catz": zipped(zips, FIXTURES / "demo-army.cat", ".catz").read_bytes(),
    }
    build = assemble(_system(tmp_path / "zipped", "demo.gstz", "demo-army.catz", files))
    assert sorted(build.rules) == sorted(plain.rules)
    assert build.get("demo/fly").versions[0].source.to_json() == {"file": "demo/demo.gstz", "line": 18, "end_line": 19, "column": 5}
    assert build.texts["demo/demo.gstz"].startswith("<?xml")
    assert [u.name for u in build.armies["demo"][1].units] == ["Spearmen", "Ghost"]


def test_the_build_with_its_units_pickles(tmp_path: Path) -> None:
    import pickle

    build = assemble(_system(tmp_path))
    again = pickle.loads(pickle.dumps(build))
    assert again.armies == build.armies
    assert again.armies["demo"][1].units[0].rules[2].args == build.armies["demo"][1].units[0].rules[2].args


@pytest.mark.parametrize(
    "text, prose", [("A model part can only wear a single Suit of Armour.", True), ("Fear, Aegis (4+)", False)]
)
def test_prose_in_a_keyword_field_is_no_rule_use(text: str, prose: bool) -> None:
    from referee.army.link import is_prose

    assert is_prose(text) is prose


def test_a_name_that_fits_several_rules_lists_them_all(tmp_path: Path) -> None:
    rules = "# Demo\n\n## Ranged X heavy\n\nShooting is slower.\n\n## Melee X heavy -Y\n\nStriking is slower.\n"
    cat = (FIXTURES / "demo-army.cat").read_text(encoding="utf-8").replace("Marine Training, Stubborn", "heavy")
    root = _system(tmp_path, files={"rules.md": rules, "demo.gst": (FIXTURES / "demo.gst").read_bytes(), "demo-army.cat": cat})
    (use,) = [u for u in assemble(root).armies["demo"][1].units[0].rules if u.name == "heavy"]
    assert (use.rule, use.candidates) == ("demo/melee-heavy", ("demo/melee-heavy", "demo/ranged-heavy"))
