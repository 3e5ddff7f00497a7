"""Cards, colors and the card notation of the braille Rook kits.

A card is a small integer, so that sets of cards are bit masks and the rules
can be computed with a few integer operations.  Card ``c`` of a color is
``color * 14 + (number - 1)``; the Rook Bird is ``BIRD`` (56).

The notation is the number followed by the color letter (``r`` red,
``x`` black, ``y`` yellow, ``g`` green) and ``rook`` for the Bird::

    >>> card_name(parse_card("14R"))
    '14r'
    >>> [card_name(c) for c in parse_cards("5x bird")]
    ['5x', 'rook']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Card = int
"""A card: ``color * 14 + number - 1`` for numbered cards, ``BIRD`` for the Rook Bird."""

CardSet = int
"""A set of cards as a bit mask: bit ``c`` is set when card ``c`` is in the set."""

Color = int
"""A color: one of ``RED``, ``BLACK``, ``YELLOW``, ``GREEN``."""

RED: Color = 0
BLACK: Color = 1
YELLOW: Color = 2
GREEN: Color = 3
COLORS: tuple[Color, ...] = (RED, BLACK, YELLOW, GREEN)

COLOR_NAMES: tuple[str, ...] = ("red", "black", "yellow", "green")
"""The colors' names, by color."""

COLOR_LETTERS: tuple[str, ...] = ("r", "x", "y", "g")
"""The colors' letters in the card notation (x for black, as in the braille kits)."""

NUMBERS_PER_COLOR = 14
BIRD: Card = 4 * NUMBERS_PER_COLOR
BIRD_NAME = "rook"
ALL_CARDS: tuple[Card, ...] = tuple(range(BIRD + 1))

BIRD_MASK: CardSet = 1 << BIRD
COLOR_MASKS: tuple[CardSet, ...] = tuple(
    ((1 << NUMBERS_PER_COLOR) - 1) << (color * NUMBERS_PER_COLOR) for color in COLORS
)
"""The numbered cards of each color, as masks (the Bird belongs to no color)."""


class CardNotationError(ValueError):
    """Text that is not a card, a list of cards or a color in the notation.

    >>> parse_card("15r")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rook_access.engine.cards.CardNotationError: 15r is not a card. Cards are a number and a color letter, ...
    """


def make_card(number: int, color: Color) -> Card:
    """The card with this number (1 to 14) and color.

    >>> make_card(1, RED), make_card(14, GREEN)
    (0, 55)
    """
    if not 1 <= number <= NUMBERS_PER_COLOR or color not in COLORS:
        raise ValueError(f"no card {number} of color {color}")
    return color * NUMBERS_PER_COLOR + number - 1


def card_color(card: Card) -> Color | None:
    """The card's color, or None for the Bird.

    >>> card_color(parse_card("7y")) == YELLOW, card_color(BIRD)
    (True, None)
    """
    return None if card == BIRD else card // NUMBERS_PER_COLOR


def card_number(card: Card) -> int | None:
    """The card's number (1 to 14), or None for the Bird.

    >>> card_number(parse_card("7y")), card_number(BIRD)
    (7, None)
    """
    return None if card == BIRD else card % NUMBERS_PER_COLOR + 1


def card_name(card: Card) -> str:
    """The card in the notation, e.g. ``14r``, ``5x``, ``rook``.

    >>> card_name(make_card(5, BLACK)), card_name(BIRD)
    ('5x', 'rook')
    """
    return _NAMES[card]


def card_names(cards: Iterable[Card]) -> str:
    """Cards in the notation, separated by spaces, in the order given.

    >>> card_names([BIRD, make_card(14, RED)])
    'rook 14r'
    """
    return " ".join(_NAMES[card] for card in cards)


_NAMES: tuple[str, ...] = tuple(
    f"{c % NUMBERS_PER_COLOR + 1}{COLOR_LETTERS[c // NUMBERS_PER_COLOR]}" for c in range(BIRD)
) + (BIRD_NAME,)

_COLOR_BY_WORD: dict[str, Color] = {"b": BLACK}
"""Color words accepted in input: names, notation letters, and b for black."""
for _color in COLORS:
    _COLOR_BY_WORD[COLOR_NAMES[_color]] = _color
    _COLOR_BY_WORD[COLOR_LETTERS[_color]] = _color

_BY_NAME: dict[str, Card] = {"bird": BIRD, BIRD_NAME: BIRD}
"""Card words accepted in input: the notation, and a color word after the number (14red, 14b)."""
for _number in range(1, NUMBERS_PER_COLOR + 1):
    for _word, _color in _COLOR_BY_WORD.items():
        _BY_NAME[f"{_number}{_word}"] = _color * NUMBERS_PER_COLOR + _number - 1


def shown(text: str, limit: int = 20) -> str:
    """Text fit to repeat back in a message: printable characters only, cut to ``limit``.

    >>> shown(" bid\x07 85 "), shown("x" * 30, limit=5), shown("   ")
    ('bid 85', 'xxxxx', 'that')
    """
    printable = "".join(ch for ch in text.strip() if ch.isprintable())
    return printable[:limit] or "that"


def parse_card(text: str) -> Card:
    """The card that ``text`` names, in any case; ``bird`` names the Bird.

    The color may also be a whole color name (``14red``) or ``b`` for black.
    Raises CardNotationError for anything else.

    >>> parse_card("14red") == parse_card("14R") == make_card(14, RED)
    True
    >>> parse_card("Bird") == BIRD
    True
    """
    card = _BY_NAME.get(text.strip().lower())
    if card is None:
        raise CardNotationError(
            f"{shown(text) if text.strip() else 'nothing'} is not a card. Cards are a number and a color letter, "
            "like 14r, 5x, 10y, 7g, or rook."
        )
    return card


def parse_cards(text: str | Iterable[str]) -> list[Card]:
    """The cards named in a text separated by spaces or commas, or in a list of names.

    >>> card_names(parse_cards("14r, 5b rook"))
    '14r 5x rook'
    >>> parse_cards(["1r", "2r"])
    [0, 1]
    """
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    return [parse_card(word) for word in words]


def parse_color(text: str) -> Color:
    """The color named by ``text``: red, black, yellow, green or r, x, y, g, b (any case).

    >>> parse_color("Green") == GREEN, parse_color("b") == parse_color("x") == BLACK
    (True, True)
    """
    color = _COLOR_BY_WORD.get(text.strip().lower())
    if color is None:
        raise CardNotationError(
            f"{shown(text) if text.strip() else 'nothing'} is not a color. Colors are red, black, yellow, green, "
            "or r, x, y, g."
        )
    return color


def mask_of(cards: Iterable[Card]) -> CardSet:
    """The set of these cards, as a mask.

    >>> bin(mask_of([0, 2]))
    '0b101'
    """
    mask = 0
    for card in cards:
        mask |= 1 << card
    return mask


def cards_in(mask: CardSet) -> list[Card]:
    """The cards in a mask, lowest card number first.

    >>> card_names(cards_in(mask_of(parse_cards("rook 14r 1r"))))
    '1r 14r rook'
    """
    cards = []
    while mask:
        low = mask & -mask
        cards.append(low.bit_length() - 1)
        mask ^= low
    return cards


def iter_cards(mask: CardSet) -> Iterator[Card]:
    """Iterate over the cards in a mask, lowest first.

    >>> list(iter_cards(0b1010))
    [1, 3]
    """
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
