"""Pages a rebuild under ``referee site serve`` takes from the build before, unchanged.

``mkdocs serve`` builds the whole site again after any edit, and the theme
lays out every page again: at 10,000 rules, most of a rebuild. An edited
rule changes the pages of a few rules. A page's file is made by the theme
from what the page is (its content, the parts put in after the search read
it, its table of contents, metadata, title, address, and where it sits in
the navigation) and what every page shares (the site's configuration, its
navigation, the theme's templates). :func:`page_digest` digests all of it.
When a page of ours has the digest it had in the build before, the file
that build wrote for it is moved into the new site instead of laid out
again; every other page is laid out as MkDocs always does.

So a page is kept only when every input the theme reads is the same, and
its file is then the bytes laying it out again would give.

Before that, a page has to be written (:meth:`referee.site.pages.Site.write`)
for its inputs to be known. Systems are namespaces: the pages of a system
are written from its own part of the build alone (and the plugin's
options), so a system whose part has the digest it had before
(:func:`system_digest`) has its pages read as they were then (their
content, table of contents and the digest of their later parts), without
writing any; the later parts of such a page are written only if the theme
has to lay it out again. Such a system's lint findings (its Editor's
report) are kept too, while its system.toml reads the same (:func:`lint_key`).
A kept page keeps its search entries as well (:mod:`~referee.site.indexed`).

Other plugins could read inputs no digest here covers, so with any plugin
or hook beside the search and ours (:data:`KNOWN_PLUGINS`) nothing is kept.

The files of the build before are moved aside, into a hidden folder of the
site folder (MkDocs' cleaning leaves hidden names alone), before MkDocs
empties the folder; whatever was not taken back is removed at the end. A
build that fails forgets every digest, so the next lays out every page.
"""

from __future__ import annotations

import logging
import os
import shutil
from hashlib import blake2b
from typing import Any

from referee.site.indexed import Indexed

ASIDE = ".referee-previous"  # inside the site folder; MkDocs never removes a hidden name
TEMPLATE = "referee-kept.html"  # an empty layout, for a page whose file is moved in instead
KNOWN_PLUGINS = frozenset({"search", "material/search", "referee"})
# what MkDocs logs for a page whose layout is empty; for a kept page, that is on purpose
SKIPPED_BEFORE, SKIPPED_AFTER = "Page skipped: '", "'. Generated empty output."


