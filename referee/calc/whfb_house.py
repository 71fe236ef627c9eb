"""The WHFB 8th edition house rules' dice: cover modifiers that do not stack,
the Dangerous Terrain Table (house-rules-8th-edition.md), and rolls of D6
added up, which the house rules make for a flee or pursuit roll (2D6 or 3D6).

The table is read from the build (the rule's table, as the Markdown adapter
parsed it), so a row or a number changed in the document changes the answer.
"""

from __future__ import annotations

import re
from fractions import Fraction

from referee.calc import question as q
from referee.calc.answers import Step, fraction, total_needing
from referee.calc.citations import Clause, Rulebook
from referee.calc.dice import Distribution
from referee.calc.errors import Refusal

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any

SYSTEM = "whfb-house"

SOFT = Clause("whfb-house/target-behind-soft-cover", "Soft cover inflicts a -1 shooting modifier")
HARD = Clause("whfb-house/target-behind-hard-cover", "Hard cover inflicts a -2 shooting modifier")
NO_STACK = Clause("whfb-house/target-behind-hard-cover", "the To Hit penalties for hard and soft cover do not stack")
_MODIFIER = re.compile(r"([-−]\d+) shooting modifier")

TABLE_RULE = "whfb-house/dangerous-terrain-table"
SCORE = Clause(TABLE_RULE, "Score equal or less")
MISHAP = Clause("whfb-house/dangerous-terrain", "Number in parentheses and any less score, means that model has suffered a terrible mishap")
CHARIOT_D6 = Clause("whfb-house/dangerous-terrain", "A Chariot that fails a Dangerous Terrain Test suffers D6 Wounds instead of 1")
FLEE_DICE = Clause("whfb-house/move-fleeing-troops", "If the unit normally moves 6\" or less roll 2D6")
FLEE_MORE = Clause("whfb-house/move-fleeing-troops", "If the unit moves more than 6\" roll 3D6")
FLEE_RESULT = Clause("whfb-house/move-fleeing-troops", "The result is the distance covered by the fleeing troops")
_CELL = re.compile(r"^DT\((\d+)\)\s*Wo\((\w+)\)\s*(\*?)$")


def cover(book: Rulebook, asked: q.Cover) -> dict[str, Any]:
    kinds = sorted(set(asked.kinds), key=asked.kinds.index)
    if "light" in kinds:
        raise Refusal(f"{SYSTEM} names a Light Cover modifier (forests, obstacles) but never gives its value", SYSTEM)
    steps = []
    values = {}
    for kind in kinds:
        cited = book.cite(SOFT if kind == "soft" else HARD)
        values[kind] = _modifier(cited.quote, cited.rule)
        steps.append(Step(f"{kind.title()} cover: {values[kind]} to hit.", cited))
    if len(kinds) > 1:
        cited = book.cite(NO_STACK)
        value = _modifier(cited.quote, cited.rule)
        steps.append(Step(f"Soft and hard cover do not stack: {value}, not {sum(values.values())}.", cited))
    else:
        value = values[kinds[0]]
    return {"steps": steps, "value": value, "outcome": "To Hit modifier"}


def _modifier(sentence: str, rule: str) -> int:
    found = _MODIFIER.findall(sentence)
    if not found:
        raise Refusal(f"{rule} no longer states its shooting modifier", SYSTEM)
    return int(found[-1].replace("−", "-"))


