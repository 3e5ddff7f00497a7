"""A line wider than the terminal is broken between words, so a screen reader that reads the screen row by row
(Fenrir) never says a word cut at the window's edge as two; a pipe or a file gets the line whole."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import struct
import termios
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from rook_access.streams import terminal_rows

REVIEW = (
    "Trick 1: you led rook; 13y was better by about 34 points: over 96 guesses at the hidden cards, your side "
    "ends the hand about "
    "12 points behind the others with it, about 46 behind with rook."
)


@contextmanager
def terminal_of(columns: int) -> Iterator[TextIO]:
    """A real terminal (a pty) of ``columns`` columns, as a text stream."""
    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    try:
        with open(follower, "w", encoding="utf-8", closefd=True) as stream:
            yield stream
    finally:
        os.close(leader)  # last: without its leader a pty is no longer a terminal


def test_a_line_wider_than_the_terminal_is_broken_between_words():
    with terminal_of(80) as stream:
        rows = terminal_rows(REVIEW, stream).split("\n")
    assert len(rows) == 3 and all(len(row) < 80 for row in rows)
    assert " ".join(rows) == REVIEW  # every word whole, none lost, in order
    assert rows[0].endswith("over 96 guesses at") and rows[1].startswith("the hidden cards, your side")


def test_a_line_that_fits_and_a_line_to_a_pipe_are_left_whole():
    with terminal_of(200) as stream:
        assert terminal_rows(REVIEW, stream) == REVIEW
    assert terminal_rows(REVIEW, io.StringIO()) == REVIEW  # one line per announcement, for scripts


def test_a_word_longer_than_a_row_is_left_whole():
    long_word = "x" * 100
    with terminal_of(40) as stream:
        rows = terminal_rows(f"see {long_word} here", stream).split("\n")
    assert rows == ["see", long_word, "here"]


def test_a_question_wider_than_the_terminal_is_broken_between_words(monkeypatch):
    """A playtester's prompt, 105 characters in a window of 100, was cut by the terminal inside a word ("6 g",
    "reen."): the question is broken between words as the printed lines are, the space for the answer after it."""
    import sys

    from rook_access.console import lines

    question = ("Your lead, 9 cards: 12 red, 11 black, 6 black, 13 yellow, 9 yellow, 14 green, 13 green, 8 green, "
                "6 green.")
    with terminal_of(80) as stream:
        monkeypatch.setattr(sys, "stdout", stream)
        shown = lines._prompt_rows(question)
    rows = shown.split("\n")
    assert len(rows) == 2 and all(len(row) < 80 for row in rows), rows
    assert shown.endswith(". ") and " ".join(rows).strip() == question
