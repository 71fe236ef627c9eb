"""A rule's own sentence on the situation asked about (or on an instance given without its
number, on how often it may be used, or on what a result has to beat), quoted where nothing
else quotes it.

"Models can not disembark if the transport is in melee range of enemy models"
(Disembarking, asked ``--when melee``), "A Heavy Casualties Panic test must
also be taken (immediately) by a charging unit" (``--when charging``), "A
Breath Weapon shooting attack can be made even if the model marched"
(``--when moved``): the graph reads these as ``settles`` relations of the
kinds it does not list as words on how rules meet (:data:`referee.graph.settles.RULED`),
each with the situations it speaks of.  This module only selects them: a rule
in play whose sentence speaks of a flag given is ruled on by those words
(principle ``own-words``), the sentences quoted; a sentence another part of
the answer already quotes is not repeated.
"""

from __future__ import annotations

import re

from referee.graph.situations import stem
from referee.graph.spoken import SPOKEN
from referee.patterns import lazy
from referee.resolve.found import name_folded
from referee.resolve.play import live
from referee.resolve.ruling import Ruling
from referee.resolve.situation import FLAGS
from referee.text import fold, sentences

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Any

    from referee.resolve.play import Side
    from referee.store.book import Book
    from referee.resolve.principles import Context

# a rule's sentences on the situation, at most: more is a rule about the situation itself, its page to read
_MOST = 3

# what each kind of sentence rules (how -> the outcome after the rule's name), but the situation's own
_SAYS = {
    "how-often": ": its own words limit how often it is used",
    "contest": ": its own words say what a result has to beat (read them for a tie)",
    "no-number": " is given here without a number in brackets: its own words say what it is then",
}
_AT_MOST = {"how-often": 2, "contest": 2, "no-number": 1}
# the kinds of the graph's own words ruled on here, not listed with what is in force (the graph's
# ``RULED``: importing the graph's reader would cost a warm call its regular expressions)
RULED = ("situation", *_SAYS)


def situation_rulings(ctx: Context, sides: tuple[Side, Side], flags: tuple[str, ...], quoted: Iterable[str],
                      aside: Iterable[tuple[str, str]] = ()) -> list[Ruling]:
    """Rulings by a rule's own words on the flags given, for the sentences no other part of the answer
    quotes, of the rules not set aside (``aside``: (side, rule id), a rule whose every instance came
    through one set aside too)."""
    said_already = {_plain(q) for q in quoted}
    gone = set(aside)
    out: list[Ruling] = []
    seen: set[str] = set()
    for side in sides:
        for rid, entry in side.rules.items():
            if rid in seen or (side.name, rid) in ctx.set_aside or (side.name, rid) in gone:
                continue
            seen.add(rid)
            rule_sides = [s.name for s in sides if rid in s.rules]
            said = _said(ctx, rid, said_already)
            found = [(flag, s) for s, on in said.get("situation", []) for flag in flags if flag in on]
            found += [(flag, s) for flag, s in worded(ctx.view, rid, flags) if _plain(s) not in said_already]
            found += _went_on(ctx, rid, found, said_already)
            if found and len({s for _, s in found}) <= _MOST:
                given = sorted({flag for flag, _ in found}, key=flags.index)
                sentences_ = list(dict.fromkeys(s for _, s in found))
                outcome = (f"{entry.name}, when {', '.join(given)}: its own words speak of this situation, and hold as they say "
                           f"(no relation read from them settles more)")
                out.append(Ruling([entry.name], None, "own-words", outcome, [ctx.rule_quote(rid, s) for s in sentences_], [], rule_sides))
            out += _parts_here(ctx, side, rid, entry.name, flags, said_already, rule_sides)
            for how, says in _SAYS.items():
                # a limit is quoted whatever the situation, but not again where the situation's ruling quotes it
                these = [s for s, _ in said.get(how, []) if how != "how-often" or not any(s in c for _, c in found)]
                if not these or (how == "no-number" and all(params for params in entry.instances)):
                    continue  # "If no number is shown in brackets, the rule is Poisoned (4+)": only for an instance without one
                out.append(Ruling([entry.name], None, "own-words", f"{entry.name}{says}",
                                  [ctx.rule_quote(rid, s) for s in these[: _AT_MOST[how]]], [], rule_sides))
    # a section's limit on how often its parts are taken ("a unit only needs to take one Panic test in each
    # phase", of Panic tests, beside Fled through): it binds each part, whatever the situation
    for side in sides:
        for rid in wholes(ctx.view, side, {**ctx.set_aside, **{k: "" for k in gone}}):
            if rid in seen:
                continue
            seen.add(rid)
            these = [s for s, _ in _said(ctx, rid, said_already).get("how-often", [])]
            if these:
                name = ctx.name(rid)
                parts = [e.name for r, e in side.rules.items() if (ctx.view.get(r) or {}).get("parent") == rid]
                whose = f"the rule {parts[0]} is a part of" if len(parts) == 1 else f"the rules {', '.join(parts[:-1])} and {parts[-1]} are parts of"
                out.append(Ruling([name], None, "own-words", f"{name} ({whose}){_SAYS['how-often']}",
                                  [ctx.rule_quote(rid, s) for s in these[: _AT_MOST["how-often"]]], [], [s.name for s in sides if rid in wholes(ctx.view, s, {})]))
    return out


