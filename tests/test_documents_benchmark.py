"""benchmarks/documents.py: the lookup share on a small rule set of our own."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.benchmark_scripts import benchmark


def test_share_of_names_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    documents = benchmark("documents")
    checkout = tmp_path / "checkout"
    checkout.mkdir()
    (checkout / "rules.md").write_text(
        "# Rules\n\n## Traits\n\n| Trait | Effect |\n|---|---|\n| Brave | Never flees. |\n| Swift | Moves twice. |\n\n"
        "## Glossary\n\nAction Points (AP): Actions per turn.\n\nCover: Terrain in the way.\n",
        encoding="utf-8",
    )
    lists = tmp_path / "lists"
    lists.mkdir()
    (lists / "demo.txt").write_text("# a comment\nTraits\nBrave\nSwift\nAction Points\nAP\nCover\nMorale\n", encoding="utf-8")
    monkeypatch.setattr(documents, "LISTS", lists)
    monkeypatch.setenv("REFEREE_CACHE_DIR", str(tmp_path / "cache"))
    rule_set = documents.RuleSet("demo", "Demo", str(checkout), ("rules.md",))
    found, missed, rules, _ = documents.measure(rule_set, str(checkout))
    assert (found, missed) == (6, ["Morale"])
    assert rules == 6  # Traits, Brave, Swift, Glossary, Action Points, Cover ("# Rules" titles rules.md)
