"""The site of the real rules_src: a page per rule and per system, every link landing."""

from __future__ import annotations

import json
import posixpath
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

from referee.store.record import Build
from referee.lint.run import lint
from referee.site.urls import Address, html_path
from tests.conftest import RULES_SRC
from tests.site.sites import BuiltSite, content, elements, ids, links, page_elements

ADDRESS = Address("rules")


def shown(rulebase: Build, system: str) -> list:
    """The rules players are shown in the index and the categories (test_players.py has the rest)."""
    from referee.site.rulebook import Rulebook

    book = Rulebook.of(rulebase, system, ADDRESS)
    return book.player_rules()


def rule_page(rule_id: str) -> str:
    return html_path(ADDRESS.rule_page(rule_id))


def test_every_rule_and_every_system_has_its_pages(corpus_site: BuiltSite, rulebase: Build) -> None:
    for rule in rulebase.rules.values():
        assert (corpus_site.root / rule_page(rule.id)).is_file(), rule.id
    for system in rulebase.systems:
        for page in ("index", "categories", "report"):
            assert (corpus_site.root / "rules" / system / f"{page}.html").is_file()
        for doc in rulebase.documents[system]:
            assert (corpus_site.root / html_path(ADDRESS.document_page(doc.path))).is_file()


def test_every_link_of_every_page_lands_on_a_file_and_an_anchor(corpus_site: BuiltSite) -> None:
    """Relative links only (the site works from a copied folder), and none dangles.  A link's
    target is compared with the site's files as a path made normal (the site holds no symbolic
    links), and each page is parsed once for its links and its anchors."""
    files = {str(p) for p in corpus_site.root.rglob("*")}
    anchors: dict[str, set[str]] = {}
    broken = []
    for page in corpus_site.pages():
        if page.name == "404.html":
            continue  # served at any address, so MkDocs links it from the site's root
        for link in links(page_elements(page)):
            parts = urlsplit(link)
            if parts.scheme or link.startswith("//"):
                continue  # checked by the offline test: only the theme's own links to its authors
            target = str(page) if not parts.path else posixpath.normpath(posixpath.join(str(page.parent), unquote(parts.path)))
            if target not in files:
                broken.append(f"{page.relative_to(corpus_site.root)}: {link}")
                continue
            if parts.fragment and target.endswith(".html") and "/rules/" in target:
                if target not in anchors:
                    anchors[target] = set(ids(page_elements(Path(target))))
                if unquote(parts.fragment) not in anchors[target]:
                    broken.append(f"{page.relative_to(corpus_site.root)}: {link} (no such anchor)")
    assert broken == []


def test_ids_are_unique_on_every_generated_page(corpus_site: BuiltSite) -> None:
    repeated = {}
    for page in (corpus_site.root / "rules").rglob("*.html"):
        found = ids(page_elements(page))
        twice = sorted({i for i in found if found.count(i) > 1})
        if twice:
            repeated[str(page.relative_to(corpus_site.root))] = twice
    assert repeated == {}


def test_the_fear_page_lists_what_grants_it_and_what_references_it(corpus_site: BuiltSite) -> None:
    html = content(corpus_site.page(rule_page("t9a/fear")))
    granted = re.search(r'<h3 id="granted-by".*?<ul class="rf-rels">(.*?)</ul>', html, re.S)
    assert granted and 'href="terror.html"' in granted.group(1)
    assert "The model gains Fear and is immune to the effects of Terror." in granted.group(1)
    referenced = re.search(r'<h3 id="referenced-by".*?<ul class="rf-rels">(.*?)</ul>', html, re.S)
    assert referenced and 'href="commanding-presence.html"' in referenced.group(1)
    immune = re.search(r'<h3 id="rules-immune-to-it".*?</ul>', html, re.S)
    assert immune and 'href="fearless.html"' in immune.group(0)


