"""Rebuilds under serve keep the files of pages whose inputs did not change (referee/site/kept.py)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from types import SimpleNamespace

import pytest

from referee.store.load import open_rules
from referee.site import commands
from referee.site.kept import Kept, only_known_plugins
from tests.site.sites import EPOCH, FIXTURE_RULES

URL = "http://127.0.0.1:8000/"
EDITED = "rules/hostile/stubborn.html"


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def _inodes(root: Path) -> dict[str, int]:
    return {str(p.relative_to(root)): p.stat().st_ino for p in root.rglob("*.html")}


class Serving:
    """MkDocs' serve, without its server: the configuration loaded anew for each build, as
    serve loads it, into one site folder; ``whole`` builds the same rules with nothing kept."""

    def __init__(self, config: str, folder: Path) -> None:
        from mkdocs.config import load_config

        self.config, self.folder = config, folder
        self.load = lambda site_dir: load_config(config_file=config, site_dir=str(site_dir))
        self.load(folder).plugins.on_startup(command="serve", dirty=False)

    def build(self) -> dict[str, int]:
        from mkdocs.commands.build import build

        build(self.load(self.folder), serve_url=URL)
        return _inodes(self.folder)

    def whole(self, into: Path) -> dict[str, bytes]:
        from mkdocs.commands.build import build

        build(self.load(into), serve_url=URL)
        return _files(into)

    def stop(self) -> None:
        self.load(self.folder).plugins.on_shutdown()


@pytest.fixture
def serving(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    """A rules folder of two systems (the hostile one and a copy of it, "calm") being served."""
    rules = shutil.copytree(FIXTURE_RULES, tmp_path / "rules")
    calm = shutil.copytree(rules / "hostile", rules / "calm")
    manifest = calm / "system.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8").replace('id = "hostile"', 'id = "calm"'), encoding="utf-8")
    config = commands.write_config(str(tmp_path / "config"), open_rules(rules).whole())
    monkeypatch.setenv("REFEREE_RULES_SRC", str(rules))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    monkeypatch.setenv("NO_MKDOCS_2_WARNING", "1")
    served = Serving(config, tmp_path / "served")
    try:
        yield served, rules
    finally:
        served.stop()


def test_a_rebuild_after_an_edit_keeps_the_other_pages_and_equals_a_whole_build(serving, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    served, rules = serving
    first = served.build()
    before = _files(served.folder)
    document = rules / "hostile" / "rules.txt"
    document.write_text(document.read_text(encoding="utf-8").replace("is immune to Fear.", "is immune to Fear. It is Steadfast."), encoding="utf-8")
    second = served.build()
    after = _files(served.folder)
    kept = {page for page, inode in second.items() if first.get(page) == inode}  # moved in, not written
    same = {page for page in second if page.startswith("rules/") and before.get(page) == after[page]}
    assert "It is Steadfast." in after[EDITED].decode()
    assert kept == same - {"rules/hostile/report.html", "rules/calm/report.html"}  # written last, from the linting
    assert kept and EDITED not in kept
    assert {page for page in second if page.startswith("rules/calm/")} - kept == {"rules/calm/report.html"}
    assert after == served.whole(tmp_path / "whole")


def test_the_pages_of_a_system_not_edited_are_not_written_again(serving, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from referee.site.pages import Site

    served, rules = serving
    served.build()
    written: list[str] = []
    write = Site.write
    monkeypatch.setattr(Site, "write", lambda site, uri: written.append(uri) or write(site, uri))
    document = rules / "hostile" / "rules.txt"
    document.write_text(document.read_text(encoding="utf-8").replace("is immune to Fear.", "is immune to Fear. It is Steadfast."), encoding="utf-8")
    served.build()
    assert EDITED.replace(".html", ".md") in written
    assert [uri for uri in written if uri.startswith("rules/calm/")] == ["rules/calm/report.md"]


def test_only_an_edited_system_is_linted_again(serving, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from referee.lint import run

    served, rules = serving
    served.build()
    linted: list[str | None] = []
    lint = run.lint
    monkeypatch.setattr(run, "lint", lambda build, system=None, **options: linted.append(system) or lint(build, system, **options))
    manifest = rules / "hostile" / "system.toml"
    manifest.write_text(manifest.read_text(encoding="utf-8") + "\n# a comment moves no rule\n", encoding="utf-8")
    served.build()  # the same rules: the cache's findings of this build, were there any
    document = rules / "hostile" / "rules.txt"
    document.write_text(document.read_text(encoding="utf-8").replace("is immune to Fear.", "is immune to Fear. It is Steadfast."), encoding="utf-8")
    served.build()
    assert linted.count("calm") == 0
    assert linted.count("hostile") >= 1
    assert not (served.folder / ".referee-previous").exists()


def test_with_nothing_changed_every_page_of_ours_is_kept_but_the_report(serving, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from material.plugins.search.plugin import SearchIndex

    served, _rules = serving
    first = served.build()
    index = (served.folder / "search" / "search_index.json").read_bytes()
    searched: list[str] = []
    add = SearchIndex.add_entry_from_context

    def read(search: SearchIndex, page: object) -> None:
        if not (page.meta.get("search") or {}).get("exclude"):  # type: ignore[attr-defined]
            searched.append(page.file.src_uri)  # type: ignore[attr-defined]
        add(search, page)

    monkeypatch.setattr(SearchIndex, "add_entry_from_context", read)
    second = served.build()
    written = sorted(page for page, inode in second.items() if first.get(page) != inode)
    assert written == ["404.html", "index.html", "rules/calm/report.html", "rules/hostile/report.html"]
    assert searched == ["index.md"]  # the rule pages' entries are the build before's
    assert (served.folder / "search" / "search_index.json").read_bytes() == index


def test_a_change_of_configuration_lays_out_every_page_again(serving, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    served, _rules = serving
    first = served.build()
    data = json.loads(Path(served.config).read_text(encoding="utf-8"))
    data["site_name"] = "Other rules"
    Path(served.config).write_text(json.dumps(data), encoding="utf-8")
    second = served.build()
    assert not {page for page, inode in second.items() if first.get(page) == inode}
    assert "Other rules" in (served.folder / EDITED).read_text(encoding="utf-8")
    assert _files(served.folder) == served.whole(tmp_path / "whole")


def test_a_failed_build_forgets_what_was_written() -> None:
    kept = Kept()
    kept.written = {"rules/x.md": b"digest"}
    kept.end(ok=False)
    assert kept.written == {}


def test_only_plugins_whose_inputs_are_known_let_pages_be_kept() -> None:
    def site(*plugins: str, hooks: dict[str, object] | None = None) -> SimpleNamespace:
        return SimpleNamespace(plugins=dict.fromkeys(plugins), hooks=hooks or {})

    assert only_known_plugins(site("material/search", "referee"))
    assert not only_known_plugins(site("material/search", "referee", "material/tags"))
    assert not only_known_plugins(site("referee", hooks={"mine": object()}))


def test_a_page_without_markdown_is_rendered_as_mkdocs_renders_nothing(tmp_path: Path) -> None:
    """render_blank sets what Page.render sets for a blank page (fails if MkDocs changes it)."""
    from mkdocs.config import load_config
    from mkdocs.structure.files import File, Files
    from mkdocs.structure.pages import Page

    from referee.site.plugin import render_blank

    (tmp_path / "docs" / "rules").mkdir(parents=True)
    (tmp_path / "docs" / "rules" / "a.md").write_text("", encoding="utf-8")
    config_file = tmp_path / "mkdocs.yml"
    config_file.write_text("site_name: x\nmarkdown_extensions: [toc, tables, admonition, abbr, footnotes]\n", encoding="utf-8")
    config = load_config(config_file=str(config_file))
    pages = []
    for render in (Page.render, render_blank):
        file = File("rules/a.md", config.docs_dir, config.site_dir, config.use_directory_urls)
        page = Page(None, file, config)
        page.read_source(config)
        render(page, config, Files([file]))
        pages.append(page)
    theirs, ours = pages
    for attribute in ("content", "_title_from_render", "present_anchor_ids", "links_to_anchors"):
        assert getattr(ours, attribute) == getattr(theirs, attribute), attribute
    assert list(ours.toc) == list(theirs.toc) == []
