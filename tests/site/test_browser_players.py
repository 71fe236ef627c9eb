"""A player's way through the site in headless Chromium, on a small phone (360 x 740, touch)
and on a desktop: home page -> a game -> search -> rule -> preview -> back; no page wider
than the phone's screen; diagrams readable; the service worker serving pages offline.

Without Debian's Chromium (or Selenium) this module is skipped with one line saying why;
with REFEREE_REQUIRE_BROWSER=1 (.ci/run) that is an error.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.site.chromium import REQUIRE, missing

_WHY = missing()
if _WHY:
    import os

    if os.environ.get(REQUIRE) == "1":
        pytest.fail(f"browser tests are required ({REQUIRE}=1) but {_WHY}", pytrace=False)
    pytest.skip(f"browser tests skipped: {_WHY}", allow_module_level=True)

from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402 - only once the browser is there
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

from tests.site.chromium import serve_folder  # noqa: E402
from tests.site.headless import start  # noqa: E402
from tests.site.sites import BuiltSite  # noqa: E402

T9A = "The Ninth Age: Fantasy Battles"
RESULTS = (
    "return Array.from(document.querySelectorAll('.md-search-result__item > a')).map(a => {"
    "  const h = a.querySelector('h1, h2').cloneNode(true), g = h.querySelector('.rf-result-game');"
    "  if (g) g.remove();"
    "  return [h.textContent.trim(), g ? g.textContent : null, new URL(a.href).pathname, new URL(a.href).searchParams.get('h'),"
    "          !!a.querySelector('.md-search-result__terms')]; })"
)


def results(browser: Any, first: str | None = None) -> list[list[Any]]:
    """(title, game, path, highlighted words, has a "Missing" line) per result, once the
    first result's title is ``first`` (if given) and the list has stopped changing: the
    box searches as it is typed in, so a list read (or tapped) between two keystrokes'
    answers may be replaced under the finger (a phone test's tap once landed on nothing)."""
    last: list[Any] = []

    def ready(d: Any) -> Any:
        found = d.execute_script(RESULTS)
        if not found or (first is not None and found[0][0] != first):
            last.clear()
            return None
        if last and last[0] == found:
            return found
        last[:] = [found]
        return None

    return WebDriverWait(browser, 15, poll_frequency=0.3).until(ready)


def tap(browser: Any, element: Any) -> None:
    """A finger's tap in the middle of ``element`` (touch events, as a phone sends them)."""
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    box = browser.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]", element)
    point = {"x": box[0], "y": box[1]}
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
    browser.execute_cdp_cmd("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def preview(browser: Any) -> Any:
    return WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".rf-preview:not([hidden])"))


def no_preview(browser: Any) -> bool:
    return bool(WebDriverWait(browser, 5).until(lambda d: not d.find_elements(By.CSS_SELECTOR, ".rf-preview:not([hidden])")))


def fits(browser: Any) -> list[int]:
    return browser.execute_script("return [window.innerWidth, document.documentElement.scrollWidth]")


