"""Where Referee finds rule documents and keeps its cache.

The string forms (``*_DIR``, :func:`rules_src_dir`, :func:`cache_folder`)
serve the quick commands, which never import pathlib (with what it pulls in,
about 5 ms of a warm call); everything else uses the ``Path`` forms.
"""

from __future__ import annotations

import os
TYPE_CHECKING = False  # typing itself costs ~4 ms of a warm call; only checkers read this

if TYPE_CHECKING:
    from pathlib import Path

PACKAGE_DIR = os.path.dirname(os.path.realpath(__file__))
PROJECT_DIR = os.path.dirname(PACKAGE_DIR)
GRAMMAR_DIR = os.path.join(PROJECT_DIR, "grammar")


def rules_src_dir() -> str:
    """``$REFEREE_RULES_SRC``, else the project's own ``rules_src/``."""
    return os.environ.get("REFEREE_RULES_SRC") or os.path.join(PROJECT_DIR, "rules_src")


def cache_folder() -> str:
    """``$REFEREE_CACHE_DIR``, else ``.referee-cache/`` in the project."""
    return os.environ.get("REFEREE_CACHE_DIR") or os.path.join(PROJECT_DIR, ".referee-cache")


def default_rules_src() -> Path:
    from pathlib import Path

    return Path(rules_src_dir())


def cache_dir() -> Path:
    from pathlib import Path

    return Path(cache_folder())


def __getattr__(name: str) -> Path:
    """``PACKAGE``, ``PROJECT`` and ``GRAMMAR`` as Paths, made on first use."""
    folders = {"PACKAGE": PACKAGE_DIR, "PROJECT": PROJECT_DIR, "GRAMMAR": GRAMMAR_DIR}
    if name in folders:
        from pathlib import Path

        return Path(folders[name])
    raise AttributeError(name)


def writable_cache_file(name: str) -> Path | None:
    """``cache_dir()/name`` if it can be written there (the folder is made), else None.

    Grammars cache their parse tables here; a read-only place only costs speed.
    """
    folder = cache_dir()
    target = folder / name
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        return None
    return target
