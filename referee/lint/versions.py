"""The versions of one rule, as the definition checks compare them.

A rule defined by several documents (or several times in one) has a
:class:`~referee.model.Version` per text.  Versions with the same text are
duplicates; versions that reword the rule conflict; versions that are not
the same thing at all (another language, other profile values, almost no
words in common) mean a name heads the wrong text.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.words import DIFFERENT_THINGS, language_name, overlap, profile_values, quote, text_key, text_language
from referee.text import fold

if TYPE_CHECKING:
    from referee.model import Rule, Version


def written(rule: Rule) -> list[Version]:
    """The versions that have text (a stub is a heading, not a definition)."""
    return [v for v in rule.versions if v.text.strip() and "stub" not in v.flags]


def heading(rule: Rule, version: Version) -> str:
    """The name a version stands under."""
    return version.heading or rule.name


def different_things(rule: Rule, a: Version, b: Version) -> str | None:
    """Why two versions of a rule are not two wordings of one rule, if they are not.

    Language and profile values count when the versions stand under different
    headings (a name and its alias); a near-total lack of common words counts
    under any headings (one heading over two rules).
    """
    paired = fold(heading(rule, a)) != fold(heading(rule, b))
    lang_a, lang_b = text_language(a.text, a.lang), text_language(b.text, b.lang)
    if paired and lang_a != lang_b:
        return f"{language_name(lang_a)} here, {language_name(lang_b)} under {heading(rule, b)!r}"
    if paired and a.profiles and b.profiles:
        va, vb = profile_values(a.profiles[0].text), profile_values(b.profiles[0].text)
        if va != vb:
            return f"profile {', '.join(va)} here, {', '.join(vb)} under {heading(rule, b)!r}"
    if overlap(a.text, b.text, rule.names) < DIFFERENT_THINGS:
        return f"{quote(a.text, 7)} here, {quote(b.text, 7)} there"
    return None


def redefined(rule: Rule) -> list[tuple[Version, Version]]:
    """(version, the earlier version it redefines) for each text of ``rule`` written
    again, with another text, in the same document or in another document of the
    same role: an editor's second definition, not a version.

    Versions of documents of different roles (a rulebook and its glossary) are
    the versions lint compares as such.  (The same text again in one document
    is no version at all but an ``also_at`` of the first: a redefinition too.)
    """
    out: list[tuple[Version, Version]] = []
    earlier: list[Version] = []
    for version in written(rule):
        previous = next(
            (v for v in earlier if v.document == version.document or v.role == version.role), None
        )
        if previous is not None and fold(heading(rule, previous)) == fold(heading(rule, version)):  # an alias: alias-mismatch's
            out.append((version, previous))
        earlier.append(version)
    return out
