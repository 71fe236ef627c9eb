"""Where Referee finds rule documents and keeps its cache."""

from __future__ import annotations

import os
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
PROJECT = PACKAGE.parent
GRAMMAR = PROJECT / "grammar"


def default_rules_src() -> Path:
    """``$REFEREE_RULES_SRC``, else the project's own ``rules_src/``."""
    env = os.environ.get("REFEREE_RULES_SRC")
    return Path(env) if env else PROJECT / "rules_src"


def cache_dir() -> Path:
    """``$REFEREE_CACHE_DIR``, else ``.referee-cache/`` in the project."""
    env = os.environ.get("REFEREE_CACHE_DIR")
    return Path(env) if env else PROJECT / ".referee-cache"
