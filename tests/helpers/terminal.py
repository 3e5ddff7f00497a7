"""Driving the program in a real terminal (tmux) as a person at the keyboard would."""

from __future__ import annotations

import fcntl
import os
import shlex
import struct
import subprocess
import sys
import termios
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from rook_access.console.session import NEW_OR_LEAVE
from tests.helpers import REPOSITORY

T = TypeVar("T")


class Terminal:
    """One tmux server of our own, with the program in its only window."""

    def __init__(
        self, args: list[str], home: Path, width: int = 200, height: int = 40, game_chosen: bool = True
    ) -> None:
        """``game_chosen``: the settings already name the game, as after a first start, so the
        program does not offer the list of games."""
        self.socket = f"rook-test-{uuid.uuid4().hex[:8]}"
        self.home = home
        settings = home / "config" / "settings.toml"
        if game_chosen and not settings.exists():
            settings.parent.mkdir(parents=True, exist_ok=True)
            settings.write_text('variant = "partnership"\n', encoding="utf-8")
        env = {
            "ROOK_ACCESS_CONFIG_DIR": str(home / "config"),
            "ROOK_ACCESS_DATA_DIR": str(home / "data"),
            "PYTHONPATH": str(REPOSITORY),
        }
        exports = " ".join(f"{name}={shlex.quote(value)}" for name, value in env.items())
        program = " ".join(shlex.quote(part) for part in [sys.executable, "-m", "rook_access", *args])
        self.command = f"env {exports} {program}; echo EXIT=$?; sleep 30"
        self._tmux(
            "-f", "/dev/null", "new-session", "-d", "-s", "game", "-x", str(width), "-y", str(height), self.command
        )
        self._tmux("set-option", "-t", "game", "history-limit", "20000")

    def _tmux(self, *args: str) -> str:
        done = subprocess.run(["tmux", "-L", self.socket, *args], capture_output=True, text=True, timeout=10)
        if done.returncode != 0:
            raise RuntimeError(f"tmux {' '.join(args)}: {done.stderr.strip()}")
        return done.stdout

    def screen(self) -> str:
        """Everything the terminal shows, scrollback included, trailing blanks dropped."""
        text = self._tmux("capture-pane", "-p", "-J", "-S", "-", "-t", "game")
        return "\n".join(line.rstrip() for line in text.splitlines()).rstrip("\n")

    def wait_for(self, text: str, timeout: float = 10.0, after: int = 0) -> str:
        """Wait until ``text`` shows (past the first ``after`` characters of the screen)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if text in screen[after:]:
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{text!r} did not appear; the screen shows:\n{self.screen()[-2000:]}")

    def wait_for_another(self, text: str, timeout: float = 10.0) -> str:
        """Type nothing; wait until ``text`` shows once more than it does now.

        Counting is safer than positions: the prompt line is redrawn, and lines
        printed above it move it.
        """
        return self.wait_for_count(text, self.screen().count(text) + 1, timeout)

    def ctrl_c_twice(self, notice: str, window: float, timeout: float = 5.0) -> str:
        """Ctrl-C, and again once ``notice`` (what the first press says) has shown, within ``window`` seconds
        of the first, as a person hearing the notice would; the screen once the program has ended.

        Two presses sent at once can reach a busy program as one: between prompts Ctrl-C is SIGINT, and
        the kernel keeps one signal pending, not two.  A first press whose notice came too late for the
        window (a loaded machine) is let lapse, and the pair is tried again.
        """
        for _ in range(3):
            said = self.screen().count(notice)
            pressed = time.monotonic()
            self.keys("C-c")
            self.wait_for_count(notice, said + 1, timeout)
            if time.monotonic() - pressed < window:
                self.keys("C-c")
                return self.wait_for("EXIT=0", timeout)
            time.sleep(window)
        raise AssertionError(f"no notice came within {window} s of a Ctrl-C in three tries:\n{self.screen()[-2000:]}")

    def wait_for_count(self, text: str, count: int, timeout: float = 10.0) -> str:
        """Wait until ``text`` shows at least ``count`` times."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            screen = self.screen()
            if screen.count(text) >= count:
                return screen
            time.sleep(0.05)
        raise AssertionError(f"{text!r} did not show {count} times; the screen shows:\n{self.screen()[-2000:]}")

    def type(self, text: str, enter: bool = True) -> None:
        self._tmux("send-keys", "-t", "game", "-l", text)
        if enter:
            self._tmux("send-keys", "-t", "game", "Enter")

    def keys(self, *keys: str) -> None:
        """Special keys, like Tab, Up, C-c, C-d."""
        self._tmux("send-keys", "-t", "game", *keys)

    def leave_at_the_end(self, question: str = NEW_OR_LEAVE, timeout: float = 15.0) -> str:
        """At a finished game's last question (``question``: another game, or leave), press Enter to leave;
        the screen once the program has ended."""
        self.wait_for(question, timeout=timeout)
        self.keys("Enter")
        return self.wait_for("EXIT=", timeout=timeout)

    def resize(self, width: int, timeout: float = 10.0) -> None:
        """Make the window ``width`` columns wide, as a person dragging its edge (the terminal rewraps its
        lines, and the program gets SIGWINCH); return once the program's terminal has that width.

        tmux rewraps the window's lines at once but tells the terminal its new size (and so the program) a
        moment later: a key sent in between is drawn by the program for the old width on lines already
        rewrapped for the new one.  A person does not type within that moment of letting go of the edge.
        """
        self._tmux("resize-window", "-t", "game", "-x", str(width))
        deadline = time.monotonic() + timeout
        while self._pane_tty(_columns) != width:
            if time.monotonic() > deadline:
                raise AssertionError(f"the terminal did not become {width} columns wide")
            time.sleep(0.02)

    def takes_signals(self) -> bool:
        """Whether the terminal now turns Ctrl-C into a signal (SIGINT): the program is between prompts; at a
        prompt it reads Ctrl-C as a key."""
        return self._pane_tty(lambda fd: bool(termios.tcgetattr(fd)[3] & termios.ISIG))

    def _pane_tty(self, look: Callable[[int], T]) -> T:
        """What ``look`` sees of the program's terminal (the window's pty), opened for it."""
        tty = self._tmux("display-message", "-p", "-t", "game", "#{pane_tty}").strip()
        fd = os.open(tty, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
        try:
            return look(fd)
        finally:
            os.close(fd)

    def pid(self) -> int:
        """The program's process (the child of the pane's shell)."""
        shell = int(self._tmux("display-message", "-p", "-t", "game", "#{pane_pid}").strip())
        children = subprocess.run(["pgrep", "-P", str(shell)], capture_output=True, text=True).stdout.split()
        for child in children:
            cmdline = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
            if b"rook_access" in cmdline:
                return int(child)
        raise AssertionError("the program is not running")

    def close(self) -> None:
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=10)
        # tmux leaves its socket file behind; it is ours, so remove it.
        folder = Path(os.environ.get("TMUX_TMPDIR", "/tmp")) / f"tmux-{os.getuid()}"
        (folder / self.socket).unlink(missing_ok=True)


