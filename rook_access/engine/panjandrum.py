"""Panjandrum, the 1913 booklet's racing patience for 3 to 8 players (docs/rules.md, "Panjandrum").

The whole pack of 56 cards (1 to 14 in four colors, no Bird) is dealt one card
at a time from the dealer's left; each player keeps their cards face down,
unlooked at, as their *hand*.  In turn, from the dealer's left, a player
lifts the top card of their hand face up and plays it: on a *building pile*
in the centre (one for each color, started with its 1 and built up in
sequence), on another player's *delay pile* (one number up or down,
regardless of color), or on their own delay pile, which takes any card and
ends the turn.  Cards are played from the top of one's own delay pile too.
The booklet's order of plays ("THUS"): the delay pile's top to a building
pile, else to another's delay pile; then lift the top card of the hand: to a
building pile, else to another's delay pile, else to one's own delay pile.
An empty hand is made again of the delay pile turned over.  The first rid of
every card wins.

Mistakes are part of the game: the engine takes every move that is
physically possible (``legal_actions``), and marks those that break the
order of plays with their ``Mistake``.  When a turn ends, every other
player may call "Panjandrum" (``CallOffer``, first call only): a right call
gives the mistaken player two cards from the caller and one from every other
player, under their hand; a false call gives the caller the same, the
player wrongly called giving the two.

Where the booklet is silent (docs/rules.md says why):

- the first card dealt to a player is at the bottom of their hand, the last
  on top (as in Match); the first dealer is drawn from the table's seed;
- a card lifted must be played before anything else is done;
- a delay pile turned over keeps its order: the card first played to it is
  the new hand's top card; it is turned over as soon as the hand is empty,
  even in the middle of a turn (the turn goes on);
- nothing is played on an empty delay pile of another; a building pile of
  14 takes nothing more;
- the call comes once a turn, after the turn ends (the card on one's own
  delay pile), and covers every play of that turn; a turn with several
  mistakes costs one penalty;
- a giver gives from the top of their hand (an emptied hand is made again
  of their delay pile first) and always keeps their last card;
- the game ends at once when a player is rid of every card (no call then);
  a game not over after ``MOST_TURNS`` turns ends there, the fewest cards
  winning (a tie is shared).

    >>> game = PanjandrumState.from_seed(3, players=4)
    >>> while not game.is_over:
    ...     seat = game.seats_to_act()[0]
    ...     _ = game.apply(game.right_move(seat), seat)
    >>> sum(game.counts()) + sum(game.building) == 56
    True
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .calls import CallOffer
from .cards import COLOR_NAMES, Card, card_name
from .errors import IllegalActionError
from .match import deal_hands
from .patience_deck import (
    HIGHEST,
    PATIENCE_PACK,
    color_of,
    deck_from_json,
    number_of,
    seats_for,
    table_players,
    table_seed,
)
from .protocol import GameDescription, Option, Standing, TableSetup
from .rules import DEFAULT_SEAT_NAMES, RuleSetError, sizes_text

FAMILY = "panjandrum"
SIZES: tuple[int, ...] = tuple(range(3, 9))
"""Panjandrum is for 3 to 8 players."""
DEFAULT_PLAYERS = 4
MOST_TURNS = 3000
"""A game not over after this many turns ends there (mistakes and penalties can make it very long)."""
GIVEN_BY_CALLER = 2
"""Cards the first caller gives to the player Panjandrummed (every other player gives one)."""


class PanjandrumRule(enum.Enum):
    """The rule an impossible action of Panjandrum breaks (the value is the rule in words)."""

    GAME_OVER = "the game is over"
    NOT_YOUR_TURN = "only the player whose turn it is plays"
    CALL_OPEN = "the call of Panjandrum is open: call it or let it go"
    NOT_ASKED = "only the other players may call Panjandrum, once a turn has ended"
    CARD_LIFTED = "the card lifted must be played first"
    NO_HAND = "there is no card in the hand to lift"
    NO_CARD = "there is no card to play: lift one from the hand"
    NOT_NEXT = "a building pile takes only the next number of its color, from 1 up"
    NOT_UP_OR_DOWN = "another's delay pile takes only one number up or down from its top"
    EMPTY_DELAY = "there is no delay pile there to build on"
    OWN_DELAY = "your own delay pile takes only the card lifted from your hand"
    NO_SEAT = "there is no such player"


class Mistake(enum.Enum):
    """A move the engine takes but the order of plays forbids: what a call of Panjandrum punishes.

    The value is the mistake in words, with ``{card}`` for the card concerned.
    """

    LIFTED_BEFORE_BUILDING = "lifted a card while the delay pile's top, {card}, could go on a building pile"
    LIFTED_BEFORE_DELAY = "lifted a card while the delay pile's top, {card}, could go on another's delay pile"
    NOT_BUILT = "played {card} to a delay pile when it could go on a building pile"
    OWN_BEFORE_OTHERS = "played {card} on their own delay pile when it could go on another's delay pile"

    def words(self, card: Card) -> str:
        """The mistake with its card: ``played 5r to a delay pile when it could go on a building pile``."""
        return self.value.format(card=card_name(card))


MISTAKES_HELP: tuple[str, ...] = (
    "lifting from the hand while your delay pile's top could go on a building pile",
    "lifting from the hand while your delay pile's top could go on another's delay pile",
    "playing to any delay pile a card that could go on a building pile",
    "playing on your own delay pile a card that could go on another's delay pile",
)
"""The moves that can be called, as help and the rules say them."""


# ------------------------------------------------------------------ actions
@dataclass(frozen=True, slots=True)
class Lift:
    """Turn the top card of one's hand face up: it must be played next."""

    def __str__(self) -> str:
        return "lift"


