"""referee parse: one string, stdin batches, --system resolution, the corpus."""

from __future__ import annotations

import io
import json

import pytest

from referee.cli.commands import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "parse", "Aegis (4+, against Melee Attacks), Fortitude (5+)", "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "input": "Aegis (4+, against Melee Attacks), Fortitude (5+)",
        "keywords": [
            {
                "name": "Aegis",
                "text": "Aegis (4+, against Melee Attacks)",
                "span": [0, 33],
                "args": [{"kind": "threshold", "value": 4, "var": None}, {"kind": "qualifier", "text": "against Melee Attacks"}],
            },
            {"name": "Fortitude", "text": "Fortitude (5+)", "span": [35, 49], "args": [{"kind": "threshold", "value": 5, "var": None}]},
        ],
    }


def test_system_resolves_names_and_aliases(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "Hellebarde, Devastating Charge (+1 Strength, Poison Attacks), Gloomwing", "--system", "t9a", "--json")
    keywords = json.loads(out)["keywords"]
    assert [k["rule"] for k in keywords] == ["t9a/halberd", "t9a/devastating-charge", "undefined"]
    assert keywords[1]["args"][1] == {"kind": "keyword", "name": "Poison Attacks", "args": [], "rule": "t9a/poison-attacks"}


def test_system_turns_unknown_bracket_words_into_qualifiers(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "parse", "Multiple Wounds (D3, Clipped Wings), Exclusive (Chariot)", "--system", "t9a", "--json")
    keywords = json.loads(out)["keywords"]
    assert keywords[0]["args"][1] == {"kind": "qualifier", "text": "Clipped Wings"}
    assert keywords[1]["args"] == [{"kind": "keyword", "name": "Chariot", "args": [], "rule": "t9a/chariot"}]
    _, out, _ = run(capsys, "parse", "Multiple Wounds (D3, Clipped Wings)", "--json")
    assert json.loads(out)["keywords"][0]["args"][1] == {"kind": "keyword", "name": "Clipped Wings", "args": []}


def test_core_terms_are_marked(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "parse", 'Range 36", Shots 1, Str 5, AP 2, Volley Fire', "--system", "t9a", "--json")
    keywords = json.loads(out)["keywords"]
    assert [(k["name"], k["rule"], k.get("core_term", False)) for k in keywords] == [
        ("Range", "undefined", True),
        ("Shots", "undefined", True),
        ("Str", "undefined", True),
        ("AP", "undefined", True),
        ("Volley Fire", "t9a/volley-fire", False),
    ]


@pytest.mark.parametrize(
    ("string", "expected"),
    [
        ("Ranged 2 heavy/sniper", [("Ranged", "last-edition/ranged-weapon-keywords"), ("heavy", "last-edition/ranged-heavy"), ("sniper", "last-edition/ranged-sniper")]),
        ("Melee 3 heavy -1", [("Melee", "last-edition/melee-weapon-keywords"), ("heavy", "last-edition/melee-heavy")]),
    ],
)
def test_family_words_belong_to_the_family_their_string_opens(
    capsys: pytest.CaptureFixture[str], string: str, expected: list[tuple[str, str]]
) -> None:
    _, out, _ = run(capsys, "parse", string, "--system", "last-edition", "--json")
    assert [(k["name"], k["rule"]) for k in json.loads(out)["keywords"]] == expected


def test_a_name_no_family_decides_lists_every_candidate(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "parse", "heavy", "--system", "last-edition", "--json")
    [heavy] = json.loads(out)["keywords"]
    assert heavy["candidates"] == ["last-edition/melee-heavy", "last-edition/ranged-heavy"]


def test_table_cell_resolves_through_curated_alias(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "parse", "DT(4) Wo(D6)", "--system", "whfb-house", "--json")
    assert [(k["name"], k["rule"]) for k in json.loads(out)["keywords"]] == [
        ("DT", "whfb-house/dangerous-terrain"),
        ("Wo", "undefined"),
    ]


def test_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "Multiple Wounds (D3, Clipped Wings)", "--system", "t9a")
    assert code == 0
    assert out.splitlines() == [
        "Multiple Wounds  [0:35] Multiple Wounds (D3, Clipped Wings)  -> t9a/multiple-wounds",
        "  dice D3",
        "  qualifier Clipped Wings",
    ]


