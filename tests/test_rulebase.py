"""The whole rulebase: every rule findable by its names, provenance everywhere."""

from __future__ import annotations

import pytest

from referee.rulebase import Rulebase
from tests.conftest import RULES_SRC

SYSTEMS = ["last-edition", "scrollhammer", "t9a", "whfb-house"]


def test_systems(rulebase: Rulebase) -> None:
    assert rulebase.systems == SYSTEMS


# Rules per system. Reading tables, glossary lines and labelled paragraphs (issue 24) added
# two to last-edition: Shock teleport's "**Anywhere:** ..." and "**Side:** ..." (147 before).
COUNTS = {"last-edition": 149, "scrollhammer": 74, "t9a": 139, "whfb-house": 69}


@pytest.mark.parametrize("system", SYSTEMS)
def test_corpus_counts(rulebase: Rulebase, system: str) -> None:
    assert len(list(rulebase.in_system(system))) == COUNTS[system]


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_rule_is_found_by_each_of_its_names(rulebase: Rulebase, system: str) -> None:
    missing = [
        (rule.id, name)
        for rule in rulebase.in_system(system)
        for name in rule.names
        if rule.id not in [r.id for r in rulebase.lookup(name, system=system)]
    ]
    assert missing == []


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_rule_cites_lines_that_exist(rulebase: Rulebase, system: str) -> None:
    for rule in rulebase.in_system(system):
        for version in rule.versions:
            lines = (RULES_SRC / version.source.file).read_text(encoding="utf-8").split("\n")
            assert 1 <= version.source.line <= version.source.end_line <= len(lines), rule.id
            assert lines[version.source.line - 1].strip(), f"{rule.id} starts on a blank line"


@pytest.mark.parametrize("system", SYSTEMS)
def test_ids_are_unique_and_namespaced(rulebase: Rulebase, system: str) -> None:
    ids = [r.id for r in rulebase.in_system(system)]
    assert len(ids) == len(set(ids))
    assert all(i.startswith(system + "/") for i in ids)


def test_no_wiki_chrome_is_a_rule(rulebase: Rulebase) -> None:
    chrome = ["Jump to navigation", "Jump to search", "You are not logged in", "Anti-spam check", "log in", "create an account", "Scrollhammer Rulebook"]
    for rule in rulebase.in_system("scrollhammer"):
        for words in chrome:
            assert words.casefold() not in rule.name.casefold()
            assert words not in rule.text


@pytest.mark.parametrize(
    ("system", "query", "rule_id"),
    [
        ("scrollhammer", "Fleet of Claw", "scrollhammer/fleet-of-foot"),
        ("scrollhammer", "Fleet of Hoof", "scrollhammer/fleet-of-foot"),
        ("scrollhammer", "Large Blast", "scrollhammer/blast-and-large-blast"),
        ("scrollhammer", "Blast", "scrollhammer/blast-and-large-blast"),
        ("scrollhammer", "Blast and Large Blast", "scrollhammer/blast-and-large-blast"),
        ("whfb-house", "Thunder Stomp", "whfb-house/stomp-thunder-stomp"),
        ("scrollhammer", "Killing Blow", "scrollhammer/killing-blow"),
        ("scrollhammer", "Very Unwieldy", "scrollhammer/very-unwieldy"),
        ("whfb-house", "Dangerous Terrain", "whfb-house/dangerous-terrain"),
        ("whfb-house", "Panic tests", "whfb-house/panic-tests"),
        ("last-edition", "Ranged X sniper", "last-edition/ranged-sniper"),
        ("last-edition", "sniper", "last-edition/ranged-sniper"),
        ("last-edition", "spray&prey", "last-edition/ranged-spray-prey"),
    ],
)
def test_lookups_in_other_systems(rulebase: Rulebase, system: str, query: str, rule_id: str) -> None:
    assert rule_id in [r.id for r in rulebase.lookup(query, system=system)]


@pytest.mark.parametrize(("child", "parent"), [("scrollhammer/killing-blow", "scrollhammer/rending"), ("scrollhammer/heroic-killing-blow", "scrollhammer/rending"), ("scrollhammer/very-unwieldy", "scrollhammer/unwieldy")])
def test_wiki_sub_rules(rulebase: Rulebase, child: str, parent: str) -> None:
    assert rulebase.get(child).parent == parent  # type: ignore[union-attr]
    assert child in rulebase.get(parent).children  # type: ignore[union-attr]


def test_house_rule_amendments(rulebase: Rulebase) -> None:
    amended = {r.name: (r.amends.op, r.amends.pages) for r in rulebase.in_system("whfb-house") if r.amends}
    assert amended["Redirecting the charge"] == ("replace", ("53",))
    assert amended["Templates"] == ("add", ("37",))
    assert amended["Subsequent Actions Of Fleeing Troops"] == ("edit", ("75",))
    assert amended["Difficult Terrain"] == ("remove", ("50", "51"))


def test_same_heading_twice_with_same_text_is_one_rule(rulebase: Rulebase) -> None:
    [rule] = rulebase.lookup("Subsequent Actions Of Fleeing Troops", system="whfb-house")
    assert [(s.line) for s in rule.versions[0].also_at] == [123]


def test_homonyms_in_a_rulebook_stay_apart(rulebase: Rulebase) -> None:
    found = rulebase.lookup("Reaction units", system="last-edition")
    assert [r.source.line for r in found] == [451, 497, 507]
