"""Tables, cards, glossary lines and labelled paragraphs in Markdown (issue 24).

Every fixture here is written for these tests; none is copied from a rule set.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.model import Entry, Field
from referee.sources.document import Document
from referee.sources.markdown import read
from tests.conftest import examples


def md(text: str, role: str = "core") -> list[Entry]:
    return read(Document("demo", "demo/rules.md", "markdown", role, text))


def brief(entries: list[Entry]) -> list[tuple[str | None, int, int, int, str | None]]:
    return [(e.name, e.source.line, e.source.end_line, e.source.column, e.parent) for e in entries]


# -- tables of entries, one shape at a time -----------------------------------------

PIPE = """\
## Gifts

Gifts a hero may take.

| Gift | Effect | Cost |
|------|--------|-----:|
| Keen Eye | Re-roll one missed shot each turn. | 5 |
| Iron Hide (IH) | The hero ignores the first wound. | 10 |
"""

GRID = """\
## Tools

+-----------+------+------------------------+
| Tool      | Cost | Use                    |
+===========+======+========================+
| Rope      | 2    | Climb a wall of any    |
|           |      | height.                |
+-----------+------+------------------------+
| Lantern   | 1    | Light a dark room.     |
+-----------+------+------------------------+
"""

SIMPLE = """\
## Mounts

  Mount     Move   Notes
-------   ------   ---------------------
  Pony         6   Slow but steady.
  Warhorse    10   Fast and brave.
"""

HTML = """\
## Marks

<table>
<thead>
<tr><th>Name</th><th>Description</th></tr>
</thead>
<tbody>
<tr>
<td><p>Mark of Ash</p></td>
<td><p>The bearer <b>cannot</b> burn.</p></td>
</tr>
<tr>
<td><p>Mark of Frost</p></td>
<td><p>Enemies in contact move <img src="slow.png" alt="half speed">.</p></td>
</tr>
</tbody>
</table>
"""

CARDS = """\
## Relics

<table>
<tbody>
<tr>
<td colspan="3"><img src="horn.png" /></td>
</tr>
<tr>
<td colspan="3"><p>Horn of Dawn</p></td>
</tr>
<tr>
<td><p>31</p></td>
<td><p>D66</p></td>
<td><p>8 Points</p></td>
</tr>
<tr>
<td colspan="3"><p>Once per game, every friend may move again.</p></td>
</tr>
</tbody>
</table>

