"""The lexer's name index, filed one first word at a time as sentences ask for it,
answers every question as the index filed whole does (and a rebuild reading one
rule files only the words that rule writes)."""

from __future__ import annotations

from referee.graph.lexer import NameIndex, Names, _index_for, lex
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