# a sentence that goes on about what the one before it spoke of: "Note that they still benefit ...", "It ..."
_GOES_ON = lazy(r"^(?:(?:note\s+that|however|also|in\s+addition|but)\s*,?\s+|if\s+(?=(?:it|they)\s+(?:does|do|did)\s+so\b))?"
                r"(?:they|it|he|she|these|such\s+\w+)\b", re.I)


_DOES_SO = lazy(r"if\s+(?:it|they)\s+(?:does|do|did)\s+so\b", re.I)


def going_on(text: str, sentence: str) -> str | None:
    """The sentence after ``sentence`` in its paragraph of ``text`` where that one goes on about what it spoke of
    ("Note that they still benefit ...", "If it does so, half the models in the third ... rank ...", even in the next
    paragraph), or None."""
    said = sentences(text)
    at = next((n for n, s in enumerate(said) if s == sentence), None)
    if at is None or at + 1 >= len(said) or not _GOES_ON.match(said[at + 1]):
        return None
    between = text.split(sentence, 1)[-1].split(said[at + 1], 1)[0]
    # a new paragraph goes on only where it says so: "If it does so, ..."
    return None if "\n\n" in between and not _DOES_SO.match(said[at + 1]) else said[at + 1]
_WORD = lazy(r"[A-Za-z]+")


def _went_on(ctx: Context, rid: str, found: list[tuple[str, str]], said_already: set[str]) -> list[tuple[str, str]]:
    """The sentences that go on about those a rule's words on the situation are (:func:`going_on`), not found already."""
    if not found:
        return []
    rule = ctx.view.get(rid) or {}
    text = (rule["versions"][0]["text"] if rule.get("versions") else rule.get("text")) or ""
    have = {s for _, s in found}
    out = []
    for flag, sentence in found:
        after = going_on(text, sentence)
        if after is not None and after not in have and _plain(after) not in said_already:
            have.add(after)
            out.append((flag, after))
    return out


def worded(view: Book, rid: str, flags: tuple[str, ...]) -> list[tuple[str, str]]:
    """(flag, sentence) of a rule's sentences that speak of a ``--when`` word the situation table lacks, one
    the system's documents condition on (:func:`referee.resolve.situation.parse_flags`): each sentence with
    a form of the word ("Fliers always move on the ground when attempting to flee", of ``flying``), and the
    sentence after it where that one goes on about what it spoke of ("Note that they still benefit from
    their 3D6 distance ...").  Read from the rule's own text, for the rules in play only."""
    own = [flag for flag in flags if flag not in FLAGS]
    rule = view.get(rid) if own else None
    if not rule:
        return []
    text = rule["versions"][0]["text"] if rule["versions"] else rule["text"]
    said = sentences(text or "")
    out: list[tuple[str, str]] = []
    for flag in own:
        wanted = stem(flag)
        for n, sentence in enumerate(said):
            if any(stem(w) == wanted for w in _WORD.findall(sentence)):
                out.append((flag, sentence))
                after = going_on(text or "", sentence)
                if after is not None:
                    out.append((flag, after))
    return list(dict.fromkeys(out))


