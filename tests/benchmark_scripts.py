"""The scripts of ``benchmarks/`` as modules, for tests that share their tables or generators."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def benchmark(script: str) -> ModuleType:
    """``benchmarks/<script>.py``, imported once (``benchmarks/`` is no package)."""
    name = f"referee_benchmarks_{script}"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{script}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
