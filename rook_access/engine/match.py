"""Match, the 1913 booklet's game "for children" (docs/rules.md, "Match").

The whole pack of 56 cards (1 to 14 in four colors, no Bird) is dealt one
card at a time from the dealer's left, face down; no one looks at their
cards, which stay a face-down stack, their hand.  The dealer's left turns
the top card of their hand onto the centre, starting a pile; play goes to
the left, each turning their top card onto the pile, until someone turns a
card of the same number as the pile's first card (of the same color with
the ``colors`` option, for the youngest): that player takes the whole pile,
puts it under their own cards, and the player at their left starts a new
pile.  A player who runs out of cards is out of the game, and skipped.
When all but two players are out, five more piles are taken, and the game
ends: the most cards wins (a tie is shared).

Where the booklet is silent (docs/rules.md says why):

- the first card dealt to a player is at the bottom of their stack, the last
  on top; a pile taken goes under the taker's cards in the order it was
  turned, its first card first;
- the first dealer is drawn from the table's seed, as in the booklet's other
  games;
- with two players, "all but two are out" holds from the start: five piles
  and the game ends;
- "five piles more" are the next five piles taken once only two players are
  left (the pile on the table then counts when it is taken);
- when a player's last card leaves only one player in, the game ends at once;
  the pile on the table is no one's;
- a game that has not ended after ``MOST_PILES`` piles (such a game can go
  round for ever) ends there, scored the same way.

The game plays itself: the only action is ``TURN``, turning the top card, so
an interface can pace it card by card, each seat in its turn.

    >>> game = MatchState.from_seed(1, players=3)
    >>> while not game.is_over:
    ...     _ = game.apply(TURN, game.turn)
    >>> sum(game.counts()) + len(game.pile)
    56
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, card_name
from .errors import IllegalActionError
from .patience_deck import PATIENCE_PACK, color_of, deck_from_json, number_of, seats_for, table_players, table_seed
from .protocol import GameDescription, Option, Standing, TableSetup
from .rules import DEFAULT_SEAT_NAMES, RuleSetError, sizes_text

FAMILY = "match"
SIZES: tuple[int, ...] = tuple(range(2, 9))
"""Match is for 2 to 8 players."""
DEFAULT_PLAYERS = 4
LAST_PILES = 5
"""Piles taken once only two players are left; then the game ends."""
MOST_PILES = 300
"""A game not over after this many piles taken ends there (it could go round for ever)."""

COLORS = Option("colors", bool, False, "Match: match the first card's color instead of its number, for the youngest")


class MatchRule(enum.Enum):
    """The rule an illegal action of Match breaks (the value is the rule in words)."""

    GAME_OVER = "the game is over"
    NOT_YOUR_TURN = "only the player whose turn it is turns a card"
    ONLY_TURN = "Match has no choices: the only action is to turn your top card"


@dataclass(frozen=True, slots=True)
class Turn:
    """Turn the top card of one's hand onto the pile (the only action of Match)."""

    def __str__(self) -> str:
        return "turn"


TURN = Turn()


# ------------------------------------------------------------------ events
@dataclass(frozen=True)
class MatchStarted:
    """The deal: the players' names, the dealer, whether colors are matched, each hand (top card first)."""

    names: tuple[str, ...]
    dealer: int
    colors: bool
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class CardTurned:
    """``seat`` turned ``card``: the ``size``-th card of pile ``pile``; ``matched`` when it takes the pile."""

    seat: int
    card: Card
    pile: int
    size: int
    matched: bool


@dataclass(frozen=True)
class PileTaken:
    """``seat`` matched ``first`` with ``card`` and took pile ``pile`` (``cards``, in the order turned),
    holding ``holding`` now; ``piles_left`` is how many piles are still to be taken once two are left."""

    seat: int
    card: Card
    first: Card
    pile: int
    cards: tuple[Card, ...]
    holding: int
    piles_left: int | None


@dataclass(frozen=True)
class PlayerOut:
    """``seat`` has turned their last card: they are out of the game; ``left`` players are still in."""

    seat: int
    left: int


@dataclass(frozen=True)
class LastPiles:
    """Only two players are left (``seats``): ``piles`` more piles are taken, then the game ends."""

    seats: tuple[int, int]
    piles: int


