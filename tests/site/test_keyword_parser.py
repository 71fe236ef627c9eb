"""The paste box's parser, made from grammar/keywords.lark (referee/site/keyword_parser.py).

What the parser reads is checked in the browser against ``referee parse``
(tests/site/test_browser.py); here, the translation of the grammar's regular
expressions into JavaScript, and the tables lark-js is given.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys

import pytest

from referee.site.keyword_parser import UNKNOWN_TO_LARK_JS, Untranslatable, generate, tables, to_javascript


@pytest.mark.parametrize(
    ("python", "javascript"),
    [
        (r"\d+(?![\w])", r"\p{Nd}+(?![\p{L}\p{N}_])"),
        (r"[^\W\d_]", r"(?:(?![\p{Nd}_])[\p{L}\p{N}_])"),
        (r"(?i:as\s+user)", r"(?:[aA][sS]\s+[uU][sS][eE][rR])"),
        (r"on\ a\-b", "on a-b"),
        (r"[\-\u2212]", "[\\-\u2212]"),
        (r"(?P<x>\+)", r"(?<x>\+)"),
        (r"a\nb", r"a\nb"),
    ],
)
def test_python_patterns_read_the_same_in_javascript(python: str, javascript: str) -> None:
    assert to_javascript(python) == javascript


@pytest.mark.parametrize(
    ("python", "message"),
    [
        (r"\bword", r"the escape \b at offset 2 of /\bword/"),
        (r"[\W]", r"\W inside a class that is not negated at offset 4 of /[\W]/"),
        (r"(?s:.)", "a group JavaScript does not have at offset 0 of /(?s:.)/"),
        (r"(a", "unclosed group at offset 2 of /(a/"),
        (r"(?i:[a-c])", "a letter in a class inside (?i:...) at offset 5 of /(?i:[a-c])/"),
        (r"[^\D]", "a negated class escape inside a class at offset 2 of /[^\\D]/"),
    ],
)
def test_what_cannot_be_translated_is_refused_by_name(python: str, message: str) -> None:
    with pytest.raises(Untranslatable) as caught:
        to_javascript(python)
    assert str(caught.value) == message


def test_the_tables_carry_no_python_only_syntax_nor_options_lark_js_refuses() -> None:
    data, memo = tables()
    assert not set(UNKNOWN_TO_LARK_JS) & set(data["options"])
    assert data["options"]["g_regex_flags"] == "u"
    patterns = [entry["pattern"]["value"] for entry in memo.values() if "pattern" in entry]
    assert len(patterns) > 20
    assert not any("(?i:" in p or "\\w" in p or "\\d" in p for p in patterns)


def test_the_script_defines_the_parser_for_the_page_only() -> None:
    script = generate()
    assert script.startswith("/* GENERATED from grammar/keywords.lark")
    assert "window.RefereeKeywordParser = module.exports;" in script
    assert script.rstrip().endswith("})();")


def test_the_script_is_the_same_bytes_in_every_process() -> None:
    """Lark numbers its states as its sets iterate (by hash seed); a site built twice must not differ."""
    code = "import hashlib; from referee.site.keyword_parser import generate; print(hashlib.sha256(generate().encode()).hexdigest())"
    digests = {
        subprocess.run(
            [sys.executable, "-c", code], env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True, check=True
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(digests) == 1 and hashlib.sha256(generate().encode()).hexdigest() + "\n" in digests