class Kept:
    """Across the builds of one ``serve``: the digest each page of ours had when its file was written."""

    def __init__(self) -> None:
        self.written: dict[str, bytes] = {}  # page -> digest of its file now in the site folder
        self.digests: dict[str, bytes] = {}  # this build's, which become ``written`` when it ends well
        self.taken: set[str] = set()  # pages of this build whose file is the one before
        self.folder = ""  # the site folder, while a build uses it
        self.quiet = _Quiet(self.taken)
        self.systems: dict[str, bytes] = {}  # system -> digest of what its pages were written from
        self.read: dict[str, Read] = {}  # page -> what it was read as, in the build before
        self.systems_now: dict[str, bytes] = {}
        self.read_now: dict[str, Read] = {}
        self.same: frozenset[str] = frozenset()  # systems whose pages this build reads as before
        self.indexed = Indexed()  # the search's entries of each page
        self.lints: dict[str, tuple[bytes, Any]] = {}  # system -> what it was linted from, its findings
        self.lints_now: dict[str, tuple[bytes, Any]] = {}
        self.lint_keys: dict[str, bytes] = {}  # this build's, by system

    # -- a build, from start to end --------------------------------------------------

    def start(self, config: Any) -> bool:
        """Before MkDocs cleans the site folder: the files of the build before go aside.
        False (and nothing moved) when the site has plugins or hooks whose inputs are unknown."""
        self.digests, self.folder = {}, ""
        self.systems_now, self.read_now, self.same = {}, {}, frozenset()
        self.lints_now, self.lint_keys = {}, {}
        self.taken.clear()
        if not only_known_plugins(config):
            self.written, self.systems, self.read, self.lints = {}, {}, {}, {}
            return False
        self.folder = config.site_dir
        self.indexed.start(config)
        logging.getLogger("mkdocs.commands.build").addFilter(self.quiet)
        aside = os.path.join(self.folder, ASIDE)
        shutil.rmtree(aside, ignore_errors=True)  # a build that failed before removing it
        if not self.written or not os.path.isdir(self.folder):
            return True
        os.makedirs(aside)
        for entry in os.listdir(self.folder):
            if not entry.startswith("."):
                os.rename(os.path.join(self.folder, entry), os.path.join(aside, entry))
        return True

    def compare(self, site: Any) -> frozenset[str]:
        """The systems of ``site`` whose pages are written from what they were in the build before."""
        self.systems_now = {system: system_digest(site, system) for system in site.books}
        self.same = frozenset(s for s, digest in self.systems_now.items() if self.systems.get(s) == digest)
        self.lint_keys = {s: lint_key(site, s, digest) for s, digest in self.systems_now.items()}
        site.known_findings({s: found for s, (key, found) in self.lints.items() if key and self.lint_keys.get(s) == key})
        return self.same

    def note_findings(self, found: dict[str, Any]) -> None:
        """The systems' findings of this build, for the next (the Editor's reports)."""
        self.lints_now = {s: (self.lint_keys[s], result) for s, result in found.items() if self.lint_keys.get(s)}

    def recall(self, uri: str, system: str) -> Read | None:
        """What page ``uri`` was read as in the build before, if its system is the same."""
        found = self.read.get(uri) if system in self.same else None
        if found is not None:
            self.read_now[uri] = found
        return found

    def remember(self, uri: str, read: Read) -> None:
        self.read_now[uri] = read

    def take(self, page: Any, digest: bytes) -> bool:
        """Whether ``page`` keeps its file of the build before (moved in by :meth:`move_in`)."""
        uri = page.file.src_uri
        self.digests[uri] = digest
        if self.written.get(uri) != digest or not os.path.isfile(os.path.join(self.folder, ASIDE, page.file.dest_uri)):
            return False
        self.taken.add(uri)
        self.indexed.give(page)
        return True

    def move_in(self, page: Any) -> None:
        os.makedirs(os.path.dirname(page.file.abs_dest_path), exist_ok=True)
        os.replace(os.path.join(self.folder, ASIDE, page.file.dest_uri), page.file.abs_dest_path)

    def end(self, ok: bool) -> None:
        """After the build: its digests are the site folder's now, or (it failed) none are."""
        self.written = self.digests if ok else {}
        self.systems, self.read = (self.systems_now, self.read_now) if ok else ({}, {})
        self.lints = self.lints_now if ok else {}
        self.lints_now, self.lint_keys = {}, {}
        self.digests, self.systems_now, self.read_now, self.same = {}, {}, {}, frozenset()
        self.indexed.end(ok)
        self.taken.clear()
        if self.folder:
            shutil.rmtree(os.path.join(self.folder, ASIDE), ignore_errors=True)
        self.folder = ""
        logging.getLogger("mkdocs.commands.build").removeFilter(self.quiet)

    # -- MkDocs' side -----------------------------------------------------------------

    def layouts(self, env: Any) -> Any:
        """The theme's templates, and the empty one a kept page is given."""
        import jinja2

        env.loader = jinja2.ChoiceLoader([jinja2.DictLoader({TEMPLATE: ""}), env.loader])
        return env


Read = tuple[str, tuple[tuple[str, str, int], ...], bytes]  # content, table of contents, parts' digest


def system_digest(site: Any, system: str) -> bytes:
    """What the pages of ``system`` are written from: its rules, relations, names,
    documents and army data, and the plugin's options. No page of a system reads
    another system's rules (systems are namespaces); a rule named by id elsewhere
    shows only its name, which is in here too."""
    import pickle

    build = site.build
    rules = list(build.in_system(system))
    relations = build.relations(system)
    ids = sorted({r.id for r in rules} | {i for rel in relations for i in (rel.source, rel.target) if i})
    documents = build.documents.get(system, [])
    data = (
        site.options,
        site.codes_page,
        site.rules_src,
        build.manifests[system],
        documents,
        [build.texts.get(d.path) for d in documents],
        rules,
        relations,
        build.names.get(system),
        [(i, build.rule_names.get(i)) for i in ids],
        getattr(build, "armies", {}).get(system, ()),
    )
    return blake2b(pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL), digest_size=16).digest()


def lint_key(site: Any, system: str, digest: bytes) -> bytes:
    """What a system's findings are made from: its part of the build (``digest``, as
    :func:`system_digest`) and its system.toml as written (findings about waivers give
    its lines); empty, so never the same, when the file cannot be read."""
    manifest = site.build.manifests[system]
    if not site.rules_src or not getattr(manifest, "path", None):
        return b""
    try:
        with open(os.path.join(site.rules_src, manifest.path), "rb") as fh:
            return blake2b(digest + fh.read(), digest_size=16).digest()
    except OSError:
        return b""


