"""I Doubt It played to its end in a real terminal (tmux), typed as a person would: the hand asked for at each
turn and a card played from it, a doubt typed with d, Enter letting a card go, and the game's last lines."""

from __future__ import annotations

import time

import pytest

from tests.helpers.terminal import Terminal, screen_reader_safe

# Real time at a terminal: one after another on one pytest-xdist worker, never side by side.
pytestmark = pytest.mark.xdist_group("real-time")

TURN = "Your turn, call "
DOUBT = "Doubt? d, or Enter to let it go."


def _asked(term: Terminal, timeout: float = 30.0) -> str:
    """Wait until the last line asks something or the program has ended; that line."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = term.screen()
        last = screen.splitlines()[-1] if screen else ""
        if last.startswith((TURN, DOUBT)) or "EXIT=" in last:
            return last
        time.sleep(0.05)
    raise AssertionError(f"no question came; the screen shows:\n{term.screen()[-1500:]}")


def _hand(term: Terminal) -> list[str]:
    """Ask for the hand and read it: the cards of the last ``Your hand, N cards: ...`` line."""
    said = term.screen().count("Your hand, ")
    term.type("hand")
    screen = term.wait_for_count("Your hand, ", said + 1)
    line = [line for line in screen.splitlines() if line.startswith("Your hand, ")][-1]
    return line.split(": ", 1)[1].rstrip(".").split()


def test_a_game_of_i_doubt_it_played_to_its_end_in_a_terminal_with_the_user_doubting(tmp_path):
    args = ["--variant", "i-doubt-it", "--players", "3", "--level", "easy", "--seed", "8", "--output", "plain",
            "--pacing", "delay", "--delay", "0"]
    term = Terminal(args, tmp_path, width=250)
    doubts = plays = 0
    try:
        term.wait_for("I Doubt It, 3 players: play a card face down, calling the next number.", timeout=20)
        while True:
            last = _asked(term)
            if "EXIT=" in last:
                break
            before = term.screen().count("\n")
            if last.startswith(DOUBT):
                if doubts < 2:
                    doubts += 1
                    term.type("d")
                    term.wait_for_count("You doubt ", doubts, timeout=10)
                else:
                    term.keys("Enter")  # Enter alone lets the card go
            else:
                number = last.removeprefix(TURN).split(":")[0]
                hand = _hand(term)
                true = [card for card in hand if card[:-1] == number]
                before = term.screen().count("\n")
                term.type(f"play {(true or hand)[0]}")
                plays += 1
            term.wait_for_count("\n", before + 1, timeout=30)
            assert plays < 200, term.screen()[-1500:]
        screen = term.wait_for("EXIT=0", timeout=30)
        assert "Game over: " in screen and "Cards: you " in screen
        assert screen.count("You doubt ") == 2 and plays > 5
        assert "It is " in screen and " takes the centre, " in screen or "You take the centre, " in screen
        assert "Traceback" not in screen and screen_reader_safe(screen)
        assert not list((tmp_path / "data" / "saves").glob("*.json"))  # the game is over: its save is gone
    finally:
        term.close()
