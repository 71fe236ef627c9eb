"""The built site as an app a phone installs and reads with no network.

After a build, beside the pages: ``manifest.webmanifest`` (name, colours,
icons: what a phone needs to put the site on its home screen) and
``sw.js``, a service worker that on the first visit caches every file of
the site (each page, the search index, the theme's and our assets) and
then answers from the cache whenever the network does not. Its cache is
named by a digest of every file: a new build is a new ``sw.js``, which
replaces the old cache whole when it takes over. Pages are asked of the
network first (a site under ``serve`` or a fresh deploy shows its newest
page), everything else of the cache first.

The page's script (``referee.js``) registers the worker and links the
manifest only over http(s); a site opened from a folder (file://) works as
before, without them.  The icons are drawn here (PNG, standard library
only), so nothing is fetched or shipped as a binary.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import struct
import zlib
from importlib.resources import files as package_files

WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
ICON_SIZES = (192, 512)
THEME_COLOUR = "#3f51b5"  # the theme's default primary colour (indigo)
# never cached: the worker itself (the browser checks it for a new build), and the
# compressed sitemap, which a player never opens
SKIP = frozenset({WORKER, "sitemap.xml.gz"})


def write(site_dir: str, name: str, description: str = "", worker: bool = True) -> int:
    """Write the manifest, its icons and (``worker``) the service worker into ``site_dir``,
    after every other file; the number of files the worker caches (0 without one)."""
    os.makedirs(os.path.join(site_dir, "_icons"), exist_ok=True)
    for size in ICON_SIZES:
        with open(os.path.join(site_dir, "_icons", f"icon-{size}.png"), "wb") as fh:
            fh.write(icon_png(size))
    with open(os.path.join(site_dir, MANIFEST), "w", encoding="utf-8") as fh:
        json.dump(manifest(name, description), fh, ensure_ascii=False, indent=1, sort_keys=True)
    if not worker:
        return 0
    files = site_files(site_dir)
    script = package_files("referee.site").joinpath("assets", "service-worker.js").read_text(encoding="utf-8")
    script = script.replace('"FILES"', json.dumps(files, ensure_ascii=False)).replace("VERSION", version(site_dir, files))
    with open(os.path.join(site_dir, WORKER), "w", encoding="utf-8") as fh:
        fh.write(script)
    return len(files)


def manifest(name: str, description: str = "") -> dict[str, object]:
    return {
        "name": name,
        "short_name": name[:12],
        "description": description,
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOUR,
        "icons": [{"src": f"_icons/icon-{s}.png", "sizes": f"{s}x{s}", "type": "image/png", "purpose": "any"} for s in ICON_SIZES],
    }


def site_files(site_dir: str) -> list[str]:
    """Every file of the site, relative and sorted: what the worker caches ("" is the root)."""
    out = []
    for folder, dirs, names in os.walk(site_dir):
        dirs.sort()
        base = os.path.relpath(folder, site_dir).replace(os.sep, "/")
        for file in sorted(names):
            path = file if base == "." else f"{base}/{file}"
            if path not in SKIP and not file.startswith("."):
                out.append(path)
    return out


def version(site_dir: str, files: list[str]) -> str:
    """A digest of every file's path and bytes: the cache's name, new with any change."""
    digest = hashlib.sha256()
    for path in files:
        with open(os.path.join(site_dir, path), "rb") as fh:
            data = fh.read()
        digest.update(f"{path}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()[:16]


@functools.lru_cache(maxsize=len(ICON_SIZES))
def icon_png(size: int) -> bytes:
    """A square icon: the theme's colour, a white shield in the middle. PNG, RGB, drawn
    row by row (an icon of 512 px is about 3 KB once compressed).

    >>> icon_png(192)[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
    True
    """
    r, g, b = (int(THEME_COLOUR[i : i + 2], 16) for i in (1, 3, 5))
    back, white = bytes((r, g, b)), b"\xff\xff\xff"
    rows = []
    top, bottom, half = size * 0.22, size * 0.80, size * 0.28
    middle = size / 2
    for y in range(size):
        row = bytearray(back * size)
        if top <= y <= bottom:
            # a shield: straight sides for the top half, then narrowing to a point
            t = (y - top) / (bottom - top)
            width = half if t < 0.5 else half * (1 - (t - 0.5) * 2) ** 0.7
            left, right = int(middle - width), int(middle + width)
            row[left * 3 : right * 3] = white * (right - left)
        rows.append(b"\0" + bytes(row))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"".join(rows))) + chunk(b"IEND", b"")
