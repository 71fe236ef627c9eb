"""``referee site build`` and ``referee site serve``: MkDocs with the plugin, on any rules folder.

Which MkDocs configuration: ``--config FILE``, else the ``mkdocs.yml`` of the
Referee checkout being run (its guide and the plugin), else a small one made
for the occasion in a temporary folder: a home page listing the systems,
Material without web fonts, search in the systems' languages with the
boosts of the project's own ``mkdocs.yml``, and the plugin.  The rules
folder reaches the plugin through ``$REFEREE_RULES_SRC``, the one way
``mkdocs serve`` leaves (it reloads the configuration on every rebuild).

``serve`` builds, serves http://127.0.0.1:PORT/ (8000 unless ``--port`` or
``$REFEREE_SITE_PORT``) and rebuilds when a file in the rules folder, the
guide or the configuration changes; the open page reloads by itself.
Ctrl-C stops it.

The CLI imports this module at its top, so at the top it imports only the
standard library and Referee's light modules (docs/performance.md, "Heavy
modules"); MkDocs loads in :func:`build_or_serve`.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import time

from referee import terminal
from referee.errors import RulesError, unmanaged_warning
from referee.paths import NoRulesFolder, checkout_dir, rules_src_dir

TYPE_CHECKING = False  # typing costs a warm `referee lookup` ~4 ms; only checkers read this
if TYPE_CHECKING:
    from collections.abc import Iterator
    from typing import Any

    from referee.store.record import Build

ENV_PORT = "REFEREE_SITE_PORT"
LUNR_LANGUAGES = frozenset(
    "ar da de du es fi fr hi hu hy it ja jp kn ko nl no pt ro ru sa sv ta te th tr vi zh".split()
)  # lunr languages Material ships (assets/javascripts/lunr/min); English is built in
# As the project's mkdocs.yml has them. The theme's English default keeps only the stop
# words: the stemmer must be asked for, or "lang: [en, de]" stems nothing. A rule's name
# and other names come first through our search worker (assets/search-worker.js), so
# the boosts only lean lunr's own ranking towards names: at 1000 and 400 a word of a
# name outweighed every word of a text, and descriptions found names sharing one word.
SEARCH_PIPELINE = ["stemmer", "stopWordFilter", "trimmer"]
SEARCH_FIELDS = {"title": {"boost": 20}, "tags": {"boost": 10}, "text": {"boost": 1}}


def arguments(parser: argparse.ArgumentParser) -> None:
    """The ``site`` command's arguments (made only for a ``referee site`` call)."""
    parser.add_argument("action", choices=("build", "serve"), help="build the site into a folder, or serve it with live reload")
    parser.add_argument("--rules-src", metavar="DIR", help="folder of rule systems (default: as for every command)")
    parser.add_argument("--out", metavar="DIR", help="build: the folder to write the site to (default: site/)")
    parser.add_argument("--port", metavar="N", type=_port, default=None, help=f"serve: the port on 127.0.0.1 (default ${ENV_PORT}, else 8000)")
    parser.add_argument("--config", metavar="FILE", help="an mkdocs.yml of your own (with `- referee` under plugins)")
    parser.set_defaults(json=False, format=None, formats=("text",))


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 < value < 65536:
        raise argparse.ArgumentTypeError(f"must be a port number (1-65535), not {text!r}")
    return value


def build_or_serve(args: argparse.Namespace) -> None:
    """Build or serve; bad input raises :class:`RulesError` (one line, status 2)."""
    try:
        rules_src = os.path.abspath(rules_src_dir(args.rules_src))
    except NoRulesFolder as err:
        raise RulesError(str(err)) from None
    if not os.path.isdir(rules_src):
        raise RulesError(f"rules folder not found: {rules_src}")
    port = (args.port or _env_port()) if args.action == "serve" else 0
    # the plugin reads the rules folder from the environment (serve reloads the
    # configuration on each rebuild); set for this command only
    with _environment(REFEREE_RULES_SRC=rules_src, NO_MKDOCS_2_WARNING=os.environ.get("NO_MKDOCS_2_WARNING", "1")):
        _run(args, rules_src, port)