@pytest.mark.parametrize("size", ["phone", "wide"])
def test_home_game_search_rule_preview_and_back(
    size: str, browser: Any, request: pytest.FixtureRequest, corpus_url: str, screenshot: Callable[[str], Path]
) -> None:
    browser = request.getfixturevalue(size)  # the phone's or the desktop's screen
    browser.get(corpus_url + "index.html")
    cards = WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".rf-game h2"), f"no game cards on {browser.current_url}: {browser.title!r}")
    assert T9A in [c.text for c in cards] and fits(browser)[1] <= fits(browser)[0]
    screenshot("home")
    # the game's own box: its search, on that game only
    box = browser.find_element(By.CSS_SELECTOR, "form.rf-game-search[data-game='t9a'] input")
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    box.click()
    box.send_keys("Hellebarde")
    found = results(browser, "Halberd")
    assert found[0][1] == T9A and found[0][3] == "hellebarde" and not found[0][4]
    assert all(game in (T9A, "Guide") for _t, game, *_ in found), found  # this game's rules, then any guide page
    assert browser.find_element(By.CSS_SELECTOR, ".rf-scope-game select").get_attribute("value") == "t9a"
    screenshot("search")
    # the opened rule highlights the words searched for
    link = browser.find_element(By.CSS_SELECTOR, ".md-search-result__item > a")
    tap(browser, link) if size == "phone" else link.click()
    WebDriverWait(browser, 10).until(lambda d: "/rules/t9a/halberd.html" in d.current_url)
    WebDriverWait(browser, 10).until(lambda d: [m.text for m in d.find_elements(By.CSS_SELECTOR, "article mark")])
    assert "Hellebarde" in [m.text for m in browser.find_elements(By.CSS_SELECTOR, "article mark")]
    assert fits(browser)[1] <= fits(browser)[0]
    screenshot("rule")
    # a link to another rule previews it
    mention = browser.find_element(By.CSS_SELECTOR, "article .rf-text a.rf-mention")
    target = mention.get_attribute("href").split("?")[0]
    here = browser.current_url
    if size == "phone":
        tap(browser, mention)  # the first tap previews, and stays on the page
        shown = preview(browser)
        assert browser.current_url == here and shown.find_element(By.CSS_SELECTOR, "a.rf-preview-open").get_attribute("href") == target
        assert shown.size["width"] <= 360 - 16 and fits(browser)[1] <= fits(browser)[0]
        screenshot("preview")
        tap(browser, mention)  # the second opens it
    else:
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", mention)
        ActionChains(browser).move_to_element(mention).perform()
        shown = preview(browser)
        screenshot("preview")
        ActionChains(browser).send_keys(Keys.ESCAPE).perform()
        assert no_preview(browser)
        mention.click()
    WebDriverWait(browser, 10).until(lambda d: d.current_url.split("?")[0] == target)
    browser.back()
    WebDriverWait(browser, 10).until(lambda d: d.current_url == here)
    assert browser.find_element(By.CSS_SELECTOR, "article h1").text == "Halberd"


def test_a_game_s_pages_search_that_game_with_a_switch_to_all_games(wide: Any, corpus_url: str, corpus_site: BuiltSite, screenshot: Callable[[str], Path]) -> None:
    wide.get(corpus_url + "rules/scrollhammer/index.html")
    wide.execute_script("document.querySelector('.md-search__input').focus()")
    wide.find_element(By.CSS_SELECTOR, "input.md-search__input").send_keys("Multiple Wounds")
    found = results(wide, "Multiple Wounds")
    assert [g for _t, g, *_ in found if g != "Guide"] == ["Scrollhammer"] * len([g for _t, g, *_ in found if g != "Guide"])
    switch = wide.find_element(By.CSS_SELECTOR, ".rf-scope-all")
    assert switch.is_displayed()
    switch.click()
    everywhere = WebDriverWait(wide, 10).until(lambda d: [r for r in d.execute_script(RESULTS) if r[0] == "Multiple Wounds"][1:] and d.execute_script(RESULTS))
    named = [(t, g) for t, g, *_ in everywhere if t == "Multiple Wounds"]
    assert named[:2] == [("Multiple Wounds", "Scrollhammer"), ("Multiple Wounds", T9A)]  # the player's game first
    games = [g for _t, g, *_ in everywhere]
    assert games == sorted(games, key=lambda g: g == "Guide")  # rules before the guide's pages
    screenshot("all-games")
    # a category within a game: only that category's rules
    Select(wide.find_element(By.CSS_SELECTOR, ".rf-scope-game select")).select_by_value("last-edition")
    WebDriverWait(wide, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".rf-scope-cat").is_displayed())
    Select(wide.find_element(By.CSS_SELECTOR, ".rf-scope-cat select")).select_by_value("PLAYING THE GAME")
    wide.find_element(By.CSS_SELECTOR, "input.md-search__input").clear()
    wide.find_element(By.CSS_SELECTOR, "input.md-search__input").send_keys("distances")
    found = results(wide, "DISTANCES")
    docs = json.loads(corpus_site.page("search/search_index.json"))["docs"]
    allowed = {"/" + d["location"] for d in docs if d.get("category") == "PLAYING THE GAME" and d.get("game") == "last-edition"}
    rules = {p for _t, g, p, *_ in found if g != "Guide"}
    assert rules and rules <= allowed, found


def test_a_preview_opens_from_the_keyboard_and_escape_closes_it(wide: Any, corpus_url: str) -> None:
    wide.get(corpus_url + "rules/t9a/fly.html")
    link = wide.find_element(By.CSS_SELECTOR, "article .rf-text a.rf-mention")
    wide.execute_script("arguments[0].focus()", link)
    shown = preview(wide)
    assert shown.find_element(By.CSS_SELECTOR, ".rf-preview-name").text == link.text or shown.text
    assert link.get_attribute("aria-describedby") == "rf-preview"
    ActionChains(wide).send_keys(Keys.ESCAPE).perform()
    assert no_preview(wide)


