"""What the pages of one system show, gathered once from the build.

A :class:`Rulebook` holds a system's rules in reading order and by name,
the relations out of and into each rule, the anchor of every sentence (so a
citation on any page links to the clause it quotes), and finds the mentions
of other rules in a sentence the way the rule graph does
(:func:`referee.graph.lexer.lex`), so a link on the site and an edge of the
graph never disagree about what a sentence names.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.graph.lexer import Mention, Names, lex
from referee.site import memo
from referee.site.anchors import child_anchor, page_anchors, sentences_of
from referee.site.armies import Armies
from referee.site.urls import Address
from referee.text import fold

if TYPE_CHECKING:
    from referee.store.record import Build
    from referee.lint.run import LintResult
    from referee.model import Relation, Rule, Version

PREVIEW_CHARS = 240  # of a rule's text in the tooltip of a link to it


@dataclass(frozen=True)
class Link:
    """A mention of another rule inside a sentence: ``text[start:end]`` names ``rules``."""

    start: int
    end: int
    rules: tuple[str, ...]  # ids, best first; more than one when the name is ambiguous


@dataclass
class Rulebook:
    """One system, as its pages need it."""

    build: Build
    system: str
    address: Address
    rules: list[Rule] = field(default_factory=list)
    out: dict[str, list[Relation]] = field(default_factory=dict)
    into: dict[str, list[Relation]] = field(default_factory=dict)
    lint: Callable[[], LintResult | None] | None = None
    armies: Armies | None = None  # its army books and units, when it has imported army data
    _anchors: dict[str, dict[str, str]] = field(default_factory=dict)
    _previews: dict[str, str] = field(default_factory=dict)
    _names_key: str = ""

    @classmethod
    def of(cls, build: Build, system: str, address: Address) -> Rulebook:
        book = cls(build, system, address, list(build.in_system(system)))
        book.armies = Armies.of(build, system, address)
        for rel in build.relations(system):
            book.out.setdefault(rel.source, []).append(rel)
            if rel.target:
                book.into.setdefault(rel.target, []).append(rel)
        return book

    # -- the system --------------------------------------------------------------

    @property
    def title(self) -> str:
        return self.build.manifests[self.system].title or self.system

    @property
    def documents(self) -> list[str]:
        """Paths (``t9a/universal-rules.txt``) of the system's documents, in manifest order."""
        return [doc.path for doc in self.build.documents.get(self.system, [])]

    def rule(self, rule_id: str) -> Rule | None:
        rule = self.build.get(rule_id)
        return rule if rule is not None and rule.system == self.system else None

    def name(self, rule_id: str) -> str:
        return self.build.rule_names.get(rule_id, rule_id)

    def page(self, rule_id: str) -> str:
        return self.address.rule_page(rule_id)

    def preview(self, rule_id: str) -> str:
        """What hovering a link to the rule shows (the theme's tooltip): its name,
        category and the opening of its text."""
        found = self._previews.get(rule_id)
        if found is None:
            rule = self.rule(rule_id)
            if rule is None:
                return self.name(rule_id)
            head = f"{rule.name} ({rule.category})" if rule.category else rule.name
            text = " ".join(rule.text.split())
            if len(text) > PREVIEW_CHARS:
                text = text[:PREVIEW_CHARS].rsplit(" ", 1)[0] + " …"
            found = self._previews[rule_id] = f"{head}: {text}" if text else f"{head}: no text"
        return found

    def for_players(self, rule: Rule) -> bool:
        """Whether players are shown the rule in the index, the categories and the search: a
        rule with a name and something to read (a text, or sub-rules). A rule whose heading was
        lost, or which the documents name without a text, is an editor's matter: its page
        stays (the Editor's report lists and links it), out of the players' way."""
        return "unnamed" not in rule.flags and (bool(rule.text.strip()) or bool(rule.children))

    def player_rules(self) -> list[Rule]:
        return [r for r in self.rules if self.for_players(r)]

    def sorted_rules(self) -> list[Rule]:
        """A-Z by folded name, then id: the order of every list of rules."""
        return sorted(self.rules, key=lambda r: (fold(r.name), r.id))

    # -- sentences and their anchors ------------------------------------------------

    def sentences(self, version: Version) -> list[str]:
        return self.sentences_of(version.text)

    sentences_of = staticmethod(sentences_of)  # the sentences of a text, as the rule graph cuts them

    def anchors(self, rule: Rule) -> dict[str, str]:
        """Sentence -> anchor on the rule's own page, every version's, primary first.

        The same sentence in two versions has one anchor (its first place).
        """
        found = self._anchors.get(rule.id)
        if found is None:
            found = self._anchors[rule.id] = page_anchors([v.text for v in rule.versions], rule.children)
        return found

    def child_anchor(self, rule_id: str) -> str:
        """The anchor of a sub-rule on its parent's page: its slug."""
        return child_anchor(rule_id)

    def cited(self, rule_id: str, sentence: str) -> str | None:
        """The anchor of ``sentence`` on ``rule_id``'s page, if that rule's text holds it."""
        rule = self.rule(rule_id)
        return self.anchors(rule).get(sentence) if rule is not None else None

    # -- mentions ----------------------------------------------------------------------

    def links(self, rule: Rule, sentence: str) -> tuple[Link, ...]:
        """The other rules of the system ``sentence`` names, as the rule graph reads them."""
        return memo.LINKS.get((self.names_key(), rule.id, sentence), lambda: self._links(rule.id, sentence))

    def names_key(self) -> str:
        """A digest of what mentions are read by (the system's names and core terms): what
        ``links`` depends on besides the sentence, the same across rebuilds of the same names."""
        if not self._names_key:
            data = [sorted(self.build.names[self.system].items()), sorted(self.build.manifests[self.system].core_terms)]
            self._names_key = hashlib.sha256(json.dumps(data, ensure_ascii=False).encode()).hexdigest()
        return self._names_key

    def _links(self, rule_id: str, sentence: str) -> tuple[Link, ...]:
        # a Names per rule is cheap: the name index behind it is built once per system
        names = Names(self.build.names[self.system], self.build.manifests[self.system].core_terms, rule_id)
        mentions: list[Mention] = []
        lex(sentence, names, mentions)
        out: list[Link] = []
        end = 0
        for mention in sorted(mentions, key=lambda m: m.start):
            if mention.start < end:
                continue
            ids = tuple(i for i in names.ids(mention.key) if i != rule_id)
            if ids:
                end = mention.start + len(mention.text)
                out.append(Link(mention.start, end, ids))
        return tuple(out)