def _run(args: argparse.Namespace, rules_src: str, port: int) -> None:
    import tempfile

    out = os.path.abspath(args.out or "site")
    if args.action == "serve":
        _log_to_terminal()
    else:
        _check_out(out, rules_src)
    build = _load(rules_src)
    with tempfile.TemporaryDirectory(prefix="referee-site-") as scratch:
        config_file = args.config or _project_config() or write_config(scratch, build)
        if not os.path.isfile(config_file):
            raise RulesError(f"no such configuration file: {config_file}")
        if args.action == "build":
            started = time.monotonic()
            pages = build_site(config_file, out, rules_src)
            print(f"Site built: {pages} pages in {_shown(out)} ({time.monotonic() - started:.1f} s); open {_shown(os.path.join(out, 'index.html'))}")
        else:
            serve_site(config_file, port, rules_src)


def _check_out(out: str, rules_src: str) -> None:
    """Refuse a folder the site may not replace before the rules are read (the build checks again)."""
    from referee.site import swap

    try:
        swap.check_replaceable(out, (rules_src,))
    except swap.NotASite as err:
        raise RulesError(f"--out {_shown(out)}: {err.strerror}") from None


class _environment:
    """Environment variables set inside a ``with``, put back as they were after it."""

    def __init__(self, **values: str) -> None:
        self.values = values
        self.saved: dict[str, str | None] = {}

    def __enter__(self) -> None:
        self.saved = {key: os.environ.get(key) for key in self.values}
        os.environ.update(self.values)

    def __exit__(self, *_exc: object) -> None:
        for key, value in self.saved.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value


def _load(rules_src: str) -> Build:
    """The build, made first (with its progress bar on a terminal) so errors name their file."""
    from referee.store.load import open_rules

    with terminal.Steps() as step:
        build = open_rules(rules_src, progress=lambda path: step(f"Read {path}")).whole()
    for folder in build.unmanaged:
        terminal.warn(f"referee: {unmanaged_warning(_shown(os.path.join(rules_src, folder)))}")
    return build


def _project_config() -> str | None:
    checkout = checkout_dir()
    if checkout and os.path.isfile(os.path.join(checkout, "mkdocs.yml")):
        return os.path.join(checkout, "mkdocs.yml")
    return None


def write_config(folder: str, build: Build) -> str:
    """A configuration for a rules folder alone: a home page and the plugin's pages."""
    languages = ["en"] + sorted({lang for m in build.manifests.values() for lang in m.languages} & LUNR_LANGUAGES)
    docs = os.path.join(folder, "docs")
    os.makedirs(docs)
    # the plugin puts the games (each with its rule count and search box) in place of the marker
    lines = ["# Rules", "", "<!-- referee: games -->", ""]
    with open(os.path.join(docs, "index.md"), "w", encoding="utf-8") as fh:
        fh.write("\n".join(lines) + "\n")
    config = {
        "site_name": "Rules",
        "strict": True,  # a warning (an unknown option of the plugin, say) stops the build
        "docs_dir": "docs",
        "use_directory_urls": False,
        "theme": {
            "name": "material",
            "font": False,
            "features": ["navigation.instant", "navigation.prune", "navigation.sections", "search.highlight"],
        },
        "plugins": [
            {"search": {"lang": languages, "pipeline": SEARCH_PIPELINE, "fields": SEARCH_FIELDS}},
            "referee",
        ],
        "nav": [{"Home": "index.md"}],
    }
    path = os.path.join(folder, "mkdocs.yml")
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(config, fh, indent=2)  # JSON is YAML
    return path


