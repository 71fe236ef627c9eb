"""Alignment of a system's documents into rules, on small fixture systems."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.rulebase import build_rulebase
from tests.conftest import manifest, write_system

TWO_DOCS = '''id = "demo"
title = "Demo"
languages = ["en", "de"]
precedence = ["universal", "glossary"]
{extra}
[[documents]]
path = "rules.txt"
format = "rules-list"
role = "universal"

[[documents]]
path = "glossary.txt"
format = "glossary"
role = "glossary"
alias_lang = "de"
'''

RULES = """Terror

Units with Terror make enemy units take a Panic Test when they declare a Charge against them, and they flee if they fail.

Gloom

Models with Gloom sulk in the rain.
"""


def build(tmp_path: Path, glossary: str, extra: str = ""):  # type: ignore[no-untyped-def]
    write_system(tmp_path, "demo", TWO_DOCS.format(extra=extra), {"rules.txt": RULES, "glossary.txt": glossary})
    return build_rulebase(tmp_path)


def test_precedence_picks_the_primary_version(tmp_path: Path) -> None:
    rb = build(tmp_path, "Gloom\n\nModels with Gloom sulk, and sulk again.\n")
    gloom = rb.get("demo/gloom")
    assert [v.document for v in gloom.versions] == ["demo/rules.txt", "demo/glossary.txt"]
    assert gloom.text == "Models with Gloom sulk in the rain."
    assert gloom.flags == ("versions",)


def test_german_heading_whose_text_matches_an_english_rule_becomes_its_alias(tmp_path: Path) -> None:
    # "Schrecken" names no rule in its text; its text is Terror's text.
    rb = build(
        tmp_path,
        "Schrecken\n\nUnits with this make enemy units take a Panic Test when they declare a Charge against them, and they flee if they fail.\n",
    )
    [terror] = rb.lookup("Schrecken", system="demo")
    assert terror.id == "demo/terror"
    assert [(a.name, a.lang) for a in terror.aliases] == [("Schrecken", "de")]
    assert [(v.document, v.heading) for v in terror.versions] == [("demo/rules.txt", "Terror"), ("demo/glossary.txt", "Schrecken")]


def test_short_texts_are_not_aligned_by_text(tmp_path: Path) -> None:
    rb = build(tmp_path, "Dunkel\n\nThe rain.\n")
    assert [r.id for r in rb.lookup("Dunkel", system="demo")] == ["demo/dunkel"]


def test_curated_alias_overrides_a_guess(tmp_path: Path) -> None:
    glossary = "Gloom\n\nSchrecken\n\nModels with Gloom sulk in the rain.\n"
    extra = '[aliases.de]\n"Schrecken" = "Terror"\n'
    rb = build(tmp_path, glossary, extra)
    assert [r.id for r in rb.lookup("Schrecken", system="demo")] == ["demo/terror"]
    assert "Schrecken" not in [a.name for a in rb.get("demo/gloom").aliases]


def test_curated_alias_for_a_name_the_documents_never_write(tmp_path: Path) -> None:
    rb = build(tmp_path, "Gloom\n\nModels with Gloom sulk.\n", '[aliases.en]\n"Sulk" = "Gloom"\n')
    assert [r.id for r in rb.lookup("Sulk", system="demo")] == ["demo/gloom"]


def test_stub_merges_into_the_rule_it_names(tmp_path: Path) -> None:
    rb = build(tmp_path, "Gloom\n\nDüster\n\nFog\n\nModels with Fog hide.\n", '[aliases.de]\n"Düster" = "Gloom"\n')
    gloom = rb.get("demo/gloom")
    assert "Düster" in [a.name for a in gloom.aliases]
    assert rb.get("demo/fog") is not None and "stub" not in rb.get("demo/fog").flags


def test_rules_of_two_systems_never_merge(tmp_path: Path) -> None:
    write_system(tmp_path, "demo", TWO_DOCS.format(extra=""), {"rules.txt": RULES, "glossary.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    write_system(
        tmp_path,
        "other",
        'id = "other"\ntitle = "Other"\n[[documents]]\npath = "r.txt"\nformat = "rules-list"\nrole = "core"\n',
        {"r.txt": "Gloom\n\nModels with Gloom shine.\n"},
    )
    rb = build_rulebase(tmp_path)
    assert [r.id for r in rb.lookup("Gloom")] == ["demo/gloom", "other/gloom"]
    assert rb.get("other/gloom").versions[0].text == "Models with Gloom shine."


def test_texts_compared_by_words_include_every_text_sharing_enough_of_them() -> None:
    # _merge_by_text compares a heading's text only with the groups _Texts.near
    # names: every text sharing _SIMILAR of the two texts' words must be among
    # them, however common the words (texts here draw on 12 words only).
    import random

    from referee.rulebase.align import _MIN_WORDS, _SIMILAR, _Texts, _words

    rnd = random.Random(15)
    vocabulary = [f"word{i}" for i in range(12)]

    def text() -> str:
        return " ".join(rnd.sample(vocabulary, rnd.randint(3, 12)))

    texts = _Texts({}, {})
    keys = [f"rule{i}" for i in range(300)]
    for key in keys:
        texts.add(key, text())
    for key in keys[:30]:  # filed again under another text, as after a merge
        texts.add(key, text())
    order = {key: i for i, key in enumerate(keys)}
    compared = 0
    for _ in range(200):
        words = _words(text())
        if len(words) < _MIN_WORDS:
            continue
        near = texts.near(words, order)
        assert near == sorted(near, key=order.__getitem__)
        similar = [
            key for key in keys
            if len(texts.words[key]) >= _MIN_WORDS
            and len(words & texts.words[key]) / len(words | texts.words[key]) >= _SIMILAR
        ]
        assert set(similar) <= set(near)
        compared += len(similar)
    assert compared > 100  # the case is not vacuous


def test_a_curated_alias_with_a_typo_over_a_glossary_heading_is_an_error(tmp_path: Path) -> None:
    """The glossary renames a heading by its curated alias ("Schwere Rüstung" is
    "Heavy Amrour"), so the typo's name is on an entry; it is still the
    manifest's, not a name the documents write, and the near miss is reported."""
    from referee.errors import RulesError

    glossary = "Heavy Armour\n\n+2 Armour.\n\nSchwere Rüstung\n\n+2 Armour.\n"
    with pytest.raises(RulesError, match="'Heavy Amrour', which no document defines; did you mean 'Heavy Armour'"):
        build(tmp_path, glossary, '[aliases.de]\n"Schwere Rüstung" = "Heavy Amrour"\n')


