"""Text to braille cells through liblouis, the braille translator of Linux, NVDA and JAWS.

Two codes, as braille Rook players read them:

- **Computer braille** (North American Braille Computer Code, NABCC) for the
  card notation and for whatever a player types or the display shows: each
  character is one cell, and the digits are the dropped (lower-cell) digits of
  the braille Rook kits, so ``14r`` is ⠂⠲⠗ and ``5x`` is ⠢⠭.  A braille
  display gets the 8-dot form (``en-us-comp8-ext.utb``: capitals carry dot 7);
  embossed paper gets the 6-dot form (``en-us-comp6.ctb``).
- **Unified English Braille, grade 2** (``en-ueb-g2.ctb``) for prose.

Cells are returned as Unicode braille (U+2800 to U+28FF), whose low byte is the
dot pattern (dot 1 is bit 0 ... dot 8 is bit 7), the same bits BrlAPI takes.
``to_brf`` turns 6-dot cells into North American braille ASCII, the form of
``.brf`` files, through liblouis's own ``en-us-brf.dis`` display table: this
package writes no braille table of its own.

liblouis's Python binding comes from the system (``python3-louis``), loaded by
``system_packages``.
"""

from __future__ import annotations

import functools
from types import ModuleType

from ..system_packages import load_system_module

COMPUTER_BRAILLE_8_DOT = "en-us-comp8-ext.utb"
"""NABCC, 8 dots: the braille display's code."""
COMPUTER_BRAILLE_6_DOT = "en-us-comp6.ctb"
"""NABCC, 6 dots: card notation and commands on embossed paper."""
LITERARY_BRAILLE = "en-ueb-g2.ctb"
"""Unified English Braille, grade 2 (contracted): prose on paper."""
UNICODE_DISPLAY = "unicode.dis"
BRF_DISPLAY = "en-us-brf.dis"

BLANK_CELL = "\u2800"
# liblouis marks a cell as dots, not a character, with this bit (LOU_DOTS).
_LOUIS_DOTS = 0x8000


class BrailleUnavailable(RuntimeError):
    """liblouis or its Python binding is not installed."""


@functools.cache
def load_louis() -> ModuleType | None:
    """liblouis's Python module ``louis``, or None if it is not installed."""
    louis = load_system_module("louis")
    if louis is None:
        return None
    try:
        louis.version()
    except Exception:  # the binding is there but liblouis.so is not
        return None
    return louis


def _louis() -> ModuleType:
    louis = load_louis()
    if louis is None:
        raise BrailleUnavailable(
            "liblouis is not installed. On Debian or Ubuntu: apt install liblouis-data python3-louis."
        )
    return louis


def _translate(table: str, text: str) -> str:
    if not text:
        return ""
    return _louis().translateString([UNICODE_DISPLAY, table], text)


@functools.lru_cache(maxsize=4096)
def computer_braille(text: str, eight_dot: bool = True) -> str:
    """``text`` in computer braille (NABCC), one cell a character, as Unicode braille."""
    return _translate(COMPUTER_BRAILLE_8_DOT if eight_dot else COMPUTER_BRAILLE_6_DOT, text)


@functools.lru_cache(maxsize=4096)
def literary_braille(text: str) -> str:
    """``text`` in Unified English Braille grade 2, as Unicode braille."""
    return _translate(LITERARY_BRAILLE, text)


def cell_count(text: str) -> int:
    """How many cells ``text`` takes on a braille display (8-dot computer braille)."""
    return len(computer_braille(text))


def dot_bytes(cells: str) -> bytes:
    """Unicode braille cells as BrlAPI's dot patterns, one byte a cell."""
    return bytes(ord(cell) - 0x2800 for cell in cells)


def to_brf(cells: str) -> str:
    """6-dot Unicode braille cells as braille ASCII (the characters of a ``.brf`` file)."""
    if any(ord(cell) - 0x2800 > 0x3F for cell in cells if "\u2800" <= cell <= "\u28ff"):
        raise ValueError("braille-ready files hold 6-dot cells only")
    dots = "".join(
        chr(_LOUIS_DOTS | (ord(cell) - 0x2800)) if "\u2800" <= cell <= "\u28ff" else cell for cell in cells
    )
    return _louis().dotsToChar([BRF_DISPLAY], dots)


TRANSCRIBERS_NOTE_CLASS = "transnote"
"""The emphasis class of UEB's transcriber's note indicators in liblouis's UEB tables."""


@functools.lru_cache(maxsize=64)
def transcriber_note(text: str) -> str:
    """``text`` in UEB grade 2 between UEB's transcriber's note indicators, as Unicode braille.

    liblouis writes the indicators itself, from the ``transnote`` emphasis
    class of its UEB tables.
    """
    louis = _louis()
    if not text:
        return ""
    tables = [UNICODE_DISPLAY, LITERARY_BRAILLE]
    try:
        typeform = louis.getTypeformForEmphClass(tables, TRANSCRIBERS_NOTE_CLASS)
    except NameError:  # python3-louis 3.24's wrapper names an undefined ``_is_py3``
        typeform = louis.liblouis.lou_getTypeformForEmphClass(
            LITERARY_BRAILLE.encode(), TRANSCRIBERS_NOTE_CLASS.encode()
        )
    if not typeform:
        raise BrailleUnavailable(f"liblouis's {LITERARY_BRAILLE} has no {TRANSCRIBERS_NOTE_CLASS} emphasis class")
    return louis.translateString(tables, text, typeform=[typeform] * len(text))
