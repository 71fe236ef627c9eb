"""What a manifest's title or a document's bytes may hold reaches the site as text (issue 23).

A system title with Markdown or a trailing backslash was read as Markdown on the generated
home page (emphasis, a broken link); a NUL byte of a document was written raw into HTML.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.conftest import write_system
from tests.site.sites import build_site

TITLES = [
    "Rules *bold* _u_ `code`",
    "Links [x](javascript:alert(1)) ![i](x.png)",
    "<b>hi</b> & \"quotes\" 'too'",
    "# Heading-like + list. 1. and > quote",
    "Trailing backslash\\",
    "{braces} and | pipes ~ tildes",
]


def _system(root: Path, title: str, text: str) -> Path:
    toml_title = title.replace("\\", "\\\\").replace('"', '\\"')
    manifest = f'id = "demo"\ntitle = "{toml_title}"\n\n[[documents]]\npath = "rules.txt"\nformat = "rules-list"\nrole = "core"\n'
    return write_system(root, "demo", manifest, {"rules.txt": text})


@pytest.mark.parametrize("title", TITLES)
def test_the_built_home_page_shows_the_title_as_text_and_no_nul_reaches_a_page(title: str, tmp_path: Path) -> None:
    src = _system(tmp_path / "src", title, "Gloom\n\nModels with Gloom sulk\x00 here.\n")
    site = build_site(src, tmp_path / "site", tmp_path / "config")
    home = site.page("index.html")
    links = re.findall(r'<a href="rules/demo/index.html">(.*?)</a>', home, re.S)
    assert [html.unescape(text) for text in links] == [title, "A\u2013Z index"]  # the game's card: its name, its index
    assert all(b"\x00" not in page.read_bytes() for page in site.pages())
    assert "sulk\ufffd here" in site.page("rules/demo/gloom.html")