@dataclass(frozen=True)
class MatchOver:
    """The game is over: each seat's cards, the winners (most cards; several on a tie), the pile no one took,
    and why it ended (``piles``, ``one_left`` or ``limit``)."""

    counts: tuple[int, ...]
    winners: tuple[int, ...]
    left_on_table: tuple[Card, ...]
    reason: str


@dataclass(frozen=True)
class MatchView:
    """What any seat may know: how many cards each holds (no one sees a face-down card, not even their own),
    the pile face up, who is out, whose turn it is, the piles taken and those still to be taken."""

    seat: int
    names: tuple[str, ...]
    counts: tuple[int, ...]
    out: tuple[bool, ...]
    pile: tuple[Card, ...]
    pile_number: int
    turn: int | None
    dealer: int
    colors: bool
    piles_left: int | None
    legal: tuple[Turn, ...]
    over: bool


def matches(card: Card, first: Card, colors: bool) -> bool:
    """Whether ``card`` duplicates the pile's first card: its number, or its color with ``colors``.

    >>> from .cards import parse_card
    >>> matches(parse_card("12g"), parse_card("12r"), False), matches(parse_card("3r"), parse_card("12r"), True)
    (True, True)
    """
    if colors:
        return color_of(card) == color_of(first)
    return number_of(card) == number_of(first)


def deal_hands(deck: Sequence[Card], players: int, dealer: int) -> list[list[Card]]:
    """Each seat's hand, top card first: ``deck`` dealt one card at a time from the dealer's left, each card
    put on top of the stack before it (the first card dealt to a seat ends at the bottom).

    >>> deal_hands(range(5), 2, 0)
    [[3, 1], [4, 2, 0]]
    """
    hands: list[list[Card]] = [[] for _ in range(players)]
    for position, card in enumerate(deck):
        hands[(dealer + 1 + position) % players].insert(0, card)
    return hands


