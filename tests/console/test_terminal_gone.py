"""Leaving the game when its terminal has gone (a closed window, a killed tmux)."""

from __future__ import annotations

import os
import pty

from rook_access.console.lines import TerminalLines


class _Stdin:
    def __init__(self, fd: int) -> None:
        self._fd = fd

    def fileno(self) -> int:
        return self._fd


def test_letting_go_of_held_keys_on_a_terminal_that_has_gone_raises_nothing(monkeypatch):
    """Restoring a hung-up terminal's settings fails: that must not turn a clean exit into an error."""
    master, slave = pty.openpty()
    try:
        monkeypatch.setattr("sys.stdin", _Stdin(slave))
        held = TerminalLines.keys_held(None)  # type: ignore[arg-type]  # it reads only sys.stdin
        held.__enter__()
        os.close(master)  # the window closes: the terminal hangs up
        master = -1
        held.__exit__(None, None, None)
    finally:
        os.close(slave)
        if master >= 0:
            os.close(master)
