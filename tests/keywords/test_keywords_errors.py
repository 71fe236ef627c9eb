"""Every error message, pinned word for word, caret line included."""

from __future__ import annotations

import pytest

from referee.keywords import KeywordSyntaxError, parse, to_json

# (input, the exact str() of the error)
MESSAGES = [
    (
        "Poisoned (4+",
        """\
error: missing closing bracket at column 13
    Poisoned (4+
             ~~~^
expected: ")", ",", "/" or "|\"""",
    ),
    (
        "Aegis (4+, against Melee Attacks",
        """\
error: missing closing bracket at column 33
    Aegis (4+, against Melee Attacks
          ~~~~~~~~~~~~~~~~~~~~~~~~~~^
expected: ")", ",", "/", "(" or a value""",
    ),
    (
        "Str 3[7",
        """\
error: missing closing bracket at column 8
    Str 3[7
         ~~^
expected: "]", ",", "/", "|" or "on a\"""",
    ),
    (
        "Leader (green) +8 {3 base",
        """\
error: missing closing bracket at column 26
    Leader (green) +8 {3 base
                      ~~~~~~~^
expected: "}" or "/\"""",
    ),
    (
        "Poisoned ()",
        """\
error: empty parameter at column 11
    Poisoned ()
             ~^
expected: a name or a value""",
    ),
    (
        'Fly (8", )',
        """\
error: empty parameter at column 10
    Fly (8", )
           ~~^
expected: a name or a value""",
    ),
    (
        'Fly (, 16")',
        """\
error: empty parameter at column 6
    Fly (, 16")
        ~^
expected: a name or a value""",
    ),
    (
        "Leader (green/) +8",
        """\
error: empty parameter at column 15
    Leader (green/) +8
                 ~^
expected: a name or a value""",
    ),
    (
        "Fearless,",
        """\
error: trailing separator at column 10
    Fearless,
            ~^
expected: a name or a value""",
    ),
    (
        "Fearless, Fear /",
        """\
error: trailing separator at column 17
    Fearless, Fear /
                   ~^
expected: a name or a value""",
    ),
    (
        ", Fearless",
        """\
error: missing keyword at column 1
    , Fearless
    ^
expected: a name, a value, "." or the end""",
    ),
    (
        "Fear,,Fearless",
        """\
error: missing keyword at column 6
    Fear,,Fearless
        ~^
expected: a name or a value""",
    ),
    (
        "Impact Hits (D)",
        """\
error: unknown dice form at column 15
    Impact Hits (D)
                 ~^
expected: a number""",
    ),
    (
        "Impact Hits (2D)",
        """\
error: unknown dice form at column 16
    Impact Hits (2D)
                 ~~^
expected: a number""",
    ),
    (
        "Impact Hits (D6+)",
        """\
error: unknown dice form at column 17
    Impact Hits (D6+)
                 ~~~^
expected: a number""",
    ),
    (
        "Shots 2D",
        """\
error: unknown dice form at column 9
    Shots 2D
          ~~^
expected: a number""",
    ),
    (
        "Fearless #",
        """\
error: unexpected character at column 10
    Fearless #
    ~~~~~~~~~^
expected: ",", "/", "(", a value, "." or the end""",
    ),
    (
        "Poisoned (4+) @",
        """\
error: unexpected character at column 15
    Poisoned (4+) @
    ~~~~~~~~~~~~~~^
expected: ",", "/", a name, a value, "." or the end""",
    ),
    (
        "+",
        """\
error: unexpected character at column 1
    +
    ^
expected: a name, a value, "." or the end""",
    ),
    (
        "Fear)",
        """\
error: unmatched closing bracket at column 5
    Fear)
    ~~~~^
expected: ",", "/", "(", a value, "." or the end""",
    ),
    (
        'Fly (8"]',
        """\
error: mismatched closing bracket at column 8
    Fly (8"]
        ~~~^
expected: ")", ",", "/" or "|\"""",
    ),
    (
        "Fear. Fearless",
        """\
error: text after the closing full stop at column 7
    Fear. Fearless
        ~~^
expected: the end""",
    ),
    (
        "Channel (1 2)",
        """\
error: unexpected number at column 12
    Channel (1 2)
    ~~~~~~~~~~~^
expected: ")", ",", "/", "|" or "on a\"""",
    ),
    (
        'Fly (8" 16")',
        """\
error: unexpected distance at column 9
    Fly (8" 16")
    ~~~~~~~~^
expected: ")", ",", "/" or "|\"""",
    ),
    (
        "(Unique) Elite -2",
        """\
error: unexpected "(" at column 1
    (Unique) Elite -2
    ^
expected: a name, a value, "." or the end""",
    ),
    (
        "Fly (" * 17 + ")" * 17,
        """\
error: brackets nested too deeply at column 85
    Fly (Fly (Fly (Fly (Fly (Fly (Fly (Fly (Fly (Fly (Fly (Fly (Fly (Fly (Fly (Fly (Fly ()))))))))))))))))
                                                                                        ^""",
    ),
    (
        "Fearless\nFear #",
        """\
error: unexpected character at line 2, column 6
    Fear #
    ~~~~~^
expected: ",", "/", "(", a value, "." or the end""",
    ),
]


@pytest.mark.parametrize(("text", "message"), MESSAGES, ids=[text[:40] for text, _ in MESSAGES])
def test_error_message(text: str, message: str) -> None:
    with pytest.raises(KeywordSyntaxError) as caught:
        parse(text)
    assert str(caught.value) == message


