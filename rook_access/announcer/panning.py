"""Cutting a line into pieces that fit a braille display, at word boundaries.

A 40-cell display shows a longer line one piece at a time; the reader pans
from piece to piece.  Pieces break at blank cells, so a card (``14r``) or a
word is never cut in half; only a word longer than the whole display is.
"""

from __future__ import annotations

import re

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


_BREAKS = (re.compile(r"(?<=[.;:?!]) +"), re.compile(r"(?<=,) +"))
"""Where a sentence is best cut, best first: after a stop, a semicolon or a colon; then after a comma."""


def fit_phrases(line: str, width: int) -> list[str]:
    """``line`` in lines of at most ``width`` characters, each cut where a phrase ends (after a stop, a
    semicolon or a colon, else a comma) so that each line reads on its own, as many whole phrases as fit; a
    phrase longer than a line is cut between words (``pan_pieces``).

    >>> fit_phrases("West played 14x: it beats South's 13x; the trick holds 10 points so far.", 40)
    ["West played 14x: it beats South's 13x;", 'the trick holds 10 points so far.']

    A phrase too short to say much alone ("variant dixie:") is filled up with the next one's words.
    """
    if len(line) <= width:
        return [line]
    pieces = _phrases(line.strip(), width, 0)
    # A whole phrase is never cut to fill a short line, even where that would save one: "West played 14x:",
    # then "it did not beat your 7r,", not "... beat your", then "7r, and ...".
    return _joined(pieces, width)


def _joined(pieces: list[str], width: int) -> list[str]:
    """Phrases (``pieces``, each at most ``width``) joined into as many whole phrases a line as fit; a short line
    is filled up with the next piece's words where that piece is cut between words anyway."""
    lines: list[str] = []
    index = 0
    while index < len(pieces):
        piece = pieces[index]
        index += 1
        if lines and len(lines[-1]) + 1 + len(piece) <= width:
            lines[-1] += " " + piece
        elif lines and len(lines[-1]) < width // 2 and not _ends_a_phrase(piece):
            # A short line alone ("variant dixie:") would say little: it and the rest of the next phrase, which
            # is cut between words anyway, are cut again evenly (filling the short line up instead could leave
            # one word of the phrase alone on a line: "face-down").
            rest = [piece]
            while index < len(pieces) and not _ends_a_phrase(rest[-1]):
                rest.append(pieces[index])
                index += 1
            lines[-1:] = _even_pieces(" ".join([lines[-1], *rest]), width)
        else:
            lines.append(piece)
    return lines


def _phrases(text: str, width: int, level: int) -> list[str]:
    """``text`` cut at the ``level``-th kind of break and finer, into pieces of at most ``width``."""
    if len(text) <= width:
        return [text]
    if level == len(_BREAKS):
        return _even_pieces(text, width)
    return [piece for part in _BREAKS[level].split(text) if part for piece in _phrases(part, width, level + 1)]


def _ends_a_phrase(piece: str) -> bool:
    """Whether ``piece`` is a phrase to its end (a stop, a semicolon, a colon or a comma), not the first part of
    one cut between words."""
    return piece.rstrip()[-1:] in ".;:?!,"


def _even_pieces(text: str, width: int) -> list[str]:
    """A phrase longer than a line, cut between words into as few lines as ``pan_pieces`` makes, of lengths as
    even as can be: "it did about 12 points better" and "than its next best card.", not a full line and a
    last word or two alone."""
    pieces = pan_pieces(text, width)
    count = len(pieces)
    for even in range(-(-len(text) // count), width):
        tried = pan_pieces(text, even)
        if len(tried) == count and " ".join(tried).split() == text.split():  # no word cut that fits a line
            return tried
    return pieces
