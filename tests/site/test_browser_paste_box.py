"""The paste box reads a keyword string in the browser as `referee parse --system` does."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from referee.build import Build
from referee.build.cache import load_view
from referee.keywords import KeywordSyntaxError, parse, to_json
from referee.keywords.corpus import keyword_strings
from referee.keywords.resolve import resolve
from tests.conftest import RULES_SRC

# Strings no document holds, each testing one way of reading (system, string).
EXTRA = (
    ("t9a", "Aegis (4+, against Melee Attacks), Fortitude (5+)"),
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
    """What the browser must say: each use's name, span and rule, and its nested keywords."""
    try:
        data = resolve(to_json(parse(text)), view, system)
    except KeywordSyntaxError:
        return {"error": True}
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
  if (got.error) return {error: true};
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
    view = load_view(RULES_SRC)
    cases: dict[str, list[str]] = {}
    for found in keyword_strings(rulebase.rulebase):
        cases.setdefault(found.system, []).append(found.text)
    for system, text in EXTRA:
        cases.setdefault(system, []).append(text)
    disagree = []
    checked = 0
    for system, strings in sorted(cases.items()):
        _open_index(browser, corpus_url, system)
        got = browser.execute_script(IN_BROWSER, strings, system)
        for text, mine in zip(strings, got):
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
