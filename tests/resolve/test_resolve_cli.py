"""``referee resolve`` as users call it: the three outputs and every error message, pinned."""

from __future__ import annotations

import json
from typing import Any

import pytest

from referee.cli.commands import main
from referee.site.urls import Address, html_path, sentence_anchor


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["resolve", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "Halberd, Shield", "--system", "t9a", "--when", "melee", "--vs", "Fear", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert set(data) == {"system", "keywords", "vs", "when", "in_play", "rulings", "modifiers", "unresolved", "in_force", "unit", "vs_unit"}
    assert (data["unit"], data["vs_unit"]) == (None, None)  # keyword strings; tests/units has units
    assert (data["system"], data["keywords"], data["vs"], data["when"]) == ("t9a", "Halberd, Shield", "Fear", ["melee"])
    assert set(data["in_play"]) == {"self", "opponent", "inactive"}
    entry = data["in_play"]["self"][0]
    assert set(entry) == {"name", "rule", "via", "params", "instances", "each", "conditions", "set_aside", "forbidden", "carriers", "defined"}
    assert (entry["set_aside"], entry["forbidden"]) == (None, None)
    # the Shield is in play, its use barred by Halberd's sentence: set aside, and the forbidding sentence given (docs/json.md)
    shield = data["in_play"]["self"][1]
    assert shield["name"] == "Shield" and shield["set_aside"]
    assert set(shield["forbidden"]) == {"rule", "name", "file", "line", "column", "quote"}
    assert (shield["forbidden"]["name"], shield["forbidden"]["quote"]) == ("Halberd", "A model using this weapon cannot simultaneously use a Shield against Melee Attacks.")
    assert entry["each"] == [{"params": [], "via": [], "conditions": []}]
    assert entry["carriers"] == []
    assert (entry["name"], entry["rule"], entry["via"], entry["params"]) == ("Halberd", "t9a/halberd", [], [[]])
    ruling = next(r for r in data["rulings"] if r["principle"] == "explicit-exception")
    assert set(ruling) == {"rules", "winner", "principle", "outcome", "conditions", "sides", "relation", "citations"}
    assert set(ruling["relation"]) == {"rule", "name", "file", "line", "column", "quote"}  # a winner stands on a quoted relation
    assert set(ruling["citations"][0]) == {"rule", "name", "file", "line", "column", "quote"}
    [idle] = data["in_play"]["inactive"]
    assert set(idle) == {"name", "rule", "relation", "reason", "via", "citation", "side"}
    assert (idle["name"], idle["relation"], idle["side"]) == ("Parry", None, "self")
    modifier = data["modifiers"][0]
    assert set(modifier) == {"side", "stat", "value", "stacks", "from", "condition", "parts", "limits"}
    assert modifier["limits"] == []
    assert set(modifier["parts"][0]) == {"rule", "name", "value", "subject", "conditions", "citation"}
    assert modifier["parts"][0]["subject"] == "Attacks made with a Halberd"


def test_the_terminal_ruling_quotes_its_rules(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "Frenzy, War Machine", "--system", "t9a")
    assert (code, err) == (0, "")
    assert out.startswith("Ruling (t9a): Frenzy, War Machine\nYou: Frenzy; War Machine; ")
    assert "1. War Machine cannot declare Charges: Frenzy's obligation to declare a Charge, if the test is failed, yields (it holds only if possible).\n" in out
    assert "   (cannot beats can; winner: War Machine)\n" in out
    assert '"If the test is failed, the whole unit must declare a Charge this Player Turn if possible."  (Frenzy, t9a/universal-rules.txt:' in out


def test_a_prohibition_of_the_action_the_situation_names_is_ruled_and_every_duty_listed(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "Advancing", "--system", "last-edition", "--when", "shooting")
    assert (code, err) == (0, "")
    # the time the prohibition names by an event is said, and that no flag gives it (round 9)
    assert ("1. Advancing: Units that used the advance move cannot shoot in the following battle phase; the situation is shooting "
            "(--when shooting): cannot beats can, so it cannot shoot here, if it is that time (no --when flag says so).\n") in out
    assert "Obliged and forbidden\n  Advancing (your rules): Units that used the advance move cannot shoot or fight\n" in out
    assert out.count('"Units that used the advance move are unable to shoot or fight in the following battle phase."  (Advancing, last-edition/core-rules.md:471:79)') == 2


def test_a_prohibition_json_names_its_actions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Advancing", "--system", "last-edition", "--json")
    [duty] = json.loads(out)["in_force"]
    assert set(duty) == {"side", "rule", "name", "kind", "actions", "subject", "conditions", "citation"}
    assert (duty["kind"], duty["actions"], duty["subject"], duty["side"]) == ("cannot", ["shoot", "fight"], "Units that used the advance move", "self")
    assert json.loads(out)["rulings"] == []  # no --when shooting: nothing forbidden is being done


def test_rules_that_touch_without_a_relation_are_open_and_quoted(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Killing Blow", "--vs", "Swarms", "--system", "scrollhammer")
    assert code == 0
    assert ("Unresolved: Instant Death, Swarms: the rules touch, and no relation read from the text says how they meet "
            "(Instant Death via Killing Blow).\n") in out
    assert "Read the sentences below together: the referee did not read how these rules meet, and will not guess." in out
    assert '"Swarms do not suffer Instant Death from taking an unsaved wound with Strength double their Toughness,' in out
    assert '"In addition, its Rending attacks cause Instant Death against models other than Monstrous Creatures and Artillery pieces."' in out
    assert "Nothing to rule on" not in out


def test_a_modifier_not_added_up_says_which_sentence_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Distracting, Fear", "--vs", "Hand Weapon", "--system", "t9a", "--when", "melee", "--json")
    [to_hit] = [m for m in json.loads(out)["modifiers"] if m["stat"] == "to-hit" and m["side"] == "self"]
    assert to_hit["value"] is None
    assert [c["quote"] for c in to_hit["limits"]] == ["This to-hit modifier cannot be combined with any other negative to-hit modifiers."]


def test_unresolved_questions_are_said_with_every_rule_cited(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Taking cover, vision hindering", "--system", "last-edition", "--when", "shooting")
    assert code == 0
    assert "Unresolved: Taking cover, Terrain type 2 / vision hindering: Armour Save:" in out
    assert "The rules state no tie-break: agree on one before you play on." in out
    assert '     per "Any ability that increases or decreases a value in a datasheet never stacks."  (ABILITIES/Bufs and nerfs, last-edition/core-rules.md:787:1)\n' in out
    assert '"+1 to both numbers in the armor save."  (Taking cover, last-edition/core-rules.md:' in out
    assert '"They add +1/+0 to the armor saves against shooting attacks."' in out


def test_markdown_links_each_rule_and_quote_to_the_site(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "Fear", "--vs", "Fear", "--system", "t9a", "--format", "markdown", "--site-url", "https://rules.example/")
    assert (code, err) == (0, "")
    page = "https://rules.example/" + html_path(Address("rules").rule_page("t9a/fear"))
    sentence = "Models that have Fear themselves are immune to the effects of Fear."
    assert page == "https://rules.example/rules/t9a/fear.html"
    assert out.startswith("**Ruling** (t9a): Fear against Fear\n")
    # Fear stays in force on both sides (its own clause is what makes each immune): not set aside
    assert f"- You: [Fear]({page})\n" in out and "set aside" not in out
    assert f"> [“{sentence}”]({page}#{sentence_anchor(sentence)}) — [Fear]({page}), `t9a/universal-rules.txt:" in out
    assert "*(immunity)*" in out


def test_markdown_escapes_rule_text(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REFEREE_SITE_URL", "https://env.example/site")
    code, out, _ = run(capsys, "Taking cover, vision hindering", "--system", "last-edition", "--when", "shooting", "--format", "markdown")
    assert code == 0
    assert "(https://env.example/site/rules/last-edition/" in out
    assert "Terrain type 2 / vision hindering" in out and "\\*" not in out.replace("**", "")


def test_nothing_to_rule_on_is_said(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Stubborn", "--system", "scrollhammer")
    assert code == 0 and out.endswith("Nothing to rule on: no rules in play meet, and none modifies a stat here.\n")


ERRORS: list[tuple[list[str], str]] = [
    (
        ["Fear", "--system", "t9a", "--when", "sneaking"],
        "referee: error: unknown situation flag 'sneaking' for --when (known: charging, not-charging, charged, first-round,"
        " first-turn, melee, shooting, fleeing, on-foot, mounted, moved; or a word t9a's rules condition on)\n",
    ),
    (
        ["Poisoned (4+", "--system", "t9a"],
        'referee: error: KEYWORDS: missing closing bracket at column 13\n    Poisoned (4+\n             ~~~^\nexpected: ")", ",", "/" or "|"\n',
    ),
    (["Fear, Frob", "--system", "t9a"], "referee: error: KEYWORDS: unknown rule 'Frob' in t9a at column 10\n    Fear, Frob\n          ~~~^\n"),
    (["Fear", "--vs", "Fear, Frob", "--system", "t9a"], "referee: error: --vs: unknown rule 'Frob' in t9a at column 10\n    Fear, Frob\n          ~~~^\n"),
    (["Feer", "--system", "t9a"], "referee: error: KEYWORDS: unknown rule 'Feer' in t9a at column 4\n    Feer\n    ~~~^\ndid you mean Fear (t9a/fear)?\n"),
    (["Fear", "--vs", "Stelth (+1)", "--system", "scrollhammer"],
     "referee: error: --vs: unknown rule 'Stelth' in scrollhammer at column 6\n    Stelth (+1)\n    ~~~~~^\ndid you mean Stealth (scrollhammer/stealth)?\n"),
    (["Strength", "--system", "t9a"], "referee: error: KEYWORDS: 'Strength' is a core game term of t9a, not a special rule at column 8\n    Strength\n    ~~~~~~~^\n"),
    (["4+", "--system", "t9a"], "referee: error: KEYWORDS: '4+' names no rule at column 2\n    4+\n    ~^\n"),
    (["  ", "--system", "t9a"], 'referee: error: KEYWORDS is empty: give a keyword string such as "Fear, Fly (8, 16)"\n'),
    (["Fear", "--system", "nope"], "referee: error: unknown system 'nope' (known: last-edition, scrollhammer, t9a, whfb-house)\n"),
    (["Fear"], "referee: error: resolve needs --system (one of: last-edition, scrollhammer, t9a, whfb-house)\n"),
    (["Dangerous Terrain", "--system", "whfb-house", "--when", "flyng"],
     "referee: error: unknown situation flag 'flyng' for --when (known: charging, not-charging, charged, first-round,"
     " first-turn, melee, shooting, fleeing, on-foot, mounted, moved; or a word whfb-house's rules condition on); did you mean flying?\n"),
    (["Fear", "--system", "t9a", "--when", "charge"], "referee: error: unknown situation flag 'charge' for --when; did you mean charging, charged?\n"),
    (["Fear", "--system", "t9a", "--when", "on-foot,mounted"], "referee: error: --when on-foot and --when mounted cannot both hold\n"),
    (["--system", "t9a", "--when", "melee"],
     "referee: error: resolve needs a side to rule on: KEYWORDS or --unit NAME (yours), --vs or --vs-unit (the opponent's)\n"),
]


@pytest.mark.parametrize(("args", "message"), ERRORS, ids=[" ".join(a) for a, _ in ERRORS])
def test_bad_input_is_one_pinned_error_with_status_2(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert run(capsys, *args) == (2, "", message)


def test_the_opponents_side_alone_is_ruled_on_with_no_rules_of_yours(capsys: pytest.CaptureFixture[str]) -> None:
    # two instances of a rule that never stacks on the opponent's side meet among themselves: the
    # player asking has no rules of their own to name, and the ruling must not need any
    code, out, err = run(capsys, "--system", "t9a", "--vs", "Magic Resistance (2), Magic Resistance (3)", "--json")
    assert (code, err) == (0, "")
    data = json.loads(out)
    assert (data["keywords"], data["vs"], data["in_play"]["self"]) == (None, "Magic Resistance (2), Magic Resistance (3)", [])
    [ruling] = [r for r in data["rulings"] if r["principle"] == "stacking"]
    assert ruling["outcome"].endswith("use the highest: Magic Resistance (3)") and ruling["sides"] == ["opponent"]
    assert ruling["citations"][0]["quote"] == "If there are different X values that could be used, use the highest value."
    code, out, err = run(capsys, "--system", "t9a", "--vs", "Magic Resistance (2), Magic Resistance (3)")
    assert (code, err) == (0, "")
    assert out.startswith("Ruling (t9a): no rules of yours against Magic Resistance (2), Magic Resistance (3)\n")


def test_a_modifier_for_whom_a_preposition_opens_reads_as_those(capsys: pytest.CaptureFixture[str]) -> None:
    # the sentence names whom it is for by a phrase opening on "with"/"within": never "for with"
    code, out, _ = run(capsys, "--system", "t9a", "--vs", "Magic Resistance (2)")
    assert code == 0 and "casting roll -2 (from Magic Resistance); for those with one or more models with Magic Resistance\n" in out
    code, out, _ = run(capsys, "Rally Around the Flag", "--system", "t9a")
    assert code == 0 and '; for those within 12" of a friendly non-Fleeing model with Rally Around the Flag\n' in out


def test_a_name_of_several_rules_is_refused_with_every_candidate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "heavy", "--system", "last-edition")
    assert (code, out) == (2, "")
    assert err == (
        "referee: error: KEYWORDS: 'heavy' names 2 rules of last-edition: last-edition/melee-heavy, last-edition/ranged-heavy at column 5\n"
        "    heavy\n    ~~~~^\n"
    )


def test_a_name_the_documents_define_several_times_brings_every_definition_shown_by_id(capsys: pytest.CaptureFixture[str]) -> None:
    """last-edition defines "Reaction units" in three phases: all three are in play, never one picked, never refused."""
    code, out, _ = run(capsys, "Reaction units", "--system", "last-edition", "--json")
    assert code == 0
    assert [e["rule"] for e in json.loads(out)["in_play"]["self"]] == [
        "last-edition/reaction-units", "last-edition/reaction-units-2", "last-edition/reaction-units-3"]
    code, out, _ = run(capsys, "Reaction units", "--system", "last-edition")
    assert code == 0
    assert "You: Reaction units <last-edition/reaction-units>; Reaction units <last-edition/reaction-units-2>; " in out


def test_errors_in_json_are_a_json_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "Fear", "--system", "t9a", "--when", "sneaking", "--json")
    assert (code, err) == (2, "")
    assert json.loads(out)["error"]["message"].startswith("unknown situation flag 'sneaking' for --when (known: charging,")


def test_invisible_characters_are_removed_with_a_note(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "Fear\u200b", "--system", "t9a", "--json")
    assert code == 0 and json.loads(out)["keywords"] == "Fear"
    assert err.startswith("referee: note: KEYWORDS: ")


@pytest.mark.parametrize("system", ["t9a", "scrollhammer"])
def test_markdown_sentence_anchors_are_the_sites_own(rulebase: Any, view: Any, system: str) -> None:
    """Every sentence of every rule links to the anchor the site gives it (second openings get -2)."""
    from referee.resolve.render import site_links
    from referee.site import rulebook, urls

    link = site_links((urls, rulebook), "https://x/", view)
    book = rulebook.Rulebook.of(rulebase, system, Address("rules"))
    checked = 0
    for rule in book.rules:
        for sentence, anchor in book.anchors(rule).items():
            assert link(rule.id, sentence).endswith(f"#{anchor}"), (rule.id, sentence)
            checked += 1
    assert checked > 300 and any(a.endswith("-2") for r in book.rules for a in book.anchors(r).values())


def test_markdown_links_the_second_wording_to_its_own_anchor(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Fear", "--system", "t9a", "--format", "markdown")
    assert code == 0
    assert "fear.html#s-if-this-test-is-failed)" in out and "fear.html#s-if-this-test-is-failed-2)" in out


def test_markdown_says_what_stays_open_and_links_every_quoted_rule(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "Taking cover, vision hindering", "--system", "last-edition", "--when", "shooting", "--format", "markdown")
    assert code == 0
    assert "**Unresolved:** [Taking cover](" in out and "The rules state no tie-break: agree on one before you play on." in out
    assert "— [ABILITIES/Bufs and nerfs](http://127.0.0.1:8000/rules/last-edition/abilities-bufs-and-nerfs.html), `last-edition/core-rules.md:" in out
    code, out, _ = run(capsys, "Target Behind Hard Cover, Target Behind Soft Cover", "--system", "whfb-house", "--when", "shooting", "--format", "markdown")
    assert "never stack: the rules say which: -2 applies.** *(never stacks)*" in out and "Unresolved" not in out


def test_a_core_game_term_the_documents_write_as_a_rule_is_in_play(capsys: pytest.CaptureFixture[str]) -> None:
    # last-edition writes its command phase as a rule of its own ("Each command phase starts with ...");
    # t9a's "Strength" is a term with no rule of its words, and stays an error (pinned above)
    code, out, err = run(capsys, "Directive 8, Command phase", "--system", "last-edition", "--json")
    assert (code, err) == (0, "")
    assert [entry["rule"] for entry in json.loads(out)["in_play"]["self"]] == ["last-edition/directive-8", "last-edition/command-phase"]
