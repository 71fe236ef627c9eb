"""Editors' lint: what is undefined, conflicting, duplicated, empty or broken.

``referee lint`` runs every check of :data:`referee.lint.checks.CHECKS` over
one system or all, applies the manifest's waivers and prints findings the
way a compiler does (``file:line: severity code message``), or as JSON or
SARIF.  See docs/lint.md for each code.
"""
