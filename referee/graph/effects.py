"""Typed relations read out of rule text, each with the sentence that states it.

A rule's text (every version, primary first) is cut into sentences
(:mod:`referee.graph.sentences`); each sentence is lexed against the names of
its system (:mod:`referee.graph.lexer`) and read by grammar/effects.lark
(:mod:`referee.graph.effects_grammar`).  What the grammar recognises becomes
a :class:`~referee.model.Relation`: grants, loses, immune-to, excludes,
overrides, must, cannot, stacks, modifies.  Every other rule the sentence
names becomes a ``references`` relation.  Sentences from which no typed
relation was read are kept as text and counted (:func:`coverage`).

>>> from referee.model import Rule, Source, Version
>>> src = Source("x/rules.txt", 1, 1)
>>> text = "The model gains Fear and is immune to the effects of Terror."
>>> rule = Rule("x/beast", "Beast", "x", text, src, versions=(Version(text, src, "x/rules.txt", "core"),))
>>> names = Names({"fear": ["x/fear"], "terror": ["x/terror"], "beast": ["x/beast"]}, [])
>>> relations, sentences = read_rule(rule, names, {})
>>> [(r.kind, r.target) for r in relations]
[('grants', 'x/fear'), ('immune-to', 'x/terror')]
>>> sentences[0].typed, sentences[0].line
(True, 1)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.graph.activities import activities_in
from referee.graph.effects_grammar import OTHERS, SELF, Effect, find_clauses
from referee.graph.lexer import PARAMETER, Lexeme, Mention, Names, conditions_in, lex
from referee.graph.sentences import locate, split
from referee.graph.settles import settling, spoken
from referee.graph.unknown import in_brackets, unknown_names
from referee.graph.situations import beyond_make_up, is_boilerplate, situation_of, subject_conditions
from referee.model import Citation, Condition, Relation, Rule
from referee.patterns import gated
from referee.text import fold, word_forms

if TYPE_CHECKING:
    from referee.rulebase import Rulebase
    from referee.graph.relations import RuleGraph

__all__ = ["Names", "Sentence", "coverage", "read_rule", "read_sentence"]

# kinds whose relation to the rule's own name says nothing ("Fear grants Fear")
_NO_SELF = {"grants", "overrides", "excludes"}
# kinds that take the sentence's conditions
_CONDITIONED = {"grants", "loses", "immune-to", "excludes", "overrides", "must", "cannot", "modifies", "stacks"}
_ROLL_WORDS = {"save", "saves", "roll", "rolls", "test", "tests"}
_BREAKS = {"COMMA", "SEMI", "COLON"}  # what separates the parts of a sentence a condition belongs to
Found = tuple[Any, str | None]  # ("against Fly", the id of Fly), ("charging", None), or (Condition, None)
Subject = tuple[str | None, tuple[str, ...]]  # words as written, ids of the rules they name
_SUBJECT_LEADS = {"AND", "OR", "BUT", "ADV", "COMMA"}
_SUBJECT_LEAD_PHRASES = (("this", "means"), ("note", "that"), ("remember", "that"), ("in", "addition"), ("in", "this", "case"), ("in", "that", "case"))
_SUBJECT_LEAD_WORDS = {"then", "also", "instead", "additionally", "furthermore", "otherwise"}
_SUBJECT_TAILS = {"ADV", "AND", "OR", "BUT", "MUST", "CANNOT", "NOT", "NEVER", "BE", "SUBBE", "HAVE", "SUBHAVE", "SUBGAIN"}
_CONTRASTS = {"while", "whereas", "whilst"}
_IMPERATIVES = {"apply", "use", "roll", "place", "choose", "measure", "remove", "add"}  # lower case: mid-sentence
_SUBJECT_TAIL_WORDS = {"suffer", "suffers", "receive", "receives", "get", "gets", "can", "may", "will", "is", "are", "themselves", "itself",
                       "does", "do", "so", "at", "a", "an"}
# "Soft cover inflicts a -1 to hit penalty to ...": what stands before these verbs causes the
# modifier, it is not who has it
_CAUSE_VERBS = {"inflicts", "inflict", "causes", "cause", "imposes", "impose", "applies", "apply"}
_CLAUSE_WORDS = {"BE", "SUBBE", "HAVE", "SUBHAVE", "GAIN", "SUBGAIN", "MUST", "CANNOT", "SIGNED", "LOSE"}
_SUBJECT_MAX = 24  # tokens; a longer run before a clause is not a subject but a clause of its own
# sentences that illustrate a rule rather than state one
_EXAMPLE = gated(r"^[\W_]*(?:for\s+(?:example|instance)\b|e\.\s?g\.|such\s+as\b|example\b)", re.IGNORECASE)
_ABOUT_TARGET = ("against", "except against", "unless")  # "against X" on a relation to X says nothing
_HAVING_WORDS = {"A", "THE", "WORD", "PRON", "SUBHAVE", "SUBBE", "NAME", "AND", "OR", "THIS", "ALL", "ONE", "ADV"}
_GOES_ON = gated(r"^[\W_]*(?:and|or|so|then|in\s+that\s+case)\b", re.IGNORECASE)
_CONDITION_LEADS = {"if", "when", "whenever", "while", "whilst", "unless", "except"}


@dataclass(frozen=True)
class Sentence:
    """One sentence of a rule's text and where it stands.

    ``typed`` is True when at least one relation other than ``references``
    and ``settles`` (words quoted, no effect) was read from it.
    """

    text: str
    rule: str
    file: str
    line: int
    typed: bool
    column: int = 1
    # names in keyword position the system does not define, with their offsets in the
    # sentence (referee.graph.unknown): what lint's undefined-reference reports
    unknown: tuple[tuple[str, int, str], ...] = ()


class _Reader:
    """Turns the drafts of one sentence into relations."""

    def __init__(self, rule: Rule, names: Names, text: str, lexemes: list[Lexeme], citation: Citation):
        self.rule = rule
        self.names = names
        self.text = text
        self.lexemes = lexemes
        self.citation = citation

    def resolve(self, key: str) -> tuple[str | None, bool]:
        """(id, is the rule being read) of a folded name."""
        ids = self.names.ids(key)
        if not ids:
            return None, False
        if self.rule.id in ids:
            return self.rule.id, True
        return ids[0], False

    def target(self, draft: Effect) -> tuple[str | None, str | None, str | None, bool]:
        """(id, words as written, parameter, is self) of a draft's target."""
        if draft.target == SELF:
            return self.rule.id, self.rule.name, None, True
        if isinstance(draft.target, int):
            lexeme = self.lexemes[draft.target]
            if lexeme.type == "NAME":
                tid, own = self.resolve(lexeme.key)
                return tid, lexeme.text, lexeme.param, own
            return None, lexeme.text, None, False
        return None, None, None, False

    def condition(self, word: str, index: int) -> Found:
        lexeme = self.lexemes[index]
        tid, _ = self.resolve(lexeme.key)
        return f"{word} {lexeme.text}", tid

    def conditions(self, word: str, index: int) -> list[Found]:
        """A condition's words, and for "except against" each rule of the list it leads ("against
        weapons other than Blast, Large Blast and Template weapons": none of the three)."""
        out = [self.condition(word, index)]
        if word != "except against":
            return out
        k = index + 1
        while k + 1 < len(self.lexemes) and self.lexemes[k].type in ("COMMA", "AND", "OR"):
            k += 1
            if self.lexemes[k].type in ("AND", "OR"):
                k += 1
            if k >= len(self.lexemes) or self.lexemes[k].type != "NAME":
                break
            out.append(self.condition(word, k))
            k += 1
        return out

    def stat_before(self, first: int) -> tuple[str, str]:
        """What "... must be rerolled" rerolls: a named save or roll, else the first stat
        of the words before it (back to the last comma)."""
        start = max((k + 1 for k in range(first) if self.lexemes[k].type in _BREAKS), default=0)
        subject = self.lexemes[start:first]
        for lexeme, after in zip(subject, subject[1:]):
            if lexeme.type in ("NAME", "TERM") and after.text.lower() in _ROLL_WORDS:
                words = f"{lexeme.text} {after.text}"
                return words, words
        for lexeme in subject:
            if lexeme.type == "STAT":
                return lexeme.norm, lexeme.text
        return "roll", "roll"

    def relations(self, drafts: list[tuple[int, Effect, list[Found], Subject]]) -> list[Relation]:
        """The relations of a sentence's drafts, each with its clause's subject and conditions."""
        out: list[Relation] = []
        for first, draft, conditions, subject in drafts:
            words_of_subject, subject_ids = subject
            if draft.target == OTHERS:
                out.extend(self.make(draft.kind, tid, text, conditions, subject=words_of_subject) for tid, text in self.other_rules())
                continue
            if draft.kind == "overrides" and isinstance(draft.target, int) and self.lexemes[draft.target].type in ("TERM", "WORD", "ACT"):
                named = self.for_rules(first)
                if named:  # "overrides the Spell Selection rules for Wizard Apprentices, Adepts, and Masters"
                    out.extend(self.make("overrides", tid, text, conditions, subject=words_of_subject) for tid, text in named)
                    continue
                if self.lexemes[draft.target].type != "TERM":
                    continue  # "overrides the Spell Selection rules" of words no rule names, for no rule named
            if draft.mode == "replaces" and draft.action is not None:
                winner, winner_words, _param, _own = self.target(draft)
                loser_lexeme = self.lexemes[draft.action[0]]
                loser = self.resolve(loser_lexeme.key)[0]
                if winner and loser and winner != loser:  # "treats Terror as Fear": Fear over Terror
                    out.append(self.make("overrides", loser, loser_lexeme.text, conditions, subject=words_of_subject, source=winner))
                continue
            if draft.mode == "not-ignored":
                # "When combined with Quick to Fire, the attack can only ignore ..., not the additional -1
                # to-hit modifier from Unwieldy": Unwieldy prevails over the rule that ignores, the rule read
                # or (read in Unwieldy) each other rule the sentence names
                kept, _words, _param, own = self.target(draft)
                if kept is not None:
                    losers = self.other_rules() if own else [(self.rule.id, self.rule.name)]
                    out.extend(self.make("overrides", loser, text, conditions, subject=words_of_subject, source=kept)
                               for loser, text in losers if loser != kept)
                continue
            if draft.mode == "verb" and draft.action is not None:
                word = self.words(draft.action)
                tid = self.verb_form(word)
                if tid and tid != self.rule.id:  # "cannot be Silenced": immune to Silence
                    out.append(self.make(draft.kind, tid, word, conditions, subject=words_of_subject))
                continue
            tid, words, param, own = self.target(draft)
            details = [("parameter", param)] if param else []
            if draft.kind == "overrides" and draft.mode == "yields":
                who = self.words(draft.action) if draft.action is not None else words_of_subject
                groups = [d.action[0] for f, d, _c, _s in drafts if f == first and d.mode == "yields" and d.action]
                out.extend(self.yields(tid, words, own, self.in_group(conditions, draft, groups), who))
                continue
            if draft.kind == "overrides" and own and draft.target != SELF:
                # "Ignore Stand Behind for models with Mismatching Bases", read in Stand Behind:
                # the other rule named prevails over the rule read
                out.extend(
                    self.make("overrides", self.rule.id, self.rule.name, conditions,
                              subject=words_of_subject or self.for_phrase(first, winner), source=winner)
                    for winner, _text in self.other_rules()
                )  # fmt: skip
                continue
            if own and draft.kind in _NO_SELF and not _names_a_kind(words_of_subject, draft):
                continue  # a rule granting itself to its bearer says nothing; "Infantry Characters gain Light Troops" does
            if draft.kind == "modifies" and _NOT_SUFFERED.search(words_of_subject or ""):
                continue  # "can only ignore the normal -1 to-hit modifier ..., not the additional -1": no modifier stated
            if draft.kind == "modifies" and draft.mode == "of" and draft.action is not None:
                words_of_subject = self.words(draft.action)  # "the CS of this model is +Y": this model's
            if draft.kind == "modifies":
                stat, words = self.stat(first, draft)
                details += [("stat", stat), ("value", self.value(draft))]
                if self.value(draft).startswith("="):
                    details += _standing(self.text)
                if words and "shooting" in words.lower().split():
                    conditions = [*conditions, ("shooting", None)]  # "a -1 shooting modifier"
            elif draft.kind in ("must", "cannot") and draft.action is not None:
                action, named = self.action(draft.action)
                active = self.active(draft, words_of_subject) if draft.kind == "must" else None
                if active is not None:
                    # "A Heavy Casualties Panic test must also be taken (immediately) by a charging
                    # unit": the charging unit must take the test
                    action, words_of_subject, named = active
                details.append(("action", action))
                if draft.mode == "exempt" and _EXEMPTION.match(action):
                    details.append(("exempts", "test"))  # "does not take Panic tests": an exception to obligations to take it
                tid, words = (self.resolve(named.key)[0], named.text) if named else (None, action)
                own = tid == self.rule.id
            elif draft.action is not None:  # a rule the system does not define, or its own brackets
                words = self.words(draft.action)
                if draft.mode == "parameters":
                    details.append(("grants", "its parameters"))
                elif draft.mode == "by-effect":
                    details.append(("effect", words))  # "ignore every rule that makes ... untargetable"
            elif draft.mode and draft.mode != "confer":
                details.append(("mode", draft.mode))
                if draft.kind == "stacks" and isinstance(draft.value, str):
                    details.append(("value", draft.value))  # "never be modified by more than 1": the limit
            if draft.kind == "stacks" and words_of_subject and _ITSELF.match(words_of_subject):
                words_of_subject = None  # "Multiple instances of Stealth stack": the rule itself, not who
            source = self.rule.id
            if own and draft.target != SELF and self.rule.id not in subject_ids and not _is_bearer(words_of_subject):
                # "Infantry cannot use Lances" read in Lance, "A unit that is Fleeing loses
                # Scoring" read in Scoring: the sentence's subject acts, not the rule read.
                others = [i for i in subject_ids if i != self.rule.id]
                if others:
                    source = others[0]
                else:
                    tid = None  # the words are kept (target_name, action); no rule acts on itself
            words_of_subject, aside = _without_aside(words_of_subject)
            if draft.mode == "confer" and isinstance(draft.target, int):
                words_of_subject = self.recipient(draft.target) or words_of_subject
            own_conditions = [found for word, index in draft.conditions for found in self.conditions(word, index)] + aside
            own_conditions += self.suffered_from(words_of_subject)
            bearers = subject_ids or ((self.rule.id,) if words_of_subject and _THIS_RULE.search(words_of_subject) else ())
            found = [*own_conditions, *conditions, *((c, None) for c in subject_conditions(words_of_subject, bearers))]
            out.append(self.make(draft.kind, tid, words, found, tuple(details), words_of_subject, source))
        return out

    def recipient(self, target: int) -> str | None:
        """"confers the Outflank special rule to units of Infiltrators that are kept as
        Reserves (see page XX)": who a conferred rule goes to, up to the next break."""
        lexemes = self.lexemes
        k = target + 1
        while k < len(lexemes) and lexemes[k].type == "SPECIAL":
            k += 1
        if k >= len(lexemes) or lexemes[k].type != "TO":
            return None
        end = k + 1
        while end < len(lexemes) and lexemes[end].type not in (*_BREAKS, "DOT", "PAREN"):
            end += 1
        if end == k + 1:
            return None
        return self.text[lexemes[k + 1].start : lexemes[end - 1].end]

    def for_rules(self, first: int) -> list[tuple[str, str]]:
        """(id, words) of the rules a for-phrase after the clause at ``first`` lists, a list
        that may leave out the words its names share ("for Wizard Apprentices, Adepts, and
        Masters": Wizard Adept, Wizard Master)."""
        lexemes = self.lexemes
        at = next((k for k in range(first + 1, len(lexemes)) if lexemes[k].type in ("DOT", "SEMI", "COLON")
                   or (lexemes[k].type == "STOP" and lexemes[k].text.lower() == "for")
                   or _CONNECTED.match(self.text, lexemes[k].start)), None)  # fmt: skip
        if at is None or lexemes[at].type in ("DOT", "SEMI", "COLON"):
            return []
        if lexemes[at].type != "STOP":  # "connected to being a Wizard Adept": read on from the name
            at = next((k - 1 for k in range(at, len(lexemes)) if lexemes[k].type == "NAME"), at)
        out: list[tuple[str, str]] = []
        shared: list[str] = []
        for lexeme in lexemes[at + 1 :]:
            if lexeme.type in ("DOT", "SEMI", "COLON"):
                break
            if lexeme.type == "NAME":
                # "for Temple Novices, Cantors, and Elders": after a name whose first words the list shares, a
                # name of its own ("Cantor") that those words lead to a rule ("Temple Cantor") is that rule
                headed = self.resolve(fold(" ".join([*shared, lexeme.text])))[0] if shared else None
                tid = headed or self.resolve(lexeme.key)[0]
                if tid and tid != self.rule.id and all(tid != seen for seen, _words in out):
                    out.append((tid, lexeme.text))
                shared = shared if headed else lexeme.key.split()[:-1]
            elif lexeme.type == "WORD" and lexeme.text[:1].isupper() and shared:
                tid = self.resolve(fold(" ".join([*shared, lexeme.text])))[0]
                if tid and tid != self.rule.id and all(tid != seen for seen, _words in out):
                    out.append((tid, lexeme.text))  # "Wizard Apprentice, Apprentice or Master": each rule once
            elif lexeme.type not in ("COMMA", "AND", "OR", "THE"):
                break
        return out

    def for_phrase(self, first: int, rule_id: str) -> str | None:
        """"Ignore Stand Behind for models with Mismatching Bases": who the clause at
        ``first`` is for, when a for-phrase after it names ``rule_id``."""
        lexemes = self.lexemes
        for k in range(first + 1, len(lexemes) - 1):
            if lexemes[k].type in _BREAKS or lexemes[k].type == "DOT":
                return None
            if lexemes[k].type == "STOP" and lexemes[k].text.lower() == "for":
                end = k + 1
                while end < len(lexemes) and lexemes[end].type not in _BREAKS and lexemes[end].type != "DOT":
                    end += 1
                span = lexemes[k + 1 : end]
                if any(lx.type == "NAME" and self.resolve(lx.key)[0] == rule_id for lx in span):
                    return self.text[span[0].start : span[-1].end]
                return None
        return None

    def in_group(self, conditions: list[Found], draft: Effect, groups: list[int]) -> list[Found]:
        """The conditions of one "against ..." group of a clause with several ("against attacks
        with Lethal Strike that rolled a natural 6+ to wound, or against attacks with Flaming
        Attacks"): those stated before the first group, and those inside this one."""
        if draft.action is None or len(groups) < 2:
            return conditions
        starts = sorted(self.lexemes[k].start for k in groups)
        mine = self.lexemes[draft.action[0]].start
        after = next((s for s in starts if s > mine), len(self.text) + 1)
        kept = []
        for found in conditions:
            words = found[0].text if isinstance(found[0], Condition) else str(found[0])
            at = self.text.find(words)
            if at < 0 or at < starts[0] or mine <= at < after:
                kept.append(found)
        return kept

    def yields(
        self, winner: str | None, words: str | None, own: bool, conditions: list[Found], subject: str | None
    ) -> list[Relation]:
        """overrides from the rule that prevails to the rule set aside: "uses the rules for
        Fearless instead" read in Stubborn is Fearless over Stubborn; read in Fearless
        ("both Fearless and Stubborn ... Fearless instead"), over the other rule named."""
        if winner is None:
            return [self.make("overrides", None, words, conditions, subject=subject)]
        if not own:
            return [self.make("overrides", self.rule.id, self.rule.name, conditions, subject=subject, source=winner)]
        return [
            self.make("overrides", loser, text, conditions, subject=subject, source=winner)
            for loser, text in self.other_rules()
            if loser != winner
        ]

    def stat(self, first: int, draft: Effect) -> tuple[str, str | None]:
        """(normalised stat, words as written) of a modifier or reroll."""
        if draft.mode == "passive":
            return self.stat_before(first)
        if draft.mode == "own" and draft.action is not None:
            # "multiplied into X+1": the rule's multiplier; any other verb: its value
            verb = self.words(draft.action).lower()
            stat = f"{self.rule.name} {'multiplier' if verb.startswith('multipl') else 'value'}"
            return stat, self.words(draft.action)
        if draft.stat is not None:
            lexeme = self.lexemes[draft.stat]
            if draft.mode in ("to-wound", "to-hit"):
                return draft.mode, lexeme.text  # "wound on a 2+": the roll to wound, not the Wounds stat
            return lexeme.norm or lexeme.text, lexeme.text
        if draft.action is not None:  # "re-roll failed charge distance rolls"
            words = self.words(draft.action)
            return words, words
        return ("roll", None) if draft.value == "reroll" else ("modifier", None)

    def value(self, draft: Effect) -> str:
        if isinstance(draft.value, int):
            return _value(self.lexemes[draft.value].text)
        return draft.value or ""

    def action(self, span: tuple[int, int]) -> tuple[str, Lexeme | None]:
        """The action's words, and the first rule it names ("use Swiftstride").

        An object the grammar stopped short of at "or" ("end the movement on top of
        terrain or models") is read on, when what follows "or" is no action of its own.
        """
        a, b = span
        lexemes = self.lexemes
        while b + 2 < len(lexemes) and lexemes[b + 1].type == "OR" and lexemes[b + 2].type == "WORD" and lexemes[b + 2].text.islower():
            b += 2
        named = next((lx for lx in lexemes[a : b + 1] if lx.type == "NAME"), None)
        return self.words((a, b)), named

    def active(self, draft: Effect, subject: str | None) -> tuple[str, str, Lexeme | None] | None:
        """(action, subject, first rule named) of a passive obligation said of a thing and its
        agent ("A ... Panic test must be taken by a charging unit"), turned round to the agent;
        None for any other."""
        if draft.action is None or not subject or _is_bearer(subject):
            return None
        a, b = draft.action
        span = self.lexemes[a : b + 1]
        if len(span) < 4 or span[0].type != "BE" or span[1].text.lower() not in _PARTICIPLES:
            return None
        by = next((k for k, lx in enumerate(span) if lx.text.lower() == "by"), None)
        if by is None or by + 1 >= len(span):
            return None
        agent = self.text[span[by + 1].start : span[-1].end]
        thing = subject[:1].lower() + subject[1:] if subject.split()[0] in ("A", "An", "The") else subject
        start = self.text.find(subject)
        named = next(
            (lx for lx in self.lexemes if lx.type == "NAME" and start <= lx.start < start + len(subject) and self.resolve(lx.key)[0] != self.rule.id),
            None,
        )
        return f"{_PARTICIPLES[span[1].text.lower()]} {thing}", agent, named

    def words(self, span: tuple[int, int]) -> str:
        return self.text[self.lexemes[span[0]].start : self.lexemes[span[1]].end]

    def make(
        self,
        kind: str,
        tid: str | None,
        words: str | None,
        conditions: Iterable[Found],
        details: tuple[tuple[str, str], ...] = (),
        subject: str | None = None,
        source: str | None = None,
    ) -> Relation:
        """A relation; conditions about its own target ("against X" on X) are left out."""
        kept: list[Condition] = []
        if kind in _CONDITIONED:
            for text, about in conditions:
                if isinstance(text, Condition):
                    about_target = text.situation in ("against", "unless") and text.value == tid
                    # ("for Moving and Shooting": two situations in one phrase's words, both kept)
                    if not about_target and all((c.situation, c.text, c.value) != (text.situation, text.text, text.value) for c in kept):
                        kept.append(text)
                    continue
                about_target = about is not None and about == tid and text.lower().startswith(_ABOUT_TARGET)
                if not about_target and all(c.text != text for c in kept):
                    found = situation_of(text, about)
                    kept.append(found)
                    if found.situation.startswith("unit-") and beyond_make_up(text):
                        kept.append(Condition("other", None, found.text))  # "... loses a combat" too
            # one situation said twice ("A unit which is fleeing": the pattern and the subject) is one condition
            kept = [c for k, c in enumerate(kept) if c.situation == "other" or c.value is not None
                    or all(d.situation != c.situation or d.value is not None for d in kept[:k])]  # fmt: skip
        return Relation(kind, source or self.rule.id, tid, words, self.citation, tuple(kept), details, subject)

    def subject(self, start: int, first: int, longest: int = 0) -> Subject:
        """Who a clause applies to: the words before it in its part of the sentence
        ("A unit that is Fleeing", "Infantry", "Attacks made with this weapon"),
        with the rules they name; None for the bearer ("it", "this rule")."""
        span = self.lexemes[start:first]
        while span and (span[0].type in _SUBJECT_LEADS or span[0].text.lower() in _SUBJECT_LEAD_WORDS):
            span = span[1:]
        for lead in _SUBJECT_LEAD_PHRASES:  # "This means this weapon", "Note that Feel No Pain rolls"
            if [lx.text.lower() for lx in span[: len(lead)]] == list(lead):
                span = span[len(lead) :]
        joined = any(lx.type in ("AND", "BUT") for lx in span[-2:])  # "... and cannot ...": a clause joined to this one
        while span and (
            span[-1].type in _SUBJECT_TAILS
            or span[-1].text.lower() in _SUBJECT_TAIL_WORDS
            or (span[-1].type == "PAREN" and not PARAMETER.match(span[-1].text))
        ):
            span = span[:-1]  # "... +7\" (using the lowest Advance Rate ...) must": a remark, not who
        if span and span[-1].text.lower() in _CAUSE_VERBS:
            return None, ()
        if len(span) > 2 and span[0].type == "SUB" and span[0].text.lower() in _CONTRASTS and start and self.lexemes[start - 1].type == "COMMA":
            span = span[1:]  # "..., while Close Combat Attacks allocated towards ... gain +1": who, not when
        if not span or span[0].type in ("SUB", "UNLESS"):
            return None, ()
        inner = next((k for k, lx in enumerate(span) if k and lx.type == "SUB" and lx.text.lower() in _CONDITION_LEADS), None)
        if inner is not None:
            span = span[:inner]  # "Characters that are part of a Combined Unit when the unit gains X": who, then when
        if span[0].text in _IMPERATIVES:
            return None, ()  # "apply the following rules instead of ...": an instruction to the player, not who
        joins = [k for k, lx in enumerate(span) if lx.type in ("AND", "BUT")]
        before = span[: joins[-1]] if joins else span if joined else []
        modal = next((k for k, lx in enumerate(before) if k and lx.type == "WORD" and lx.text.lower() in _MODALS), None)
        if modal is not None and joined and not joins:
            # "all models in the activated unit can be moved an additional 3\" but must ...":
            # who stands before the first clause's modal
            span = span[:modal]
            if span and span[0].type == "STOP" and span[0].text.lower() in ("after", "before", "once"):
                # "After the enemy models get removed all models ...": the time, then who
                cut = next((k + 1 for k in range(len(span) - 1) if span[k].text.endswith("ed") and span[k + 1].type in ("ALL", "THE", "A")), None)
                span = span[cut:] if cut else span
        # a finite verb ("passes", "takes"), not a participle ("Attacks made with a Lance and
        # allocated toward ..." is one subject)
        verbs = [k for k, lx in enumerate(before) if lx.type == "ACT" and lx.text.endswith("s") and k and span[k - 1].type not in ("THAT", "SUB", "WITH", "TO")]
        if verbs and all(lx.type not in _CLAUSE_WORDS for lx in before):
            # "the unit automatically passes Panic Tests and cannot ...": a clause the
            # grammar does not read (passes ...) stands between who and the clause read
            head = verbs[0]
            while head and span[head - 1].type == "ADV":
                head -= 1
            span = span[:head]
            if not span:
                return None, ()
        elif joins and any(lx.type in _CLAUSE_WORDS for lx in span[: joins[-1]]):
            # "its Armour Penetration is set to 10 and the target of the attack", "the models
            # in the unit are Shaken and Close Combat Attacks made by ...": the subject is what
            # follows the last joined clause
            span = span[joins[-1] + 1 :]
            if not span:
                return None, ()
        if len(span) > (longest or _SUBJECT_MAX):
            return None, ()
        if span[0].type == "COND" and (len(span) == 1 or not span[0].text[:1].isupper()):
            # "when charging, ...": a condition, not who; "Close Combat Attacks made by ..." is who
            return None, ()
        if all(lx.type in ("PRON", "THIS", "SPECIAL") for lx in span):
            return None, ()
        if span[0].type == "PRON" and len(span) > 1 and span[1].type in ("BE", "SUBBE", "HAVE", "SUBHAVE"):
            return None, ()  # "it is pinned and must ...": a clause of the bearer's, not who
        ids = tuple(i for lx in span if lx.type == "NAME" for i in [self.resolve(lx.key)[0]] if i)
        ids += tuple(i for lx in span[1:] if lx.type == "WORD" for i in [self.verb_form(lx.text)] if i and i not in ids)
        end = span[-1].end
        if span[-1].param:  # "A model with Chameleon(X)": the name's bracket is part of who
            end = self.text.index(span[-1].param, end) + len(span[-1].param)
        return self.text[span[0].start : end], ids

    def suffered_from(self, subject: str | None) -> list[Found]:
        """"Wounds suffered from flaming attack": the subject says what the clause is
        against (a rule's id, or the folded name of a core term of the system)."""
        if not subject:
            return []
        found = _SUFFERED.search(subject)
        if found is None:
            return []
        at = self.text.find(subject) + found.end()
        for lexeme in self.lexemes:
            if lexeme.start == at and lexeme.type in ("NAME", "TERM"):
                about = self.resolve(lexeme.key)[0] if lexeme.type == "NAME" else lexeme.key
                return [(Condition("against", about, f"{found.group().strip()} {lexeme.text}"), None)]
        return []

    def verb_form(self, word: str) -> str | None:
        """The rule a capitalised verb, agent or adjective form inside a subject names ("An
        Ambushing unit" -> Ambush, "Frenzied models" -> Frenzy, "A completely Invisible unit"
        -> Invisibility); None for any other word."""
        if not word[:1].isupper() or not word.lower().endswith(("ing", "ed", "ers", "ible", "able")):
            return None
        for form in word_forms(word)[2:]:
            tid = self.resolve(fold(form))[0]
            if tid:
                return tid
        return None

    def other_rules(self) -> list[tuple[str, str]]:
        """(id, words) of every rule this sentence names, other than the rule being read."""
        out: list[tuple[str, str]] = []
        for lexeme in self.lexemes:
            if lexeme.type == "NAME":
                tid, own = self.resolve(lexeme.key)
                if tid and not own and all(tid != seen for seen, _ in out):
                    out.append((tid, lexeme.text))
        return out


