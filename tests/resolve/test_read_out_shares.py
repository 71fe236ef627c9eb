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
    def said(data: dict, how: str) -> list[str]:
        return [d["citation"]["quote"] for d in data["in_force"] if d.get("how") == how]

    volley = resolve(rulebase, "whfb-house", "Volley Fire, Fire in two ranks", when=["shooting"]).to_json()
    assert any(q.startswith("If it does so, half the models in the third and any subsequent ranks, rounding up") for q in said(volley, "effect"))
    fliers = resolve(rulebase, "whfb-house", "Air And Ground Movement (flee, overrun and pursue)").to_json()
    assert said(fliers, "keeps") == ["Note that they still benefit from their 3D6 distance as they flee overrun and pursue."]
    view = system({"Massed Bows": "Archers may loose together. If they do, half the models in the rear ranks may shoot as well.",
                   "Gliders": "Gliders run on foot when routing. Note that they still benefit from their long stride.",
                   "Militia": "Less than half the models are veterans. Militia are cheap."}, [])
    data = rulings(view, picks("Massed Bows", "Gliders", "Militia"))
    assert said(data, "effect") == ["If they do, half the models in the rear ranks may shoot as well."]
    assert said(data, "keeps") == ["Note that they still benefit from their long stride."]
