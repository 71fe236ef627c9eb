"""Keyword strings to the rules they name: ``Great Weapon, Lightning Reflexes`` -> picks.

Names are tied to rules as ``referee parse --system`` ties them
(:mod:`referee.keywords.resolve`: by name or alias, families first).  A name
that ties to no rule, to several named otherwise, or to a core game term is
an error with a caret under it: a referee never rules on a rule it had to
guess.  A name the documents define several times brings every definition.
"""

from __future__ import annotations

import re

from referee.errors import RulesError
from referee.patterns import lazy
from referee.resolve.play import Pick
from referee.text import fold
from referee.graph.kinds import kind_key
from referee.text import singulars
import difflib

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from typing import Any

    from collections.abc import Callable

    from referee.search.index import Index
    from referee.store.book import Book


def picks(view: Book, system: str, text: str, what: str = "KEYWORDS") -> list[Pick]:
    """The rules a keyword string names, with their parameters; ``what`` names the argument in errors."""
    if not text.strip():
        raise RulesError(f"{what} is empty: give a keyword string such as \"Fear, Fly (8, 16)\"")
    plain = _plain_names(view, system, text)
    if plain is not None:
        return plain
    from referee.keywords import KeywordSyntaxError, parse, to_json
    from referee.keywords.resolve import resolve

    try:
        uses = parse(text)
    except KeywordSyntaxError as err:
        raise _caret(what, err) from None
    data = resolve(to_json(uses), view, system)
    out = []
    for use, keyword in zip(uses, data["keywords"]):
        start, end = use.span
        if use.name is None:
            raise _caret(what, KeywordSyntaxError(f"{use.text!r} names no rule", text, end - 1, (), start))
        rule = keyword.get("rule")
        if keyword.get("core_term") and _stated_against(view, system, use.name) is not None:
            # a game term some rule is stated against ("Flaming Attacks" of the base book, in the
            # house Regeneration rule): in play by its folded name, with no text of its own
            out.append(Pick(_stated_against(view, system, use.name), tuple(str(arg) for arg in use.args), use.text, (start, end)))
            continue
        kind = _kind_of_unit(view, system, use.name) if rule in (None, "undefined") or keyword.get("core_term") else None
        if kind is not None and (rule in (None, "undefined") or not (view.get(rule) or {}).get("text")):
            # a kind of unit the documents name as such, not a rule ("Monstrous Creatures are immune to the effects
            # of Slow."): the side's kind of unit, in play by its words folded, with no text of its own
            out.append(Pick(kind, tuple(str(arg) for arg in use.args), use.text, (start, end)))
            continue
        if keyword.get("core_term") and (rule in (None, "undefined") or not (view.get(rule) or {}).get("text")):
            # a core game term with no rule of its own words ("Strength"); one the documents
            # write as a rule ("Command phase", "Armor save") is that rule, in play like any other
            message = f"{use.name!r} is a core game term of {system}, not a special rule"
            raise _caret(what, KeywordSyntaxError(message, text, start + len(use.name) - 1, (), start))
        if rule in (None, "undefined"):
            message = f"unknown rule {use.name!r} in {system}"
            err = _caret(what, KeywordSyntaxError(message, text, start + len(use.name) - 1, (), start))
            err.unknown = (use.name, system)  # type: ignore[attr-defined]  # the CLI and the shell add near names
            raise err
        candidates = keyword.get("candidates") or []
        if candidates and not _one_name(view, use.name, candidates):
            message = f"{use.name!r} names {len(candidates)} rules of {system}: {', '.join(candidates)}"
            raise _caret(what, KeywordSyntaxError(message, text, start + len(use.name) - 1, (), start))
        # "Immune to Poison": words after the name its text writes so are its parameter (the keyword's qualifier)
        given = tuple(str(arg) for arg in use.args) or tuple(a["text"] for a in keyword["args"] if a.get("kind") == "qualifier")
        for each in candidates or [rule]:
            out.append(Pick(each, _joined(uses, keyword) + _own_words(view, each, given), use.text, (start, end)))
    return _whole_names(view, text, out)