def test_error_has_caret_and_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "parse", "Poisoned (4+") == (
        2,
        "",
        'error: missing closing bracket at column 13\n    Poisoned (4+\n             ~~~^\nexpected: ")", ",", "/" or "|"\n',
    )


def test_error_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "parse", "Impact Hits (2D)", "--json")
    assert (code, err) == (2, "")
    error = json.loads(out)["error"]
    assert (error["message"], error["line"], error["column"]) == ("unknown dice form", 1, 16)


def test_stdin_batch_goes_on_past_bad_lines(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("Fearless\nPoisoned (4+\nStealth (Forests)\n"))
    code, out, _ = run(capsys, "parse", "-", "--system", "scrollhammer")
    lines = [json.loads(line) for line in out.splitlines()]
    assert code == 2
    assert [line.get("input") for line in lines] == ["Fearless", "Poisoned (4+", "Stealth (Forests)"]
    assert lines[1]["error"]["message"] == "missing closing bracket" and lines[1]["error"]["line"] == 2
    assert lines[2]["keywords"][0]["rule"] == "scrollhammer/stealth"


def test_stdin_all_good_is_status_0(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("Fearless\n\nChannel (1)\n"))
    code, out, _ = run(capsys, "parse", "-")
    assert code == 0 and len(out.splitlines()) == 3


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["parse"], "referee: give a keyword STRING, '-' to read lines from stdin, or --corpus\n"),
        (["parse", "Fear", "--system", "nope"], "referee: error: unknown system 'nope' (known: last-edition, scrollhammer, t9a, whfb-house)\n"),
    ],
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert run(capsys, *args) == (2, "", message)


def test_a_string_and_the_corpus_exclude_each_other(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "parse", "Fear", "--corpus")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == "referee parse: argument --corpus: not allowed with argument STRING"


def test_corpus_report(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "parse", "--corpus", "--json")
    report = json.loads(out)
    assert code == 0
    assert set(report) == {"strings", "distinct", "parsed", "coverage", "by_kind", "by_system", "failures"}
    assert report["coverage"] >= 0.98
    assert set(report["by_kind"]) == {"profile", "signature", "use", "table"}
    # the one form the grammar does not read, reported where it stands
    assert [(f["text"], f["source"]) for f in report["failures"]] == [
        ("(Unique) role", {"file": "last-edition/core-rules.md", "line": 841})
    ]


@pytest.mark.parametrize(
    ("string", "expected"),
    [
        # a number the grammar reads as a parameter, though it is part of the rule's name
        ("Directive 8, Command phase", [("Directive 8", "last-edition/directive-8", []), ("Command phase", "last-edition/command-phase", None)]),
        # a slash the grammar reads as joining two keywords, though it is part of the rule's name
        ("Base -1 {unit}, Models/Armies", [("Base", "last-edition/base", None), ("Models/Armies", "last-edition/models-armies", [])]),
        # a name that ties to a family keeps its reading: the number is the family's parameter
        ("Ranged 2 heavy", [("Ranged", "last-edition/ranged-weapon-keywords", None), ("heavy", "last-edition/ranged-heavy", [])]),
    ],
)
def test_a_rules_whole_name_the_grammar_split_names_it(capsys: pytest.CaptureFixture[str], string: str, expected: list) -> None:
    code, out, err = run(capsys, "parse", string, "--system", "last-edition", "--json")
    assert (code, err) == (0, "")
    got = json.loads(out)["keywords"]
    assert [(k["name"], k["rule"]) for k in got] == [(name, rule) for name, rule, _ in expected]
    for keyword, (_, _, args) in zip(got, expected):
        if args is not None:
            assert keyword["args"] == args


def test_words_that_are_no_whole_name_stay_as_read(capsys: pytest.CaptureFixture[str]) -> None:
    # "Directive 12" names no rule: the grammar's reading (a name and a number) stands, and is undefined
    code, out, _ = run(capsys, "parse", "Directive 12, Fear/Panic", "--system", "last-edition", "--json")
    assert code == 0
    got = json.loads(out)["keywords"]
    assert [(k["name"], k["rule"]) for k in got] == [("Directive", "undefined"), ("Fear", "undefined"), ("Panic", "undefined")]
    assert got[0]["args"] == [{"kind": "number", "value": 12}]
