"""``resolve``: rules in play on both sides, met, ruled on under the precedence model."""

from __future__ import annotations

import re

from referee.graph.stacking import never_stacks
from referee.patterns import lazy
from referee.resolve.meeting import (
    both_sides_meetings,
    instance_meetings,
    loss_meetings,
    obligation_meetings,
    relation_meetings,
    touch_meetings,
    version_meetings,
)
from referee.resolve.duties import (
    duties,
    forbidden_kinds,
    forbidden_rules,
    forbidden_to_others,
    forbidden_to_the_other_side,
    forbidden_triggers,
    referenced_kinds,
)
from referee.resolve.modifiers import parts, same_models, stat_meetings, total
from referee.resolve.lent import lent_kinds, lent_modifiers
from referee.resolve.called import Called
from referee.resolve.naming import picks
from referee.resolve.one_of_a_kind import set_twice, two_of_a_kind
from referee.resolve.parameters import against_instances, lettered_entry
from referee.resolve.own_words import own_words, permission_meetings
from referee.resolve.play import Inactive, Pick, both_sides
from referee.resolve.criteria import criteria_rulings
from referee.resolve.scope import attack_scoped_rules, own_use_forbidden, scoped_rules, weapon_conditioned
from referee.resolve.principles import Context, said_to_apply, settle
from referee.resolve.ruled_out import situation_ruling
from referee.resolve.same_roll import same_roll_touches
from referee.resolve.as_if_not_there import as_if_not_there
from referee.resolve.counted_as import counted_as_rulings
from referee.resolve.unless_it_is import unless_rulings
from referee.resolve.modifiers_reach import reach_rulings
from referee.resolve.situation_words import kind_rulings, situation_rulings
from referee.resolve.together import bearer_rulings, capped_counts, forbidden_action_rulings, kind_exceptions, together_rulings, unrolled_rulings
from referee.resolve.ruling import PRINCIPLES, Modifier, Resolution, Ruling, Unresolved, calibrated, quote
from referee.resolve.situation import judge, parse_flags
from referee.resolve.source import roll_caps, source
from referee.text import fold

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from typing import Any

    from referee.store.book import Book
    from referee.store.record import Build


def _picks(view: Book, system: str, unit: str | Sequence[Pick] | None, what: str) -> tuple[str | None, list[Pick]]:
    if unit is None or (not unit and not isinstance(unit, str)):  # no side, or a side with no rules named
        return None, []
    if isinstance(unit, str):
        return unit, picks(view, system, unit, what)
    return ", ".join(p.text or view.rule_names.get(p.rule, p.rule) for p in unit), list(unit)


