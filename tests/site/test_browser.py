"""The site in headless Chromium: search, relation lists, previews, diagrams, phones,
offline use, the paste box, and markup in rules shown as text and never run.

Without Debian's Chromium (or Selenium) this whole module is skipped with one
line saying why; with REFEREE_REQUIRE_BROWSER=1 (.ci/run) that is an error.
"""

from __future__ import annotations

from collections.abc import Callable
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
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from referee.store.record import Build  # noqa: E402
from referee.store.load import open_rules  # noqa: E402
from referee.keywords import KeywordSyntaxError, parse, to_json  # noqa: E402
from referee.keywords.corpus import keyword_strings  # noqa: E402
from referee.keywords.resolve import resolve  # noqa: E402
from tests.conftest import RULES_SRC  # noqa: E402
from tests.site.sites import BuiltSite  # noqa: E402


def _search(browser: Any, url: str, query: str, page: str = "index.html") -> list[tuple[str, str]]:
    """(title, path) of the search results for ``query`` typed on ``page``, best first (the
    highlight's ?h= and the game each result names left out)."""
    browser.get(f"{url}{page}")
    browser.execute_script("document.querySelector('.md-search__input').focus()")
    field = browser.find_element(By.CSS_SELECTOR, "input.md-search__input")
    field.send_keys(query)
    WebDriverWait(browser, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".md-search-result__item"))
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('.md-search-result__item > a')).map(a => {"
        "  const h = a.querySelector('h1, h2').cloneNode(true); h.querySelectorAll('.rf-result-game').forEach(g => g.remove());"
        "  return [h.textContent.trim(), new URL(a.href).pathname + new URL(a.href).hash]; })"
    )


def test_search_finds_halberd_by_its_german_name(wide: Any, corpus_url: str, screenshot: Callable[[str], Path]) -> None:
    results = _search(wide, corpus_url, "Hellebarde")
    assert results[0][0] == "Halberd" and results[0][1].endswith("rules/t9a/halberd.html")
    screenshot("results")


@pytest.mark.parametrize(
    ("query", "page"),
    [
        ("Swiftstride", "rules/t9a/swiftstride.html"),  # its own page before every page mentioning it
        ("Todesstoss", "rules/t9a/lethal-strike.html"),  # Todesstoß typed without ß
        ("Plankler", "rules/t9a/skirmisher.html"),  # Plänkler typed without the umlaut
        ("Angst", "rules/t9a/fear.html"),
        # found by our search worker (referee/site/assets/search-worker.js), which lunr alone did not
        ("vangaurd", "rules/t9a/vanguard.html"),  # two letters swapped
        ("swift stride", "rules/t9a/swiftstride.html"),  # the name without its space
        ("Poisoned Attacks (4+)", "rules/t9a/poison-attacks.html"),  # an alias, its parameter left out
        ("counter attack", "rules/scrollhammer/counter-attack.html"),  # the whole name before Ranged Counterfire
    ],
)
def test_search_puts_the_rule_first(wide: Any, corpus_url: str, query: str, page: str) -> None:
    assert _search(wide, corpus_url, query)[0][1].endswith(page)


def test_the_fear_page_lists_what_grants_it_and_what_references_it(wide: Any, corpus_url: str, screenshot: Callable[[str], Path]) -> None:
    wide.get(f"{corpus_url}rules/t9a/fear.html")
    lists = wide.execute_script(
        "const out = {}; for (const h of document.querySelectorAll('article h3')) {"
        "  const list = h.nextElementSibling; if (list && list.matches('ul.rf-rels'))"
        "    out[h.id] = Array.from(list.querySelectorAll(':scope > li > .rf-rel > a')).map(a => a.textContent); }"
        "return out;"
    )
    assert lists["granted-by"] == ["Terror"]
    assert "Commanding Presence" in lists["referenced-by"]
    assert "Fearless" in lists["rules-immune-to-it"]
    quote = wide.find_element(By.CSS_SELECTOR, "#granted-by + ul blockquote q")
    assert quote.is_displayed() and quote.text == "The model gains Fear and is immune to the effects of Terror."
    screenshot("fear")


def test_hovering_a_linked_rule_previews_it(wide: Any, corpus_url: str, screenshot: Callable[[str], Path]) -> None:
    wide.get(f"{corpus_url}rules/t9a/fly.html")
    link = wide.find_element(By.CSS_SELECTOR, "#v2 a.rf-mention[href$='light-troops.html']")
    wide.execute_script("arguments[0].scrollIntoView({block: 'center'})", link)
    ActionChains(wide).move_to_element(link).perform()
    tip = WebDriverWait(wide, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".rf-preview:not([hidden])"))
    lines = tip.text.split("\n")
    assert lines[:2] == ["Light Troops", "The Ninth Age: Fantasy Battles · Universal Rule"], lines
    assert lines[2].startswith("A unit composed entirely of models with Light Troops"), lines
    assert tip.find_element(By.CSS_SELECTOR, "a.rf-preview-open").get_attribute("href").endswith("rules/t9a/light-troops.html")
    assert not link.get_attribute("title")  # the build's plain tooltip gave way
    screenshot("preview")


