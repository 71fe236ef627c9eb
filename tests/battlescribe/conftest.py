"""Fixtures of the BattleScribe tests: small hand-written files in the real format."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"
BAD = FIXTURES / "bad"


def zipped(folder: Path, source: Path, suffix: str) -> Path:
    """``source`` zipped as BattleScribe does (one XML member), named ``<stem><suffix>``."""
    target = folder / f"{source.stem}{suffix}"
    with zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.write(source, source.name)
    return target


@pytest.fixture
def rules_dir(tmp_path: Path) -> Path:
    """An empty rules folder to import into."""
    folder = tmp_path / "rules"
    folder.mkdir()
    return folder
