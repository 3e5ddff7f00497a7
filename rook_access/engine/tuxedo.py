"""Tuxedo, the 1913 booklet's game "for all the family" (docs/rules.md, "Tuxedo").

Two to six players and the pack of 56 cards (1 to 14 in four colors, no
Bird).  The dealer, drawn from the table's seed, deals four cards to each
player and four face up to the centre.  From the dealer's left, each in
turn makes one play:

- **take**: show a card and take every centre card of its number and every
  distinct combination of centre cards that adds up to it, all at once (the
  10 takes 5, 2 and 3; the 8 takes 6 and 2, 5, 2 and 1, and an 8); the
  cards taken and the card shown are laid aside, counted at the end;
- **build**: lay a card on a centre card (or on a build) saying the card you
  hold that equals the sum; a build is taken only whole, by a card of its
  sum; another player may build it higher, saying a card they hold;
- **lay** a card face up in the centre, only when none of your cards takes
  anything.

Taking every card of the centre is a sweep: little (3 cards or fewer taken)
5 points, big (4 or more) 10.  After every capture any player may call
"Orange": right when the capture took a red card and a yellow card from the
centre, 10 points to the first caller; a wrong call costs the caller 10.
When the hands are empty four more are dealt each (the centre is dealt to
only at first); the last cards are dealt equally and the odd ones go to the
centre.  When the pack is played, the cards left in the centre go to the
last player who took cards, and the deal is counted: most cards 15 (a tie:
5 each), each Orange 10, each big sweep 10, each little sweep 5, each 5
card 5.  Deals go on, the deal passing to the left, until someone has 100.

Where the booklet is silent the decisions are in docs/rules.md and in the
comments below: the capture when combinations overlap (the most cards,
then the most 5s, then the cards longest in the centre), a build's rules,
the last cards, ties.

    >>> game = TuxedoState.from_seed(3, players=2)
    >>> game.apply(game.legal_actions(game.turn)[0], game.turn) != []
    True
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from .calls import CallOffer
from .cards import RED, YELLOW, Card, card_name
from .errors import IllegalActionError
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

FAMILY = "tuxedo"
SIZES: tuple[int, ...] = tuple(range(2, 7))
"""Tuxedo is for 2 to 6 players."""
DEFAULT_PLAYERS = 4
HAND_SIZE = 4
"""Cards dealt to each player, and to the centre at a deal's start."""
TARGET = 100
"""The game is won by the first to 100 (counted at the end of a deal)."""
MOST_DEALS = 40
"""A game still tied at the top after this many deals ends there, shared."""

MOST_CARDS = 15
MOST_CARDS_TIED = 5
ORANGE_POINTS = 10
WRONG_ORANGE = -10
BIG_SWEEP = 10
LITTLE_SWEEP = 5
BIG_SWEEP_CARDS = 4
"""A sweep of this many centre cards or more is big."""
FIVE_POINTS = 5


class TuxedoRule(enum.Enum):
    """The rule an illegal action of Tuxedo breaks (the value is the rule in words)."""

    GAME_OVER = "the game is over"
    NOT_YOUR_TURN = "only the player whose turn it is plays"
    NOT_IN_HAND = "you can play only a card you hold"
    TAKES_NOTHING = "a card takes centre cards of its number, or cards adding up to it"
    MUST_TAKE = "you lay a card only when none of yours takes anything"
    NOT_IN_CENTRE = "you build on a card in the centre"
    BAD_BUILD = "a build's sum must be a card you hold, 14 at most"
    KEEP_FOR_BUILD = "you keep the card your build stands for until you take it"
    CALL_OPEN = "first the Orange call is answered"
    NO_CALL = "Orange is called only just after a capture"
    NOT_A_MOVE = "that is not a move of Tuxedo"


# ----------------------------------------------------------------- actions
@dataclass(frozen=True, slots=True)
class Take:
    """Show ``card`` and take everything it takes in the centre."""

    card: Card

    def __str__(self) -> str:
        return f"take {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Lay:
    """Lay ``card`` face up in the centre."""

    card: Card

    def __str__(self) -> str:
        return f"lay {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Build:
    """Lay ``card`` on the centre pile that holds ``on``, saying you hold a card of the sum."""

    card: Card
    on: Card

    def __str__(self) -> str:
        return f"build {card_name(self.card)} on {card_name(self.on)}"


