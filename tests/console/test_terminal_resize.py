"""A window made narrower while a question waits leaves the question on the screen once (``prompt_renderer``).

The terminal (tmux here, like most) rewraps the prompt's row into two or more; prompt_toolkit erased its prompt
from as many rows above the cursor as it had drawn, and drew it again below the first of them: a copy of the
question's first row was left, which a screen reader reads as a new line.
"""

from __future__ import annotations

import pytest

from rook_access.console.prompt_renderer import rewrapped_rows, rewraps_lines
from tests.helpers.terminal import Terminal, screen_reader_safe

QUESTION = "Your bid: 70 to 120, or pass."


@pytest.fixture
def terminal(tmp_path):
    started: list[Terminal] = []

    def start(*args: str, width: int = 80) -> Terminal:
        term = Terminal(list(args), tmp_path, width=width, height=24)
        started.append(term)
        return term

    yield start
    for term in started:
        term.close()


def test_narrowing_the_window_at_a_prompt_leaves_no_copy_of_it(terminal):
    term = terminal("--seed", "7", "--hands", "1", "--level", "easy")
    term.wait_for(QUESTION)
    typed = "bid 85 and some more typing"  # the question and this: 57 cells, wider than 50
    term.type(typed, enter=False)
    term.wait_for(f"{QUESTION} {typed}")
    term.resize(50)
    term.keys("C-u")
    term.type("pass")
    screen = term.wait_for("You pass.")
    assert screen.count("Your bid:") == 1, screen
    assert "East passes.\n" + QUESTION + " pass\nYou pass." in screen  # the line above the question kept
    assert screen_reader_safe(screen)


def test_a_line_said_at_a_prompt_after_narrowing_is_said_once_and_the_question_after_it(terminal):
    """Tab's line is written where the prompt was, erased first (the erasing that a new window size causes)."""
    term = terminal("--seed", "7", "--hands", "1", "--level", "easy")
    term.wait_for(QUESTION)
    term.resize(20)  # the question alone, 29 cells, becomes two rows
    term.keys("Tab")
    term.wait_for("Moves: 70 to 120 in")
    term.type("pass")
    screen = term.wait_for("You pass.")
    assert screen.count("Your bid:") == 1, screen
    assert screen.index("East passes.\nMoves: 70 to 120 in") < screen.index("Your bid:") < screen.index("You pass.")


def test_widening_and_narrowing_again_leave_one_question(terminal):
    term = terminal("--seed", "7", "--hands", "1", "--level", "easy", width=40)
    term.wait_for(QUESTION)
    for width in (24, 60, 18, 45):
        said = term.screen().count("Moves:")
        term.resize(width)
        term.keys("Tab")  # a line and the question drawn again after each size: each erases the one before
        term.wait_for_count("Moves:", said + 1)
    term.type("pass")
    screen = term.wait_for("You pass.")
    assert screen.count("Your bid:") == 1, screen


def drawing(*rows: str):
    """A drawing of prompt_toolkit's with ``rows``."""
    from prompt_toolkit.layout.screen import Char, Screen

    screen = Screen()
    for y, text in enumerate(rows):
        screen.data_buffer[y].update({column: Char(char) for column, char in enumerate(text)})
    return screen


@pytest.mark.parametrize(("rows", "cursor", "width", "up"), [
    ((QUESTION + " ",), (30, 0), 80, 0),  # it fits: no row more
    ((QUESTION + " ",), (30, 0), 20, 1),  # 29 cells: two rows, the cursor after the last character
    ((QUESTION + " bid 85",), (36, 0), 12, 2),  # three rows
    ((QUESTION + " bid 85",), (4, 0), 12, 0),  # the cursor moved back into the first piece
    ((QUESTION + " bid 85",), (14, 0), 12, 1),
    (("Your lead, 5 cards: 14g 13g 11g 7g.", "14g"), (3, 1), 20, 2),  # the answer on a row of its own
    (("Your lead, 5 cards: 14g 13g 11g 7g.", ""), (0, 1), 20, 2),
    (("a" * 40, "b" * 40, "c"), (1, 2), 20, 4),  # exactly two widths: two rows each
])
def test_rewrapped_rows_counts_the_rows_above_the_cursor_after_rewrapping(rows, cursor, width, up):
    from prompt_toolkit.data_structures import Point

    assert rewrapped_rows(drawing(*rows), Point(x=cursor[0], y=cursor[1]), width) == up


def test_the_linux_console_and_fenrirs_screen_are_taken_to_cut_long_rows(monkeypatch):
    monkeypatch.setenv("TERM", "linux")  # the Linux console; Fenrir's pty driver says so to the program too
    assert not rewraps_lines()
    monkeypatch.setenv("TERM", "tmux-256color")
    assert rewraps_lines()
