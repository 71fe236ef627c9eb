"""The examples in the docstrings of every lint module hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import referee.lint
import referee.lint.checks

MODULES = sorted(
    info.name
    for package in (referee.lint, referee.lint.checks)
    for info in pkgutil.iter_modules(package.__path__, package.__name__ + ".")
)


@pytest.mark.parametrize("module", MODULES)
def test_examples_in_docstrings(module: str) -> None:
    assert doctest.testmod(importlib.import_module(module)).failed == 0


def test_the_examples_are_found() -> None:
    assert {"referee.lint.words", "referee.lint.terms", "referee.lint.checks.obligations"} <= set(MODULES)
