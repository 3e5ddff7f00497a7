"""Fast random hands on bare card masks, for benchmarks and, later, search.

The rules come from the ``RuleSet``: its methods (``bid_range``,
``bidding_over``, ``score_hand``) and the tables it precomputes from the same
rules as ``legal_plays`` and ``trick_winner`` (``follow_masks``,
``follow_plays``, ``trick_powers``, ``points``); only the bookkeeping is
lighter than ``GameState``'s: no events, no action objects, and the winner of
a trick is followed card by card.

Every choice is uniformly random among the legal ones: the deal is a uniform
shuffle, each bid or pass, the discard (a uniform set of cards), the trump and
every card played.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import starmap
from operator import itemgetter

from .cards import COLORS, CardSet
from .rules import RuleSet


class _Tables:
    """What the playout reads for one rule set, gathered once."""

    __slots__ = (
        "rules", "players", "hand_size", "deck_bits", "positions", "keys_args", "bit_points",
        "hand_slices", "points", "leads", "after", "bids", "sides", "no_score", "first", "nest_size",
    )

    def __init__(self, rules: RuleSet) -> None:
        players = rules.players
        self.rules = rules
        self.players = players
        self.hand_size = rules.hand_size
        self.nest_size = rules.nest_size
        self.deck_bits = tuple(1 << card for card in rules.deck)
        self.positions = range(len(rules.deck))
        self.keys_args = ((),) * len(rules.deck)
        size = rules.hand_size
        self.hand_slices = tuple(slice(start, start + size) for start in range(0, players * size, size))
        self.bit_points = {1 << card: rules.points[card] for card in rules.deck}
        # The play tables are indexed by card plus one (a one-card mask's bit length).
        self.points = (0, *rules.points)
        # leads[trump][lead + 1]: (follow mask, cards allowed when following, (0, *power of each card)).
        # Index 0 stands for no card and is never read.
        self.leads: tuple[tuple[tuple[CardSet, CardSet, tuple[int, ...]], ...], ...] = tuple(
            (
                (0, 0, ()),
                *zip(
                    rules.follow_masks[trump],
                    rules.follow_plays[trump],
                    ((0, *power) for power in rules.trick_powers[trump]),
                    strict=True,
                ),
            )
            for trump in COLORS
        )
        # after[seat]: the other seats in play order, from the seat after ``seat``.
        self.after = tuple(
            tuple((seat + offset) % players for offset in range(1, players)) for seat in range(players)
        )
        self.first = tuple((dealer + 1) % players for dealer in range(players))
        # bids[high bid]: the bids allowed after it (None: nobody has bid).
        self.bids: dict[int | None, range] = {None: rules.bid_range(None)}
        for amount in rules.bid_range(None):
            self.bids[amount] = rules.bid_range(amount)
        self.sides = rules.side_of
        self.no_score = len(rules.partnerships)


_TABLES: dict[int, _Tables] = {}


def _tables(rules: RuleSet) -> _Tables:
    tables = _TABLES.get(id(rules))
    if tables is None or tables.rules is not rules:
        if len(_TABLES) > 64:
            _TABLES.clear()
        tables = _TABLES[id(rules)] = _Tables(rules)
    return tables


def _play(
    tables: _Tables, hands: list[CardSet], trump: int, leader: int, uniform: Callable[[], float]
) -> tuple[list[int], int]:
    """The tricks, with random legal cards: (points taken by each seat, last trick's winner).

    A uniformly random card of a legal mask of ``n`` cards: skip ``floor(u * n)`` set
    bits, ``u`` uniform in [0, 1).  The floor is counted by subtracting 1.0, which
    is exact and cheaper than ``int()``.  The trick's winner is followed card by
    card: the highest ``trick_powers`` value so far.
    """
    leads = tables.leads[trump]
    points = tables.points
    after = tables.after
    taken = [0] * tables.players
    winner = leader
    while hands[leader]:
        # The lead: any card of the hand.
        hand = hands[leader]
        legal = hand
        skip = uniform() * hand.bit_count()
        while skip >= 1.0:
            legal &= legal - 1
            skip -= 1.0
        bit = legal & -legal
        lead = bit.bit_length()  # the card led, plus one: the tables' index
        hands[leader] = hand ^ bit
        follow, allowed, power = leads[lead]
        best = power[lead]
        winner = leader
        trick_points = points[lead]
        for seat in after[leader]:
            hand = hands[seat]
            legal = hand & allowed if hand & follow else hand
            skip = uniform() * legal.bit_count()
            while skip >= 1.0:
                legal &= legal - 1
                skip -= 1.0
            bit = legal & -legal
            card = bit.bit_length()  # plus one
            hands[seat] = hand ^ bit
            trick_points += points[card]
            value = power[card]
            if value > best:
                best = value
                winner = seat
        taken[winner] += trick_points
        leader = winner
    return taken, winner


def random_play(
    rules: RuleSet, hands: list[CardSet], trump: int, leader: int, rng: random.Random
) -> tuple[list[int], int]:
    """Play out the tricks from ``hands`` (changed in place) with random legal cards.

    Returns the points each seat took and the seat that took the last trick.
    """
    return _play(_tables(rules), hands, trump, leader, rng.random)


def random_hand(rules: RuleSet, rng: random.Random, dealer: int = 0) -> tuple[int | None, list[int]]:
    """Deal and play one whole hand at random: bidding, nest, trump and tricks.

    Returns the winning bid (None if every seat passed) and each side's score
    change for the hand.
    """
    tables = _tables(rules)
    players = tables.players
    uniform = rng.random
    # A uniform shuffle: the deck (as one-card masks) in the order of a random key
    # for each card, dealt in blocks (a uniform shuffle makes any dealing order equal).
    keys = list(starmap(uniform, tables.keys_args))
    deck = itemgetter(*sorted(tables.positions, key=keys.__getitem__))(tables.deck_bits)
    hands = [sum(deck[cards]) for cards in tables.hand_slices]

    # Bidding: each seat in turn passes or makes a random legal bid.
    bidding_over = rules.bidding_over
    bids_after = tables.bids
    passed = [False] * players
    high: int | None = None
    high_bidder = -1
    seat = tables.first[dealer]
    in_bidding = players
    while True:
        bids = bids_after[high]
        choice = int(uniform() * (len(bids) + 1))
        if choice == len(bids):
            passed[seat] = True
            in_bidding -= 1
            over = bidding_over(in_bidding, high, None)
        else:
            high = bids[choice]
            high_bidder = seat
            over = bidding_over(in_bidding, high, high)
        if over is False:
            return None, [0] * tables.no_score
        if over:
            break
        seat = seat + 1 if seat + 1 < players else 0
        while passed[seat]:
            seat = seat + 1 if seat + 1 < players else 0

    assert high is not None
    # The bidder takes the nest and discards a uniformly random set of cards
    # (the first ones after a partial Fisher-Yates shuffle).
    cards = list(deck[tables.hand_slices[high_bidder]] + deck[tables.hand_slices[-1].stop :])
    count = len(cards)
    nest_size = tables.nest_size
    for index in range(nest_size):
        other = index + int(uniform() * (count - index))
        cards[index], cards[other] = cards[other], cards[index]
    discard = cards[:nest_size]
    hands[high_bidder] = sum(cards[nest_size:])
    trump = COLORS[int(uniform() * len(COLORS))]

    taken, last = _play(tables, hands, trump, tables.first[dealer], uniform)
    if rules.last_trick_takes_nest:
        taken[last] += sum(map(tables.bit_points.__getitem__, discard))
    counters = [0] * tables.no_score
    sides = tables.sides
    for seat_number, points in enumerate(taken):
        counters[sides[seat_number]] += points
    _, change = rules.score_hand(counters, sides[high_bidder], high)
    return high, change
