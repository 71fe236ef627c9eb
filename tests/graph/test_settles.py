"""A rule's own words that settle or frame a meeting (``settles`` relations, issue 22 round 5):
read from sentences of our own wording, none from sentences that only look alike, and on the
real documents where the referee's answers quote them."""

from __future__ import annotations

import pytest

from referee.graph.sentences import split
from referee.graph.settles import HOWS, RULED, settling, spoken
from referee.model import Citation, Condition, Relation
from referee.resolve.situation_words import RULED as ruled_by_the_referee
from referee.store.record import Build


def _hows(sentence: str) -> dict[str, str]:
    found = settling("demo/rule", Citation("demo/rule", sentence, "demo/rules.txt", 4, 9))
    for rel in found:
        assert (rel.kind, rel.source, rel.target, rel.conditions) == ("settles", "demo/rule", None, ())
        assert (rel.citation.line, rel.citation.column, rel.citation.sentence) == (4, 9, sentence)
    return {dict(r.details)["how"]: dict(r.details)["words"] for r in found}


@pytest.mark.parametrize(("sentence", "how", "words"), [
    ("At the start of each duel, a Duellist may choose which blade it strikes with.", "choice", "may choose which blade it strikes with"),
    ("Only one of the extra hits, picked by the defender, is resolved.", "choice", "picked by the defender"),
    ("If several banners fall, the owning player decides the order in which they are lifted.", "choice",
     "the owning player decides the order in which they are lifted"),
    ("If two banners are raised at once, the generals roll off and the winner decides whose banner is raised first.",
     "tie-break", "roll off and the winner decides whose banner is raised first"),
    ("The player whose turn it is has priority to move his runner first.", "tie-break", "has priority to move his runner first"),
    ("If the score of the duellist is greater than the score of the challenger, the duel is won.",
     "tie-break", "If the score of the duellist is greater than the score of the challenger, the duel is won"),
    ("In the event of a draw, both banners stay.", "tie-break", "In the event of a draw, both banners stay"),
    ("This drill applies to both sides of the skirmish.", "both-sides", "applies to both sides of the skirmish"),
    ("When both armies hold Beacons, nothing happens.", "both-sides", "When both armies hold Beacons, nothing happens"),
    ("A Lantern volley may be fired even if the crew ran this turn.", "permission", "may be fired even if the crew ran this turn"),
    ("A Rout check must also be taken by a unit that lost its banner.", "permission", "must also be taken by a unit that lost its banner"),
    ("The rider can only ignore the usual -1 for the mount, not the extra -1 from Heavy Lance.",
     "permission", "only ignore the usual -1 for the mount, not the extra -1 from Heavy Lance"),
    ("A squad can only make one rally per phase.", "limit", "can only make one rally per phase"),
    ("Its Nerve is never higher than the number in brackets while rallying.", "limit", "is never higher than the number in brackets while rallying"),
    ("Wading in this way does not prevent the squad from volleying.", "permission", "does not prevent the squad from volleying"),
    ("Roll for Misfire after all re-rolls have been made.", "timing", "after all re-rolls"),
    ("Fallen crew are removed from the table only after every volley of the battery is fired.", "timing",
     "are removed from the table only after every volley of the battery is fired"),
    ("Overwatch shots are resolved after a rush is declared but before the rush is measured.", "timing",
     "are resolved after a rush is declared but before the rush is measured"),
    ("If it passes, both sides count as having rushed this round!", "both-sides", "both sides count as having rushed this round!"),
    ("Instead use: 4 Command Points (both players)", "both-sides", "(both players)"),
    ("Hunters can chase into a fresh foe even when they miss their quarry.", "permission", "can chase into a fresh foe even when they miss their quarry"),
    ("Sometimes Sure-Footed names a terrain. Then Sure-Footed only applies when crossing that terrain.", "limit",
     "only applies when crossing that terrain"),
    ("Unless the rule says so (as in the Steadfast special rule), nothing is shared.", "reference", "as in the Steadfast special rule"),
    ("If no value is given, the rule is Venom Blade (5+).", "reference", "the rule is Venom Blade (5+)"),
    ("A war wagon that fails a Rough Ground test suffers D3 Wounds instead of 1.", "reference", "D3 Wounds instead of 1"),
    ("Routing units crossing the ruins must take Rough Ground (4).", "reference", "must take Rough Ground (4)"),
])
def test_the_words_that_settle_are_read(sentence: str, how: str, words: str) -> None:
    assert how in HOWS
    assert _hows(sentence).get(how) == words


@pytest.mark.parametrize("sentence", [
    "This bonus applies to both ranged and melee attacks.",  # both kinds of attack, not both sides
    "It may also be written as Ward (Z), where Z names a kind of spell.",  # how the rule is written
    "The unit may choose to march.",  # a choice of one action, not between things
    "A unit that moved cannot shoot.",  # a prohibition: the effect grammar's
    "Both models gain +1 Strength.",  # 'both' without a side word
    "Mark both players' deployment zones.",  # whose zones, not what both sides do
    "Hunters can chase into a fresh foe when they miss their quarry.",  # no 'even'
    "This bonus only applies once.",  # not where it applies
    "The attacker chooses to charge.",  # a choice of one action, not of which or of an order
    "The winner of the combat gains +1 Leadership.",  # a winner who decides nothing
])
def test_sentences_that_only_look_alike_settle_nothing(sentence: str) -> None:
    assert _hows(sentence) == {}


def test_a_bracket_closing_the_sentence_is_not_in_the_words() -> None:
    assert _hows("Move the model (roll again in case of a tie).") == {"tie-break": "in case of a tie"}


