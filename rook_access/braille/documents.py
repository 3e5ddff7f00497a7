"""What each braille-ready file holds, as blocks for the pages.

- ``rules``: the rules of every game the program offers, from the Markdown
  documents named in ``RULE_SOURCES`` (one line to add another).
- ``commands`` (the first family of games, Rook), ``patience-commands`` and
  one ``FAMILY-commands`` for each other family: a one-page command reference
  from the console's own command registry, passed in as data
  (``docs/command-card.json``, which the console writes, a list of commands
  by family: braille never imports the console): each command with its
  arguments (in lower case) and short forms in computer braille and its
  ``brief`` in UEB, then the card notation.
- ``card-labels``: a label sheet to braille a print Rook deck as the braille
  kits do: one label per card of the full 57-card deck, 1 to 14 in each color
  and the Rook Bird, a heading per color, seven labels a row in columns six
  cells apart, a blank line between rows, so that they cut apart.

Every file starts with the same transcriber's note.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.cards import (
    BIRD,
    COLOR_NAMES,
    COLORS,
    NUMBERS_PER_COLOR,
    card_name,
    make_card,
)
from .formatting import (
    WIDTH,
    Block,
    cell_lines,
    heading,
    list_item,
    paragraph,
    title,
    transcribers_note,
)
from .inline import Span, code, prose
from .markdown_source import parse_markdown
from .translator import BLANK_CELL, computer_braille

RULE_SOURCES: tuple[str, ...] = ("rules.md", "variants.md")
"""The rule documents, in ``docs/``, in the order they go into ``rules.brf``."""

TRANSCRIBERS_NOTE = (
    "Cards and commands are in computer braille, as on braille Rook labels: "
    "dropped digits, then the color letter."
)
"""The note that starts every file."""

LABEL_COLUMN = 6
"""Cells from one label's start to the next: a label is 4 cells at most."""
LABELS_PER_ROW = 7
"""Labels in a row: 7 columns of 6 cells fit the 40-cell line."""


@dataclass(frozen=True)
class Document:
    """A braille-ready file: its name (without ``.brf``) and how to make its blocks from ``docs/``."""

    name: str
    blocks: Callable[[Path], list[Block]]


def rules_blocks(docs: Path) -> list[Block]:
    """The rule documents, one after another."""
    blocks = [transcribers_note(TRANSCRIBERS_NOTE)]
    for source in RULE_SOURCES:
        blocks += parse_markdown((docs / source).read_text(encoding="utf-8"))
    return blocks


def _spans(text: str) -> list[Span]:
    """Text with code between backticks, as spans."""
    pieces = text.split("`")
    return [code(piece) if index % 2 else prose(piece) for index, piece in enumerate(pieces) if piece]


COMMAND_CARDS = "command-card.json"
"""The command cards' data in ``docs/``, written by ``python -m rook_access.console.reference``."""


@dataclass(frozen=True)
class CardCommand:
    """One command as the braille command card shows it: the data the console's registry passes in."""

    name: str
    arguments: str
    aliases: tuple[str, ...]
    brief: str
    acts: bool
    """A move (listed one a line with its brief) rather than a command that only says or sets something."""

    @classmethod
    def from_json(cls, data: Any) -> CardCommand:
        return cls(data["name"], data["arguments"], tuple(data["aliases"]), data["brief"], bool(data["acts"]))


def read_command_cards(docs: Path) -> dict[str, list[CardCommand]]:
    """Each family's commands for its card, by family name, from ``docs/command-card.json``."""
    data = json.loads((docs / COMMAND_CARDS).read_text(encoding="utf-8"))
    return {family: [CardCommand.from_json(item) for item in items] for family, items in data.items()}


def _command_item(spec: CardCommand) -> Block:
    """``bid n`` or ``b`` – Bid N points.

    No punctuation touches the computer braille: a comma or colon after it
    would read as a digit.
    """
    usage = f"{spec.name} {spec.arguments.lower()}".strip()
    spans: list[Span] = [code(usage)]
    for alias in spec.aliases:
        spans += [prose(" or "), code(alias)]
    spans.append(prose(f" \u2013 {spec.brief}"))
    return list_item(spans)