def test_a_rule_page_shows_aliases_with_languages_source_and_versions(corpus_site: BuiltSite) -> None:
    halberd = content(corpus_site.page(rule_page("t9a/halberd")))
    assert '<span lang="de" class="rf-alias">Hellebarde</span> <small>(German)</small>' in halberd
    assert 'href="sources/army-builder-glossary-en-de-txt.html#L11"' in halberd
    fear = content(corpus_site.page(rule_page("t9a/fear")))
    assert '<h2 id="versions"' in fear and "<del>" in fear  # the glossary's shorter Fear, diffed word by word
    assert "army-builder-glossary-en-de.txt</strong> (glossary, English)" in fear


def test_amendments_and_parameters_are_shown(corpus_site: BuiltSite) -> None:
    redirect = content(corpus_site.page(rule_page("whfb-house/redirecting-the-charge")))
    assert "Replaces p.53 of <cite>Warhammer: The Game of Fantasy Battles, 8th edition rulebook</cite>" in redirect
    pure = content(corpus_site.page(rule_page("last-edition/pure-save")))
    assert "<code>X: threshold</code>" in pure


def test_every_sentence_has_an_anchor_and_citations_link_to_it(corpus_site: BuiltSite) -> None:
    fly = content(corpus_site.page(rule_page("t9a/fly")))
    assert 'id="s-the-model-gains-light-troops"' in fly
    light_troops = content(corpus_site.page(rule_page("t9a/light-troops")))
    assert 'href="fly.html#s-the-model-gains-light-troops"' in light_troops
    # anchors are stable words of the sentence, not positions
    assert re.search(r'id="s-\d', fly) is None


def test_mentions_of_other_rules_are_linked_with_a_preview(corpus_site: BuiltSite) -> None:
    fly = content(corpus_site.page(rule_page("t9a/fly")))
    assert re.search(r'<a href="light-troops.html" class="rf-mention" title="Light Troops \(Universal Rule\): [^"]+">Light Troops</a>', fly)
    assert re.search(r'<a href="swiftstride.html" class="rf-mention" title="Swiftstride[^"]*">Swiftstride</a>', fly)


def test_a_sub_rule_has_an_anchor_on_its_parents_page(corpus_site: BuiltSite, rulebase: Build) -> None:
    parent = next(r for r in rulebase.rules.values() if r.system == "t9a" and r.children)
    html = content(corpus_site.page(rule_page(parent.id)))
    for child in parent.children:
        assert f'id="{child.partition("/")[2]}"' in html
    child_page = content(corpus_site.page(rule_page(parent.children[0])))
    assert f'href="{posixpath.basename(rule_page(parent.id))}#{parent.children[0].partition("/")[2]}"' in child_page


def test_the_neighbourhood_diagram_is_inline_svg_with_links(corpus_site: BuiltSite) -> None:
    fly = content(corpus_site.page(rule_page("t9a/fly")))
    svg = re.search(r'<svg [^>]*class="rf-diagram".*?</svg>', fly, re.S)
    assert svg and "Light Troops" in svg.group(0) and "grants" in svg.group(0)
    assert re.search(r'<a href="light-troops.html" class="rf-node-link" style="left:[\d.]+%', fly)


def test_the_system_index_lists_names_and_aliases_a_to_z(corpus_site: BuiltSite, rulebase: Build) -> None:
    html = content(corpus_site.page("rules/t9a/index.html"))
    for rule in shown(rulebase, "t9a"):  # the rules without a name or a text are on the Editor's report
        assert f'href="{posixpath.basename(rule_page(rule.id))}"' in html
    assert re.search(r'<span lang="de" class="rf-alias">Hellebarde</span>.*?→ <a href="halberd.html">Halberd</a>', html)
    assert html.index('id="letter-a"') < html.index('id="letter-b"') < html.index('id="letter-z"')


def test_categories_list_every_rule_once(corpus_site: BuiltSite, rulebase: Build) -> None:
    html = content(corpus_site.page("rules/t9a/categories.html"))
    listed = re.findall(r'<li><a href="([^"]+)">', html)
    assert sorted(listed) == sorted(posixpath.basename(rule_page(r.id)) for r in shown(rulebase, "t9a"))
    assert 'id="c-universal-rule"' in html


