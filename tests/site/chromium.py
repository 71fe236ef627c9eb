"""Headless Chromium (Debian's chromium and chromium-driver) driven by Selenium.

``make test`` installs Chromium when it is missing and it can (as root);
without it these tests are skipped with one line saying why, unless
``REFEREE_REQUIRE_BROWSER=1`` (set by ``.ci/run``) makes that a failure.
Never a browser download: tests/site/headless.py starts only /usr/bin/chromium.

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
from tests.site.headless import missing, start
from tests.site.sites import BuiltSite

REQUIRE = "REFEREE_REQUIRE_BROWSER"
RECORD_DIALOGS = "window.__dialogs = []; for (const n of ['alert', 'confirm', 'prompt']) window[n] = (m) => { window.__dialogs.push(n + ': ' + m); };"
# The shared browser never runs the site's service worker: installed on a first visit, it fetches
# every page of the site at once, and a test's own page loads raced that storm (two CI failures:
# a home page with no game cards, a page with no resources). The offline test checks the worker
# in a browser of its own (tests/site/test_browser_players.py).
NO_SERVICE_WORKER = (
    "if (navigator.serviceWorker) navigator.serviceWorker.register = "
    "() => Promise.reject(new Error('no service worker in the shared test browser'));"
)


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    why = missing()
    if why:
        if os.environ.get(REQUIRE) == "1":
            pytest.fail(f"browser tests are required ({REQUIRE}=1) but {why}", pytrace=False)
        pytest.skip(f"browser tests skipped: {why}")
    profile = tempfile.mkdtemp(prefix="referee-chromium-")
    driver = start(profile)
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": RECORD_DIALOGS})
    driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": NO_SERVICE_WORKER})
    driver.get = functools.partial(_get_settled, driver, driver.get)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _get_settled(driver: Any, get: Callable[[str], None], url: str) -> None:
    """The driver's own ``get``, then a wait (at most 15 s, never a failure of its own) until the
    page asked for is the document scripts see, fully loaded. In a suite run in random order the
    shared browser's ``get`` sometimes returned while a script still saw an earlier state of the
    page (the Fear page with no relation lists, the home page with no article: both were there a
    moment later)."""
    from selenium.common.exceptions import TimeoutException
    from selenium.webdriver.support.ui import WebDriverWait

    get(url)
    script = (
        "const same = (a, b) => a.split('#')[0] === new URL(b, location.href).href.split('#')[0];"
        "return document.readyState === 'complete' && same(location.href, arguments[0])"
        " && !!document.body && document.body.childElementCount > 0;"
    )
    try:
        WebDriverWait(driver, 15).until(lambda d: d.execute_script(script, url))
    except TimeoutException:
        pass  # a page that moves on by itself (a redirect): the test's own checks say what is wrong


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


class Server(http.server.ThreadingHTTPServer):
    """A site's test server. The standard library's listens with a backlog of 5: Chromium opens
    a page's scripts, styles and fonts on several connections at once, and on a loaded machine a
    connection beyond the backlog was refused, so a page came up as the browser's error page (no
    game cards, no resources: two CI failures)."""

    request_queue_size = 128
    daemon_threads = True


def serve_folder(root: Path) -> Server:
    """``root`` served on a free port of 127.0.0.1, in a thread of its own."""
    server = Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def _serve(root: Path) -> Iterator[str]:
    server = Server(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(root)))
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


@pytest.fixture(scope="session")
def army_url(army_site: BuiltSite) -> Iterator[str]:
    yield from _serve(army_site.root)


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
    """A small phone's screen: 360 x 740 CSS pixels, touch, no hover."""
    metrics = {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True}
    browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", metrics)
    browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
    try:
        yield browser
    finally:
        browser.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
