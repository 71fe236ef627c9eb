"""Compiled patterns kept between processes (referee/pattern_cache.py): a kept entry makes
the pattern ``re.compile`` makes, and a wrong, stale, damaged or unwritable cache costs
time only."""

from __future__ import annotations

import marshal
import os
import re
import subprocess
import sys
import types

import pytest

from referee import atomic, pattern_cache
from referee.pattern_cache import compiled

WORDS = r"\b(?P<n>\d+)\s+(?:wounds?|hits?)\b"


@pytest.fixture
def fresh(monkeypatch: pytest.MonkeyPatch, tmp_path: os.PathLike[str]) -> str:
    """A process's state as if nothing had been read or made yet, with its cache in ``tmp_path``."""
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(pattern_cache, "_kept", None)
    monkeypatch.setattr(pattern_cache, "_made", {})
    monkeypatch.setattr(pattern_cache, "_used", {})
    monkeypatch.setattr(pattern_cache, "_pending", {})
    monkeypatch.setattr(pattern_cache, "_fresh", True)  # no exit hook from a test
    return pattern_cache.file_name()


def _later_process(monkeypatch: pytest.MonkeyPatch) -> None:
    """Forget what this process read and made, as the next process would start."""
    monkeypatch.setattr(pattern_cache, "_kept", None)
    monkeypatch.setattr(pattern_cache, "_made", {})
    monkeypatch.setattr(pattern_cache, "_used", {})
    monkeypatch.setattr(pattern_cache, "_pending", {})


def _body(name: str) -> bytes:
    with open(name, "rb") as fh:
        return fh.read()


def test_a_kept_pattern_is_the_pattern_re_compiles(fresh: str, monkeypatch: pytest.MonkeyPatch) -> None:
    first = compiled(WORDS, re.I)
    assert first == re.compile(WORDS, re.I) and not os.path.exists(fresh)  # written at exit, not per pattern
    assert pattern_cache.write() and pattern_cache.read(fresh).stored((WORDS, int(re.I))) is not None
    _later_process(monkeypatch)
    asked = []
    monkeypatch.setattr(re, "compile", lambda *args: asked.append(args))  # a kept entry never compiles
    again = compiled(WORDS, re.I)
    assert asked == [] and again is not first
    # equality of compiled patterns compares their text, flags and code word for word
    assert again == first and again.groupindex == {"n": 1}
    assert again.search("it suffers 3 Wounds").group("n") == "3" and again.findall("2 hits, 4 hits") == ["2", "4"]
    assert compiled(WORDS, re.RegexFlag.IGNORECASE) is again  # asked again (a pattern built in a loop): made once


def test_a_process_holds_a_bounded_number_of_patterns(fresh: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pattern_cache, "MADE", 2)
    made = [compiled(rf"\b{word}\b") for word in ("one", "two", "three")]
    assert len(pattern_cache._made) == 1 and [p.search(f"a {w} b") is not None for p, w in zip(made, ("one", "two", "three"))] == [True] * 3


def test_a_pattern_made_again_after_the_process_forgot_it_is_not_compiled_again(fresh: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pattern_cache, "MADE", 2)
    first = [compiled(rf"\b{word}\b") for word in ("one", "two", "three")]  # the third empties what is held
    asked = []
    monkeypatch.setattr(re, "compile", lambda *args: asked.append(args))
    again = compiled(r"\bone\b")  # not in the file read at the start: what this process compiled is held for its entry
    assert asked == [] and again == first[0] and again.search("a one b")
    pattern_cache.write()
    _later_process(monkeypatch)
    assert compiled(r"\bone\b") == first[0] and asked == []  # from the entry written


