"""The site on a small phone, every page, and what a first visit costs (not a test).

    .venv/bin/python benchmarks/site_phone.py [--site DIR]

Builds the corpus site (the rules-only configuration, as benchmarks/site_search.py
does) unless given one, serves it, and in headless Chromium at 360 x 740 (touch):

- opens every page and counts those wider than the screen (the page's
  scroll width against the window's; the browser tests check a page of each
  kind and every page of the fixture sites, this checks all of the corpus);
- measures the first visit of the home page: the bytes of every file the
  page loads (the page, the theme's and our scripts and styles, the search
  index), as sent (this server does not compress) and gzipped (level 6, as
  a server with gzip on sends them); then what the service worker caches
  in the background for offline use: every file of the site, raw and gzipped.

Prints Markdown.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import http.server
import os
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from site_search import build_site  # noqa: E402  (the corpus site, the rules-only configuration)
from tests.site.headless import missing, start  # noqa: E402

LOADED = "return [performance.getEntriesByType('navigation')[0].name].concat(performance.getEntriesByType('resource').map(e => e.name))"


def gz(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6, mtime=0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="a site already built")
    args = parser.parse_args()
    why = missing()
    if why:
        raise SystemExit(f"needs Debian's chromium and chromium-driver: {why}")
    with tempfile.TemporaryDirectory(prefix="referee-bench-phone-") as scratch:
        work = Path(scratch)
        site = args.site or work / "site"
        if args.site is None:
            build_site(site, {**os.environ, "NO_MKDOCS_2_WARNING": "1"})

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *_args: Any) -> None:
                pass

        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        driver = start(work / "profile")
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 360, "height": 740, "deviceScaleFactor": 2, "mobile": True})
        driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True})
        try:
            driver.get(url + "index.html")
            time.sleep(2)  # the search index asked for
            first = sorted({urlsplit(u).path.lstrip("/") or "index.html" for u in driver.execute_script(LOADED) if u.startswith(url)})
            pages = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
            started, wide = time.perf_counter(), []
            for page in pages:
                driver.get(url + page)
                width = driver.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")
                if width[1] > width[0]:
                    wide.append((page, width))
            took = time.perf_counter() - started
        finally:
            driver.quit()
            server.shutdown()
        raw = {p: (site / p).read_bytes() for p in first if (site / p).is_file()}
        every = [p for p in site.rglob("*") if p.is_file() and p.name not in ("sw.js", "sitemap.xml.gz")]
        all_raw = sum(p.stat().st_size for p in every)
        all_gz = sum(gz(p.read_bytes()) for p in every)

    print(f"## The site on a 360 px phone ({time.strftime('%Y-%m-%d')})\n")
    print(f"Pages opened: {len(pages)} ({took:.0f} s); wider than the screen: {len(wide)}.")
    for page, width in wide:
        print(f"- {page}: {width[1]} px")
    print("\n| first visit of the home page | files | bytes as sent | gzipped |")
    print("|---|---:|---:|---:|")
    search = [p for p in raw if p.startswith("search/")]
    print(f"| the page, scripts and styles | {len(raw) - len(search)} | {sum(len(raw[p]) for p in raw if p not in search):,} | {sum(gz(raw[p]) for p in raw if p not in search):,} |")
    print(f"| the search index | {len(search)} | {sum(len(raw[p]) for p in search):,} | {sum(gz(raw[p]) for p in search):,} |")
    print(f"| total | {len(raw)} | {sum(len(v) for v in raw.values()):,} | {sum(gz(v) for v in raw.values()):,} |")
    print(f"| then cached for offline use by the service worker (every file) | {len(every)} | {all_raw:,} | {all_gz:,} |")
    print("\nLargest files of the first visit:\n")
    for p in sorted(raw, key=lambda p: -len(raw[p]))[:6]:
        print(f"- `{p}`: {len(raw[p]):,} bytes, {gz(raw[p]):,} gzipped")


if __name__ == "__main__":
    main()
