"""What a player can do: bid, pass, check, discard to the nest, name trump, play a card.

Actions are small frozen values.  ``str(action)`` is the console command that
makes it (``bid 85``, ``discard 5r 6r 7x 8x 9g``, ``trump red``, ``play 14r``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import ALL_CARDS, COLOR_NAMES, Card, Color, card_name, card_names


@dataclass(frozen=True, slots=True)
class Bid:
    """Bid this many points.

    >>> str(Bid(85))
    'bid 85'
    """

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass: final for the rest of the hand's bidding.

    >>> str(PASS), Pass() == PASS
    ('pass', True)
    """

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Check:
    """Check (Kentucky Discard): not open the bidding now, but keep the right to bid later.

    >>> str(CHECK)
    'check'
    """

    def __str__(self) -> str:
        return "check"


@dataclass(frozen=True, slots=True)
class Discard:
    """The high bidder lays these cards aside as the new nest.

    >>> from rook_access.engine.cards import parse_cards
    >>> str(Discard(frozenset(parse_cards("rook 9g 5r"))))
    'discard 5r 9g rook'
    """

    cards: frozenset[Card]

    def __str__(self) -> str:
        return "discard " + card_names(sorted(self.cards))


@dataclass(frozen=True, slots=True)
class NameTrump:
    """The high bidder names the trump color.

    >>> from rook_access.engine.cards import GREEN
    >>> str(NameTrump(GREEN))
    'trump green'
    """

    color: Color

    def __str__(self) -> str:
        return f"trump {COLOR_NAMES[self.color]}"


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick.

    >>> from rook_access.engine.cards import parse_card
    >>> str(Play(parse_card("14r"))), PLAYS[parse_card("14r")] == Play(parse_card("14r"))
    ('play 14r', True)
    """

    card: Card

    def __str__(self) -> str:
        return f"play {card_name(self.card)}"


Action = Bid | Pass | Check | Discard | NameTrump | Play

PASS = Pass()
CHECK = Check()
PLAYS: tuple[Play, ...] = tuple(Play(card) for card in ALL_CARDS)
"""One ``Play`` per card, shared, so the hot path of a game creates no objects."""
