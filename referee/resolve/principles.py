"""The precedence model, as an ordered tuple of small functions (docs/referee.md).

Each principle is asked about one :class:`~referee.resolve.meeting.Meeting`
and answers with a :class:`~referee.resolve.ruling.Ruling` when it settles
it, or None when it does not apply; the first answer stands.  A meeting no
principle settles becomes an :class:`~referee.resolve.ruling.Unresolved`
(:func:`settle`), citing every rule involved: the referee never picks.
Applicability (the first principle of the model) is decided before: a
relation whose conditions fail asks nothing (:mod:`referee.resolve.meeting`).
"""

from __future__ import annotations

import re

from referee.graph.sentences import locate, squeeze
from referee.graph.stacking import stacking_mode
from referee.patterns import lazy
from referee.resolve.meeting import Meeting, sentences
from referee.resolve.modifiers import total
from referee.resolve.ruling import CONVENTIONS, Ruling, Unresolved, _unique, conditions, quote
from referee.resolve.situation import FAILS, FLAGS, HOLDS, holds
from referee.resolve.source import never_stacking
from referee.text import fold, singulars
from types import SimpleNamespace

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from referee.store.book import Book

# Source tiers, most specific first, as document roles name them: an army
# book's rule over a universal rule over a core rule.
TIERS = ("faction", "army", "universal", "core")


