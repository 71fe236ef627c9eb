"""Screenshots of the site's main pages on a small phone and a desktop, for docs/site.md.

    .venv/bin/python benchmarks/site_screenshots.py [--site DIR] [--out docs/images/site]

Builds the site of this checkout (``referee site build``: the guide and the
rules) unless given one, serves it, and in headless Chromium at 360 x 740
(touch) and 1280 x 800 takes: the home page, a game's index, the search
results, a rule page, a rule's preview, the Editor's report. Each picture is
at one device pixel per CSS pixel, so they stay small in the repository.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.site.headless import missing, start  # noqa: E402

SIZES = {"phone": (360, 740, True), "desktop": (1280, 800, False)}


def tap_or_hover(driver: Any, element: Any, touch: bool) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    if not touch:
        ActionChains(driver).move_to_element(element).perform()
        return
    box = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]", element)
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": box[0], "y": box[1]}]})
    driver.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def shoot(driver: Any, url: str, out: Path, size: str) -> None:
    from selenium.webdriver.common.by import By

    width, height, touch = SIZES[size]
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch})
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": touch})

    def save(name: str) -> None:
        time.sleep(0.4)
        driver.save_screenshot(str(out / f"{name}-{size}.png"))

    driver.get(url + "index.html")
    driver.execute_script("document.querySelector('.rf-games').scrollIntoView({block: 'start'}); window.scrollBy(0, -70)")
    save("home")
    driver.get(url + "rules/t9a/index.html")
    save("game")
    box = driver.find_element(By.CSS_SELECTOR, "form.rf-game-search input")
    box.click()
    box.send_keys("multiple wounds")
    time.sleep(1)
    save("search")
    driver.get(url + "rules/t9a/halberd.html?h=hellebarde")
    save("rule")
    tap_or_hover(driver, driver.find_element(By.CSS_SELECTOR, "article .rf-text a.rf-mention"), touch)
    time.sleep(0.6)
    save("preview")
    driver.get(url + "rules/t9a/report.html")
    driver.execute_script("document.getElementById('codes').scrollIntoView({block: 'start'}); window.scrollBy(0, -70)")
    save("report")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="a site already built")
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "images" / "site")
    args = parser.parse_args()
    why = missing()
    if why:
        raise SystemExit(f"needs Debian's chromium and chromium-driver: {why}")
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="referee-shots-") as scratch:
        site = args.site or Path(scratch) / "site"
        if args.site is None:
            subprocess.run([str(Path(sys.executable).parent / "referee"), "site", "build", "--out", str(site)], check=True, cwd=ROOT, stdout=subprocess.DEVNULL)

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *_args: Any) -> None:
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        driver = start(Path(scratch) / "profile")
        try:
            for size in SIZES:
                shoot(driver, f"http://127.0.0.1:{server.server_address[1]}/", args.out, size)
        finally:
            driver.quit()
            server.shutdown()
    print("\n".join(sorted(str(p.relative_to(ROOT)) for p in args.out.glob("*.png"))))


if __name__ == "__main__":
    main()
