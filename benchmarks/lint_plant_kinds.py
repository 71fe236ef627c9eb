"""The kinds of defect benchmarks/lint_plant.py plants: one function each, making
the edit an editor would make, in the document's own syntax."""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from lint_plant_corpus import Block, bold_only
from lint_plant_planter import Edit, Planter, Planting, apply

PAGE_REF = re.compile(r"\bp\.\s?(\d+)")


def _copyable(p: Planter) -> list[Block]:
    assert p.doc
    return [b for b in p.text_blocks(headed=True, min_body=40) if not b.parent and (p.doc.format != "markdown" or b.level)]


def _later_head(p: Planter, block: Block) -> Block | None:
    """A heading after the block, at its level, to put a copy before: the copy is the second definition."""
    heads = [h for h in p.boundary_heads(block.level) if h.start > block.end and h.rule != block.rule]
    return p.rng.choice(heads) if heads else None


def plant_redefined_in_document(p: Planter) -> Iterator[Planting]:
    blocks = _copyable(p)
    p.rng.shuffle(blocks)
    for block in blocks:
        head = _later_head(p, block)
        if head is None:
            continue
        section = p.section_text(block)
        edit, at = p.insert_before(head, section)
        first_line = section.split("\n", 1)[0]
        yield p.planting([edit], at, at + len(first_line), f"'{block.name}' copied before '{head.name}'", [block.name],
                         entry_start=at if p.doc.format == "mediawiki" else None)
        return


# A change of substance an editor makes to a copy: a number, may/must, can/cannot.
SUBSTANCE = (
    (re.compile(r"(?<![\w.])([1-9])(?=[+\"″]|\s|\b)"), lambda m: str(int(m.group(1)) % 9 + 1)),
    (re.compile(r"\bmay\b"), lambda m: "must"),
    (re.compile(r"\bcannot\b"), lambda m: "can"),
    (re.compile(r"\bmust\b"), lambda m: "may"),
)


def _change_substance(p: Planter, body: str) -> tuple[str, str] | None:
    order = list(SUBSTANCE)
    p.rng.shuffle(order)
    for pattern, change in order:
        hits = list(pattern.finditer(body))
        if hits:
            m = p.rng.choice(hits)
            new = change(m)
            return body[: m.start()] + new + body[m.end() :], f"'{m.group()}' -> '{new}'"
    return None


def plant_conflicting_redefinition(p: Planter) -> Iterator[Planting]:
    blocks = _copyable(p)
    p.rng.shuffle(blocks)
    for block in blocks:
        section = p.section_text(block)
        head_len = block.body_start - block.start
        changed = _change_substance(p, section[head_len:])
        head = _later_head(p, block) if changed else None
        if head is None:
            continue
        edit, at = p.insert_before(head, section[:head_len] + changed[0])
        first_line = section.split("\n", 1)[0]
        yield p.planting([edit], at, at + min(len(first_line), head_len or len(first_line)),
                         f"'{block.name}' copied before '{head.name}' with {changed[1]}", [block.name],
                         entry_start=at if p.doc.format == "mediawiki" else None)
        return


def plant_redefined_across_documents(p: Planter) -> Iterator[Planting]:
    """A second document of the same role (an addendum the editor adds) defines a rule again."""
    doc = p.doc
    assert doc
    blocks = _copyable(p)
    if not blocks:
        return
    block = p.rng.choice(blocks)
    section = p.section_text(block)
    folder, name = doc.path.split("/", 1)
    stem, dot, ext = name.rpartition(".")
    new_name = f"{stem}-addendum.{ext}" if dot else f"{name}-addendum"
    new_path = f"{folder}/{new_name}"
    if doc.format == "mediawiki":
        lead = "==Special Rules== "
        body = f"Addendum\n{lead}{section}\n"
        at = len("Addendum\n") + len(lead)
    elif doc.format == "rules-list" and doc.options.get("title", doc.title):
        title = f"{doc.options.get('title', doc.title)} (addendum)"
        body = f"{title}\n\n\n{section}\n"
        at = len(title) + 3
    else:
        body = f"{section}\n"
        at = 0
    first_line = section.split("\n", 1)[0]
    entry = [
        "",
        "[[documents]]",
        f'path = "{new_name}"',
        f'format = "{doc.format}"',
        f'role = "{doc.role}"',
        f'lang = "{doc.lang}"',
        f'title = "{(doc.title or stem)} (addendum)"',
    ]
    for key, value in doc.options.items():
        if key in ("title",):
            continue
        entry.append(f"{key} = {_toml(value)}")
    manifest = p.system.manifest_text
    add = "\n".join(entry) + "\n"
    if not manifest.endswith("\n"):
        add = "\n" + add
    edits = [
        Edit(new_path, 0, 0, body),
        Edit(p.system.manifest_path, len(manifest), len(manifest), add),
    ]
    yield p.planting(edits, at, at + len(first_line), f"'{block.name}' copied into a new {doc.role} document {new_name}",
                     [block.name], file=new_path, new_files=(new_path,), entry_start=at if doc.format == "mediawiki" else None)