def _whole_names(view: Book, text: str, out: list[Pick]) -> list[Pick]:
    """The picks, with a rule named by its whole name of alternatives ("Stomp / Thunder Stomp", read
    as "Stomp" and "Thunder Stomp", each an alias of that one rule) as one pick: its name once is
    one instance, never two."""
    merged: list[Pick] = []
    for pick in out:
        last = merged[-1] if merged else None
        if (last is not None and last.rule == pick.rule and last.span and pick.span and not last.params and not pick.params
                and text[last.span[1] : pick.span[0]].strip() == "/"
                and fold(text[last.span[0] : pick.span[1]]) == fold(view.rule_names.get(pick.rule, ""))):
            merged[-1] = Pick(pick.rule, (), text[last.span[0] : pick.span[1]], (last.span[0], pick.span[1]))
            continue
        merged.append(pick)
    return merged


def _one_name(view: Book, name: str, candidates: list[str]) -> bool:
    """Whether every rule a name ties to is written under that very name: one name the documents
    define several times (last-edition's "Reaction units", once in each phase it acts in) brings
    every one of them into play, each shown by its id; a name that is short for several others
    ("heavy": Melee Heavy, Ranged Heavy) is the player's to choose, never the referee's."""
    return all(fold(view.rule_names.get(rule, "")) == fold(name) for rule in candidates)


def _joined(uses: Any, keyword: dict[str, Any]) -> tuple[str, ...]:
    """The values a keyword's pattern takes from the family's name written before it, first, as its
    name orders them: the 3 of "Ranged 3 trigger -1 to hit" is that use's X
    (:func:`referee.keywords.resolve.resolve` says which)."""
    joined = keyword.get("joined")
    if not joined:
        return ()
    opener = next((u for u in uses if list(u.span) == list(joined["span"])), None)
    return () if opener is None else tuple(str(arg) for arg in opener.args[: len(joined["args"])])


def _own_words(view: Book, rule: str, params: tuple[str, ...]) -> tuple[str, ...]:
    """A rule's parameters, less the bracket its own name ends with: "Spear (foot)" names the rule
    "Spear (foot)", whose "(foot)" is its name, not a parameter (never "Spear (foot) (foot)")."""
    if not params:
        return params
    name = fold(view.rule_names.get(rule, ""))
    return () if name.endswith(fold(f"({', '.join(params)})")) else params


_NAME = lazy(r"[^\W\d_][\w'&/ -]*")
# a name and, perhaps, plain numeric parameters: "Fly (8, 16)", "Fortitude (5+)", "Stealth (+1)"
_USE = lazy(r"(?P<name>[^\W\d_][\w'&/ -]*?)\s*(?:\((?P<args>\s*[+-]?\d+\+?\s*(?:,\s*[+-]?\d+\+?\s*)*)\))?")
_ARG = lazy(r"([+-]?)(\d+)(\+?)")


def _plain_names(view: Book, system: str, text: str) -> list[Pick] | None:
    """The picks of a string of names, each of exactly one rule, with at most plain numbers as
    parameters ("Great Weapon, Lightning Reflexes", "Fly (8, 16)"), read without the grammar:
    loading it is most of a warm call.  Parameters are written as the grammar writes them ("8",
    "5+", "+1").  Anything else (families, dice, distances, words in brackets, a name of several
    rules or none, a core term) is None: the grammar reads it."""
    out, start = [], 0
    core = None
    for part in re.split(r"(?<=[^,]),(?![^(]*\))", text):
        use, at = part.strip(), start + len(part) - len(part.lstrip())
        start += len(part) + 1
        m = _USE.fullmatch(use)
        if m is None or not _NAME.fullmatch(m["name"]):
            return None
        params: list[str] = []
        for arg in (m["args"] or "").split(",") if m["args"] else ():
            sign, number, plus = _ARG.fullmatch(arg.strip()).groups()  # type: ignore[union-attr]
            if sign and plus:
                return None
            params.append(f"{sign}{int(number)}{plus}")
        found = view.lookup(m["name"], system)
        if len(found) != 1 or found[0]["children"]:
            return None  # several rules, none, or a family whose words follow it
        core = set(view.core_terms(system)) if core is None else core
        if fold(m["name"]) in core:
            return None
        out.append(Pick(found[0]["id"], tuple(params), use, (at, at + len(use))))
    return out


def _stated_against(view: Book, system: str, name: str) -> str | None:
    """The folded form of a core term some rule's condition is stated against, as the
    relation writes it (singular or plural), or None."""

    terms = set(view.against_terms(system))
    folded = fold(name)
    return next((form for form in (folded, *singulars(folded), folded + "s") if form in terms), None)


def _kind_of_unit(view: Book, system: str, name: str) -> str | None:
    """The folded words of a kind of unit the system's documents name as such (the build's answer
    ``kinds_named``, :func:`referee.graph.kinds.kinds_named`), or None."""
    key = kind_key(name)
    return key if key in view.kinds_named(system) else None


