"""Leaving the game when its terminal has gone (a closed window, a killed tmux, a dropped ssh), or on SIGTERM."""

from __future__ import annotations

import os
import pty
import re
import select
import signal
import subprocess
import sys
import time

import pytest

from rook_access.bench.leaving import environment
from rook_access.console.cli import _leaving_on_hangup_or_terminate
from rook_access.console.lines import TerminalLines
from tests.helpers.pty_terminal import Pty

# Timed in real time (a prompt waiting, a process ending): one after another on one pytest-xdist worker.
pytestmark = pytest.mark.xdist_group("real-time")


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


PROMPT = """
import signal, sys, traceback
from rook_access.console.lines import TerminalLines
lines = TerminalLines(lambda line: print(line, flush=True), lambda line: None)

def leave(number, frame):
    stack = traceback.extract_stack(frame)
    inside = any("asyncio" in entry.filename or "prompt_toolkit" in entry.filename for entry in stack)
    print("LEAVING " + ("INSIDE THE PROMPT'S LOOP" if inside else "AFTER THE PROMPT"), flush=True)
    raise SystemExit(128 + number)

for number in (signal.SIGTERM, signal.SIGHUP):
    signal.signal(number, leave)  # as the program's own handlers do (cli._leaving_on_hangup_or_terminate)
if sys.argv[1] == "read":
    lines.read("Your play:")
elif sys.argv[1] == "watching":
    lines.read_watching("Your play:", lambda: False)  # news watched, as at an online table
else:
    lines.read_call("Your play:", ["o", "orange"], 60.0)
print("NOT LEFT", flush=True)
"""


@pytest.mark.parametrize("number", [signal.SIGHUP, signal.SIGTERM], ids=["SIGHUP", "SIGTERM"])
@pytest.mark.parametrize("prompt", ["read", "watching", "call"])
def test_a_signal_to_leave_at_a_prompt_is_handled_once_the_prompt_is_over(tmp_path, prompt, number):
    """SIGHUP (the terminal closed) or SIGTERM at a prompt: the program's handler, which leaves by raising
    SystemExit, runs after the prompt is over, never inside its asyncio event loop.  Raised there it could
    lose a step the loop had just taken from its queue, and ``asyncio.run``'s shutdown then waited for ever:
    an online console left behind its closed terminal for half an hour, until a SIGTERM."""
    script = tmp_path / "prompt.py"
    script.write_text(PROMPT)
    program = Pty([sys.executable, str(script), prompt], tmp_path)
    try:
        program.read_until(b"Your play:")
        time.sleep(0.3)  # the prompt waits for keys
        os.kill(program.process.pid, number)
        program.read_until(b"LEAVING", timeout=10)
        program.read_until(b"\n", timeout=5, after=program.output.index(b"LEAVING"))
        assert b"LEAVING AFTER THE PROMPT" in program.output, program.text()[-500:]
        assert program.process.wait(timeout=10) == 128 + number
        assert b"NOT LEFT" not in program.output
    finally:
        program.close()


QUESTIONS = {
    "move": rb"Your bid: [^\r\n]*or pass\.",  # the game's first question
    "first-start": rb"Type a number from 1 to \d+ or a name",  # at a first start, before any game
}


@pytest.mark.parametrize("hangup", [True, False], ids=["with-sighup", "without-sighup"])
@pytest.mark.parametrize("where", list(QUESTIONS))
def test_closing_the_terminal_at_a_question_ends_the_program_quietly_and_keeps_the_game(tmp_path, where, hangup):
    """The window closes (or the ssh drops) while the program asks a question: it ends within seconds, saying
    nothing more (there is nobody to read it: no "internal error" on its error output), a game under way
    kept and its lock released.  With SIGHUP it leaves with SIGHUP's status; a terminal gone without one (EIO
    and the end of input on it) is left as the end of input is, with status 0."""
    master, slave = pty.openpty()
    env = environment(tmp_path, "plain")
    env["TERM"] = "xterm"
    if where == "first-start":
        (tmp_path / "config" / "settings.toml").write_text("", encoding="utf-8")  # no game chosen yet
    errors = tmp_path / "stderr.txt"
    program = [sys.executable, "-m", "rook_access", "--output", "plain", "--seed", "3"]
    if hangup:  # the program as the leader of a session on the terminal, which sends it SIGHUP as it hangs up
        program = [sys.executable, "-c", CONTROLLING_TERMINAL, *program]
    with errors.open("w") as stderr:
        process = subprocess.Popen(program, stdin=slave, stdout=slave, stderr=stderr, cwd=tmp_path, env=env)
    os.close(slave)
    try:
        shown = b""
        deadline = time.monotonic() + 30
        while not re.search(QUESTIONS[where], shown):  # among the prompt's escape codes
            assert time.monotonic() < deadline, shown[-2000:]
            if select.select([master], [], [], 0.05)[0]:
                shown += os.read(master, 65536)
        time.sleep(0.3)  # the prompt waits for keys
        os.close(master)  # the window closes: the terminal hangs up
        master = -1
        status = process.wait(timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        if master >= 0:
            os.close(master)
    assert errors.read_text() == ""
    assert status == (128 + signal.SIGHUP if hangup else 0)
    assert len(list((tmp_path / "data").rglob("game-*.json"))) == (1 if where == "move" else 0)  # a game kept
    assert list((tmp_path / "data").rglob("*.lock")) == []


CONTROLLING_TERMINAL = """
import fcntl, os, sys, termios
os.setsid()
fcntl.ioctl(0, termios.TIOCSCTTY, 0)
os.execv(sys.argv[1], sys.argv[1:])
"""
"""Run the command given as the leader of a new session whose controlling terminal is standard input."""


def test_a_second_hangup_while_the_program_leaves_does_not_cut_its_leaving_short():
    """A closed terminal sends SIGHUP more than once (its shell's end sends another): the first leaves, and
    the next must not raise in the middle of the leaving (a lock half released)."""
    before = signal.getsignal(signal.SIGHUP)
    try:
        with pytest.raises(SystemExit) as left, _leaving_on_hangup_or_terminate():
            try:
                signal.raise_signal(signal.SIGHUP)
            finally:
                signal.raise_signal(signal.SIGHUP)  # while leaving: ignored
        assert left.value.code == 128 + signal.SIGHUP
        assert signal.getsignal(signal.SIGHUP) == signal.SIG_IGN  # to the end: the exit's cleanup is to come
    finally:
        signal.signal(signal.SIGHUP, before)
