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
  a fifth of the build). Till then it waits on disk (:mod:`~referee.site.later`),
  not in memory for every page at once;
- ``on_page_context``: an Editor's report is written, last of all pages, by
  when the linting started in ``on_files`` (:mod:`~referee.site.ahead`) has
  had the build's time to end;
- ``on_post_page``/``on_post_template``: each page's configuration names our
  search worker (``assets/search-worker.js``, written in ``on_files`` beside
  the theme's, which it loads): rules by name first, then lunr's results;
- ``on_post_build``: the search index is also written as a script
  (``search/search_index.js``), which a site opened from a folder reads;
- ``on_serve``: the rules folder is watched, so ``mkdocs serve`` rebuilds
  when a rule document changes;
- under ``serve`` (``on_startup`` keeps this object across its rebuilds),
  a rebuild does again only what an edit changed (:mod:`~referee.site.kept`):
  the pages of a system whose part of the build is as before are not
  written again (``on_files`` compares, ``on_page_content`` reads them as
  they were); a page of ours whose every input is as before keeps the file
  the build before wrote and its search entries (``on_pre_build`` moves the
  files aside, ``on_env`` picks the pages, ``on_page_context`` gives the
  search their entries, ``on_post_page`` moves their files back).

A page of ours has no Markdown (its HTML comes in ``on_page_content``), so
MkDocs' rendering of it is replaced by what rendering nothing gives
(:func:`render_blank`), without setting up a Markdown converter per page;
once laid out, its HTML is let go (MkDocs holds every page to the end).
"""

from __future__ import annotations

import json
import logging
import os
from functools import partial
from typing import Any

from markupsafe import escape
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.toc import get_toc

from referee.errors import RulesError
from referee.paths import NoRulesFolder, rules_src_dir
from referee.site.compiled import COMPILED
from referee.site.config import RefereeConfig
from referee.site.kept import Kept, only_known_plugins, parts_digest
from referee.site.later import Later
from referee.site.pages import Options, Site
from referee.site.urls import Address

log = logging.getLogger("mkdocs.plugins.referee")
# Markers no rule can write: every "<" of rule data is escaped.
REST = "<!-- referee: the rest of the page -->"
ASIDE = "<!-- referee: where the rule sits -->"
LATER = "<!-- referee: written when laid out -->"
# where the home page (the guide's index.md, or the one made for a rules folder) shows the games
GAMES = "<!-- referee: games -->"


class RefereePlugin(BasePlugin[RefereeConfig]):
    supports_multiple_instances = False

    def __init__(self) -> None:
        self.site: Site | None = None
        self.rules_src: str | None = None
        self.later: Later | None = None  # each page's HTML the search does not read, on disk till laid out
        self.parts: dict[str, bytes] = {}  # under serve: a digest of each page's parts in ``later``
        self.worker: tuple[str, str] | None = None  # the theme's search worker's file name, and ours
        self.kept: Kept | None = None  # under serve: the pages whose file the build before wrote
        self.keeping = False  # whether this build takes pages from the build before
        self.nav: Any = None
        self.known_plugins = False  # no plugin or hook but the search and ours
        self.serving = False  # under serve: no service worker (pages change as they are edited)

    def on_startup(self, *, command: str, dirty: bool) -> None:
        # defining this hook keeps the plugin's object across the rebuilds of one serve
        self.serving = command == "serve"
        if command == "serve" and not dirty:
            self.kept = Kept()

    def on_shutdown(self) -> None:
        # MkDocs keeps a plugin with these hooks for the next configuration loaded in the process
        self.kept = None
        self.serving = False

    def on_pre_build(self, *, config: Any) -> None:
        # before MkDocs empties the site folder: the build before's files go aside
        self.keeping = False
        if self.kept is not None:
            if self.config.enabled:
                self.keeping = self.kept.start(config)
            else:
                self.kept.end(ok=False)

    def on_config(self, config: Any) -> Any:
        if not self.config.enabled:
            return config
        if config.use_directory_urls:
            log.info("referee: use_directory_urls set to false, so the site also works opened from a folder")
            config.use_directory_urls = False
        self.rules_src = rules_folder(self.config.rules_src, config.config_file_path)
        options = options_of(self.config)
        address = Address(options.section)
        for sheet in (address.asset("referee.css"),):
            if sheet not in config.extra_css:
                config.extra_css.append(sheet)
        for script in (address.asset("games.js"), address.asset("referee.js")):
            if script not in [str(s) for s in config.extra_javascript]:
                config.extra_javascript.append(script)
        # before the theme's own script: search from a folder needs a stand-in for Web Workers,
        # and the search worker is told the page's game and the player's filter
        polyfills = list(config.extra.get("polyfills") or [])
        for script in (address.asset("folder-worker.js"), address.asset("search-scope.js")):
            if script not in polyfills:
                polyfills.append(script)
        config.extra["polyfills"] = polyfills
        return config

    def on_files(self, files: Files, /, *, config: Any) -> Files:
        if not self.config.enabled:
            return files
        site = self.site = load_site(self.rules_src, options_of(self.config), codes_page(files))
        self.later, self.parts = Later(), {}
        self.known_plugins = only_known_plugins(config)
        site.start_ahead(self.kept.compare(site) if self.keeping and self.kept is not None else frozenset())
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
        page.render = partial(render_blank, page)
        return markdown

    def on_page_content(self, html: str, /, *, page: Any, config: Any, files: Files) -> str | None:
        if not self.config.enabled or self.site is None:
            return None
        if page.file.src_uri not in self.site.pages:
            if GAMES in html:  # the home page: the games first
                return html.replace(GAMES, str(self.site.home(page.file.src_uri)), 1)
            return None
        uri = page.file.src_uri
        if self.site.late(uri):
            return LATER
        if self.keeping and self.kept is not None:  # its system as in the build before: read as then
            found = self.kept.recall(uri, self.site.pages[uri].system)
            if found is not None:
                content, toc, self.parts[uri] = found
                page.toc = get_toc(toc_tokens(toc))
                return content
        written = self.site.write(uri)
        page.toc = get_toc(toc_tokens(written.toc))
        if not written.rest and not written.aside:
            content, digest = str(written.title + written.html), b""
        else:
            parts = (str(written.aside), str(written.rest))
            assert self.later is not None
            self.later.put(uri, parts)
            content, digest = str(written.title) + ASIDE + str(written.html) + REST, parts_digest(parts)
        if self.keeping and self.kept is not None:
            self.parts[uri] = digest
            self.kept.remember(uri, (content, written.toc, digest))
        return content

    def on_nav(self, nav: Any, /, *, config: Any, files: Files) -> Any:
        self.nav = nav
        return nav

    def on_env(self, env: Any, /, *, config: Any, files: Files) -> Any:
        """Under serve, after every page is read and before any is laid out: the pages of
        ours whose inputs are as in the build before get an empty layout (:mod:`~referee.site.kept`).
        In every build, the theme's templates are compiled once per process (:mod:`~referee.site.compiled`)."""
        env.bytecode_cache = COMPILED
        if not self.keeping or self.kept is None or self.site is None:
            return env
        from referee.site.kept import TEMPLATE, page_digest, site_digest

        shared = site_digest(config, self.nav, files)
        for file in files.documentation_pages():
            uri = file.src_uri
            if file.page is None or uri not in self.site.pages or self.site.late(uri):
                continue
            if self.kept.take(file.page, page_digest(shared, file.page, self.parts.get(uri, b""))):
                file.page.meta["template"] = TEMPLATE
        if self.kept.taken:
            log.info(f"referee: {len(self.kept.taken)} of {len(self.site.pages)} pages as in the build before, kept")
        return self.kept.layouts(env)

    def on_page_context(self, context: Any, /, *, page: Any, config: Any, nav: Any) -> Any:
        if not self.config.enabled or self.site is None:
            return context
        uri = page.file.src_uri
        if self.keeping and self.kept is not None:  # after the search's turn: its entries of the page
            self.kept.indexed.after_search(uri, ours=uri in self.site.pages)
        if uri not in self.site.pages:
            return context
        if self.site.late(uri):
            written = self.site.write(uri)
            page.content = str(written.whole)
            page.toc = get_toc(toc_tokens(written.toc))
        return context

    def on_post_page(self, output: str, /, *, page: Any, config: Any) -> str | None:
        if not self.config.enabled:
            return None
        uri = page.file.src_uri
        ours = self.site is not None and uri in self.site.pages
        if ours and self.known_plugins:
            page.content = None  # laid out: nothing reads it again (MkDocs keeps every page to the end)
        if self.kept is not None and uri in self.kept.taken:
            if self.later is not None:
                self.later.take(uri, read=False)
            self.kept.move_in(page)  # the file of the build before: the same bytes
            return ""
        if self.worker is not None:  # the theme's search worker -> ours, which loads it
            output = swap_worker(output, self.worker)
        parts = self.parts_of(uri) if ours else None
        if parts is None:
            return output
        for marker, html in zip((ASIDE, REST), parts):
            before, found, after = output.partition(marker)
            if not found:
                raise PluginError(f"referee: {page.file.src_uri}: the page lost a marker of its parts")
            output = before + html + after
        return output

    def parts_of(self, uri: str) -> tuple[str, ...] | None:
        """The HTML of page ``uri`` put in after the search read it (None if none): from
        disk, or, for a page read as in the build before (under serve), written now."""
        parts = self.later.take(uri) if self.later is not None else None
        if parts is None and self.parts.get(uri) and self.site is not None:
            written = self.site.write(uri)
            parts = (str(written.aside), str(written.rest))
        return parts

    def on_post_template(self, output_content: str, /, *, template_name: str, config: Any) -> str | None:
        if not self.config.enabled or self.worker is None:
            return None
        return swap_worker(output_content, self.worker)  # 404.html searches too

    def on_post_build(self, *, config: Any) -> None:
        if not self.config.enabled:
            return
        folder_search_index(config.site_dir, self.site.search_fields() if self.site is not None else {})
        from referee.site import offline

        # under serve no service worker: its cache would stand between the editor and the edit
        offline.write(config.site_dir, config.site_name, config.site_description or "", worker=not self.serving)
        if self.kept is not None:
            if self.site is not None:
                self.kept.note_findings(self.site.findings())
            self.kept.end(ok=self.keeping)
        self.let_go()

    def on_build_error(self, *, error: Exception) -> None:
        if self.kept is not None:
            self.kept.end(ok=False)
        self.let_go()

    def let_go(self) -> None:
        """After a build: its pages and rules, which this object (kept across a serve's
        rebuilds) would otherwise hold while the next build loads its own."""
        if self.site is not None:
            self.site.close()
        if self.later is not None:
            self.later.close()
        self.site, self.nav, self.later, self.parts = None, None, None, {}

    def on_serve(self, server: Any, /, *, config: Any, builder: Any) -> Any:
        if self.config.enabled and self.rules_src:
            server.watch(self.rules_src)
        return server


def render_blank(page: Any, config: Any, files: Files) -> None:
    """``Page.render`` for a page of ours: Python-Markdown gives "" for a blank source
    before any extension runs, so this sets what MkDocs' render then sets, without
    building a Markdown converter for the page (a millisecond each, 10,000 pages)."""
    if page.markdown and page.markdown.strip():  # another plugin wrote some: render it
        return type(page).render(page, config, files)
    page.content = ""
    page.toc = get_toc([])
    page._title_from_render = None
    page.present_anchor_ids = set()
    if logging.getLogger("mkdocs.structure.pages").getEffectiveLevel() > logging.DEBUG:
        page.links_to_anchors = {}
    return None


def folder_search_index(site_dir: str, fields: dict[str, dict[str, str]] | None = None) -> None:
    """The search index with each page's game and category (``fields``: location -> fields),
    which our search worker filters and labels results by; and
    ``search/search_index.js``, the index as a script, for a site opened from a folder,
    where the theme loads it with a script element instead of fetching the JSON."""
    source = os.path.join(site_dir, "search", "search_index.json")
    if not os.path.isfile(source):
        return  # no search plugin
    with open(source, encoding="utf-8") as fh:
        data = fh.read()
    if fields:
        index = json.loads(data)
        for doc in index.get("docs", []):  # a page's, not its sections' (the worker reads the page's)
            found = fields.get(doc.get("location", ""))
            if found:
                doc.update(found)
        data = json.dumps(index, ensure_ascii=False, separators=(",", ":"))
        with open(source, "w", encoding="utf-8") as fh:
            fh.write(data)
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
    if given:
        base = os.path.dirname(os.path.abspath(config_file)) if config_file else os.getcwd()
        return os.path.normpath(os.path.join(base, given))
    try:
        return os.path.abspath(rules_src_dir(None))
    except NoRulesFolder as err:
        raise PluginError(f"referee: {err} (or set rules_src under the plugin in mkdocs.yml)") from None


def load_site(rules_src: str | None, options: Options, codes: str | None) -> Site:
    """The cached build of ``rules_src`` (made when stale), planned into pages."""
    from referee.store.load import open_rules

    assert rules_src is not None
    try:
        build = open_rules(rules_src).whole()
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
    root: list[dict[str, Any]] = []
    stack: list[dict[str, Any]] = []
    for anchor, title, level in entries:
        token = {"level": level, "id": anchor, "name": str(escape(title)), "children": []}
        while stack and stack[-1]["level"] >= level:
            stack.pop()
        (stack[-1]["children"] if stack else root).append(token)
        stack.append(token)
    return root
