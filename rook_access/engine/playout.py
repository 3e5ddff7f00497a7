"""Fast random hands on bare card masks, for benchmarks and, later, search.

The rules come from the same ``RuleSet`` methods the game state calls
(``legal_plays``, ``trick_winner``, ``points_in``, ``score_hand``); only the
bookkeeping is lighter: no events, no action objects.
"""

from __future__ import annotations

import random

from .cards import COLORS, Card, CardSet, cards_in, mask_of
from .rules import RuleSet


def random_play(
    rules: RuleSet, hands: list[CardSet], trump: int, leader: int, rng: random.Random
) -> tuple[list[int], int]:
    """Play out the tricks from ``hands`` (changed in place) with random legal cards.

    Returns the points each seat took and the seat that took the last trick.
    """
    players = rules.players
    legal_plays = rules.legal_plays
    trick_winner = rules.trick_winner
    points = rules.points
    uniform = rng.random
    taken = [0] * players
    winner = leader
    while hands[leader]:
        cards: list[Card] = []
        trick_points = 0
        lead: Card | None = None
        seat = leader
        for _ in range(players):
            hand = hands[seat]
            legal = legal_plays(hand, lead, trump)
            # A uniformly random card of the legal ones: skip a random number of set bits.
            skip = int(uniform() * legal.bit_count())
            while skip:
                legal &= legal - 1
                skip -= 1
            bit = legal & -legal
            card = bit.bit_length() - 1
            if lead is None:
                lead = card
            hands[seat] = hand ^ bit
            cards.append(card)
            trick_points += points[card]
            seat = seat + 1 if seat + 1 < players else 0
        winner = (leader + trick_winner(cards, trump)) % players
        taken[winner] += trick_points
        leader = winner
    return taken, winner


def random_hand(rules: RuleSet, rng: random.Random, dealer: int = 0) -> tuple[int | None, list[int]]:
    """Deal and play one whole hand at random: bidding, nest, trump and tricks.

    Returns the winning bid (None if every seat passed) and each side's score
    change for the hand.
    """
    players = rules.players
    uniform = rng.random
    # Sorting by random keys shuffles uniformly, and faster than random.shuffle.
    deck = sorted(rules.deck, key=lambda _: uniform())
    size = rules.hand_size
    hands = [0] * players
    for index, card in enumerate(deck):
        seat = index // size
        if seat < players:
            hands[seat] |= 1 << card
    nest = mask_of(deck[players * size :])

    # Bidding: each seat in turn passes or makes a random legal bid.
    passed = [False] * players
    high: int | None = None
    high_bidder = -1
    seat = (dealer + 1) % players
    in_bidding = players
    while True:
        bids = rules.bid_range(high)
        choice = int(uniform() * (len(bids) + 1))
        if choice == len(bids):
            passed[seat] = True
            in_bidding -= 1
        else:
            high = bids[choice]
            high_bidder = seat
        over = rules.bidding_over(in_bidding, high, None if choice == len(bids) else high)
        if over is False:
            return None, [0] * len(rules.partnerships)
        if over:
            break
        seat = (seat + 1) % players
        while passed[seat]:
            seat = (seat + 1) % players

    assert high is not None
    hand = hands[high_bidder] | nest
    discard = rng.sample(cards_in(hand), rules.nest_size)
    nest = mask_of(discard)
    hands[high_bidder] = hand & ~nest
    trump = rng.choice(COLORS)

    taken, last = random_play(rules, hands, trump, (dealer + 1) % players, rng)
    if rules.last_trick_takes_nest:
        taken[last] += rules.points_in(nest)
    counters = [0] * len(rules.partnerships)
    for seat_number, points in enumerate(taken):
        counters[rules.side_of[seat_number]] += points
    _, change = rules.score_hand(counters, rules.side_of[high_bidder], high)
    return high, change