def resolve(
    build: Book | Build,
    system: str,
    acting: str | Sequence[Pick],
    opponent: str | Sequence[Pick] | None = None,
    when: Iterable[str] = (),
    units: tuple[dict[str, Any] | None, dict[str, Any] | None] = (None, None),
    documents: Any = None,
) -> Resolution:
    """Rule on what ``acting`` (a keyword string, or picks from unit data) has, against ``opponent``, in the situation ``when``.

    >>> from referee.paths import rules_src_dir
    >>> from referee.store.load import open_rules
    >>> answer = resolve(open_rules(rules_src_dir()).whole(), "t9a", "Fear", opponent="Fear")
    >>> [(r.principle, r.winner) for r in answer.rulings]
    [('immunity', 'Fear'), ('source-conflict', None)]
    >>> answer.rulings[0].citations[0]["quote"]
    'Models that have Fear themselves are immune to the effects of Fear.'

    ``units``: the acting and opposing units of army data the picks came
    from (:func:`referee.resolve.naming.unit_picks`), shown in the ruling.
    ``documents``: the rules folder (or file -> text), so that a sentence no
    relation cites is quoted at its exact place; a whole build brings its own.

    Bad input raises :class:`~referee.errors.RulesError` (unknown system,
    unknown flag, a keyword string that names no rule, with a caret).
    """
    view = source(build)
    view.check_system(system)
    flags = parse_flags(when, lambda: view.condition_words(system), system)
    acting_text, mine = _picks(view, system, acting, "KEYWORDS")
    opponent_text, theirs = _picks(view, system, opponent, "--vs")
    if documents is None and build is not view:  # a whole build handed in brings its own texts
        documents = build.texts  # type: ignore[union-attr]
    view = Called(view, [*mine, *theirs])  # "Stomp" of "Stomp / Thunder Stomp" is answered as Stomp
    sides = both_sides(view, mine, theirs, flags)
    quoting = Context(view, system, documents=documents).rule_quote
    scoped_out = against_instances(view, system, sides, quoting)
    unstated = lent_modifiers(view, system, sides, quoting, flags)
    lent_kinds(view, system, sides, quoting, flags)
    ctx = Context(view, system, {side.name: side.ids for side in sides}, {(side.name, rid): e for side in sides for rid, e in side.rules.items()}, documents)
    situation, can_arise = situation_ruling(ctx, system, sides, flags)
    if not can_arise:
        # the system's own text rules the situation out: that is the answer, nothing is ruled in it
        return _answer(ctx, sides, system, acting_text, opponent_text, flags, [situation], units)
    meetings, idle = relation_meetings(view, sides, flags)
    idle = scoped_out + idle
    meetings += loss_meetings(sides) + obligation_meetings(view, sides, flags) + instance_meetings(sides, lambda: view.kinds_named(system)) + version_meetings(view, sides) + both_sides_meetings(view, sides)
    meetings += touch_meetings(view, sides, meetings, flags)
    meetings += permission_meetings(view, sides, meetings)
    settled = [settle(ctx, m) for m in meetings]
    settled, idle = _winners_set_aside(ctx, settled, meetings, idle)
    # a rule only excluded ("cannot simultaneously use a Shield") is set aside, and nothing applies in
    # its place: two rules that each exclude it agree, they are no rivals
    excluding = [a for a, m in zip(settled, meetings) if {r["kind"] for r in m.relations} == {"excludes"}]
    answers: list[Ruling | Unresolved] = _rival_exceptions(settled, excluding) + unstated
    if situation is not None:
        answers.append(situation)
    idle += _spent(ctx)
    # a rule its own words limit to another situation, or to the other kind of attack, is not in play:
    # nothing it obliges or forbids is in force either
    scoped, idle_scopes = scoped_rules(ctx, sides, flags)
    attack_scoped, idle_attack = attack_scoped_rules(ctx, sides, flags)
    scoped += attack_scoped
    out_of_scope = {(side_name, rid): why for side_name, rid, why in scoped}
    # a prohibition of the very act another rule of the side comes into use on ("cannot declare a Flee Charge Reaction"):
    # that rule is forbidden before what it obliges, forbids or permits is read
    triggers, triggers_aside = forbidden_triggers(view, sides, flags, {**ctx.spent, **ctx.set_aside, **out_of_scope}, ctx.rule_quote)
    answers += triggers
    for side_name, rid, why, forbidding in triggers_aside:
        ctx.forbid([side_name], rid, why, forbidding)
    # an open question on how the forbidden rule's words meet the forbidding rule's is moot: the rule is not used here
    moot = {frozenset(r.rules) for r in triggers if not r.conditions}
    answers = [a for a in answers if not (isinstance(a, Unresolved) and frozenset(a.rules) in moot)]
    in_force, forbidden, idle_duties, ways_aside = duties(view, sides, flags, {**ctx.spent, **ctx.set_aside, **out_of_scope}, ctx.rule_quote)
    answers += forbidden
    idle += idle_duties
    unusable, aside, idle_uses = forbidden_rules(view, sides, flags)
    kinds, kinds_aside, idle_kinds = forbidden_kinds(view, sides, flags)
    theirs_forbidden, theirs_aside = forbidden_to_the_other_side(view, sides, flags)
    answers += unusable + kinds + theirs_forbidden + forbidden_to_others(view, sides, flags, ctx.rule_quote)
    aside += kinds_aside + theirs_aside
    idle += idle_uses + idle_kinds
    idle += idle_scopes + idle_attack
    own_aside, own_rulings = own_use_forbidden(ctx, sides)
    answers += own_rulings
    # what an action requires, beside a rule in play that is what a criterion says the unit did not do (Fall back, Charging's list)
    criteria, criteria_duties = criteria_rulings(view, sides, flags, {**ctx.spent, **ctx.set_aside, **out_of_scope}, ctx.rule_quote)
    answers += criteria
    in_force += criteria_duties
    for side_name, rid, why, *forbidding in [*aside, *scoped, *ways_aside, *own_aside]:
        if forbidding:  # a prohibition in force bars its use: set aside, and in play all the same
            ctx.forbid([side_name], rid, why, forbidding[0])
        else:
            ctx.aside([side_name], rid, why)
    for key in out_of_scope:
        # its own words limit it to another situation: not in play here, whatever else would forbid it
        ctx.forbidden.pop(key, None)
    found = parts(view, sides, flags, live_instances(ctx, sides), ctx.merged, idle, ctx.cumulative)
    weapon_conditioned(ctx, sides, flags, found, idle)
    in_play = sides[0].ids | sides[1].ids
    stat_answers = {(m.sides[0], m.extra["stat"]): settle(ctx, m) for m in stat_meetings(view, system, found, in_play)}
    answers += list(stat_answers.values())
    names = view.rule_names
    for (_, stat), items in found.items():
        for p in items:
            p["citation"] = quote(p["citation"], names)
            p["conditions"] += _doubted(stat, p, [a for a in answers if a not in stat_answers.values()])  # a stat's own ruling says it
    modifiers = [_modifier(side, stat, group, stat_answers.get((side, stat))) for (side, stat), items in found.items() for group in _for_whom(items)]
    _unsettled_instances(ctx, modifiers)
    for m in modifiers:
        m.limits = _limits(view, m, stat_answers.get((m.side, m.stat)))
        limited = _limited(m, stat_answers.get((m.side, m.stat)))
        if limited is not None:
            answers.append(limited)
    answers += _capped(view, system, modifiers)
    in_force += _capped_aside(view, system, idle)
    # a rule whose attacks hit automatically, beside a to-hit modifier of its side: no roll to hit for it to modify (its
    # sentence settles what the one-roll reading below would leave open)
    answers += unrolled_rulings(ctx, sides, modifiers, [set(a.rules) for a in answers])
    # a rule that forbids an action outright, beside a modifier of the characteristic that measures it ("Movement +d3")
    answers += forbidden_action_rulings(ctx, sides, modifiers, [set(a.rules) for a in answers])
    # a cap on a number a characteristic counts, beside a modifier of that characteristic ("up to a maximum of three" and "+1A")
    answers += capped_counts(ctx, sides, modifiers, [set(a.rules) for a in answers])
    # a rule whose own thing never benefits from rules of a kind, beside a rule of that kind ("never benefit from any ... Attack Attributes")
    answers += kind_exceptions(ctx, sides, [set(a.rules) for a in answers])
    # rules that speak of one roll, where nothing above joined them (a ruling or open question on both)
    answers += same_roll_touches(ctx, sides, meetings, [set(a.rules) for a in answers],
                                 [set(a.rules) for a in answers if isinstance(a, Ruling) and a.winner], flags)
    # a rule's own clause for another rule of its side ("A horde with this rule will ..."), where nothing else joins them
    answers += counted_as_rulings(ctx, sides, [set(a.rules) for a in answers])
    # a rule whose words except the model that is another rule of its side ("unless it is a War Platform")
    answers += unless_rulings(ctx, sides, [set(a.rules) for a in answers if isinstance(a, Unresolved) or a.winner])
    answers += as_if_not_there(ctx, system, sides, flags)
    answers += together_rulings(ctx, sides, [set(a.rules) for a in answers])
    # a rule's own words that modifiers of the values it speaks of apply to its values too ("All modifiers to ground movement values also apply to a model's Fly values")
    answers += reach_rulings(ctx, sides, modifiers, [set(a.rules) for a in answers if isinstance(a, Unresolved) or a.winner])
    # two rules of a side that each set aside the same rule, absent here, each saying what holds instead
    answers += _rival_overrides(ctx, sides, flags, [set(a.rules) for a in answers])
    # a rule's own sentence that lets the bearers of another rule of its side use it, where that rule forbids them
    answers += bearer_rulings(ctx, sides, flags, [set(a.rules) for a in answers if isinstance(a, Unresolved) or a.winner])
    # a prohibition of a kind in a rule only named by one in play ("placing reserves" step): whether it binds, open; asked
    # after the other meetings, which it does not answer (whether the unit moved is another question)
    answers += referenced_kinds(view, sides, flags, {**ctx.spent, **ctx.set_aside, **out_of_scope})
    # a rule's own sentence on the situation given, where nothing above quotes it
    quoted = [c["quote"] for a in answers for c in a.citations] + [p["citation"]["quote"] for m in modifiers for p in m.parts]
    quoted += [c["quote"] for m in modifiers for c in m.limits] + [i.citation["quote"] for side in sides for i in side.inactive] + [i.citation["quote"] for i in idle]
    gone = [(side.name, rid) for side in sides for rid, entry in side.rules.items() if _aside(ctx, side.name, entry)]
    answers += situation_rulings(ctx, sides, flags, quoted, gone)
    # a kind of unit typed as a rule: said so, and the rules in play whose words name it
    answers += kind_rulings(ctx, sides, quoted, gone)
    # a winner stands only on a relation read from the text; a convention is offered, open
    answers = [calibrated(a) for a in answers]
    unresolved = [a for a in answers if isinstance(a, Unresolved)]
    unresolved += [
        _which(m, stat_answers.get((m.side, m.stat)))
        for m in modifiers
        if m.value is None and not m.stacks and len({p["rule"] for p in m.parts}) == len(m.parts) > 1 and same_models(m.parts)
        and not isinstance(stat_answers.get((m.side, m.stat)), Unresolved)  # already open, said once
    ]
    unresolved += set_twice(modifiers, [set(u.rules) for u in unresolved])
    unresolved += two_of_a_kind(modifiers, [set(a.rules) for a in answers if isinstance(a, Unresolved) or a.winner])
    answer = Resolution(
        system=system,
        acting=acting_text,
        opponent=opponent_text,
        when=flags,
        in_play={
            side.name: [lettered_entry(view, entry.to_json(ctx.merged.get((side.name, rid)), _aside(ctx, side.name, entry),
                                                    ctx.forbidden.get((side.name, rid))))
                        for rid, entry in side.rules.items()]
            for side in sides
        },
        inactive=[{**i.to_json(), "side": i.side} for side in sides for i in side.inactive] + [{**i.to_json(), "side": i.side} for i in idle],
        rulings=sorted((a for a in answers if isinstance(a, Ruling)), key=lambda r: PRINCIPLES.index(r.principle)),
        modifiers=modifiers,
        unresolved=unresolved,
        in_force=in_force + own_words(view, sides, {**ctx.spent, **ctx.set_aside},
                                      quoted + [c["quote"] for a in answers for c in a.citations] + [d["citation"]["quote"] for d in in_force],
                                      ctx.rule_quote),
    )
    answer.units = {"self": units[0], "opponent": units[1]}
    return answer


