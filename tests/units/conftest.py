"""A small rules folder with a rules document and imported BattleScribe data (the
tests/battlescribe fixtures), plus a second army that also has "Spearmen"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent.parent / "battlescribe" / "fixtures"

MANIFEST = """id = "demo"
title = "Demo"
precedence = ["core"]

[[documents]]
path = "rules.md"
format = "markdown"
role = "core"
"""

BOOK = """
[[documents]]
path = "{path}"
format = "battlescribe"
role = "battlescribe"
"""

# A second army book whose "Spearmen" have Cowards on an option, and a unit
# whose name only differs from one of the first army's by accents and case.
RIVALS = """<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<catalogue id="cat-rivals" name="Rival Army" revision="1" battleScribeVersion="2.03" library="false" gameSystemId="gs-demo" gameSystemRevision="3" xmlns="http://www.battlescribe.net/schema/catalogueSchema">
  <selectionEntries>
    <selectionEntry id="u-rival-spear" name="Spearmen" hidden="false" type="unit">
      <selectionEntries>
        <selectionEntry id="o-banner" name="Craven Banner" hidden="false" type="upgrade">
          <profiles>
            <profile id="pr-banner" name="Craven Banner" hidden="false" typeId="pt-item" typeName="Item">
              <characteristics>
                <characteristic name="Rules" typeId="ct-rules">Cowards (3)</characteristic>
              </characteristics>
            </profile>
          </profiles>
        </selectionEntry>
      </selectionEntries>
    </selectionEntry>
    <selectionEntry id="u-wraith" name="Wräith Lord" hidden="false" type="model">
      <profiles>
        <profile id="pr-wraith" name="Wräith Lord" hidden="false" typeId="pt-model" typeName="Model">
          <characteristics>
            <characteristic name="Rules" typeId="ct-rules">Fear</characteristic>
          </characteristics>
        </profile>
      </profiles>
    </selectionEntry>
  </selectionEntries>
</catalogue>
"""


@pytest.fixture(scope="session")
def rules_src(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """rules/demo: rules.md, demo.gst, demo-army.cat and rivals.cat, listed in system.toml."""
    root = tmp_path_factory.mktemp("units") / "rules"
    folder = root / "demo"
    folder.mkdir(parents=True)
    for name in ("rules.md", "demo.gst", "demo-army.cat"):
        shutil.copy(FIXTURES / name, folder / name)
    (folder / "rivals.cat").write_text(RIVALS, encoding="utf-8")
    books = "".join(BOOK.format(path=p) for p in ("demo.gst", "demo-army.cat", "rivals.cat"))
    (folder / "system.toml").write_text(MANIFEST + books, encoding="utf-8")
    return root
