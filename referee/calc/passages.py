"""Parts of a rule's text a question can name on their own: a lead-in and a table of die results.

- A lead-in: a line of a rule's text that opens with a short title and a colon
  ("Look out, Sir!: If the model targeted by a precision strike ... roll a d6: on
  the roll of a 3+, ...", inside Precision).  Players name it as if it were a
  rule ("look out sir"), so a question whose first words name no rule is looked
  for among the lead-ins and table titles of the system's rules.
- A table of die results: two or more lines in a row of a rule's text, each
  keyed by a result or a run of results ("1: Destroyed! ...", "2-3: Misplaced!
  ...", "On a 5-6, the player can choose ..."), under an optional title line
  ("Deep Strike Mishap Table:").  An entry is asked by its words ("deep strike
  mishap destroyed"); its chance is how many of the die's faces its key covers.
  The die is the one the line before the table rolls ("the controlling player
  rolls a D6"); where no line names it, the keys themselves must run from 1 to
  a die's number of faces with no gap or overlap, and the step says the die
  was read from them.

Nothing here names a rule or a table: each is read from the system's own text.
"""

from __future__ import annotations

import difflib
import re
from fractions import Fraction

from referee.calc.answers import Step, fraction
from referee.calc.citations import Rulebook, rule_sentences, sentences, squeeze
from referee.calc.errors import Refusal
from referee.calc.named import DIE, WORD
from referee.patterns import lazy

TYPE_CHECKING = False  # typing costs a warm call ~4 ms; only checkers read this
if TYPE_CHECKING:
    from typing import Any

# "Look out, Sir!: If ...": a title of at most six words, then a colon and the passage
_LEAD_IN = lazy(r"\s*([A-Z][^:.\n]{0,60}?)\s*:\s+(?=\S)")
# "1: Destroyed!", "2-3: Misplaced!", "On a 1 -2, the unit ...", "5+: ..."
_KEYED = lazy(r"\s*(?:on\s+an?\s+(?:roll\s+of\s+(?:an?\s+)?)?)?(\d+)\s*(?:([-–]|to)\s*(\d+)|(\+))?\s*[:,]\s*(\S.*)", re.I)
_TITLE_END = lazy(r"[!.:;]")
# words a question adds around an entry's own ("deep strike mishap table result destroyed")
_FILLER = {"table", "result", "results", "roll", "rolls", "rolled", "entry", "on", "the", "a", "an", "of", "chance"}
# words asking for a rule's own roll rather than something it rolls for ("look out sir roll")
ITS_ROLL = {"roll", "rolls", "test", "check", "chance", "the"}


class Entry:
    """One line of a table: the results it covers (``low`` to ``high``), its title and line."""

    def __init__(self, low: int, high: int, text: str, line: str) -> None:
        self.low, self.high, self.text, self.line = low, high, text, line

    @property
    def title(self) -> str:
        """The entry's opening words up to its first '!' or '.' ("Destroyed"), or all of it."""
        head = _TITLE_END.split(self.text, maxsplit=1)[0].strip()
        if head and len(head.split()) <= 5:
            return head
        said = sentences(self.text)  # a line running on past its entry: its first sentence
        return said[0].rstrip(".") if said else self.text.strip()

    def faces(self) -> str:
        if self.high == 0:
            return f"{self.low}+"
        return str(self.low) if self.low == self.high else f"{self.low}-{self.high}"


class Table:
    """A run of keyed lines of one rule's text, with the line just before it."""

    def __init__(self, title: str | None, before: str | None, entries: list[Entry]) -> None:
        self.title, self.before, self.entries = title, before, entries


def tables(rule: dict[str, Any]) -> list[Table]:
    """The tables of die results in ``rule``'s text, in reading order."""
    found: list[Table] = []
    for version in rule.get("versions") or [rule]:
        lines = [line.strip().lstrip("-•* ").strip() for line in (version.get("text") or "").split("\n") if line.strip()]
        run: list[Entry] = []
        start = 0
        for index, line in enumerate(lines + [""]):
            m = _KEYED.fullmatch(line.rstrip())
            if m is not None and line.strip():
                low = int(m.group(1))
                high = int(m.group(3)) if m.group(3) else (0 if m.group(4) else low)  # "5+": to the die's last face
                if not run:
                    start = index
                run.append(Entry(low, high, m.group(5).strip(), line.strip()))
                continue
            if len(run) >= 2:
                before = lines[start - 1].strip() if start > 0 else None
                # a title line ("Deep Strike Mishap Table:"), not a sentence leading in ("The shooter rolls a D3:")
                short = before is not None and before.endswith(":") and len(before.split()) <= 6 and not DIE.search(before)
                title = before[:-1].strip() if short and before else None
                found.append(Table(title, before, run))
            run = []
    return found