def test_a_sentence_link_lands_on_the_sentence(wide: Any, corpus_url: str) -> None:
    wide.get(f"{corpus_url}rules/t9a/fly.html#s-the-model-gains-light-troops")
    # the page may still be laying out (fonts, the diagram) when get() returns on a busy machine:
    # wait, up to 10 s, for the target to exist and stand in view, then check what it is
    target = WebDriverWait(wide, 10).until(
        lambda d: d.execute_script(
            "const t = document.querySelector(':target'); if (!t) return null; const r = t.getBoundingClientRect();"
            "return r.top >= 0 && r.bottom <= innerHeight ? [t.textContent, getComputedStyle(t).backgroundColor, true] : null;"
        )
    )
    assert target[0].startswith("The model gains Light Troops and Swiftstride.")
    assert target[1] not in ("rgba(0, 0, 0, 0)", "transparent")  # marked
    assert target[2]  # and scrolled into view
    pins = wide.execute_script(
        "return Array.from(document.querySelectorAll('.rf-s')).map(s => [s.id || s.dataset.at, s.querySelector(':scope > a.rf-pin').getAttribute('href')])"
    )
    assert pins and all(href == f"#{anchor}" for anchor, href in pins)  # every sentence has its ¶ link to itself


def test_the_neighbourhood_diagram_renders_and_its_nodes_lead_on(wide: Any, corpus_url: str, screenshot: Callable[[str], Path]) -> None:
    wide.get(f"{corpus_url}rules/t9a/fly.html")
    svg = wide.find_element(By.CSS_SELECTOR, "svg.rf-diagram")
    wide.execute_script("arguments[0].scrollIntoView({block: 'center'})", svg)
    assert svg.size["width"] > 300 and svg.size["height"] > 80
    # the link over a node sits on that node's box, whatever the width the picture got
    boxes = wide.execute_script(
        "const link = document.querySelector('a.rf-node-link[href$=\"light-troops.html\"]');"
        "const text = Array.from(document.querySelectorAll('svg.rf-diagram text')).find(t => t.textContent === 'Light Troops');"
        "const rect = text.previousElementSibling.getBoundingClientRect(); const l = link.getBoundingClientRect();"
        "return [l.x, l.y, l.width, l.height, rect.x, rect.y, rect.width, rect.height];"
    )
    assert all(abs(a - b) < 2 for a, b in zip(boxes[:4], boxes[4:])), boxes
    screenshot("diagram")
    wide.find_element(By.CSS_SELECTOR, "a.rf-node-link[href$='light-troops.html']").click()
    WebDriverWait(wide, 10).until(lambda d: d.current_url.endswith("/rules/t9a/light-troops.html"))


def test_the_site_opened_from_a_folder_works_without_a_server(wide: Any, corpus_site: BuiltSite, screenshot: Callable[[str], Path]) -> None:
    wide.get((corpus_site.root / "rules/t9a/fear.html").as_uri())
    header = wide.find_element(By.CSS_SELECTOR, ".md-header")
    assert header.value_of_css_property("background-color") not in ("rgba(0, 0, 0, 0)", "transparent")  # the theme's styles loaded
    loaded = wide.execute_script("return Array.from(document.querySelectorAll('script[src], link[href]')).map(e => e.src || e.href)")
    assert loaded and all(r.startswith("file://") for r in loaded), loaded
    screenshot("file")
    wide.find_element(By.CSS_SELECTOR, "#granted-by + ul a.rf-mention").click()
    WebDriverWait(wide, 10).until(lambda d: d.current_url.endswith("/rules/t9a/terror.html"))
    wide.get((corpus_site.root / "rules/t9a/index.html").as_uri())
    WebDriverWait(wide, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".rf-paste").get_attribute("data-ready") == "yes")


