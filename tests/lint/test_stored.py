"""A build's findings kept in the store with it (referee.lint.stored): read back by the
Editor's reports and by ``referee lint``, which cuts what it is asked for from them
exactly as linting anew would give it."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from referee.cli.commands import main
from referee.errors import RulesError
from referee.lint import run as lint_run
from referee.lint import stored
from referee.store import database
from referee.store.load import open_rules
from tests.conftest import RULES_SRC, write_system
from tests.lint.test_lint_cli import MANIFEST
from tests.site.sites import FIXTURE_RULES


@pytest.fixture
def rules(tmp_path: Path, private_cache: Path) -> Path:
    return shutil.copytree(FIXTURE_RULES, tmp_path / "rules")


def test_findings_are_kept_beside_their_build_and_read_back(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = open_rules(rules).whole()
    first = stored.lint_all(build, ["hostile"], str(rules))
    assert _kept(rules) == [build.key]

    def no_lint(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("linted again")

    monkeypatch.setattr("referee.lint.run.lint", no_lint)
    again = stored.lint_all(build, ["hostile"], str(rules))
    assert [f.to_json() for f in again["hostile"].findings] == [f.to_json() for f in first["hostile"].findings]


def test_a_bad_option_is_refused_before_any_linting(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    build = open_rules(rules).whole()

    def no_lint(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("linted before the options were checked")

    monkeypatch.setattr("referee.lint.run.lint", no_lint)
    with pytest.raises(RulesError) as err:
        stored.lint(build, "hostile", min_severity="fatal", rules_src=str(rules))
    assert str(err.value) == "error: --min-severity: 'fatal' is not one of error, warning, info"
    assert _kept(rules) == []


def test_a_damaged_row_is_linted_anew(rules: Path) -> None:
    build = open_rules(rules).whole()
    db = sqlite3.connect(database.path(rules))
    with db:
        db.execute("INSERT INTO memo VALUES ('lint', ?, '', ?)", (build.key, b"not a pickle"))
    db.close()
    assert "hostile" in stored.lint_all(build, ["hostile"], str(rules))
    assert stored.cached(build, ["hostile"], str(rules)) is not None


def test_findings_of_another_build_are_replaced(rules: Path) -> None:
    """(Before issue 27 lint files sat beside the two builds the cache kept.)"""
    stored.lint_all(open_rules(rules).whole(), ["hostile"], str(rules))
    for n in range(3):
        (rules / "hostile" / "rules.txt").write_text((rules / "hostile" / "rules.txt").read_text() + f"\nExtra {n}\n\nA rule.\n")
        new = open_rules(rules).whole()
        stored.lint_all(new, ["hostile"], str(rules))
    assert _kept(rules) == [new.key]


def test_each_system_is_linted_once_and_kept_beside_the_others(tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    src = write_system(tmp_path / "rules", "demo", MANIFEST, {"rules.txt": "Musician\n\nFear\n\nUnits with Fear cause Panic Tests.\n"})
    write_system(src, "other", MANIFEST.replace('"demo"', '"other"'), {"rules.txt": "Fear\n\nUnits with Fear cause Panic Tests.\n"})
    build = open_rules(src).whole()
    linted: list[str | None] = []
    lint = lint_run.lint
    monkeypatch.setattr(lint_run, "lint", lambda build, system=None, **options: linted.append(system) or lint(build, system, **options))
    stored.lint_all(build, ["demo"], str(src))
    assert stored.cached(build, ["demo", "other"], str(src)) is None
    both = stored.lint_all(build, ["demo", "other"], str(src))
    assert sorted(both) == ["demo", "other"] and linted == ["demo", "other"]
    assert stored.cached(build, ["demo", "other"], str(src)) is not None
    stored.lint_all(build, ["other", "demo"], str(src))
    assert linted == ["demo", "other"]


def test_a_build_no_store_keeps_is_linted_for_what_is_asked_only(tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from referee.store.record import assemble

    src = write_system(tmp_path / "rules", "demo", MANIFEST, {"rules.txt": "Musician\n\nFear\n\nUnits with Fear cause Panic Tests.\n"})
    asked: list[object] = []
    lint = lint_run.lint
    monkeypatch.setattr(lint_run, "lint", lambda build, system=None, select=None, *rest, **options: asked.append(select) or lint(build, system, select, *rest, **options))
    result = stored.lint(assemble(src), None, ["empty-rule"], rules_src=str(src))  # a build without a key
    assert asked == [["empty-rule"]] and [f.code for f in result.findings] == ["empty-rule"]
    assert not Path(database.path(src)).exists()  # nothing to keep them in


# --- referee lint reads them ---------------------------------------------------

# Each call as the store gives it and as linting anew gives it: every format, each severity
# shown, selections, a system; the demo system has an error, a warning, a note and a waived
# finding, rules_src every kind of finding there is.
DEMO_CALLS = [
    [],
    ["--min-severity", "info"],
    ["--min-severity", "error", "--format", "json"],
    ["--format", "json", "--select", "unused-waiver,empty-rule"],
    ["--format", "sarif", "--ignore", "unknown-waiver-code", "--min-severity", "info", "--docs-url", "https://example.org/d"],
    ["--system", "demo", "--source", "--min-severity", "info", "--fail-on", "warning"],
]
CORPUS_CALLS = [
    [],
    ["--system", "t9a", "--format", "json", "--min-severity", "info", "--ignore", "conflicting-definition,mangled-text"],
]


def _both(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str]) -> tuple[tuple[int, str, str], tuple[int, str, str]]:
    """The call's exit status, output and errors from the store (after a first call kept
    the findings), then from a lint anew, which neither reads nor writes the store."""
    main(["lint", *args])  # the findings kept, if they were not
    capsys.readouterr()
    kept = (main(["lint", *args]), *capsys.readouterr())
    with monkeypatch.context() as patch:
        patch.setattr(stored, "lint", lambda build, *asked, rules_src, **options: lint_run.lint(build, *asked, rules_src=rules_src, **options))
        patch.setattr(stored, "_read", lambda *_: pytest.fail("read the store"))
        fresh = (main(["lint", *args]), *capsys.readouterr())
    return kept, fresh


@pytest.mark.parametrize("args", DEMO_CALLS, ids=" ".join)
def test_referee_lint_from_the_store_says_byte_for_byte_what_linting_anew_says(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, private_cache: Path, args: list[str]
) -> None:
    write_system(tmp_path / "rules", "demo", MANIFEST, {"rules.txt": "Musician\n\nFear\n\nUnits with Fear cause Panic Tests.\n"})
    monkeypatch.chdir(tmp_path)
    kept, fresh = _both(capsys, monkeypatch, ["--rules-src", "rules", *args])
    assert kept == fresh
    assert kept[1] or kept[2]


@pytest.mark.parametrize("args", CORPUS_CALLS, ids=" ".join)
def test_referee_lint_of_rules_src_from_the_store_is_linting_anew(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    kept, fresh = _both(capsys, monkeypatch, args)
    assert kept == fresh
    assert kept[0] == 1 and kept[1].count("\n") > 50


def test_referee_lint_twice_lints_once_and_an_edit_lints_again(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path, private_cache: Path
) -> None:
    src = write_system(tmp_path / "rules", "demo", MANIFEST, {"rules.txt": "Musician\n\nFear\n\nUnits with Fear cause Panic Tests.\n"})
    linted: list[str | None] = []
    lint = lint_run.lint
    monkeypatch.setattr(lint_run, "lint", lambda build, system=None, **options: linted.append(system) or lint(build, system, **options))
    main(["lint", "--rules-src", str(src), "--format", "json"])
    first = capsys.readouterr().out
    main(["lint", "--rules-src", str(src), "--format", "json", "--min-severity", "info"])
    assert linted == ["demo"]  # the second call, asking for more, read the store
    assert '"unused-definition"' in capsys.readouterr().out
    (src / "demo" / "rules.txt").write_text("Musician\n\nFear\n\nUnits with Fear cause Panic Tests.\n\nDrummer\n")
    main(["lint", "--rules-src", str(src), "--format", "json"])
    assert linted == ["demo", "demo"]
    edited = capsys.readouterr().out
    assert edited != first and '"Drummer"' not in first and "drummer" in edited.lower()
    assert _kept(src) == [open_rules(src).whole().key]


def _kept(rules: Path) -> list[str]:
    """The builds whose findings the store keeps."""
    db = sqlite3.connect(database.path(rules))
    try:
        return [key for (key,) in db.execute("SELECT key FROM memo WHERE kind = 'lint'")]
    finally:
        db.close()
