"""Where Referee finds rule documents, its grammars, and its cache.

One place answers each question:

- the rules folder: ``--rules-src DIR``, else ``$REFEREE_RULES_SRC``, else the
  ``rules_src/`` of the checkout Referee runs from, else ``./rules_src`` in
  the working folder (:func:`rules_src_dir`);
- the grammars: the ``referee.grammar`` package, which the build maps onto
  the project's top-level ``grammar/`` folder (one copy, read through
  :mod:`importlib.resources` so an installed wheel finds its own);
- the cache: ``$REFEREE_CACHE_DIR``, else ``.referee-cache/`` of the checkout
  when the rules are the checkout's own, else the user's cache folder
  (platformdirs), never inside the installed package.

The string forms serve the quick commands, which never import pathlib (with
what it pulls in, about 5 ms of a warm call); everything else uses ``Path``.
"""

from __future__ import annotations

import os

try:
    import referee.grammar as _shipped_grammars
except ModuleNotFoundError:  # run from a source tree that was never installed
    _shipped_grammars = None

TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

if TYPE_CHECKING:
    from pathlib import Path

PACKAGE_DIR = os.path.dirname(os.path.realpath(__file__))
_CHECKOUT = os.path.dirname(PACKAGE_DIR)
ENV_RULES_SRC = "REFEREE_RULES_SRC"
MANIFEST = "system.toml"  # a system folder's manifest (referee.rulebase.manifest reads it; the cache stamps it)
ENV_CACHE_DIR = "REFEREE_CACHE_DIR"


class NoRulesFolder(Exception):
    """No rules folder was given and none is where Referee looks by default."""


def checkout_dir() -> str | None:
    """The project checkout Referee runs from, or None when installed from a wheel."""
    if os.path.isfile(os.path.join(_CHECKOUT, "pyproject.toml")) and os.path.isdir(os.path.join(_CHECKOUT, "rules_src")):
        return _CHECKOUT
    return None


def rules_src_dir(given: str | None = None) -> str:
    """The rules folder to read: the option, the environment, the checkout's, ``./rules_src``."""
    if given:
        return given
    if os.environ.get(ENV_RULES_SRC):
        return os.environ[ENV_RULES_SRC]
    checkout = checkout_dir()
    if checkout is not None:
        return os.path.join(checkout, "rules_src")
    if os.path.isdir("rules_src"):
        return "rules_src"
    raise NoRulesFolder(f"no rules folder: give --rules-src DIR or set {ENV_RULES_SRC}")


def _is_checkout_rules(rules_src: str | None) -> bool:
    checkout = checkout_dir()
    if checkout is None:
        return False
    if rules_src is None:
        return True
    return os.path.realpath(rules_src) == os.path.realpath(os.path.join(checkout, "rules_src"))


def cache_folder(rules_src: str | None = None) -> str:
    """``$REFEREE_CACHE_DIR``; the checkout's ``.referee-cache/`` for its own rules;
    else the user's cache folder (``~/.cache/referee`` on Linux)."""
    if os.environ.get(ENV_CACHE_DIR):
        return os.environ[ENV_CACHE_DIR]
    if _is_checkout_rules(rules_src):
        return os.path.join(_CHECKOUT, ".referee-cache")
    from platformdirs import user_cache_dir

    return user_cache_dir("referee", appauthor=False)


def cache_dir(rules_src: str | None = None) -> Path:
    from pathlib import Path

    return Path(cache_folder(rules_src))


def grammar_text(name: str) -> str:
    """The text of ``grammar/<name>`` as shipped with the package.

    Read from :func:`grammar_folder`, where the grammars are files whether the
    package is installed or run from a checkout: ``importlib.resources`` (and
    the zipfile reader it loads) cost a warm ``referee parse`` about 5 ms
    (docs/performance.md) to find the same file.
    """
    with open(os.path.join(grammar_folder(), name), encoding="utf-8") as fh:
        return fh.read()


def grammar_folder() -> str:
    """The folder the grammars are read from (for hashing them into cache keys): the source
    tree's own ``grammar/`` when the code runs from one, else the installed package's.  A copy
    of the project run by ``PYTHONPATH`` beside an editable install (a benchmark's ``--against``
    copy, a snapshot a scorer runs) would otherwise read the installed tree's grammars with its
    own code, and a grammar newer than the code makes trees the code cannot read."""
    local = os.path.join(_CHECKOUT, "grammar")
    if _shipped_grammars is None or os.path.isfile(os.path.join(local, "calc.lark")):
        return local
    return os.path.dirname(os.path.realpath(_shipped_grammars.__file__))


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
