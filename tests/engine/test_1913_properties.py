"""Property tests: whole random games of Rook for 3 to 8 and Partnership Rook at every table size.

The rules are written out here from the booklet, independently of the
engine: the deal (the whole pack a card at a time from the dealer's left),
the bidding (the dealer opens, multiples of 5 from 5 to 100, each bid
higher, a pass final), following color with no Bird, the trick's winner,
the odd cards to the last trick's taker, 100 in counters a hand (120 with
the 20 for most tricks) and the setback; every card is played or given to
the last taker exactly once.
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
    OddCardsTaken,
    TrickTaken,
    TrumpNamed,
    card_number,
)
from rook_access.engine.rules import PARTNERSHIP_1913, ROOK_1913, TableOptions, with_options
from tests.helpers.referee import count, follows, play_out, takes

TABLES = [("rook-1913", ROOK_1913, players, None) for players in range(3, 9)] + [
    ("partnership-1913", PARTNERSHIP_1913, 4, None),
    ("partnership-1913", PARTNERSHIP_1913, 6, None),
    ("partnership-1913", PARTNERSHIP_1913, 6, 3),
]


def sides_of(name: str, players: int, sides: int | None) -> list[list[int]]:
    if name == "rook-1913":
        return [[seat] for seat in range(players)]
    count_ = sides or 2
    return [[seat for seat in range(players) if seat % count_ == side] for side in range(count_)]


@pytest.mark.parametrize(("name", "base", "players", "sides"), TABLES, ids=[f"{t[0]}-{t[2]}-{t[3]}" for t in TABLES])
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), random_seats=st.lists(st.booleans(), min_size=8, max_size=8))
def test_whole_games_follow_the_booklet(name, base, players, sides, seed, random_seats):
    rules = with_options(base, TableOptions(players=players, sides=sides, hands=3))
    state = play_out(GameState(rules, seed=seed), seed, random_seats)
    check(name, players, sides, state)


def check(name: str, players: int, sides: int | None, state: GameState) -> None:
    deck = {card for card in range(56) if players != 3 or card_number(card) >= 5}
    teams = sides_of(name, players, sides)
    team_of = {seat: index for index, team in enumerate(teams) for seat in team}
    totals = [0] * len(teams)
    hands: list[set[int]] = []
    dealer = trump = None
    bids: list[tuple[int, int | None]] = []
    trick: list[tuple[int, int]] = []
    gone: list[int] = []
    last_taker = None
    taken = [0] * len(teams)
    tricks = [0] * len(teams)
    hands_ended = 0
    for event in state.events:
        if isinstance(event, Dealt):
            previous = dealer
            dealer = event.dealer
            if previous is not None:
                assert dealer == (previous + 1) % players  # the deal passes to the left
            hands = [set(hand) for hand in event.hands]
            assert sorted(c for hand in event.hands for c in hand) == sorted(deck) and not event.nest
            base, extra = divmod(len(deck), players)
            for offset in range(1, players + 1):
                seat = (dealer + offset) % players
                assert len(event.hands[seat]) == base + (offset <= extra)
            bids, trick, gone, taken, tricks = [], [], [], [0] * len(teams), [0] * len(teams)
            trump = last_taker = None
        elif isinstance(event, BidMade):
            passed = {seat for seat, amount in bids if amount is None}
            high = max((amount for _, amount in bids if amount is not None), default=None)
            assert event.seat not in passed  # a pass is final
            if not bids:
                assert event.seat == dealer and event.amount is not None  # the dealer opens, and must
            if event.amount is not None:
                assert event.amount % 5 == 0 and 5 <= event.amount <= 100
                assert high is None or event.amount >= high + 5
            bids.append((event.seat, event.amount))
        elif isinstance(event, BidWon):
            last_bid = [(seat, amount) for seat, amount in bids if amount is not None][-1]
            assert (event.seat, event.amount) == last_bid
        elif isinstance(event, TrumpNamed):
            trump = event.color
        elif isinstance(event, CardPlayed):
            if not trick and not gone:
                assert event.seat == (dealer + 1) % players  # the dealer's left leads
            assert follows(hands[event.seat], event.card, trick[0][1] if trick else None)
            hands[event.seat].discard(event.card)
            trick.append((event.seat, event.card))
        elif isinstance(event, TrickTaken):
            cards = [card for _, card in trick]
            assert len(cards) == players and list(event.cards) == cards
            winner = trick[takes(cards, trump)][0]
            assert event.winner == winner and event.points == count(cards)
            taken[team_of[winner]] += count(cards)
            tricks[team_of[winner]] += 1
            gone += cards
            last_taker = winner
            trick = []
            if any(not hand for hand in hands):  # tricks only while everyone holds a card
                assert all(len(hand) <= 1 for hand in hands)
        elif isinstance(event, OddCardsTaken):
            left = sorted(card for hand in hands for card in hand)
            assert sorted(event.cards) == left and left and event.winner == last_taker
            assert event.points == count(left)
            taken[team_of[last_taker]] += count(left)
            gone += left
            hands = [set() for _ in hands]
        elif isinstance(event, HandEnded):
            hands_ended += 1
            assert all(not hand for hand in hands) and sorted(gone) == sorted(deck)  # each card once
            assert list(event.counters) == taken and sum(taken) == 100
            change = list(taken)
            if name == "partnership-1913":
                assert list(event.tricks) == tricks
                best = max(tricks)
                if tricks.count(best) == 1:
                    change[tricks.index(best)] += 20
                assert sum(change) == (120 if tricks.count(best) == 1 else 100)
            bidder_team = team_of[event.bidder]
            made = taken[bidder_team] >= event.bid
            assert event.made is made
            if not made:
                change[bidder_team] = -event.bid  # set back the bid, no credit
            assert list(event.score_change) == change
            totals = [total + points for total, points in zip(totals, change, strict=True)]
            assert list(event.scores) == totals
        elif isinstance(event, GameEnded):
            assert list(event.scores) == totals
    assert hands_ended == 3 and state.is_over
