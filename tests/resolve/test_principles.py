"""Each principle of the precedence model alone, on small systems made here (plain-data views)."""

from __future__ import annotations

from typing import Any

import pytest

from referee.resolve import Pick, resolve
from referee.store.rows import Stored as View
from tests.stores import stored

SYSTEM = "demo"


def rel(kind: str, source: str, target: str | None, sentence: str, *, conditions: tuple[tuple[str, str | None, str], ...] = (),
        details: dict[str, str] | None = None, subject: str | None = None) -> dict[str, Any]:
    return {
        "kind": kind,
        "source": f"demo/{source}",
        "target": f"demo/{target}" if target else None,
        "target_name": target,
        "subject": subject,
        "conditions": [{"situation": s, "value": v, "text": t} for s, v, t in conditions],
        "details": dict(details or {}),
        "citation": {"rule": f"demo/{source}", "sentence": sentence, "file": "demo/rules.txt", "line": 3, "column": 5},
    }


def system(rules: dict[str, str], relations: list[dict[str, Any]], roles: dict[str, str] | None = None,
           second: dict[str, str] | None = None) -> View:
    """A store of one system: rule name -> text; ``second``: another document's text of a rule."""
    return stored(system_data(rules, relations, roles, second))


def name_index(rules: dict[str, str]) -> dict[str, Any]:
    """The ``names`` rows of :func:`system_data`'s rules, each found by its own name (folded as the store folds)."""
    return {SYSTEM: {name.lower(): [f"demo/{name}"] for name in rules}}


def system_data(rules: dict[str, str], relations: list[dict[str, Any]], roles: dict[str, str] | None = None,
                second: dict[str, str] | None = None) -> dict[str, Any]:
    """:func:`system`'s rows before they are stored, for a test to change some first."""
    data: dict[str, Any] = {
        "key": "", "systems": [SYSTEM], "unmanaged": [], "names": {}, "rule_names": {}, "rules": {}, "summaries": [],
        "core_terms": {}, "relations_out": {}, "relations_in": {},
    }
    for line, (name, text) in enumerate(rules.items(), start=1):
        rid = f"demo/{name}"
        source = {"file": "demo/rules.txt", "line": line, "end_line": line, "column": 1}
        role = (roles or {}).get(name, "core")
        versions = [{"text": text, "source": source, "document": "demo/rules.txt", "role": role, "lang": "en"}]
        if second and name in second:
            other = {"file": "demo/other.txt", "line": 7, "end_line": 7, "column": 1}
            versions.append({"text": second[name], "source": other, "document": "demo/other.txt", "role": "glossary", "lang": "en"})
        data["rules"][rid] = {"id": rid, "name": name, "system": SYSTEM, "text": text, "source": source, "versions": versions,
                              "children": [], "parent": None, "aliases": []}
        data["rule_names"][rid] = name
    for r in relations:
        data["relations_out"].setdefault(r["source"], []).append(r)
        if r["target"]:
            data["relations_in"].setdefault(r["target"], []).append(r)
    return data


def picks(*names: str | tuple[str, tuple[str, ...]]) -> list[Pick]:
    out = []
    for n in names:
        name, params = (n, ()) if isinstance(n, str) else n
        out.append(Pick(f"demo/{name}", params, name))
    return out


def rulings(view: View, mine: list[Pick], theirs: list[Pick] | None = None, when: tuple[str, ...] = ()) -> dict[str, Any]:
    return resolve(view, SYSTEM, mine, theirs, when).to_json()


def brief(data: dict[str, Any]) -> list[tuple[str, str | None, list[str]]]:
    return [(r["principle"], r["winner"], r["rules"]) for r in data["rulings"]]


OVERRIDE = rel("overrides", "Spear", "Shieldwall", "Spears ignore Shieldwall.")


