"""A speech-dispatcher started by the program itself, found and stopped at exit.

How it is started: when no speech-dispatcher answers on its socket, the
``speechd`` client starts one ("autospawn") by running ``speech-dispatcher
--spawn --communication-method unix_socket --socket-path PATH``.  The server
forks into a session of its own, so it outlives the program; it loads its
output modules (``sd_espeak-ng``) before it forks, and they stay in the
program's process group.

Why it stays: the server means to stop by itself five seconds after its last
client leaves, but its shutdown hangs (speech-dispatcher 0.11 on Debian 12:
the log ends with "Closing module espeak-ng" and the server waits on a lock
for ever).  SIGTERM starts that same shutdown, so the server seems to ignore
it; only SIGKILL ends it.

What is done here: before connecting, ``SpawnWatch`` notes whether a server
answers on the socket the client will use.  If none did and one does after
connecting, the program started it: ``SpawnedServer`` keeps its process id
(a speech-dispatcher started since, serving that socket, as its pid file
says), its start time (so that a reused number is never signalled) and its
modules.
``SpawnedServer.stop`` asks it to stop with SIGTERM, then ends it and its
modules with SIGKILL after a short grace, and removes the socket and pid
files it leaves.  A server that was running before is never touched.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

SERVER_NAME = "speech-dispatch"
"""The server's process name as the kernel keeps it (15 characters)."""
GRACE = 0.1
"""Seconds a server is given to stop on SIGTERM before SIGKILL."""
if sys.platform == "win32":
    _KILL = signal.SIGTERM  # Windows has no SIGKILL; there os.kill ends a process with any signal
else:
    _KILL = signal.SIGKILL


def socket_path(environ: dict[str, str] | None = None) -> Path | None:
    """The Unix socket the ``speechd`` client connects to (its own rules), or None for a TCP address
    (and on Windows, where speech-dispatcher does not run and Python has no Unix sockets)."""
    if sys.platform == "win32":
        return None
    env = os.environ if environ is None else environ
    address = env.get("SPEECHD_ADDRESS")
    if address:
        method, _, rest = address.partition(":")
        if method != "unix_socket":
            return None
        if rest:
            return Path(rest.split(":")[0])
    elif env.get("SPEECHD_SOCKET"):
        return Path(env["SPEECHD_SOCKET"])
    home = os.path.expanduser("~")
    runtime = env.get("XDG_RUNTIME_DIR", env.get("XDG_CACHE_HOME", os.path.join(home, ".cache")))
    return Path(runtime) / "speech-dispatcher" / "speechd.sock"


SOCKET_ADDRESS_BYTES = 104 if sys.platform == "darwin" else 108
"""The room for a Unix socket's path in its address (``sun_path``), its closing NUL byte included."""


def socket_too_long(path: Path) -> bool:
    """Whether ``path`` is too long to be a Unix socket's address.

    speech-dispatcher then listens at a path cut short, where no client finds
    it, and a server started for the program could never be stopped.

    >>> socket_too_long(Path("/run/user/1000/speech-dispatcher/speechd.sock"))
    False
    >>> socket_too_long(Path("/home/" + "x" * 100 + "/speechd.sock"))
    True
    """
    return len(os.fsencode(path)) >= SOCKET_ADDRESS_BYTES


def _connect(path: Path) -> socket.socket | None:
    if sys.platform == "win32":
        return None  # no AF_UNIX in Windows' socket module
    probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    probe.settimeout(1.0)
    try:
        probe.connect(str(path))
    except OSError:
        probe.close()
        return None
    return probe


def answers(path: Path) -> bool:
    """Whether a server accepts connections on ``path``."""
    probe = _connect(path)
    if probe is None:
        return False
    probe.close()
    return True


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the name (state first), or None once it has ended."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return None if fields[0] in ("Z", "X") else fields


def _start_time(pid: int) -> str | None:
    fields = _stat(pid)
    return fields[19] if fields else None