# how a value a sentence sets stands to other rules' values of the same stat, as its own words say:
# "regardless of ... any bonus Attacks he might otherwise be entitled to because of special rules"
# (it prevails over them), "unless a lower result would be required" (it yields to a lower one)
_OVER_OTHERS = gated(r"\bregardless\s+of\b[^.;]*?\b(?:bonus(?:es)?|modifiers?|special\s+rules?|other\s+rules?)\b", re.I)
_YIELDS_LOWER = gated(r"\bunless\s+a\s+(?P<way>lower|higher|better)\s+(?:result|number|value|roll)\s+(?:would\s+be|is)\s+(?:required|needed)\b", re.I)


def _standing(sentence: str) -> list[tuple[str, str]]:
    """The details of a value set (``modifies`` with value "=..."), from its sentence's own words:
    ``over``: ``others`` (it prevails over other rules' modifiers of the stat); ``yields``: ``lower``
    or ``higher`` (it yields to another rule's value that is lower, or higher)."""
    out = []
    if _OVER_OTHERS.search(sentence):
        out.append(("over", "others"))
    found = _YIELDS_LOWER.search(sentence)
    if found:
        out.append(("yields", "higher" if found.group("way").lower() == "higher" else "lower"))
    return out


# "does not take Panic tests", "do not take a Leadership test": an exemption from a test
_EXEMPTION = gated(r"takes?\b.*\btests?\b", re.I)
# "do not receive orders": what a unit does not get given is a prohibition too (no exemption from a test)
_NOT_GIVEN = gated(r"receives?\b", re.I)

