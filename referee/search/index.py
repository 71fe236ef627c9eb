"""The search index of a build: made once per build key, kept beside the store.

``store/<folder>/search-<key>/`` holds a whoosh index of every rule of the
build whose key it carries, and ``meta.json`` (systems, languages, core
terms).  It is written into a temporary folder and renamed into place, so a
reader sees a whole index or none; a build of other content removes it
(:func:`referee.store.writer.build`).  An index that cannot be opened is
removed with a note and made again; where the cache folder cannot be
written, the index is made in memory for the one call.

Fields (one set per language ``L`` the rules come in):

========================  =====================================================
``id``, ``system``        the rule's id and system (exact terms)
``family``                the first word of all its sub-rules' names, if they share one
``exact``                 its name and aliases folded as lookup folds them
``stems``                 the same, stemmed in their language, and without spaces
``names``                 name and aliases word by word, folded, not stemmed
                          (prefixes and typos)
``name_L``, ``alias_L``   name (in the system's first language) and aliases of
                          language L, stemmed
``text_L``                every version's text in language L, stemmed, with positions
``heading_L``             headings of its versions and its sub-rules
``category_L``            its category
``keywords``              names of the keywords its keyword strings carry
``vocab``                 every word of names and texts, folded (spelling suggestions)
========================  =====================================================

Stored with each rule for its result: its title, names, parent and children,
its text (``body``, whitespace made single spaces) and where each term of it
stands (``marks``, :func:`referee.search.snippet.marks`), which the snippet
reads rather than stemming the text at every search.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from whoosh import fields as wf
from whoosh import index as windex
from whoosh.filedb.filestore import RamStorage

from referee.errors import unknown_system
from referee.search import analysis
from referee.search.snippet import marks
from referee.search.units import summary as unit_summary
from referee.text import fold

if TYPE_CHECKING:
    from typing import Any

    from whoosh.searching import Searcher

    from referee.model import Rule
    from referee.search.engine import Answer
    from referee.store.record import Build

FORMAT = 2  # bump when the index's fields change in a way the build key cannot see
META = "meta.json"
STEMMED = ("name", "alias", "text", "heading", "category")
MULTIPROCESS_FROM = 20_000  # rules; below this one writer is quicker than starting processes


class Corpus:
    """What an index is made from: a build, or anything shaped like its parts."""

    def __init__(
        self,
        key: str,
        rules: Iterable[Rule],
        languages: dict[str, tuple[str, ...]],  # system -> its languages, first the main one
        core_terms: dict[str, list[str]],  # system -> folded core terms
        unmanaged: tuple[str, ...] = (),
        rule_names: dict[str, str] | None = None,  # id -> name, for sub-rule headings
        units: dict[str, list[dict[str, Any]]] | None = None,  # system -> army data units (referee.search.units)
    ) -> None:
        self.key, self.rules, self.languages, self.core_terms, self.unmanaged = key, rules, languages, core_terms, unmanaged
        self.rule_names = rule_names or {}
        self.units = units or {}

    @classmethod
    def of(cls, build: Build) -> Corpus:
        """The corpus of a :class:`~referee.store.record.Build`."""
        return cls(
            key=build.key,
            rules=list(build.rules.values()),
            languages={s: tuple(m.languages) or ("en",) for s, m in build.manifests.items()},
            core_terms={s: sorted({fold(t) for t in m.core_terms}) for s, m in build.manifests.items()},
            unmanaged=tuple(build.unmanaged),
            rule_names=dict(build.rule_names),
            units=unit_summary(build),
        )


class Index:
    """An open search index and what it knows of its build."""

    def __init__(self, ix: Any, meta: dict[str, Any], folder: str | None, searcher: Searcher | None = None) -> None:
        self.ix = ix
        self.meta = meta
        self.folder = folder
        self._searcher = searcher
        # whoosh reads the schema from disk (and unpickles every analyzer) on
        # each ``ix.schema``; a searcher holds the one it read.
        self.schema = searcher.schema if searcher is not None else ix.schema
        self._fields: list[tuple[str, float]] | None = None

    @property
    def key(self) -> str:
        return self.meta["key"]

    @property
    def systems(self) -> list[str]:
        return self.meta["systems"]

    @property
    def unmanaged(self) -> list[str]:
        return self.meta["unmanaged"]

    @property
    def languages(self) -> list[str]:
        return self.meta["all_languages"]

    @property
    def units(self) -> dict[str, list[dict[str, Any]]]:
        """System -> the units of its army data, found by name (:mod:`referee.search.units`)."""
        return self.meta.get("units", {})

    def core_terms(self, system: str) -> list[str]:
        return self.meta["core_terms"].get(system, [])

    def check_system(self, system: str | None) -> None:
        if system is not None and system not in self.systems:
            raise unknown_system(system, self.systems, tuple(self.unmanaged))

    def searcher(self) -> Searcher:
        if self._searcher is None:
            self._searcher = self.ix.searcher()
        return self._searcher

    def search(self, query: str, system: str | None = None, limit: int = 10, units: bool = True) -> Answer:
        """The ranked :class:`~referee.search.engine.Answer` for ``query``; ``units``: army data's units too."""
        from referee.search.engine import search

        return search(self, query, system, limit, units)

    def close(self) -> None:
        if self._searcher is not None:
            self._searcher.close()
            self._searcher = None

    def __enter__(self) -> Index:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