class Context:
    """What the principles read, and what their rulings set aside or merge for the rest of the answer."""

    __slots__ = ("view", "system", "held", "set_aside", "forbidden", "spent", "merged", "cumulative", "silent", "entries", "documents", "_texts")

    def __init__(self, view: Book, system: str, held: dict[str, set[str]] | None = None, entries: dict[tuple[str, str], Any] | None = None,
                 documents: Any = None) -> None:
        self.view, self.system = view, system
        # where the rule documents are (a folder, or a mapping of file -> text): a sentence no
        # relation cites is placed in its document as the graph places the sentences it reads
        self.documents = documents
        self._texts: dict[str, str | None] = {}
        self.held = held or {}  # side -> the ids of its rules in play
        self.entries = entries or {}  # (side, rule id) -> its InPlay entry: how each rule came in
        self.set_aside: dict[tuple[str, str], str] = {}  # (side, rule id) -> why it brings nothing here
        # (side, rule id) -> the sentence that forbids its use, where that is why it is set aside: the rule is in
        # play (its own condition holds, or it states none), but a prohibition in force bars using it here
        self.forbidden: dict[tuple[str, str], dict[str, Any]] = {}
        # (side, rule id) -> why its effects do not touch the other side, though it stays in force: the
        # rule is itself what makes the other side immune ("Models that have Fear themselves are immune
        # to the effects of Fear"), so it brings no modifier or duty to that side but is not set aside
        self.spent: dict[tuple[str, str], str] = {}
        self.merged: dict[tuple[str, str], list[str]] = {}  # (side, rule id) -> merged params
        # (side, rule id) -> how many instances a cumulative rule adds up: each brings its own modifiers
        self.cumulative: dict[tuple[str, str], int] = {}
        # (side, rule id) -> how many alike instances of a rule that says nothing of several: its
        # modifiers are listed, not counted once or per instance (an open question says why)
        self.silent: dict[tuple[str, str], int] = {}

    def aside(self, sides: list[str], rid: str, why: str) -> None:
        """Set a rule aside on these sides: it brings no modifiers, and the answer says why."""
        for side in sides:
            self.set_aside.setdefault((side, rid), why)

    def forbid(self, sides: list[str], rid: str, why: str, forbidding: dict[str, Any]) -> None:
        """Set a rule aside on these sides because a prohibition in force bars its use (``forbidding``, the
        sentence, quoted): it brings nothing here, yet it is in play, as a rule whose own condition fails is not."""
        self.aside(sides, rid, why)
        for side in sides:
            if self.set_aside[(side, rid)] == why:
                self.forbidden.setdefault((side, rid), forbidding)

    def name(self, rid: str | None) -> str:
        return self.view.rule_names.get(rid, rid) if rid else ""

    def quotes(self, rels: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The citations of relations (or of modifier parts, already quoted)."""
        return [r["citation"] if "quote" in r["citation"] else quote(r["citation"], self.view.rule_names) for r in rels]

    def rule_quote(self, rid: str, text: str | None = None, version: dict[str, Any] | None = None) -> dict[str, Any]:
        """A sentence of a rule (its first, unless ``text`` is given) at its file, line and column.

        Where the graph read the sentence (a relation cites it), its place is the graph's, found
        in the document; else it is worked out from the version's place: its text is the last
        lines of the version's span (a heading may stand above it)."""
        rule = self.view.get(rid)
        where = version or rule["versions"][0] if rule["versions"] else {"text": rule["text"], "source": rule["source"]}
        body, source = where["text"], where["source"]
        said = text or (sentences(body) or [body])[0]
        for rel in [*self.view.relations_out(rid), *self.view.relations_in(rid)]:
            c = rel["citation"]
            if c["rule"] == rid and c["file"] == source["file"] and " ".join(c["sentence"].split()) == " ".join(said.split()):
                return {"rule": rid, "name": rule["name"], "file": c["file"], "line": c["line"], "column": c["column"], "quote": said}
        placed = self._placed(said, source)
        if placed is not None:
            return {"rule": rid, "name": rule["name"], "file": source["file"], "line": placed[0], "column": placed[1], "quote": said}
        at = max(body.find(said), 0)
        first = max(source["line"], source.get("end_line", source["line"]) - body.count("\n"))
        line = first + body.count("\n", 0, at)
        column = at - body.rfind("\n", 0, at) if "\n" in body[:at] else (source["column"] if first == source["line"] else 1) + at
        return {"rule": rid, "name": rule["name"], "file": source["file"], "line": line, "column": column, "quote": said}


    def _placed(self, sentence: str, source: dict[str, Any]) -> tuple[int, int] | None:
        """A sentence's line and column in its document, found as the graph finds the sentences it
        reads (:func:`referee.graph.sentences.locate`), or None without the documents.  Kept by the
        document's text, the rule's place and the sentence (:data:`_PLACED`)."""
        text = self._text(source["file"])
        if text is None:
            return None
        key = (text, source["file"], source["line"], source.get("column", 1), source.get("end_line", source["line"]), sentence)
        if key in _PLACED:
            return _PLACED[key]
        if len(_PLACED) >= _PLACED_MOST:
            _PLACED.clear()
        placed = _PLACED[key] = _place(sentence, source, text)
        return placed

    def document(self, file: str) -> str | None:
        """A document's text (a file under the rules folder), or None without the documents."""
        return self._text(file)

    def _text(self, file: str) -> str | None:
        if file not in self._texts:
            found = None
            if isinstance(self.documents, dict):
                found = self.documents.get(file)
            elif self.documents is not None:
                from pathlib import Path

                path = Path(self.documents) / file
                found = path.read_text(encoding="utf-8") if path.is_file() else None
            self._texts[file] = found
        return self._texts[file]


# where a sentence of a rule stands in its document: (the document's text, the rule's file, line, column and end
# line, the sentence) -> line and column, or None.  An answer quotes the sentences of the rules in play again in each
# answer asked of them, and placing one squeezes the rule's lines (a long rule's hundreds of lines); the document's
# own text is in the key, so an edited document is placed afresh
_PLACED: dict[tuple[str, str, int, int, int, str], tuple[int, int] | None] = {}
_PLACED_MOST = 4096


def _place(sentence: str, source: dict[str, Any], text: str) -> tuple[int, int] | None:
    """:meth:`Context._placed`, not kept."""
    where = SimpleNamespace(file=source["file"], line=source["line"], column=source.get("column", 1), end_line=source.get("end_line", source["line"]))
    line, column = locate([sentence], SimpleNamespace(source=where), {source["file"]: text})[0]
    lines = text.split("\n")
    found = squeeze("\n".join(lines[line - 1 : line + 20])[column - 1 : column + 400]) if 0 < line <= len(lines) else ""
    return (line, column) if found.startswith(squeeze(sentence)[:24]) else None


# The precedence model's own conventions, where a ruling rests on one and not on a sentence of the
# rules: each such ruling says whose it is, so that a convention is never read as the text's word.
OWN_PRECEDENCE = {
    "cannot-beats-can": " (by the referee's precedence, cannot beats must: neither sentence says which prevails)",
    "source-tier": " (by the referee's precedence, from the manifest's document roles: neither sentence says which prevails)",
    "stacking": " (by the referee's default, modifiers of different rules add up: no sentence here says whether they do)",
}


def _if(meeting: Meeting) -> str:
    """The conditions the situation cannot tell, as a referee says them (", if the test is failed")."""
    return "," + conditions(meeting.unknown) if meeting.unknown else ""


def explicit_exception(ctx: Context, m: Meeting) -> Ruling | None:
    """A rule that names another and sets it aside ("instead", "ignore", "cannot ... against") wins over it."""
    if m.kind == "modifiers":
        return _value_set(ctx, m)
    kinds = {r["kind"] for r in m.relations}
    if m.kind == "relation" and kinds == {"cannot"} and "winner" in m.extra:
        # a rule's own "cannot ... against X": X prevails over it, as far as its words say
        rid = next(r for r in m.rules if r != m.extra["winner"])
        actions = sorted({dict(r["details"]).get("action", "") for r in m.relations} - {""})
        who = next((r["subject"] for r in m.relations if r.get("subject")), "it")
        outcome = f"{m.extra['shown']} prevails over {ctx.name(rid)}, as {ctx.name(rid)}'s own text says{_if(m)}: {who} cannot {' / '.join(actions)}"
        return Ruling([m.extra["shown"], ctx.name(rid)], m.extra["shown"], "explicit-exception", outcome, ctx.quotes(m.relations), m.unknown, m.sides,
                      relation=ctx.quotes(m.relations)[0])
    if m.kind == "relation" and "acts_on" in m.extra:
        rid, other = m.rules
        changes = "; ".join(f"{r['target_name']} cannot be taken against it" if dict(r["details"]).get("save")
                            else f"{dict(r['details']).get('stat')} {dict(r['details']).get('value')}" for r in m.relations)
        outcome = f"{ctx.name(rid)} prevails over {ctx.name(other)}{_if(m)}, as far as the quoted words say: {changes}"
        return Ruling([ctx.name(rid), ctx.name(other)], ctx.name(rid), "explicit-exception", outcome, ctx.quotes(m.relations), m.unknown, m.sides,
                      relation=ctx.quotes(m.relations)[0])
    if m.kind == "relation" and kinds == {"loses"} and "lost" in m.extra:
        # "The model loses Swiftstride": the rule that takes another out of play prevails over it
        winner, loser = m.rules
        lost = m.extra["lost"]
        rel = m.relations[0]
        who = rel.get("subject") or "its model"
        came = f" (which came in via {' > '.join(step['name'] for step in lost.via)})" if lost.via else ""
        outcome = f"{ctx.name(winner)} prevails over {ctx.name(loser)}{_if(m)}: {who} loses {ctx.name(loser)}{came}, so {ctx.name(loser)} brings nothing here"
        cited = ctx.quotes(m.relations) + [step["citation"] for step in lost.via]
        return Ruling([ctx.name(winner), ctx.name(loser)], ctx.name(winner), "explicit-exception", outcome, _unique(cited), m.unknown, m.sides,
                      relation=cited[0])
    if m.kind != "relation" or not kinds <= {"overrides", "excludes"}:
        return None
    if len({r["source"] for r in m.relations}) > 1:
        chooser = [r for r in m.relations if _CHOOSE.search(r["citation"]["sentence"])]
        if kinds == {"excludes"} and chooser:
            # "it may only use one of these rules ... (its controlling player may choose which)"
            a, b = (ctx.name(r) for r in m.rules)
            outcome = f"only one of {a} and {b} can be used{_if(m)}, and the text lets its owner choose which"
            return Ruling([a, b], None, "explicit-exception", outcome, ctx.quotes(m.relations), m.unknown, m.sides)
        return None  # each says it prevails: no exception settles that
    winner = m.relations[0]["source"]
    loser = next(r for r in m.rules if r != winner)
    if kinds == {"overrides"} and _granted_elsewhere(ctx, m, winner, loser):
        return None  # its words reach the instance it gives; whether they reach another's, the rules do not say
    if kinds == {"excludes"}:
        outcome = f"{ctx.name(loser)} cannot be used together with {ctx.name(winner)}{_if(m)}"
        if not m.unknown:
            # the model has it, and the other's sentence bars its use beside that rule: in play, forbidden
            ctx.forbid(m.sides, loser, outcome, ctx.quotes(m.relations)[0])
    else:
        outcome = f"{ctx.name(winner)} prevails over {ctx.name(loser)}{_if(m)}, as far as the quoted words say"
        facing = [side for side, other in (("self", "opponent"), ("opponent", "self"))
                  if loser in ctx.held.get(side, ()) and winner in ctx.held.get(other, ()) and winner not in ctx.held.get(side, ())]
        if kinds == {"overrides"} and facing and all(_IMMUNE.search(r["citation"]["sentence"]) or _spares_bearer(ctx, r, winner)
                                                     for r in m.relations):
            # "Exception: A model with Immune to Poison causes Poisoned attacks to roll normally against it, rather than using the
            # Poisoned special rules": the exception of an immunity, held against the other side's rule, is that immunity
            outcome = f"{ctx.name(winner)}: its models are immune to {ctx.name(loser)}{_if(m)}, as far as the quoted words say"
            if not m.unknown:
                ctx.aside(facing, loser, outcome)
            return Ruling([ctx.name(winner), ctx.name(loser)], ctx.name(winner), "immunity", outcome, ctx.quotes(m.relations), m.unknown, m.sides,
                          relation=ctx.quotes(m.relations)[0])
    # a rule set aside by what it makes ("every rule that makes ... untargetable"): its own words too
    made = [ctx.rule_quote(loser, m.extra["stated"])] if "stated" in m.extra else []
    return Ruling([ctx.name(winner), ctx.name(loser)], ctx.name(winner), "explicit-exception", outcome, ctx.quotes(m.relations) + made, m.unknown, m.sides,
                  relation=ctx.quotes(m.relations)[0])


_IMMUNE = lazy(r"\bimmune\b|\bimmunity\b", re.I)
# the other side's use of a rule: "Stomp Attacks from enemy model", "enemy Stomp Attacks", "the enemy's ..."
_ENEMY_USE = lazy(r"\b(?:from|by|of)\s+(?:an?\s+|the\s+)?enem(?:y|ies)(?:'s)?\b|\benem(?:y|ies)(?:'s)?\s+", re.I)


def _spares_bearer(ctx: Context, rel: dict[str, Any], winner: str) -> bool:
    """Whether an exception to another rule is its bearer's, against the enemy's use of that rule: the sentence names the
    rule as the enemy's and its subject is a model with the excepting rule ("For the purposes of Stomp Attacks from enemy
    model, a model with Cannot be Stomped is never considered Standard Size").  Held against the other side, such an
    exception spares the bearer, as an immunity does."""
    sentence = rel["citation"]["sentence"]
    return bool(_ENEMY_USE.search(sentence)) and bool(re.search(rf"\b(?:models?|units?)\s+with\s+{re.escape(ctx.name(winner))}\b", sentence, re.I))
_LEADING = lazy(r"=(\d+)")


def _needed(value: str) -> int | None:
    found = _LEADING.match(value)
    return int(found.group(1)) if found else None


def _value_set(ctx: Context, m: Meeting) -> Ruling | None:
    """A value one rule sets, beside other rules' values of the stat, whose own sentence says how it
    stands to them: "regardless of ... any bonus Attacks ... because of special rules" (it prevails
    over them) or "unless a lower result would be required" (a lower value another rule sets prevails
    over it).  Any other value set beside a modifier stays open (the stacking principles say why)."""
    items, stat = m.extra["parts"], m.extra["stat"]
    sets = [p for p in items if p["value"].startswith("=")]
    over = [p for p in sets if p.get("stands") == "others"]
    ifs = lambda parts: list(dict.fromkeys(c for p in parts for c in p["conditions"] if not _STANDING_WORDS.search(c)))  # noqa: E731
    if len({p["rule"] for p in over}) == 1:
        win = over[0]
        losers = [p for p in items if p["rule"] != win["rule"]]
        if losers:
            said = ", ".join(f"{p['name']} {p['value']}" for p in losers)
            outcome = (f"{stat}: {win['name']} sets it to {win['value'][1:]} regardless of other rules' modifiers, as its own words say: "
                       f"{said} {'does' if len(losers) == 1 else 'do'} not change it")
            rules = [win["name"], *dict.fromkeys(p["name"] for p in losers)]
            return Ruling(rules, win["name"], "explicit-exception", outcome, ctx.quotes([win, *losers]), ifs([win, *losers]), m.sides,
                          relation=ctx.quotes([win])[0])
    for yielding in (p for p in sets if p.get("stands") in ("lower", "higher")):
        mine = _needed(yielding["value"])
        if mine is None:
            continue
        lower = yielding["stands"] == "lower"
        rivals = [p for p in sets if p["rule"] != yielding["rule"] and _needed(p["value"]) is not None
                  and (_needed(p["value"]) < mine if lower else _needed(p["value"]) > mine)]  # type: ignore[operator]
        if not rivals:
            continue
        best = (min if lower else max)(rivals, key=lambda p: _needed(p["value"]))  # type: ignore[arg-type,return-value]
        outcome = (f"{stat}: {yielding['name']} sets {yielding['value'][1:]} unless a {yielding['stands']} result would be required, "
                   f"as its own words say; {best['name']} sets {best['value'][1:]}, so {best['name']}'s {best['value'][1:]} applies")
        return Ruling([best["name"], yielding["name"]], best["name"], "explicit-exception", outcome, ctx.quotes([best, yielding]),
                      ifs([best, yielding]), m.sides, relation=ctx.quotes([yielding])[0])
    return None


# a condition that is the value's own standing ("unless a lower result would be required"), not an if
_STANDING_WORDS = lazy(r"\bunless\s+a\s+(?:lower|higher|better)\b", re.I)


def immunity(ctx: Context, m: Meeting) -> Ruling | None:
    """"Immune to (the effects of) X": X's effects do not touch that side's models."""
    if m.kind == "relation" and "term" in m.extra:
        # "automatically passes Panic Tests" against "its target must take a Panic Test"
        source, target = m.rules
        passes = next(r for r in m.relations if r["kind"] == "immune-to")
        who = passes.get("subject") or "its unit"
        outcome = (f"{ctx.name(source)}: {who} automatically passes {m.extra['term']}, "
                   f"so the {m.extra['term']} {ctx.name(target)} forces on it {'do' if m.extra['term'].endswith('s') else 'does'} not touch it{_if(m)}")
        return Ruling([ctx.name(source), ctx.name(target)], ctx.name(source), "immunity", outcome, ctx.quotes(m.relations), m.unknown, m.sides,
                      relation=ctx.quotes([passes])[0])
    if m.kind != "relation" or {r["kind"] for r in m.relations} != {"immune-to"}:
        return None
    if m.extra.get("mutual"):
        return _mutual_immunity(ctx, m)
    source, target = m.rules[0], m.rules[-1]
    duties = [dict(r["details"])["action"] for r in ctx.view.relations_out(target) if r["kind"] == "must" and "action" in dict(r["details"])]
    spared = f"; none of {ctx.name(target)}'s effects apply to them (they need not {', nor '.join(dict.fromkeys(duties))})" if duties else ""
    who = "both sides" if len(m.sides) > 1 and source == target else "its models"
    outcome = f"{ctx.name(source)}: {who} are immune to the effects of {ctx.name(target)}{spared}{_if(m)}"
    if not m.unknown:
        # X is set aside where it is held against a side that is immune to it
        facing = [side for side, other in (("self", "opponent"), ("opponent", "self"))
                  if target in ctx.held.get(side, ()) and source in ctx.held.get(other, ())]
        if m.sides and len(m.sides) == 1 and source != target:
            facing = m.sides  # a state put on its own side ("cannot be Silenced" beside Silence): it is not suffered there
        kept = []
        if source == target:
            # X's own clause makes its bearers immune to X: X stays in force on both sides (that is
            # what makes them immune), only its effects on the other side's models are gone
            for side in facing:
                ctx.spent.setdefault((side, target), outcome)
        else:
            kept = _set_aside_in_part(ctx, facing, target, outcome)
        if kept:
            said, cited = _kept_words(ctx, kept)
            outcome += said
            for side in facing:
                ctx.spent[(side, target)] = outcome
            return Ruling([ctx.name(source), ctx.name(target)], ctx.name(source), "immunity", outcome, _unique(ctx.quotes(m.relations) + cited),
                          m.unknown, m.sides, relation=ctx.quotes(m.relations)[0])
    return Ruling([ctx.name(source), ctx.name(target)], ctx.name(source), "immunity", outcome, ctx.quotes(m.relations), m.unknown, m.sides,
                  relation=ctx.quotes(m.relations)[0])


# what a rule does to the other side's models: its modifiers, obligations and prohibitions
_IMPOSES = ("modifies", "must", "cannot")


def _set_aside_in_part(ctx: Context, facing: list[str], target: str, why: str) -> list[tuple[str, dict[str, Any], dict[str, Any] | None]]:
    """Set aside what ``target`` imposes where it faces a side immune to it, and the whole rule only
    where it protects its bearers from nothing here.

    A rule can both impose and protect: Fear forces tests on the enemy and makes its own unit "immune
    to Fear, and treats models that cause Terror as causing Fear instead".  The other side's immunity
    resists the first part only; where the rule's own immunity is to a rule the other side holds, that
    part still spares its bearers, so the rule stays in play (its effects on the other side spent, as
    :func:`immunity` leaves a rule immune to itself).  Returns, per side so kept, the sentence that
    protects and the first that imposes, for the ruling to quote both."""
    kept = []
    for side in facing:
        other = "opponent" if side == "self" else "self"
        protects = [r for r in ctx.view.relations_out(target)
                    if r["kind"] == "immune-to" and r["target"] and r["target"] in ctx.held.get(other, ())]
        if not protects:
            ctx.aside([side], target, why)
            continue
        imposes = next((r for r in ctx.view.relations_out(target) if r["kind"] in _IMPOSES), None)
        ctx.spent.setdefault((side, target), why)
        kept.append((target, protects[0], imposes))
    return kept


def _kept_words(ctx: Context, kept: list[tuple[str, dict[str, Any], dict[str, Any] | None]]) -> tuple[str, list[dict[str, Any]]]:
    """What a ruling says of each rule set aside in part only, and the sentences it quotes: the one
    that still protects its bearers and the one whose effect on the other side is set aside."""
    cited = []
    each = {k[0]: k for k in kept}
    for _rid, protects, imposes in each.values():
        cited += ctx.quotes([protects] + ([imposes] if imposes else []))
    if len(each) == 1:
        rid, protects, _ = next(iter(each.values()))
        said = (f"; {ctx.name(rid)} stays in play for what it spares its own models (they are immune to {ctx.name(protects['target'])}), "
                f"and only what it imposes on the other side is set aside")
    else:
        said = (f"; {' and '.join(ctx.name(r) for r in each)} each stay in play for what they spare their own models, "
                f"and only what each imposes on the other side is set aside")
    return said, cited


def _mutual_immunity(ctx: Context, m: Meeting) -> Ruling:
    """Each side's rule is immune to the other's: neither prevails; each is set aside where it
    faces the other, and each immunity is said in its own words ("treated as Fear")."""
    said = []
    for rel in m.relations:
        through = dict(rel["details"]).get("as")
        said.append(f"{ctx.name(rel['source'])}'s models are immune to {ctx.name(rel['target'])}"
                    + (f" (they treat it as {ctx.name(through)}, to which they are immune)" if through else ""))
    a, b = m.rules[0], m.rules[-1]
    outcome = f"{ctx.name(a)} and {ctx.name(b)}: each side is immune to the other's rule, so neither prevails: {'; '.join(dict.fromkeys(said))}{_if(m)}"
    cited: list[dict[str, Any]] = []
    if not m.unknown:
        kept = []
        for source, target in ((a, b), (b, a)):
            facing = [side for side, other in (("self", "opponent"), ("opponent", "self"))
                      if target in ctx.held.get(side, ()) and source in ctx.held.get(other, ())]
            kept += _set_aside_in_part(ctx, facing, target, outcome)
        if kept:
            said, cited = _kept_words(ctx, kept)
            outcome += said
            for key in [k for k, why in ctx.spent.items() if k[1] in (a, b) and why == outcome.removesuffix(said)]:
                ctx.spent[key] = outcome
    return Ruling([ctx.name(a), ctx.name(b)], None, "immunity", outcome, _unique(ctx.quotes(m.relations) + cited), m.unknown, m.sides)


def errata(ctx: Context, m: Meeting) -> Ruling | None:
    """An amendment (replace/add/remove) changes the base text before anything else is ruled."""
    if m.kind != "relation" or {r["kind"] for r in m.relations} != {"amends"}:
        return None
    rel = m.relations[0]
    op = dict(rel["details"]).get("op", "amend")
    outcome = f"{ctx.name(rel['source'])} ({op}) amends {rel['target_name']}: the amended text is the one in force"
    if op == "remove":
        # "Defend Obstacle (p.69): removed": the rule is gone from the game, so it brings nothing here
        outcome = f"{ctx.name(rel['source'])} ({op}) amends {rel['target_name']}: the rule is removed, so it is not in play"
        ctx.aside(m.sides, rel["source"], outcome)
    return Ruling([ctx.name(rel["source"]), rel["target_name"] or ""], ctx.name(rel["source"]), "errata", outcome, ctx.quotes([rel]), m.unknown, m.sides,
                  relation=ctx.quotes([rel])[0])


def source_tier(ctx: Context, m: Meeting) -> Ruling | None:
    """Where two rules each say they prevail, the more specific tier (faction over universal over core) wins."""
    if m.kind != "relation" or len({r["source"] for r in m.relations}) < 2:
        return None
    roles = {rid: ((ctx.view.get(rid) or {}).get("versions") or [{}])[0].get("role") for rid in m.rules}
    if not all(role in TIERS for role in roles.values()) or len({TIERS.index(r) for r in roles.values()}) < len(roles):
        return None
    winner = min(m.rules, key=lambda rid: TIERS.index(roles[rid]))
    loser = next(r for r in m.rules if r != winner)
    outcome = f"{ctx.name(winner)} ({roles[winner]}) prevails over {ctx.name(loser)} ({roles[loser]}): the more specific source{OWN_PRECEDENCE['source-tier']}"
    return Ruling([ctx.name(winner), ctx.name(loser)], ctx.name(winner), "source-tier", outcome, ctx.quotes(m.relations), m.unknown, m.sides,
                  convention="source tier")


# the relations of a rule that only obliges: its obligations and what says where it stands or what it speaks of
_ONLY_OBLIGES = frozenset({"must", "references", "settles", "part-of"})


def cannot_beats_can(ctx: Context, m: Meeting) -> Ruling | None:
    """A prohibition and an obligation of the same action: which prevails, where the text says.

    The text says where the obligation's own words make it yield ("if possible"), where the
    prohibition is the general provision of the rule the obliging rule is a part of ("A unit does
    not take a Panic test if ..." of Panic tests, over Heavy casualties), or where one sentence
    names the other rule as its exception ("the model gains Unstable, with the following exception:
    ... it must take a Break Test"): that sentence is the ruling's ``relation``.  Otherwise
    neither sentence says which prevails, and the ruling is the referee's convention, cannot beats
    must, offered as such (:func:`referee.resolve.ruling.calibrated`: an open question)."""
    if m.kind != "obligation":
        return None
    cannot = [r for r in m.relations if r["kind"] == "cannot"]
    must = [r for r in m.relations if r["kind"] == "must"]
    action = dict(must[0]["details"])["action"]
    gentle = next((r for r in must if any(c["situation"] == "if-possible" for c in r["conditions"])), None)
    why = " (it holds only if possible)" if gentle else ""
    forbidding, obliging = ctx.name(cannot[0]["source"]), ctx.name(must[0]["source"])
    if "part_of" in m.extra:
        # the general provision of the rule the obliging rule is a part of
        who = cannot[0].get("subject") or "the unit"
        cannot_if, must_if = m.extra["ifs"]
        outcome = (f"{forbidding} (the rule {obliging} is a part of): {who} cannot "
                   f"{dict(cannot[0]['details'])['action']}{',' + conditions(cannot_if) if cannot_if else ''}, "
                   f"so {obliging}'s obligation to {action}{',' + conditions(must_if) if must_if else ''}, yields{why}")
        if not cannot_if and {r["kind"] for r in ctx.view.relations_out(must[0]["source"])} <= _ONLY_OBLIGES:
            # the situation says the provision holds (its own ifs, if any, are told), and the part obliges nothing
            # else: whenever its obligation would arise it yields, so nothing of it is left here; its trigger is
            # no less in play, what it obliges is what the provision forbids
            ctx.forbid(m.sides, must[0]["source"], outcome, ctx.quotes(cannot[:1])[0])
        return Ruling([ctx.name(m.rules[0]), ctx.name(m.rules[1])], ctx.name(m.rules[0]), "cannot-beats-can", outcome, ctx.quotes(m.relations), m.unknown, m.sides,
                      relation=ctx.quotes(cannot[:1])[0])
    # each sentence's own ifs beside it: "Hatred cannot flee, if charged by the Hated foe: Fear's obligation ..., if it fails, yields"
    def ifs(rel: dict[str, Any]) -> str:
        said = [c["text"] or c["situation"] for c in rel["conditions"] if (c["text"] or c["situation"]) in m.unknown]
        return "," + conditions(said) if said else ""
    named = _named_exception(ctx, must, cannot[0]["source"]) or _named_exception(ctx, cannot, must[0]["source"])
    if named is not None and named["kind"] == "must" and _granted_elsewhere(ctx, m, must[0]["source"], cannot[0]["source"]):
        return None  # the exception is to the instance it gives; the other instance's "cannot" is not answered by it
    if named is not None and named["kind"] == "must":
        # the obligation's own sentence is the exception to the forbidding rule: it prevails
        outcome = (f"{obliging} prevails over {forbidding}{ifs(named)}, as {obliging}'s own words make its obligation to {action} "
                   f"an exception to {forbidding}: {forbidding}'s \"cannot {dict(cannot[0]['details'])['action']}\" does not bind it")
        return Ruling([obliging, forbidding], obliging, "explicit-exception", outcome, ctx.quotes(m.relations), m.unknown, m.sides,
                      relation=ctx.quotes([named])[0])
    if dict(cannot[0]["details"]).get("exempts"):
        # "A unit does not take Panic tests if friendly causing unit has less US": an exemption, under its ifs
        who = cannot[0].get("subject") or "the unit"
        outcome = (f"{forbidding}: {who} does not {dict(cannot[0]['details'])['action']}{ifs(cannot[0])}, "
                   f"so {obliging}'s obligation to {action}{ifs(must[0])}{',' if ifs(must[0]) else ''} yields{why}")
    else:
        outcome = (f"{forbidding} cannot {dict(cannot[0]['details'])['action']}{ifs(cannot[0])}: "
                   f"{obliging}'s obligation to {action}{ifs(must[0])}{',' if ifs(must[0]) else ''} yields{why or OWN_PRECEDENCE['cannot-beats-can']}")
    # the prohibition is a general provision of the rule the obliging rule is a part of ("A unit does
    # not take Panic tests if ...", of Panic tests, over its part Fled through): that rule's own word
    # or the rule of the very test the obligation names says when it is not taken ("A unit does not take
    # Panic tests if ...", of Panic tests, over "the friendly unit must take panic test")
    whole = cannot[0] if _part_of(ctx, must[0]["source"], cannot[0]["source"]) or _own_test(ctx, action, cannot[0]["source"]) else None
    # or the prohibition's own words say nothing makes it so ("They cannot Go to Ground for any reason, however.")
    absolute = next((r for r in cannot if _ABSOLUTE.search(r["citation"]["sentence"])), None)
    said = gentle or named or whole or absolute
    if said is not None and said is not gentle:
        # the sentence that settles it, said in place of the convention's note
        how = (f"its words: \"{_ABSOLUTE.search(said['citation']['sentence']).group(0)}\"" if said is absolute  # type: ignore[union-attr]
               else f"its words name {obliging} as the exception" if said is named
               else f"the rule {obliging} is a part of" if _part_of(ctx, must[0]["source"], cannot[0]["source"]) else "the test's own rule")
        outcome = outcome.replace(OWN_PRECEDENCE["cannot-beats-can"], f" (as {forbidding}'s own words say; {how})")
    return Ruling([ctx.name(m.rules[0]), ctx.name(m.rules[1])], ctx.name(m.rules[0]), "cannot-beats-can", outcome, ctx.quotes(m.relations), m.unknown, m.sides,
                  relation=ctx.quotes([said])[0] if said is not None else None, convention=None if said is not None else "cannot beats must")


def _granted_elsewhere(ctx: Context, m: Meeting, winner: str, loser: str) -> bool:
    """Whether a rule that sets aside (or makes an exception to) a rule it grants itself ("the model
    gains Unstable, with the following exception: ...", of Supernal) meets that rule where another rule
    grants it too (Undead's "The model gains Unstable."): its words are on the instance it gives, and
    the other instance's are not answered by them, so the meeting stays open, the reason in
    ``m.extra["why"]`` naming the other grants."""
    others: list[str] = []
    for side in m.sides or list(ctx.held):
        entry = ctx.entries.get((side, loser))
        chains = entry.chains if entry is not None else []
        if not any(any(step["rule"] == winner for step in chain) for chain in chains):
            continue  # the winner did not give it: its words are on the rule wherever it comes from
        others += [chain[-1]["name"] if len(chain) == 1 else " > ".join(step["name"] for step in chain)
                   for chain in chains if chain and not any(step["rule"] == winner for step in chain)]
    if not others:
        return False
    m.extra["why"] = (f"{ctx.name(winner)} gives {ctx.name(loser)} with words of its own on it, but {ctx.name(loser)} is also there via "
                      f"{', '.join(dict.fromkeys(others))}, and no sentence says whether {ctx.name(winner)}'s words reach that instance too")
    return True


def _own_test(ctx: Context, action: str, rid: str) -> bool:
    """Whether an obligation's action takes the test a rule is named for ("take panic test", of the
    rule "Panic tests"): that rule's own exemptions are the text's word on when it is taken."""
    name = fold(ctx.name(rid))
    if not re.search(r"\b(?:tests?|checks?)$", name):
        return False
    said = f" {fold(action)} "
    return any(f" {form} " in said for form in (name, *singulars(name)))


def _part_of(ctx: Context, part: str, whole: str) -> bool:
    """Whether a rule is a part of another (its parent, or the parent's parent, ...)."""
    seen = set()
    rule = ctx.view.get(part) or {}
    while rule.get("parent") and rule["parent"] not in seen:
        if rule["parent"] == whole:
            return True
        seen.add(rule["parent"])
        rule = ctx.view.get(rule["parent"]) or {}
    return False


# a prohibition's own words that nothing makes it otherwise: "They cannot Go to Ground for any reason, however."
_ABSOLUTE = lazy(r"\b(?:for\s+any\s+reason|under\s+any\s+circumstances?|in\s+any\s+circumstances?|no\s+matter\s+what|"
                       r"whatever\s+the\s+(?:reason|circumstances?))\b", re.I)


# the words by which a sentence makes itself the exception to what it names
_EXCEPTION_WORDS = lazy(r"\b(?:exceptions?|except|instead|even\s+if|even\s+when|even\s+though|regardless|despite|notwithstanding|in\s+spite\s+of|"
                              r"overrides?|takes?\s+precedence)\b", re.I)


def _named_exception(ctx: Context, rels: list[dict[str, Any]], other: str) -> dict[str, Any] | None:
    """The first of these relations whose sentence names the ``other`` rule with words that make it
    the exception to it ("In addition, the model gains Unstable, with the following exception: ...
    it must take a Break Test"), or None: two sentences that merely both speak of one action are
    no exception either states."""
    name = ctx.name(other)
    if len(name) < 3:
        return None
    named = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.I)
    for rel in rels:
        sentence = rel["citation"]["sentence"]
        if named.search(sentence) and _EXCEPTION_WORDS.search(sentence):
            return rel
    return None


