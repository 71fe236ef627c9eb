"""The referee command: JSON shapes, human output, exit codes, cache reuse."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli.commands import main
from tests.conftest import RULES_SRC, manifest, write_system

RULE_KEYS = {"id", "name", "system", "aliases", "category", "text", "source", "amends", "parent", "params", "versions", "flags", "children", "fields"}
VERSION_KEYS = {"text", "source", "document", "role", "lang", "heading", "flags", "also_at", "profiles", "tables", "fields"}


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
    assert rule["source"] == {"file": "t9a/army-builder-glossary-en-de.txt", "line": 11, "end_line": 13, "column": 1}
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
    assert set(t9a) == {"id", "title", "documents", "document_list", "rules", "aliases", "stubs", "unnamed", "with_versions", "units", "warnings"}
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
    assert run(capsys, "show", "t9a/nope") == (1, "", "referee: no rule named 't9a/nope'\n")


def test_show_by_ambiguous_name_is_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "show", "heavy")
    assert code == 2
    assert err == "referee: 'heavy' names 2 rules: last-edition/melee-heavy, last-edition/ranged-heavy; give --system or an id\n"


# One behaviour for names and ids: every command that takes a rule takes a name,
# an alias or an id, in any case and with or without accents.
@pytest.mark.parametrize("command", ["lookup", "show", "explain"])
@pytest.mark.parametrize(
    ("given", "system"),
    [("t9a/fear", None), ("t9a/Fear", None), ("T9A/FEAR", None), ("Fear", "t9a"), ("fEAR", "T9A"), ("t9a/fear", "t9a")],
)
def test_every_rule_command_takes_names_and_ids_alike(
    capsys: pytest.CaptureFixture[str], command: str, given: str, system: str | None
) -> None:
    args = [command, given, "--json"] + (["--system", system] if system else [])
    code, out, err = run(capsys, *args)
    assert (code, err) == (0, "")
    data = json.loads(out)
    found = {"lookup": lambda: data["results"][0], "show": lambda: data, "explain": lambda: data["rule"]}[command]()
    assert found["id"] == "t9a/fear"


def test_an_alias_with_accents_or_without_names_the_same_rule(capsys: pytest.CaptureFixture[str]) -> None:
    for written in ("Schwere Rüstung", "schwere rustung"):
        code, out, _ = run(capsys, "show", written, "--system", "t9a", "--json")
        assert code == 0 and json.loads(out)["name"] == "Heavy Armour"


@pytest.mark.parametrize("command", ["lookup", "show", "explain"])
def test_not_found_under_json_is_a_json_answer_exit_1(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, err = run(capsys, command, "Flyy", "--system", "t9a", "--json")
    data = json.loads(out)
    if command == "lookup":  # lookup offers the best search results (tests/search/test_search_cli.py)
        assert code == 1 and err == "referee: no rule named 'Flyy' in t9a; did you mean Fly (t9a/fly)?\n"
        assert {k: data[k] for k in ("query", "system", "results")} == {"query": "Flyy", "system": "t9a", "results": []}
        assert [s["id"] for s in data["suggestions"]] == ["t9a/fly"]
    else:
        assert code == 1 and err == "referee: no rule named 'Flyy' in t9a\n"
        assert data == {
            "error": {"message": "no rule named 'Flyy' in t9a", "file": None, "line": None, "query": "Flyy", "system": "t9a", "results": []}
        }


@pytest.mark.parametrize("command", [["lookup", ""], ["show", "  "], ["explain", ""]])
def test_an_empty_query_is_a_usage_error(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    what = "QUERY" if command[0] == "lookup" else "NAME"
    assert run(capsys, *command) == (2, "", f"referee: {what} is empty: give a rule's name, alias or id\n")


def test_usage_error_is_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "lookup") == (
        2,
        "",
        "usage: referee lookup [-h] [--rules-src DIR] [--system ID] [--json]\n"
        "                      [--format {text,json}]\n"
        "                      QUERY\n"
        "referee lookup: the following arguments are required: QUERY\n",
    )
    code, out, err = run(capsys, "nonsense")
    assert code == 2 and err.endswith("referee: argument COMMAND: invalid choice: 'nonsense' (choose from 'build', 'list', 'lookup', 'search', 'show', 'explain', 'graph', 'lint', 'parse', 'site', 'calc', 'resolve', 'import', 'unit', 'init', 'shell')\n")


def test_rules_src_option_and_env(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    write_system(tmp_path, "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    code, out, _ = run(capsys, "lookup", "Gloom", "--rules-src", str(tmp_path), "--json")
    assert code == 0 and json.loads(out)["results"][0]["id"] == "demo/gloom"
    monkeypatch.setenv("REFEREE_RULES_SRC", str(tmp_path))
    code, out, _ = run(capsys, "lookup", "Gloom", "--json")
    assert code == 0 and json.loads(out)["results"][0]["source"] == {"file": "demo/rules.txt", "line": 1, "end_line": 3, "column": 1}


def _store_rows(private_cache: Path) -> dict[str, object]:
    """The store's key and rules, as its rows hold them (one store under the cache)."""
    import sqlite3

    [file] = private_cache.glob("store/*/rules.sqlite")
    db = sqlite3.connect(file)
    try:
        key = json.loads(db.execute("SELECT value FROM meta WHERE name = 'key'").fetchone()[0])
        return {"file": file, "key": key, "rules": [r for (r,) in db.execute("SELECT id FROM rules ORDER BY seq")]}
    finally:
        db.close()