def _winners_set_aside(ctx: Context, settled: list[Ruling | Unresolved], meetings: list[Any],
                       idle: list[Inactive]) -> tuple[list[Ruling | Unresolved], list[Inactive]]:
    """A ruling whose winner another ruling alone sets aside on every side that holds it (an immunity
    that takes the attribute away, say) does not apply: the winner brings nothing here, so it prevails over
    nothing. The ruling becomes a "does not apply here" line that says why, quoting its relation."""
    kept: list[Ruling | Unresolved] = []
    for answer, m in zip(settled, meetings):
        winner = answer.winner if isinstance(answer, Ruling) else None
        rid = next((r for r in m.rules if ctx.name(r) == winner), None) if winner else None
        holding = [side for side in ("self", "opponent") if rid in ctx.held.get(side, ())]
        reasons = [ctx.set_aside.get((side, rid)) for side in holding]
        # where each side is immune to the other's rule, each rule keeps what it does for its own
        # models: only a one-way setting aside (the other side's rules untouched by it) empties it
        mutual = any(why in reasons and key[1] != rid for key, why in ctx.set_aside.items())
        if not holding or mutual or any(why is None or why == answer.outcome for why in reasons):
            kept.append(answer)
            continue
        losers = ", ".join(ctx.name(r) for r in m.rules if r != rid)
        citation = answer.relation or answer.citations[0]
        kind = m.relations[0]["kind"] if m.relations else None
        idle.append(Inactive(rid, winner, holding[0], f"{winner} would prevail over {losers}, but it brings nothing here: {reasons[0]}",
                             citation, relation=kind))
    return kept, idle


