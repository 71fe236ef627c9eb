"""What may stand in a name (referee.sources.markup): HTML and invisible characters out."""

from __future__ import annotations

import doctest

import pytest

from referee.sources import markup
from referee.sources.markup import has_html, name_from, names_from
from referee.text import INVISIBLE

# (as written, the name, the notes)
NAMES = [
    ("Fear", "Fear", []),
    ("Str <5", "Str <5", []),  # a comparison, not a tag
    ("A <-> B", "A <-> B", []),
    ("Faction keywords <Faction>", "Faction keywords <Faction>", []),  # the placeholder notation
    ("Unit <Title>", "Unit <Title>", []),  # an element's name, written as a placeholder
    ("Fear <b>now</b>", "Fear now", ["HTML left out of the name: <b>", "HTML left out of the name: </b>"]),
    ("Fe<b>ar</b>", "Fear", ["HTML left out of the name: <b>", "HTML left out of the name: </b>"]),
    ("Fear <img src=x onerror=alert(1)>", "Fear", ["HTML left out of the name: <img src=x onerror=alert(1)>"]),
    ("Fear <IMG SRC=x>", "Fear", ["HTML left out of the name: <IMG SRC=x>"]),
    ("Fear <x onload=alert(1)>", "Fear", ["HTML left out of the name: <x onload=alert(1)>"]),  # unknown, with attributes
    ("Fear <my-widget>", "Fear", ["HTML left out of the name: <my-widget>"]),  # a custom element
    ("Fear <Script>alert(1)</Script>", "Fear", ["HTML left out of the name: <Script>alert(1)</Script>"]),
    ("Fear <Img>", "Fear", ["HTML left out of the name: <Img>"]),  # placeholder-shaped, but it loads things
    ("Fear <Title>x</Title>", "Fear", ["HTML left out of the name: <Title>x</Title>"]),  # closed: an element
    ("Fear <script>alert(1)", "Fear", ["HTML left out of the name: <script>alert(1)"]),  # unclosed: to the end
    ("Fear <!-- note --> Terror", "Fear Terror", ["HTML left out of the name: <!-- note -->"]),
    ("Fear <svg><text>Terror</text></svg>", "Fear", ["HTML left out of the name: <svg><text>Terror</text></svg>"]),
    ("Fear <div>Terror</div>", "Fear Terror", ["HTML left out of the name: <div>", "HTML left out of the name: </div>"]),
    ("<script>alert(2)</script>", None, ["not a name, nothing but HTML: <script>alert(2)</script>"]),
    ("<b></b> : <br/>", None, ["not a name, nothing but HTML: <b></b> : <br/>"]),
    ("Fe\u200bar", "Fear", ["removed zero-width space U+200B at column 3 of the name as written"]),
    ("\u202eFear \u200d Terror", "Fear Terror", [
        "removed right-to-left override U+202E at column 1 of the name as written",
        "removed zero-width joiner U+200D at column 7 of the name as written",
    ]),
    ("<scr\u200bipt>alert(1)</script>", None, [
        "removed zero-width space U+200B at column 5 of the name as written",
        "not a name, nothing but HTML: <scr\u200bipt>alert(1)</script>",
    ]),  # an invisible character does not hide a tag
    ("\u200b", None, ["removed zero-width space U+200B at column 1 of the name as written"]),
    ("", None, []),
]  # fmt: skip


@pytest.mark.parametrize(("written", "name", "notes"), NAMES)
def test_name_from(written: str, name: str | None, notes: list[str]) -> None:
    assert name_from(written) == (name, notes)


@pytest.mark.parametrize("char", sorted(INVISIBLE))
def test_every_invisible_character_leaves_a_name(char: str) -> None:
    name, notes = name_from(f"Fe{char}ar")
    assert name == "Fear"
    assert notes == [f"removed {INVISIBLE[char]} U+{ord(char):04X} at column 3 of the name as written"]


def test_a_long_piece_of_html_is_quoted_short() -> None:
    _, notes = name_from("Fear <img src=" + "x" * 200 + ">")
    (note,) = notes
    assert note.startswith("HTML left out of the name: <img src=xxx") and note.endswith("…")
    assert len(note) == len("HTML left out of the name: ") + 60


def test_names_from_keeps_the_names_left() -> None:
    assert names_from(["Angst", "<i></i>", "Fu\u200brcht"]) == (
        ["Angst", "Furcht"],
        [
            "not a name, nothing but HTML: <i></i>",
            "removed zero-width space U+200B at column 3 of the name as written",
        ],
    )


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("Str <5 and >3", False),
        ("<Faction> keywords", False),
        ("<X>", False),
        ("<!DOCTYPE html>", True),
        ("<?xml version='1.0'?>", True),
        ("a </p> b", True),
        ("<br/>", True),
    ],
)
def test_has_html(text: str, html: bool) -> None:
    assert has_html(text) is html


def test_docstring_examples() -> None:
    assert doctest.testmod(markup).failed == 0
