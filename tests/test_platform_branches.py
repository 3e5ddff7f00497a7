"""Windows-only branches that mypy's ``--platform win32`` check found wrong,
run here with ``sys.platform`` set to ``win32`` and the POSIX-only modules and
names taken away, as Windows' standard library lacks them."""

from __future__ import annotations

import socket
import sys

from rook_access.console.lines import TerminalLines
from rook_access.output.speechd_server import SpawnWatch, socket_path


def _as_on_windows(monkeypatch):
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.delattr(socket, "AF_UNIX", raising=False)
    monkeypatch.setitem(sys.modules, "termios", None)  # ``import termios`` raises ImportError


def test_the_speech_dispatcher_watch_stands_aside_on_windows(monkeypatch):
    # Choosing the screen reader made a SpawnWatch, which reached for
    # socket.AF_UNIX: an AttributeError on Windows.
    _as_on_windows(monkeypatch)
    monkeypatch.setenv("SPEECHD_SOCKET", "/nowhere/speechd.sock")
    watch = SpawnWatch()
    assert watch.was_running and watch.spawned() is None
    assert socket_path() is None


def test_keys_are_held_between_prompts_without_termios_on_windows(monkeypatch):
    # keys_held imported termios, which Windows does not have.
    _as_on_windows(monkeypatch)
    lines = object.__new__(TerminalLines)  # keys_held uses no state of a live prompt
    entered = []
    with lines.keys_held():
        entered.append(True)
    assert entered == [True]