# --- the schema and the documents -------------------------------------------------


def schema(languages: Iterable[str]) -> wf.Schema:
    fold_text = analysis.folding()
    s = wf.Schema(
        id=wf.ID(stored=True, unique=True),
        system=wf.ID(stored=True),
        title=wf.STORED(),
        forms=wf.STORED(),
        parent=wf.STORED(),
        children=wf.STORED(),
        body=wf.STORED(),
        body_lang=wf.STORED(),
        marks=wf.STORED(),
        family=wf.ID(),
        exact=wf.KEYWORD(commas=True, lowercase=False),
        stems=wf.KEYWORD(commas=True, lowercase=False),
        names=wf.TEXT(analyzer=fold_text, phrase=False),
        keywords=wf.TEXT(analyzer=fold_text, phrase=False),
        vocab=wf.TEXT(analyzer=fold_text, phrase=False),
    )
    for lang in sorted(set(languages)):
        stem = analysis.stemming(lang)
        for kind in STEMMED:
            s.add(f"{kind}_{lang}", wf.TEXT(analyzer=stem, phrase=kind == "text"))
    return s


def _lead(rule: Rule, rule_names: dict[str, str]) -> str | None:
    """The first word all of a rule's sub-rules' names share ("ranged" for
    Ranged weapon keywords: "Ranged X heavy", "Ranged X sniper"), if any: only
    such a rule can be a keyword family (:mod:`referee.keywords.resolve`)."""
    firsts = {(fold(rule_names.get(kid, "")).split() or [""])[0] for kid in rule.children}
    return firsts.pop() if len(firsts) == 1 and "" not in firsts else None


def _forms(rule: Rule, main: str) -> list[tuple[str, str, str]]:
    """(name, "name" | "alias", language) of every name the rule goes by."""
    out = [] if "unnamed" in rule.flags else [(rule.name, "name", main)]
    out.extend((a.name, "alias", a.lang) for a in rule.aliases)
    return out


def _stems(forms: list[tuple[str, str, str]]) -> list[str]:
    out = []
    for name, _kind, lang in forms:
        for written in dict.fromkeys((name, analysis.bare(name))):
            stemmed = " ".join(analysis.terms(analysis.stemming(lang), written))
            folded = fold(written).replace(" ", "")
            out.extend(t for t in (stemmed, folded) if t)
    return out


