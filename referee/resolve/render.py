"""A resolution as a referee says it aloud (terminal), or ready to paste (Markdown).

Both read the JSON shape (:meth:`Resolution.to_json`), so what is printed is
what ``--json`` gives.  The Markdown links each rule to its page on the site
and each quote to its sentence's anchor; the site's own scheme makes the
addresses (:mod:`referee.site.urls`, handed in by the CLI: the referee sits
below the site and never imports it).
"""

from __future__ import annotations

import re

from referee import terminal
from referee.patterns import lazy
from referee.resolve.ruling import conditions
from referee.text import fold

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any

    from referee.store.book import Book

WORDS = {
    "applicability": "applicability: what the situation can be",
    "explicit-exception": "explicit exception",
    "immunity": "immunity",
    "errata": "errata",
    "source-tier": "source tier",
    "cannot-beats-can": "cannot beats can",
    "both-sides": "the rule's own both-sides clause",
    "together": "the rule's own clause for the other rule",
    "own-words": "the rule's own words on this situation",
    "stacking": "stacking",
    "never-stacks": "never stacks",
    "source-conflict": "two documents disagree",
    "unresolved": "unresolved",
}
WHO = {"self": "You", "opponent": "Opponent"}
OWN = {"self": "Your rules", "opponent": "Opponent's rules"}  # a modifier is listed by the side whose rule states it


def _for(m: dict[str, Any]) -> str:
    """Whom the modifiers are for, where their sentences say ("for Units in base contact with ... Fear")."""
    said = list(dict.fromkeys(_whom(p["subject"]) for p in m["parts"] if p["subject"]))
    return f"; for {' / '.join(said)}" if said else ""


def _whom(subject: str) -> str:
    """A subject the sentence opens with a preposition ("with one or more models with Magic
    Resistance") read after "for" as those it speaks of, never "for with"."""
    return f"those {subject}" if subject.split(" ", 1)[0].lower() in {"with", "within", "in", "at", "on", "near"} else subject


def _situation(data: dict[str, Any]) -> str:
    acting = _unit(data.get("unit")) or data["keywords"] or "no rules of yours"
    opponent = _unit(data.get("vs_unit")) or data["vs"]
    vs = f" against {opponent}" if opponent else ""
    when = f", when {', '.join(data['when'])}" if data["when"] else ""
    return f"{acting}{vs}{when}"


def _unit(unit: dict[str, Any] | None) -> str | None:
    """A unit of army data as the heading names it: "Spearmen (Demo Army)"."""
    return f"{unit['name']} ({unit['army']})" if unit else None


def not_ruled(data: dict[str, Any]) -> list[str]:
    """The rules a unit has that the referee left out, each with why (the data names no rule, or several)."""
    out = []
    for key in ("unit", "vs_unit"):
        for use in (data.get(key) or {}).get("not_ruled", []):
            on = f" on {use['weapon']}" if use["weapon"] else ""
            out.append(f"Not ruled on: {use['text']} ({use['unit']}{on}, {_where(use['source'])}): {use['reason']}")
    return out


# how a rule's own words read out for what they are, not for how they meet, are introduced
_SAYS = {"effect": "what it does, in its own words", "defines": "what it is, in its first words", "parameter": "what its number is", "like": "what it works like",
         "several": "its words on several of these at once", "loses": "what it takes away where the situation cannot tell",
         "forced": "its words on the test the other side's rule makes it take", "state": "the state it puts its units in",
         "keeps": "what does not take it away", "condition": "the condition it acts under", "forbids": "what it forbids, in its own words", "exception": "an exception it states",
         "cap": "the system's limit on its number", "given": "who has it, in its own section's words"}
# the sections of what is in force: obligations and prohibitions, then the rules' own words that settle a meeting
_IN_FORCE = (("Obliged and forbidden", ("must", "cannot")), ("The rules' own words on how they meet", ("settles",)))


