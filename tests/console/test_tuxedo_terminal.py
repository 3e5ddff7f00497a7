"""Tuxedo played in a real terminal (tmux), typed as a person would, the user calling Orange.

A whole game with ``--calls turns`` (each player asked in turn whether to
call, no clock): each line is typed once the program has asked for it; a
call is let go with Enter alone (a key at a terminal), play waits for Enter
after each deal is counted, and at the end the program says who won.  Then
the timed window (the default): the Orange prompt comes once the capture's
line has had time to be read, Enter lets a call go, and ``o`` alone calls,
before the (easy, slow) computer.  The moves are found beforehand by
playing the same table (tests/helpers/tuxedo.py).
"""

from __future__ import annotations

import re
import time

import pytest

from rook_access.console.session import NEW_OR_LEAVE
from tests.helpers.terminal import Terminal, screen_reader_safe
from tests.helpers.tuxedo import script

# Real time at a terminal: one after another on one pytest-xdist worker, never side by side.
pytestmark = pytest.mark.xdist_group("real-time")

SEED = 6
SEATS = ["human", "computer"]
QUESTIONS = ("Your turn", "Orange? ")
PAUSE = "Press Enter to go on."


def asked(screen: str) -> int:
    """How many questions and pauses the screen shows (each prompt stays on the screen once answered)."""
    return sum(line.startswith((*QUESTIONS, PAUSE)) for line in screen.splitlines())


def last_line(term: Terminal) -> str:
    lines = [line for line in term.screen().splitlines() if line.strip()]
    return lines[-1] if lines else ""


def wait_for_prompt(term: Terminal, count: int, timeout: float = 20.0) -> str:
    """Wait until more than ``count`` prompts show, or the game has ended; the last line then."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = term.screen()
        if NEW_OR_LEAVE in screen or asked(screen) > count:
            return last_line(term)
        time.sleep(0.05)
    raise AssertionError(f"no question came; the screen shows:\n{term.screen()[-2000:]}")


def test_a_whole_game_of_tuxedo_typed_at_a_terminal_the_user_calling_orange(tmp_path):
    moves = script(SEED, SEATS)
    assert moves.count("o") >= 2  # a right call and a wrong one at least
    term = Terminal(["--variant", "tuxedo", "--players", "2", "--seed", str(SEED), "--calls", "turns"], tmp_path)
    try:
        last = wait_for_prompt(term, 0)
        term.type("centre")
        term.wait_for("Centre, ")
        term.type("help")
        term.wait_for("To hear the game: centre, captures")
        typed = 0
        while NEW_OR_LEAVE not in term.screen():
            count = asked(term.screen())
            last = last_line(term)
            if last.startswith(PAUSE):
                term.keys("Enter")
            elif typed < len(moves):
                line = moves[typed]
                typed += 1
                term.type("" if line in ("pass", "n") else line)  # Enter alone lets a call go
            else:
                break
            wait_for_prompt(term, count)
        screen = term.leave_at_the_end(timeout=20)
        assert "EXIT=0" in screen and typed == len(moves)
        lines = screen.splitlines()
        assert any(line == "You call Orange: right, 10 points." for line in lines)
        assert any(line.startswith("You call Orange: wrong, no ") and line.endswith(" -10 points.") for line in lines)
        assert any(line.startswith("Deal 1 counted.") for line in lines)
        assert any(line.startswith("Game over: ") for line in lines)
        assert any(line.startswith("Orange? o to call, n to let it go.") for line in lines)
        # At a terminal the announcements say cards in words for the screen reader: "5 yellow", not "5y".
        takes = [line for line in lines if line.startswith(("You take ", "North takes "))]
        assert takes and not any(re.search(r"\b(1[0-4]|[1-9])[rxyg]\b", line) for line in takes)
        assert any(" red" in line or " yellow" in line for line in takes)
        assert screen_reader_safe(screen)
    finally:
        term.close()


def test_at_a_terminal_the_timed_window_takes_the_orange_key_at_once(tmp_path):
    seed = 15
    moves = script(seed, SEATS, wrong_calls=0, level="easy")
    moves = moves[: moves.index("o") + 1]  # up to the first call, a right one
    term = Terminal(
        ["--variant", "tuxedo", "--players", "2", "--seed", str(seed), "--level", "easy", "--reading-speed", "600"],
        tmp_path,
    )
    try:
        wait_for_prompt(term, 0)
        for line in moves:
            count = asked(term.screen())
            if line == "o":
                term.type("o", enter=False)  # the key alone: no Enter
                break
            term.type("" if line in ("pass", "n", "no") else line)
            wait_for_prompt(term, count)
        screen = term.wait_for("You call Orange: right, 10 points.", timeout=10)
        lines = screen.splitlines()
        window = [line for line in lines if line.startswith("Orange? o")]
        assert window and all(not line.startswith("Orange? o, or Enter") for line in window)  # the short prompt
        term.wait_for("Your turn", after=screen.index("You call Orange"))
        term.type("quit")
        term.wait_for("EXIT=0", timeout=10)
        assert screen_reader_safe(term.screen())
    finally:
        term.close()
