"""Search on the site, measured against `referee search` on the same queries (not a test).

    .venv/bin/python benchmarks/site_search.py [--site DIR]

Builds the corpus site (``referee site build``, the rules-only
configuration), opens it in headless Chromium (Debian's, driven by
Selenium) and types each query of tests/search/queries.toml into the
theme's search box; the rank of the wanted rule is the place of its page
among the results (the first ten). The same queries go to Referee's own
search in the same run. Two readings of the site:

- *whole site*: the results as a player sees them; the site's search has no
  ``--system``, so a query meant for one system competes with all four;
- *in the system*: the results of other systems' pages left out, as
  ``--system`` does for the command line.

Prints Markdown: mean reciprocal rank (MRR, first ten) and hits@3, overall
and per kind of query, then each query the site does not answer first.

    .venv/bin/python benchmarks/site_search.py --player [--site DIR]

The player's script instead (benchmarks/site_player_queries.toml: 25
lookups, each written with its wanted rule before any was run): each query
typed where the player is, into the search box of the game's index page
(the site's search then looks in that game, as ``referee search --system``)
or of the home page (every game); the same queries go to ``referee search``.
Prints, per query, the wanted rule's rank in both, how many are first,
and the time from a keystroke to the results shown (the page's clock, the
index loaded, each query typed whole at once, the median of three tries:
then the median and the worst over the 25).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from search import load_queries, print_quality, rank  # noqa: E402  (the search benchmark's scoring and table)
from tests.site.headless import missing, start  # noqa: E402  (the browser tests' Chromium, flags and all)

BIN = Path(sys.executable).parent


def build_site(out: Path, env: dict[str, str]) -> None:
    code = (
        "import sys; from referee.site.commands import write_config; from referee.store.load import open_rules;"
        "print(write_config(sys.argv[1], open_rules(sys.argv[2]).whole()))"
    )
    config = subprocess.run([sys.executable, "-c", code, str(out.parent / "config"), str(ROOT / "rules_src")], env=env, capture_output=True, text=True, check=True).stdout.strip()
    subprocess.run([str(BIN / "referee"), "site", "build", "--config", config, "--out", str(out)], env=env, check=True, stdout=subprocess.DEVNULL)


def site_results(driver: Any, url: str, query: str, pages: dict[str, str]) -> list[str]:
    """Rule ids of the result pages, best first (guide pages and others left out)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(url + "index.html")
    driver.execute_script("document.querySelector('.md-search__input').focus()")
    field = driver.find_element(By.CSS_SELECTOR, "input.md-search__input")
    field.send_keys(query)
    try:
        WebDriverWait(driver, 5).until(
            lambda d: d.find_elements(By.CSS_SELECTOR, ".md-search-result__item")
            or "No matching" in d.find_element(By.CSS_SELECTOR, ".md-search-result__meta").text
        )
    except Exception:  # noqa: BLE001 - no answer in time counts as nothing found
        return []
    time.sleep(0.3)  # the list settles as the query is typed
    paths = driver.execute_script(
        "return Array.from(document.querySelectorAll('.md-search-result__item > a')).map(a => new URL(a.href).pathname)"
    )
    return [pages[p.lstrip("/")] for p in paths if p.lstrip("/") in pages]


PLAYER = ROOT / "benchmarks" / "site_player_queries.toml"
# the keystroke to the first result drawn, in the page: the theme's search answers on keyup
TYPE = (
    "const [query, done] = arguments; const input = document.querySelector('.md-search__input');"
    "const list = document.querySelector('.md-search-result__list');"
    "const start = performance.now();"
    "const seen = new MutationObserver(() => { if (list.querySelector('.md-search-result__item')) {"
    "  seen.disconnect(); done(performance.now() - start); } });"
    "seen.observe(list, {childList: true}); input.value = query;"
    "input.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}));"
    "setTimeout(() => { seen.disconnect(); done(-1); }, 5000);"
)