# (input, message, line, column, expected)
JSON_ERRORS = [
    ("Poisoned (4+", "missing closing bracket", 1, 13, [")", ",", "/", "|"]),
    ("Poisoned ()", "empty parameter", 1, 11, ["a name", "a value"]),
    ("Fearless,", "trailing separator", 1, 10, ["a name", "a value"]),
    ("Shots D6+", "unknown dice form", 1, 10, ["a number"]),
    ("Fearless #", "unexpected character", 1, 10, [",", "/", "(", "a value", ".", "the end"]),
    ("Fearless\nFear #", "unexpected character", 2, 6, [",", "/", "(", "a value", ".", "the end"]),
]


@pytest.mark.parametrize(("text", "message", "line", "column", "expected"), JSON_ERRORS, ids=[row[0] for row in JSON_ERRORS])
def test_error_json(text: str, message: str, line: int, column: int, expected: list[str]) -> None:
    with pytest.raises(KeywordSyntaxError) as caught:
        parse(text)
    error = caught.value
    want = {"error": {"message": message, "line": line, "column": column, "expected": expected}}
    assert error.to_json() == want
    assert to_json(error) == want
    assert (error.message, error.line, error.column, error.input) == (message, line, column, text)


# Terminal safety: what an error shows of its input.
SHOWN = [
    (
        "Fear\x1b[31mRED",
        "error: unexpected control character U+001B at column 5\n"
        "    Fear\\x1b[31mRED\n"
        "    ~~~~^\n"
        'expected: ",", "/", "(", a value, "." or the end',
    ),
    (
        "Fear\u200b, Frenzy",
        "error: unexpected zero-width space U+200B at column 5\n"
        "    FearU+200B, Frenzy\n"
        "    ~~~~^\n"
        'expected: ",", "/", "(", a value, "." or the end',
    ),
    (
        "Fear\u202e, Frenzy",
        "error: unexpected right-to-left override U+202E at column 5\n"
        "    FearU+202E, Frenzy\n"
        "    ~~~~^\n"
        'expected: ",", "/", "(", a value, "." or the end',
    ),
]


@pytest.mark.parametrize(("text", "message"), SHOWN, ids=["escape", "zero-width space", "bidi override"])
def test_invisible_and_control_characters_are_named_and_shown_escaped(text: str, message: str) -> None:
    with pytest.raises(KeywordSyntaxError) as caught:
        parse(text)
    assert str(caught.value) == message
    assert caught.value.input == text  # the error keeps the exact input


def test_a_long_input_is_cut_to_a_window_around_the_caret() -> None:
    text = "Fearless, " * 5000 + "Fear #" + ", Frenzy" * 5000
    with pytest.raises(KeywordSyntaxError) as caught:
        parse(text)
    lines = str(caught.value).split("\n")
    assert lines[0] == "error: unexpected character at column 50006"
    assert lines[1].startswith("    ...") and lines[1].endswith("...")
    assert len(lines[1]) == 4 + 3 + 120 + 3
    assert lines[2].endswith("^") and lines[1][len(lines[2]) - 1] == "#"


def test_the_error_is_a_value_error_and_hides_lark() -> None:
    with pytest.raises(ValueError) as caught:
        parse("Poisoned (4+")
    assert isinstance(caught.value, KeywordSyntaxError)
    assert caught.value.__cause__ is None
    assert caught.value.__suppress_context__


HOSTILE = [
    "(" * 500,
    ")" * 50,
    "Fly (" * 300 + ")" * 299,
    "Fly (" * 300 + "4+" + ")" * 300,
    "\x00",
    "Fearless\x00",
    "\u200b",
    "\ufeffFearless ##",
    "D99999999999999999999999",
    "Shots 99999999999999999999999999999D6",
    '"',
    '""',
    "{}",
    "[]",
    "[ ]",
    "Leader (green/red) +8 {",
    "Support -1 {+2 for}",
    "4+/",
    "2+/4+",
    "X",
    "on a 4+",
    "Absorb (Y on an)",
    "a,\n,b",
    "\t\r\n",
    "\U0001f600",
    "Fly (8\", 16\"\n",
]


@pytest.mark.parametrize("text", HOSTILE, ids=[repr(text)[:40] for text in HOSTILE])
def test_nothing_but_keyword_syntax_error_escapes(text: str) -> None:
    try:
        parse(text)
    except KeywordSyntaxError as error:
        assert str(error).startswith("error: ")
        assert error.to_json()["error"]["line"] >= 1


def test_sixteen_levels_of_brackets_still_parse() -> None:
    assert len(parse("Fly (" * 16 + "4+" + ")" * 16)) == 1


def test_a_non_string_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        parse(None)  # type: ignore[arg-type]


def test_a_bug_inside_the_parser_still_surfaces_as_keyword_syntax_error(monkeypatch: pytest.MonkeyPatch) -> None:
    import referee.keywords as keywords

    class Broken:
        def parse(self, text: str) -> None:
            raise RuntimeError("boom")

    monkeypatch.setattr(keywords, "_parser", Broken())
    with pytest.raises(KeywordSyntaxError) as caught:
        parse("Fearless")
    assert str(caught.value) == "error: unreadable keyword string (RuntimeError) at column 1\n    Fearless\n    ^"
    assert isinstance(caught.value.__cause__, RuntimeError)
