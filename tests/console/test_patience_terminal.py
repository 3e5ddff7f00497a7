"""A whole game of Rook Solitaire played in a real terminal (tmux), typed as a person would.

At a terminal with output auto the announcements print cards in words ("2 black"),
for a screen reader to read; the question keeps the notation a person types.

The deal of seed 5 is one the solver wins; the test types its winning line
move by move, each once the program has asked for it, after the review
commands, a hint, a move the rules refuse and an undone move.  The last move
is the only one there is, and Enter alone makes it.
"""

from __future__ import annotations

import json

import pytest

from rook_access.announcer.patience import move_typed
from rook_access.announcer.spoken import cards_in_words
from rook_access.console.patience import PATIENCE
from rook_access.console.session import ConsoleGame
from rook_access.engine.solitaire import SolitaireState
from rook_access.patience_stats import STATS_FILE
from rook_access.players.solitaire_solver import Solver, Verdict
from tests.helpers.console import ListChannel, ScriptedLines
from tests.helpers.terminal import Terminal, screen_reader_safe

# Real time at a terminal: one after another on one pytest-xdist worker, never side by side.
pytestmark = pytest.mark.xdist_group("real-time")

SEED = 5
QUESTION = "Your move, "
MOVES = "Moves: 3 9, 2 black on 3 green;"
WON = "You won: all four building piles reach 14."
REVIEW = ["tops", "pile 3", "building", "moves"]


def winning_line() -> list[str]:
    """The solver's winning line for the deal, each move as a person types it ("3 9", "up 3")."""
    state = SolitaireState.from_seed(SEED)
    result = Solver().solve(state)
    assert result.outcome is Verdict.WON
    typed = []
    for action in result.line:
        typed.append(move_typed(action, state.view(0)))
        last = PATIENCE.enter_alone(state)
        state.apply(action, 0)
    assert state.is_over and state.standings()[0].won
    assert last == ("Enter makes it.", typed[-1])  # so Enter alone makes the last move
    return typed


def lines_in_process(script: list[str]) -> list[str]:
    """What the console says to the same typing, run in this process (the reference)."""
    channel = ListChannel()
    ConsoleGame(SolitaireState.from_seed(SEED), [None], ScriptedLines(script), channel).run()
    return [cards_in_words(line) for line in channel.lines]


def test_a_whole_game_of_rook_solitaire_typed_at_a_terminal(tmp_path):
    moves = winning_line()
    # A window wide enough for the longest line (moves, 270 characters), which a narrower one breaks into rows.
    term = Terminal(["--variant", "solitaire", "--seed", str(SEED)], tmp_path, width=400)
    try:
        screen = term.wait_for(QUESTION + "10 moves. Type moves to hear them, or hint.", timeout=15)
        # Review answers at once, each line alone, and changes nothing.
        for typed in REVIEW:
            term.type(typed)
        screen = term.wait_for(MOVES)
        tops = cards_in_words(
            "Tops: 1 4r, 2 7g, 3 2x, 4 2y, 5 2r, 6 6y, 7 7r, 8 12g, 9 3g, 10 9g, 11 9x, 12 6g, 13 3x, 14 12y."
        )
        lines = screen.splitlines()
        assert tops in lines
        assert "Pile 3: 3 face down; up 2 black on top." in lines
        # Enter alone among ten moves makes none, and names the command the question names.
        term.keys("Enter")
        term.wait_for("Enter alone makes no move now. Type moves to hear the 10 moves, or hint.")
        assert any(line.startswith("Building piles: red not started,") for line in lines)
        term.type("hint")
        hint = next(line for line in term.wait_for("Type 3 9.").splitlines() if line.startswith("Type 3 9."))
        # A move that does not build: one line naming the rule and how to hear the moves, and nothing moves.
        term.type("3 1")
        screen = term.wait_for("A transfer pile builds down")
        refusal = [line for line in screen.splitlines() if "A transfer pile builds down" in line]
        assert len(refusal) == 1 and refusal[0].endswith(" Type moves to hear the 10 moves."), refusal
        term.type("tops")
        term.wait_for_count(tops, 2)
        # A move, and undo takes it back.
        term.type("3 9")
        term.wait_for("2 black onto 3 green, pile 3 to pile 9.")
        term.type("pile 9")
        term.wait_for("Pile 9: 3 face down; up 3 green, then 2 black on top.")  # each card once
        term.type("undo")
        term.wait_for("Undone: move 2 black to pile 9; the piles are as they were before it.")
        # The whole winning line, each move typed once the program asks for it.
        for typed in moves[:-1]:
            asked = term.screen().count(QUESTION)
            term.type(typed)
            term.wait_for_count(QUESTION, asked + 1)
        # The last move is the only one: the question says Enter alone makes it.
        assert term.screen().splitlines()[-1] == f"{QUESTION}1 move: {moves[-1]}, 14x up. Enter makes it."
        term.keys("Enter")
        screen = term.leave_at_the_end()
    finally:
        term.close()

    assert "EXIT=0" in screen, screen[-2000:]
    assert "Traceback" not in screen
    assert screen_reader_safe(screen)
    shown = [line for line in screen.splitlines() if line and not line.startswith("EXIT=")]
    assert WON in shown
    assert not any(line.startswith(QUESTION) for line in shown[shown.index(WON) :])  # nothing asked after the win
    # Every line the console says to this typing shows on the terminal as a line of its own, in order:
    # one announcement a line, nothing joined to a question or to another line.
    expected = lines_in_process([*REVIEW, "hint", "3 1", "tops", "3 9", "pile 9", "undo", *moves])
    assert expected[-1] == WON and hint in expected
    assert expected[-3] == "14 black from pile 14 goes up on the black building pile."
    at = 0
    for line in expected:
        assert line in shown[at:], f"{line!r} is not shown as a line of its own after line {at}"
        at = shown.index(line, at) + 1
    # The game counts in the statistics kept in the user's data folder.
    stats = json.loads((tmp_path / "data" / STATS_FILE).read_text(encoding="utf-8"))
    assert stats["solitaire"] == {"played": 1, "won": 1}
