"""The spoken form of a line: what a speech synthesizer reads well.

Speech must never get the compact notation: espeak reads ``14r`` as
"fourteen ar".  Cards become "14 red", the Bird "the Rook", a list of cards
gets commas so the voice pauses between them, and signs become words.

    >>> speakable("Your hand, 3 cards: 14r 10r rook.")
    'Your hand, 3 cards: 14 red, 10 red, the Rook.'
    >>> speakable("East-West took 45 points: +45. Score: North-South -95.")
    'East West took 45 points: plus 45. Score: North South minus 95.'
"""

from __future__ import annotations

import re

from ..engine.cards import COLOR_LETTERS, COLOR_NAMES

_COLOR_WORD = dict(zip(COLOR_LETTERS, COLOR_NAMES, strict=True))
_CARD = r"(?:(?:1[0-4]|[1-9])[rxyg]|rook)"
_CARD_RUN = re.compile(rf"(?<![\w-]){_CARD}(?:,? {_CARD})*(?![\w-])")
_ONE_CARD = re.compile(rf"(?<![\w-])({_CARD})(?![\w-])")
_SIGNED = re.compile(r"(?<![\w])([+-])(\d+)")


def speak_card(name: str) -> str:
    """One card in words: ``14r`` is "14 red", ``rook`` is "the Rook"."""
    if name == "rook":
        return "the Rook"
    return f"{name[:-1]} {_COLOR_WORD[name[-1]]}"


_OWNED = re.compile(r"(?:'s|\b(?:[Tt]he|[Yy]our|[Ii]ts|[Tt]heir|[Mm]y|[Hh]is|[Hh]er)) $")
"""The words before a card that already say whose it is: "Ben's rook" is "Ben's Rook", not "Ben's the Rook"."""


def _speak_run(match: re.Match[str]) -> str:
    cards = _ONE_CARD.findall(match.group(0))
    words = [speak_card(card) for card in cards]
    if cards[0] == "rook" and _OWNED.search(match.string, 0, match.start()):
        words[0] = "Rook"
    return ", ".join(words)


def cards_in_words(compact: str) -> str:
    """A compact line with its cards in words and nothing else changed.

    >>> cards_in_words("Your lead, 2 cards: 14r rook.")
    'Your lead, 2 cards: 14 red, the Rook.'
    >>> cards_in_words("it did not beat Ben's rook; your rook wins.")
    "it did not beat Ben's Rook; your Rook wins."
    """
    return _CARD_RUN.sub(_speak_run, compact)


def speakable(compact: str) -> str:
    """The spoken form of a compact line."""
    text = cards_in_words(compact)
    text = _SIGNED.sub(lambda m: ("plus " if m.group(1) == "+" else "minus ") + m.group(2), text)
    return text.replace("North-South", "North South").replace("East-West", "East West")