def lead_ins(rule: dict[str, Any]) -> list[tuple[str, str]]:
    """Each lead-in of ``rule``'s text: its title ("Look out, Sir!") and the passage it opens, to
    the end of its line; at a line's start or at a sentence's ("Ambushers arrive late. Late
    Arrival: roll a D6 ...")."""
    out: list[tuple[str, str]] = []
    for version in rule.get("versions") or [rule]:
        for line in (version.get("text") or "").split("\n"):
            for sentence in sentences(line):  # where calc reads a sentence start, as it quotes
                start = line.find(sentence)
                if start < 0:
                    continue
                passage = line[start:]
                m = _LEAD_IN.match(passage)
                if m is not None and len(m.group(1).split()) <= 6 and not _KEYED.fullmatch(passage.rstrip()):
                    out.append((m.group(1).strip(), passage.strip()))
    return out


def part_of(rule: dict[str, Any], text: str, name: str) -> dict[str, Any]:
    """``rule`` narrowed to one passage of its text (the same id, file and place), named ``name``."""
    versions = [v for v in rule.get("versions") or [rule] if text in (v.get("text") or "")]
    return {**rule, "name": name, "versions": [{**versions[0], "text": text}], "passage": True}


def named(book: Rulebook, system: str, words: tuple[str, ...]) -> tuple[dict[str, Any], int] | None:
    """The passage the longest run of ``words`` from the start names, as a rule narrowed to it,
    and how many words that took: a lead-in by its title, or a rule holding a table by the table's
    title ("deep strike mishap" for the Deep Strike Mishap Table).  None if no passage is named;
    a refusal if the words name passages of more than one rule."""
    folded = [squeeze(w) for w in words]
    for used in range(len(words), 0, -1):
        wanted = "".join(folded[:used])
        if not wanted:
            continue
        found: list[tuple[dict[str, Any], str, str]] = []
        for rule in book.in_system(system):
            for title, line in lead_ins(rule):
                if squeeze(title) == wanted:
                    found.append((rule, line, title))
            for table in tables(rule):
                # the table's title, or its last words ("mishap" for the Deep Strike Mishap Table)
                bare = squeeze(re.sub(r"(?i)\btables?\b", "", table.title or ""))
                if bare and (wanted == squeeze(table.title or "") or bare.endswith(wanted)) and len(wanted) >= 5:
                    found.append((rule, "", table.title or ""))
        if not found:
            continue
        rules = {rule["id"] for rule, _, _ in found}
        if len(rules) > 1:
            raise Refusal(f"{' '.join(words[:used])!r} names passages of more than one rule of {system} ({', '.join(sorted(rules))})", system)
        rule, line, title = found[0]
        return (part_of(rule, line, title) if line else rule), used
    return None


def did_you_mean(book: Rulebook, system: str, words: tuple[str, ...], refused: Refusal) -> Refusal:
    """``refused`` (no rule has the name) with the names of ``system`` closest to the words asked:
    its rules', lead-ins' and tables' ("Thunderstomb": Thunderstomp), as lookup offers names."""
    names: dict[str, str] = {}
    for rule in book.in_system(system):
        names.setdefault(squeeze(rule.get("name") or ""), f"{rule.get('name')} ({rule['id']})")
        for title, _ in lead_ins(rule):
            names.setdefault(squeeze(title), f"{title} (in {rule['id']})")
        for table in tables(rule):
            if table.title:
                names.setdefault(squeeze(table.title), f"{table.title} (in {rule['id']})")
    asked = [squeeze(" ".join(words[:used])) for used in range(len(words), 0, -1)]
    close: list[str] = []
    for wanted in asked:
        for found in difflib.get_close_matches(wanted, list(names), n=3, cutoff=0.8):
            if names[found] not in close:
                close.append(names[found])
    if not close:
        return refused
    return Refusal(f"{refused.message}; did you mean {', '.join(close[:3])}?", system, refused.question)