def _answer(ctx: Context, sides: Any, system: str, acting: str | None, opponent: str | None, flags: tuple[str, ...],
            rulings: list[Ruling], units: tuple[dict[str, Any] | None, dict[str, Any] | None]) -> Resolution:
    """An answer of what is in play and these rulings alone (a situation the system's text rules out)."""
    answer = Resolution(
        system=system,
        acting=acting or "",
        opponent=opponent,
        when=flags,
        in_play={side.name: [entry.to_json(None, None) for entry in side.rules.values()] for side in sides},
        inactive=[{**i.to_json(), "side": i.side} for side in sides for i in side.inactive],
        rulings=rulings,
        modifiers=[],
        unresolved=[],
    )
    answer.units = {"self": units[0], "opponent": units[1]}
    return answer


# a name of several capitalised words ("Spell Selection") in a quote
_TERM = lazy(r"\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+\b")


def _rival_exceptions(answers: list[Ruling | Unresolved], excluding: Sequence[Ruling | Unresolved] = ()) -> list[Ruling | Unresolved]:
    """Two rules that each set aside the same rule in the same respect, each by its own words ("This
    overrides the Spell Selection rules for Wizard Adepts", of Wizard Conclave and of Protean
    Magic): that the rule is set aside is settled, but which of the two applies in its place no
    sentence says.  Their rulings become one open question, every sentence quoted."""
    exceptions = [a for a in answers if isinstance(a, Ruling) and a.principle == "explicit-exception" and a.winner
                  and len(a.rules) >= 2 and a.rules[0] == a.winner and not any(a is e for e in excluding)]
    out: list[Ruling | Unresolved] = list(answers)
    for at, one in enumerate(exceptions):
        loser = one.rules[1]  # the rule set aside; a grant chain's rules may follow
        for other in exceptions[at + 1 :]:
            if other.winner == one.winner or other.rules[1] != loser or one not in out or other not in out:
                continue
            respect = _terms(one, loser) & _terms(other, loser)
            if not respect:
                continue
            said = ", ".join(sorted(respect))
            reason = (f"{one.winner} and {other.winner} each set aside {loser}'s {said} with their own words, "
                      f"and no sentence says which of the two applies in its place")
            out[out.index(one)] = Unresolved([one.winner, other.winner, loser], reason, one.citations + other.citations)
            out.remove(other)
    return out


