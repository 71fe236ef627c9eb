"""The rules in play's own words that settle a meeting, quoted by ``resolve`` (issue 22, round 5):
on the real documents, and on a small system of other words."""

from __future__ import annotations

from referee.store.record import Build
from referee.resolve import resolve
from referee.resolve.meeting import sentences
from referee.resolve.render import markdown
from tests.resolve.test_principles import picks, rel, rulings, system, system_data
from tests.stores import stored


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


def test_what_a_rule_does_not_prevent_meets_a_prohibition_of_it(rulebase: Build) -> None:
    """Feigned Flight: "The Reform after Rallying in this case does not prevent the unit from moving nor
    from shooting"; Move or Fire may not be used after a Reform: open, both quoted."""
    data = resolve(rulebase, "t9a", "Feigned Flight, Move or Fire", when=["moved", "shooting"]).to_json()
    [open_question] = [u for u in data["unresolved"] if set(u["rules"]) == {"Feigned Flight", "Move or Fire"}]
    assert "(reform)" in open_question["reason"]
    assert [c["quote"][:40] for c in open_question["citations"]] == ["The Reform after Rallying in this case d", "The attack may not be used if the attack"]


def test_what_a_rule_does_not_prevent_in_a_small_system() -> None:
    spares = "A Rallied squad's regroup does not prevent it from volleying, but it counts as having moved."
    view = system(
        {"Rally Drill": spares, "Crossbow": "A Crossbow cannot volley if the bearer made a regroup.", "Halt": "A unit that regroups cannot halt."},
        [
            rel("settles", "Rally Drill", None, spares, details={"how": "permission", "words": "does not prevent it from volleying"}),
            rel("cannot", "Crossbow", None, "A Crossbow cannot volley if the bearer made a regroup.", details={"action": "volley"}),
            rel("cannot", "Halt", None, "Every unit cannot halt while it marches.", details={"action": "halt"}),
        ],
    )
    data = rulings(view, picks("Rally Drill", "Crossbow", "Halt"))
    assert [sorted(u["rules"]) for u in data["unresolved"]] == [["Crossbow", "Rally Drill"]]
    # a prohibition that names the permitting rule joins them by its own words
    excepted = system(
        {"Rally Drill": spares, "Crossbow": "A Crossbow cannot volley if the bearer made a regroup (unless it has Rally Drill)."},
        [
            rel("settles", "Rally Drill", None, spares, details={"how": "permission", "words": "does not prevent it from volleying"}),
            rel("cannot", "Crossbow", None, "A Crossbow cannot volley if the bearer made a regroup (unless it has Rally Drill).", details={"action": "volley"}),
        ],
    )
    assert [u for u in rulings(excepted, picks("Rally Drill", "Crossbow"))["unresolved"] if u.get("kind") == "touch"] == []
    # a rule granted by the other meets it through that grant, not through a permission's words
    granted = system(
        {"Regroup": spares, "Crossbow": "A Crossbow cannot volley if the bearer made a regroup. The bearer gains Regroup."},
        [
            rel("settles", "Regroup", None, spares, details={"how": "permission", "words": "does not prevent it from volleying"}),
            rel("cannot", "Crossbow", None, "A Crossbow cannot volley if the bearer made a regroup.", details={"action": "volley"}),
            rel("grants", "Crossbow", "Regroup", "The bearer gains Regroup."),
        ],
    )
    assert rulings(granted, picks("Crossbow"))["unresolved"] == []


def test_a_rules_sentence_naming_another_rule_in_play_is_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Backfire, Template", when=["shooting"]).to_json()
    [entry] = [d for d in data["in_force"] if d["kind"] == "settles" and d["how"] == "mentions"]
    assert (entry["name"], entry["actions"]) == ("Backfire", ["Template"])
    assert entry["citation"]["quote"] == "Template and Blast weapons with Backfire roll a die separate from the weapon."
    alone = resolve(rulebase, "scrollhammer", "Backfire", when=["shooting"]).to_json()
    assert not [d for d in alone["in_force"] if d["how"] == "mentions"]  # Template not in play: nothing to say of it


