"""A rule's text as HTML: paragraphs, lists, a span per sentence, mentions linked.

The text is the adapters' cleaned text (paragraphs split by blank lines,
list items opened by "- ").  Each sentence that
:func:`referee.graph.sentences.split` finds becomes
``<span class="rf-s" id="s-...">`` (the page's script puts a ¶ link after
it), so a referee can copy the link to one clause; each mention of another rule of the system
becomes a link to that rule's page, with a ``title`` previewing the rule
(the browser's own tooltip, where the page's script does not run; where it
does, ``referee.js`` shows a rich preview instead, on hover, focus or tap,
on any server and from a folder opened with no server at all).  Everything
else is escaped text.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.site.html import Markup, join, tag, tooltip
from referee.site.urls import relative

if TYPE_CHECKING:
    from referee.model import Rule
    from referee.site.rulebook import Rulebook


class TextWriter:
    """Writes the text of one rule's versions onto one page.

    ``here`` is the page written (links are relative to it); ``prefix`` goes
    before each sentence's anchor, for a sub-rule shown on its parent's page;
    ``claimed`` holds the anchors already given on the page, so a sentence
    repeated in a second version links to its first place instead of
    repeating an id.
    """

    def __init__(self, book: Rulebook, rule: Rule, here: str, prefix: str = "") -> None:
        self.book = book
        self.rule = rule
        self.here = here
        self.prefix = prefix
        self.anchors = book.anchors(rule)
        self.claimed: set[str] = set()

    def text(self, text: str) -> Markup:
        """Blocks of ``text``: a ``<p>`` per paragraph, a ``<ul>`` per run of "- " items."""
        wanted = self.book.sentences_of(text)
        blocks: list[Markup] = []
        for paragraph in text.split("\n\n"):
            lines = [line for line in paragraph.split("\n") if line.strip()]
            items: list[Markup] = []
            prose: list[Markup] = []
            for line in lines:
                stripped = line.lstrip()
                if stripped.startswith(("- ", "• ", "* ")):
                    if prose:
                        blocks.append(tag("p", join(prose, tag("br"))))
                        prose = []
                    items.append(tag("li", self.line(stripped[2:], wanted)))
                else:
                    if items:
                        blocks.append(tag("ul", items))
                        items = []
                    prose.append(self.line(line, wanted))
            if prose:
                blocks.append(tag("p", join(prose, tag("br"))))
            if items:
                blocks.append(tag("ul", items))
        return join(blocks)

    def line(self, line: str, wanted: list[str]) -> Markup:
        """One line: its sentences in spans, what lies between them as text."""
        out: list[Markup] = []
        cursor = 0
        while wanted:
            at = line.find(wanted[0], cursor)
            if at < 0:
                break
            sentence = wanted.pop(0)
            out.append(join(line[cursor:at]))
            out.append(self.sentence(sentence))
            cursor = at + len(sentence)
        out.append(join(line[cursor:]))
        return join(out)

    def sentence(self, sentence: str) -> Markup:
        anchor = self.anchors.get(sentence)
        if anchor is None:
            return self.mentions(sentence)
        anchor = self.prefix + anchor
        first = anchor not in self.claimed
        self.claimed.add(anchor)
        # the ¶ link after each sentence is added by the page's script (referee.js), which
        # keeps a page's HTML, and what the search must read of it, a third smaller
        return tag("span", self.mentions(sentence), class_="rf-s", id=anchor if first else None, data_at=None if first else anchor)

    def mentions(self, sentence: str) -> Markup:
        out: list[Markup] = []
        cursor = 0
        for link in self.book.links(self.rule, sentence):
            out.append(join(sentence[cursor : link.start]))
            out.append(self.mention(sentence[link.start : link.end], link.rules))
            cursor = link.end
        out.append(join(sentence[cursor:]))
        return join(out)

    def mention(self, words: str, rules: tuple[str, ...]) -> Markup:
        """A link to the rule ``words`` names; where they name several, the others follow as
        small numbered links (never one silently picked)."""
        first = tag("a", words, href=relative(self.here, self.book.page(rules[0])), class_="rf-mention", title=tooltip(self.book.preview(rules[0])))
        if len(rules) == 1:
            return first
        others = [
            tag("a", str(n), href=relative(self.here, self.book.page(rid)), title=tooltip(f"or {self.book.preview(rid)}"))
            for n, rid in enumerate(rules[1:], start=2)
        ]
        return first + tag("sup", join(others, " "), class_="rf-alt", title="This name stands for several rules")