# participles of the actions an obligation can be said of in the passive, and their verbs
_PARTICIPLES = {"taken": "take", "made": "make", "passed": "pass", "declared": "declare", "chosen": "choose",
                "used": "use", "rolled": "roll", "placed": "place", "removed": "remove", "cast": "cast"}  # fmt: skip
_CONNECTED = gated(r"(?:connected|related)\s+to\s+being\b", re.IGNORECASE)
_SUFFERED = gated(r"\b(?:suffered|caused|inflicted)\s+(?:from|by)\s+(?:an?\s+|the\s+)?", re.IGNORECASE)
_THIS_RULE = gated(r"\bthis\s+(?:special\s+)?rule\b", re.IGNORECASE)
_BEARERS = gated(
    r"(?:the|this|each|every)\s+(?:model|unit|bearer|wielder|character)(?:\s+part)?"
    r"|(?:models?|units?)\s+with\s+this\s+(?:special\s+)?rule|its\s+bearer",
    re.IGNORECASE,
)


_ITSELF = gated(r"(?:this|these|the)\s+(?:[\w-]+\s+)?(?:modifiers?|rules?|effects?|bonus(?:es)?)$|(?:multiple|several|all)\s+instances\s+of\b", re.I)
_DETERMINERS = {"a", "an", "the", "all", "each", "every", "any", "this", "that", "these", "those", "its", "their"}


_ASIDE = gated(r"\s*\((?P<words>(?:without|except|excluding|not)\b[^()]*)\)", re.IGNORECASE)


def _without_aside(subject: str | None) -> tuple[str | None, list[Found]]:
    """"All models (without war machines and chariots) with US(3+)": who, without the
    bracketed exception, and the exception as a condition in its words."""
    if not subject:
        return subject, []
    found = _ASIDE.search(subject)
    if found is None:
        return subject, []
    rest = f"{subject[: found.start()]} {subject[found.end() :].lstrip()}".strip()
    return rest, [(Condition("other", None, " ".join(found["words"].split())), None)]


def _names_a_kind(subject: str | None, draft: Effect) -> bool:
    """Whether a subject names a kind of model by its game terms ("Infantry Characters"),
    so that the rule read being granted to them is a statement, not a tautology."""
    if subject is None or draft.target == SELF or _is_bearer(subject):
        return False
    first = subject.split()[0]
    return first[:1].isupper() and first.lower() not in _DETERMINERS


def _is_bearer(subject: str | None) -> bool:
    """"The model", "this unit", "models with this special rule": the rule's own bearer,
    so a relation of the rule to itself is the sentence's word, not an accident."""
    return subject is not None and _BEARERS.fullmatch(subject.strip()) is not None


def _value(text: str) -> str:
    """A signed value as one canonical string: "−1″" -> '-1"', "+ 1" -> "+1"."""
    for odd, plain in (("−", "-"), ("–", "-"), ("″", '"'), ("”", '"')):
        text = text.replace(odd, plain)
    return "".join(text.split())


def _scope(
    conditions: list[tuple[int, Found]], clauses: list[tuple[int, int, list[Effect]]], lexemes: list[Lexeme]
) -> list[list[Found]]:
    """Which clauses each condition belongs to.

    A condition inside a clause's words is that clause's alone; one outside
    any clause belongs to the clauses of its part of the sentence (between
    commas).  One in a part with no clause leads the clauses after it, up to
    the next semicolon or colon ("If X, the model gains A, and B"); with none
    after it, it trails the nearest clause before it ("..., gains A, if X").
    """
    if not conditions:
        return [[] for _ in clauses]
    part: list[int] = []
    segment: list[int] = []
    parts = segments = 0
    for lexeme in lexemes:
        parts += lexeme.type in _BREAKS
        segments += lexeme.type in ("SEMI", "COLON")
        part.append(parts)
        segment.append(segments)
    scoped: list[list[Found]] = [[] for _ in clauses]
    for k, condition in conditions:
        owners = [ci for ci, (first, end, _) in enumerate(clauses) if first <= k < end]
        if not owners:
            owners = [ci for ci, (first, end, _) in enumerate(clauses) if part[k] in part[first:end]]
            before = [ci for ci in owners if clauses[ci][1] <= k]
            after = [ci for ci in owners if clauses[ci][0] > k]
            if before and after and _ends_before_and(lexemes, k, clauses[after[0]][0]):
                # "lose Scoring until the end of Game Turn 1 and may not declare Charges": the
                # condition closes the clause before "and", not the one after it
                owners = before[-1:]
            elif before and after and any(lx.type in ("AND", "BUT") for lx in lexemes[clauses[before[-1]][1] : k]):
                # "They lose 2\" movement but enemies shooting them in the shooting phase have -1
                # to hit": inside the next clause's subject, that clause's alone
                owners = after[:1]
        if not owners:
            owners = [ci for ci, (first, _end, _) in enumerate(clauses) if first > k and segment[first] == segment[k]]
        if not owners and k and lexemes[k - 1].type == "AND":
            # "..., and when taking Discipline Tests: ...": it opens what follows (here, the
            # next sentence), never trails the clause before it
            owners = [ci for ci, (first, _end, _) in enumerate(clauses) if first > k][:1]
            if not owners:
                continue
        if not owners and _unread_clause_part(lexemes, part, k):
            continue  # ", and always has the minimum cover save ... in close combat": its own clause's
        if all(clauses[ci][1] <= k for ci in owners) and _after_unread_alternative(lexemes, clauses, k):
            continue  # "has the X keyword or counts as an additional model if it already has that keyword": the alternative's
        if not owners:
            before = [ci for ci, (first, _end, _) in enumerate(clauses) if first < k]
            owners = before[-1:] or list(range(len(clauses)))
        for ci in owners:
            if condition not in scoped[ci]:
                scoped[ci].append(condition)
    return scoped


def _ends_before_and(lexemes: list[Lexeme], k: int, next_first: int) -> bool:
    """Whether the condition at ``k`` runs up to an "and"/"or" that opens the next clause."""
    between = [lx.type for lx in lexemes[k + 1 : next_first] if lx.type not in ("COND", "PAREN")]
    return bool(between) and between[0] in ("AND", "OR")


def _after_unread_alternative(lexemes: list[Lexeme], clauses: list[tuple[int, int, list[Effect]]], k: int) -> bool:
    """Whether a condition at the end stands after an "or"/"but" that opens a predicate of its own the
    grammar did not read ("has the X keyword or counts as an additional model if it already has that
    keyword"): it is that predicate's, not the clause's before it."""
    ends = [end for first, end, _ in clauses if end <= k]
    if not ends:
        return False
    between = [lx for lx in lexemes[max(ends) : k] if lx.type != "ADV"]
    return any(lx.type in ("OR", "BUT") and nxt.type in _ALTERNATIVE_VERBS for lx, nxt in zip(between, between[1:]))


_ALTERNATIVE_VERBS = _CLAUSE_WORDS | {"COUNTAS", "ACT"}


def _unread_clause_part(lexemes: list[Lexeme], part: list[int], k: int) -> bool:
    """Whether the part of the sentence holding ``k`` is a clause of its own joined by a
    conjunction (", and always has ...") that the grammar did not read: its conditions
    are that clause's, not the one before."""
    members = [lx for lx, p in zip(lexemes, part) if p == part[k] and lx.type not in _BREAKS]
    while members and members[0].type == "ADV":
        members = members[1:]
    return bool(members) and members[0].type in ("AND", "BUT") and any(lx.type in _CLAUSE_WORDS for lx in members)


def _condition_clauses(
    lexemes: list[Lexeme], reader: _Reader, clauses: list[tuple[int, int, list[Effect]]]
) -> list[tuple[int, Found]]:
    """"If a unit is both Fearless and Stubborn", "unless it is charging", "except ...":
    a subordinate clause up to the next break is a condition, kept with its words
    and the first rule it names (never dropped because no pattern knows it).

    One that holds an effect clause of its own is not a condition but a
    clause joined by a conjunction ("..., while Shooting Attacks gain +1 to hit"),
    and one inside an effect clause is that clause's aside, which the grammar reads.
    """
    starts = [first for first, _end, _found in clauses]
    out: list[tuple[int, Found]] = []
    k = 0
    while k < len(lexemes):
        lexeme = lexemes[k]
        if lexeme.type in ("SUB", "UNLESS") and lexeme.text.lower() in _CONDITION_LEADS and not (k and lexemes[k - 1].type == "AS") \
                and not (k and lexemes[k - 1].text.lower() == "even"):
            # ("as if they were not there" says how, not when; "even if it has Towering Presence" concedes, it is no condition)
            end = k + 1
            while end < len(lexemes) and (lexemes[end].type not in _BREAKS or _list_goes_on(lexemes, end)) and lexemes[end].type != "DOT":
                if lexemes[end].text.lower() == "will" and end + 1 in starts:
                    break  # "when the unit gains X will gain X too": the condition ends before the main verb
                end += 1
            words = reader.text[lexeme.start : lexemes[end - 1].end]
            inside = any(first <= k < stop for first, stop, _found in clauses)
            holds = any(k < first < end for first in starts)
            if end > k + 1 and not inside and not holds and not is_boilerplate(words):
                named = [i for lx in lexemes[k:end] if lx.type == "NAME" for i in [reader.resolve(lx.key)[0]] if i]
                having = any(lx.type in ("SUBHAVE", "SUBBE") for lx in lexemes[k:end])
                plain = all(lx.type in _HAVING_WORDS for lx in lexemes[k + 1 : end])
                # "When combined with Quick to Fire": the bearer has the rules named, as "If it has X" says
                combined = [lx.type for lx in lexemes[k + 1 : k + 3]] == ["COMBINED", "WITH"] and all(
                    lx.type in ("NAME", "AND", "COMMA") for lx in lexemes[k + 3 : end])
                if named and (having and plain or combined) and lexeme.text.lower() in ("if", "when", "while", "whilst"):
                    # "If a unit is both Fearless and Stubborn": the bearer has each rule named
                    out.extend((k, (Condition("with", rid, words), None)) for rid in dict.fromkeys(named))
                else:
                    out.append((k, (words, named[0] if named else None)))
            k = end
            continue
        k += 1
    return out