@dataclass(frozen=True, slots=True)
class Orange:
    """Call "Orange" after a capture."""

    def __str__(self) -> str:
        return "orange"


@dataclass(frozen=True, slots=True)
class NoOrange:
    """Let the Orange call go."""

    def __str__(self) -> str:
        return "pass"


ORANGE = Orange()
NO_ORANGE = NoOrange()


@dataclass(frozen=True)
class Pile:
    """A centre card alone (``owner`` None) or a build: its cards, first the one it was built on, and the
    seat that said it holds a card of its sum."""

    cards: tuple[Card, ...]
    owner: int | None = None

    @property
    def value(self) -> int:
        return sum(number_of(card) for card in self.cards)

    @property
    def is_build(self) -> bool:
        return self.owner is not None


# ------------------------------------------------------------------ events
@dataclass(frozen=True)
class TuxedoStarted:
    """The game: the players' names, the first dealer (drawn), the points that win."""

    names: tuple[str, ...]
    dealer: int
    target: int


@dataclass(frozen=True)
class DealStarted:
    """Deal ``deal``: ``dealer`` dealt ``hands`` (each seat's cards) and ``centre`` face up; ``pack_left`` cards
    are still to be dealt."""

    deal: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    centre: tuple[Card, ...]
    pack_left: int


@dataclass(frozen=True)
class Redealt:
    """The hands were empty: ``hands`` dealt, ``to_centre`` the odd cards of the last deal put in the centre,
    ``pack_left`` cards still to be dealt."""

    hands: tuple[tuple[Card, ...], ...]
    to_centre: tuple[Card, ...]
    pack_left: int


@dataclass(frozen=True)
class Captured:
    """``seat`` showed ``card`` and took ``groups`` (each a tuple of centre piles' cards, a build's together)
    from the centre; ``sweep`` is ``big``, ``little`` or None."""

    seat: int
    card: Card
    groups: tuple[tuple[Card, ...], ...]
    sweep: str | None

    @property
    def taken(self) -> tuple[Card, ...]:
        """The centre cards taken (the card shown not among them)."""
        return tuple(card for group in self.groups for card in group)


@dataclass(frozen=True)
class Laid:
    """``seat`` laid ``card`` face up in the centre."""

    seat: int
    card: Card


@dataclass(frozen=True)
class Built:
    """``seat`` laid ``card`` on the pile ``on`` (its cards), saying they hold a card of ``value``."""

    seat: int
    card: Card
    on: tuple[Card, ...]
    value: int
    rebuilt: int | None
    """The seat whose build this was, when it is built higher; None on a card alone."""


@dataclass(frozen=True)
class OrangeCalled:
    """``seat`` called Orange after ``capturer``'s capture: ``right`` or not, ``points`` (+10 or -10)."""

    seat: int
    capturer: int
    right: bool
    points: int


@dataclass(frozen=True)
class OrangeMissed:
    """No one called the Orange ``capturer``'s capture made."""

    capturer: int


@dataclass(frozen=True)
class CentreLeft:
    """The pack played, the cards left in the centre go to ``seat`` (the last to take cards; None: no one)."""

    seat: int | None
    cards: tuple[Card, ...]


@dataclass(frozen=True)
class SeatCount:
    """What one seat made in a deal."""

    cards: int
    most: int
    oranges: int
    wrong: int
    big: int
    little: int
    fives: int

    @property
    def points(self) -> int:
        return (
            self.most + ORANGE_POINTS * self.oranges + WRONG_ORANGE * self.wrong + BIG_SWEEP * self.big
            + LITTLE_SWEEP * self.little + FIVE_POINTS * self.fives
        )  # fmt: skip


@dataclass(frozen=True)
class DealCounted:
    """Deal ``deal`` counted: each seat's ``counts`` and the game's ``totals`` after it."""

    deal: int
    counts: tuple[SeatCount, ...]
    totals: tuple[int, ...]


