"""Rook Solitaire, as the 1913 booklet plays it (docs/rules.md, "Rook Solitaire").

Fourteen transfer piles of four cards, face down, the top card of each turned
up.  A 14 that comes face up goes face down to the bottom of its pile and the
next card is turned, unless only 14s are left in the pile: then the top one
rests face up.  A 1 that comes face up goes at once to start its color's
building pile.  The player moves the face-up run of a pile bodily onto the
top card of another pile that is one higher and of another color, or the top
card of a pile onto its color's building pile; vacant piles stay vacant.  The
game is won when the four building piles reach 14, lost when no move remains.

Piles are numbered 1 to 14 wherever a player can see them (actions, events,
the view).  A game from a seed::

    >>> game = SolitaireState.from_seed(3)
    >>> len(game.legal_actions()) > 0, game.is_over
    (True, False)
    >>> sum(len(p.down) + len(p.up) for p in game.view().piles) + sum(game.view().building)
    56
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import COLOR_NAMES, COLORS, Card, Color, card_name, parse_card, parse_color
from .errors import IllegalActionError, InvalidDealError
from .patience_deck import (
    HIGHEST,
    PACK_SIZE,
    PatienceDealt,
    color_of,
    dealt_from_json,
    dealt_to_json,
    deck_from_json,
    number_of,
    shuffled_deck,
    table_deck,
    value_fields_from_json,
    value_to_json,
)
from .protocol import GameDescription, Standing, TableSetup

PILES = 14
"""Transfer piles."""
PILE_SIZE = 4
"""Cards dealt to each transfer pile."""


class SolitaireRule(enum.Enum):
    """The rule an illegal action of Rook Solitaire breaks (the value is the rule in words).

    >>> SolitaireRule.VACANT_PILE.value
    'a vacant pile stays vacant: nothing is moved onto it'
    """

    GAME_OVER = "the game is over"
    NOT_YOUR_TURN = "Rook Solitaire has one seat, seat 0"
    NOT_AN_ACTION = "the actions of Rook Solitaire are move, build and resign"
    NO_SUCH_PILE = "the transfer piles are numbered 1 to 14"
    NOT_FACE_UP = "only a face-up card can move"
    ALREADY_BUILT = "a building pile never gives a card back"
    SPLIT_SEQUENCE = "a sequence moves bodily, never split: move it from its lowest face-up card"
    NOT_TOP_CARD = "only the top card of a transfer pile goes to a building pile"
    SAME_PILE = "a pile cannot move onto itself"
    VACANT_PILE = "a vacant pile stays vacant: nothing is moved onto it"
    NOT_DESCENDING = "a transfer pile builds down: a card goes on the next number up"
    SAME_COLOR = "on a transfer pile the colors must differ"
    BUILD_WRONG_COLOR = "a building pile takes cards of its own color only"
    BUILD_WRONG_NUMBER = "a building pile is built up in order, from 1 to 14"
    NOTHING_TO_UNDO = "undo takes back a move made in this game; none is left to take back"


Rule = SolitaireRule


# ---------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class Move:
    """Move ``card`` and the cards built on it bodily onto transfer pile ``pile`` (1 to 14).

    >>> str(Move(6, 3))
    'move 7r to pile 3'
    """

    card: Card
    pile: int

    def __str__(self) -> str:
        return f"move {card_name(self.card)} to pile {self.pile}"

    def to_json(self) -> dict[str, Any]:
        return {"action": "move", "card": card_name(self.card), "pile": self.pile}


@dataclass(frozen=True, slots=True)
class Build:
    """Put ``card``, the top card of a transfer pile, on the building pile of ``color``.

    >>> str(Build(6, 0))
    'build 7r on red'
    """

    card: Card
    color: Color

    def __str__(self) -> str:
        return f"build {card_name(self.card)} on {COLOR_NAMES[self.color]}"

    def to_json(self) -> dict[str, Any]:
        return {"action": "build", "card": card_name(self.card), "color": COLOR_NAMES[self.color]}


@dataclass(frozen=True, slots=True)
class Resign:
    """Give the game up: the dummy wins.

    >>> str(RESIGN), RESIGN.to_json()
    ('resign', {'action': 'resign'})
    """

    def __str__(self) -> str:
        return "resign"

    def to_json(self) -> dict[str, Any]:
        return {"action": "resign"}


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last move not yet taken back (any number of times, to the deal).

    Kept among the actions like a move, so a save or a record replays it.

    >>> str(UNDO), UNDO.to_json()
    ('undo', {'action': 'undo'})
    """

    def __str__(self) -> str:
        return "undo"

    def to_json(self) -> dict[str, Any]:
        return {"action": "undo"}