def _duty(d: dict[str, Any]) -> str:
    """An obligation or prohibition in force as said aloud: "Advancing (you): Units that used the advance move cannot shoot"."""
    if d["kind"] == "settles":
        said = _SAYS.get(d["how"], f"its own words settle it ({d['how']})")
        return f"{d['name']} ({OWN[d['side']].lower()}): {said}: {'; '.join(d['actions'])}"
    who = d["subject"] or "the unit"
    verb = "cannot" if d["kind"] == "cannot" else "must"
    return f"{d['name']} ({OWN[d['side']].lower()}): {who} {verb} {' or '.join(d['actions']) if verb == 'cannot' else ' and '.join(d['actions'])}{conditions(d['conditions'])}"


def _open(item: dict[str, Any]) -> str:
    """What to do about an open question: the rules' own tie-break, or what is left to the players."""
    if item["tie_break"]:
        return f"Tie-break: {item['tie_break']}"
    if item.get("convention"):
        said = item["convention"]
        return f"The rules do not settle this. Offered, not ruled: {said[:1].upper() + said[1:]}."
    if item.get("kind") == "touch":
        return "Read the sentences below together: the referee did not read how these rules meet, and will not guess."
    return "The rules state no tie-break: agree on one before you play on."


def _where(c: dict[str, Any]) -> str:
    return f"{c['file']}:{c['line']}:{c['column']}"


def _twins(entries: list[dict[str, Any]]) -> set[str]:
    """Names two rules in play on one side share (one name the documents define twice): shown with their ids."""
    names = [fold(e["name"]) for e in entries]
    return {name for name in names if names.count(name) > 1}


def _rule_entry(entry: dict[str, Any], twins: set[str] = frozenset()) -> str:
    params = [p for p in entry["params"] if p]
    shown = entry["name"] + (f" <{entry['rule']}>" if fold(entry["name"]) in twins else "")
    if params and all(isinstance(p, str) for p in params):
        shown += f" ({', '.join(params)})"
    elif params:
        shown += " " + " ".join(f"({', '.join(p)})" for p in params)
    weapons = list(dict.fromkeys(c["weapon"] for c in entry.get("carriers", ()) if c["weapon"]))
    if weapons:
        shown += f" (from {', '.join(weapons)})"
    if entry["via"]:
        shown += " via " + " > ".join(step["name"] for step in entry["via"])
    if entry["conditions"]:
        shown += f" [{conditions(entry['conditions']).strip()}]"
    if entry.get("forbidden"):
        shown += " [cannot be used here]"
    elif entry["set_aside"]:
        shown += " [set aside]"
    return shown


def _forbidden(data: dict[str, Any]) -> list[str]:
    """A line for each rule in play whose use a prohibition in force bars here, with the forbidding sentence."""
    return list(dict.fromkeys(
        f"{e['name']} ({WHO[side].lower()}): in play, but cannot be used here: {_said(e['forbidden'])}"
        for side in ("self", "opponent") for e in data["in_play"][side] if e.get("forbidden")))


def _undefined(data: dict[str, Any]) -> list[str]:
    """A line for each granted rule the documents define no rule of, with the grant's sentence: in
    play by that sentence alone, its own words nowhere to quote."""
    return list(dict.fromkeys(  # once, when both sides have it
        f"{e['name']}: no rule of that name in {data['system']}'s documents; granted by {_said(e['via'][-1]['citation'])}"
        for side in ("self", "opponent") for e in data["in_play"][side] if e.get("defined") is False and e["via"]))


def _said(c: dict[str, Any]) -> str:
    """A quote as said aloud: the sentence on one line, then whose it is and where."""
    return f"\"{' '.join(c['quote'].split())}\"  ({c['name']}, {_where(c)})"