def dangerous_terrain(book: Rulebook, asked: q.DangerousTerrain) -> dict[str, Any]:
    header, rows = _table(book)
    names, columns = [r[0] for r in rows], list(header[1:])
    asked = asked._replace(words=_about_the_table(book, asked.words, names + columns))
    note = book.footnote(TABLE_RULE, "*")
    applied = _footnote_named(asked.words, note, names, columns, header, rows)
    if applied is not None:
        row, column = applied
    else:
        try:
            row, column = _row_and_column(asked.words, names, columns)
        except Refusal:
            _about_footnote(asked.words, note, header, rows)
            raise
    cells = dict(zip(header, next(r for r in rows if r[0] == row)))
    cell = cells[column].strip()
    if cell == "-":
        raise Refusal(f"the Dangerous Terrain Table gives no test (\"-\") for {row} in {column}", SYSTEM)
    found = _CELL.match(cell)
    if found is None:
        raise Refusal(f"the Dangerous Terrain Table's entry for {row} in {column}, {cell!r}, cannot be read", SYSTEM)
    score, wounds, starred = int(found.group(1)), found.group(2), found.group(3)
    footnote_wounds = None
    if applied is not None and note is not None:  # the question names the models the footnote is about
        footnote_wounds = _NOTE.match(note.quote.lstrip("*\\ ")).group(2)
    fails = Fraction(min(score, 6), 6)
    steps = [
        Step(f"{row} in {column}: {cell}.", book.row(TABLE_RULE, row)),
        Step(f"The test fails on a score of {score} or less.", book.cite(SCORE)),
        Step(
            "Read as one D6 (the documents do not name the die; the table's scores run 1 to 5): "
            f"fails {fraction(fails)}, passes {fraction(1 - fails)}.",
            book.cite(MISHAP),
        ),
    ]
    if footnote_wounds is not None and note is not None:
        subject = _NOTE.match(note.quote.lstrip("*\\ ")).group(1)
        steps.append(Step(f"The entry's * refers to the footnote below the table, and the question names its {subject}: Wo({footnote_wounds}).", note))
        wounds, starred = footnote_wounds, ""
    if wounds.upper() == "D6":
        per_fail = Distribution.die(6)
        steps.append(Step("A failed test costs D6 Wounds, not 1.", book.cite(CHARIOT_D6)))
    elif wounds.isdigit():
        per_fail = Distribution.certain(int(wounds))
        steps.append(Step(f"A failed test costs {wounds} wound{'s' if wounds != '1' else ''}, no armour saves allowed.", book.cite(MISHAP)))
    else:
        raise Refusal(f"the Dangerous Terrain Table's wounds {wounds!r} for {row} in {column} cannot be read", SYSTEM)
    if starred:
        note = book.footnote(TABLE_RULE, "*")
        if note is None:
            steps.append(Step("The table marks this entry with * but gives no footnote for it.", None))
        else:
            # the footnote is quoted, not applied: the question does not say which models are asked about
            steps.append(Step(f"The entry's * refers to the footnote below the table, which may change this: {note.quote.lstrip('*').strip()}.", note))
    distribution = _mix(1 - fails, Distribution.certain(0), fails, per_fail)
    return {
        "steps": steps,
        "probability": 1 - fails,
        "probability_of": "the test is passed",
        "needed": f"{score + 1}+" if score < 6 else None,
        "distribution": distribution,
        "outcome": "wounds (no armour saves)",
    }


def roll(book: Rulebook, asked: q.Roll) -> dict[str, Any]:
    """D6 added up, as the house rules roll them; nothing they do not name (Maximised, a D3)."""
    if asked.maximised or asked.minimised:
        raise Refusal(f"{SYSTEM} does not define Maximised or Minimised rolls", SYSTEM)
    if asked.dice.sides != 6:
        raise Refusal(f"{SYSTEM} rolls D6 (2D6 or 3D6 to flee), never a D{asked.dice.sides}", SYSTEM)
    steps = [
        Step("The house rules roll D6 and add them up: 2D6 to flee for a unit moving 6\" or less,", book.cite(FLEE_DICE)),
        Step("3D6 for one moving more; the total is the distance.", book.cite(FLEE_MORE)),
        Step(f"{asked.dice}: every way the dice can fall, counted exactly.", book.cite(FLEE_RESULT)),
    ]
    return total_needing(steps, Distribution.die(6).times(asked.dice.count), asked.needing)


def _mix(p: Fraction, a: Distribution, r: Fraction, b: Distribution) -> Distribution:
    out: dict[int, Fraction] = {}
    for weight, dist in ((p, a), (r, b)):
        for outcome, chance in dist.items():
            out[outcome] = out.get(outcome, Fraction(0)) + weight * chance
    return Distribution(out)


def _table(book: Rulebook) -> tuple[tuple[str, ...], list[tuple[str, ...]]]:
    rule = book.rule(TABLE_RULE)
    for version in (rule or {}).get("versions") or []:
        for table in version.get("tables") or []:
            return tuple(table["header"]), [tuple(r) for r in table["rows"]]
    raise Refusal(f"the documents hold no Dangerous Terrain Table ({TABLE_RULE})", SYSTEM)


# a player's words for "all" of a row's troops ("any fleeing unit", "every fleeing unit")
_ALL = {"any", "every", "each"}


def _about_the_table(book: Rulebook, words: tuple[str, ...], names: list[str]) -> tuple[str, ...]:
    """The asked words without those naming the table itself ("Impossible terrain": the Dangerous
    Terrain Table's word, not a terrain's), unless a row or column holds them; "any", "every" and
    "each" read as the "all" of a row for all of some troops ("All fleeing units")."""
    rule = book.rule(TABLE_RULE) or {}
    own = set(_words(str(rule.get("name") or ""))) - set(_words(" ".join(names)))
    kept = tuple(w for w in words if w.lower().rstrip("s") not in own)
    return tuple("all" if w.lower() in _ALL else w for w in kept) or words


def _words(name: str) -> list[str]:
    return [w.rstrip("s") for w in name.lower().split()]