def test_an_explicit_exception_wins_over_the_rule_it_names() -> None:
    view = system({"Spear": "Spears ignore Shieldwall.", "Shieldwall": "+1 Armour."}, [OVERRIDE])
    data = rulings(view, picks("Spear"), picks("Shieldwall"))
    assert brief(data) == [("explicit-exception", "Spear", ["Spear", "Shieldwall"])]
    assert data["rulings"][0]["citations"] == [
        {"rule": "demo/Spear", "name": "Spear", "file": "demo/rules.txt", "line": 3, "column": 5, "quote": "Spears ignore Shieldwall."}
    ]


def test_two_rules_that_each_say_they_prevail_stay_unresolved_with_both_cited() -> None:
    back = rel("overrides", "Shieldwall", "Spear", "Shieldwall ignores Spears.")
    view = system({"Spear": "x.", "Shieldwall": "y."}, [OVERRIDE, back])
    data = rulings(view, picks("Spear"), picks("Shieldwall"))
    assert data["rulings"] == []
    [open_question] = data["unresolved"]
    assert open_question["rules"] == ["Spear", "Shieldwall"] or open_question["rules"] == ["Shieldwall", "Spear"]
    assert {c["quote"] for c in open_question["citations"]} == {"Spears ignore Shieldwall.", "Shieldwall ignores Spears."}
    assert open_question["tie_break"] is None


def test_the_source_tier_is_offered_as_the_referees_convention_where_two_rules_each_prevail() -> None:
    # no sentence says which of the two prevails: the manifest's roles give the referee's convention,
    # offered, labelled, and the question stays open
    back = rel("overrides", "Shieldwall", "Spear", "Shieldwall ignores Spears.")
    view = system({"Spear": "x.", "Shieldwall": "y."}, [OVERRIDE, back], roles={"Shieldwall": "faction", "Spear": "core"})
    data = rulings(view, picks("Spear"), picks("Shieldwall"))
    assert brief(data) == []
    [open_question] = data["unresolved"]
    assert sorted(open_question["rules"]) == ["Shieldwall", "Spear"]
    assert open_question["convention"].startswith("by the referee's convention (source tier: an army or faction rule wins over a universal rule")
    assert "Shieldwall (faction) prevails over Spear (core): the more specific source" in open_question["convention"]
    assert {c["quote"] for c in open_question["citations"]} == {"Spears ignore Shieldwall.", "Shieldwall ignores Spears."}


def test_an_exception_whose_condition_the_situation_cannot_tell_says_its_if() -> None:
    roll = rel("overrides", "Spear", "Shieldwall", "On a 6, Spears ignore Shieldwall.", conditions=(("natural-roll", "6", "On a 6"),))
    view = system({"Spear": "x.", "Shieldwall": "y."}, [roll])
    [ruling] = rulings(view, picks("Spear"), picks("Shieldwall"))["rulings"]
    assert ruling["conditions"] == ["On a 6"] and ruling["outcome"].startswith("Spear prevails over Shieldwall, on a 6")


def test_an_exception_whose_situation_does_not_hold_is_inactive_with_the_reason() -> None:
    melee = rel("excludes", "Pike", "Buckler", "A model with a Pike cannot use a Buckler in melee.", conditions=(("melee", None, "melee"),))
    view = system({"Pike": "x.", "Buckler": "y."}, [melee, rel("modifies", "Buckler", None, "+1 Armour.", details={"stat": "Armour", "value": "+1"})])
    idle = rulings(view, picks("Pike", "Buckler"), when=("shooting",))
    assert idle["rulings"] == [] and [m["value"] for m in idle["modifiers"]] == ["+1"]
    [inactive] = idle["in_play"]["inactive"]
    assert inactive["name"] == "Buckler" and "--when melee not given" in inactive["reason"]
    busy = rulings(view, picks("Pike", "Buckler"), when=("melee",))
    assert brief(busy) == [("explicit-exception", "Pike", ["Pike", "Buckler"])]
    assert busy["modifiers"] == []  # the Buckler cannot be used: its +1 Armour is gone
    assert [e["set_aside"] for e in busy["in_play"]["self"]] == [None, "Buckler cannot be used together with Pike"]


