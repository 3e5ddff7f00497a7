"""The state of a game of Rook: whose turn, what is legal, what happened.

``GameState`` is the only thing that changes during a game.  It knows nothing
of input, output or speech: an interface asks for ``seats_to_act()``,
``legal_actions(seat)`` and ``view(seat)``, calls ``apply(action, seat)``, and
narrates the events returned.  It is the trick-taking family's state of the
game protocol (``protocol.GameState``); ``standings()`` ranks the scorers.

    >>> from rook_access.engine import GameState, Pass
    >>> state = GameState(seed=1)
    >>> state.phase
    <Phase.BIDDING: 'bidding'>
    >>> events = state.apply(Pass())
    >>> events[0].amount is None
    True
"""

from __future__ import annotations

import copy
import enum
import functools
import itertools
import random
from collections.abc import Iterator
from dataclasses import dataclass
from math import comb

from .actions import CHECK, PASS, PLAYS, Action, Bid, Check, Discard, NameTrump, Pass, Play
from .cards import (
    BIRD,
    COLOR_NAMES,
    COLORS,
    Card,
    CardSet,
    Color,
    card_color,
    card_name,
    card_names,
    cards_in,
    mask_of,
)
from .deal import Deal
from .errors import IllegalActionError, Rule
from .events import (
    BidMade,
    BidWon,
    CardPlayed,
    CenterTaken,
    Checked,
    Dealt,
    Event,
    GameEnded,
    GameStarted,
    HandDisplayed,
    HandEnded,
    NestDiscarded,
    NestTaken,
    OddCardsTaken,
    TeamsFormed,
    ThrownIn,
    TricksCut,
    TrickTaken,
    TrumpCut,
    TrumpNamed,
    TrumpTurned,
)
from .protocol import Standing
from .rules import (
    NO_TRUMP,
    PARTNERSHIP,
    RuleSet,
    Teams,
    TrumpSource,
    bids_near,
    cut_winner,
    most_tricks_team,
    team_of,
)


class Phase(enum.Enum):
    """The part of the hand the game is in."""

    BIDDING = "bidding"
    DISCARD = "discard"
    TRUMP = "trump"
    PLAY = "play"
    GAME_OVER = "game over"


_NAME_TRUMP = tuple(NameTrump(color) for color in COLORS)


@functools.lru_cache(maxsize=256)
def _bidding_actions(
    rules: RuleSet, high_bid: int | None, may_check: bool = False, must_bid: bool = False
) -> tuple[Action, ...]:
    """Pass (and check, where allowed) and every bid allowed after ``high_bid``, made once;
    no pass for a dealer who must open (``must_bid``)."""
    passing = () if must_bid else (PASS,)
    return (*passing, *((CHECK,) if may_check else ()), *(Bid(amount) for amount in rules.bid_range(high_bid)))


class DiscardChoices:
    """The legal discards: every set of ``count`` cards from the bidder's hand.

    A lazy collection (there are 2002 of them from 14 cards): it supports
    ``in``, ``len`` and iteration.
    """

    def __init__(self, hand: CardSet, count: int) -> None:
        self.hand = hand
        self.count = count

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Discard)
            and len(action.cards) == self.count
            and mask_of(action.cards) & ~self.hand == 0
        )

    def __len__(self) -> int:
        return comb(self.hand.bit_count(), self.count)

    def __iter__(self) -> Iterator[Discard]:
        for cards in itertools.combinations(cards_in(self.hand), self.count):
            yield Discard(frozenset(cards))

    def __repr__(self) -> str:
        return f"DiscardChoices({card_names(cards_in(self.hand))}, {self.count})"


