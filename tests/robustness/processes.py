"""Running ``referee`` in a subprocess with a cache folder of its own, and killing it part-way."""

from __future__ import annotations

import hashlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

PATIENCE = 120.0  # seconds a command may take on a busy 2-core machine before the test gives up


def env(cache: Path) -> dict[str, str]:
    # a fixed SOURCE_DATE_EPOCH: two builds of one site are then byte for byte the same
    return {**os.environ, "REFEREE_CACHE_DIR": str(cache), "NO_COLOR": "1", "SOURCE_DATE_EPOCH": "1700000000"}


def referee(cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "referee.cli.commands", *args], env=env(cache), capture_output=True, text=True, timeout=PATIENCE
    )


def start(cache: Path, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "referee.cli.commands", *args],
        env=env(cache),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )


def kill_when(process: subprocess.Popen[str], ready: Callable[[], bool]) -> bool:
    """SIGKILL ``process`` as soon as ``ready()`` holds; False if it ended first."""
    deadline = time.monotonic() + PATIENCE
    while process.poll() is None and time.monotonic() < deadline:
        if ready():
            process.send_signal(signal.SIGKILL)
            process.wait()
            return True
        time.sleep(0.002)
    process.wait()
    return False


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under ``folder`` by relative path, with a hash of its bytes; read again when
    a file listed was gone when read (a build replaced the folder meanwhile)."""
    for _ in range(100):
        out = {}
        try:
            for path in sorted(folder.rglob("*")):
                if path.is_file():
                    out[path.relative_to(folder).as_posix()] = hashlib.blake2b(path.read_bytes(), digest_size=8).hexdigest()
        except FileNotFoundError:
            continue
        return out
    raise AssertionError(f"{folder} kept changing while it was read")


def temporary_files(folder: Path) -> list[Path]:
    """Files a build writes aside before renaming them into place."""
    return [p for p in folder.rglob("*") if p.name.startswith(".") or p.name.endswith((".tmp", "-journal", "-wal"))]


def rules_only_config(rules_src: Path, folder: Path) -> str:
    """The configuration ``referee site`` makes for a rules folder alone (no guide): the
    site tests then depend on the rules they build, not on the state of docs/."""
    from referee.store.record import assemble
    from referee.site.commands import write_config

    return write_config(str(folder), assemble(rules_src))