def test_cache_is_reused_and_follows_content(
    tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """(Before issue 27 each build was its own pickle; now the store holds the rows of the one build.)"""
    from referee.store import database

    monkeypatch.setattr(database, "UNSURE_NS", 0)  # files written just now count as settled: the stamp is not taken again
    write_system(tmp_path, "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    assert main(["build", "--rules-src", str(tmp_path)]) == 0
    first = _store_rows(private_cache)
    stamp = first["file"].stat().st_mtime_ns  # type: ignore[attr-defined]
    assert main(["lookup", "Gloom", "--rules-src", str(tmp_path)]) == 0
    assert first["file"].stat().st_mtime_ns == stamp  # type: ignore[attr-defined]  # read, not rewritten
    (tmp_path / "demo" / "rules.txt").write_text("Gloom\n\nModels with Gloom sulk loudly.\n", encoding="utf-8")
    capsys.readouterr()
    assert main(["lookup", "Gloom", "--rules-src", str(tmp_path)]) == 0
    assert "sulk loudly" in capsys.readouterr().out
    now = _store_rows(private_cache)
    assert now["key"] != first["key"] and now["rules"] == first["rules"] == ["demo/gloom"]


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


def test_the_store_holds_the_last_build_whole(tmp_path: Path, private_cache: Path) -> None:
    """(Before issue 27 the cache kept the two newest builds, each in files of its own.)"""
    from referee.store.load import current_key

    write_system(tmp_path, "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    assert main(["build", "--rules-src", str(tmp_path), "--json"]) == 0
    for n in range(6):
        (tmp_path / "demo" / "rules.txt").write_text(f"Gloom\n\nModels with Gloom sulk {n} times.\n", encoding="utf-8")
        assert main(["build", "--rules-src", str(tmp_path), "--json"]) == 0
    found = _store_rows(private_cache)
    assert found["key"] == current_key(tmp_path) and found["rules"] == ["demo/gloom"]
    assert sorted(p.name for p in found["file"].parent.iterdir() if not p.name.endswith(("-wal", "-shm"))) == ["rules.sqlite"]  # type: ignore[attr-defined]


def test_two_rules_folders_do_not_evict_each_other(tmp_path: Path, private_cache: Path) -> None:
    for name in ("one", "two"):
        write_system(tmp_path / name, "demo", manifest("demo"), {"rules.txt": f"Gloom\n\nModels with Gloom sulk {name}.\n"})
    assert main(["build", "--rules-src", str(tmp_path / "one"), "--json"]) == 0
    for n in range(3):
        (tmp_path / "two" / "demo" / "rules.txt").write_text(f"Gloom\n\nModels sulk {n}.\n", encoding="utf-8")
        assert main(["build", "--rules-src", str(tmp_path / "two"), "--json"]) == 0
    assert len(list(private_cache.glob("store/*/rules.sqlite"))) == 2


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["lint", "--json", "--format", "text"], "referee: --json means --format json; give one of --json and --format text\n"),
        (["graph", "--json", "--format", "dot"], "referee: --json means --format json; give one of --json and --format dot\n"),
        (
            ["graph", "--unparsed", "--format", "dot"],
            "referee: --format dot exports the graph; --unparsed and --coverage print text, or JSON with --json\n",
        ),
    ],
)
def test_json_and_format_never_disagree(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    """With --json the error is a JSON answer on stdout (issue 23: --json means JSON, usage
    errors included; before, a --json/--format clash was said on stderr only)."""
    if "--json" not in args:
        assert run(capsys, *args) == (2, "", message)
        return
    assert main(args) == 2
    out, err = capsys.readouterr()
    assert err == "" and json.loads(out) == {"error": {"message": message.removeprefix("referee: ").strip(), "file": None, "line": None}}


@pytest.mark.parametrize("command", [["lookup", "Fear", "--system", "t9a"], ["list", "--system", "scrollhammer"], ["build"]])
def test_format_json_is_the_same_as_json(capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    assert run(capsys, *command, "--json") == run(capsys, *command, "--format", "json")


# Terminal safety: invisible characters are removed with a note; control and
# bidi characters never reach a terminal raw.
def test_lookup_removes_invisible_characters_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "lookup", "Fe\u200bar", "--system", "t9a", "--json")
    assert code == 0 and json.loads(out)["results"][0]["id"] == "t9a/fear"
    assert err == "referee: note: QUERY: removed zero-width space U+200B at column 3\n"


def test_parse_removes_invisible_characters_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "parse", "Fear\u200b, Frenzy", "--json")
    assert code == 0 and [k["name"] for k in json.loads(out)["keywords"]] == ["Fear", "Frenzy"]
    assert err == "referee: note: removed zero-width space U+200B at column 5\n"