def only_known_plugins(config: Any) -> bool:
    """Whether every plugin of the site is one whose inputs the digests cover."""
    return not config.hooks and all(name in KNOWN_PLUGINS for name in config.plugins)


def site_digest(config: Any, nav: Any, files: Any) -> bytes:
    """What every page's layout reads beside the page itself: the configuration, the
    navigation (each entry's title, address, metadata and place), the theme's templates
    (an installed theme's by its version; a ``custom_dir``'s by each file's size and time)."""
    out = blake2b(digest_size=16)
    for key in sorted(config):
        value = config[key]
        if key == "plugins":  # the plugins' objects show an address; their options say what they do
            value = [(name, type(p).__module__, type(p).__qualname__, repr(p.config)) for name, p in value.items()]
        out.update(repr((key, value)).encode())
    out.update(repr(list(_nav_entries(nav.items if nav is not None else []))).encode())
    out.update(repr(_installed(("mkdocs", "mkdocs-material", "jinja2"))).encode())  # the themes' own templates
    if config.theme.custom_dir:  # one's own templates, partials and icons: each file's size and time
        for root, dirs, names in os.walk(config.theme.custom_dir):
            dirs.sort()
            for name in sorted(names):
                info = os.stat(os.path.join(root, name))
                out.update(repr((os.path.relpath(os.path.join(root, name), config.theme.custom_dir), info.st_mtime_ns, info.st_size)).encode())
    if config.theme.custom_dir:  # a template of one's own may read the list of every page
        out.update(repr([f.src_uri for f in files.documentation_pages()]).encode())
    return out.digest()


def _installed(packages: tuple[str, ...]) -> list[tuple[str, str]]:
    from importlib.metadata import PackageNotFoundError, version

    out = []
    for name in packages:
        try:
            out.append((name, version(name)))
        except PackageNotFoundError:
            out.append((name, ""))
    return out


def _nav_entries(items: list[Any], depth: int = 0) -> Any:
    for item in items:
        meta = sorted(item.meta.items()) if getattr(item, "meta", None) else ()
        yield depth, type(item).__name__, item.title, getattr(item, "url", None), repr(meta)
        yield from _nav_entries(getattr(item, "children", None) or [], depth + 1)


def parts_digest(parts: tuple[str, ...]) -> bytes:
    """A digest of the HTML put into a page's layout after the theme's (kept apart till then)."""
    out = blake2b(digest_size=16)
    for text in parts:
        _text(out, text)
    return out.digest()


def _text(out: Any, text: str) -> None:
    encoded = text.encode("utf-8", "surrogatepass")
    out.update(len(encoded).to_bytes(8, "little"))
    out.update(encoded)


def page_digest(site: bytes, page: Any, parts: bytes) -> bytes:
    """Everything the theme reads of ``page`` to lay it out, with ``site`` (:func:`site_digest`)
    and ``parts`` (:func:`parts_digest` of the HTML put into its layout afterwards)."""
    neighbours = [(p.title, p.url) if p is not None else None for p in (page.previous_page, page.next_page)]
    place = [(a.title, getattr(a, "url", None)) for a in page.ancestors]
    facts = (
        page.file.src_uri,
        page.file.dest_uri,
        page.url,
        page.canonical_url,
        page.abs_url,
        page.edit_url,
        page.is_homepage,
        page.title,
        repr(sorted(page.meta.items())),
        list(_toc_entries(page.toc)),
        neighbours,
        place,
    )
    out = blake2b(site, digest_size=16)
    out.update(repr(facts).encode())
    _text(out, page.content or "")
    out.update(parts)
    return out.digest()


def _toc_entries(items: Any, depth: int = 0) -> Any:
    for item in items:
        yield depth, item.title, item.id, item.level
        yield from _toc_entries(item.children, depth + 1)


class _Quiet(logging.Filter):
    """Leaves out MkDocs' line saying a kept page's layout was empty (its file is moved in)."""

    def __init__(self, taken: set[str]) -> None:
        super().__init__()
        self.taken = taken

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.msg if isinstance(record.msg, str) else ""
        if message.startswith(SKIPPED_BEFORE) and message.endswith(SKIPPED_AFTER):
            return message[len(SKIPPED_BEFORE) : -len(SKIPPED_AFTER)] not in self.taken
        return True
