"""Flip (Golden Ten) and High 14, the 1913 booklet's games of 3 to 7 and 3 to 6 players: every rule a test.

The booklet's words are the specification (``docs/rules.md`` quotes them):
Flip deals the whole pack, leftovers face down in the center for the first
trick's taker, no trump, red cards count against, the Golden Ten takes 10
off a hand's red count; High 14 cuts the pack for trump, deals the whole
pack (two to the center with three or six, one with five), lets a 14 be
played at any time, and ranks the 14 of the color led above everything, then
the first 14 played, then trumps.
"""

from __future__ import annotations

import json

import pytest

from rook_access.engine import (
    Deal,
    Dealt,
    GameEnded,
    GameState,
    HandEnded,
    IllegalActionError,
    InvalidDealError,
    Play,
    Rule,
    TrickTaken,
    card_name,
    parse_card,
    parse_cards,
)
from rook_access.engine.cards import GREEN
from rook_access.engine.events import CenterTaken, TrumpCut
from rook_access.engine.games import find_game, table_setup, trick_rules
from rook_access.engine.notation import event_to_json
from rook_access.engine.protocol import OptionError
from rook_access.engine.rules import (
    FLIP,
    GOLDEN_TEN,
    HIGH_14,
    NO_TRUMP,
    RuleSetError,
    TableOptions,
    Teams,
    with_options,
)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_cards(text))


def play(state: GameState, text: str) -> list:
    """Play the cards of ``text`` in turn, each by the seat to act; the events of the last."""
    events: list = []
    for name in text.split():
        events = state.apply(Play(parse_card(name)))
    return events


# ------------------------------------------------------------------------------ the tables
@pytest.mark.parametrize(
    ("rules", "players", "hand", "center"),
    [(FLIP, 3, 18, 2), (FLIP, 4, 14, 0), (FLIP, 5, 11, 1), (FLIP, 6, 9, 2), (FLIP, 7, 8, 0),
     (HIGH_14, 3, 18, 2), (HIGH_14, 4, 14, 0), (HIGH_14, 5, 11, 1), (HIGH_14, 6, 9, 2)],
)
def test_the_whole_pack_is_dealt_and_the_leftovers_go_to_the_center(rules, players, hand, center):
    sized = rules.at_table(players)
    state = GameState(sized, seed=players)
    dealt = next(event for event in state.events if isinstance(event, Dealt))
    assert [len(cards) for cards in dealt.hands] == [hand] * players
    assert len(dealt.nest) == center  # the last cards dealt, face down in the center
    assert sorted([*(c for h in dealt.hands for c in h), *dealt.nest]) == sorted(sized.deck)
    assert len(sized.deck) == 56


@pytest.mark.parametrize("rules", [FLIP, HIGH_14])
def test_partners_sit_opposite_with_four_and_everyone_plays_alone_otherwise(rules):
    four = rules.at_table(4)
    assert four.teams is Teams.FIXED and four.partnerships == ((0, 2), (1, 3)) and four.scores_by_side
    for players in rules.table_sizes:
        if players != 4:
            sized = rules.at_table(players)
            assert sized.teams is Teams.EACH_ALONE and sized.scorers == tuple((seat,) for seat in range(players))


def test_a_table_size_the_game_does_not_allow_is_refused_naming_the_sizes_it_does():
    with pytest.raises(RuleSetError, match=r"^Flip \(Golden Ten\) is for 3 to 7 players, not 8\.$"):
        FLIP.at_table(8)
    with pytest.raises(RuleSetError, match=r"^High 14 is for 3 to 6 players, not 7\.$"):
        with_options(HIGH_14, TableOptions(players=7))
    with pytest.raises(RuleSetError, match=r"^Flip \(Golden Ten\) is for 3 to 7 players, not 8\.$"):
        trick_rules(table_setup("flip", {"players": 8}))
    with pytest.raises(OptionError, match=r"^Flip \(Golden Ten\) has no option bird_rank; its options: hands or "
                                          r"players\.$"):
        table_setup("flip", {"bird_rank": "low"})
    assert find_game("flip").seat_counts == (3, 4, 5, 6, 7) and find_game("high-14").seat_counts == (3, 4, 5, 6)
    assert [len(names) for names in (FLIP.at_table(7).names, HIGH_14.at_table(6).names)] == [7, 6]
    assert len(set(FLIP.at_table(7).names)) == 7


# ------------------------------------------------------------------------------------ Flip
def test_flip_counts_red_cards_against_and_the_golden_ten_takes_ten_off():
    points = FLIP.points
    assert [points[card] for card in cards("1r 2r 4r 5r 9r 10r 14r")] == [1, 1, 1, 5, 1, 10, 1]
    assert points[GOLDEN_TEN] == -10 and card_name(GOLDEN_TEN) == "10y"
    assert sum(points[card] for card in FLIP.deck if points[card] > 0) == 12 * 1 + 5 + 10 == 27
    assert all(points[card] == 0 for card in cards("5x 10x 14y 5g 10g 1y"))
    # The booklet's two cases: a count of 10 or less is wiped out, a larger one loses 10.
    assert FLIP.score_hand([7 - 10, 23 - 10], None, None) == (None, [0, 13])
    assert FLIP.score_hand([10 - 10, 23], None, None) == (None, [0, 23])  # without the Golden Ten, all of it


