"""The documents' own lines: extraction damage and cross-references to nothing.

Adapters repair what they can (a heading's split word, a lost space), so
these checks read the raw lines each rule was read from (the spots of
:func:`referee.lint.places.spots`), and point at the exact line.  Where
several rules share a line (a wiki page saved as one line), a match counts
for the rule whose text holds it.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.lint.finding import Finding
from referee.lint.places import Spot, document_lang, first_column, heading_form, heading_names, raw_lines, spots
from referee.lint.registry import Check, check
from referee.lint.terms import clean
from referee.lint.words import foreign_word, language_name, quote
from referee.text import fold, word_forms

if TYPE_CHECKING:
    from referee.lint.context import LintContext


class _Findings:
    """Findings of one check, one per rule, line and term; on a line several rules
    share (a wiki page on one line), one per column too, as each would be on a line
    of its own."""

    def __init__(self, of: Check) -> None:
        self.of = of
        self.seen: set[tuple[str, int, int, str]] = set()

    def add(
        self, ctx: LintContext, spot: Spot, found: str, term: str, message: str, at: int | None = None
    ) -> Iterator[Finding]:
        """The finding of ``found`` (at offset ``at`` of the spot's text, if known), unless made already."""
        line, column = spot.where(ctx, found, at)
        key = (spot.place.rule.id, line, 0 if spot.raw else column, term)
        if key in self.seen:
            return
        self.seen.add(key)
        rule = spot.place.rule.id
        yield self.of.finding(message, spot.place.source.file, line, column, rule=rule, term=term)


# --- mangled text -----------------------------------------------------------

_CAMEL = re.compile(r"[a-zäöüß][A-ZÄÖÜ]")
# "-2Discipline", "4.2FIGHTING"; not "12VP", "2D6", "17bps" (units and dice)
_DIGIT_GLUE = re.compile(r"\d([A-ZÄÖÜ][a-zäöüß]{2,}|[A-ZÄÖÜ]{3,})")
_SENTENCE_GLUE = re.compile(r"[a-zäöüß]{2,}[.;:][A-ZÄÖÜ][a-zäöüß]")
# "models)except": a closing bracket with the next word glued to it
_BRACKET_GLUE = re.compile(r"[^\W\d_]\)(?=[^\W\d_]{2,})")
_OUTER = "\"'()[]{}.,;:!?*_#<>“”„‘’+-"
_SMALL = frozenset("a an and as at by for from if in is it not of on or the to with".split())
# Closed compounds of English whose two halves also stand apart in rules ("can not").
_COMPOUNDS = frozenset(
    "cannot into onto within without itself himself herself themselves another anyone anything everyone "
    "everything nothing something someone whenever wherever however otherwise therefore afterwards upon "
    "whilst overall maybe outside inside throughout alongside".split()
)
_WORDS = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
# "Zau- bernovize": a word split by hyphenation; "Advance- and March Moves" is not.
_SPLIT = re.compile(r"(?<![\w-])([^\W\d_]+)- ([a-zäöüß][^\W\d_]*)")
_NOT_SPLIT = frozenset("and or nor und oder bis to".split())


# The shortest run of two words judged ("endof"), and how often the documents
# must write a short run's two words apart for it to be one.
SHORT = 5
APART = 3


class _Vocabulary:
    """How often each word, and each pair of words, stands in the system's documents."""

    def __init__(self, ctx: LintContext) -> None:
        self.words: Counter[str] = Counter()
        self.pairs: Counter[tuple[str, str]] = Counter()
        for doc in ctx.manifest.documents:
            ws = _WORDS.findall(ctx.text(doc.path).casefold())
            self.words.update(ws)
            self.pairs.update(zip(ws, ws[1:]))
        self.phrases = {fold(n).replace(" ", ""): n for n in (*_names(ctx), *ctx.manifest.core_terms) if " " in n}
        self._judged: dict[str, tuple[str, bool, str | None]] = {}

    def split_pair(self, token: str) -> str | None:
        """``token`` as the two words the documents write apart more often
        than they write it ("Woundroll" and "wound roll")."""
        low = token.casefold()
        if len(low) < SHORT or low in _COMPOUNDS:
            return None
        least = max(1, self.words.get(low, 0))
        if len(low) < 6:
            # two short words ("endof"): only a run written once, of two words the documents
            # write apart again and again (a word of five letters is too often a word)
            if least > 1:
                return None
            least = APART
        for i in range(2, len(low) - 1):
            if self.pairs.get((low[:i], low[i:]), 0) >= least:
                return f"{token[:i]} {token[i:]}"
        return None

    def judged(self, raw: str) -> tuple[str, bool, str | None]:
        """(the word of ``raw``, whether it is words run together, the repair if known),
        judged once per distinct ``raw``: a system's documents write the same words
        again and again (millions of tokens at 40,000 rules, far fewer words)."""
        if raw not in self._judged:
            self._judged[raw] = _judge(raw, self)
        return self._judged[raw]


def _names(ctx: LintContext) -> Iterator[str]:
    for rule in ctx.rules:
        yield from rule.names


def _judge(raw: str, vocab: _Vocabulary) -> tuple[str, bool, str | None]:
    """:meth:`_Vocabulary.judged`, not remembered."""
    token = _strip(raw)
    is_glued, repair = glued(token, vocab, raw) if token else (False, None)
    if not is_glued and not _CAMEL.search(token):
        # a compound the documents write apart elsewhere: "Woundroll", "wound roll"
        for word in re.findall(r"[^\W\d_]+", token):
            if repair := vocab.split_pair(word):
                token, is_glued = word, True
                break
    return token, is_glued, repair


def glued(token: str, vocab: _Vocabulary, raw: str = "") -> tuple[bool, str | None]:
    """Whether a word is several words run together, and the repair if known.

    ``raw`` is the word with the punctuation around it: a bracket it opens
    itself is a label ("(O)Advancing", an order), not a lost space.
    """
    humps = _CAMEL.findall(token)
    if len(humps) >= 2:
        return True, None
    # a name of the system with its spaces lost: "QuicktoFire", "WarMachine's"; in
    # lower case ("Leftoverleaderpoints") only where the documents do not write it so often
    known = _phrase(vocab, token, often=bool(humps))
    if known:
        return True, known
    if humps:
        left = token[: token.index(humps[0]) + 1]
        if left.casefold() in _SMALL:
            return True, None
    if m := _DIGIT_GLUE.search(token):
        return True, token[: m.start(1)] + " " + token[m.start(1) :]
    if m := _SENTENCE_GLUE.search(token):
        return True, token[: m.end() - 2] + " " + token[m.end() - 2 :]
    if (m := _BRACKET_GLUE.search(token)) and "(" not in (raw or token)[: (raw or token).find(")")]:
        return True, token[: m.end()] + " " + token[m.end() :]
    return False, None


def _phrase(vocab: _Vocabulary, token: str, often: bool = False) -> str | None:
    """The multi-word name ``token`` is with its spaces lost, in any written form
    ("WarMachines" of War Machine), if it is one; unless ``often``, not a word the
    documents write more than once (their own spelling: "Thunderstomp")."""
    folded = fold(re.sub(r"['’]s$", "", token))
    if len(folded) < 6 or (not often and vocab.words.get(folded, 0) > 1):
        return None
    for form in (folded, folded[:-1] if folded.endswith("s") else None, folded[:-2] if folded.endswith("es") else None):
        if form and form in vocab.phrases:
            return vocab.phrases[form]
    return None


def _strip(raw: str) -> str:
    """A word without the punctuation around it, but with a bracket it opened.

    >>> _strip("(forArmyListcreation)."), _strip('"Wound'), _strip("-2Discipline.")
    ('forArmyListcreation', 'Wound', '2Discipline')
    >>> _strip("category(forArmyListcreation).")
    'category(forArmyListcreation)'
    """
    token = raw.strip(_OUTER)
    after = raw[raw.find(token) + len(token) :] if token else ""
    if token.count("(") > token.count(")") and ")" in after:
        token += ")"
    return token


@check("mangled-text", "warning", "words run together or split by extraction, leftover markup, mixed languages")
def mangled_text(ctx: LintContext) -> Iterator[Finding]:
    """Words run together or split by extraction, leftover LaTeX, doubled words,
    names split across lines, and text in another language."""
    vocab = _Vocabulary(ctx)
    headings = heading_names(ctx)
    foreign = _ForeignNames(ctx)
    out = _Findings(mangled_text)
    by_line: dict[tuple[str, int], Spot] = {}
    previous: Spot | None = None
    markdown = {d.path for d in ctx.manifest.documents if d.format == "markdown"}
    for spot in spots(ctx):
        if spot.raw:
            by_line.setdefault((spot.place.source.file, spot.line), spot)
        lang = document_lang(ctx, spot.place.source.file)
        markup = list(_LATEX.finditer(spot.text))
        for m in markup:
            yield from out.add(ctx, spot, m.group(), m.group(), _latex_message(m.group()), m.start())
        for m in re.finditer(r"\S+", spot.text):
            if not markup or not any(latex.start() <= m.start() < latex.end() for latex in markup):
                yield from _glued(ctx, spot, m, vocab, out)
        for m in _SPLIT.finditer(spot.text):
            if m.group(2) not in _NOT_SPLIT:
                split, whole = m.group(), m.group(1) + m.group(2)
                message = f'word split by hyphenation: "{split}"; write "{whole}"'
                yield from out.add(ctx, spot, split, split, message, m.start())
        if lang == "en":
            for m in _DOUBLED.finditer(spot.text):
                if m.group(1).casefold() not in _DOUBLES:
                    message = f'doubled word: "{m.group()}"; write "{m.group(1)}"'
                    yield from out.add(ctx, spot, m.group(), m.group(), message, m.start())
            if previous is not None:
                yield from _doubled_across(ctx, previous, spot, out)
        if spot.raw and spot.place.source.file in markdown and (m := _HEADING_NO_SPACE.match(spot.text)):
            message = (
                f'"{m.group()}": CommonMark makes no heading without a space after "{m.group(1)}", so Markdown '
                f'readers run this section into the one above; write "{m.group(1)} {m.group(2)}"'
            )
            yield from out.add(ctx, spot, m.group(), m.group(), message, 0)
        yield from _mixed(ctx, spot, headings, foreign, out)
        previous = spot
    yield from _split_names(ctx, by_line, out)


def _glued(ctx: LintContext, spot: Spot, m: re.Match[str], vocab: _Vocabulary, out: _Findings) -> Iterator[Finding]:
    raw = m.group()
    token, is_glued, repair = vocab.judged(raw)
    if is_glued:
        fix = f' ("{repair}")' if repair else ""
        at = m.start() + max(raw.find(token), 0)
        yield from out.add(ctx, spot, token, token, f'words run together: "{token}"; put the spaces back{fix}', at)


# LaTeX an export left in: a command ("\textbf{", "\times") or a formula in
# dollars that holds one ("$5 \times 17\text{bps}$"); "$5 and $10" is money.
_LATEX = re.compile(r"\$[^$\n]*\\[A-Za-z]+[^$\n]*\$|\\[A-Za-z]+\{?")
# What the fix says instead: a formula as plain text.
_LATEX_PLAIN = (
    (re.compile(r"\\(?:text|textbf|textit|emph|mathrm|mathbf)\{([^{}]*)\}"), r"\1"),
    (re.compile(r"\\times\b"), "×"),
    (re.compile(r"\\cdot\b"), "·"),
    (re.compile(r"\$"), ""),
)


def _latex_message(found: str) -> str:
    plain = found
    for pattern, repl in _LATEX_PLAIN:
        plain = pattern.sub(repl, plain)
    plain = " ".join(plain.split())
    hint = f' ("{plain}")' if plain and "\\" not in plain and "{" not in plain else ""
    return f'LaTeX left in the text: "{found}"; write it as plain text{hint}'


# "the the", "has has"; not "figure figure/front_rank" (a label), nor "had had".
_DOUBLED = re.compile(r"(?<![\w/-])([^\W\d_]+)[ \t]+(\1)(?![\w/-])", re.IGNORECASE)
_DOUBLES = frozenset({"had", "that"})


# "###Lapping round": an ATX heading's marks with no space after them (CommonMark
# reads the line as text of the section above)
_HEADING_NO_SPACE = re.compile(r"(#{1,6})([^\W\d_]\S*)")
_LAST_WORD = re.compile(r"(?<![\w/-])([^\W\d_]+)[ \t]*$")
_FIRST_WORD = re.compile(r"[ \t]*([^\W\d_]+)(?![\w/-])")


def _doubled_across(ctx: LintContext, above: Spot, spot: Spot, out: _Findings) -> Iterator[Finding]:
    """A word doubled across a hard wrap: the word that ends a line of a
    paragraph starts its next line too ("gains the Model Rules" / "Rules and
    Characteristic modifiers"), reported at the first of the two lines."""
    if not (above.raw and spot.raw and above.place is spot.place and spot.line == above.line + 1):
        return
    if fold(above.text) in {fold(n) for n in (*above.place.rule.names, above.place.version.heading or "")}:
        return  # a heading, and the text under it starts with its name
    last, first = _LAST_WORD.search(above.text), _FIRST_WORD.match(spot.text)
    if last is None or first is None or last.group(1).casefold() != first.group(1).casefold():
        return
    if last.group(1).casefold() in _DOUBLES:
        return
    word = last.group(1)
    message = f'doubled word across the line break: "{word}" ends this line and starts the next; write it once'
    yield from out.add(ctx, above, word, f"{word} / {first.group(1)}", message, last.start(1))


def _split_names(ctx: LintContext, by_line: dict[tuple[str, int], Spot], out: _Findings) -> Iterator[Finding]:
    """A name of the system broken over two lines of a paragraph ("Each Sweeping" /
    "Attack can only ..."): a search for the name, in the document or by the
    checks that read lines, does not find it there."""
    names = {form for rule in ctx.rules for name in rule.names if len(name.split()) > 1 for form in word_forms(name)}
    if not names:
        return
    most = max(len(n.split()) for n in names) - 1  # words of a name on either line, at most
    for (file, line), spot in by_line.items():
        lines = raw_lines(ctx, file)
        if line >= len(lines) or not lines[line].strip():
            continue  # the last line of a paragraph
        tail = list(re.finditer(r"\S+", lines[line - 1]))[-most:]
        head = lines[line].split()[:most]
        for i in range(1, len(tail) + 1):
            for j in range(1, len(head) + 1):
                name = " ".join([*(m.group() for m in tail[-i:]), *head[:j]]).strip(_OUTER)
                if name in names and not _joined(spot.place.version.text, name):
                    first = tail[-i]
                    at = first.start() + len(first.group()) - len(first.group().lstrip(_OUTER))
                    message = f'name split across lines {line} and {line + 1}: "{name}"; write it on one line'
                    yield from out.add(ctx, spot, name.split()[0], name, message, at)


def _joined(text: str, name: str) -> bool:
    """Whether the text as read holds ``name`` whole: on one line, or wrapped by
    the document's own hard wrap, which the adapter joined or keeps as a soft
    line break (Markdown's, rendered as a space): a search finds the name
    there.  Only a name a paragraph break divides is split.

    >>> _joined("Each Sweeping Attack can", "Sweeping Attack"), _joined("Each Sweeping\\nAttack", "Sweeping Attack")
    (True, True)
    >>> _joined("Each Sweeping\\n\\nAttack", "Sweeping Attack")
    False
    """
    gap = r"(?:[ \t]*\n[ \t]*|[ \t]+)"
    return re.search(r"(?<!\w)" + gap.join(map(re.escape, name.split())) + r"(?!\w)", text) is not None


_WORD = re.compile(r"\w+")


class _ForeignNames:
    """Names the system gives in another language (aliases), found in running text."""

    def __init__(self, ctx: LintContext) -> None:
        self.names = {alias: (lang, name) for alias, (name, lang) in ctx.manifest.aliases.items()}
        for rule in ctx.rules:
            for alias in rule.aliases:
                if fold(alias.name) != fold(rule.name):
                    self.names[alias.name] = (alias.lang, rule.name)
        # aliases by the word they begin with, longest first: one alternation of every
        # alias run over every text grew with aliases x texts (64 s of lint at 100,000 rules)
        self.by_first: dict[str, list[str]] = {}
        for alias in sorted(self.names, key=len, reverse=True):
            first = _WORD.match(alias)
            self.by_first.setdefault(first.group() if first else alias[:1], []).append(alias)

    def find(self, text: str, lang: str) -> Iterator[tuple[str, str, str]]:
        """(alias, its language, the rule's name) for each name not in ``lang``: whole
        words, leftmost and longest, not overlapping."""
        if self.by_first.keys().isdisjoint(_WORD.findall(text)):
            return  # no word of the text begins an alias: most texts, found in C
        end = 0
        for word in _WORD.finditer(text):
            at = word.start()
            if at < end or (at and (text[at - 1].isalnum() or text[at - 1] == "_")):
                continue
            for alias in self.by_first.get(word.group(), ()):
                after = at + len(alias)
                if text.startswith(alias, at) and not (after < len(text) and (text[after].isalnum() or text[after] == "_")):
                    end = after
                    alias_lang, name = self.names[alias]
                    if alias_lang != lang:
                        yield alias, alias_lang, name
                    break


def _mixed(
    ctx: LintContext, spot: Spot, headings: set[str], foreign: _ForeignNames, out: _Findings
) -> Iterator[Finding]:
    lang = document_lang(ctx, spot.place.source.file)
    if spot.raw and heading_form(spot.text) in headings:
        return  # a heading in the other language is a name, not mixed text
    text = spot.text if spot.raw else spot.place.version.text
    found = foreign_word(text, lang)
    if found:
        other, word = found
        sample = next((ln for ln in text.split("\n") if word in ln), text)
        message = (
            f"{language_name(other)} text in {_a(language_name(lang))} document: {quote(sample)}; "
            f"write it in {language_name(lang)}"
        )
        yield from out.add(ctx, spot, word, word, message)
        return
    for alias, alias_lang, name in foreign.find(text, lang):
        message = f'{language_name(alias_lang)} name "{alias}" in {language_name(lang)} text; write "{name}"'
        yield from out.add(ctx, spot, alias, alias, message)


def _a(word: str) -> str:
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


# --- dangling references ----------------------------------------------------

_REFERENCES = (
    # "(see )"
    (re.compile(r"\(\s*(?:see|cf\.?)\s*\)", re.IGNORECASE), "missing"),
    # "follow the rules in .", "the normal rules for apply", "see and figure ..."
    (
        re.compile(
            r"\b(?:rules?\s+(?:in|for|of|under)|described\s+in|explained\s+in|detailed\s+in|as\s+per|refer\s+to)"
            r"\s+(?:[.,;:)]|(?:apply|applies|and|or|instead|meaning)\b)"
            r"|(?<=[(,;])\s*see\s+(?:[.,;]|(?:and|or)\b)",
            re.IGNORECASE,
        ),
        "missing",
    ),
    # "see page XX"
    (re.compile(r"\b(?:pages?|p\.)\s*(?:X{2,}|x{2,}|\?{2,}|#{2,}|TBD|TODO)(?!\w)"), "page"),
    # "Figure figure/front_rank": a figure label the extraction never resolved
    (re.compile(r"\bfigure/[\w-]+"), "figure"),
    # "(see diagram)" in a document that has no pictures
    (re.compile(r"\(see (?:the )?diagram\)|\b(?:shown|see) in the (?:\w+ )?diagram\b", re.IGNORECASE), "diagram"),
    # "see right", "as described opposite": a place on the printed page
    (
        re.compile(
            r"\b(?:see|shown|described|explained|detailed|illustrated|pictured|listed)\s+"
            r"(?:opposite|overleaf|(?:on\s+the\s+|to\s+the\s+)?(?:right|left)(?:\s+page)?|on\s+the\s+(?:opposite|facing)\s+page)\b",
            re.IGNORECASE,
        ),
        "layout",
    ),
)
# Kinds that need a picture or a printed page: dangling only in a document with no pictures.
_NEEDS_PICTURES = frozenset({"diagram", "layout"})
_PICTURE = re.compile(r"!\[|\[\[(?:File|Image):|<img\b", re.IGNORECASE)
# A caption the adapters kept out of rule text: "Illustration of ...", "Figure 3: ...",
# or a title over lettered items ("Skirmish formation." / "a) An example of ...").
_CAPTION = re.compile(r"^\s*(?:Illustration of\b|(?:Figure|Fig\.|Diagram)\s*\d+\s*[.:])")
_CAPTION_ITEM = re.compile(r"^\s*[a-z]\)\s")


# "(see Stand Fast)", "; see Stand Fast", "as described in Stand Fast", "see the
# Stand Fast rule": a reference by name, judged against what the system defines.
_SEE_NAME = re.compile(
    r"(?:\(\s*see\s+(?:also\s+)?|[;,:]\s*see\s+(?:also\s+)?|\bas\s+(?:described|explained|detailed)\s+(?:in|under)\s+"
    r"|\bsee\s+the\s+)(?:the\s+)?"
    r"(?P<name>[A-Z][\w'’!-]*(?:[ \t]+(?:of|the|and|to|in|a|[A-Z][\w'’!-]*)){0,5})"
)
_NOT_A_NAME = re.compile(r"^(?:Page|Pages|Figure|Fig|Diagram|Chapter|Appendix|Table|Section|Below|Above|Here)\b")
_NAME_TAIL = frozenset("of the and to in a rule rules section special".split())


def _see_names(ctx: LintContext, spot: Spot, names: Any, headings: set[str]) -> Iterator[tuple[str, int]]:
    """(name, offset in the spot's text) of each reference by name that names
    nothing the system defines (a rule, an alias, a core term, a heading)."""
    for m in _SEE_NAME.finditer(spot.text):
        words = m.group("name").split()
        while words and words[-1].casefold() in _NAME_TAIL:
            words.pop()
        name = " ".join(words)
        if not name or _NOT_A_NAME.match(name):
            continue
        term = clean(name)
        if term is None:
            continue  # "(see Units)": a game noun, a section every book has
        if fold(term) in headings or names.is_known(term, parts=False) or _known_start(names, headings, term):
            continue
        if any(t.split()[0] == fold(term) for t in ctx.core_terms if " " in t):
            continue  # "see the Movement section" of core term "Movement phase"
        yield name, m.start("name")


def _known_start(names: Any, headings: set[str], term: str) -> bool:
    """Whether the reference's first words name something and the rest says what
    part of it: "see the Movement Phase rules", "see the Charge Phase Sequence";
    not when the rest is a name of its own ("as described in Storm Shield", with
    only Storm defined).

    >>> class Names:
    ...     def is_known(self, term, parts=True): return term in ("Movement", "Storm")
    >>> _known_start(Names(), set(), "Movement Phase"), _known_start(Names(), set(), "Storm Shield")
    (True, False)
    """
    words = term.split()
    for end in range(len(words) - 1, 0, -1):
        part = " ".join(words[:end])
        if fold(part) in headings or names.is_known(part, parts=False):
            return all(fold(word) in _PART_WORDS for word in words[end:])
    return False


# What follows a name in a reference to a part of it: "the Movement Phase", "the
# Close Combat Sequence", "the Magic Table".
_PART_WORDS = frozenset(
    """phase phases sequence step steps table tables chart section sections chapter rule rules summary
    test tests roll rolls value values characteristic characteristics special of the and to in a""".split()
)


@check("dangling-reference", "error", "a cross-reference to nothing")
def dangling_reference(ctx: LintContext) -> Iterator[Finding]:
    """Cross-references to nothing: a missing name, a name nothing defines, a
    placeholder page or figure, a diagram, a place on the page or a caption in
    a document without pictures."""
    from referee.lint.terms import names_of

    out = _Findings(dangling_reference)
    pictures = {d.path: bool(_PICTURE.search(ctx.text(d.path))) for d in ctx.manifest.documents}
    names = names_of(ctx)
    headings = heading_names(ctx)
    books = {d.path: d.options.get("base_book") for d in ctx.manifest.documents}
    for spot in spots(ctx):
        text = spot.text
        for name, at in _see_names(ctx, spot, names, headings):
            message = (
                f'cross-reference to nothing: "{name}" names no rule or section of {ctx.system}; '
                "write the name of the rule it means"
            )
            if books.get(spot.place.source.file):
                message += f" (if it is a section of the base book, add it to core_terms in {ctx.manifest.path})"
            yield from out.add(ctx, spot, name, name, message, at)
        for pattern, kind in _REFERENCES:
            if kind in _NEEDS_PICTURES and pictures.get(spot.place.source.file):
                continue
            matches = list(pattern.finditer(text))
            if not matches:
                continue
            counts = Counter(" ".join(m.group().split()) for m in matches)
            for m in matches:
                term = " ".join(m.group().split())
                said = f'"{term}"' + (f" ({counts[term]} times)" if counts[term] > 1 else "")
                at = m.start() + len(m.group()) - len(m.group().lstrip())
                yield from out.add(ctx, spot, m.group().strip(), term, _reference_message(kind, said, text, m), at)
        if spot.loose and not pictures.get(spot.place.source.file) and _caption(ctx, spot):
            title = re.match(r"[^.:]*[.:]?", text.strip()).group()  # type: ignore[union-attr]
            message = (
                f"caption of a diagram this document does not have: {quote(text.strip(), 6)}; "
                "add the diagram, or drop the caption"
            )
            yield from out.add(ctx, spot, title, title, message, first_column(text) - 1)


def _caption(ctx: LintContext, spot: Spot) -> bool:
    """Whether a loose line opens a figure's caption (the first line of its paragraph)."""
    lines = raw_lines(ctx, spot.place.source.file)
    if spot.line > 1 and lines[spot.line - 2].strip():
        return False  # not the first line of its paragraph
    if _CAPTION.match(spot.text):
        return True
    following = []
    for n in range(spot.line + 1, len(lines) + 1):
        if not lines[n - 1].strip():
            break
        following.append(lines[n - 1])
    return bool(following) and all(_CAPTION_ITEM.match(line) for line in following)


def _reference_message(kind: str, said: str, text: str, m: re.Match[str]) -> str:
    if kind == "missing":
        before = " ".join(text[: m.start()].split()[-5:])
        quoted = f"…{before} {m.group().strip()}"
        return f'cross-reference to nothing: "{quoted}" names no rule or section; write the one it means'
    if kind == "page":
        return f"placeholder page {said}; give the real page, or name the rule or section it means"
    if kind == "figure":
        return f"unresolved figure {said}; give the figure's number and page, or drop the reference"
    if kind == "layout":
        return f"{said} points at a place on a printed page this document does not have; name the rule or section it means"
    return f"{said} refers to a diagram this document does not have; add it, or say in words what it shows"