def test_the_editors_report_has_every_finding_linked_to_its_rule_and_line(corpus_site: BuiltSite, rulebase: Build) -> None:
    result = lint(rulebase, "t9a", min_severity="info", rules_src=str(RULES_SRC))
    html = content(corpus_site.page("rules/t9a/report.html"))
    findings = re.findall(r'<li class="rf-finding[^"]*">(.*?)</li>\s*(?=<li class="rf-finding|</ul>)', html, re.S)
    assert len(findings) == len(result.findings) > 0
    first = result.findings[0]
    assert f'href="sources/{Path(first.file).name.replace(".", "-")}.html#L{first.line}"' in html
    with_rule = next(f for f in result.findings if f.rule)
    assert f'href="{posixpath.basename(rule_page(with_rule.rule))}" class="rf-mention"' in html


def test_a_document_page_has_an_anchor_per_line(corpus_site: BuiltSite, rulebase: Build) -> None:
    html = corpus_site.page("rules/t9a/sources/universal-rules-txt.html")
    lines = rulebase.texts["t9a/universal-rules.txt"].split("\n")
    assert f'id="L{len(lines)}"' in html and 'id="L1"' in html
    assert re.search(r'id="L58".*?<a href="\.\./fear\.html" class="rf-line-rule">Fear</a>', html)


def test_search_finds_rules_by_name_and_by_alias(corpus_site: BuiltSite) -> None:
    index = json.loads(corpus_site.page("search/search_index.json"))
    assert set(index["config"]["lang"]) == {"en", "de"}
    assert index["config"]["fields"]["tags"]["boost"] < index["config"]["fields"]["title"]["boost"]
    halberd = [d for d in index["docs"] if d["location"] == "rules/t9a/halberd.html"]
    assert len(halberd) == 1  # one entry per rule: the sections after the text are not indexed
    assert halberd[0]["title"] == "Halberd" and halberd[0]["tags"] == ["Hellebarde"] and halberd[0]["boost"] == 2
    assert not [d for d in index["docs"] if "#relations" in d["location"] or "#versions" in d["location"]]
    # documents, categories and reports repeat the rules' words: the rules' own pages are found instead
    assert not [d for d in index["docs"] if "/sources/" in d["location"] or d["location"].endswith(("/report.html", "/categories.html"))]
    fear = next(d for d in index["docs"] if d["location"] == "rules/t9a/fear.html")
    assert "Models that have Fear themselves" in fear["text"] and "Terror" not in fear["text"]  # not its relations


@pytest.mark.parametrize("pattern", [r"https?://fonts\.", r"unpkg\.com", r"cdn\.jsdelivr", r"<script[^>]+src=\"(?:https?:)?//", r"<link[^>]+href=\"(?:https?:)?//"])
def test_nothing_is_fetched_from_the_internet(corpus_site: BuiltSite, pattern: str) -> None:
    for page in corpus_site.pages():
        assert re.search(pattern, page.read_text(encoding="utf-8")) is None, page
    for sheet in corpus_site.root.rglob("*.css"):
        assert not re.search(r"@import|url\((?:['\"])?(?:https?:)?//", sheet.read_text(encoding="utf-8")), sheet


def test_pages_link_relatively_for_a_copied_folder(corpus_site: BuiltSite) -> None:
    html = corpus_site.page("rules/t9a/fear.html")
    assert 'href="../../assets/stylesheets/' in html and 'src="../_assets/referee.js"' in html
    assert not [tag for tag, attrs in elements(html).tags if (attrs.get("href") or "").startswith("/")]


def test_the_paste_box_families_are_the_builds(rulebase: Build) -> None:
    """The site's families (what the paste box ties a keyword like "Ranged" to) are the
    ones the build keeps for the referee: one reading of a family, two readers."""
    from referee.site.pages import families
    from referee.site.rulebook import Rulebook
    from referee.store.rows import Stored

    for system in rulebase.systems:
        assert families(Rulebook.of(rulebase, system, ADDRESS)) == Stored.of(rulebase).families(system), system
    assert families(Rulebook.of(rulebase, "last-edition", ADDRESS))["ranged"]