def test_a_sentence_naming_another_rule_is_quoted_once_in_a_small_system() -> None:
    names = "Shields held against a Rusty Blade crack on a 6."
    view = system({"Rusty Blade": names, "Shield": "A Shield gives +1 Armour."}, [
        rel("references", "Rusty Blade", "Shield", names),
    ])
    data = rulings(view, picks("Rusty Blade", "Shield"))
    # the Shield, of which nothing else is quoted, is read out by its first sentence (tests/resolve/test_quotable.py)
    assert [(d["name"], d["how"], d["actions"], d["citation"]["quote"]) for d in data["in_force"]] == [
        ("Rusty Blade", "mentions", ["Shield"], names), ("Shield", "defines", ["A Shield gives +1 Armour"], "A Shield gives +1 Armour.")]
    # a sentence already quoted by a ruling is not listed again
    both = system({"Rusty Blade": names, "Shield": "A Shield gives +1 Armour."}, [
        rel("references", "Rusty Blade", "Shield", names),
        rel("excludes", "Rusty Blade", "Shield", names),
    ])
    assert [d for d in rulings(both, picks("Rusty Blade", "Shield"))["in_force"] if d["how"] == "mentions"] == []


def test_who_chooses_the_order_is_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "whfb-house", "Panic tests").to_json()
    assert any(d["how"] == "choice" and "the controlling player chooses the order in which tests are made" in d["actions"]
               for d in data["in_force"] if d["kind"] == "settles")


def test_an_examples_names_a_sections_list_and_a_grant_are_no_mentions_in_a_small_system() -> None:
    example = "For example: Rusty Blade or Shield."
    lists = "The kit of a soldier: Shield."
    grants = "The bearer gains Shield."
    view = system({"Armoury": example, "Kit": lists, "Quartermaster": grants, "Shield": "A Shield gives +1 Armour.", "Rusty Blade": "x."}, [
        rel("references", "Armoury", "Shield", example),
        rel("references", "Kit", "Shield", lists),
        rel("grants", "Quartermaster", "Shield", grants),
        rel("references", "Quartermaster", "Shield", grants),
    ])
    data = system_data({"Kit": lists, "Shield": "A Shield gives +1 Armour."}, [rel("references", "Kit", "Shield", lists)])
    data["rules"]["demo/Shield"]["parent"] = "demo/Kit"
    assert [d for d in rulings(stored(data), picks("Kit", "Shield"))["in_force"] if d["how"] == "mentions"] == []
    assert [d for d in rulings(view, picks("Armoury", "Shield"))["in_force"] if d["how"] == "mentions"] == []
    assert [d for d in rulings(view, picks("Quartermaster"))["in_force"] if d["how"] == "mentions"] == []
    assert [d["name"] for d in rulings(view, picks("Kit", "Shield"))["in_force"] if d["how"] == "mentions"] == ["Kit"]  # no section here


def test_a_rule_named_in_small_letters_or_plural_by_another_in_play_is_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Reaction units", "Directive 9").to_json()
    [named] = [d for d in data["in_force"] if d["how"] == "mentions" and d["name"] == "Directive 9"]
    assert named["actions"] == ["Reaction units"] and "-1 reaction units this round" in named["citation"]["quote"]
    data = resolve(rulebase, "whfb-house", "Monsterous Ranks, Steadfast (only The Horde formation)", when=["melee"]).to_json()
    [named] = [d for d in data["in_force"] if d["how"] == "mentions" and d["name"] == "Monsterous Ranks"]
    assert "only six model in frontage" in named["citation"]["quote"]


