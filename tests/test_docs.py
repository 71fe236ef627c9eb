"""README.md and docs/: a Markdown linter (pymarkdownlnt, configured in pyproject.toml)
and a check that every code fence closes where its writer meant it to."""

from __future__ import annotations

import re
import sys
from hashlib import blake2b
from importlib.metadata import version
from operator import attrgetter
from pathlib import Path
from typing import Any

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

    pymarkdownlnt (0.9.41) does two things per line that read the whole token list made so far:

    - ``ParserState.mark_start_information`` formats that list into debug messages, whether or
      not debug logging is on (about nine tenths of its time on docs/performance.md once, 18.7 s
      of 21.7 s).  While that method runs, the list it reads is shown as ``[...]`` (its items,
      length and ``index`` are the list's): only those messages see the difference;
    - ``ContainerBlockProcessor``'s look back for an open block quote walks from the line's
      token to the first one, asking each token through two properties whether it starts a
      block quote (about half of the time left on docs/referee.md).  :func:`_open_block_quote`
      finds the same token with the walk done by the interpreter's own loops.

    The findings are the same (every page, and copies of the long pages with faults planted,
    compared with and without; :func:`test_the_faster_linter_finds_what_the_linter_finds`).  A
    linter without these methods or classes is run as it is: slower, never different."""
    try:
        from pymarkdown.container_blocks.container_block_processor import ContainerBlockProcessor
        from pymarkdown.general.parser_state import ParserState
        from pymarkdown.tokens.markdown_token import MarkdownToken
    except ImportError:
        return
    marking, listed = getattr(ParserState, "mark_start_information", None), ParserState.__dict__.get("token_document")
    if marking is not None and isinstance(listed, property) and listed.fget is not None:
        inside = [False]
        tokens = listed.fget

        def mark(self: object, *args: object, **kwargs: object) -> object:
            inside[0] = True
            try:
                return marking(self, *args, **kwargs)
            finally:
                inside[0] = False

        def document(self: object) -> object:
            made = tokens(self)
            return _Unshown(made) if inside[0] else made

        monkeypatch.setattr(ParserState, "mark_start_information", mark)
        monkeypatch.setattr(ParserState, "token_document", property(document, doc=listed.__doc__))
    look, ended = (ContainerBlockProcessor.__dict__.get(f"_ContainerBlockProcessor__{name}") for name in ("look_back_in_document_for_block_quote", "does_block_quote_token_have_end"))
    name = getattr(MarkdownToken, "_token_block_quote", None)
    read = _name_read(MarkdownToken)
    if isinstance(look, staticmethod) and isinstance(ended, staticmethod) and isinstance(name, str) and read is not None:
        found = _open_block_quote(look.__func__, ended.__func__, name, read)
        monkeypatch.setattr(ContainerBlockProcessor, "_ContainerBlockProcessor__look_back_in_document_for_block_quote", staticmethod(found))


class _Unshown:
    """A list as ``mark_start_information`` reads it, but shown as ``[...]`` in its messages."""

    __slots__ = ("items",)

    def __init__(self, items: list[object]) -> None:
        self.items = items

    def __len__(self) -> int:
        return len(self.items)

    def __getitem__(self, at: object) -> object:
        return self.items[at]  # type: ignore[index]

    def __iter__(self) -> object:
        return iter(self.items)

    def __contains__(self, item: object) -> bool:
        return item in self.items

    def __getattr__(self, name: str) -> object:
        return getattr(self.items, name)

    def __repr__(self) -> str:
        return "[...]"


def _name_read(token: type) -> str | None:
    """The attribute a token's ``token_name`` reads (what ``is_block_quote_start`` compares),
    when that property only reads it and no kind of token answers either differently; else None."""
    shown = token.__dict__.get("token_name")
    code = getattr(getattr(shown, "fget", None), "__code__", None)
    if code is None or len(code.co_names) != 1:
        return None
    kinds, seen = [token], set()
    while kinds:
        kind = kinds.pop()
        if kind is not token and {"token_name", "is_block_quote_start"} & set(vars(kind)):
            return None
        seen.add(kind)
        kinds += [k for k in kind.__subclasses__() if k not in seen]
    return str(code.co_names[0])


def _open_block_quote(look: Any, ended: Any, name: str, read: str) -> Any:
    """``look`` (the linter's look back from ``token_index`` for the nearest block quote token
    with no end token after it), with the tokens' names (attribute ``read``) read in one pass of
    ``map`` and the block quotes found by ``list.index``; anything unexpected is left to ``look``."""
    by_name = attrgetter(read)

    def found(parser_state: Any, token_index: int) -> object:
        document = parser_state.token_document
        if not isinstance(document, list) or not -1 <= token_index < len(document):
            return look(parser_state, token_index)
        try:
            names = list(map(by_name, document[token_index::-1] if token_index >= 0 else ()))
        except AttributeError:
            return look(parser_state, token_index)
        back = 0
        while True:
            try:
                back = names.index(name, back)
            except ValueError:
                return None
            token = document[token_index - back]
            if not ended(parser_state, token):
                return token
            back += 1

    return found


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


# Block quotes in the shapes the look back meets (open, ended, nested, holding a list, lazily
# continued, after a list item; a list in a quote after a quote nested in it has ended, whose
# findings change when the look back takes an ended quote or finds none), faults planted among them: a trailing space, a doubled heading,
# a heading without its space, mixed list markers, an ordered list out of order, a blank line
# inside a block quote.
_PLANTED = """# Title

## Part

> A quote
> that goes on
lazily.

Text after.\x20

> - a list
>   in a quote
> * and another marker
>
> > nested
> > deeper
>
> back out

1. one
3. three
   > a quote in an item

## Part

> first

> second

> > x
>
> 1. one
>    two
>
>    para
> 2. three

> > - a
> >   b
> - c
>   d

##No space

- item
  > quoted in a list
  > still

Last words.
"""


def test_the_faster_linter_finds_what_the_linter_finds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the same findings with and without _debug_lines_unformatted, on a page whose block quotes
    # send the linter through the look back it replaces; the page must give findings, or the
    # test could not fail
    page = tmp_path / "planted.md"
    monkeypatch.chdir(ROOT)
    page.write_text(_PLANTED, encoding="utf-8")
    plain = [_failure(f) for f in PyMarkdownApi(inherit_logging=True).scan_path(str(page)).scan_failures]
    with monkeypatch.context() as patched:
        _debug_lines_unformatted(patched)
        faster = [_failure(f) for f in PyMarkdownApi(inherit_logging=True).scan_path(str(page)).scan_failures]
    assert len(plain) >= 6
    assert faster == plain
