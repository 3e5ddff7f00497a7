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
    sides: tuple[tuple[int, ...], ...] | None
    """The fixed partnerships, or None where teams change from hand to hand."""
    target: int | None
    hands: int | None
    scoring: str = "sides"
    """How scores are kept: "sides" (one score a side) or "players" (one a player)."""
    seat_names: tuple[str, ...] = ()
    options: tuple[tuple[str, object], ...] = ()
    """The table options that differ between games: Bird rank, minimum bid, bonus."""

    def to_record(self) -> dict[str, Any]:
        return {
            "event": "game_start",
            "variant": self.variant,
            "players": self.players,
            "sides": None if self.sides is None else [list(side) for side in self.sides],
            "target": self.target,
            "hands": self.hands,
            "scoring": self.scoring,
            "seat_names": list(self.seat_names),
            **dict(self.options),
        }


@dataclass(frozen=True, slots=True)
class Dealt:
    """A hand is dealt. ``hands[seat]`` is in the order dealt; the nest likewise."""

    hand: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    nest: tuple[Card, ...]
    aside: tuple[Card, ...] = ()
    """Cards out of play this hand (the 2- and 3-player games)."""
    face_up: tuple[Card, ...] = ()
    """The dummy's cards dealt face up (the 2-player game)."""

    def to_record(self) -> dict[str, Any]:
        record = {
            "event": "deal",
            "hand": self.hand,
            "dealer": self.dealer,
            "hands": [_names(cards) for cards in self.hands],
            "nest": _names(self.nest),
        }
        if self.aside:
            record["aside"] = _names(self.aside)
        if self.face_up:
            record["face_up"] = _names(self.face_up)
        return record


@dataclass(frozen=True, slots=True)
class BidMade:
    """A seat bids ``amount``, or passes (``amount`` None)."""

    seat: int
    amount: int | None

    def to_record(self) -> dict[str, Any]:
        return {"event": "bid", "seat": self.seat, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class Checked:
    """A seat checks (Kentucky Discard): it does not open the bidding now but may bid later."""

    seat: int

    def to_record(self) -> dict[str, Any]:
        return {"event": "check", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class TrumpTurned:
    """Without bidding, trump is the color of the nest's top card; a Bird turned
    up goes to the bottom and the next card is turned.  ``cards`` are the cards
    turned, in order."""

    cards: tuple[Card, ...]
    color: Color

    def to_record(self) -> dict[str, Any]:
        return {"event": "trump_turned", "cards": _names(self.cards), "color": COLOR_NAMES[self.color]}


@dataclass(frozen=True, slots=True)
class TeamsFormed:
    """Who plays with whom this hand, where it changes from hand to hand: after
    the deal (rotating partners, each alone) or once the bid is won (the bid
    winner alone)."""

    teams: tuple[tuple[int, ...], ...]

    def to_record(self) -> dict[str, Any]:
        return {"event": "teams", "teams": [list(team) for team in self.teams]}


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
    bidder: int | None
    bid: int | None
    made: bool | None
    counters: tuple[int, ...]
    """Points taken, by team of the hand (by side in the fixed partnerships)."""
    score_change: tuple[int, ...]
    """By scorer: by side, or by player where each keeps a score."""
    scores: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...] = ()
    taken: tuple[int, ...] = ()
    """Points taken by each seat."""
    bonus: int = 0
    """The bonus for taking every trick, if a team won it."""
    teams_vary: bool = False
    """Whether teams change from hand to hand (then the record states them)."""

    def to_record(self) -> dict[str, Any]:
        record = {
            "event": "hand_end",
            "hand": self.hand,
            "bidder": self.bidder,
            "bid": self.bid,
            "made": self.made,
            "counters": list(self.counters),
            "score_change": list(self.score_change),
            "scores": list(self.scores),
        }
        if self.teams_vary:  # the foundation's partnership record keeps exactly its keys
            record["teams"] = [list(team) for team in self.teams]
            record["taken"] = list(self.taken)
        if self.bonus:
            record["bonus"] = self.bonus
        return record


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over. ``winner`` is a side, or None for a draw after a fixed number of hands."""

    winner: int | None
    """The winning side, or player where each keeps a score; None for a draw."""
    scores: tuple[int, ...]

    def to_record(self) -> dict[str, Any]:
        return {"event": "game_end", "winner": self.winner, "scores": list(self.scores)}


Event = (
    GameStarted
    | Dealt
    | BidMade
    | Checked
    | TrumpTurned
    | TeamsFormed
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
