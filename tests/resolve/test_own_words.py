"""The rules in play's own words that settle a meeting, quoted by ``resolve`` (issue 22, round 5):
on the real documents, and on a small system of other words."""

from __future__ import annotations

from referee.store.record import Build
from referee.resolve import resolve
from referee.resolve.meeting import sentences
from referee.resolve.render import markdown
from tests.resolve.test_principles import picks, rel, rulings, system


def _own(data: dict) -> list[tuple[str, str, str, str]]:
    return [(d["side"], d["name"], d["how"], d["citation"]["quote"]) for d in data["in_force"] if d["kind"] == "settles"]


def test_a_both_sides_tie_break_is_quoted_whole(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Make Way!", "Make Way!", when=["melee"]).to_json()
    sentence = ("If there are one or more stranded characters on both sides, the players roll off and the winner decides "
                "which character makes his Make Way! first.")
    assert _own(data) == [("self", "Make Way!", "tie-break", sentence)]  # the same rule on both sides: said once
    [both] = [r for r in data["rulings"] if r["principle"] == "both-sides"]
    assert [c["quote"] for c in both["citations"]] == [sentence]  # no longer cut at the name's "!"
    [entry] = [d for d in data["in_force"] if d["kind"] == "settles"]
    assert (entry["citation"]["line"], entry["citation"]["column"]) == (198, 507)


def test_who_goes_first_and_a_permission_are_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Issuing A Challenge", "Issuing A Challenge", when=["melee"]).to_json()
    [(side, name, how, quote)] = _own(data)
    assert (name, how) == ("Issuing A Challenge", "tie-break, limit")
    assert "the side whose turn it is has the opportunity to issue a challenge first" in quote
    data = resolve(rulebase, "whfb-house", "Breath Weapon Shooting Attack", when=["moved", "shooting"]).to_json()
    assert ("self", "Breath Weapon Shooting Attack", "permission",
            "A Breath Weapon shooting attack can be made even if the model marched or reformed during the same turn.") in _own(data)


def test_a_choice_the_text_states_is_quoted_beside_the_open_question(rulebase: Build) -> None:
    data = resolve(rulebase, "t9a", "Battle Focus, Poison Attacks", when=["melee"]).to_json()
    assert [(n, h) for _, n, h, _ in _own(data)] == [("Poison Attacks", "choice, limit")]
    assert "only a single hit, chosen by the attacker, automatically wounds" in _own(data)[0][3]


def test_a_rule_set_aside_says_nothing_of_how_it_meets(rulebase: Build) -> None:
    """Hand Weapon + Shield (foot) is set aside when shot at; none of its words are listed then."""
    data = resolve(rulebase, "whfb-house", "Hand Weapon + Shield (foot)", when=["shooting"]).to_json()
    assert not [d for d in data["in_force"] if d["kind"] == "settles" and d["name"] == "Hand Weapon + Shield (foot)"]


def test_an_open_question_takes_a_rules_own_choice_as_its_tie_break() -> None:
    chooses = "When Quickdraw and Heavy Sword are both held, the wielder may choose which one strikes."
    view = system(
        {"Quickdraw": "Quickdraw strikes first. " + chooses, "Heavy Sword": "Heavy Sword strikes last."},
        [
            rel("overrides", "Quickdraw", "Heavy Sword", "Quickdraw strikes first."),
            rel("overrides", "Heavy Sword", "Quickdraw", "Heavy Sword strikes last."),
            rel("settles", "Quickdraw", None, chooses, details={"how": "choice", "words": "may choose which one strikes"}),
        ],
    )
    data = rulings(view, picks("Quickdraw", "Heavy Sword"))
    [open_question] = data["unresolved"]
    assert open_question["tie_break"] == f"the rules say: {chooses}"
    assert _own(data) == [("self", "Quickdraw", "choice", chooses)]
    text = markdown(data, lambda name, rid: name)
    assert "**The rules' own words on how they meet**" in text
    assert "Quickdraw (your rules): its own words settle it (choice): may choose which one strikes" in text


def test_a_names_exclamation_mark_ends_no_sentence() -> None:
    assert sentences("Shout Charge! first, then move. Halt! The unit stops.") == ["Shout Charge! first, then move.", "Halt!", "The unit stops."]


def test_a_permission_even_if_meets_a_prohibition_of_the_same_case(rulebase: Build) -> None:
    """Light Troops may shoot "even if they Marched or Reformed"; Move or Fire may not be used after a
    March Move or Reform: neither says which prevails, so the question stays open, both quoted."""
    data = resolve(rulebase, "t9a", "Light Troops, Move or Fire", when=["moved", "shooting"]).to_json()
    [open_question] = [u for u in data["unresolved"] if set(u["rules"]) == {"Light Troops", "Move or Fire"}]
    assert open_question["reason"] == ('Light Troops permits "are allowed to shoot even if they Marched or Reformed", and Move or Fire '
                                       "forbids it where the same words hold (march, reform); neither text says which prevails")
    assert [c["quote"] for c in open_question["citations"]] == [
        "They are allowed to shoot even if they Marched or Reformed.",
        "The attack may not be used if the attacking model has made an Advance Move, March Move, Reform or Pivot during the current Player Turn.",
    ]


def test_a_permission_meets_only_a_prohibition_of_what_its_clause_names() -> None:
    allows = "Skirmishers may loose arrows even if they sprinted this turn."
    view = system(
        {"Skirmishers": allows, "Longbow": "A Longbow cannot be loosed if the bearer sprinted.", "Pike": "A Pike cannot be used if the bearer waded."},
        [
            rel("settles", "Skirmishers", None, allows, details={"how": "permission", "words": "may loose arrows even if they sprinted this turn"}),
            rel("cannot", "Longbow", None, "A Longbow cannot be loosed if the bearer sprinted.", details={"action": "be loosed"}),
            rel("cannot", "Pike", None, "A Pike cannot be used if the bearer waded.", details={"action": "be used"}),
        ],
    )
    data = rulings(view, picks("Skirmishers", "Longbow", "Pike"))
    assert [sorted(u["rules"]) for u in data["unresolved"]] == [["Longbow", "Skirmishers"]]
    assert not [r for r in data["rulings"] if r["winner"] in ("Longbow", "Skirmishers")]