SolitaireAction = Move | Build | Resign | Undo
RESIGN = Resign()
UNDO = Undo()


def build(card: Card) -> Build:
    """The action putting ``card`` on its own color's building pile.

    >>> build(20)
    Build(card=20, color=1)
    """
    return Build(card, color_of(card))


def action_from_json(data: object) -> SolitaireAction:
    """The action a JSON object names (the inverse of ``to_json``); ValueError for anything else.

    >>> action_from_json(Move(6, 3).to_json()) == Move(6, 3)
    True
    """
    if not isinstance(data, dict):
        data = {"action": None, "not an object": data}
    kind = data.get("action")
    if kind == "resign" and set(data) == {"action"}:
        return RESIGN
    if kind == "undo" and set(data) == {"action"}:
        return UNDO
    if kind == "move" and set(data) == {"action", "card", "pile"}:
        pile = data["pile"]
        if not isinstance(pile, int) or isinstance(pile, bool) or not isinstance(data["card"], str):
            raise ValueError("a move names a card and a pile number")
        return Move(parse_card(data["card"]), pile)
    if kind == "build" and set(data) == {"action", "card", "color"}:
        if not isinstance(data["card"], str) or not isinstance(data["color"], str):
            raise ValueError("a build names a card and a color")
        return Build(parse_card(data["card"]), parse_color(data["color"]))
    raise ValueError(f"not an action of Rook Solitaire: {data!r}"[:120])


# ---------------------------------------------------------------------------
# Events


@dataclass(frozen=True, slots=True)
class CardTurned:
    """The top face-down card of ``pile`` was turned face up.

    >>> event_to_json(CardTurned(2, 6))
    {'event': 'card_turned', 'pile': 2, 'card': '7r'}
    """

    pile: int
    card: Card


@dataclass(frozen=True, slots=True)
class FourteenToBottom:
    """A 14 came face up and was put face down at the bottom of its pile.

    >>> event_to_json(FourteenToBottom(2, 13))['card']
    '14r'
    """

    pile: int
    card: Card


@dataclass(frozen=True, slots=True)
class FourteenRests:
    """Only 14s are left in the pile: the top one rests face up.

    >>> event_to_json(FourteenRests(5, 27))['event']
    'fourteen_rests'
    """

    pile: int
    card: Card


@dataclass(frozen=True, slots=True)
class OneStartsBuilding:
    """A 1 came face up and went at once to start its color's building pile.

    >>> event_to_json(OneStartsBuilding(1, 0))['card']
    '1r'
    """

    pile: int
    card: Card


@dataclass(frozen=True, slots=True)
class RunMoved:
    """The cards ``cards`` (the lowest face-up card first) moved from ``source`` onto ``target``,
    whose top card was ``onto``.

    >>> event_to_json(RunMoved(1, 2, (8, 21), 9))['cards']
    ['9r', '8x']
    """

    source: int
    target: int
    cards: tuple[Card, ...]
    onto: Card | None


@dataclass(frozen=True, slots=True)
class CardBuilt:
    """The top card of ``pile`` went to its building pile.

    >>> event_to_json(CardBuilt(4, 1))
    {'event': 'card_built', 'pile': 4, 'card': '2r'}
    """

    pile: int
    card: Card


@dataclass(frozen=True, slots=True)
class PileVacant:
    """The pile has no card left; it stays vacant.

    >>> event_to_json(PileVacant(3))
    {'event': 'pile_vacant', 'pile': 3}
    """

    pile: int


@dataclass(frozen=True, slots=True)
class SolitaireOver:
    """The game ended: ``outcome`` is "won" (four building piles to 14), "lost" (no move left) or "resigned"."""

    outcome: str
    built: int
    """Cards on the building piles at the end."""


@dataclass(frozen=True, slots=True)
class MoveUndone:
    """The move ``undone`` (its words, like ``move 7r to pile 3``) was taken back: the piles are as before it.

    >>> event_to_json(MoveUndone("build 2r on red"))
    {'event': 'move_undone', 'undone': 'build 2r on red'}
    """

    undone: str


SolitaireEvent = (
    CardTurned
    | FourteenToBottom
    | FourteenRests
    | OneStartsBuilding
    | RunMoved
    | CardBuilt
    | PileVacant
    | SolitaireOver
    | MoveUndone
    | PatienceDealt
)