def test_a_curated_alias_with_two_letters_swapped_is_an_error(tmp_path: Path) -> None:
    """"Hnad Weapon" for "Hand Weapon": a swap of two letters is one slip, though
    difflib's ratio rates it below its cutoff; the rule's English name is on an
    entry only because the manifest renamed its German heading by it."""
    from referee.errors import RulesError

    glossary = "Handwaffe\n\nA plain weapon.\n"
    extra = '[aliases.de]\n"Handwaffe" = "Hand Weapon"\n[aliases.en]\n"HW" = "Hnad Weapon"\n'
    with pytest.raises(RulesError, match="alias 'HW' points at 'Hnad Weapon', which no document defines; did you mean 'Hand Weapon'"):
        build(tmp_path, glossary, extra)


def test_a_curated_alias_with_a_typo_over_a_renamed_heading_is_an_error_by_the_name_the_texts_use(tmp_path: Path) -> None:
    """The glossary's only heading of the rule is the German one, renamed by
    the typo ("Groll" is "Gurdge"): no heading is a near miss of the target,
    but the texts use the name it meant ("models with Grudge").  Written there
    once only, "Grudge" may as well be the slip: the error names it without
    picking (it asked "did you mean 'Grudge'?" before 2026-11-27)."""
    from referee.errors import RulesError

    glossary = "Groll\n\nIn the first round, models with Grudge reroll failed hits.\n"
    said = "alias 'Groll' points at 'Gurdge', which no document defines; the documents write 'Grudge', one slip from it, once only"
    with pytest.raises(RulesError, match=said):
        build(tmp_path, glossary, '[aliases.de]\n"Groll" = "Gurdge"\n')


