"""The referee command: JSON shapes, human output, exit codes, cache reuse."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli import main
from tests.conftest import RULES_SRC, manifest, write_system

RULE_KEYS = {"id", "name", "system", "aliases", "category", "text", "source", "amends", "parent", "params", "versions", "flags", "children"}
VERSION_KEYS = {"text", "source", "document", "role", "lang", "heading", "flags", "also_at", "profiles", "tables"}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_lookup_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "lookup", "Hellebarde", "--system", "t9a", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) == {"query", "system", "results"}
    [rule] = data["results"]
    assert set(rule) == RULE_KEYS
    assert rule["id"] == "t9a/halberd" and rule["name"] == "Halberd" and rule["system"] == "t9a"
    assert rule["aliases"] == [{"name": "Hellebarde", "lang": "de"}]
    assert rule["source"] == {"file": "t9a/army-builder-glossary-en-de.txt", "line": 11, "end_line": 13}
    assert rule["amends"] is None and rule["parent"] is None and rule["params"] == []
    assert all(set(v) == VERSION_KEYS for v in rule["versions"])


def test_show_json_amendment_and_params(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "whfb-house/redirecting-the-charge", "--json")
    rule = json.loads(out)
    assert code == 0 and set(rule) == RULE_KEYS
    assert rule["amends"] == {
        "op": "replace",
        "pages": ["53"],
        "target": "Warhammer: The Game of Fantasy Battles, 8th edition rulebook",
    }
    code, out, _ = run(capsys, "show", "last-edition/melee-heavy", "--json")
    assert json.loads(out)["params"] == [{"name": "X", "kind": "number"}, {"name": "Y", "kind": "modifier"}]


def test_list_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "list", "--system", "scrollhammer", "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"system", "count", "rules"}
    assert data["count"] == len(data["rules"]) == 74
    assert set(data["rules"][0]) == {"id", "name", "system", "category", "source", "flags"}
    assert {r["system"] for r in data["rules"]} == {"scrollhammer"}


def test_build_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "build", "--json")
    data = json.loads(out)
    assert code == 0 and set(data) == {"key", "systems"}
    assert [s["id"] for s in data["systems"]] == ["last-edition", "scrollhammer", "t9a", "whfb-house"]
    t9a = next(s for s in data["systems"] if s["id"] == "t9a")
    assert set(t9a) == {"id", "title", "documents", "document_list", "rules", "aliases", "stubs", "unnamed", "with_versions"}
    assert [d["path"] for d in t9a["document_list"]] == ["t9a/universal-rules.txt", "t9a/army-builder-glossary-en-de.txt"]
    assert t9a["unnamed"] == 2


def test_lookup_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lookup", "Angst", "--system", "t9a")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "Fear  (t9a/fear)"
    assert lines[1] == "also: Angst [de]"
    assert lines[2] == "source: t9a/universal-rules.txt:58 | category: Universal Rule"
    assert lines[-1] == "(1 more version(s): referee show t9a/fear)"


def test_show_lists_every_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "show", "t9a/fear")
    assert code == 0
    assert "Version from t9a/army-builder-glossary-en-de.txt:198-200 (glossary, en)" in out
    assert "heading there: Angst" in out


def test_one_word_several_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lookup", "heavy", "--system", "last-edition", "--json")
    assert [r["id"] for r in json.loads(out)["results"]] == ["last-edition/melee-heavy", "last-edition/ranged-heavy"]


def test_systems_are_namespaces(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lookup", "Fear", "--json")
    systems = [r["system"] for r in json.loads(out)["results"]]
    assert "t9a" in systems and "scrollhammer" in systems and len(systems) == len(set(systems))
    code, out, _ = run(capsys, "lookup", "Hellebarde", "--system", "scrollhammer", "--json")
    assert code == 1 and json.loads(out)["results"] == []


def test_not_found_is_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "lookup", "Nonexistent Rule", "--system", "t9a") == (
        1, "", "referee: no rule named 'Nonexistent Rule' in t9a\n"
    )
    assert run(capsys, "show", "t9a/nope") == (1, "", "referee: no rule with id 't9a/nope' (see 'referee list')\n")


def test_show_by_ambiguous_name_is_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "show", "heavy")
    assert code == 2
    assert err == "referee: 'heavy' names 2 rules: last-edition/melee-heavy, last-edition/ranged-heavy; give an id\n"


def test_usage_error_is_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "lookup") == (
        2,
        "",
        "usage: referee lookup [-h] [--rules-src DIR] [--system ID] [--json] QUERY\n"
        "referee lookup: the following arguments are required: QUERY\n",
    )
    code, out, err = run(capsys, "nonsense")
    assert code == 2 and err.endswith("referee: argument COMMAND: invalid choice: 'nonsense' (choose from 'build', 'list', 'lookup', 'show', 'explain', 'graph', 'lint', 'parse')\n")


def test_rules_src_option_and_env(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    write_system(tmp_path, "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    code, out, _ = run(capsys, "lookup", "Gloom", "--rules-src", str(tmp_path), "--json")
    assert code == 0 and json.loads(out)["results"][0]["id"] == "demo/gloom"
    monkeypatch.setenv("REFEREE_RULES_SRC", str(tmp_path))
    code, out, _ = run(capsys, "lookup", "Gloom", "--json")
    assert code == 0 and json.loads(out)["results"][0]["source"] == {"file": "demo/rules.txt", "line": 1, "end_line": 3}


def test_cache_is_reused_and_follows_content(tmp_path: Path, _private_cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_system(tmp_path, "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    assert main(["build", "--rules-src", str(tmp_path)]) == 0
    [first] = list(_private_cache.glob("rulebase-*.pickle"))
    stamp = first.stat().st_mtime_ns
    assert main(["lookup", "Gloom", "--rules-src", str(tmp_path)]) == 0
    assert first.stat().st_mtime_ns == stamp  # read, not rewritten
    (tmp_path / "demo" / "rules.txt").write_text("Gloom\n\nModels with Gloom sulk loudly.\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["lookup", "Gloom", "--rules-src", str(tmp_path)]) == 0
    assert "sulk loudly" in capsys.readouterr().out
    assert len(list(_private_cache.glob("rulebase-*.pickle"))) == 2


@pytest.mark.slow
def test_console_script_runs_without_traceback(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "referee"
    env = {**os.environ, "REFEREE_CACHE_DIR": str(tmp_path)}
    done = subprocess.run([str(script), "lookup", "Fear", "--system", "t9a", "--json"], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["results"][0]["id"] == "t9a/fear"
    bad = subprocess.run([str(script), "lookup", "x", "--rules-src", str(tmp_path / "none")], capture_output=True, text=True, env=env)
    assert bad.returncode == 2 and "Traceback" not in bad.stderr and bad.stderr.count("\n") == 1


def test_rules_src_is_the_projects() -> None:
    assert RULES_SRC.is_dir() and sorted(p.name for p in RULES_SRC.iterdir()) == ["last-edition", "scrollhammer", "t9a", "whfb-house"]


def test_cache_keeps_the_newest_builds_whole(tmp_path: Path, _private_cache: Path) -> None:
    write_system(tmp_path, "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    (_private_cache / "rulebase-orphan.pickle").write_bytes(b"left by an older version")
    for n in range(6):
        (tmp_path / "demo" / "rules.txt").write_text(f"Gloom\n\nModels with Gloom sulk {n} times.\n", encoding="utf-8")
        assert main(["build", "--rules-src", str(tmp_path), "--json"]) == 0
    views = {p.name.removeprefix("view-") for p in _private_cache.glob("view-*.pickle")}
    bases = {p.name.removeprefix("rulebase-") for p in _private_cache.glob("rulebase-*.pickle")}
    assert len(views) == 4 and views == bases  # no half builds, no orphans
