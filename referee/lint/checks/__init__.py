"""The checks, in modules named for what they check.

A check is a function decorated with :func:`referee.lint.registry.check`,
which states its code, severity and summary.  A module may also hold what
only its own checks need; the other helpers live beside this package, in
modules without checks (:mod:`referee.lint.places`, :mod:`referee.lint.words`,
:mod:`referee.lint.versions`, :mod:`referee.lint.terms`,
:mod:`referee.lint.waiving`).

- :mod:`.manifest`: problems of system.toml a lenient reading went past;
- :mod:`.references`: names a rule uses that nothing defines;
- :mod:`.definitions`: the definitions themselves, compared and inspected;
- :mod:`.text_quality`: the documents' raw lines: extraction damage, broken
  cross-references;
- :mod:`.repeats`: sentences and paragraphs written twice;
- :mod:`.links`: Markdown and wiki links to anchors, files and pages that are not there;
- :mod:`.errata`: amendments and the books they amend;
- :mod:`.parameters`: keyword values against rule signatures;
- :mod:`.obligations`: what one rule obliges and another forbids;
- :mod:`.grants`: what rules grant: loops, and grants of what can never be gained;
- :mod:`.usage`: definitions no other rule uses;
- :mod:`.waivers`: the manifest's waivers, judged on the others' findings (last).

Importing this package loads no check: :func:`referee.lint.registry.checks`
loads them.
"""