def document(rule: Rule, main: str, keyword_names: list[str], rule_names: dict[str, str]) -> dict[str, Any]:
    """The fields of one rule (see the module's table)."""
    forms = _forms(rule, main)
    doc: dict[str, Any] = {
        "id": rule.id,
        "system": rule.system,
        "title": rule.name,
        "forms": [list(f) for f in forms],
        "parent": rule.parent,
        "children": list(rule.children),
        "body": " ".join(rule.text.split()),
        "body_lang": rule.versions[0].lang if rule.versions else main,
        "exact": ",".join(dict.fromkeys(f for f in (fold(n) for n, _, _ in forms) if f)),
        "stems": ",".join(dict.fromkeys(_stems(forms))),
        "names": "\n".join(n for n, _, _ in forms),
        "keywords": "\n".join(keyword_names),
    }
    lead = _lead(rule, rule_names)
    if lead:
        doc["family"] = lead
    if forms and forms[0][1] == "name":
        doc[f"name_{main}"] = rule.name
    by_lang: dict[str, list[str]] = {}
    for name, kind, lang in forms:
        if kind == "alias":
            by_lang.setdefault(f"alias_{lang}", []).append(name)
    texts: dict[str, list[str]] = {}
    headings = [rule_names.get(kid, "") for kid in rule.children]
    names = {fold(n) for n, _, _ in forms}
    for version in rule.versions:
        if version.text and version.text not in texts.get(version.lang, []):
            texts.setdefault(version.lang, []).append(version.text)
        if version.heading and fold(version.heading) not in names:
            headings.append(version.heading)
    for lang, parts in texts.items():
        by_lang[f"text_{lang}"] = parts
    if headings:
        by_lang[f"heading_{main}"] = headings
    if rule.category:
        by_lang[f"category_{main}"] = [rule.category]
    for name, values in by_lang.items():
        doc[name] = "\n\n".join(v for v in values if v)
    doc["vocab"] = "\n".join([doc["names"], *(t for parts in texts.values() for t in parts)])
    return doc


def body_field(names: Iterable[str], lang: str | None, languages: list[str]) -> str:
    """The text field whose analyzer reads a rule's body (in ``lang``) for its snippet."""
    wanted = f"text_{lang or 'en'}"
    return wanted if wanted in names else f"text_{languages[0]}"


def keyword_names(rules: list[Rule]) -> dict[str, list[str]]:
    """Per rule id, the names of the keywords its keyword strings carry, nested ones too."""
    from referee.keywords import KeywordSyntaxError, parse, to_json
    from referee.keywords.corpus import strings_of

    names_of: dict[str, set[str]] = {}
    for rule in rules:
        names_of.setdefault(rule.system, set()).update(fold(n) for n in rule.names)
    out: dict[str, list[str]] = {}
    for rule in rules:
        found: list[str] = []
        for item in strings_of(rule, names_of[rule.system]):
            try:
                data = to_json(parse(item.text))
            except KeywordSyntaxError:
                continue
            _collect(data["keywords"], found)
        if found:
            out[rule.id] = list(dict.fromkeys(found))
    return out


def _collect(items: list[Any], into: list[str]) -> None:
    for item in items:
        if not isinstance(item, dict):
            continue
        if item.get("name"):
            into.append(item["name"])
        for key in ("args", "options"):
            if isinstance(item.get(key), list):
                _collect(item[key], into)


# --- writing ------------------------------------------------------------------------


def write(corpus: Corpus, folder: str | None, progress: Callable[[int], None] | None = None) -> Index:
    """Index ``corpus`` into ``folder`` (made whole aside, then renamed into place).

    ``folder`` None, or a folder that cannot be written, gives an index in
    memory.  If another process put an index into ``folder`` first, that one
    is opened and this one discarded.
    """
    rules = list(corpus.rules)
    all_languages = sorted({lang for langs in corpus.languages.values() for lang in langs}
                           | {a.lang for r in rules for a in r.aliases}
                           | {v.lang for r in rules for v in r.versions})
    meta = {
        "format": FORMAT,
        "key": corpus.key,
        "systems": sorted(corpus.languages),
        "unmanaged": list(corpus.unmanaged),
        "languages": {s: list(langs) for s, langs in corpus.languages.items()},
        "all_languages": all_languages,
        "core_terms": corpus.core_terms,
        "rules": len(rules),
        "units": corpus.units,
    }
    the_schema = schema(all_languages)
    tmp = None
    if folder is not None:
        try:
            parent = os.path.dirname(folder)
            os.makedirs(parent, exist_ok=True)
            tmp = tempfile.mkdtemp(prefix=".search-", suffix=".tmp", dir=parent)
        except OSError:
            tmp = None
    try:
        if tmp is None:
            ix = _Memory().create_index(the_schema)
        else:
            ix = windex.create_in(tmp, the_schema)
        _fill(ix, the_schema, all_languages, rules, corpus, progress)
        if tmp is None:
            return Index(ix, meta, None)
        with open(os.path.join(tmp, META), "w", encoding="utf-8") as fh:
            json.dump(meta, fh)
        try:
            os.rename(tmp, folder)  # type: ignore[arg-type]
        except OSError:
            if not os.path.isdir(folder):  # type: ignore[arg-type]
                raise
            shutil.rmtree(tmp, ignore_errors=True)  # another process won the race: read its index
        tmp = None
        opened = open_folder(folder, corpus.key)  # type: ignore[arg-type]
        if opened is None:
            raise OSError(f"the search index at {folder} could not be read back")
        return opened
    finally:
        if tmp is not None:
            shutil.rmtree(tmp, ignore_errors=True)


