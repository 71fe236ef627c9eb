"""The search index of the project's rules, made once per test run (in the run's shared cache)."""

from __future__ import annotations

import pytest

from referee.search import Index, open_index
from tests.conftest import RULES_SRC


@pytest.fixture(scope="session")
def index() -> Index:
    return open_index(str(RULES_SRC))


def ids(answer: object) -> list[str]:
    return [r.id for r in answer.results]  # type: ignore[attr-defined]