_LISTED = frozenset({"TERM", "NAME", "ACT"})


def _list_goes_on(lexemes: list[Lexeme], comma: int) -> bool:
    """Whether a comma inside a condition goes on with the list it stands in: "if the attacking model has
    made an Advance Move, March Move, Reform or Pivot during ...": items of a name or two, the last after
    "or" or "and" (a comma before another part of the sentence ends the condition)."""
    if lexemes[comma].type != "COMMA" or not comma or lexemes[comma - 1].type not in _LISTED:
        return False
    k, item = comma + 1, 0
    while k < len(lexemes):
        kind = lexemes[k].type
        if kind in _LISTED or kind == "WORD" and lexemes[k].text[:1].isupper():
            item += 1
            if item > 2:
                return False
        elif kind == "COMMA" and item:
            item = 0
        elif kind in ("OR", "AND") and item:
            return k + 1 < len(lexemes) and lexemes[k + 1].type in _LISTED
        else:
            return False
        k += 1
    return False


def is_example(text: str, after_example: bool = False) -> bool:
    """Whether a sentence illustrates rather than states: "For example, ...", or one
    that goes on from an example ("And if a Character ...").

    >>> is_example("For example, a unit gains Fear."), is_example("And then it flees.", True)
    (True, True)
    >>> is_example("And then it flees."), is_example("Such a unit gains Fear.")
    (False, False)
    """
    return _EXAMPLE.match(text) is not None or (after_example and _GOES_ON.match(text) is not None)


def read_sentence(
    rule: Rule,
    names: Names,
    text: str,
    file: str,
    line: int,
    column: int = 1,
    example: bool | None = None,
    unknown: list[tuple[str, int, str]] | None = None,
    withheld: list[Withheld] | None = None,
) -> list[Relation]:
    """Every relation one sentence of ``rule`` states: typed ones first, then references.

    A sentence that gives an example ("For example, ...", "e.g. ...") states
    no relation of its own; the rules it names are still references.
    ``example`` overrides that test (the caller knows the sentence before).
    """
    mentions: list[Mention] = []
    lexemes = lex(text, names, mentions)
    if unknown is not None:
        unknown.extend(unknown_names(lexemes) + in_brackets(lexemes, text, names))
    citation = Citation(rule.id, text, file, line, column)
    reader = _Reader(rule, names, text, lexemes, citation)
    if withheld is not None:
        withheld.extend(_withheld(reader, lexemes))
    typed: list[Relation] = []
    if not (is_example(text) if example is None else example):
        typed = _typed(reader, lexemes)
        typed += _passes(reader, lexemes, typed)
        typed += _saves_denied(reader, lexemes, typed)
        typed += _equipment_denied(reader, lexemes, typed)
        typed += _not_able(reader, typed)
        typed += _not_considered(reader, lexemes)
        typed += _kinds_ignored(reader, lexemes)
        typed += _attributes(reader, lexemes)
        typed += _counted_state(reader)
        typed = _stacking_restated(typed, text)
        typed += _unless_other_rule(reader, lexemes, typed)
        typed += _rather_than_usual(reader, typed)
        typed += _immune_to_parameters(reader, typed)
        typed += _only_choice(reader, typed)
        typed += _treated_like(reader, lexemes, typed)
        typed += _subject_to(reader, lexemes, typed)
        typed += _made_with(reader, lexemes, typed)
        typed += _immune_as_treated(lexemes, typed)
        typed += _granted_with_exceptions(reader, typed)
        typed = _instead_against_bearer(reader, typed)
    own_words = [] if (is_example(text) if example is None else example) else settling(rule.id, citation)
    own_words += spoken(rule.id, citation, typed)  # what the referee rules on by the sentence's own words
    covered = {r.target for r in typed if r.target} | {r.source for r in typed}
    out = list(typed)
    for mention in mentions:
        tid, own = reader.resolve(mention.key)
        if tid is None or own or tid in covered:
            continue
        covered.add(tid)
        out.append(Relation("references", rule.id, tid, mention.text, citation))
    return out + own_words


_PASSES = gated(r"\bautomatically\s+pass(?:es|ed)?\b", re.I)
_TEST_WORDS = gated(r"^(?:test|tests|check|checks)\b", re.I)
_PASS_ENDS = {"CANNOT", "MUST", "SEMI", "STOP", "BUT"}


def _passes(reader: _Reader, lexemes: list[Lexeme], typed: list[Relation]) -> list[Relation]:
    """"automatically pass(es) Panic Tests", "... all types Morale tests, Fear tests": the tests
    it passes do not touch its models: ``immune-to`` the rule a test is named after (Fear tests:
    Fear), or to the test itself as words (a game term: target None, "Panic Tests"), with
    details ``("passes", "automatically")``; the sentence's conditions are those read for its
    other clauses, if any."""
    found = _PASSES.search(reader.text)
    if found is None:
        return []
    conditions = next((r.conditions for r in typed if r.conditions), ())
    subject = reader.text[: found.start()].strip(" ,") or None
    if subject is not None:
        subject = re.sub(r"^(?:if|when)\b[^,]*,\s*", "", subject, flags=re.I) or None
    out: list[Relation] = []
    for k, lexeme in enumerate(lexemes):
        if lexeme.start < found.end():
            continue
        if lexeme.type in _PASS_ENDS or (lexeme.type == "AND" and k + 1 < len(lexemes) and lexemes[k + 1].type in _PASS_ENDS):
            break
        after = reader.text[lexeme.end :].lstrip()
        if lexeme.type == "NAME" and _TEST_WORDS.match(after):
            tid, own = reader.resolve(lexeme.key)
            if tid is not None and not own:
                out.append(Relation("immune-to", reader.rule.id, tid, f"{lexeme.text} {after.split()[0]}", reader.citation, conditions,
                                    (("passes", "automatically"),), subject))
        elif lexeme.type == "TERM" and re.search(r"\b(?:test|tests|check|checks)$", lexeme.text, re.I):
            out.append(Relation("immune-to", reader.rule.id, None, lexeme.text, reader.citation, conditions + _caused_by(reader, lexemes, k),
                                (("passes", "automatically"),), subject))
        elif lexeme.type == "WORD" and _TEST_WORDS.fullmatch(lexeme.text) and k and lexemes[k - 1].type in ("WORD", "ACT") and lexemes[k - 1].text[:1].isupper():
            # "Panic Tests" where the system names no such game term: the capitalised words are its name
            first = k - 1
            while first > 0 and k - first < 3 and lexemes[first - 1].type in ("WORD", "ACT") and lexemes[first - 1].text[:1].isupper():
                first -= 1  # "Dangerous Terrain Tests": every capitalised word of the name
            words = " ".join(lx.text for lx in lexemes[first : k + 1])
            out.append(Relation("immune-to", reader.rule.id, None, words, reader.citation, conditions + _caused_by(reader, lexemes, k),
                                (("passes", "automatically"),), subject))
    return out


_CAUSED_BY = gated(r"^\s*(?:caused|forced|called\s+for)\s+by\s+(?:the\s+)?$", re.I)


def _caused_by(reader: _Reader, lexemes: list[Lexeme], k: int) -> tuple[Condition, ...]:
    """"Panic Tests caused by Terror": the tests passed are those the rule named brings about, a
    condition ``against`` it (the other side has it)."""
    for lexeme in lexemes[k + 1 : k + 5]:
        if lexeme.type == "NAME" and _CAUSED_BY.match(reader.text[lexemes[k].end : lexeme.start]):
            tid, own = reader.resolve(lexeme.key)
            if tid is not None and not own:
                return (Condition("against", tid, f"caused by {lexeme.text}"),)
    return ()


_SAVES_DENIED = gated(r"^[\W_]*(?P<save>[A-Za-z][\w ]*?)\s+saves?\s+(?:cannot|can\s+not|may\s+not)\s+be\s+(?:taken|made)\s+against\b", re.I)


def _saves_denied(reader: _Reader, lexemes: list[Lexeme], typed: list[Relation]) -> list[Relation]:
    """"Cover saves cannot be taken against Wounds caused by weapons with the Ignores Cover special
    rule": the rule named after "with" overrides a kind of save that is no rule of its own
    (``overrides``, target None, target_name "Cover saves", details ("save", "cover save")).  A
    save that is a rule ("Fortitude Saves cannot be taken against ...") is read by the grammar."""
    found = _SAVES_DENIED.match(reader.text)
    if found is None or any(r.kind == "overrides" for r in typed):
        return []
    for lexeme in lexemes:
        if lexeme.type == "NAME" and lexeme.start > found.end():
            tid, own = reader.resolve(lexeme.key)
            if tid is None:
                continue
            words = found.group("save").strip()
            return [Relation("overrides", tid, None, f"{words} saves", reader.citation, (), (("save", f"{words.lower()} save"),), None)]
    return []


# "cannot be equipped with a shield", "may not carry a Shield", "can never be armed with Shields"
_EQUIPMENT_DENIED = gated(
    r"\b(?:cannot|can\s+not|can\s+never|may\s+not|may\s+never)\s+(?:be\s+(?:equipped|armed|fitted)\s+with|carry|wield|be\s+given)"
    r"\s+(?:a|an|the|any)?\s*(?P<item>[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*)?)", re.I)


def _equipment_denied(reader: _Reader, lexemes: list[Lexeme], typed: list[Relation]) -> list[Relation]:
    """"The bearer ... cannot be equipped with a shield": the equipment named, a rule of the system
    (written in lower case too), may not be used by the rule's bearer: ``cannot`` with that rule
    as target and as action (as "cannot Volley Fire" is), so a referee sets it aside on that side."""
    out: list[Relation] = []
    for found in _EQUIPMENT_DENIED.finditer(reader.text):
        words = found.group("item").split()
        for size in (2, 1):  # the longest name first: "Great Weapon", then "Shield"
            if len(words) < size:
                continue
            said = " ".join(words[:size])
            tid, own = reader.resolve(fold(said))
            if tid is None:
                tid, own = next(((t, o) for form in word_forms(said) for t, o in [reader.resolve(fold(form))] if t), (None, False))
            if tid is None or own or any(r.kind == "cannot" and r.target == tid for r in typed):
                continue
            out.append(Relation("cannot", reader.rule.id, tid, said, reader.citation, (), (("action", said),), None))
            break
    return out


# "is not targetable by enemy shooting attacks": what others cannot do to the subject, said as an adjective
_NOT_ABLE = gated(r"\b(?:is|are)\s+(?:not|never)\s+(?P<adj>targetable|attackable|chargeable|woundable)\b(?P<rest>[^,.;:]*)", re.I)
_ABLE = {"targetable": "targeted", "attackable": "attacked", "chargeable": "charged", "woundable": "wounded"}
# what limits it, after a comma: ", as long as the unit is within 3\" of ..."
_LIMITED_BY = gated(r"^\s*,\s*(?P<words>(?:for\s+)?as\s+long\s+as\b[^.;]*|(?:if|while|whilst|when|unless|provided)\b[^.;]*)", re.I)


def _not_able(reader: _Reader, typed: list[Relation]) -> list[Relation]:
    """"A unit with this keyword is not targetable by enemy shooting attacks, as long as ...": a
    prohibition of what others do to the subject, as "cannot be targeted by enemy shooting attacks"
    is (``cannot``, action "be targeted by ..."), under the words that limit it."""
    out: list[Relation] = []
    for found in _NOT_ABLE.finditer(reader.text):
        action = " ".join(f"be {_ABLE[found.group('adj').lower()]}{found.group('rest')}".split())
        if any(r.kind == "cannot" and dict(r.details).get("action") == action for r in typed):
            continue
        start = max(reader.text.rfind(mark, 0, found.start()) for mark in (",", ";", ":"))
        subject = reader.text[start + 1 : found.start()].strip() or None
        limit = _LIMITED_BY.match(reader.text[found.end() :])
        said = [(" ".join(limit.group("words").split()), None)] if limit else []
        out.append(reader.make("cannot", None, action, said, (("action", action),), subject))
    return out


# "For the purposes of Stomp Attacks from enemy model, a model with Cannot be Stomped is never considered
# Standard Size": the rule's bearer is taken out of what the named rule needs
_FOR_THE_PURPOSES = gated(r"^\s*for\s+the\s+purposes?\s+of\s+(?P<what>[^,]+),\s*(?P<who>[^,]+?)\s+(?:is|are)\s+(?:never|not)\s+(?:considered|counted\s+as|treated\s+as)\b", re.I)


