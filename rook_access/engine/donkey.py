"""Donkey, the 1913 booklet's "game for little children" (docs/rules.md, "Donkey").

The whole pack of 56 cards (1 to 14 in four colors, no Bird) is dealt one
card at a time from the dealer's left, some players getting one more.  The
object is four cards of one number.  Each round every player chooses a card
from their hand and passes it face down to the player at their left, all at
once.  The first to hold four of a kind quietly folds their hands; the
others, noticing, fold too.  The first to get four wins; the very last to
fold is the donkey ("I am slow, I am slow").

In the engine, passing is simultaneous: during a passing round
``seats_to_act()`` is every seat that has not chosen yet, each chooses in
any order (``apply(Pass(card), seat)``; a public ``CardChosen`` says only that it
has chosen), nobody's view shows another's choice, and once all have chosen every card moves at once (one
``CardPassed`` a seat, which the narrator tells only the giver and the
receiver, and a public ``CardsPassed``).  Folding is a quick call
(``engine.calls``): after a passing round the holders of four of a kind, and
only they, are offered the fold, a must (no decline); once they have folded
every other seat is offered it, a must too, and the order of their folds is
what counts: the last is the donkey.

Where the booklet is silent (docs/rules.md says why):

- the first dealer is drawn from the table's seed;
- a player dealt four of a kind folds before the first pass;
- two or more players who get four in the same passing round (or in the
  deal) all got it first: they all win, and fold before the others;
- the players with one more card pass the same way: a card out, a card in,
  so every hand keeps its size;
- a game in which nobody has four after ``MOST_ROUNDS`` passing rounds ends
  there with no winner and no donkey (very rare).

    >>> game = DonkeyState.from_seed(1, players=4)
    >>> while not game.is_over:
    ...     seat = game.seats_to_act()[0]
    ...     _ = game.apply(game.legal_actions(seat)[0], seat)
    >>> sum(len(hand) for hand in game.hands)
    56
"""

from __future__ import annotations

import enum
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .calls import CallOffer
from .cards import Card, card_name
from .errors import IllegalActionError
from .patience_deck import PATIENCE_PACK, deck_from_json, number_of, seats_for, table_players, table_seed
from .protocol import GameDescription, Option, Standing, TableSetup
from .rules import DEFAULT_SEAT_NAMES, RuleSetError, sizes_text

FAMILY = "donkey"
SIZES: tuple[int, ...] = tuple(range(3, 9))
"""Donkey is for 3 to 8 players."""
DEFAULT_PLAYERS = 4
SET_SIZE = 4
"""Four cards of one number win."""
MOST_ROUNDS = 200
"""A game in which no one has four of a kind after this many passing rounds ends with no winner."""


class DonkeyRule(enum.Enum):
    """The rule an illegal action of Donkey breaks (the value is the rule in words)."""

    GAME_OVER = "the game is over"
    CHOSEN = "each player passes one card a round, and you have chosen yours"
    NOT_HELD = "you pass a card from your own hand"
    MUST_FOLD = "you must fold your hands now"
    NO_FOLD_YET = "you fold only when you have four of a kind, or see someone fold"
    NOT_A_MOVE = "in Donkey you pass a card or fold your hands"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass ``card`` face down to the player at your left (all pass at once when all have chosen)."""

    card: Card

    def __str__(self) -> str:
        return f"pass {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Fold:
    """Fold your hands: put your cards down (you have four, or someone has folded)."""

    def __str__(self) -> str:
        return "fold"


FOLD = Fold()


# ------------------------------------------------------------------ events
@dataclass(frozen=True)
class DonkeyStarted:
    """The deal: the players' names, the dealer and each hand (in the order dealt)."""

    names: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class CardChosen:
    """``seat`` has chosen its card for round ``round`` (which card is not told: it lies face down)."""

    seat: int
    round: int


@dataclass(frozen=True)
class CardsPassed:
    """Everyone has chosen: the cards of passing round ``round`` go to the left, all at once (public)."""

    round: int


