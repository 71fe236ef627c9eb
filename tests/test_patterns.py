"""Patterns compiled on first use (referee/patterns.py) still fail where they are written."""

from __future__ import annotations

import copy
import importlib
import pickle
import pkgutil
import re

import pytest

import referee
from referee import pattern_cache
from referee.patterns import LazyPattern, lazy


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


def test_a_bad_pattern_fails_on_first_use() -> None:
    pattern = lazy(r"(unclosed")
    with pytest.raises(re.error, match="missing \\)"):
        pattern.search("x")