@dataclass(frozen=True)
class TuxedoOver:
    """The game is over: the totals, the winners (one, or several sharing a tie after ``MOST_DEALS``)."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]
    deals: int


@dataclass(frozen=True)
class TuxedoView:
    """What a seat may know: its hand, the centre, everyone's cards held and taken so far, the deal's tallies,
    the totals, whose turn it is, and the Orange call open."""

    seat: int
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    centre: tuple[Pile, ...]
    turn: int | None
    dealer: int
    deal: int
    pack_left: int
    taken: tuple[int, ...]
    gone: tuple[Card, ...]
    """Every card taken this deal, by anyone: shown, so known to all."""
    fives: tuple[int, ...]
    big: tuple[int, ...]
    little: tuple[int, ...]
    oranges: tuple[int, ...]
    wrong: tuple[int, ...]
    totals: tuple[int, ...]
    target: int
    last_capturer: int | None
    offer: CallOffer | None
    capture: Captured | None
    """The capture the open Orange call is about."""
    legal: tuple[Any, ...]
    over: bool
    step: int
    """How many events the game has had: a decision's place, for seeding a player's choice."""


# ---------------------------------------------------------------- captures
def is_orange(cards: Sequence[Card]) -> bool:
    """Whether the cards taken from the centre hold a red card and a yellow card.

    >>> from .cards import parse_cards
    >>> is_orange(parse_cards("3r 7y")), is_orange(parse_cards("3r 7g"))
    (True, False)
    """
    colors = {color_of(card) for card in cards}
    return RED in colors and YELLOW in colors


@lru_cache(maxsize=65536)
def _best_packing(target: int, counts: tuple[int, ...]) -> tuple[tuple[int, int], tuple[tuple[int, ...], ...]]:
    """The most cards (then the most 5s) that groups of numbers each adding up to ``target`` can use, from
    ``counts[n]`` cards of number n (every n below ``target``); the groups, as numbers, largest first."""
    largest = max((number for number in range(len(counts)) if counts[number]), default=0)
    if largest == 0:
        return (0, 0), ()
    less = list(counts)
    less[largest] -= 1
    best = _best_packing(target, tuple(less))  # the largest card left out
    for rest in _parts(target - largest, largest, tuple(less)):
        used = list(less)
        for number in rest:
            used[number] -= 1
        (cards, fives), groups = _best_packing(target, tuple(used))
        group = (largest, *rest)
        score = (cards + len(group), fives + group.count(5))
        if score > best[0]:
            best = score, (group, *groups)
    return best


def _parts(total: int, most: int, counts: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Every way to make ``total`` of numbers at most ``most`` (largest first) from the cards ``counts``."""
    if total == 0:
        return [()]
    ways: list[tuple[int, ...]] = []
    for number in range(min(most, total), 0, -1):
        if counts[number]:
            less = list(counts)
            less[number] -= 1
            ways.extend((number, *rest) for rest in _parts(total - number, number, tuple(less)))
    return ways


def capture_groups(card: Card, centre: Sequence[Pile]) -> tuple[tuple[int, ...], ...]:
    """What ``card`` takes from ``centre``: groups of the centre's piles (by index) each equal to its number.

    Every pile worth the card's number (a card of that number, a build of that sum) is a group of its own;
    then cards alone adding up to it, as many cards as can be (then as many 5s; of equal numbers, the card
    longest in the centre).  A build of another sum is taken by no card but its own.

    >>> from .cards import parse_card
    >>> centre = [Pile((parse_card(name),)) for name in "6r 2x 5y 2g 1r 8x 9g".split()]
    >>> [[card_name(centre[i].cards[0]) for i in group] for group in capture_groups(parse_card("8y"), centre)]
    [['8x'], ['6r', '2x'], ['5y', '2g', '1r']]
    """
    number = number_of(card)
    whole = [(index,) for index, pile in enumerate(centre) if pile.value == number]
    singles = [(index, number_of(pile.cards[0])) for index, pile in enumerate(centre)
               if not pile.is_build and pile.value < number]  # fmt: skip
    counts = [0] * number
    for _, value in singles:
        counts[value] += 1
    _, groups = _best_packing(number, tuple(counts))
    free: dict[int, list[int]] = {}
    for index, value in singles:
        free.setdefault(value, []).append(index)
    packed = []
    for group in groups:
        packed.append(tuple(sorted(free[value].pop(0) for value in group)))
    return tuple(whole) + tuple(packed)


