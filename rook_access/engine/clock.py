"""Rook Clock, as the 1913 booklet plays it (docs/rules.md, "Rook Clock").

The pack is dealt one card at a time, face down, to twelve piles round the
dial (twelve o'clock first) and then to two piles in the centre, the hour
hand and the minute hand: four rounds, fourteen piles of four.  Play starts
at one o'clock: its top card is turned; a card numbered 1 to 12 goes face up
under the pile of its hour, a 13 under the hour hand, a 14 under the minute
hand, and the top face-down card of that pile is turned next.  The game
plays itself: the only action is ``STEP``, turning the next card, so an
interface can pace it card by card.  It ends when the pile to turn from has
no face-down card left, which happens exactly when the fourth 1 is turned;
it comes out when every card is face up in its place.

    >>> game = ClockState.from_seed(1)
    >>> while not game.is_over:
    ...     _ = game.apply(STEP)
    >>> game.turned[-1] % 14 + 1   # the last card turned is always a 1
    1
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, card_name
from .errors import IllegalActionError, InvalidDealError
from .patience_deck import (
    PACK_SIZE,
    PatienceDealt,
    dealt_from_json,
    dealt_to_json,
    deck_from_json,
    shuffled_deck,
    table_deck,
    value_fields_from_json,
    value_to_json,
)
from .protocol import GameDescription, Standing, TableSetup

DIAL = 12
"""Piles round the dial, numbered by their hour 1 to 12."""
HOUR_HAND = 13
"""The first centre pile: it takes the 13s."""
MINUTE_HAND = 14
"""The second centre pile: it takes the 14s."""
PILES = 14
START_PILE = 1
"""Play starts at one o'clock."""

PILE_NAMES: dict[int, str] = {
    **{hour: f"{hour} o'clock" for hour in range(1, DIAL + 1)},
    13: "hour hand",
    14: "minute hand",
}
"""Each pile's name for a player."""

DEALING_ORDER: tuple[int, ...] = (12, *range(1, DIAL), HOUR_HAND, MINUTE_HAND)
"""The piles in the order one round of the deal reaches them: twelve o'clock first, then round, then the hands."""


class ClockRule(enum.Enum):
    """The rule an illegal action of Rook Clock breaks (the value is the rule in words).

    >>> ClockRule.ONLY_STEP.value
    'Rook Clock plays itself: the only action is to turn the next card'
    """

    GAME_OVER = "the game is over"
    NOT_YOUR_TURN = "Rook Clock has one seat, seat 0"
    ONLY_STEP = "Rook Clock plays itself: the only action is to turn the next card"


def home_pile(card: Card) -> int:
    """The pile a card belongs under: its number for 1 to 12, the hour hand for 13, the minute hand for 14.

    >>> home_pile(4), home_pile(12), home_pile(13)
    (5, 13, 14)
    """
    return card % 14 + 1


def deal_clock(deck: Sequence[Card]) -> dict[int, list[Card]]:
    """Each pile's cards (bottom first) when ``deck`` is dealt one card at a time in ``DEALING_ORDER``, four rounds.

    >>> deal_clock(range(56))[12]
    [0, 14, 28, 42]
    """
    if len(deck) != PACK_SIZE:
        raise InvalidDealError(f"A deal has {PACK_SIZE} cards, not {len(deck)}.")
    piles: dict[int, list[Card]] = {pile: [] for pile in range(1, PILES + 1)}
    for position, card in enumerate(deck):
        piles[DEALING_ORDER[position % PILES]].append(card)
    return piles


@dataclass(frozen=True, slots=True)
class Step:
    """Turn the next card and put it under its pile (the only action of Rook Clock)."""

    def __str__(self) -> str:
        return "step"

    def to_json(self) -> dict[str, Any]:
        return {"action": "step"}


STEP = Step()


def action_from_json(data: object) -> Step:
    """The action a JSON object names; ValueError for anything else."""
    if data == {"action": "step"}:
        return STEP
    raise ValueError(f"not an action of Rook Clock: {data!r}"[:120])


@dataclass(frozen=True, slots=True)
class ClockCardPlaced:
    """``card`` was turned from pile ``source`` and put face up under pile ``target``."""

    source: int
    card: Card
    target: int


@dataclass(frozen=True, slots=True)
class ClockOver:
    """The pile to turn from (``blocked_at``) has no face-down card: the game is over.

    ``came_out`` when every card is face up in its place; ``face_down`` cards were never turned.
    """

    blocked_at: int
    came_out: bool
    face_down: int


ClockEvent = ClockCardPlaced | ClockOver | PatienceDealt


def event_to_json(event: ClockEvent) -> dict[str, object]:
    """The event's one JSON form (records and saves).

    >>> event_to_json(ClockCardPlaced(1, 4, 5))
    {'event': 'card_placed', 'source': 1, 'card': '5r', 'target': 5}
    """
    if isinstance(event, PatienceDealt):
        return dealt_to_json(event)
    kind = "card_placed" if isinstance(event, ClockCardPlaced) else "clock_over"
    return value_to_json(kind, {name: getattr(event, name) for name in event.__slots__})


def event_from_json(data: object) -> ClockEvent:
    """The event a JSON object holds (the inverse of ``event_to_json``); ValueError for anything else.

    >>> event_from_json({"event": "clock_over", "blocked_at": 1, "came_out": True, "face_down": 0})
    ClockOver(blocked_at=1, came_out=True, face_down=0)
    """
    dealt = dealt_from_json(data)
    if dealt is not None:
        return dealt
    kind = data.get("event") if isinstance(data, dict) else None
    if kind == "card_placed":
        fields = value_fields_from_json(data, ClockCardPlaced.__slots__)
        return ClockCardPlaced(**fields)  # type: ignore[arg-type]  # names checked; values are JSON scalars
    if kind == "clock_over":
        return ClockOver(**value_fields_from_json(data, ClockOver.__slots__))  # type: ignore[arg-type]  # likewise
    raise ValueError("not an event of Rook Clock")