def _toml(value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)


def _misspelled(p: Planter, candidates) -> Iterator[Planting]:
    p.rng.shuffle(candidates)
    for block, lo, hi, name in candidates:
        if sum(ch.isalpha() for ch in name) < 4:
            continue
        wrong = p.misspell(name)
        if not wrong:
            continue
        edit = Edit(p.doc.path, lo, hi, wrong)
        yield p.planting([edit], lo, lo + len(wrong), f"'{name}' -> '{wrong}' in '{block.name}'",
                         [name, p.system.rule_names.get(p.system.names.get(name, ""), name), wrong, block.name],
                         entry_start=p.wiki_entry(lo, [edit]))
        return


def plant_misspelled_name(p: Planter) -> Iterator[Planting]:
    yield from _misspelled(p, p.mentions(cue=True))


def plant_misspelled_name_in_list(p: Planter) -> Iterator[Planting]:
    yield from _misspelled(p, p.mentions(in_list=True))


def plant_unknown_name(p: Planter) -> Iterator[Planting]:
    candidates = p.mentions(cue=True)
    if not candidates:
        return
    block, lo, hi, name = p.rng.choice(candidates)
    new = p.invented()
    edit = Edit(p.doc.path, lo, hi, new)
    yield p.planting([edit], lo, lo + len(new), f"'{name}' -> '{new}' in '{block.name}'",
                     [name, p.system.rule_names.get(p.system.names.get(name, ""), name), new, block.name],
                     entry_start=p.wiki_entry(lo, [edit]))


def _insert_in_sentence(p: Planter, make: Callable[[str], str], what: str) -> Iterator[Planting]:
    sentences = p.sentences()
    if not sentences:
        return
    block, lo, hi = p.rng.choice(sentences)
    insert = make(p.invented())
    pos = hi - 1  # before the sentence's full stop
    edit = Edit(p.doc.path, pos, pos, insert)
    start = pos + len(insert) - len(insert.lstrip(" ,;"))
    yield p.planting([edit], start, pos + len(insert), f"{what} {insert.strip()!r} in '{block.name}'",
                     [block.name], entry_start=p.wiki_entry(pos, [edit]))


def plant_see_nothing(p: Planter) -> Iterator[Planting]:
    forms = (lambda n: f" (see {n})", lambda n: f"; see {n}", lambda n: f", as described in {n}")
    yield from _insert_in_sentence(p, p.rng.choice(forms), "reference to no rule")


def plant_placeholder_reference(p: Planter) -> Iterator[Planting]:
    forms = (lambda n: " (see page XX)", lambda n: " (see p. ??)", lambda n: " (see )")
    yield from _insert_in_sentence(p, p.rng.choice(forms), "placeholder")


def _slug(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "-", name.casefold()).strip("-")


def _markdown_link(p: Planter, make_target: Callable[[str], str], what: str) -> Iterator[Planting]:
    candidates = [c for c in p.mentions() if p.system.names.get(c[3])]
    if not candidates:
        return
    block, lo, hi, name = p.rng.choice(candidates)
    link = f"[{name}]({make_target(name)})"
    edit = Edit(p.doc.path, lo, hi, link)
    yield p.planting([edit], lo, lo + len(link), f"{what} {link} in '{block.name}'", [name, block.name])


def plant_markdown_missing_anchor(p: Planter) -> Iterator[Planting]:
    def target(name: str) -> str:
        slug = _slug(name)
        letters = [i for i in range(len(slug) - 1) if slug[i].isalpha() and slug[i + 1].isalpha() and slug[i] != slug[i + 1]]
        if not letters:
            return "#" + slug + "s"
        i = p.rng.choice(letters)
        return "#" + slug[:i] + slug[i + 1] + slug[i] + slug[i + 2 :]

    yield from _markdown_link(p, target, "link to a missing anchor")


