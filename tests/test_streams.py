"""What the user or the machine did is never an internal error (issue 23): a full disk, a closed
standard stream, an output that cannot carry every character.

Each case gives one line naming the cause and exit status 2 (or what the command documents),
never "internal error" (status 70).  The streams are closed or redirected by a shell, as a user
would do it, in a subprocess; a full cache folder is simulated in-process by the error SQLite and
the kernel raise for it.
"""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from referee.cli.commands import main
from tests.conftest import manifest, write_system

RULES = "Gloom\n\nModels with Gloom sulk.\n\nTodesstoß\n\nA rule with a sharp name.\n"
REFEREE = f"{sys.executable} -m referee.cli.commands"


@pytest.fixture(scope="module")
def src(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = write_system(tmp_path_factory.mktemp("streams") / "src", "demo", manifest("demo"), {"rules.txt": RULES})
    assert main(["build", "--rules-src", str(root)]) == 0  # built once: the cases below read the cache
    return root


def _shell(command: str, src: Path, **env: str) -> subprocess.CompletedProcess[bytes]:
    """``command`` (with ``referee`` standing for this checkout's) run by sh, as a user types it."""
    line = command.replace("referee ", f"{REFEREE} ", 1).replace("RULES", str(src))
    environment = {**os.environ, "NO_COLOR": "1", **env}
    return subprocess.run(["sh", "-c", line], capture_output=True, env=environment, timeout=120)


CLOSED_OUT = b"referee: error: standard output is closed (>&-): nothing could be written; redirect it to a file or /dev/null instead\n"
CLOSED_IN = b"referee: error: standard input is closed (<&-): nothing to read; give it a file or a pipe\n"
FULL = b"referee: error: writing standard output: no space left on device; free some space and run it again\n"


@pytest.mark.parametrize(
    ("command", "error"),
    [
        ("referee list --rules-src RULES >&-", CLOSED_OUT),
        ("referee show Gloom --json --rules-src RULES >&-", CLOSED_OUT),
        ("referee parse - --rules-src RULES <&-", CLOSED_IN),
        ("referee shell --rules-src RULES <&-", CLOSED_IN),
        ("referee list --rules-src RULES >/dev/full", FULL),
        ("referee show Gloom --json --rules-src RULES >/dev/full", FULL),
    ],
)
def test_a_closed_or_full_stream_is_one_line_and_status_2(command: str, error: bytes, src: Path) -> None:
    if "/dev/full" in command and not os.path.exists("/dev/full"):
        pytest.skip("this system has no /dev/full")
    done = _shell(command, src)
    assert (done.returncode, done.stderr) == (2, error)


@pytest.mark.parametrize("env", [{"PYTHONIOENCODING": "ascii"}, {"LC_ALL": "C", "PYTHONUTF8": "0", "PYTHONIOENCODING": ""}], ids=["PYTHONIOENCODING", "C locale"])
def test_an_ascii_output_writes_what_it_can_and_still_finds_what_is_typed(env: dict[str, str], src: Path) -> None:
    done = _shell("referee lookup Todesstoß --rules-src RULES", src, **env)
    assert (done.returncode, done.stderr) == (0, b"")
    assert b"Todessto\\xdf" in done.stdout and b"A rule with a sharp name." in done.stdout
    done = _shell("referee lookup Todesstoß --json --rules-src RULES", src, **env)
    assert done.returncode == 0 and json.loads(done.stdout)["results"][0]["name"] == "Todesstoß"
    assert done.stdout.isascii()
    done = _shell("echo 'Todesstoß (D3)' | referee parse - --rules-src RULES", src, **env)
    assert done.returncode == 0 and json.loads(done.stdout)["input"] == "Todesstoß (D3)"


def test_a_full_disk_on_standard_output_in_process(src: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    class Full:
        encoding = "utf-8"

        def write(self, _text: str) -> int:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        def flush(self) -> None:
            pass

        def isatty(self) -> bool:
            return False

        def fileno(self) -> int:
            raise ValueError("no file")

    monkeypatch.setattr(sys, "stdout", Full())
    assert main(["list", "--rules-src", str(src)]) == 2
    assert capsys.readouterr().err == FULL.decode()


@pytest.mark.parametrize(
    "failure",
    [
        lambda: __import__("sqlite3").OperationalError("database or disk is full"),
        lambda: OSError(errno.ENOSPC, os.strerror(errno.ENOSPC)),
    ],
    ids=["sqlite full", "ENOSPC"],
)
def test_a_full_cache_folder_only_costs_speed(
    failure: object, tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cache cannot be written: the answer is given all the same, and no half build is left."""
    import sqlite3

    from referee.store import writer

    rules = write_system(tmp_path / "src", "demo", manifest("demo"), {"rules.txt": RULES})

    real = writer._write

    def full(db: object, file: str | None, *args: object) -> None:  # the store's file cannot take the rows; memory can
        if file is not None:
            raise failure()  # type: ignore[operator]
        real(db, file, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(writer, "_write", full)
    assert main(["lookup", "Gloom", "--rules-src", str(rules)]) == 0
    out, err = capsys.readouterr()
    assert "Models with Gloom sulk." in out and err == ""
    for store in private_cache.rglob("rules.sqlite"):  # made, and its transaction rolled back: no row of a build
        db = sqlite3.connect(store)
        assert [db.execute(f"SELECT count(*) FROM {t}").fetchone()[0] for t in ("meta", "rules", "systems")] == [0, 0, 0]
        db.close()


def test_an_unexpected_sqlite_error_is_still_a_bug(tmp_path: Path, private_cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the errors that say the disk cannot be written are forgiven: a wrong query stays loud."""
    import sqlite3

    from referee.store import writer

    rules = write_system(tmp_path / "src", "demo", manifest("demo"), {"rules.txt": RULES})

    def broken(*_args: object, **_kwargs: object) -> None:
        raise sqlite3.OperationalError("no such column: nme")

    monkeypatch.setattr(writer, "write_system", broken)
    assert main(["lookup", "Gloom", "--rules-src", str(rules)]) == 70
    assert "internal error: OperationalError: no such column: nme" in capsys.readouterr().err