def test_nothing_is_fetched_from_another_host(wide: Any, corpus_url: str) -> None:
    for page in ("index.html", "rules/t9a/fly.html", "rules/t9a/index.html"):
        wide.get(corpus_url + page)
        # the load event can come before the page's article on a busy machine (a fresh clone's
        # suite once found none at once on the home page): wait for it, as a reader would
        WebDriverWait(wide, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, "article"), f"{page} did not load: {wide.title!r}")
        resources = wide.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
        assert resources and all(r.startswith(corpus_url) for r in resources), resources


@pytest.mark.parametrize("page", ["rules/hostile/fear.html", "rules/hostile/terror.html", "rules/hostile/stubborn.html", "rules/hostile/index.html"])
def test_markup_in_rules_is_shown_and_never_run(wide: Any, hostile_url: str, page: str, screenshot: Callable[[str], Path]) -> None:
    wide.get(hostile_url + page)
    article = wide.find_element(By.CSS_SELECTOR, "article")
    assert not article.find_elements(By.CSS_SELECTOR, "img, script, iframe, .mermaid, strong")
    if page.endswith("fear.html"):
        assert 'cause <script>alert("fear")</script> panic' in article.text
        assert """<img src=x onerror="alert('img')">""" in article.text
    if page.endswith("terror.html"):
        assert "**bold**" in article.text and "```mermaid graph TD; A-->B ```" in article.text
        for link in article.find_elements(By.CSS_SELECTOR, "a"):
            ActionChains(wide).move_to_element(link).perform()
    assert wide.execute_script("return window.__dialogs") == []
    screenshot("hostile")


def test_searching_hostile_text_runs_nothing(wide: Any, hostile_url: str) -> None:
    results = _search(wide, hostile_url, "panic")
    assert results and results[0][1].endswith("rules/hostile/fear.html")
    shown = wide.find_element(By.CSS_SELECTOR, ".md-search-result__item").text
    assert "<script>" in shown or "alert" in shown
    assert wide.execute_script("return window.__dialogs") == []
    assert not wide.find_elements(By.CSS_SELECTOR, ".md-search-result img")


def test_an_alias_with_markup_is_found_and_shown_as_text(wide: Any, hostile_url: str) -> None:
    results = _search(wide, hostile_url, "Schrecken")
    assert results[0][1].endswith("rules/hostile/terror.html")
    item = wide.find_element(By.CSS_SELECTOR, ".md-search-result__item")
    assert not item.find_elements(By.CSS_SELECTOR, "i, b") and "Schrecken <i>x</i>" in " ".join(item.text.split())
    assert wide.execute_script("return window.__dialogs") == []


def test_search_works_in_a_site_opened_from_a_folder(wide: Any, corpus_site: BuiltSite, screenshot: Callable[[str], Path]) -> None:
    wide.get((corpus_site.root / "index.html").as_uri())
    wide.execute_script("document.querySelector('.md-search__input').focus()")
    wide.find_element(By.CSS_SELECTOR, "input.md-search__input").send_keys("Hellebarde")
    WebDriverWait(wide, 15).until(lambda d: d.find_elements(By.CSS_SELECTOR, ".md-search-result__item"))
    first = wide.find_element(By.CSS_SELECTOR, ".md-search-result__item > a")
    assert first.find_element(By.CSS_SELECTOR, "h1, h2").text == "Halberd The Ninth Age: Fantasy Battles"
    assert first.find_element(By.CSS_SELECTOR, ".rf-result-game").text == "The Ninth Age: Fantasy Battles"
    assert first.get_attribute("href").startswith("file://") and "/rules/t9a/halberd.html" in first.get_attribute("href")
    screenshot("folder-search")


# -- the paste box ------------------------------------------------------------------

