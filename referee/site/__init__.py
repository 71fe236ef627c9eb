"""The static site: a MkDocs plugin of ours that writes a page per rule.

``plugins: [search, referee]`` in ``mkdocs.yml`` turns the cached build of a
rules folder into pages, beside the hand-written ones of ``docs/``:

- per system, an A-Z index of its rules (with the paste-a-keyword-string
  box), its categories, an Editor's report (the lint findings) and each
  source document with a numbered line per line;
- per rule, its text (escaped: rule text is data, never markup), every
  mention of another rule linked, a stable anchor per sentence, aliases,
  parameters, amendments, versions with a word diff, typed relation lists
  with their citations, and an inline SVG of its neighbourhood.

The plugin is thin, in the manner of mkdocs-material's own plugins: typed
options in :mod:`~referee.site.config`, hooks in :mod:`~referee.site.plugin`
that only hand over to the helpers, which know nothing of MkDocs and write
plain HTML strings: :mod:`~referee.site.pages` (which pages there are, their
titles and search settings, the assets), :mod:`~referee.site.rulebook` (what
a system's pages show), :mod:`~referee.site.urls` (where each page and
anchor is), :mod:`~referee.site.html` (escaping, always),
:mod:`~referee.site.ruletext`, :mod:`~referee.site.rulepage`,
:mod:`~referee.site.relations`, :mod:`~referee.site.systempages`,
:mod:`~referee.site.report`, :mod:`~referee.site.diagram`,
:mod:`~referee.site.diff`; for speed, :mod:`~referee.site.ahead` (a
second process writing pages and linting; the reports' findings are kept
with their build by :mod:`referee.lint.stored`).  Keeping MkDocs out of the
helpers keeps the generator swappable (Material announces its end of life
for 2027).  The browser side is ``assets/``: the style sheet, the paste
box (``referee.js``, reading with the parser :mod:`~referee.site.keyword_parser`
makes from the keyword grammar at build) and the Web Worker stand-in
that lets search run in a site opened from a folder.

``referee site build`` and ``referee site serve`` (:mod:`~referee.site.commands`)
run MkDocs with this plugin on any rules folder.
"""