def kind_of_unit(view: Book, system: str, rule: str) -> list[Any] | None:
    """``[rule id, sentence]`` where the documents name the kind a pick's folded words are, or None for a rule."""
    return None if "/" in rule else view.kinds_named(system).get(rule)


def _caret(what: str, err: Any) -> RulesError:
    """The keyword error as one RulesError: ``error: KEYWORDS: <message> at column N`` and the caret."""
    shown = str(err)
    return RulesError(f"{what}: {shown[len('error: '):] if shown.startswith('error: ') else shown}")


def with_near_names(err: RulesError, index: Index | Callable[[], Index]) -> RulesError:
    """An unknown rule's error with a last line of the search's best guesses, worded as ``lookup``
    words them ("did you mean Fear (t9a/fear)?"); the error as it was for any other.  The search
    index is opened only here, on the way out of a failed call."""
    unknown = getattr(err, "unknown", None)
    if unknown is None:
        return err
    from referee.search.commands import suggestions

    found = suggestions(index() if callable(index) else index, *unknown)
    if not found:
        return err
    return RulesError(f"{err.message}\ndid you mean {', '.join(f'{r.name} ({r.id})' for r in found)}?")


def unit_picks(view: Book, system: str, name: str, army: str | None = None, what: str = "--unit") -> tuple[dict[str, Any], list[Pick]]:
    """A unit of the system's army data, named case- and accent-blind, and the picks of its rules.

    Each pick carries what carries the rule (``{"unit", "weapon", "text", "source"}``).
    A name of no unit is an error listing near names; a name of units in
    several armies lists them and asks for ``--army``: never one silently.
    The unit comes back as ``{"name", "army", "source", "not_ruled"}``:
    ``not_ruled`` lists the rule uses the referee leaves out, each with why
    (no rule of the system defines it, or its name fits several rules):
    it rules on no rule it had to guess, and says so.
    """
    unit = find_unit(view, system, name, army, what)
    out, left = [], []
    for use in unit["rules"]:
        source = {"file": use["file"], "line": use["line"], "column": use["column"]}
        carrier = {"unit": unit["name"], "weapon": use["via"], "part": use.get("part"), "text": use["text"], "source": source}
        if use["rule"] is None:
            why = f"no rule of {system} defines {use['name']!r}" + (f" ({use['problem']})" if use.get("problem") else "")
        elif use["candidates"]:
            why = f"{use['name']!r} names {len(use['candidates'])} rules of {system}: {', '.join(use['candidates'])}"
        else:
            out.append(Pick(use["rule"], tuple(use["params"]), use["text"], None, carrier))
            continue
        left.append({**carrier, "reason": why})
    shown = {
        "name": unit["name"],
        "army": unit["army"],
        "source": {"file": unit["file"], "line": unit["line"], "column": unit["column"]},
        "not_ruled": left,
    }
    return shown, out


def find_unit(view: Book, system: str, name: str, army: str | None = None, what: str = "--unit") -> dict[str, Any]:
    """The one unit ``name`` names in ``system`` (in ``army`` when given); see :func:`unit_picks`."""
    units = unit_names(view, system)
    if not name.strip():
        raise RulesError(f"{what} is empty: give a unit's name, as its army data writes it")
    found = units.get(fold(name), [])
    if army is not None and len(found) > 1:  # --army settles a shared name; both sides may name one each
        found = [u for u in found if fold(u["army"]) == fold(army)] or found
    if not found:

        everyone = sorted({u["name"] for same in units.values() for u in same})
        near = set(difflib.get_close_matches(fold(name), [fold(n) for n in everyone], n=5, cutoff=0.6))
        shown = [n for n in everyone if fold(n) in near]
        hint = f"; did you mean {', '.join(shown)}?" if shown else ("" if everyone else f" ({system} has no army data: import some with `referee import battlescribe`)")
        raise RulesError(f"{what}: no unit named {name!r} in {system}{hint}")
    if len(found) > 1:
        armies = "; ".join(f"{u['army']} ({u['file']}:{u['line']})" for u in found)
        raise RulesError(f"{what}: {name!r} names units of {len(found)} armies of {system}: {armies}; give --army NAME")
    return found[0]


def unit_names(view: Book, system: str) -> dict[str, list[dict[str, Any]]]:
    """Folded unit name -> the units of that name in ``system`` (empty when it has no army data)."""
    return view.units(system)
