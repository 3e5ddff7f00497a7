"""A program on a pseudo-terminal, read as it writes, with no tmux between: for timing keys to answers."""

from __future__ import annotations

import os
import pty
import select
import subprocess
import time
from pathlib import Path


class Pty:
    """A program on a pseudo-terminal: what it writes, and keys typed to it, with their times."""

    def __init__(self, args: list[str], cwd: Path, env: dict[str, str] | None = None) -> None:
        self.master, slave = pty.openpty()
        environment = dict(os.environ, TERM="xterm", PYTHONPATH=str(Path(__file__).resolve().parents[2]))
        environment.update(env or {})
        self.process = subprocess.Popen(
            args, stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=environment, close_fds=True
        )
        os.close(slave)
        self.output = b""

    def read_until(self, text: bytes, timeout: float = 20.0, after: int = 0) -> float:
        """Read until ``text`` has been written after byte ``after``; the time it was seen."""
        end = time.monotonic() + timeout
        while text not in self.output[after:]:
            left = end - time.monotonic()
            assert left > 0, f"{text!r} not seen in {self.output[after:][-3000:]!r}"
            ready, _, _ = select.select([self.master], [], [], min(left, 0.002))
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:
                    break
        return time.monotonic()

    def type(self, keys: bytes) -> float:
        """Type ``keys``; the time they were typed."""
        at = time.monotonic()
        os.write(self.master, keys)
        return at

    def text(self) -> str:
        """Everything written so far, as text."""
        return self.output.decode("utf-8", "replace")

    def close(self) -> None:
        """End the program."""
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        os.close(self.master)
