"""Writing HTML where every piece of rule data is text, never markup.

Rule text, names, aliases, lint messages and file names all come from
documents that anyone may have written: a rule may hold ``<script>``, an
``<img onerror>``, Markdown or a Mermaid fence.  Every helper here takes
plain strings and escapes them; only :class:`~markupsafe.Markup` made by
these helpers passes through unescaped.  Pages are written as HTML after
MkDocs has rendered the page's Markdown, so nothing of a rule is ever read
as Markdown either.

>>> str(tag("a", "<b>Fear</b>", href="fear.html", title='say "hi"'))
'<a href="fear.html" title="say &quot;hi&quot;">&lt;b&gt;Fear&lt;/b&gt;</a>'
>>> str(tag("p", ["1 < 2", tag("br"), "ok"]))
'<p>1 &lt; 2<br>ok</p>'

The escaping is the standard library's :func:`html.escape` over plain
strings, and one :class:`~markupsafe.Markup` per element: a large system has
tens of thousands of pages of a few hundred elements each.
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape as _html_escape
from typing import Union

from markupsafe import Markup

__all__ = ["Markup", "Content", "join", "tag", "text", "tooltip"]

Content = Union[str, Markup, Iterable["Content"], None]
REPLACEMENT = "\ufffd"  # what a browser shows for a NUL byte; HTML may not carry one raw


def _escape(value: str) -> str:
    r"""``value`` as HTML text or attribute value: markup characters escaped, and a NUL
    byte of a document written as U+FFFD, as an HTML parser would read it, never raw.

    >>> _escape("a\x00<b>") == "a\ufffd&lt;b&gt;"
    True
    """
    out = _html_escape(value)
    return out.replace("\x00", REPLACEMENT) if "\x00" in out else out


VOID = frozenset({"br", "hr", "img", "input", "meta", "link", "wbr"})


def _html(parts: Content) -> str:
    """Content as an HTML string: Markup kept, other strings escaped, lists joined, None dropped."""
    if parts is None:
        return ""
    if isinstance(parts, Markup):
        return str.__str__(parts)
    if isinstance(parts, str):
        return _escape(parts)
    return "".join([_html(p) for p in parts if p is not None])


def text(value: str) -> Markup:
    """A string as HTML text (escaped)."""
    return Markup(_escape(value))


def join(parts: Content, sep: str | Markup = "") -> Markup:
    """Content as one piece of HTML; ``sep`` (escaped unless Markup) between the parts."""
    if parts is None or isinstance(parts, str):
        return Markup(_html(parts))
    return Markup(_html(sep).join([_html(p) for p in parts if p is not None]))


_ATTRIBUTE_NAMES: dict[str, str] = {}


def _attribute_name(key: str) -> str:
    """A trailing underscore lets a Python keyword through (``class_``); other
    underscores become dashes (``data_kind`` -> ``data-kind``)."""
    name = _ATTRIBUTE_NAMES.get(key)
    if name is None:
        name = _ATTRIBUTE_NAMES[key] = key.rstrip("_").replace("_", "-")
    return name


def attributes(attrs: dict[str, object]) -> str:
    """``key="value"`` pairs in the order given, every value escaped (Markup too: an
    attribute holds text); True is a bare attribute, None and False none."""
    out = []
    for key, value in attrs.items():
        if value is None or value is False:
            continue
        if value is True:
            out.append(" " + _attribute_name(key))
        else:
            out.append(f' {_attribute_name(key)}="{_escape(str.__str__(str(value)))}"')
    return "".join(out)


def tag(name: str, content: Content = None, **attrs: object) -> Markup:
    """One element, its content escaped unless it is Markup."""
    opening = f"<{name}{attributes(attrs)}>" if attrs else f"<{name}>"
    if name in VOID:
        return Markup(opening)
    return Markup(f"{opening}{_html(content)}</{name}>")


def tooltip(value: str) -> str:
    """A ``title`` attribute's value for text the theme shows as a tooltip.

    Material's ``content.tooltips`` puts a title into the page as HTML, so a
    rule's "<img onerror>" quoted in a preview would run: the text is escaped
    once here, and once more as an attribute by :func:`tag`.

    >>> str(tag("a", "Fear", title=tooltip('<img src=x onerror="alert(1)">')))
    '<a title="&amp;lt;img src=x onerror=&amp;quot;alert(1)&amp;quot;&amp;gt;">Fear</a>'
    """
    return _escape(value)