def test_immunity_removes_the_effects_of_the_other_sides_rule() -> None:
    view = system(
        {"Brave": "x.", "Dread": "y."},
        [
            rel("immune-to", "Brave", "Dread", "Brave models are immune to Dread."),
            rel("must", "Dread", None, "Enemies must take a Dread Test.", details={"action": "take a Dread Test"}),
            rel("modifies", "Dread", None, "Enemies suffer -1 Discipline.", details={"stat": "Discipline", "value": "-1"}),
        ],
    )
    data = rulings(view, picks("Brave"), picks("Dread"))
    assert brief(data) == [("immunity", "Brave", ["Brave", "Dread"])]
    assert "need not take a Dread Test" in data["rulings"][0]["outcome"]
    assert data["modifiers"] == []
    # the same rule on the same side: nothing to be immune to
    assert rulings(view, picks("Brave", "Dread"))["rulings"] == []


def test_errata_come_first() -> None:
    view = system({"Fix": "x."}, [rel("amends", "Fix", None, "Fix (replace p.3)", details={"op": "replace"})])
    [ruling] = rulings(view, picks("Fix"))["rulings"]
    assert (ruling["principle"], ruling["winner"]) == ("errata", "Fix") and "(replace) amends" in ruling["outcome"]


def test_cannot_beats_must_on_the_same_action_in_other_words() -> None:
    view = system(
        {"Rage": "x.", "Engine": "y."},
        [
            rel("must", "Rage", None, "The unit must declare a Charge if possible.", details={"action": "declare a Charge"},
                conditions=(("if-possible", None, "if possible"),)),
            rel("cannot", "Engine", None, "The model cannot declare Charges.", details={"action": "declare Charges"}),
            rel("cannot", "Engine", None, "The model cannot Pursue.", details={"action": "Pursue"}),
        ],
    )
    [ruling] = rulings(view, picks("Rage", "Engine"))["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["rules"]) == ("cannot-beats-can", "Engine", ["Engine", "Rage"])
    assert ruling["outcome"] == "Engine cannot declare Charges: Rage's obligation to declare a Charge yields (it holds only if possible)"


def _scouting_rage() -> View:
    return system(
        {"Rage": "x.", "Scouting": "y."},
        [
            rel("must", "Rage", None, "It must always attempt to charge the nearest unit.", details={"action": "attempt to charge the nearest unit"}),
            rel("cannot", "Scouting", None, "A unit cannot charge in the first turn.", details={"action": "charge"},
                conditions=(("first-turn", None, "in the first turn"),)),
            rel("cannot", "Scouting", None, "A unit cannot declare a Charge Reaction.", details={"action": "declare a Charge Reaction"}),
        ],
    )


def test_cannot_on_a_bare_verb_meets_an_obligation_to_attempt_it_where_its_condition_holds() -> None:
    # they meet; neither sentence says which prevails, so cannot beats must is offered, not ruled
    data = rulings(_scouting_rage(), picks("Rage", "Scouting"), when=("first-turn",))
    assert data["rulings"] == []
    [open_question] = data["unresolved"]
    assert open_question["rules"] == ["Scouting", "Rage"]
    assert open_question["convention"].endswith("the referee may hold: Scouting cannot charge: Rage's obligation to attempt to charge "
                                                "the nearest unit yields")


def test_a_prohibition_that_names_the_obliging_rule_as_its_exception_settles_it() -> None:
    # "regardless of Rage": the prohibition's own words name the other rule; that is the relation
    view = system({"Rage": "x.", "Calm": "y."}, [
        rel("must", "Rage", None, "It must always attempt to charge the nearest unit.", details={"action": "attempt to charge the nearest unit"}),
        rel("cannot", "Calm", None, "A calm unit cannot charge, regardless of Rage.", details={"action": "charge"})])
    [ruling] = rulings(view, picks("Rage", "Calm"))["rulings"]
    assert (ruling["principle"], ruling["winner"], ruling["relation"]["quote"]) == ("cannot-beats-can", "Calm", "A calm unit cannot charge, regardless of Rage.")
    # and an obligation whose own sentence makes it the exception to the forbidding rule prevails over it
    view = system({"Rage": "x.", "Calm": "y."}, [
        rel("must", "Rage", None, "It gains Calm, with one exception: it must always attempt to charge the nearest unit.",
            details={"action": "attempt to charge the nearest unit"}),
        rel("cannot", "Calm", None, "A calm unit cannot charge.", details={"action": "charge"})])
    [ruling] = rulings(view, picks("Rage", "Calm"))["rulings"]
    assert (ruling["principle"], ruling["winner"]) == ("explicit-exception", "Rage")
    assert ruling["relation"]["quote"].startswith("It gains Calm, with one exception")
    # a prohibition that says it holds for any reason: its own words
    view = system({"Rage": "x.", "Calm": "y."}, [
        rel("must", "Rage", None, "It must always attempt to charge the nearest unit.", details={"action": "attempt to charge the nearest unit"}),
        rel("cannot", "Calm", None, "A calm unit cannot charge under any circumstances.", details={"action": "charge"})])
    [ruling] = rulings(view, picks("Rage", "Calm"))["rulings"]
    assert (ruling["winner"], ruling["relation"]["quote"]) == ("Calm", "A calm unit cannot charge under any circumstances.")
    assert ruling["outcome"].endswith("(as Calm's own words say; its words: \"under any circumstances\")")


def test_no_meeting_where_the_prohibitions_condition_fails() -> None:
    assert rulings(_scouting_rage(), picks("Rage", "Scouting"))["rulings"] == []


def test_cannot_declare_a_charge_never_meets_must_declare_a_charge_reaction() -> None:
    view = system(
        {"Rage": "x.", "Engine": "y."},
        [
            rel("must", "Rage", None, "The unit must declare a Charge Reaction.", details={"action": "declare a Charge Reaction"}),
            rel("cannot", "Engine", None, "The model cannot declare a Charge.", details={"action": "declare a Charge"}),
        ],
    )
    assert rulings(view, picks("Rage", "Engine"))["rulings"] == []


def test_a_cumulative_rule_adds_its_parameters() -> None:
    view = system({"Focus": "x."}, [rel("stacks", "Focus", None, "Focus is cumulative.", details={"mode": "cumulative"})])
    data = rulings(view, picks(("Focus", ("1",)), ("Focus", ("2",))))
    assert brief(data) == [("stacking", None, ["Focus"])]
    assert data["in_play"]["self"][0]["params"] == ["3"] and data["in_play"]["self"][0]["instances"] == 2


def test_the_same_rule_twice_whose_text_is_silent_is_open_and_with_different_values_too() -> None:
    # was: "the same rule twice applies once", a convention of the model stated as a ruling
    view = system({"Ward": "Ward saves a wound. It gives +1 Armour."}, [
        rel("modifies", "Ward", None, "It gives +1 Armour.", details={"stat": "Armour", "value": "+1"})])
    same = rulings(view, picks(("Ward", ("5+",)), ("Ward", ("5+",))))
    assert same["rulings"] == [] and [u["rules"] for u in same["unresolved"]] == [["Ward"]]
    assert "says nothing of several instances" in same["unresolved"][0]["reason"]
    assert same["unresolved"][0]["citations"][0]["quote"] == "It gives +1 Armour."
    assert [(m["value"], m["stacks"], m["parts"][0]["conditions"]) for m in same["modifiers"]] == [
        ("+1", False, ["for one instance, or for each of its 2 instances: the text does not say which"])]
    differ = rulings(view, picks(("Ward", ("5+",)), ("Ward", ("4+",))))
    assert differ["rulings"] == [] and [u["rules"] for u in differ["unresolved"]] == [["Ward"]]


def test_a_rule_twice_with_no_amount_brings_nothing_more_and_says_that_is_the_referees_reading() -> None:
    view = system({"Sure": "The unit may march."}, [])
    data = rulings(view, picks(("Sure", ("5+",)), ("Sure", ("5+",))))  # a needed roll is no amount
    assert brief(data) == [("stacking", None, ["Sure"])] and data["unresolved"] == []
    assert "the referee's reading; no sentence says so" in data["rulings"][0]["outcome"]


def test_a_system_sentence_that_no_ability_stacks_settles_a_rule_twice_quoted() -> None:
    view = system({"Blur": "-1 to hit.", "Abilities": "Any ability that changes a value never stacks."}, [
        rel("modifies", "Blur", None, "-1 to hit.", details={"stat": "to-hit", "value": "-1"}),
        rel("stacks", "Abilities", None, "Any ability that changes a value never stacks.", details={"mode": "never"},
            subject="Any ability that changes a value"),
    ])
    data = rulings(view, picks("Blur", "Blur"))
    assert brief(data) == [("never-stacks", None, ["Blur"])] and data["unresolved"] == []
    assert [c["quote"] for c in data["rulings"][0]["citations"]][:1] == ["Any ability that changes a value never stacks."]
    assert {(m["stat"], m["value"]) for m in data["modifiers"]} == {("to-hit", "-1")}


def test_modifiers_of_different_rules_added_up_say_the_sum_is_the_referees_default() -> None:
    view = system({"Hide": "+1 cover.", "Smoke": "+1 cover."}, [
        rel("modifies", "Hide", None, "+1 cover.", details={"stat": "cover", "value": "+1"}),
        rel("modifies", "Smoke", None, "+1 cover.", details={"stat": "cover", "value": "+1"}),
    ])
    [ruling] = rulings(view, picks("Hide", "Smoke"))["rulings"]
    assert ruling["outcome"] == ("cover: Hide +1, Smoke +1 add up to +2 (by the referee's default, modifiers of different rules add up: "
                                 "no sentence here says whether they do)")


def _two_bonuses(extra: list[dict[str, Any]], second: str = "+1") -> View:
    return system(
        {"Cover": "x.", "Hide": "y.", "Abilities": "z."},
        [
            rel("modifies", "Cover", None, "+1 Armour.", details={"stat": "Armour", "value": "+1"}),
            rel("modifies", "Hide", None, f"{second} Armour.", details={"stat": "Armour", "value": second}),
            *extra,
        ],
    )


NEVER = rel("stacks", "Abilities", None, "Any ability that raises a value never stacks.", details={"mode": "never"},
            subject="Any ability that raises a value")


def test_modifiers_for_different_models_are_not_added_up() -> None:
    view = system({"Axe": "x.", "Club": "y."}, [
        rel("modifies", "Axe", None, "Attacks made with an Axe gain +1 Strength.", details={"stat": "Strength", "value": "+1"}, subject="Attacks made with an Axe"),
        rel("modifies", "Club", None, "Attacks made with a Club gain +2 Strength.", details={"stat": "Strength", "value": "+2"}, subject="Attacks made with a Club"),
    ])
    data = rulings(view, picks("Axe", "Club"))
    # one entry per whom they are for, each with its own value: never +3
    assert [(m["stat"], m["value"]) for m in data["modifiers"]] == [("Strength", "+1"), ("Strength", "+2")]
    assert data["rulings"] == [] and data["unresolved"] == []
    assert [[p["subject"] for p in m["parts"]] for m in data["modifiers"]] == [["Attacks made with an Axe"], ["Attacks made with a Club"]]


def test_modifiers_of_different_rules_add_up() -> None:
    data = rulings(_two_bonuses([], "+2"), picks("Cover", "Hide"))
    assert [(m["stat"], m["value"], m["stacks"], m["from"]) for m in data["modifiers"]] == [("Armour", "+3", True, ["Cover", "Hide"])]
    assert brief(data) == [("stacking", None, ["Cover", "Hide"])]


def test_a_system_wide_never_stacks_keeps_equal_bonuses_once() -> None:
    data = rulings(_two_bonuses([NEVER]), picks("Cover", "Hide"))
    assert [(m["value"], m["stacks"]) for m in data["modifiers"]] == [("+1", False)]
    assert brief(data) == [("never-stacks", None, ["Cover", "Hide"])] and data["unresolved"] == []
    assert data["rulings"][0]["citations"][0]["quote"] == "Any ability that raises a value never stacks."


def test_never_stacking_bonuses_of_different_size_leave_which_one_unresolved() -> None:
    data = rulings(_two_bonuses([NEVER], "+2"), picks("Cover", "Hide"))
    assert [(m["value"], m["stacks"]) for m in data["modifiers"]] == [(None, False)]
    [question] = data["unresolved"]
    assert question["rules"] == ["Cover", "Hide"] and question["reason"] == "Armour: Cover +1, Hide +2 do not stack, and no principle says which one applies"
    assert question["tie_break"] is None and "left open (unresolved)" in data["rulings"][0]["outcome"]


CAP = rel("stacks", "Dice", None, "Dice can never be modified by more than 1.", details={"mode": "cap", "value": "1"}, subject="Dice")


def _two_hit_penalties(extra: list[dict[str, Any]]) -> View:
    return system(
        {"Cover": "x.", "Hide": "y.", "Dice": "z."},
        [
            rel("modifies", "Cover", None, "-1 to hit.", details={"stat": "to-hit", "value": "-1"}),
            rel("modifies", "Hide", None, "-1 to hit.", details={"stat": "to-hit", "value": "-1"}),
            rel("modifies", "Hide", None, "+1 Armour.", details={"stat": "Armour", "value": "+1"}),
            *extra,
        ],
    )


def test_a_system_wide_limit_on_every_roll_brings_a_total_back_and_is_quoted() -> None:
    data = rulings(_two_hit_penalties([CAP]), picks("Cover", "Hide"))
    hit, armour = data["modifiers"]
    assert (hit["stat"], hit["value"]) == ("to-hit", "-1")
    assert [c["quote"] for c in hit["limits"]] == ["Dice can never be modified by more than 1."]
    assert (armour["stat"], armour["value"], armour["limits"]) == ("Armour", "+1", [])  # no roll: the limit does not speak of it
    [ruling] = [r for r in data["rulings"] if r["principle"] == "never-stacks"]
    assert ruling["outcome"] == "to-hit: -2 is more than the rules let a roll be modified: it counts as -1"
    assert ruling["citations"][0]["quote"] == "Dice can never be modified by more than 1."


def test_without_a_limit_the_same_penalties_add_up() -> None:
    data = rulings(_two_hit_penalties([]), picks("Cover", "Hide"))
    assert [(m["stat"], m["value"], m["limits"]) for m in data["modifiers"]] == [("to-hit", "-2", []), ("Armour", "+1", [])]


def test_two_documents_wording_a_rule_differently_is_shown_with_the_preferred_one() -> None:
    view = system({"Fear": "Fear causes a test. It is scary."}, [], roles={"Fear": "universal"}, second={"Fear": "Fear causes a test. It is frightening."})
    [ruling] = rulings(view, picks("Fear"))["rulings"]
    assert ruling["principle"] == "source-conflict" and ruling["winner"] is None
    assert [(c["file"], c["quote"]) for c in ruling["citations"]] == [("demo/rules.txt", "It is scary."), ("demo/other.txt", "It is frightening.")]
    assert "prefers demo/rules.txt (universal before glossary)" in ruling["outcome"]


def test_grants_carry_their_chain_and_a_failed_condition_brings_nothing_in() -> None:
    view = system(
        {"Wings": "x.", "Light": "y.", "Quick": "z.", "Lancer": "w."},
        [
            rel("grants", "Wings", "Light", "The model gains Light."),
            rel("grants", "Light", "Quick", "Light models gain Quick."),
            rel("grants", "Wings", "Lancer", "Charging, it gains Lancer.", conditions=(("charging", None, "Charging"),)),
        ],
    )
    data = rulings(view, picks("Wings"))
    mine = {e["name"]: e for e in data["in_play"]["self"]}
    assert [s["name"] for s in mine["Quick"]["via"]] == ["Wings", "Light"]
    assert mine["Quick"]["via"][1]["citation"]["quote"] == "Light models gain Quick."
    assert [(i["name"], i["reason"]) for i in data["in_play"]["inactive"]] == [
        ("Lancer", "only when the unit charged this turn (it is the charger) (--when charging not given)")
    ]
    assert "Lancer" in {e["name"] for e in rulings(view, picks("Wings"), when=("charging",))["in_play"]["self"]}


def test_a_rule_lost_in_the_situation_leaves_play() -> None:
    view = system({"Flight": "x.", "Banner": "y."}, [rel("loses", "Flight", "Banner", "A fleeing unit loses Banner.", conditions=(("fleeing", None, "fleeing"),))])
    assert {e["name"] for e in rulings(view, picks("Flight", "Banner"))["in_play"]["self"]} == {"Flight", "Banner"}
    data = rulings(view, picks("Flight", "Banner"), when=("fleeing",))
    assert [e["name"] for e in data["in_play"]["self"]] == ["Flight"]
    assert data["in_play"]["inactive"][0]["reason"] == "lost through Flight (fleeing)"


def test_against_conditions_read_the_other_side() -> None:
    view = system(
        {"Bane": "x.", "Troll": "y."},
        [rel("modifies", "Bane", None, "+1 to wound against Trolls.", details={"stat": "to-wound", "value": "+1"}, conditions=(("against", "demo/Troll", "against Trolls"),))],
    )
    assert rulings(view, picks("Bane"))["modifiers"] == []
    assert [m["value"] for m in rulings(view, picks("Bane"), picks("Troll"))["modifiers"]] == ["+1"]


@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (("sneaking",), "unknown situation flag 'sneaking' for --when (known: charging, not-charging, charged, first-round, first-turn, melee, shooting, fleeing, on-foot, mounted, moved)"),
        (("charging", "not-charging"), "--when charging and --when not-charging cannot both hold"),
        (("on-foot,mounted",), "--when on-foot and --when mounted cannot both hold"),
    ],
)
def test_bad_flags_are_one_clear_error(flags: tuple[str, ...], message: str) -> None:
    from referee.errors import RulesError

    with pytest.raises(RulesError) as err:
        rulings(system({"A": "x."}, []), picks("A"), when=flags)
    assert err.value.message == message


