"""Dixie Rook (the 1913 booklet), for four and for six: each rule, and the booklet's example."""

from __future__ import annotations

import random

import pytest

from rook_access.engine import (
    PASS,
    Bid,
    Deal,
    GameState,
    IllegalActionError,
    NameTrump,
    Phase,
    Rule,
    RuleSetError,
    card_number,
    cards_in,
    parse_card,
)
from rook_access.engine.cards import RED
from rook_access.engine.events import HandEnded, NestTaken, TricksCut, TrickTaken
from rook_access.engine.notation import event_to_json
from rook_access.engine.rules import DIXIE, TableOptions, cut_winner, with_options


def table(players: int = 4, **options):
    return with_options(DIXIE, TableOptions(players=players, **options))


def bid_discard_name(state: GameState, amount: int = 90) -> None:
    """The dealer's left bids ``amount``, everyone else passes; the bidder lays back its first four cards
    and names red."""
    state.apply(Bid(amount), state.turn)
    while state.phase is Phase.BIDDING:
        state.apply(PASS, state.turn)
    state.apply(next(iter(state.legal_actions())), state.turn)
    state.apply(NameTrump(RED), state.turn)


def first_hand(seed: int, rules=DIXIE, amount: int = 90) -> GameState:
    """A first hand bid at ``amount`` and played out, each seat its first legal card."""
    state = GameState(rules, seed=seed)
    bid_discard_name(state, amount)
    while state.hand_number == 1 and not state.is_over:
        state.apply(state.legal_actions()[0], state.turn)
    return state


def hand_end(state: GameState) -> HandEnded:
    return next(event for event in state.events if isinstance(event, HandEnded))


# --- the deck, the deal and the counters -----------------------------------------------------------
def test_four_get_13_each_and_the_last_four_cards_are_the_nest():
    assert DIXIE.deck_size == 56 and not DIXIE.uses_bird
    deck = list(DIXIE.deck)
    random.Random(3).shuffle(deck)
    deal = Deal.from_deck_order(DIXIE, 0, deck)
    assert [len(hand) for hand in deal.hands] == [13] * 4
    assert deal.nest == tuple(deck[-4:]) and deal.aside == ()


def test_six_get_9_each_and_a_nest_of_2():
    rules = table(6)
    deal = Deal.shuffled(rules, 0, random.Random(1))
    assert [len(hand) for hand in deal.hands] == [9] * 6 and len(deal.nest) == 2
    assert rules.partnerships == ((0, 2, 4), (1, 3, 5))  # friend and rival alternating


def test_5s_count_5_10s_and_13s_count_10_the_14_nothing_but_it_is_highest():
    points = {card_number(card): DIXIE.points[card] for card in DIXIE.deck}
    assert points == {n: {5: 5, 10: 10, 13: 10}.get(n, 0) for n in range(1, 15)}
    assert DIXIE.total_points == 100
    assert DIXIE.trick_winner([parse_card("13g"), parse_card("14g"), parse_card("1g"), parse_card("12g")], RED) == 1


# --- bidding -----------------------------------------------------------------------------------
def test_bidding_starts_left_of_the_dealer_at_70_or_more_by_fives():
    state = GameState(DIXIE, seed=5)
    assert state.turn == (state.dealer + 1) % 4
    before = [event_to_json(event) for event in state.events]
    for amount, rule in ((65, Rule.BID_BELOW_MINIMUM), (72, Rule.BID_NOT_MULTIPLE), (125, Rule.BID_ABOVE_MAXIMUM)):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(Bid(amount), state.turn)
        assert refused.value.rule is rule
    assert [event_to_json(event) for event in state.events] == before  # nothing changed
    assert PASS in state.legal_actions()  # the first bidder may pass
    state.apply(Bid(70), state.turn)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Bid(70), state.turn)
    assert refused.value.rule is Rule.BID_NOT_HIGHER


def test_a_player_who_passed_cannot_bid_again_and_partners_may_outbid_each_other():
    state = GameState(DIXIE, seed=5)
    first = state.turn
    state.apply(PASS, first)
    state.apply(Bid(75), state.turn)
    state.apply(Bid(80), state.turn)
    partner = state.turn
    state.apply(Bid(85), partner)  # above the partner's 75
    assert state.turn != first
    state.apply(PASS, state.turn)
    state.apply(PASS, state.turn)
    assert state.bidder == partner and state.high_bid == 85