def plant_markdown_missing_file(p: Planter) -> Iterator[Planting]:
    files = ("faq.md", "errata.md", "rules/core.md", "appendix.md")
    choice = p.rng.choice(files)
    yield from _markdown_link(p, lambda name: f"{choice}#{_slug(name)}", "link to a missing file")


def plant_wiki_missing_page(p: Planter) -> Iterator[Planting]:
    candidates = [c for c in p.mentions() if p.system.names.get(c[3])]
    p.rng.shuffle(candidates)
    for block, lo, hi, name in candidates:
        wrong = p.misspell(name) if sum(ch.isalpha() for ch in name) >= 4 else None
        if not wrong:
            continue
        link = f"[[{wrong}|{name}]]"
        edit = Edit(p.doc.path, lo, hi, link)
        yield p.planting([edit], lo, lo + len(link), f"wiki link {link} in '{block.name}'", [name, wrong, block.name],
                         entry_start=p.wiki_entry(lo, [edit]))
        return


def plant_erratum_page(p: Planter) -> Iterator[Planting]:
    doc = p.doc
    assert doc
    refs = []
    for block in doc.blocks:
        if not block.headed:
            continue
        line_end = doc.text.find("\n", block.start)
        for m in PAGE_REF.finditer(doc.text, block.start, line_end):
            refs.append((block, m.start(1), m.end(1), int(m.group(1))))
    if not refs:
        return
    top = max(r[3] for r in refs)
    block, lo, hi, page = p.rng.choice(refs)
    wrong = page
    while wrong <= top:
        wrong = wrong * 10 + p.rng.randint(0, 9)
    edit = Edit(doc.path, lo, hi, str(wrong))
    yield p.planting([edit], lo, lo + len(str(wrong)), f"'{block.name}': p.{page} -> p.{wrong} (the pages run to {top})", [block.name])


def plant_pasted_paragraph(p: Planter) -> Iterator[Planting]:
    doc = p.doc
    assert doc
    paras = [(b, lo, hi) for b in p.text_blocks() for lo, hi in p.own_paragraphs(b) if hi - lo >= 60]
    if doc.format == "mediawiki":
        paras = []
        for block, lo, hi in _sentence_runs(p):
            paras.append((block, lo, hi))
    if not paras:
        return
    block, lo, hi = p.rng.choice(paras)
    para = doc.text[lo:hi]
    sep = " " if doc.format == "mediawiki" else "\n\n"
    elsewhere = [b for b in p.text_blocks() if b.rule != block.rule and b.end > b.body_start]
    if p.rng.random() < 0.5 or not elsewhere:
        pos, where = hi, "right after itself"
    else:
        other = p.rng.choice(elsewhere)
        pos, where = other.end, f"at the end of '{other.name}'"
    edit = Edit(doc.path, pos, pos, sep + para)
    yield p.planting([edit], pos + len(sep), pos + len(sep) + len(para), f"paragraph of '{block.name}' pasted {where}",
                     [block.name], entry_start=p.wiki_entry(pos, [edit]))


def _sentence_runs(p: Planter) -> list[tuple[Block, int, int]]:
    """Two or more sentences in a row of one wiki entry: what a paragraph is on a one-line page."""
    runs = []
    by_block: dict[str, list[tuple[Block, int, int]]] = {}
    for block, lo, hi in p.sentences(min_words=4):
        by_block.setdefault(f"{block.rule}@{block.start}", []).append((block, lo, hi))
    for items in by_block.values():
        for a, b in zip(items, items[1:]):
            if b[2] - a[1] >= 80:
                runs.append((a[0], a[1], b[2]))
    return runs


def plant_repeated_sentence(p: Planter) -> Iterator[Planting]:
    doc = p.doc
    assert doc
    sentences = p.sentences()
    if not sentences:
        return
    block, lo, hi = p.rng.choice(sentences)
    sentence = doc.text[lo:hi]
    para_end = next((e for s, e in p.own_paragraphs(block) if s <= lo <= e), hi)
    pos = hi if p.rng.random() < 0.5 or para_end == hi else para_end
    edit = Edit(doc.path, pos, pos, " " + sentence)
    yield p.planting([edit], pos + 1, pos + 1 + len(sentence), f"sentence of '{block.name}' repeated", [block.name],
                     entry_start=p.wiki_entry(pos, [edit]))


