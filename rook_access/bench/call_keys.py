"""Benchmark: the time from a call's key to the program's answer, at a real terminal.

Run ``python -m rook_access.bench.call_keys``.  The program is started on a
pseudo-terminal (no tmux or terminal emulator between, so the time is the
program's own) for a game of I Doubt It at 3 players with plain output.  At
every doubt window (``Doubt? d``) the benchmark presses ``d`` alone and
times it until the line ``You doubt ...`` has been written; at its own turn
it plays the card the hint names.  The target is every answer within 50 ms.
Posix systems only (a pseudo-terminal).
"""

from __future__ import annotations

import argparse
import os
import re
import select
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_MS = 50.0
"""Every call must be answered within this many milliseconds."""


def _open_pty() -> tuple[int, int]:
    """A pseudo-terminal's two ends (Linux and macOS)."""
    if sys.platform == "win32":
        raise OSError("a pseudo-terminal needs Linux or macOS")
    import pty

    return pty.openpty()


class _Terminal:
    """The program on a pseudo-terminal."""

    def __init__(self, args: list[str], home: Path) -> None:
        self.output = b""
        self.master, slave = _open_pty()
        package = str(Path(__file__).resolve().parents[2])
        path = os.pathsep.join(filter(None, [package, os.environ.get("PYTHONPATH", "")]))
        env = dict(os.environ, TERM="xterm", ROOK_ACCESS_CONFIG_DIR=str(home / "config"),
                   ROOK_ACCESS_DATA_DIR=str(home / "data"), PYTHONPATH=path)  # fmt: skip
        (home / "config").mkdir(parents=True, exist_ok=True)
        (home / "config" / "settings.toml").write_text('variant = "partnership"\n', encoding="utf-8")
        self.process = subprocess.Popen([sys.executable, "-m", "rook_access", *args], stdin=slave, stdout=slave,
                                        stderr=slave, cwd=home, env=env, close_fds=True)  # fmt: skip
        os.close(slave)
        self.output = b""

    def wait(self, pattern: bytes, after: int, timeout: float = 20.0) -> tuple[float, re.Match[bytes]]:
        end = time.monotonic() + timeout
        regex = re.compile(pattern)
        while True:
            found = regex.search(self.output, after)
            if found:
                return time.monotonic(), found
            left = end - time.monotonic()
            if left <= 0 or self.process.poll() is not None and not select.select([self.master], [], [], 0)[0]:
                raise TimeoutError(f"{pattern!r} not seen")
            ready, _, _ = select.select([self.master], [], [], min(left, 0.002))
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError as error:
                    raise TimeoutError(f"{pattern!r} not seen: the program has gone") from error

    def type(self, keys: bytes) -> float:
        at = time.monotonic()
        os.write(self.master, keys)
        return at

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
        self.process.wait()
        os.close(self.master)


def measure(calls: int, seed: int) -> list[float]:
    """The milliseconds from ``d`` to ``You doubt``, for ``calls`` calls in games from ``seed`` on."""
    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="rook-call-keys-") as folder:
        game = seed
        fruitless = 0
        while len(times) < calls and fruitless < 3:
            before = len(times)
            term = _Terminal(["--variant", "i-doubt-it", "--players", "3", "--seed", str(game), "--output", "plain",
                              "--level", "easy", "--reading-speed", "900"], Path(folder) / str(game))  # fmt: skip
            mark = 0
            try:
                while len(times) < calls:
                    _, found = term.wait(rb"Doubt\? d|Your turn, call \d+|Press Enter to go on|Game over|wins", mark)
                    mark = found.end()
                    if found.group(0).startswith(b"Doubt"):
                        time.sleep(0.05)  # a person's key comes after the prompt
                        typed = term.type(b"d")
                        answered, found = term.wait(rb"You doubt ", mark)
                        mark = found.end()
                        times.append(1000 * (answered - typed))
                    elif found.group(0).startswith(b"Your turn"):
                        term.type(b"hint\r")
                        _, found = term.wait(rb"You hold[^\r\n]*?play (\d+[rxyg])", mark)
                        term.type(b"play " + found.group(1) + b"\r")
                        _, found = term.wait(rb"You play ", found.end())
                        mark = found.end()
                    elif found.group(0).startswith(b"Press Enter"):
                        term.type(b"\r")
                    else:
                        break
            except TimeoutError:
                pass
            finally:
                term.close()
            game += 1
            fruitless = fruitless + 1 if len(times) == before else 0
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--calls", type=int, default=40, help="how many calls to time (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    args = parser.parse_args(argv)
    if sys.platform == "win32":
        print("This benchmark needs a pseudo-terminal: Linux or macOS.")
        return 1
    times = measure(args.calls, args.seed)
    if not times:
        print("No call was timed.")
        return 1
    ordered = sorted(times)
    p95 = ordered[max(0, round(0.95 * len(ordered)) - 1)]
    print(f"{len(times)} calls: median {statistics.median(times):.1f} ms, 95th percentile {p95:.1f} ms, "
          f"slowest {max(times):.1f} ms; target {TARGET_MS:g} ms.")  # fmt: skip
    return 0 if max(times) <= TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
