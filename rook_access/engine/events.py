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
    """A new game of these rules begins.

    >>> record = GameStarted("partnership", 4, ((0, 2), (1, 3)), target=300, hands=None).to_record()
    >>> record["event"], record["sides"], record["target"], record["scoring"]
    ('game_start', [[0, 2], [1, 3]], 300, 'sides')
    """

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
    """A hand is dealt. ``hands[seat]`` is in the order dealt; the nest likewise.

    >>> from rook_access.engine.cards import parse_card, parse_cards
    >>> Dealt(1, 3, (tuple(parse_cards("5r 6r")), tuple(parse_cards("7r 8r"))), (parse_card("rook"),)).to_record()
    {'event': 'deal', 'hand': 1, 'dealer': 3, 'hands': [['5r', '6r'], ['7r', '8r']], 'nest': ['rook']}
    """

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
    """A seat bids ``amount``, or passes (``amount`` None).

    >>> BidMade(0, 85).to_record(), BidMade(1, None).to_record()
    ({'event': 'bid', 'seat': 0, 'amount': 85}, {'event': 'bid', 'seat': 1, 'amount': None})
    """

    seat: int
    amount: int | None

    def to_record(self) -> dict[str, Any]:
        return {"event": "bid", "seat": self.seat, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class Checked:
    """A seat checks (Kentucky Discard): it does not open the bidding now but may bid later.

    >>> Checked(2).to_record()
    {'event': 'check', 'seat': 2}
    """

    seat: int

    def to_record(self) -> dict[str, Any]:
        return {"event": "check", "seat": self.seat}


@dataclass(frozen=True, slots=True)
class TrumpTurned:
    """Without bidding, trump is the color of the nest's top card; a Bird turned
    up goes to the bottom and the next card is turned.  ``cards`` are the cards
    turned, in order.

    >>> from rook_access.engine.cards import GREEN, parse_cards
    >>> TrumpTurned(tuple(parse_cards("rook 7g")), GREEN).to_record()
    {'event': 'trump_turned', 'cards': ['rook', '7g'], 'color': 'green'}
    """

    cards: tuple[Card, ...]
    color: Color

    def to_record(self) -> dict[str, Any]:
        return {"event": "trump_turned", "cards": _names(self.cards), "color": COLOR_NAMES[self.color]}


@dataclass(frozen=True, slots=True)
class TeamsFormed:
    """Who plays with whom this hand, where it changes from hand to hand: after
    the deal (rotating partners, each alone) or once the bid is won (the bid
    winner alone).

    >>> TeamsFormed(((0,), (1, 2))).to_record()
    {'event': 'teams', 'teams': [[0], [1, 2]]}
    """

    teams: tuple[tuple[int, ...], ...]

    def to_record(self) -> dict[str, Any]:
        return {"event": "teams", "teams": [list(team) for team in self.teams]}


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """Every seat passed: the hand is thrown in and the next dealer deals it again.

    >>> ThrownIn(1, 3).to_record()
    {'event': 'thrown_in', 'hand': 1, 'dealer': 3}
    """

    hand: int
    dealer: int

    def to_record(self) -> dict[str, Any]:
        return {"event": "thrown_in", "hand": self.hand, "dealer": self.dealer}


@dataclass(frozen=True, slots=True)
class BidWon:
    """The bidding is over: ``seat`` takes the bid at ``amount``.

    >>> BidWon(0, 90).to_record()
    {'event': 'bid_won', 'seat': 0, 'amount': 90}
    """

    seat: int
    amount: int

    def to_record(self) -> dict[str, Any]:
        return {"event": "bid_won", "seat": self.seat, "amount": self.amount}


@dataclass(frozen=True, slots=True)
class NestTaken:
    """The high bidder adds the nest's cards to the hand (only the bidder sees them).

    >>> from rook_access.engine.cards import parse_cards
    >>> NestTaken(0, tuple(parse_cards("12g 9g"))).to_record()
    {'event': 'nest_taken', 'seat': 0, 'cards': ['12g', '9g']}
    """

    seat: int
    cards: tuple[Card, ...]

    def to_record(self) -> dict[str, Any]:
        return {"event": "nest_taken", "seat": self.seat, "cards": _names(self.cards)}


@dataclass(frozen=True, slots=True)
class NestDiscarded:
    """The high bidder lays these cards aside as the new nest.

    >>> from rook_access.engine.cards import parse_cards
    >>> NestDiscarded(0, tuple(parse_cards("5y 6y"))).to_record()
    {'event': 'nest', 'seat': 0, 'discarded': ['5y', '6y']}
    """

    seat: int
    cards: tuple[Card, ...]

    def to_record(self) -> dict[str, Any]:
        return {"event": "nest", "seat": self.seat, "discarded": _names(self.cards)}


@dataclass(frozen=True, slots=True)
class TrumpNamed:
    """The high bidder names trump.

    >>> from rook_access.engine.cards import RED
    >>> TrumpNamed(0, RED).to_record()
    {'event': 'trump', 'seat': 0, 'color': 'red'}
    """

    seat: int
    color: Color

    def to_record(self) -> dict[str, Any]:
        return {"event": "trump", "seat": self.seat, "color": COLOR_NAMES[self.color]}


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A seat plays a card to the trick.

    >>> from rook_access.engine.cards import parse_card
    >>> CardPlayed(1, parse_card("14r")).to_record()
    {'event': 'play', 'seat': 1, 'card': '14r'}
    """

    seat: int
    card: Card

    def to_record(self) -> dict[str, Any]:
        return {"event": "play", "seat": self.seat, "card": card_name(self.card)}


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """A trick is complete. ``points`` includes the nest's on the last trick (``nest``).

    >>> from rook_access.engine.cards import parse_cards
    >>> TrickTaken(1, 0, tuple(parse_cards("10r 14r 6g 13r")), 2, 30).to_record()
    {'event': 'trick', 'number': 1, 'leader': 0, 'cards': ['10r', '14r', '6g', '13r'], 'winner': 2, 'points': 30}
    """

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
    """A hand is scored. Lists are by side.

    >>> record = HandEnded(1, 0, 90, True, counters=(95, 25), score_change=(95, 25), scores=(95, 25)).to_record()
    >>> record["event"], record["made"], record["score_change"], record["scores"]
    ('hand_end', True, [95, 25], [95, 25])
    """

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
    """The game is over. ``winner`` is a side, or None for a draw after a fixed number of hands.

    >>> GameEnded(0, (310, 250)).to_record()
    {'event': 'game_end', 'winner': 0, 'scores': [310, 250]}
    """

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
