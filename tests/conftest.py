"""Shared fixtures: the real rules_src, and small rule systems built in tmp_path."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.paths import PROJECT
from referee.rulebase import Rulebase, build_rulebase

RULES_SRC = PROJECT / "rules_src"


@pytest.fixture(autouse=True)
def _private_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own cache folder, so no test reads another's build."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(folder))
    monkeypatch.delenv("REFEREE_RULES_SRC", raising=False)
    return folder


@pytest.fixture(scope="session")
def rulebase() -> Rulebase:
    """The rulebase of the project's own rules_src, built once per test run."""
    return build_rulebase(RULES_SRC)


def write_system(root: Path, system: str, manifest: str, files: dict[str, str | bytes]) -> Path:
    """A rule system folder under ``root``; returns ``root`` (the rules_src)."""
    folder = root / system
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "system.toml").write_text(manifest, encoding="utf-8")
    for name, content in files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
    return root


def manifest(system: str, path: str = "rules.txt", fmt: str = "rules-list", extra: str = "") -> str:
    return (
        f'id = "{system}"\ntitle = "Test system"\n{extra}\n'
        f'[[documents]]\npath = "{path}"\nformat = "{fmt}"\nrole = "core"\n'
    )
