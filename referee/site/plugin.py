"""The MkDocs hooks: each checks ``enabled`` and hands over to :class:`~referee.site.pages.Site`.

- ``on_config``: pages are linked relatively (``use_directory_urls: false``,
  so a copied folder works offline) and the plugin's style and script are
  added to every page;
- ``on_files``: the build of the rules folder is loaded (from the cache when
  current) and a file is added for every planned page and asset; the
  systems' own pages join the navigation;
- ``on_page_markdown``: a generated page gets its title and search settings;
- ``on_page_content``: a generated page's HTML replaces the (empty) Markdown's,
  with its table of contents. Only the part the search should read (a
  rule's name and text) goes in here; the rest (relations, versions, the
  diagram) takes the place of a marker in ``on_post_page``, so the theme's
  search does not parse what it would leave out anyway (on a large system,
  a fifth of the build);
- ``on_page_context``: an Editor's report is written, last of all pages, by
  when the linting started in ``on_files`` (:mod:`~referee.site.ahead`) has
  had the build's time to end;
- ``on_post_page``/``on_post_template``: each page's configuration names our
  search worker (``assets/search-worker.js``, written in ``on_files`` beside
  the theme's, which it loads): rules by name first, then lunr's results;
- ``on_post_build``: the search index is also written as a script
  (``search/search_index.js``), which a site opened from a folder reads;
- ``on_serve``: the rules folder is watched, so ``mkdocs serve`` rebuilds
  when a rule document changes.
"""

from __future__ import annotations

import logging
import os
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.toc import get_toc

from referee.errors import RulesError
from referee.site.config import RefereeConfig
from referee.site.pages import Options, Site

log = logging.getLogger("mkdocs.plugins.referee")
# Markers no rule can write: every "<" of rule data is escaped.
REST = "<!-- referee: the rest of the page -->"
ASIDE = "<!-- referee: where the rule sits -->"
LATER = "<!-- referee: written when laid out -->"


class RefereePlugin(BasePlugin[RefereeConfig]):
    supports_multiple_instances = False

    def __init__(self) -> None:
        self.site: Site | None = None
        self.rules_src: str | None = None
        self.rest: dict[str, tuple[str, str]] = {}  # page -> its HTML the search does not read
        self.worker: tuple[str, str] | None = None  # the theme's search worker's file name, and ours

    def on_config(self, config: Any) -> Any:
        if not self.config.enabled:
            return config
        if config.use_directory_urls:
            log.info("referee: use_directory_urls set to false, so the site also works opened from a folder")
            config.use_directory_urls = False
        self.rules_src = rules_folder(self.config.rules_src, config.config_file_path)
        options = options_of(self.config)
        from referee.site.urls import Address

        address = Address(options.section)
        for sheet in (address.asset("referee.css"),):
            if sheet not in config.extra_css:
                config.extra_css.append(sheet)
        for script in (address.asset("referee.js"),):
            if script not in [str(s) for s in config.extra_javascript]:
                config.extra_javascript.append(script)
        # before the theme's own script: search from a folder needs a stand-in for Web Workers
        polyfills = config.extra.get("polyfills") or []
        if address.asset("folder-worker.js") not in polyfills:
            config.extra["polyfills"] = [*polyfills, address.asset("folder-worker.js")]
        return config

    def on_files(self, files: Files, /, *, config: Any) -> Files:
        if not self.config.enabled:
            return files
        site = self.site = load_site(self.rules_src, options_of(self.config), codes_page(files))
        self.rest = {}
        site.start_ahead()
        for uri, content in site.assets().items():
            files.append(File.generated(config, uri, content=content))
        self.worker = search_worker(files, config)
        for page in site.ordered():
            inclusion = InclusionLevel.INCLUDED if site.in_nav(page) else InclusionLevel.NOT_IN_NAV
            files.append(File.generated(config, page.uri, content="", inclusion=inclusion))
        if config.nav is not None:
            config.nav = [*config.nav, {self.config.nav_title: site.nav()}]
        return files

    def on_page_markdown(self, markdown: str, /, *, page: Any, config: Any, files: Files) -> str | None:
        if not self.config.enabled or self.site is None or page.file.src_uri not in self.site.pages:
            return None
        page.meta.update(self.site.meta(page.file.src_uri))
        return markdown

    def on_page_content(self, html: str, /, *, page: Any, config: Any, files: Files) -> str | None:
        if not self.config.enabled or self.site is None or page.file.src_uri not in self.site.pages:
            return None
        uri = page.file.src_uri
        if self.site.late(uri):
            return LATER
        written = self.site.write(uri)
        page.toc = get_toc(toc_tokens(written.toc))
        if not written.rest and not written.aside:
            return str(written.title + written.html)
        self.rest[uri] = (str(written.aside), str(written.rest))
        return str(written.title) + ASIDE + str(written.html) + REST

    def on_page_context(self, context: Any, /, *, page: Any, config: Any, nav: Any) -> Any:
        if not self.config.enabled or self.site is None or page.file.src_uri not in self.site.pages:
            return context
        uri = page.file.src_uri
        if self.site.late(uri):
            written = self.site.write(uri)
            page.content = str(written.whole)
            page.toc = get_toc(toc_tokens(written.toc))
        return context

    def on_post_page(self, output: str, /, *, page: Any, config: Any) -> str | None:
        if not self.config.enabled:
            return None
        if self.worker is not None:  # the theme's search worker -> ours, which loads it
            output = swap_worker(output, self.worker)
        parts = self.rest.pop(page.file.src_uri, None)
        if parts is None:
            return output
        for marker, html in zip((ASIDE, REST), parts):
            before, found, after = output.partition(marker)
            if not found:
                raise PluginError(f"referee: {page.file.src_uri}: the page lost a marker of its parts")
            output = before + html + after
        return output

    def on_post_template(self, output_content: str, /, *, template_name: str, config: Any) -> str | None:
        if not self.config.enabled or self.worker is None:
            return None
        return swap_worker(output_content, self.worker)  # 404.html searches too

    def on_post_build(self, *, config: Any) -> None:
        if not self.config.enabled:
            return
        if self.site is not None:
            self.site.close()
        folder_search_index(config.site_dir)

    def on_build_error(self, *, error: Exception) -> None:
        if self.site is not None:
            self.site.close()

    def on_serve(self, server: Any, /, *, config: Any, builder: Any) -> Any:
        if self.config.enabled and self.rules_src:
            server.watch(self.rules_src)
        return server


