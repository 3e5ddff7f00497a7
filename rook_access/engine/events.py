"""Everything that happens in a game, as events.

The engine returns events from every action and keeps them in ``GameState.events``.
``notation.event_to_json`` gives the JSON object of the ``--record`` format: cards
in the notation, seats and sides as integers.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Color


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


@dataclass(frozen=True, slots=True)
class BidMade:
    """A seat bids ``amount``, or passes (``amount`` None)."""

    seat: int
    amount: int | None


@dataclass(frozen=True, slots=True)
class Checked:
    """A seat checks (Kentucky Discard): it does not open the bidding now but may bid later."""

    seat: int


@dataclass(frozen=True, slots=True)
class TrumpTurned:
    """Without bidding, trump is the color of the nest's top card; a Bird turned
    up goes to the bottom and the next card is turned.  ``cards`` are the cards
    turned, in order."""

    cards: tuple[Card, ...]
    color: Color


@dataclass(frozen=True, slots=True)
class TeamsFormed:
    """Who plays with whom this hand, where it changes from hand to hand: after
    the deal (rotating partners, each alone) or once the bid is won (the bid
    winner alone)."""

    teams: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """Every seat passed: the hand is thrown in and the next dealer deals it again."""

    hand: int
    dealer: int


@dataclass(frozen=True, slots=True)
class BidWon:
    """The bidding is over: ``seat`` takes the bid at ``amount``."""

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class NestTaken:
    """The high bidder adds the nest's cards to the hand (only the bidder sees them)."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class NestDiscarded:
    """The high bidder lays these cards aside as the new nest."""

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TrumpNamed:
    """The high bidder names trump."""

    seat: int
    color: Color


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A seat plays a card to the trick."""

    seat: int
    card: Card


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


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over. ``winner`` is a side, or None for a draw after a fixed number of hands."""

    winner: int | None
    """The winning side, or player where each keeps a score; None for a draw."""
    scores: tuple[int, ...]


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
