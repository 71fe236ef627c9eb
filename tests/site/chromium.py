"""Headless Chromium (Debian's chromium and chromium-driver) driven by Selenium.

``make test`` installs Chromium when it is missing and it can (as root);
without it these tests are skipped with one line saying why, unless
``REFEREE_REQUIRE_BROWSER=1`` (set by ``.ci/run``) makes that a failure.
Never a browser download: only /usr/bin/chromium and /usr/bin/chromedriver.

Every page opened runs with ``alert``, ``confirm`` and ``prompt`` replaced by
a recorder, so a test can tell that a rule's ``<script>`` never ran.
Screenshots go to ``build/browser/`` (or ``$REFEREE_ARTIFACTS``), kept as
the run's artefacts.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import PROJECT
from tests.site.sites import BuiltSite

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
REQUIRE = "REFEREE_REQUIRE_BROWSER"
FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--allow-file-access-from-files",  # only for the test that opens the site from a folder
)
RECORD_DIALOGS = "window.__dialogs = []; for (const n of ['alert', 'confirm', 'prompt']) window[n] = (m) => { window.__dialogs.push(n + ': ' + m); };"


def missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            return f"{path} not found (as root: apt-get install {package})"
    return None


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    why = missing()
    if why:
        if os.environ.get(REQUIRE) == "1":
            pytest.fail(f"browser tests are required ({REQUIRE}=1) but {why}", pytrace=False)
        pytest.skip(f"browser tests skipped: {why}")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    profile = tempfile.mkdtemp(prefix="referee-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_DIALOGS})
    driver.set_window_size(1280, 900)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


def _serve(root: Path) -> Iterator[str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def corpus_url(corpus_site: BuiltSite) -> Iterator[str]:
    yield from _serve(corpus_site.root)


@pytest.fixture(scope="session")
def hostile_url(hostile_site: BuiltSite) -> Iterator[str]:
    yield from _serve(hostile_site.root)


@pytest.fixture
def screenshot(browser: Any, request: pytest.FixtureRequest) -> Callable[[str], Path]:
    folder = Path(os.environ.get("REFEREE_ARTIFACTS") or PROJECT / "build" / "browser")

    def take(label: str) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"{request.node.name}-{label}.png".replace("/", "_")
        browser.save_screenshot(str(path))
        return path

    return take


@pytest.fixture
def wide(browser: Any) -> Iterator[Any]:
    browser.set_window_size(1280, 900)
    yield browser


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A phone's screen: 390 CSS pixels wide, touch, no hover."""
    metrics = {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
    try:
        yield browser
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
