"""What may stand in a rule's name: the one policy every adapter applies.

Rule text is kept exactly as its document shows it to a reader, HTML a
format does not interpret included (Markdown's ``<script>``, a wiki's
``<iframe>``, anything in a plain-text extract): it is literal text, and
whoever shows it escapes it.  Names, aliases, keyword families and
categories are another matter: readers look rules up by them, and they
become ids, keys and page titles.  So whatever an adapter takes a name from
passes through :func:`name_from`:

- HTML is left out: tags, comments, ``<!DOCTYPE>``-like declarations, and
  the whole of an element whose content is not text a reader sees
  (``<script>``, ``<style>``, ``<iframe>``, ``<svg>`` ...).  A tag is HTML
  when it names an HTML element (in any case), a custom element
  (``<my-widget>``), or carries attributes (``<x onload=...>``).  One
  exception keeps the keyword-family notation: a capitalised word alone in
  angle brackets, never closed (``<Faction>``), is a placeholder, unless it
  names an element that runs or loads something (``<Script>``, ``<Img>``).
- Invisible characters (:data:`referee.text.INVISIBLE`: zero-width spaces,
  bidi controls ...) are removed.
- What was removed is said in notes, for editors.  When nothing with a
  letter or digit is left of a name that held HTML, there is no name.
"""

from __future__ import annotations

import re

from referee.text import strip_invisible

# The elements of HTML as browsers know them, current and obsolete.
HTML_ELEMENTS = frozenset(
    """a abbr acronym address applet area article aside audio b base basefont bdi bdo bgsound big
    blink blockquote body br button canvas caption center cite code col colgroup data datalist dd
    del details dfn dialog dir div dl dt em embed fieldset figcaption figure font footer form frame
    frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe image img input ins isindex kbd
    keygen label legend li link listing main map mark marquee math menu menuitem meta meter
    multicol nav nextid nobr noembed noframes noscript object ol optgroup option output p param
    picture plaintext portal pre progress q rb rp rt rtc ruby s samp script search section select
    slot small source spacer span strike strong style sub summary sup svg table tbody td template
    textarea tfoot th thead time title tr track tt u ul var video wbr xmp""".split()
)
# Elements whose content is no text a reader sees: left out whole, up to their end tag.
_HIDDEN_CONTENT = frozenset(
    "script style textarea title xmp iframe noscript noembed noframes template svg math plaintext".split()
)
# Elements that run code or load something: HTML even when written like a placeholder.
_ACTIVE = frozenset(
    """script style iframe frame frameset object embed applet img image svg math link meta base
    form input button textarea select noscript noembed noframes template xmp plaintext video
    audio source track portal picture""".split()
)

_PIECE = re.compile(
    r"<!--.*?(?:-->|\Z)"  # a comment; an unclosed one runs to the end
    r"|<![A-Za-z\[][^<>]*>?"  # <!DOCTYPE html>, <![CDATA[
    r"|<\?[^<>]*>?"  # <?xml ... ?>
    r"|<(?P<close>/)?(?P<tag>[A-Za-z][\w:.-]*)(?P<attrs>(?:\s[^<>]*?)?)\s*/?>",
    re.DOTALL,
)
_ATTRIBUTE = re.compile(r"[\w:.-]+\s*=")
_WORD = re.compile(r"[^\W_]")
_SHOWN = 60  # characters of a removed piece a note quotes
_CLOSING = re.compile(r"</([A-Za-z][\w:.-]*)")


def _last_closings(text: str) -> dict[str, int]:
    """Each element name closed in ``text`` (lower case), and where its last end tag starts."""
    return {m.group(1).lower(): m.start() for m in _CLOSING.finditer(text)}


def _is_tag(match: re.Match[str], last_closing: dict[str, int]) -> bool:
    """Whether ``<word ...>`` is an HTML tag rather than a placeholder or a stray bracket."""
    tag = match.group("tag")
    lower = tag.lower()
    attrs = match.group("attrs").strip()
    if "-" in tag or ":" in tag:
        return True  # <my-widget>, <o:p>
    if lower not in HTML_ELEMENTS:
        return _ATTRIBUTE.search(attrs) is not None
    placeholder = (
        not match.group("close")
        and not attrs
        and len(tag) > 1
        and tag[0].isupper()
        and tag[1:].islower()
        and lower not in _ACTIVE
        and last_closing.get(lower, -1) < match.end()
    )
    return not placeholder


