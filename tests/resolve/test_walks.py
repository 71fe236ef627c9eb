"""Every rule of the four systems put in play against itself, in every situation the three
exhaustive checks ask, each answer checked by all three (issue 22):

- agreement (tests/resolve/test_agreement.py): every relation of a rule in play is applied or
  said not to apply here;
- calibrated abstention (tests/resolve/test_calibrated.py): a winner is stated only on a relation
  read from the text, quoted at its words;
- exact citations (tests/resolve/test_citations.py): every citation points at its quoted words.

One ``resolve`` per rule and situation, with the rules' texts, as ``referee resolve`` and the shell
ask it (each check once walked the rules itself: about a third of the calls were asked twice or
three times).  One test per system, so that each walk runs once whichever worker takes it.
"""

from __future__ import annotations

from typing import Any

import pytest

from referee.resolve import Pick, resolve
from referee.store.load import open_rules
from referee.store.record import Build
from tests.conftest import RULES_SRC
from tests.resolve.test_agreement import unexplained
from tests.resolve.test_calibrated import unfounded_rulings
from tests.resolve.test_citations import cited, misplaced

SYSTEMS = ("t9a", "whfb-house", "last-edition", "scrollhammer")
# the first eight were the agreement walk's; the calibrated walk added ("shooting", "moved"),
# the citations walk ("charging", "melee", "on-foot")
SITUATIONS = [(), ("melee",), ("shooting",), ("charging", "melee"), ("moved",), ("fleeing",), ("melee", "on-foot"), ("mounted",),
              ("shooting", "moved"), ("charging", "melee", "on-foot")]


def walked(view: Any, texts: dict[str, str], system: str) -> dict[str, Any]:
    """What each check finds wrong in the answers for every rule of ``system`` against itself."""
    found: dict[str, Any] = {"agreement": [], "calibrated": set(), "citations": set()}
    for rule in view.in_system(system):
        for when in SITUATIONS:
            data = resolve(view, system, [Pick(rule["id"])], [Pick(rule["id"])], when, documents=texts).to_json()
            found["agreement"] += [(when, *m) for m in unexplained(view, data)]
            unfounded_rulings(view, texts, data, (rule["name"], when), found["calibrated"])
            found["citations"] |= {(rule["name"], when, why) for c in cited(data) for why in [misplaced(texts, c)] if why}
    return found


@pytest.mark.parametrize("system", SYSTEMS)
def test_every_rule_against_itself_in_every_situation(view: Any, rulebase: Build, system: str) -> None:
    assert walked(view, rulebase.texts, system) == {"agreement": [], "calibrated": set(), "citations": set()}
    # the store keeps each rule and its relations as first read (referee/store/rows.py): no reader
    # changed them on the way, or a later answer would read that change
    rules = view.in_system(system)
    fresh = open_rules(RULES_SRC)
    for rule in rules:
        rid = rule["id"]
        assert (view.get(rid), view.relations_out(rid), view.relations_in(rid)) == (fresh.get(rid), fresh.relations_out(rid), fresh.relations_in(rid))
