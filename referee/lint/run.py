"""Running the checks: selection, waivers, the severity shown, ordering."""

from __future__ import annotations

from dataclasses import dataclass, field
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.errors import RulesError
from referee.lint.context import LintContext
from referee.lint.finding import SEVERITIES, Finding, at_least
from referee.lint.registry import checks, codes
from referee.lint.waiving import reason_for

if TYPE_CHECKING:
    from referee.store.record import Build


@dataclass
class LintResult:
    """The findings shown (at ``min_severity`` or graver) and how many were not."""

    findings: list[Finding] = field(default_factory=list)
    systems: list[str] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)
    min_severity: str = "info"
    hidden: int = 0  # findings below min_severity

    @property
    def errors(self) -> int:
        return self.failing("error")

    def failing(self, fail_on: str) -> int:
        """How many unwaived findings are of severity ``fail_on`` or graver."""
        return sum(at_least(f.severity, fail_on) and not f.waived for f in self.findings)

    def counts(self) -> dict[str, int]:
        out = {"error": 0, "warning": 0, "info": 0, "waived": 0}
        for f in self.findings:
            out["waived" if f.waived else f.severity] += 1
        return out


def parse_codes(text: str | None, option: str) -> list[str] | None:
    """A comma-separated list of codes, checked against the registered ones."""
    if text is None:
        return None
    given = [c.strip() for c in text.split(",") if c.strip()]
    known = codes()
    unknown = [c for c in given if c not in known]
    if unknown:
        raise RulesError(f"{option}: unknown code {unknown[0]!r} (known: {', '.join(known)})")
    return given


def lint(
    build: Build,
    system: str | None = None,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    *,
    min_severity: str = "info",
    rules_src: str | None = None,
    noted: list[RulesError] | None = None,
) -> LintResult:
    """Every finding of the selected checks over one system or all, waivers applied.

    Findings below ``min_severity`` are counted in ``hidden``, not listed.
    Waivers are judged on every finding of their code, whatever is
    selected or shown.  ``rules_src``: the folder ``build`` was read from,
    to place findings about a waiver on its line of system.toml.  ``noted``:
    the manifest problems a lenient reading went past
    (:func:`referee.rulebase.manifest.noting`), each reported at its line.
    """
    result = asked(build, system, select, ignore, min_severity)
    for sys_id in result.systems:
        ctx = LintContext(build, sys_id, rules_src)
        ctx.noted = tuple(e for e in noted or () if (e.file or "").split("/", 1)[0] == sys_id)
        waivers = build.manifests[sys_id].waivers
        for code in result.codes:
            for finding in ctx.findings(code):
                if not at_least(finding.severity, min_severity):
                    result.hidden += 1
                    continue
                reason = reason_for(finding, waivers, build)
                result.findings.append(finding.waive(reason) if reason else finding)
    result.findings.sort(key=Finding.sort_key)
    return result


def narrowed(
    every: dict[str, LintResult],
    build: Build,
    system: str | None = None,
    select: list[str] | None = None,
    ignore: list[str] | None = None,
    *,
    min_severity: str = "info",
) -> LintResult:
    """What :func:`lint` gives, cut from ``every`` system's findings of every check at every
    severity, waivers applied (:mod:`referee.lint.stored`).

    A check's findings do not depend on which others run, nor a waiver's judgement on what
    is shown, so the cut is exactly a fresh lint: the same findings in the same order (the
    sort is stable and each system's findings keep their order), the same hidden count."""
    result = asked(build, system, select, ignore, min_severity)
    wanted = set(result.codes)
    for sys_id in result.systems:
        for finding in every[sys_id].findings:
            if finding.code not in wanted:
                continue
            if not at_least(finding.severity, min_severity):
                result.hidden += 1
                continue
            result.findings.append(finding)
    result.findings.sort(key=Finding.sort_key)
    return result


def asked(
    build: Build, system: str | None, select: list[str] | None, ignore: list[str] | None, min_severity: str
) -> LintResult:
    """An empty result naming the systems and codes asked for (checked first)."""
    if min_severity not in SEVERITIES:
        raise RulesError(f"--min-severity: {min_severity!r} is not one of {', '.join(SEVERITIES)}")
    build.check_system(system)
    wanted = [c.code for c in checks() if (select is None or c.code in select) and c.code not in (ignore or [])]
    return LintResult(systems=[system] if system else build.systems, codes=wanted, min_severity=min_severity)
