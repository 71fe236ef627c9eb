"""``explain`` and ``resolve`` never disagree (issue 22): every relation the graph reads of a
rule in play is either applied by the referee (a ruling or open question quoting it, a modifier,
an obligation or prohibition in force, the grant chain of a rule in play) or said not to apply
here, with why (its condition fails, or what it acts on is not in play).

Each rule of the four systems is put in play on both sides, in ten situations, by the walk of
tests/resolve/test_walks.py, whose every answer :func:`unexplained` checks.
"""

from __future__ import annotations

from typing import Any

from referee.graph.settles import HOWS
from referee.resolve import resolve
from referee.resolve.play import brings

_NOT_EFFECTS = ("references", "part-of")  # mentions and structure: nothing to apply


def _at(c: dict[str, Any]) -> tuple[str, int, int]:
    return (c["file"], c["line"], c["column"])


def _quoted(data: dict[str, Any], sentence: str) -> bool:
    """Whether the answer quotes a sentence (or a list item's words) anywhere."""
    said = " ".join(sentence.split()).lstrip("-*• ")
    return said in " ".join(" ".join(_strings(data)).split())


def _own_words_ruled(view: Any, rid: str, rel: dict[str, Any], data: dict[str, Any]) -> bool:
    """Whether the answer rules on (or needs not) a sentence the referee rules on by its own words
    (referee/resolve/situation_words.py): quoted anywhere, or of a second wording, or on a situation
    not given, or one of more than three on the situation given."""
    if _quoted(data, rel["citation"]["sentence"]) or rel["citation"]["file"] != view.get(rid)["versions"][0]["source"]["file"]:
        return True
    spoken = set(dict(rel["details"]).get("situations", "").split())
    return dict(rel["details"])["how"] == "situation" and (not spoken & set(data["when"]) or _about_the_situation(view, rid, data["when"]))


def _about_the_situation(view: Any, rid: str, when: list[str]) -> bool:
    """Whether more than three sentences of a rule speak of the situation given: a rule about the
    situation itself, its page to read (referee/resolve/situation_words.py quotes none)."""
    first = view.get(rid)["versions"][0]["source"]["file"]
    return len({r["citation"]["sentence"] for r in view.relations_out(rid) if r["kind"] == "settles" and r["citation"]["file"] == first
                and set(dict(r["details"]).get("situations", "").split()) & set(when)}) > 3


def _strings(data: Any) -> list[str]:
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [s for v in data.values() for s in _strings(v)]
    return [s for v in data for s in _strings(v)] if isinstance(data, list) else []


def unexplained(view: Any, data: dict[str, Any], side: str = "self") -> list[tuple[str, str, str]]:
    """The relations of ``side``'s rules in play that the answer neither applies nor says why not."""
    other_side = "opponent" if side == "self" else "self"
    ruled = {_at(c) for r in data["rulings"] + data["unresolved"] for c in r["citations"]}
    idle = {_at(i["citation"]) for i in data["in_play"]["inactive"]}
    duties = {_at(d["citation"]) for d in data["in_force"]}
    parts = [(p["rule"], m["stat"], p["value"], _at(p["citation"])) for m in data["modifiers"] for p in m["parts"]]
    mine = {e["rule"]: e for e in data["in_play"][side]}
    other = {e["rule"] for e in data["in_play"][other_side]}
    chained = {_at(s["citation"]) for e in data["in_play"][side] + data["in_play"][other_side] for each in e["each"] for s in each["via"]}
    out = []
    for rid, entry in mine.items():
        if entry["set_aside"]:
            continue  # the ruling that set it aside says why it brings nothing
        for rel in view.relations_out(rid):
            kind, target, at, details = rel["kind"], rel["target"], _at(rel["citation"]), dict(rel["details"])
            if kind in _NOT_EFFECTS or at in ruled or at in idle:
                continue
            applied = {
                # a grant of a name no rule of the system has ("A Stomp has Always Strike Last special rule") is
                # followed too; only one that brings no rule (a state, bracketed parameters, its own name) needs no chain
                "grants": at in chained or target == rid or target is None and not brings(view, rel)
                or (target in mine and any(s["rule"] == rid for e in mine[target]["each"] for s in e["via"])),
                "loses": target not in mine or target == rid,  # what it takes away is not in play
                "immune-to": target not in other,  # nothing it is immune to faces it
                "excludes": target not in mine and target not in other or target == rid,
                "overrides": target not in mine and target not in other or target == rid,
                "must": at in duties or "action" not in details,
                "cannot": at in duties or "action" not in details or (target is not None and target not in other),
                "stacks": entry["instances"] < 2,  # a single instance: nothing to stack
                "modifies": any(p[0] == rid and p[1] == details.get("stat") and (p[3] == at or p[2] == details.get("value")) for p in parts),
                "amends": False,
                # the rule's own words on how it meets others, quoted with what is in force; the words it is ruled on by
                "settles": kind == "settles" and (at in duties if details["how"] in HOWS else _own_words_ruled(view, rid, rel, data)),
            }.get(kind, False)
            if not applied:
                out.append((kind, rid, rel["citation"]["sentence"]))
    return out


def test_the_walk_catches_a_relation_left_out(view: Any) -> None:
    """The walk fails when the answer drops what a rule obliges or forbids (a test that can fail)."""
    data = resolve(view, "last-edition", "Advancing").to_json()
    assert unexplained(view, data) == []
    data["in_force"] = []
    assert [m[0] for m in unexplained(view, data)] == ["cannot", "cannot"]


def test_the_walk_catches_a_grant_of_an_undefined_rule_left_out(view: Any) -> None:
    """A grant of a rule the documents never define is applied only by the granted rule in play."""
    data = resolve(view, "whfb-house", "Stomp").to_json()
    assert unexplained(view, data) == []
    data["in_play"]["self"] = [e for e in data["in_play"]["self"] if e["defined"]]
    assert [m[:2] for m in unexplained(view, data)] == [("grants", "whfb-house/stomp-thunder-stomp")]
