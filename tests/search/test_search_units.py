"""``referee search`` finds the units of imported army data (BattleScribe) by name,
ranked with the rules by the same tiers; rules rank as they did without them."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from referee.cli.commands import main
from referee.search import Index, open_index
from referee.search.units import UnitResult, _distance

FIXTURES = Path(__file__).parent.parent / "battlescribe" / "fixtures"

MANIFEST = """id = "demo"
title = "Demo"
precedence = ["core"]

[[documents]]
path = "rules.md"
format = "markdown"
role = "core"
""" + "".join(
    f'\n[[documents]]\npath = "{path}"\nformat = "battlescribe"\nrole = "battlescribe"\n'
    for path in ("demo.gst", "demo-army.cat", "ghosts.cat")
)

# A second army book: a unit whose name has an accent, so folding is tested.
GHOSTS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<catalogue id="cat-ghosts" name="Ghost Army" revision="1" battleScribeVersion="2.03" library="false" gameSystemId="gs-demo" gameSystemRevision="3" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <selectionEntries>
    <selectionEntry id="u-wraith" name="Wräith Lord" hidden="false" type="model">
      <profiles>
        <profile id="pr-wraith" name="Wräith Lord" hidden="false" typeId="pt-model" typeName="Model">
          <characteristics>
            <characteristic name="Rules" typeId="ct-rules">Fear</characteristic>
          </characteristics>
        </profile>
      </profiles>
    </selectionEntry>
  </selectionEntries>
</catalogue>
"""


@pytest.fixture(scope="module")
def rules_src(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("search-units") / "rules"
    folder = root / "demo"
    folder.mkdir(parents=True)
    for name in ("rules.md", "demo.gst", "demo-army.cat"):
        shutil.copy(FIXTURES / name, folder / name)
    (folder / "ghosts.cat").write_text(GHOSTS, encoding="utf-8")
    (folder / "system.toml").write_text(MANIFEST, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def demo(rules_src: Path) -> Index:
    return open_index(str(rules_src))


def run(capsys: pytest.CaptureFixture[str], rules_src: Path, *args: str) -> tuple[int, str, str]:
    code = main([*args, "--rules-src", str(rules_src)])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_typo_of_a_unit_finds_it_in_text(rules_src: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, rules_src, "search", "spearman", "--system", "demo")
    assert (code, err) == (0, "")
    assert out.splitlines()[:2] == [
        "1. Spearmen \u2014 unit of Demo Army, demo/demo-army.cat:9  name  0.81",
        "   rules: Fly, Fear, Aegis, Marine Training, Stubborn, Spear",
    ]


def test_unit_json_shape(rules_src: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, rules_src, "search", "SPEARMEN", "--system", "demo", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) == {"query", "system", "results", "did_you_mean"}
    assert data["results"][0] == {
        "kind": "unit",
        "name": "Spearmen",
        "system": "demo",
        "army": "Demo Army",
        "source": {"file": "demo/demo-army.cat", "line": 9, "column": 5},
        "rules": ["Fly", "Fear", "Aegis", "Marine Training", "Stubborn", "Spear"],
        "score": 1.0,
        "matched": ["name"],
    }


@pytest.mark.parametrize(
    ("query", "score"),
    [
        ("Spearmen", 1.0),  # exact
        ("spearmen (3)", 1.0),  # parameters forgiven, as lookup forgives them
        ("spearmn", 0.83),  # a letter dropped
        ("spaermen", 0.81),  # two letters swapped
        ("spearme", 0.83),  # begun
    ],
)
def test_unit_names_match_like_rule_names(demo: Index, query: str, score: float) -> None:
    first = demo.search(query, "demo").results[0]
    assert isinstance(first, UnitResult)
    assert (first.name, first.army, round(first.score, 2)) == ("Spearmen", "Demo Army", score)


@pytest.mark.parametrize("query", ["Wräith Lord", "wraith lord", "WRAITH-LORD", "wrath lord"])
def test_case_and_accents_do_not_matter(demo: Index, query: str) -> None:
    first = demo.search(query, "demo").results[0]
    assert (first.kind, first.name, first.where) == ("unit", "Wräith Lord", "demo/ghosts.cat:4")


def test_exact_rule_name_ranks_before_a_unit_begun_by_it(demo: Index) -> None:
    found = [(r.name, getattr(r, "army", None), round(r.score, 2)) for r in demo.search("spear", "demo").results]
    assert found[:2] == [("Spear", None, 1.0), ("Spearmen", "Demo Army", 0.78)]


def test_an_exact_unit_name_ranks_before_near_rules(demo: Index) -> None:
    # "Ghost" is a unit's name; no rule is named so
    results = demo.search("ghost", "demo").results
    assert (results[0].kind, results[0].name, results[0].score) == ("unit", "Ghost", 1.0)


@pytest.mark.parametrize("query", ["spear", "fear", "spearman", "models in base contact", "cowards", "flie"])
def test_rules_rank_as_without_units(demo: Index, query: str) -> None:
    """The units join the answer; the rules keep their order and scores."""
    with_units = demo.search(query, "demo", limit=50).results
    rules = [(r.id, r.score, r.matched, r.snippet) for r in with_units if not isinstance(r, UnitResult)]
    alone = [(r.id, r.score, r.matched, r.snippet) for r in demo.search(query, "demo", limit=50, units=False).results]
    assert rules == alone


def test_nothing_of_units_in_the_shipped_rules(index: Index) -> None:
    """rules_src has no army data: no result is a unit, and rule results keep their shape."""
    assert index.units == {}
    for query in ("hellebard", "Ghost", "Spearmen", "Elves"):
        for result in index.search(query).results:
            assert not isinstance(result, UnitResult)
            assert set(result.to_json()) == {"id", "name", "system", "score", "snippet", "matched"}


def test_lookup_answers_with_a_unit_but_suggests_none(rules_src: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A unit's name is no rule's: lookup answers with the unit (issue 24), beside no rule;
    a name nothing has suggests rules only, never a unit."""
    code, out, err = run(capsys, rules_src, "lookup", "spearmen", "--system", "demo", "--json")
    data = json.loads(out)
    assert (code, data["results"], [(u["kind"], u["name"], u["system"]) for u in data["units"]]) == (0, [], [("unit", "Spearmen", "demo")] * len(data["units"]))
    assert data["units"] and "suggestions" not in data
    code, out, err = run(capsys, rules_src, "lookup", "spaermen", "--system", "demo", "--json")
    assert code == 1
    assert json.loads(out) == {"query": "spaermen", "system": "demo", "results": [], "suggestions": []}


def test_levenshtein_counts_a_swap_as_two() -> None:
    assert [_distance(a, b) for a, b in [("spaermen", "spearmen"), ("", "ab"), ("abc", "abc")]] == [2, 2, 0]