# what else a part's words settle, quoted with its sentences on the situation where those hold
_PART_SETTLES = ("choice", "permission", "tie-break", "both-sides")


def _parts_here(ctx: Context, side: Side, rid: str, name: str, flags: tuple[str, ...], said_already: set[str],
                rule_sides: list[str]) -> list[Ruling]:
    """The forms of a rule in play (:func:`forms`) whose own sentences speak of the situation given: the
    form the rule takes here ("Breath Weapon Shooting Attack", of Breath Weapon,
    ``--when shooting,moved``: "A Breath Weapon shooting attack can be made even if the model marched or
    reformed during the same turn."), ruled on by those words as the rule's own; where the part's heading
    names the situation too, with what else its words settle ("the controlling player chooses which enemy
    unit suffers the hits", of the Close Combat Attack, ``--when melee``).  A part that speaks of none of
    the flags is another form, not this one; one that speaks of a flag only to exclude it ("Provided the
    model is not in close combat", of the Shooting Attack, ``--when melee``) is quoted for those words
    alone, which say so."""
    out: list[Ruling] = []
    for child in _forms_of(ctx.view, side, rid):
        said = _said(ctx, child, said_already)
        found = [(flag, s) for s, on in said.get("situation", []) for flag in flags if flag in on]
        if not found or len({s for _, s in found}) > _MOST:
            continue
        given = sorted({flag for flag, _ in found}, key=flags.index)
        sentences_ = list(dict.fromkeys(s for _, s in found))
        part = ctx.name(child)
        if any(SPOKEN[flag].search(part) for flag in given if flag in SPOKEN):
            # the part its heading names for this situation ("... Close Combat Attack", --when melee): what
            # else its words settle is this situation's too
            sentences_ += [s for s in _settling(ctx, child, said_already) if s not in sentences_]
        outcome = (f"{part} (a part of {name}), when {', '.join(given)}: its own words speak of this situation, and hold "
                   f"as they say (no relation read from them settles more)")
        out.append(Ruling([part], None, "own-words", outcome, [ctx.rule_quote(child, s) for s in sentences_], [], rule_sides))
    return out


def _settling(ctx: Context, rid: str, said_already: set[str]) -> list[str]:
    """A rule's sentences that settle a choice, a permission, a tie-break or both sides' case, in its text's order."""
    return list(dict.fromkeys(rel["citation"]["sentence"] for rel in ctx.view.relations_out(rid)
                              if rel["kind"] == "settles" and rel["details"].get("how") in _PART_SETTLES
                              and _plain(rel["citation"]["sentence"]) not in said_already))


def wholes(view: Book, side: Side, set_aside: dict[tuple[str, str], str]) -> list[str]:
    """The sections the side's rules in play are parts of, not in play themselves: a section's own words
    frame each of its parts ("the controlling player chooses the order in which tests are made", of
    Panic tests, for its part Nearby friend breaks), so they are that part's words too.  Only the
    section a rule is directly part of, and only for a part not set aside."""
    out: list[str] = []
    for rid in side.rules:
        parent = (view.get(rid) or {}).get("parent")
        if parent and parent not in side.rules and parent not in out and (side.name, rid) not in set_aside:
            out.append(parent)
    return out


def forms(view: Book, side: Side, set_aside: dict[tuple[str, str], str]) -> list[str]:
    """The parts of the side's rules in play that are forms of them, not in play themselves: a sub-rule
    headed by its rule's name and more ("Breath Weapon Shooting Attack" and "Breath Weapon Close Combat
    Attack", of Breath Weapon), whose words are the rule's own in the form they say ("A Breath Weapon
    shooting attack can be made even if the model marched or reformed during the same turn.").  Only the
    parts of a rule not set aside; a part headed otherwise is a rule of its own."""
    out: list[str] = []
    for rid in live(side, set_aside):
        out += [child for child in _forms_of(view, side, rid) if child not in out]
    return out