| Rest - 1 AP |
|----|
| The model regains one wound. |
"""


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (PIPE, [("Gifts", 1, 8, 1, None), ("Keen Eye", 7, 7, 3, "Gifts"), ("Iron Hide", 8, 8, 3, "Gifts")]),
        (GRID, [("Tools", 1, 10, 1, None), ("Rope", 6, 7, 3, "Tools"), ("Lantern", 9, 9, 3, "Tools")]),
        (SIMPLE, [("Mounts", 1, 6, 1, None), ("Pony", 5, 5, 3, "Mounts"), ("Warhorse", 6, 6, 3, "Mounts")]),
        # a row's entry runs from its name cell to the row's last cell
        (HTML, [("Marks", 1, 17, 1, None), ("Mark of Ash", 9, 10, 8, "Marks"), ("Mark of Frost", 13, 14, 8, "Marks")]),
        # a card runs from its title row to its last row
        (CARDS, [("Relics", 1, 24, 1, None), ("Horn of Dawn", 9, 17, 20, "Relics"), ("Rest", 22, 24, 3, "Relics")]),
    ],
    ids=["pipe", "grid", "simple", "html", "cards"],
)
def test_each_row_or_card_is_a_rule_cited_to_its_own_cell(text: str, expected: list[tuple[str, int, int, int, str | None]]) -> None:
    assert brief(md(text)) == expected


def test_the_other_cells_are_fields_and_the_running_text_is_text() -> None:
    gifts, keen, iron = md(PIPE)
    assert (keen.text, keen.fields) == ("Re-roll one missed shot each turn.", (Field("Cost", "5"),))
    assert [a.name for a in iron.aliases] == ["IH"]  # "Name (ABBR)": the abbreviation is an alias
    assert (gifts.text, gifts.tables) == ("Gifts a hero may take.", ())  # the rows left its text
    rope = md(GRID)[1]
    assert (rope.text, rope.fields) == ("Climb a wall of any height.", (Field("Cost", "2"),))
    pony = md(SIMPLE)[1]
    assert (pony.text, pony.fields) == ("Slow but steady.", (Field("Move", "6"),))


def test_html_cells_are_shown_as_text() -> None:
    _, ash, frost = md(HTML)
    assert ash.text == "The bearer cannot burn."
    assert frost.text == "Enemies in contact move half speed."  # an image by its alt text


def test_a_card_is_named_by_its_title_row() -> None:
    _, horn, rest = md(CARDS)
    assert (horn.text, horn.fields) == ("Once per game, every friend may move again.", (Field("", "31 | D66 | 8 Points"),))
    # values each followed by their label are named fields
    card = md(CARDS.replace("<td><p>8 Points</p></td>", "<td><p>8</p></td>\n<td><p>Points</p></td>"))[1]
    assert card.fields == (Field("D66", "31"), Field("Points", "8"))
    assert (rest.text, rest.heading) == ("The model regains one wound.", "Rest - 1 AP")


DATA = [
    # a dice table
    "## Panic\n\n| 2D6 | Result |\n|---|---|\n| 2-6 | Flee |\n| 7-12 | Hold |\n",
    # a chart of numbers
    "## Ranges\n\n| Range | Modifier |\n|---|---|\n| 6 | +1 |\n| 12 | 0 |\n",
    # row labels under an empty corner (like whfb-house's Dangerous Terrain table)
    "## Terrain\n\n|  | Forest | Water |\n|---|---|---|\n| Cavalry | DT(2) | DT(1) |\n| Chariot | DT(4) | - |\n",
    # a name repeated: rows of a chart, not definitions
    "## Orders\n\n| Order | Tile | Effect |\n|---|---|---|\n| Move | Empty | Go there. |\n| Move | Held | Stay. |\n",
    # tab-separated lines with a dice column
    "## Roll\n\nD6\tResult\n1-3\tNothing\n4-6\tFlee\n",
]


@pytest.mark.parametrize("text", DATA)
def test_a_table_of_data_stays_one_table_in_its_rule(text: str) -> None:
    (entry,) = md(text)
    assert len(entry.tables) == 1 and entry.fields == ()


# -- glossary lines and labelled paragraphs ------------------------------------------

GLOSSARY = """\
# Glossary

Action Points (AP): How many actions a model takes in its activation.

Line of Sight (LoS): Whether one model sees another.

Cover — Terrain between a shooter and its target.
"""


def test_glossary_lines_are_one_rule_each_with_the_abbreviation_an_alias() -> None:
    glossary, ap, los, cover = md(GLOSSARY)
    assert brief([ap, los, cover]) == [
        ("Action Points", 3, 3, 1, "Glossary"),
        ("Line of Sight", 5, 5, 1, "Glossary"),
        ("Cover", 7, 7, 1, "Glossary"),
    ]
    assert [a.name for a in ap.aliases] == ["AP"] and [a.name for a in los.aliases] == ["LoS"]
    assert ap.text == "How many actions a model takes in its activation."
    assert glossary.text == ""


LABELLED = """\
## Skills

Every hero has skills.

**Stealth (STL):** Moving unseen.

- *Climbing* Scaling walls and cliffs.
- **Swimming**[2] Crossing water; see page 2.

**Sword** **Fighting**: Fighting with a blade.

**Only once** per turn may a hero use a skill: this stays the text of Skills.

**Wealth** is what a hero owns.