def test_flip_has_no_trump_and_the_highest_card_of_the_color_led_wins():
    state = GameState(FLIP, seed=1)
    assert state.trump == NO_TRUMP and not any(type(event).__name__ in ("TrumpNamed", "TrumpCut")
                                               for event in state.events)
    assert FLIP.trick_winner(list(cards("5g 14r 9g 1g")), NO_TRUMP) == 2  # no card of another color wins


FLIP_THREE = Deal(
    0,
    (
        cards("1r 2r 3r 4r 5r 6r 7r 1x 2x 3x 4x 5x 6x 1y 2y 3y 4y 5y"),
        cards("8r 9r 10r 11r 12r 13r 14r 7x 8x 9x 10x 11x 12x 6y 7y 8y 9y 11y"),
        cards("13x 14x 12y 13y 14y 1g 2g 3g 4g 5g 6g 7g 8g 9g 10g 11g 12g 13g"),
    ),
    cards("10y 14g"),
)
"""Flip for three: South deals, West leads; the center holds the Golden Ten and 14g."""


def test_flip_gives_the_center_to_the_first_trick_s_taker_and_counts_the_hand():
    rules = with_options(FLIP, TableOptions(players=3, hands=1))
    state = GameState(rules, first_deal=FLIP_THREE)
    assert state.turn == 1  # the dealer's left leads
    events = play(state, "8r 13x 1r")  # West leads red, East has none, South follows low: West takes it
    taken = [event for event in events if isinstance(event, (TrickTaken, CenterTaken))]
    assert [type(event).__name__ for event in taken] == ["TrickTaken", "CenterTaken"]
    assert taken[0].winner == 1 and taken[0].points == 2  # 8r and 1r
    assert taken[1] == CenterTaken(1, cards("10y 14g"), -10)  # the Golden Ten: 10 off West's count
    assert state.view(0).center_taken == cards("10y 14g") and state.view(2).center_taker == 1
    assert state.counters == [0, 2 - 10, 0]


def test_six_deals_of_flip_then_the_lowest_total_wins_and_equal_lowest_totals_draw():
    rules = FLIP.at_table(5)
    assert rules.hands_limit == 6
    assert rules.game_result([30, 12, 40, 12, 50], hands_played=5) == (False, None)
    assert rules.game_result([30, 12, 40, 13, 50], hands_played=6) == (True, 1)
    assert rules.game_result([30, 12, 40, 12, 50], hands_played=6) == (True, None)
    state = GameState(rules, seed=8)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    ends = [event for event in state.events if isinstance(event, HandEnded)]
    assert len(ends) == 6 and state.hands_played == 6
    over = state.events[-1]
    assert isinstance(over, GameEnded)
    lowest = min(state.scores)
    if state.scores.count(lowest) == 1:
        assert over.winner == state.scores.index(lowest) and state.standings()[0].won
    else:
        assert over.winner is None
    assert [row.score for row in state.standings()] == sorted(state.scores)


def test_flip_s_scores_are_kept_by_side_with_four():
    rules = with_options(FLIP, TableOptions(hands=1))
    state = GameState(rules, seed=4)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    end = next(event for event in state.events if isinstance(event, HandEnded))
    assert len(end.score_change) == 2
    assert [max(0, points) for points in end.counters] == list(end.score_change)


# --------------------------------------------------------------------------------- High 14
HIGH_FOUR = Deal(
    3,
    (
        cards("1r 2r 3r 14x 1y 2y 3y 4y 5y 6y 7y 8y 9y 1g"),
        cards("4r 5r 6r 7r 14g 10y 11y 12y 13y 2g 3g 4g 5g 6g"),
        cards("8r 9r 10r 14r 1x 2x 3x 4x 5x 6x 7x 8x 14y 7g"),
        cards("11r 12r 13r 9x 10x 11x 12x 13x 8g 9g 10g 11g 12g 13g"),
    ),
    (),
    cut=parse_card("6g"),
)
"""High 14 for four: East deals, South leads; the cut shows 6g, so green is trump."""


def high_four() -> GameState:
    return GameState(with_options(HIGH_14, TableOptions(hands=1)), first_deal=HIGH_FOUR)


def test_the_card_cut_by_the_dealer_s_right_names_trump():
    state = high_four()
    cut = next(event for event in state.events if isinstance(event, TrumpCut))
    assert cut == TrumpCut(2, parse_card("6g"), GREEN)  # East deals: North, at East's right, cuts
    assert state.trump == GREEN and state.turn == 0
    assert event_to_json(cut) == {"event": "trump_cut", "seat": 2, "card": "6g", "color": "green"}
    assert state.view(1).trump_cut == parse_card("6g")
    shuffled = GameState(HIGH_14, seed=5)
    dealt_cut = next(event for event in shuffled.events if isinstance(event, TrumpCut))
    assert shuffled.trump == dealt_cut.color and dealt_cut.seat == (shuffled.dealer - 1) % 4


