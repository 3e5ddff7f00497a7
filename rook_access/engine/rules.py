"""The rule-set description: every rule that differs between games of Rook.

A variant is a ``RuleSet`` value; the engine reads it and never branches on a
variant's name.  ``RuleSet`` also precomputes, once, the tables the engine uses
on every card played (card ranks, counter values, the cards of each suit), so
the rules are applied by a few integer operations.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .cards import (
    BIRD,
    BIRD_MASK,
    COLOR_MASKS,
    COLORS,
    NUMBERS_PER_COLOR,
    RED,
    YELLOW,
    Card,
    CardSet,
    Color,
    card_number,
    make_card,
)


class BirdRank(enum.Enum):
    """Where the Rook Bird ranks among the trumps (Kentucky Discard's three ranks).

    >>> BirdRank("ten-and-a-half") is BirdRank.TEN_AND_A_HALF, PARTNERSHIP.bird_rank
    (True, <BirdRank.HIGH: 'high'>)
    """

    HIGH = "high"
    """Highest trump, playable at any time (the Hasbro rule)."""
    LOW = "low"
    """Lowest trump, beats every non-trump card, still playable at any time."""
    TEN_AND_A_HALF = "ten-and-a-half"
    """Between the 10 and the 11 of trump; an ordinary trump that must follow suit."""


DEFAULT_SEAT_NAMES: dict[int, tuple[str, ...]] = {
    2: ("South", "North"),
    3: ("South", "West", "East"),
    4: ("South", "West", "North", "East"),
    5: ("South", "West", "Northwest", "Northeast", "East"),
    6: ("South", "Southwest", "Northwest", "North", "Northeast", "East"),
    7: ("South", "Southwest", "West", "Northwest", "Northeast", "East", "Southeast"),
    8: ("South", "Southwest", "West", "Northwest", "North", "Northeast", "East", "Southeast"),
}
"""Seat names by the number of players, clockwise from the user's seat, South."""


class Teams(enum.Enum):
    """Who plays with whom in a hand, and whose score is kept.

    >>> PARTNERSHIP.teams.value, TWO_PLAYER.teams.value
    ('fixed', 'bidder against partners')
    """

    FIXED = "fixed"
    """The same partnerships every hand; each side keeps one score."""
    ROTATING = "rotating"
    """Partners change every ``rotation_hands`` hands; each player keeps a score."""
    BIDDER_AGAINST_PARTNERS = "bidder against partners"
    """The bid winner plays alone; the others are partners for the hand and
    each scores their combined counters (the 3-player and 2-player games)."""
    BIDDER_ALONE = "bidder alone"
    """The bid winner plays alone against everyone; each other player scores
    the counters of the tricks they took (the 5- and 6-player games)."""
    EACH_ALONE = "each alone"
    """Every player for themselves (the Beginner Game)."""


class TrumpSource(enum.Enum):
    """Where a hand's trump comes from (``RuleSet.trump_from``).

    >>> PARTNERSHIP.trump_from, BEGINNER.trump_from, FLIP.trump_from, HIGH_14.trump_from
    (<TrumpSource.BID: 'bid'>, <TrumpSource.TURNED: 'turned'>, <TrumpSource.NONE: 'none'>, <TrumpSource.CUT: 'cut'>)
    """

    BID = "bid"
    """Named by the bid winner."""
    TURNED = "turned"
    """The color of the nest's top card (the Beginner Game)."""
    CUT = "cut"
    """The color of a card cut from the pack before the deal by the player at the dealer's right (High 14)."""
    NONE = "none"
    """No trump at all (Flip)."""


NO_TRUMP: Color = len(COLORS)
"""The trump of a game played without trump (Flip): the rule tables' fifth entry, in which no card is trump.

Every table indexed by trump (``suit_masks``, ``suit_of``, ``trump_power``,
``trick_powers``, ``follow_masks``, ``follow_plays``) has it, so card play
without trump goes through the same code as card play with it.
"""

TRUMPS: tuple[Color, ...] = (*COLORS, NO_TRUMP)
"""Every value a hand's trump can have: the four colors and ``NO_TRUMP``."""


class RuleSetError(ValueError):
    """A rule-set description, or a table option, that cannot be played.

    >>> PARTNERSHIP.replace(players=1)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rook_access.engine.rules.RuleSetError: a game needs at least 2 players; ...
    """


@dataclass(frozen=True)
class RuleSet:
    """Everything that varies between games of Rook, as data.

    The defaults are the Original ROOK Partnership Game for 4 players.

    >>> rules = RuleSet()
    >>> rules.players, rules.hand_size, rules.nest_size, rules.deck_size, rules.total_points
    (4, 9, 5, 41, 120)
    >>> rules.replace(target_score=500).target_score
    500
    """

    name: str = "partnership"
    """Short name used on the command line and in records."""
    title: str = "the Original Rook Partnership Game"
    players: int = 4
    """Hands dealt at the table, the dummy's included."""
    lowest_number: int = 5
    """Numbers below this are taken out of the deck (but see ``ones_high``)."""
    ones_high: bool = False
    """The 1s stay in the deck and rank above the 14 (Kentucky Discard's deck with 1s)."""
    uses_bird: bool = True
    hand_size: int = 9
    nest_size: int = 5
    """The nest gets one card after each of the first ``nest_size`` rounds of the deal."""
    nest_dealt_last: bool = False
    """The nest is dealt after the hands, instead of a card a round (the 2- and 3-player games)."""
    out_of_play: int = 0
    """Cards left over after the nest, laid aside unseen for the hand."""
    bidding: bool = True
    """Without bidding (the Beginner Game) nobody takes the nest: trump is the
    color of the nest's top card, and the nest stays out of play."""
    checking: bool = False
    """Before anyone bids, a player may check: keep the right to bid later (Kentucky Discard)."""
    teams: Teams = Teams.FIXED
    rotation_hands: int = 4
    """With rotating partners, how many hands each partnership plays."""
    dummy: bool = False
    """The last seat is a dummy hand: it does not bid, the player who did not win
    the bid plays it, it leads the first trick (the 2-player game)."""
    dummy_face_up: int = 0
    """How many of the dummy's cards lie face up during the bidding."""
    all_tricks_bonus: int = 0
    """Points added for the side that takes every trick (0: no bonus)."""
    seat_names: tuple[str, ...] = ()
    """The seats' names, seat 0 (the user) first; empty for the usual names of
    this many players (``names``)."""
    place_names: tuple[str, ...] = ()
    """The seats' own names (South, West...) when ``seat_names`` calls people by their names (an online
    table): a side is named by its places, "North-South", never "Ben-South"; empty: ``names``."""
    counter_values: tuple[tuple[int, int], ...] = ((5, 5), (10, 10), (14, 10))
    """(number, points) for each number that counts."""
    bird_points: int = 20
    min_bid: int = 70
    max_bid: int = 120
    bid_step: int = 5
    bird_rank: BirdRank = BirdRank.HIGH
    partnerships: tuple[tuple[int, ...], ...] = ((0, 2), (1, 3))
    """The seats of each side; side ``i`` scores together."""
    target_score: int = 300
    """The game ends after a hand in which a side has at least this; ignored with ``hands_limit``."""
    hands_limit: int | None = None
    """Play exactly this many hands (thrown-in deals do not count); the higher total wins."""
    last_trick_takes_nest: bool = True
    max_bid_ends_auction: bool = True
    """A bid of ``max_bid`` ends the bidding at once, as nobody can bid higher."""
    # Rook for 3 to 8 and Partnership Rook (the 1913 booklet)
    deal_whole_pack: bool = False
    """No nest: the whole deck is dealt a card at a time from the dealer's left, so the seats nearest the
    dealer's left may get a card more (``dealt_sizes``); tricks are played while everyone holds a card
    (``hand_size`` of them), and the odd cards then left go, unplayed, to the last trick's taker."""
    dealer_opens: bool = False
    """The dealer bids first and must bid (no pass on the opening bid); the dealer's left leads."""
    most_tricks_bonus: int = 0
    """Points for the team that takes more tricks than every other (none on a tie at the top)."""
    trick_bonus_makes_bid: bool = False
    """Whether the bonus for most tricks counts toward the bid (else the bid is made by counters alone)."""
    table_sizes: tuple[int, ...] = ()
    """The numbers of players the game may be played by (``at_table``); empty: ``players`` only."""
    short_deck: tuple[tuple[int, int], ...] = ()
    """(players, lowest number) for a table size that plays without the low cards (Rook for 3: 5s to 14s)."""
    # Dixie Rook (the 1913 booklet)
    table_nests: tuple[tuple[int, int], ...] = ()
    """(players, nest size) for each table size whose nest differs from ``nest_size`` (Dixie Rook for six: 2)."""
    nest_is_trick: bool = False
    """The nest, which goes to the last trick's taker, also counts as a trick toward the bonus for most tricks."""
    cut_for_tricks: bool = False
    """On equal tricks every player cuts the pack and each team adds its players' cut cards: the higher total
    takes the bonus for most tricks; equal totals cut again (``cut_winner``)."""
    two_sides_only: bool = False
    """Every table size plays two sides, partners alternating round the table (no ``--sides``: Dixie Rook)."""
    # Display Rook (the 1913 booklet)
    trick_points: int = 0
    """Points for each trick taken, besides its counters (Display Rook: 2, so 28 a hand)."""
    made_others_score_tricks_only: bool = False
    """When the bidders make their bid the others score only their trick points, not their counters."""
    dealer_partner_displays: bool = False
    """After the first card of a hand the dealer's partner lays the hand face up and the dealer plays it."""
    # ---- Flip and High 14 (the 1913 booklet, issue 16); the defaults keep every other game as it was.
    trump_source: TrumpSource | None = None
    """Where trump comes from; None: named by the bid winner with bidding, else turned from the nest
    (``trump_from``)."""
    fourteens_any_time: bool = False
    """Any 14 may be played on any lead; the 14 of the color led beats everything, then the first
    14 played, then the trumps (High 14)."""
    center_to_first_trick: bool = False
    """The nest is the cards left over from an even deal, face down in the centre, and the first
    trick's taker takes them (Flip, High 14); it is dealt after the hands."""
    points_per_trick: int = 0
    """Points for each trick taken, besides its cards' (High 14: 5)."""
    card_points: tuple[tuple[Card, int], ...] = ()
    """Points of single cards, in place of ``counter_values`` for them (Flip: each red card, and the
    Golden Ten's -10)."""
    avoid_points: bool = False
    """Points count against the team that takes them: a team's hand score is what it took, never
    below 0, and the lowest total wins (Flip)."""
    partners_at_four: bool = False
    """With four players, partners sit opposite and score together; otherwise each plays alone."""
    same_dealer_after_throw_in: bool = False
    """A hand that everyone passes is dealt again by the same dealer, not the next (a progressive
    party's tables, where each of the four hands is dealt by another player)."""

    def __post_init__(self) -> None:
        problems = []
        if self.players < 2:
            problems.append("a game needs at least 2 players")
        if self.deal_whole_pack:
            if self.nest_size or self.out_of_play or self.hand_size != self.deck_size // self.players:
                problems.append(
                    f"dealing the whole pack of {self.deck_size} to {self.players} leaves no nest and "
                    f"{self.deck_size // self.players} tricks"
                )
        elif self.deck_size != self.players * self.hand_size + self.nest_size + self.out_of_play:
            aside = f" and {self.out_of_play} cards out of play" if self.out_of_play else ""
            problems.append(
                f"a deck of {self.deck_size} cards cannot deal {self.players} hands of "
                f"{self.hand_size}, a nest of {self.nest_size}{aside}"
            )
        if self.nest_size > self.hand_size:
            problems.append("the nest cannot be larger than a hand")
        if self.trump_from is TrumpSource.TURNED and self.nest_size < 1:
            problems.append("without bidding, trump is turned from the nest, so there must be a nest")
        if self.bidding and self.trump_from is not TrumpSource.BID:
            problems.append("with bidding, the bid winner names trump")
        if self.table_sizes and self.players not in self.table_sizes:
            problems.append(f"{self.players} players is not one of the table sizes {self.table_sizes}")
        if len(self.names) != self.players:
            problems.append(f"{self.players} seats need {self.players} names")
        if self.dummy and self.players < 3:
            problems.append("a dummy needs two players besides it")
        if self.bid_step <= 0 or self.min_bid % self.bid_step or self.max_bid % self.bid_step:
            problems.append(f"bids must be multiples of {self.bid_step}")
        if not 0 < self.min_bid <= self.max_bid:
            problems.append(f"the minimum bid {self.min_bid} must be above 0 and at most the maximum {self.max_bid}")
        seats = sorted(seat for side in self.partnerships for seat in side)
        if self.teams in (Teams.FIXED, Teams.ROTATING) and seats != list(range(self.players)):
            problems.append("every seat must be on exactly one side")
        if self.teams is Teams.ROTATING and self.players != 4:
            problems.append("rotating partners need four players")
        if self.bird_rank is not BirdRank.HIGH and not self.uses_bird:
            problems.append("this game has no Bird, so it has no Bird rank")
        if self.all_tricks_bonus < 0:
            problems.append("the bonus for every trick cannot be negative")
        if self.hands_limit is not None and self.hands_limit < 1:
            problems.append("the number of hands must be at least 1")
        if self.target_score < 1:
            problems.append("the target score must be at least 1")
        if self.most_tricks_bonus < 0:
            problems.append("the bonus for most tricks cannot be negative")
        if self.table_sizes and self.players not in self.table_sizes:
            problems.append(f"{self.players} players is not one of the table sizes")
        if problems:
            raise RuleSetError("; ".join(problems) + ".")

    def record_options(self) -> tuple[tuple[str, object], ...]:
        """The rules a record's ``game_start`` states besides the variant: Bird rank, bids, bonus
        (and the bonus for most tricks, where a game has one)."""
        options: tuple[tuple[str, object], ...] = (
            ("bird_rank", self.bird_rank.value if self.uses_bird else None),
            ("min_bid", self.min_bid if self.bidding else None),
            ("max_bid", self.max_bid if self.bidding else None),
            ("all_tricks_bonus", self.all_tricks_bonus),
        )
        if self.most_tricks_bonus:
            options += (("most_tricks_bonus", self.most_tricks_bonus),)
        if self.same_dealer_after_throw_in:
            options += (("same_dealer", True),)
        return options

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with some rules changed, checked like a new rule set."""
        return dataclasses.replace(self, **changes)

    # ------------------------------------------------- the whole pack dealt (1913)
    def dealt_sizes(self, dealer: int) -> tuple[int, ...]:
        """How many cards each seat is dealt when ``dealer`` deals, seat 0 first.

        Dealing the whole pack a card at a time from the dealer's left, the
        seats nearest the dealer's left get the odd cards.

        >>> ROOK_1913.at_table(5).dealt_sizes(0)
        (11, 12, 11, 11, 11)
        >>> PARTNERSHIP.dealt_sizes(2)
        (9, 9, 9, 9)
        """
        if not self.deal_whole_pack:
            return (self.hand_size,) * self.players
        extra = self.odd_cards
        players = self.players
        return tuple(self.hand_size + (1 if (seat - dealer - 1) % players < extra else 0) for seat in range(players))

    @property
    def odd_cards(self) -> int:
        """Cards left in hand after the last trick, which go to its taker (dealing the whole pack)."""
        return self.deck_size % self.players if self.deal_whole_pack else 0

    def at_table(self, players: int, sides: int | None = None) -> RuleSet:
        """This game for ``players`` (one of ``table_sizes``), partners in ``sides`` sides where it has partners.

        The deck, the hands, the seats' names and the sides follow from the
        table size: partners sit alternately round the table (seat ``s`` is on
        side ``s % sides``), two sides unless ``sides`` says otherwise.  Where
        the cards left over from an even deal go to the centre
        (``center_to_first_trick``: Flip, High 14) the whole deck is dealt and
        the rest is the centre; ``partners_at_four``: partners only at four,
        else each plays alone.  A size the game is not for is a RuleSetError
        naming the sizes it is.

        >>> ROOK_1913.at_table(3).deck_size, ROOK_1913.at_table(3).hand_size
        (40, 13)
        >>> PARTNERSHIP_1913.at_table(6).partnerships, PARTNERSHIP_1913.at_table(6, sides=3).partnerships
        (((0, 2, 4), (1, 3, 5)), ((0, 3), (1, 4), (2, 5)))
        >>> rules = FLIP.at_table(5)
        >>> rules.players, rules.hand_size, rules.nest_size, rules.teams.value, rules.names[-1]
        (5, 11, 1, 'each alone', 'East')
        >>> FLIP.at_table(8)
        Traceback (most recent call last):
        ...
        rook_access.engine.rules.RuleSetError: Flip (Golden Ten) is for 3 to 7 players, not 8.
        """
        sizes = self.table_sizes or (len(self.people),)
        if players not in sizes:
            title = self.title[0].upper() + self.title[1:]
            raise RuleSetError(f"{title} is for {sizes_text(sizes)} players, not {players}.")
        if not self.table_sizes:
            return self
        lowest = dict(self.short_deck).get(players, self._full_deck_lowest())
        numbers = NUMBERS_PER_COLOR - lowest + 1
        deck = 4 * numbers + (1 if self.uses_bird else 0)
        if self.center_to_first_trick:
            nest = deck % players
        else:
            nest = dict(self.table_nests).get(players, self.nest_size)
        teams = self.teams
        if self.partners_at_four:
            teams = Teams.FIXED if players == 4 else Teams.EACH_ALONE
        if teams is Teams.FIXED:
            count = sides or 2
            partnerships = tuple(tuple(range(side, players, count)) for side in range(count))
        else:
            partnerships = tuple((seat,) for seat in range(players))
        return self.replace(
            players=players,
            lowest_number=lowest,
            hand_size=(deck - nest) // players,
            nest_size=nest,
            teams=teams,
            seat_names=(),
            partnerships=partnerships,
        )

    def _full_deck_lowest(self) -> int:
        """The lowest number of the deck at a table size without a short deck of its own (the whole pack's 1
        when this rule set is itself a short-deck table)."""
        return 1 if self.players in dict(self.short_deck) else self.lowest_number

    # ---------------------------------------------- Flip and High 14 (issue 16)
    @property
    def trump_from(self) -> TrumpSource:
        """Where a hand's trump comes from: ``trump_source``, or by the bidding."""
        if self.trump_source is not None:
            return self.trump_source
        return TrumpSource.BID if self.bidding else TrumpSource.TURNED

    @property
    def better(self) -> int:
        """Which way a score is better: 1 where points are won (higher is better), -1 where they
        count against (Flip: lower is better).  The search's objective reads it.

        >>> PARTNERSHIP.better, FLIP.better
        (1, -1)
        """
        return -1 if self.avoid_points else 1

    # ----------------------------------------------------------------- the deck
    @property
    def numbers(self) -> tuple[int, ...]:
        """The numbers in each color of this game's deck, lowest first."""
        numbers = range(self.lowest_number, NUMBERS_PER_COLOR + 1)
        return ((1,) if self.ones_high and self.lowest_number > 1 else ()) + tuple(numbers)

    @cached_property
    def deck(self) -> tuple[Card, ...]:
        """Every card of this game, in card order."""
        cards = [make_card(number, color) for color in COLORS for number in self.numbers]
        if self.uses_bird:
            cards.append(BIRD)
        return tuple(cards)

    @property
    def deck_size(self) -> int:
        return 4 * len(self.numbers) + (1 if self.uses_bird else 0)

    @cached_property
    def rank(self) -> tuple[int, ...]:
        """How high each numbered card ranks in its color: its number, or 15 for a 1 above the 14.

        Indexed by card; the Bird's entry is 0 (its rank as a trump is in ``trump_power``).
        """
        return tuple(
            (15 if self.ones_high and card % NUMBERS_PER_COLOR == 0 else card % NUMBERS_PER_COLOR + 1)
            for card in range(BIRD)
        ) + (0,)

    # ------------------------------------------------------------------ seats
    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names, seat 0 first: ``seat_names``, or the usual ones for this many players."""
        return self.seat_names or DEFAULT_SEAT_NAMES.get(self.players, tuple(f"Seat {n}" for n in range(self.players)))

    @property
    def dummy_seat(self) -> int | None:
        """The dummy hand's seat, if this game has one."""
        return self.players - 1 if self.dummy else None

    @property
    def has_trump(self) -> bool:
        """Whether the game has a trump color (Flip has none)."""
        return self.trump_from is not TrumpSource.NONE

    @property
    def hand_face_up(self) -> bool:
        """Whether a hand is played face up: the dummy (the 2-player game), or the dealer's partner's hand
        displayed (Display Rook)."""
        return self.dummy or self.dealer_partner_displays

    @property
    def people(self) -> tuple[int, ...]:
        """The seats played by somebody (every seat but the dummy)."""
        return tuple(seat for seat in range(self.players) if seat != self.dummy_seat)

    @property
    def scores_by_side(self) -> bool:
        """Whether scores are kept by side (fixed partnerships) rather than by player."""
        return self.teams is Teams.FIXED

    @property
    def scorers(self) -> tuple[tuple[int, ...], ...]:
        """Whose scores are kept, in order: the sides' seats, or each player alone."""
        if self.scores_by_side:
            return self.partnerships
        return tuple((seat,) for seat in self.people)

    def teams_before_bidding(self, hand_number: int) -> tuple[tuple[int, ...], ...]:
        """The teams of hand ``hand_number`` as far as they are known before the bid is won."""
        if self.teams is Teams.FIXED:
            return self.partnerships
        if self.teams is Teams.ROTATING:
            period = (hand_number - 1) // self.rotation_hands % 3
            partner = (2, 1, 3)[period]
            others = tuple(seat for seat in (1, 2, 3) if seat != partner)
            return ((0, partner), others)
        return tuple((seat,) for seat in range(self.players))

    def teams_for_bidder(self, hand_number: int, bidder: int) -> tuple[tuple[int, ...], ...]:
        """The teams of a hand once ``bidder`` has won the bid (the bidder's team first
        where the bidder plays alone)."""
        others = tuple(seat for seat in range(self.players) if seat != bidder)
        if self.teams is Teams.BIDDER_AGAINST_PARTNERS:
            return ((bidder,), others)
        if self.teams is Teams.BIDDER_ALONE:
            return ((bidder,), *((seat,) for seat in others))
        return self.teams_before_bidding(hand_number)

    @cached_property
    def deck_mask(self) -> CardSet:
        mask = 0
        for card in self.deck:
            mask |= 1 << card
        return mask

    # --------------------------------------------------------------- counters
    @cached_property
    def points(self) -> tuple[int, ...]:
        """Points of each card, indexed by card."""
        values = dict(self.counter_values)
        table = [values.get(card_number(card) or 0, 0) for card in range(BIRD)]
        for card, points in self.card_points:
            table[card] = points
        table.append(self.bird_points if self.uses_bird else 0)
        return tuple(table)

    @cached_property
    def counter_mask(self) -> CardSet:
        """The cards that count."""
        return sum(1 << card for card in self.deck if self.points[card])

    @cached_property
    def total_points(self) -> int:
        """All the points in a hand (120 in the Partnership Game), the points for tricks included."""
        return sum(self.points[card] for card in self.deck) + self.points_per_trick * self.hand_size

    def points_in(self, cards: CardSet) -> int:
        """The points in a set of cards.

        >>> from rook_access.engine.cards import mask_of, parse_cards
        >>> PARTNERSHIP.points_in(mask_of(parse_cards("5r 10x 14y rook 6g")))
        45
        """
        points = self.points
        total = 0
        while cards:
            low = cards & -cards
            total += points[low.bit_length() - 1]
            cards ^= low
        return total

    # ------------------------------------------------------------------ sides
    @cached_property
    def side_of(self) -> tuple[int, ...]:
        """The side of each seat in the fixed partnerships (``partnerships``)."""
        return team_of(self.partnerships, self.players)

    # ---------------------------------------------------------- trick taking
    @cached_property
    def bird_plays_any_time(self) -> bool:
        """Whether the Bird may be played whatever was led (not when it ranks ten-and-a-half)."""
        return self.uses_bird and self.bird_rank is not BirdRank.TEN_AND_A_HALF

    @cached_property
    def suit_masks(self) -> tuple[tuple[CardSet, ...], ...]:
        """``suit_masks[trump][suit]``: the cards that follow ``suit`` when ``trump`` is trump.

        The Bird belongs to the trump suit.
        """
        bird = BIRD_MASK if self.uses_bird else 0
        return tuple(
            tuple((COLOR_MASKS[suit] if suit in COLORS else 0) | (bird if suit == trump else 0) for suit in TRUMPS)
            for trump in TRUMPS
        )

    @cached_property
    def suit_of(self) -> tuple[tuple[Color, ...], ...]:
        """``suit_of[trump][card]``: the suit a card belongs to (the Bird's is trump)."""
        return tuple(
            tuple(card // NUMBERS_PER_COLOR for card in range(BIRD)) + (trump,) for trump in TRUMPS
        )

    @cached_property
    def trump_power(self) -> tuple[tuple[int, ...], ...]:
        """``trump_power[trump][card]``: how high a card ranks as a trump, 0 for a non-trump.

        Every trump outranks every card of the suit led (whose power is its number).
        """
        bird_power = {
            BirdRank.HIGH: 100 + 2 * 16,
            BirdRank.LOW: 100,
            BirdRank.TEN_AND_A_HALF: 100 + 2 * 10 + 1,
        }[self.bird_rank]
        rank = self.rank
        tables = []
        for trump in TRUMPS:
            table = [100 + 2 * rank[card] if card // NUMBERS_PER_COLOR == trump else 0 for card in range(BIRD)]
            table.append(bird_power if self.uses_bird else 0)
            tables.append(tuple(table))
        return tuple(tables)

    def legal_plays(self, hand: CardSet, lead: Card | None, trump: Color) -> CardSet:
        """The cards of ``hand`` that may be played to a trick led by ``lead`` (None: leading).

        Follow the suit led if you can; the Bird (where it has the privilege) may
        be played at any time; a Bird lead is a trump lead.

        >>> from rook_access.engine.cards import GREEN, card_names, cards_in, mask_of, parse_card, parse_cards
        >>> hand = mask_of(parse_cards("5r 9r 14x rook"))
        >>> card_names(cards_in(PARTNERSHIP.legal_plays(hand, parse_card("10r"), GREEN)))
        '5r 9r rook'
        >>> card_names(cards_in(PARTNERSHIP.legal_plays(hand, None, GREEN)))
        '5r 9r 14x rook'
        """
        if lead is None:
            return hand
        follow = hand & self.suit_masks[trump][self.suit_of[trump][lead]]
        if not follow:
            return hand
        if self.any_time_mask:
            return follow | (hand & self.any_time_mask)
        return follow

    @cached_property
    def any_time_mask(self) -> CardSet:
        """The cards that may be played whatever was led: the Bird (where it has the privilege),
        and in High 14 the four 14s.

        >>> from rook_access.engine.cards import card_names, cards_in
        >>> card_names(cards_in(HIGH_14.any_time_mask)), PARTNERSHIP.any_time_mask == BIRD_MASK
        ('14r 14x 14y 14g', True)
        """
        mask = BIRD_MASK if self.bird_plays_any_time else 0
        if self.fourteens_any_time:
            mask |= sum(1 << make_card(NUMBERS_PER_COLOR, color) for color in COLORS)
        return mask

    def trick_winner(self, cards: list[Card], trump: Color) -> int:
        """The index in ``cards`` (in play order) of the card that takes the trick.

        The highest value of ``trick_powers`` wins: any trump beats any card of
        the suit led, and a card of another plain suit cannot win.  Of equal
        values the first played wins (High 14's 14s not of the color led).

        >>> from rook_access.engine.cards import GREEN, parse_cards
        >>> PARTNERSHIP.trick_winner(parse_cards("10r 14r 6g 13r"), GREEN)
        2
        >>> PARTNERSHIP.trick_winner(parse_cards("10r 14r 6x 13r"), GREEN)
        1
        >>> HIGH_14.trick_winner(parse_cards("10r 14x 14g 14r"), GREEN)
        3
        >>> FLIP.trick_winner(parse_cards("5r 9g 6r"), NO_TRUMP)
        2
        """
        power = self.trick_powers[trump][cards[0]]
        best_index = 0
        best = -1
        for index, card in enumerate(cards):
            value = power[card]
            if value > best:
                best = value
                best_index = index
        return best_index

    # Tables for fast play (simulation): ``legal_plays`` and ``trick_winner`` by lookup.
    @cached_property
    def follow_masks(self) -> tuple[tuple[CardSet, ...], ...]:
        """``follow_masks[trump][lead]``: the cards of the suit that card ``lead`` leads.

        With ``follow_plays``, ``legal_plays(hand, lead, trump)`` is
        ``hand & follow_plays[trump][lead]`` if ``hand & follow_masks[trump][lead]``,
        else ``hand``.
        """
        return tuple(
            tuple(self.suit_masks[trump][self.suit_of[trump][lead]] for lead in range(BIRD + 1))
            for trump in TRUMPS
        )

    @cached_property
    def follow_plays(self) -> tuple[tuple[CardSet, ...], ...]:
        """``follow_plays[trump][lead]``: every card ``legal_plays`` allows to a hand
        that holds the suit led (the suit, and the Bird where it may be played any time).
        """
        every = (1 << (BIRD + 1)) - 1
        return tuple(
            tuple(self.legal_plays(every, lead, trump) for lead in range(BIRD + 1)) for trump in TRUMPS
        )

    @cached_property
    def trick_powers(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """``trick_powers[trump][lead][card]``: how strongly ``card`` bids for a trick
        led by ``lead``: its trump power, else its number if it is of the suit led,
        else 0.  The highest value takes the trick (``trick_winner``; the values of
        the cards that can take a trick are all different, but for High 14's 14s
        not of the color led, of which the first played wins).
        """
        tables = []
        for trump in TRUMPS:
            power = self.trump_power[trump]
            by_suit = [
                tuple(
                    self._fourteen_power(card, led_suit)
                    or power[card]
                    or (self.rank[card] if card != BIRD and card // NUMBERS_PER_COLOR == led_suit else 0)
                    for card in range(BIRD + 1)
                )
                for led_suit in TRUMPS
            ]
            tables.append(tuple(by_suit[self.suit_of[trump][lead]] for lead in range(BIRD + 1)))
        return tuple(tables)

    def _fourteen_power(self, card: Card, led_suit: Color) -> int:
        """A 14's power in High 14 (0 for any other card, and in every other game): the 14 of the
        color led beats everything; every other 14 beats every other card, and of two such 14s the
        one played first wins (``trick_winner`` keeps the first of equal powers)."""
        if not self.fourteens_any_time or card == BIRD or card % NUMBERS_PER_COLOR != NUMBERS_PER_COLOR - 1:
            return 0
        return 1000 if card // NUMBERS_PER_COLOR == led_suit else 500

    # --------------------------------------------------------------- bidding
    def bid_range(self, high_bid: int | None) -> range:
        """The bids allowed after ``high_bid`` (None: nobody has bid).

        >>> list(PARTNERSHIP.bid_range(None))[:3], list(PARTNERSHIP.bid_range(115)), list(PARTNERSHIP.bid_range(120))
        ([70, 75, 80], [120], [])
        """
        lowest = self.min_bid if high_bid is None else high_bid + self.bid_step
        return range(lowest, self.max_bid + 1, self.bid_step)

    def nearest_bids(self, amount: int, high_bid: int | None) -> tuple[int, ...]:
        """The bids allowed after ``high_bid`` nearest ``amount``, a bid off the game's step: the steps either
        side of it that are allowed, else the allowed bid nearest it (the lowest, for an amount below them all);
        () when no bid is allowed.

        >>> PARTNERSHIP.nearest_bids(73, None), PARTNERSHIP.nearest_bids(78, 75), PARTNERSHIP.nearest_bids(3, None)
        ((70, 75), (80,), (70,))
        >>> PARTNERSHIP.nearest_bids(118, 115), PARTNERSHIP.nearest_bids(118, 120)
        ((120,), ())
        """
        bids = self.bid_range(high_bid)
        if not bids:
            return ()
        below = amount - amount % self.bid_step
        either = tuple(bid for bid in (below, below + self.bid_step) if bid in bids)
        if either:
            return either
        return (bids.start,) if amount < bids.start else (bids[-1],)

    def bidding_over(self, still_bidding: int, high_bid: int | None, last_bid: int | None) -> bool | None:
        """After a bid or pass: None if the bidding goes on, True if the high
        bidder has won it, False if everyone passed and the hand is thrown in.

        ``still_bidding`` counts the seats that have not passed; ``last_bid`` is
        the amount just bid (None for a pass).
        """
        if still_bidding == 0:
            return False
        if high_bid is not None and (
            still_bidding == 1 or (last_bid == self.max_bid and self.max_bid_ends_auction)
        ):
            return True
        return None

    # --------------------------------------------------------------- scoring
    def score_hand(
        self,
        counters: list[int],
        bidding_side: int | None,
        bid: int | None,
        all_tricks: int | None = None,
        most_tricks: int | None = None,
        tricks: Sequence[int] | None = None,
    ) -> tuple[bool | None, list[int]]:
        """Whether the bidders made their bid, and each team's score for the hand.

        Bidders who take at least their bid score all they took; otherwise they
        lose the bid and score nothing.  Every other team scores what it took.
        Without bidding (``bidding_side`` None) everyone scores what they took.
        ``all_tricks`` is the team that took every trick, which gets the bonus;
        ``most_tricks`` the team that took the most tricks alone, which gets
        ``most_tricks_bonus`` (toward its bid only with ``trick_bonus_makes_bid``).

        >>> PARTNERSHIP.score_hand([95, 25], bidding_side=0, bid=90)
        (True, [95, 25])
        >>> PARTNERSHIP.score_hand([80, 40], bidding_side=0, bid=90)
        (False, [-90, 40])
        >>> PARTNERSHIP_1913.score_hand([55, 45], bidding_side=1, bid=45, most_tricks=0)
        (True, [75, 45])
        >>> PARTNERSHIP_1913.score_hand([35, 65], bidding_side=0, bid=40, most_tricks=0)
        (False, [-40, 65])

        Where points count against (Flip), the Golden Ten's -10 is among the
        points taken, and a team's hand score is never below 0:

        >>> FLIP.score_hand([-3, 20], bidding_side=None, bid=None)
        (None, [0, 20])

        Where each trick is worth ``trick_points`` (Display Rook), a team took its counters and
        its tricks' points; bidders who make their bid score all they took, and with
        ``made_others_score_tricks_only`` the others score only their tricks' points:

        >>> DISPLAY.score_hand([60, 40], bidding_side=0, bid=70, tricks=[8, 6])
        (True, [76, 12])
        >>> DISPLAY.score_hand([40, 60], bidding_side=0, bid=70, tricks=[8, 6])
        (False, [-70, 72])
        """
        by_trick: list[int] | None = None  # each team's points for its tricks, where tricks count (Display Rook)
        took = list(counters)
        if self.trick_points and tricks is not None:
            by_trick = [self.trick_points * count for count in tricks]
            took = [points + extra for points, extra in zip(counters, by_trick, strict=True)]
        change = list(took)
        if all_tricks is not None:
            change[all_tricks] += self.all_tricks_bonus
        if most_tricks is not None:
            change[most_tricks] += self.most_tricks_bonus
        if self.avoid_points:
            change = [max(0, points) for points in change]
        if bidding_side is None or bid is None:
            return None, change
        toward_bid = took[bidding_side]
        if most_tricks == bidding_side and self.trick_bonus_makes_bid:
            toward_bid += self.most_tricks_bonus
        made = toward_bid >= bid
        if not made:
            change[bidding_side] = -bid
        elif by_trick is not None and self.made_others_score_tricks_only:
            change = list(by_trick)
            change[bidding_side] = took[bidding_side]
        return made, change

    def scores_from_teams(
        self, teams: tuple[tuple[int, ...], ...], change: list[int]
    ) -> list[int]:
        """Each scorer's share of the teams' score changes: a side's own change, or,
        scoring by player, the change of the player's team (the dummy scores nothing)."""
        if self.scores_by_side:
            return list(change)
        by_seat = [0] * self.players
        for team, points in zip(teams, change, strict=True):
            for seat in team:
                by_seat[seat] = points
        return [by_seat[seat] for seat in self.people]

    def game_result(self, scores: list[int], hands_played: int) -> tuple[bool, int | None]:
        """Whether the game is over after a hand, and the winning side (None: a draw).

        To a target: over when a side has reached it and has the highest total
        alone (a tie at the top plays another hand).  With a number of hands:
        over after that many, the higher total winning, equal totals a draw.

        >>> PARTNERSHIP.game_result([310, 250], hands_played=5)
        (True, 0)
        >>> PARTNERSHIP.game_result([310, 310], hands_played=5)
        (False, None)

        Where points count against (Flip), the lowest total wins; an equal
        lowest total is a draw.

        >>> FLIP.game_result([12, 30], hands_played=6), FLIP.game_result([12, 12], hands_played=6)
        ((True, 0), (True, None))
        """
        best = min(scores) if self.avoid_points else max(scores)
        leaders = [side for side, score in enumerate(scores) if score == best]
        if self.hands_limit is not None:
            if hands_played < self.hands_limit:
                return False, None
            return True, leaders[0] if len(leaders) == 1 else None
        if best >= self.target_score and len(leaders) == 1:
            return True, leaders[0]
        return False, None


def bids_near(nearest: Sequence[int], max_bid: int) -> str:
    """The bids ``RuleSet.nearest_bids`` found, as a refusal of a bid off the step names them: both steps either
    side, or the lowest allowed "or more" (the highest bid alone: the only bid left).

    >>> bids_near((70, 75), 120), bids_near((80,), 120), bids_near((120,), 120), bids_near((), 120)
    ('70 or 75', '80 or more', '120, the only bid left', 'no bid is left')
    """
    if not nearest:
        return "no bid is left"
    if len(nearest) > 1:
        return " or ".join(f"{bid}" for bid in nearest)
    return f"{nearest[0]}, the only bid left" if nearest[0] == max_bid else f"{nearest[0]} or more"


def most_tricks_team(tricks: Sequence[int]) -> int | None:
    """The team that took more tricks than every other, or None on a tie at the top.

    >>> most_tricks_team([8, 6]), most_tricks_team([7, 7]), most_tricks_team([3, 3, 1])
    (0, None, None)
    """
    best = max(tricks)
    leaders = [team for team, count in enumerate(tricks) if count == best]
    return leaders[0] if len(leaders) == 1 else None


def cut_winner(cards: tuple[Card, ...], teams: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], int | None]:
    """Each team's total of its players' cut cards (``cards`` by seat; a card counts its number),
    and the team whose total is higher than every other (None on equal totals: cut again).

    >>> from rook_access.engine.cards import parse_cards
    >>> cut_winner(tuple(parse_cards("9r 14g 3y 2x")), ((0, 2), (1, 3)))
    ((12, 16), 1)
    >>> cut_winner(tuple(parse_cards("9r 7g 3y 5x")), ((0, 2), (1, 3)))
    ((12, 12), None)
    """
    totals = tuple(sum(card_number(cards[seat]) or 0 for seat in team) for team in teams)
    return totals, most_tricks_team(totals)


def team_of(teams: tuple[tuple[int, ...], ...], players: int) -> tuple[int, ...]:
    """The team index of each seat.

    >>> team_of(((0, 2), (1, 3)), 4)
    (0, 1, 0, 1)
    """
    table = [0] * players
    for index, seats in enumerate(teams):
        for seat in seats:
            table[seat] = index
    return tuple(table)


PARTNERSHIP = RuleSet()
"""The Original ROOK Partnership Game for 4 players (Hasbro)."""

INDIVIDUAL = PARTNERSHIP.replace(
    name="individual",
    title="the Partnership Game with individual scoring",
    teams=Teams.ROTATING,
)
"""Partners change every four hands; each player keeps a score (Hasbro)."""

KENTUCKY = PARTNERSHIP.replace(name="kentucky", title="Kentucky Discard", checking=True)
"""The tournament game: the Partnership Game with checking in the bidding; its
options are the Bird's rank, a bonus for every trick and the deck with 1s."""

BEGINNER = PARTNERSHIP.replace(
    name="beginner",
    title="the Beginner Game",
    bidding=False,
    teams=Teams.EACH_ALONE,
    counter_values=((5, 1), (10, 2), (14, 2)),
    bird_points=4,
    target_score=40,
)
"""Four players each for themselves, no bidding, trump from the nest's top card, to 40 (Hasbro)."""

TWO_PLAYER = RuleSet(
    name="two",
    title="the Game for 2 Players",
    players=3,
    dummy=True,
    dummy_face_up=6,
    lowest_number=4,
    uses_bird=False,
    hand_size=12,
    nest_size=5,
    nest_dealt_last=True,
    out_of_play=3,
    min_bid=50,
    max_bid=100,
    teams=Teams.BIDDER_AGAINST_PARTNERS,
    partnerships=((0,), (1,), (2,)),
    seat_names=("South", "North", "Dummy"),
)
"""Two players and a dummy hand that the player who lost the bid plays, to 300 (Hasbro)."""

THREE_PLAYER = TWO_PLAYER.replace(
    name="three",
    title="the Game for 3 Players",
    dummy=False,
    dummy_face_up=0,
    seat_names=(),
    target_score=200,
)
"""The bid winner against the other two as partners for the hand, to 200 (Hasbro)."""

FIVE_PLAYER = RuleSet(
    name="five",
    title="the Game for 5 Players",
    players=5,
    lowest_number=1,
    uses_bird=False,
    hand_size=10,
    nest_size=6,
    min_bid=30,
    max_bid=100,
    teams=Teams.BIDDER_ALONE,
    partnerships=tuple((seat,) for seat in range(5)),
    target_score=150,
)
"""The bid winner alone against everyone, 56 cards, a 6-card nest, to 150 (Hasbro)."""

SIX_PLAYER = FIVE_PLAYER.replace(
    name="six",
    title="the Game for 6 Players",
    players=6,
    hand_size=9,
    nest_size=2,
    partnerships=tuple((seat,) for seat in range(6)),
)
"""As for 5 players, with 9 cards each and a 2-card nest (Hasbro)."""

GOLDEN_TEN = make_card(10, YELLOW)
"""Flip's Golden Ten, the yellow 10: it takes 10 off the red count of whoever takes it."""

FLIP = RuleSet(
    name="flip",
    title="Flip (Golden Ten)",
    lowest_number=1,
    uses_bird=False,
    hand_size=14,
    nest_size=0,
    nest_dealt_last=True,
    bidding=False,
    counter_values=(),
    last_trick_takes_nest=False,
    hands_limit=6,
    trump_source=TrumpSource.NONE,
    center_to_first_trick=True,
    card_points=(
        *((make_card(number, RED), {5: 5, 10: 10}.get(number, 1)) for number in range(1, NUMBERS_PER_COLOR + 1)),
        (GOLDEN_TEN, -10),
    ),
    avoid_points=True,
    table_sizes=(3, 4, 5, 6, 7),
    partners_at_four=True,
)
"""The 1913 booklet's Flip for 3 to 7 (four as partners): no trump, the whole pack dealt, every red
card taken counts against (the red 10 ten, the red 5 five, the others one: 27 a hand), the Golden
Ten takes 10 off a hand's red count (never below 0); six deals, the lowest total wins."""

HIGH_14 = RuleSet(
    name="high-14",
    title="High 14",
    lowest_number=1,
    uses_bird=False,
    hand_size=14,
    nest_size=0,
    nest_dealt_last=True,
    bidding=False,
    counter_values=((5, 5), (10, 10)),
    last_trick_takes_nest=False,
    target_score=250,
    trump_source=TrumpSource.CUT,
    fourteens_any_time=True,
    center_to_first_trick=True,
    points_per_trick=5,
    table_sizes=(3, 4, 5, 6),
    partners_at_four=True,
)
"""The 1913 booklet's High 14 for 3 to 6 (four as partners): trump cut from the pack, the whole
pack dealt, any 14 playable at any time and ranking above trumps; 5 a trick and each 5 and 10 taken;
game 250."""

VARIANTS: dict[str, RuleSet] = {
    variant.name: variant
    for variant in (
        PARTNERSHIP, BEGINNER, TWO_PLAYER, THREE_PLAYER, FIVE_PLAYER, SIX_PLAYER, INDIVIDUAL, KENTUCKY,
    )
}
"""The games the program offers, by name, in the order they are listed."""

ROOK_1913 = RuleSet(
    name="rook-1913",
    title="Rook for 3 to 8 Players",
    players=4,
    lowest_number=1,
    uses_bird=False,
    hand_size=14,
    nest_size=0,
    deal_whole_pack=True,
    dealer_opens=True,
    teams=Teams.EACH_ALONE,
    partnerships=((0,), (1,), (2,), (3,)),
    min_bid=5,
    max_bid=100,
    target_score=150,
    table_sizes=(3, 4, 5, 6, 7, 8),
    short_deck=((3, 5),),
)
"""The 1913 booklet's first game: the whole pack dealt (5s to 14s with three), no nest, the dealer
opens, everyone alone, 100 a hand, to 150 (``at_table`` for 3 to 8 players)."""

PARTNERSHIP_1913 = ROOK_1913.replace(
    name="partnership-1913",
    title="Partnership Rook",
    teams=Teams.FIXED,
    partnerships=((0, 2), (1, 3)),
    most_tricks_bonus=20,
    target_score=200,
    table_sizes=(4, 6),
    short_deck=(),
)
"""The 1913 booklet's Partnership Rook: four, two against two, or six in two or three sides; 20 more for
the side with most tricks (120 a hand), to 200."""

BOOKLET_VARIANTS: dict[str, RuleSet] = {variant.name: variant for variant in (ROOK_1913, PARTNERSHIP_1913)}
"""The trick-taking games of the 1913 booklet, listed after its patience games."""

VARIANTS.update(BOOKLET_VARIANTS)

# Dixie Rook (the 1913 booklet)
DIXIE = RuleSet(
    name="dixie",
    title="Dixie Rook",
    players=4,
    lowest_number=1,
    uses_bird=False,
    hand_size=13,
    nest_size=4,
    nest_dealt_last=True,
    counter_values=((5, 5), (10, 10), (13, 10)),
    min_bid=70,
    max_bid=120,
    most_tricks_bonus=20,
    trick_bonus_makes_bid=True,
    target_score=300,
    table_sizes=(4, 6),
    table_nests=((4, 4), (6, 2)),
    nest_is_trick=True,
    cut_for_tricks=True,
    two_sides_only=True,
)
"""The 1913 booklet's Dixie Rook: the whole pack but a nest of the last 4 cards (2 for six), 13s count 10
and the 14 nothing, bids from 70 by 5s from the dealer's left; the nest goes to the last trick and counts
as a trick, 20 for most tricks (equal tricks: the sides cut) and it counts toward the bid: 120 a hand, to 300.
Six play three against three, partners alternating (``at_table(6)``)."""

BOOKLET_VARIANTS[DIXIE.name] = DIXIE
VARIANTS[DIXIE.name] = DIXIE

# Display Rook (the 1913 booklet)
DISPLAY = PARTNERSHIP_1913.replace(
    name="display",
    title="Display Rook",
    most_tricks_bonus=0,
    table_sizes=(4,),
    two_sides_only=True,
    max_bid=125,
    trick_points=2,
    made_others_score_tricks_only=True,
    dealer_partner_displays=True,
)
"""The 1913 booklet's Display Rook, or Parkette: four, partners opposite, 14 cards each, the dealer opens;
after the first card the dealer's partner lays the hand face up and the dealer plays it; 2 points a trick
and the 5s, 10s and 14s: 128 a hand; bids from 5 to 125 by 5s; to 200."""

BOOKLET_VARIANTS[DISPLAY.name] = DISPLAY
VARIANTS[DISPLAY.name] = DISPLAY

# Flip and High 14 (the 1913 booklet)
BOOKLET_VARIANTS[FLIP.name] = FLIP
BOOKLET_VARIANTS[HIGH_14.name] = HIGH_14
VARIANTS.update(BOOKLET_VARIANTS)


@dataclass(frozen=True)
class TableOptions:
    """The table options a game may be played with; None leaves the variant's rule.

    >>> TableOptions(target=500).hands is None
    True
    """

    target: int | None = None
    hands: int | None = None
    bird_rank: BirdRank | None = None
    min_bid: int | None = None
    all_tricks_bonus: int | None = None
    ones: bool = False
    """Kentucky Discard's deck with 1s: 45 cards, 1s above the 14 worth 15, 10 cards each."""
    players: int | None = None
    """How many play, where the game allows several table sizes (``RuleSet.table_sizes``)."""
    sides: int | None = None
    """Into how many sides of partners the players are split (Partnership Rook for six: 2 or 3)."""
    same_dealer: bool = False
    """A hand everyone passes is dealt again by the same dealer (``RuleSet.same_dealer_after_throw_in``)."""


KENTUCKY_ONLY = "the tournament rules of Kentucky Discard"


def with_options(rules: RuleSet, options: TableOptions) -> RuleSet:
    """``rules`` with the table options applied; RuleSetError says why a combination cannot be played.

    >>> with_options(PARTNERSHIP, TableOptions(target=500)).target_score
    500
    >>> with_options(PARTNERSHIP, TableOptions(target=500, hands=3))
    Traceback (most recent call last):
    ...
    rook_access.engine.rules.RuleSetError: Play to a target score or a number of hands, not both.
    """
    title = rules.title[0].upper() + rules.title[1:]
    if options.players is not None or options.sides is not None:
        rules = _table_size(rules, options.players, options.sides, title)
    changes: dict[str, object] = {}
    max_bid = rules.max_bid
    if options.target is not None and options.hands is not None:
        raise RuleSetError("Play to a target score or a number of hands, not both.")
    if options.target is not None:
        if options.target < 1:
            raise RuleSetError("The target score must be at least 1.")
        changes["target_score"] = options.target
    if options.hands is not None:
        if options.hands < 1:
            raise RuleSetError("The number of hands must be at least 1.")
        changes["hands_limit"] = options.hands
    if options.ones:
        if not rules.checking:
            raise RuleSetError(f"The deck with 1s belongs to {KENTUCKY_ONLY}: use --variant kentucky.")
        max_bid = 180
        changes.update(
            ones_high=True, hand_size=10, counter_values=((1, 15), *rules.counter_values), min_bid=100, max_bid=max_bid
        )
    if options.all_tricks_bonus is not None:
        if not rules.checking:
            raise RuleSetError(f"The bonus for taking every trick belongs to {KENTUCKY_ONLY}: use --variant kentucky.")
        if options.all_tricks_bonus < 0 or options.all_tricks_bonus % 5:
            raise RuleSetError("The bonus for taking every trick is a multiple of 5, 0 for none.")
        changes["all_tricks_bonus"] = options.all_tricks_bonus
    if options.bird_rank is not None and options.bird_rank is not rules.bird_rank:
        if not rules.uses_bird:
            raise RuleSetError(f"{title} is played without the Bird, so the Bird has no rank.")
        changes["bird_rank"] = options.bird_rank
    if options.same_dealer:
        if not rules.bidding:
            raise RuleSetError(f"{title} has no bidding, so no hand is passed out and dealt again.")
        changes["same_dealer_after_throw_in"] = True
    if options.min_bid is not None:
        if not rules.bidding:
            raise RuleSetError(f"{title} has no bidding, so it has no minimum bid.")
        step = rules.bid_step
        if options.min_bid % step or not step <= options.min_bid <= max_bid:
            raise RuleSetError(f"The minimum bid is a multiple of {step} from {step} to {max_bid}.")
        changes["min_bid"] = options.min_bid
    return rules.replace(**changes) if changes else rules


def _table_size(rules: RuleSet, players: int | None, sides: int | None, title: str) -> RuleSet:
    """``rules`` at the table size (and in the sides) asked for; RuleSetError naming the sizes there are.

    >>> _table_size(ROOK_1913, 9, None, "Rook for 3 to 8 Players")
    Traceback (most recent call last):
    ...
    rook_access.engine.rules.RuleSetError: Rook for 3 to 8 Players is for 3 to 8 players, not 9.
    """
    sizes = rules.table_sizes or (len(rules.people),)
    count = rules.players if players is None else players
    if count not in sizes:
        raise RuleSetError(f"{title} is for {sizes_text(sizes)} players, not {count}.")
    if sides is not None:
        if rules.two_sides_only and sides != 2:
            raise RuleSetError(f"{title} is played in two sides, partners alternating, not {sides}.")
        if rules.teams is not Teams.FIXED or not rules.table_sizes or rules.partners_at_four:
            raise RuleSetError(f"{title} has no sides to choose; three sides of two are Partnership Rook's, for six.")
        allowed = [each for each in (2, 3) if count % each == 0 and count // each >= 2]
        if sides not in allowed:
            three = "" if 3 in allowed else "; three sides of two need 6 players"
            raise RuleSetError(f"{title} for {count} is played in {_or_numbers(allowed)} sides, not {sides}{three}.")
    return rules.at_table(count, sides)


def sizes_text(sizes: tuple[int, ...]) -> str:
    """Table sizes in words: a run of three or more as ``3 to 8``, else ``4 or 6``.

    >>> sizes_text((3, 4, 5, 6, 7)), sizes_text((4, 6)), sizes_text((4,))
    ('3 to 7', '4 or 6', '4')
    """
    if len(sizes) > 2 and list(sizes) == list(range(sizes[0], sizes[-1] + 1)):
        return f"{sizes[0]} to {sizes[-1]}"
    return _or_numbers(sizes)


def _or_numbers(numbers: list[int] | tuple[int, ...]) -> str:
    words = [str(number) for number in numbers]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def find_variant(name: str) -> RuleSet:
    """The variant with this name (case-insensitive).

    >>> find_variant(" Kentucky ").title
    'Kentucky Discard'
    >>> find_variant("bridge")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    rook_access.engine.rules.RuleSetError: There is no game called bridge. Games: partnership, beginner, ...
    """
    try:
        return VARIANTS[name.strip().lower()]
    except KeyError:
        raise RuleSetError(f"There is no game called {name}. Games: {', '.join(VARIANTS)}.") from None
