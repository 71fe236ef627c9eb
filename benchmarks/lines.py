"""The lines of a package's modules: code, docstring, comment and blank, per module.

    .venv/bin/python benchmarks/lines.py referee/store [--against REV]

A docstring line is one of a module's, class's or function's docstring (a blank line
inside one too); a comment line holds a comment and no code; code is every other line
with a token.  ``--against REV`` counts the same folder at a git revision as well and
prints both, before / after, as a Markdown table (docs/performance.md quotes it).
"""

from __future__ import annotations

import argparse
import ast
import io
import subprocess
import tokenize
from pathlib import Path

KINDS = ("lines", "code", "docstring", "comment", "blank")
SKIPPED = {tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT, tokenize.ENDMARKER, tokenize.COMMENT}


def count(source: str) -> dict[str, int]:
    docstring: set[int] = set()
    documented = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, documented) and ast.get_docstring(node) is not None:
            first = node.body[0]
            docstring.update(range(first.lineno, (first.end_lineno or first.lineno) + 1))
    code: set[int] = set()
    comment: set[int] = set()
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            comment.add(token.start[0])
        elif token.type not in SKIPPED:
            code.update(n for n in range(token.start[0], token.end[0] + 1) if n not in docstring)
    lines = source.splitlines()
    blank = {n for n, line in enumerate(lines, 1) if not line.strip()} - docstring
    return dict(zip(KINDS, (len(lines), len(code), len(docstring), len(comment - code - docstring), len(blank))))


def sources(folder: str, rev: str | None) -> dict[str, str]:
    """The folder's ``.py`` files (not its sub-folders'), by name: on disk, or at ``rev``."""
    if rev is None:
        return {p.name: p.read_text(encoding="utf-8") for p in sorted(Path(folder).glob("*.py"))}

    def git(*args: str) -> str:
        return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout

    names = sorted(n for n in git("ls-tree", "--name-only", f"{rev}:{folder}").split() if n.endswith(".py"))
    return {n: git("show", f"{rev}:{folder}/{n}") for n in names}


def table(folder: str, rev: str | None) -> dict[str, dict[str, int]]:
    out = {name: count(text) for name, text in sources(folder, rev).items()}
    out["all"] = {kind: sum(row[kind] for row in out.values()) for kind in KINDS}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--against", metavar="REV", help="a git revision to count too (before / after)")
    args = parser.parse_args()
    after = table(args.folder, None)
    before = table(args.folder, args.against) if args.against else None
    print("| module | " + " | ".join(KINDS) + " |")
    print("|---|" + "---:|" * len(KINDS))
    for name in [*(n for n in (before or {}) if n not in after), *after]:
        now = after.get(name, dict.fromkeys(KINDS, 0))
        then = before.get(name, dict.fromkeys(KINDS, 0)) if before else None
        cells = [f"{then[k]:,} / {now[k]:,}" if then else f"{now[k]:,}" for k in KINDS]
        print(f"| `{name}` | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
