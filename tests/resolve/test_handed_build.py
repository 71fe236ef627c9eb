"""A build handed to ``resolve`` is written into a store in memory once (``source.source``), not at every call,
and each build is read from its own store: another build, even one equal to it, or one of other rules under the
same system and names, never answers from the first one's."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from referee.resolve import resolve
from referee.resolve.source import HANDED_KEPT, source
from referee.store.record import Build, assemble
from tests.conftest import manifest, write_system


def test_a_build_handed_in_again_is_read_from_the_same_store(rulebase: Build) -> None:
    first = source(rulebase)
    assert source(rulebase) is first
    twin = dataclasses.replace(rulebase)  # equal, but another build: its own store
    assert source(twin) is not first and source(twin) is source(twin)
    assert source(rulebase) is first and source(first) is first  # a store is read as it is


def test_only_the_last_builds_handed_in_are_kept(rulebase: Build) -> None:
    first = source(rulebase)
    for _ in range(HANDED_KEPT):
        source(dataclasses.replace(rulebase))
    assert source(rulebase) is not first  # made again: what is kept does not grow with every build handed in


def _musts(build: Build) -> list[tuple[str, list[str]]]:
    data = resolve(build, "demo", "Gloom", opponent="Brave").to_json()
    return [(f["name"], f["actions"]) for f in data["in_force"] if f["kind"] == "must"]


def test_two_builds_of_one_system_and_its_names_each_answer_by_their_own_rules(tmp_path: Path) -> None:
    builds = []
    for at, text in enumerate(("Models with Gloom sulk.", "Models with Gloom must take a Panic Test.")):
        rules = f"## Gloom\n\n{text}\n\n## Brave\n\nBrave units automatically pass Panic Tests.\n"
        builds.append(assemble(write_system(tmp_path / str(at), "demo", manifest("demo", "rules.md", "markdown"), {"rules.md": rules})))
    sulks, tests = builds
    for _ in range(2):
        assert _musts(sulks) == []
        assert _musts(tests) == [("Gloom", ["take a Panic Test"])]


def test_a_build_handed_in_again_is_the_newest(rulebase: Build) -> None:
    """A build asked of again is one of the last handed in, whatever other builds earlier tests handed in: it is not
    pushed out by the next one (the order of a test run does not decide it)."""
    first = source(rulebase)
    for _ in range(HANDED_KEPT - 1):
        source(dataclasses.replace(rulebase))
    assert source(rulebase) is first
    source(dataclasses.replace(rulebase))
    assert source(rulebase) is first
