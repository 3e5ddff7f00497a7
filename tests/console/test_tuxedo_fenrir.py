"""A game of Tuxedo read by a real terminal screen reader, Fenrir: the user hears the centre, the plays and
the Orange question, and calls Orange.

Fenrir runs in tmux with its pty drivers and a speech command that writes
down what it would say (tests/helpers/screen_reader.py); the game is its
shell.  The user asks for the centre, plays the moves of a seeded game (found
beforehand, tests/helpers/tuxedo.py) up to a capture of a red card and a
yellow card, hears it in one line, then the question, calls, and hears the
call's result; every line the game showed is heard whole and in order.
"""

from __future__ import annotations

import time

import pytest

from tests.helpers.screen_reader import Fenrir, find_in_order, game_lines, garbage_in, lines_not_spoken
from tests.helpers.terminal import screen_reader_safe
from tests.helpers.tuxedo import script

# Real time at a terminal: one after another on one pytest-xdist worker, never side by side.
pytestmark = pytest.mark.xdist_group("real-time")

SEED = 11
SEATS = ["human", "computer"]
QUESTIONS = ("Your turn", "Orange? ")


@pytest.fixture
def fenrir(tmp_path, request):
    session = Fenrir(
        # The screen reader reads the screen; the program does not speak itself.
        # The computers are easy, so slow to call: the user's call comes first. Calls are timed (the default).
        ["--variant", "tuxedo", "--players", "2", "--seed", str(SEED), "--level", "easy", "--output", "plain"],
        home=tmp_path,
    )
    request.addfinalizer(session.close)
    return session


def asked(screen: str) -> int:
    return sum(line.strip().startswith(QUESTIONS) for line in screen.splitlines())


def test_fenrir_reads_the_centre_and_the_user_calls_orange(fenrir):
    moves = script(SEED, SEATS, wrong_calls=0, level="easy")
    moves = moves[: moves.index("o") + 1]  # up to the first call, a right one
    fenrir.wait_for("Your turn", timeout=15)
    fenrir.wait_spoken(r"Your turn", timeout=10)
    fenrir.type("centre")
    fenrir.wait_spoken(r"Centre, \d+ cards?:", timeout=10)
    for line in moves:
        count = asked(fenrir.screen())
        fenrir.type(line, enter=line != "o")  # the call's key is taken at once in the timed window
        wait_for_question(fenrir, count)
        wait_heard(fenrir, count + 1)  # the next question heard before anything more is typed
    fenrir.wait_spoken(r"You call Orange: right, 10 points\.", timeout=10)
    fenrir.type("quit")
    screen = fenrir.wait_for("GAME-EXIT=", timeout=10)
    assert "GAME-EXIT=0" in screen, screen[-2000:]
    fenrir.wait_spoken(r"Game saved\. Goodbye\.", timeout=10)
    fenrir.finish()

    said = fenrir.spoken()
    text = " ".join(said.split())
    find_in_order(text, [
        r"Tuxedo, 2 players, first to 100\.",
        r"Centre: (\d+[rxyg] ?){4}\.",
        r"Your hand: (\d+[rxyg] ?){4}\.",
        r"Centre, \d+ cards?: ",
        r"You take [^.]*\d+r[^.]*, with \d+[rxyg][^.]*\.|You take [^.]*\d+y[^.]*, with \d+[rxyg][^.]*\.",
        r"Orange\? o\b",  # the timed window's prompt, once the capture's line has been read
        r"You call Orange: right, 10 points\.",
        r"Game saved\. Goodbye\.",
    ])  # fmt: skip
    # Every line the game showed was heard, whole and in order (what was typed is echoed apart).
    shown = game_lines_of(screen, moves)
    assert lines_not_spoken(shown, said) == [], said
    assert garbage_in(said.replace("\n", " ")) == [], [line for line in said.splitlines() if garbage_in(line)]
    assert screen_reader_safe(fenrir.screen())


def wait_for_question(fenrir: Fenrir, count: int) -> None:
    """Wait until the screen shows more than ``count`` questions (the next one has been asked): the first Orange
    window opens after some 40 words at 200 a minute (the capture, the window's explanation, the reading time's)."""
    deadline = time.monotonic() + 25
    while time.monotonic() < deadline:
        if asked(fenrir.screen()) > count or "GAME-EXIT=" in fenrir.screen():
            return
        time.sleep(0.05)
    raise AssertionError(f"no question came; the screen shows:\n{fenrir.screen()[-2000:]}")


def wait_heard(fenrir: Fenrir, count: int) -> None:
    """Wait until Fenrir has said at least ``count`` questions."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        # Fenrir may say a question in one breath with the line before it ("..., Your turn, lay."): count
        # each question where it is said, not only at the start of a line.
        if sum(fenrir.spoken().count(question) for question in QUESTIONS) >= count:
            return
        time.sleep(0.05)
    raise AssertionError(f"Fenrir did not say {count} questions; it said:\n{fenrir.spoken()[-3000:]}")


def game_lines_of(screen: str, moves: list[str]) -> list[str]:
    """The lines the game showed, each question without the answer typed after it."""
    typed = ["centre", "quit", *moves]
    lines = []
    for question in QUESTIONS:
        lines = game_lines(screen if not lines else "\n".join(lines), question, typed)
    return lines
