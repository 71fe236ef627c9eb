"""Which keyword strings the corpus extractor finds in the rule documents."""

from __future__ import annotations

import pytest

from referee.keywords.corpus import keyword_strings
from referee.rulebase import Rulebase


@pytest.fixture(scope="module")
def found(rulebase: Rulebase) -> dict[tuple[str, str], set[str]]:
    out: dict[tuple[str, str], set[str]] = {}
    for item in keyword_strings(rulebase):
        out.setdefault((item.system, item.kind), set()).add(item.text)
    return out


@pytest.mark.parametrize(
    ("system", "kind", "text"),
    [
        ("t9a", "use", "Exclusive (Chariot)"),
        ("t9a", "use", "Multiple Wounds (D6)"),
        ("t9a", "use", 'Fly (8", 16")'),
        ("t9a", "use", "Maximised (Frenzy Tests, Restrain Pursuit Tests)"),
        ("t9a", "use", "Devastating Charge (+2 Strength, +2 Armour Penetration)"),
        ("t9a", "use", 'Commanding Presence (+6")'),
        ("t9a", "profile", 'Range 12" Shots 1 Strength 4 Armour Penetration 2 QuicktoFire'),
        ("t9a", "profile", 'Portée 30", tir 1, Force 3, PA 0, tir de volée'),
        ("t9a", "profile", 'Range 12-60", Shots 1, Str 3[7], AP 0[4], [Multiple Wounds (D3, Clipped Wings)]'),
        ("last-edition", "signature", "Ranged X spray&prey Y"),
        ("last-edition", "signature", "Melee X heavy -Y"),
        ("last-edition", "signature", "Leader (color/color) +X {Y role/Z role/role}"),
        ("last-edition", "signature", "Pure save X++"),
        ("whfb-house", "table", "DT(4) Wo(D6)"),
        ("whfb-house", "table", "DT(5) Wo(1)"),  # footnote mark dropped
        ("whfb-house", "use", "Dangerous Terrain (4)"),
        ("scrollhammer", "use", "Poisoned (4+)"),
        ("scrollhammer", "use", "Absorb Magicka(Y on an X+)"),
        ("scrollhammer", "use", "Magicka Drain(total)"),
    ],
)
def test_found(found: dict[tuple[str, str], set[str]], system: str, kind: str, text: str) -> None:
    assert text in found[(system, kind)]


@pytest.mark.parametrize(
    ("system", "text"),
    [
        ("scrollhammer", "Deep Strike (sometimes called Deep Strike reserve)"),
        ("scrollhammer", "Reserves (see page XX)"),
        ("t9a", "Swiftstride (but X can be affected by Maximised/Minimised Roll from other sources)"),
    ],
)
def test_prose_in_brackets_is_not_a_keyword(found: dict[tuple[str, str], set[str]], system: str, text: str) -> None:
    assert text not in found.get((system, "use"), set())


def test_every_string_cites_a_real_line(rulebase: Rulebase) -> None:
    from tests.conftest import RULES_SRC

    for item in keyword_strings(rulebase):
        lines = (RULES_SRC / item.file).read_text(encoding="utf-8").split("\n")
        assert 1 <= item.line <= len(lines), item