def _not_considered(reader: _Reader, lexemes: list[Lexeme]) -> list[Relation]:
    """"For the purposes of X, a model with this rule is never considered Y": an exception to X,
    which the rule read prevails over as far as the words say (``overrides`` to each rule the
    for-part names, other than itself), when whom it speaks of is the rule's own bearer."""
    found = _FOR_THE_PURPOSES.match(reader.text)
    if found is None:
        return []
    who = found.group("who")
    if not (_is_bearer(who) or _THIS_RULE.search(who) or fold(reader.rule.name) in fold(who)):
        return []
    out: list[Relation] = []
    for lexeme in lexemes:
        if lexeme.type == "NAME" and found.start("what") <= lexeme.start < found.end("what"):
            tid, own = reader.resolve(lexeme.key)
            if tid and not own and all(r.target != tid for r in out):
                out.append(reader.make("overrides", tid, lexeme.text, [], subject=who))
    return out


# "ignore the rider's Armour Equipment (including ...) and Personal Protections": rules of a kind set aside
_KINDS_IGNORED = gated(
    r"\bignores?\s+(?:(?:the|its|their)\s+(?P<whose>[a-z]+)[’']s\s+|(?:all|any|every)\s+)?"
    r"(?P<kinds>[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*(?:\s*\([^)]*\))?(?:\s*(?:,|\band\b)\s*[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)*)"
)
_KIND_ENDS = gated(r"\s*(?:[,.;:]|$)")
_BRACKETED = gated(r"\s*\([^)]*\)")
_KIND_PARTS = gated(r"\s*(?:\([^)]*\)|,|\band\b)\s*")


def _kinds_ignored(reader: _Reader, lexemes: list[Lexeme]) -> list[Relation]:
    """"ignore the rider's Armour Equipment ... and Personal Protections": each kind of rule the
    words name that is no rule of the system (those are read by the grammar, "ignore Parry") is
    set aside, as its category or the last word of its name says (``overrides``, no target,
    details ``kind``), under the sentence's conditions; "the rider's" is whose rules they are."""
    starts = {lexeme.start for lexeme in lexemes if lexeme.type == "IGNORE"}
    out: list[Relation] = []
    for found in _KINDS_IGNORED.finditer(reader.text):
        if found.start() not in starts or not _KIND_ENDS.match(reader.text, found.end()):
            continue  # "Ignores Cover" inside a rule's name; "Combat Score penalties", "Terrain Features and units": no kind of rule alone
        conditions = [(words, about) for _k, (words, about) in _condition_clauses(lexemes, reader, [])
                      if isinstance(words, Condition) or not is_boilerplate(_BRACKETED.sub("", words).strip())]
        whose = f"the {found.group('whose')}" if found.group("whose") else None
        for kind in _KIND_PARTS.split(found.group("kinds")):
            kind = " ".join(kind.split())
            if not kind or reader.resolve(fold(kind))[0] is not None:
                continue
            out.append(reader.make("overrides", None, kind, conditions, (("kind", kind),), whose))
    return out


# "... unless the attack is also subject to Move or Fire", "... unless the model also has Y"
_UNLESS_OTHER = gated(
    r"\bunless\s+(?:(?:the|this|that|its|their)\s+)?(?:\w+\s+){0,2}?(?:it\s+|they\s+)?"
    r"(?:(?:is|are)\s+(?:also\s+)?subject\s+to|(?:also\s+)?(?:has|have))\s+(?:the\s+)?$", re.I)


def _unless_other_rule(reader: _Reader, lexemes: list[Lexeme], typed: list[Relation]) -> list[Relation]:
    """A sentence of a rule that says what it allows "unless the attack is also subject to Move or
    Fire" (and states nothing else the grammar reads): where the other rule is there too, it
    prevails over this one, as far as the sentence says (``overrides`` from the rule named to the
    rule read).  The rule naming itself ("unless the intervening model also has Tall") is a
    condition on others, no exception."""
    if any(r.kind != "references" for r in typed):
        return []
    out: list[Relation] = []
    for k, lexeme in enumerate(lexemes):
        if lexeme.type != "NAME" or not _UNLESS_OTHER.search(reader.text[max(0, lexeme.start - 80) : lexeme.start]):
            continue
        tid, own = reader.resolve(lexeme.key)
        if tid is not None and not own:
            out.append(Relation("overrides", tid, reader.rule.id, reader.rule.name, reader.citation, (), (), None))
    return out


# "... rather than the usual one supporting attack", "instead of the normal charge move"
_RATHER = gated(r"\b(?:rather\s+than|instead\s+of)\s+(?:the\s+)?(?:usual|normal|ordinary)\s+(?:one\s+|a\s+|an\s+)?(?P<words>[a-z][\w-]*(?:\s+[a-z][\w-]*){0,2})")


def _rather_than_usual(reader: _Reader, typed: list[Relation]) -> list[Relation]:
    """"can make as many supporting attacks as are on its profile ... rather than the usual one
    supporting attack": what the rule gives in place of what another rule usually gives, named
    in lower case (the grammar reads a name as written): the rule read prevails over that rule,
    as far as the sentence says (``overrides``)."""
    found = _RATHER.search(reader.text)
    if found is None:
        return []
    words = found.group("words").split()
    for size in range(len(words), 0, -1):
        said = " ".join(words[:size])
        for form in word_forms(said):
            tid, own = reader.resolve(fold(form))
            if tid is None:
                continue
            if own or any(r.kind == "overrides" and r.target == tid for r in typed):
                return []
            return [Relation("overrides", reader.rule.id, tid, said, reader.citation, (), (), None)]
    return []


# "The only Charge Reaction a unit with one or more models with Undead can make is Hold."
_ONLY = gated(r"\bthe\s+only\s+(?P<what>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})\s+(?:that\s+)?(?:a|an|the|its|this)\b[^.;]*?"
                   r"\b(?:can|may)\s+(?:make|declare|take|choose|use|perform)\s+is\s+(?:to\s+)?(?:a\s+|an\s+)?(?P<only>[A-Z][\w-]*(?:\s+[A-Z][\w-]*){0,3})", re.I)


def _only_choice(reader: _Reader, typed: list[Relation]) -> list[Relation]:
    """"The only Charge Reaction a unit with ... Undead can make is Hold": every other choice of that
    kind is forbidden (``cannot``, action "declare a Charge Reaction other than Hold", details
    ``only`` the one allowed): it meets an obligation to make another ("must declare a Flee
    Charge Reaction, if able to do so")."""
    found = _ONLY.search(reader.text)
    if found is None or any(r.kind == "cannot" for r in typed):
        return []
    what, only = found.group("what"), found.group("only")
    action = f"declare a {what} other than {only}"
    return [Relation("cannot", reader.rule.id, None, action, reader.citation, (), (("action", action), ("only", only), ("kind_of", what)), None)]


_TREATED = gated(r"\b(?:is|are)\s+(?:then\s+|always\s+)?treated\s+(?:just\s+)?(?:like|as)\s+(?:any\s+other\s+|a\s+|an\s+)?$", re.I)


def _treated_like(reader: _Reader, lexemes: list[Lexeme], typed: list[Relation]) -> list[Relation]:
    """"The weapon is then treated like any other Template weapon": it has that rule (``grants``),
    as "counts as" says."""
    if any(r.kind == "grants" for r in typed):
        return []
    for lexeme in lexemes:
        if lexeme.type == "NAME" and _TREATED.search(reader.text[: lexeme.start]):
            tid, own = reader.resolve(lexeme.key)
            if tid is not None and not own:
                return [Relation("grants", reader.rule.id, tid, lexeme.text, reader.citation, (), (), None)]
    return []


# "The roll for the number of hits from its Stomp Attacks is subject to Maximised Roll": the rule named is the roll's
_SUBJECT_TO = gated(r"\b(?:is|are)\s+(?:also\s+|always\s+)?subject\s+to\s+$", re.I)
# words that make the sentence's subject a case, not a thing the rule has: "unless the attack is also subject to Move or Fire",
# "If a unit is composed entirely of models with Swiftstride, its rolls ... are subject to", "(if applicable)"
_SUBJECT_TO_ANYWHERE = gated(r"\bsubject\s+to\b", re.I)
_CASE_WORDS = gated(r"\b(?:unless|if|when|whenever|whether|while)\b", re.I)


def _subject_to(reader: _Reader, lexemes: list[Lexeme], typed: list[Relation]) -> list[Relation]:
    """"The roll for the number of hits from its Stomp Attacks is subject to Maximised Roll": a roll or test of the
    rule's bearer that another rule governs brings that rule in (``grants``), as "is treated like" does.  Only a plain
    statement: a sentence whose subject is a case ("unless the attack is also subject to ...", "If a unit is composed
    entirely of ...") is read by the grammar's conditions, or not at all."""
    if any(r.kind == "grants" for r in typed) or _SUBJECT_TO_ANYWHERE.search(reader.text) is None:
        return []  # one pass over the sentence first: the anchored search below runs once per name
    out: list[Relation] = []
    for lexeme in lexemes:
        if lexeme.type != "NAME":
            continue
        found = _SUBJECT_TO.search(reader.text[: lexeme.start])
        if found is None or _CASE_WORDS.search(reader.text[: found.start()]):
            continue
        tid, own = reader.resolve(lexeme.key)
        if tid is not None and not own:
            out.append(Relation("grants", reader.rule.id, tid, lexeme.text, reader.citation, (), (), None))
    return out


# an attack the rule's bearer makes, or hits it resolves, and the profile it is made with: "It performs a single Close Combat
# Attack at Initiative Step 0, with Strength 10, ...", "The hits ... are resolved with Strength 4, Armour Penetration 1, and ..."
_MADE_WITH = gated(r"\b(?:performs?|makes?)\s+(?:a\s+single\s+|an?\s+|one\s+|\d+\s+|D\d+\s+)?(?:[A-Z][\w-]*\s+){0,3}"
                        r"(?:attacks?|hits?)\b(?:\s+at\s+[^,;.()]{1,40}?)?,?\s+with\s+|\b(?:are|is)\s+resolved\s+with\s+", re.I)
# what may stand in that profile before a rule it lists: characteristics with their numbers ("Strength 10", "Armour
# Penetration 1"), each with its brackets, commas and an "and"
_PROFILE_ITEMS = gated(r"(?:\s*(?:and\s+)?(?:[A-Z][\w'’-]*\s+){1,3}\d+\s*,?)*\s*(?:and\s+)?")


def _made_with(reader: _Reader, lexemes: list[Lexeme], typed: list[Relation]) -> list[Relation]:
    """"It performs a single Close Combat Attack ..., with Strength 10, Armour Penetration 10 (...), and Multiple Wounds
    (D3+1)": the attack the rule makes has the rules its profile lists (``grants``, with their brackets), as a weapon's
    profile does.  Only the rule's own attack, made or resolved in a plain statement ("If a model makes a shooting attack
    with a weapon that has ..." is a case), and only names in the list itself, with nothing but characteristics and their
    numbers before them ("suffers an unsaved Wound from an attack with Multiple Wounds (X)" makes no attack).

    >>> from referee.model import Citation
    >>> text = "It performs one Attack, with Strength 10 (always), and Deep Cut (2)."
    >>> lexemes = [Lexeme("NAME", "Deep Cut", text.index("Deep"), text.index("Deep") + 8, key="deep cut", param="2")]
    >>> class R:  # a reader of that sentence, which knows one rule
    ...     text, rule, citation = text, type("Rule", (), {"id": "s/own"})(), Citation("s/own", text, "f", 1, 1)
    ...     def resolve(self, key): return ("s/deep-cut", False) if key == "deep cut" else (None, False)
    >>> [(r.kind, r.target, r.details) for r in _made_with(R(), lexemes, [])]
    [('grants', 's/deep-cut', (('parameter', '2'),))]
    """
    if any(r.kind == "grants" for r in typed) or " with " not in reader.text:
        return []
    found = _MADE_WITH.search(reader.text)
    if found is None or _CASE_WORDS.search(reader.text[: found.start()]):
        return []
    out: list[Relation] = []
    at = found.end()
    for lexeme in lexemes:
        if lexeme.type != "NAME" or lexeme.start < at:
            continue
        between = re.sub(r"\([^()]*\)", " ", reader.text[at : lexeme.start])
        if not _PROFILE_ITEMS.fullmatch(between):
            break  # the list ends where other words begin
        tid, own = reader.resolve(lexeme.key)
        if tid is not None and not own:
            details = (("parameter", lexeme.param),) if lexeme.param else ()
            out.append(Relation("grants", reader.rule.id, tid, lexeme.text, reader.citation, (), details, None))
        at = lexeme.end
    return out


# what the bearer meets instead of a rule, "against it": "causes Poisoned attacks to roll normally against
# it, rather than using the Poisoned special rules"
_AGAINST_BEARER_INSTEAD = gated(r"\bagainst\s+(?:it|them|him|her|itself|themselves|this\s+model|the\s+bearer)\b[^.;:]*?\b(?:rather\s+than|instead\s+of)\b", re.I)


def _instead_against_bearer(reader: _Reader, typed: list[Relation]) -> list[Relation]:
    """"A model with Immune to Poison causes Poisoned attacks to roll normally against it, rather than
    using the Poisoned special rules": what the named rule would do against the bearer is not done, so
    the bearer is immune to it (``immune-to``), where "rather than" alone reads an override."""
    found = _AGAINST_BEARER_INSTEAD.search(reader.text)
    if found is None:
        return typed
    out = []
    for rel in typed:
        if rel.kind == "overrides" and rel.target and not rel.details and rel.target_name and reader.text.find(rel.target_name, found.end()) >= 0:
            rel = replace(rel, kind="immune-to")
        out.append(rel)
    return out


# a grant the sentence makes with exceptions of its own: "gains Scout with the following exception:",
# "gains Unstable, with the following exceptions", "gains Character with the exception that ..."
_WITH_EXCEPTIONS = gated(r"\bwith\s+(?:the\s+following|these|the|one|two|three)\s+exceptions?\b", re.I)
# what may stand between a granted rule's name and those words: its brackets and a comma
_LIST_TAIL = gated(r"(?:\s*(?:\([^)]*\)|,))*\s*")


