"""Any bytes as a BattleScribe file: rules and units, or one RulesError naming the file.

The file is read the way a build reads it (manifest, decoding with unzipping,
the adapter, alignment) and then mustered into units, so no stage may let
any other exception out.  Inputs: arbitrary bytes, and the fixture catalogue
with a slice cut out, repeated or replaced (damage near real structure finds
more than noise does), zipped or not.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from referee.army.link import muster
from referee.errors import RulesError
from referee.rulebase import build_rulebase
from tests.battlescribe.conftest import FIXTURES
from tests.conftest import examples, manifest, write_system

QUICK = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
CATALOGUE = (FIXTURES / "demo-army.cat").read_bytes()


@st.composite
def damaged(draw: st.DrawFn) -> bytes:
    start = draw(st.integers(0, len(CATALOGUE)))
    end = draw(st.integers(start, min(len(CATALOGUE), start + 200)))
    how = draw(st.sampled_from(["cut", "repeat", "replace"]))
    if how == "cut":
        return CATALOGUE[:start] + CATALOGUE[end:]
    if how == "repeat":
        return CATALOGUE[:end] + CATALOGUE[start:]
    return CATALOGUE[:start] + draw(st.binary(max_size=40)) + CATALOGUE[end:]


def _read(root: Path, name: str, data: bytes) -> None:
    write_system(root, "fuzz", manifest("fuzz", name, "battlescribe"), {name: data})
    try:
        muster(build_rulebase(root))
    except RulesError as err:
        assert err.file == f"fuzz/{name}" and "\n" not in err.message, str(err)


@QUICK
@given(data=st.one_of(st.binary(max_size=300), damaged()))
@example(data=b"")
@example(data=b"\xef\xbb\xbf<catalogue/>")
@example(data=b"<\x00\xc2\x80")  # libxml2's message for it ended in a newline (found by benchmarks/fuzz.py)
@example(data=b"<?xml version='1.0' encoding='latin-1'?><catalogue xmlns='http://www.battlescribe.net/schema/catalogueSchema'/>")
def test_any_catalogue_reads_or_names_its_file(tmp_path: Path, data: bytes) -> None:
    _read(tmp_path, "army.cat", data)


@QUICK
@given(data=st.one_of(st.binary(max_size=300), damaged()), member=st.sampled_from(["army.cat", "notes.txt", "a/b.cat"]))
def test_any_zipped_catalogue_reads_or_names_its_file(tmp_path: Path, data: bytes, member: str) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(member, data)
    _read(tmp_path, "army.catz", buffer.getvalue())


@pytest.mark.parametrize(
    "members, error",
    [
        ({}, "fuzz/army.catz: error: a .catz archive must hold one BattleScribe XML file; this one holds nothing"),
        ({"a.cat": b"<x/>", "b.cat": b"<y/>"}, "fuzz/army.catz: error: a .catz archive must hold one BattleScribe XML file; this one holds a.cat, b.cat"),
    ],
)
def test_an_archive_of_other_than_one_file(tmp_path: Path, members: dict[str, bytes], error: str) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    write_system(tmp_path, "fuzz", manifest("fuzz", "army.catz", "battlescribe"), {"army.catz": buffer.getvalue()})
    with pytest.raises(RulesError) as caught:
        build_rulebase(tmp_path)
    assert str(caught.value) == error