def _split(rulings: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Rulings proper, and the rules two documents word differently (shown apart: nearly every
    rule of a system with a rulebook and a glossary has two wordings)."""
    return [r for r in rulings if r["principle"] != "source-conflict"], [r for r in rulings if r["principle"] == "source-conflict"]


def _inactive(entry: dict[str, Any]) -> str:
    if entry["relation"]:
        return f"Does not apply here ({OWN[entry['side']].lower()}): {entry['reason']}"
    return f"Not in play: {entry['name']} ({WHO[entry['side']].lower()}): {entry['reason']}"


def print_resolution(data: dict[str, Any]) -> None:
    """The ruling for the terminal: what is in play, each ruling with its quotes, the modifiers, what stays open."""
    terminal.heading(f"Ruling ({data['system']}): {_situation(data)}")
    for side in ("self", "opponent"):
        if data["in_play"][side]:
            twins = _twins(data["in_play"][side])
            terminal.line(f"{WHO[side]}: " + "; ".join(_rule_entry(e, twins) for e in data["in_play"][side]))
    for line in _forbidden(data):
        terminal.line(line)
    for said in dict.fromkeys(_inactive(entry) for entry in data["in_play"]["inactive"]):
        terminal.line(said, style="dim")  # one modifier stated by two sentences does not apply once
    for line in _undefined(data):
        terminal.line(line, style="dim")
    for line in not_ruled(data):
        terminal.line(line, style="yellow")
    rulings, wordings = _split(data["rulings"])
    for number, ruling in enumerate(rulings, start=1):
        terminal.line()
        terminal.line(f"{number}. {ruling['outcome'].rstrip('.')}.", style="bold")
        terminal.line(f"   ({WORDS[ruling['principle']]}{'; winner: ' + ruling['winner'] if ruling['winner'] else ''})", style="dim")
        for c in ruling["citations"]:
            terminal.line(f"   {_said(c)}")
    if data["modifiers"]:
        terminal.line()
        terminal.heading("Modifiers")
        for m in data["modifiers"]:
            value = m["value"] if m["value"] is not None else "not added up: " + ", ".join(p["value"] for p in m["parts"])
            terminal.line(f"  {OWN[m['side']]}: {m['stat']} {value} (from {', '.join(dict.fromkeys(m['from']))}){conditions(m['condition'])}{_for(m)}")
            for c in m.get("limits", []):
                terminal.line(f"     per {_said(c)}", style="dim")
    for heading, kinds in _IN_FORCE:
        shown = [d for d in data.get("in_force") or [] if d["kind"] in kinds]
        if shown:
            terminal.line()
            terminal.heading(heading)
        for d in shown:
            terminal.line(f"  {_duty(d)}")
            terminal.line(f"     {_said(d['citation'])}", style="dim")
    for item in data["unresolved"]:
        terminal.line()
        terminal.line(f"Unresolved: {', '.join(item['rules'])}: {item['reason']}.", style="yellow")
        terminal.line(f"   {_open(item)}")
        for c in item["citations"]:
            terminal.line(f"   {_said(c)}")
    if wordings:
        terminal.line()
        terminal.heading("Worded differently by two documents (the first is the one the manifest prefers)")
        for ruling in wordings:
            terminal.line(f"  {', '.join(ruling['rules'])}:")
            for c in ruling["citations"]:
                terminal.line(f"   {_said(c)}", style="dim")
    if not (data["rulings"] or data["modifiers"] or data["unresolved"] or _said_more(data)):
        terminal.line()
        terminal.line("Nothing to rule on: no rules in play meet, and none modifies a stat here.")


def _said_more(data: dict[str, Any]) -> bool:
    """Whether what is in force says more than each rule's first words (which rule on nothing)."""
    return any(d.get("how") != "defines" for d in data.get("in_force") or [])


_MARKDOWN = lazy(r"([\\`*_\[\]<>|#])")


def _md(text: str) -> str:
    r"""Rule text in Markdown as plain words: its markup characters escaped, its line breaks made spaces.

    >>> print(_md("*Fear* [see p. 3]\n<b>"))
    \*Fear\* \[see p. 3\] \<b\>
    """
    return _MARKDOWN.sub(r"\\\1", re.sub(r"\s+", " ", text))


def markdown(data: dict[str, Any], link: Callable[[str, str | None], str]) -> str:
    """The same ruling for a forum or a chat; ``link(rule_id, sentence)`` gives a page or sentence address."""
    names = {e["name"]: e["rule"] for side in ("self", "opponent") for e in data["in_play"][side] if e.get("defined", True)}  # no page for a name the documents do not define

    def rule(name: str) -> str:
        return f"[{_md(name)}]({link(names[name], None)})" if name in names else _md(name)

    def cite(c: dict[str, Any]) -> str:
        return f"> [“{_md(c['quote'])}”]({link(c['rule'], c['quote'])}) — [{_md(c['name'])}]({link(c['rule'], None)}), `{_where(c)}`"

    out = [f"**Ruling** ({_md(data['system'])}): {_md(_situation(data))}", ""]
    for side in ("self", "opponent"):
        if data["in_play"][side]:
            twins = _twins(data["in_play"][side])
            out.append(f"- {WHO[side]}: " + "; ".join(rule(e["name"]) + _md(_rule_entry(e, twins)[len(e["name"]):]) for e in data["in_play"][side]))
    out += [f"- {_md(line)}" for line in _forbidden(data)]
    for said in dict.fromkeys(_inactive(entry) for entry in data["in_play"]["inactive"]):
        out.append(f"- {_md(said)}")
    out += [f"- {_md(line)}" for line in _undefined(data)]
    out += [f"- {_md(line)}" for line in not_ruled(data)]
    rulings, wordings = _split(data["rulings"])
    for number, ruling in enumerate(rulings, start=1):
        winner = f" {rule(ruling['winner'])} wins." if ruling["winner"] else ""
        out += ["", f"{number}. **{_md(ruling['outcome'].rstrip('.'))}.**{winner} *({WORDS[ruling['principle']]})*", ""]
        out += [line for c in ruling["citations"] for line in (f"   {cite(c)}", "")][:-1]  # one blockquote each
    if data["modifiers"]:
        out += ["", "**Modifiers**", ""]
        for m in data["modifiers"]:
            value = m["value"] if m["value"] is not None else "not added up: " + ", ".join(p["value"] for p in m["parts"])
            from_ = ", ".join(rule(n) for n in dict.fromkeys(m["from"]))
            out.append(f"- {OWN[m['side']]}: {_md(m['stat'])} {_md(value)} (from {from_}){_md(conditions(m['condition']) + _for(m))}")
            out += [f"  - per {cite(c)}" for c in m.get("limits", [])]
    for heading, kinds in _IN_FORCE:
        shown = [d for d in data.get("in_force") or [] if d["kind"] in kinds]
        if shown:
            out += ["", f"**{heading}**", ""]
        for d in shown:
            out += [f"- {_md(_duty(d))}", "", f"  {cite(d['citation'])}", ""]
    for item in data["unresolved"]:
        out += ["", f"**Unresolved:** {', '.join(rule(n) for n in item['rules'])}: {_md(item['reason'])}.", ""]
        out += [_md(_open(item)), ""]
        out += [line for c in item["citations"] for line in (cite(c), "")][:-1]
    if wordings:
        out += ["", "**Worded differently by two documents** (the first is the one the manifest prefers)"]
        for ruling in wordings:
            out += ["", f"- {', '.join(rule(n) for n in ruling['rules'])}: {_md(ruling['outcome'])}", ""]
            out += [line for c in ruling["citations"] for line in (f"  {cite(c)}", "")][:-1]
    return "\n".join(out) + "\n"


def site_links(site: tuple[Any, Any], base: str, view: Book, section: str = "rules") -> Callable[[str, str | None], str]:
    """``link(rule_id, sentence)``: the address of a rule's page, or of a sentence's anchor on it.

    ``site`` is ``(referee.site.urls, referee.site.anchors)``, handed in by the CLI.  A page's
    sentence anchors are the site's own (``anchors.page_anchors``), so a second "If this test
    is failed, ..." links to its ``-2``.
    """
    urls, page = site
    address = urls.Address(section)
    base = base if base.endswith("/") else base + "/"
    pages: dict[str, dict[str, str]] = {}

    def anchors(rule_id: str) -> dict[str, str]:
        found = pages.get(rule_id)
        if found is None:
            rule = view.get(rule_id) or {"versions": [], "children": []}
            found = pages[rule_id] = page.page_anchors([v["text"] for v in rule["versions"]], rule["children"])
        return found

    def link(rule_id: str, sentence: str | None) -> str:
        page = base + urls.html_path(address.rule_page(rule_id))
        if not sentence:
            return page
        on_page = anchors(rule_id)
        anchor = on_page.get(sentence) or next((a for s, a in on_page.items() if sentence in s or s in sentence), None)
        return f"{page}#{anchor}" if anchor else page

    return link