def _granted_with_exceptions(reader: _Reader, typed: list[Relation]) -> list[Relation]:
    """"The model gains Scout with the following exception: It must be deployed within ...": the
    granting rule changes the rule it grants, so it prevails over it as far as its words say
    (``overrides``, details ("exception", the words)); the grant stands beside it.  Only a rule
    named right before the words is granted with them: in a list ("gains Not a Leader and Character, with
    the following exceptions") the exceptions may bind the whole list or its last item, and the words
    that follow them say which only by their matter, so only the last item is read so; a grant earlier
    in the sentence, with other words between, is not."""
    found = _WITH_EXCEPTIONS.search(reader.text)
    if found is None:
        return []
    out = []
    for rel in typed:
        if rel.kind != "grants" or rel.target is None or rel.target == reader.rule.id or not rel.target_name:
            continue
        at = reader.text.rfind(rel.target_name, 0, found.start())
        if at < 0 or not _LIST_TAIL.fullmatch(reader.text[at + len(rel.target_name) : found.start()]):
            continue
        out.append(Relation("overrides", reader.rule.id, rel.target, rel.target_name, reader.citation, rel.conditions,
                            (("exception", found.group(0)),), rel.subject))
    return out


def _immune_as_treated(lexemes: list[Lexeme], typed: list[Relation]) -> list[Relation]:
    """"is itself immune to Fear, and treats models that cause Terror as causing Fear instead": what
    its bearer treats as a rule it is immune to, it is immune to as well (``immune-to`` Terror,
    ``as`` Fear), under the treating clause's conditions; one subject says both, in one sentence.

    >>> from referee.model import Citation
    >>> c = Citation("s/fear", "x", "f", 1, 1)
    >>> found = [Relation("immune-to", "s/fear", "s/fear", "Fear", c, (), (), "A unit"),
    ...          Relation("overrides", "s/fear", "s/terror", "Terror", c, (), (), "A unit")]
    >>> [(r.kind, r.target, r.details) for r in _immune_as_treated([Lexeme("TREAT", "treats", 0, 6)], found)]
    [('immune-to', 's/terror', (('as', 's/fear'),))]
    """
    if not any(lx.type == "TREAT" for lx in lexemes):
        return []
    out = []
    for treat in typed:
        if treat.kind != "overrides" or treat.target is None or treat.target == treat.source:
            continue
        for immune in typed:
            if immune.kind == "immune-to" and immune.target == treat.source and immune.subject == treat.subject:
                out.append(replace(immune, target=treat.target, target_name=treat.target_name, conditions=treat.conditions,
                                   details=(("as", treat.source),)))
                break
    return out


_IN_BRACKETS = gated(r"\b(?:stated|given|listed|named)\s+in\s+(?:the\s+)?(?:brackets|parenthes[ie]s)\b", re.I)
_TAKEN_AWAY = gated(r"\b(?:lose|loses|immune\s+to|ignore|ignores|unaffected\s+by)\s+(?:these|those|them|the\s+effects\s+of\s+these)\b", re.I)


def _immune_to_parameters(reader: _Reader, typed: list[Relation]) -> list[Relation]:
    """"Attacks with the Attack Attributes stated in brackets (X) allocated towards ... the model lose
    these Attack Attributes": the rules an instance names in brackets do not touch its models
    (``immune-to``, no target, details ("immune", "its parameters")); the referee reads which
    rules those are from each instance (Immune (Poison Attacks))."""
    if not _IN_BRACKETS.search(reader.text) or not _TAKEN_AWAY.search(reader.text) or any(r.kind == "immune-to" for r in typed):
        return []
    return [Relation("immune-to", reader.rule.id, None, "its parameters", reader.citation, (), (("immune", "its parameters"),), None)]


def _attributes(reader: _Reader, lexemes: list[Lexeme]) -> list[Relation]:
    """A weapon's or model's profile that lists rules and nothing else ("Two-Handed", "Two-Handed,
    Magical Attacks", the Attributes of army data): it has those rules, ``grants`` each.  Elsewhere
    a sentence that is one rule's name and its full stop ("Sweeping Attack. The enemy unit suffers
    D6×2 hits ...") states the rule has it; a lone name with no full stop is a heading or a mention."""
    if not lexemes:
        return []
    if "profile" not in reader.rule.flags:
        if not _stated_alone(reader.text, lexemes):
            return []
    elif not _listed(lexemes):
        return []
    out: list[Relation] = []
    for lexeme in lexemes:
        if lexeme.type != "NAME":
            continue
        tid, own = reader.resolve(lexeme.key)
        if tid is not None and not own:
            details = (("parameter", lexeme.param),) if lexeme.param else ()
            out.append(Relation("grants", reader.rule.id, tid, lexeme.text, reader.citation, (), details, None))
    return out


# "Reserve units count as moved", "Ambushing models count as having moved during the Player Turn they
# arrive", "counts as Charging if its unit Charged": a situation its subject is in, by the rule's words
_COUNTED_STATE = gated(
    r"(?P<lead>\bfor\s+the\s+purposes?\s+of\s+[^,;]+,\s*)?(?P<who>[^,;:()]*?)\s*\b(?:still\s+|also\s+|obviously\s+)?counts?\s+as\s+"
    r"(?P<state>(?:having\s+)?moved|having\s+charged|charging)\b(?P<rest>[^,;:.!()]*)", re.I)
# the words every such sentence holds, found in one pass: the pattern above tries its lazy subject from
# every position of a sentence, which costs a sentence's length squared where the words are not there
# (most sentences: a third of a cold build's reading at 20,000 rules, docs/performance.md)
_COUNTS_AS = gated(r"\bcounts?\s+as\s", re.I)
_STATE_FLAGS = {"moved": "moved", "having moved": "moved", "having charged": "charging", "charging": "charging"}
# words after the state that end its clause: "count as moved and do not receive orders"
_STATE_ENDS = gated(r"\s+(?:and|but|or|so)\s+", re.I)
_STATE_CASE = gated(r"(?:(?<=^)|(?<=[,;:]\s)|(?<=[,;:]))\s*(?:if|when|whenever|once|unless)\b[^,;:]*|\bin\s+(?:this|that|such\s+a)\s+case\b", re.I)
_FLAGS_OWN_TIME = gated(r"(?:(?:in|during)\s+)?(?:this|the\s+current)\s+(?:player\s+|game\s+)?(?:turn|round)", re.I)


def _counted_state(reader: _Reader) -> list[Relation]:
    """A sentence by which the rule's bearers count as being in a situation of the flag table ("Reserve
    units count as moved", "count as having charged"): ``grants`` with no target, ``target_name`` the
    words, ``details`` ``state`` the flag, under the sentence's own limits ("For the purpose of
    shooting", "during the Player Turn they arrive": kept as words).  Whom the words name as the
    enemy is no bearer."""
    out: list[Relation] = []
    if not _COUNTS_AS.search(reader.text):
        return out
    for found in _COUNTED_STATE.finditer(reader.text):
        who = re.sub(r"^(?:and|but|or|so|then)\b\s*", "", " ".join(found.group("who").split()), flags=re.I) or None
        if who and re.search(r"\b(?:enem(?:y|ies)|opponents?|foes?)\b", who, re.I):
            continue
        rest = _STATE_ENDS.split(found.group("rest"), maxsplit=1)[0].strip()
        rest = "" if _FLAGS_OWN_TIME.fullmatch(rest) else rest  # "count as having moved this turn": the flag's own time
        # the sentence's own case, said before the state: "If it passes, ...; both sides count as having charged",
        # "The Reform after Rallying in this case ..., but the unit still counts as having moved"
        said = [(" ".join(case.group(0).split()), None) for case in _STATE_CASE.finditer(reader.text[: found.start()])]
        said += [(" ".join(found.group("lead").rstrip(", ").split()), None)] if found.group("lead") else []
        said += [(rest, None)] if rest else []
        state = " ".join(found.group("state").lower().split())
        out.append(reader.make("grants", None, found.group("state"), said, (("state", _STATE_FLAGS[state]),), who))
    return out


def _stated_alone(text: str, lexemes: list[Lexeme]) -> bool:
    """Whether a sentence is one rule's name (with its parameter) and a full stop, nothing else:
    "Sweeping Attack." states the rule; "Parry" or "Most important" with no stop is a heading."""
    words = [lexeme for lexeme in lexemes if lexeme.type != "DOT"]
    return text.rstrip().endswith(".") and len(words) == 1 and words[0].type == "NAME"


def _listed(lexemes: list[Lexeme]) -> bool:
    """Whether a profile's words are a list of rules and characteristics, nothing else: each item
    between commas a rule's name or a characteristic with its value ("Range 12″, Shots D6+1, Str 2,
    AP 10, Quick to Fire"), a value in words the profile gives for the wielder's own ("FO Same as
    user"), or characteristics and a rule side by side with no commas between ("Range 30" Shots 1
    Strength 4 Armour Penetration 1 Unwieldy")."""
    item: list[Lexeme] = []
    for lexeme in [*lexemes, None]:
        if lexeme is None or lexeme.type in ("COMMA", "AND", "DOT"):
            if item and not _profile_item(item):
                return False
            item = []
        else:
            item.append(lexeme)
    return True


# a characteristic's value in words: the wielder's own ("Same as user", "as wielder")
_OWN_VALUE = frozenset({"same", "user", "wielder", "bearer", "model", "the"})


def _profile_item(item: list[Lexeme]) -> bool:
    """One item of a profile: characteristics each with its value, then at most one rule's name."""
    k = 0
    while k + 1 < len(item) and item[k].type in ("TERM", "STAT"):
        value = k + 1
        while value < len(item) and (item[value].type == "AS" or item[value].type == "WORD" and item[value].text.lower() in _OWN_VALUE):
            value += 1
        if item[k + 1].type == "NUM":
            k += 2
        elif value > k + 2 and any(l.type == "AS" for l in item[k + 1 : value]):
            k = value
        else:
            break
    rest = [l.type for l in item[k:]]
    return rest in ([], ["NAME"]) and bool(item)


def _typed(reader: _Reader, lexemes: list[Lexeme]) -> list[Relation]:
    clauses: list[tuple[int, int, list[Effect]]] = []
    # "does not" before any action but taking a test states nothing ("If the model is not deployed by
    # the end of Game Turn 4"): such a clause is no clause, and the condition around it stays one
    found_clauses = [(first, end, kept) for first, end, found in find_clauses(lexemes)
                     for kept in [[d for d in found if d.mode != "exempt" or d.action is not None and (_EXEMPTION.match(reader.words(d.action))
                                                                                                         or _NOT_GIVEN.match(reader.words(d.action)))]] if kept]
    for first, end, found in found_clauses:
        effects = [d for d in found if d.kind != "condition"]
        if effects:
            clauses.append((first, end, effects))
    if not clauses:  # conditions are only ever of clauses: a sentence without one (most of the rules') has none to place
        return _not_prevented_by(lexemes, reader)
    conditions: list[tuple[int, Found]] = []
    for k, lexeme in enumerate(lexemes):
        if lexeme.type == "COND":
            conditions.extend((k, found) for found in _pattern_condition(reader, lexemes, k))
    for first, _end, found in found_clauses:
        for draft in found:
            if draft.kind == "condition":
                conditions.extend((first, found) for word, index in draft.conditions for found in reader.conditions(word, index))
    conditions += _condition_clauses(lexemes, reader, found_clauses)
    conditions += _bracketed_exceptions(lexemes, reader)
    conditions += _against_unknown(lexemes, reader)
    conditions.sort(key=lambda c: c[0])
    # ", or as a Stand and Shoot reaction": another condition of a clause, alone; its words are not the first one's
    alternatives = [_alternative(reader, lexemes, end, clauses[ci + 1][0] if ci + 1 < len(clauses) else len(lexemes))
                    for ci, (_first, end, _found) in enumerate(clauses)]
    apart = [(a[1], a[2]) for a in alternatives if a is not None]
    conditions = [(k, f) for k, f in conditions if not any(lo <= k < hi for lo, hi in apart)]
    scoped = _scope(conditions, clauses, lexemes)
    situated = _scope(_activities(lexemes, reader), clauses, lexemes)
    subjects: list[Subject] = []
    for ci, (first, _end, _found) in enumerate(clauses):
        start = max((k + 1 for k in range(first) if lexemes[k].type in _BREAKS), default=0)
        previous = clauses[ci - 1][1] if ci and clauses[ci - 1][1] > start else None
        subject = reader.subject(previous if previous is not None else start, first)
        if previous is not None and subject[0] is not None and lexemes[previous].type in ("TO", "STOP") and ci:
            subject = subjects[-1]  # "-1″ Advance Rate to a minimum of 3″ and -2″ March Rate": the same units
        if subject[0] is None and previous is not None:
            subject = subjects[-1]  # "The model gains Fear and is immune to Terror": one subject
        elif subject[0] is None and ci and _joined(lexemes, clauses[ci - 1][1], first):
            subject = subjects[-1]  # "... cannot March, but counts as Relentless": the same subject
        if subject[0] is None and previous is None:
            consequence = _consequence(reader, lexemes, start, first)
            bearer = _bearer_before_rather(reader, lexemes, start, first) if consequence is None else None
            if bearer is not None:
                subject = bearer
            elif consequence is not None:
                subject, together = consequence
                scoped[ci] = [*scoped[ci], *together]
            elif ci == 0 and start < first and lexemes[start].type in ("BUT", "AND") and _one_comma_before(lexemes, start):
                # "A model with this keyword can move over terrain ..., but cannot end ...": who
                # the first part is about, up to its modal
                modal = next((k for k in range(start) if lexemes[k].type == "WORD" and lexemes[k].text.lower() in _MODALS), None)
                if modal is not None:
                    subject = reader.subject(0, modal)
            elif ci == 0 and start == first and _one_comma_before(lexemes, start):
                # "Characters with Light Troops that are joined to units ..., lose this rule":
                # a comma between a long subject and its verb
                subject = reader.subject(0, start - 1, longest=20)
        subjects.append(subject)
    drafts = [
        (first, draft, [*scoped[ci], *situated[ci]] if draft.kind in _SITUATED else scoped[ci], subjects[ci])
        for ci, (first, _end, found) in enumerate(clauses) for draft in found
    ]
    for ci, (first, end, found) in enumerate(clauses):
        alternative = alternatives[ci]
        if alternative is not None:
            # "cannot Volley Fire if it moved earlier in the turn, or as a Stand and Shoot reaction":
            # either condition alone: the clause again, with the conditions before it and the other one
            leading = [f for k, f in conditions if k < first and f in scoped[ci]]
            drafts.extend((first, draft, [*leading, alternative[0]], subjects[ci]) for draft in found)
    return reader.relations(drafts) + _not_prevented_by(lexemes, reader)


