"""A whole rule's own limits (referee.graph.limits), on wordings of this test's own."""

from __future__ import annotations

import pytest

from referee.graph.limits import whole_limits

CASES = [
    # a phase and the bearer's state in the defining sentence
    (["Twice per Shooting Phase, an unengaged Gunner may pick one Cannon within 8\" to reroll its Misfire."], "Gunner",
     [("shooting", "per Shooting Phase"), ("not-melee", "unengaged Gunner")]),
    (["At the start of each Fight sub-phase, models with Bloodfury gain +1 Attacks if they are outnumbered."], "Bloodfury",
     [("melee", "At the start of each Fight sub-phase")]),
    (["At the beginning of each Round of Combat, models with Duelist may pick which weapon they fight with."], "Duelist",
     [("melee", "At the beginning of each Round of Combat")]),
    (["Every unit within 10\" of a friendly non-Fleeing model with War Drum may reroll failed Panic Tests."], "War Drum",
     [("not-fleeing", "non-Fleeing model with War Drum")]),
    (["While the model is engaged in a combat, it may reroll failed Fear Tests."], "Grim Resolve",
     [("melee", "While the model is engaged in a combat")]),
    (["While engaged in a combat, a model with Berserk gains +1 Strength."], "Berserk", [("melee", "While engaged in a combat")]),
    (["A unit with this rule that is locked in combat may leave it at the end of the turn."], "Slippery",
     [("melee", "A unit with this rule that is locked in combat")]),
    # the bearer's unit shooting, said by the verb; the outcomes of the test the first sentence asks for continue it
    (["When a unit with at least one model with this rule shoots, one model may fire at another target.", "First the unit takes a Nerve test.",
      "If the test is failed, nothing happens.", "If the test is passed, the model picks its own target."], "Spotter",
     [("shooting", "When a unit with at least one model with this rule shoots")]),
    # a sentence on the rule's own use binds it wherever it stands
    (["The model gains +1 Defensive Skill.", "Riposte may only be used against Close Combat Attacks."], "Riposte",
     [("melee", "may only be used against Close Combat Attacks")]),
    (["This Arrowhead can only be used with Shortbows or Warbows.", "Its attacks gain Flaming Attacks."], "Fire Arrows",
     [("with-one-of", "can only be used with Shortbows or Warbows")]),
    # nothing: a later sentence states an effect of its own, so the first binds only itself
    (["At the start of the Charge Phase, non-Fleeing units with Bloodlust must test.", "Units with Bloodlust gain +1 Attacks."], "Bloodlust", []),
    (["In the Shooting Phase, it must shoot the nearest unit.", "If it is charged, it gains +1 Strength."], "Wild", []),
    # nothing: a limit in a later sentence is that sentence's, and the condition of someone else is no limit
    (["A model with Sharp Eyes ignores Cover.", "In the Shooting Phase, it also gains +1 to hit."], "Sharp Eyes", []),
    (["If an enemy is shooting at a model behind a hedge, the target counts as in cover."], "Hedge", []),
    # both kinds of fight named: a limit to neither
    (["Grit may only be used against Close Combat Attacks and Shooting Attacks."], "Grit", []),
    # an effect lasting to a later phase is no phase of the rule
    (["A unit hit by Stun cannot shoot in the following Shooting Phase."], "Stun", []),
]


@pytest.mark.parametrize("sentences, name, expected", CASES, ids=[c[1] for c in CASES])
def test_a_whole_rules_own_limits(sentences: list[str], name: str, expected: list[tuple[str, str]]) -> None:
    assert [(limit.situation, limit.words) for limit in whole_limits(sentences, name)] == expected


def test_the_weapons_a_rule_is_used_with() -> None:
    [one] = whole_limits(["This Arrowhead can only be used with Shortbows or Warbows without Runes."], "Fire Arrows")
    assert one.value == ("Shortbows", "Warbows")
    [both] = whole_limits(["This Arrowhead can only be used with Shortbow and Paired Weapons."], "Twin Fire")
    assert (both.situation, both.value) == ("with-all-of", ("Shortbow", "Paired Weapons"))
