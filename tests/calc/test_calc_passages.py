"""A lead-in and a table of die results inside a rule's text, asked by their words:
on the project's documents, and on a rules folder of my own worded another way."""

from __future__ import annotations

from fractions import Fraction

import pytest

from referee.calc import answer
from referee.calc.errors import Refusal
from referee.store.record import assemble
from tests.conftest import write_system


@pytest.mark.parametrize(
    ("question", "expected"),
    [
        ("deep strike mishap destroyed", Fraction(1, 6)),  # "1: Destroyed!", its die read from the keys 1 to 6
        ("deep strike mishap misplaced", Fraction(1, 3)),  # "2-3: Misplaced!"
        ("Deep Strike Mishap Table: Delayed", Fraction(1, 2)),
        ("mishap destroyed", Fraction(1, 6)),  # the table named by its last words
        ("look out sir", Fraction(2, 3)),  # "Look out, Sir!: ... roll a d6: on the roll of a 3+", inside Precision
        ("Look out Sir!", Fraction(2, 3)),
        ("look out sir roll", Fraction(2, 3)),  # "roll" asks for its own roll, not a thing it rolls for
    ],
)
def test_passages_on_the_documents(rulebase, question, expected):
    found = answer(rulebase, "scrollhammer", question)
    assert found.probability == expected
    cited = [s.citation for s in found.steps if s.citation is not None]
    assert cited and cited[0].file == "scrollhammer/special-rules.wiki"


def test_the_entry_is_quoted_and_the_die_said_to_be_read_from_the_keys(rulebase):
    found = answer(rulebase, "scrollhammer", "deep strike mishap destroyed")
    assert found.steps[0].citation.quote == "1: Destroyed!"
    assert found.steps[0].citation.rule == "scrollhammer/deep-strike"
    assert "do not name the table's die" in found.steps[1].text


@pytest.mark.parametrize(
    ("question", "why"),
    [
        ("deep strike mishap", "name an entry of the Deep Strike Mishap Table"),
        ("deep strike mishap vanished", "no dice or number"),
        ("Precision", "say what Precision rolls for"),  # its own roll is not its lead-in's
    ],
)
def test_refused_with_the_reason(rulebase, question, why):
    with pytest.raises(Refusal) as err:
        answer(rulebase, "scrollhammer", question)
    assert why in err.value.message


MANIFEST = 'id = "whfb-house"\ntitle = "Mini"\nlanguages = ["en"]\n[[documents]]\npath = "rules.md"\nformat = "markdown"\nlang = "en"\n'


def test_the_mechanism_reads_tables_and_lead_ins_worded_my_way(tmp_path):
    """A table whose die the line before it rolls (a D3), keyed "On a N," and "N+:", and a
    lead-in of my own naming the roll it makes."""
    rules = (
        "# Mini rules\n\n"
        "## Scatter\n\n"
        "The shooter rolls a D3:\n\n"
        "On a 1, Short! The shot lands short.\n\n"
        "2+: Long! The shot flies on.\n\n"
        "## Banner\n\n"
        "A banner inspires its unit.\n\n"
        "Last Stand: when the bearer is alone, roll a D6; on a 5+ he stays.\n"
    )
    build = assemble(write_system(tmp_path, "whfb-house", MANIFEST, {"rules.md": rules}))
    assert answer(build, "whfb-house", "scatter short").probability == Fraction(1, 3)
    long = answer(build, "whfb-house", "scatter long")
    assert long.probability == Fraction(2, 3) and long.needed == "2+"
    assert "one D3" in long.steps[1].text
    assert answer(build, "whfb-house", "last stand").probability == Fraction(1, 3)
    with pytest.raises(Refusal, match="say what Banner rolls for"):
        answer(build, "whfb-house", "banner")


@pytest.mark.parametrize(
    ("system", "question", "offered"),
    [
        ("whfb-house", "Thunderstomb hits", "did you mean Thunderstomp (whfb-house/thunderstomp)?"),
        ("scrollhammer", "look out sur", "did you mean Look out, Sir! (in scrollhammer/precision)?"),
    ],
)
def test_a_name_no_rule_has_is_offered_the_closest_names(rulebase, system, question, offered):
    with pytest.raises(Refusal) as err:
        answer(rulebase, system, question)
    assert err.value.message.endswith(offered)
    assert "did you mean" not in str(pytest.raises(Refusal, answer, rulebase, "whfb-house", "Nonesuch hits").value)


