"""Editors' lint: what is undefined, conflicting, duplicated, empty or broken.

``referee lint`` runs every check of the registry (:mod:`referee.lint.registry`;
the checks are in :mod:`referee.lint.checks`) over one system or all, applies
the manifest's waivers (:mod:`~referee.lint.run`) and prints findings the way
a compiler does (``file:line:column: severity code message``,
:mod:`~referee.lint.report`), or as JSON or SARIF (:mod:`~referee.lint.sarif`).
See docs/lint.md for each code, and for adding a check.

Nothing here is imported by the other commands; the checks load only when
``referee lint`` runs.
"""
