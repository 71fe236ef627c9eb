"""Army books and units on the site: a page per unit, its rules linked, each rule's "Used by".

Built from a small rules folder (tests/site/sites.py: army_rules): a rules
document, the BattleScribe tests' game system and catalogue, and a catalogue
whose names and values hold markup.  The project's rules_src has no army
data: its site has none of these pages (test at the end).
"""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path
from urllib.parse import urlsplit

from tests.site.sites import BuiltSite, army_rules, build_site, content, elements, ids, links

ARMIES = "rules/demo/armies"
SPEARMEN = f"{ARMIES}/demo-army/spearmen.html"
HOSTILE = f"{ARMIES}/i-hostile-i-host"
IMPS = f"{HOSTILE}/img-src-x-onerror-alert-unit-imps.html"


def _text(html: str) -> str:
    return " ".join("".join(elements(html).text).split())


def test_a_unit_page_shows_its_profiles_as_tables(army_site: BuiltSite) -> None:
    page = content(army_site.page(SPEARMEN))
    tables = re.findall(r"<table>(.*?)</table>", page, re.S)
    rows = [[_text(cell) for cell in re.findall(r"<t[hd]>(.*?)</t[hd]>", table, re.S)] for table in tables]
    assert rows == [
        ["Name", "On", "Str", "Rules", "Spearman", "Spearmen", "3", "Fear, Aegis (4+), Marine Training, Stubborn"],
        ["Name", "On", "Str", "Attributes", "Spear", "Spearman › Spear", "+1", "Attacks made with a Spear gain Fight in Extra Rank when not charging."],
    ]
    assert re.findall(r"<caption>(.*?)</caption>", page) == ["Model", "Melee Weapon"]
    assert {"unit", "profiles", "rules", "p-model", "p-melee-weapon"} <= set(ids(page))
    assert 'href="../../sources/demo-army-cat.html#L9"' in page  # its source line


def test_a_unit_page_links_each_rule_with_its_parameters_and_carrier(army_site: BuiltSite) -> None:
    page = content(army_site.page(SPEARMEN))
    items = re.findall(r'<li id="(r-[^"]+)">(.*?)</li>', page, re.S)
    shown = [(anchor, _text(item)) for anchor, item in items]
    assert shown == [
        ("r-fly-9-9", 'Fly (9", 9") demo/demo-army.cat:11:9'),
        ("r-fear", "Fear on Spearman demo/demo-army.cat:20:13"),
        ("r-aegis-4", "Aegis (4+) on Spearman demo/demo-army.cat:20:13"),
        ("r-marine-training", "Marine Training on Spearman demo/demo-army.cat:20:13"),
        ("r-stubborn", "Stubborn on Spearman no rule of the system defines it demo/demo-army.cat:20:13"),
        ("r-spear", "Spear on Spearman › Spear demo/demo-army.cat:42:9"),
    ]
    rule_links = [attrs["href"] for tag, attrs in elements(page).tags if tag == "a" and "rf-unit-rule" in (attrs.get("class") or "")]
    assert rule_links == ["../../fly.html", "../../fear.html", "../../aegis.html", "../../marine-training.html", "../../spear.html"]
    ghost = content(army_site.page(f"{ARMIES}/demo-army/ghost.html"))
    assert "its infoLink points at id &#x27;r-nowhere&#x27;, which no file of the system defines" in ghost
    assert "Its data gives it no rules." not in ghost


def test_a_rule_page_lists_the_units_using_it_by_army(army_site: BuiltSite) -> None:
    page = content(army_site.page("rules/demo/fear.html"))
    section = page[page.index('id="used-by"') : page.index('id="relations"')]
    armies = [_text(h) for h in re.findall(r"<h3[^>]*>(.*?)<a ", section)]
    assert armies == ["Demo Army", "<i>Hostile</i> Host"]
    users = [_text(li) for li in re.findall(r"<li>(.*?)</li>", section, re.S)]
    assert users == ["Spearmen: Fear on Spearman", "<img src=x onerror=\"alert('unit')\"> Imps: Fear", "Spearmen: Fear"]
    hrefs = [a["href"] for t, a in elements(section).tags if t == "a" and "headerlink" not in (a.get("class") or "")]
    assert "armies/demo-army/spearmen.html#r-fear" in hrefs and "armies/i-hostile-i-host/spearmen.html#r-fear" in hrefs
    assert {"used-by", "used-by-demo-army", "used-by-i-hostile-i-host"} <= set(ids(page))
    toc = re.findall(r'<a href="#used-by" class="md-nav__link">', army_site.page("rules/demo/fear.html"))
    assert toc, "Used by is in the page's table of contents"
    assert 'id="used-by"' not in army_site.page("rules/demo/cowards.html")  # no unit has it: no section