@pytest.mark.parametrize(
    ("system", "question", "expected"),
    [
        # "center" and "objective" stand in 4-5 and in 6; together and in order only in 4-5
        ("last-edition", "storm center objective", Fraction(1, 3)),
        ("last-edition", "storm the center objective", Fraction(1, 3)),
        ("last-edition", "storm side objectives", Fraction(1, 6)),
    ],
)
def test_an_entry_named_by_a_phrase_on_the_documents(rulebase, system, question, expected):
    found = answer(rulebase, system, question)
    assert found.probability == expected
    assert found.steps[0].citation.rule == "last-edition/storm"


@pytest.mark.parametrize(
    ("system", "question", "entries"),
    [
        ("last-edition", "storm objective center", ("4-5:", "6:")),  # together, but not in the order asked
        ("last-edition", "storm center", ("4-5:", "6:")),
    ],
)
def test_a_phrase_in_more_than_one_entry_is_refused_naming_them(rulebase, system, question, entries):
    with pytest.raises(Refusal, match="more than one entry") as err:
        answer(rulebase, system, question)
    assert all(entry in err.value.message for entry in entries)


def test_the_phrase_decides_between_entries_worded_my_way(tmp_path):
    """Both entries hold "gate" and "open"; one holds "open gate" together, the other "open the gate"."""
    rules = (
        "# Mini rules\n\n"
        "## Siege\n\n"
        "The attacker rolls a D6:\n\n"
        "1-4: The defenders open the gate and sally out.\n\n"
        "5-6: The open gate lets the attacker in.\n"
    )
    build = assemble(write_system(tmp_path, "whfb-house", MANIFEST, {"rules.md": rules}))
    assert answer(build, "whfb-house", "siege open gate").probability == Fraction(1, 3)
    assert answer(build, "whfb-house", "siege open the gate").probability == Fraction(2, 3)
    assert answer(build, "whfb-house", "siege the open gate").probability == Fraction(1, 3)  # "the" leads in
    assert answer(build, "whfb-house", "siege gate sally").probability == Fraction(2, 3)
    with pytest.raises(Refusal, match="more than one entry"):
        answer(build, "whfb-house", "siege gate")


@pytest.mark.parametrize(
    ("question", "faces", "quoted"),
    [
        # "right" stands in 3-4 ("they come on from the right") and in 5-6 only as one side of
        # "choose left or right": the entry stating it is named, the choice is said not counted
        ("outflank right", "3-4", "On a 3-4, they come on from the right"),
        ("outflank left", "1-2", "On a 1 -2, the unit comes in from the table edge to the left"),
        ("outflank choose", "5-6", "On a 5-6, the player can choose left or right"),
        ("outflank left or right", "5-6", "On a 5-6, the player can choose left or right"),
    ],
)
def test_a_word_offered_only_as_a_choice_names_the_entry_stating_it(rulebase, question, faces, quoted):
    found = answer(rulebase, "scrollhammer", question)
    assert found.probability == Fraction(1, 3)
    assert found.steps[0].citation.quote.startswith(quoted)
    assert found.steps[0].text.endswith(f"on a {faces}.")
    # the die is quoted from the sentence that rolls it, not the paragraph's first sentence
    assert found.steps[1].citation.quote.endswith("the controlling player rolls a D6.")
    choice = [s for s in found.steps if "one side of a choice" in s.text]
    assert bool(choice) == (faces != "5-6")
    if choice:
        assert choice[0].citation.quote.startswith("On a 5-6, the player can choose left or right")


def test_a_choice_gives_way_only_to_one_entry_stating_the_word_worded_my_way(tmp_path):
    """"east" stands outright in 1-2 and as a choice in 5-6: 1-2 is named.  "west" stands
    outright in 3 and 4 and as a choice in 5-6: two entries state it, so it is refused."""
    rules = (
        "# Mini rules\n\n"
        "## Drift\n\n"
        "The balloon drifts. Roll a D6:\n\n"
        "1-2: The wind blows it to the east\n\n"
        "3: The wind blows it to the west\n\n"
        "4: A gust carries it west\n\n"
        "5-6: Its pilot may steer it east or west\n"
    )
    build = assemble(write_system(tmp_path, "whfb-house", MANIFEST, {"rules.md": rules}))
    east = answer(build, "whfb-house", "drift east")
    assert east.probability == Fraction(1, 3)
    assert any("one side of a choice" in s.text for s in east.steps)
    assert answer(build, "whfb-house", "drift steer").probability == Fraction(1, 3)
    with pytest.raises(Refusal, match="more than one entry") as err:
        answer(build, "whfb-house", "drift west")
    assert "3: The wind blows it to the west" in err.value.message and "4: A gust" in err.value.message
