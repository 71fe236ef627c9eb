"""The pages of an army book and its units, and a rule page's "Used by".

An army book's page lists its units A-Z under their initial letters.  A
unit's page shows where it sits (system › army book), its models and
source line, its profiles as tables (one per profile type: a row per
profile, a column per characteristic, in the data's order), and its rules,
each a link to the rule's page with the parameters the unit has it with and
what carries it ("on Spearman › Spear").  A rule name that fits several
rules links to each; one no rule defines is said so, never guessed.

Everything shown comes from army data anyone may have written: it goes
through :mod:`referee.site.html`, escaped.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.site import relations
from referee.site.armies import SEPARATOR, Army, User, carried_by
from referee.site.html import Markup, join, tag
from referee.site.rulepage import Written, heading
from referee.site.systempages import initial
from referee.site.urls import Anchors, relative, slug
from referee.text import fold

if TYPE_CHECKING:
    from referee.site.rulebook import Rulebook
    from referee.units import ListedRule, Unit, UnitProfile


def write_army(book: Rulebook, army: Army, here: str) -> Written:
    """An army book's units, A-Z."""
    letters: dict[str, list[Markup]] = {}
    for unit, page in army.units:
        notes = [tag("span", unit.kind, class_="rf-cat")]
        if unit.models and unit.models != (unit.name,):
            notes.append(tag("span", ["models: ", ", ".join(unit.models)], class_="rf-in"))
        letters.setdefault(initial(fold(unit.name)), []).append(tag("li", [tag("a", unit.name, href=relative(here, page)), " ", *notes]))
    order = sorted(letters, key=lambda c: (c == "#", c))
    source: Markup = tag("code", army.book.file)
    if army.book.file in book.documents:
        source = tag("a", source, href=relative(here, book.address.document_page(army.book.file)), class_="rf-source")
    about = [f"{len(army.units)} units. ", "Army book of ", tag("a", book.title, href=relative(here, book.address.system_page(book.system)))]
    about.extend([", from ", source])
    if army.book.revision:
        about.append(f", revision {army.book.revision}")
    about.append(".")
    body: list[Markup] = [
        tag("nav", join([tag("a", c, href=f"#letter-{_letter(c)}") for c in order], " "), class_="rf-letters", aria_label="Letters")
    ]
    toc: list[tuple[str, str, int]] = []
    for c in order:
        body.append(heading(3, f"letter-{_letter(c)}", c))
        body.append(tag("ul", letters[c], class_="rf-index"))
    # the search reads the book's name and about line; the units have pages of their own
    return Written(tag("p", about, class_="rf-system-links"), tuple(toc), join(body), tag("h1", army.book.name, id="army"))


def _letter(c: str) -> str:
    return c.lower() if c != "#" else "other"


def write_unit(book: Rulebook, army: Army, unit: Unit, here: str) -> Written:
    """A unit: where it sits, its profiles and its rules."""
    armies = book.armies
    crumbs = tag(
        "nav",
        join(
            [
                tag("a", book.title, href=relative(here, book.address.system_page(book.system))),
                tag("span", "Armies"),
                tag("a", army.book.name, href=relative(here, army.page)),
            ],
            Markup(" › "),
        ),
        class_="rf-crumbs",
        aria_label="Where this unit sits",
        data_search_exclude=True,
    )
    rows: list[Markup] = []

    def row(term: str, value: Markup | str, css: str) -> None:
        rows.append(tag("div", [tag("dt", term), tag("dd", value)], class_=css))

    row("Kind", unit.kind, "rf-unit-kind")
    if unit.models:
        row("Models", ", ".join(unit.models), "rf-unit-models")
    row("Source", relations.source_link(book, unit.source.file, unit.source.line, unit.source.column, here, unit.source.end_line), "rf-sourceline")
    aside = crumbs + tag("dl", rows, class_="rf-facts")

    toc: list[tuple[str, str, int]] = []
    rest: list[Markup] = []
    if unit.profiles:
        toc.append(("profiles", "Profiles", 2))
        rest.append(heading(2, "profiles", "Profiles"))
        rest.extend(profile_tables(unit))
    toc.append(("rules", "Rules", 2))
    rest.append(heading(2, "rules", "Rules"))
    if unit.rules:
        from referee.units import listed_rules

        index = {id(use): n for n, use in enumerate(unit.rules)}  # each use keeps the anchor "Used by" links to
        items = [rule_use(book, unit, listed, [armies.anchors[(here, index[id(u)])] for u in listed.uses], here) for listed in listed_rules(unit.rules)]
        rest.append(tag("ul", items, class_="rf-unit-rules"))
    else:
        rest.append(tag("p", "Its data gives it no rules.", class_="rf-empty"))
    return Written(Markup(""), tuple(toc), join(rest), tag("h1", unit.name, id="unit"), aside)