CORPUS_PAGES = [
    "index.html",
    "rules/t9a/index.html",
    "rules/t9a/categories.html",
    "rules/t9a/report.html",
    "rules/t9a/fly.html",
    "rules/t9a/barding.html",  # versions beside their word diffs
    "rules/t9a/catapult.html",
    "rules/last-edition/datasheets.html",
    "rules/scrollhammer/sources/special-rules-wiki.html",
    "rules/whfb-house/categories.html",
]


def test_no_page_is_wider_than_a_small_phone(phone: Any, corpus_url: str, hostile_url: str, hostile_site: BuiltSite, army_url: str, army_site: BuiltSite) -> None:
    """Each kind of page of the corpus, and every page of the two fixture sites (markup in
    rules, army data); benchmarks/site_phone.py checks every page of the corpus."""
    pages = [corpus_url + p for p in CORPUS_PAGES]
    for url, site in ((hostile_url, hostile_site), (army_url, army_site)):
        pages += [url + p.relative_to(site.root).as_posix() for p in site.pages()]
    wide = []
    for url in pages:
        phone.get(url)
        width = fits(phone)
        if width != [360, 360]:
            wide.append((url, width))
    assert wide == []


def test_diagram_labels_are_12_px_or_more_on_a_phone(phone: Any, corpus_url: str, screenshot: Callable[[str], Path]) -> None:
    phone.get(corpus_url + "rules/t9a/fly.html")
    sizes = phone.execute_script(
        "const svg = document.querySelector('svg.rf-diagram'); svg.scrollIntoView();"
        "const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;"
        "return Array.from(svg.querySelectorAll('text')).map(t => parseFloat(getComputedStyle(t).fontSize) * scale)"
    )
    assert sizes and min(sizes) >= 12, sizes
    figure = phone.find_element(By.CSS_SELECTOR, ".rf-figure")
    assert phone.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", figure)  # it scrolls in its box
    screenshot("diagram")


@pytest.fixture
def own_browser(tmp_path: Path) -> Iterator[Any]:
    """A Chromium of its own, with a profile of its own: a service worker registered in it
    can never answer for a page of another test (a port the offline test's server let go
    may be the next server's, and an unregistered worker lives on while a page it controls
    is open)."""
    driver = start(tmp_path / "profile")
    try:
        yield driver
    finally:
        driver.quit()


def test_the_service_worker_serves_pages_offline(own_browser: Any, corpus_site: BuiltSite, tmp_path: Path) -> None:
    browser = own_browser
    root = tmp_path / "site"
    shutil.copytree(corpus_site.root, root)
    server = serve_folder(root)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        browser.get(url + "index.html")
        assert browser.execute_script("return document.querySelector('link[rel=manifest]').getAttribute('href')").endswith("manifest.webmanifest")
        cached = browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "navigator.serviceWorker.ready.then(async () => { for (let i = 0; i < 200; i++) {"
            "  const keys = await caches.keys(); const mine = keys.filter(k => k.startsWith('referee-'));"
            "  if (mine.length) { const n = (await (await caches.open(mine[0])).keys()).length; if (n > 400) return done(n); }"
            "  await new Promise(r => setTimeout(r, 100)); } done(0); });"
        )
        assert cached > 400
    finally:
        server.shutdown()
        server.server_close()
    time.sleep(0.2)
    browser.get(url + "rules/t9a/fear.html")  # no server any more
    assert browser.find_element(By.CSS_SELECTOR, "article h1").text == "Fear"
    browser.get(url + "rules/scrollhammer/index.html?h=x")
    assert browser.find_element(By.CSS_SELECTOR, "article h1").text == "Scrollhammer"


def test_a_preview_shows_markup_in_a_rule_as_text(wide: Any, hostile_url: str) -> None:
    wide.get(hostile_url + "rules/hostile/fear.html")
    link = wide.find_element(By.CSS_SELECTOR, "article a.rf-mention[href$='terror.html']")
    wide.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    ActionChains(wide).move_to_element(link).perform()
    shown = preview(wide)
    assert "**bold**" in shown.text and "<div onclick=" in shown.text
    assert not shown.find_elements(By.CSS_SELECTOR, "img, script, iframe, strong, div[onclick]")
    assert wide.execute_script("return window.__dialogs") == []
