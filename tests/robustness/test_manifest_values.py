"""Values of the wrong kind in a manifest's document table: one line naming the manifest line.

Each of these once escaped as a TypeError, ValueError or OSError (found by
fuzzing, tests/robustness/test_fuzz_sources.py); the messages are pinned here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.cli.commands import main
from tests.conftest import write_system

GOOD = "Fear\n\nModels with Fear scare others.\n"
HEAD = 'id = "demo"\ntitle = "Demo"\n[[documents]]\n'

CASES = [
    ("format is a list", 'path = "rules.txt"\nformat = []\n',
     "src/demo/system.toml:4: error: document 'rules.txt' has unknown format [] (known: {formats})"),
    ("NUL in the path", 'path = "rules\\u0000.txt"\nformat = "rules-list"\n',
     "src/demo/system.toml:4: error: document path 'rules\\x00.txt' is not a usable file name: embedded null byte"),
    ("path too long for the file system", 'path = "' + "a" * 300 + '.txt"\nformat = "rules-list"\n',
     "src/demo/system.toml:4: error: document path '" + "a" * 300 + ".txt' is not a usable file name: File name too long"),
    ("title is a number", 'path = "rules.txt"\nformat = "rules-list"\ntitle = 1\n',
     "src/demo/system.toml:4: error: document 'rules.txt': 'title' must be a string"),
    ("origin is a table", 'path = "rules.txt"\nformat = "rules-list"\norigin = {a = 1}\n',
     "src/demo/system.toml:4: error: document 'rules.txt': 'origin' must be a string"),
    ("category is a list", 'path = "rules.txt"\nformat = "rules-list"\ncategory = ["a"]\n',
     "src/demo/system.toml:4: error: document 'rules.txt': 'category' must be a string"),
    ("categories is a number", 'path = "rules.txt"\nformat = "glossary"\ncategories = 1\n',
     "src/demo/system.toml:4: error: document 'rules.txt': 'categories' must be a list of strings"),
    ("alias_lang is a number", 'path = "rules.txt"\nformat = "glossary"\nalias_lang = 3\n',
     "src/demo/system.toml:4: error: document 'rules.txt': 'alias_lang' must be a string"),
    ("base_book is a table", 'path = "rules.txt"\nformat = "markdown"\nbase_book = {}\n',
     "src/demo/system.toml:4: error: document 'rules.txt': 'base_book' must be a string"),
    ("a backslash in a missing path", 'path = "a\\\\b.txt"\nformat = "rules-list"\n',
     "src/demo/system.toml:4: error: document 'a\\\\b.txt' not found"),
]  # fmt: skip


@pytest.mark.parametrize(("label", "table", "message"), CASES, ids=[c[0] for c in CASES])
def test_a_value_of_the_wrong_kind_is_one_line(
    tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    label: str, table: str, message: str,
) -> None:  # fmt: skip
    from referee.sources import FORMATS

    monkeypatch.chdir(tmp_path)
    write_system(tmp_path / "src", "demo", HEAD + table, {"rules.txt": GOOD})
    code = main(["list", "--rules-src", "src"])
    out, err = capsys.readouterr()
    assert (code, out) == (2, "")
    assert err == "referee: " + message.format(formats=", ".join(sorted(FORMATS))) + "\n"
