"""Fixtures shared by the build's tests."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from referee.store import record


@pytest.fixture
def forks_told(monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """What each process :func:`referee.store.record.forked` started was told when its result
    was taken: True (wanted: its result read) or False (ended unread), in order."""
    told: list[bool] = []
    real = record.forked

    def watched(work: Callable[[], object]) -> Callable[[bool], object] | None:
        result = real(work)
        assert result is not None  # a process was started: this machine forks

        def taken(wanted: bool) -> object:
            told.append(wanted)
            return result(wanted)

        return taken

    monkeypatch.setattr(record, "forked", watched)
    return told
