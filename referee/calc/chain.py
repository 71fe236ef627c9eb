"""Attacks through stages: each unit passes a stage or not (or is multiplied),
then the attacks are added up by convolution."""

from __future__ import annotations

import re
from fractions import Fraction

from referee.calc import question as q
from referee.calc.answers import Step, fraction
from referee.calc.citations import Rulebook, rule_sentences
from referee.calc.dice import Distribution
from referee.calc.errors import Refusal, not_defined
from referee.calc.stage import StageResult
from referee.patterns import lazy

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any


def answer(book: Rulebook, system: str, chain: q.Chain, module: Any) -> dict[str, Any]:
    steps: list[Step] = []
    results: list[StageResult] = []
    previous: Any = None
    for stage in chain.stages:
        handler = module.FORMS.get(type(stage))
        if handler is None and isinstance(stage, q.Rolled):  # read from the rules' own sentences, in any system
            from referee.calc import effects

            alone = chain.count is None and chain.wounds is None and len(chain.stages) == 1
            handler = lambda book, stage: effects.rolled(book, stage, system, module, alone=alone)  # noqa: E731
        if handler is None and isinstance(stage, q.NamedSave):  # "then Regeneration save": its number from the rule
            handler = lambda book, stage: _named_save(book, system, stage, module)  # noqa: E731
        if handler is None and isinstance(stage, q.MultipleWounds):  # read from the system's own rule of that name
            from referee.calc import named

            handler = lambda book, stage: named.multiple_wounds(book, system, stage)  # noqa: E731
        if handler is None:
            raise not_defined(system, stage.mechanic)
        link = module.LINKS.get((type(previous), type(stage))) if previous is not None else None
        if link is not None:
            steps.append(Step(_link_text(stage), book.cite(link)))
        result = handler(book, stage)
        if isinstance(stage, (q.Hit, q.Wound, q.ArmourSave, q.DodgeSave, q.PureSave)) and (stage.reroll is not None or stage.modifier):
            result = _rerolled(book, system, stage, result, module)
        steps.extend(result.steps)
        results.append(result)
        previous = stage
    if chain.wounds is not None:
        return _each_wound(book, system, chain, results[0], steps)
    if chain.count is None and len(results) == 1:
        only = results[0]
        out: dict[str, Any] = {"steps": steps, "probability": only.probability, "needed": only.needed, "outcome": only.noun}
        out["probability_of"] = only.probability_of
        if only.counts:
            out["distribution"] = only.per_unit
        return out
    per_attack = Distribution.certain(1)
    merged = False
    index = 0
    while index < len(results):
        result = results[index]
        following = chain.stages[index + 1] if index + 1 < len(results) else None
        if result.skips is not None:
            kind, joint = result.skips
            if isinstance(following, q.Rolled) and following.kind == kind:
                per_attack = per_attack.each(_through(joint, results[index + 1].per_unit))
                steps.append(Step(f"Units that pass the {kind} roll unrolled are added to those the roll lets through.", None))
                merged = True
                index += 2
                continue
            steps.append(Step(f"No {kind} roll follows in the question: those units are counted as {result.noun}.", None))
        per_attack = per_attack.each(result.per_unit)
        index += 1
    count = chain.count if chain.count is not None else 1
    noun = results[-1].noun
    tests = [r.per_unit[1] for r in results if not r.counts]
    if len(tests) == len(results) and not merged:
        product = " × ".join(fraction(t) for t in tests)
        steps.append(Step(f"Each attack ends as one of the {noun} with chance {product} = {fraction(per_attack[1])}.", None))
    else:
        steps.append(Step(f"Each attack gives {noun} with mean {fraction(per_attack.mean)}.", None))
    total = per_attack.times(count)
    if count != 1:
        steps.append(Step(f"{count} attacks, each on its own: every total counted exactly; mean {fraction(total.mean)} {noun}.", None))
    return {
        "steps": steps,
        "probability": total.at_least(1),
        "probability_of": f"1 or more {noun}",
        "distribution": total,
        "outcome": noun,
    }


# "roll one dice for each wound", "Roll a D6 each time an unsaved Wound is suffered", "Each time a wound
# roll was scored against the target, the target can now defend itself by rolling an armor save"; for
# hits: "Each time a hit is scored against a target a wound roll is made against the same target"
_EACH = {thing: lazy(rf"\b(?:for\s+(?:each|every)|each\s+time)\b[^.]*?\b{thing}", re.I) for thing in ("wound", "hit")}


