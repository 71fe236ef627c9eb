"""Sentences a referee reads out of a rule in play (issue 22, round 17's tuning half, whfb-house): a share of the models
that act, by its number, and what a rule's change does not take away; on the real documents and on words of this test's own."""

from __future__ import annotations

from referee.resolve import resolve
from referee.store.record import Build
from tests.resolve.test_principles import picks, rulings, system


def test_a_share_of_the_models_that_act_and_what_they_still_benefit_from_are_read_out(rulebase: Build) -> None:
    """Round 17's tuning half (whfb-house): Volley Fire's "half the models in the third and any subsequent ranks, rounding up,
    are allowed to shoot" is what it does by its numbers (``effect``); Air And Ground Movement's "Note that they still
    benefit from their 3D6 distance as they flee overrun and pursue." is what its change does not take away (``keeps``).
    Beside them, words of this test's own."""
    def said(data: dict, how: str | None) -> list[str]:
        return [d["citation"]["quote"] for d in data["in_force"] if how is None or d.get("how") == how]

    def quoted(data: dict) -> list[str]:
        return [c["quote"] for key in ("rulings", "unresolved") for item in data[key] for c in item["citations"]] + said(data, None)

    # quoted once, by whichever reading comes first (the sentence a situation's words go on to, or this one)
    volley = resolve(rulebase, "whfb-house", "Volley Fire, Fire in two ranks", when=["shooting"]).to_json()
    assert len([q for q in quoted(volley) if q.startswith("If it does so, half the models in the third and any subsequent ranks")]) == 1
    fliers = resolve(rulebase, "whfb-house", "Air And Ground Movement (flee, overrun and pursue)").to_json()
    assert said(fliers, "keeps") == ["Note that they still benefit from their 3D6 distance as they flee overrun and pursue."]
    assert said(fliers, "defines") == ["Fliers always move on the ground when attempting to flee pursue, overrun - there simply is no time for "
                                       "them to take off properly."]
    view = system({"Massed Bows": "Archers may loose together. If they do, half the models in the rear ranks may shoot as well.",
                   "Gliders": "Gliders run on foot when routing. Note that they still benefit from their long stride.",
                   "Militia": "Less than half the models are veterans. Militia are cheap."}, [])
    data = rulings(view, picks("Massed Bows", "Gliders", "Militia"))
    assert said(data, "effect") == ["If they do, half the models in the rear ranks may shoot as well."]
    assert said(data, "keeps") == ["Note that they still benefit from their long stride."]


def test_an_act_of_the_game_its_models_do_not_do_is_read_out_as_a_prohibition(rulebase: Build) -> None:
    """Fighting A Challenge's "If the character is riding in a chariot then the crew and creatures do not fight in the
    challenges at all" (round 17's tuning half, whfb-house): "do not" with an act of the game is a prohibition in its own
    words (``forbids``); "does not prevent the unit from shooting" is none."""
    def said(data: dict) -> list[str]:
        return [d["citation"]["quote"] for d in data["in_force"] if d.get("how") == "forbids"]

    challenge = resolve(rulebase, "whfb-house", "Fighting A Challenge", when=["melee"]).to_json()
    assert said(challenge) == ["If the character is riding in a chariot then the crew and creatures do not fight in the challenges at all "
                               "(see chariot rules)."]
    view = system({"Skirmish": "Skirmishers spread out. Skirmishers do not charge into woods.",
                   "Rally Cry": "A rallied unit reforms. This does not prevent the unit from shooting."}, [])
    assert said(rulings(view, picks("Skirmish", "Rally Cry"))) == ["Skirmishers do not charge into woods."]
