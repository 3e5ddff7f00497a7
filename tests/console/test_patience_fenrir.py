"""The opening of a Rook Solitaire game read by a real terminal screen reader, Fenrir.

Fenrir runs in tmux with its pty drivers and a speech command that writes
down what it would say (tests/helpers/screen_reader.py); the game is its
shell.  A listener hears the deal turned up pile by pile, the question with
every move, a review command's answer and the refusal of a bad move, each
line whole and in order, and nothing that is not text.
"""

from __future__ import annotations

import pytest

from tests.helpers.screen_reader import Fenrir, find_in_order, game_lines, garbage_in, lines_not_spoken
from tests.helpers.terminal import screen_reader_safe

# Real time at a terminal: one after another on one pytest-xdist worker, never side by side.
pytestmark = pytest.mark.xdist_group("real-time")

QUESTION = "Your move, 10 moves. Type moves to hear them, or hint."


@pytest.fixture
def fenrir(tmp_path, request):
    session = Fenrir(
        # The screen reader reads the screen; the program does not speak itself.
        ["--variant", "solitaire", "--seed", "5", "--output", "plain"],
        home=tmp_path,
    )
    request.addfinalizer(session.close)
    return session


def test_fenrir_reads_the_opening_of_a_rook_solitaire_game(fenrir):
    fenrir.wait_for(QUESTION, timeout=15)
    fenrir.wait_spoken(r"Your move, 10 moves", timeout=10)
    opening = [line.strip() for line in fenrir.screen().splitlines() if line.strip()]
    piles = [line for line in opening if line.startswith("Pile ")]
    assert len(piles) == 15, opening  # 14 piles turned up, and pile 7's 14 sent to the bottom

    # Each line is typed once the question asked again after the answer has been said: a key typed sooner
    # interrupts Fenrir's speech, as a user may, and the question would never be heard.
    fenrir.type("pile 7")
    fenrir.wait_spoken(r"(?s)Pile 7: 3 face down.*Your move, 10 moves", timeout=10)
    fenrir.type("9 9")
    fenrir.wait_spoken(r"(?s)A pile cannot move onto itself.*Your move, 10 moves", timeout=10)
    fenrir.type("resign")
    fenrir.wait_spoken(r"Give this game up\? It counts as played, not won\. Type yes or no\.", timeout=10)
    fenrir.type("yes")
    fenrir.wait_spoken(r"(?s)You resigned.*Press Enter to leave, new to play again, or games for another game\.",
                       timeout=10)
    fenrir.keys("Enter")
    screen = fenrir.wait_for("GAME-EXIT=", timeout=10)
    assert "GAME-EXIT=0" in screen, screen[-2000:]
    fenrir.wait_spoken(r"Goodbye\. To play again: rook(?:-| dash )access\.", timeout=10)
    fenrir.finish()

    said = fenrir.spoken()
    text = " ".join(said.split())
    find_in_order(text, [
        r"Pile 1 turns up 4r\.",
        r"Pile 7 turns up 14y; it goes face down to the bottom\.",
        r"Pile 7 turns up 7r\.",
        r"Pile 14 turns up 12y\.",
        r"Your move, 10 moves\. Type moves to hear them, or hint\.",
        r"Pile 7: 3 face down \W*14y known\W*; up 7r on top\.",  # the 14 sent down is known
        r"3g is in pile 9 already\. A pile cannot move onto itself\. Type moves to hear the 10 moves\.",
        r"Give this game up\? It counts as played, not won\. Type yes or no\.",
        r"You resigned",
        r"Press Enter to leave, new to play again, or games for another game\.",
        r"Goodbye\. To play again: rook(?:-| dash )access\.",
    ])  # fmt: skip
    # Every line the game showed was heard, whole and in order (what was typed is echoed apart).
    shown = game_lines(screen, "Your move", ["pile 7", "9 9", "resign"])
    shown = [line.removesuffix(" yes") if line.startswith("Give this game up?") else line for line in shown]
    assert lines_not_spoken(shown, said) == [], said
    assert garbage_in(said.replace("\n", " ")) == [], [line for line in said.splitlines() if garbage_in(line)]
    assert screen_reader_safe(fenrir.screen())