def _mode(ctx: Context, rid: str) -> tuple[str | None, list[dict[str, Any]]]:
    """How a rule's instances combine, as its text says: cumulative, never (stacks), highest or
    lowest (its own pick: "use the highest value"), choose ("may choose which one to use"), one
    ("it can only use one Breath Attack in a single phase"); the
    pick wins over a choice it leaves for ties ("the owner chooses in case of a tie")."""
    rels = [r for r in ctx.view.relations_out(rid) if r["kind"] == "stacks" and stacking_mode(r) != "cap"]
    modes = {stacking_mode(r) for r in rels}
    picks = modes & {"highest", "lowest"}
    if len(picks) == 1 and modes <= {"highest", "lowest", "choose"}:
        mode = picks.pop()
        return mode, [r for r in rels if stacking_mode(r) == mode]
    return (modes.pop() if len(modes) == 1 else None if not modes else "both"), rels


_NUMBER = lazy(r"[+-]?\d+")
_REROLL = lazy(r"\bre-?roll", re.I)
_CHOOSE = lazy(r"\b(?:may|can|to)\s+choose\s+which\b", re.I)


def _instances(ctx: Context, m: Meeting) -> str:
    """Each instance as a referee says it, with how it came in: "Stealth (+1) via Swarms and Stealth (+2)"."""
    entry = m.extra.get("entry")
    if entry is None:
        return " and ".join(f"{ctx.name(m.rules[0])} ({', '.join(p)})" if p else ctx.name(m.rules[0]) for p in m.extra["instances"])
    return " and ".join(entry.shown(i) for i in range(len(entry.instances)))


