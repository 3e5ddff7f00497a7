"""A real BRLTTY with its virtual braille driver, the test playing the display.

BRLTTY's ``vr`` driver connects to "the display" over a socket and sends it
the cells to show as text lines (``Braille "2|256|1235| |..."``); the display
can send BRLTTY's commands back (``FWinRt`` pans right).  Each harness runs
its own BRLTTY with its own BrlAPI host number and ``auth=none``, so nothing
touches a BRLTTY the machine may have.
"""

from __future__ import annotations

import contextlib
import shutil
import socket
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

from rook_access.braille.display import load_brlapi

BRLAPI_SOCKETS = Path("/var/lib/BrlAPI")
BRLTTY = shutil.which("brltty") or "/usr/bin/brltty"


def dots_to_cells(field: str) -> str:
    """``"2|256|1235| "`` → ``"⠂⠲⠗⠀"`` (trailing blanks dropped)."""
    cells = []
    for cell in field.split("|"):
        bits = 0
        for dot in cell.strip():
            bits |= 1 << (int(dot) - 1)
        cells.append(chr(0x2800 + bits))
    return "".join(cells).rstrip("\u2800")


def _free_host_number() -> int:
    for number in range(17, 100):
        if not (BRLAPI_SOCKETS / str(number)).exists():
            return number
    raise RuntimeError("no free BrlAPI host number")


class VirtualDisplay:
    """BRLTTY started headless with the virtual driver; ``windows`` are the cells it sent, in order."""

    def __init__(self, folder: Path, cells: int = 40, timeout: float = 15.0) -> None:
        self.folder = folder
        self.socket_path = folder / "vr.sock"
        self.number = _free_host_number()
        self.host = f":{self.number}"
        self.windows: list[str] = []
        self._changed = threading.Condition()
        self.process = subprocess.Popen(
            [BRLTTY, "-n", "-e", "-q", "-b", "vr", "-d", f"server:{self.socket_path}", "-x", "no", "-s", "no",
             "-A", f"auth=none,host={self.host}", "-W", str(folder), "-U", str(folder), "-P", str(folder / "pid")],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )  # fmt: skip
        try:
            self._connect(cells, timeout)
        except Exception:
            self.close()
            raise

    def _connect(self, cells: int, timeout: float) -> None:
        deadline = time.monotonic() + timeout
        while not self.socket_path.exists():
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"brltty did not start: {self.process.stderr.read().decode()[-400:]}")  # type: ignore[union-attr]
            time.sleep(0.02)
        self.sock = socket.socket(socket.AF_UNIX)
        self.sock.connect(str(self.socket_path))
        self.sock.sendall(f"cells {cells}\n".encode())
        threading.Thread(target=self._read, daemon=True).start()
        brlapi = load_brlapi()
        assert brlapi is not None, "python3-brlapi is not installed"
        while True:  # BrlAPI is ready once a client can connect
            try:
                brlapi.Connection(self.host.encode(), b"none").closeConnection()
                break
            except Exception:
                if time.monotonic() > deadline:
                    raise RuntimeError("BrlAPI of the test's brltty did not answer") from None
                time.sleep(0.05)
        # The braille driver is up once it has shown BRLTTY's own first window ("No screen"): a client that
        # took the display before then was twice never shown at all, the display saying "No screen" for 30 s.
        self.wait_for(lambda window: True, timeout=max(0.1, deadline - time.monotonic()))

    def _read(self) -> None:
        with contextlib.suppress(OSError, ValueError):
            for raw in self.sock.makefile("rb"):
                line = raw.decode("utf-8", "replace").strip()
                if line.startswith("Braille "):
                    with self._changed:
                        self.windows.append(dots_to_cells(line.split('"')[1]))
                        self._changed.notify_all()

    @property
    def environment(self) -> dict[str, str]:
        """Environment variables that point a BrlAPI client at this display."""
        return {"BRLAPI_HOST": self.host, "BRLAPI_AUTH": "none"}

    def press(self, command: str) -> None:
        """Press a key of the display: one of BRLTTY's commands, like ``FWinRt``."""
        self.sock.sendall(f"{command}\n".encode())

    def wait_for(
        self, wanted: Callable[[str], bool], timeout: float = 30.0, start: int = 0,
        about: Callable[[], str] | None = None,
    ) -> str:
        """The first window from ``start`` on for which ``wanted`` is true; AssertionError on timeout,
        with what ``about`` says of the client (what it wrote, whether it lost the display)."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while True:
                for window in self.windows[start:]:
                    if wanted(window):
                        return window
                left = deadline - time.monotonic()
                if left <= 0:
                    client = f"; the client: {about()}" if about is not None else ""
                    raise AssertionError(f"the display never showed it; it showed {self.windows[-5:]}{client}")
                self._changed.wait(left)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.sock.close()
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(5)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
