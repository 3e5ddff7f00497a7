"""I Doubt It, the 1913 booklet's "merry and simple game for children" (docs/rules.md, "I Doubt It").

The whole pack of 56 cards (1 to 14 in four colors, no Bird) is dealt one
card at a time from the dealer's left, some players perhaps getting one more.
The dealer's left plays first: any card of their hand, face down on the
centre, calling "one"; the player at their left plays a card calling "two",
and so on, each calling the next number, whether the card bears it or not;
after 14, the count begins at 1 again.  Color does not matter.

After every play, any other player may call "I doubt it" (a ``CallOffer``
open to every other seat, asked from the player's left; the first doubt
closes it).  The doubted card is shown: if it is the number called, the
doubter takes every card of the centre into their hand; if not, the player
who played it does.  The first player out of cards wins, and scores a point
for each card left in the others' hands.

Where the booklet is silent (docs/rules.md says why):

- the first dealer is drawn from the table's seed;
- after a doubt, play goes on to the left of the player doubted, calling
  the number after the one called: the count never goes back;
- a player whose last card is played is out only when the doubt window
  closes without a right doubt: doubted rightly, they take the centre and
  play on; doubted wrongly, or not doubted, they win at once;
- one game, scored: the winner's points are the cards the others hold;
  the cards left in the centre are no one's;
- a game not over after ``MOST_PLAYS`` plays (right doubts can send the
  cards round for ever) ends there: the fewest cards wins (a tie is shared),
  and scores, from each other player, the cards that player holds more.

    >>> game = DoubtState.from_seed(1, players=3)
    >>> game.turn == (game.dealer + 1) % 3, game.number
    (True, 1)
    >>> while not game.is_over:
    ...     seat = game.seats_to_act()[0]
    ...     _ = game.apply(game.legal_actions(seat)[-1], seat)
    >>> sum(game.counts()) + len(game.pile)
    56
"""

from __future__ import annotations

import enum
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .calls import CallOffer
from .cards import Card, card_name
from .errors import IllegalActionError
from .patience_deck import PATIENCE_PACK, deck_from_json, number_of, seats_for, table_players, table_seed
from .protocol import GameDescription, Option, Standing, TableSetup
from .rules import DEFAULT_SEAT_NAMES, RuleSetError, sizes_text

FAMILY = "doubt"
NAME = "i-doubt-it"
SIZES: tuple[int, ...] = tuple(range(3, 9))
"""I Doubt It is for 3 to 8 players."""
DEFAULT_PLAYERS = 4
HIGHEST = 14
"""The count goes 1 to 14, then 1 again."""
MOST_PLAYS = 500
"""A game not over after this many plays ends there, the fewest cards winning."""
WORD = "doubt"
KEY = "d"


class DoubtRule(enum.Enum):
    """The rule an illegal action of I Doubt It breaks (the value is the rule in words)."""

    GAME_OVER = "the game is over"
    NOT_YOUR_TURN = "only the player whose turn it is plays a card"
    NOT_HELD = "you play a card from your own hand"
    PLAY_A_CARD = "at your turn you play one card face down"
    DOUBT_OR_LET_GO = "a card has just been played: doubt it or let it go"
    NOT_ASKED = "only the other players may doubt a card, each once"
    NOTHING_TO_DOUBT = "there is no card to doubt now"


# ------------------------------------------------------------------ actions
@dataclass(frozen=True, slots=True)
class Lay:
    """Play ``card`` face down, calling the number whose turn it is (whatever the card is)."""

    card: Card

    def __str__(self) -> str:
        return f"play {card_name(self.card)}"


@dataclass(frozen=True, slots=True)
class Doubt:
    """Call "I doubt it" on the card just played."""

    def __str__(self) -> str:
        return "doubt"


@dataclass(frozen=True, slots=True)
class LetGo:
    """Let the card just played go, undoubted."""

    def __str__(self) -> str:
        return "pass"


DOUBT = Doubt()
LET_GO = LetGo()