def _each_wound(book: Rulebook, system: str, chain: q.Chain, result: StageResult, steps: list[Step]) -> dict[str, Any]:
    """One stage rolled against each of ``chain.wounds`` wounds or hits ("pure 4++ with 3 wounds", "wound
    S4 vs T4 with 3 hits"): a save against wounds, a wound roll against hits, where a sentence of the
    rule the stage rests on (or of the system, naming that save or the wound roll; for The Last
    Edition's saves, all special armour saves, an armour save) rolls it once for each; how many of
    them come out."""
    from referee.calc.errors import Refusal

    thing = chain.counted
    stage = chain.stages[0]
    example = "'pure 4++ with 3 wounds', 'wound S4 vs T4 with 3 hits'"
    if chain.count is not None or len(chain.stages) > 1:
        raise Refusal(f"a number of {thing} is asked of one roll alone ({example}); with attacks through stages, give 'N attacks'", system)
    saves = isinstance(stage, (q.ArmourSave, q.DodgeSave, q.PureSave, q.FeelNoPain)) or (isinstance(stage, q.Rolled) and stage.kind == "save")
    wounds = isinstance(stage, q.Wound) or (isinstance(stage, q.Rolled) and stage.kind == "wound")
    if not (saves if thing == "wounds" else wounds):
        raise Refusal(f"a number of wounds is asked of a save, of hits of a wound roll ({example}), not {thing} of {stage.mechanic}", system)
    each = _EACH[thing[:-1]]
    cited = list(dict.fromkeys(s.citation.rule for s in result.steps if s.citation is not None))
    found = None
    for rule in filter(None, map(book.rule, cited)):
        found = next(((rule, s) for s in rule_sentences(rule) if each.search(s)), None)
        if found:
            break
    if found is None:  # a sentence elsewhere that rolls it for each, naming it
        if thing == "hits":
            pattern = r"\bwound\s+rolls?\b"
        else:
            pattern = rf"\b{re.escape(stage.save)}\s+saves?\b" if isinstance(stage, q.Rolled) else r"\barmou?r\s+saves?\b"
        named = re.compile(pattern, re.I)
        found = next(((r, s) for r in book.in_system(system) for s in rule_sentences(r) if each.search(s) and named.search(s)), None)
    if found is None:
        raise Refusal(f"no sentence of {system}'s documents says this roll is made for each {thing[:-1]}; calc will not assume it", system)
    rule, sentence = found
    steps.append(Step(f"One roll for each of the {chain.wounds} {thing}.", book.quote(rule, sentence)))
    total = result.per_unit.times(chain.wounds)
    noun = result.noun
    steps.append(Step(f"{chain.wounds} {thing}, each on its own ({fraction(result.per_unit[1])} each): every total counted exactly; mean {fraction(total.mean)} {noun}.", None))
    return {"steps": steps, "probability": total.at_least(1), "probability_of": f"1 or more {noun}", "distribution": total, "outcome": noun}


def _through(joint: dict[tuple[int, int], Fraction], next_stage: Distribution) -> Distribution:
    """What one unit becomes through a stage and the next one, when some of the units it
    makes pass the next stage without its roll: ``joint`` {(units, unrolled): chance}."""
    out: dict[int, Fraction] = {}
    for (units, unrolled), chance in joint.items():
        for total, p in next_stage.times(units - unrolled).items():
            out[total + unrolled] = out.get(total + unrolled, Fraction(0)) + chance * p
    return Distribution(out)


def _link_text(stage: Any) -> str:
    if isinstance(stage, q.Wound):
        return "Each hit makes a wound roll."
    if isinstance(stage, q.PureSave):
        return "A wound whose armour save failed may still take the pure save."
    return "Each wound scored may be saved."


def _named_save(book: Rulebook, system: str, stage: q.NamedSave, module: Any) -> StageResult:
    """A rule's save named alone after "then": its number read from the rule as ``<name> save`` reads it
    (the steps that found it quoted first), then the roll as ``<name> N+ save`` is.  Only a save, and only
    one D6 against that number: anything else the rule rolls is refused."""
    from referee.calc import effects, named

    words = stage.words
    shown = " ".join(words)
    if len(words) < 2 or words[-1].lower() not in ("save", "saves"):
        raise Refusal(f"'{shown}' after 'then' is not a stage; a rule's save is asked as '{shown} save' or '{shown} 4+ save'", system)
    found = named.forms(system)[q.RuleRoll](book, q.RuleRoll(words))
    needed = found.get("needed") or ""
    if not needed.endswith("+") or found.get("probability") != Fraction(7 - int(needed[:-1]), 6):
        raise Refusal(f"{shown} is not one D6 against a number, so calc cannot take it as a stage; ask it alone ('{shown}')", system)
    return effects.rolled(book, q.Rolled("save", int(needed[:-1]), save=" ".join(words[:-1])), system, module, source=list(found["steps"]))


def _rerolled(book: Rulebook, system: str, stage: Any, worked_out: StageResult, module: Any) -> StageResult:
    """A stage whose target number the system works out ("hit CS4 vs CS4"), with a
    re-roll the question gives: the D6 it needs is re-rolled as a roll given by that
    number would be ("hit 4+ reroll failed"), under the system's own re-roll sentence."""
    from referee.calc import effects
    from referee.calc.errors import Refusal

    needed = worked_out.needed
    if needed is None or not needed[:-1].isdigit() or not 2 <= int(needed[:-1]) <= 6:
        what = "re-rolling" if stage.modifier == 0 else "modifying"
        raise Refusal(f"{stage.mechanic}: this roll is not one D6 needing 2+ to 6+, so calc cannot say what {what} it does", system)
    kind = "hit" if isinstance(stage, q.Hit) else "wound" if isinstance(stage, q.Wound) else "save"
    save = {q.ArmourSave: "armour", q.DodgeSave: "dodge", q.PureSave: "pure"}.get(type(stage))
    again = effects.rolled(book, q.Rolled(kind, int(needed[:-1]), save=save, modifier=stage.modifier, reroll=stage.reroll), system, module)
    return again._replace(steps=worked_out.steps + again.steps[1:])  # its first step restates the number
