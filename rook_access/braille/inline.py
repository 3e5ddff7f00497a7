"""Running text to braille cells: UEB prose with computer-braille cards and commands.

A line of text is a sequence of ``Span``: prose, or code (a command, a card,
whatever sat between Markdown backticks).  Prose goes to Unified English
Braille grade 2; code, and every bare card token in prose (``14r``, ``5x``),
goes to 6-dot computer braille, the code of the braille Rook labels.  Each
span is translated on its own by liblouis and the cells are joined.

The result is a list of *units*: runs of cells that a line may not be broken
inside.  Prose breaks at its blank cells; a code span is one unit, blank cells
and all, and sticks to any prose written against it (``(`bird`).``), with one
blank cell between them: UEB's comma, colon and period are the computer-braille
digits 1, 3 and 4, so ``14r,`` written solid would read as ``14r1``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .translator import BLANK_CELL, computer_braille, literary_braille, transcriber_note

CARD_TOKEN = re.compile(r"\b(?:1[0-4]|[1-9])[rxyg]\b")
"""A card in the notation inside prose: a number 1 to 14 and a color letter."""


@dataclass(frozen=True)
class Span:
    """A piece of running text: prose (UEB grade 2) or code (computer braille)."""

    text: str
    code: bool = False


def prose(text: str) -> Span:
    """A prose span."""
    return Span(text)


def code(text: str) -> Span:
    """A code span: a command, a card or anything typed, in computer braille."""
    return Span(text, code=True)


def split_cards(spans: Iterable[Span]) -> list[Span]:
    """The spans with every card token in prose made a code span of its own."""
    result: list[Span] = []
    for span in spans:
        if span.code:
            result.append(span)
            continue
        position = 0
        for match in CARD_TOKEN.finditer(span.text):
            if match.start() > position:
                result.append(prose(span.text[position : match.start()]))
            result.append(code(match.group()))
            position = match.end()
        if position < len(span.text):
            result.append(prose(span.text[position:]))
    return result


def _normal(text: str) -> str:
    """Runs of white space as one space."""
    return re.sub(r"\s+", " ", text)


def units(spans: Iterable[Span], note: bool = False) -> list[str]:
    """The unbreakable runs of cells of a piece of text, in order.

    With ``note`` the text is a transcriber's note: all prose, translated in
    one piece between UEB's transcriber's note indicators.
    """
    spans = list(spans)
    if note:
        if any(span.code for span in spans):
            raise ValueError("a transcriber's note is prose only")
        cells = transcriber_note(_normal("".join(span.text for span in spans)).strip())
        return [unit for unit in cells.split(BLANK_CELL) if unit]
    result: list[str] = []
    current = ""
    after_code = False

    def cut() -> None:
        nonlocal current, after_code
        if current:
            result.append(current)
        current = ""
        after_code = False

    for span in split_cards(spans):
        text = _normal(span.text)
        if span.code:
            # A blank cell, not a line break, between code and prose punctuation touching it.
            current += (BLANK_CELL if current and not after_code else "") + computer_braille(
                text.strip(), eight_dot=False
            )
            after_code = True
            continue
        if not text.strip():
            if text:
                cut()
            continue
        if text.startswith(" "):
            cut()
        words = literary_braille(text.strip()).split(BLANK_CELL)
        current += (BLANK_CELL if after_code else "") + words[0]
        after_code = False
        for word in words[1:]:
            cut()
            current += word
        if text.endswith(" "):
            cut()
    cut()
    return result