CARD_NOTATION = "Card: number, color `r x y g`; Bird `rook`"
"""The card notation line of the command reference (one braille line)."""


REVIEW_INTRODUCTION = "Commands that only say or set something, with their short forms:"
REVIEW_GAP = 3
"""Blank cells between two review commands on a line."""


def review_rows(specs: Sequence[CardCommand]) -> list[str]:
    """The review commands packed into 40-cell lines: name and short forms, three blanks apart."""
    rows: list[str] = []
    line = ""
    for spec in specs:
        words = " ".join([spec.name, *(a for a in spec.aliases if len(a) <= 3)])
        cells = computer_braille(words, eight_dot=False)
        joined = line + BLANK_CELL * REVIEW_GAP + cells if line else cells
        if len(joined) > WIDTH:
            rows.append(line)
            joined = cells
        line = joined
    rows.append(line)
    return rows


def family_card(family: str) -> Callable[[Path], list[Block]]:
    """How to make the command reference of the family of games ``family`` (see ``card_blocks``)."""

    def blocks(docs: Path) -> list[Block]:
        return card_blocks(read_command_cards(docs)[family])

    return blocks


def card_blocks(commands: Sequence[CardCommand]) -> list[Block]:
    """A command reference: each move with what it does, then the other commands packed
    several to a line, then the card notation.

    It has no title: the note and the commands fill the page's 24 text lines.
    """
    moves = [spec for spec in commands if spec.acts]
    others = [spec for spec in commands if not spec.acts]
    return [
        transcribers_note(TRANSCRIBERS_NOTE),
        *(_command_item(spec) for spec in moves),
        list_item(_spans(CARD_NOTATION)),
        paragraph(REVIEW_INTRODUCTION),
        cell_lines(review_rows(others)),
    ]


def label_rows(labels: list[str]) -> list[str]:
    """Labels in rows of cells, ``LABELS_PER_ROW`` a row, a blank line between rows."""
    rows: list[str] = []
    for start in range(0, len(labels), LABELS_PER_ROW):
        if rows:
            rows.append("")
        cells = [computer_braille(label, eight_dot=False) for label in labels[start : start + LABELS_PER_ROW]]
        rows.append("".join(cell.ljust(LABEL_COLUMN, BLANK_CELL) for cell in cells).rstrip(BLANK_CELL))
    return rows


def label_blocks(docs: Path) -> list[Block]:
    """The label sheet: a note on its use, then the labels by color, the Bird last."""
    del docs
    blocks = [
        transcribers_note(TRANSCRIBERS_NOTE),
        title("Rook Card Labels"),
        paragraph(
            "One label for each card of the full 57-card deck: 1 to 14 in each color, and the Rook Bird. "
            "Emboss on label stock, cut the labels apart along the blank cells, and stick each "
            "on the corner of its print card."
        ),
    ]
    for color in COLORS:
        labels = [card_name(make_card(number, color)) for number in range(1, NUMBERS_PER_COLOR + 1)]
        blocks += [heading(COLOR_NAMES[color].capitalize()), cell_lines(label_rows(labels))]
    blocks += [heading("Rook Bird"), cell_lines(label_rows([card_name(BIRD)]))]
    return blocks


def documents(docs: Path) -> tuple[Document, ...]:
    """Every braille-ready file the package makes from ``docs``: the rules, a command reference for each
    family of games in ``docs/command-card.json`` (in its order: ``commands`` for the first, the program's
    own game, ``FAMILY-commands`` for each other), and the card labels."""
    families = list(read_command_cards(docs))
    cards = [
        Document("commands" if number == 0 else f"{family}-commands", family_card(family))
        for number, family in enumerate(families)
    ]
    return (Document("rules", rules_blocks), *cards, Document("card-labels", label_blocks))