_EVENT_KINDS: dict[str, type[SolitaireEvent]] = {
    "card_turned": CardTurned,
    "fourteen_to_bottom": FourteenToBottom,
    "fourteen_rests": FourteenRests,
    "one_starts_building": OneStartsBuilding,
    "run_moved": RunMoved,
    "card_built": CardBuilt,
    "pile_vacant": PileVacant,
    "solitaire_over": SolitaireOver,
    "move_undone": MoveUndone,
}
_KIND_OF_EVENT = {kind: name for name, kind in _EVENT_KINDS.items()}


def event_to_json(event: SolitaireEvent) -> dict[str, object]:
    """The event's one JSON form (records and saves).

    >>> event_to_json(RunMoved(1, 3, (8, 21), None))
    {'event': 'run_moved', 'source': 1, 'target': 3, 'cards': ['9r', '8x'], 'onto': None}
    """
    if isinstance(event, PatienceDealt):
        return dealt_to_json(event)
    return value_to_json(_KIND_OF_EVENT[type(event)], {name: getattr(event, name) for name in event.__slots__})


def event_from_json(data: object) -> SolitaireEvent:
    """The event a JSON object holds (the inverse of ``event_to_json``); ValueError for anything else.

    >>> event_from_json({"event": "pile_vacant", "pile": 4})
    PileVacant(pile=4)
    """
    dealt = dealt_from_json(data)
    if dealt is not None:
        return dealt
    kind = _EVENT_KINDS.get(data.get("event", "") if isinstance(data, dict) else "")
    if kind is None:
        raise ValueError("not an event of Rook Solitaire")
    return kind(**value_fields_from_json(data, kind.__slots__))  # type: ignore[arg-type]  # names checked; values are JSON scalars


# ---------------------------------------------------------------------------
# What the player sees


class Outcome(enum.Enum):
    """How a game of Rook Solitaire stands.

    >>> SolitaireState.from_seed(1).outcome
    <Outcome.PLAYING: 'playing'>
    """

    PLAYING = "playing"
    WON = "won"
    LOST = "lost"
    RESIGNED = "resigned"


@dataclass(frozen=True, slots=True)
class PileView:
    """One transfer pile as the player sees it.

    ``down`` holds the face-down cards, bottom first: None for a card never
    seen, the card itself for a 14 the player saw put to the bottom.  ``up``
    holds the face-up run, the turned-up card first and the top card last.
    """

    number: int
    down: tuple[Card | None, ...]
    up: tuple[Card, ...]

    @property
    def top(self) -> Card | None:
        """The top card, or None when the pile is vacant."""
        return self.up[-1] if self.up else None

    @property
    def vacant(self) -> bool:
        return not self.up and not self.down


@dataclass(frozen=True, slots=True)
class SolitaireView:
    """Everything the player may know: the piles (hidden cards as None), the building piles, the legal moves."""

    piles: tuple[PileView, ...]
    building: tuple[int, ...]
    """The highest number on each color's building pile (0 when not started), by color."""
    legal: tuple[SolitaireAction, ...]
    outcome: Outcome
    seat: int = 0
    """The one seat of the game."""

    @property
    def is_over(self) -> bool:
        return self.outcome is not Outcome.PLAYING


# ---------------------------------------------------------------------------
# The game


def deal_piles(deck: Sequence[Card]) -> list[list[Card]]:
    """The transfer piles of a deal, bottom card first: card i is dealt to pile ``i % 14``, one round at a time.

    >>> from rook_access.engine.cards import card_names
    >>> [card_names(pile) for pile in deal_piles(range(56))][:2]
    ['1r 1x 1y 1g', '2r 2x 2y 2g']
    """
    if len(deck) != PACK_SIZE:
        raise InvalidDealError(f"A deal has {PACK_SIZE} cards, not {len(deck)}.")
    return [[deck[round_ * PILES + pile] for round_ in range(PILE_SIZE)] for pile in range(PILES)]