class ClockOutcome(enum.Enum):
    PLAYING = "playing"
    CAME_OUT = "came out"
    BLOCKED = "blocked"


@dataclass(frozen=True, slots=True)
class ClockPileView:
    """One pile as the player sees it: how many cards are face down, and the face-up cards under it (first placed
    first)."""

    number: int
    face_down: int
    face_up: tuple[Card, ...]

    @property
    def name(self) -> str:
        return PILE_NAMES[self.number]


@dataclass(frozen=True, slots=True)
class ClockView:
    """Everything the player may know: the piles, the pile to turn from next, the outcome."""

    piles: tuple[ClockPileView, ...]
    current: int
    outcome: ClockOutcome
    legal: tuple[Step, ...]
    seat: int = 0
    """The one seat of the game."""

    @property
    def is_over(self) -> bool:
        return self.outcome is not ClockOutcome.PLAYING


class ClockState:
    """A game of Rook Clock: the deal, the piles now, the cards turned in order, the events."""

    def __init__(self, deck: Sequence[Card], seed: int | None = None) -> None:
        deck_from_json([card_name(card) for card in deck])  # the same checks as a deal file
        self.deck: tuple[Card, ...] = tuple(deck)
        self.seed = seed
        """The seed the deal was shuffled from (None for a deal file)."""
        self.down: dict[int, list[Card]] = deal_clock(self.deck)
        self.up: dict[int, list[Card]] = {pile: [] for pile in range(1, PILES + 1)}
        self.current = START_PILE
        self.turned: list[Card] = []
        self.events: list[ClockEvent] = [PatienceDealt("clock", self.deck)]
        self.actions: list[Step] = []
        self.outcome = ClockOutcome.PLAYING

    @classmethod
    def from_seed(cls, seed: int) -> ClockState:
        """The game of the deal that ``seed`` shuffles."""
        return cls(shuffled_deck(seed), seed)

    def clone(self) -> ClockState:
        """An independent copy."""
        other = object.__new__(ClockState)
        other.deck = self.deck
        other.seed = self.seed
        other.down = {pile: list(cards) for pile, cards in self.down.items()}
        other.up = {pile: list(cards) for pile, cards in self.up.items()}
        other.current = self.current
        other.turned = list(self.turned)
        other.events = list(self.events)
        other.actions = list(self.actions)
        other.outcome = self.outcome
        return other

    @property
    def is_over(self) -> bool:
        return self.outcome is not ClockOutcome.PLAYING

    def seats_to_act(self) -> tuple[int, ...]:
        """The one seat, 0, until the game is over."""
        return () if self.is_over else (0,)

    def legal_actions(self, seat: int = 0) -> list[Step]:
        """``[STEP]`` while the game goes on (for seat 0)."""
        return [] if self.is_over or seat != 0 else [STEP]

    seat_count = 1
    """A patience game has one seat (the game protocol's question)."""

    def standings(self) -> tuple[Standing, ...]:
        """The player's standing: the score is the cards turned; place 1 only when the game comes out."""
        came_out = self.outcome is ClockOutcome.CAME_OUT
        return (Standing((0,), len(self.turned), 1 if came_out else 2, came_out),)

    def view(self, seat: int = 0) -> ClockView:
        """What the player sees: every pile's face-down count and face-up cards, the pile to turn from."""
        piles = tuple(ClockPileView(pile, len(self.down[pile]), tuple(self.up[pile])) for pile in range(1, PILES + 1))
        return ClockView(piles, self.current, self.outcome, tuple(self.legal_actions()))

    def apply(self, action: Step, seat: int = 0) -> list[ClockEvent]:
        """Turn the next card; return the events (the card placed, and the end when the next pile is blocked)."""
        if self.is_over:
            raise IllegalActionError(ClockRule.GAME_OVER, "the game is over")
        legal = [STEP]
        if seat != 0:
            message = f"seat {seat} does not play Rook Clock; seat 0 does"
            raise IllegalActionError(ClockRule.NOT_YOUR_TURN, message, legal)
        if not isinstance(action, Step):
            message = f"{action} is not an action of Rook Clock: it only steps"
            raise IllegalActionError(ClockRule.ONLY_STEP, message, legal)
        start = len(self.events)
        self.actions.append(action)
        source = self.current
        card = self.down[source].pop()
        target = home_pile(card)
        self.up[target].append(card)
        self.turned.append(card)
        self.current = target
        self.events.append(ClockCardPlaced(source, card, target))
        if not self.down[target]:
            face_down = sum(len(cards) for cards in self.down.values())
            self.outcome = ClockOutcome.CAME_OUT if face_down == 0 else ClockOutcome.BLOCKED
            self.events.append(ClockOver(target, face_down == 0, face_down))
        return self.events[start:]


def start_clock(setup: TableSetup, deal: Sequence[Card] | None = None) -> ClockState:
    """A new game: the fixed ``deal`` if given, else the deal of ``setup.seed`` (a fresh seed when None)."""
    return ClockState(*table_deck(setup, deal))


CLOCK = GameDescription(
    name="clock",
    title="Rook Clock",
    family="patience",
    summary="Rook Clock: one player, the pack dealt round a clock; it plays itself, card by card.",
    seat_counts=(1,),
    options=(),
    start=start_clock,
    read_deal=deck_from_json,
)
"""The game's description: ``--variant clock``; a deal file is a JSON list of the 56 cards in dealing order."""
