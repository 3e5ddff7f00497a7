"""Blocks of text to braille pages of 40 cells by 25 lines, and to braille-ready files.

The format follows BANA's *Braille Formats* in a simple, consistent way:

- A page is 25 lines of at most 40 cells.  Lines 1 to 24 hold text; line 25
  holds only the braille page number (a UEB number, ``#a`` for page 1) at
  the right margin.  No line ends in blank cells.
- Headings: ``title`` (Markdown ``#``) and ``heading`` (``##``) are centred,
  with at least three blank cells each side, and have a blank line before
  them unless they fall at the top of a page; ``subheading`` (``###``)
  starts in cell 5, runovers in cell 5.  A heading is never the last text
  line of a page: it moves to the next page with the first line after it.
- Paragraphs start in cell 3, runovers in cell 1.  List items start in cell 1,
  runovers in cell 3; an item nested one level starts in cell 3, runovers in
  cell 5, and so on.
- A transcriber's note starts in cell 7, runovers in cell 5, between UEB's
  transcriber's note indicators.
- Prose is UEB grade 2; cards and commands (Markdown code, bare card tokens)
  are 6-dot computer braille, joined to the prose around them.  Where print
  has punctuation touching a card or command, one blank cell sets it off, so
  that UEB's comma, colon or period (the computer-braille digits 1, 3, 4) is
  never read as part of the card (see ``inline``).
- Lines break at blank cells only.  A card or a command in computer braille
  is never split across lines when it fits on one; a unit longer than a line
  starts a line and is cut at the margin.
- Ready-made lines of cells (the label sheet's rows) may be kept together on
  one page.
- A braille-ready file (``.brf``) is braille ASCII (North American, from
  liblouis's ``en-us-brf.dis``), each line ended by CR LF, pages separated by
  a form feed.  Its Unicode twin holds the same cells, line for line and page
  for page, as Unicode braille (a blank cell is U+2800), for sighted helpers
  who proofread without a braille ASCII font.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .inline import Span, prose, units
from .translator import BLANK_CELL, literary_braille, to_brf

WIDTH = 40
"""Cells in a line."""
PAGE_LINES = 25
"""Lines in a page, the page number line included."""
TEXT_LINES = PAGE_LINES - 1
"""Lines of text in a page: the last line holds the page number."""
CENTRED_MARGIN = 3
"""Blank cells kept at each end of a centred heading's lines."""

LINE_END = "\r\n"
PAGE_BREAK = "\f"


@dataclass(frozen=True)
class Block:
    """A piece of a document laid out as a unit: a heading, a paragraph, a list item..."""

    spans: tuple[Span, ...] = ()
    first: int = 0
    """Blank cells before the first line (cell 3 is 2)."""
    runover: int = 0
    """Blank cells before every further line."""
    centred: bool = False
    blank_before: bool = False
    """A blank line before it, unless it falls at the top of a page."""
    keep_with_next: bool = False
    """Never the last text on a page (headings)."""
    keep_together: bool = False
    """All its lines on one page, if they fit on one."""
    note: bool = False
    """A transcriber's note."""
    cells: tuple[str, ...] | None = None
    """Ready-made lines of cells, laid out as they are."""


def _spans(text: str | Sequence[Span]) -> tuple[Span, ...]:
    return (prose(text),) if isinstance(text, str) else tuple(text)


def title(text: str | Sequence[Span]) -> Block:
    """A document's title (Markdown ``#``): centred."""
    return Block(_spans(text), centred=True, blank_before=True, keep_with_next=True)


def heading(text: str | Sequence[Span]) -> Block:
    """A section heading (Markdown ``##``): centred."""
    return Block(_spans(text), centred=True, blank_before=True, keep_with_next=True)


def subheading(text: str | Sequence[Span]) -> Block:
    """A lower heading (Markdown ``###`` and below): cell 5."""
    return Block(_spans(text), first=4, runover=4, keep_with_next=True)


def paragraph(text: str | Sequence[Span]) -> Block:
    """A paragraph: cell 3, runovers cell 1."""
    return Block(_spans(text), first=2, runover=0)


def list_item(text: str | Sequence[Span], level: int = 0) -> Block:
    """A list item: cell 1, runovers cell 3; each level of nesting two cells further in."""
    return Block(_spans(text), first=2 * level, runover=2 * level + 2)


