"""Scoring: counters, making or losing the bid, the nest to the last trick, the end of the game."""

from __future__ import annotations

import pytest

from rook_access.engine import (
    BIRD,
    PARTNERSHIP,
    PASS,
    Bid,
    Dealt,
    Discard,
    GameEnded,
    GameState,
    HandEnded,
    IllegalActionError,
    NameTrump,
    Phase,
    Play,
    Rule,
    card_name,
    card_number,
    cards_in,
    parse_card,
)
from tests.helpers.hands import autoplay_hand, bid_to, block_deal, card_set, make_deal, play_by_seat

RED, BLACK, YELLOW, GREEN = 0, 1, 2, 3


# ------------------------------------------------------------------ counters
def test_counter_values():
    points = PARTNERSHIP.points
    for card in PARTNERSHIP.deck:
        expected = 20 if card == BIRD else {5: 5, 10: 10, 14: 10}.get(card_number(card), 0)
        assert points[card] == expected, card_name(card)
    assert points[parse_card("5r")] == 5
    assert points[parse_card("10x")] == 10
    assert points[parse_card("14y")] == 10
    assert points[parse_card("13g")] == 0
    assert points[BIRD] == 20


def test_there_are_120_points_in_a_hand_in_13_counters():
    assert PARTNERSHIP.total_points == 120
    counters = sorted(card_name(c) for c in cards_in(PARTNERSHIP.counter_mask))
    assert counters == sorted("5r 10r 14r 5x 10x 14x 5y 10y 14y 5g 10g 14g rook".split())


def test_points_in_a_set_of_cards():
    assert PARTNERSHIP.points_in(sum(1 << c for c in card_set("5r 10x 14y rook 13g 6r"))) == 45
    assert PARTNERSHIP.points_in(0) == 0


# ------------------------------------------------------------- score_hand
def test_rule_book_scoring_example():
    # Bid 95, the bidders captured only 75: they are set back 95; the others score their 45.
    made, change = PARTNERSHIP.score_hand([45, 75], bidding_side=1, bid=95)
    assert made is False
    assert change == [45, -95]
    made, change = PARTNERSHIP.score_hand([75, 45], bidding_side=0, bid=95)
    assert (made, change) == (False, [-95, 45])


@pytest.mark.parametrize(
    "counters, side, bid, made, change",
    [
        ([100, 20], 0, 70, True, [100, 20]),   # a made bid scores every counter taken
        ([70, 50], 0, 70, True, [70, 50]),     # exactly the bid makes it
        ([65, 55], 0, 70, False, [-70, 55]),
        ([0, 120], 1, 120, True, [0, 120]),
        ([5, 115], 1, 120, False, [5, -120]),
        ([120, 0], 1, 70, False, [120, -70]),
    ],
)
def test_score_hand(counters, side, bid, made, change):
    assert PARTNERSHIP.score_hand(counters, side, bid) == (made, change)


# ------------------------------------------------------------ game_result
@pytest.mark.parametrize(
    "scores, over, winner",
    [
        ([300, 100], True, 0),    # reaching 300 wins
        ([120, 305], True, 1),
        ([299, 295], False, None),
        ([-95, 45], False, None),
        ([310, 320], True, 1),    # both over: the higher wins
        ([330, 300], True, 0),
        ([310, 310], False, None),  # a tie at the top: play another hand
        ([300, 300], False, None),
        ([-200, 300], True, 1),
    ],
)
def test_game_to_300(scores, over, winner):
    assert PARTNERSHIP.game_result(scores, hands_played=7) == (over, winner)


@pytest.mark.parametrize(
    "scores, played, over, winner",
    [
        ([10, 500], 2, False, None),   # with a number of hands, 300 does not end the game
        ([10, 500], 3, True, 1),
        ([200, -40], 3, True, 0),
        ([150, 150], 3, True, None),   # equal after the last hand: a draw
        ([0, 0], 3, True, None),
        ([-10, -20], 3, True, 0),
    ],
)
def test_game_of_a_fixed_number_of_hands(scores, played, over, winner):
    rules = PARTNERSHIP.replace(hands_limit=3)
    assert rules.game_result(scores, hands_played=played) == (over, winner)