# Strings no document holds, each testing one way of reading (system, string).
EXTRA = (
    ("t9a", "Aegis (4+, against Melee Attacks), Fortitude (5+)"),
    ("scrollhammer", "Immune to Poison, Fear"),  # a word after a name its rule writes so
    ("t9a", "Hellebarde, Lances, Fearless / Stubborn"),
    ("t9a", "Angst, Furchtlos, Schwere Rüstung"),
    ("t9a", "Stealth +2 Strength"),
    ("t9a", '12" Ranged 2'),
    ("t9a", "2+/4+As, 3++, 4+-"),
    ("t9a", "Multiple Wounds (D3, Clipped Wings), Fearless."),
    ("t9a", "Leader (green/red) +8 {3 base / 2 guardian/elite}"),
    ("t9a", "Breath Attack (Str 4, AP 1, Flaming Attacks)"),
    ("t9a", "Fly (8\", 16\"), Swiftstride"),
    ("t9a", "Hatred (Dragoons) Fear (x)"),
    ("t9a", "Str 3 [7], AP 0[4]"),
    ("t9a", "FO Same as user, Accurate"),
    ("t9a", "Fear\u200b, Terror"),
    ("t9a", "Fear\u202e, Terror"),
    ("t9a", "Fear\x07, Terror"),
    ("t9a", "Fear \U000e0001"),
    ("t9a", "Fear (4+]"),
    ("t9a", "Fear (4+,)"),
    ("t9a", "Fear. Terror"),
    ("t9a", "Fear, , Terror"),
    ("t9a", "Poisoned (\U0001d7d2+), Fear"),
    ("t9a", "Poisoned (\U0001d7d2+), Fear ("),
    ("t9a", "a | b"),
    ("t9a", "Poisoned (4+"),
    ("t9a", "Fear)"),
    ("t9a", ",Fear"),
    ("t9a", "Fear,"),
    ("t9a", "()"),
    ("t9a", "Fear (D)"),
    ("last-edition", "Ranged 2 heavy/sniper, Melee 1 light +1"),
    ("last-edition", "Melee X heavy -Y, Ranged X heavy"),
    ("scrollhammer", "Absorb Magicka(2 on a 4+)"),
)


def expected(text: str, system: str, view: Any) -> dict[str, Any]:
    """What the browser must say: each use's name, span and rule, and its nested keywords;
    or, for a string that cannot be read, the message and the column of the caret."""
    try:
        data = resolve(to_json(parse(text)), view, system)
    except KeywordSyntaxError as error:
        return {"error": [error.message, error.column]}
    return {
        "keywords": [
            {
                "name": kw["name"],
                "span": list(kw["span"]),
                "rule": kw.get("rule"),
                "candidates": kw.get("candidates"),
                "nested": [
                    {"name": a["name"], "rule": a["rule"], "candidates": a.get("candidates")}
                    for a in kw["args"]
                    if a.get("kind") == "keyword"
                ],
            }
            for kw in data["keywords"]
        ]
    }


IN_BROWSER = """
const [strings, system] = arguments;
return strings.map((text) => {
  const got = window.RefereeKeywords.read(text, window.RefereeNames[system]);
  if (got.error) return {error: [got.error, got.column]};
  return {keywords: got.keywords.map((k) => ({
    name: k.name, span: k.span, rule: k.name === null ? null : k.rule, candidates: k.candidates || null,
    nested: k.nested.map((n) => ({name: n.name, rule: n.rule, candidates: n.candidates || null})),
  }))};
});
"""


def _open_index(browser: Any, url: str, system: str) -> None:
    browser.get(f"{url}rules/{system}/index.html")
    WebDriverWait(browser, 10).until(lambda d: d.find_element(By.CSS_SELECTOR, ".rf-paste").get_attribute("data-ready") == "yes")


def test_the_browser_reads_every_keyword_string_as_referee_parse(browser: Any, corpus_url: str, rulebase: Build) -> None:
    view = open_rules(RULES_SRC)
    cases: dict[str, list[str]] = {}
    for found in keyword_strings(rulebase):
        cases.setdefault(found.system, []).append(found.text)
    for system, text in EXTRA:
        cases.setdefault(system, []).append(text)
    disagree = []
    checked = 0
    for system, strings in sorted(cases.items()):
        _open_index(browser, corpus_url, system)
        got = browser.execute_script(IN_BROWSER, strings, system)
        for text, mine in zip(strings, got, strict=True):
            checked += 1
            want = expected(text, system, view)
            if mine != want:
                disagree.append((system, text, want, mine))
    assert checked > 100 and disagree == []