@dataclass(frozen=True, slots=True)
class Build:
    """Play the card (the one lifted, else the top of one's delay pile) on the building pile of its color."""

    def __str__(self) -> str:
        return "build"


@dataclass(frozen=True, slots=True)
class OnDelay:
    """Play the card on ``seat``'s delay pile: another's (one up or down), or one's own (the lifted card;
    the turn ends)."""

    seat: int

    def __str__(self) -> str:
        return f"on delay pile {self.seat}"


@dataclass(frozen=True, slots=True)
class Call:
    """Call "Panjandrum" on the turn just ended."""

    def __str__(self) -> str:
        return "panjandrum"


@dataclass(frozen=True, slots=True)
class LetGo:
    """Let the call go."""

    def __str__(self) -> str:
        return "let go"


LIFT = Lift()
BUILD = Build()
CALL = Call()
LET_GO = LetGo()
Action = Lift | Build | OnDelay | Call | LetGo


# ------------------------------------------------------------------ events
@dataclass(frozen=True)
class PanjandrumStarted:
    """The deal: the players' names, the dealer, each hand (top card first)."""

    names: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class Slip:
    """One mistake of a turn: what it was and the card concerned."""

    mistake: Mistake
    card: Card

    def words(self) -> str:
        return self.mistake.words(self.card)


@dataclass(frozen=True)
class Lifted:
    """``seat`` lifted ``card`` from their hand; ``slip`` if that broke the order of plays."""

    seat: int
    card: Card
    slip: Slip | None


@dataclass(frozen=True)
class CardPlayed:
    """``seat`` played ``card`` (lifted from the hand, or from their delay pile) on the building pile of its
    color (``to`` None), on another's delay pile (``to`` that seat, ``onto`` its top then), or on their own
    (``to`` == ``seat``: the turn ends).  ``slip`` if that broke the order of plays."""

    seat: int
    card: Card
    lifted: bool
    to: int | None
    onto: Card | None
    slip: Slip | None

    @property
    def ends_turn(self) -> bool:
        return self.to == self.seat


@dataclass(frozen=True)
class DelayTurnedOver:
    """``seat``'s hand was empty: their delay pile, turned over, is their hand of ``size`` cards."""

    seat: int
    size: int


@dataclass(frozen=True)
class PanjandrumCalled:
    """``caller`` called Panjandrum on ``accused``'s turn: ``right`` if that turn had ``slips``.
    ``penalized`` received ``gifts``: (giver, cards given), under their hand; they hold ``holding`` now."""

    caller: int
    accused: int
    right: bool
    slips: tuple[Slip, ...]
    penalized: int
    gifts: tuple[tuple[int, int], ...]
    holding: int


@dataclass(frozen=True)
class CallLetGo:
    """No one called Panjandrum on ``accused``'s turn (every other player let it go)."""

    accused: int


@dataclass(frozen=True)
class PanjandrumOver:
    """The game is over: ``winners`` (the player rid of every card; or, at the turn limit, the fewest cards),
    each seat's cards left, and why (``out`` or ``limit``)."""

    winners: tuple[int, ...]
    counts: tuple[int, ...]
    reason: str


