"""The site as a player's first stop, read from the built HTML: the games first on the home
page, the search index that filters and labels by game, editors' notes out of players' way,
and the files that make the site an installable app working offline."""

from __future__ import annotations

import json
import re
import struct

from referee.store.record import Build
from referee.site import offline
from referee.site.swap import MARKER
from referee.site.rulebook import Rulebook
from referee.site.urls import Address, html_path
from tests.site.sites import BuiltSite, content, elements

ADDRESS = Address("rules")


def books(rulebase: Build) -> dict[str, Rulebook]:
    return {system: Rulebook.of(rulebase, system, ADDRESS) for system in rulebase.systems}


def test_the_home_page_opens_with_every_game_its_rule_count_and_a_search_box_for_it(corpus_site: BuiltSite, rulebase: Build) -> None:
    html = content(corpus_site.page("index.html"))
    assert html.index('class="rf-games"') < html.index("<h2")  # the games before anything else
    tags = elements(html).tags
    forms = [a["data-game"] for t, a in tags if t == "form" and "rf-game-search" in (a.get("class") or "")]
    assert forms == list(rulebase.systems)
    for system, book in books(rulebase).items():
        title = rulebase.manifests[system].title
        assert f'<a href="rules/{system}/index.html">{title}</a></h2><p class="rf-game-count">{len(book.player_rules())} rules</p>' in html
        assert f'<label for="rf-find-{system}" class="rf-sr">Search {title}</label>' in html
    assert "rules/t9a/categories.html" in html


def test_each_game_s_index_opens_with_its_search_box(corpus_site: BuiltSite) -> None:
    html = content(corpus_site.page("rules/scrollhammer/index.html"))
    assert html.index('<form class="rf-game-search" data-game="scrollhammer"') < html.index('id="a-z"')


def test_the_search_index_names_each_rule_s_game_and_category(corpus_site: BuiltSite, rulebase: Build) -> None:
    docs = json.loads(corpus_site.page("search/search_index.json"))["docs"]
    pages = {d["location"]: d for d in docs if "#" not in d["location"]}
    fear = pages["rules/t9a/fear.html"]
    assert (fear["game"], fear["game_name"], fear["category"]) == ("t9a", "The Ninth Age: Fantasy Battles", "Universal Rule")
    assert "game" not in pages["index.html"]  # the home page (as the guide) has no game
    script = corpus_site.page("search/search_index.js")
    assert script.startswith("var __index = ") and '"game_name":"Scrollhammer"' in script  # a site opened from a folder too


def test_rules_without_a_name_or_a_text_are_left_out_of_the_index_and_the_search_but_not_the_report(
    corpus_site: BuiltSite, rulebase: Build
) -> None:
    docs = {d["location"] for d in json.loads(corpus_site.page("search/search_index.json"))["docs"]}
    book = books(rulebase)["t9a"]
    hidden = [r for r in book.rules if not book.for_players(r)]
    assert {r.id for r in hidden} >= {"t9a/unnamed-universal-rules-20", "t9a/aegis"}
    index = content(corpus_site.page("rules/t9a/index.html"))
    report = content(corpus_site.page("rules/t9a/report.html"))
    assert "(unnamed rule at" not in index
    for rule in hidden:
        page = html_path(ADDRESS.rule_page(rule.id))
        assert page not in docs, rule.id
        assert f'href="{page.rpartition("/")[2]}"' not in index, rule.id
        assert f'href="{page.rpartition("/")[2]}"' in report, rule.id  # still listed for editors
    assert "not in the players&#x27; index and search" in report or "not in the players' index and search" in report


def test_extraction_notes_are_folded_into_a_box_for_editors(corpus_site: BuiltSite, rulebase: Build) -> None:
    flagged = next(r for r in rulebase.in_system("t9a") if "recovered-name" in r.flags)
    html = content(corpus_site.page(html_path(ADDRESS.rule_page(flagged.id))))
    box = html[html.index('<details class="rf-editors"'):]
    assert box.startswith('<details class="rf-editors" data-search-exclude><summary>For editors</summary>')
    assert "the heading was lost in extraction" in box and 'href="report.html"' in box
    assert "the heading was lost in extraction" not in html[: html.index('<details class="rf-editors"')]
    assert 'class="rf-flags"' not in html


def test_the_report_s_codes_table_says_each_cell_s_column_for_narrow_screens(corpus_site: BuiltSite) -> None:
    html = content(corpus_site.page("rules/t9a/report.html"))
    assert '<div class="rf-table rf-cards">' in html
    assert re.search(r'<td data-label="severity"><span class="rf-sev rf-sev-error">error</span></td>', html)


def test_the_site_has_a_manifest_icons_and_a_service_worker_caching_every_file(corpus_site: BuiltSite) -> None:
    root = corpus_site.root
    manifest = json.loads(corpus_site.page("manifest.webmanifest"))
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./index.html"
    for icon in manifest["icons"]:
        data = (root / icon["src"]).read_bytes()
        width, height = struct.unpack(">II", data[16:24])
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and f"{width}x{height}" == icon["sizes"]
    worker = corpus_site.page("sw.js")
    files = json.loads(re.search(r"var FILES = (\[.*?\]);", worker).group(1))
    on_disk = {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}
    assert set(files) == on_disk - {"sw.js", "sitemap.xml.gz", MARKER}  # the marker is the builder's, written last
    assert {"index.html", "search/search_index.json", "rules/t9a/fear.html", "manifest.webmanifest"} <= set(files)
    assert re.search(r'var CACHE = "referee-[0-9a-f]{16}";', worker)


def test_a_new_build_names_a_new_cache(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "index.html").write_text("one", encoding="utf-8")
    files = offline.site_files(str(tmp_path))
    before = offline.version(str(tmp_path), files)
    assert offline.version(str(tmp_path), files) == before  # the same bytes: the same cache
    (tmp_path / "index.html").write_text("two", encoding="utf-8")
    assert offline.version(str(tmp_path), files) != before


def test_the_search_worker_states_the_tiers_docs_search_md_ranks_by() -> None:
    """One statement of the tiers: the worker's header names docs/search.md's Ranking, and both
    say names (exact, then near) before text, and the player's game first."""
    from pathlib import Path

    worker = (Path(__file__).resolve().parents[2] / "referee" / "site" / "assets" / "search-worker.js").read_text(encoding="utf-8")
    assert "docs/search.md" in worker and "Ranking" in worker
    guide = (Path(__file__).resolve().parents[2] / "docs" / "search.md").read_text(encoding="utf-8")
    assert "The site's search follows these tiers" in guide


def test_under_serve_the_site_gets_its_manifest_but_no_service_worker(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "index.html").write_text("<p>a page</p>", encoding="utf-8")
    assert offline.write(str(tmp_path), "Rules", worker=False) == 0
    assert (tmp_path / "manifest.webmanifest").is_file() and (tmp_path / "_icons" / "icon-512.png").is_file()
    assert not (tmp_path / "sw.js").exists()
    assert offline.write(str(tmp_path), "Rules") == 4  # the page, the manifest and two icons
    assert (tmp_path / "sw.js").is_file()