Note: a lead-in stays a paragraph.
"""


def test_a_labelled_paragraph_defines_its_term() -> None:
    skills, *rest = md(LABELLED)
    got = [(e.name, [a.name for a in e.aliases], str(e.source), e.text) for e in rest]
    assert got == [
        ("Stealth", ["STL"], "demo/rules.md:5", "Moving unseen."),
        ("Climbing", [], "demo/rules.md:7:3", "Scaling walls and cliffs."),
        ("Swimming [2]", ["Swimming"], "demo/rules.md:8:3", "Crossing water; see page 2."),  # [N] like (N)
        ("Sword Fighting", [], "demo/rules.md:10", "Fighting with a blade."),
        ("Wealth", [], "demo/rules.md:14", "Wealth is what a hero owns."),  # a sentence defining its bold subject
    ]
    assert skills.text == (
        "Every hero has skills.\n\nOnly once per turn may a hero use a skill: this stays the text of Skills.\n\n"
        "Note: a lead-in stays a paragraph."
    )


def test_a_label_repeating_its_section_heading_stays_text() -> None:
    (entry,) = md("## Distances\n\n**Distances** are measured in inches.\n")
    assert entry.text == "Distances are measured in inches."


def test_one_plain_label_outside_a_glossary_is_text() -> None:
    (entry,) = md("## Ranks\n\nMaking Way: Characters may move to another rank.\n")
    assert entry.text == "Making Way: Characters may move to another rank."


def test_labels_inside_code_and_tables_are_not_read() -> None:
    (entry,) = md("## Code\n\n```\n**Term**: not a rule\n```\n")
    assert entry.text == "**Term**: not a rule"


STATUS = """\
## Conditions

<table>
<thead>
<tr><th></th><th>Effect</th><th>Ended by</th></tr>
</thead>
<tbody>
<tr>
<td><img src="dazed.png" /></td>
<td><p>Dazed</p>
<p>May only walk this turn.</p></td>
<td><p>REST<br />
PRAY</p></td>
</tr>
</tbody>
</table>
"""


def test_a_name_over_its_text_and_a_cell_of_short_lines() -> None:
    # an image column is skipped; "Dazed" over a sentence is a name and its text
    _, dazed = md(STATUS)
    assert (dazed.name, dazed.source.line, dazed.source.column) == ("Dazed", 10, 8)
    assert (dazed.text, dazed.fields) == ("May only walk this turn.", (Field("Ended by", "REST, PRAY"),))


def test_before_the_first_heading_tables_and_glossary_lines_define_rules_too() -> None:
    entries = md("Roll-off: Each player rolls a die.\n\nTurn: One round of play.\n\n# Fear\n\nUnits flee.\n")
    assert [(e.name, e.parent, e.source.line, e.flags) for e in entries] == [
        ("Roll-off", None, 1, ()),
        ("Turn", None, 3, ()),
        ("Fear", None, 5, ()),
    ]


def test_a_row_naming_its_own_section_is_that_rule_s_profile() -> None:
    (unarmed,) = md("## Unarmed:\n\nFists and feet.\n\n| name | RNG | ATK |\n|---|---|---|\n| Unarmed | 1 | 2 |\n")
    assert (unarmed.name, unarmed.text, unarmed.fields) == ("Unarmed", "Fists and feet.", (Field("RNG", "1"), Field("ATK", "2")))


# -- every citation points at its name, whatever the layout ---------------------------

_WORDS = st.sampled_from(["Brave", "Swift", "Iron Hide", "Keen Eye", "Stone Skin", "Fury", "Ward", "Mist Step"])
_PADS = st.integers(min_value=0, max_value=4)


@settings(max_examples=examples(60), deadline=None)
@given(st.lists(st.tuples(_WORDS, _PADS, _PADS), min_size=1, max_size=6, unique_by=lambda t: t[0]), _PADS, st.booleans())
def test_an_entry_s_line_and_column_point_at_its_name(rows: list[tuple[str, int, int]], indent: int, html: bool) -> None:
    if html:
        body = ["<table>", "<thead><tr><th>Name</th><th>Effect</th></tr></thead>", "<tbody>"]
        body += [f"<tr>{' ' * a}<td>{' ' * b}{name}</td><td>Acts at once.</td></tr>" for name, a, b in rows]
        body += ["</tbody>", "</table>"]
    else:
        body = [" " * indent + "| Name | Effect |", " " * indent + "|---|---|"]
        body += [" " * indent + f"|{' ' * (a + 1)}{name}{' ' * b}| Acts at once. |" for name, a, b in rows]
    text = "## Gifts\n\n" + "\n".join(body) + "\n"
    lines = text.split("\n")
    _, *entries = md(text)
    assert [e.name for e in entries] == [name for name, _, _ in rows]
    for entry in entries:
        line = lines[entry.source.line - 1]
        assert line[entry.source.column - 1 :].startswith(entry.name), (entry.name, line, entry.source)