def _columns(fd: int) -> int:
    """The width of the terminal open at ``fd``."""
    return int(struct.unpack("HHHH", fcntl.ioctl(fd, termios.TIOCGWINSZ, bytes(8)))[1])


def screen_reader_safe(text: str) -> bool:
    """No escape sequences or box drawing in what the terminal shows."""
    return "\x1b" not in text and not any("\u2500" <= ch <= "\u257f" for ch in text)


def answer_pauses_until_asked(term: Terminal, until: str | tuple[str, ...] = "Your ") -> None:
    """Press Enter at each pause after a trick until the last line asks for a move (starts with ``until``),
    or the program has ended (Enter pressed at the last look, after the game's end, too)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        last = term.screen().splitlines()[-1] if term.screen() else ""
        if last.startswith(until) or "EXIT=" in last:
            return
        if last.startswith("Press Enter to leave"):  # the last look, after the game's end
            term.keys("Enter")
            term.wait_for("EXIT=", timeout=5)
            return
        if last.startswith("Press Enter to go on."):
            presses = term.screen().count("Press Enter to go on.")
            term.keys("Enter")
            term.wait_for_count("Press Enter to go on.", presses, timeout=5)
            time.sleep(0.1)
        time.sleep(0.05)
    raise AssertionError(f"no question came; the screen shows:\n{term.screen()[-1000:]}")


__all__ = ["Terminal", "answer_pauses_until_asked", "os", "screen_reader_safe"]