# ------------------------------------------------------------------ events
@dataclass(frozen=True)
class DoubtStarted:
    """The deal: the players' names, the dealer and each hand (in the order dealt)."""

    names: tuple[str, ...]
    dealer: int
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class CardLaid:
    """``seat`` played ``card`` face down calling ``called``; it holds ``holding`` now and the centre has
    ``pile`` cards.  The card is in the record, never said: only a doubt shows it."""

    seat: int
    card: Card
    called: int
    holding: int
    pile: int


@dataclass(frozen=True)
class Doubted:
    """``doubter`` doubted ``seat``'s ``called``: the card shown is ``card`` (``true`` when it is the number
    called); ``taker`` (the doubter if true, else the player) took the ``cards`` of the centre and holds
    ``holding`` now."""

    doubter: int
    seat: int
    card: Card
    called: int
    true: bool
    taker: int
    cards: tuple[Card, ...]
    holding: int


@dataclass(frozen=True)
class LetPass:
    """No one doubted ``seat``'s ``called``."""

    seat: int
    called: int


@dataclass(frozen=True)
class DoubtOver:
    """The game is over: the ``winners`` (the one out of cards; on the play limit the fewest cards, several
    on a tie), each seat's cards, each seat's ``points``, the centre's cards (no one's) and why it ended
    (``out`` or ``limit``)."""

    winners: tuple[int, ...]
    counts: tuple[int, ...]
    points: tuple[int, ...]
    left_in_centre: tuple[Card, ...]
    reason: str


# ------------------------------------------------------------------ what a seat sees
@dataclass(frozen=True)
class SeenPlay:
    """A play as everyone saw it: ``seat`` played a card face down calling ``called``."""

    seat: int
    called: int


@dataclass(frozen=True)
class SeenDoubt:
    """A doubt as everyone saw it: the card ``card`` shown, the centre's ``size`` cards taken by ``taker``."""

    doubter: int
    seat: int
    card: Card
    called: int
    taker: int
    size: int


@dataclass(frozen=True)
class DoubtView:
    """What one seat may know: its own hand (sorted by number), how many cards each seat holds, the centre's
    size, the number to call next, whose turn it is, the card open to doubt, everything seen so far
    (``seen``: plays and doubts, in order) and the cards this seat played itself (``mine``: the index of the
    play in ``seen`` and the card)."""

    seat: int
    names: tuple[str, ...]
    hand: tuple[Card, ...]
    counts: tuple[int, ...]
    pile: int
    number: int
    turn: int | None
    dealer: int
    offer: CallOffer | None
    last_play: SeenPlay | None
    """The play under doubt while the offer is open."""
    seen: tuple[SeenPlay | SeenDoubt, ...]
    mine: tuple[tuple[int, Card], ...]
    legal: tuple[Any, ...]
    over: bool
    plays: int


def next_number(number: int) -> int:
    """The number called after ``number``: 1 after 14.

    >>> next_number(7), next_number(14)
    (8, 1)
    """
    return number % HIGHEST + 1


def by_number(cards: Sequence[Card]) -> tuple[Card, ...]:
    """Cards sorted by number, then color (red, black, yellow, green).

    >>> from .cards import parse_card
    >>> [card_name(card) for card in by_number([parse_card(word) for word in "9x 1g 9r 14y".split()])]
    ['1g', '9r', '9x', '14y']
    """
    return tuple(sorted(cards, key=lambda card: (number_of(card), card)))


def deal_hands(deck: Sequence[Card], players: int, dealer: int) -> list[list[Card]]:
    """Each seat's hand, in the order dealt: ``deck`` one card at a time from the dealer's left.

    >>> deal_hands(range(5), 2, 0)
    [[1, 3], [0, 2, 4]]
    """
    hands: list[list[Card]] = [[] for _ in range(players)]
    for position, card in enumerate(deck):
        hands[(dealer + 1 + position) % players].append(card)
    return hands