_LETTER = lazy(r"(?<![\w'])([XYZ])(?![\w'])")


def _alike(ctx: Context, rid: str, instances: list[tuple[str, ...]]) -> bool:
    """Whether a rule's instances are one value as far as its words go: the same parameters, or parameters that
    differ only in the letters its name takes from its family's name, where its sentences never use them ("Ranged X
    heavy" on a weapon of 2 attacks and one of 3: "-1 to the hit roll" either way).  A letter of the rule's own
    ("Feel No Pain (X+)") is its value, whether its sentences name it by the letter or by its brackets."""
    if len(set(instances)) == 1:
        return True
    rule = ctx.view.get(rid) or {}
    letters = [str(p.get("name") or "") for p in rule.get("params") or []]
    if not rule.get("parent") or not letters or any(len(p) != len(letters) for p in instances):
        return False
    from referee.keywords import KeywordSyntaxError, Variable, parse

    try:
        pattern = parse(rule["name"])
    except KeywordSyntaxError:
        return False
    if len(pattern) < 2 or not pattern[0].args or not all(isinstance(a, Variable) for a in pattern[0].args):
        return False
    family = {a.name for a in pattern[0].args}
    used = set(_LETTER.findall(" ".join(v.get("text") or "" for v in rule.get("versions") or []) or rule.get("text") or ""))
    kept = [i for i, letter in enumerate(letters) if letter not in family or letter in used]
    return len({tuple(p[i] for i in kept) for p in instances}) == 1