def test_a_never_stack_sentence_that_says_what_to_apply_settles_it() -> None:
    cover = rel("stacks", "Cover", None, "Cover and Hide do not stack: simply apply a -2 modifier.", details={"mode": "never"})
    view = system(
        {"Cover": "x.", "Hide": "y."},
        [
            rel("modifies", "Cover", None, "-2 to hit.", details={"stat": "to-hit", "value": "-2"}),
            rel("modifies", "Hide", None, "-1 to hit.", details={"stat": "to-hit", "value": "-1"}),
            cover,
        ],
    )
    data = rulings(view, picks("Cover", "Hide"))
    assert data["unresolved"] == []  # the sentence says what applies: no open question
    [m] = data["modifiers"]
    assert (m["value"], m["stacks"]) == ("-2", False)
    assert [c["quote"] for c in m["limits"]] == ["Cover and Hide do not stack: simply apply a -2 modifier."]
    assert data["rulings"][0]["outcome"] == "to-hit: Cover -2, Hide -1 never stack: the rules say which: -2 applies"


def test_one_rule_saying_a_modifier_twice_counts_it_once() -> None:
    twice = [rel("modifies", "Cover", None, s, details={"stat": "Armour", "value": "+1"}) for s in ("+1 Armour.", "It gains +1 Armour.")]
    [modifier] = rulings(system({"Cover": "x."}, twice), picks("Cover"))["modifiers"]
    assert (modifier["value"], len(modifier["parts"])) == ("+1", 1)


