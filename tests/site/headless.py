"""Starting headless Chromium (Debian's chromium and chromium-driver) under Selenium: the one
place its flags are written, for the browser tests (tests/site/chromium.py, the fixtures) and
for benchmarks/site_search.py. Imports neither pytest nor Selenium until a browser starts.

Never a browser download: only /usr/bin/chromium and /usr/bin/chromedriver.
"""

from __future__ import annotations

import os
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
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


def missing() -> str | None:
    """Why a browser cannot start here, or None."""
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (pip install -e '.[test]')"
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            return f"{path} not found (as root: apt-get install {package})"
    return None


def start(profile: str | os.PathLike[str]) -> Any:
    """A headless Chromium with its profile in ``profile``, 1280x900 (the wide layout)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service(CHROMEDRIVER))
    driver.set_window_size(1280, 900)
    return driver