def table_entry(book: Rulebook, system: str, rule: dict[str, Any], words: tuple[str, ...]) -> dict[str, Any] | None:
    """The chance of the entry of one of ``rule``'s tables that ``words`` name ("mishap destroyed"):
    None when no table of the rule has an entry they name."""
    asked = [w.casefold() for w in words if w.casefold() not in _FILLER]
    choices: list[tuple[Table, Entry]] = []

    def rest_of(table: Table, asked: list[str]) -> list[str]:
        """The asked words that are not the table's title's: the words naming an entry."""
        title_words = {w.casefold() for w in WORD.findall(table.title or "")}
        return [w for w in asked if not any(_same_stem(w, t) for t in title_words)]

    for table in tables(rule):
        rest = rest_of(table, asked)
        if not rest:
            if table.title and asked:  # the table named, no entry: say which there are
                shown = ", ".join(f"{e.faces()}: {e.title}" for e in table.entries)
                raise Refusal(f"name an entry of the {table.title} ({rule['id']}): {shown}", system)
            continue
        for entry in table.entries:
            said = [w.casefold() for w in WORD.findall(entry.title)]
            if all(any(_same_stem(w, s) for s in said) for w in rest):
                choices.append((table, entry))
    if not choices:
        return None
    if len(choices) > 1:
        # several entries hold the words; the one holding them together, in the order asked, is named
        # ("storm center objective": "holding the center objective", not "... to the sides of the center")
        together = [(t, e) for t, e in choices if _in_order(_phrase(rest_of(t, [w.casefold() for w in words])), e.title)]
        if len(together) == 1:
            choices = together
    offered: list[tuple[Table, Entry]] = []
    if len(choices) > 1:
        # an entry that offers the words only as one side of a choice ("the player can choose left or
        # right") gives way to one that states them outright ("they come on from the right")
        outright = [(t, e) for t, e in choices if not _only_as_a_choice(rest_of(t, asked), e.title)]
        if len(outright) == 1:
            offered = [c for c in choices if c not in outright]
            choices = outright
    if len(choices) > 1:
        shown = "; ".join(f"{e.faces()}: {_short(e.title)}" for _, e in choices)
        raise Refusal(f"{' '.join(words)!r} names more than one entry of {rule['id']}'s table ({shown}); name one", system)
    (table, entry), = choices
    steps: list[Step] = []
    sides = _die(book, system, rule, table, steps)
    if entry.high == 0:
        entry.high = sides
    if not 1 <= entry.low <= entry.high <= sides:
        raise Refusal(f"{rule['id']}'s table entry {entry.faces()} is not a result of a D{sides}", system)
    chance = Fraction(entry.high - entry.low + 1, sides)
    what = f"{table.title or rule['name']}: {entry.title}"
    steps.insert(0, Step(f"{what} on a {entry.faces()}.", _line(book, rule, entry.line)))
    for _, other in offered:
        steps.append(Step(
            f"{other.faces()} ({_short(other.title)}) offers {' '.join(rest_of(table, asked))} only as one side of a "
            f"choice, not as its result: not counted.",
            _line(book, rule, other.line),
        ))
    times = entry.high - entry.low + 1
    steps.append(Step(f"{entry.faces()} on a D{sides} comes up {'once' if times == 1 else f'{times} times'} in {sides}: {fraction(chance)}.", None))
    out: dict[str, Any] = {"steps": steps, "probability": chance, "probability_of": f"the result is {entry.title}"}
    if entry.high == sides and entry.low > 1:
        out["needed"] = f"{entry.low}+"
    return out


def _die(book: Rulebook, system: str, rule: dict[str, Any], table: Table, steps: list[Step]) -> int:
    """The faces of the die the table is rolled with: the die the line before it rolls, or the
    one its keys run through (1 to N, each result once)."""
    rolled = {(int(c or 1), int(s)) for c, s in DIE.findall(table.before or "")}
    if len(rolled) == 1:
        (count, sides), = rolled
        if count != 1:
            raise Refusal(f"{rule['id']}'s table is rolled with {count}D{sides}; calc reads tables of one die", system)
        rolling = [s for s in sentences(table.before or "") if DIE.search(s)]  # the sentence naming the die, quoted
        steps.append(Step(f"The table is rolled with one D{sides}.", book.quote(rule, rolling[0]) if rolling else None))
        return sides
    if len(rolled) > 1:
        raise Refusal(f"the line before {rule['id']}'s table names several dice; calc will not pick one", system)
    covered: list[int] = []
    for entry in table.entries:
        if entry.high == 0:
            raise Refusal(f"{rule['id']}'s table names no die, and its entry {entry.low}+ leaves the last face open", system)
        covered.extend(range(entry.low, entry.high + 1))
    sides = len(covered)
    if sorted(covered) != list(range(1, sides + 1)) or len(set(covered)) != sides:
        raise Refusal(f"{rule['id']}'s table names no die, and its entries do not run from 1 with no gap or overlap", system)
    steps.append(Step(
        f"The documents do not name the table's die; its entries run 1 to {sides}, each result once, "
        f"so it is read as one D{sides}.",
        None,
    ))
    return sides