def test_settles_relations_on_the_real_documents(rulebase: Build) -> None:
    found = {(r.source, dict(r.details)["how"]): r for system in rulebase.systems for r in rulebase.relations(system) if r.kind == "settles"}
    make_way = found[("whfb-house/make-way", "tie-break")]
    assert dict(make_way.details)["words"] == "roll off and the winner decides which character makes his Make Way! first"
    assert (make_way.citation.file, make_way.citation.line, make_way.citation.column) == ("whfb-house/house-rules-8th-edition.md", 198, 507)
    assert dict(found[("t9a/poison-attacks", "choice")].details)["words"] == "chosen by the attacker"
    assert dict(found[("scrollhammer/independent-character", "reference")].details)["words"] == "as in the Stubborn special rule"
    assert ("scrollhammer/preferred-enemy", "both-sides") not in found
    assert ("scrollhammer/deep-strike", "both-sides") not in found


def test_settles_sentences_do_not_count_as_read_effects(rulebase: Build) -> None:
    """Coverage counts sentences read into effects: one that only settles stays unread."""
    [sentence] = [s for s in rulebase.graph.sentences["whfb-house"] if s.text.startswith("Each unit can only make one redirect per turn")]
    assert not sentence.typed


def _ruled(sentence: str, typed: tuple[Relation, ...] = ()) -> dict[str, str]:
    found = spoken("demo/rule", Citation("demo/rule", sentence, "demo/rules.txt", 4, 9), list(typed))
    assert all((r.kind, r.target, dict(r.details)["how"] in RULED, r.target_name, r.citation.sentence) == ("settles", None, True, sentence, sentence)
               and "words" not in dict(r.details) for r in found)
    return {dict(r.details)["how"]: dict(r.details).get("situations", "") for r in found}


@pytest.mark.parametrize(("sentence", "ruled"), [
    ("Sappers cannot dig while the trench is in melee range of a foe.", {"situation": "melee"}),
    ("A Rout check must also be made by any charging squad.", {"situation": "charging"}),
    ("Archers may loose even if they marched, but never when fleeing.", {"situation": "fleeing moved"}),
    ("A mounted knight can never be on foot in the first turn.", {"situation": "first-turn on-foot mounted"}),
    ("Each squad can only use one rally per phase.", {"how-often": ""}),
    ("This does not apply to charges through a swamp.", {"situation": "charging"}),
    ("Remember a squad only needs to take one Nerve check in each turn, whatever the cause.", {"how-often": ""}),
    ("Note that gliders still benefit from their 2D6 glide as they flee.", {"situation": "fleeing"}),
    # what the bearer loses then is what happens then
    ("Should a veiled scout shoot, he at once forfeits the veil.", {"situation": "shooting"}),
    ("A raging beast that flees loses its rage.", {"situation": "fleeing"}),
    # a state the sentence asks for that did not happen ("2. They have not made shooting attacks this turn.", a criterion of a list)
    ("The raiders have not made shooting attacks this turn.", {"situation": "shooting"}),
    ("The warband has not fled from the foe this battle.", {"situation": "fleeing"}),
    ("If the score of the hunter is greater than the score of the prey, the prey is caught.", {"contest": ""}),
    ("The total has to be higher than the height of the wall.", {"contest": ""}),
    ("If no value is given in brackets, the rule is Venom Blade (5+).", {"no-number": ""}),
])
def test_the_words_the_referee_rules_on_are_read_with_their_situations(sentence: str, ruled: dict[str, str]) -> None:
    assert _ruled(sentence) == ruled


@pytest.mark.parametrize("sentence", [
    "Mist drifts over the close combat.",  # it speaks of the situation but says nothing may, must or cannot be done
    "For example, a charging squad may cheer.",  # an example
    "A squad may rally once.",  # no situation, no limit per turn
    "If the roll is higher than 3, the unit may dig in.",  # one result against a number is no contest
    "Losses in close combat are counted at the end.",  # "Losses" is no loss of the bearer's
])
def test_sentences_the_referee_does_not_rule_on_read_nothing(sentence: str) -> None:
    assert _ruled(sentence) == {}


def test_a_sentence_read_with_its_situation_in_structured_words_is_not_ruled_on_again() -> None:
    sentence = "Charging lancers gain +1 Strength."
    at = Citation("demo/rule", sentence, "demo/rules.txt", 4, 9)
    plus = Relation("modifies", "demo/rule", None, "Strength", at, (Condition("charging", None, "Charging"),), (("stat", "Strength"), ("value", "+1")))
    assert _ruled("Charging lancers must gain +1 Strength.") == {"situation": "charging"}
    assert _ruled("Charging lancers must gain +1 Strength.", (plus,)) == {}
    kept = Relation("must", "demo/rule", None, "gain", at, (Condition("charging", None, "Charging"),), (("action", "gain"),))
    assert _ruled("Charging lancers must gain +1 Strength.", (kept,)) == {"situation": "charging"}  # a duty is listed, never ruled


def test_a_sentence_with_an_example_in_brackets_is_read_whole() -> None:
    # "e.g." ends no sentence: the rule's words that it does not apply when fleeing are quoted whole
    first, second = split("It may run. This rule does not apply if the unit is fleeing (e.g. after a failed test).")
    assert _ruled(first) == {}
    assert second == "This rule does not apply if the unit is fleeing (e.g. after a failed test)."
    assert _ruled(second) == {"situation": "fleeing"}


def test_the_resolver_rules_on_the_kinds_the_graph_reads_for_it() -> None:
    assert ruled_by_the_referee == RULED and not set(RULED) & set(HOWS)
