"""README.md and docs/: a Markdown linter (pymarkdownlnt, configured in pyproject.toml)
and a check that every code fence closes where its writer meant it to."""

from __future__ import annotations

import re
import sys
from hashlib import blake2b
from importlib.metadata import version
from pathlib import Path

import pytest
from pymarkdown.api import PyMarkdownApi

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_FENCE = re.compile(r"^\s{0,3}(`{3,}|~{3,})(.*)$")


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_readme_and_docs_pass_the_markdown_linter(page: Path, monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    # One page per test, so the test workers share the linter's time (all pages in one call was the
    # suite's longest test); in this process, not a `pymarkdown scan` per page (its start-up, about
    # a quarter of a second, fifteen times).  The configuration is pyproject.toml's, read from the
    # working folder as the command reads it; the log is the test's (inherit_logging), never set up.
    # A page found clean is remembered in pytest's cache under clean_key (its bytes, the
    # configuration, the linter's and Python's versions): the linter's time grows with the square
    # of a page's length (docs/performance.md), and the same linter on the same bytes with the
    # same configuration gives the same answer, so only a changed page is linted again.
    key = clean_key(page.read_bytes(), (ROOT / "pyproject.toml").read_bytes(), version("pymarkdownlnt"))
    remembered = f"referee/markdown-lint/{page.name}"
    cache = getattr(request.config, "cache", None)  # None where pytest runs without its cache plugin (-p no:cacheprovider)
    if cache is not None and cache.get(remembered, None) == key:
        return
    monkeypatch.chdir(ROOT)
    _debug_lines_unformatted(monkeypatch)
    found = PyMarkdownApi(inherit_logging=True).scan_path(str(page.relative_to(ROOT)))
    assert [_failure(f) for f in found.scan_failures] + [str(e) for e in found.pragma_errors] == []
    if cache is not None:
        cache.set(remembered, key)


def _debug_lines_unformatted(monkeypatch: pytest.MonkeyPatch) -> None:
    """The linter's findings at a cost that grows with a page's length, not with its square.

    pymarkdownlnt (0.9.41) starts every line (``ParserState.mark_start_information``) by formatting
    the whole token list read so far into debug messages, whether or not debug logging is on:
    about nine tenths of its time on docs/performance.md (18.7 s of 21.7 s, and 7.4 million
    token descriptions for docs/lint.md).  While that method runs, a token's ``repr`` (used by
    nothing there but those messages) is a placeholder; the findings are the same (every page,
    and a copy of docs/performance.md with six faults planted, compared with and without it).
    A linter without that method or token class is run as it is: slower, never different."""
    try:
        from pymarkdown.general.parser_state import ParserState
        from pymarkdown.tokens.markdown_token import MarkdownToken
    except ImportError:
        return
    marking, shown = getattr(ParserState, "mark_start_information", None), MarkdownToken.__dict__.get("__repr__")
    if marking is None or shown is None:
        return
    inside = [False]

    def mark(self: object, *args: object, **kwargs: object) -> object:
        inside[0] = True
        try:
            return marking(self, *args, **kwargs)
        finally:
            inside[0] = False

    def described(self: object) -> str:
        return "'token'" if inside[0] else shown(self)

    monkeypatch.setattr(ParserState, "mark_start_information", mark)
    monkeypatch.setattr(MarkdownToken, "__repr__", described)


def clean_key(page: bytes, configuration: bytes, linter: str) -> str:
    """What a page's clean lint depends on, as one string: any of it changed, the page is linted again.

    >>> clean_key(b"# A", b"[tool.pymarkdown]", "0.9.41") == clean_key(b"# A", b"[tool.pymarkdown]", "0.9.41")
    True
    >>> len({clean_key(b"# A", b"c", "1"), clean_key(b"# B", b"c", "1"), clean_key(b"# A", b"d", "1"), clean_key(b"# A", b"c", "2")})
    4
    """
    parts = (page, configuration, linter.encode(), sys.version.encode())
    return blake2b(b"\0".join(blake2b(part).digest() for part in parts), digest_size=16).hexdigest()


def _failure(f: object) -> str:
    """One failure as `pymarkdown scan` prints it: file:line:column: id: description [extra] (name)."""
    extra = f.extra_error_information or ""  # type: ignore[attr-defined]  # written with its leading space
    return f"{f.scan_file}:{f.line_number}:{f.column_number}: {f.rule_id}: {f.rule_description}{extra} ({f.rule_name})"  # type: ignore[attr-defined]


def fence_problems(text: str) -> list[str]:
    """Fences whose info string is not one word (a closing fence with text after
    it opens a block instead), and a fence left open at the end.

    >>> fence_problems("```sh\\nmake\\n``` Exit status: 0\\n")
    ['line 3: a fence with text after it ("Exit status: 0") opens a code block; put the text on the next line', 'line 1: code fence never closed']
    >>> fence_problems("```sh\\nmake\\n```\\n")
    []
    """
    problems = []
    opened: int | None = None
    for number, line in enumerate(text.split("\n"), start=1):
        found = _FENCE.match(line)
        if not found:
            continue
        info = found.group(2).strip()
        if len(info.split()) > 1:
            problems.append(f'line {number}: a fence with text after it ("{info}") opens a code block; put the text on the next line')
        if opened is None:
            opened = number
        elif not info:
            opened = None
    if opened is not None:
        problems.append(f"line {opened}: code fence never closed")
    return problems


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_code_fence_closes(page: Path) -> None:
    assert fence_problems(page.read_text(encoding="utf-8")) == []
