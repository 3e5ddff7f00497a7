"""Property tests: whole random games of Dixie Rook for four and for six.

The rules are written out here from the booklet, independently of the
engine: 13 cards each and a nest of 4 (9 each and 2 for six); bids from the
dealer's left, multiples of 5 from 70 to 120, each higher, a pass final; the
high bidder takes the nest and lays as many back; follow color, no Bird, the
14 highest; the nest to the last trick's taker, counted as a trick; 5s, 10s
and 13s count (100 a hand), 20 for most tricks, on equal tricks the side
whose partners' cut cards add up higher (equal sums cut again), 120 a hand;
the bid made with counters and the 20, else set back the bid with no credit.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine import (
    BidMade,
    BidWon,
    CardPlayed,
    Dealt,
    GameEnded,
    GameState,
    HandEnded,
    NestDiscarded,
    NestTaken,
    ThrownIn,
    TricksCut,
    TrickTaken,
    TrumpNamed,
    card_number,
)
from rook_access.engine.rules import DIXIE, TableOptions, with_options
from tests.helpers.referee import count, follows, play_out, takes

COUNTERS = {5: 5, 10: 10, 13: 10}
"""Dixie Rook's counters: the 13s count, the 14 nothing."""


@pytest.mark.parametrize("players", [4, 6])
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), random_seats=st.lists(st.booleans(), min_size=6, max_size=6))
def test_whole_games_follow_the_booklet(players, seed, random_seats):
    rules = with_options(DIXIE, TableOptions(players=players, hands=3))
    state = play_out(GameState(rules, seed=seed), seed, random_seats)
    check(players, state)


def check(players: int, state: GameState) -> None:  # noqa: C901 - the rules, one event kind at a time
    deck = set(range(56))
    nest_size, hand_size = {4: (4, 13), 6: (2, 9)}[players]
    team_of = {seat: seat % 2 for seat in range(players)}  # partners alternate round the table
    totals = [0, 0]
    hands: list[set[int]] = []
    nest: set[int] = set()
    dealer = trump = bidder = None
    bids: list[tuple[int, int | None]] = []
    trick: list[tuple[int, int]] = []
    gone: list[int] = []
    taken = [0, 0]
    tricks = [0, 0]
    cuts: list[TricksCut] = []
    hands_ended = 0
    for event in state.events:
        if isinstance(event, Dealt):
            if dealer is not None:
                assert event.dealer == (dealer + 1) % players  # the deal passes to the left
            dealer = event.dealer
            hands = [set(hand) for hand in event.hands]
            nest = set(event.nest)
            assert [len(hand) for hand in hands] == [hand_size] * players and len(nest) == nest_size
            assert set().union(*hands, nest) == deck
            bids, trick, gone, taken, tricks, cuts = [], [], [], [0, 0], [0, 0], []
            trump = bidder = None
        elif isinstance(event, BidMade):
            passed = {seat for seat, amount in bids if amount is None}
            high = max((amount for _, amount in bids if amount is not None), default=None)
            if not bids:
                assert event.seat == (dealer + 1) % players  # the dealer's left starts
            assert event.seat not in passed  # a pass is final
            if event.amount is not None:
                assert event.amount % 5 == 0 and 70 <= event.amount <= 120
                assert high is None or event.amount > high
            bids.append((event.seat, event.amount))
        elif isinstance(event, ThrownIn):
            assert all(amount is None for _, amount in bids) and len(bids) == players
        elif isinstance(event, BidWon):
            assert (event.seat, event.amount) == [(s, a) for s, a in bids if a is not None][-1]
            bidder = event.seat
        elif isinstance(event, NestTaken):
            assert event.seat == bidder and set(event.cards) == nest
            hands[bidder] |= nest
        elif isinstance(event, NestDiscarded):
            assert len(event.cards) == nest_size and set(event.cards) <= hands[bidder]
            hands[bidder] -= set(event.cards)
            nest = set(event.cards)
        elif isinstance(event, TrumpNamed):
            assert event.seat == bidder
            trump = event.color
        elif isinstance(event, CardPlayed):
            if not trick and not gone:
                assert event.seat == (dealer + 1) % players  # the dealer's left leads
            assert follows(hands[event.seat], event.card, trick[0][1] if trick else None)
            hands[event.seat].discard(event.card)
            trick.append((event.seat, event.card))
        elif isinstance(event, TrickTaken):
            cards = [card for _, card in trick]
            winner = trick[takes(cards, trump)][0]
            last = not any(hands)
            assert event.winner == winner and list(event.cards) == cards
            assert set(event.nest) == (nest if last else set())
            points = count(cards, COUNTERS) + (count(nest, COUNTERS) if last else 0)
            assert event.points == points
            taken[team_of[winner]] += points
            tricks[team_of[winner]] += 2 if last else 1  # the nest is a trick too
            gone += cards + (sorted(nest) if last else [])
            trick = []
        elif isinstance(event, TricksCut):
            numbers = [card_number(card) for card in event.cards]
            sums = tuple(sum(n for seat, n in enumerate(numbers) if team_of[seat] == side) for side in (0, 1))
            assert tricks[0] == tricks[1] and event.totals == sums and len(set(event.cards)) == players
            assert event.winner == (None if sums[0] == sums[1] else sums.index(max(sums)))
            cuts.append(event)
        elif isinstance(event, HandEnded):
            hands_ended += 1
            assert sorted(gone) == sorted(deck) and not any(hands)  # each card once
            assert list(event.counters) == taken and sum(taken) == 100
            assert list(event.tricks) == tricks and sum(tricks) == hand_size + 1
            if tricks[0] != tricks[1]:
                most = tricks.index(max(tricks))
                assert not cuts
            else:
                assert cuts and all(cut.winner is None for cut in cuts[:-1])
                most = cuts[-1].winner
            assert event.most_tricks == most
            change = list(taken)
            change[most] += 20
            side = team_of[bidder]
            made = change[side] >= event.bid  # the counters and the 20 make the bid
            assert event.made is made
            if not made:
                change[side] = -event.bid
            else:
                assert sum(change) == 120
            assert list(event.score_change) == change
            totals = [total + points for total, points in zip(totals, change, strict=True)]
            assert list(event.scores) == totals
        elif isinstance(event, GameEnded):
            assert list(event.scores) == totals
    assert hands_ended == 3 and state.is_over
