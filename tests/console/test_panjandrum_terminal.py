"""A whole game of Panjandrum played in a real terminal (tmux), typed as a person would: the user's moves (one
of them a mistake the computers may call), a false call and a right call of Panjandrum, and Enter to let the
other calls go.  The calls are asked in turn (the timed window is the console's, elsewhere)."""

from __future__ import annotations

import time

import pytest

from rook_access.console.session import NEW_OR_LEAVE
from tests.console.test_panjandrum_console import user_script
from tests.helpers.terminal import Terminal, screen_reader_safe

# Real time at a terminal: one after another on one pytest-xdist worker, never side by side.
pytestmark = pytest.mark.xdist_group("real-time")

SEED = 17
PLAYERS = 3
QUESTIONS = ("Your turn", "Your card", "Panjandrum? p to call, n to let it go.")


def asked(term: Terminal) -> int:
    screen = term.screen()
    return sum(screen.count(question) for question in QUESTIONS)


def wait_until_asked(term: Terminal, count: int, timeout: float = 15.0) -> None:
    """Wait until the program has asked ``count`` questions, or the game has ended."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if asked(term) >= count or NEW_OR_LEAVE in term.screen():
            return
        time.sleep(0.05)
    raise AssertionError(f"no question came; the screen shows:\n{term.screen()[-2000:]}")


def test_a_whole_game_of_panjandrum_typed_at_a_terminal_with_calls(tmp_path):
    script, done = user_script(seed=SEED, players=PLAYERS)
    assert done == {"mistakes": 1, "right_calls": 1, "false_calls": 1}
    term = Terminal(
        ["--variant", "panjandrum", "--players", str(PLAYERS), "--seed", str(SEED), "--calls", "turns"], tmp_path
    )
    try:
        wait_until_asked(term, 1)
        term.type("piles")
        term.wait_for("Building piles: red none, black none, yellow none, green none.")
        term.type("help mistakes")
        term.wait_for("Mistakes that can be called:")
        for line in script:
            before = asked(term)
            if line == "pass":
                term.keys("Enter")  # Enter alone lets a call go at a terminal
            else:
                term.type(line)
            wait_until_asked(term, before + 1)
        screen = term.leave_at_the_end()
    finally:
        term.close()
    assert "EXIT=0" in screen, screen[-2000:]
    assert "Traceback" not in screen
    assert screen_reader_safe(screen)
    lines = screen.splitlines()
    assert any(line.startswith("You call Panjandrum on ") for line in lines)
    assert any(line.startswith("Right: ") for line in lines) and any(line.startswith("Wrong: ") for line in lines)
    assert any(line.startswith("Game over: ") for line in lines)