def test_the_high_bidder_takes_the_nest_lays_four_back_then_names_trump():
    state = GameState(DIXIE, seed=9)
    nest = state.nest
    state.apply(Bid(70), state.turn)
    while state.phase is Phase.BIDDING:
        state.apply(PASS, state.turn)
    taken = [event for event in state.events if isinstance(event, NestTaken)]
    assert taken and set(taken[0].cards) == set(cards_in(nest))
    assert state.phase is Phase.DISCARD and len(state.hand(state.turn)) == 17
    state.apply(next(iter(state.legal_actions())), state.turn)
    assert state.phase is Phase.TRUMP and len(state.hand(state.turn)) == 13


# --- the nest, the tricks, the bonus and the cut ---------------------------------------------------
def test_the_nest_goes_to_the_last_trick_and_counts_as_a_trick():
    state = first_hand(26)
    tricks = [event for event in state.events if isinstance(event, TrickTaken)]
    assert len(tricks) == 13 and len(tricks[-1].nest) == 4
    end = hand_end(state)
    last_side = tricks[-1].winner % 2
    by_side = [sum(1 for trick in tricks if trick.winner % 2 == side) for side in (0, 1)]
    by_side[last_side] += 1
    assert list(end.tricks) == by_side and sum(end.tricks) == 14


def test_the_booklets_example_bid_90_made_by_70_in_counters_and_the_20():
    assert DIXIE.score_hand([70, 30], bidding_side=0, bid=90, most_tricks=0) == (True, [90, 30])
    end = hand_end(first_hand(26))  # a hand where it happens
    side = end.bidder % 2 if end.bidder is not None else -1
    assert end.bid == 90 and end.counters[side] == 70 and end.most_tricks == side
    assert end.made and end.score_change[side] == 90


def test_a_side_short_of_its_bid_is_set_back_the_bid_with_no_credit():
    assert DIXIE.score_hand([65, 35], bidding_side=0, bid=90, most_tricks=0) == (False, [-90, 35])
    assert DIXIE.score_hand([85, 15], bidding_side=0, bid=90, most_tricks=1) == (False, [-90, 35])


def test_on_seven_tricks_each_every_player_cuts_and_partners_cards_are_added():
    state = first_hand(2)
    end = hand_end(state)
    cuts = [event for event in state.events if isinstance(event, TricksCut)]
    assert end.tricks == (7, 7) and len(cuts) == 1
    cut = cuts[0]
    numbers = [card_number(card) for card in cut.cards]
    assert cut.totals == (numbers[0] + numbers[2], numbers[1] + numbers[3])
    assert cut.winner == (0 if cut.totals[0] > cut.totals[1] else 1) == end.most_tricks
    assert sum(end.counters) == 100
    assert state.events.index(cut) == state.events.index(end) - 1
    json = event_to_json(cut)
    assert json["event"] == "cut" and len(json["cards"]) == 4 and json["winner"] == cut.winner


def test_an_equal_cut_is_cut_again():
    state = first_hand(65)
    cuts = [event for event in state.events if isinstance(event, TricksCut)]
    assert [cut.winner for cut in cuts][:1] == [None] and cuts[-1].winner is not None
    assert cuts[0].totals[0] == cuts[0].totals[1]
    assert hand_end(state).most_tricks == cuts[-1].winner
    cards = tuple(parse_card(name) for name in ("9r", "7g", "3y", "5x"))
    assert cut_winner(cards, ((0, 2), (1, 3))) == ((12, 12), None)


def test_both_sides_together_take_120_a_hand_unless_set_back():
    for seed in range(20):
        end = hand_end(first_hand(seed, amount=70))
        assert sum(end.counters) == 100
        if end.made:
            assert sum(end.score_change) == 120


def test_six_play_nine_tricks_and_the_nest_as_the_tenth():
    state = first_hand(4, table(6))
    end = hand_end(state)
    tricks = [event for event in state.events if isinstance(event, TrickTaken)]
    assert len(tricks) == 9 and len(tricks[-1].nest) == 2 and sum(end.tricks) == 10
    assert sum(end.counters) == 100 and end.teams == ((0, 2, 4), (1, 3, 5))


# --- the game --------------------------------------------------------------------------------------
def test_game_is_300_and_the_table_option_changes_it():
    assert DIXIE.target_score == 300 and DIXIE.game_result([300, 120], 4) == (True, 0)
    assert with_options(DIXIE, TableOptions(target=150)).target_score == 150


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 5}, "Dixie Rook is for 4 or 6 players, not 5."),
        ({"players": 6, "sides": 3}, "Dixie Rook is played in two sides, partners alternating, not 3."),
    ],
)
def test_a_table_dixie_rook_does_not_have_is_refused_naming_what_it_has(options, message):
    with pytest.raises(RuleSetError) as refused:
        with_options(DIXIE, TableOptions(**options))
    assert str(refused.value) == message