def _bracketed_uses(p: Planter) -> list[tuple[Block, int, int, str, int, int]]:
    """'Name (values)' in running text, profiles and tables: (block, start, end, name, open, close)."""
    doc = p.doc
    assert doc
    pattern = p.system.names_pattern()
    out = []
    for block in doc.blocks:
        if block.stub:
            continue
        for m in pattern.finditer(doc.text, block.body_start, block.end):
            rest = doc.text[m.end() : m.end() + 60]
            b = re.match(r" ?\(([^()\n]{1,40})\)", rest)
            if not b or re.search(r"\bsee\b|sometimes|called", b.group(1)) or rest[b.end() : b.end() + 1] == ":":
                continue  # prose in brackets, or a label ("Poison cloud (Action):")
            if p.entry_of(m.start()) != block:
                continue  # a sub-rule's text: found with the sub-rule
            line_start = doc.text.rfind("\n", 0, m.start()) + 1
            if doc.format != "mediawiki" and (doc.text.startswith("#", line_start) or bold_only(doc.text[line_start : doc.text.find("\n", m.start())])):
                continue  # a heading's words, not a keyword string
            out.append((block, m.start(), m.end() + b.end(), m.group(1), m.end() + b.start(1) - 1, m.end() + b.end() - 1))
    return out


def plant_unbalanced_bracket(p: Planter) -> Iterator[Planting]:
    uses = _bracketed_uses(p)
    if not uses:
        return
    block, lo, hi, name, opening, closing = p.rng.choice(uses)
    if p.rng.random() < 0.5:
        edit, how = Edit(p.doc.path, closing, closing + 1, ""), "closing bracket dropped"
        end = hi - 1
    else:
        edit, how = Edit(p.doc.path, opening, opening, "("), "opening bracket doubled"
        end = hi + 1
    written = apply(p.doc.text[lo:hi], [Edit("", edit.start - lo, edit.end - lo, edit.text)])
    yield p.planting([edit], lo, end, f"{how}: {written!r} in '{block.name}'", [name, block.name],
                     entry_start=p.wiki_entry(lo, [edit]))


def plant_bad_parameters(p: Planter) -> Iterator[Planting]:
    # another rule's use: the rule's own text is where its signature is read from
    uses = [u for u in _bracketed_uses(p) if p.system.params.get(p.system.names.get(u[3], "")) and p.system.names[u[3]] != u[0].rule]
    p.rng.shuffle(uses)
    for block, lo, hi, name, opening, closing in uses:
        kinds = p.system.params[p.system.names[name]]
        values = p.doc.text[opening + 1 : closing]
        if "X" in values or "Y" in values:
            continue
        parts = [v.strip() for v in values.split(",")]
        first = values[len(parts[0]) :]
        options = []
        if len(parts) >= len(kinds) and all(k != "text" for k in kinds):
            options.append(values + ", " + parts[-1])  # a value too many
        if kinds[0] == "threshold" and re.fullmatch(r"\d\+", parts[0]):
            options.append("D6" + first)  # a dice roll for a roll needed
        if kinds[0] in ("number", "dice") and re.fullmatch(r"\d", parts[0]):
            options.append(parts[0] + "+" + first)  # a roll needed for a number
        if kinds[0] == "modifier" and re.fullmatch(r"[+-]\d", parts[0]):
            options.append(parts[0][1:] + "+" + first)  # a roll needed for a modifier
        if not options:
            continue
        new = p.rng.choice(options)
        edit = Edit(p.doc.path, opening + 1, closing, new)
        written = p.doc.text[lo : opening + 1] + new + ")"
        yield p.planting([edit], lo, lo + len(written), f"'{p.doc.text[lo:hi]}' -> '{written}' in '{block.name}'",
                         [name, block.name], entry_start=p.wiki_entry(lo, [edit]))
        return


def plant_doubled_word(p: Planter) -> Iterator[Planting]:
    doc = p.doc
    assert doc
    words = []
    for block in p.text_blocks():
        for lo, hi in p.own_paragraphs(block):
            for m in re.finditer(r"\b(the|a|to|of|with|and|is|in|has)\b", doc.text[lo:hi]):
                words.append((block, lo + m.start(), lo + m.end()))
    if not words:
        return
    block, lo, hi = p.rng.choice(words)
    word = doc.text[lo:hi]
    edit = Edit(doc.path, hi, hi, " " + word)
    yield p.planting([edit], lo, hi + 1 + len(word), f"'{word} {word}' in '{block.name}'", [block.name],
                     entry_start=p.wiki_entry(lo, [edit]))