def test_signed_parameters_of_a_cumulative_rule_keep_their_sign() -> None:
    view = system({"Stealth": "x."}, [rel("stacks", "Stealth", None, "Multiple instances of Stealth stack.", details={"mode": "cumulative"})])
    assert rulings(view, picks(("Stealth", ("+1",)), ("Stealth", ("+2",))))["in_play"]["self"][0]["params"] == ["+3"]


def test_a_rule_that_loses_itself_in_the_situation_leaves_play() -> None:
    view = system({"Scoring": "x."}, [
        {**rel("loses", "Scoring", None, "A unit that is Fleeing loses Scoring.", conditions=(("fleeing", None, "is Fleeing"),)), "target_name": "Scoring"},
        {**rel("loses", "Scoring", None, "A unit that reformed loses Scoring.", subject="A unit that reformed"), "target_name": "Scoring"},
    ])
    calm = rulings(view, picks("Scoring"))["in_play"]["self"]
    assert calm[0]["conditions"] == ["may be lost: A unit that reformed loses Scoring. (Scoring)"]
    fleeing = rulings(view, picks("Scoring"), when=("fleeing",))
    assert fleeing["in_play"]["self"] == [] and fleeing["in_play"]["inactive"][0]["reason"] == "lost through Scoring (is Fleeing)"