def _chains(m: Meeting) -> list[dict[str, Any]]:
    """The grant sentences that brought each instance in."""
    entry = m.extra.get("entry")
    return [step["citation"] for chain in (entry.chains if entry else []) for step in chain]


_DICE = lazy(r"^(\d*)[dD](\d+)([+-]\d+)?$")


def _size(params: tuple[str, ...]) -> float | None:
    """An instance's one parameter as a size to compare: a number ("2", "-1", "4+"), or a roll's
    average ("2D6": 7)."""
    if len(params) != 1:
        return None
    text = params[0].strip().rstrip("+").replace("−", "-")
    if _NUMBER.fullmatch(text):
        return abs(int(text))
    found = _DICE.match(text)
    if found:
        return int(found.group(1) or 1) * (int(found.group(2)) + 1) / 2 + int(found.group(3) or 0)
    return None


_TERM = lazy(r"^([+-]\d+)\s*(.*)$")


def _summed(instances: list[tuple[str, ...]]) -> list[str] | None:
    """Parameters that are signed numbers of something ("+1 Strength"), added up per thing; None
    when some parameter is not one (words are merged as a list, not added)."""
    sums: dict[str, int] = {}
    for params in instances:
        for param in params:
            found = _TERM.match(param.strip())
            if found is None:
                return None
            sums[found.group(2)] = sums.get(found.group(2), 0) + int(found.group(1))
    return [f"{n:+d} {what}".strip() for what, n in sums.items()]


