"""Every page the plugin adds to a site, planned from one build, written on demand.

:class:`Site` knows, for a build and the plugin's options, which pages exist
(their source paths, as MkDocs names pages), what each is about, its title
and search settings, the navigation entries, and the assets (style sheet,
script, each system's name table); :meth:`Site.write` writes one page's
HTML when MkDocs asks for it.  Nothing here imports MkDocs.
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from importlib.resources import files as package_files
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from markupsafe import escape

from referee.keywords.resolve import families as of_rules
from referee.site import report, rulepage, systempages, unitpages
from referee.site.html import Markup, join, tag
from referee.site.rulebook import Rulebook
from referee.site.urls import Address, html_path, relative, slug
from referee.text import INVISIBLE, fold

if TYPE_CHECKING:
    from referee.store.record import Build
    from referee.lint.run import LintResult
    from referee.site.ahead import Ahead
    from referee.site.armies import Army
    from referee.units import Unit

ASSETS = ("referee.css", "referee.js", "folder-worker.js", "search-scope.js")
PREVIEW_SENTENCES = 2  # of a rule's text in the rich preview of a link to it
PREVIEW_CHARS = 320
# search: rule pages count double against the guide's pages; aliases are tags (mkdocs.yml boosts tags)
RULE_BOOST = 2


@dataclass(frozen=True)
class Options:
    """The plugin options the pages depend on (:class:`referee.site.config.RefereeConfig`)."""

    section: str = "rules"
    systems: tuple[str, ...] = ()
    diagrams: bool = True
    editor_report: bool = True
    paste_box: bool = True
    nav_title: str = "Rules"


@dataclass(frozen=True)
class Planned:
    """One page to write: ``kind`` is rule, index, categories, report, document, army or unit."""

    uri: str
    kind: str
    system: str
    subject: str = ""  # the rule id, or the document's path
    title: str = ""


@dataclass
class Site:
    build: Build
    options: Options
    rules_src: str | None = None
    codes_page: str | None = None  # the guide's page of lint codes, if the site has one
    books: dict[str, Rulebook] = field(default_factory=dict)
    pages: dict[str, Planned] = field(default_factory=dict)
    _lint: dict[str, LintResult] = field(default_factory=dict)
    _armies: dict[str, tuple[Army, Unit | None]] = field(default_factory=dict)  # army or unit page -> what it shows
    ahead: Ahead | None = None  # the helper writing pages and linting in a second process

    @classmethod
    def plan(cls, build: Build, options: Options, rules_src: str | None = None, codes_page: str | None = None) -> Site:
        site = cls(build, options, rules_src, codes_page)
        address = Address(options.section)
        for system in options.systems or tuple(build.systems):
            build.check_system(system)
            book = site.books[system] = Rulebook.of(build, system, address)
            site._add(Planned(address.system_page(system), "index", system, title=book.title))
            site._add(Planned(address.system_page(system, "categories"), "categories", system, title=f"{book.title}: categories"))
            if options.editor_report:
                site._add(Planned(address.system_page(system, "report"), "report", system, title=f"Editor's report: {book.title}"))
            for document in book.documents:
                site._add(Planned(address.document_page(document), "document", system, document, document))
            for rule in book.rules:
                site._add(Planned(address.rule_page(rule.id), "rule", system, rule.id, rule.name))
            for army in book.armies.armies if book.armies else ():
                site._add(Planned(army.page, "army", system, army.book.file, army.book.name))
                site._armies[army.page] = (army, None)
                for unit, page in army.units:
                    site._add(Planned(page, "unit", system, unit.id, unit.name))
                    site._armies[page] = (army, unit)
        return site

    def _add(self, page: Planned) -> None:
        if page.uri in self.pages:  # two rule ids with one slug: refuse rather than overwrite a page
            other = self.pages[page.uri]
            raise ValueError(f"{page.subject or page.kind} and {other.subject or other.kind} would both be {page.uri}")
        self.pages[page.uri] = page

    # -- what MkDocs asks ---------------------------------------------------------------

    def in_nav(self, page: Planned) -> bool:
        return page.kind in ("index", "categories", "report", "army")

    def meta(self, uri: str) -> dict[str, Any]:
        """The page's title (as HTML: escaped) and search settings."""
        page = self.pages[uri]
        meta: dict[str, Any] = {"title": str(escape(page.title))}
        if page.kind in ("categories", "report", "document"):
            meta["search"] = {"exclude": True}  # their words are the rules' own, found on the rules' pages
        if page.kind == "rule":
            rule = self.build.get(page.subject)
            if rule is not None and not self.books[page.system].for_players(rule):
                meta["search"] = {"exclude": True}  # unnamed or empty: the Editor's report lists it
                return meta
            meta["search"] = {"boost": RULE_BOOST}
            names = [a.name for a in rule.aliases if fold(a.name) != fold(rule.name)] if rule else []
            # the search's own tokenizer keeps "ß" and accents: "Todesstoss" and "Plankler"
            # would not find Todesstoß and Plänkler, so their plain spellings go in too
            aliases = list(dict.fromkeys([*names, *(plain_letters(n) for n in names)]))
            if aliases:  # searched with the boost mkdocs.yml gives tags; shown as HTML in results
                meta["tags"] = [str(escape(a)) for a in aliases]
        return meta

    def write(self, uri: str) -> rulepage.Written:
        if self.ahead is not None:
            done = self.ahead.take(uri)
            if done is not None:
                return done
        page = self.pages[uri]
        book = self.books[page.system]
        if page.kind == "rule":
            rule = book.rule(page.subject)
            assert rule is not None
            return rulepage.write_rule(book, rule, uri, diagrams=self.options.diagrams)
        if page.kind == "index":
            return systempages.write_index(book, uri, self.options.paste_box, self.options.editor_report)
        if page.kind == "categories":
            return systempages.write_categories(book, uri)
        if page.kind == "document":
            return systempages.write_document(book, page.subject, uri)
        if page.kind in ("army", "unit"):
            army, unit = self._armies[uri]
            return unitpages.write_army(book, army, uri) if unit is None else unitpages.write_unit(book, army, unit, uri)
        return report.write_report(book, self.lint(page.system), uri, self.codes_page)

    def start_ahead(self, skip: frozenset[str] = frozenset()) -> None:
        """A second process writing rule pages and linting, for a large system (:mod:`~referee.site.ahead`);
        none of the pages of the systems in ``skip`` (under serve: as in the build before)."""
        from referee.site.ahead import Ahead

        if self.ahead is None:
            self.ahead = Ahead.start(self, skip)

    def close(self) -> None:
        if self.ahead is not None:
            self.ahead.close()
            self.ahead = None

    def lint(self, system: str) -> LintResult:
        """The system's findings; every system's are read (or found in the cache) at once."""
        if system not in self._lint:
            from referee.lint.stored import lint_all

            if self.ahead is not None:
                self.ahead.wait_for_lint()
            self._lint.update(lint_all(self.build, self.unlinted(), self.rules_src))
        return self._lint[system]

    def known_findings(self, results: dict[str, LintResult]) -> None:
        """Findings known before this build (under serve: of the systems as in the build before)."""
        self._lint.update(results)

    def findings(self) -> dict[str, LintResult]:
        """Every system's findings found so far."""
        return dict(self._lint)

    def unlinted(self) -> list[str]:
        """The systems whose findings are still to be found (under serve, a system as in the
        build before has its findings of then: :mod:`~referee.site.kept`)."""
        return [system for system in self.books if system not in self._lint]

    def late(self, uri: str) -> bool:
        """Pages written only when the theme lays them out, after every other page: the
        Editor's reports, so linting has the whole build's time to finish."""
        return self.pages[uri].kind == "report"

    def ordered(self) -> list[Planned]:
        """The pages in the order to build them: the reports last."""
        return sorted(self.pages.values(), key=lambda p: p.kind == "report")

    def nav(self) -> list[dict[str, Any]]:
        """Navigation entries: a section per system holding its own pages."""
        out = []
        for system, book in self.books.items():
            address = book.address
            entries = [{"A–Z index": address.system_page(system)}, {"Categories": address.system_page(system, "categories")}]
            if self.options.editor_report:
                entries.append({"Editor's report": address.system_page(system, "report")})
            if book.armies:  # only a system with imported army data
                entries.append({"Armies": [{str(escape(a.book.name)): a.page} for a in book.armies.armies]})
            out.append({str(escape(book.title)): entries})
        return out

    def assets(self) -> dict[str, bytes]:
        """The files every page needs: style, script, and per system the name table."""
        address = Address(self.options.section)
        out = {address.asset(name): package_files("referee.site").joinpath("assets", name).read_bytes() for name in ASSETS}
        if self.options.paste_box:
            from referee.site import keyword_parser

            out[address.asset(keyword_parser.ASSET)] = keyword_parser.generate().encode("utf-8")
            for system, book in self.books.items():
                out[address.asset(f"names-{system}.js")] = name_table(book)
        for system, book in self.books.items():
            out[address.asset(f"previews-{system}.js")] = preview_table(book)
        out[address.asset("games.js")] = script_data("RefereeGames", {"section": address.section, "games": self.games()})
        return out

    def games(self) -> list[dict[str, Any]]:
        """Each game (system) as the home page and the search's filters show it: its id,
        name, how many rules players see, its index page, and its categories."""
        out = []
        for system, book in self.books.items():
            shown = book.player_rules()
            categories = sorted({r.category for r in shown if r.category}, key=lambda c: (fold(c), c))
            out.append({"id": system, "name": book.title, "rules": len(shown), "categories": categories})
        return out

    def search_fields(self) -> dict[str, dict[str, str]]:
        """The search index's location of each page of ours -> the fields the search worker
        filters and labels by: ``game`` (the system), ``game_name`` and, for a rule, its
        ``category``. (The theme hands its worker only the index's documents.)"""
        out: dict[str, dict[str, str]] = {}
        for uri, page in self.pages.items():
            fields = {"game": page.system, "game_name": self.books[page.system].title}
            if page.kind == "rule":
                rule = self.build.get(page.subject)
                if rule is not None and rule.category:
                    fields["category"] = rule.category
            out[html_path(uri)] = fields
        return out

    def home(self, here: str) -> Markup:
        """The games, first thing on the home page: each with its rule count, a search box
        scoped to it, and its A-Z index and categories."""
        cards = []
        for game in self.games():
            book = self.books[game["id"]]
            index = relative(here, book.address.system_page(book.system))
            links = [
                tag("a", "A–Z index", href=index),
                tag("a", "Categories", href=relative(here, book.address.system_page(book.system, "categories"))),
            ]
            cards.append(
                tag(
                    "section",
                    [
                        tag("h2", tag("a", book.title, href=index), id=f"game-{slug(book.system) or 'x'}"),
                        tag("p", f"{game['rules']} rules", class_="rf-game-count"),
                        systempages.game_search(book.system, book.title, index),
                        tag("p", join(links, " · "), class_="rf-game-links"),
                    ],
                    class_="rf-game",
                )
            )
        return tag("div", cards, class_="rf-games")


