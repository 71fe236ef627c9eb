"""``referee calc`` as users run it: the answer aloud, its JSON shape, exit statuses."""

from __future__ import annotations

import json

from referee.cli.commands import main

CHAIN = "3 attacks hit CS5 vs CS4 then wound S4 vs T4 then save 4+/6+ AP-1"


def test_text_answer(capsys):
    assert main(["calc", "--system", "last-edition", "hit CS5 vs CS5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("last-edition: hit CS5 vs CS5\nNeeds 4+.\nThe roll succeeds: 1/2 (0.5).\n")
    assert "2. Combat Skill 5 against 5 is equal: a 4+ is needed to hit.\n" in out
    assert "   “Is the CS equal between the attacking model and the defending model, a 4+ is needed for a successful hit.”\n" in out
    assert "   last-edition/melee-combat-skill-check, last-edition/core-rules.md:659:1\n" in out


def test_words_unquoted_are_one_question(capsys):
    assert main(["calc", "-s", "t9a", "multiple", "wounds", "D3", "clipped", "wings", "vs", "fly", "hp", "3"]) == 0
    out = capsys.readouterr().out
    assert "Mean wounds: 8/3 (2.6667).\n" in out
    assert "wounds  chance  decimal\n2       1/3     0.3333\n3       2/3     0.6667\n" in out


def test_json_shape(capsys):
    assert main(["calc", "--system", "last-edition", CHAIN, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert set(data) == {"system", "question", "probability", "probability_of", "needed", "value", "mean", "outcome", "distribution", "steps"}
    assert data["system"] == "last-edition" and data["question"] == CHAIN
    assert data["probability"] == {"fraction": "604/729", "decimal": 604 / 729}
    assert data["probability_of"] == "1 or more unsaved wounds"
    assert data["mean"] == {"fraction": "4/3", "decimal": 4 / 3}
    assert data["distribution"][0] == {"outcome": 0, "fraction": "125/729", "decimal": 125 / 729}
    assert [d["outcome"] for d in data["distribution"]] == [0, 1, 2, 3]
    cited = [s["citation"] for s in data["steps"] if s["citation"]]
    assert cited[0] == {
        "rule": "last-edition/melee-combat-skill-check",
        "file": "last-edition/core-rules.md",
        "line": 657,
        "column": 1,
        "quote": "The attacker rolls 1 dice for every attack.",
    }


def test_json_value(capsys):
    assert main(["calc", "-s", "whfb-house", "cover soft and hard", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == -2 and data["probability"] is None and data["distribution"] == [] and data["mean"] is None


def test_syntax_error_exit_2(capsys):
    assert main(["calc", "-s", "last-edition", "hit CS5 vs vs CS4"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == 'error: unexpected \'vs\' at column 12\n    hit CS5 vs vs CS4\n               ^\nexpected: "cs"\n'


def test_syntax_error_json(capsys):
    assert main(["calc", "-s", "last-edition", "hit CS5 vs", "--json"]) == 2
    assert json.loads(capsys.readouterr().out) == {
        "error": {"message": "the question ends too soon", "question": "hit CS5 vs", "column": 11, "expected": ['"cs"'], "did_you_mean": []}
    }


def test_refusal_exit_2(capsys):
    assert main(["calc", "-s", "t9a", "hit CS5 vs CS4"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "referee: error: t9a does not define to-hit rolls by Combat Skill\n"


def test_refusal_json(capsys):
    assert main(["calc", "-s", "t9a", "hit CS5 vs CS4", "--json"]) == 2
    assert json.loads(capsys.readouterr().out) == {
        "error": {"message": "t9a does not define to-hit rolls by Combat Skill", "system": "t9a", "question": "hit CS5 vs CS4"}
    }


def test_unknown_system(capsys):
    assert main(["calc", "-s", "nope", "sniper"]) == 2
    assert "referee: error: unknown system 'nope' (known: " in capsys.readouterr().err


def test_system_is_required(capsys):
    assert main(["calc", "sniper"]) == 2
    assert "referee calc: the following arguments are required: --system/-s" in capsys.readouterr().err