def test_a_pasted_line_links_each_rule_with_its_parameters(browser: Any, corpus_url: str, screenshot: Callable[[str], Path]) -> None:
    _open_index(browser, corpus_url, "t9a")
    box = browser.find_element(By.ID, "rf-paste-input")
    box.send_keys("Multiple Wounds (D3, Clipped Wings), Hellebarde, Plumpsack")
    WebDriverWait(browser, 10).until(lambda d: len(d.find_elements(By.CSS_SELECTOR, "#rf-paste-result li")) == 3)
    items = browser.find_elements(By.CSS_SELECTOR, "#rf-paste-result li")
    first = items[0].find_element(By.CSS_SELECTOR, "a")
    assert first.text == "Multiple Wounds" and first.get_attribute("href").endswith("/rules/t9a/multiple-wounds.html")
    assert "(D3, Clipped Wings)" in items[0].text
    halberd = items[1].find_element(By.CSS_SELECTOR, "a")
    assert halberd.text == "Hellebarde" and halberd.get_attribute("href").endswith("/rules/t9a/halberd.html") and "(Halberd)" in items[1].text
    assert "not a rule of this system" in items[2].text and not items[2].find_elements(By.CSS_SELECTOR, "a")
    screenshot("paste")
    first.click()
    WebDriverWait(browser, 10).until(lambda d: d.current_url.endswith("/rules/t9a/multiple-wounds.html"))


def test_an_unreadable_line_says_where(browser: Any, corpus_url: str) -> None:
    _open_index(browser, corpus_url, "t9a")
    box = browser.find_element(By.ID, "rf-paste-input")
    box.clear()
    box.send_keys("Poisoned (4+")
    WebDriverWait(browser, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#rf-paste-result .rf-kw-error"))
    assert browser.find_element(By.CSS_SELECTOR, "#rf-paste-result").text == "Could not read this string: missing closing bracket at column 13."


# -- armies and units (tests/site/sites.py: army_rules) ---------------------------------


def test_a_unit_page_shows_its_profile_and_its_rules_lead_to_their_pages(wide: Any, army_url: str, screenshot: Callable[[str], Path]) -> None:
    wide.get(f"{army_url}rules/demo/armies/demo-army/spearmen.html")
    WebDriverWait(wide, 10).until(lambda d: d.find_elements(By.CSS_SELECTOR, "article .rf-unit-profiles table"))
    cells = wide.execute_script(
        "return Array.from(document.querySelectorAll('article .rf-unit-profiles table')).map("
        "t => Array.from(t.querySelectorAll('tbody tr')).map(r => Array.from(r.cells).map(c => c.textContent)))"
    )
    assert cells[0] == [["Spearman", "Spearmen", "3", "Fear, Aegis (4+), Marine Training, Stubborn"]]
    screenshot("unit")
    wide.find_element(By.CSS_SELECTOR, "#r-aegis-4 a.rf-unit-rule").click()
    WebDriverWait(wide, 10).until(lambda d: d.current_url.endswith("rules/demo/aegis.html"))
    assert wide.find_element(By.CSS_SELECTOR, "article h1").text == "Aegis"


def test_a_rule_page_lists_the_units_that_use_it(wide: Any, army_url: str, screenshot: Callable[[str], Path]) -> None:
    wide.get(f"{army_url}rules/demo/fear.html")
    script = "return Array.from(document.querySelectorAll('ul.rf-used-by > li')).map(li => li.textContent)"
    # the page may still be settling when get() returns on a loaded machine (seen once in CI-like runs)
    WebDriverWait(wide, 10).until(lambda d: d.execute_script(script))
    users = wide.execute_script(script)
    assert users == ["Spearmen: Fear on Spearman", """<img src=x onerror="alert('unit')"> Imps: Fear""", "Spearmen: Fear"]
    screenshot("used-by")
    wide.find_element(By.CSS_SELECTOR, "ul.rf-used-by a.rf-user").click()
    WebDriverWait(wide, 10).until(lambda d: d.current_url.endswith("rules/demo/armies/demo-army/spearmen.html"))
    assert wide.find_element(By.CSS_SELECTOR, "article h1").text == "Spearmen"


def test_markup_in_army_data_is_shown_and_never_run(wide: Any, army_url: str) -> None:
    wide.get(f"{army_url}rules/demo/armies/i-hostile-i-host/img-src-x-onerror-alert-unit-imps.html")
    article = wide.find_element(By.CSS_SELECTOR, "article")
    assert not article.find_elements(By.CSS_SELECTOR, "img, script, iframe, b, i")
    assert """<img src=x onerror="alert('unit')"> Imps""" in article.text
    assert "Imp <script>alert('profile')</script>" in article.text
    assert wide.execute_script("return window.__dialogs") == []