@dataclass(frozen=True)
class CardPassed:
    """``seat`` passed ``card`` face down to ``to`` in round ``round`` (told to those two only)."""

    seat: int
    to: int
    card: Card
    round: int


@dataclass(frozen=True)
class FourOfAKind:
    """``seat`` holds four ``number``s after round ``round`` (0: as dealt); told to that player only."""

    seat: int
    number: int
    round: int


@dataclass(frozen=True)
class Folded:
    """``seat`` folded their hands, the ``place``-th to fold; ``number`` is their four's number when they
    have four (their cards are put down on the table), else None."""

    seat: int
    place: int
    number: int | None


@dataclass(frozen=True)
class DonkeyOver:
    """The game is over: the winners (the first to get four; several when they got it in the same round), the
    donkey (the last to fold; None when no one did), the folds in order, the rounds passed, and why it ended
    (``donkey``, or ``limit`` when no one got four in ``MOST_ROUNDS`` rounds)."""

    winners: tuple[int, ...]
    donkey: int | None
    folds: tuple[int, ...]
    rounds: int
    reason: str


@dataclass(frozen=True)
class DonkeyView:
    """What one seat may know: its own hand and what it passed and received, how many cards each holds, the
    round, its own choice (never another's), who has folded and in what order, the fold offered to it,
    and the end."""

    seat: int
    names: tuple[str, ...]
    dealer: int
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    round: int
    chosen: Card | None
    passed: tuple[Card, ...]
    received: tuple[Card, ...]
    folds: tuple[int, ...]
    offer: CallOffer | None
    legal: tuple[Any, ...]
    over: bool
    winners: tuple[int, ...]
    donkey: int | None

    @property
    def four(self) -> int | None:
        """The number this seat holds four of, if any."""
        return four_of(self.hand)


def four_of(hand: Sequence[Card]) -> int | None:
    """The number ``hand`` holds four of (the lowest, if two), else None.

    >>> from .cards import parse_card
    >>> four_of([parse_card(name) for name in "7r 7x 2g 7y 7g".split()])
    7
    """
    counts = Counter(number_of(card) for card in hand)
    fours = sorted(number for number, count in counts.items() if count >= SET_SIZE)
    return fours[0] if fours else None


def by_number(hand: Sequence[Card]) -> tuple[Card, ...]:
    """A hand sorted by number, then color (red, black, yellow, green).

    >>> from .cards import parse_card
    >>> [card_name(card) for card in by_number([parse_card(name) for name in "9g 2x 9r".split()])]
    ['2x', '9r', '9g']
    """
    return tuple(sorted(hand, key=lambda card: (number_of(card), card)))


def deal_hands(deck: Sequence[Card], players: int, dealer: int) -> list[list[Card]]:
    """Each seat's hand: ``deck`` dealt one card at a time from the dealer's left.

    >>> deal_hands(range(7), 3, 0)
    [[2, 5], [0, 3, 6], [1, 4]]
    """
    hands: list[list[Card]] = [[] for _ in range(players)]
    for position, card in enumerate(deck):
        hands[(dealer + 1 + position) % players].append(card)
    return hands