def transcribers_note(text: str) -> Block:
    """A transcriber's note: cell 7, runovers cell 5."""
    return Block(_spans(text), first=6, runover=4, note=True)


def cell_lines(lines: Iterable[str], blank_before: bool = False, keep_together: bool = True) -> Block:
    """Ready-made lines of Unicode braille cells (an empty string is a blank line)."""
    return Block(cells=tuple(lines), blank_before=blank_before, keep_together=keep_together)


def wrap(pieces: Sequence[str], first: int, runover: int, width: int = WIDTH) -> list[str]:
    """Units of cells filled into lines, broken between units only."""
    lines: list[str] = []
    line = BLANK_CELL * first
    empty = True

    def new_line() -> None:
        nonlocal line, empty
        lines.append(line)
        line = BLANK_CELL * runover
        empty = True

    for unit in pieces:
        while unit:
            room = width - len(line) - (0 if empty else 1)
            if len(unit) <= room:
                line += unit if empty else BLANK_CELL + unit
                empty = False
                unit = ""
            elif not empty:
                new_line()
            else:  # longer than a whole line: cut at the margin
                line += unit[:room]
                empty = False
                unit = unit[room:]
                new_line()
    if not empty:
        lines.append(line)
    return lines


def _centre(pieces: Sequence[str]) -> list[str]:
    lines = wrap(pieces, 0, 0, WIDTH - 2 * CENTRED_MARGIN)
    return [BLANK_CELL * ((WIDTH - len(line)) // 2) + line for line in lines]


def lay_out(block: Block) -> list[str]:
    """A block's lines of cells, indented, without the blank line before it."""
    if block.cells is not None:
        lines = [line.rstrip(BLANK_CELL) for line in block.cells]
    else:
        pieces = units(block.spans, note=block.note)
        lines = _centre(pieces) if block.centred else wrap(pieces, block.first, block.runover)
    for line in lines:
        if len(line) > WIDTH:
            raise ValueError(f"a line of {len(line)} cells: {line}")
        if any(not "\u2800" <= cell <= "\u283f" for cell in line):
            raise ValueError(f"not 6-dot braille: {line!r}")
    return lines


def page_number(number: int) -> str:
    """The page number line: the number in UEB at the right margin."""
    cells = literary_braille(str(number))
    return BLANK_CELL * (WIDTH - len(cells)) + cells


def paginate(blocks: Sequence[Block]) -> list[list[str]]:
    """The blocks on pages of 25 lines, each with its page number on line 25."""
    laid = [lay_out(block) for block in blocks]

    def following(index: int) -> int:
        """Lines that must come on the same page before block ``index`` may end it."""
        if index >= len(blocks):
            return 0
        block, lines = blocks[index], laid[index]
        if not lines:
            return following(index + 1)
        blank = 1 if block.blank_before else 0
        if block.keep_with_next:
            return blank + len(lines) + following(index + 1)
        if block.keep_together:
            return blank + len(lines)
        return blank + 1

    pages: list[list[str]] = []
    page: list[str] = []

    def turn() -> None:
        nonlocal page
        pages.append(page)
        page = []

    for index, (block, lines) in enumerate(zip(blocks, laid, strict=True)):
        if not lines:
            continue
        blank = block.blank_before and bool(page)
        if page and (block.keep_with_next or block.keep_together):
            need = len(lines) + (following(index + 1) if block.keep_with_next else 0)
            if len(page) + blank + need > TEXT_LINES and need <= TEXT_LINES:
                turn()
                blank = False
        if blank and len(page) < TEXT_LINES:
            page.append("")
        for line in lines:
            if len(page) == TEXT_LINES:
                turn()
            page.append(line)
    if page or not pages:
        turn()
    return [
        page + [""] * (TEXT_LINES - len(page)) + [page_number(number)] for number, page in enumerate(pages, start=1)
    ]


def unicode_text(pages: Sequence[Sequence[str]]) -> str:
    """Pages as Unicode braille text: lines ended by CR LF, pages separated by a form feed."""
    return PAGE_BREAK.join("".join(line + LINE_END for line in page) for page in pages)


def brf_text(pages: Sequence[Sequence[str]]) -> str:
    """Pages as a braille-ready file: braille ASCII, lines ended by CR LF, pages separated by a form feed."""
    return PAGE_BREAK.join(
        "".join((to_brf(line) if line else "") + LINE_END for line in page) for page in pages
    )