class MatchState:
    """One game of Match, meeting the engine's ``GameState`` protocol."""

    def __init__(self, deck: Sequence[Card], players: int, dealer: int, colors: bool = False) -> None:
        if players not in SIZES:
            raise RuleSetError(f"Match is for {sizes_text(SIZES)} players, not {players}.")
        deck_from_json([card_name(card) for card in deck])  # every card of the pack once
        self.names: tuple[str, ...] = DEFAULT_SEAT_NAMES[players]
        self.players = players
        self.dealer = dealer % players
        self.colors = colors
        self.hands = deal_hands(deck, players, self.dealer)
        self.out = [False] * players
        self.pile: list[Card] = []
        self.pile_number = 1
        self.piles_taken = 0
        self.turn: int | None = (self.dealer + 1) % players
        self.piles_left: int | None = LAST_PILES if players == 2 else None
        self.over = False
        self.events: list[Any] = [
            MatchStarted(self.names, self.dealer, colors, tuple(tuple(hand) for hand in self.hands))
        ]
        if players == 2:
            self.events.append(LastPiles((0, 1), LAST_PILES))

    @classmethod
    def from_seed(cls, seed: int, players: int = DEFAULT_PLAYERS, colors: bool = False) -> MatchState:
        """The game of ``seed``: the pack shuffled and the first dealer drawn from it."""
        rng = random.Random(seed)
        deck = list(PATIENCE_PACK)
        rng.shuffle(deck)
        return cls(deck, players, rng.randrange(players), colors)

    # ------------------------------------------------------------ protocol
    @property
    def seat_count(self) -> int:
        return self.players

    @property
    def is_over(self) -> bool:
        return self.over

    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    def legal_actions(self, seat: int) -> list[Turn]:
        return [TURN] if seat == self.turn else []

    def counts(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(hand) for hand in self.hands)

    def apply(self, action: Any, seat: int) -> list[Any]:
        """Turn ``seat``'s top card; the events it caused."""
        if self.turn is None:
            raise IllegalActionError(MatchRule.GAME_OVER, "the game is over")
        if seat != self.turn:
            raise IllegalActionError(MatchRule.NOT_YOUR_TURN, f"it is {self.names[self.turn]}'s turn", [])
        if not isinstance(action, Turn):
            raise IllegalActionError(MatchRule.ONLY_TURN, f"{action} is not a move of Match", [TURN])
        start = len(self.events)
        card = self.hands[seat].pop(0)
        self.pile.append(card)
        matched = len(self.pile) > 1 and matches(card, self.pile[0], self.colors)
        self.events.append(CardTurned(seat, card, self.pile_number, len(self.pile), matched))
        if matched:
            self._take(seat, card)
        elif not self.hands[seat]:
            self._out(seat)
        else:
            self.turn = self._next_in(seat)
        return self.events[start:]

    def _take(self, seat: int, card: Card) -> None:
        cards = tuple(self.pile)
        self.hands[seat].extend(cards)
        self.pile = []
        self.piles_taken += 1
        if self.piles_left is not None:
            self.piles_left -= 1
        taken = PileTaken(seat, card, cards[0], self.pile_number, cards, len(self.hands[seat]), self.piles_left)
        self.events.append(taken)
        self.pile_number += 1
        if self.piles_left == 0:
            self._end("piles")
        elif self.piles_taken >= MOST_PILES:
            self._end("limit")
        else:
            self.turn = self._next_in(seat)

    def _out(self, seat: int) -> None:
        self.out[seat] = True
        left = [other for other in range(self.players) if not self.out[other]]
        self.events.append(PlayerOut(seat, len(left)))
        if len(left) < 2:
            self._end("one_left")
            return
        if len(left) == 2 and self.piles_left is None:
            self.piles_left = LAST_PILES
            self.events.append(LastPiles((left[0], left[1]), LAST_PILES))
        self.turn = self._next_in(seat)

    def _next_in(self, seat: int) -> int:
        """The first seat at ``seat``'s left still in the game."""
        for step in range(1, self.players + 1):
            other = (seat + step) % self.players
            if not self.out[other]:
                return other
        raise AssertionError("no one is left in the game")

    def _end(self, reason: str) -> None:
        self.over = True
        self.turn = None
        counts = self.counts()
        best = max(counts)
        winners = tuple(seat for seat, count in enumerate(counts) if count == best)
        self.events.append(MatchOver(counts, winners, tuple(self.pile), reason))

    def view(self, seat: int) -> MatchView:
        return MatchView(
            seat=seat,
            names=self.names,
            counts=self.counts(),
            out=tuple(self.out),
            pile=tuple(self.pile),
            pile_number=self.pile_number,
            turn=self.turn,
            dealer=self.dealer,
            colors=self.colors,
            piles_left=self.piles_left,
            legal=tuple(self.legal_actions(seat)),
            over=self.over,
        )

    def standings(self) -> tuple[Standing, ...]:
        """Each seat by its cards, most first; place 1 shared on a tie; won only once the game is over."""
        counts = self.counts()
        ranked = sorted(range(self.players), key=lambda seat: -counts[seat])
        return tuple(
            Standing((seat,), counts[seat], 1 + sum(count > counts[seat] for count in counts),
                     self.over and counts[seat] == max(counts))
            for seat in ranked
        )  # fmt: skip

    def clone(self) -> MatchState:
        other = object.__new__(MatchState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(hand) for hand in self.hands]
        other.out = list(self.out)
        other.pile = list(self.pile)
        other.events = list(self.events)
        return other


def start_match(setup: TableSetup, deal: Sequence[Card] | None = None) -> MatchState:
    """A new game: the seed's shuffle and first dealer; with a fixed ``deal`` (the pack in dealing order) the
    dealer is still drawn from the seed."""
    players = table_players(setup, SIZES, DEFAULT_PLAYERS, "Match")
    colors = setup.option("colors", False) is True
    seed = table_seed(setup)
    game = MatchState.from_seed(seed, players, colors)
    if deal is None:
        return game
    return MatchState(deal, players, game.dealer, colors)


def match_game(players: Option) -> GameDescription:
    """The description of Match, with the shared ``players`` option (``engine.games.PLAYERS``)."""
    return GameDescription(
        name="match",
        title="Match",
        family=FAMILY,
        summary=(
            f"Match (1913, for children): {sizes_text(SIZES)} players (--players, default {DEFAULT_PLAYERS}), "
            "turn your top card; match the pile's first number to take it; no choices, most cards wins."
        ),
        seat_counts=SIZES,
        options=(players, COLORS),
        start=start_match,
        read_deal=deck_from_json,
        seats_for=seats_for(DEFAULT_PLAYERS),
    )
