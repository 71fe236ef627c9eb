"""The lexer's name index, filed one first word at a time as sentences ask for it,
answers every question as the index filed whole does (and a rebuild reading one
rule files only the words that rule writes)."""

from __future__ import annotations

import gc

from referee.graph import lexer
from referee.graph.lexer import NameIndex, Names, _index_for, lex, name_index
from referee.graph.reading import Readings
from referee.store.record import Build


def _index(build: Build, system: str) -> NameIndex:
    return _index_for(dict(build.names[system]), list(build.manifests[system].core_terms))


def test_every_key_asked_of_a_lazy_index_gives_what_the_whole_index_gives(rulebase: Build) -> None:
    for system in rulebase.systems:
        whole = _index(rulebase, system)
        whole.fill()
        keys = list(whole._spelled)
        heads = list(whole._longest)
        lazy = _index(rulebase, system)
        assert lazy._heads and not lazy._spelled  # nothing filed before a question
        assert [lazy.by_words.get(key) for key in keys] == [whole.by_words.get(key) for key in keys]
        assert [lazy.longest.get(head, 0) for head in heads] == [whole.longest.get(head, 0) for head in heads]
        assert lazy.by_words.get(("no-such-word",)) is None and lazy.longest.get("no-such-word", 0) == 0


def test_a_sentence_files_only_the_first_words_it_writes() -> None:
    names = {"fear": ["t/fear"], "terror": ["t/terror"], "light troops": ["t/light-troops"], "lance": ["t/lance"]}
    found = Names(names, ("Round of Combat",))
    tokens = [t.type for t in lex("The model gains Fear and is immune to Terror.", found)]
    assert tokens == ["THE", "WORD", "GAIN", "NAME", "AND", "BE", "IMMUNE", "TO", "NAME", "DOT"]
    assert "fear" not in found.index._heads and "terror" not in found.index._heads
    assert "light" in found.index._heads and "lance" in found.index._heads  # never asked for


def test_an_index_no_reader_holds_is_let_go_at_once() -> None:
    """Its tables hold what filing needs, not the index: dropped, it is freed there and then, not
    left for the cycle collector (whose pass over a 100,000-rule index cost an edit 0.13 s)."""
    names = {"fear": ["t/fear"], "light troops": ["t/light-troops"], "lance": ["t/lance"]}
    collecting = gc.isenabled()
    gc.disable()
    try:
        gc.collect()
        index = name_index(names, ("Round of Combat",))
        assert index.by_words.get(("light", "troops")) and index.longest.get("lance") == 1  # filed on asking
        index.fill()
        del index
        assert gc.collect() == 0  # nothing was left in a cycle
    finally:
        if collecting:
            gc.enable()


def test_a_reader_of_a_system_keeps_its_own_index_and_lets_it_go_with_itself(rulebase: Build) -> None:
    """A build's reader reads every rule with one index it made, which none of the lexer's
    kept indexes holds: once the build is done with the reader, the index is gone too."""
    system = "t9a"
    reading = Readings(rulebase, system, workers=1)
    rule = next(iter(rulebase.in_system(system)))
    assert reading(rule) == _read_alone(rulebase, system, rule)
    assert all(kept[2] is not reading.index for kept in lexer._INDEXES.values())
    assert reading.index is reading.index  # made once


def _read_alone(rulebase: Build, system: str, rule: object) -> object:
    from referee.graph.effects import read_rule

    return read_rule(rule, Names(rulebase.names[system], rulebase.manifests[system].core_terms, rule.id), rulebase.texts)  # type: ignore[attr-defined]