def stacking(ctx: Context, m: Meeting) -> Ruling | None:
    """Cumulative rules add up; the same rule twice applies once unless it says otherwise; modifiers of several rules add up;
    several instances of which the rule says "it may choose which one to use": one applies, the one chosen."""
    if m.kind == "modifiers":
        if m.relations:
            return None  # a rule in force says they never stack
        items = m.extra["parts"]
        if any(p["value"].startswith("=") for p in items):
            return None  # "strikes at Initiative 1" beside "-1 Initiative": a value set is not added to
        if sum(bool(_REROLL.search(p["value"])) for p in items) > 1:
            # two re-rolls of one roll are no sum: whether a re-rolled roll is re-rolled again is the question
            m.extra["why"] = (f"{m.extra['stat']}: {' and '.join(dict.fromkeys(p['name'] for p in items))} each re-roll it, and no sentence here "
                              f"says whether a roll re-rolled by one may be re-rolled by the other")
            return None
        value = total([p["value"] for p in items])
        outcome = f"{m.extra['stat']}: {', '.join(p['name'] + ' ' + p['value'] for p in items)} add up to {value}{OWN_PRECEDENCE['stacking']}"
        return Ruling(list(dict.fromkeys(p["name"] for p in items)), None, "stacking", outcome, ctx.quotes(items), [], m.sides)
    if m.kind != "instances":
        return None
    rid, side = m.rules[0], m.sides[0]
    mode, rels = _mode(ctx, rid)
    instances = m.extra["instances"]
    shown = _instances(ctx, m)
    if mode == "cumulative":
        ctx.cumulative[(side, rid)] = len(instances)
        if all(len(p) == 1 and _NUMBER.fullmatch(p[0]) for p in instances):
            n = sum(int(p[0]) for p in instances)
            merged = f"{n:+d}" if any(p[0][0] in "+-" for p in instances) else str(n)  # Stealth (+1) and (+2): Stealth (+3)
            ctx.merged[(side, rid)] = [merged]
            outcome = f"{ctx.name(rid)} is cumulative: {shown} count as {ctx.name(rid)} ({merged})"
        elif _summed(instances) is not None:
            # Devastating Charge (+1 Strength) twice: Devastating Charge (+2 Strength)
            ctx.merged[(side, rid)] = _summed(instances)  # type: ignore[assignment]
            outcome = f"{ctx.name(rid)} is cumulative: {shown} count as {ctx.name(rid)} ({', '.join(ctx.merged[(side, rid)])})"
        else:
            ctx.merged[(side, rid)] = [part for p in instances for part in p]
            outcome = f"{ctx.name(rid)} is cumulative: {shown} all apply"
        return Ruling([ctx.name(rid)], None, "stacking", outcome, ctx.quotes(rels) + _chains(m), [], m.sides)
    if mode == "one":
        # "it can only use one Breath Attack in a single phase": each instance is there, one is used at a time
        outcome = f"{shown}: only one of them can be used at a time, as the rule's own words say"
        return Ruling([ctx.name(rid)], None, "stacking", outcome, ctx.quotes(rels) + _chains(m), [], m.sides)
    if mode is None and _alike(ctx, rid, instances):
        return _silent(ctx, m, rid, side, shown)
    if mode in ("choose", "highest", "lowest") and _alike(ctx, rid, instances):
        outcome = f"{shown}: the same rule twice applies once (it says only one is used)"
        return Ruling([ctx.name(rid)], None, "stacking", outcome, ctx.quotes(rels) + _chains(m), [], m.sides)
    held = _held_value(ctx, m) if mode in ("highest", "lowest") else None
    if held is not None:
        # "gain Magic Resistance (2) ... This Magic Resistance value cannot be increased." beside the rule's own "use the highest
        # value": whether using the other instance's higher value increases the one held, no sentence says
        granter, said = held
        m.rules = [*m.rules, granter]
        m.extra["counted"] = [said, *ctx.quotes(rels)]
        m.extra["why"] = (f"{ctx.name(rid)} says to use the {mode} of its values, and {ctx.name(granter)} says the value it gives cannot be "
                          f"changed that way; which holds, no sentence says")
        return None
    if mode in ("highest", "lowest"):
        sizes = [_size(p) for p in instances]
        chosen = ""
        if all(size is not None for size in sizes) and len(set(sizes)) == len(sizes):
            pick = (max if mode == "highest" else min)(range(len(instances)), key=lambda i: sizes[i])  # type: ignore[arg-type,return-value]
            ctx.merged[(side, rid)] = list(instances[pick])
            chosen = f": {ctx.name(rid)} ({', '.join(instances[pick])})"
        outcome = f"{shown}: only one applies, and the rule says which: use the {mode}{chosen}"
        return Ruling([ctx.name(rid)], None, "stacking", outcome, ctx.quotes(rels) + _chains(m), [], m.sides)
    if mode == "choose":
        outcome = f"{shown}: only one applies, and the rule lets its owner choose which one to use"
        return Ruling([ctx.name(rid)], None, "stacking", outcome, ctx.quotes(rels) + _chains(m), [], m.sides)
    if mode is None:
        return _each_its_own(ctx, m, rid, shown)
    return None


def _each_its_own(ctx: Context, m: Meeting, rid: str, shown: str) -> Ruling | None:
    """Instances of a rule that each name a different thing in their brackets and no number ("Exclusive (Unbreakable)" and
    "Exclusive (Unstable)"), where the rule states no amount (no modifier, no value its brackets give): nothing of one could add
    to the other, or take its place, so each holds for what it names, its words read once for each.  The ruling says it is the
    referee's reading, as no sentence speaks of several instances; with an amount, or a number in the brackets, the question
    stays open (:func:`_silent`'s case for alike instances)."""
    instances = m.extra["instances"]
    if any(not p or any(_DIGIT.search(part) for part in p) for p in instances):
        return None
    if any(r["kind"] == "modifies" or r["kind"] == "grants" and dict(r["details"]).get("grants") == "its parameters"
           for r in ctx.view.relations_out(rid)):
        return None
    outcome = (f"{shown}: each names a different thing in its brackets and the rule states no amount, so neither adds to the "
               f"other or takes its place: each holds for what it names (the referee's reading; no sentence speaks of several)")
    return Ruling([ctx.name(rid)], None, "stacking", outcome, [ctx.rule_quote(rid)] + _chains(m), [], m.sides)


_DIGIT = lazy(r"\d")


# a value a rule gives that may not be changed: "This Magic Resistance value cannot be increased."
_HELD = lazy(r"\bvalue\s+(?:can\s*not|cannot|may\s+not|can\s+never)\s+be\s+(?:increased|decreased|modified|changed|raised|lowered)\b", re.I)


def _held_value(ctx: Context, m: Meeting) -> tuple[str, dict[str, Any]] | None:
    """A rule that brought one of the instances in and says the value it gives cannot be changed, with that sentence; or None."""
    entry = m.extra.get("entry")
    granters = dict.fromkeys(step["rule"] for chain in (entry.chains if entry is not None else []) for step in chain if step["rule"] != m.rules[0])
    for granter in granters:
        rule = ctx.view.get(granter) or {}
        version = rule["versions"][0] if rule.get("versions") else None
        said = next((x for x in sentences((version or rule).get("text") or "") if _HELD.search(x)), None)
        if said is not None:
            return granter, ctx.rule_quote(granter, said, version)
    return None


def _once_per_kind(ctx: Context, rid: str) -> dict[str, Any] | None:
    """A sentence of the rule's section, or of a section beside it, that says a rule of its kind is chosen no more than once
    ("No directive can be selected more than once per game.", for Directive 8 of the section Directives), quoted; or None.
    The kind is the section's name, singular, or the rule's own first word."""
    rule = ctx.view.get(rid) or {}
    parent = ctx.view.get(rule["parent"]) if rule.get("parent") else None
    if parent is None:
        return None
    last = fold(parent["name"]).split()[-1:] or [""]
    first = fold(rule["name"]).split()[:1] or [""]
    kinds = {k for k in (*singulars(last[0]), last[0], first[0]) if len(k) > 3}
    if not kinds:
        return None
    said = re.compile(rf"\b(?:no|a|an|each|every|any)\s+(?:{'|'.join(map(re.escape, sorted(kinds)))})s?\s+(?:can|may|is|are)\s+(?:only\s+)?(?:be\s+)?"
                      rf"(?:selected|chosen|taken|picked|used)\s+(?:more\s+than\s+)?once\b", re.I)
    grand = ctx.view.get(parent["parent"]) if parent.get("parent") else None
    near = [parent["id"], *((grand or {}).get("children") or [])]
    for other in dict.fromkeys(near):
        found = ctx.view.get(other) if other != parent["id"] else parent
        for sentence in sentences((found or {}).get("text") or ""):
            if said.search(sentence):
                return ctx.rule_quote(found["id"], sentence)
    return None