def test_an_escape_sequence_in_input_is_never_echoed_raw(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "parse", "Fear\x1b[31mRED")
    assert (code, out) == (2, "")
    assert "\x1b" not in err and "Fear\\x1b[31mRED" in err
    assert err.splitlines()[0] == "error: unexpected control character U+001B at column 5"


def test_control_characters_in_rule_text_are_shown_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = "Gloom\n\nModels with Gloom\x00 sulk \x1b[2J and \u202eeverse.\n"
    write_system(tmp_path, "demo", manifest("demo"), {"rules.txt": text})
    code, out, _ = run(capsys, "show", "Gloom", "--rules-src", str(tmp_path))
    assert code == 0
    assert "Gloom\\x00 sulk \\x1b[2J and U+202Eeverse." in out
    assert not any(c in out for c in "\x00\x1b\u202e")
    code, out, _ = run(capsys, "show", "Gloom", "--rules-src", str(tmp_path), "--json")
    assert "Gloom\u0000 sulk \u001b[2J and \u202eeverse." in json.loads(out)["text"]  # JSON keeps it exact


def test_tables_fit_the_terminal_and_never_break_an_id(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    from referee import terminal

    monkeypatch.setattr(terminal, "is_terminal", lambda: True)
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = run(capsys, "list", "--system", "t9a")
    assert code == 0
    lines = out.splitlines()
    assert max(len(line) for line in lines) <= 100
    ids = [rid for rid in (line.split("│")[1].strip() for line in lines if line.count("│") >= 4) if rid != "id"]
    assert "t9a/multiple-wounds" in ids and "t9a/fear" in ids
    assert all(rid.startswith("t9a/") for rid in ids)  # never folded onto a second line


TRAITS = "## Traits\n\n| Trait | Effect | Cost |\n|---|---|---|\n| Brave | Never flees. | 5 |\n| Swift | Moves twice. | 3 |\n"


def test_show_prints_a_table_entry_s_fields(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    write_system(tmp_path, "demo", manifest("demo", "rules.md", "markdown"), {"rules.md": TRAITS})
    code, out, _ = run(capsys, "show", "Brave", "--rules-src", str(tmp_path), "--json")
    rule = json.loads(out)
    assert code == 0 and rule["fields"] == [{"name": "Cost", "value": "5"}] == rule["versions"][0]["fields"]
    assert (rule["text"], rule["parent"], rule["source"]) == (
        "Never flees.", "demo/traits", {"file": "demo/rules.md", "line": 5, "end_line": 5, "column": 3}
    )
    code, out, _ = run(capsys, "show", "Brave", "--rules-src", str(tmp_path))
    assert code == 0 and re.search(r"Cost\n5\n\nNever flees\.", out), out


# -- --json means JSON on stdout, usage errors included (issue 23) -----------------------------

COMMANDS = ["build", "list", "lookup", "search", "show", "explain", "graph", "lint", "parse", "site", "calc", "resolve", "import", "shell", "init", "unit"]


def test_every_command_is_in_the_json_usage_table() -> None:
    from referee.cli.commands import build_parser

    parser = build_parser()
    [sub] = [a for a in parser._actions if isinstance(a, __import__("argparse")._SubParsersAction)]
    assert sorted(sub.choices) == sorted(COMMANDS)


@pytest.mark.parametrize(
    ("words", "command"),
    [
        (["search", "fear"], "search"),
        (["--version"], None),
        (["--help", "calc"], "calc"),  # argparse answers --help first; the parser is whole either way
        (["serch", "fear"], None),  # a mistyped command: the whole parser lists the choices
        (["--", "search"], None),
        ([], None),
    ],
)
def test_a_call_names_the_command_whose_arguments_are_made(words: list[str], command: str | None) -> None:
    from referee.cli.commands import _command_named

    assert _command_named(words) == command


def test_a_call_makes_the_parser_of_its_own_command_only() -> None:
    """Making every command's parser cost a warm call 15-25 ms (docs/performance.md)."""
    from referee.cli.commands import build_parser

    def dests(parser: object, name: str) -> set[str]:
        return {a.dest for a in parser.commands[name]._actions}  # type: ignore[attr-defined]

    one, whole = build_parser("search"), build_parser()
    assert sorted(one.commands) == ["search"] and sorted(whole.commands) == sorted(COMMANDS)
    assert dests(one, "search") == dests(whole, "search") >= {"query", "limit", "system", "json"}
    assert "question" in dests(whole, "calc")


@pytest.mark.parametrize(("command", "argument"), [("calc", "QUESTION"), ("resolve", "--vs"), ("unit", "NAME"), ("site", "{build,serve}"), ("lint", "--fail-on")])
def test_a_commands_help_shows_its_arguments(capsys: pytest.CaptureFixture[str], command: str, argument: str) -> None:
    assert main([command, "--help"]) == 0
    assert argument in capsys.readouterr().out


@pytest.mark.parametrize("command", COMMANDS)
def test_a_usage_error_under_json_is_a_json_answer(capsys: pytest.CaptureFixture[str], command: str) -> None:
    assert main([command, "--no-such-option", "--json"]) == 2
    out, err = capsys.readouterr()
    answer = json.loads(out)
    assert sorted(answer) == ["error", "usage"] and err == ""
    assert answer["error"]["message"].startswith(f"referee {command}: ")
    assert answer["usage"].startswith(f"usage: referee {command} ")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["search", "Fear", "--limit", "abc", "--json"], "referee search: argument --limit/-n: must be a whole number of at least 1, not 'abc'"),
        (["lint", "--min-severity", "bogus", "--format", "json"], "referee lint: argument --min-severity: invalid choice: 'bogus' (choose from 'info', 'warning', 'error')"),
        (["lookup", "--json"], "referee lookup: the following arguments are required: QUERY"),
    ],
)
def test_the_usage_errors_of_the_attack_run(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code = main(args)
    out, err = capsys.readouterr()
    assert code == 2
    assert json.loads(out) == {"error": {"message": message, "file": None, "line": None}, "usage": json.loads(out)["usage"]}
    assert err == ""


def test_a_usage_error_without_json_keeps_the_usage_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["search", "Fear", "--limit", "abc"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("usage: referee search ") and err.endswith("not 'abc'\n")