def test_a_14_may_be_played_on_any_lead_and_any_other_card_must_follow():
    state = high_four()
    play(state, "1r")  # South leads red
    assert {card_name(action.card) for action in state.legal_actions()} == {"4r", "5r", "6r", "7r", "14g"}
    before = state.clone()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Play(parse_card("10y")))  # West holds red: a yellow card does not follow
    assert refused.value.rule is Rule.FOLLOW_SUIT
    assert state.events == before.events and state.hands == before.hands
    play(state, "14g")  # legal while holding red: a 14 may be played any time


def test_two_14s_the_first_played_wins_unless_the_14_of_the_color_led_is_played():
    state = high_four()
    events = play(state, "1r 14g 8r 11r")  # West's 14g beats the red cards
    assert [event.winner for event in events if isinstance(event, TrickTaken)] == [1]
    rules = HIGH_14
    assert rules.trick_winner(list(cards("1y 14x 14g 13y")), GREEN) == 1  # the first of two 14s
    assert rules.trick_winner(list(cards("1y 14x 14g 14y")), GREEN) == 3  # the 14 of the color led beats all
    assert rules.trick_winner(list(cards("14y 14g 14x 13g")), GREEN) == 0  # a 14 led is the 14 of the color led


def test_a_14_beats_trumps_on_a_trump_lead_and_a_trump_beats_the_color_led():
    rules = HIGH_14
    assert rules.trick_winner(list(cards("5g 13g 14r 12g")), GREEN) == 2  # a 14 on a trump lead beats trumps
    assert rules.trick_winner(list(cards("5g 14r 14g 12g")), GREEN) == 2  # but the 14 of trump, led, beats it
    assert rules.trick_winner(list(cards("13r 2g 14r 12r")), GREEN) == 2
    assert rules.trick_winner(list(cards("13r 2g 12r 1r")), GREEN) == 1  # a trump beats the color led
    assert rules.trick_winner(list(cards("13r 2y 12r 1r")), GREEN) == 0  # a plain card of another color never wins


def test_high_14_scores_5_a_trick_and_each_5_and_10_and_the_14_nothing():
    state = high_four()
    events = play(state, "1r 14g 8r 11r")
    trick = next(event for event in events if isinstance(event, TrickTaken))
    assert trick.points == 5  # no 5 or 10 in it, the 14 counts nothing
    events = play(state, "5r 10r 12r 2r")  # West leads 5r; North's 10r and East's 12r; East takes
    trick = next(event for event in events if isinstance(event, TrickTaken))
    assert (trick.winner, trick.points) == (3, 5 + 5 + 10)
    assert HIGH_14.total_points == 14 * 5 + 4 * 5 + 4 * 10 == 130
    assert HIGH_14.at_table(3).total_points == 18 * 5 + 60


def test_high_14_with_five_puts_its_one_leftover_card_in_the_center_for_the_first_trick():
    rules = with_options(HIGH_14, TableOptions(players=5, hands=1))
    state = GameState(rules, seed=3)
    dealt = next(event for event in state.events if isinstance(event, Dealt))
    assert len(dealt.nest) == 1
    while not state.events or not any(isinstance(event, TrickTaken) for event in state.events):
        state.apply(state.legal_actions()[0])
    first = next(event for event in state.events if isinstance(event, TrickTaken))
    center = next(event for event in state.events if isinstance(event, CenterTaken))
    assert center.seat == first.winner and center.cards == dealt.nest
    assert center.points == HIGH_14.points_in(1 << dealt.nest[0])


def test_the_game_of_high_14_ends_at_250_the_highest_winning_and_a_tie_at_the_top_plays_on():
    rules = HIGH_14.at_table(3)
    assert rules.game_result([260, 240, 255], hands_played=3) == (True, 0)
    assert rules.game_result([260, 260, 100], hands_played=3) == (False, None)
    assert rules.game_result([245, 240, 200], hands_played=3) == (False, None)


# ------------------------------------------------------------------------------ deal files
def test_a_high_14_deal_file_names_the_cut_and_other_games_refuse_one():
    data = {
        "dealer": 3,
        "hands": [[card_name(card) for card in hand] for hand in HIGH_FOUR.hands],
        "nest": [],
        "cut": "6g",
    }
    assert Deal.from_json(json.loads(json.dumps(data)), HIGH_14) == HIGH_FOUR
    uncut = {key: value for key, value in data.items() if key != "cut"}
    with pytest.raises(InvalidDealError, match='the deal needs "cut", a card'):
        Deal.from_json(uncut, HIGH_14)
    with pytest.raises(InvalidDealError, match="the deal has no cut"):
        Deal.from_json(data, FLIP)
