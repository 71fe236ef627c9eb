"""whoosh is loaded without urllib.request, asyncio and its English word forms, and stays whole (referee.search.unused).

Each case runs in a fresh interpreter (so: slow), since the test session has long imported them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import RULES_SRC

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("asyncio", "urllib.request", "http.client", "email", "ssl", "whoosh.lang.morph_en")


def _run(code: str, tmp_path: Path) -> dict:
    env = {**os.environ, "REFEREE_CACHE_DIR": os.environ.get("REFEREE_CACHE_DIR", str(tmp_path / "cache"))}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.slow
def test_a_search_loads_neither_urllib_request_nor_asyncio(tmp_path: Path) -> None:
    code = f"""
import json, sys
from referee.search import open_index
answer = open_index({str(RULES_SRC)!r}).search("fear", "t9a")
print(json.dumps({{"first": answer.results[0].id, "loaded": [m for m in {HEAVY!r} if m in sys.modules]}}))
"""
    assert _run(code, tmp_path) == {"first": "t9a/fear", "loaded": []}


@pytest.mark.slow
def test_what_whoosh_took_from_them_still_works_and_later_imports_get_the_real_modules(tmp_path: Path) -> None:
    source = tmp_path / "source.txt"
    source.write_text("kept", encoding="utf-8")
    code = f"""
import json, sys
import referee.search
import cached_property, whoosh.compat, whoosh.query.terms
check = cached_property.asyncio.iscoroutinefunction
async def coroutine(): pass
def plain(): pass
before = [check(coroutine), check(plain), "asyncio" in sys.modules]
whoosh.compat.urlretrieve({source.as_uri()!r}, {str(tmp_path / "copy.txt")!r})
import asyncio
after = [check(coroutine), check(plain)]
forms = sorted(whoosh.query.terms.variations("charge"))
print(json.dumps({{"before": before, "after": after, "forms": "charging" in forms and "charged" in forms, "real": hasattr(asyncio, "run") and hasattr(sys.modules["urllib.request"], "Request"),
                   "copied": open({str(tmp_path / "copy.txt")!r}).read()}}))
"""
    got = _run(code, tmp_path)
    assert got["before"] == [True, False, False]
    assert got["after"] == [True, False]
    assert got["real"] is True and got["copied"] == "kept" and got["forms"] is True


@pytest.mark.slow
def test_a_package_already_imported_is_what_whoosh_gets(tmp_path: Path) -> None:
    code = """
import json, asyncio
import referee.search
import cached_property
print(json.dumps({"same": cached_property.asyncio is asyncio}))
"""
    assert _run(code, tmp_path) == {"same": True}