def _matches(words: list[str], names: list[str]) -> list[str]:
    """Names holding every one of ``words`` (singular or plural, any case)."""
    wanted = [w.lower().rstrip("s") for w in words]
    return [n for n in names if all(w in _words(n) for w in wanted)]


# a footnote below the table: "*Fleeing Chariot - Wo(D6)": the models it is about, and their wounds
_NOTE = re.compile(r"^(.+?)\s*[-–:]\s*Wo\((\w+)\)\s*$")


def _footnote_named(words: tuple[str, ...], note: Any, rows: list[str], columns: list[str], header: Any, table: list[Any]) -> tuple[str, str] | None:
    """The row and column of an entry marked * when the question names the models its footnote
    is about ("fleeing chariot enemy": the footnote's Fleeing Chariot, in All fleeing units / Enemy):
    the words that name the footnote's models but no row are set aside, and the rest must name one
    entry marked *.  None when the question does not name them, or they lead to no such entry."""
    if note is None:
        return None
    found = _NOTE.match(note.quote.lstrip("*\\ "))
    if found is None:
        return None
    subject = _words(found.group(1))
    asked = [w.lower().rstrip("s") for w in words]
    if not all(w in asked for w in subject):
        return None
    fits: list[tuple[str, str]] = []
    for dropped in subject:  # set aside one of the footnote's words; the rest name the entry
        rest = tuple(w for w in words if w.lower().rstrip("s") != dropped)
        try:
            row, column = _row_and_column(rest, rows, columns)
        except Refusal:
            continue
        cells = dict(zip(header, next(r for r in table if r[0] == row)))
        if cells[column].strip().endswith("*"):
            fits.append((row, column))
    return fits[0] if len(set(fits)) == 1 else None


def _about_footnote(words: tuple[str, ...], note: Any, header: Any, table: list[Any]) -> None:
    """A refusal naming the starred entries when the question names the footnote's models
    but no entry of them ("fleeing chariot forest")."""
    found = _NOTE.match(note.quote.lstrip("*\\ ")) if note is not None else None
    if found is None:
        return
    asked = [w.lower().rstrip("s") for w in words]
    if not all(w in asked for w in _words(found.group(1))):
        return
    starred = [f"{row[0]} in {column}" for row in table for column, cell in zip(header, row) if cell.strip().endswith("*")]
    raise Refusal(
        f"the Dangerous Terrain Table's footnote {note.quote!r} is for its entries marked * ({', '.join(starred)}); "
        f"{' '.join(words)!r} names none of them",
        SYSTEM,
    )


# words a player puts around a troop type and a terrain ("test for cavalry in water")
_FILLER = {"test", "tests", "for", "in", "into", "through", "on", "a", "an", "the", "of", "unit", "units", "moving", "crossing"}


def _row_and_column(words: tuple[str, ...], rows: list[str], columns: list[str]) -> tuple[str, str]:
    """The table's row and column the words name, in either order ("cavalry water", "water cavalry"),
    around the words a player adds ("dangerous terrain test for cavalry in water")."""
    named = set(_words(" ".join(rows + columns)))
    # a player's word the table also holds ("unit": All fleeing units) is read both ways: kept, and
    # set aside as a player's ("through an enemy unit"); where both name an entry, they must agree
    kept = tuple(w for w in words if w.lower() not in _FILLER or w.lower().rstrip("s") in named) or words
    bare = tuple(w for w in words if w.lower() not in _FILLER) or kept
    found = {entry for shown in dict.fromkeys((kept, bare)) for entry in [_entry(shown, rows, columns)] if entry is not None}
    if len(found) == 1:
        return found.pop()
    if len(found) > 1:
        shown = "; ".join(f"{row} in {column}" for row, column in sorted(found))
        raise Refusal(f"{' '.join(words)!r} names more than one entry of the Dangerous Terrain Table ({shown})", SYSTEM)
    words = kept
    raise Refusal(
        f"name a troop type ({', '.join(rows)}) and a terrain ({', '.join(columns)}) of the Dangerous Terrain Table; "
        f"{' '.join(words)!r} names no one entry",
        SYSTEM,
    )


def _entry(words: tuple[str, ...], rows: list[str], columns: list[str]) -> tuple[str, str] | None:
    """The one row and column the words name, split into a troop type and a terrain in either order."""
    for cut in range(1, len(words)):
        for first, second in ((words[:cut], words[cut:]), (words[cut:], words[:cut])):
            row, column = _matches(list(first), rows), _matches(list(second), columns)
            if len(row) == 1 and len(column) == 1:
                return row[0], column[0]
    return None


FORMS = {q.Cover: cover, q.DangerousTerrain: dangerous_terrain, q.Roll: roll}
LINKS: dict[Any, Clause] = {}
