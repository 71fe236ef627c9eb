"""The Editor's reports' findings kept beside their build."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from referee.build.cache import builds_folder, load_or_build
from referee.site import lintcache
from tests.site.sites import FIXTURE_RULES


@pytest.fixture
def rules(tmp_path: Path, private_cache: Path) -> Path:
    import shutil

    return shutil.copytree(FIXTURE_RULES, tmp_path / "rules")


def test_findings_are_kept_beside_their_build_and_read_back(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = load_or_build(rules)
    first = lintcache.lint_all(build, ["hostile"], str(rules))
    assert os.path.isfile(os.path.join(builds_folder(rules), f"lint-{build.key}.pickle"))

    def no_lint(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("linted again")

    monkeypatch.setattr("referee.lint.run.lint", no_lint)
    again = lintcache.lint_all(build, ["hostile"], str(rules))
    assert [f.to_json() for f in again["hostile"].findings] == [f.to_json() for f in first["hostile"].findings]


def test_a_damaged_file_is_linted_anew(rules: Path) -> None:
    build = load_or_build(rules)
    path = Path(builds_folder(rules)) / f"lint-{build.key}.pickle"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a pickle")
    assert "hostile" in lintcache.lint_all(build, ["hostile"], str(rules))
    assert lintcache.cached(build, ["hostile"], str(rules)) is not None


def test_findings_of_a_build_no_longer_kept_are_removed(rules: Path) -> None:
    old = load_or_build(rules)
    lintcache.lint_all(old, ["hostile"], str(rules))
    for n in range(3):  # the cache keeps two builds per rules folder
        (rules / "hostile" / "rules.txt").write_text((rules / "hostile" / "rules.txt").read_text() + f"\nExtra {n}\n\nA rule.\n")
        lintcache.lint_all(load_or_build(rules), ["hostile"], str(rules))
    names = os.listdir(builds_folder(rules))
    assert f"lint-{old.key}.pickle" not in names and len([n for n in names if n.startswith("lint-")]) == 2
