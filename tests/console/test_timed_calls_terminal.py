"""Quick calls in their timed window at a real terminal (tmux), typed as a person would: the game is played
until a window opens, the user calls with the one key (no Enter), the call is answered and the game goes on;
windows let go with Enter alone. The whole games, with calls asked in turn, are each game's own terminal test."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest

from tests.helpers.terminal import Terminal, screen_reader_safe

pytestmark = pytest.mark.xdist_group("real-time")

FAST_READER = ["--reading-speed", "900"]
"""A quick reader, so that the windows open soon after the lines (the reading time is tested elsewhere)."""


def last_line(term: Terminal) -> str:
    lines = term.screen().splitlines()
    return lines[-1] if lines else ""


def call_in_a_window(
    term: Terminal,
    prompt: str,
    key: str,
    move: Callable[[str], str | None],
    answered: str,
    windows_let_go: int = 1,
    timeout: float = 90.0,
) -> str:
    """Play with ``move`` (the line to type at a question, or None to wait) until a window's ``prompt`` shows;
    let the first ``windows_let_go`` windows go with Enter, call in the next with ``key`` alone; wait for
    ``answered``; the screen then."""
    deadline = time.monotonic() + timeout
    let_go = 0
    answered_before = term.screen().count(answered)
    while time.monotonic() < deadline:
        line = last_line(term)
        if "EXIT=" in line:
            raise AssertionError(f"the game ended before a call:\n{term.screen()[-2000:]}")
        if line.startswith(prompt):
            seen = term.screen().count(prompt)
            if let_go < windows_let_go:
                term.keys("Enter")
                let_go += 1
                while last_line(term).startswith(prompt) and term.screen().count(prompt) <= seen:
                    time.sleep(0.05)
                continue
            term.type(key, enter=False)
            return term.wait_for_count(answered, answered_before + 1, timeout=10)
        typed = move(line)
        if typed is not None:
            count = term.screen().count(line)
            term.type(typed)
            deadline_move = time.monotonic() + 10
            while term.screen().count(line) <= count and last_line(term) == line and time.monotonic() < deadline_move:
                time.sleep(0.05)
        time.sleep(0.1)
    raise AssertionError(f"no call window came:\n{term.screen()[-2000:]}")


def quit_and_check(term: Terminal) -> str:
    """Quit at the next question; the screen, checked for tracebacks and escape codes."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        line = last_line(term)
        if "EXIT=" in line:
            break
        if line.endswith((".", "?", ":")) or re.search(r"\? \w$|: \w$", line):
            term.type("quit")
            time.sleep(0.5)
        time.sleep(0.1)
    screen = term.wait_for("EXIT=", timeout=20)
    assert "EXIT=0" in screen, screen[-2000:]
    assert "Traceback" not in screen
    assert screen_reader_safe(screen)
    return screen


def first_move(line: str) -> str | None:
    """The first move a question of the game names after its colon (``Your turn: lift, on West.``)."""
    if not line.startswith(("Your turn", "Your card")) or ": " not in line:
        return None
    return line.split(": ", 1)[1].split(",")[0].rstrip(".").strip()


def test_panjandrum_called_with_p_in_its_window(tmp_path):
    term = Terminal(["--variant", "panjandrum", "--players", "3", "--seed", "4", "--level", "normal", *FAST_READER],
                    tmp_path)  # fmt: skip
    try:
        term.wait_for("Panjandrum", timeout=15)
        call_in_a_window(term, "Panjandrum? p", "p", first_move, "You call Panjandrum on ")
        # The call's line comes first, its judgement a moment after: wait for it, not just for the call.
        deadline = time.monotonic() + 10
        while not re.search(r"^(Right|Wrong): ", term.screen(), re.M):
            assert time.monotonic() < deadline, term.screen()[-2000:]
            time.sleep(0.05)
        quit_and_check(term)
    finally:
        term.close()


def test_donkey_fold_made_with_f_when_another_has_folded(tmp_path):
    """Passing the card the hint names until someone folds: the user folds with f in the window."""

    def pass_hinted(line: str) -> str | None:
        if not line.startswith("Pass a card to West") or not line.rstrip().endswith("."):
            return None  # not a question, or the last one with the pass just typed still after it
        hints = term.screen().count(": you hold ")
        term.type("hint")
        screen = term.wait_for_count(": you hold ", hints + 1)
        hinted = re.findall(r"^Pass (\d+ \w+):", screen, re.M)
        return f"pass {hinted[-1]}" if hinted else None

    term = Terminal(["--variant", "donkey", "--players", "4", "--seed", "5", "--level", "easy", *FAST_READER],
                    tmp_path)  # fmt: skip
    try:
        term.wait_for("Pass a card to West", timeout=15)
        screen = call_in_a_window(term, "Fold: f", "f", pass_hinted, "You fold your hands", windows_let_go=0)
        assert re.search(r"folds (her|his|their) hands", screen)
        screen = term.wait_for("Game over", timeout=30)
        assert "EXIT=0" in term.leave_at_the_end(timeout=20)
        assert "Traceback" not in screen and screen_reader_safe(screen)
    finally:
        term.close()
