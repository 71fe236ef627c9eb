"""``referee search`` and the suggestions of ``referee lookup``: shapes, text, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli.commands import main
from tests.conftest import PROJECT, manifest, write_system

RESULT_KEYS = {"id", "name", "system", "score", "snippet", "matched"}


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_search_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "search", "hellebard", "--system", "t9a", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) == {"query", "system", "results", "did_you_mean"}
    assert (data["query"], data["system"], data["did_you_mean"]) == ("hellebard", "t9a", None)
    first = data["results"][0]
    assert set(first) == RESULT_KEYS
    assert (first["id"], first["name"], first["system"], first["matched"]) == ("t9a/halberd", "Halberd", "t9a", ["alias"])
    assert first["snippet"].startswith("Attacks made with a Halberd") and 0 < first["score"] <= 1


def test_json_is_format_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "search", "Fear", "--json") == run(capsys, "search", "Fear", "--format", "json")
    code, out, err = run(capsys, "search", "Fear", "--json", "--format", "text")
    # with --json the clash is a JSON answer on stdout (issue 23; it was said on stderr before)
    assert (code, err) == (2, "") and json.loads(out)["error"]["message"] == "--json means --format json; give one of --json and --format text"


def test_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "attacks", "--limit", "2", "--json")
    assert code == 0 and len(json.loads(out)["results"]) == 2
    code, out, err = run(capsys, "search", "attacks", "-n", "0")
    assert code == 2 and err.endswith("referee search: argument --limit/-n: must be a whole number of at least 1, not '0'\n")
    code, out, err = run(capsys, "search", "attacks", "--limit", "many")
    assert code == 2 and err.endswith("referee search: argument --limit/-n: must be a whole number of at least 1, not 'many'\n")


def test_text_output_piped(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "search", "reroll failed panic tests", "--system", "t9a", "--limit", "2")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("1. Hold the Line  (t9a/hold-the-line)  text  0.4")
    assert lines[1] == "   Friendly units within 6\" of a non-Fleeing unit containing one or more models with Hold the Line must reroll failed Panic Tests."
    assert lines[2] == "" and lines[3].startswith("2. ")
    assert "\x1b" not in out  # no colours when piped


def test_did_you_mean_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "search", "mulitple woundz rules", "--system", "scrollhammer", "--limit", "1")
    assert code == 0 and out.splitlines()[-1].startswith("did you mean: multiple wound")


def test_nothing_found_is_status_1(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "search", "xyzzy qwv", "--system", "t9a") == (1, "", "referee: nothing found for 'xyzzy qwv' in t9a\n")
    code, out, err = run(capsys, "search", "xyzzy qwv", "--json")
    assert (code, err) == (1, "referee: nothing found for 'xyzzy qwv'\n")
    assert json.loads(out) == {"query": "xyzzy qwv", "system": None, "results": [], "did_you_mean": None}


@pytest.mark.parametrize(
    ("args", "err"),
    [
        (["search", ""], "referee: QUERY is empty: give a rule's name, alias, id, a keyword string or words of its text\n"),
        (["search", " \t"], "referee: QUERY is empty: give a rule's name, alias, id, a keyword string or words of its text\n"),
        (
            ["search", "x" * 1001],
            "referee: error: query too long: 1001 characters (at most 1000); search for a name, a keyword string or a few words\n",
        ),
        (["search", "Fear", "--system", "nope"], "referee: error: unknown system 'nope' (known: last-edition, scrollhammer, t9a, whfb-house)\n"),
    ],
)
def test_usage_errors_are_status_2(capsys: pytest.CaptureFixture[str], args: list[str], err: str) -> None:
    assert run(capsys, *args) == (2, "", err)


def test_usage_errors_under_json_are_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "search", "Fear", "--system", "nope", "--json")
    assert (code, err) == (2, "")
    assert json.loads(out)["error"]["message"] == "unknown system 'nope' (known: last-edition, scrollhammer, t9a, whfb-house)"


def test_invisible_characters_in_the_query_are_removed_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "search", "Hell\u200bebarde", "--system", "t9a", "--json")
    assert code == 0 and json.loads(out)["results"][0]["id"] == "t9a/halberd"
    assert err == "referee: note: QUERY: removed zero-width space U+200B at column 5\n"


def test_rule_text_is_shown_escaped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = write_system(tmp_path / "src", "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk\x1b[31m loudly\u202e.\n"})
    code, out, _ = run(capsys, "search", "sulk", "--rules-src", str(src))
    assert code == 0 and "sulk\\x1b[31m loudlyU+202E." in out and "\x1b" not in out
    code, out, _ = run(capsys, "search", "sulk", "--rules-src", str(src), "--json")
    assert "sulk\x1b[31m loudly\u202e." in json.loads(out)["results"][0]["snippet"]  # JSON keeps the text exact


def test_on_a_terminal_matched_words_are_highlighted_and_text_is_safe() -> None:
    from referee.search.commands import _highlighted

    text = _highlighted("Units must reroll \x1b[2J failed tests", [(11, 17), (23, 29)])
    assert text.plain == "   Units must reroll \\x1b[2J failed tests"
    marked = [text.plain[span.start : span.end] for span in text.spans if span.style == "bold yellow"]
    assert marked == ["reroll", "failed"]


# --- lookup's suggestions -----------------------------------------------------------------


def test_lookup_that_finds_nothing_suggests_the_best_search_results(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "lookup", "hellebard", "--json")
    assert code == 1 and err == "referee: no rule named 'hellebard'; did you mean Halberd (t9a/halberd)?\n"
    data = json.loads(out)
    assert set(data) == {"query", "system", "results", "suggestions"} and data["results"] == []
    assert [s["id"] for s in data["suggestions"]] == ["t9a/halberd"] and set(data["suggestions"][0]) == RESULT_KEYS
    code, out, err = run(capsys, "lookup", "mulitple wounds", "--system", "t9a")
    assert (code, out) == (1, "")
    assert err == "referee: no rule named 'mulitple wounds' in t9a; did you mean Multiple Wounds (t9a/multiple-wounds)?\n"


def test_lookup_suggests_nothing_weak(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "lookup", "Nonexistent Rule", "--system", "t9a", "--json")
    assert code == 1 and err == "referee: no rule named 'Nonexistent Rule' in t9a\n"
    assert json.loads(out) == {"query": "Nonexistent Rule", "system": "t9a", "results": [], "suggestions": []}


def test_lookup_that_finds_a_rule_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "lookup", "Hellebarde", "--json")
    assert code == 0 and set(json.loads(out)) == {"query", "system", "results"}


# --- whoosh only where it is needed ------------------------------------------------------------


@pytest.mark.slow
def test_only_search_imports_whoosh() -> None:
    probe = (
        "import sys, io, contextlib\n"
        "from referee.cli.commands import main\n"
        "with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):\n"
        "    main(sys.argv[1:])\n"
        "print('whoosh' in sys.modules)\n"
    )
    env = {**os.environ, "PYTHONPATH": str(PROJECT)}

    def imports_whoosh(*args: str) -> bool:
        done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, env=env, check=True)
        return done.stdout.strip() == "True"

    assert not imports_whoosh("lookup", "Fear", "--system", "t9a")
    assert not imports_whoosh("list", "--system", "t9a")
    assert not imports_whoosh("show", "t9a/fear")
    assert imports_whoosh("search", "Fear")