def plant_run_together(p: Planter) -> Iterator[Planting]:
    candidates = [c for c in p.mentions() if " " in c[3]]
    if not candidates:
        return
    block, lo, hi, name = p.rng.choice(candidates)
    joined = name.replace(" ", "")
    edit = Edit(p.doc.path, lo, hi, joined)
    yield p.planting([edit], lo, lo + len(joined), f"'{name}' -> '{joined}' in '{block.name}'",
                     [name, p.system.rule_names.get(p.system.names.get(name, ""), name), joined, block.name],
                     entry_start=p.wiki_entry(lo, [edit]))


def plant_empty_rule(p: Planter) -> Iterator[Planting]:
    doc = p.doc
    assert doc
    heads = p.boundary_heads(None)
    if doc.format == "markdown":
        levels = Counter(h.level for h in heads)
        level = p.rng.choice(sorted(levels)) if levels else None
        heads = [h for h in heads if h.level == level]
    if not heads:
        return
    head = p.rng.choice(heads)
    name = p.invented()
    if doc.format == "markdown":
        heading = "#" * (head.level or 2) + " " + name
    elif doc.format == "mediawiki":
        heading = f"'''{name}'''"
    else:
        heading = name
    edit, at = p.insert_before(head, heading)
    yield p.planting([edit], at, at + len(heading), f"heading '{name}' with no text, before '{head.name}'", [name],
                     entry_start=at if doc.format == "mediawiki" else None)


def plant_diverged_version(p: Planter) -> Iterator[Planting]:
    """Edit one version of a rule another document also defines (t9a's glossary and rules list)."""
    doc = p.doc
    assert doc
    system = p.system
    multi = [b for b in p.text_blocks() if len({d for d, _ in system.versions.get(b.rule, [])}) > 1]
    p.rng.shuffle(multi)
    for block in multi:
        body = doc.text[block.body_start : block.end]
        changed = _change_substance(p, body)
        if not changed:
            continue
        new_body, how = changed
        # the one changed place: common prefix and suffix of old and new body
        i = 0
        while i < min(len(body), len(new_body)) and body[i] == new_body[i]:
            i += 1
        j = 0
        while j < min(len(body), len(new_body)) - i and body[-1 - j] == new_body[-1 - j]:
            j += 1
        edit = Edit(doc.path, block.body_start + i, block.end - j, new_body[i : len(new_body) - j])
        file, line = system.primary[block.rule]
        yield p.planting([edit], edit.start, edit.start + len(edit.text), f"'{block.name}' in {doc.path}: {how}",
                         [block.name], also=((file, line),), entry_start=p.wiki_entry(edit.start, [edit]))
        return


def _manifest_lines(text: str) -> Iterator[tuple[str, int, int, str]]:
    """(table, start, end, line) of each line of a manifest."""
    table = ""
    pos = 0
    for line in text.split("\n"):
        stripped = line.strip()
        if stripped.startswith("["):
            table = stripped
        yield table, pos, pos + len(line), line
        pos += len(line) + 1


def plant_manifest_alias_typo(p: Planter) -> Iterator[Planting]:
    text = p.system.manifest_text
    aliases = []
    for table, lo, hi, line in _manifest_lines(text):
        m = re.match(r'\s*"([^"]+)"\s*=\s*"([^"]+)"', line)
        if table.startswith("[aliases") and m:
            aliases.append((lo + m.start(2), lo + m.end(2), m.group(1), m.group(2)))
    p.rng.shuffle(aliases)
    for lo, hi, alias, target in aliases:
        wrong = p.misspell(target)
        if not wrong:
            continue
        edit = Edit(p.system.manifest_path, lo, hi, wrong)
        yield p.planting([edit], lo, lo + len(wrong), f'alias "{alias}" = "{wrong}" (for "{target}")',
                         [alias, target, wrong], run_goes_on=True)
        return


def plant_manifest_waiver_typo(p: Planter) -> Iterator[Planting]:
    text = p.system.manifest_text
    codes = []
    for table, lo, hi, line in _manifest_lines(text):
        m = re.match(r'\s*code\s*=\s*"([^"]+)"', line)
        if table == "[[waivers]]" and m:
            codes.append((lo + m.start(1), lo + m.end(1), m.group(1)))
    if not codes:
        return
    lo, hi, code = p.rng.choice(codes)
    letters = [i for i in range(1, len(code) - 2) if code[i].isalpha() and code[i + 1].isalpha() and code[i] != code[i + 1]]
    i = p.rng.choice(letters)
    wrong = code[:i] + code[i + 1] + code[i] + code[i + 2 :]
    edit = Edit(p.system.manifest_path, lo, hi, wrong)
    # the finding the waiver covered comes back unwaived: about the waiver's rule or term
    block = text[max(0, text.rfind("[[waivers]]", 0, lo)) : text.find("\n\n", hi) if text.find("\n\n", hi) > 0 else len(text)]
    touched = re.findall(r'(?:rule|term)\s*=\s*"([^"]+)"', block)
    yield p.planting([edit], lo, lo + len(wrong), f'waiver code "{code}" -> "{wrong}"', [wrong, *touched])


