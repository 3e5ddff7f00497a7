"""A whole game of Donkey played in a real terminal (tmux), typed as a person would: the review commands, a
hint, a refused line, each pass once the program asks for it, and the fold (the call), the last one made
with Enter alone.

At a terminal with output auto the announcements print cards in words ("7 red"), for a screen reader to
read; the question keeps the notation a person types ("like pass 1r").
"""

from __future__ import annotations

import time

import pytest

from rook_access.announcer.spoken import cards_in_words
from tests.console.test_donkey_console import user_script
from tests.helpers.terminal import Terminal, screen_reader_safe

# Real time at a terminal: one after another on one pytest-xdist worker, never side by side.
pytestmark = pytest.mark.xdist_group("real-time")

SEED = 8
QUESTION = "Pass a card to West: type pass and the card, like pass "
FOLD = "Fold now: type f."


def prompts(screen: str) -> int:
    """How many times the program has asked for a pass or a fold."""
    return screen.count(QUESTION) + screen.count(FOLD)


def wait_for_prompts(term: Terminal, count: int, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if prompts(term.screen()) >= count:
            return
        time.sleep(0.05)
    raise AssertionError(f"no question came; the screen shows:\n{term.screen()[-1500:]}")


def test_a_whole_game_of_donkey_typed_at_a_terminal(tmp_path):
    moves, finished = user_script(seed=SEED)
    assert moves[-1] == "f" and finished.winners == (0,)  # the user gets four first, and folds
    term = Terminal(["--variant", "donkey", "--players", "4", "--seed", str(SEED), "--calls", "turns"], tmp_path)
    try:
        term.wait_for(QUESTION, timeout=15)
        for typed in ("hand", "count", "hint"):
            term.type(typed)
        screen = term.wait_for("Pass ")
        term.wait_for("Cards: you 14, West 14, North 14, East 14.")
        term.type("xyzzy")
        term.wait_for("Unknown command: xyzzy. Type help for the commands.")
        term.type("pass")
        term.wait_for("Type pass and a card from your hand, like pass 7r.")
        for typed in moves[:-1]:
            asked = prompts(term.screen())
            term.type(typed)
            wait_for_prompts(term, asked + 1)
        term.wait_for(FOLD)
        term.keys("Enter")  # Enter alone makes the call that is a must
        screen = term.leave_at_the_end()
    finally:
        term.close()
    assert "EXIT=0" in screen, screen[-2000:]
    assert "Traceback" not in screen
    assert screen_reader_safe(screen)
    shown = [line for line in screen.splitlines() if line and not line.startswith("EXIT=")]
    first = moves[0].split()[1]
    assert cards_in_words(f"You pass {first} to West.") in shown
    assert any(line.startswith("You get ") for line in shown)
    assert any(line.startswith("Your hand: ") for line in shown)
    assert any(line.startswith("You have four ") for line in shown)
    assert any(line.startswith("You fold your hands: four ") for line in shown)
    assert "Game over: you got four first. You win!" in shown
    assert any(line.endswith("is the donkey: the last to fold.") for line in shown)
