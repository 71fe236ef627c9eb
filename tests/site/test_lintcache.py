"""The Editor's reports' findings kept in the store with their build."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from referee.site import lintcache
from referee.store import database
from referee.store.load import open_rules
from tests.site.sites import FIXTURE_RULES


@pytest.fixture
def rules(tmp_path: Path, private_cache: Path) -> Path:
    import shutil

    return shutil.copytree(FIXTURE_RULES, tmp_path / "rules")


def test_findings_are_kept_beside_their_build_and_read_back(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = open_rules(rules).whole()
    first = lintcache.lint_all(build, ["hostile"], str(rules))
    assert _kept(rules) == [build.key]

    def no_lint(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("linted again")

    monkeypatch.setattr("referee.lint.run.lint", no_lint)
    again = lintcache.lint_all(build, ["hostile"], str(rules))
    assert [f.to_json() for f in again["hostile"].findings] == [f.to_json() for f in first["hostile"].findings]


def test_a_damaged_file_is_linted_anew(rules: Path) -> None:
    build = open_rules(rules).whole()
    db = sqlite3.connect(database.path(rules))
    with db:
        db.execute("INSERT INTO memo VALUES ('lint', ?, '', ?)", (build.key, b"not a pickle"))
    db.close()
    assert "hostile" in lintcache.lint_all(build, ["hostile"], str(rules))
    assert lintcache.cached(build, ["hostile"], str(rules)) is not None


def test_findings_of_another_build_are_replaced(rules: Path) -> None:
    """(Before issue 27 lint files sat beside the two builds the cache kept.)"""
    lintcache.lint_all(open_rules(rules).whole(), ["hostile"], str(rules))
    for n in range(3):
        (rules / "hostile" / "rules.txt").write_text((rules / "hostile" / "rules.txt").read_text() + f"\nExtra {n}\n\nA rule.\n")
        new = open_rules(rules).whole()
        lintcache.lint_all(new, ["hostile"], str(rules))
    assert _kept(rules) == [new.key]


def _kept(rules: Path) -> list[str]:
    """The builds whose findings the store keeps."""
    db = sqlite3.connect(database.path(rules))
    try:
        return [key for (key,) in db.execute("SELECT key FROM memo WHERE kind = 'lint'")]
    finally:
        db.close()