def deal_order(deck: Sequence[Card], players: int, dealer: int, each: int) -> list[list[Card]]:
    """``each`` cards to every seat, one at a time from the dealer's left, from the top of ``deck``.

    >>> deal_order(range(6), 2, 1, 3)
    [[0, 2, 4], [1, 3, 5]]
    """
    hands: list[list[Card]] = [[] for _ in range(players)]
    for position, card in enumerate(deck[: each * players]):
        hands[(dealer + 1 + position) % players].append(card)
    return hands


class TuxedoState:
    """One game of Tuxedo (several deals, to 100), meeting the engine's game protocol."""

    def __init__(self, deck: Sequence[Card], players: int, dealer: int, rng: random.Random | None = None,
                 target: int = TARGET) -> None:  # fmt: skip
        if players not in SIZES:
            raise RuleSetError(f"Tuxedo is for {sizes_text(SIZES)} players, not {players}.")
        deck_from_json([card_name(card) for card in deck])  # every card of the pack once
        self.names: tuple[str, ...] = DEFAULT_SEAT_NAMES[players]
        self.players = players
        self.target = target
        self.rng = rng if rng is not None else random.Random(0)
        """Shuffles the pack of every deal after the first."""
        self.dealer = dealer % players
        self.deal = 0
        self.totals = [0] * players
        self.over = False
        self.offer: CallOffer | None = None
        self.capture: Captured | None = None
        self.turn: int | None = None
        self.events: list[Any] = [TuxedoStarted(self.names, self.dealer, target)]
        self._start_deal(list(deck))

    @classmethod
    def from_seed(cls, seed: int, players: int = DEFAULT_PLAYERS) -> TuxedoState:
        """The game of ``seed``: the first dealer drawn, then each deal's pack shuffled, all from it."""
        rng = random.Random(seed)
        dealer = rng.randrange(players)
        deck = list(PATIENCE_PACK)
        rng.shuffle(deck)
        return cls(deck, players, dealer, rng)

    # ------------------------------------------------------------- dealing
    def _start_deal(self, deck: list[Card]) -> None:
        self.deal += 1
        n = self.players
        self.hands = deal_order(deck, n, self.dealer, HAND_SIZE)
        dealt = HAND_SIZE * n
        self.centre: list[Pile] = [Pile((card,)) for card in deck[dealt: dealt + HAND_SIZE]]
        self.pack = deck[dealt + HAND_SIZE:]
        self.captured: list[list[Card]] = [[] for _ in range(n)]
        self.big = [0] * n
        self.little = [0] * n
        self.oranges = [0] * n
        self.wrong = [0] * n
        self.last_capturer: int | None = None
        self.turn = (self.dealer + 1) % n
        self.events.append(DealStarted(self.deal, self.dealer, tuple(tuple(hand) for hand in self.hands),
                                       tuple(pile.cards[0] for pile in self.centre), len(self.pack)))  # fmt: skip

    def _redeal(self) -> bool:
        """Deal again to empty hands; False when the pack is played (the deal is over)."""
        n = self.players
        each = min(HAND_SIZE, len(self.pack) // n)
        if not self.pack:
            return False
        hands = deal_order(self.pack, n, self.dealer, each)
        odd = tuple(self.pack[each * n:]) if each < HAND_SIZE else ()
        self.pack = self.pack[each * n + len(odd):]
        self.hands = hands
        self.centre.extend(Pile((card,)) for card in odd)
        self.events.append(Redealt(tuple(tuple(hand) for hand in hands), odd, len(self.pack)))
        return each > 0

    def _end_deal(self) -> None:
        self.turn = None
        left = tuple(card for pile in self.centre for card in pile.cards)
        if left:
            self.events.append(CentreLeft(self.last_capturer, left))
            if self.last_capturer is not None:
                self.captured[self.last_capturer].extend(left)
        self.centre = []
        taken = [len(cards) for cards in self.captured]
        most = max(taken)
        leaders = [seat for seat in range(self.players) if taken[seat] == most]
        counts = []
        for seat in range(self.players):
            bonus = 0 if most == 0 or seat not in leaders else MOST_CARDS if len(leaders) == 1 else MOST_CARDS_TIED
            fives = sum(number_of(card) == 5 for card in self.captured[seat])
            counts.append(SeatCount(taken[seat], bonus, self.oranges[seat], self.wrong[seat], self.big[seat],
                                    self.little[seat], fives))  # fmt: skip
            self.totals[seat] += counts[-1].points
        self.events.append(DealCounted(self.deal, tuple(counts), tuple(self.totals)))
        best = max(self.totals)
        top = tuple(seat for seat in range(self.players) if self.totals[seat] == best)
        if (best >= self.target and len(top) == 1) or self.deal >= MOST_DEALS:
            self.over = True
            self.events.append(TuxedoOver(tuple(self.totals), top, self.deal))
            return
        self.dealer = (self.dealer + 1) % self.players
        deck = list(PATIENCE_PACK)
        self.rng.shuffle(deck)
        self._start_deal(deck)

    # ------------------------------------------------------------ protocol
    @property
    def seat_count(self) -> int:
        return self.players

    @property
    def is_over(self) -> bool:
        return self.over

    def call_offer(self) -> CallOffer | None:
        return self.offer

    def seats_to_act(self) -> tuple[int, ...]:
        if self.offer is not None:
            return self.offer.seats
        return () if self.turn is None else (self.turn,)

    def captures(self, seat: int) -> list[tuple[Card, tuple[tuple[int, ...], ...]]]:
        """Each card of ``seat``'s hand that takes something, with what it takes (``capture_groups``)."""
        found = []
        for card in self.hands[seat]:
            groups = capture_groups(card, self.centre)
            if groups:
                found.append((card, groups))
        return found

    def _keeps(self, seat: int, card: Card, on: int | None = None) -> bool:
        """Whether ``card`` is the last card ``seat`` holds of the sum of a build of theirs (other than pile
        ``on``, which a build on it makes higher)."""
        number = number_of(card)
        held = sum(number_of(other) == number for other in self.hands[seat])
        return held == 1 and any(
            pile.owner == seat and pile.value == number for index, pile in enumerate(self.centre) if index != on
        )

    def builds(self, seat: int) -> list[Build]:
        """The builds ``seat`` may make: a card of the hand on a centre pile, the sum held in another card."""
        found = []
        hand = self.hands[seat]
        for card in hand:
            for index, pile in enumerate(self.centre):
                value = pile.value + number_of(card)
                if value > HIGHEST or self._keeps(seat, card, index):
                    continue
                if any(number_of(other) == value for other in hand if other != card):
                    found.append(Build(card, pile.cards[0]))
        return found

    def legal_actions(self, seat: int) -> list[Any]:
        if self.offer is not None:
            return list(self.offer.answers(seat))
        if seat != self.turn:
            return []
        takes: list[Any] = [Take(card) for card, _ in self.captures(seat)]
        lays: list[Any] = [] if takes else [Lay(card) for card in self.hands[seat]]
        return takes + self.builds(seat) + lays

    def apply(self, action: Any, seat: int) -> list[Any]:
        """Carry out ``seat``'s action; the events it caused."""
        start = len(self.events)
        if self.over:
            raise IllegalActionError(TuxedoRule.GAME_OVER, "the game is over")
        if self.offer is not None:
            self._answer(action, seat)
            return self.events[start:]
        if isinstance(action, (Orange, NoOrange)):
            raise IllegalActionError(TuxedoRule.NO_CALL, "Orange is called only just after a capture")
        if seat != self.turn:
            raise IllegalActionError(TuxedoRule.NOT_YOUR_TURN, f"it is {self.names[self.turn or 0]}'s turn", [])
        if not isinstance(action, (Take, Lay, Build)):
            raise IllegalActionError(TuxedoRule.NOT_A_MOVE, f"{action} is not a move of Tuxedo",
                                     self.legal_actions(seat))  # fmt: skip
        if action.card not in self.hands[seat]:
            raise IllegalActionError(TuxedoRule.NOT_IN_HAND, f"you do not hold {card_name(action.card)}",
                                     self.legal_actions(seat))  # fmt: skip
        if isinstance(action, Take):
            self._take(action.card, seat)
        elif isinstance(action, Lay):
            self._lay(action.card, seat)
        else:
            self._build(action, seat)
        return self.events[start:]

    def _take(self, card: Card, seat: int) -> None:
        groups = capture_groups(card, self.centre)
        if not groups:
            raise IllegalActionError(TuxedoRule.TAKES_NOTHING, f"{card_name(card)} takes nothing in the centre",
                                     self.legal_actions(seat))  # fmt: skip
        taken = {index for group in groups for index in group}
        cards = tuple(tuple(card for index in group for card in self.centre[index].cards) for group in groups)
        self.centre = [pile for index, pile in enumerate(self.centre) if index not in taken]
        self.hands[seat].remove(card)
        self.captured[seat].append(card)
        for group in cards:
            self.captured[seat].extend(group)
        self.last_capturer = seat
        sweep = None
        if not self.centre:
            count = sum(len(group) for group in cards)
            sweep = "big" if count >= BIG_SWEEP_CARDS else "little"
            if sweep == "big":
                self.big[seat] += 1
            else:
                self.little[seat] += 1
        self.capture = Captured(seat, card, cards, sweep)
        self.events.append(self.capture)
        order = tuple((seat + step) % self.players for step in range(self.players))
        self.offer = CallOffer("orange", "o", ORANGE, NO_ORANGE, order, first_only=True)

    def _lay(self, card: Card, seat: int) -> None:
        if self.captures(seat):
            raise IllegalActionError(TuxedoRule.MUST_TAKE, "you lay a card only when none of yours takes anything",
                                     self.legal_actions(seat))  # fmt: skip
        self.hands[seat].remove(card)
        self.centre.append(Pile((card,)))
        self.events.append(Laid(seat, card))
        self._next(seat)

    def _build(self, action: Build, seat: int) -> None:
        index = next((i for i, pile in enumerate(self.centre) if action.on in pile.cards), None)
        if index is None:
            raise IllegalActionError(TuxedoRule.NOT_IN_CENTRE, f"{card_name(action.on)} is not in the centre",
                                     self.legal_actions(seat))  # fmt: skip
        pile = self.centre[index]
        value = pile.value + number_of(action.card)
        if value > HIGHEST or not any(number_of(o) == value for o in self.hands[seat] if o != action.card):
            raise IllegalActionError(TuxedoRule.BAD_BUILD, f"you hold no {value} for that build",
                                     self.legal_actions(seat))  # fmt: skip
        if self._keeps(seat, action.card, index):
            raise IllegalActionError(TuxedoRule.KEEP_FOR_BUILD,
                                     f"you keep your {number_of(action.card)} for your build",
                                     self.legal_actions(seat))  # fmt: skip
        self.hands[seat].remove(action.card)
        self.centre[index] = Pile((*pile.cards, action.card), seat)
        self.events.append(Built(seat, action.card, pile.cards, value, pile.owner))
        self._next(seat)

    def _answer(self, action: Any, seat: int) -> None:
        offer = self.offer
        assert offer is not None and self.capture is not None
        if seat not in offer.seats:
            raise IllegalActionError(TuxedoRule.CALL_OPEN, "your answer to the Orange call is given", [])
        capture = self.capture
        if isinstance(action, Orange):
            right = is_orange(capture.taken)
            if right:
                self.oranges[seat] += 1
            else:
                self.wrong[seat] += 1
            self.events.append(OrangeCalled(seat, capture.seat, right, ORANGE_POINTS if right else WRONG_ORANGE))
            self._close_offer()
        elif isinstance(action, NoOrange):
            self.offer = offer.without(seat)
            if not self.offer.seats:
                if is_orange(capture.taken):
                    self.events.append(OrangeMissed(capture.seat))
                self._close_offer()
        else:
            raise IllegalActionError(TuxedoRule.CALL_OPEN, "first the Orange call: o to call, or pass",
                                     list(offer.answers(seat)))  # fmt: skip

    def _close_offer(self) -> None:
        assert self.capture is not None
        seat = self.capture.seat
        self.offer = None
        self.capture = None
        self._next(seat)

    def _next(self, seat: int) -> None:
        self.turn = (seat + 1) % self.players
        if any(self.hands):
            return
        if not self._redeal():
            self._end_deal()

    # ---------------------------------------------------------------- views
    def view(self, seat: int) -> TuxedoView:
        return TuxedoView(
            seat=seat,
            names=self.names,
            hand=tuple(self.hands[seat]),
            hand_counts=tuple(len(hand) for hand in self.hands),
            centre=tuple(self.centre),
            turn=None if self.offer is not None else self.turn,
            dealer=self.dealer,
            deal=self.deal,
            pack_left=len(self.pack),
            taken=tuple(len(cards) for cards in self.captured),
            gone=tuple(card for cards in self.captured for card in cards),
            fives=tuple(sum(number_of(card) == 5 for card in cards) for cards in self.captured),
            big=tuple(self.big),
            little=tuple(self.little),
            oranges=tuple(self.oranges),
            wrong=tuple(self.wrong),
            totals=tuple(self.totals),
            target=self.target,
            last_capturer=self.last_capturer,
            offer=self.offer,
            capture=self.capture,
            legal=tuple(self.legal_actions(seat)),
            over=self.over,
            step=len(self.events),
        )

    def standings(self) -> tuple[Standing, ...]:
        """Each seat by its total, highest first; won only once the game is over."""
        totals = self.totals
        ranked = sorted(range(self.players), key=lambda seat: -totals[seat])
        return tuple(
            Standing((seat,), totals[seat], 1 + sum(total > totals[seat] for total in totals),
                     self.over and totals[seat] == max(totals))
            for seat in ranked
        )  # fmt: skip

    def clone(self) -> TuxedoState:
        other = object.__new__(TuxedoState)
        other.__dict__.update(self.__dict__)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        other.hands = [list(hand) for hand in self.hands]
        other.centre = list(self.centre)
        other.pack = list(self.pack)
        other.captured = [list(cards) for cards in self.captured]
        for name in ("big", "little", "oranges", "wrong", "totals", "events"):
            setattr(other, name, list(getattr(self, name)))
        return other


def start_tuxedo(setup: TableSetup, deal: Sequence[Card] | None = None) -> TuxedoState:
    """A new game from the setup's seed; with a fixed ``deal`` (the first deal's pack in dealing order) the
    dealer and the later deals still come from the seed."""
    players = table_players(setup, SIZES, DEFAULT_PLAYERS, "Tuxedo")
    seed = table_seed(setup)
    if deal is None:
        return TuxedoState.from_seed(seed, players)
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    rng.shuffle(list(PATIENCE_PACK))
    return TuxedoState(deal, players, dealer, rng)


def tuxedo_game(players: Option) -> GameDescription:
    """The description of Tuxedo, with the shared ``players`` option (``engine.games.PLAYERS``)."""
    return GameDescription(
        name="tuxedo",
        title="Tuxedo",
        family=FAMILY,
        summary=(
            f"Tuxedo (1913, for all the family): {sizes_text(SIZES)} players (--players, default "
            f"{DEFAULT_PLAYERS}); take centre cards by number or by sums, build, sweep, call Orange; "
            f"first to {TARGET}."
        ),
        seat_counts=SIZES,
        options=(players,),
        start=start_tuxedo,
        read_deal=deck_from_json,
        seats_for=seats_for(DEFAULT_PLAYERS),
    )