def _forms_of(view: Book, side: Side, rid: str) -> list[str]:
    head = name_folded(view.rule_names.get(rid) or "")
    return [child for child in (view.get(rid) or {}).get("children") or []
            if child not in side.rules and head and name_folded(view.rule_names.get(child) or "").startswith(head + " ")]


def _plain(sentence: str) -> str:
    """A sentence as compared with the answer's quotes: its spaces and a list item's mark aside."""
    return " ".join(sentence.split()).lstrip("-*• ")


def _said(ctx: Context, rid: str, said_already: set[str]) -> dict[str, list[tuple[str, list[str]]]]:
    """how -> (sentence, the situations it speaks of) of a rule's own words the resolver rules on, of its
    first wording (a second document's words are the versions' question), in the order of its text, but
    those the answer quotes already."""
    rule = ctx.view.get(rid)
    first = rule["versions"][0]["source"]["file"] if rule and rule["versions"] else None
    out: dict[str, list[tuple[str, list[str]]]] = {}
    for rel in ctx.view.relations_out(rid):
        details = rel["details"]
        if rel["kind"] != "settles" or (first is not None and rel["citation"]["file"] != first):
            continue
        how = details["how"]
        if how in _AT_MOST or how == "situation":
            sentence = rel["citation"]["sentence"]
            if _plain(sentence) not in said_already:
                out.setdefault(how, []).append((sentence, details.get("situations", "").split()))
    return out


def kind_rulings(ctx: Context, sides: tuple[Side, Side], quoted: Iterable[str], aside: Iterable[tuple[str, str]] = ()) -> list[Ruling]:
    """A kind of unit typed on a side as if it were a rule ("--vs 'Monstrous Creature'"), which the system's
    documents name as a kind, not a rule (:func:`referee.resolve.naming.kind_of_unit`): said so, with the
    sentence that names it; and each rule in play (not set aside) whose own sentences name that kind
    ("Monstrous Creatures are immune to the effects of Slow.", of Slow) ruled on by those words, quoted, as a
    rule's words on the situation are.  What the kind's words give it elsewhere (another rule's "Cavalry has
    Dangerous Terrain (1)", of obstacles) is not brought into play: it holds where that rule does."""
    from referee.resolve.naming import kind_of_unit

    said_already = {_plain(q) for q in quoted}
    gone = set(aside)
    out: list[Ruling] = []
    for side, other in (sides, sides[::-1]):
        for kid, entry in side.rules.items():
            where = kind_of_unit(ctx.view, ctx.system, kid)
            if where is None:
                continue
            whose = "your" if side.name == "self" else "the opponent's"
            out.append(Ruling([entry.name], None, "own-words",
                              f"{entry.name} is no rule of {ctx.system} but a kind of unit its documents name: read as {whose} kind of unit "
                              f"(no rule is given it here; the rules in play are ruled on by their words on it)",
                              [ctx.rule_quote(where[0], where[1])], [], [side.name]))
            words = kid.split()
            last = words[-1][:-1] + "(?:y|ies)" if words[-1].endswith("y") else re.escape(words[-1]) + "(?:e?s)?"
            named = re.compile(r"\b" + r"\s+".join([*map(re.escape, words[:-1]), last]) + r"\b", re.I)
            for holder in (side, other):
                for rid, held in holder.rules.items():
                    if "/" not in rid or (holder.name, rid) in ctx.set_aside or (holder.name, rid) in gone:
                        continue
                    rule = ctx.view.get(rid)
                    text = (rule["versions"][0]["text"] if rule["versions"] else rule["text"]) if rule else ""
                    these = [s for s in sentences(text or "") if named.search(s) and _plain(s) not in said_already]
                    if not these or len(these) > _MOST:
                        continue
                    how = "for" if holder is side else "against"
                    out.append(Ruling([held.name], None, "own-words",
                                      f"{held.name}, {how} {entry.name}: its own words speak of this kind of unit, and hold as they say "
                                      f"(no relation read from them settles more)",
                                      [ctx.rule_quote(rid, s) for s in these], [], [holder.name]))
                    said_already.update(_plain(s) for s in these)
    return out