def _silent(ctx: Context, m: Meeting, rid: str, side: str, shown: str) -> Ruling | None:
    """A rule there more than once, alike, whose text says nothing of several instances.

    Whether they add up or apply once is then no sentence's to say: "the same rule twice applies
    once" would be the referee's convention taken for a ruling.  A system sentence that binds
    every ability ("Any ability that increases or decreases a value in a datasheet never
    stacks") settles it for a rule that changes a value, quoted; a rule that states no amount
    (no modifier, no number in its brackets) brings nothing more the second time, and the
    ruling says that is the referee's reading (a number in its brackets that is no modifier, such
    as a save's "5+", is no amount); anything else stays open (None: the question is left to
    :func:`settle`), its modifiers not added up."""
    amounts = [r for r in ctx.view.relations_out(rid) if r["kind"] == "modifies"
               or r["kind"] == "grants" and dict(r["details"]).get("grants") == "its parameters"]
    counted = _counted(ctx, rid)
    if not amounts and counted:
        # "it loses one Health Point for each point of Combat Score difference": an amount the graph
        # read no modifier of, that two instances could double; the rules do not say whether they do
        ctx.silent[(side, rid)] = len(m.extra["instances"])
        m.relations = []
        m.extra["counted"] = [ctx.rule_quote(rid, said) for said in counted[:2]]
        m.extra["why"] = (f"{ctx.name(rid)} is there {len(m.extra['instances'])} times, and its text says nothing of several instances: "
                          f"whether what it counts is counted once or for each instance, the rules do not say")
        m.extra["convention"] = "one instance"
        return None
    once = _once_per_kind(ctx, rid)
    if once is not None:
        # "No directive can be selected more than once per game.", of the section beside the one Directive 8 is part of
        outcome = f"{shown}: the rules say a rule of its kind is chosen only once, so {ctx.name(rid)} is there once"
        return Ruling([ctx.name(rid)], None, "stacking", outcome, [once, ctx.rule_quote(rid)] + _chains(m), [], m.sides)
    apart = _each_apart(ctx, m, rid)
    if apart is not None:
        # "Each Sweeping Attack can only be performed once per Player Turn", brought by Shrapnel Grenades ("D3 hits") and by
        # Shrapnel Bombs ("D6x2 hits"): two of its kind, each with its own, and not the one rule twice
        each, own = apart
        m.extra["counted"] = [each, *own]
        m.extra["why"] = (f"{ctx.name(rid)} is there {len(m.extra['instances'])} times, each brought by a rule with an amount of its own, so "
                          f"they are {len(m.extra['instances'])} of its kind, and its words speak of each of them apart; whether all are "
                          f"made together, or one instead of another, no sentence here says")
        return None
    if not amounts:
        outcome = (f"{shown}: its text says nothing of several instances, and it states no amount that could add up, "
                   f"so the second brings nothing the first does not (the referee's reading; no sentence says so)")
        return Ruling([ctx.name(rid)], None, "stacking", outcome, [ctx.rule_quote(rid)] + _chains(m), [], m.sides)
    wide = never_stacking(ctx.view, ctx.system) if amounts else []
    if wide:
        outcome = f"{shown}: {ctx.name(rid)} changes a value, and the system says such abilities never stack: it applies once"
        return Ruling([ctx.name(rid)], None, "never-stacks", outcome, ctx.quotes(wide) + ctx.quotes(amounts[:2]) + _chains(m), [], m.sides)
    ctx.silent[(side, rid)] = len(m.extra["instances"])
    m.relations = amounts[:3]  # the open question quotes what would add up
    m.extra["why"] = (f"{ctx.name(rid)} is there {len(m.extra['instances'])} times, and its text says nothing of several instances: "
                      f"whether they add up or it applies once, the rules do not say")
    return None


def _each_apart(ctx: Context, m: Meeting, rid: str) -> tuple[dict[str, Any], list[dict[str, Any]]] | None:
    """(the rule's sentence that speaks of each of its kind apart, "Each Sweeping Attack can only be performed once per Player
    Turn"; each bringing rule's own sentence stating an amount), where every instance came in through another rule, each with an
    amount of its own ("The enemy unit suffers D3 hits ..."): those are several things of the rule's kind, not one rule twice.
    None otherwise."""
    entry = m.extra.get("entry")
    chains = entry.chains if entry is not None else []
    granters = [chain[-1]["rule"] for chain in chains if chain]
    if len(granters) != len(m.extra["instances"]) or len(set(granters)) != len(granters):
        return None
    name = fold(re.sub(r"\(.*?\)|\bX\b", " ", ctx.name(rid))).strip()
    rule = ctx.view.get(rid) or {}
    version = rule["versions"][0] if rule.get("versions") else None
    each = next((x for x in sentences((version or rule).get("text") or "") if name and re.search(rf"\beach\s+{re.escape(name)}\b", fold(x))), None)
    if each is None:
        return None
    own = []
    for granter in granters:
        other = ctx.view.get(granter) or {}
        said = next((x for x in sentences(other.get("text") or "") if _AMOUNT.search(x)), None)
        if said is None:
            return None
        own.append(ctx.rule_quote(granter, said))
    return ctx.rule_quote(rid, each, version), own


# an amount a sentence states of what the rule does to a model ("loses one Health Point for each point",
# "inflicts 1 automatic hit", "D3 hits", "supporting attacks can be made by an extra rank"): a count of hits,
# wounds, Health Points, attacks or ranks, that two
# instances could double ("at least one model", "a D6" count nothing done)
_AMOUNT = lazy(r"\b(?:(?:\d+|[1-9]?D\d+|one|two|three|four|five|six)\s+(?:additional\s+|extra\s+|more\s+|automatic\s+)?|an?\s+(?:additional|extra)\s+)"
                     r"(?:hits?|wounds?|health\s+points?|attacks?|damage|mortal\s+wounds?|ranks?)\b", re.I)


def _counted(ctx: Context, rid: str) -> list[str]:
    """The sentences of a rule's text (its brackets' example aside) that state an amount of what it does."""
    rule = ctx.view.get(rid) or {}
    return [s for s in sentences(rule.get("text") or "") if _AMOUNT.search(s) and not s.lower().startswith(("for example", "e.g."))]


_APPLY_VALUE = lazy(r"\b(?:simply\s+)?apply\s+(?:an?\s+|only\s+(?:an?\s+)?)?([+-]\d+)\b", re.I)


def said_to_apply(sentences: list[str]) -> str | None:
    """The value a never-stacking sentence says to apply instead ("simply apply a -2 shooting modifier for cover").

    >>> said_to_apply(["Note that the To Hit penalties for hard and soft cover do not stack — ... simply apply a -2 shooting modifier for cover."])
    '-2'
    >>> said_to_apply(["Any ability that increases or decreases a value in a datasheet never stacks."]) is None
    True
    """
    for sentence in sentences:
        found = _APPLY_VALUE.search(sentence)
        if found:
            return found.group(1)
    return None


def never_stacks(ctx: Context, m: Meeting) -> Ruling | None:
    """Rules that "never stack" apply once: the modifiers are not added up."""
    if m.kind == "instances":
        rid = m.rules[0]
        mode, rels = _mode(ctx, rid)
        if mode != "never" or not _alike(ctx, rid, m.extra["instances"]):
            return None
        return Ruling([ctx.name(rid)], None, "never-stacks", f"{_instances(ctx, m)}: {ctx.name(rid)} never stacks: it applies once", ctx.quotes(rels) + _chains(m), [], m.sides)
    if m.kind != "modifiers" or not m.relations:
        return None
    items = m.extra["parts"]
    values = {p["value"] for p in items}
    stated = said_to_apply([r["citation"]["sentence"] for r in m.relations])
    which = (f"the one value {values.pop()} applies" if len(values) == 1
             else f"the rules say which: {stated} applies" if stated is not None else "which one applies is left open (unresolved)")
    outcome = f"{m.extra['stat']}: {', '.join(p['name'] + ' ' + p['value'] for p in items)} never stack: {which}"
    return Ruling(list(dict.fromkeys(p["name"] for p in items)), None, "never-stacks", outcome, ctx.quotes(m.relations) + ctx.quotes(items), [], m.sides)


def both_sides(ctx: Context, m: Meeting) -> Ruling | None:
    """The same rule on both sides, whose text says what happens then: its own clause decides."""
    if m.kind != "both-sides":
        return None
    rid = m.rules[0]
    said = " ".join(m.extra["sentences"])
    outcome = f"both sides have {ctx.name(rid)}: its own text says what happens then: {said.rstrip('.')}"
    return Ruling([ctx.name(rid)], None, "both-sides", outcome, [ctx.rule_quote(rid, s) for s in m.extra["sentences"]], [], m.sides)


def source_conflict(ctx: Context, m: Meeting) -> Ruling | None:
    """One rule worded differently by two documents of its system: both shown, the manifest's preference said."""
    if m.kind != "versions":
        return None
    rid = m.rules[0]
    first, other = m.extra["versions"]
    mine, theirs = m.extra["differ"]
    cites = [ctx.rule_quote(rid, s, first) for s in mine[:1]] + [ctx.rule_quote(rid, s, other) for s in theirs[:1]]
    outcome = (
        f"{first['document']} and {other['document']} word {ctx.name(rid)} differently; "
        f"the manifest's precedence prefers {first['document']} ({first['role']} before {other['role']})"
    )
    return Ruling([ctx.name(rid)], None, "source-conflict", outcome, cites, [], m.sides)


