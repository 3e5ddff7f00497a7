"""A real Redis for the tests and benchmarks of servers sharing one: Debian's ``redis-server`` on a free
loopback port, in a folder of its own, saving nothing to disk."""

from __future__ import annotations

import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

STARTING = 10.0
"""Seconds a Redis has to answer a PING after it starts."""


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def running_redis(folder: Path) -> Iterator[str]:
    """Start ``redis-server`` in ``folder`` (made, and removed after) on loopback, without snapshots or an
    append-only file; its URL while it runs, then it is killed.  ``AssertionError`` in one line if there is no
    ``redis-server`` or it does not start."""
    import redis  # the test extra's: only the tests and benchmarks of shared servers need it

    program = shutil.which("redis-server")
    assert program is not None, "redis-server is missing: sudo apt install redis-server (Debian's package)"
    folder.mkdir(parents=True, exist_ok=True)
    log = folder / "redis.log"
    for _ in range(5):  # a free port can be taken by another program between the probe and the start
        port = _free_port()
        process = subprocess.Popen(
            [program, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(folder), "--save", "",
             "--appendonly", "no", "--daemonize", "no", "--logfile", str(log)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        url = f"redis://127.0.0.1:{port}/0"
        client = redis.Redis.from_url(url, socket_connect_timeout=1.0)
        answered = False
        deadline = time.monotonic() + STARTING
        try:
            while not answered and process.poll() is None and time.monotonic() < deadline:
                try:
                    answered = bool(client.ping())
                except redis.ConnectionError:
                    time.sleep(0.05)
            if answered:
                yield url
        finally:
            client.close()
            if process.poll() is None:
                process.kill()
            process.wait(timeout=30)
        if answered:
            shutil.rmtree(folder, ignore_errors=True)
            return
    said = log.read_text(encoding="utf-8", errors="replace")[-1000:] if log.exists() else "no log"
    raise AssertionError(f"redis-server did not start: {said}")
