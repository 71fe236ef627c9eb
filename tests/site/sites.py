"""Building a site for a test, and reading its HTML back.

A site is built with the configuration ``referee site build`` makes for a
rules folder alone (no guide), into a temporary folder, through the same
function the command calls.  ``SOURCE_DATE_EPOCH`` is fixed, as a
reproducible build sets it, so the sitemap's dates are the same too.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from html.parser import HTMLParser
from pathlib import Path


FIXTURE_RULES = Path(__file__).resolve().parent / "fixtures" / "rules"
EPOCH = "1700000000"


@dataclass(frozen=True)
class BuiltSite:
    root: Path
    rules_src: Path

    def page(self, path: str) -> str:
        return (self.root / path).read_text(encoding="utf-8")

    def pages(self) -> list[Path]:
        return sorted(self.root.rglob("*.html"))


def build_site(rules_src: Path, out: Path, scratch: Path, **plugin: object) -> BuiltSite:
    """Build ``rules_src`` into ``out`` with the rules-only configuration (plugin options added)."""
    import json

    from referee.store.load import open_rules
    from referee.site import commands

    scratch.mkdir(parents=True, exist_ok=True)
    config = Path(commands.write_config(str(scratch), open_rules(rules_src).whole()))
    if plugin:  # the home page's links to the systems assume the default options
        (scratch / "docs" / "index.md").write_text("# Rules\n", encoding="utf-8")
        data = json.loads(config.read_text(encoding="utf-8"))
        data["plugins"] = [p if p != "referee" else {"referee": plugin} for p in data["plugins"]]
        config.write_text(json.dumps(data), encoding="utf-8")
    saved = {k: os.environ.get(k) for k in ("REFEREE_RULES_SRC", "SOURCE_DATE_EPOCH", "NO_MKDOCS_2_WARNING")}
    os.environ.update(REFEREE_RULES_SRC=str(rules_src), SOURCE_DATE_EPOCH=EPOCH, NO_MKDOCS_2_WARNING="1")
    try:
        commands.build_site(str(config), str(out))
    finally:
        for key, value in saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
    return BuiltSite(out, rules_src)


# -- reading the HTML back --------------------------------------------------------


class Elements(HTMLParser):
    """Every start tag of a page, with its attributes, and the text outside tags."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.text: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))
        if tag in ("script", "style"):
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.text.append(data)


def elements(html: str) -> Elements:
    parser = Elements()
    parser.feed(html)
    parser.close()
    return parser


@lru_cache(maxsize=1024)
def _page_elements(path: str, stamp: tuple[int, int, int]) -> Elements:
    return elements(Path(path).read_text(encoding="utf-8"))


def page_elements(page: Path) -> Elements:
    """A built page's tags and text, parsed once per process while its file is unchanged: the
    walks over every page of a site read each page more than once.  Read it, never change it."""
    found = page.stat()
    return _page_elements(str(page), (found.st_ino, found.st_size, found.st_mtime_ns))


def _parsed(html: str | Elements) -> Elements:
    return html if isinstance(html, Elements) else elements(html)


def ids(html: str | Elements) -> list[str]:
    return [a["id"] for _t, a in _parsed(html).tags if a.get("id")]


def links(html: str | Elements) -> Iterator[str]:
    for tag, attrs in _parsed(html).tags:
        for key in ("href", "src"):
            value = attrs.get(key)
            if value is not None and (tag != "link" or key == "href"):
                yield value


def content(html: str) -> str:
    """The article of a Material page: what our plugin wrote, without the theme around it."""
    found = re.search(r'<article class="md-content__inner md-typeset">(.*)</article>', html, re.S)
    assert found, "no article on the page"
    return found.group(1)


# -- a rules folder with army data ---------------------------------------------------

BATTLESCRIBE = Path(__file__).resolve().parents[1] / "battlescribe" / "fixtures"
ARMY_FIXTURES = Path(__file__).resolve().parent / "fixtures" / "armies"
ARMY_MANIFEST = '''id = "demo"
title = "Demo"
precedence = ["core", "battlescribe"]
''' + "".join(
    f'\n[[documents]]\npath = "{path}"\nformat = "{fmt}"\nrole = "{role}"\n'
    for path, fmt, role in (
        ("rules.md", "markdown", "core"),
        ("demo.gst", "battlescribe", "battlescribe"),
        ("demo-army.cat", "battlescribe", "battlescribe"),
        ("hostile-army.cat", "battlescribe", "battlescribe"),
    )
)


def army_rules(root: Path) -> Path:
    """A rules folder of one system, "demo": a rules document, the BattleScribe tests' game
    system and catalogue, and a catalogue of our own whose names hold markup."""
    folder = root / "demo"
    folder.mkdir(parents=True)
    (folder / "system.toml").write_text(ARMY_MANIFEST, encoding="utf-8")
    for name in ("rules.md", "demo.gst", "demo-army.cat"):
        (folder / name).write_bytes((BATTLESCRIBE / name).read_bytes())
    (folder / "hostile-army.cat").write_bytes((ARMY_FIXTURES / "hostile-army.cat").read_bytes())
    return root
