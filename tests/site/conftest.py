"""Sites built once per test run, the real rules_src's and the hostile fixture system's,
and the browser the browser tests drive (tests/site/chromium.py)."""

from __future__ import annotations

import pytest

from tests.conftest import RULES_SRC
from tests.site.chromium import army_url, browser, corpus_url, hostile_url, phone, screenshot, wide  # noqa: F401 - fixtures
from tests.site.sites import FIXTURE_RULES, BuiltSite, army_rules, build_site


@pytest.fixture(scope="session")
def corpus_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The site of the project's own rules_src."""
    base = tmp_path_factory.mktemp("corpus-site")
    return build_site(RULES_SRC, base / "site", base / "config")


@pytest.fixture(scope="session")
def hostile_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """The site of tests/site/fixtures/rules: rule texts full of markup."""
    base = tmp_path_factory.mktemp("hostile-site")
    return build_site(FIXTURE_RULES, base / "site", base / "config")


@pytest.fixture(scope="session")
def army_site(tmp_path_factory: pytest.TempPathFactory) -> BuiltSite:
    """A small system with BattleScribe army data (tests/site/sites.py: army_rules)."""
    base = tmp_path_factory.mktemp("army-site")
    return build_site(army_rules(base / "rules"), base / "site", base / "config")
