"""A rule's neighbourhood in the rule graph, drawn as inline SVG at build time.

No script and nothing fetched: the layout is three columns, read left to
right as the relations read.  On the left the rules whose relations point at
this one ("Fly --grants--> Light Troops" puts Fly left of Light Troops), in
the middle the rule, on the right what its own relations point at.  Rows are
sorted by kind, then name, so the same graph always gives the same picture
(the site is byte-for-byte reproducible).  Each side shows at most
:data:`MAX_PER_SIDE` nodes and says how many more the lists below hold.

Nodes that are rules are links, but not SVG links: the theme rewrites the
``href`` of every link on a page, which an SVG ``<a>`` does not allow, so
each node's link is an HTML ``<a>`` laid over its box, placed in percent of
the picture so it keeps its place at any width (with the tooltip preview
every other link to a rule has).

>>> html = neighbourhood("Fear", [("a.html", "Terror", ("overrides",), False, "Terror: causes Fear")], [])
>>> html.count("<rect"), html.count('<a '), "Terror" in html, "overrides" in html
(2, 1, True, True)
>>> neighbourhood("Lonely", [], []) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence

from referee.site.html import Markup, join, tag, tooltip

MAX_PER_SIDE = 12
NODE_W, NODE_H, ROW = 190, 28, 38
GAP = 110  # room between the columns for the edges and their labels
CHARS = 26  # a name longer than this is cut, the whole of it kept as a tooltip
PAD = 6

# (href or None, name, kinds, external, tooltip): one node and the kinds of its edges with the rule
Neighbour = tuple[str | None, str, Sequence[str], bool, str | None]


def _cut(name: str) -> str:
    return name if len(name) <= CHARS else name[: CHARS - 1].rstrip() + "…"


def _node(x: int, y: int, name: str, css: str) -> Markup:
    box = [
        tag("title", name),
        tag("rect", x=x, y=y, width=NODE_W, height=NODE_H, rx=5, class_=css),
        tag("text", _cut(name), x=x + NODE_W // 2, y=y + NODE_H // 2 + 4, text_anchor="middle"),
    ]
    return tag("g", box)


def _overlay(x: int, y: int, width: int, height: int, href: str, name: str, hint: str | None) -> Markup:
    """An HTML link over a node's box, in percent of the picture's size."""
    style = (
        f"left:{100 * x / width:.3f}%;top:{100 * y / height:.3f}%;"
        f"width:{100 * NODE_W / width:.3f}%;height:{100 * NODE_H / height:.3f}%"
    )
    return tag("a", tag("span", name, class_="rf-sr"), href=href, class_="rf-node-link", style=style, title=tooltip(hint) if hint else None)


def _edge(x1: int, y1: int, x2: int, y2: int, kinds: Sequence[str], label_x: int, anchor: str) -> Markup:
    css = "rf-edge rf-k-" + kinds[0]
    label_y = y1 - 5 if anchor == "start" else y2 - 5
    return join(
        [
            tag("path", d=f"M{x1},{y1} C{(x1 + x2) // 2},{y1} {(x1 + x2) // 2},{y2} {x2},{y2}", class_=css, marker_end="url(#rf-arrow)"),
            tag("text", ", ".join(kinds), x=label_x, y=label_y, text_anchor=anchor, class_="rf-edge-label"),
        ]
    )


def _side(items: Sequence[Neighbour]) -> tuple[list[Neighbour], int]:
    shown = list(items[:MAX_PER_SIDE])
    return shown, len(items) - len(shown)


def neighbourhood(name: str, into: Sequence[Neighbour], out: Sequence[Neighbour], more_href: str = "#relations") -> Markup | None:
    """The SVG, or None when the rule has no neighbour to draw."""
    if not into and not out:
        return None
    left, left_more = _side(into)
    right, right_more = _side(out)
    rows = max(len(left) + bool(left_more), len(right) + bool(right_more), 1)
    height = rows * ROW + 2 * PAD
    width = 3 * NODE_W + 2 * GAP + 2 * PAD
    x_left, x_mid, x_right = PAD, PAD + NODE_W + GAP, PAD + 2 * (NODE_W + GAP)
    mid_y = (height - NODE_H) // 2
    centre_y = mid_y + NODE_H // 2

    def top(i: int, count: int) -> int:
        block = count * ROW
        return (height - block) // 2 + i * ROW + (ROW - NODE_H) // 2

    parts: list[Markup] = [
        tag(
            "defs",
            tag("marker", tag("path", d="M0,0 L8,4 L0,8 z"), id="rf-arrow", viewBox="0 0 8 8", refX=8, refY=4, markerWidth=8, markerHeight=8, orient="auto"),
        )
    ]
    links: list[Markup] = []

    def place(x: int, y: int, href: str | None, other: str, css: str, hint: str | None = None) -> None:
        parts.append(_node(x, y, other, css))
        if href:
            links.append(_overlay(x, y, width, height, href, other, hint))

    count = len(left) + bool(left_more)
    for i, (href, other, kinds, external, hint) in enumerate(left):
        y = top(i, count)
        parts.append(_edge(x_left + NODE_W, y + NODE_H // 2, x_mid, centre_y, kinds, x_left + NODE_W + 4, "start"))
        place(x_left, y, href, other, "rf-node rf-ext" if external else "rf-node", hint)
    if left_more:
        place(x_left, top(len(left), count), more_href, f"and {left_more} more", "rf-node rf-more")
    count = len(right) + bool(right_more)
    for i, (href, other, kinds, external, hint) in enumerate(right):
        y = top(i, count)
        parts.append(_edge(x_mid + NODE_W, centre_y, x_right, y + NODE_H // 2, kinds, x_right - 4, "end"))
        place(x_right, y, href, other, "rf-node rf-ext" if external else "rf-node", hint)
    if right_more:
        place(x_right, top(len(right), count), more_href, f"and {right_more} more", "rf-node rf-more")
    place(x_mid, mid_y, None, name, "rf-node rf-centre")
    label = f"The neighbourhood of {name}: {len(into)} related rules on the left point to it, it points to {len(out)} on the right."
    svg = tag(
        "svg",
        [tag("title", label), *parts],
        xmlns="http://www.w3.org/2000/svg",
        viewBox=f"0 0 {width} {height}",
        width=width,
        height=height,
        role="img",
        aria_label=label,
        class_="rf-diagram",
    )
    return tag("div", [svg, *links], class_="rf-graph", style=f"max-width:{width}px")
