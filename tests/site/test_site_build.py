"""Building the site: reproducible, configurable, and the `referee site` command."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from referee.store.load import open_rules
from referee.cli.commands import main
from referee.errors import RulesError
from referee.site import commands
from tests.conftest import PROJECT, RULES_SRC
from tests.site.sites import EPOCH, FIXTURE_RULES, BuiltSite, build_site


def _files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_two_builds_of_the_same_rules_are_byte_identical(hostile_site: BuiltSite, tmp_path: Path) -> None:
    again = build_site(FIXTURE_RULES, tmp_path / "site", tmp_path / "config")
    first, second = _files(hostile_site.root), _files(again.root)
    assert sorted(first) == sorted(second)
    assert [name for name in first if first[name] != second[name]] == []


@pytest.mark.slow
def test_two_builds_of_the_corpus_give_the_same_pages(corpus_site: BuiltSite, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without a fixed SOURCE_DATE_EPOCH only the sitemap's dates may change."""
    os.environ.pop("SOURCE_DATE_EPOCH", None)
    again = build_site(RULES_SRC, tmp_path / "site", tmp_path / "config")
    first, second = _files(corpus_site.root), _files(again.root)
    assert sorted(first) == sorted(second)
    differ = [name for name in first if first[name] != second[name] and not name.startswith("sitemap.xml")]
    assert differ == []


def _build(tmp_path: Path, **options: object) -> BuiltSite:
    return build_site(FIXTURE_RULES, tmp_path / "site", tmp_path / "config", **options)


def test_options_turn_parts_off(tmp_path: Path) -> None:
    site = _build(tmp_path, diagrams=False, editor_report=False, paste_box=False, section="regeln")
    terror = site.page("regeln/hostile/terror.html")
    assert 'class="rf-diagram"' not in terror and 'href="fear.html"' in terror
    assert not (site.root / "regeln/hostile/report.html").exists()
    assert "Editor&#39;s report" not in site.page("index.html")
    assert 'id="rf-paste-input"' not in site.page("regeln/hostile/index.html")
    assert not (site.root / "rules").exists()


def test_a_disabled_plugin_adds_nothing(tmp_path: Path) -> None:
    site = _build(tmp_path, enabled=False)
    assert not (site.root / "rules").exists()
    assert "referee.js" not in site.page("index.html")


def test_an_unknown_system_is_named(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match=r"the site was not built: referee: unknown system 'nope' \(known: hostile\)"):
        _build(tmp_path, systems=["nope"])


def test_an_unknown_option_is_named(tmp_path: Path) -> None:
    with pytest.raises(RulesError, match=r"the site was not built: Config value 'plugins': Plugin 'referee' option 'colour': Unrecognised configuration name: colour"):
        _build(tmp_path, colour="red")


def test_bad_rules_name_their_file_and_line(tmp_path: Path) -> None:
    rules = tmp_path / "rules"
    (rules / "demo").mkdir(parents=True)
    (rules / "demo" / "system.toml").write_text('id = "demo"\ntitle = "Demo"\n[[documents]]\npath = "missing.txt"\nformat = "rules-list"\nrole = "core"\n')
    with pytest.raises(RulesError, match=r"missing\.txt"):
        build_site(rules, tmp_path / "site", tmp_path / "config")


def test_the_configuration_for_a_rules_folder_alone(tmp_path: Path) -> None:
    path = commands.write_config(str(tmp_path), open_rules(RULES_SRC).whole())
    config = json.loads(Path(path).read_text(encoding="utf-8"))
    assert config["use_directory_urls"] is False and config["theme"]["font"] is False
    search = config["plugins"][0]["search"]
    assert search["lang"] == ["en", "de"] and search["fields"]["title"]["boost"] > search["fields"]["tags"]["boost"]
    home = (tmp_path / "docs" / "index.md").read_text(encoding="utf-8")
    assert "<!-- referee: games -->" in home  # the plugin shows the games there (tests/site/test_players.py)
    assert "content.tooltips" not in config["theme"]["features"]  # the page script's previews instead