# what stands before a modifier that is ignored or denied, not stated: "the attack can only ignore the
# normal -1 to-hit modifier", "..., not the additional -1 to-hit modifier"
_NOT_SUFFERED = gated(r"^(?:but\s+)?not\b|\bignor(?:e|es|ing)(?:\s+(?:the|a|an|any|all|its|their|normal|usual))*\s*$", re.I)
# the kinds of relation an activity phrase limits ("-1 to-hit modifier for Moving and Shooting")
_SITUATED = {"modifies"}


def _activities(lexemes: list[Lexeme], reader: _Reader) -> list[tuple[int, Found]]:
    """Each condition of the sentence's activity phrases (:mod:`referee.graph.activities`), at the
    lexeme where its phrase starts, to be scoped to the clauses it belongs to like any condition."""
    out: list[tuple[int, Found]] = []
    for start, found in activities_in(reader.text):
        k = max((i for i, lexeme in enumerate(lexemes) if lexeme.start <= start), default=0)
        out.extend((k, (condition, None)) for condition in found)
    return out


# "cannot Pursue (which does not prevent it from being affected by Random Movement)": the rule the
# bracket names prevails over the rule read, as far as the words say
_NOT_PREVENTED = gated(r"^\(\s*(?:which|this|that|it)\s+(?:does|do)\s+not\s+prevent\s+(?:it|them|the\s+\w+)\s+from\s+being\s+affected\s+by\s+", re.I)


def _not_prevented_by(lexemes: list[Lexeme], reader: _Reader) -> list[Relation]:
    out = []
    for lexeme in lexemes:
        if lexeme.type != "PAREN" or not _NOT_PREVENTED.match(lexeme.text):
            continue
        for named in (lx for lx in lex(lexeme.text[1:-1], reader.names, []) if lx.type == "NAME"):
            winner = reader.resolve(named.key)[0]
            if winner and winner != reader.rule.id:
                out.append(reader.make("overrides", reader.rule.id, reader.rule.name, [], source=winner))
    return out


def _alternative(reader: _Reader, lexemes: list[Lexeme], end: int, stop: int) -> tuple[Found, int, int] | None:
    """", or as a Stand and Shoot reaction" after a clause and its conditions: another
    condition under which the clause holds, and where its words stand (first and last lexeme,
    the last not included); None if there is none.  Words that are one condition of the
    table are that situation (a Stand and Shoot reaction: charged), in their words; others are
    kept as words."""
    k = end
    while k < stop and lexemes[k].type not in ("COMMA", "DOT", "SEMI", "COLON"):
        k += 1
    if not (k + 2 < stop and lexemes[k].type == "COMMA" and lexemes[k + 1].type == "OR"):
        return None
    if lexemes[k + 2].type not in ("AS", "SUB", "COND", "STOP", "UNLESS", "AGAINST"):
        return None  # ", or ..." naming another thing, not another situation
    tail = k + 2
    while tail < stop and lexemes[tail].type not in ("COMMA", "DOT", "SEMI", "COLON"):
        tail += 1
    if tail < len(lexemes) and lexemes[tail].type != "DOT":
        return None
    words = " ".join(reader.text[lexemes[k + 2].start : lexemes[tail - 1].end].split())
    if tail == k + 3 and lexemes[k + 2].type == "COND" and lexemes[k + 2].norm:
        said = situation_of(lexemes[k + 2].norm)
        return (Condition(said.situation, said.value, words), None), k + 2, tail
    return (words, None), k + 2, tail


def _pattern_condition(reader: _Reader, lexemes: list[Lexeme], k: int) -> list[Found]:
    """The conditions a COND token states, with what its part of the sentence adds to it.

    "charges or Counter-Attacks": a condition joined by "or" to another is neither
    situation alone, so it is kept in its words; "if charged by the Hated foe": the
    situation, and its words with who it is by.
    """
    lexeme = lexemes[k]
    end = k + 1
    while end < len(lexemes) and lexemes[end].type not in _BREAKS and lexemes[end].type != "DOT":
        end += 1
    rest = lexemes[k + 1 : end]
    if rest and rest[0].type == "OR" and lexeme.norm:
        return [(reader.text[lexeme.start : rest[-1].end], None)]
    if rest and rest[0].text.lower() == "by" and lexeme.norm and lexeme.text.lower().startswith(("if ", "when ", "while ")):
        words = reader.text[lexeme.start : rest[-1].end]
        return [(lexeme.norm, None), (Condition("other", None, " ".join(words.split())), None)]
    return [(lexeme.norm or lexeme.text, None)]


_BRACKETED_UNLESS = gated(r"[(\[]\s*(?:unless|except|if|when|while|whilst)\b", re.IGNORECASE)


def _bracketed_exceptions(lexemes: list[Lexeme], reader: _Reader) -> list[tuple[int, Found]]:
    """"can never be joined or join a unit (unless it is a War Platform)": an exception in
    brackets is a condition of the clauses before it, with the rule it names."""
    out: list[tuple[int, Found]] = []
    for k, lexeme in enumerate(lexemes):
        if lexeme.type != "PAREN" or not _BRACKETED_UNLESS.match(lexeme.text):
            continue
        inner = [lx for lx in lex(lexeme.text[1:-1], reader.names, []) if lx.type == "NAME"]
        tid = reader.resolve(inner[0].key)[0] if inner else None
        words = " ".join(lexeme.text[1:-1].split())
        if not is_boilerplate(words):  # "(unless specifically stated)": the rule's default
            out.append((k, (words, tid)))
            if not re.search(r"\b(?:or|unless|except)\b", words, re.I):
                # "(when do not move that turn and fighting front)": each situation of the table the
                # words join with "and" is a condition too (its words kept whole beside it)
                out.extend((k, (normal, None)) for _start, _end, normal in conditions_in(words))
    return out


def _against_unknown(lexemes: list[Lexeme], reader: _Reader) -> list[tuple[int, Found]]:
    """"re-rolls all failed to-wound rolls against Monstrous Creatures": against something the
    system does not define (a troop type) is a condition kept in its words."""
    out: list[tuple[int, Found]] = []
    for k, lexeme in enumerate(lexemes[:-1]):
        if lexeme.type != "AGAINST":
            continue
        end = k + 1
        while end < len(lexemes) and lexemes[end].type == "WORD" and lexemes[end].text[:1].isupper():
            end += 1
        if end > k + 1:
            out.append((k, (reader.text[lexeme.start : lexemes[end - 1].end], None)))
    return out


def _one_comma_before(lexemes: list[Lexeme], start: int) -> bool:
    """Whether the clause at ``start`` follows the sentence's only comma so far (a comma
    between a long subject and its verb, not one of an aside or a list)."""
    return bool(start) and lexemes[start - 1].type == "COMMA" and all(lx.type not in _BREAKS for lx in lexemes[: start - 1])


def _joined(lexemes: list[Lexeme], end: int, first: int) -> bool:
    """Whether only a comma and a conjunction stand between a clause's end and the next
    clause (", but", ", and"), so that the two share their subject."""
    between = [lx.type for lx in lexemes[end:first] if lx.type != "ADV"]
    if "COMMA" not in between:
        return False
    comma = len(between) - 1 - between[::-1].index("COMMA")
    head, tail = between[:comma], between[comma + 1 :]
    # what stands between the clause and the comma may only be its own condition
    # ("gain Light Troops while joined to ..., and lose this instance ...")
    return set(tail) <= {"AND", "BUT"} and len(tail) <= 1 and (not head or head[0] in ("SUB", "COND", "STOP"))


_MODALS = frozenset({"can", "may", "could", "might"})
_TOGETHER = gated(r"(?:alongside|together\s+with|along\s+with|in\s+combination\s+with)$", re.IGNORECASE)


def _consequence(reader: _Reader, lexemes: list[Lexeme], start: int, first: int) -> tuple[Subject, list[Found]] | None:
    """"Hand Weapons wielded by models on foot can be used alongside a Shield, then
    giving Parry": a clause led by "then" after a comma states what the sentence's
    first part leads to, so its subject is that part's subject (before "can"), and
    the rules it is used alongside are conditions (``with``)."""
    if not (start and lexemes[start - 1].type == "COMMA" and lexemes[start].text.lower() == "then" and start < first):
        return None
    part = max((k + 1 for k in range(start - 1) if lexemes[k].type in _BREAKS), default=0)
    modal = next((k for k in range(part, start - 1) if lexemes[k].type == "WORD" and lexemes[k].text.lower() in _MODALS), None)
    if modal is None:
        return None
    subject = reader.subject(part, modal)
    if subject[0] is None:
        return None
    together: list[Found] = []
    for k in range(modal, start - 1):
        if lexemes[k].type != "NAME":
            continue
        lead = k - 1 - (lexemes[k - 1].type in ("A", "THE"))
        words = reader.text[lexemes[part].start : lexemes[lead].end] if lead >= part else ""
        if _TOGETHER.search(words):
            tid = reader.resolve(lexemes[k].key)[0]
            if tid:
                together.append((reader.text[lexemes[lead].start : lexemes[k].end], tid))
    return subject, together


_BEARER_WORDS = {"model", "models", "unit", "units", "character", "characters"}


def _bearer_before_rather(reader: _Reader, lexemes: list[Lexeme], start: int, first: int) -> Subject | None:
    """"A model with Immune to Poison causes Poisoned attacks to roll normally against it,
    rather than using the Poisoned special rules": a "rather than" clause after a comma is
    said of the bearer the sentence's part before it opens with ("A model with X")."""
    if not (start == first and start and lexemes[first].type == "INSTEAD_OF" and lexemes[start - 1].type == "COMMA"):
        return None
    part = max((k + 1 for k in range(start - 1) if lexemes[k].type in _BREAKS), default=0)
    span = lexemes[part : start - 1]
    k = 1 if span and span[0].type in ("A", "THE") else 0
    if not (len(span) > k + 2 and span[k].text.lower() in _BEARER_WORDS and span[k + 1].type == "WITH"):
        return None
    end = k + 2
    while end < len(span):
        lexeme = span[end]
        if lexeme.type in ("NAME", "TERM") or (lexeme.type == "WORD" and lexeme.text[:1].isupper()):
            end += 1
        elif lexeme.type in ("TO", "OF") and end + 1 < len(span) and span[end + 1].text[:1].isupper():
            end += 1
        else:
            break
    if end == k + 2:
        return None
    ids = tuple(i for lx in span[:end] if lx.type == "NAME" for i in [reader.resolve(lx.key)[0]] if i)
    return reader.text[span[0].start : span[end - 1].end], ids


def read_rule(rule: Rule, names: Names, texts: dict[str, str]) -> tuple[list[Relation], list[Sentence]]:
    """The relations every version of ``rule`` states, and the sentences read.

    Versions are read primary first; a relation stated by the same words in
    two versions is kept once (the first), and so is a sentence.  ``texts``
    maps document paths to their raw text, for the sentences' line numbers.
    """
    relations: list[Relation] = []
    sentences: list[Sentence] = []
    seen_relations: set[tuple[Any, ...]] = set()
    seen_sentences: set[str] = set()
    withheld: list[Withheld] = []
    scopes: dict[str, set[tuple[str, str, str]]] = {}
    for version in rule.versions or ():
        if not version.text.strip():
            continue
        parts = split(version.text)
        example = False
        before = ""
        criteria = criteria_items(version.text)
        for text, (line, column) in zip(parts, locate(parts, version, texts)):
            example = is_example(text, example)
            if not example:
                _attack_scopes(text, names, scopes)
            unknown: list[tuple[str, int, str]] = []
            found = read_sentence(rule, names, text, version.source.file, line, column, example, unknown, withheld)
            if text in criteria and not example:
                extra = _criterion(rule, names, text, criteria[text], Citation(rule.id, text, version.source.file, line, column))
                named = {r.target for r in extra if r.kind == "references"}  # the item's reference says which list it is of
                found = [r for r in found if not (r.kind == "references" and r.target in named)] + extra
            if before and _CASE.match(text):
                found = _in_that_case(found, before, names)
            before = text
            shown = _illustrated(rule.name, text)
            if shown is not None:
                found = _per_parameter(found, shown)
            if text not in seen_sentences:
                seen_sentences.add(text)
                typed = any(r.kind not in ("references", "settles") for r in found)  # words that settle a meeting read no effect
                sentences.append(Sentence(text, rule.id, version.source.file, line, typed, column, tuple(unknown)))
            for relation in found:
                key = (relation.kind, relation.source, relation.target, relation.target_name, relation.conditions, relation.details, text)
                if key not in seen_relations:
                    seen_relations.add(key)
                    relations.append(relation)
    return _scoped(_withhold(relations, withheld), scopes), sentences