# ---------------------------------------------------------- scripted hands
# The rule book's bidding and scoring examples as one whole hand.  The dealer is seat 3, so
# A = seat 0 (dealer's left), B = 1, C = 2, D = 3.  B takes the bid at 95, discards, names
# green; the opponents take the Bird and the red counters (45), B's side the rest (75).
EXAMPLE_DEAL = make_deal(
    [
        "rook 14r 13r 6x 11x 7y 9y 12x 11r",
        "7g 6r 8r 14x 13x 14y 13y 11y 12y",
        "8g 10r 5r 7x 8x 6y 8y 10g 12g",
        "9g 7r 9r 5x 10x 5y 10y 5g 11g",
    ],
    nest="14g 13g 12r 9x 6g",
    dealer=3,
)
EXAMPLE_PLAY = {
    # trick:  1     2    3    4    5    6    7    8    9
    0: "rook 14r 13r 6x  11x 7y  9y  12x 11r",
    1: "7g   6r  8r  14x 13x 14y 13y 14g 13g",
    2: "8g   10r 5r  7x  8x  6y  8y  10g 12g",
    3: "9g   7r  9r  5x  10x 5y  10y 5g  11g",
}


def test_rule_book_example_hand_through_the_game():
    state = GameState(seed=11, first_deal=EXAMPLE_DEAL)
    for action in [Bid(70), Bid(80), PASS, Bid(85), Bid(90), Bid(95), PASS, PASS]:
        state.apply(action)
    assert state.bidder == 1 and state.high_bid == 95
    state.apply(Discard(card_set("12r 9x 11y 12y 6g")))
    state.apply(NameTrump(GREEN))
    assert state.turn == 0
    tricks = play_by_seat(state, EXAMPLE_PLAY)
    assert [t.winner for t in tricks] == [0, 0, 0, 1, 1, 1, 1, 1, 1]
    assert [t.points for t in tricks] == [20, 20, 5, 15, 10, 15, 10, 25, 0]
    assert tricks[-1].nest_points == 0
    ended = [e for e in state.events if isinstance(e, HandEnded)]
    assert ended == [HandEnded(1, 1, 95, False, (45, 75), (45, -95), (45, -95), ((0, 2), (1, 3)), (45, 75, 0, 0))]
    assert state.scores == [45, -95]
    assert state.phase is Phase.BIDDING and state.dealer == 0 and state.hand_number == 2


# Colour block (dealer 3): seat 0 red 6-14, 1 black 6-14, 2 yellow 6-14, 3 green 6-14,
# nest 5r 5x 5y 5g rook.  Seat 3 takes the bid.


def _sweep(rules=PARTNERSHIP, bid=100):
    """Seat 3 buries the four 5s and the 6g (20 points), keeps green 7-14 and the Bird,
    and takes every trick."""
    state = GameState(rules, seed=4, first_deal=block_deal(3))
    bid_to(state, 3, bid)
    state.apply(Discard(card_set("5r 5x 5y 5g 6g")))
    state.apply(NameTrump(GREEN))
    tricks = play_by_seat(state, {
        0: "6r 7r 8r 9r 10r 11r 12r 13r 14r",
        1: "6x 7x 8x 9x 10x 11x 12x 13x 14x",
        2: "6y 7y 8y 9y 10y 11y 12y 13y 14y",
        3: "7g 8g 9g 10g 11g 12g 13g 14g rook",
    })
    return state, tricks


def test_made_bid_scores_every_counter_including_the_buried_ones():
    state, tricks = _sweep(bid=100)
    assert [t.winner for t in tricks] == [3] * 9
    last = tricks[-1]
    assert sorted(last.nest) == sorted(card_set("5r 5x 5y 5g 6g"))
    assert last.nest_points == 20
    assert last.points == 20 + 10 + 10 + 10 + 20  # the Bird, 14r, 14x, 14y and the nest
    hand = [e for e in state.events if isinstance(e, HandEnded)][0]
    assert hand.made is True
    assert hand.counters == (0, 120)
    assert hand.score_change == (0, 120)  # all 120, not the bid of 100
    assert state.scores == [0, 120]


def _last_trick_to_the_opponents(rules=PARTNERSHIP, bid=70):
    """Seat 3 buries 5x 5y 5g (15 points) and keeps the 5r to lose the last trick to the 14r."""
    state = GameState(rules, seed=4, first_deal=block_deal(3))
    bid_to(state, 3, bid)
    state.apply(Discard(card_set("5x 5y 5g 6g 7g")))
    state.apply(NameTrump(GREEN))
    tricks = play_by_seat(state, {
        0: "6r 7r 8r 9r 10r 11r 12r 13r 14r",
        1: "6x 7x 8x 9x 10x 11x 12x 13x 14x",
        2: "6y 7y 8y 9y 10y 11y 12y 13y 14y",
        3: "rook 8g 9g 10g 11g 12g 13g 14g 5r",
    })
    return state, tricks