def profile_tables(unit: Unit) -> list[Markup]:
    """A table per profile type, in the data's order: a row per profile, a column per characteristic."""
    types: dict[str, list[UnitProfile]] = {}
    for profile in unit.profiles:
        types.setdefault(profile.type, []).append(profile)
    out: list[Markup] = []
    for kind, profiles in types.items():
        columns = list(dict.fromkeys(name for p in profiles for name, _ in p.characteristics))
        head = tag("thead", tag("tr", [tag("th", "Name"), tag("th", "On"), *[tag("th", c) for c in columns]]))
        body = tag(
            "tbody",
            [
                tag(
                    "tr",
                    [
                        tag("td", p.name),
                        tag("td", carrier(p, unit)),
                        *[tag("td", p.get(c) or "") for c in columns],
                    ],
                )
                for p in profiles
            ],
        )
        out.append(
            tag(
                "div",
                tag("table", [tag("caption", kind or "Profile"), head, body]),
                class_="rf-table rf-unit-profiles",
                id=f"p-{slug(kind) or 'profile'}",
            )
        )
    return out


def carrier(profile: UnitProfile, unit: Unit) -> str:
    """What a profile is on, below the unit, without the profile's own name at the end."""
    where = profile.carrier
    if where.endswith(SEPARATOR + profile.name):
        where = where[: -len(SEPARATOR + profile.name)]
    return carried_by(where, unit.name) or unit.name


def rule_use(book: Rulebook, unit: Unit, use: ListedRule, anchors: list[str], here: str) -> Markup:
    """One rule of a unit, once however often its data names it: linked, its
    parameters named, what carries it (a weapon or option named like a rule
    links to that rule), and where each use was read."""
    parts: list[Markup | str] = [tag("span", "", id=a) for a in anchors[1:]]  # the other uses' anchors stay
    ids = list(dict.fromkeys(([use.rule] if use.rule else []) + list(use.candidates)))
    known = [i for i in ids if book.rule(i) is not None]
    if known:
        parts.append(tag("a", use.text, href=relative(here, book.page(known[0])), class_="rf-unit-rule", data_rule=known[0]))
    else:
        parts.append(tag("span", use.text, class_="rf-unit-rule rf-unknown"))
    rule = book.rule(known[0]) if known else None
    names = [p.name for p in rule.params] if rule is not None else []
    if use.params and names:  # the text shows the values; say which parameter each is
        shown = [f"{names[i]} = {value}" if i < len(names) else value for i, value in enumerate(use.params)]
        parts.extend([" ", tag("span", ["(", ", ".join(shown), ")"], class_="rf-unit-params")])
    wheres = list(dict.fromkeys(carried_by(u.carrier, unit.name) for u in use.uses))
    if any(wheres):
        shown_on = [_carrier_link(book, where, here) if where else unit.name for where in wheres]
        parts.extend([" ", tag("span", ["on ", join(shown_on, "; ")], class_="rf-via")])
    if len(known) > 1:
        others = [tag("a", book.name(i), href=relative(here, book.page(i))) for i in known[1:]]
        parts.extend([" ", tag("span", ["the name also fits ", join(others, ", "), "; the data does not say which"], class_="rf-candidates")])
    if not known:
        parts.extend([" ", tag("span", use.problem or "no rule of the system defines it", class_="rf-problem")])
    for u in use.uses:
        parts.extend([" ", relations.source_link(book, u.source.file, u.source.line, u.source.column, here)])
    return tag("li", parts, id=anchors[0])


def _carrier_link(book: Rulebook, where: str, here: str) -> Markup:
    """"Spearman › Great Weapon", its last part a link when exactly one rule has its name."""
    head, _, last = where.rpartition(" › ")
    found = book.build.lookup(last, book.system)
    shown: Markup | str = tag("a", last, href=relative(here, book.page(found[0].id)), class_="rf-carrier-rule") if len(found) == 1 else last
    return join([head, " › ", shown] if head else [shown], "")


def used_by(book: Rulebook, rule_id: str, here: str) -> list[Markup]:
    """The "Used by" section of a rule's page: units by army, each with what carries the rule."""
    users = book.armies.used_by.get(rule_id) if book.armies else None
    if not users:
        return []
    groups: dict[str, list[User]] = {}
    for user in users:
        groups.setdefault(user.army, []).append(user)
    out: list[Markup] = [heading(2, "used-by", "Used by")]
    taken = Anchors({"used-by"})
    for army, members in groups.items():
        items = []
        for user in members:
            vias = []
            for use, anchor in user.uses:
                where = carried_by(use.carrier, user.unit.name)
                text = [tag("a", use.text, href=relative(here, user.page, anchor))]
                if where:
                    text.extend([" on ", where])
                if use.rule != rule_id:
                    text.append(" (the name also fits other rules)")
                vias.append(join(text))
            items.append(tag("li", [tag("a", user.unit.name, href=relative(here, user.page), class_="rf-user"), ": ", join(vias, "; ")]))
        anchor = taken.take("used-by-" + (slug(army) or "army"))
        out.append(tag("section", [heading(3, anchor, army), tag("ul", items, class_="rf-used-by")], class_="rf-used-by-army"))
    return out
