"""Property tests: whole random games of Display Rook against the booklet's rules written out here.

Fourteen cards each, no nest; the dealer opens and must bid, multiples of 5 up
to 125, each bid higher, a pass final; after the first card the dealer's
partner's hand is laid face up and the dealer plays it; follow color, the
highest trump or else the highest of the color led; 2 points a trick and the
5s, 10s and 14s: 128 a hand; the bidders who make their bid score all they
took and the others only their tricks; bidders short of it lose the bid and
the others score all they took.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine import (
    BidMade,
    BidWon,
    CardPlayed,
    Dealt,
    GameEnded,
    GameState,
    HandDisplayed,
    HandEnded,
    TrickTaken,
    TrumpNamed,
    card_color,
)
from rook_access.engine.rules import DISPLAY
from tests.helpers.referee import count, play_out, takes


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), random_seats=st.lists(st.booleans(), min_size=4, max_size=4))
def test_whole_games_follow_the_booklet(seed, random_seats):
    actors = []

    def watch(state: GameState) -> None:
        actors.append((state.turn, state.actor, state.dealer, state.phase.value, len(state.tricks),
                       len(state.trick_cards)))

    state = play_out(GameState(DISPLAY.replace(hands_limit=3), seed=seed), seed, random_seats, watch)
    for seat, actor, dealer, phase, tricks_done, in_trick in actors:
        partner = (dealer + 2) % 4
        displayed = phase == "play" and (tricks_done or in_trick)
        assert actor == (dealer if seat == partner and displayed else seat)
    check(state)


def check(state: GameState) -> None:  # noqa: C901 - the rules, one event kind at a time
    totals = [0, 0]
    hands: list[set[int]] = []
    dealer = trump = bidder = None
    bids: list[tuple[int, int | None]] = []
    trick: list[tuple[int, int]] = []
    taken, tricks, played = [0, 0], [0, 0], 0
    shown = False
    ended = 0
    for event in state.events:
        if isinstance(event, Dealt):
            if dealer is not None:
                assert event.dealer == (dealer + 1) % 4
            dealer = event.dealer
            hands = [set(hand) for hand in event.hands]
            assert [len(hand) for hand in hands] == [14] * 4 and not event.nest
            bids, trick, taken, tricks, played, shown = [], [], [0, 0], [0, 0], 0, False
        elif isinstance(event, BidMade):
            passed = {seat for seat, amount in bids if amount is None}
            high = max((amount for _, amount in bids if amount is not None), default=None)
            if not bids:
                assert event.seat == dealer and event.amount is not None  # the dealer opens, and must
            assert event.seat not in passed
            if event.amount is not None:
                assert event.amount % 5 == 0 and 5 <= event.amount <= 125
                assert high is None or event.amount > high
            bids.append((event.seat, event.amount))
        elif isinstance(event, BidWon):
            bidder = event.seat
        elif isinstance(event, TrumpNamed):
            assert event.seat == bidder
            trump = event.color
        elif isinstance(event, CardPlayed):
            if not played:
                assert event.seat == (dealer + 1) % 4 and not shown
            else:
                assert shown  # laid down as soon as the first card is played
            hand = hands[event.seat]
            lead = trick[0][1] if trick else None
            same = {c for c in hand if lead is not None and card_color(c) == card_color(lead)}
            assert event.card in hand and (not same or event.card in same)
            hand.discard(event.card)
            trick.append((event.seat, event.card))
            played += 1
        elif isinstance(event, HandDisplayed):
            assert played == 1 and event.seat == (dealer + 2) % 4 and event.player == dealer
            assert set(event.cards) == hands[event.seat]
            shown = True
        elif isinstance(event, TrickTaken):
            cards = [card for _, card in trick]
            winner = trick[takes(cards, trump)][0]
            assert event.winner == winner and event.points == count(cards)
            taken[winner % 2] += count(cards)
            tricks[winner % 2] += 1
            trick = []
        elif isinstance(event, HandEnded):
            ended += 1
            assert not any(hands) and played == 56
            assert list(event.counters) == taken and sum(taken) == 100
            assert list(event.tricks) == tricks and 2 * sum(tricks) == 28
            took = [taken[s] + 2 * tricks[s] for s in (0, 1)]
            assert sum(took) == 128
            side = bidder % 2
            made = took[side] >= event.bid
            change = [2 * tricks[0], 2 * tricks[1]] if made else list(took)
            change[side] = took[side] if made else -event.bid
            assert event.made is made and list(event.score_change) == change
            totals = [t + c for t, c in zip(totals, change, strict=True)]
            assert list(event.scores) == totals
        elif isinstance(event, GameEnded):
            assert list(event.scores) == totals
    assert ended == 3
