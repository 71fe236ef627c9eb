"""The records aligning makes (``referee.model``), made by plain stores into a twin of their
slots: still their own class, frozen, equal and pickled by their fields, never subclassed."""

from __future__ import annotations

import dataclasses
import pickle

import pytest

from referee.model import Alias, Entry, Rule, Source, Version


def test_a_record_made_is_its_own_class_frozen_and_equal_by_its_fields() -> None:
    source = Source("a.md", 3, 5)
    version = Version("Units flee.", source, "a.md", "core", heading="Fear")
    rule = Rule("s/fear", "Fear", "s", "Units flee.", source, (Alias("Furcht", "de"),), versions=(version,))
    assert type(rule) is Rule and type(version) is Version and type(source) is Source
    assert (rule.category, rule.children, version.lang, source.column) == (None, (), "en", 1)  # the defaults
    with pytest.raises(dataclasses.FrozenInstanceError):
        rule.name = "Terror"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        source.line = 4  # type: ignore[misc]
    again = pickle.loads(pickle.dumps(rule))
    assert again == rule and type(again) is Rule and hash(again.source) == hash(source)
    assert pickle.dumps(again) == pickle.dumps(rule)
    assert dataclasses.replace(rule, name="Terror").name == "Terror" and rule.name == "Fear"
    assert Entry("Fear", "Units flee.", source) == Entry(name="Fear", text="Units flee.", source=source)
    with pytest.raises(TypeError):
        Entry("Fear")  # type: ignore[call-arg]  # the dataclass's parameters: text and source are needed


def test_a_record_is_never_subclassed() -> None:
    with pytest.raises(TypeError, match="cannot be subclassed"):

        class Own(Rule):  # type: ignore[misc]
            pass
