"""I Doubt It played in a real terminal (tmux), typed as a person would.

A whole game with ``--calls turns`` (each player asked in turn whether to doubt, no clock): the hand asked
for at each turn and a card played from it, a doubt typed with d, Enter letting a card go, and the game's
last lines.  Then the timed window (the default at a terminal): the short prompt ``Doubt? d`` once the play's
line has had time to be read, and ``d`` alone, no Enter, doubts at once, before the (easy, slow) computers."""

from __future__ import annotations

import time

import pytest

from rook_access.console.session import NEW_OR_LEAVE
from tests.helpers.terminal import Terminal, screen_reader_safe

# Real time at a terminal: one after another on one pytest-xdist worker, never side by side.
pytestmark = pytest.mark.xdist_group("real-time")

TURN = "Your turn, call "
DOUBT = "Doubt? d to call, n to let it go."


def _asked(term: Terminal, timeout: float = 30.0) -> str:
    """Wait until the last line asks something or the program has ended; that line."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = term.screen()
        last = screen.splitlines()[-1] if screen else ""
        if last.startswith((TURN, DOUBT, NEW_OR_LEAVE)) or "EXIT=" in last:
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


def _play_at_the_turn(term: Terminal, question: str) -> None:
    """At the turn's ``question``, play a card of the number called if the hand has one (else the first), and wait
    for the play's line."""
    number = question.removeprefix(TURN).split(":")[0]
    hand = _hand(term)
    true = [card for card in hand if card[:-1] == number]
    said = term.screen().count("You play ")
    term.type(f"play {(true or hand)[0]}")
    term.wait_for_count("You play ", said + 1)


def test_a_game_of_i_doubt_it_played_to_its_end_in_a_terminal_with_the_user_doubting(tmp_path):
    args = ["--variant", "i-doubt-it", "--players", "3", "--level", "easy", "--seed", "8", "--output", "plain",
            "--pacing", "delay", "--delay", "0", "--calls", "turns"]
    term = Terminal(args, tmp_path, width=250)
    doubts = plays = 0
    try:
        term.wait_for("I Doubt It, 3 players: play a card face down, calling the next number.", timeout=20)
        while True:
            last = _asked(term)
            if last.startswith(NEW_OR_LEAVE):
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
        screen = term.leave_at_the_end()
        assert "EXIT=0" in screen and "Game over: " in screen and "Cards: you " in screen
        # the end offers another game, and Enter leaves with a goodbye: the program never ends without a word
        after = screen.split("Cards: you ")[1].splitlines()
        asked = after.index(NEW_OR_LEAVE)
        assert asked <= 3 and after[asked + 1] == "Goodbye. To play again: rook-access.", after
        assert screen.count("You doubt ") == 2 and plays > 5
        assert "It is " in screen and " takes the centre, " in screen or "You take the centre, " in screen
        assert "Traceback" not in screen and screen_reader_safe(screen)
        assert not list((tmp_path / "data" / "saves").glob("*.json"))  # the game is over: its save is gone
    finally:
        term.close()


def test_at_a_terminal_the_timed_window_takes_the_doubt_key_at_once(tmp_path):
    args = ["--variant", "i-doubt-it", "--players", "3", "--level", "easy", "--seed", "8", "--output", "plain",
            "--pacing", "delay", "--delay", "0", "--reading-speed", "600"]
    term = Terminal(args, tmp_path, width=250)
    try:
        term.wait_for("I Doubt It, 3 players: play a card face down, calling the next number.", timeout=20)
        for _ in range(40):
            last = _asked_timed(term)
            if last.startswith("Doubt? d"):
                start = time.monotonic()
                term.type("d", enter=False)  # the key alone: no Enter
                term.wait_for("You doubt ", timeout=5)
                assert time.monotonic() - start < 3  # before the easy computers' slowest answer
                break
            _play_at_the_turn(term, last)
        else:
            raise AssertionError(term.screen()[-1500:])
        screen = term.wait_for("It is ", timeout=5)
        window = [line for line in screen.splitlines() if line.startswith("Doubt? d")]
        assert window and not any(line.startswith(DOUBT) for line in window)  # the short prompt
        term.type("quit")
        term.wait_for("EXIT=0", timeout=20)
        assert "Traceback" not in term.screen() and screen_reader_safe(term.screen())
    finally:
        term.close()


def _asked_timed(term: Terminal, timeout: float = 30.0) -> str:
    """Wait until the last line is the timed window's prompt or a turn's question; that line."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        lines = [line for line in term.screen().splitlines() if line.strip()]
        last = lines[-1] if lines else ""
        if last.startswith((TURN, "Doubt? d")) or "EXIT=" in last:
            return last
        time.sleep(0.05)
    raise AssertionError(f"no question came; the screen shows:\n{term.screen()[-1500:]}")


def test_at_a_terminal_a_window_that_closes_unanswered_leaves_no_prompt_on_the_screen(tmp_path):
    """Left on the screen, ``Doubt? d`` reads as if the user had pressed d: windows let close take it away."""
    args = ["--variant", "i-doubt-it", "--players", "3", "--level", "easy", "--seed", "8", "--output", "plain",
            "--pacing", "delay", "--delay", "0", "--reading-speed", "900", "--call-time", "1"]
    term = Terminal(args, tmp_path, width=250)
    try:
        term.wait_for("I Doubt It, 3 players: play a card face down, calling the next number.", timeout=20)
        windows = 0
        seen = ""
        for _ in range(2):  # two computers play after each card of the user's: a window each
            last = ""
            deadline = time.monotonic() + 60
            while not last.startswith(TURN) and time.monotonic() < deadline:
                screen = term.screen()
                lines = [line for line in screen.splitlines() if line.strip()]
                last = lines[-1] if lines else ""
                if last.startswith("Doubt? d") and screen != seen:
                    windows += 1  # a window open now, let close
                    seen = screen
                time.sleep(0.05)
            assert last.startswith(TURN), term.screen()[-1500:]
            _play_at_the_turn(term, last)
        assert windows >= 3  # the computers' cards opened windows, each shown, none answered
        screen = term.screen()
        assert not [line for line in screen.splitlines() if line.startswith("Doubt? d")], screen[-1500:]
        term.type("quit")
        term.wait_for("EXIT=0", timeout=20)
        assert "Traceback" not in term.screen() and screen_reader_safe(term.screen())
    finally:
        term.close()