def _name(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/comm").read_text().strip()
    except OSError:
        return ""


def _now_ticks() -> int:
    """Now, in the clock ticks since boot that /proc/PID/stat gives start times in."""
    if sys.platform == "win32":
        return 0  # no /proc and no sysconf: as when /proc/uptime cannot be read
    try:
        return int(float(Path("/proc/uptime").read_text().split()[0]) * os.sysconf("SC_CLK_TCK"))
    except (OSError, ValueError, IndexError):
        return 0


def _modules(pid: int, since: int = 0) -> dict[int, str]:
    """The server's output modules (``sd_*``) with their start times: its
    children, and those it started before going into the background, left in
    our own process group with no parent but init (started at ``since`` ticks
    or later, so never a module of an older server)."""
    found: dict[int, str] = {}
    if sys.platform == "win32":
        return found  # no /proc and no process groups
    group = str(os.getpgrp())
    with contextlib.suppress(OSError):
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            fields = _stat(int(entry.name))
            if not fields or not _name(int(entry.name)).startswith("sd_"):
                continue
            if fields[1] == str(pid) or (fields[1] == "1" and fields[2] == group and int(fields[19]) >= since):
                found[int(entry.name)] = fields[19]
    return found


@dataclass
class SpawnedServer:
    """A speech-dispatcher this program started: its process, its modules and its socket."""

    pid: int
    started: str
    socket: Path
    modules: dict[int, str] = field(default_factory=dict)
    since: int = 0

    def alive(self) -> bool:
        """Whether the server is still the process noted (not ended, not a reused number)."""
        return _start_time(self.pid) == self.started

    def stop(self, grace: float = GRACE) -> bool:
        """Stop the server and its modules; True if they are gone.  Takes at most about ``grace`` + 0.2 s."""
        self.modules.update(_modules(self.pid, self.since) if self.alive() else {})
        self._signal(self.pid, self.started, signal.SIGTERM)
        if not _wait_gone(self.alive, grace):
            self._signal(self.pid, self.started, _KILL)
        for pid, started in self.modules.items():
            self._signal(pid, started, _KILL)
        gone = _wait_gone(lambda: self.alive() or any(_start_time(p) == s for p, s in self.modules.items()), 0.2)
        if gone:
            # A killed server leaves its socket and pid file: a later client would find them stale.
            with contextlib.suppress(OSError):
                self.socket.unlink()
            with contextlib.suppress(OSError):
                (self.socket.parent / "pid" / "speech-dispatcher.pid").unlink()
        return gone

    @staticmethod
    def _signal(pid: int, started: str, number: int) -> None:
        if _start_time(pid) == started:
            with contextlib.suppress(OSError):
                os.kill(pid, number)


def _wait_gone(alive, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while alive():
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.01)
    return True


class SpawnWatch:
    """Tells whether connecting started a speech-dispatcher: made before connecting, asked after."""

    def __init__(self) -> None:
        self.socket = socket_path()
        self.since = _now_ticks() - 1
        self.was_running = self.socket is None or answers(self.socket)

    def spawned(self) -> SpawnedServer | None:
        """The server the connection started, or None if one was running already (or none runs)."""
        if self.was_running or self.socket is None or not answers(self.socket):
            return None
        pid = _spawned_server_pid(self.socket, self.since)
        if pid is None:
            return None
        started = _start_time(pid)
        if started is None:
            return None
        return SpawnedServer(pid, started, self.socket, _modules(pid, self.since), self.since)


def _spawned_server_pid(path: Path, since: int) -> int | None:
    """The speech-dispatcher started at ``since`` ticks or later to serve ``path``.

    The socket's peer credentials name the process that made the socket,
    which has gone by the time the server runs in the background; the server
    writes its pid file, and its command line names the socket.
    """
    candidates: list[int] = []
    with contextlib.suppress(OSError, ValueError):
        candidates.append(int((path.parent / "pid" / "speech-dispatcher.pid").read_text().split()[0]))
    with contextlib.suppress(OSError):
        candidates += [int(entry.name) for entry in Path("/proc").iterdir() if entry.name.isdigit()]
    for pid in candidates:
        fields = _stat(pid)
        if not fields or int(fields[19]) < since or _name(pid) != SERVER_NAME or pid == os.getpid():
            continue
        try:
            arguments = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if os.fsencode(str(path)) in arguments:
            return pid
    return None