def test_an_entry_is_made_at_exit_and_only_for_the_newest_kept(fresh: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pattern compiled here is parsed and generated a second time, for its entry, only when the
    process writes its file, and only for the entries the file keeps (the newest ``KEPT``)."""
    monkeypatch.setattr(pattern_cache, "KEPT", 3)
    made: list[str] = []
    real = pattern_cache._entry
    monkeypatch.setattr(pattern_cache, "_entry", lambda *args: made.append(args[0]) or real(*args))
    words = [rf"\b{word}\b" for word in ("one", "two", "three", "four", "five")]
    patterns = [compiled(word) for word in words]
    assert made == [] and len(pattern_cache._pending) == 3  # the two oldest will not be kept: not held for it
    assert pattern_cache.write() and made == words[2:]
    kept = pattern_cache.read(fresh)
    assert [marshal.loads(kept.at(where))[0] for where in kept.index] == words[2:]
    _later_process(monkeypatch)
    assert [compiled(word) for word in words[2:]] == patterns[2:] and made == words[2:]  # made from the entries


def test_the_same_text_with_other_flags_is_another_entry(fresh: str, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled(r"fear")
    pattern_cache.write()
    _later_process(monkeypatch)
    assert compiled(r"fear", re.I).search("FEAR") is not None
    assert compiled(r"fear").search("FEAR") is None


def _kept_with(name: str, entries: dict) -> None:
    """A cache file of this interpreter, whole (its checksums right), holding ``entries``."""
    with open(name, "wb") as fh:
        fh.write(pattern_cache.encode({pattern_cache.slot(key): marshal.dumps((*key, *entry)) for key, entry in entries.items()}))


@pytest.mark.parametrize(
    "entry",
    [
        (0, b"\x00\x00", 0),  # another shape
        (0, b"\xff\xff\xff\xff" * 4, 0, {}, ()),  # code the engine refuses
        ("0", b"", 0, {}, ()),  # a field of another type
    ],
    ids=["shape", "invalid code", "field type"],
)
def test_a_wrong_entry_costs_time_not_a_wrong_match(fresh: str, monkeypatch: pytest.MonkeyPatch, entry: tuple) -> None:
    _kept_with(fresh, {(WORDS, 0): entry})
    made = compiled(WORDS)
    assert made == re.compile(WORDS) and made.search("3 hits").group("n") == "3"
    pattern_cache.write()  # the wrong entry is replaced by the right one
    assert tuple(marshal.loads(pattern_cache.read(fresh).stored((WORDS, 0)))[2:]) != entry


def test_another_patterns_entry_in_the_same_slot_is_not_used(fresh: str) -> None:
    """Two texts in one slot (their CRC-32s equal): the entry says whose it is."""
    other = re.compile(r"\bother\b")
    entry = pattern_cache._entry(r"\bother\b", 0, other)
    with open(fresh, "wb") as fh:
        fh.write(pattern_cache.encode({pattern_cache.slot((WORDS, 0)): marshal.dumps((r"\bother\b", 0, *entry))}))
    made = compiled(WORDS)
    assert made == re.compile(WORDS) and made.search("3 hits") is not None


def test_a_stale_or_damaged_file_or_entry_is_not_used(fresh: str, monkeypatch: pytest.MonkeyPatch) -> None:
    compiled(WORDS)
    pattern_cache.write()
    good = _body(fresh)
    stamp, _, rest = good.partition(b"\n")
    other_python = stamp.replace(sys.version.encode(), b"3.11.0 (another build)") + b"\n" + rest
    in_index = len(stamp) + 1 + 8 + 5
    flipped = [good[:at] + bytes([good[at] ^ 1]) + good[at + 1 :] for at in (in_index, len(good) - 20)]  # the index's bytes, the entry's
    for damaged in (other_python, *flipped, good[: len(good) // 2], good[:-1], b"", b"\n" * 40):
        with open(fresh, "wb") as fh:
            fh.write(damaged)
        assert pattern_cache.read(fresh).stored((WORDS, 0)) is None
        _later_process(monkeypatch)
        assert compiled(WORDS) == re.compile(WORDS)


def test_a_damaged_entry_costs_its_own_pattern_only(fresh: str, monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = compiled(r"\bfirst\b"), compiled(r"\bsecond\b")
    pattern_cache.write()
    kept = pattern_cache.read(fresh)
    start, size, _ = kept.index[pattern_cache.slot((r"\bfirst\b", 0))]
    good = _body(fresh)
    at = len(good) - len(kept.entries) + start + size // 2
    with open(fresh, "wb") as fh:
        fh.write(good[:at] + bytes([good[at] ^ 1]) + good[at + 1 :])
    _later_process(monkeypatch)
    asked = []
    real = re.compile
    monkeypatch.setattr(re, "compile", lambda *args: asked.append(args[0]) or real(*args))
    assert (compiled(r"\bfirst\b"), compiled(r"\bsecond\b")) == (first, second)
    assert asked == [r"\bfirst\b"]  # the damaged one compiled again, the other made from its kept code


def test_an_entry_is_kept_only_when_it_makes_what_re_compile_makes(fresh: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Were re's private parts to change so that the code taken from them differed from
    what re.compile makes, nothing would be kept, and the answer is still re.compile's."""
    real = pattern_cache._compiler
    other = types.SimpleNamespace(_code=lambda parsed, flags: real._code(pattern_cache._parser.parse("other"), flags))
    monkeypatch.setattr(pattern_cache, "_compiler", other)
    assert compiled(WORDS) == re.compile(WORDS)
    assert pattern_cache.write() and pattern_cache.read(fresh).index == {}
    monkeypatch.setattr(pattern_cache, "_parser", types.SimpleNamespace())  # no parse at all: an AttributeError inside
    assert compiled(r"\bgone\b") == re.compile(r"\bgone\b")
    assert pattern_cache.write() and pattern_cache.read(fresh).index == {}


def test_a_folder_that_cannot_be_written_costs_time_only(monkeypatch: pytest.MonkeyPatch, tmp_path: os.PathLike[str]) -> None:
    blocker = os.path.join(tmp_path, "a-file")
    with open(blocker, "w") as fh:
        fh.write("not a folder")
    monkeypatch.setenv("REFEREE_CACHE_DIR", os.path.join(blocker, "cache"))  # can be neither read nor made
    monkeypatch.setattr(pattern_cache, "_kept", None)
    monkeypatch.setattr(pattern_cache, "_made", {})
    monkeypatch.setattr(pattern_cache, "_used", {})
    monkeypatch.setattr(pattern_cache, "_fresh", True)
    assert compiled(WORDS) == re.compile(WORDS)
    assert pattern_cache.write() is False
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path))

    def read_only(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Read-only file system")

    monkeypatch.setattr(atomic, "replace_with", read_only)  # (as root, a mode bit would not stop the write)
    assert pattern_cache.write() is False and not os.path.exists(pattern_cache.file_name())


def test_a_missing_folder_is_made_and_the_newest_entries_are_kept(fresh: str, monkeypatch: pytest.MonkeyPatch, tmp_path: os.PathLike[str]) -> None:
    deeper = os.path.join(tmp_path, "not", "yet")
    monkeypatch.setenv("REFEREE_CACHE_DIR", deeper)
    monkeypatch.setattr(pattern_cache, "KEPT", 3)
    for word in ("one", "two", "three", "four"):
        compiled(rf"\b{word}\b")
    assert pattern_cache.write()
    kept = pattern_cache.read(pattern_cache.file_name())
    assert [marshal.loads(kept.at(where))[0] for where in kept.index] == [r"\btwo\b", r"\bthree\b", r"\bfour\b"]


def test_two_processes_the_second_compiles_nothing(tmp_path: os.PathLike[str]) -> None:
    """The exit of a process writes what it compiled; the next one makes every pattern from it."""
    env = {**os.environ, "REFEREE_CACHE_DIR": str(tmp_path)}
    script = (
        "import re; from referee import pattern_cache; from referee.patterns import lazy\n"
        "p = lazy(r'\\b(?:fear|terror)\\b', re.I)\n"
        "assert p.findall('Fear and TERROR') == ['Fear', 'TERROR']\n"
        "print(pattern_cache._fresh)"
    )
    first = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    second = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True)
    assert (first.stdout, second.stdout) == ("True\n", "False\n")  # the second made no entry: it read them
    kept = os.listdir(tmp_path)
    assert len(kept) == 1 and kept[0].startswith(f"patterns-{sys.implementation.cache_tag}-")  # nothing left aside