def test_last_trick_takes_the_nest_with_the_counters_the_bidder_buried():
    state, tricks = _last_trick_to_the_opponents(bid=70)
    assert [t.winner for t in tricks] == [3, 3, 3, 3, 3, 3, 3, 3, 0]
    last = tricks[-1]
    assert last.leader == 3
    assert sorted(last.nest) == sorted(card_set("5x 5y 5g 6g 7g"))
    assert last.nest_points == 15
    assert last.points == 35 + 15
    hand = [e for e in state.events if isinstance(e, HandEnded)][0]
    assert hand.counters == (50, 70)
    assert hand.made is True  # exactly the bid
    assert hand.score_change == (50, 70)


def test_bidders_set_when_the_nest_goes_to_the_opponents():
    state, _ = _last_trick_to_the_opponents(bid=75)
    hand = [e for e in state.events if isinstance(e, HandEnded)][0]
    assert (hand.made, hand.counters, hand.score_change) == (False, (50, 70), (50, -75))
    assert state.scores == [50, -75]


def test_without_last_trick_nest_the_buried_counters_score_for_nobody():
    rules = PARTNERSHIP.replace(last_trick_takes_nest=False)
    state, tricks = _last_trick_to_the_opponents(rules, bid=70)
    assert tricks[-1].nest_points == 0
    assert [e for e in state.events if isinstance(e, HandEnded)][0].counters == (35, 70)


def test_scores_accumulate_over_hands():
    state, _ = _sweep(PARTNERSHIP.replace(target_score=10_000))
    assert state.scores == [0, 120]
    autoplay_hand(state)
    ended = [e for e in state.events if isinstance(e, HandEnded)]
    assert len(ended) == 2
    assert state.scores == [ended[0].score_change[s] + ended[1].score_change[s] for s in (0, 1)]
    assert ended[1].scores == tuple(state.scores)
    assert sum(ended[1].counters) == 120


# ---------------------------------------------------------- the game's end
def test_reaching_the_target_ends_the_game():
    state, _ = _sweep(PARTNERSHIP.replace(target_score=120))
    assert state.phase is Phase.GAME_OVER and state.is_over
    assert state.winner == 1
    assert isinstance(state.events[-1], GameEnded)
    assert state.events[-1] == GameEnded(1, (0, 120))
    assert state.turn is None
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError) as info:
        state.apply(PASS)
    assert info.value.rule is Rule.GAME_OVER
    with pytest.raises(IllegalActionError):
        state.apply(Play(parse_card("6r")))
    with pytest.raises(IllegalActionError) as info:
        _ = state.seat_to_act
    assert info.value.rule is Rule.GAME_OVER


def test_the_seat_to_act_is_the_turn_while_the_game_goes_on():
    state, _ = _sweep(PARTNERSHIP.replace(target_score=125))
    assert state.turn is not None and state.seat_to_act == state.turn


def test_below_the_target_the_next_hand_is_dealt():
    state, _ = _sweep(PARTNERSHIP.replace(target_score=125))
    assert not state.is_over
    assert [e for e in state.events if isinstance(e, GameEnded)] == []
    assert isinstance(state.events[-1], Dealt) and state.events[-1].dealer == 0


def test_both_sides_over_the_target_the_higher_wins():
    state, _ = _last_trick_to_the_opponents(PARTNERSHIP.replace(target_score=50), bid=70)
    assert state.scores == [50, 70]
    assert state.winner == 1 and state.is_over


def test_only_the_side_over_the_target_wins_even_after_a_set():
    state, _ = _last_trick_to_the_opponents(PARTNERSHIP.replace(target_score=50), bid=75)
    assert state.scores == [50, -75]
    assert state.winner == 0 and state.is_over


def test_hands_limit_plays_exactly_that_many_hands():
    rules = PARTNERSHIP.replace(hands_limit=2, target_score=50)
    state, _ = _last_trick_to_the_opponents(rules, bid=70)
    assert not state.is_over  # 50 and 70 would end a game to 50, but two hands are to be played
    autoplay_hand(state)
    assert state.is_over and state.hands_played == 2
    ended = [e for e in state.events if isinstance(e, HandEnded)]
    total = [sum(e.score_change[s] for e in ended) for s in (0, 1)]
    assert state.scores == total
    expected = None if total[0] == total[1] else (0 if total[0] > total[1] else 1)
    assert state.winner == expected
    assert state.events[-1] == GameEnded(expected, tuple(total))


def test_thrown_in_hands_do_not_count_towards_the_hands_limit():
    rules = PARTNERSHIP.replace(hands_limit=1)
    state = GameState(rules, seed=9, first_deal=block_deal(3))
    for _ in range(4):
        state.apply(PASS)
    assert not state.is_over and state.hands_played == 0
    autoplay_hand(state)
    assert state.is_over and state.hands_played == 1 and state.hand_number == 1