class _Memory(RamStorage):
    """A whoosh storage in memory whose writer keeps its scratch files in memory too.

    whoosh's ``RamStorage`` puts them under a fixed name in the system's temporary folder
    (``<tmp>/MAIN.tmp``), so two processes building an index in memory at once removed each
    other's files, a file of that name left there stopped every such build, and a build made
    in memory because nothing could be written still wrote there."""

    def temp_storage(self, name: str | None = None) -> RamStorage:
        return RamStorage()


def _fill(ix: Any, the_schema: wf.Schema, languages: list[str], rules: list[Rule], corpus: Corpus, progress: Callable[[int], None] | None) -> None:
    procs = min(2, os.cpu_count() or 1) if len(rules) >= MULTIPROCESS_FROM else 1
    writer = ix.writer(procs=procs, multisegment=True, limitmb=256) if procs > 1 else ix.writer(limitmb=256)
    try:
        kw = keyword_names(rules)
        names = the_schema.names()
        for done, rule in enumerate(rules, start=1):
            main = corpus.languages.get(rule.system, ("en",))[0]
            doc = document(rule, main, kw.get(rule.id, []), corpus.rule_names)
            doc["marks"] = marks(doc["body"], the_schema[body_field(names, doc["body_lang"], languages)].analyzer)
            writer.add_document(**doc)
            if progress is not None and done % 500 == 0:
                progress(done)
        writer.commit()
    except BaseException:
        writer.cancel()
        raise


# --- reading ------------------------------------------------------------------------


def open_folder(folder: str, key: str) -> Index | None:
    """The index in ``folder`` if it is whole and of build ``key``; else None.

    One that exists but cannot be read (damaged, another version's) is
    removed with a note, so the caller makes it anew.
    """
    if not os.path.isdir(folder):
        return None
    try:
        with open(os.path.join(folder, META), encoding="utf-8") as fh:
            meta = json.load(fh)
        if meta.get("format") != FORMAT or meta.get("key") != key:
            raise ValueError("made for another build")
        ix = windex.open_dir(folder, readonly=True)
        searcher = ix.searcher()  # reads the segments: damage shows here, not mid-search
    except Exception as err:  # noqa: BLE001 - any damage means the same: index anew
        print(f"referee: note: discarding an unreadable search index ({type(err).__name__}); rebuilding", file=sys.stderr)
        shutil.rmtree(folder, ignore_errors=True)
        return None
    return Index(ix, meta, folder, searcher)


def open_index(
    rules_src: str,
    make_build: Callable[[], Build] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Index:
    """The search index of the current content of ``rules_src``, made if needed.

    ``make_build`` gives the build when the index must be made (default: the
    store's, :func:`referee.store.load.open_rules`); ``progress``
    hears how many rules are indexed, now and then.
    """
    found = current(rules_src)
    if found is not None:
        return found
    if make_build is None:
        from referee.store.load import open_rules

        build = open_rules(rules_src).whole()
    else:
        build = make_build()
    return write(Corpus.of(build), folder_for(rules_src, build.key), progress)


def current(rules_src: str) -> Index | None:
    """The index of the current content of ``rules_src`` if one is made, else None."""
    from referee.store.load import current_key

    key = current_key(rules_src)
    return open_folder(folder_for(rules_src, key), key)


def folder_for(rules_src: str, key: str) -> str:
    """Where the index of build ``key`` of ``rules_src`` lives: beside its store."""
    from referee.store.database import folder

    return os.path.join(folder(rules_src), f"search-{key}")