def test_the_re_module_given_to_lexers_is_re_but_for_where_patterns_are_made(fresh: str) -> None:
    kept_re = pattern_cache.as_re_module()
    assert kept_re is pattern_cache.as_re_module() and kept_re is not re
    assert (kept_re.escape, kept_re.error, kept_re.IGNORECASE, kept_re.sub) == (re.escape, re.error, re.IGNORECASE, re.sub)
    assert kept_re.compile(WORDS, re.I) is compiled(WORDS, re.I)
    assert kept_re.match(r"\d+", "12 hits").group() == "12" and kept_re.match(r"\d+", "hits") is None


def test_a_standalone_parser_lexes_with_kept_patterns(fresh: str, monkeypatch: pytest.MonkeyPatch, tmp_path: os.PathLike[str]) -> None:
    """Lark's standalone keyword parser compiles its terminals' alternations when made:
    through the kept patterns, so a later process makes them from kept code."""
    from referee import grammars

    parser = os.path.join(tmp_path, "k.standalone")
    text = "Multiple Wounds (D3, Clipped Wings), Fearless"
    first = grammars.standalone("keywords.lark", cache=parser).parse(text)
    assert [pattern for pattern, _ in pattern_cache._made if pattern.startswith("(?P<")]  # the lexer's alternations
    assert pattern_cache.write()
    _later_process(monkeypatch)
    made_anew: list[tuple] = []
    monkeypatch.setattr(pattern_cache, "_remember", lambda *args: made_anew.append(args))  # what a miss calls
    assert grammars.standalone("keywords.lark", cache=parser).parse(text) == first
    assert made_anew == [] and pattern_cache._used


