"""A whole game of Match in a real terminal (tmux), paced as a child and a parent would: Enter turns the
user's card at each turn, Enter goes on after a pile taken, `pile` and `count` asked on the way."""

from __future__ import annotations

import time

import pytest

from rook_access.console.session import NEW_OR_LEAVE
from tests.helpers.terminal import Terminal, screen_reader_safe

pytestmark = pytest.mark.xdist_group("real-time")

TURN = "Your turn: Enter or p turns a card."
GO_ON = "Press Enter to go on."


def test_a_whole_game_of_match_paced_with_enter(tmp_path):
    term = Terminal(["--variant", "match", "--players", "2", "--seed", "1"], tmp_path)
    try:
        term.wait_for(TURN, timeout=15)
        term.type("pile")
        term.type("count")
        term.wait_for("Cards: ")
        deadline = time.monotonic() + 120
        presses = 0
        while time.monotonic() < deadline:
            lines = term.screen().splitlines()
            last = lines[-1] if lines else ""
            if last.startswith(NEW_OR_LEAVE):
                break
            if last.startswith((TURN, GO_ON)):
                count = term.screen().count(last)
                term.keys("Enter")
                presses += 1
                while term.screen().count(last) <= count and term.screen().splitlines()[-1] == last:
                    time.sleep(0.02)
            time.sleep(0.05)
        screen = term.leave_at_the_end()
    finally:
        term.close()
    assert "EXIT=0" in screen, screen[-2000:]
    assert "Traceback" not in screen and screen_reader_safe(screen)
    assert presses > 5
    assert "Game over" in screen or "wins" in screen, screen[-1500:]
    assert "takes the pile" in screen or "take the pile" in screen, screen[-1500:]
