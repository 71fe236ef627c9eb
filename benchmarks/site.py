"""Site build speed: the plugin's pages beside plain MkDocs Material (not a test).

    .venv/bin/python benchmarks/site.py [--runs 3] [--synthetic 10000] [--no-synthetic] [--serve-only] [--snapshot]

Measures, in one run, each build a whole process (as `make run` starts it), its
wall time, its processor time (user + system, with the helper process a
large site starts; on a shared machine the wall time follows the others' load)
and its peak memory (the largest resident set of the build or its helper):

- the corpus (rules_src/): ``referee site build`` with the rulebase cached,
  beside ``mkdocs build`` of the same number of hand-written pages (each
  rule's name, aliases and text as Markdown, the same theme and features,
  the systems' pages in the navigation and the rules' pages out of it, as
  the plugin does): the plugin's overhead as a ratio;
- a synthetic corpus of N rules (benchmarks/synthetic.py, N/4 per system):
  reading it into a rulebase (``referee build``), then the same two builds;
- an incremental rebuild under ``referee site serve``: one rule document
  edited, the time until the served rule page shows the edit (the rulebase
  of that folder is read again; the site writes again only the pages of
  the edited system, and lays out again only the pages that changed:
  ``referee/site/kept.py``). ``--serve-only`` measures this alone.

The site is built with the configuration ``referee site build`` makes for a
rules folder alone (no guide). Prints Markdown; docs/site.md records it.
Do not edit Referee's code during a run: the rulebase cache key hashes it;
or give ``--snapshot``, which runs a copy of the code made at the start
(``benchmarks/scale.py``), so that others' edits to the tree leave the run
alone (``--snapshot COPY``: a copy made before).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))
BIN = Path(sys.executable).parent


CPU: list[float] = []  # processor seconds (user + system) of the last run's process and its helpers
PEAK: list[float] = []  # the largest resident set (MB) of the last run's process or one of its helpers


def run(cmd: list[str], env: dict[str, str]) -> float:
    """Wall seconds of one command; its processor seconds go to ``CPU`` (on a shared machine the
    wall time varies with the others' load, the processor time far less)."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as errors:
        # from a neutral folder: ``python -c`` puts the working folder first on sys.path
        process = subprocess.Popen(cmd, env=env, cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL, stderr=errors)
        _pid, status, usage = os.wait4(process.pid, 0)  # usage counts the helper processes it waited for
        process.returncode = os.waitstatus_to_exitcode(status)
        took = time.perf_counter() - start
        if process.returncode != 0:
            errors.seek(0)
            raise SystemExit(f"{' '.join(cmd)} failed:\n{errors.read().decode(errors='replace')}")
    CPU[:] = [usage.ru_utime + usage.ru_stime]
    PEAK[:] = [usage.ru_maxrss / 1024]  # kilobytes on Linux
    return took


def median_min(xs: list[float]) -> str:
    return f"{statistics.median(xs):.1f} s ({min(xs):.1f})"


def site_config(folder: Path, rules_src: Path, env: dict[str, str]) -> Path:
    """The configuration `referee site build` makes for a rules folder alone."""
    code = (
        "import sys; from referee.site.commands import write_config; from referee.store.load import open_rules;"
        "print(write_config(sys.argv[1], open_rules(sys.argv[2]).whole()))"
    )
    out = subprocess.run([sys.executable, "-c", code, str(folder), str(rules_src)], env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True, check=True)
    return Path(out.stdout.strip())


def plain_site(folder: Path, rules_src: Path, config: Path, env: dict[str, str]) -> Path:
    """A MkDocs Material site of hand-written pages, one per page the plugin writes."""
    code = """
import json, sys
from pathlib import Path
from referee.store.load import open_rules
from referee.site.pages import Options, Site
build = open_rules(sys.argv[2]).whole()
site = Site.plan(build, Options())
docs = Path(sys.argv[1]) / "docs"
for uri, page in site.pages.items():
    path = docs / uri
    path.parent.mkdir(parents=True, exist_ok=True)
    if page.kind == "rule":
        rule = build.get(page.subject)
        names = ", ".join(f"{a.name} ({a.lang})" for a in rule.aliases)
        body = f"# {rule.name}\\n\\n" + (f"Also called: {names}\\n\\n" if names else "") + rule.text.replace("\\n- ", "\\n\\n- ") + "\\n"
    else:
        body = f"# {page.title}\\n\\n" + "\\n".join(f"- [{p.title}]({Path(u).name})" for u, p in site.pages.items()
                                             if p.system == page.system and p.kind == "rule" and page.kind == "index") + "\\n"
    path.write_text(body, encoding="utf-8")
(docs / "index.md").write_text("# Rules\\n", encoding="utf-8")
print(json.dumps([{site.books[s].title: [uri for uri, p in site.pages.items() if p.system == s and site.in_nav(p)]} for s in site.books]))
"""
    out = subprocess.run([sys.executable, "-c", code, str(folder), str(rules_src)], env=env, cwd=tempfile.gettempdir(), capture_output=True, text=True, check=True)
    nav = [{"Home": "index.md"}, {"Rules": json.loads(out.stdout)}]
    data = json.loads(config.read_text(encoding="utf-8"))
    data["plugins"] = [p for p in data["plugins"] if p != "referee"]
    data["nav"] = nav
    data["not_in_nav"] = "/rules/**"
    data["strict"] = False
    path = folder / "mkdocs.yml"
    path.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return path


def pages(folder: Path) -> int:
    return sum(1 for _ in folder.rglob("*.html"))


def compare(label: str, rules_src: Path, work: Path, env: dict[str, str], runs: int) -> list[str]:
    config = site_config(work / "config", rules_src, env)
    plain = plain_site(work / "plain", rules_src, config, env)
    ours, theirs, ours_cpu, theirs_cpu, ours_peak, theirs_peak = [], [], [], [], [], []
    for _ in range(runs):  # interleaved, so both see the same machine
        ours.append(run([str(BIN / "referee"), "site", "build", "--rules-src", str(rules_src), "--config", str(config), "--out", str(work / "site")], env))
        ours_cpu.extend(CPU)
        ours_peak.extend(PEAK)
        theirs.append(run([str(BIN / "mkdocs"), "build", "-q", "-f", str(plain), "-d", str(work / "plain-site")], env))
        theirs_cpu.extend(CPU)
        theirs_peak.extend(PEAK)
    n_ours, n_theirs = pages(work / "site"), pages(work / "plain-site")
    ratio = statistics.median(ours) / statistics.median(theirs)
    cpu_ratio = statistics.median(ours_cpu) / statistics.median(theirs_cpu)
    return [
        f"| {label}: `referee site build` (rulebase cached) | {n_ours} | {median_min(ours)} | {median_min(ours_cpu)} | {1000 * statistics.median(ours) / n_ours:.1f} ms | {max(ours_peak):.0f} MB |",
        f"| {label}: plain MkDocs Material, same pages hand-written | {n_theirs} | {median_min(theirs)} | {median_min(theirs_cpu)} | {1000 * statistics.median(theirs) / n_theirs:.1f} ms | {max(theirs_peak):.0f} MB |",
        f"| {label}: ratio plugin / plain | | **{ratio:.2f}x** (+{100 * (ratio - 1):.0f}%) | **{cpu_ratio:.2f}x** (+{100 * (cpu_ratio - 1):.0f}%) | | |",
    ]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get(url: str) -> str | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.read().decode("utf-8")
    except OSError:
        return None


def incremental(label: str, rules_src: Path, document: str, after: str, rule_page: str, work: Path, env: dict[str, str], limit: float) -> str:
    """Seconds from saving a document, a sentence added after ``after``, to the served page showing it."""
    folder = work / "rules"
    shutil.copytree(rules_src, folder)
    config = site_config(work / "config", folder, env)
    port = free_port()
    server = subprocess.Popen(
        [str(BIN / "referee"), "site", "serve", "--rules-src", str(folder), "--config", str(config), "--port", str(port)],
        env=env, cwd=tempfile.gettempdir(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/{rule_page}"
    try:
        deadline = time.monotonic() + limit
        while get(url) is None:
            if time.monotonic() > deadline or server.poll() is not None:
                return f"| {label}: rebuild after editing one rule (serve) | did not start within {limit:.0f} s |"
            time.sleep(0.2)
        time.sleep(2)  # let the watcher settle
        path = folder / document
        text = path.read_text(encoding="utf-8")
        marker = "Zqxwvedit"
        assert after in text, after
        path.write_text(text.replace(after, f"{after} {marker} applies.", 1), encoding="utf-8")
        saved = time.monotonic()
        while True:
            page = get(url)
            if page is not None and marker in page:
                took = time.monotonic() - saved
                return f"| {label}: rebuild after editing one rule, until the page shows it (serve) | {took:.1f} s |"
            if time.monotonic() - saved > limit:
                return f"| {label}: rebuild after editing one rule (serve) | over {limit:.0f} s |"
            time.sleep(0.1)
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--synthetic", type=int, default=10_000, help="rules in the synthetic corpus (default 10000)")
    parser.add_argument("--no-synthetic", action="store_true", help="the corpus only")
    parser.add_argument("--serve-only", action="store_true", help="only the rebuilds under serve, no whole builds")
    parser.add_argument("--snapshot", nargs="?", const="", metavar="COPY",
                        help="run a copy of Referee's code, made at the start or the one given (others may edit the tree meanwhile)")
    args = parser.parse_args()
    import synthetic

    with tempfile.TemporaryDirectory(prefix="referee-bench-site-") as scratch:
        work = Path(scratch)
        env = {**os.environ, "REFEREE_CACHE_DIR": str(work / "cache"), "NO_MKDOCS_2_WARNING": "1", "SOURCE_DATE_EPOCH": "1700000000"}
        env.pop("REFEREE_RULES_SRC", None)
        if args.snapshot is not None:
            from scale import snapshot

            code = Path(args.snapshot) if args.snapshot else snapshot(work / "code")
            env["PYTHONPATH"] = str(code)  # found before the editable install's finder
        print(f"load average {os.getloadavg()[0]:.1f}\n")
        print(f"## Site build ({time.strftime('%Y-%m-%d')}, {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()})\n")
        print("| measure | pages | wall: median (min) | processor: median (min) | wall per page | peak memory |")
        print("|---|---:|---|---|---:|---:|")
        if not args.serve_only:
            print("\n".join(compare("corpus", ROOT / "rules_src", work / "corpus", env, args.runs)), flush=True)
        fear = "Models that have Fear themselves are immune to the effects of Fear."
        serve_rows = [incremental("corpus", ROOT / "rules_src", "t9a/universal-rules.txt", fear, "rules/t9a/fear.html", work / "serve-corpus", env, 120)]
        if not args.no_synthetic:
            rules = synthetic.write_rules_src(work / "synthetic", args.synthetic)
            read = run([str(BIN / "referee"), "build", "--rules-src", str(rules)], env)
            print(f"| synthetic, {args.synthetic} rules: reading the rulebase (`referee build`, cold) | | {read:.1f} s | {CPU[0]:.1f} s | | {PEAK[0]:.0f} MB |", flush=True)
            if not args.serve_only:
                print("\n".join(compare(f"synthetic {args.synthetic}", rules, work / "synthetic-site", env, args.runs)), flush=True)
            first = next(p for p in sorted((rules / "synth-a").glob("*.md")))
            lines = first.read_text(encoding="utf-8").splitlines()
            at = next(i for i, line in enumerate(lines) if line.startswith("### ") and lines[i + 2].strip())
            from referee.site.urls import Address
            from referee.text import fold

            name = lines[at][4:].split(" (")[0]
            sentence = lines[at + 2].split(". ")[0] + "."
            page = Address("rules").rule_page("synth-a/" + "-".join(fold(name).split())).replace(".md", ".html")
            serve_rows.append(incremental(f"synthetic {args.synthetic}", rules, f"synth-a/{first.name}", sentence, page, work / "serve-synthetic", env, 900))
        print()
        print("| measure | seconds |")
        print("|---|---|")
        print("\n".join(serve_rows))
        print(f"\nload average at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