_ASK_ALL = """
import contextlib, io, sys
from referee import pattern_cache
pattern_cache.file_name = lambda: sys.argv[1]  # the test's own file; the rules' store is the shared one
from referee.cli.commands import main
for call in ({calls!r}):
    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):
        main(list(call))
print(pattern_cache._fresh)
"""


@pytest.mark.slow
def test_warm_calls_in_processes_of_other_hash_seeds_compile_nothing(rulebase: object, tmp_path: os.PathLike[str]) -> None:
    """A pattern built at run time from a set's words in the set's order had another text in
    each process (the order follows the hash seed), so it was compiled, and the file written,
    on every call: built longest first, ties in text order (referee.patterns.longest_first),
    the second and third process, of other seeds, find every pattern kept."""
    calls = (
        ("resolve", "Great Weapon, Lightning Reflexes", "--system", "t9a", "--when", "melee"),
        ("resolve", "Paired Weapons", "--vs", "Hand Weapon, Shield", "--system", "t9a", "--when", "melee,on-foot", "--json"),
        ("resolve", "Fear", "--vs", "Fear", "--system", "t9a", "--format", "markdown"),
        ("resolve", "Fly (8, 16)", "--system", "t9a"),
        ("resolve", "Ranged 2 heavy", "--system", "last-edition", "--when", "moved"),
        ("parse", "Multiple Wounds (D3, Clipped Wings)", "--system", "t9a"),
    )
    kept = os.path.join(tmp_path, "patterns.marshal")
    script = _ASK_ALL.format(calls=calls)
    fresh = [
        subprocess.run([sys.executable, "-c", script, kept], env={**os.environ, "PYTHONHASHSEED": seed}, capture_output=True, text=True, check=True).stdout
        for seed in ("1", "2", "3")
    ]
    assert fresh == ["True\n", "False\n", "False\n"]