def folder_search_index(site_dir: str) -> None:
    """``search/search_index.js``: the search index as a script, for a site opened from a
    folder, where the theme loads it with a script element instead of fetching the JSON."""
    source = os.path.join(site_dir, "search", "search_index.json")
    if not os.path.isfile(source):
        return  # no search plugin
    with open(source, encoding="utf-8") as fh:
        data = fh.read()
    with open(os.path.join(site_dir, "search", "search_index.js"), "w", encoding="utf-8") as fh:
        fh.write(f"var __index = {data};\n")


def search_worker(files: Files, config: Any) -> tuple[str, str] | None:
    """Our search worker (``assets/search-worker.js``: rules by name first, then the theme's
    lunr search, stemmed) as a file beside the theme's, which it loads; None without the
    theme's search. Beside it, because the theme's worker loads its languages relative to
    the worker's own address. (theme's file name, ours), as the pages' configuration names them."""
    from importlib.resources import files as package_files

    folder = "assets/javascripts/workers/"
    theirs = sorted(f.src_uri for f in files if f.src_uri.startswith(folder) and f.src_uri.endswith(".min.js"))
    if not theirs:
        return None
    name = theirs[0][len(folder):]
    script = package_files("referee.site").joinpath("assets", "search-worker.js").read_text(encoding="utf-8")
    files.append(File.generated(config, folder + "referee-search.js", content=script.replace("MATERIAL_WORKER", name)))
    return f'workers/{name}"', 'workers/referee-search.js"'  # as the configuration's JSON names it


def swap_worker(html: str, worker: tuple[str, str]) -> str:
    """The page's configuration (after its content, so the last mention) names our worker."""
    before, found, after = html.rpartition(worker[0])
    return before + worker[1] + after if found else html


def options_of(config: RefereeConfig) -> Options:
    return Options(
        section=config.section,
        systems=tuple(config.systems),
        diagrams=config.diagrams,
        editor_report=config.editor_report,
        paste_box=config.paste_box,
        nav_title=config.nav_title,
    )


def rules_folder(given: str | None, config_file: str | None) -> str:
    """The rules folder: the option (relative to mkdocs.yml), else where Referee looks by default."""
    from referee.paths import NoRulesFolder, rules_src_dir

    if given:
        base = os.path.dirname(os.path.abspath(config_file)) if config_file else os.getcwd()
        return os.path.normpath(os.path.join(base, given))
    try:
        return os.path.abspath(rules_src_dir(None))
    except NoRulesFolder as err:
        raise PluginError(f"referee: {err} (or set rules_src under the plugin in mkdocs.yml)") from None


def load_site(rules_src: str | None, options: Options, codes: str | None) -> Site:
    """The cached build of ``rules_src`` (made when stale), planned into pages."""
    from referee.build.cache import load_or_build

    assert rules_src is not None
    try:
        build = load_or_build(rules_src)
        for folder in build.unmanaged:  # info, not a warning: a strict build would stop on it
            log.info(f"referee: {os.path.join(rules_src, folder)} has no system.toml; its documents are not on the site")
        return Site.plan(build, options, rules_src, codes)
    except RulesError as err:
        where = f"{os.path.join(rules_src, err.file)}{f':{err.line}' if err.line else ''}: " if err.file else ""
        raise PluginError(f"referee: {where}{err.message}") from None
    except ValueError as err:
        raise PluginError(f"referee: {err}") from None


def codes_page(files: Files) -> str | None:
    """The guide's page of lint codes (``lint.md``), if the site has one to link codes to."""
    found = files.get_file_from_path("lint.md")
    return found.src_uri if found is not None else None


def toc_tokens(entries: tuple[tuple[str, str, int], ...]) -> list[dict[str, Any]]:
    """(anchor, title, level) rows as the nested tokens MkDocs builds a table of contents from."""
    from markupsafe import escape

    root: list[dict[str, Any]] = []
    stack: list[dict[str, Any]] = []
    for anchor, title, level in entries:
        token = {"level": level, "id": anchor, "name": str(escape(title)), "children": []}
        while stack and stack[-1]["level"] >= level:
            stack.pop()
        (stack[-1]["children"] if stack else root).append(token)
        stack.append(token)
    return root