def test_site_build_writes_a_site_and_says_where(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    config = commands.write_config(str(tmp_path / "config"), open_rules(FIXTURE_RULES).whole())
    out = tmp_path / "out"
    code = main(["site", "build", "--rules-src", str(FIXTURE_RULES), "--out", str(out), "--config", config])
    said = capsys.readouterr()
    assert code == 0, said.err
    assert re.fullmatch(r"Site built: 9 pages in \S+ \([\d.]+ s\); open \S+index\.html\n", said.out)
    assert (out / "rules/hostile/terror.html").is_file()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["site", "serve", "--port", "0"], "referee site: argument --port: must be a port number (1-65535), not '0'"),
        (["site", "publish"], "referee site: argument action: invalid choice: 'publish' (choose from 'build', 'serve')"),
        (["site", "build", "--rules-src", "/no/such/folder"], "referee: error: rules folder not found: /no/such/folder"),
        (["site", "build", "--config", "/no/such.yml", "--rules-src", str(FIXTURE_RULES)], "referee: error: no such configuration file: /no/such.yml"),
    ],
)
def test_site_command_errors_are_one_line(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(args) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[-1] == message


def test_a_bad_port_in_the_environment_is_named(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("REFEREE_SITE_PORT", "eighty")
    assert main(["site", "serve", "--rules-src", str(FIXTURE_RULES)]) == 2
    assert capsys.readouterr().err.strip().splitlines()[-1] == "referee: error: $REFEREE_SITE_PORT: must be a port number (1-65535), not 'eighty'"


def test_the_command_leaves_the_environment_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("REFEREE_RULES_SRC", raising=False)
    config = commands.write_config(str(tmp_path / "config"), open_rules(FIXTURE_RULES).whole())
    assert main(["site", "build", "--rules-src", str(FIXTURE_RULES), "--out", str(tmp_path / "out"), "--config", config]) == 0
    assert "REFEREE_RULES_SRC" not in os.environ


def _nav_pages(entries: list) -> list[str]:
    out: list[str] = []
    for entry in entries:
        for value in entry.values() if isinstance(entry, dict) else [entry]:
            out.extend(_nav_pages(value) if isinstance(value, list) else [value])
    return out


def test_every_page_of_the_guide_is_in_its_navigation() -> None:
    import yaml

    config = yaml.safe_load((PROJECT / "mkdocs.yml").read_text(encoding="utf-8"))
    assert sorted(_nav_pages(config["nav"])) == sorted(p.name for p in (PROJECT / "docs").glob("*.md"))
    assert "referee" in config["plugins"] and config["use_directory_urls"] is False


@pytest.mark.slow
def test_the_projects_own_site_builds_strictly(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """`make run`'s site: the guide and the rules, where any warning (a broken link) fails."""
    monkeypatch.chdir(tmp_path)
    assert main(["site", "build", "--out", "site"]) == 0, capsys.readouterr().err
    home = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert 'href="site.html"' in home and 'href="rules/t9a/index.html"' in home
    assert (tmp_path / "site" / "rules" / "t9a" / "fear.html").is_file()


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> str | None:
    import urllib.request

    try:
        with urllib.request.urlopen(url, timeout=5) as answer:
            return answer.read().decode("utf-8")
    except OSError:
        return None


def _wait_for(condition: object, seconds: float) -> bool:
    import time

    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.2)
    return False


@pytest.mark.slow
def test_serve_rebuilds_when_a_rule_document_changes(tmp_path: Path) -> None:
    """`referee site serve` (what `make run` starts): served on the port asked, rebuilt on an edit."""
    import shutil

    rules = shutil.copytree(FIXTURE_RULES, tmp_path / "rules")
    config = commands.write_config(str(tmp_path / "config"), open_rules(rules).whole())
    port = _free_port()
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    server = subprocess.Popen(
        [sys.executable, "-m", "referee.cli.commands", "site", "serve", "--rules-src", str(rules), "--config", config, "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
    )
    url = f"http://127.0.0.1:{port}/rules/hostile/stubborn.html"
    try:
        assert _wait_for(lambda: _get(url) is not None, 120), "the site was not served"
        assert "Steadfast" not in (_get(url) or "")
        document = rules / "hostile" / "rules.txt"
        document.write_text(document.read_text(encoding="utf-8").replace("is immune to Fear.", "is immune to Fear. It is Steadfast."), encoding="utf-8")
        assert _wait_for(lambda: "It is Steadfast." in (_get(url) or ""), 120), "the edit never reached the page"
    finally:
        server.terminate()
        output = server.communicate(timeout=30)[0]
    assert f"Serving on http://127.0.0.1:{port}/" in output
    assert "pages as in the build before, kept" in output  # the rebuild laid out only what changed


def test_a_taken_port_is_named(tmp_path: Path) -> None:
    """serve_site on a port another program listens on: one line naming the port, no hang."""
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "index.md").write_text("# Rules\n", encoding="utf-8")
    config = tmp_path / "mkdocs.yml"
    config.write_text("site_name: Rules\ndocs_dir: docs\n", encoding="utf-8")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code = (
            "from referee.errors import RulesError\n"
            "from referee.site.commands import serve_site\n"
            f"try:\n    serve_site({str(config)!r}, {port})\n"
            "except RulesError as err:\n    print(err.message)\n"
        )
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert done.stdout == f"cannot serve on 127.0.0.1:{port}: Address already in use; give another with --port\n", done.stderr


def test_pages_search_through_our_worker_which_loads_the_themes(corpus_site: BuiltSite) -> None:
    root = corpus_site.root
    theirs = [p.name for p in (root / "assets/javascripts/workers").glob("search.*.min.js")]
    assert len(theirs) == 1
    ours = (root / "assets/javascripts/workers/referee-search.js").read_text(encoding="utf-8")
    assert f'importScripts("{theirs[0]}")' in ours
    for page in ("rules/t9a/fear.html", "index.html", "404.html"):
        html = (root / page).read_text(encoding="utf-8")
        assert 'workers/referee-search.js"' in html and theirs[0] not in html, page