@dataclass(frozen=True)
class SeatView:
    """What one seat can know: its own hand and everything played in the open.

    Computer players decide from this alone; it never shows another seat's
    hand, nor the nest to anyone but the high bidder.
    """

    seat: int
    rules: RuleSet
    phase: Phase
    hand_number: int
    dealer: int
    turn: int | None
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    bids: tuple[tuple[int, int | None], ...]
    high_bid: int | None
    high_bidder: int | None
    passed: tuple[bool, ...]
    bidder: int | None
    trump: Color | None
    nest_taken: tuple[Card, ...]
    """The nest as the bidder found it (empty for every other seat)."""
    nest_discarded: tuple[Card, ...]
    """The bidder's discards (empty for every other seat)."""
    trick_leader: int | None
    trick: tuple[Card, ...]
    """The cards played to the current trick, from its leader on."""
    tricks: tuple[TrickTaken, ...]
    """The tricks completed this hand, first to last."""
    counters: tuple[int, ...]
    """Points taken so far this hand, by team."""
    scores: tuple[int, ...]
    """The scores, by side or by player (``rules.scorers``)."""
    legal: tuple[Action, ...] | DiscardChoices
    teams: tuple[tuple[int, ...], ...] = ()
    """Who plays with whom this hand (as far as known: before the bid is won,
    the bid winner's teams are not)."""
    shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()
    """Other hands this seat can see, as (seat, cards held): the dummy's face-up
    cards during the bidding and its whole hand after trump; for the player of
    the dummy, also the player's own hand."""
    checked: tuple[bool, ...] = ()
    """Which seats have checked this hand (Kentucky Discard)."""
    trump_turned: tuple[Card, ...] = ()
    """The nest's cards turned for trump, where trump is turned (the Beginner Game)."""
    taken: tuple[int, ...] = ()
    """Points taken so far this hand, by seat."""
    points_out_of_play: int = 0
    """Points seen to be in no trick this hand: the nest's cards turned for trump where no bid wins the nest.
    The cards laid aside and the rest of such a nest are seen by nobody, so their points are not told."""
    unseen_out_of_play: bool = False
    """Whether cards nobody has seen are in no trick this hand (laid aside, or a nest no bid wins, but for
    the cards turned for trump): what points remain to be taken is then known only as at most so many."""
    displayed: int | None = None
    """The seat whose hand lies face up and is played by the dealer (Display Rook), once it is laid down."""
    trump_cut: Card | None = None
    """The card cut from the pack for trump this hand (High 14)."""
    center_taken: tuple[Card, ...] = ()
    """The cards left over from the deal, once the first trick's taker has taken them (Flip, High 14)."""
    center_taker: int | None = None
    """Who took the centre's cards with the first trick."""

    def controller(self, seat: int) -> int:
        """The seat of the player who decides for ``seat``: itself, or for the dummy the
        player who did not win the bid (``GameState.controller``), or for a displayed hand the dealer."""
        if seat == self.displayed:
            return self.dealer
        if seat != self.rules.dummy_seat:
            return seat
        return next(s for s in self.rules.people if s != self.bidder)

    @property
    def team_of(self) -> tuple[int, ...]:
        """The team of each seat this hand."""
        return team_of(self.teams or self.rules.partnerships, self.rules.players)

    @property
    def side(self) -> int:
        """This seat's team this hand."""
        return self.team_of[self.seat]

    @property
    def partners(self) -> tuple[int, ...]:
        """The other seats on this seat's team this hand."""
        return tuple(s for s in (self.teams or self.rules.partnerships)[self.side] if s != self.seat)

    @property
    def last_trick(self) -> TrickTaken | None:
        return self.tricks[-1] if self.tricks else None