@dataclass(frozen=True)
class PanjandrumView:
    """What a seat may know: every pile face up (building tops by color, delay piles' tops and sizes),
    how many cards each hand holds, the card lifted, whose turn, the call open and the turn it is about
    (its plays, and for the players' use, its mistakes: every play was seen), and for the seat to act its
    possible moves each with the mistake it would be."""

    seat: int
    names: tuple[str, ...]
    dealer: int
    hands: tuple[int, ...]
    delay_tops: tuple[Card | None, ...]
    delay_sizes: tuple[int, ...]
    building: tuple[int, ...]
    lifted: Card | None
    turn: int | None
    offer: CallOffer | None
    accused: int | None
    plays: tuple[Any, ...]
    slips: tuple[Slip, ...]
    choices: tuple[tuple[Any, Mistake | None], ...]
    right: Any | None
    over: bool
    winners: tuple[int, ...]
    step: int

    @property
    def legal(self) -> tuple[Any, ...]:
        return tuple(action for action, _ in self.choices)

    def counts(self) -> tuple[int, ...]:
        """Each seat's cards: hand and delay pile (and the card lifted)."""
        return tuple(
            hand + delay + (1 if self.lifted is not None and seat == self.turn else 0)
            for seat, (hand, delay) in enumerate(zip(self.hands, self.delay_sizes, strict=True))
        )


def builds(card: Card, building: Sequence[int]) -> bool:
    """Whether ``card`` goes on the building pile of its color (whose top is ``building[color]``, 0 none).

    >>> from .cards import parse_card
    >>> piles = [2, 0, 0, 0]
    >>> builds(parse_card("1x"), piles), builds(parse_card("3r"), piles), builds(parse_card("3x"), piles)
    (True, True, False)
    """
    return number_of(card) == building[color_of(card)] + 1


def fits_delay(card: Card, top: Card | None) -> bool:
    """Whether ``card`` goes on a delay pile whose top is ``top``: one up or down, regardless of color.

    >>> from .cards import parse_card
    >>> fits_delay(parse_card("4g"), parse_card("3r")), fits_delay(parse_card("4g"), parse_card("5y"))
    (True, True)
    >>> fits_delay(parse_card("4g"), parse_card("4r")), fits_delay(parse_card("4g"), None)
    (False, False)
    """
    return top is not None and abs(number_of(card) - number_of(top)) == 1