def test_a_curated_alias_with_two_letters_of_a_written_word_swapped_is_an_error(tmp_path: Path) -> None:
    """No text uses "Poison Blade" either, but "blade" is a word the texts
    write and "Bldae" none does: the swap is the slip, the other word stays."""
    from referee.errors import RulesError

    glossary = "Giftklinge\n\nA blade dipped in venom: its hits wound on 4+.\n"
    with pytest.raises(RulesError, match="alias 'Giftklinge' points at 'Poison Bldae', which no document defines; did you mean 'Poison Blade'"):
        build(tmp_path, glossary, '[aliases.de]\n"Giftklinge" = "Poison Bldae"\n')


def test_curated_aliases_over_renamed_headings_whose_names_no_text_uses_are_quiet(tmp_path: Path) -> None:
    """A sentence's capital is not a name ("Cannot" is no slip of "Cannon"), a
    plural is the name's own ("Crush Attacks"), and a word no document
    writes is the manifest's to give ("Toxic")."""
    glossary = (
        "Kanone\n\nCannot move and shoot in one turn.\n\n"
        "Zerschmettern\n\nModels with Crush Attacks hit once more.\n\n"
        "Giftig\n\nHits wound on 4+ whatever the target.\n"
    )
    extra = '[aliases.de]\n"Kanone" = "Cannon"\n"Zerschmettern" = "Crush Attack"\n"Giftig" = "Toxic Hits"\n'
    rb = build(tmp_path, glossary, extra)
    assert {rb.get(f"demo/{key}").name for key in ("cannon", "crush-attack", "toxic-hits")} == {"Cannon", "Crush Attack", "Toxic Hits"}


def test_a_curated_alias_spelled_as_the_texts_write_its_words_is_no_typo_of_a_slip_in_a_text(tmp_path: Path) -> None:
    """The glossary's only heading of the rule is the German one ("Schwieriges
    Ziel" is "Hard Target"), and the one text that used the name has a slip
    ("gain Hard Tagret"): every word of the alias's target is one the texts
    write, so the slip is the text's (lint reports it there), not the alias's."""
    glossary = (
        "Schwieriges Ziel\n\nShots at the unit suffer -1 to hit, hard as the target is to see.\n\n"
        "Plänkler\n\nUnits of skirmishers gain Hard Tagret and move freely.\n"
    )
    rb = build(tmp_path, glossary, '[aliases.de]\n"Schwieriges Ziel" = "Hard Target"\n')
    assert rb.get("demo/hard-target").name == "Hard Target"


def test_curated_aliases_follow_the_names_they_are_of_in_written_order(tmp_path: Path) -> None:
    """A rule's curated aliases come after its written ones, those of its own name first, then
    those of each written alias in the order written: the same in every process (they were
    gathered through a set of names, whose order changes with the process's hash seed)."""
    extra = '[aliases.de]\n"Finsternis" = "Murk"\n"Schatten" = "Shade"\n"Daemmerung" = "Dusk"\n"Truebsal" = "Gloom"\n"Nebel" = "Fog"\n'
    files = {"rules.md": "# Rules\n\n## Gloom, Murk, Shade, Dusk, Fog\n\nModels with Gloom sulk.\n"}
    write_system(tmp_path, "demo", manifest("demo", "rules.md", "markdown", extra), files)
    [rule] = build_rulebase(tmp_path, "", None).rules.values()
    assert [a.name for a in rule.aliases] == [
        "Gloom", "Murk", "Shade", "Dusk", "Fog", "Truebsal", "Finsternis", "Schatten", "Daemmerung", "Nebel"
    ]  # fmt: skip
