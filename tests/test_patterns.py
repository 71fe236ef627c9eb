"""Patterns compiled on first use (referee/patterns.py) still fail where they are written."""

from __future__ import annotations

import copy
import functools
import importlib
import pickle
import pkgutil
import re
from pathlib import Path

import pytest

import referee
from referee import pattern_cache
from referee.patterns import GATE_AFTER, GatedPattern, LazyPattern, gated, lazy, led, needs

RULES_SRC = Path(__file__).resolve().parent.parent / "rules_src"


def _module_patterns() -> list[tuple[str, LazyPattern]]:
    """Every lazy pattern a module of referee holds at its top, alone or in a tuple, list or dict."""
    found = []
    for info in pkgutil.walk_packages(referee.__path__, "referee."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            stack = [value]
            while stack:
                item = stack.pop()
                if isinstance(item, LazyPattern):
                    found.append((f"{info.name}.{name}", item))
                elif isinstance(item, (tuple, list)):
                    stack.extend(item)
                elif isinstance(item, dict):
                    stack.extend(item.values())
    return found


@functools.cache
def _sentences() -> tuple[str, ...]:
    """Every sentence of rules_src's documents, each once (a sentence written twice answers twice the same)."""
    from referee.graph.sentences import split

    return tuple(dict.fromkeys(s for path in sorted(RULES_SRC.rglob("*")) if path.suffix in (".md", ".txt", ".wiki")
                               for s in split(path.read_text(encoding="utf-8", errors="replace"))))


def test_every_lazy_pattern_of_the_package_compiles() -> None:
    """A mistyped pattern used to fail the import of its module; compiled late, it would
    fail only when a ruling first reached it: this compiles every one."""
    patterns = _module_patterns()
    assert len(patterns) > 100  # the referee's and the graph's: about 130 when they were made lazy
    broken = []
    for where, pattern in patterns:
        try:
            re.compile(pattern.pattern, pattern._flags)
        except re.error as exc:
            broken.append(f"{where}: {exc}")
    assert broken == []


def test_every_lazy_pattern_of_the_package_is_kept_as_re_compiles_it() -> None:
    """Each pattern made from the code kept between processes (referee/pattern_cache.py) is
    equal, code word for word, to what re.compile makes of it on this Python."""
    differ = []
    for where, pattern in _module_patterns():
        made = re.compile(pattern.pattern, pattern._flags)
        entry = pattern_cache._entry(pattern.pattern, int(pattern._flags), made)
        if entry is None or pattern_cache._from_entry(pattern.pattern, entry) != made:
            differ.append(where)
    assert differ == []


def test_a_lazy_pattern_answers_as_the_compiled_one() -> None:
    pattern = lazy(r"(?P<n>\d+)\+", re.I)
    assert "compiled" not in vars(pattern)  # nothing compiled until asked
    assert pattern.search("a 4+ save").group("n") == "4"
    assert vars(pattern)["compiled"] == re.compile(r"(?P<n>\d+)\+", re.I)  # text, flags and code (made from kept code, not re's cache)
    assert pattern.sub("N+", "4+ or 5+") == "N+ or N+"
    assert [m.span() for m in pattern.finditer("4+ 5+")] == [(0, 2), (3, 5)]
    assert pattern.groupindex == {"n": 1} and pattern.flags == re.compile("", re.I).flags
    with pytest.raises(AttributeError):
        pattern.no_such_method  # noqa: B018 - an unknown name fails as on a compiled pattern


def test_a_lazy_pattern_copies_and_pickles_as_a_pattern_not_yet_compiled() -> None:
    original = lazy(r"\bFear\b", re.I)
    for again in (copy.copy(original), copy.deepcopy(original), pickle.loads(pickle.dumps(original))):
        assert "compiled" not in vars(again) and again.search("causes fear").group() == "fear"


def test_a_gated_pattern_copies_and_pickles_once_gated() -> None:
    original = gated(r"\bFear\b", re.I)
    for _ in range(GATE_AFTER + 1):
        original.search("causes fear")
    assert "words" in vars(original)
    for again in (copy.copy(original), copy.deepcopy(original), pickle.loads(pickle.dumps(original))):
        assert "compiled" not in vars(again) and again.search("causes fear").group() == "fear"


def test_a_bad_pattern_fails_on_first_use() -> None:
    pattern = lazy(r"(unclosed")
    with pytest.raises(re.error, match="missing \\)"):
        pattern.search("x")


def test_needs_reads_the_words_every_match_holds() -> None:
    assert needs(r"\bautomatically\s+pass(?:es|ed)?\b", re.I) == ("automatically",)
    assert needs(r"\b(?:can|may)\s+only\b") == ("only",)  # of a sequence, its longest sure word
    assert needs(r"\b(?:roll[- ]?off|winner)\b") == ("roll", "winner")  # every alternative's, or none
    assert needs(r"\bfirst\b|\d+") == ()  # an alternative with no word: nothing is certain
    assert needs(r"(?:at\s+)?once") == ("once",) and needs(r"(?:twice)?\s*") == ()  # an optional part is not counted
    assert needs(r"(?:again){2,}") == ("again",)  # a repeat of at least once is
    assert needs(r"(?=.*\bunless\b)\w+") == ()  # nor what a look-ahead holds
    assert needs(r"(?-i:[A-Z])\w+ (?-i:Fear)") == ("fear",)  # written in capitals: found in lower case
    assert needs(r"[Ff]ear") == ("ear",)  # a class is no letter of the word
    assert needs(r"caf\xe9s") == ("caf",)  # nor a letter outside ASCII, which lower case does not fold as re.I does


def test_a_gated_pattern_answers_as_the_compiled_one() -> None:
    pattern = gated(r"\bimmune\s+to\s+(?P<what>\w+)", re.I)
    made = re.compile(pattern.pattern, re.I)
    assert pattern.search("Immune to Fear").group("what") == "Fear" and "words" not in vars(pattern)  # not yet
    for _ in range(GATE_AFTER):
        assert pattern.match("a unit immune to Fear") is None
    assert vars(pattern)["words"] == ("immune",)  # asked often enough: gated from now on
    for text in ("Immune to Fear and immune to Panic.", "A model may move.", "", "IMMUNE TO ſpells", "immune to\u212a"):
        assert [m.span() for m in pattern.finditer(text)] == [m.span() for m in made.finditer(text)]
        assert pattern.findall(text) == made.findall(text)
        assert (pattern.search(text) or made.search(text)) is None or pattern.search(text).span() == made.search(text).span()
        assert bool(pattern.match(text)) == bool(made.match(text)) and bool(pattern.fullmatch(text)) == bool(made.fullmatch(text))
    digits = gated(r"\d+")
    assert [digits.search("3 hits").group() for _ in range(GATE_AFTER + 1)][-1] == "3" and vars(digits)["words"] == ()
    # ſ (long s) matches s under re.I, but is no "s" in lower case: a text not ASCII is always scanned
    spells = gated(r"\bspells\b", re.I)
    assert [spells.search("immune to ſpells") for _ in range(GATE_AFTER + 1)][-1] is not None and vars(spells)["words"] == ("spells",)


def test_a_gated_pattern_reads_its_words_once_its_scans_cost_more_than_reading_them() -> None:
    """What counts is the characters looked through: a sentence of the rules costs a scan of 100
    characters and gates the pattern after GATE_AFTER / 101 asks; a short keyword string (a warm
    call's) after many more."""
    sentence = "A model with this rule may re-roll failed Panic tests while it is within 6 inches of its General unit."
    long_text, short_text = gated(r"\bimmune\s+to\b", re.I), gated(r"\bimmune\s+to\b", re.I)
    asks = GATE_AFTER // (len(sentence) + 1)
    for _ in range(asks + 2):  # (the first use compiles it, and is not counted)
        long_text.search(sentence), short_text.search("Fear")
    assert vars(long_text)["words"] == ("immune",) and "words" not in vars(short_text)


def test_every_gated_pattern_of_the_package_matches_the_rules_as_compiled() -> None:
    """The words a pattern is gated on must be in every text it matches: each gated pattern of
    the package against every sentence of rules_src (with a few matches built for the
    patterns rules_src never matches), found where the compiled pattern finds it."""
    sentences = list(_sentences())
    assert len(sentences) > 1000
    patterns = [(where, p) for where, p in _module_patterns() if isinstance(p, GatedPattern)]
    assert len(patterns) > 100
    differ = []
    hits = 0
    for where, pattern in patterns:
        made = re.compile(pattern.pattern, pattern._flags)
        pattern.search("")  # the first use compiles it
        pattern._gate()  # as when it has counted GATE_AFTER characters (tested above): gated from the first sentence on
        assert "words" in vars(pattern)
        for sentence in sentences:
            found, expected = pattern.search(sentence), made.search(sentence)
            hits += expected is not None
            if (found and found.span()) != (expected and expected.span()):
                differ.append(f"{where}: {sentence!r}")
    assert differ == [] and hits > 1000


def test_every_sieve_of_the_package_leaves_out_only_patterns_that_do_not_match() -> None:
    """A sieve's caller tries only the patterns :meth:`Sieve.live` gives: each pattern that matches
    a sentence of rules_src (the compiled pattern's answer) must be among them, and most of the
    others must be left out (else the sieve saves nothing)."""
    from referee.patterns import Sieve

    sentences = list(_sentences())
    sentences += ["Both players roll off; the ſtrongest charging unit flees.", "İf it is charging, it ſhoots."]  # not ASCII
    sieves = [(f"{info.name}.{name}", value) for info in pkgutil.walk_packages(referee.__path__, "referee.")
              for name, value in vars(importlib.import_module(info.name)).items() if isinstance(value, Sieve)]
    assert len(sieves) >= 3
    for where, sieve in sieves:
        made = [re.compile(p.pattern, p._flags) for p in sieve.patterns]
        sieve._read()  # as when it has counted GATE_AFTER characters
        assert sieve._always is not None, where  # its words read
        tried = left_out = 0
        for sentence in sentences:
            live = set(sieve.live(sentence))
            matching = {i for i, pattern in enumerate(made) if pattern.search(sentence)}
            assert matching <= live, (where, sentence)
            tried += len(made)
            left_out += len(made) - len(live)
        assert left_out > tried / 2, where


def test_a_led_pattern_finds_what_the_pattern_finds() -> None:
    """:func:`led` puts a look-ahead for a match's first characters before a pattern: every gated
    pattern of the package, led, finds the same matches (where, and each group) in every sentence
    of rules_src and in texts whose letters fold under re.I; most of them can be led."""
    sentences = list(_sentences())
    sentences += ["İf it is charging, it ſhoots at \u212aill range.", "IMMUNE TO FEAR; Cannot March"]
    patterns = [(where, p) for where, p in _module_patterns() if isinstance(p, GatedPattern)]
    made = 0
    for where, pattern in patterns:
        compiled = re.compile(pattern.pattern, pattern._flags)
        ahead = led(pattern.pattern, pattern._flags)
        if ahead is None:
            continue
        made += 1
        for sentence in sentences:
            expected = [(m.span(), m.groups()) for m in compiled.finditer(sentence)]
            assert [(m.span(), m.groups()) for m in ahead.finditer(sentence)] == expected, (where, sentence)
            assert bool(ahead.match(sentence)) == bool(compiled.match(sentence)), (where, sentence)
    assert made > len(patterns) / 2


@pytest.mark.parametrize(("pattern", "flags", "text"), [
    (r"(?:not\s+)?moving", re.I, "NOT MOVING, moving"),  # an optional start: both starts are first characters
    (r"(?<=all\s)fleeing|\bcharg(?:e|ing)", re.I, "all FLEEING units Charge"),
    (r"\b(?-i:[A-Z])\w+\s+rule", re.I, "the Fear rule, the fear rule"),  # a part that keeps case: the look-ahead ignores it
    (r"(?:x|)y", 0, "xy y"),  # an empty alternative: what follows starts the match too
    (r"[a-c]{2,}|[0-9]+", 0, "abba 12 cab"),
    (r"fear  # a remark", re.X, "Fear fear"),
    (r"(?i:fear)", 0, "FEAR"),
])
def test_a_led_pattern_takes_every_start_a_match_may_have(pattern: str, flags: int, text: str) -> None:
    ahead = led(pattern, flags)
    assert ahead is not None
    assert [m.span() for m in ahead.finditer(text)] == [m.span() for m in re.finditer(pattern, text, flags)] != []


def test_a_pattern_whose_match_may_start_anywhere_is_not_led() -> None:
    assert led(r"\w+") is None and led(r"[^,]+") is None and led(r"a?") is None and led(r"(?i)fear") is None and led(r".x") is None


def test_a_sieve_that_starts_its_runs_afresh_answers_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    """A sieve keeps what each run of letters opens until it has met ``_RUNS_KEPT`` runs, then starts
    afresh: its answers are the same before and after, for runs it met and runs it did not."""
    from referee import patterns
    from referee.patterns import Sieve

    sieve = Sieve([gated(r"\broll[- ]?off\b", re.I), gated(r"\bboth\s+(?:sides|players)\b", re.I), gated(r"\d+"), gated(r"\bflee", re.I)])
    texts = ["Both players roll-off.", "The unit flees 2D6.", "A unit may move.", "Fleeing units, both sides."] * 3
    for _ in range(GATE_AFTER):
        sieve.live("")
    expected = [sieve.live(text) for text in texts]
    assert expected[:4] == [(0, 1, 2), (2, 3), (2,), (1, 2, 3)]
    monkeypatch.setattr(patterns, "_RUNS_KEPT", 3)
    assert sieve.live("Charging models roll off.") == (0, 2) and sieve._runs[1] == {"charging", "models", "roll", "off"}  # afresh
    assert [sieve.live(text) for text in texts] == expected
