"""The store's tests start from a store of the project's rules, built once per test run.

Each test gets its own copy of the rules and of the store their build wrote, in a
cache folder of its own: what a test then edits and rebuilds is its own, as if it
had built the rules itself, at the cost of copying two folders (a build of the
four systems costs about a second, and most of these tests start from one).  The
tests that want sections before and after every edit start from a store of small
sections (:data:`SMALL`), also built once per run.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from referee.graph.reading import WORKERS
from referee.lint.stored import lint_all
from referee.paths import rules_src_dir
from referee.store import database, record, writer
from referee.store.load import close_opened, open_rules, opened
from tests.conftest import made_once

CODE = "code"  # the code key of every store here: others editing the code mid-run forget nothing
SMALL = 7  # rules a section holds in the store of small sections


def _build_rules(base: Path, section_rules: int | None = None) -> str:
    """Build a copy of the project's rules in ``base`` into a cache of its own, with every
    system's findings as `referee lint` keeps them (or, in sections of ``section_rules``
    rules, without); the folder of the store it wrote."""
    with pytest.MonkeyPatch.context() as m:
        m.setenv("REFEREE_CACHE_DIR", str(base / "cache"))
        m.setenv(WORKERS, "1")
        m.setattr(writer, "code_key", lambda: CODE)
        if section_rules is not None:
            m.setattr(record, "SECTION_RULES", section_rules)
        src = Path(shutil.copytree(rules_src_dir(), base / "rules_src"))
        since = opened()
        built = open_rules(src).whole()
        if section_rules is None:
            lint_all(built, built.systems, str(src))
        close_opened(since)  # the store whole in its file, without SQLite's log beside it
        return database.folder(src)


@pytest.fixture(scope="session")
def built_rules() -> tuple[Path, Path]:
    """A copy of the project's rules and the folder of the store its build wrote, made once
    per test run (:func:`tests.conftest.made_once`)."""
    base, store = made_once("store-rules", _build_rules)
    return base / "rules_src", Path(store)


@pytest.fixture(scope="session")
def built_small_sections() -> tuple[Path, Path]:
    """The same in sections of :data:`SMALL` rules."""
    base, store = made_once("store-rules-small", lambda base: _build_rules(base, SMALL))
    return base / "rules_src", Path(store)


# Each copy of the rules a test was given, and the store (a build from nothing) its own store is a copy of
STARTED_FROM: dict[Path, str] = {}


def _copied(built: tuple[Path, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(WORKERS, "1")
    monkeypatch.setattr(writer, "code_key", lambda: CODE)
    src, store = built
    copy = Path(shutil.copytree(src, tmp_path / "rules_src"))
    shutil.copytree(store, database.folder(copy))
    STARTED_FROM[copy] = str(store / "rules.sqlite")
    return copy


@pytest.fixture
def rules(built_rules: tuple[Path, Path], tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the project's rules (four systems, five documents, four formats) with the
    store of their build in a private cache; effects read in this process, so the
    readers can be counted."""
    return _copied(built_rules, tmp_path, monkeypatch)


@pytest.fixture
def small_sections(built_small_sections: tuple[Path, Path], tmp_path: Path, private_cache: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The same, its store in sections of :data:`SMALL` rules (as builds in this test make
    them), so that every edit has sections before and after it."""
    monkeypatch.setattr(record, "SECTION_RULES", SMALL)
    return _copied(built_small_sections, tmp_path, monkeypatch)