def _short(text: str) -> str:
    words = text.split()
    return text if len(words) <= 8 else " ".join(words[:8]) + " ..."


def _line(book: Rulebook, rule: dict[str, Any], line: str) -> Any:
    """The first sentence of ``line`` of the rule's text, quoted with its place."""
    said = sentences(line)
    return book.quote(rule, said[0]) if said else None


def _phrase(words: list[str]) -> list[str]:
    """The asked words as a phrase: the words a question adds around an entry's ("result", "the",
    "on a") off its ends, those between kept ("open the gate" is not "open gate")."""
    start, end = 0, len(words)
    while start < end and words[start] in _FILLER:
        start += 1
    while end > start and words[end - 1] in _FILLER:
        end -= 1
    return words[start:end]


def _only_as_a_choice(asked: list[str], text: str) -> bool:
    """Whether each of ``asked`` stands in ``text`` only beside an "or", as one side of a choice
    the entry offers ("choose left or right"), never on its own."""
    said = [w.casefold() for w in WORD.findall(text)]

    def beside_or(i: int) -> bool:
        return (i > 0 and said[i - 1] == "or") or (i + 1 < len(said) and said[i + 1] == "or")

    return all(all(beside_or(i) for i, s in enumerate(said) if _same_stem(a, s)) for a in asked)


def _in_order(asked: list[str], text: str) -> bool:
    """Whether ``asked`` stand together in ``text``, in that order, each as a word of one stem."""
    said = [w.casefold() for w in WORD.findall(text)]
    size = len(asked)
    return size > 0 and any(all(_same_stem(a, s) for a, s in zip(asked, said[i : i + size])) for i in range(len(said) - size + 1))


def _same_stem(a: str, b: str) -> bool:
    """Words of one stem ("destroyed", "destroy"; "mishaps", "mishap")."""
    a, b = a.casefold(), b.casefold()
    if a == b:
        return True
    shared = 0
    for x, y in zip(a, b):
        if x != y:
            break
        shared += 1
    return shared >= max(3, min(len(a), len(b)) - 2)


def own_roll(book: Rulebook, system: str, rule: dict[str, Any]) -> dict[str, Any] | None:
    """The one roll a passage or rule makes, asked by its name alone ("look out sir"): a sentence
    that rolls one die and names one result needed ("may roll a d6: on the roll of a 3+"); None
    when no sentence does, a refusal when several different ones do."""
    found: dict[tuple[int, int], str] = {}
    # a whole rule's own roll is never one of its lead-ins' (Precision's is not Look out, Sir!'s)
    inside = set() if rule.get("passage") else {line for _, line in lead_ins(rule)}
    for sentence in rule_sentences(rule, leaving=inside):
        dice = {(int(c or 1), int(s)) for c, s in DIE.findall(sentence)}
        needs = {int(n) for n in re.findall(r"(?<![\w+])(\d+)\+(?![+\-\w])", sentence)}
        if len(dice) == 1 and len(needs) == 1 and re.search(r"\broll", sentence, re.I):
            (count, sides), = dice
            (needed,) = needs
            if count == 1:
                found.setdefault((sides, needed), sentence)
    if not found:
        return None
    if len(found) > 1:
        shown = ", ".join(f"{n}+ on a D{s}" for s, n in found)
        raise Refusal(f"{rule['name']} ({rule['id']}) makes more than one roll ({shown}); say which", system)
    ((sides, needed), sentence), = found.items()
    from referee.calc.dice import passes

    chance = passes(needed, sides)
    steps = [
        Step(f"{rule['name']}: a D{sides} is rolled and a {needed}+ is needed.", book.quote(rule, sentence)),
        Step(f"A {needed}+ on a D{sides}: {fraction(chance)}.", None),
    ]
    return {"steps": steps, "probability": chance, "needed": f"{needed}+", "probability_of": f"the {rule['name']} roll succeeds"}