# a list of what an action requires: "Eligible models to declare a charge have to fulfill all the following criteria:"
_CRITERIA_LEAD = gated(
    r"^(?:eligible\s+)?(?:models?|units?)\s+(?:(?:that\s+are\s+)?eligible\s+)?to\s+(?P<action>[a-z][\w\s-]*?)(?:\s+with)?\s+"
    r"(?:have\s+to|has\s+to|must|needs?\s+to)\s+(?:fulfil+|meet|satisfy)\s+(?:all\s+(?:of\s+)?)?the\s+following"
    r"(?:\s+(?:criteria|conditions|requirements))?\s*:\s*$", re.I)
_LIST_ITEM = gated(r"^\s*(?:[-•*]\s*)*(?:\d+[.)]\s*)?")
# an item that says what the unit has not done or is not: "The model did not fall back last turn."
_NOT_DONE = gated(
    r"^(?P<who>(?:the|a|an|this|its|their)\s+(?:[a-z]+\s+){0,2}?(?:models?|units?)|they)\s+"
    r"(?P<aux>did|does|do|has|have|had|is|are|was|were)\s+not\s+(?P<done>[a-z].*?)\.?$", re.I)


def criteria_items(text: str) -> dict[str, tuple[str, str]]:
    """The items of each list a rule's text opens with what an action requires ("Eligible models to shoot
    with have to fulfill all the following criteria:" and the lines after it), each sentence as ``split``
    gives it -> (the action, the lead sentence).  The list runs while its lines are items."""
    out: dict[str, tuple[str, str]] = {}
    lead: tuple[str, str] | None = None
    for raw in text.split("\n"):
        line = raw.strip()
        if not line:
            continue
        found = _CRITERIA_LEAD.match(" ".join(line.replace("*", "").split()))
        if found is not None:
            said = split(line)
            lead = (" ".join(found.group("action").split()), said[-1] if said else line)
            continue
        if lead is None or not re.match(r"^(?:[-•*]|\d+[.)])", line):
            lead = None
            continue
        for sentence in split(line):  # split only a line that is a lead or an item: most are neither
            out[sentence] = lead
    return out


def _criterion(rule: Rule, names: Names, text: str, lead: tuple[str, str], citation: Citation) -> list[Relation]:
    """What an item of such a list forbids: "4.The model did not fall back last turn." under "Eligible models
    to declare a charge have to fulfill all the following criteria:" is ``cannot`` "declare a charge" for "A
    model that did fall back last turn" (``details`` ``criteria`` the lead, ``done`` what it did), and a
    reference to the rule the words name (Fall back, ``details`` ``criteria`` too), so that a referee finds
    it from that rule.  An item
    that says what the unit must be or have ("One model in the unit has to be in 12\" ...") names no
    action taken: it is left to the sentence's own reading."""
    action, said = lead
    item = _LIST_ITEM.sub("", text).strip()
    m = _NOT_DONE.match(item)
    if m is None:
        return []
    who = m.group("who")
    plural = who.lower() == "they" or who.lower().endswith("s")
    subject = ("Models" if who.lower() == "they" else re.sub(r"^(?:the|this|its|their)\b", "A" if not plural else "", who, flags=re.I).strip())
    subject = f"{subject[:1].upper()}{subject[1:]} that {m.group('aux').lower()} {m.group('done')}"
    out = [Relation("cannot", rule.id, None, action, citation, (), (("action", action), ("criteria", said), ("done", m.group("done"))), subject)]
    words = m.group("done").split()
    for size in range(min(len(words), 4), 0, -1):
        forms = word_forms(" ".join(words[:size]))
        forms += [f"{form[:-1] if form.endswith('e') else form}ing" for form in forms[2:]]  # "advanced": Advancing
        named = next((t for form in forms for t in names.ids(fold(form)) if t != rule.id), None)
        if named is not None:
            out.append(Relation("references", rule.id, named, " ".join(words[:size]), citation, (), (("criteria", said),), None))
            break
    return out


# the kinds of attack a statement may be limited to, and the situations that say either
_ATTACK_KINDS = frozenset({"melee", "shooting"})
_ATTACK_SAID = frozenset({"melee", "shooting", "not-melee"})


def _attack_scopes(text: str, names: Names, scopes: dict[str, set[tuple[str, str, str]]]) -> None:
    """What a sentence says a stat of its rule is for, by one kind of attack: "counts its cover saves
    during the Shooting Phase as being 1 point better" (cover save: shooting), added to ``scopes``
    (stat -> {(situation, words, sentence)}).  Only a sentence of one stat and one kind says it:
    "They lose 2" movement but enemies shooting them in the shooting phase have -1 to the hit roll"
    does not make the movement a shooting one."""
    said = [(text[start:end], normal) for start, end, normal in conditions_in(text) if normal in _ATTACK_KINDS]
    if len({normal for _w, normal in said}) != 1:
        return
    stats = {lexeme.norm for lexeme in lex(text, names) if lexeme.type == "STAT" and lexeme.norm}
    if len(stats) == 1:
        words, normal = said[0]
        scopes.setdefault(stats.pop(), set()).add((normal, words, text))


def _scoped(relations: list[Relation], scopes: dict[str, set[tuple[str, str, str]]]) -> list[Relation]:
    """The rule's modifiers of a stat that another of its sentences limits to one kind of attack,
    and that say no kind of their own, carry that limit ("Stealth(+2) indicates giving +2 to the
    model's cover save", after "counts its cover saves during the Shooting Phase as being 1 point
    better": shooting); where the rule's sentences give the stat two kinds, none is carried."""
    if not scopes:
        return relations
    out = []
    for rel in relations:
        found = scopes.get(dict(rel.details).get("stat") or "") if rel.kind == "modifies" else None
        # a modifier's own sentence attached its conditions where its words stand: only another's is carried
        if (found and len({normal for normal, _w, _s in found}) == 1 and not any(c.situation in _ATTACK_SAID for c in rel.conditions)
                and all(sentence != rel.citation.sentence for _n, _w, sentence in found)):
            normal, words, _sentence = min(found)
            rel = replace(rel, conditions=rel.conditions + (Condition(normal, None, words),))
        out.append(rel)
    return out


# a sentence that opens on the case the sentence before states: "In this case they subtract Y ..."
_CASE = gated(r"(?:in\s+(?:this|that|which|such\s+a)\s+case|if\s+so|(?:if|when)\s+(?:it|they)\s+(?:does|do)\s+so)\b", re.I)


def _in_that_case(found: list[Relation], before: str, names: Names) -> list[Relation]:
    """The relations of a sentence that opens on "In this case", under the situations the
    sentence before it states ("... in addition to making melee attacks. In this case they
    subtract Y from the hit roll": the subtraction is for melee)."""
    case = [situation_of(lx.norm) for lx in lex(before, names) if lx.type == "COND" and lx.norm]
    if not case:
        return found
    out = []
    for relation in found:
        if relation.kind in _CONDITIONED:
            added = tuple(c for c in case if c.situation not in {h.situation for h in relation.conditions})
            relation = replace(relation, conditions=relation.conditions + tuple(dict.fromkeys(added)))
        out.append(relation)
    return out


# What every illustrating sentence holds after the name: tried first, so that the pattern made
# with a rule's name (a new one per rule: Python's cache of patterns holds 512) is made rarely.
_ILLUSTRATES = gated(r"\(\s*[+\-−]?\d+\+?\s*\)\s*,?\s*(?:indicates|means|gives|would give)\b", re.I)


def _illustrated(name: str, text: str) -> str | None:
    """The parameter of the rule's own use a sentence illustrates its parameter with
    ("Stealth(+2) indicates giving +2 to the model's cover save ..."), or None.

    >>> _illustrated("Stealth", "Stealth(+2) indicates giving +2 to the model's cover save.")
    '+2'
    >>> _illustrated("Stealth", "A model with Stealth(+2) gains Fear.") is None
    True
    """
    if _ILLUSTRATES.search(text) is None:  # most sentences: no pattern made for the name
        return None
    found = re.match(rf"^[\W_]*{re.escape(name)}\s*\(\s*([+\-−]?\d+\+?)\s*\)\s*,?\s*(?:indicates|means|gives|would give)\b", text, re.I)
    return found.group(1).replace("−", "-") if found else None


def _per_parameter(relations: list[Relation], shown: str) -> list[Relation]:
    """The relations of a sentence that illustrates the rule's parameter: its modifier of the
    example's value is the parameter of each instance ("value" X, "per" parameter); every
    other typed relation is the example's, not the rule's, and is dropped."""
    out = []
    for rel in relations:
        details = dict(rel.details)
        if rel.kind == "references":
            out.append(rel)
        elif rel.kind == "modifies" and details.get("value") == shown:
            details.update(value="X", per="parameter")
            out.append(replace(rel, details=tuple(details.items()), subject=None))
    return out


# what one more instance of a cumulative rule adds: "allowing an additional -1 to-hit modifier for each instance"
_EACH_INSTANCE = gated(r"\badditional\b.*\bfor\s+(?:each|every)\s+(?:additional\s+|further\s+)?instance\b", re.I)


def _stacking_restated(relations: list[Relation], text: str) -> list[Relation]:
    """A sentence that says its rule is cumulative and what each instance adds ("This rule is
    cumulative, allowing an additional -1 to-hit modifier for each instance of Hard Target")
    restates the rule's modifier, instance by instance: that is the stacking, read as such,
    and no modifier of its own (it would stand a second time, without the first one's
    subject and conditions).

    >>> from referee.model import Citation
    >>> c = Citation("s/r", "x", "f", 1, 1)
    >>> found = [Relation("stacks", "s/r", None, None, c, (), (("mode", "cumulative"),)),
    ...          Relation("modifies", "s/r", None, None, c, (), (("stat", "to-hit"), ("value", "-1")))]
    >>> [r.kind for r in _stacking_restated(found, "This rule is cumulative, allowing an additional -1 to-hit modifier for each instance of X.")]
    ['stacks']
    """
    cumulative = any(r.kind == "stacks" and dict(r.details).get("mode") == "cumulative" for r in relations)
    if not cumulative or not _EACH_INSTANCE.search(text):
        return relations
    return [r for r in relations if r.kind != "modifies"]


@dataclass(frozen=True)
class Withheld:
    """"Model parts ... wielding Great Weapons do not gain this +1 to-hit modifier": a
    modifier the rule states, taken back from those its subject names."""

    stat: str
    value: str
    rules: tuple[str, ...]  # the rules the subject names (Great Weapon)
    words: str  # the condition's words: "unless <subject>", the clause quoted


def _withheld(reader: _Reader, lexemes: list[Lexeme]) -> list[Withheld]:
    """The modifiers a sentence says its subject does not gain ("do not gain this +1
    to-hit modifier"), with the rules its subject names."""
    out: list[Withheld] = []
    types = [lx.type for lx in lexemes]
    if "NOT" not in types:
        return out
    for k in range(len(lexemes) - 4):
        if types[k : k + 5] == ["NOT", "GAIN", "THIS", "SIGNED", "STAT"]:
            start = max((j + 1 for j in range(k) if types[j] in _BREAKS), default=0)
            words, ids = reader.subject(start, k)
            if words and ids:
                end = k + 5 + (k + 5 < len(lexemes) and types[k + 5] == "MODWORD")
                clause = reader.text[lexemes[start].start : lexemes[end - 1].end]
                said = f'unless {words} ("{clause}")'  # the words that take it back, quoted
                out.append(Withheld(lexemes[k + 4].norm or lexemes[k + 4].text, _value(lexemes[k + 3].text), ids, said))
    return out


def _withhold(relations: list[Relation], withheld: list[Withheld]) -> list[Relation]:
    """The rule's modifiers, each with an ``unless`` condition for every rule whose
    bearers a later sentence takes that modifier back from."""
    if not withheld:
        return relations
    out = []
    for rel in relations:
        details = dict(rel.details)
        if rel.kind == "modifies":
            extra = tuple(
                Condition("unless", rid, w.words)
                for w in withheld
                if details.get("stat") == w.stat and details.get("value") == w.value
                for rid in w.rules
            )
            if extra:
                rel = replace(rel, conditions=rel.conditions + extra)
        out.append(rel)
    return out


def read_rulebase(rb: Rulebase, system: str | None = None) -> dict[str, tuple[list[Relation], list[Sentence]]]:
    """The relations and sentences of every system of ``rb`` (or one)."""
    out: dict[str, tuple[list[Relation], list[Sentence]]] = {}
    for sys_id in [system] if system else rb.systems:
        core = rb.manifests[sys_id].core_terms
        relations: list[Relation] = []
        sentences: list[Sentence] = []
        for rule in rb.in_system(sys_id):
            found, read = read_rule(rule, Names(rb.names[sys_id], core, rule.id), rb.texts)
            relations.extend(found)
            sentences.extend(read)
        out[sys_id] = (relations, sentences)
    return out


def coverage(rb: Rulebase, system: str | None = None, graph: RuleGraph | None = None) -> dict[str, dict[str, float]]:
    """Per system: sentences read, sentences with a typed relation, and their share.

    Reads the sentences of ``graph`` (the build's) when given, else reads the
    rulebase's texts here.  The result looks like
    ``{"t9a": {"sentences": 499, "typed": 167, "share": 0.335}, ...}``.
    """
    if graph is not None:
        read = {s: graph.sentences.get(s, []) for s in ([system] if system else rb.systems)}
    else:
        read = {s: sentences for s, (_relations, sentences) in read_rulebase(rb, system).items()}
    out: dict[str, dict[str, float]] = {}
    for sys_id, sentences in read.items():
        typed = sum(1 for s in sentences if s.typed)
        total = len(sentences)
        out[sys_id] = {"sentences": total, "typed": typed, "share": round(typed / total, 3) if total else 0.0}
    return out
