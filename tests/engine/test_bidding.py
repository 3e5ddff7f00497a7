"""Bidding: 70 to 120 in fives, each bid 5 above the last, a pass is final, dealer's left first."""

from __future__ import annotations

import random

import pytest

from rook_access.engine import (
    PARTNERSHIP,
    PASS,
    Bid,
    BidMade,
    BidWon,
    Dealt,
    Discard,
    GameState,
    IllegalActionError,
    NameTrump,
    NestTaken,
    Pass,
    Phase,
    Play,
    Rule,
    ThrownIn,
)
from tests.helpers.hands import block_deal, snapshot


def new_state(dealer=3, rules=PARTNERSHIP):
    return GameState(rules, seed=5, first_deal=block_deal(dealer))


def refused(state, action, rule, seat=None):
    """Apply an illegal action: it must raise with ``rule`` and change nothing."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action, seat)
    assert info.value.rule is rule
    assert snapshot(state) == before
    return info.value


def test_rule_book_bidding_example():
    # A (dealer's left) 70, B 80, C pass, D 85, A 90, B 95, D pass, A pass: B takes it at 95.
    state = new_state(dealer=3)
    A, B, C, D = 0, 1, 2, 3
    script = [(A, Bid(70)), (B, Bid(80)), (C, PASS), (D, Bid(85)), (A, Bid(90)), (B, Bid(95)),
              (D, PASS), (A, PASS)]
    for seat, action in script:
        assert state.phase is Phase.BIDDING
        assert state.turn == seat  # C, having passed, is never asked again
        state.apply(action, seat)
    bids = [(e.seat, e.amount) for e in state.events if isinstance(e, BidMade)]
    assert bids == [(0, 70), (1, 80), (2, None), (3, 85), (0, 90), (1, 95), (3, None), (0, None)]
    won = [e for e in state.events if isinstance(e, BidWon)]
    assert won == [BidWon(B, 95)]
    assert state.bidder == B and state.high_bid == 95
    assert state.phase is Phase.DISCARD and state.turn == B
    assert isinstance(state.events[-1], NestTaken) and state.events[-1].seat == B


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_bidding_starts_at_the_dealers_left_and_goes_clockwise(dealer):
    state = new_state(dealer)
    order = []
    for _ in range(3):
        order.append(state.turn)
        state.apply(Bid(70 + 5 * len(order)))
    order.append(state.turn)
    assert order == [(dealer + k) % 4 for k in (1, 2, 3, 4)]
    state.apply(Bid(100))
    assert state.turn == (dealer + 1) % 4  # round again


def test_first_bid_is_at_least_70():
    state = new_state()
    refused(state, Bid(65), Rule.BID_BELOW_MINIMUM)
    refused(state, Bid(5), Rule.BID_BELOW_MINIMUM)
    refused(state, Bid(0), Rule.BID_BELOW_MINIMUM)
    state.apply(Bid(70))
    assert state.high_bid == 70


def test_later_seat_opening_is_also_held_to_70():
    state = new_state()
    state.apply(PASS)
    state.apply(PASS)
    refused(state, Bid(60), Rule.BID_BELOW_MINIMUM)
    state.apply(Bid(70))
    assert state.high_bidder == 2


@pytest.mark.parametrize("amount", [71, 72, 74, 77, 83, 118])
def test_bids_are_multiples_of_5(amount):
    state = new_state()
    error = refused(state, Bid(amount), Rule.BID_NOT_MULTIPLE)
    assert error.detail["step"] == 5


def test_a_bid_off_the_step_is_refused_naming_the_nearest_bids_allowed():
    state = new_state()
    error = refused(state, Bid(73), Rule.BID_NOT_MULTIPLE)
    assert str(error) == "bids go up in 5s: 70 or 75" and error.detail["amount"] == 73
    state.apply(Bid(115))
    assert str(refused(state, Bid(118), Rule.BID_NOT_MULTIPLE)) == "bids go up in 5s: 120, the only bid left"
    assert str(refused(state, Bid(113), Rule.BID_NOT_MULTIPLE)) == "bids go up in 5s: 120, the only bid left"


def test_bid_must_be_at_least_5_above_the_last():
    state = new_state()
    state.apply(Bid(80))
    refused(state, Bid(80), Rule.BID_NOT_HIGHER)
    refused(state, Bid(75), Rule.BID_NOT_HIGHER)
    refused(state, Bid(70), Rule.BID_NOT_HIGHER)
    error = refused(state, Bid(82), Rule.BID_NOT_MULTIPLE)
    assert error.detail["lowest"] == 85
    state.apply(Bid(85))
    assert state.high_bid == 85 and state.high_bidder == 1


def test_jump_bids_are_allowed():
    state = new_state()
    state.apply(Bid(70))
    state.apply(Bid(110))
    assert state.high_bid == 110


@pytest.mark.parametrize("amount", [125, 130, 200, 121])
def test_no_bid_above_120(amount):
    state = new_state()
    refused(state, Bid(amount), Rule.BID_ABOVE_MAXIMUM)


def test_legal_bids_are_pass_and_70_to_120_in_fives():
    state = new_state()
    assert state.legal_actions() == [PASS] + [Bid(a) for a in range(70, 121, 5)]
    state.apply(Bid(100))
    assert state.legal_actions() == [PASS, Bid(105), Bid(110), Bid(115), Bid(120)]


def test_refusals_list_the_legal_bids():
    state = new_state()
    state.apply(Bid(110))
    error = refused(state, Bid(110), Rule.BID_NOT_HIGHER)
    assert set(error.legal) == {PASS, Bid(115), Bid(120)}


def test_a_pass_is_final():
    state = new_state(dealer=3)
    state.apply(PASS)       # seat 0 passes
    state.apply(Bid(70))    # 1
    state.apply(Bid(75))    # 2
    state.apply(Bid(80))    # 3
    assert state.turn == 1  # seat 0 is skipped
    state.apply(Bid(85))    # 1
    state.apply(PASS)       # 2
    assert state.turn == 3
    state.apply(Bid(90))    # 3
    assert state.turn == 1  # 0 and 2 skipped
    assert state.passed == [True, False, True, False]
    # A seat that passed cannot bid out of turn either.
    refused(state, Bid(95), Rule.NOT_YOUR_TURN, seat=0)
    refused(state, Bid(95), Rule.NOT_YOUR_TURN, seat=2)


def test_passed_seats_are_never_asked_again_in_random_auctions():
    rng = random.Random(2024)
    for trial in range(200):
        state = new_state(dealer=trial % 4)
        passed = set()
        while state.phase is Phase.BIDDING and state.hand_number == 1 and state.dealer == trial % 4:
            assert state.turn not in passed
            legal = state.legal_actions()
            action = PASS if rng.random() < 0.35 else rng.choice(legal)
            seat = state.turn
            state.apply(action)
            if action == PASS:
                passed.add(seat)
        if len(passed) == 4:
            assert any(isinstance(e, ThrownIn) for e in state.events)
        else:
            assert state.phase is Phase.DISCARD
            assert state.bidder not in passed
            bids = [e for e in state.events if isinstance(e, BidMade) and e.amount is not None]
            assert state.high_bid == bids[-1].amount and state.bidder == bids[-1].seat


def test_bidding_ends_when_all_but_one_have_passed():
    state = new_state(dealer=3)
    state.apply(Bid(70))  # 0
    state.apply(Bid(75))  # 1
    state.apply(PASS)     # 2
    state.apply(PASS)     # 3
    assert state.phase is Phase.BIDDING and state.turn == 0
    state.apply(PASS)     # 0: only 1 is left
    assert state.phase is Phase.DISCARD
    assert state.bidder == 1 and state.high_bid == 75 and state.turn == 1
    assert [e for e in state.events if isinstance(e, BidWon)] == [BidWon(1, 75)]


def test_last_seat_bidding_after_three_passes_takes_it():
    state = new_state(dealer=3)
    for _ in range(3):
        state.apply(PASS)
    assert state.turn == 3 and state.phase is Phase.BIDDING
    state.apply(Bid(70))
    assert state.phase is Phase.DISCARD and state.bidder == 3 and state.high_bid == 70


def test_one_bid_then_three_passes():
    state = new_state(dealer=1)
    state.apply(Bid(70))  # seat 2
    for _ in range(3):
        state.apply(PASS)
    assert state.bidder == 2 and state.phase is Phase.DISCARD


def test_nobody_can_win_without_a_bid_until_the_fourth_pass():
    state = new_state()
    for _ in range(3):
        state.apply(PASS)
        assert state.phase is Phase.BIDDING
        assert state.bidder is None


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_all_four_pass_throws_the_hand_in_and_the_next_dealer_deals(dealer):
    state = new_state(dealer)
    before_hand = state.hand_number
    events = []
    for _ in range(4):
        events += state.apply(PASS)
    thrown = [e for e in events if isinstance(e, ThrownIn)]
    assert thrown == [ThrownIn(1, dealer)]
    dealt = [e for e in events if isinstance(e, Dealt)]
    assert len(dealt) == 1
    assert dealt[0].dealer == (dealer + 1) % 4
    assert dealt[0].hand == before_hand == 1
    assert state.hand_number == 1
    assert state.hands_played == 0
    assert state.dealer == (dealer + 1) % 4
    assert state.phase is Phase.BIDDING
    assert state.turn == (dealer + 2) % 4
    assert state.passed == [False] * 4
    assert state.high_bid is None
    assert state.scores == [0, 0]
    assert all(len(state.hand(s)) == 9 for s in range(4))


def test_thrown_in_twice_keeps_the_hand_number_and_moves_the_deal_each_time():
    state = new_state(dealer=0)
    for _ in range(8):
        state.apply(PASS)
    assert state.hand_number == 1
    assert state.dealer == 2
    assert [e.dealer for e in state.events if isinstance(e, ThrownIn)] == [0, 1]


def test_bid_of_120_ends_the_bidding_at_once():
    state = new_state(dealer=3)
    state.apply(Bid(120))  # seat 0: nobody could bid higher
    assert state.phase is Phase.DISCARD
    assert state.bidder == 0 and state.high_bid == 120 and state.turn == 0
    assert [e.seat for e in state.events if isinstance(e, BidMade)] == [0]


def test_bid_of_120_after_other_bids_ends_the_bidding():
    state = new_state(dealer=3)
    state.apply(Bid(70))
    state.apply(PASS)
    state.apply(Bid(120))  # seat 2; seats 3 and 0 are not asked
    assert state.phase is Phase.DISCARD and state.bidder == 2
    assert [e.seat for e in state.events if isinstance(e, BidMade)] == [0, 1, 2]


def test_bid_of_120_without_the_early_end_option_lets_the_others_pass():
    rules = PARTNERSHIP.replace(max_bid_ends_auction=False)
    state = new_state(dealer=3, rules=rules)
    state.apply(Bid(120))
    assert state.phase is Phase.BIDDING and state.turn == 1
    assert state.legal_actions() == [PASS]
    refused(state, Bid(125), Rule.BID_ABOVE_MAXIMUM)


def test_bid_out_of_turn_is_refused():
    state = new_state(dealer=3)
    error = refused(state, Bid(70), Rule.NOT_YOUR_TURN, seat=2)
    assert error.detail["turn"] == 0
    refused(state, PASS, Rule.NOT_YOUR_TURN, seat=1)
    state.apply(Bid(70), seat=0)
    assert state.turn == 1


@pytest.mark.parametrize(
    "action",
    [Discard(frozenset({0, 1, 2, 3, 4})), NameTrump(0), Play(13)],
)
def test_other_actions_are_refused_during_bidding(action):
    state = new_state()
    error = refused(state, action, Rule.WRONG_PHASE)
    assert PASS in error.legal


def test_bids_are_refused_after_the_bidding():
    state = new_state(dealer=3)
    state.apply(Bid(120))
    refused(state, Bid(120), Rule.WRONG_PHASE)
    refused(state, Pass(), Rule.WRONG_PHASE)
