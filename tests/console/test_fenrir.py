"""End to end with a real terminal screen reader: Fenrir, run by the test in
tmux with its pty screen and keyboard drivers and a generic speech command
that writes down what it would say.  The game is Fenrir's shell; the test
types South's moves as a person would, and then reads what Fenrir spoke.

Fenrir speaks what appears on the screen, so the card notation is expected
there (braille and screen readers read the compact lines as they are).
"""

from __future__ import annotations

import re
import time

import pytest

from tests.helpers.screen_reader import Fenrir, find_in_order, garbage_in, lines_not_spoken, write_deal
from tests.helpers.terminal import screen_reader_safe

SEED = 3
# "Your lead, 9 cards: rook 11g ... 6y." or "Your play, 2 legal: 13y 6y." with nothing typed yet.
PROMPT = re.compile(
    r"^Your (?:lead|play), \d+ (?:cards?|legal): ((?:[^\s.]+ )*[^\s.]+)\.(?: Enter plays it\.)?$"
)
# review's heading ("Hand 1: ..."), not the "Hand 1 over." said before it
REVIEW_HEADING = r"Hand 1:? (?:you chose|your choices|\d+ choices?)"
ANY_PROMPT = re.compile(r"^Your (?:lead|play), ", re.M)
# A question on the screen, with what was typed after it (said apart, as it is typed).
ANSWERED = re.compile(r"^(Your (?:bid|lead|play)\b.*?\.) \S+$")


@pytest.fixture
def fenrir(tmp_path, request):
    deal = write_deal(tmp_path / "deal.json")
    session = Fenrir(
        [
            "--output", "plain",  # the screen reader reads the screen; the program does not speak itself
            "--seats", "human,computer,computer,computer",
            "--seed", str(SEED),
            "--hands", "1",
            "--deal", str(deal),
            "--pacing", "delay", "--delay", "0",
        ],
        home=tmp_path,
    )
    request.addfinalizer(session.close)
    return session


def wait_for_turn(fenrir: Fenrir, answered: int, heard: int) -> tuple[list[str] | None, int]:
    """Wait for South's next play prompt (the ``answered + 1``-th) and for
    Fenrir to have read it out (past position ``heard`` of what it said), as
    a listener would before typing; its legal cards and where it was said,
    or None when the game is over instead."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        screen = fenrir.screen()
        lines = [line.strip() for line in screen.splitlines() if line.strip()]
        if len(ANY_PROMPT.findall(screen)) > answered and lines:
            waiting = PROMPT.match(lines[-1])
            if waiting:
                said = fenrir.spoken().find(lines[-1], heard)
                if said >= 0:
                    return waiting.group(1).split(), said + len(lines[-1])
        if "GAME-EXIT=" in screen or (lines and lines[-1].startswith("Press Enter to leave")):
            return None, heard
        time.sleep(0.05)
    raise AssertionError(
        f"no play prompt came, or Fenrir did not read it; the screen shows:\n{fenrir.screen()[-2000:]}\n"
        f"Fenrir said:\n{fenrir.spoken()[-2000:]}"
    )


def test_fenrir_reads_a_whole_hand_played_at_the_keyboard(fenrir):
    # Bidding: South passes, the computers bid, one of them names trump.
    fenrir.wait_for("Your bid:", timeout=15)
    fenrir.wait_spoken(r"Your bid: ", timeout=10)
    fenrir.type("pass")

    # Play: at each of South's turns, type the first legal card of the prompt.
    typed: list[str] = []
    heard = 0
    while True:
        legal, heard = wait_for_turn(fenrir, len(typed), heard)
        if legal is None:
            break
        typed.append(legal[0])
        fenrir.type(legal[0])
    assert len(typed) == 9, typed

    # The last look: Fenrir reads its question; review answers; Enter leaves.
    fenrir.wait_spoken(r"Press Enter to leave, new to play again, games for another game, or review the last hand\.",
                       timeout=10)
    fenrir.type("review")
    fenrir.wait_spoken(REVIEW_HEADING, timeout=30)
    fenrir.type("")
    screen = fenrir.wait_for("GAME-EXIT=", timeout=10)
    assert "GAME-EXIT=0" in screen, screen[-2000:]
    assert "Game over." in screen
    # Fenrir has said everything up to the end of the game; then let it quit.
    fenrir.wait_spoken(r"Game over\.", timeout=10)
    fenrir.finish()

    said = fenrir.spoken()
    text = " ".join(said.split())  # utterances and lines joined, as one stream of speech

    # The hand, in the notation shown on the screen; the bid prompt; each of
    # South's plays as it was typed; every trick's result; the score.
    find_in_order(text, [
        r"Your hand, 9 cards: 14r 10r 5r 12x 9x 13y 6y 11g rook\.",
        r"Your bid: \d+ to \d+, or pass\.",
        r"You pass\.",
        r"Trump is \w+, named by \w+\.",
    ])
    find_in_order(text, [rf"You (?:play|trump with) {re.escape(card)}(?:, a lower trump)?\." for card in typed])
    find_in_order(text, [
        *(rf"\b(?:You take|(?:West|North|East) takes) trick {number}, \d+ points?\." for number in range(1, 9)),
        r"\b(?:You take|(?:West|North|East) takes) the last trick and the nest, \d+ points?\.",
        r"Hand 1 over\.",
        r"Score: North(?: dash |-)South (?:-|minus |dash )?\d+, East(?: dash |-)West (?:-|minus |dash )?\d+\.",
        r"Game over\.",
        r"Press Enter to leave, new to play again, games for another game, or review the last hand\.",
        r"Hand 1",
    ])
    assert text.index("14r 10r 5r") < text.index("trick 1,") < text.index("Score:")

    # A screen-reader user hears every line the game showed, in order:
    # each announcement, and each question (what was typed is echoed apart).
    shown = []
    for line in screen.splitlines():
        line = line.strip()
        if line and not line.startswith(("GAME-EXIT=", "FENRIR-EXIT=")):
            answered = ANSWERED.match(line)
            shown.append(answered.group(1) if answered else line)
    assert len(shown) > 40, shown
    assert lines_not_spoken(shown, said) == [], said

    # No escape-sequence leftovers, control characters or box drawing, in
    # what was spoken or on the screen.
    assert garbage_in(said.replace("\n", " ")) == [], [line for line in said.splitlines() if garbage_in(line)]
    assert "\x1b" not in said and "[?2004" not in said and "\u2500" not in said
    assert screen_reader_safe(fenrir.screen())