class PanjandrumState:
    """One game of Panjandrum, meeting the engine's ``GameState`` protocol (and ``OffersCalls``)."""

    def __init__(self, deck: Sequence[Card], players: int, dealer: int) -> None:
        if players not in SIZES:
            raise RuleSetError(f"Panjandrum is for {sizes_text(SIZES)} players, not {players}.")
        deck_from_json([card_name(card) for card in deck])  # every card of the pack once
        self.names: tuple[str, ...] = DEFAULT_SEAT_NAMES[players]
        self.players = players
        self.dealer = dealer % players
        self.hands: list[list[Card]] = deal_hands(deck, players, self.dealer)  # top card first
        self.delays: list[list[Card]] = [[] for _ in range(players)]  # bottom card first
        self.building: list[int] = [0] * len(COLOR_NAMES)
        self.lifted: Card | None = None
        self.turn: int | None = (self.dealer + 1) % players
        self.turns = 0
        self.offer: CallOffer | None = None
        self.accused: int | None = None
        self.slips: list[Slip] = []
        self.called_slips: tuple[Slip, ...] = ()
        self.plays: list[Any] = []
        self.winners: tuple[int, ...] = ()
        self.events: list[Any] = [PanjandrumStarted(self.names, self.dealer, tuple(tuple(h) for h in self.hands))]

    @classmethod
    def from_seed(cls, seed: int, players: int = DEFAULT_PLAYERS) -> PanjandrumState:
        """The game of ``seed``: the pack shuffled and the first dealer drawn from it."""
        rng = random.Random(seed)
        deck = list(PATIENCE_PACK)
        rng.shuffle(deck)
        return cls(deck, players, rng.randrange(players))

    # ------------------------------------------------------------ protocol
    @property
    def seat_count(self) -> int:
        return self.players

    @property
    def is_over(self) -> bool:
        return bool(self.winners)

    def call_offer(self) -> CallOffer | None:
        return self.offer

    def seats_to_act(self) -> tuple[int, ...]:
        if self.offer is not None:
            return self.offer.seats
        return () if self.turn is None else (self.turn,)

    def counts(self) -> tuple[int, ...]:
        """How many cards each seat holds: hand and delay pile (and the card lifted)."""
        return tuple(
            len(self.hands[seat]) + len(self.delays[seat]) + (1 if seat == self.turn and self.lifted is not None else 0)
            for seat in range(self.players)
        )

    def card_in_play(self, seat: int) -> Card | None:
        """The card ``seat`` plays next: the one lifted, else the top of their delay pile."""
        if self.lifted is not None:
            return self.lifted
        return self.delays[seat][-1] if self.delays[seat] else None

    def others(self, seat: int) -> list[int]:
        """The other seats, from ``seat``'s left."""
        return [(seat + step) % self.players for step in range(1, self.players)]

    def choices(self, seat: int) -> list[tuple[Action, Mistake | None]]:
        """Every move ``seat`` can make now, each with the mistake it would be (None: a right move)."""
        if self.is_over:
            return []
        if self.offer is not None:
            return [(action, None) for action in self.offer.answers(seat)]
        if seat != self.turn:
            return []
        card = self.card_in_play(seat)
        moves: list[tuple[Action, Mistake | None]] = []
        if self.lifted is None and self.hands[seat]:
            moves.append((LIFT, self._lift_slip(seat)))
        if card is None:
            return moves
        building = builds(card, self.building)
        if building:
            moves.append((BUILD, None))
        for other in self.others(seat):
            if fits_delay(card, self._top(other)):
                moves.append((OnDelay(other), Mistake.NOT_BUILT if building else None))
        if self.lifted is not None:
            onto_others = any(fits_delay(card, self._top(other)) for other in self.others(seat))
            mistake = Mistake.NOT_BUILT if building else Mistake.OWN_BEFORE_OTHERS if onto_others else None
            moves.append((OnDelay(seat), mistake))
        return moves

    def legal_actions(self, seat: int) -> list[Action]:
        return [action for action, _ in self.choices(seat)]

    def right_move(self, seat: int) -> Action:
        """The move the order of plays prescribes (the first other seat from the left, for a delay pile);
        during a call, letting it go unless the turn had a mistake."""
        if self.offer is not None:
            return CALL if self.called_slips else LET_GO
        right = [action for action, mistake in self.choices(seat) if mistake is None]
        if not right:
            raise IllegalActionError(PanjandrumRule.NOT_YOUR_TURN, "it is not this seat's turn", [])
        for kind in (Build, OnDelay):  # the delay pile's top, then the hand
            for action in right:
                if isinstance(action, kind) and not (isinstance(action, OnDelay) and action.seat == seat):
                    return action
        return right[0]  # lift, or the lifted card on one's own delay pile

    def _top(self, seat: int) -> Card | None:
        return self.delays[seat][-1] if self.delays[seat] else None

    def _lift_slip(self, seat: int) -> Mistake | None:
        top = self._top(seat)
        if top is None:
            return None
        if builds(top, self.building):
            return Mistake.LIFTED_BEFORE_BUILDING
        if any(fits_delay(top, self._top(other)) for other in self.others(seat)):
            return Mistake.LIFTED_BEFORE_DELAY
        return None

    # ------------------------------------------------------------ apply
    def apply(self, action: Any, seat: int) -> list[Any]:
        """Make ``seat``'s move; the events it caused.  ``IllegalActionError`` for an impossible one."""
        if self.is_over:
            raise IllegalActionError(PanjandrumRule.GAME_OVER, "the game is over")
        start = len(self.events)
        if self.offer is not None:
            self._answer(action, seat)
            return self.events[start:]
        if not 0 <= seat < self.players or seat != self.turn:
            raise IllegalActionError(PanjandrumRule.NOT_YOUR_TURN, "it is not your turn", [])
        choices = dict(self.choices(seat))
        if action not in choices:
            raise self._refusal(action, seat)
        mistake = choices[action]
        card = self.card_in_play(seat)
        if isinstance(action, Lift):
            lifted = self.hands[seat].pop(0)
            slip = None if mistake is None else Slip(mistake, self.delays[seat][-1])
            self.lifted = lifted
            self._record(Lifted(seat, lifted, slip), slip)
            return self.events[start:]
        assert card is not None
        from_hand = self.lifted is not None
        if from_hand:
            self.lifted = None
        else:
            self.delays[seat].pop()
        slip = None if mistake is None else Slip(mistake, card)
        if isinstance(action, Build):
            self.building[color_of(card)] = number_of(card)
            self._record(CardPlayed(seat, card, from_hand, None, None, slip), slip)
        else:
            assert isinstance(action, OnDelay)
            onto = self._top(action.seat) if action.seat != seat else None
            self.delays[action.seat].append(card)
            self._record(CardPlayed(seat, card, from_hand, action.seat, onto, slip), slip)
        if not self.hands[seat] and self.lifted is None:
            if not self.delays[seat]:
                self._end((seat,), "out")
                return self.events[start:]
            self._turn_over(seat)
        if isinstance(action, OnDelay) and action.seat == seat:
            self._end_turn(seat)
        return self.events[start:]

    def _record(self, event: Any, slip: Slip | None) -> None:
        self.events.append(event)
        self.plays.append(event)
        if slip is not None:
            self.slips.append(slip)

    def _refusal(self, action: Any, seat: int) -> IllegalActionError:
        legal = self.legal_actions(seat)
        card = self.card_in_play(seat)
        if isinstance(action, (Call, LetGo)):
            return IllegalActionError(PanjandrumRule.NOT_ASKED, "no call is open now", legal)
        if isinstance(action, Lift):
            if self.lifted is not None:
                return IllegalActionError(PanjandrumRule.CARD_LIFTED, f"play {card_name(self.lifted)} first", legal)
            return IllegalActionError(PanjandrumRule.NO_HAND, "your hand is empty", legal)
        if card is None:
            return IllegalActionError(PanjandrumRule.NO_CARD, "you have no card to play: lift one", legal)
        if isinstance(action, Build):
            color = color_of(card)
            wanted = self.building[color] + 1
            needs = "takes nothing more" if wanted > HIGHEST else f"needs {wanted}{card_name(card)[-1]}"
            what = f"the {COLOR_NAMES[color]} building pile {needs}"
            return IllegalActionError(PanjandrumRule.NOT_NEXT, f"{card_name(card)} does not build: {what}", legal)
        if isinstance(action, OnDelay):
            if not 0 <= action.seat < self.players:
                return IllegalActionError(PanjandrumRule.NO_SEAT, "there is no such player", legal)
            if action.seat == seat:
                return IllegalActionError(PanjandrumRule.OWN_DELAY, "lift a card first: your own delay pile "
                                          "takes only the card lifted", legal)  # fmt: skip
            top = self._top(action.seat)
            if top is None:
                return IllegalActionError(PanjandrumRule.EMPTY_DELAY, f"{self.names[action.seat]} has no delay pile",
                                          legal)  # fmt: skip
            return IllegalActionError(
                PanjandrumRule.NOT_UP_OR_DOWN,
                f"{card_name(card)} is not one up or down from {card_name(top)}, {self.names[action.seat]}'s top",
                legal,
            )
        return IllegalActionError(PanjandrumRule.NOT_YOUR_TURN, f"{action} is not a move of Panjandrum", legal)

    def _turn_over(self, seat: int) -> None:
        """The empty hand made again of the delay pile turned over: its first card played is the new top."""
        self.hands[seat] = list(self.delays[seat])
        self.delays[seat] = []
        self.events.append(DelayTurnedOver(seat, len(self.hands[seat])))

    def _end_turn(self, seat: int) -> None:
        self.turns += 1
        self.turn = None
        if self.turns >= MOST_TURNS:
            counts = self.counts()
            fewest = min(counts)
            self._end(tuple(other for other in range(self.players) if counts[other] == fewest), "limit")
            return
        self.accused = seat
        self.called_slips = tuple(self.slips)
        self.slips = []
        self.offer = CallOffer("panjandrum", "p", CALL, LET_GO, tuple(self.others(seat)))

    def _answer(self, action: Any, seat: int) -> None:
        offer = self.offer
        assert offer is not None and self.accused is not None
        if seat not in offer.seats:
            raise IllegalActionError(PanjandrumRule.NOT_ASKED, "you are not asked: the call is the others'", [])
        if isinstance(action, Call):
            self._penalty(seat)
        elif isinstance(action, LetGo):
            self.offer = offer.without(seat)
            if self.offer.seats:
                return
            self.events.append(CallLetGo(self.accused))
        else:
            raise IllegalActionError(PanjandrumRule.CALL_OPEN, "call Panjandrum or let it go first",
                                     list(offer.answers(seat)))  # fmt: skip
        accused = self.accused
        self.offer = None
        self.accused = None
        self.plays = []
        self.turn = (accused + 1) % self.players

    def _penalty(self, caller: int) -> None:
        assert self.accused is not None
        right = bool(self.called_slips)
        penalized, first = (self.accused, caller) if right else (caller, self.accused)
        gifts: list[tuple[int, int]] = []
        start = len(self.events)  # a giver's delay pile turned over is said after the call
        for giver in self.others(penalized):
            wanted = GIVEN_BY_CALLER if giver == first else 1
            given = self._give(giver, penalized, wanted)
            gifts.append((giver, given))
        gifts.sort(key=lambda gift: gift[0] != first)
        self.events.insert(
            start,
            PanjandrumCalled(caller, self.accused, right, self.called_slips, penalized, tuple(gifts),
                             self.counts()[penalized]),
        )  # fmt: skip

    def _give(self, giver: int, taker: int, wanted: int) -> int:
        """``giver`` gives up to ``wanted`` cards from the top of their hand to the bottom of ``taker``'s,
        keeping their last card; how many were given."""
        given = 0
        while given < wanted and len(self.hands[giver]) + len(self.delays[giver]) > 1:
            if not self.hands[giver]:
                self._turn_over(giver)
            self.hands[taker].append(self.hands[giver].pop(0))
            given += 1
        if not self.hands[giver] and self.delays[giver]:
            self._turn_over(giver)
        return given

    def _end(self, winners: tuple[int, ...], reason: str) -> None:
        self.winners = winners
        self.turn = None
        self.offer = None
        self.events.append(PanjandrumOver(winners, self.counts(), reason))

    # ------------------------------------------------------------ views
    def view(self, seat: int) -> PanjandrumView:
        choices = tuple(self.choices(seat))
        right = None
        if choices and not self.is_over:
            right = self.right_move(seat)
        return PanjandrumView(
            seat=seat,
            names=self.names,
            dealer=self.dealer,
            hands=tuple(len(hand) for hand in self.hands),
            delay_tops=tuple(self._top(other) for other in range(self.players)),
            delay_sizes=tuple(len(delay) for delay in self.delays),
            building=tuple(self.building),
            lifted=self.lifted,
            turn=self.turn,
            offer=self.offer,
            accused=self.accused,
            plays=tuple(self.plays),
            slips=self.called_slips if self.offer is not None else (),
            choices=choices,
            right=right,
            over=self.is_over,
            winners=self.winners,
            step=len(self.events),
        )

    def standings(self) -> tuple[Standing, ...]:
        """Each seat by its cards left, fewest first; the winners first."""
        counts = self.counts()
        ranked = sorted(range(self.players), key=lambda seat: (seat not in self.winners, counts[seat]))
        return tuple(
            Standing((seat,), counts[seat],
                     1 if seat in self.winners else 1 + len(self.winners) + sum(
                         counts[other] < counts[seat] for other in range(self.players) if other not in self.winners),
                     seat in self.winners)
            for seat in ranked
        )  # fmt: skip

    def clone(self) -> PanjandrumState:
        other = object.__new__(PanjandrumState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(hand) for hand in self.hands]
        other.delays = [list(delay) for delay in self.delays]
        other.building = list(self.building)
        other.slips = list(self.slips)
        other.plays = list(self.plays)
        other.events = list(self.events)
        return other


def start_panjandrum(setup: TableSetup, deal: Sequence[Card] | None = None) -> PanjandrumState:
    """A new game: the seed's shuffle and first dealer; with a fixed ``deal`` (the pack in dealing order) the
    dealer is still drawn from the seed."""
    players = table_players(setup, SIZES, DEFAULT_PLAYERS, "Panjandrum")
    seed = table_seed(setup)
    game = PanjandrumState.from_seed(seed, players)
    if deal is None:
        return game
    return PanjandrumState(deal, players, game.dealer)


def panjandrum_game(players: Option) -> GameDescription:
    """The description of Panjandrum, with the shared ``players`` option (``engine.games.PLAYERS``)."""
    return GameDescription(
        name="panjandrum",
        title="Panjandrum",
        family=FAMILY,
        summary=(
            f"Panjandrum (1913): {sizes_text(SIZES)} players (--players, default {DEFAULT_PLAYERS}), "
            "a race to play out a face-down hand on building and delay piles; call Panjandrum on mistakes."
        ),
        seat_counts=SIZES,
        options=(players,),
        start=start_panjandrum,
        read_deal=deck_from_json,
        seats_for=seats_for(DEFAULT_PLAYERS),
    )