# an exception worded as a case of another rule's test: "in the case of a failed Fear or Terror test, the unit with Hatred is
# always reduced to WS1 regardless of unit size" (what the test's rule is, before "test"; what holds then, after the comma)
_CASE_OF = lazy(r"\bin\s+(?:the\s+)?(?:case|event)\s+of\s+(?:an?\s+)?(?:failed|passed|successful|unsuccessful)?\s*"
                r"(?P<what>[^,;:.]{1,60}?)\s+(?:tests?|rolls?|checks?)\s*,\s*(?P<then>[^.;:]{8,})", re.I)


def case_exception(ctx: Context, m: Meeting) -> Ruling | None:
    """A rule whose sentence names another rule's test as its case and says what holds then ("in the case of a failed Fear or
    Terror test, the unit with Hatred is always reduced to WS1"), beside that rule, which obliges or forbids something of its
    own: the sentence is an exception read from the text, worded as a case, and its rule prevails in that case, as far as its
    words say.  The sentence's own conditions are the ruling's: those the situation cannot tell are said as an "if"; one whose
    flag is not given (--when charged) leaves the ruling holding whenever it would be; one the situation rules out, nothing."""
    if m.kind != "touch":
        return None
    for rel in m.relations:
        winner, loser = rel["source"], rel["target"]
        if rel["kind"] != "references" or winner not in m.rules or loser not in m.rules or winner == loser:
            continue
        case = _CASE_OF.search(rel["citation"]["sentence"])
        if case is None or not re.search(rf"\b{re.escape(ctx.name(loser))}\b", case["what"], re.I):
            continue
        duties = [r for r in ctx.view.relations_out(loser) if r["kind"] in ("must", "cannot")]
        if not duties:
            continue  # nothing of the other rule's own for the case to be an exception to
        mine = next((ids for ids in ctx.held.values() if winner in ids), set())
        theirs = next((ids for ids in ctx.held.values() if loser in ids and ids is not mine), mine)
        flags = m.extra.get("flags", ())
        # the sentence's conditions, as any relation read from it states them ("if charged by the Hated foe", of its "can never flee")
        said = [c for r in ctx.view.relations_out(winner) if r["citation"]["sentence"] == rel["citation"]["sentence"] for c in r["conditions"]]
        unknown: list[str] = []
        untold: list[tuple[str, str]] = []  # (the words, the flag not given)
        for c in {(c["situation"], c["value"], c["text"]): c for c in said}.values():
            answer = holds(c, flags, mine, theirs)
            words = " ".join((c["text"] or c["situation"]).split())
            if answer == FAILS:
                if c["situation"] not in FLAGS or c["situation"].startswith("not-") or c["situation"] in flags:
                    return None  # the situation rules the case out
                untold.append((words, c["situation"]))
            elif answer != HOLDS and words not in unknown:
                unknown.append(words)
        for words, flag in untold:
            # said once, on the fullest words of that case ("if charged by the Hated foe", not "charged" beside it)
            at = next((i for i, w in enumerate(unknown) if fold(words) in fold(w)), None)
            if at is None:
                unknown.append(words)
                at = len(unknown) - 1
            unknown[at] += f" (--when {flag} not given: the ruling holds whenever it would be)"
        relation = ctx.quotes([rel])[0]
        outcome = (f"{ctx.name(winner)} prevails over {ctx.name(loser)}{conditions(unknown)}, as far as its words say: they name "
                   f"{ctx.name(loser)}'s test as their case (\"{' '.join(case.group(0).split(',')[0].split())}\") and say what holds "
                   f"then ({' '.join(case['then'].split())}), in place of what {ctx.name(loser)} obliges there")
        return Ruling([ctx.name(winner), ctx.name(loser)], ctx.name(winner), "explicit-exception", outcome,
                      _unique([relation, *ctx.quotes(duties[:2])]), unknown, m.sides, relation=relation)
    return None


PRINCIPLES: tuple[Callable[[Context, Meeting], Ruling | None], ...] = (
    errata,
    explicit_exception,
    case_exception,
    immunity,
    source_tier,
    cannot_beats_can,
    both_sides,
    stacking,
    never_stacks,
    source_conflict,
)

_WHY = {
    "relation": "each rule says it prevails over the other, and no principle settles which",
    "instances": "the rule is there more than once with different values, and does not say whether they add up or which applies",
    "obligation": "an obligation and a prohibition of the same action",
    "modifiers": "modifiers of one stat whose stacking the rules do not settle",
    "versions": "two documents word the rule differently",
    "touch": "the rules touch, and no relation read from the text says how they meet",
}


def _came_in(ctx: Context, m: Meeting) -> tuple[list[str], list[dict[str, Any]]]:
    """How the rules of a meeting that were not named came in, on both sides ("Instant Death via
    Killing Blow"), and the sentences of their chains: a ruling follows the grants it rests on,
    and names the rules that granted (:func:`_granting`)."""
    said, cites = [], []
    for side in m.sides or list(ctx.held):
        for rid in m.rules:
            entry = ctx.entries.get((side, rid))
            if entry is None or not entry.via or any(not chain for chain in entry.chains):
                continue
            said.append(f"{entry.name} via {' > '.join(step['name'] for step in entry.via)}")
            cites += [step["citation"] for step in entry.via]
    return list(dict.fromkeys(said)), cites


def _what_it_does(ctx: Context, rids: list[str]) -> list[dict[str, Any]]:
    """A rule's sentences that say what it does (what it obliges, forbids, is immune to,
    modifies), or its first sentence: each rule of an open question is quoted."""
    out = []
    for rid in rids:
        if ctx.view.get(rid) is None:
            continue
        acts = [r for r in ctx.view.relations_out(rid) if r["kind"] in ("must", "cannot", "immune-to", "modifies", "overrides")]
        out += ctx.quotes(acts[:3]) if acts else [ctx.rule_quote(rid)]
    return out


def settle(ctx: Context, m: Meeting) -> Ruling | Unresolved:
    """The first principle's ruling, or the question left open with every rule cited."""
    through, chained = _came_in(ctx, m) if m.kind in ("relation", "touch") else ([], [])
    for principle in PRINCIPLES:
        ruling = principle(ctx, m)
        if ruling is not None:
            if through:
                ruling.outcome += f" ({'; '.join(through)})"
                ruling.citations = _unique(ruling.citations + chained)
                ruling.rules = ruling.rules + [n for n in dict.fromkeys(c["name"] for c in chained) if n not in ruling.rules]
            return ruling
    cites = ctx.quotes(m.relations) or [ctx.rule_quote(rid) for rid in m.rules if ctx.view.get(rid)]
    if m.kind == "instances":
        cites += m.extra.get("counted", []) + _chains(m)
    if m.kind == "touch":
        cites += _what_it_does(ctx, [rid for rid in m.rules if not any(c["rule"] == rid for c in cites)])
        if m.extra["through"]:
            why = f"the rules both speak of {', '.join(ctx.name(t) for t in m.extra['through'])}, and no relation read from the text says how they meet"
    why = m.extra.get("why") or _WHY[m.kind]
    # the text's own tie-break: a "may choose which" stacking relation of a rule involved, or the
    # meeting's own sentence saying it in brackets ("(its controlling player may choose which)")
    chosen = [r for r in m.relations if _CHOOSE.search(r["citation"]["sentence"])]
    chosen += [r for rid in m.rules for r in ctx.view.relations_out(rid) if stacking_mode(r) == "choose"]
    # or a rule's own words that say who chooses or goes first (the graph's settles relations)
    chosen += [r for rid in m.rules for r in ctx.view.relations_out(rid) if r["kind"] == "settles" and dict(r["details"])["how"] in ("choice", "tie-break")]
    if m.kind == "relation" and {r["kind"] for r in m.relations} == {"excludes"}:
        why = "the rules exclude each other: only one of them can be used" + ("" if chosen else ", and they do not say which")
    said = ctx.quotes(chosen[:1])
    tie = f"the rules say: {said[0]['quote']}" if said else None
    offered = m.extra.get("convention")
    convention = f"by the referee's convention ({offered}: {CONVENTIONS[offered]}), the referee may hold it applies once" if offered else None
    involved = [ctx.name(r) for r in m.rules]
    if m.kind == "instances":
        # each instance with its own grant chain: the rules that brought them in are involved too
        involved += [n for n in dict.fromkeys(c["name"] for c in _chains(m)) if n not in involved]
    answer = Unresolved(involved, why + (f" ({'; '.join(through)})" if through else ""), cites + said + chained, tie_break=tie,
                        convention=convention)
    answer.kind = "touch" if m.kind == "touch" else "conflict"
    return answer