TEXT_FORMATS = ("rules-list", "glossary", "markdown", "mediawiki")


@dataclass(frozen=True)
class Kind:
    name: str
    plant: Callable[[Planter], Iterator[Planting]]
    formats: tuple[str, ...]  # document formats it plants in; "manifest": once per system.toml
    summary: str


KINDS = (
    Kind("redefined-in-document", plant_redefined_in_document, TEXT_FORMATS,
         "a rule's heading and text copied elsewhere in the same document"),
    Kind("redefined-across-documents", plant_redefined_across_documents, TEXT_FORMATS,
         "a rule copied into a new document of the same role (manifest entry added)"),
    Kind("conflicting-redefinition", plant_conflicting_redefinition, TEXT_FORMATS,
         "a rule copied elsewhere in its document with a number, may/must or can/cannot changed"),
    Kind("diverged-version", plant_diverged_version, ("rules-list", "glossary"),
         "one version of a rule two documents define changed in substance"),
    Kind("misspelled-name", plant_misspelled_name, TEXT_FORMATS,
         "two letters swapped in a defined name in keyword position ('with Feer')"),
    Kind("misspelled-name-in-list", plant_misspelled_name_in_list, TEXT_FORMATS,
         "two letters swapped in a defined name inside a list ('Eternal Warrior, and Feel No Pian')"),
    Kind("unknown-name", plant_unknown_name, TEXT_FORMATS,
         "a defined name in keyword position replaced by an unknown two-word name"),
    Kind("see-nothing", plant_see_nothing, TEXT_FORMATS,
         "'(see X)', '; see X' or ', as described in X' naming no rule"),
    Kind("placeholder-reference", plant_placeholder_reference, TEXT_FORMATS,
         "'(see page XX)', '(see p. ??)' or '(see )' left in a sentence"),
    Kind("markdown-missing-anchor", plant_markdown_missing_anchor, ("markdown",),
         "a mention turned into a Markdown link to a misspelt #anchor"),
    Kind("markdown-missing-file", plant_markdown_missing_file, ("markdown",),
         "a mention turned into a Markdown link to a file that does not exist"),
    Kind("wiki-missing-page", plant_wiki_missing_page, ("mediawiki",),
         "a mention turned into a wiki link to a misspelt page ([[Feel No Pian|Feel No Pain]])"),
    Kind("erratum-page-out-of-range", plant_erratum_page, ("markdown",),
         "an erratum heading's page number beyond the book's pages (a digit too many)"),
    Kind("pasted-paragraph", plant_pasted_paragraph, TEXT_FORMATS,
         "a paragraph pasted again, after itself or at the end of another rule"),
    Kind("repeated-sentence", plant_repeated_sentence, TEXT_FORMATS,
         "a sentence written again, after itself or at the end of its paragraph"),
    Kind("unbalanced-bracket", plant_unbalanced_bracket, TEXT_FORMATS,
         "a keyword's closing bracket dropped, or its opening bracket doubled"),
    Kind("bad-parameters", plant_bad_parameters, TEXT_FORMATS,
         "a keyword given a value too many, or a value of the wrong kind ('D6' for '4+')"),
    Kind("doubled-word", plant_doubled_word, TEXT_FORMATS, "a short word written twice ('the the')"),
    Kind("run-together", plant_run_together, TEXT_FORMATS, "the spaces of a multi-word name dropped"),
    Kind("empty-rule", plant_empty_rule, ("glossary", "markdown", "mediawiki"),
         "a new heading with no text under it (not in a rules list, where a lone heading is a section title)"),
    Kind("manifest-alias-typo", plant_manifest_alias_typo, ("manifest",),
         "two letters swapped in the rule name of an alias in system.toml; the run must go on"),
    Kind("manifest-waiver-typo", plant_manifest_waiver_typo, ("manifest",),
         "two letters swapped in a waiver's code in system.toml"),
)
KIND_BY_NAME = {k.name: k for k in KINDS}
