"""Work done ahead, in a second process, while MkDocs builds in the first.

MkDocs writes pages one after another in one process; on a machine with two
cores the second has nothing to do. For a large system a helper process
(``python -m referee.site.ahead``; a plain subprocess, so no caller's
``__main__`` is ever run again) loads the same cached build and:

1. writes rule pages, from the last one backwards, while the build writes
   them from the first one forwards. Pages go in chunks; a chunk belongs to
   whichever process first creates its claim file (``O_EXCL``, so never
   both), and where the two meet the helper stops. A chunk the helper
   wrote is read back by the build (:meth:`Ahead.take`);
2. then lints every system the build has no findings for yet into the
   store (:mod:`referee.lint.stored`),
   for the Editor's reports, which the build writes last of all.

Either part can fail or be slow without harm: the build writes any page the
helper has not, and lints itself if the store holds no findings. The pages
are the same whichever process writes them (the helper checks it has the
same build: the key of the rules' and Referee's bytes), so the site stays
byte-for-byte reproducible.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict
TYPE_CHECKING = False  # typing costs a warm call about 2 ms (-X importtime); only checkers read this

from referee.atomic import replace_with

if TYPE_CHECKING:
    from referee.site.pages import Site
    from referee.site.rulepage import Written

CHUNK = 100  # rule pages per claim
PAGES_AHEAD = 1500  # rule pages from which a helper writes some (below, starting one costs more)
LINT_EARLY = 300  # rules from which linting starts ahead in a second process (below, starting one costs more)
POLL = 0.02  # seconds between looks for a chunk the helper is writing


class Ahead:
    """The build's side: starts the helper, and takes the pages it wrote."""

    def __init__(self, site: Site, chunks: list[list[str]], lint: list[str]) -> None:
        self.site = site
        self.chunks = chunks
        self.chunk_of = {uri: n for n, chunk in enumerate(chunks) for uri in chunk}
        self.folder = tempfile.mkdtemp(prefix="referee-site-ahead-")
        self.process: subprocess.Popen[bytes] | None = None
        self.mine: set[int] = set()
        self.written: dict[str, Written] = {}
        job = {"options": asdict(site.options), "codes_page": site.codes_page, "chunks": chunks, "lint": lint}
        with open(os.path.join(self.folder, "job.json"), "w", encoding="utf-8") as fh:
            json.dump(job, fh)
        try:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "referee.site.ahead", str(site.rules_src), site.build.key, self.folder],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
        except OSError:
            self.process = None  # nothing to spare: the build writes everything

    @classmethod
    def start(cls, site: Site, skip: frozenset[str] = frozenset()) -> Ahead | None:
        """A helper for ``site`` when it has something worth doing, else None; it writes
        no page of the systems in ``skip`` (whose pages the build has already)."""
        from referee.lint import stored

        if not site.build.key or not site.rules_src:
            return None  # not the cache's build: a helper could not load the same one
        rules = [p.uri for p in site.ordered() if p.kind == "rule" and p.system not in skip]
        many = len(rules) >= PAGES_AHEAD and (os.cpu_count() or 1) > 1
        unlinted = site.unlinted()
        lint = unlinted if site.options.editor_report else []
        lint = lint if sum(len(site.books[s].rules) for s in lint) >= LINT_EARLY else []
        lint = lint if stored.cached(site.build, lint, site.rules_src) is None else []
        if not many and not lint:
            return None
        chunks = [rules[i : i + CHUNK] for i in range(0, len(rules), CHUNK)] if many else []
        return cls(site, chunks, lint)

    def take(self, uri: str) -> Written | None:
        """The page if the helper wrote it (waiting for it if it is writing it); None when
        the build is to write it itself, as it is then the chunk's claimant."""
        n = self.chunk_of.get(uri)
        if n is None or n in self.mine:
            return None
        if uri in self.written:
            return self.written.pop(uri)
        if _claim(self.folder, n):
            self.mine.add(n)
            return None
        done = os.path.join(self.folder, f"chunk-{n:05d}.pickle")
        while not os.path.exists(done):
            if self.process is None or self.process.poll() is not None:
                if not os.path.exists(done):  # the helper stopped without it: write it here
                    self.mine.add(n)
                    return None
            time.sleep(POLL)
        with open(done, "rb") as fh:
            self.written.update(pickle.load(fh))
        return self.written.pop(uri, None)

    def wait_for_lint(self) -> None:
        """Before the reports: let the helper finish (its linting fills the cache)."""
        if self.process is not None:
            self.process.wait()

    def close(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)


def _claim(folder: str, n: int) -> bool:
    """Whether this process now owns chunk ``n`` (the first to create its claim file does)."""
    try:
        os.close(os.open(os.path.join(folder, f"claim-{n:05d}"), os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True


def helper(rules_src: str, key: str, folder: str) -> int:
    """The helper's side: pages from the last chunk backwards until the build's claims, then lint."""
    from referee.store.load import open_rules
    from referee.lint import stored
    from referee.site.pages import Options, Site

    with open(os.path.join(folder, "job.json"), encoding="utf-8") as fh:
        job = json.load(fh)
    build = open_rules(rules_src).whole()
    if build.key != key:
        return 1  # the rules changed meanwhile: these would not be the build's pages
    options = job["options"]
    options["systems"] = tuple(options["systems"])
    site = Site.plan(build, Options(**options), rules_src, job["codes_page"])
    for n in range(len(job["chunks"]) - 1, -1, -1):
        if not _claim(folder, n):
            break  # the build got here first: from here on, every chunk is its
        pages = {uri: site.write(uri) for uri in job["chunks"][n]}
        replace_with(os.path.join(folder, f"chunk-{n:05d}.pickle"), lambda fh: pickle.dump(pages, fh, protocol=pickle.HIGHEST_PROTOCOL), ".chunk-")
    if job["lint"]:
        stored.lint_all(build, job["lint"], rules_src)
    return 0


if __name__ == "__main__":
    sys.exit(helper(*sys.argv[1:4]))
