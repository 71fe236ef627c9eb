"""``referee site serve``: MkDocs' live-reload server, kept serving when a rebuild fails.

MkDocs' own ``serve`` lets a failed rebuild raise out of its builder; its
server then waits for a build that never comes before answering any request
("the server will appear stuck"), and a build that failed after MkDocs
emptied the site folder leaves half a site.  Here the rules are read first
(:func:`referee.store.load.open_rules`, which the plugin's build then
takes from the cache): when they cannot be, MkDocs is not run at all, so the
last good site stays as it was.  Either way the builder returns: the server
answers at once, every page it serves carries a banner with the error (its
file and line), the terminal shows the same line, and the open pages reload
to show it.  The next rebuild that ends well takes the banner away.

The rest is MkDocs' ``serve`` (1.6) as it is: a temporary site folder, the
watches (the guide, the configuration, the plugin's rules folder) and
MkDocs' plugin events.
"""

from __future__ import annotations

import html
import logging
import os
import shutil
import tempfile
from typing import Any
from urllib.parse import urlsplit

from referee.errors import RulesError

log = logging.getLogger("mkdocs.referee.serve")
BANNER_ID = "referee-build-error"


def banner(message: str) -> bytes:
    """The banner a served page carries while the last rebuild failed (styled inline: the
    site's own stylesheet is the theme's)."""
    style = (
        "position:sticky;top:0;z-index:1000;margin:0;padding:.6em 1em;background:#b71c1c;color:#fff;"
        "font:14px/1.4 monospace;white-space:pre-wrap;overflow-wrap:anywhere"
    )
    text = f"The rules did not build; this is the last site that did.\n{message}"
    return f'<div id="{BANNER_ID}" role="alert" style="{style}">{html.escape(text)}</div>'.encode()


def with_banner(content: bytes, message: str | None) -> bytes:
    """``content`` (a page) with the banner just inside its ``<body>``, when there is a ``message``."""
    if not message:
        return content
    start = content.find(b"<body")
    end = content.find(b">", start) + 1 if start >= 0 else 0
    return content[:end] + banner(message) + content[end:]


def serve(config_file: str, port: int, rules_src: str | None = None) -> None:
    """Build, serve on 127.0.0.1:``port`` and rebuild on changes until interrupted."""
    from mkdocs.commands.build import build
    from mkdocs.config import load_config
    from mkdocs.livereload import LiveReloadServer, _serve_url

    site_dir = tempfile.mkdtemp(prefix="referee-serve-")
    failure: list[str] = []  # the last rebuild's error, while it stands

    def get_config() -> Any:
        return load_config(config_file=config_file, site_dir=site_dir, dev_addr=f"127.0.0.1:{port}")

    class Server(LiveReloadServer):  # type: ignore[misc]
        def _inject_js_into_html(self, content: bytes, epoch: int) -> bytes:
            return super()._inject_js_into_html(with_banner(content, failure[0] if failure else None), epoch)

    config = get_config()
    config.plugins.on_startup(command="serve", dirty=False)
    host, port_number = config.dev_addr
    mount_path = urlsplit(config.site_url or "/").path
    config.site_url = serve_url = _serve_url(host, port_number, mount_path)

    def builder(config: Any = None) -> None:
        first = config is not None
        log.info("Building documentation...")
        try:
            if rules_src is not None:
                read_rules(rules_src)
            if config is None:
                config = get_config()
                config.site_url = serve_url
            build(config, serve_url=serve_url)
        except Exception as err:  # noqa: BLE001 - any failed rebuild: keep serving, and say why
            if first:
                raise
            failure[:] = [describe(err, rules_src or ".")]
            log.error(f"referee: {failure[0]}; still serving the last site that built")
            return
        if failure:
            log.info("referee: the rules build again; the error banner is gone")
        failure.clear()

    server = Server(builder=builder, host=host, port=port_number, root=site_dir, mount_path=mount_path)

    def error_page(code: int) -> bytes | None:
        page = os.path.join(site_dir, f"{code}.html")
        if code in (404, 500) and os.path.isfile(page):
            with open(page, "rb") as fh:
                return fh.read()
        return None

    server.error_handler = error_page
    try:
        builder(config)
        server.watch(config.docs_dir)
        if config.config_file_path:
            server.watch(config.config_file_path)
        server = config.plugins.on_serve(server, config=config, builder=builder)
        for item in config.watch:
            server.watch(item)
        try:
            server.serve()
        except KeyboardInterrupt:
            log.info("Shutting down...")
        finally:
            server.shutdown()
    finally:
        config.plugins.on_shutdown()
        shutil.rmtree(site_dir, ignore_errors=True)


def read_rules(rules_src: str) -> None:
    """The rules' build, made now if they changed: a bad document fails here, before MkDocs
    empties the site folder (the plugin then takes the build from the cache)."""
    from referee.store.load import open_rules

    open_rules(rules_src)


def describe(err: BaseException, rules_src: str) -> str:
    """One line for a failed rebuild: a rules error with its file (as the user would type
    it) and line, else MkDocs' or Python's own words."""
    if isinstance(err, RulesError):
        if err.file:
            shown = os.path.relpath(os.path.join(rules_src, err.file))
            err = RulesError(err.message, shown if not shown.startswith("../..") else os.path.join(rules_src, err.file), err.line)
        return str(err)
    text = " ".join(str(err).split()) or type(err).__name__
    return f"error: {text}"
