"""Everything that happens in a game, as events.

The engine returns events from every action and keeps them in ``GameState.events``.
``to_record()`` gives the JSON object of the ``--record`` format: cards in the
notation, seats and sides as integers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cards import COLOR_NAMES, Card, Color, card_name


def _names(cards: tuple[Card, ...]) -> list[str]:
    return [card_name(card) for card in cards]


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A new game of these rules begins."""

    variant: str
    players: int
    sides: tuple[tuple[int, ...], ...]
    target: int | None
    hands: int | None

    def to_record(self) -> dict[str, Any]:
        return {
            "event": "game_start",
            "variant": self.variant,
            "players": self.players,
            "sides": [list(side) for side in self.sides],
            "target": self.target,
            "hands": self.hands,
        }


@dataclass(frozen=True, slots=True)
class Dealt:
    """A hand is dealt. ``hands[seat]`` is in the order dealt; the nest likewise."""

    hand: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    nest: tuple[Card, ...]

    def to_record(self) -> dict[str, Any]:
        return {
            "event": "deal",
            "hand": self.hand,
            "dealer": self.dealer,
            "hands": [_names(cards) for cards in self.hands],
            "nest": _names(self.nest),
        }


@dataclass(frozen=True, slots=True)
class BidMade:
    """A seat bids ``amount``, or passes (``amount`` None)."""

    seat: int
    amount: int | None

    def to_record(self) -> dict[str, Any]:
        return {"event": "bid", "seat": self.seat, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """Every seat passed: the hand is thrown in and the next dealer deals it again."""

    hand: int
    dealer: int

    def to_record(self) -> dict[str, Any]:
        return {"event": "thrown_in", "hand": self.hand, "dealer": self.dealer}


@dataclass(frozen=True, slots=True)
class BidWon:
    """The bidding is over: ``seat`` takes the bid at ``amount``."""

    seat: int
    amount: int

    def to_record(self) -> dict[str, Any]:
        return {"event": "bid_won", "seat": self.seat, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class NestTaken:
    """The high bidder adds the nest's cards to the hand (only the bidder sees them)."""

    seat: int
    cards: tuple[Card, ...]

    def to_record(self) -> dict[str, Any]:
        return {"event": "nest_taken", "seat": self.seat, "cards": _names(self.cards)}


@dataclass(frozen=True, slots=True)
class NestDiscarded:
    """The high bidder lays these cards aside as the new nest."""

    seat: int
    cards: tuple[Card, ...]

    def to_record(self) -> dict[str, Any]:
        return {"event": "nest", "seat": self.seat, "discarded": _names(self.cards)}


@dataclass(frozen=True, slots=True)
class TrumpNamed:
    """The high bidder names trump."""

    seat: int
    color: Color

    def to_record(self) -> dict[str, Any]:
        return {"event": "trump", "seat": self.seat, "color": COLOR_NAMES[self.color]}


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A seat plays a card to the trick."""

    seat: int
    card: Card

    def to_record(self) -> dict[str, Any]:
        return {"event": "play", "seat": self.seat, "card": card_name(self.card)}


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """A trick is complete. ``points`` includes the nest's on the last trick (``nest``)."""

    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int
    nest: tuple[Card, ...] = ()
    nest_points: int = 0

    def to_record(self) -> dict[str, Any]:
        return {
            "event": "trick",
            "number": self.number,
            "leader": self.leader,
            "cards": _names(self.cards),
            "winner": self.winner,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class HandEnded:
    """A hand is scored. Lists are by side."""

    hand: int
    bidder: int
    bid: int
    made: bool
    counters: tuple[int, ...]
    score_change: tuple[int, ...]
    scores: tuple[int, ...]

    def to_record(self) -> dict[str, Any]:
        return {
            "event": "hand_end",
            "hand": self.hand,
            "bidder": self.bidder,
            "bid": self.bid,
            "made": self.made,
            "counters": list(self.counters),
            "score_change": list(self.score_change),
            "scores": list(self.scores),
        }


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over. ``winner`` is a side, or None for a draw after a fixed number of hands."""

    winner: int | None
    scores: tuple[int, ...]

    def to_record(self) -> dict[str, Any]:
        return {"event": "game_end", "winner": self.winner, "scores": list(self.scores)}


Event = (
    GameStarted
    | Dealt
    | BidMade
    | ThrownIn
    | BidWon
    | NestTaken
    | NestDiscarded
    | TrumpNamed
    | CardPlayed
    | TrickTaken
    | HandEnded
    | GameEnded
)
