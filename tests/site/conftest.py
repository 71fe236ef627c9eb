"""Sites built once per test run (whichever worker asks first), the real rules_src's, the
hostile fixture system's and a small army's, and the browser the browser tests drive
(tests/site/chromium.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import RULES_SRC, made_once
from tests.site.chromium import army_url, browser, corpus_url, hostile_url, phone, screenshot, wide  # noqa: F401 - fixtures
from tests.site.sites import FIXTURE_RULES, BuiltSite, army_rules, build_site


def built_once(name: str, build: Callable[[Path], BuiltSite]) -> BuiltSite:
    """A site built once per test run (:func:`tests.conftest.made_once`), given the folder to build in."""
    base, rules_src = made_once(f"site-{name}", lambda base: str(build(base).rules_src))
    return BuiltSite(base / "site", Path(rules_src))


@pytest.fixture(scope="session")
def corpus_site() -> BuiltSite:
    """The site of the project's own rules_src."""
    return built_once("corpus", lambda base: build_site(RULES_SRC, base / "site", base / "config"))


@pytest.fixture(scope="session")
def hostile_site() -> BuiltSite:
    """The site of tests/site/fixtures/rules: rule texts full of markup."""
    return built_once("hostile", lambda base: build_site(FIXTURE_RULES, base / "site", base / "config"))


@pytest.fixture(scope="session")
def army_site() -> BuiltSite:
    """A small system with BattleScribe army data (tests/site/sites.py: army_rules)."""
    return built_once("army", lambda base: build_site(army_rules(base / "rules"), base / "site", base / "config"))
