"""The opening of a progressive party read by a real terminal screen reader, Fenrir.

Fenrir runs in tmux with its pty drivers and a speech command that writes
down what it would say (tests/helpers/screen_reader.py); the game is its
shell.  A listener hears the party's first lines, where they sit and who
sits around them, their hand and the goodbye: each line whole and in
order, and nothing that is not text.
"""

from __future__ import annotations

import pytest

from tests.helpers.screen_reader import Fenrir, find_in_order, game_lines, garbage_in, lines_not_spoken
from tests.helpers.terminal import screen_reader_safe

# Real time at a terminal: one after another on one pytest-xdist worker, never side by side.
pytestmark = pytest.mark.xdist_group("real-time")


@pytest.fixture
def fenrir(tmp_path, request):
    session = Fenrir(
        # The screen reader reads the screen; the program does not speak itself.
        ["--party", "2", "--party-rounds", "2", "--level", "easy", "--seed", "5", "--output", "plain"],
        home=tmp_path,
    )
    request.addfinalizer(session.close)
    return session


def test_fenrir_reads_the_opening_of_a_progressive_party(fenrir):
    fenrir.wait_for("Your bid: ", timeout=20)
    fenrir.wait_spoken(r"Your bid: ", timeout=10)
    fenrir.type("quit")
    screen = fenrir.wait_for("GAME-EXIT=", timeout=15)
    assert "GAME-EXIT=0" in screen, screen[-2000:]
    fenrir.wait_spoken(r"Game saved\. Goodbye\.", timeout=10)
    fenrir.finish()

    said = fenrir.spoken()
    text = " ".join(said.split())
    find_in_order(text, [
        r"A progressive party of Dixie Rook: 2 tables of four, 2 rounds of 4 hands\.",
        r"Round 1 of 2: you play at table 1 of 2\.",
        r"Your partner North is Cleo; West is Ben, East is Dan\.",
        r"Your bid: ",
        r"Game saved\. Goodbye\.",
    ])  # fmt: skip
    # Every line the game showed was heard, whole and in order (what was typed is echoed apart).
    shown = game_lines(screen, "Your bid", ["quit"])
    assert lines_not_spoken(shown, said) == [], said
    assert garbage_in(said.replace("\n", " ")) == [], [line for line in said.splitlines() if garbage_in(line)]
    assert screen_reader_safe(fenrir.screen())