def _rival_overrides(ctx: Context, sides: Any, flags: tuple[str, ...], answered: list[set[str]]) -> list[Unresolved]:
    """Two rules of one side that each override the same rule, which is not in play on that side ("This rule overrides the Spell
    Selection rules connected to being Wizard Apprentice, Apprentice or Master", of Pathmaster; "... for Wizard Apprentices,
    Adepts, and Masters", of Protean Magic): each says what holds in its place, and which of the two does no sentence says.
    Where the rule they override is in play, :func:`_rival_exceptions` says it; a rule that overrides the other is its winner."""
    out: list[Unresolved] = []
    for side in sides:
        overriding: dict[str, list[dict[str, Any]]] = {}
        for rid in side.rules:
            for rel in ctx.view.relations_out(rid):
                if rel["kind"] != "overrides" or not rel["target"] or rel["target"] == rid or rel["citation"]["rule"] != rid:
                    continue  # its own words only: "Fortitude Saves cannot be taken against attacks with ..." is Fortitude's
                if any(rel["target"] in other.rules for other in sides):
                    continue
                if judge(rel["conditions"], flags, side.ids, set())[0] is None:
                    overriding.setdefault(rid, []).append(rel)
        held = sorted(overriding)
        for at, a in enumerate(held):
            for b in held[at + 1 :]:
                shared = {r["target"] for r in overriding[a]} & {r["target"] for r in overriding[b]}
                names = [ctx.name(a), ctx.name(b)]
                if not shared or any(set(names) <= said for said in answered):
                    continue
                said = ", ".join(ctx.name(t) for t in sorted(shared, key=ctx.name))
                cites = _unique_quotes(ctx, [r for r in overriding[a] + overriding[b] if r["target"] in shared])
                out.append(Unresolved(names, f"{names[0]} and {names[1]} each set aside what {said} says with their own words, and no "
                                             f"sentence says which of the two holds in its place", cites, kind="touch"))
    return out