class DonkeyState:
    """One game of Donkey, meeting the engine's ``GameState`` protocol and offering calls (``call_offer``)."""

    def __init__(self, deck: Sequence[Card], players: int, dealer: int) -> None:
        if players not in SIZES:
            raise RuleSetError(f"Donkey is for {sizes_text(SIZES)} players, not {players}.")
        deck_from_json([card_name(card) for card in deck])  # every card of the pack once
        self.names: tuple[str, ...] = DEFAULT_SEAT_NAMES[players]
        self.players = players
        self.dealer = dealer % players
        self.hands = deal_hands(deck, players, self.dealer)
        self.round = 0
        self.chosen: dict[int, Card] = {}
        self.passed: list[list[Card]] = [[] for _ in range(players)]
        self.received: list[list[Card]] = [[] for _ in range(players)]
        self.folds: list[int] = []
        self.winners: tuple[int, ...] = ()
        self.offer: CallOffer | None = None
        self.donkey: int | None = None
        self.over = False
        self.events: list[Any] = [DonkeyStarted(self.names, self.dealer, tuple(tuple(hand) for hand in self.hands))]
        self._look_for_fours()

    @classmethod
    def from_seed(cls, seed: int, players: int = DEFAULT_PLAYERS) -> DonkeyState:
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
        return self.over

    def left_of(self, seat: int) -> tuple[int, ...]:
        """Every seat in turn from ``seat``'s left, ``seat`` itself last."""
        return tuple((seat + step) % self.players for step in range(1, self.players + 1))

    def call_offer(self) -> CallOffer | None:
        """The fold offered now (to the holders of four, then to everyone else), or None."""
        return self.offer

    def seats_to_act(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.offer is not None:
            return self.offer.seats
        return tuple(seat for seat in self.left_of(self.dealer) if seat not in self.chosen)

    def legal_actions(self, seat: int) -> list[Any]:
        if self.over:
            return []
        if self.offer is not None:
            return list(self.offer.answers(seat))
        if seat in self.chosen:
            return []
        return [Pass(card) for card in by_number(self.hands[seat])]

    def counts(self) -> tuple[int, ...]:
        """How many cards each seat holds (the same all game: a card out, a card in)."""
        return tuple(len(hand) for hand in self.hands)

    def apply(self, action: Any, seat: int) -> list[Any]:
        """Take ``seat``'s pass or fold; the events it caused (only ``CardChosen`` while others still choose)."""
        if self.over:
            raise IllegalActionError(DonkeyRule.GAME_OVER, "the game is over")
        start = len(self.events)
        if self.offer is not None:
            self._fold(action, seat)
        else:
            self._choose(action, seat)
        return self.events[start:]

    def _choose(self, action: Any, seat: int) -> None:
        if isinstance(action, Fold):
            raise IllegalActionError(DonkeyRule.NO_FOLD_YET, "no one has four of a kind yet",
                                     self.legal_actions(seat))  # fmt: skip
        if not isinstance(action, Pass):
            raise IllegalActionError(DonkeyRule.NOT_A_MOVE, f"{action} is not a move of Donkey",
                                     self.legal_actions(seat))  # fmt: skip
        if seat in self.chosen:
            raise IllegalActionError(DonkeyRule.CHOSEN, "you have chosen your card this round", [])
        if action.card not in self.hands[seat]:
            raise IllegalActionError(DonkeyRule.NOT_HELD, f"you hold no {card_name(action.card)}",
                                     self.legal_actions(seat))  # fmt: skip
        self.chosen[seat] = action.card
        self.events.append(CardChosen(seat, self.round + 1))
        if len(self.chosen) == self.players:
            self._pass_all()

    def _pass_all(self) -> None:
        """Every card chosen goes to the left, all at once."""
        self.round += 1
        self.events.append(CardsPassed(self.round))
        for seat in self.left_of(self.dealer):
            self.hands[seat].remove(self.chosen[seat])
        for seat in self.left_of(self.dealer):
            card, to = self.chosen[seat], (seat + 1) % self.players
            self.hands[to].append(card)
            self.passed[seat].append(card)
            self.received[to].append(card)
            self.events.append(CardPassed(seat, to, card, self.round))
        self.chosen = {}
        self._look_for_fours()
        if self.offer is None and self.round >= MOST_ROUNDS:
            self._end("limit")

    def _look_for_fours(self) -> None:
        """After the deal and after each passing round: the holders of four must fold."""
        holders = tuple(seat for seat in self.left_of(self.dealer) if four_of(self.hands[seat]) is not None)
        for seat in holders:
            self.events.append(FourOfAKind(seat, four_of(self.hands[seat]) or 0, self.round))
        if holders:
            self.winners = holders
            self.offer = CallOffer("fold", "f", FOLD, None, holders, first_only=False)

    def _fold(self, action: Any, seat: int) -> None:
        assert self.offer is not None
        if seat not in self.offer.seats:
            if seat in self.folds:
                raise IllegalActionError(DonkeyRule.GAME_OVER, "you have folded your hands already")
            raise IllegalActionError(DonkeyRule.NO_FOLD_YET, "wait: no one has folded yet", [])
        if not isinstance(action, Fold):
            raise IllegalActionError(DonkeyRule.MUST_FOLD, "fold your hands now", [FOLD])
        self.folds.append(seat)
        self.events.append(Folded(seat, len(self.folds), four_of(self.hands[seat]) if seat in self.winners else None))
        self.offer = self.offer.without(seat)
        if self.offer.seats:
            return
        if len(self.folds) == len(self.winners):  # the holders have folded: everyone else must fold now
            others = tuple(other for other in self.left_of(self.folds[0]) if other not in self.folds)
            if others:
                self.offer = CallOffer("fold", "f", FOLD, None, others, first_only=False)
                return
        self.offer = None
        self._end("donkey")

    def _end(self, reason: str) -> None:
        self.over = True
        self.offer = None
        if reason == "donkey" and len(self.folds) > len(self.winners):
            self.donkey = self.folds[-1]
        self.events.append(DonkeyOver(self.winners, self.donkey, tuple(self.folds), self.round, reason))

    def view(self, seat: int) -> DonkeyView:
        offer = self.offer if self.offer is not None and seat in self.offer.seats else None
        return DonkeyView(
            seat=seat,
            names=self.names,
            dealer=self.dealer,
            hand=by_number(self.hands[seat]),
            counts=self.counts(),
            round=self.round,
            chosen=self.chosen.get(seat),
            passed=tuple(self.passed[seat]),
            received=tuple(self.received[seat]),
            folds=tuple(self.folds),
            offer=offer,
            legal=tuple(self.legal_actions(seat)),
            over=self.over,
            winners=self.winners if self.over else (),
            donkey=self.donkey,
        )

    def standings(self) -> tuple[Standing, ...]:
        """The winners first (place 1, shared), then the others in the order they folded, the donkey last;
        the score is the place's count of seats beaten.  No one wins a game ended at the limit."""
        order = [*self.folds, *(seat for seat in range(self.players) if seat not in self.folds)]
        standings = []
        for index, seat in enumerate(order):
            won = self.over and seat in self.winners
            place = 1 if seat in self.winners else index + 1
            standings.append(Standing((seat,), self.players - place, place, won))
        return tuple(standings)

    def clone(self) -> DonkeyState:
        other = object.__new__(DonkeyState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(hand) for hand in self.hands]
        other.chosen = dict(self.chosen)
        other.passed = [list(cards) for cards in self.passed]
        other.received = [list(cards) for cards in self.received]
        other.folds = list(self.folds)
        other.events = list(self.events)
        return other


def start_donkey(setup: TableSetup, deal: Sequence[Card] | None = None) -> DonkeyState:
    """A new game: the seed's shuffle and first dealer; with a fixed ``deal`` (the pack in dealing order) the
    dealer is still drawn from the seed."""
    players = table_players(setup, SIZES, DEFAULT_PLAYERS, "Donkey")
    seed = table_seed(setup)
    game = DonkeyState.from_seed(seed, players)
    if deal is None:
        return game
    return DonkeyState(deal, players, game.dealer)


def donkey_game(players: Option) -> GameDescription:
    """The description of Donkey, with the shared ``players`` option (``engine.games.PLAYERS``)."""
    return GameDescription(
        name="donkey",
        title="Donkey",
        family=FAMILY,
        summary=(
            f"Donkey (1913, for little children): {sizes_text(SIZES)} players (--players, default "
            f"{DEFAULT_PLAYERS}), all pass a card to the left at once; get four of a number and fold; "
            "the last to fold is the donkey."
        ),
        seat_counts=SIZES,
        options=(players,),
        start=start_donkey,
        read_deal=deck_from_json,
        seats_for=seats_for(DEFAULT_PLAYERS),
    )