class SolitaireState:
    """A game of Rook Solitaire: the deal, the piles now, the events so far, the actions taken.

    ``apply`` takes a legal action or raises ``IllegalActionError`` naming the
    rule broken and the legal moves, and changes nothing.  The same deal and
    the same actions always give the same game (``replay``).
    """

    def __init__(self, deck: Sequence[Card], seed: int | None = None) -> None:
        deck_from_json([card_name(card) for card in deck])  # the same checks as a deal file
        self.deck: tuple[Card, ...] = tuple(deck)
        self.seed = seed
        """The seed the deal was shuffled from (None for a deal file or a position)."""
        self.down: list[list[Card]] = deal_piles(self.deck)
        self.up: list[list[Card]] = [[] for _ in range(PILES)]
        self.built: list[int] = [0, 0, 0, 0]
        self.seen: set[Card] = set()
        self.events: list[SolitaireEvent] = []
        self.actions: list[SolitaireAction] = []
        self.outcome = Outcome.PLAYING
        self._taken_back: list[_Position] = []
        """The position before each move not yet undone, the latest last."""
        self.events.append(PatienceDealt("solitaire", self.deck))
        for index in range(PILES):
            self._turn(index)
        self._check_end()

    @classmethod
    def from_seed(cls, seed: int) -> SolitaireState:
        """The game of the deal that ``seed`` shuffles."""
        return cls(shuffled_deck(seed), seed)

    @classmethod
    def from_layout(
        cls, down: Sequence[Sequence[Card]], up: Sequence[Sequence[Card]], built: Sequence[int]
    ) -> SolitaireState:
        """A game from a position, for tests and puzzles: each pile's face-down and face-up cards, bottom first,
        and each color's building pile height; every card of the pack must be in exactly one place.

        A pile with face-down cards and no face-up card has its top card turned as the rules turn it (14s to
        the bottom, 1s to their building piles); then the position is checked for the end of the game.
        """
        if len(down) != PILES or len(up) != PILES or len(built) != len(COLORS):
            raise InvalidDealError(f"A position has {PILES} piles and {len(COLORS)} building piles.")
        placed = [card for pile in [*down, *up] for card in pile]
        placed += [color * HIGHEST + number - 1 for color in COLORS for number in range(1, built[color] + 1)]
        if sorted(placed) != list(range(PACK_SIZE)):
            raise InvalidDealError("A position holds every card of the pack exactly once.")
        state = cls(range(PACK_SIZE))
        state.deck = ()
        state.down = [list(pile) for pile in down]
        state.up = [list(pile) for pile in up]
        state.built = list(built)
        state.seen = {card for pile in up for card in pile}
        state.events = []
        state.outcome = Outcome.PLAYING
        state._taken_back = []
        for index in range(PILES):
            if state.down[index] and not state.up[index]:
                state._turn(index)
        state._check_end()
        return state

    @classmethod
    def replay(cls, deck: Sequence[Card], actions: Iterable[SolitaireAction]) -> SolitaireState:
        """The game after ``actions`` from the deal ``deck`` (raises on the first illegal one)."""
        state = cls(deck)
        for action in actions:
            state.apply(action)
        return state

    def clone(self) -> SolitaireState:
        """An independent copy."""
        other = object.__new__(SolitaireState)
        other.deck = self.deck
        other.seed = self.seed
        other.down = [list(pile) for pile in self.down]
        other.up = [list(pile) for pile in self.up]
        other.built = list(self.built)
        other.seen = set(self.seen)
        other.events = list(self.events)
        other.actions = list(self.actions)
        other.outcome = self.outcome
        other._taken_back = list(self._taken_back)
        return other

    # -- reading

    @property
    def is_over(self) -> bool:
        return self.outcome is not Outcome.PLAYING

    def moves(self) -> list[Move | Build]:
        """The moves possible now (building first, then runs by pile), without resigning."""
        if self.is_over:
            return []
        result: list[Move | Build] = []
        built = self.built
        for up in self.up:
            if up and built[color_of(up[-1])] == number_of(up[-1]) - 1:
                result.append(Build(up[-1], color_of(up[-1])))
        for up in self.up:
            if not up:
                continue
            base = up[0]
            for target, other in enumerate(self.up):
                if other and number_of(other[-1]) == number_of(base) + 1 and color_of(other[-1]) != color_of(base):
                    result.append(Move(base, target + 1))
        return result

    def seats_to_act(self) -> tuple[int, ...]:
        """The one seat, 0, until the game is over."""
        return () if self.is_over else (0,)

    def legal_actions(self, seat: int = 0) -> list[SolitaireAction]:
        """Every legal action: the moves, then resigning; nothing once the game is over (or for another seat)."""
        moves: list[SolitaireAction] = list(self.moves()) if seat == 0 else []
        return moves + [RESIGN] if moves else []

    seat_count = 1
    """A patience game has one seat (the game protocol's question)."""

    def standings(self) -> tuple[Standing, ...]:
        """The player's standing: the score is the cards on the building piles; place 1 only for a win
        (otherwise the dummy wins, as the booklet says)."""
        won = self.outcome is Outcome.WON
        return (Standing((0,), sum(self.built), 1 if won else 2, won),)

    def view(self, seat: int = 0) -> SolitaireView:
        """What the player sees (face-down cards hidden unless seen: the 14s put to the bottom)."""
        piles = tuple(
            PileView(
                index + 1,
                tuple(card if card in self.seen else None for card in self.down[index]),
                tuple(self.up[index]),
            )
            for index in range(PILES)
        )
        return SolitaireView(piles, tuple(self.built), tuple(self.legal_actions()), self.outcome)

    def where(self, card: Card) -> tuple[str, int, int]:
        """Where a card is: ("up" | "down", pile index, position from the bottom) or ("built", color, number)."""
        for index in range(PILES):
            if card in self.up[index]:
                return ("up", index, self.up[index].index(card))
            if card in self.down[index]:
                return ("down", index, self.down[index].index(card))
        return ("built", color_of(card), number_of(card))

    # -- acting

    def apply(self, action: SolitaireAction, seat: int = 0) -> list[SolitaireEvent]:
        """Take a legal action; return the events it caused.  An illegal one raises and changes nothing."""
        if seat != 0:
            raise self._refuse(Rule.NOT_YOUR_TURN, f"seat {seat} does not play Rook Solitaire; seat 0 does")
        if isinstance(action, Undo):
            return self._undo()
        self._check(action)
        start = len(self.events)
        self.actions.append(action)
        if isinstance(action, (Move, Build)):
            self._taken_back.append(self._position(action))
        if isinstance(action, Resign):
            self.outcome = Outcome.RESIGNED
            self.events.append(SolitaireOver("resigned", sum(self.built)))
            return self.events[start:]
        _, index, position = self.where(action.card)
        if isinstance(action, Move):
            run = self.up[index][position:]
            del self.up[index][position:]
            target = self.up[action.pile - 1]
            onto = target[-1] if target else None
            target.extend(run)
            self.events.append(RunMoved(index + 1, action.pile, tuple(run), onto))
        else:
            self.up[index].pop()
            self.built[action.color] += 1
            self.events.append(CardBuilt(index + 1, action.card))
        if not self.up[index]:
            self._turn(index)
        self._check_end()
        return self.events[start:]

    def _position(self, action: SolitaireAction) -> _Position:
        return _Position(action, [list(p) for p in self.down], [list(p) for p in self.up], list(self.built))

    def _undo(self) -> list[SolitaireEvent]:
        """Put the piles back as they were before the last move not yet undone."""
        if self.is_over:
            raise IllegalActionError(Rule.GAME_OVER, "the game is over")
        if not self._taken_back:
            raise self._refuse(Rule.NOTHING_TO_UNDO, "there is no move to undo")
        before = self._taken_back.pop()
        # The cards seen stay seen: the player has looked at them, undo or not.
        self.down, self.up, self.built = before.down, before.up, before.built
        start = len(self.events)
        self.actions.append(UNDO)
        self.events.append(MoveUndone(str(before.action)))
        return self.events[start:]

    def _turn(self, index: int) -> None:
        """Turn the top face-down card of an emptied pile, with the 14s and 1s the rules move at once."""
        down, up = self.down[index], self.up[index]
        while not up and down:
            card = down.pop()
            self.seen.add(card)
            self.events.append(CardTurned(index + 1, card))
            number = number_of(card)
            if number == HIGHEST:
                if any(number_of(other) != HIGHEST for other in down):
                    down.insert(0, card)
                    self.events.append(FourteenToBottom(index + 1, card))
                else:
                    up.append(card)
                    self.events.append(FourteenRests(index + 1, card))
            elif number == 1:
                self.built[color_of(card)] = 1
                self.events.append(OneStartsBuilding(index + 1, card))
            else:
                up.append(card)
        if not up and not down:
            self.events.append(PileVacant(index + 1))

    def _check_end(self) -> None:
        if all(height == HIGHEST for height in self.built):
            self.outcome = Outcome.WON
        elif not self.moves():
            self.outcome = Outcome.LOST
        else:
            return
        self.events.append(SolitaireOver(self.outcome.value, sum(self.built)))

    def _refuse(self, rule: Rule, message: str, **detail: Any) -> IllegalActionError:
        return IllegalActionError(rule, message, self.legal_actions(), **detail)

    def _check(self, action: SolitaireAction) -> None:
        if self.is_over:
            raise IllegalActionError(Rule.GAME_OVER, "the game is over")
        if isinstance(action, Resign):
            return
        if not isinstance(action, (Move, Build)) or not 0 <= action.card < PACK_SIZE:
            raise self._refuse(Rule.NOT_AN_ACTION, f"{action} is not a move of Rook Solitaire")
        card = action.card
        name = card_name(card)
        place, index, position = self.where(card)
        if place == "built":
            raise self._refuse(Rule.ALREADY_BUILT, f"{name} is on its building pile already", card=card)
        if place == "down":
            raise self._refuse(Rule.NOT_FACE_UP, f"{name} is face down in pile {index + 1}", card=card)
        if isinstance(action, Move):
            self._check_move(action, index, position)
        else:
            self._check_build(action, index, position)

    def _check_move(self, action: Move, index: int, position: int) -> None:
        name = card_name(action.card)
        if position != 0:
            base = self.up[index][0]
            raise self._refuse(
                Rule.SPLIT_SEQUENCE,
                f"{name} lies on {card_name(self.up[index][position - 1])}; "
                f"the sequence moves whole, from {card_name(base)}",
                card=action.card,
                base=base,
            )
        if not 1 <= action.pile <= PILES:
            raise self._refuse(Rule.NO_SUCH_PILE, f"there is no pile {action.pile}; piles are 1 to {PILES}")
        if action.pile == index + 1:
            raise self._refuse(Rule.SAME_PILE, f"{name} is in pile {action.pile} already")
        target = self.up[action.pile - 1]
        if not target:
            raise self._refuse(Rule.VACANT_PILE, f"pile {action.pile} is vacant and stays vacant")
        top = target[-1]
        if number_of(top) != number_of(action.card) + 1:
            raise self._refuse(
                Rule.NOT_DESCENDING,
                f"{name} cannot go on {card_name(top)}: it goes only on a {number_of(action.card) + 1}"
                if number_of(action.card) < HIGHEST
                else f"{name} cannot go on {card_name(top)}: nothing is higher than 14",
                top=top,
            )
        if color_of(top) == color_of(action.card):
            raise self._refuse(
                Rule.SAME_COLOR, f"{name} cannot go on {card_name(top)}: both are {COLOR_NAMES[color_of(top)]}", top=top
            )

    def _check_build(self, action: Build, index: int, position: int) -> None:
        name = card_name(action.card)
        if position != len(self.up[index]) - 1:
            raise self._refuse(
                Rule.NOT_TOP_CARD,
                f"{name} is under {card_name(self.up[index][-1])} in pile {index + 1}",
                card=action.card,
            )
        if action.color not in COLORS:
            raise self._refuse(Rule.BUILD_WRONG_COLOR, f"there is no building pile {action.color}")
        if action.color != color_of(action.card):
            raise self._refuse(
                Rule.BUILD_WRONG_COLOR,
                f"{name} is {COLOR_NAMES[color_of(action.card)]}; "
                f"it cannot go on the {COLOR_NAMES[action.color]} building pile",
                card=action.card,
            )
        height = self.built[action.color]
        if height != number_of(action.card) - 1:
            needed = (
                f"the {COLOR_NAMES[action.color]} building pile needs its {height + 1} first"
                if height
                else (f"the {COLOR_NAMES[action.color]} building pile is not started: its 1 starts it")
            )
            raise self._refuse(Rule.BUILD_WRONG_NUMBER, f"{name} cannot be built yet: {needed}", card=action.card)


@dataclass
class _Position:
    """The piles before ``action``, for undo."""

    action: SolitaireAction
    down: list[list[Card]]
    up: list[list[Card]]
    built: list[int]


def start_solitaire(setup: TableSetup, deal: Sequence[Card] | None = None) -> SolitaireState:
    """A new game: the fixed ``deal`` if given, else the deal of ``setup.seed`` (a fresh seed when None)."""
    return SolitaireState(*table_deck(setup, deal))


SOLITAIRE = GameDescription(
    name="solitaire",
    title="Rook Solitaire",
    family="patience",
    summary="Rook Solitaire: one player, 14 transfer piles, build the four colors up from 1 to 14.",
    seat_counts=(1,),
    options=(),
    start=start_solitaire,
    read_deal=deck_from_json,
)
"""The game's description: ``--variant solitaire``; a deal file is a JSON list of the 56 cards in dealing order."""
