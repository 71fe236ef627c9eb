"""The helper process: rule pages written from the end while the build writes from the start."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest

from referee.store.load import open_rules
from referee.lint import stored
from referee.site import ahead
from referee.site.pages import Options, Site
from tests.conftest import RULES_SRC, made_once


def _build(base: Path) -> str:
    rules = shutil.copytree(RULES_SRC, base / "rules")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("REFEREE_CACHE_DIR", str(base / "cache"))
        open_rules(rules).whole()
    return str(rules)


@pytest.fixture(scope="module")
def built() -> tuple[Path, Path]:
    """A copy of rules_src and a cache folder holding its build, made once for the run
    (:func:`tests.conftest.made_once`)."""
    base, rules = made_once("ahead-rules", _build)
    return Path(rules), base / "cache"


@pytest.fixture
def rules(built: tuple[Path, Path], private_cache: Path) -> Path:
    """The module's rules, with a cache folder of the test's own that starts as a copy of
    the run's (the build, no lint results yet): one cold build, not one per test."""
    folder, cache = built
    shutil.copytree(cache, private_cache, dirs_exist_ok=True)
    return folder


def test_the_helper_and_the_build_share_the_pages_and_agree_on_every_one(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ahead, "PAGES_AHEAD", 10)
    monkeypatch.setattr(ahead, "CHUNK", 20)
    monkeypatch.setattr(ahead.os, "cpu_count", lambda: 2)
    build = open_rules(rules).whole()
    site = Site.plan(build, Options(), str(rules))
    alone = Site.plan(build, Options(), str(rules))
    site.start_ahead()
    helper = site.ahead
    assert helper is not None and helper.process is not None
    try:
        rule_pages = [p.uri for p in site.ordered() if p.kind == "rule"]
        last = Path(helper.folder) / f"chunk-{len(helper.chunks) - 1:05d}.pickle"
        deadline = time.monotonic() + 120
        while not last.exists() and time.monotonic() < deadline:  # give it a start, so both write some
            time.sleep(0.05)
        by_helper = 0
        for uri in rule_pages:
            taken = helper.take(uri)
            by_helper += taken is not None
            mine = taken if taken is not None else site.write(uri)
            assert mine == alone.write(uri), uri
        helper.wait_for_lint()
        assert helper.process.returncode == 0
        assert 0 < by_helper < len(rule_pages)  # each wrote some: they met in between
        assert stored.cached(build, build.systems, str(rules)) is not None  # and it linted
    finally:
        site.close()


def test_no_helper_for_a_small_system_with_its_findings_cached(rules: Path) -> None:
    build = open_rules(rules).whole()
    stored.lint_all(build, build.systems, str(rules))
    assert ahead.Ahead.start(Site.plan(build, Options(), str(rules))) is None


def test_a_helper_that_dies_costs_nothing_but_time(rules: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ahead, "PAGES_AHEAD", 10)
    monkeypatch.setattr(ahead.os, "cpu_count", lambda: 2)
    build = open_rules(rules).whole()
    site = Site.plan(build, Options(), str(rules))
    site.start_ahead()
    assert site.ahead is not None and site.ahead.process is not None
    site.ahead.process.kill()
    site.ahead.process.wait()
    try:
        last = [p.uri for p in site.ordered() if p.kind == "rule"][-1]
        assert site.write(last) == Site.plan(build, Options(), str(rules)).write(last)
    finally:
        site.close()
