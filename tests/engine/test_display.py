"""Display Rook, or Parkette (the 1913 booklet): each rule, as the program plays it."""

from __future__ import annotations

import pytest

from rook_access.engine import (
    PASS,
    Bid,
    GameState,
    IllegalActionError,
    NameTrump,
    Phase,
    Rule,
    RuleSetError,
)
from rook_access.engine.cards import GREEN
from rook_access.engine.events import CardPlayed, HandDisplayed, HandEnded, TrickTaken
from rook_access.engine.notation import event_to_json
from rook_access.engine.rules import DISPLAY, TableOptions, with_options


def to_play(seed: int = 1, amount: int = 60) -> GameState:
    """The dealer opens at ``amount``, the others pass, the dealer names green."""
    state = GameState(DISPLAY, seed=seed)
    state.apply(Bid(amount), state.turn)
    while state.phase is Phase.BIDDING:
        state.apply(PASS, state.turn)
    state.apply(NameTrump(GREEN), state.turn)
    return state


def play_out(state: GameState) -> HandEnded:
    hand = state.hand_number
    while not state.is_over and state.hand_number == hand:
        state.apply(state.legal_actions()[0], state.turn)
    return [event for event in state.events if isinstance(event, HandEnded)][-1]


def test_four_partners_opposite_14_cards_each_no_nest_no_bird():
    state = GameState(DISPLAY, seed=2)
    assert DISPLAY.partnerships == ((0, 2), (1, 3)) and DISPLAY.deck_size == 56 and not DISPLAY.uses_bird
    assert [len(state.hand(seat)) for seat in range(4)] == [14] * 4 and not state.nest
    assert DISPLAY.total_points + 14 * DISPLAY.trick_points == 128 and DISPLAY.target_score == 200


def test_the_dealer_bids_first_and_must_bid_in_fives_up_to_125():
    state = GameState(DISPLAY, seed=2)
    assert state.turn == state.dealer and PASS not in state.legal_actions()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(PASS, state.turn)
    assert refused.value.rule is Rule.DEALER_MUST_BID
    for amount, rule in ((7, Rule.BID_NOT_MULTIPLE), (130, Rule.BID_ABOVE_MAXIMUM)):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(Bid(amount), state.turn)
        assert refused.value.rule is rule
    state.apply(Bid(55), state.turn)
    assert state.turn == (state.dealer + 1) % 4 and PASS in state.legal_actions()


def test_the_high_bidder_names_trump_and_the_dealers_left_leads():
    state = to_play(3)
    assert state.phase is Phase.PLAY and state.turn == (state.dealer + 1) % 4


def test_after_the_first_card_the_dealers_partner_lays_the_hand_face_up_and_the_dealer_plays_it():
    state = to_play(4)
    dealer, partner = state.dealer, (state.dealer + 2) % 4
    before = state.hand(partner)
    assert state.view((dealer + 1) % 4).shown == ()  # nothing shown before the first card
    leader = state.turn
    state.apply(state.legal_actions()[0], leader)
    shown = [event for event in state.events if isinstance(event, HandDisplayed)]
    assert shown == [HandDisplayed(partner, dealer, tuple(before))]
    assert event_to_json(shown[0])["event"] == "display"
    for seat in range(4):
        if seat != partner:
            assert state.view(seat).shown == ((partner, tuple(state.hand(partner))),)
    assert state.turn == partner and state.actor == dealer and state.view(partner).controller(partner) == dealer
    assert state.view(partner).shown == ((dealer, tuple(state.hand(dealer))),)  # the dealer deciding sees both
    state.apply(state.legal_actions()[0], partner)
    assert state.view(partner).shown == ()  # the partner who watches does not see the dealer's hand
    assert state.actor == state.turn  # the others play for themselves


def test_the_displayed_hand_changes_with_the_deal():
    state = to_play(5)
    first = play_out(state)
    assert first.hand == 1
    displays = [event for event in state.events if isinstance(event, HandDisplayed)]
    state.apply(Bid(60), state.turn)
    while state.phase is Phase.BIDDING:
        state.apply(PASS, state.turn)
    state.apply(NameTrump(GREEN), state.turn)
    state.apply(state.legal_actions()[0], state.turn)
    later = [event for event in state.events if isinstance(event, HandDisplayed)]
    assert len(later) == 2 and later[1].seat == (displays[0].seat + 1) % 4 and later[1].player == state.dealer


def test_two_points_a_trick_plus_counters_make_128():
    for seed in range(6):
        end = play_out(to_play(seed))
        assert sum(end.counters) == 100 and sum(end.tricks) == 14


def test_made_bid_scores_all_the_others_only_their_tricks():
    assert DISPLAY.score_hand([60, 40], bidding_side=0, bid=70, tricks=[8, 6]) == (True, [76, 12])


def test_set_bidders_lose_the_bid_the_others_score_everything():
    assert DISPLAY.score_hand([40, 60], bidding_side=0, bid=70, tricks=[8, 6]) == (False, [-70, 72])


def test_a_whole_hand_is_scored_by_those_rules():
    state = to_play(6, amount=60)
    end = play_out(state)
    side = end.bidder % 2
    tricks = [sum(1 for e in state.events if isinstance(e, TrickTaken) and e.winner % 2 == s) for s in (0, 1)]
    took = [end.counters[s] + 2 * tricks[s] for s in (0, 1)]
    assert list(end.tricks) == tricks and end.made is (took[side] >= 60)
    expected = [2 * tricks[0], 2 * tricks[1]] if end.made else took
    expected[side] = took[side] if end.made else -60
    assert list(end.score_change) == expected


def test_a_table_other_than_four_is_refused():
    with pytest.raises(RuleSetError) as refused:
        with_options(DISPLAY, TableOptions(players=6))
    assert str(refused.value) == "Display Rook is for 4 players, not 6."


def test_every_card_is_played_once():
    state = to_play(7)
    play_out(state)
    played = [event.card for event in state.events if isinstance(event, CardPlayed)]
    assert sorted(played) == sorted(DISPLAY.deck)
