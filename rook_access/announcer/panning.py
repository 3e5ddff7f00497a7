"""Cutting a line into pieces that fit a braille display, at word boundaries.

A 40-cell display shows a longer line one piece at a time; the reader pans
from piece to piece.  Pieces break at blank cells, so a card (``14r``) or a
word is never cut in half; only a word longer than the whole display is.
"""

from __future__ import annotations

BLANK = "\u2800"
BLANKS = BLANK + " "
"""A blank braille cell, or a space where text stands for cells."""


def pan_pieces(cells: str, width: int) -> list[str]:
    """``cells`` (Unicode braille, or plain text) cut into pieces of at most ``width`` cells.

    Each piece ends before a blank cell where it can; the blank between two
    pieces is dropped, so no piece starts with one.  An empty line is one
    empty piece.

    >>> pan_pieces("\u2802\u2832\u2817\u2800\u2822\u282d", 4)
    ['⠂⠲⠗', '⠢⠭']
    """
    if width < 1:
        raise ValueError("a display is at least one cell wide")
    cells = cells.rstrip(BLANKS)
    pieces: list[str] = []
    while len(cells) > width:
        cut = max(cells.rfind(blank, 0, width + 1) for blank in BLANKS)
        if cut <= 0:
            cut = width  # one word longer than the display: cut it
            pieces.append(cells[:cut])
            cells = cells[cut:]
        else:
            pieces.append(cells[:cut].rstrip(BLANKS))
            cells = cells[cut:].lstrip(BLANKS)
    pieces.append(cells)
    return pieces