def player(driver: Any, url: str, cli: Any, pages: dict[str, str]) -> None:
    """The player's 25 lookups in the command line and in the site; prints Markdown."""
    import statistics
    import tomllib

    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    queries = tomllib.loads(PLAYER.read_text(encoding="utf-8"))["query"]
    rows, times, firsts = [], [], {"cli": 0, "site": 0}
    for q in queries:
        game = q.get("game")
        found_cli = [r.id for r in cli.search(q["text"], game, 10).results]
        driver.get(url + (f"rules/{game}/index.html" if game else "index.html"))
        driver.execute_script("document.querySelector('.md-search__input').focus()")
        WebDriverWait(driver, 10).until(lambda d: "matching" not in d.find_element(By.CSS_SELECTOR, ".md-search-result__meta").text or True)
        time.sleep(0.5)  # the index loaded into the worker
        tries = []
        for _ in range(3):  # the median of three, the box emptied in between (a loaded machine stalls now and then)
            driver.execute_script("const i = document.querySelector('.md-search__input'); i.value = ''; i.dispatchEvent(new KeyboardEvent('keyup', {bubbles: true}))")
            time.sleep(0.15)
            tries.append(driver.execute_async_script(TYPE, q["text"]))
        took = statistics.median(tries)
        time.sleep(0.2)
        paths = driver.execute_script("return Array.from(document.querySelectorAll('.md-search-result__item > a')).map(a => new URL(a.href).pathname)")
        found_site = [pages.get(p.lstrip("/"), p) for p in paths]
        r_cli, r_site = rank(found_cli, [q["want"]]), rank(found_site, [q["want"]])
        firsts["cli"] += r_cli == 1
        firsts["site"] += r_site == 1
        if took >= 0:
            times.append(took)
        rows.append(f"| `{q['text']}` | {game or 'all games'} | {q['want']} | {r_cli or '>10'} | {r_site or '>10'} | {took:.0f} ms |")
    print(f"## A player's 25 lookups ({time.strftime('%Y-%m-%d')})\n")
    print("| query | searched in | wanted | `referee search` rank | site rank | keystroke to results |")
    print("|---|---|---|---:|---:|---:|")
    print("\n".join(rows))
    print(f"\nWanted rule first: `referee search` {firsts['cli']} of {len(queries)}, site {firsts['site']} of {len(queries)}.")
    if times:
        print(f"Keystroke to results in the site: median {statistics.median(times):.0f} ms, worst {max(times):.0f} ms ({len(times)} queries).")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--site", type=Path, help="a site already built with the rules-only configuration")
    parser.add_argument("--player", action="store_true", help="the player's 25 lookups (benchmarks/site_player_queries.toml)")
    args = parser.parse_args()
    why = missing()
    if why:
        raise SystemExit(f"needs Debian's chromium and chromium-driver (make test installs them as root): {why}")
    import functools
    import http.server
    import threading

    from referee.store.load import open_rules
    from referee.search.index import open_index
    from referee.site.urls import Address, html_path

    queries = load_queries()
    with tempfile.TemporaryDirectory(prefix="referee-bench-search-") as scratch:
        work = Path(scratch)
        env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
        site = args.site or work / "site"
        if args.site is None:
            build_site(site, env)
        rules_src = str(ROOT / "rules_src")
        build = open_rules(rules_src).whole()
        address = Address("rules")
        pages = {html_path(address.rule_page(rid)): rid for rid in build.rules}
        cli = open_index(rules_src)

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *_args: Any) -> None:
                pass

        handler = functools.partial(Quiet, directory=str(site))
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{server.server_address[1]}/"
        driver = start(work / "profile")  # 1280 px wide: the search field of the wide layout
        if args.player:
            try:
                player(driver, url, cli, pages)
            finally:
                driver.quit()
                server.shutdown()
            return
        ranks: dict[str, list[int | None]] = {"`referee search`": [], "site, whole site": [], "site, in the system": []}
        misses = []
        try:
            for q in queries:
                want, system = q["want"], q.get("system")
                ranks["`referee search`"].append(rank([r.id for r in cli.search(q["text"], system, 10).results], want))
                found = site_results(driver, url, q["text"], pages)
                ranks["site, whole site"].append(rank(found, want))
                mine = [rid for rid in found if system is None or rid.startswith(system + "/")]
                ranks["site, in the system"].append(rank(mine, want))
                if ranks["site, whole site"][-1] != 1:
                    misses.append((q, ranks["site, whole site"][-1], found[:3]))
        finally:
            driver.quit()
            server.shutdown()

    print_quality(f"Search on the site beside `referee search` ({time.strftime('%Y-%m-%d')})", ranks, queries)
    print("\nQueries the site (whole site) does not answer first:\n")
    for q, r, top in misses:
        print(f"- `{q['text']}` ({q.get('system') or 'all systems'}, {q['kind']}): rank {r or '>10'}, want {q['want'][0]}; first: {', '.join(top) or 'nothing'}")


if __name__ == "__main__":
    main()