class DoubtState:
    """One game of I Doubt It, meeting the engine's ``GameState`` protocol and ``OffersCalls``."""

    def __init__(self, deck: Sequence[Card], players: int, dealer: int) -> None:
        if players not in SIZES:
            raise RuleSetError(f"I Doubt It is for {sizes_text(SIZES)} players, not {players}.")
        deck_from_json([card_name(card) for card in deck])  # every card of the pack once
        self.names: tuple[str, ...] = DEFAULT_SEAT_NAMES[players]
        self.players = players
        self.dealer = dealer % players
        self.hands = deal_hands(deck, players, self.dealer)
        self.pile: list[Card] = []
        self.number = 1
        self.turn: int | None = (self.dealer + 1) % players
        self.offer: CallOffer | None = None
        self.last: tuple[int, Card, int] | None = None
        """The play open to doubt: (seat, card, number called)."""
        self.plays = 0
        self.over = False
        self.seen: tuple[SeenPlay | SeenDoubt, ...] = ()
        self.mine: list[tuple[tuple[int, Card], ...]] = [() for _ in range(players)]
        self.events: list[Any] = [DoubtStarted(self.names, self.dealer, tuple(tuple(hand) for hand in self.hands))]

    @classmethod
    def from_seed(cls, seed: int, players: int = DEFAULT_PLAYERS) -> DoubtState:
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

    def call_offer(self) -> CallOffer | None:
        """The doubt open now (after every play, to every other seat), or None."""
        return self.offer

    def seats_to_act(self) -> tuple[int, ...]:
        if self.over:
            return ()
        if self.offer is not None:
            return self.offer.seats
        return () if self.turn is None else (self.turn,)

    def legal_actions(self, seat: int) -> list[Any]:
        if self.over:
            return []
        if self.offer is not None:
            return list(self.offer.answers(seat))
        if seat != self.turn:
            return []
        return [Lay(card) for card in by_number(self.hands[seat])]

    def counts(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        return tuple(len(hand) for hand in self.hands)

    def apply(self, action: Any, seat: int) -> list[Any]:
        """``seat`` plays a card, doubts or lets the card go; the events it caused."""
        if self.over:
            raise IllegalActionError(DoubtRule.GAME_OVER, "the game is over")
        start = len(self.events)
        if self.offer is not None:
            self._answer(action, seat)
        else:
            self._lay(action, seat)
        return self.events[start:]

    def _lay(self, action: Any, seat: int) -> None:
        if isinstance(action, (Doubt, LetGo)):
            raise IllegalActionError(DoubtRule.NOTHING_TO_DOUBT, "there is no card to doubt now")
        assert self.turn is not None
        if seat != self.turn:
            raise IllegalActionError(DoubtRule.NOT_YOUR_TURN, f"it is {self.names[self.turn]}'s turn", [])
        legal = self.legal_actions(seat)
        if not isinstance(action, Lay):
            raise IllegalActionError(DoubtRule.PLAY_A_CARD, f"{action} is not a move of I Doubt It", legal)
        if action.card not in self.hands[seat]:
            raise IllegalActionError(DoubtRule.NOT_HELD, f"you hold no {card_name(action.card)}", legal)
        self.hands[seat].remove(action.card)
        self.pile.append(action.card)
        called = self.number
        self.mine[seat] = (*self.mine[seat], (len(self.seen), action.card))
        self.seen = (*self.seen, SeenPlay(seat, called))
        self.plays += 1
        self.last = (seat, action.card, called)
        self.number = next_number(called)
        self.turn = None
        others = tuple((seat + step) % self.players for step in range(1, self.players))
        self.offer = CallOffer(WORD, KEY, DOUBT, LET_GO, others, first_only=True)
        self.events.append(CardLaid(seat, action.card, called, len(self.hands[seat]), len(self.pile)))

    def _answer(self, action: Any, seat: int) -> None:
        assert self.offer is not None and self.last is not None
        if seat not in self.offer.seats:
            name = self.names[self.last[0]]
            raise IllegalActionError(DoubtRule.NOT_ASKED, f"only the others may doubt {name}'s card, each once")
        if not isinstance(action, (Doubt, LetGo)):
            raise IllegalActionError(DoubtRule.DOUBT_OR_LET_GO, "doubt it or let it go", self.offer.answers(seat))
        player, card, called = self.last
        if isinstance(action, LetGo):
            self.offer = self.offer.without(seat)
            if self.offer.seats:
                return
            self.offer = None
            self.events.append(LetPass(player, called))
            self._go_on(player)
            return
        self.offer = None
        true = number_of(card) == called
        taker = seat if true else player
        cards = tuple(self.pile)
        self.hands[taker].extend(cards)
        self.pile = []
        self.seen = (*self.seen, SeenDoubt(seat, player, card, called, taker, len(cards)))
        self.events.append(Doubted(seat, player, card, called, true, taker, cards, len(self.hands[taker])))
        self._go_on(player)

    def _go_on(self, player: int) -> None:
        """After the doubt window: the player out of cards wins, or play goes on at their left."""
        self.last = None
        if not self.hands[player]:
            self._end((player,), "out")
        elif self.plays >= MOST_PLAYS:
            counts = self.counts()
            fewest = min(counts)
            self._end(tuple(seat for seat, count in enumerate(counts) if count == fewest), "limit")
        else:
            self.turn = (player + 1) % self.players

    def _end(self, winners: tuple[int, ...], reason: str) -> None:
        self.over = True
        self.turn = None
        counts = self.counts()
        mine = counts[winners[0]]
        won = sum(count - mine for count in counts)
        points = tuple(won if seat in winners else 0 for seat in range(self.players))
        self.events.append(DoubtOver(winners, counts, points, tuple(self.pile), reason))

    def winners(self) -> tuple[int, ...]:
        """The winners once the game is over (empty before)."""
        last = self.events[-1]
        return last.winners if isinstance(last, DoubtOver) else ()

    def view(self, seat: int) -> DoubtView:
        last = None
        if self.offer is not None and self.last is not None:
            last = SeenPlay(self.last[0], self.last[2])
        return DoubtView(
            seat=seat,
            names=self.names,
            hand=by_number(self.hands[seat]),
            counts=self.counts(),
            pile=len(self.pile),
            number=self.number,
            turn=self.turn,
            dealer=self.dealer,
            offer=self.offer,
            last_play=last,
            seen=self.seen,
            mine=self.mine[seat],
            legal=tuple(self.legal_actions(seat)),
            over=self.over,
            plays=self.plays,
        )

    def standings(self) -> tuple[Standing, ...]:
        """Each seat by its cards, fewest first; the winner's score is its points, the others' 0."""
        counts = self.counts()
        last = self.events[-1]
        points = last.points if isinstance(last, DoubtOver) else (0,) * self.players
        winners = self.winners()
        ranked = sorted(range(self.players), key=lambda seat: (seat not in winners, counts[seat]))
        return tuple(
            Standing((seat,), points[seat], 1 if seat in winners else
                     1 + len(winners) + sum(counts[other] < counts[seat] for other in range(self.players)
                                            if other not in winners), seat in winners)
            for seat in ranked
        )  # fmt: skip

    def clone(self) -> DoubtState:
        other = object.__new__(DoubtState)
        other.__dict__.update(self.__dict__)
        other.hands = [list(hand) for hand in self.hands]
        other.pile = list(self.pile)
        other.mine = list(self.mine)
        other.events = list(self.events)
        return other


def start_doubt(setup: TableSetup, deal: Sequence[Card] | None = None) -> DoubtState:
    """A new game: the seed's shuffle and first dealer; with a fixed ``deal`` (the pack in dealing order) the
    dealer is still drawn from the seed."""
    players = table_players(setup, SIZES, DEFAULT_PLAYERS, "I Doubt It")
    seed = table_seed(setup)
    game = DoubtState.from_seed(seed, players)
    if deal is None:
        return game
    return DoubtState(deal, players, game.dealer)


def doubt_game(players: Option) -> GameDescription:
    """The description of I Doubt It, with the shared ``players`` option (``engine.games.PLAYERS``)."""
    return GameDescription(
        name=NAME,
        title="I Doubt It",
        family=FAMILY,
        summary=(
            f"I Doubt It (1913): {sizes_text(SIZES)} players (--players, default {DEFAULT_PLAYERS}), "
            "play a card face down calling the next number, doubt others' cards; first out of cards wins."
        ),
        seat_counts=SIZES,
        options=(players,),
        start=start_doubt,
        read_deal=deck_from_json,
        seats_for=seats_for(DEFAULT_PLAYERS),
    )
