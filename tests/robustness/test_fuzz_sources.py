"""Any bytes, in any document, under any format: rules or one RulesError naming the file.

Each adapter is run the way a build runs it (``load_manifest`` then
``read_system`` on a file in a temporary rules folder), so the decoding,
the adapter and the alignment of its entries are all under test.  The only
exception allowed out is :class:`~referee.errors.RulesError`, and it names
the document (or, for the manifest, ``system.toml``).  The edge cases
(an empty file, a lone byte-order mark, NUL bytes, Unicode line
separators) are explicit examples; a crash the fuzzing finds joins them.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from referee.store.record import assemble
from referee.errors import RulesError
from referee.rulebase.manifest import load_manifest
from referee.rulebase.load import read_system
from referee.sources import FORMATS
from tests.conftest import examples, manifest, write_system
from tests.robustness.strategies import DOCUMENTS, MANIFESTS

# Sixty inputs a property keep the folder quick; benchmarks/fuzz.py runs thousands.
# BattleScribe's XML adapter has its own property, with damage near real XML structure
# (tests/battlescribe/test_fuzz.py); benchmarks/fuzz.py runs it long too.
FUZZED = sorted(set(FORMATS) - {"battlescribe"})
QUICK = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def systems(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return make_systems(tmp_path_factory.mktemp("fuzz-src"))


def make_systems(root: Path) -> Path:
    """A rules folder with one system per format, each of one document."""
    for fmt in FUZZED:
        folder = root / fmt
        folder.mkdir(parents=True)
        (folder / "system.toml").write_text(manifest(fmt, path="doc.txt", fmt=fmt), encoding="utf-8")
        (folder / "doc.txt").write_text("Fear\n\nUnits flee.\n", encoding="utf-8")
    return root


def read_document(root: Path, fmt: str, data: bytes) -> None:
    """Read ``data`` as the one document of the system of format ``fmt``."""
    folder = root / fmt
    (folder / "doc.txt").write_bytes(data)
    try:
        read_system(root, load_manifest(root, folder))
    except RulesError as err:
        assert err.file == f"{fmt}/doc.txt", str(err)
        assert str(err).startswith(f"{fmt}/doc.txt") and "\n" not in err.message, str(err)


@pytest.mark.parametrize("fmt", FUZZED)
@QUICK
@given(data=DOCUMENTS)
@example(data=b"")
@example(data=b"\xef\xbb\xbf")  # a byte-order mark and nothing else
@example(data=b"\r\r\r")
@example(data=b"\x00\n\x00")
@example(data="## \u2028\n\ntext\u2029more".encode())
@example(data=b"||\n||")  # a table and no text: a rules list had no words to name its rule from
def test_any_document_reads_or_names_its_file(systems: Path, fmt: str, data: bytes) -> None:
    read_document(systems, fmt, data)


@pytest.fixture(scope="module")
def single_systems(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return make_single_systems(tmp_path_factory.mktemp("fuzz-builds"))


def make_single_systems(root: Path) -> dict[str, Path]:
    """format -> a rules folder holding one system of that format (a build stops at its first error)."""
    return {fmt: write_system(root / fmt, fmt, manifest(fmt, path="doc.txt", fmt=fmt), {"doc.txt": ""}) for fmt in FUZZED}


def build_document(roots: dict[str, Path], fmt: str, data: bytes) -> None:
    """Build ``data`` as a document of format ``fmt`` through everything a build does:
    alignment, keyword strings, the effect reader, the graph."""
    (roots[fmt] / fmt / "doc.txt").write_bytes(data)
    try:
        assemble(roots[fmt])
    except RulesError as err:
        assert err.file == f"{fmt}/doc.txt", str(err)


@QUICK
@given(fmt=st.sampled_from(FUZZED), data=DOCUMENTS)
@example(fmt="markdown", data=b"## Fear\n\nModels with Fear gain Terror, unless charging.\n")
def test_any_document_builds_or_names_its_file(single_systems: dict[str, Path], fmt: str, data: bytes) -> None:
    build_document(single_systems, fmt, data)


@pytest.fixture
def bare_system(tmp_path: Path) -> Path:
    return make_bare_system(tmp_path)


def make_bare_system(root: Path) -> Path:
    """``root/fuzz`` with a document and no manifest yet."""
    (root / "fuzz").mkdir(parents=True)
    (root / "fuzz" / "rules.txt").write_text("Fear\n\nUnits flee.\n", encoding="utf-8")
    return root


@QUICK
@given(data=MANIFESTS)
@example(data=b'id = "fuzz"\ntitle = "F"\ndocuments = [1]\n')
# crashes before the fix in referee/rulebase/manifest.py: format=[] found by benchmarks/fuzz.py, the
# others by probing the same code by hand after it (TypeError, ValueError, OSError)
@example(data=b'id="fuzz"\ntitle="F"\n[[documents]]\npath="rules.txt"\nformat=[]\n')
@example(data=b'id="fuzz"\ntitle="F"\n[[documents]]\npath="\\u0000"\nformat="rules-list"\n')
@example(data=b'id="fuzz"\ntitle="F"\n[[documents]]\npath="' + b"a" * 5000 + b'"\nformat="rules-list"\n')
@example(data=b'id="fuzz"\ntitle="F"\n[[documents]]\npath="rules.txt"\nformat="rules-list"\ntitle=1\n')
@example(data=b'id="fuzz"\ntitle="F"\n[[documents]]\npath="rules.txt"\nformat="glossary"\ncategories=1\n')
@example(data=b'id = "fuzz"\ntitle = "F"\n[[documents]]\npath = "rules.txt"\nformat = "rules-list"\nrole = 1\n')
def test_any_manifest_loads_or_names_system_toml(bare_system: Path, data: bytes) -> None:
    read_manifest(bare_system, data)


def read_manifest(root: Path, data: bytes) -> None:
    """Load ``data`` as the manifest of ``root/fuzz`` (which holds ``rules.txt``), and build
    the system when it loads: the adapters take the document's options from it."""
    folder = root / "fuzz"
    (folder / "system.toml").write_bytes(data)
    try:
        load_manifest(root, folder)
        assemble(root)
    except RulesError as err:
        assert err.file in ("fuzz/system.toml", "fuzz/rules.txt"), str(err)
        assert "\n" not in str(err), str(err)