def html_spans(text: str) -> list[tuple[int, int]]:
    """The [start, end) spans of the HTML in ``text``, in order.

    >>> t = "Fear <b>now</b> <Faction>"
    >>> [t[a:b] for a, b in html_spans(t)]
    ['<b>', '</b>']
    >>> t = "x<script>alert(1)</script>y"
    >>> [t[a:b] for a, b in html_spans(t)]
    ['<script>alert(1)</script>']
    """
    if "<" not in text:
        return []
    spans = []
    pos = 0
    last_closing = _last_closings(text)
    while (m := _PIECE.search(text, pos)) is not None:
        if m.group("tag") is None:
            spans.append(m.span())
            pos = m.end()
            continue
        if not _is_tag(m, last_closing):
            pos = m.start() + 1
            continue
        end = m.end()
        name = m.group("tag").lower()
        if name in _HIDDEN_CONTENT and not m.group("close") and not m.group(0).endswith("/>"):
            closing = re.compile(rf"</{re.escape(name)}\s*>", re.IGNORECASE).search(text, end)
            end = closing.end() if closing else len(text)
        spans.append((m.start(), end))
        pos = end
    return spans


_ALT = re.compile(r"""\balt\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""", re.IGNORECASE)
_BLOCK = frozenset("address article aside blockquote br dd div dl dt figcaption figure footer h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section table tbody td tfoot th thead tr ul".split())


def html_as_text(text: str) -> str:
    """Text that a format interprets as HTML (Markdown), as the words a reader sees.

    Tags go; an image shows its alt text; an element whose content is not
    shown (``<script>``, ``<style>`` ...) goes whole; a block tag (``<p>``,
    ``<td>``, ``<br>``) leaves a space.  Placeholders (``<Faction>``) stay.

    >>> html_as_text('<p>Fire <b>Bomb</b></p><img src="x.png" alt="a bomb"> <script>alert(1)</script>ok <Faction>')
    'Fire Bomb a bomb ok <Faction>'
    """
    spans = html_spans(text)
    if not spans:
        return text
    out: list[str] = []
    last = 0
    shown = False  # some text is out already: a block tag after it leaves a space
    tail = ""  # the last character out

    def put(words: str) -> None:
        nonlocal shown, tail
        if words:
            out.append(words)
            shown, tail = shown or bool(words.strip()), words[-1]

    for a, b in spans:
        put(text[last:a])
        piece = text[a:b]
        m = _PIECE.match(piece)
        tag = (m.group("tag") or "").lower() if m else ""
        if tag in ("img", "image") and (alt := _ALT.search(piece)):
            put(next(g for g in alt.groups() if g is not None))
        elif tag in _BLOCK:
            if shown and tail != " ":
                put(" ")
            if text[b : b + 1] == " ":
                b += 1
        elif text[b : b + 1] == " " and (not out or tail == " "):
            b += 1  # "them; <img> stays": one space, not two
        last = b
    out.append(text[last:])
    return "".join(out)


def has_html(text: str) -> bool:
    """Whether ``text`` holds HTML (see the module docstring for what counts).

    >>> has_html("Str <5"), has_html("<Faction> keywords"), has_html("Fear <img src=x>")
    (False, False, True)
    """
    return bool(html_spans(text))


def _quoted(piece: str) -> str:
    piece = " ".join(piece.split())
    return piece if len(piece) <= _SHOWN else piece[: _SHOWN - 1] + "…"


def name_from(written: str) -> tuple[str | None, list[str]]:
    """A name as it may be used, from the words a document names it by, and notes on
    what was left out.  None when nothing is left of a name that held HTML.

    >>> name_from("Fear")
    ('Fear', [])
    >>> name_from("Fe\\u200bar")
    ('Fear', ['removed zero-width space U+200B at column 3 of the name as written'])
    >>> name_from("Fear <img src=x onerror=alert(1)>")
    ('Fear', ['HTML left out of the name: <img src=x onerror=alert(1)>'])
    >>> name_from("<script>alert(2)</script>")
    (None, ['not a name, nothing but HTML: <script>alert(2)</script>'])
    """
    text, invisible = strip_invisible(written)
    notes = [f"{note} of the name as written" for note in invisible]
    spans = html_spans(text)
    if spans:
        pieces, kept, last = [], [], 0
        for a, b in spans:
            pieces.append(text[a:b])
            kept.append(text[last:a])
            last = b
        text = "".join([*kept, text[last:]])  # a tag inside a word ("Fe<b>ar</b>") does not split it
        if not _WORD.search(text):
            return None, [*notes, f"not a name, nothing but HTML: {_quoted(written)}"]
        notes += [f"HTML left out of the name: {_quoted(piece)}" for piece in pieces]
    if notes:
        text = " ".join(text.split())
    return (text if text.strip() else None), notes


def names_from(written: list[str] | tuple[str, ...]) -> tuple[list[str], list[str]]:
    """:func:`name_from` over several names (aliases): those left, in order, and all notes."""
    kept: list[str] = []
    notes: list[str] = []
    for one in written:
        name, said = name_from(one)
        notes += said
        if name:
            kept.append(name)
    return kept, notes
