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
        [sys.executable, "-m", "referee.cli.commands", "site", "serve", "--rules-src", str(src), "--port", str(port), "--config", config],
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


# -- a rebuild that fails keeps the last good site served (issue 23: requests hung) ---------


def test_a_failed_rebuild_keeps_serving_the_last_site_with_the_error_on_every_page(tmp_path: Path) -> None:
    src = write_system(tmp_path / "src", "demo", manifest("demo"), {"rules.txt": "Gloom\n\nModels with Gloom sulk.\n"})
    config = rules_only_config(src, tmp_path / "config")
    port = _free_port()
    log_file = tmp_path / "server.log"
    with log_file.open("w") as log:
        server = subprocess.Popen(
            [sys.executable, "-m", "referee.cli.commands", "site", "serve", "--rules-src", str(src), "--port", str(port), "--config", config],
            env=env(tmp_path / "cache"), stdout=subprocess.DEVNULL, stderr=log, cwd=tmp_path,
        )  # fmt: skip
        try:
            page = "/rules/demo/gloom.html"
            assert _until(lambda: _page(port, page)[0] == 200, server, log_file), "the site was not served"
            (src / "demo" / "rules.txt").write_bytes(b"Gloom\n\nModels with Gloom \xff sulk.\n")
            error = "src/demo/rules.txt:3: error: not valid UTF-8: byte 0xff cannot be decoded (save the file as UTF-8)"
            assert _until(lambda: "referee-build-error" in _page(port, page)[1], server, log_file), "no banner"
            for target in (page, "/index.html", "/rules/demo/index.html"):
                status, body = _page(port, target)  # answered, not held until the rules are fixed
                assert status == 200 and body.count('id="referee-build-error"') == 1, target
                assert error in body.replace("&#x27;", "'"), target
            assert "Models with Gloom sulk." in _page(port, page)[1]  # the last good site
            assert f"ERROR   -  referee: {error}; still serving the last site that built" in log_file.read_text()
            (src / "demo" / "rules.txt").write_text("Gloom\n\nModels with Gloom sulk loudly.\n", encoding="utf-8")
            assert _until(lambda: "sulk loudly" in _page(port, page)[1], server, log_file), "the fix was not served"
            assert "referee-build-error" not in _page(port, page)[1]
        finally:
            server.terminate()
            server.wait(timeout=30)


def _page(port: int, target: str) -> tuple[int, str]:
    try:
        status, body = _get(port, target)
    except OSError:
        return 0, ""
    return status, body.decode("utf-8", "replace")


def _until(condition: object, server: subprocess.Popen[bytes], log: Path) -> bool:
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        assert server.poll() is None, log.read_text()
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.2)
    return False