class GameState:
    """A whole game: hands dealt one after another until the game ends.

    ``seed`` makes every shuffle repeatable; ``first_deal`` fixes the first
    hand's cards (later hands are shuffled).  Without a fixed deal the first
    dealer is drawn at random, as players draw for the deal.
    """

    def __init__(
        self,
        rules: RuleSet = PARTNERSHIP,
        seed: int | None = None,
        first_deal: Deal | None = None,
    ) -> None:
        self.rules = rules
        self.rng = random.Random(seed)
        self.events: list[Event] = []
        self.scores = [0] * len(rules.scorers)
        self.hands_played = 0
        self.hand_number = 0
        self.winner: int | None = None
        self.phase = Phase.BIDDING
        self.turn: int | None = None
        self._emit(
            GameStarted(
                rules.name,
                rules.players,
                rules.partnerships if rules.teams is Teams.FIXED else None,
                None if rules.hands_limit else rules.target_score,
                rules.hands_limit,
                "sides" if rules.scores_by_side else "players",
                rules.names,
                rules.record_options(),
            )
        )
        if first_deal is not None:
            first_deal.check(rules)
            deal = first_deal
        else:
            deal = Deal.shuffled(rules, self.rng.randrange(rules.players), self.rng)
        self._start_hand(deal, new_hand=True)

    # ------------------------------------------------------------ public reads
    @property
    def is_over(self) -> bool:
        return self.phase is Phase.GAME_OVER

    @property
    def seat_to_act(self) -> int:
        """The seat whose turn it is (``turn``, known to be a seat): only while the game goes on."""
        if self.turn is None:
            raise IllegalActionError(Rule.GAME_OVER, "the game is over")
        return self.turn

    def hand(self, seat: int) -> list[Card]:
        """The cards ``seat`` holds now, lowest card number first."""
        return cards_in(self.hands[seat])

    @property
    def trick(self) -> list[tuple[int, Card]]:
        """The current trick as (seat, card) pairs in play order."""
        players = self.rules.players
        return [((self.trick_leader + i) % players, card) for i, card in enumerate(self.trick_cards)]

    @property
    def last_trick(self) -> TrickTaken | None:
        return self.tricks[-1] if self.tricks else None

    def seats_to_act(self) -> tuple[int, ...]:
        """The one seat to act now (the dummy's seat when the dummy plays), or none once the game is over."""
        return () if self.turn is None else (self.turn,)

    @property
    def seat_count(self) -> int:
        """How many seats the table has, the dummy's included (the game protocol's question)."""
        return self.rules.players

    def standings(self) -> tuple[Standing, ...]:
        """Each scorer (a side, or a player where each keeps a score) with its score, best first.

        Places are shared on equal scores (1, 1, 3).  ``won`` is true only for
        the winner of a finished game; a drawn game has no winner.
        """
        scores = self.scores
        better = self.rules.better
        rows = [
            Standing(seats, score, 1 + sum(better * (other - score) > 0 for other in scores),
                     self.is_over and index == self.winner)
            for index, (seats, score) in enumerate(zip(self.rules.scorers, scores, strict=True))
        ]
        return tuple(sorted(rows, key=lambda row: row.place))

    def legal_actions(self, seat: int | None = None) -> list[Action] | DiscardChoices:
        """Every action the seat to act may take now (nothing once the game is over).

        Given a ``seat`` that is not the seat to act, nothing.
        """
        if seat is not None and seat != self.turn:
            return []
        phase = self.phase
        if phase is Phase.PLAY:
            mask = self._legal_play_mask()
            plays: list[Action] = []
            while mask:
                low = mask & -mask
                plays.append(PLAYS[low.bit_length() - 1])
                mask ^= low
            return plays
        if phase is Phase.BIDDING:
            if self.must_bid():
                return list(_bidding_actions(self.rules, self.high_bid, must_bid=True))
            return list(_bidding_actions(self.rules, self.high_bid, self.may_check()))
        if phase is Phase.DISCARD:
            assert self.bidder is not None  # the auction is won before the discard
            return DiscardChoices(self.hands[self.bidder], self.rules.nest_size)
        if phase is Phase.TRUMP:
            return list(_NAME_TRUMP)
        return []

    def legal_cards(self) -> list[Card]:
        """The cards the seat to act may play, lowest card number first (during card play)."""
        return cards_in(self._legal_play_mask())

    def may_check(self) -> bool:
        """Whether the seat to bid may check now (Kentucky Discard).

        Only before anyone has bid, once a hand per seat (so when all have
        checked once they must bid or pass), and not when the seat's partner
        has checked and both opponents have passed.
        """
        seat = self.turn
        if not self.rules.checking or self.phase is not Phase.BIDDING or seat is None:
            return False
        if self.high_bid is not None or self.checked[seat]:
            return False
        team = self.team_of[seat]
        partner_checked = any(self.checked[s] for s in self.teams[team] if s != seat)
        opponents = [s for s in range(self.rules.players) if self.team_of[s] != team]
        return not (partner_checked and opponents and all(self.passed[s] for s in opponents))

    def must_bid(self) -> bool:
        """Whether the seat to bid must bid: the dealer opening the bidding where the dealer opens (1913)."""
        return self.rules.dealer_opens and self.phase is Phase.BIDDING and not self.bids

    @property
    def team_of(self) -> tuple[int, ...]:
        """The team of each seat this hand."""
        return self._team_of

    def controller(self, seat: int) -> int:
        """The seat of the player who decides for ``seat``: itself, or for the dummy
        the player who did not win the bid (None before the bid is won is not
        possible: the dummy never bids); for the hand displayed in Display Rook, the dealer."""
        if seat == self.displayed:
            return self.dealer
        if seat != self.rules.dummy_seat:
            return seat
        others = [s for s in self.rules.people if s != self.bidder]
        return others[0]

    @property
    def actor(self) -> int | None:
        """The player who decides now: the seat to act, or the dummy's player."""
        return None if self.turn is None else self.controller(self.turn)

    def shown_to(self, seat: int) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """The other hands ``seat`` can see now (see ``SeatView.shown``)."""
        if self.displayed is not None:
            return self._shown_displayed(seat, self.displayed)
        dummy = self.rules.dummy_seat
        if dummy is None:
            return ()
        shown: list[tuple[int, tuple[Card, ...]]] = []
        if seat == dummy and self.bidder is not None:
            player = self.controller(dummy)
            shown.append((player, tuple(cards_in(self.hands[player]))))
        if seat != dummy:
            if self.phase in (Phase.BIDDING, Phase.DISCARD, Phase.TRUMP):
                cards = tuple(card for card in self.face_up if self.hands[dummy] >> card & 1)
            else:
                cards = tuple(cards_in(self.hands[dummy]))
            shown.append((dummy, cards))
        return tuple(shown)

    def _shown_displayed(self, seat: int, displayed: int) -> tuple[tuple[int, tuple[Card, ...]], ...]:
        """Display Rook: the displayed hand, seen by everyone else; the dealer's hand, seen from the displayed
        seat only while the dealer decides its play there (the partner who watches does not see it)."""
        if seat != displayed:
            return ((displayed, tuple(cards_in(self.hands[displayed]))),)
        if self.turn == displayed:
            return ((self.dealer, tuple(cards_in(self.hands[self.dealer]))),)
        return ()

    def legal_play_mask(self) -> CardSet:
        """The cards the seat to act may play now, as a mask (play phase only)."""
        if self.phase is not Phase.PLAY:
            return 0
        return self._legal_play_mask()

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now for the seat to act."""
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    def view(self, seat: int) -> SeatView:
        """What ``seat`` can see now."""
        is_bidder = seat == self.bidder
        return SeatView(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            hand_number=self.hand_number,
            dealer=self.dealer,
            turn=self.turn,
            hand=tuple(cards_in(self.hands[seat])),
            hand_sizes=tuple(mask.bit_count() for mask in self.hands),
            bids=tuple(self.bids),
            high_bid=self.high_bid,
            high_bidder=self.high_bidder,
            passed=tuple(self.passed),
            bidder=self.bidder,
            trump=self.trump,
            nest_taken=self.nest_taken if is_bidder else (),
            nest_discarded=tuple(cards_in(self.nest)) if is_bidder and self.phase not in (
                Phase.BIDDING, Phase.DISCARD) else (),
            trick_leader=self.trick_leader if self.phase is Phase.PLAY else None,
            trick=tuple(self.trick_cards),
            tricks=tuple(self.tricks),
            counters=tuple(self.counters),
            scores=tuple(self.scores),
            legal=self._legal_for_view(seat),
            teams=self.teams,
            shown=self.shown_to(seat),
            checked=tuple(self.checked),
            trump_turned=self.trump_turned,
            taken=tuple(self.taken),
            points_out_of_play=self.rules.points_in(self._nest_out_of_play() & mask_of(self.trump_turned)),
            unseen_out_of_play=bool(self.aside | (self._nest_out_of_play() & ~mask_of(self.trump_turned))),
            displayed=self.displayed,
            trump_cut=self.cut,
            center_taken=self.center_taken,
            center_taker=self.center_taker,
        )

    def _nest_out_of_play(self) -> CardSet:
        """The nest when its cards are in no trick: without bidding, unless the first trick's
        taker takes them (Flip, High 14)."""
        return 0 if self.rules.bidding or self.rules.center_to_first_trick else self.nest

    def _legal_for_view(self, seat: int) -> tuple[Action, ...] | DiscardChoices:
        if seat != self.turn:
            return ()
        legal = self.legal_actions()
        return legal if isinstance(legal, DiscardChoices) else tuple(legal)

    def clone(self) -> GameState:
        """An independent copy (random generator included)."""
        return copy.deepcopy(self)

    # ---------------------------------------------------------------- checking
    def check(self, action: Action, seat: int | None = None) -> None:
        """Raise IllegalActionError if ``action`` (by ``seat``, if given) is not legal now."""
        self._check(action, seat)

    def _check(self, action: Action, seat: int | None) -> None:
        if self.phase is Phase.GAME_OVER:
            raise IllegalActionError(Rule.GAME_OVER, "the game is over")
        if seat is not None and seat != self.turn:
            raise IllegalActionError(
                Rule.NOT_YOUR_TURN, f"it is seat {self.turn}'s turn, not seat {seat}'s", turn=self.turn
            )
        kind = type(action)
        expected = _PHASE_OF_ACTION.get(kind)
        if expected is not self.phase:
            raise IllegalActionError(
                Rule.WRONG_PHASE,
                f"{action} is not possible during the {self.phase.value}",
                self._legal_list(),
                phase=self.phase,
                action=action,
            )
        if isinstance(action, Play):
            self._check_play(action)
        elif kind is Check and not self.may_check():
            raise IllegalActionError(
                Rule.CHECK_NOT_ALLOWED,
                "checking is not allowed now" if self.rules.checking else "this game has no checking",
                self._legal_list(),
                checking=self.rules.checking,
                high_bid=self.high_bid,
            )
        elif isinstance(action, Bid):
            self._check_bid(action)
        elif isinstance(action, Discard):
            self._check_discard(action)
        elif kind is Pass and self.must_bid():
            raise IllegalActionError(
                Rule.DEALER_MUST_BID,
                "the dealer opens the bidding and may not pass",
                self._legal_list(),
                lowest=self.rules.min_bid,
                step=self.rules.bid_step,
            )

    def _legal_list(self) -> list[Action]:
        legal = self.legal_actions()
        return [] if isinstance(legal, DiscardChoices) else legal

    def _check_play(self, action: Play) -> None:
        bit = 1 << action.card
        legal = self._legal_play_mask()
        if legal & bit:
            return
        assert self.turn is not None and self.trump is not None  # a card is played only while the hand goes on
        hand = self.hands[self.turn]
        plays = [PLAYS[card] for card in cards_in(legal)]
        if not hand & bit:
            raise IllegalActionError(
                Rule.CARD_NOT_HELD, f"{card_name(action.card)} is not in hand", plays, card=action.card
            )
        suit = self.rules.suit_of[self.trump][self.trick_cards[0]]
        raise IllegalActionError(
            Rule.FOLLOW_SUIT,
            f"must follow {COLOR_NAMES[suit]}: {card_names(cards_in(legal))}",
            plays,
            suit=suit,
            card=action.card,
        )

    def _check_bid(self, action: Bid) -> None:
        rules = self.rules
        allowed = rules.bid_range(self.high_bid)
        if action.amount in allowed:
            return
        legal = self._legal_list()
        lowest = allowed.start
        if action.amount > rules.max_bid:
            rule, message = Rule.BID_ABOVE_MAXIMUM, f"the highest bid is {rules.max_bid}"
        elif action.amount % rules.bid_step:
            rule, message = Rule.BID_NOT_MULTIPLE, f"bids go up in {rules.bid_step}s: " + bids_near(
                rules.nearest_bids(action.amount, self.high_bid), rules.max_bid
            )
        elif self.high_bid is None:
            rule, message = Rule.BID_BELOW_MINIMUM, f"the first bid is at least {rules.min_bid}"
        else:
            rule, message = Rule.BID_NOT_HIGHER, f"the bid is {self.high_bid}: bid {lowest} or more"
        raise IllegalActionError(
            rule,
            message,
            legal,
            lowest=lowest if lowest <= rules.max_bid else None,
            step=rules.bid_step,
            amount=action.amount,
        )

    def _check_discard(self, action: Discard) -> None:
        count = self.rules.nest_size
        assert self.turn is not None  # _check refused every action once the game is over
        hand = self.hands[self.turn]
        cards = mask_of(action.cards)
        not_held = cards & ~hand
        if not_held:
            raise IllegalActionError(
                Rule.DISCARD_NOT_HELD,
                f"not in hand: {card_names(cards_in(not_held))}",
                cards=tuple(cards_in(not_held)),
            )
        if len(action.cards) != count:
            raise IllegalActionError(
                Rule.DISCARD_COUNT,
                f"discard exactly {count} cards, not {len(action.cards)}",
                count=count,
                given=len(action.cards),
            )

    # ---------------------------------------------------------------- applying
    def apply(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply ``action`` for the seat to act and return the events it caused.

        Raises IllegalActionError, changing nothing, if it is not legal (or if
        ``seat`` is given and it is not that seat's turn).
        """
        start = len(self.events)
        if type(action) is Play and self.phase is Phase.PLAY and (seat is None or seat == self.turn):
            self._play(action.card)
        else:
            self._check(action, seat)
            if isinstance(action, (Bid, Pass, Check)):
                self._bid(action)
            elif isinstance(action, Discard):
                self._discard(action)
            elif isinstance(action, NameTrump):
                self._name_trump(action.color)
            else:
                self._play(action.card)
        return self.events[start:]

    def _emit(self, event: Event) -> None:
        self.events.append(event)

    def _start_hand(self, deal: Deal, new_hand: bool) -> None:
        rules = self.rules
        if new_hand:
            self.hand_number += 1
        self.dealer = deal.dealer
        self.hands = [mask_of(hand) for hand in deal.hands]
        self.nest = mask_of(deal.nest)
        self.nest_order = deal.nest
        self.aside = mask_of(deal.aside)
        self.face_up = deal.face_up(rules)
        self.nest_taken: tuple[Card, ...] = ()
        self.bids: list[tuple[int, int | None]] = []
        self.passed = [seat == rules.dummy_seat for seat in range(rules.players)]
        self.checked = [False] * rules.players
        self.high_bid: int | None = None
        self.high_bidder: int | None = None
        self.bidder: int | None = None
        self.trump: Color | None = None
        self.trump_turned: tuple[Card, ...] = ()
        self.cut = deal.cut
        self.center_taken: tuple[Card, ...] = ()
        self.center_taker: int | None = None
        first = self._next_seat(deal.dealer)
        self.trick_leader = rules.dummy_seat if rules.dummy_seat is not None else first
        self.trick_cards: list[Card] = []
        self.tricks: list[TrickTaken] = []
        self._set_teams(rules.teams_before_bidding(self.hand_number))
        self.taken = [0] * rules.players
        self.displayed: int | None = None
        self.phase = Phase.BIDDING
        self.turn = deal.dealer if rules.dealer_opens else first
        self._emit(Dealt(self.hand_number, deal.dealer, deal.hands, deal.nest, deal.aside, self.face_up))
        if rules.teams is not Teams.FIXED:
            self._emit(TeamsFormed(self.teams))
        source = rules.trump_from
        if source is TrumpSource.TURNED:
            self._turn_trump()
        elif source is not TrumpSource.BID:
            self._trump_without_bidding(source)

    def _set_teams(self, teams: tuple[tuple[int, ...], ...]) -> None:
        self.teams = teams
        self._team_of = team_of(teams, self.rules.players)
        self.counters = [0] * len(teams)

    def _next_seat(self, seat: int) -> int:
        """The next seat to the left that bids (the dummy does not)."""
        players = self.rules.players
        seat = (seat + 1) % players
        while seat == self.rules.dummy_seat:
            seat = (seat + 1) % players
        return seat

    def _turn_trump(self) -> None:
        """No bidding: trump is the color of the nest's top card (the last dealt to it);
        a Bird turned up goes to the bottom and the next card is turned."""
        turned = []
        for card in reversed(self.nest_order):
            turned.append(card)
            if card != BIRD:
                break
        color = card_color(turned[-1])
        assert color is not None
        self.trump_turned = tuple(turned)
        self.trump = color
        self._emit(TrumpTurned(self.trump_turned, color))
        self.phase = Phase.PLAY
        self.turn = self.trick_leader

    def _trump_without_bidding(self, source: TrumpSource) -> None:
        """High 14: trump is the color of the card cut (the seat at the dealer's right cut it);
        Flip: there is no trump.  Then the dealer's left leads."""
        if source is TrumpSource.CUT:
            assert self.cut is not None  # Deal.check: a game that cuts has a cut card
            color = card_color(self.cut)
            assert color is not None  # no Bird in a game that cuts
            self.trump = color
            self._emit(TrumpCut((self.dealer - 1) % self.rules.players, self.cut, color))
        else:
            self.trump = NO_TRUMP
        self.phase = Phase.PLAY
        self.turn = self.trick_leader

    def _next_dealer_deals(self, new_hand: bool) -> None:
        dealer = (self.dealer + 1) % self.rules.players
        while dealer == self.rules.dummy_seat:
            dealer = (dealer + 1) % self.rules.players
        self._start_hand(Deal.shuffled(self.rules, dealer, self.rng), new_hand)

    # bidding
    def _bid(self, action: Bid | Pass | Check) -> None:
        rules = self.rules
        seat = self.turn
        assert seat is not None
        if type(action) is Check:
            self.checked[seat] = True
            self._emit(Checked(seat))
            self.turn = self._next_bidder(seat)
            return
        amount = action.amount if isinstance(action, Bid) else None
        self.bids.append((seat, amount))
        self._emit(BidMade(seat, amount))
        if amount is None:
            self.passed[seat] = True
        else:
            self.high_bid = amount
            self.high_bidder = seat
        over = rules.bidding_over(self.passed.count(False), self.high_bid, amount)
        if over is False:
            self._emit(ThrownIn(self.hand_number, self.dealer))
            if rules.same_dealer_after_throw_in:
                self._start_hand(Deal.shuffled(rules, self.dealer, self.rng), new_hand=False)
            else:
                self._next_dealer_deals(new_hand=False)
            return
        if over:
            self._win_bid()
            return
        self.turn = self._next_bidder(seat)

    def _next_bidder(self, seat: int) -> int:
        players = self.rules.players
        nxt = (seat + 1) % players
        while self.passed[nxt]:
            nxt = (nxt + 1) % players
        return nxt

    def _win_bid(self) -> None:
        bidder = self.high_bidder
        assert bidder is not None and self.high_bid is not None
        self.bidder = bidder
        self._emit(BidWon(bidder, self.high_bid))
        if self.rules.teams in (Teams.BIDDER_AGAINST_PARTNERS, Teams.BIDDER_ALONE):
            self._set_teams(self.rules.teams_for_bidder(self.hand_number, bidder))
            self._emit(TeamsFormed(self.teams))
        if not self.rules.nest_size:  # no nest (the whole pack dealt): trump at once
            self.phase = Phase.TRUMP
            self.turn = bidder
            return
        self.nest_taken = tuple(cards_in(self.nest))
        self.hands[bidder] |= self.nest
        self.nest = 0
        self._emit(NestTaken(bidder, self.nest_taken))
        self.phase = Phase.DISCARD
        self.turn = bidder

    def _discard(self, action: Discard) -> None:
        cards = mask_of(action.cards)
        seat = self.turn
        assert seat is not None
        self.hands[seat] &= ~cards
        self.nest = cards
        self._emit(NestDiscarded(seat, tuple(sorted(action.cards))))
        self.phase = Phase.TRUMP

    def _name_trump(self, color: Color) -> None:
        seat = self.turn
        assert seat is not None
        self.trump = color
        dummy = self.rules.dummy_seat
        self._emit(TrumpNamed(seat, color, () if dummy is None else tuple(cards_in(self.hands[dummy]))))
        self.phase = Phase.PLAY
        self.turn = self.trick_leader

    # card play
    def _legal_play_mask(self) -> CardSet:
        trick = self.trick_cards
        seat, trump = self.turn, self.trump
        assert seat is not None and trump is not None  # asked only during card play
        return self.rules.legal_plays(self.hands[seat], trick[0] if trick else None, trump)

    def _play(self, card: Card) -> None:
        seat = self.turn
        assert seat is not None
        bit = 1 << card
        hand = self.hands[seat]
        trick = self.trick_cards
        rules = self.rules
        trump = self.trump
        assert trump is not None  # named before the first card
        if trick:
            legal = rules.legal_plays(hand, trick[0], trump)
        else:
            legal = hand
        if not legal & bit:
            self._check_play(PLAYS[card])
        self.hands[seat] = hand ^ bit
        trick.append(card)
        self._emit(CardPlayed(seat, card))
        if rules.dealer_partner_displays and self.displayed is None and not self.tricks:
            self._display()
        if len(trick) < rules.players:
            self.turn = (seat + 1) % rules.players
        else:
            self._take_trick()

    def _display(self) -> None:
        """Display Rook: after the first card, the dealer's partner lays the hand face up for the dealer to play."""
        dealer = self.dealer
        partner = next(seat for seat in self.teams[self._team_of[dealer]] if seat != dealer)
        self.displayed = partner
        self._emit(HandDisplayed(partner, dealer, tuple(cards_in(self.hands[partner]))))

    def _take_trick(self) -> None:
        rules = self.rules
        cards = tuple(self.trick_cards)
        leader = self.trick_leader
        assert self.trump is not None  # named before the first card
        winner = (leader + rules.trick_winner(self.trick_cards, self.trump)) % rules.players
        points = rules.points_in(mask_of(cards)) + rules.points_per_trick
        last = not self.hands[winner] or (rules.deal_whole_pack and not all(self.hands))
        nest: tuple[Card, ...] = ()
        nest_points = 0
        if last and rules.last_trick_takes_nest and rules.bidding:
            nest = tuple(cards_in(self.nest))
            nest_points = rules.points_in(self.nest)
            points += nest_points
        self.counters[self._team_of[winner]] += points
        self.taken[winner] += points
        trick = TrickTaken(len(self.tricks) + 1, leader, cards, winner, points, nest, nest_points)
        self.tricks.append(trick)
        self._emit(trick)
        if rules.center_to_first_trick and trick.number == 1 and self.nest:
            self._take_center(winner)
        self.trick_cards = []
        self.trick_leader = winner
        self.turn = winner
        if last:
            if rules.odd_cards:
                self._give_odd_cards(winner)
            self._end_hand()

    def _give_odd_cards(self, winner: int) -> None:
        """The cards still held after the last trick go, unplayed, to its taker (the whole pack dealt)."""
        held = [(seat, card) for seat in range(self.rules.players) for card in cards_in(self.hands[seat])]
        if not held:
            return
        cards = mask_of(card for _, card in held)
        points = self.rules.points_in(cards)
        self.hands = [0] * self.rules.players
        self.counters[self._team_of[winner]] += points
        self.taken[winner] += points
        self._emit(OddCardsTaken(winner, tuple(seat for seat, _ in held), tuple(card for _, card in held), points))

    def _cut_for_tricks(self) -> int:
        """Equal tricks (Dixie Rook): every player cuts the pack, showing a card; each team adds its
        players' cards, and the higher total takes the bonus for most tricks.  Equal totals cut again."""
        while True:
            cards = tuple(self.rng.sample(self.rules.deck, self.rules.players))
            totals, winner = cut_winner(cards, self.teams)
            self._emit(TricksCut(cards, totals, winner))
            if winner is not None:
                return winner

    def _take_center(self, winner: int) -> None:
        """The first trick's taker takes the cards left over from the deal (Flip, High 14)."""
        center = self.nest
        points = self.rules.points_in(center)
        self.center_taken = tuple(cards_in(center))
        self.center_taker = winner
        self.nest = 0
        self.counters[self._team_of[winner]] += points
        self.taken[winner] += points
        self._emit(CenterTaken(winner, self.center_taken, points))

    def _end_hand(self) -> None:
        rules = self.rules
        bidder = self.bidder
        bid = self.high_bid
        winners = {self._team_of[trick.winner] for trick in self.tricks}
        all_tricks = winners.pop() if len(winners) == 1 and rules.all_tricks_bonus else None
        tricks: tuple[int, ...] = ()
        most = None
        if rules.most_tricks_bonus or rules.trick_points:
            counts = [0] * len(self.teams)
            for trick in self.tricks:
                counts[self._team_of[trick.winner]] += 1
            if rules.nest_is_trick and self.tricks:  # the nest, with the last trick, is a trick too (Dixie Rook)
                counts[self._team_of[self.tricks[-1].winner]] += 1
            tricks = tuple(counts)
            most = most_tricks_team(counts) if rules.most_tricks_bonus else None
            if most is None and rules.cut_for_tricks:
                most = self._cut_for_tricks()
        made, change = rules.score_hand(
            self.counters, None if bidder is None else self._team_of[bidder], bid, all_tricks, most, tricks or None
        )
        scored = rules.scores_from_teams(self.teams, change)
        for scorer, points in enumerate(scored):
            self.scores[scorer] += points
        self.hands_played += 1
        self._emit(
            HandEnded(
                self.hand_number,
                bidder,
                bid,
                made,
                tuple(self.counters),
                tuple(scored),
                tuple(self.scores),
                self.teams,
                tuple(self.taken),
                rules.all_tricks_bonus if all_tricks is not None else 0,
                rules.teams is not Teams.FIXED,
                tricks,
                most,
            )
        )
        over, winner = rules.game_result(self.scores, self.hands_played)
        if over:
            self.winner = winner
            self.phase = Phase.GAME_OVER
            self.turn = None
            self._emit(GameEnded(winner, tuple(self.scores)))
        else:
            self._next_dealer_deals(new_hand=True)


_PHASE_OF_ACTION = {
    Bid: Phase.BIDDING,
    Pass: Phase.BIDDING,
    Check: Phase.BIDDING,
    Discard: Phase.DISCARD,
    NameTrump: Phase.TRUMP,
    Play: Phase.PLAY,
}

__all__ = ["DiscardChoices", "GameState", "Phase", "SeatView"]
