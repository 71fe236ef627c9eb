"""A system's Editor's report: every lint finding, linked to its rule and its line.

The findings are ``referee lint --min-severity info`` for the system, waived
ones included (with the manifest's reason): a count per code first, then the
findings document by document in line order, each with its place (linked to
the line on the document's page), its rule (linked to the rule's page) and
the other places it involves.
"""

from __future__ import annotations

from collections import Counter
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.site.html import Markup, join, tag
from referee.site.relations import source_link
from referee.site.rulepage import Written, heading
from referee.site.urls import relative, slug

if TYPE_CHECKING:
    from referee.lint.finding import Finding
    from referee.lint.run import LintResult
    from referee.site.rulebook import Rulebook

SEVERITY_ORDER = ("error", "warning", "info")


def write_report(book: Rulebook, result: LintResult, here: str, codes_page: str | None = None) -> Written:
    """``codes_page``: the source path of the guide's lint page, whose sections are the codes."""
    findings = result.findings
    counts = result.counts()
    body: list[Markup] = [
        tag("h1", f"Editor's report: {book.title}", id="report"),
        tag(
            "p",
            [
                f"{counts['error']} errors, {counts['warning']} warnings, {counts['info']} notes, {counts['waived']} waived. ",
                "What ",
                tag("code", f"referee lint --system {book.system} --min-severity info"),
                " reports; each finding links to its rule and to its line in the document.",
            ],
            class_="rf-report-summary",
        ),
    ]
    toc: list[tuple[str, str, int]] = [("codes", "By code", 2)]
    body.append(heading(2, "codes", "By code"))
    body.append(_codes_table(findings, here, codes_page))
    by_file: dict[str, list[Finding]] = {}
    for finding in findings:
        by_file.setdefault(finding.file, []).append(finding)
    for file in sorted(by_file):
        anchor = "f-" + (slug(file, limit=120) or "file")
        toc.append((anchor, file, 2))
        body.append(heading(2, anchor, file))
        body.append(tag("ul", [_finding(book, f, here, codes_page) for f in by_file[file]], class_="rf-findings"))
    if not findings:
        body.append(tag("p", "Nothing to report.", class_="rf-empty"))
    notes = extraction_notes(book, here)
    if notes is not None:
        toc.append(("extraction", "Extraction notes", 2))
        body.append(heading(2, "extraction", "Extraction notes"))
        body.append(notes)
    return Written(join(body), tuple(toc))


def extraction_notes(book: Rulebook, here: str) -> Markup | None:
    """The rules the adapters noted something about (a lost heading, no text), each with its
    notes and line; those left out of the players' index and search say so."""
    from referee.site.rulepage import FLAGS

    items = []
    for rule in book.rules:
        notes = [FLAGS[f] for f in rule.flags if f in FLAGS and f != "versions"]
        hidden = not book.for_players(rule)
        if not notes and not hidden:
            continue
        head: list[Markup] = [
            tag("a", rule.name, href=relative(here, book.page(rule.id)), class_="rf-mention"),
            source_link(book, rule.source.file, rule.source.line, rule.source.column, here),
        ]
        if hidden:
            head.append(tag("span", "not in the players' index and search", class_="rf-hidden-note"))
        items.append(tag("li", [tag("div", join(head, " "), class_="rf-finding-head"), tag("p", "; ".join(notes), class_="rf-message") if notes else None], class_="rf-note"))
    if not items:
        return None
    return tag("ul", items, class_="rf-findings rf-notes")


def _code_link(code: str, here: str, codes_page: str | None) -> Markup:
    if codes_page is None:
        return tag("code", code)
    return tag("a", tag("code", code), href=relative(here, codes_page, code))


def _codes_table(findings: list[Finding], here: str, codes_page: str | None) -> Markup:
    shown = Counter((f.code, f.severity) for f in findings if not f.waived)
    waived = Counter(f.code for f in findings if f.waived)
    codes = sorted({f.code for f in findings}, key=lambda c: (min(SEVERITY_ORDER.index(f.severity) for f in findings if f.code == c), c))
    rows = []
    for code in codes:
        severity = next(f.severity for f in findings if f.code == code)
        rows.append(
            tag(
                "tr",
                [  # each cell says its column: on a phone the rows are cards
                    tag("td", _code_link(code, here, codes_page), data_label="code"),
                    tag("td", tag("span", severity, class_=f"rf-sev rf-sev-{severity}"), data_label="severity"),
                    tag("td", str(sum(n for (c, _s), n in shown.items() if c == code)), data_label="findings"),
                    tag("td", str(waived.get(code, 0)), data_label="waived"),
                ],
            )
        )
    head = tag("thead", tag("tr", [tag("th", h) for h in ("code", "severity", "findings", "waived")]))
    return tag("div", tag("table", [head, tag("tbody", rows)]), class_="rf-table rf-cards")


def _finding(book: Rulebook, finding: Finding, here: str, codes_page: str | None) -> Markup:
    head: list[Markup] = [
        tag("span", finding.severity, class_=f"rf-sev rf-sev-{finding.severity}"),
        _code_link(finding.code, here, codes_page),
        source_link(book, finding.file, finding.line, finding.column, here),
    ]
    if finding.rule and book.rule(finding.rule) is not None:
        head.append(tag("a", book.name(finding.rule), href=relative(here, book.page(finding.rule)), class_="rf-mention"))
    parts: list[Markup] = [tag("div", join(head, " "), class_="rf-finding-head"), tag("p", finding.message, class_="rf-message")]
    if finding.related:
        items = []
        for rel in finding.related:
            bits: list[Markup] = [source_link(book, rel.file, rel.line, rel.column, here)]
            if rel.rule and book.rule(rel.rule) is not None and rel.rule != finding.rule:
                bits.append(tag("a", book.name(rel.rule), href=relative(here, book.page(rel.rule))))
            if rel.note:
                bits.append(tag("span", rel.note))
            items.append(tag("li", join(bits, " ")))
        parts.append(tag("ul", items, class_="rf-related"))
    if finding.waived:
        parts.append(tag("p", ["Waived: ", finding.waived], class_="rf-waived"))
    return tag("li", parts, class_="rf-finding rf-waived-finding" if finding.waived else "rf-finding")