def build_site(config_file: str, out: str, rules_src: str | None = None) -> int:
    """Build into ``out``, whole or not at all; the number of pages written.

    ``out`` must be missing, empty or a site built before (:mod:`referee.site.swap`
    refuses anything else), and never the rules folder (``rules_src``, else
    ``$REFEREE_RULES_SRC``) nor a folder holding it.

    The site is built in a folder beside ``out`` and renamed into its place
    (:mod:`referee.site.swap`): a build killed part-way leaves the previous
    site as it was, and two builds at once leave one whole site.

    MkDocs says what went wrong in its log and then raises a bare "Aborted";
    the log's warnings and errors are collected, so the one error line
    names the cause ("unknown system 'nope'"), and on success the warnings
    are shown on stderr.
    """
    import logging

    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.exceptions import Abort, ConfigurationError, PluginError

    from referee.site import swap

    said = _Collect()
    logger = logging.getLogger("mkdocs")
    logger.addHandler(said)
    try:
        rules = rules_src or os.environ.get("REFEREE_RULES_SRC")
        with swap.Staged(out, keep=(rules,) if rules else ()) as staged:  # MkDocs writes aside; the whole folder replaces ``out`` at the end
            config = load_config(config_file=config_file, site_dir=staged.folder)
            build(config)
            pages = sum(1 for _ in _pages(staged.folder))
    except (Abort, ConfigurationError, PluginError) as err:
        raise RulesError(f"the site was not built: {'; '.join(said.messages) or err}") from None
    except swap.NotASite as err:
        raise RulesError(f"--out {_shown(out)}: {err.strerror}") from None
    except OSError as err:  # the folder cannot be written beside, or swapped in
        raise RulesError(f"the site was not built: {err.filename or out}: {err.strerror or err}") from None
    finally:
        logger.removeHandler(said)
    for message in said.messages:
        print(f"referee: warning: {message}", file=sys.stderr)
    return pages


class _Collect:
    """A logging handler keeping MkDocs' warnings and errors (duck-typed: logging is imported late)."""

    level = 30  # logging.WARNING

    def __init__(self) -> None:
        self.messages: list[str] = []

    def handle(self, record: Any) -> bool:
        if record.levelno >= self.level:
            self.messages.append(" ".join(record.getMessage().split()))
        return True


def serve_site(config_file: str, port: int, rules_src: str | None = None) -> None:
    """Serve with live reload; a rebuild that fails keeps the last good site served, with
    its error on every page (:mod:`referee.site.serving`)."""
    from mkdocs.exceptions import Abort, ConfigurationError, PluginError

    from referee.site.serving import serve

    def stop(_signum: int, _frame: object) -> None:
        raise KeyboardInterrupt  # as Ctrl-C: the temporary site folder is then removed

    signal.signal(signal.SIGTERM, stop)
    try:
        serve(config_file, port, rules_src)
    except (Abort, ConfigurationError, PluginError) as err:
        raise RulesError(f"the site was not served: {err}") from None
    except OSError as err:  # the port is taken
        raise RulesError(f"cannot serve on 127.0.0.1:{port}: {err.strerror or err}; give another with --port") from None


def _pages(folder: str) -> Iterator[str]:
    for root, _dirs, names in os.walk(folder):
        for name in names:
            if name.endswith(".html"):
                yield os.path.join(root, name)


def _env_port() -> int:
    text = os.environ.get(ENV_PORT)
    if not text:
        return 8000
    try:
        return _port(text)
    except argparse.ArgumentTypeError as err:
        raise RulesError(f"${ENV_PORT}: {err}") from None


def _shown(path: str) -> str:
    try:
        shown = os.path.relpath(path)
    except ValueError:
        return path
    return path if shown.startswith("../..") else shown


def _log_to_terminal() -> None:
    """MkDocs' messages on stderr while serving, as its own command shows them
    ("Serving on ...", "Building ...", a rebuild's errors)."""
    import logging

    logger = logging.getLogger("mkdocs")
    if any(getattr(h, "_referee", False) for h in logger.handlers):
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(logging.Formatter("%(levelname)-7s -  %(message)s"))
    handler._referee = True  # type: ignore[attr-defined]
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