def plain_letters(name: str) -> str:
    """A name as typed on a keyboard without its letters: accents off, "ß" as "ss".

    >>> plain_letters("Todesstoß"), plain_letters("Plänkler"), plain_letters("Fear")
    ('Todesstoss', 'Plankler', 'Fear')
    """
    text = unicodedata.normalize("NFKD", name.replace("ß", "ss").replace("ẞ", "SS"))
    return "".join(c for c in text if not unicodedata.combining(c))


def script_data(name: str, data: Any) -> bytes:
    """``data`` as a script setting ``window.<name>``: a script, not JSON, so a site opened
    from a folder (file://) reads it too; never a "</script>" inside, whatever a name holds."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).replace("<", "\\u003c")
    return f"window.{name}={text};\n".encode()


def preview_table(book: Rulebook) -> bytes:
    """What the rich preview of a link to a rule shows, per rule page of the system (its
    file name): name, category, its first sentences, parameters. Loaded on the first
    preview of a page; only the rules players see."""
    folder = book.address.folder(book.system) + "/"
    rules = {}
    for rule in book.player_rules():
        opening = ""
        if rule.text.strip():
            opening = " ".join(" ".join(book.sentences_of(rule.text)[:PREVIEW_SENTENCES]).split())  # cut once for the pages too
            if len(opening) > PREVIEW_CHARS:
                opening = opening[:PREVIEW_CHARS].rsplit(" ", 1)[0] + " …"
        params = [f"{p.name}: {p.kind}" for p in rule.params]
        rules[html_path(book.page(rule.id))[len(folder):]] = [rule.name, rule.category or "", opening, params]
    return script_data(f"RefereePreviews[{json.dumps(book.system)}]", rules).replace(
        b"window.", b"window.RefereePreviews=window.RefereePreviews||{};window.", 1
    )


def name_table(book: Rulebook) -> bytes:
    """What the paste box needs to link keywords: each folded name and alias to rule ids,
    each id's name and page (relative to the system's folder), and the core terms.

    A script file rather than JSON, so a site opened from a folder (file://) reads it too.
    """
    here = book.address.system_page(book.system)
    rules = {
        r.id: [r.name, relative(here, book.page(r.id)), [[p.name, p.kind] for p in r.params], r.parent, bool(r.children)]
        for r in book.sorted_rules()
    }
    names = {key: ids for key, ids in sorted(book.build.names[book.system].items())}
    data = {
        "system": book.system,
        "names": names,
        "rules": rules,
        "families": families(book),
        "word_after": word_after(book),
        "core": sorted({fold(t) for t in book.build.manifests[book.system].core_terms}),
        "invisible": "".join(sorted(INVISIBLE)),
        "invisible_names": INVISIBLE,  # for the box's "unexpected zero-width space U+200B"
    }
    text = json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    text = text.replace("<", "\\u003c")  # never a "</script>" inside a script, whatever a name holds
    return f"window.RefereeNames=window.RefereeNames||{{}};window.RefereeNames[{json.dumps(book.system)}]={text};\n".encode()


def word_after(book: Rulebook) -> dict[str, list[str]]:
    """Each folded name a rule's text writes with a word parameter after it ("immune to", from
    'A model with "Immune to X" ...') -> [the rule's id, the name as written]: "Immune to Poison"
    in the box is that rule with Poison, as ``referee parse`` reads it."""
    from referee.keywords.resolve import word_parameter_names

    out: dict[str, list[str]] = {}
    for r in book.sorted_rules():
        if any(p.kind == "text" for p in r.params):
            rule = {"name": r.name, "aliases": [{"name": a.name} for a in r.aliases], "params": [p.to_json() for p in r.params], "text": r.text}
            for name in word_parameter_names(rule):
                out.setdefault(fold(name), [r.id, name])
    return out


def families(book: Rulebook) -> dict[str, list[str]]:
    """Each word that opens the names of all of a rule's sub-rules -> those rules, in
    the system's order ("ranged" -> the Ranged weapon keywords): the families
    :mod:`referee.keywords.resolve` ties a keyword to when no rule has its name, by
    its own reading of a family (:func:`referee.keywords.resolve.families`)."""
    by_id = {rule.id: rule for rule in book.rules}
    return of_rules((r.id, [by_id[k].name if k in by_id else None for k in r.children]) for r in book.rules)
