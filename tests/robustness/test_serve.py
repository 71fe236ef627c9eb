"""``referee site serve`` listens on 127.0.0.1 only and serves nothing outside the built site.

The server is MkDocs' own (live reload); it runs here as users run it, in
a subprocess on a free port, and is asked for files outside its site in
the ways a browser or a script could: ``..`` raw and percent-encoded,
backslashes, absolute paths, the rules folder beside it.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import manifest, write_system
from tests.robustness.processes import PATIENCE, env, rules_only_config

pytestmark = pytest.mark.slow  # builds and serves a site in a subprocess: a few seconds

SECRET = "swordfish"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _get(port: int, target: str) -> tuple[int, bytes]:
    """The status and body of ``GET target``, the target sent byte for byte (no client tidies it)."""
    with socket.create_connection(("127.0.0.1", port), timeout=30) as conn:
        conn.sendall(f"GET {target} HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n".encode("latin-1"))
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    return int(head.split()[1]), body


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[int, Path]]:
    """A tiny system's site, served; the port and the folder holding the rules and a secret file."""
    base = tmp_path_factory.mktemp("serve")
    (base / "secret.txt").write_text(SECRET, encoding="utf-8")
    src = write_system(base / "src", "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    config = rules_only_config(src, base / "config")
    port = _free_port()
    log = (base / "server.log").open("w")  # a file, not a pipe: a full pipe would stall the server
    server = subprocess.Popen(
        [sys.executable, "-m", "referee.cli", "site", "serve", "--rules-src", str(src), "--port", str(port), "--config", config],
        env=env(base / "cache"),
        stdout=subprocess.DEVNULL,
        stderr=log,
        cwd=base,
    )
    try:
        deadline = time.monotonic() + PATIENCE
        while True:
            assert server.poll() is None, (base / "server.log").read_text()
            try:
                if _get(port, "/")[0] == 200:
                    break
            except OSError:
                pass
            assert time.monotonic() < deadline, "the site was not served in time"
            time.sleep(0.1)
        yield port, base
    finally:
        server.terminate()
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
        log.close()


def _listening_addresses(port: int) -> set[str]:
    """The local addresses of sockets listening on ``port`` (from /proc/net/tcp and tcp6)."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            rows = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for row in rows:
            local, state = row.split()[1], row.split()[3]
            address, _, hex_port = local.partition(":")
            if state == "0A" and int(hex_port, 16) == port:  # 0A: LISTEN
                found.add(address)
    return found


def test_it_listens_on_the_loopback_address_only(served: tuple[int, Path]) -> None:
    port, _ = served
    if not Path("/proc/net/tcp").exists():
        pytest.skip("no /proc/net/tcp to read listening sockets from")
    assert _listening_addresses(port) == {"0100007F"}  # 127.0.0.1, little-endian hex


def test_the_site_itself_is_served(served: tuple[int, Path]) -> None:
    port, _ = served
    status, body = _get(port, "/rules/demo/gloom.html")
    assert status == 200 and b"Models with Gloom sulk." in body


OUTSIDE = [
    "/../secret.txt",
    "/../../secret.txt",
    "/../../../../../../etc/passwd",
    "/%2e%2e/secret.txt",
    "/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
    "/..%2fsecret.txt",
    "/..%2f..%2f..%2f..%2f..%2fetc%2fpasswd",
    "/%2e%2e%2f%2e%2e%2fsecret.txt",
    "/..\\secret.txt",
    "/..%5csecret.txt",
    "/%252e%252e/secret.txt",
    "//etc/passwd",
    "/etc/passwd",
    "/rules/../../secret.txt",
    "/./../src/demo/system.toml",
    "/%c0%ae%c0%ae/secret.txt",
    "/..%00/secret.txt",  # MkDocs answers 500 (open() refuses the NUL byte): nothing is served
]


@pytest.mark.parametrize("target", OUTSIDE)
def test_nothing_outside_the_site_is_served(served: tuple[int, Path], target: str) -> None:
    port, _ = served
    status, body = _get(port, target)
    assert SECRET.encode() not in body and b"root:" not in body and b'id = "demo"' not in body, (status, body[:200])
    assert status >= 400 or (status == 200 and b"<html" in body.lower()[:2000]), status  # an error, or a page of the site
    assert _get(port, "/rules/demo/gloom.html")[0] == 200  # and the server is still up