def test_an_army_book_lists_its_units_a_to_z_each_with_a_page(army_site: BuiltSite) -> None:
    page = content(army_site.page(f"{HOSTILE}/index.html"))
    listed = [(a["href"], _text(li)) for li in re.findall(r"<li>(.*?)</li>", page, re.S) for t, a in elements(li).tags if t == "a"]
    assert listed == [
        ("img-src-x-onerror-alert-unit-imps.html", "<img src=x onerror=\"alert('unit')\"> Imps unit"),
        ("spearmen.html", "Spearmen unit"),
        ("spearmen-2.html", "Spearmen unit"),  # two units of one name: two pages, in the book's order
    ]
    assert "3 units. Army book of Demo, from demo/hostile-army.cat, revision 1." in _text(page)
    assert 'id="r-aegis-5"' in army_site.page(f"{HOSTILE}/spearmen-2.html")
    index = content(army_site.page("rules/demo/index.html"))
    assert 'href="armies/demo-army/index.html"' in index and "Army: Demo Army" in index


def test_unit_and_army_data_is_shown_as_text_never_as_markup(army_site: BuiltSite) -> None:
    for path in (IMPS, f"{HOSTILE}/index.html", "rules/demo/fear.html", "rules/demo/index.html"):
        html = army_site.page(path)
        assert "<img src=x" not in html and "<script>alert(" not in html and "<i>Hostile" not in html, path
        assert "<b>2</b>" not in html
    page = content(army_site.page(IMPS))
    assert "&lt;img src=x onerror=&quot;alert(&#x27;unit&#x27;)&quot;&gt; Imps" in page
    assert "&lt;b&gt;2&lt;/b&gt;" in page
    title = re.search(r"<title>(.*?)</title>", army_site.page(IMPS)).group(1)
    assert title.startswith("&lt;img src=x onerror=")


def test_every_link_of_the_army_pages_lands(army_site: BuiltSite) -> None:
    pages = [p for p in army_site.pages() if "/armies/" in p.as_posix() or p.name in ("fear.html", "aegis.html", "fly.html")]
    assert len(pages) > 8
    broken = []
    for page in pages:
        html = page.read_text(encoding="utf-8")
        for href in links(content(html)):
            parts = urlsplit(href)
            if parts.scheme or href.startswith("#") and not parts.path:
                target, anchor = page, parts.fragment
            else:
                target, anchor = (page.parent / parts.path).resolve(), parts.fragment
            if not target.is_file() or (anchor and anchor not in ids(target.read_text(encoding="utf-8"))):
                broken.append(f"{page.relative_to(army_site.root)} -> {href}")
    assert broken == []


def test_units_are_found_by_name_and_are_in_the_navigation(army_site: BuiltSite) -> None:
    index = json.loads(army_site.page("search/search_index.json"))
    titles = {d["location"]: d["title"] for d in index["docs"] if d["location"].startswith(ARMIES) and "#" not in d["location"]}
    assert titles[SPEARMEN] == "Spearmen"
    assert titles[f"{ARMIES}/demo-army/ghost.html"] == "Ghost"
    spearmen = [d["text"] for d in index["docs"] if d["location"] == SPEARMEN]
    assert spearmen and "Fight in Extra Rank" not in " ".join(spearmen)  # profiles are not searched as text
    nav = army_site.page("rules/demo/armies/demo-army/index.html")
    assert re.search(r"Armies\s*</span>", nav) or re.search(r">\s*Armies\s*<", nav)


def test_two_builds_give_the_same_bytes(tmp_path: Path) -> None:
    rules = army_rules(tmp_path / "rules")
    first = build_site(rules, tmp_path / "one", tmp_path / "c1")
    second = build_site(rules, tmp_path / "two", tmp_path / "c2")
    files = sorted(p.relative_to(first.root) for p in first.root.rglob("*") if p.is_file() and "sitemap" not in p.name)
    assert [f for f in files if posixpath.dirname(f.as_posix()).startswith(ARMIES)]
    assert [f for f in files if (first.root / f).read_bytes() != (second.root / f).read_bytes()] == []


def test_a_system_without_army_data_has_no_army_pages(corpus_site: BuiltSite) -> None:
    assert not list(corpus_site.root.glob("rules/*/armies"))
    assert 'id="used-by"' not in corpus_site.page("rules/t9a/fear.html")
    assert ">Armies<" not in corpus_site.page("rules/t9a/index.html")


def test_a_weapon_named_like_a_rule_links_to_it(army_site: BuiltSite) -> None:
    page = content(army_site.page(SPEARMEN))
    carriers = [(attrs["href"], attrs.get("class")) for tag, attrs in elements(page).tags if tag == "a" and "rf-carrier-rule" in (attrs.get("class") or "")]
    assert carriers == [("../../spear.html", "rf-carrier-rule")]  # "on Spearman › Spear": the Spear is the rule Spear