def test_mutually_exclusive_rules_leave_the_choice_unresolved() -> None:
    view = system({"Grind": "x.", "Impact": "y."}, [
        rel("excludes", "Grind", "Impact", "A model may only use one of these rules."),
        rel("excludes", "Impact", "Grind", "A model may only use one of these rules."),
    ])
    data = rulings(view, picks("Grind", "Impact"))
    assert data["rulings"] == []
    assert [u["reason"] for u in data["unresolved"]] == ["the rules exclude each other: only one of them can be used, and they do not say which"]


FAST = {"Great Weapon, Lightning Reflexes", "Fear", "Hellebarde,Shield", "Fly (8, 16), Fear", "Channel (1), Channel (2)", "Fortitude (5+)", "Fly ( 08 ,16 ), Fear", "Fear (+2)"}


@pytest.mark.parametrize(
    "text",
    [
        "Great Weapon, Lightning Reflexes", "Fear", "Hellebarde,Shield", "Fly (8, 16), Fear", "Channel (1), Channel (2)", "Ranged 2 heavy",
        "Taking cover, vision hindering", "Fortitude (5+)", "Fly ( 08 ,16 ), Fear", "Devastating Charge (+1 Strength, Poison Attacks)",
        "Fly (8\", 16\")", "Multiple Wounds (D3, Clipped Wings)", "Fear (+2)",
    ],
)
def test_plain_names_give_the_picks_the_grammar_gives(view: View, text: str) -> None:
    """A string of plain names skips the grammar (speed); the picks must be the grammar's own."""
    from referee.keywords import parse, to_json
    from referee.keywords.resolve import resolve as tie
    from referee.resolve.naming import picks

    system = "last-edition" if "heavy" in text or "cover" in text else "t9a"
    from referee.resolve.naming import _plain_names

    if text in FAST:
        assert _plain_names(view, system, text) is not None  # read without the grammar
    uses = parse(text)
    tied = tie(to_json(uses), view, system)["keywords"]
    # a keyword whose pattern a family's name before it fills takes that name's values first ("Ranged 2 heavy": heavy's X is 2)
    joined = {tuple(k["span"]): tuple(str(a) for u in uses if list(u.span) == k["joined"]["span"] for a in u.args) for k in tied if k.get("joined")}
    expected = [(k["rule"], joined.get(tuple(k["span"]), ()) + tuple(str(a) for a in u.args), u.text, u.span) for u, k in zip(uses, tied)]
    assert [(p.rule, p.params, p.text, p.span) for p in picks(view, system, text)] == expected


def test_immunity_sets_aside_only_the_rule_held_against_the_immune_side() -> None:
    view = system(
        {"Brave": "x.", "Dread": "y."},
        [
            rel("immune-to", "Brave", "Dread", "Brave models are immune to Dread."),
            rel("modifies", "Dread", None, "Enemies suffer -1 Discipline.", details={"stat": "Discipline", "value": "-1"}),
        ],
    )
    data = rulings(view, picks("Brave", "Dread"), picks("Dread"))
    assert [e["set_aside"] is not None for e in data["in_play"]["self"]] == [False, False]
    assert data["in_play"]["opponent"][0]["set_aside"].startswith("Brave: its models are immune to the effects of Dread")
    assert [m["side"] for m in data["modifiers"]] == ["self"]