def _unique_quotes(ctx: Context, rels: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen: set[str] = set()
    out = []
    for rel in rels:
        if rel["citation"]["sentence"] not in seen:
            seen.add(rel["citation"]["sentence"])
            out.extend(ctx.quotes([rel]))
    return out


def _terms(ruling: Ruling, loser: str) -> set[str]:
    """The names of several words the quotes of a ruling's winner speak of, the loser's own name aside."""
    own = [c["quote"] for c in ruling.citations if c.get("name") == ruling.winner]
    return {t for q in own for t in _TERM.findall(q)} - {loser, ruling.winner}


def _doubted(stat: str, part: dict[str, Any], answers: list[Ruling | Unresolved]) -> list[str]:
    """An exception between two rules whose words speak of a stat one of them modifies ("do not gain
    this +1 to-hit modifier") may take that modifier away: it stays, with those words as its condition."""
    words = fold(stat).replace(" ", "")
    out = []
    for ruling in answers:
        if not isinstance(ruling, Ruling) or ruling.principle != "explicit-exception" or part["name"] not in ruling.rules:
            continue
        if ruling.winner == part["name"]:
            continue  # the rule that prevails keeps its own modifier ("not the additional -1 ... from Unwieldy")
        for c in ruling.citations:
            if c["quote"] != part["citation"]["quote"] and words in fold(c["quote"]).replace(" ", ""):
                out.append(f"unless set aside by {c['name']}: \"{c['quote']}\"")
    return out


_EFFECTS = ("modifies", "must", "cannot")


def _spent(ctx: Context) -> list[Inactive]:
    """The effects of a rule that stays in force but does not touch the other side (its own clause
    makes that side immune to it): each modifier, obligation and prohibition, said not to apply, with why."""
    names = ctx.view.rule_names
    out: list[Inactive] = []
    for (side, rid), _why in ctx.spent.items():
        name = names.get(rid, rid)
        for rel in ctx.view.relations_out(rid):
            if rel["kind"] not in _EFFECTS:
                continue
            details = dict(rel["details"])
            what = " ".join(w for w in (details.get("stat"), details.get("value")) if w) if rel["kind"] == "modifies" else details.get("action") or ""
            reason = f"{name} {rel['kind']} {what}".rstrip() + f": the other side's models are immune to the effects of {name} (the immunity ruling)"
            out.append(Inactive(rid, name, side, reason, quote(rel["citation"], names), relation=rel["kind"]))  # each sentence: the terminal says a line once
    return out


def _aside(ctx: Context, side: str, entry: Any) -> str | None:
    """Why a rule in play brings nothing here: set aside itself, or every instance of it granted
    through a rule that is, or on the condition that a rule set aside is used ("alongside a Shield")."""
    why = ctx.set_aside.get((side, entry.rule))
    if why is not None:
        return why
    reasons = [_instance_aside(ctx, side, entry, at) for at in range(len(entry.instances))]
    return reasons[0] if reasons and all(reasons) else None


def _instance_aside(ctx: Context, side: str, entry: Any, at: int) -> str | None:
    """Why one instance brings nothing: a step of its chain is set aside, or needs a rule that is."""
    for step in entry.chains[at]:
        why = ctx.set_aside.get((side, step["rule"]))
        if why is not None:
            return f"granted through {ctx.name(step['rule'])}: {why}"
        for needed in _needs(ctx.view, step, entry.rule):
            why = ctx.set_aside.get((side, needed))
            if why is not None and needed != entry.rule:
                return f"granted by {ctx.name(step['rule'])} only {_with_words(ctx.view, step, needed)}: {why}"
    return None


def _grant(view: Book, step: dict[str, Any], target: str) -> dict[str, Any] | None:
    return next((r for r in view.relations_out(step["rule"]) if r["kind"] == "grants" and r["target"] == target
                 and r["citation"]["sentence"] == step["citation"]["quote"]), None)


def _needs(view: Book, step: dict[str, Any], target: str) -> list[str]:
    """The rules a grant's condition needs its side to use ("alongside a Shield": Shield)."""
    rel = _grant(view, step, target)
    return [c["value"] for c in (rel or {}).get("conditions", []) if c["situation"] in ("with", "unit-entirely") and c["value"]]


def _with_words(view: Book, step: dict[str, Any], needed: str) -> str:
    for rel in view.relations_out(step["rule"]):
        for c in rel["conditions"]:
            if c["value"] == needed and c["text"]:
                return c["text"]
    return f"with {needed}"


def live_instances(ctx: Context, sides: Any) -> dict[tuple[str, str], set[int]]:
    """(side, rule id) -> the instances not set aside (all of a rule set aside itself: none)."""
    out = {}
    for side in sides:
        for rid, entry in side.rules.items():
            if (side.name, rid) in ctx.set_aside or (side.name, rid) in ctx.spent:
                out[(side.name, rid)] = set()
            else:
                out[(side.name, rid)] = {at for at in range(len(entry.instances)) if _instance_aside(ctx, side.name, entry, at) is None}
    return out


def _for_whom(items: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """A stat's modifiers, one group per whom they are for: modifiers of different rules for
    different models ("Shooting Attacks targeting a unit ... with Hard Target", "A model that is
    affected by ... Fae Miasma") are never added up, and each stands with its own value; one
    rule's modifiers, or several for the same models, stay one group."""
    if same_models(items) or len({p["rule"] for p in items}) < len(items):
        return [items]
    groups: dict[str | None, list[dict[str, Any]]] = {}
    for p in items:
        groups.setdefault(p["subject"], []).append(p)
    return list(groups.values())


def _modifier(side: str, stat: str, items: list[dict[str, Any]], ruling: Ruling | Unresolved | None) -> Modifier:
    shown = [{k: p[k] for k in ("rule", "name", "value", "subject", "conditions", "citation")} for p in items]
    rules = {p["rule"] for p in items}
    if isinstance(ruling, Ruling) and ruling.principle == "explicit-exception" and ruling.winner:
        # a value set that prevails by its own words ("regardless of ...", "unless a lower result ...")
        won = next((p["value"] for p in items if p["name"] == ruling.winner and p["value"].startswith("=")), None)
        if won is not None:
            return Modifier(side, stat, won, False, shown)
    if len(rules) < len(items) or not same_models(items):
        # for different models (Fear's -1 and +1 to hit; attacks with a Halberd, with a Great Weapon): never added
        return Modifier(side, stat, None, False, shown)
    if isinstance(ruling, Ruling) and ruling.principle == "never-stacks":
        values = {p["value"] for p in items}
        # the never-stacking sentence may say what applies instead ("simply apply a -2 shooting modifier")
        stated = said_to_apply([c["quote"] for c in ruling.citations if c not in [p["citation"] for p in items]])
        return Modifier(side, stat, values.pop() if len(values) == 1 else stated, False, shown)
    if isinstance(ruling, Unresolved) or sum(bool(_REROLL.search(p["value"])) for p in items) > 1:
        return Modifier(side, stat, None, False, shown)  # two re-rolls of a roll are no sum
    return Modifier(side, stat, total([p["value"] for p in items]), True, shown)


_REROLL = lazy(r"\bre-?roll", re.I)


def _unsettled_instances(ctx: Context, modifiers: list[Modifier]) -> None:
    """The modifiers of a rule there several times whose text says nothing of several instances
    (an open question, :func:`referee.resolve.principles._silent`): each stated as one instance
    gives it, never multiplied, with "for one instance, or for each of its N instances: the text does
    not say which" beside it as its condition, as any condition the situation cannot tell."""
    for m in modifiers:
        for p in m.parts:
            times = ctx.silent.get((m.side, p["rule"]))
            if times is None:
                continue
            said = f"for one instance, or for each of its {times} instances: the text does not say which"
            if said not in p["conditions"]:
                p["conditions"].append(said)
            m.stacks = False


def _limits(view: Book, m: Modifier, ruling: Ruling | Unresolved | None) -> list[dict[str, Any]]:
    """The sentences that say how a stat's modifiers combine: a part's rule's own "cannot be combined"
    or "never stacks", and the never-stacking sentence a ruling on them quotes."""
    from referee.resolve.ruling import _unique

    names = view.rule_names
    own = [quote(rel["citation"], names) for rid in dict.fromkeys(p["rule"] for p in m.parts) for rel in view.relations_out(rid)
           if never_stacks(rel)]
    said = [c for c in (ruling.citations if ruling is not None else []) if c not in [p["citation"] for p in m.parts]] if len(m.parts) > 1 else []
    return _unique(own + said)


def _limited(m: Modifier, ruling: Ruling | Unresolved | None) -> Ruling | None:
    """A part's own limit on the total ("This to-hit modifier cannot be combined with any other
    negative to-hit modifiers"), where another modifier of the stat is there: a ruling on the
    total, quoting the limit with the modifiers it limits (unless a ruling on them quotes it)."""
    if isinstance(ruling, Ruling) and ruling.principle == "never-stacks" or len(m.parts) < 2:
        return None
    own = [c for c in m.limits if any(c["rule"] == p["rule"] for p in m.parts)]
    if not own:
        return None
    limiting = [p for p in m.parts if any(c["rule"] == p["rule"] for c in own)]
    others = [p for p in m.parts if p not in limiting]
    words = " ".join(c["quote"].lower() for c in own)
    sign = "-" if "negative" in words else "+" if "positive" in words else ""
    others = [p for p in others if p["value"].startswith(sign)]  # "any other negative to-hit modifiers": the negative ones
    if not others:
        return None
    said = ", ".join(f"{p['name']} {p['value']}" for p in others)
    outcome = (f"{m.stat}: {', '.join(p['name'] + ' ' + p['value'] for p in limiting)} is limited by its own words: it is not added to "
               f"{said} as far as the quoted sentence says; the total is not their sum")
    rules = list(dict.fromkeys(p["name"] for p in m.parts))
    return Ruling(rules, None, "never-stacks", outcome, own + [p["citation"] for p in m.parts], [], [m.side])


# the stats that are die rolls: a limit on every roll's modifiers binds them
_ROLL_STAT = lazy(r"\bto-hit\b|\bto-wound\b|\broll|\bsaves?\b|\btests?\b", re.I)
_WHOLE = lazy(r"[+-]\d+")


def _capped(view: Book, system: str, modifiers: list[Modifier]) -> list[Ruling]:
    """A system's limit on every roll's modifiers ("Dice can never be modified by more than 1 below
    or above the initially needed result"): quoted with every total of a roll's modifiers (its
    ``limits``), and a total beyond it is brought back to it, ruled and quoted."""
    from referee.resolve.ruling import _unique

    caps = roll_caps(view, system)
    if not caps:
        return []
    names = view.rule_names
    cited = [quote(rel["citation"], names) for rel in caps]
    limit = min(int(dict(rel["details"])["value"]) for rel in caps)
    out = []
    for m in modifiers:
        if not _ROLL_STAT.search(m.stat):
            continue
        m.limits = _unique(m.limits + cited)
        if m.value is None or not _WHOLE.fullmatch(m.value) or abs(int(m.value)) <= limit:
            continue
        capped = f"{'-' if int(m.value) < 0 else '+'}{limit}"
        outcome = f"{m.stat}: {m.value} is more than the rules let a roll be modified: it counts as {capped}"
        rules = list(dict.fromkeys(p["name"] for p in m.parts))
        out.append(Ruling(rules, None, "never-stacks", outcome, cited + [p["citation"] for p in m.parts], [], [m.side]))
        m.value = capped
    return out


def _capped_aside(view: Book, system: str, idle: list[Inactive]) -> list[dict[str, Any]]:
    """A system's limit on every roll's modifiers, beside a roll modifier of a rule in play that does not apply
    here and is beyond it ("Ranged 3 trigger -2 to hit" without ``--when melee``): where it applies, it counts
    as the limit, so the limit is quoted with it (an ``in_force`` entry of the rule, how ``cap``, quoting the limit)."""
    caps = roll_caps(view, system)
    if not caps:
        return []
    names = view.rule_names
    limit = min(int(dict(rel["details"])["value"]) for rel in caps)
    out: list[dict[str, Any]] = []
    for item in idle:
        stat, value = item.stated or ("", "")
        if not _ROLL_STAT.search(stat) or not _WHOLE.fullmatch(value) or abs(int(value)) <= limit:
            continue
        capped = f"{'-' if int(value) < 0 else '+'}{limit}"
        for rel in caps:
            words = f"{stat} {value}, where it applies, counts as {capped}: no roll is modified by more than {limit}"
            if not any(e["citation"]["quote"] == rel["citation"]["sentence"] and e["actions"] == [words] for e in out):
                out.append({"side": item.side, "rule": item.rule, "name": item.name, "kind": "settles", "how": "cap", "actions": [words],
                            "subject": None, "conditions": [], "citation": quote(rel["citation"], names)})
    return out


def _which(m: Modifier, ruling: Ruling | Unresolved | None) -> Unresolved:
    """Modifiers that do not stack and differ: which applies stays open, unless the never-stack sentence says ("simply apply a -2")."""
    values = ", ".join(f"{p['name']} {p['value']}" for p in m.parts)
    rule_says = [c["quote"] for c in (ruling.citations if ruling else []) if _APPLY.search(c["quote"])]
    return Unresolved(
        [p["name"] for p in m.parts],
        f"{m.stat}: {values} do not stack, and no principle says which one applies",
        [*(ruling.citations if ruling else []), *(p["citation"] for p in m.parts)],
        tie_break=f"the rules say: {rule_says[0]}" if rule_says else None,
    )


_APPLY = lazy(r"\b(?:simply\s+)?apply\b", re.I)