def test_a_name_in_other_words_in_a_small_system() -> None:
    view = system({"Sabotage": "The enemy may field -1 scout squads this turn.", "Scout Squads": "Each leader may field one scout squad.",
                   "Banner": "A banner gives +1 Nerve."}, [])
    data = resolve(view, "demo", picks("Scout Squads"), picks("Sabotage")).to_json()
    assert [(d["name"], d["actions"], d["citation"]["quote"]) for d in data["in_force"] if d["how"] == "mentions"] == [
        ("Sabotage", ["Scout Squads"], "The enemy may field -1 scout squads this turn.")]
    assert [d for d in resolve(view, "demo", picks("Banner"), picks("Sabotage")).to_json()["in_force"] if d["how"] == "mentions"] == []


def test_a_sentence_on_every_rule_of_another_rules_kind_is_quoted_in_a_small_system() -> None:
    # "They never benefit from any weapons or other Attack Attributes ..." beside a weapon: the kind said of all of it
    bare = "Brawlers never use any weapons they carry."
    data = system_data({"Bare Fists": bare, "Cleaver": "A Cleaver gives +1 Strength.", "Keen Eye": "Keen Eye rerolls misses.",
                        "Grim": "Grim ignores all special rules."}, [])
    data["rules"]["demo/Cleaver"]["category"] = "3 Hand Weapon"
    data["rules"]["demo/Keen Eye"]["category"] = "Special Rule"
    data["rules"]["demo/Grim"]["category"] = "Special Rule"
    view = stored(data)
    named = [(d["name"], d["actions"], d["citation"]["quote"]) for d in rulings(view, picks("Bare Fists", "Cleaver"))["in_force"] if d["how"] == "mentions"]
    assert named == [("Bare Fists", ["Cleaver"], bare)]
    # a category of rules in general is no kind a sentence names ("all special rules" beside Keen Eye)
    assert [d for d in rulings(view, picks("Grim", "Keen Eye"))["in_force"] if d["how"] == "mentions"] == []
    # a weapon named without "any", "all", "every" or "no" is not all of that kind
    assert [d for d in rulings(view, picks("Keen Eye", "Cleaver"))["in_force"] if d["how"] == "mentions"] == []


def test_what_the_bearer_forfeits_in_the_situation_is_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "scrollhammer", "Invisibility, Split Fire", when=["shooting"]).to_json()
    quotes = [c["quote"] for r in data["rulings"] if r["principle"] == "own-words" and r["rules"] == ["Invisibility"] for c in r["citations"]]
    assert quotes == ["If an Invisible model attack, shoots, uses an activated special ability, or tries to cast another spell, he instantly "
                      "forfeits the Invisibility."]


def test_when_casualties_are_removed_is_quoted(rulebase: Build) -> None:
    data = resolve(rulebase, "last-edition", "Ranged 2 splash 5, Removing models", when=["shooting"]).to_json()
    assert ("self", "Removing models", "timing",
            "Casualties are removed from the battlefield after all shooting attacks from the same unit are resolved against the target unit.") in _own(data)


def test_a_clause_for_both_sides_having_the_rule_is_read_only_where_both_have_it(rulebase: Build) -> None:
    clause = "If both sides have Outflank, roll off to see who places first."
    view = system({"Outflank": f"Outflankers arrive from a table edge. {clause}"},
                  [rel("settles", "Outflank", None, clause, details={"how": "both-sides", "words": clause.rstrip(".")})])
    listed = lambda data: [(d["how"], d["citation"]["quote"]) for d in data["in_force"] if d["kind"] == "settles"]
    assert listed(rulings(view, picks("Outflank"), picks("Outflank"))) == [("both-sides", clause)]
    # one side alone: the clause says nothing, the rule's first words say what it is
    assert listed(rulings(view, picks("Outflank"))) == [("defines", "Outflankers arrive from a table edge.")]
    data = resolve(rulebase, "last-edition", "Objective security", opponent="Flying").to_json()
    assert [d["citation"]["quote"] for d in data["in_force"] if d["name"] == "Objective security"] == [
        "Models with this keyword automatically hold objectives even if they are outnumbered."]
