"""Running the checks: selection, waivers, ordering."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from referee.errors import RulesError
from referee.lint.context import LintContext
from referee.lint.finding import Finding
from referee.lint.registry import checks, codes
from referee.text import fold

if TYPE_CHECKING:
    from referee.manifest import Waiver
    from referee.rulebase import Rulebase


@dataclass
class LintResult:
    findings: list[Finding] = field(default_factory=list)
    systems: list[str] = field(default_factory=list)
    codes: list[str] = field(default_factory=list)

    @property
    def errors(self) -> int:
        return sum(f.severity == "error" and not f.waived for f in self.findings)

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


def lint(rb: Rulebase, system: str | None = None, select: list[str] | None = None, ignore: list[str] | None = None) -> LintResult:
    """Every finding of the selected checks over one system or all, waivers applied."""
    rb.check_system(system)
    wanted = [c for c in checks() if (select is None or c.code in select) and c.code not in (ignore or [])]
    result = LintResult(systems=[system] if system else rb.systems, codes=[c.code for c in wanted])
    for sys_id in result.systems:
        ctx = LintContext(rb, sys_id)
        waivers = rb.manifests[sys_id].waivers
        for check in wanted:
            for finding in check.run(ctx):
                reason = _waiver_for(finding, waivers, rb)
                result.findings.append(finding.waive(reason) if reason else finding)
    result.findings.sort(key=Finding.sort_key)
    return result


def _waiver_for(finding: Finding, waivers: tuple[Waiver, ...], rb: Rulebase) -> str | None:
    for waiver in waivers:
        if waiver.code != finding.code:
            continue
        if waiver.rule and finding.rule and _names_rule(rb, waiver.rule, finding.rule):
            return waiver.reason
        if waiver.term and finding.term and fold(waiver.term) == fold(finding.term):
            return waiver.reason
    return None


def _names_rule(rb: Rulebase, written: str, rule_id: str) -> bool:
    """A waiver names its rule by id or by any of its names."""
    if written == rule_id:
        return True
    rule = rb.get(rule_id)
    return rule is not None and fold(written) in {fold(n) for n in rule.names}
