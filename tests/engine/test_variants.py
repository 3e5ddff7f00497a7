"""The Hasbro variants and Kentucky Discard: each one's own rules, and the books' examples."""

from __future__ import annotations

import pytest

from rook_access.engine import (
    BIRD,
    CHECK,
    PASS,
    Bid,
    BirdRank,
    Check,
    Deal,
    Discard,
    GameState,
    IllegalActionError,
    NameTrump,
    Phase,
    Rule,
    RuleSetError,
    parse_card,
    parse_cards,
)
from rook_access.engine.events import Checked, HandEnded, TeamsFormed, TrickTaken, TrumpTurned
from rook_access.engine.rules import (
    BEGINNER,
    FIVE_PLAYER,
    INDIVIDUAL,
    KENTUCKY,
    PARTNERSHIP,
    SIX_PLAYER,
    THREE_PLAYER,
    TWO_PLAYER,
    VARIANTS,
    TableOptions,
    find_variant,
    with_options,
)


def first_legal(state: GameState):
    """The first legal action (the first discard where a discard is due)."""
    return next(iter(state.legal_actions()))


def names(text: str) -> list[int]:
    return parse_cards(text)


def deck_numbers(rules) -> set[int]:
    return {card % 14 + 1 for card in rules.deck if card != BIRD}


# --- decks and deals ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("rules", "deck", "numbers", "bird", "hand", "nest", "aside", "total"),
    [
        (PARTNERSHIP, 41, set(range(5, 15)), True, 9, 5, 0, 120),
        (BEGINNER, 41, set(range(5, 15)), True, 9, 5, 0, 24),
        (TWO_PLAYER, 44, set(range(4, 15)), False, 12, 5, 3, 100),
        (THREE_PLAYER, 44, set(range(4, 15)), False, 12, 5, 3, 100),
        (FIVE_PLAYER, 56, set(range(1, 15)), False, 10, 6, 0, 100),
        (SIX_PLAYER, 56, set(range(1, 15)), False, 9, 2, 0, 100),
        (INDIVIDUAL, 41, set(range(5, 15)), True, 9, 5, 0, 120),
        (KENTUCKY, 41, set(range(5, 15)), True, 9, 5, 0, 120),
    ],
)
def test_each_variant_deals_the_books_deck(rules, deck, numbers, bird, hand, nest, aside, total):
    assert len(rules.deck) == deck and deck_numbers(rules) == numbers and (BIRD in rules.deck) == bird
    assert rules.total_points == total
    deal = Deal.shuffled(rules, 0, __import__("random").Random(3))
    assert [len(h) for h in deal.hands] == [hand] * rules.players
    assert len(deal.nest) == nest and len(deal.aside) == aside
    everything = [c for h in deal.hands for c in h] + list(deal.nest) + list(deal.aside)
    assert sorted(everything) == sorted(rules.deck)


def test_the_two_and_three_player_games_deal_the_hands_then_the_nest_then_three_aside():
    deck = list(TWO_PLAYER.deck)
    deal = Deal.from_deck_order(TWO_PLAYER, 0, deck)
    assert deal.hands[1][:2] == (deck[0], deck[3])  # one card at a time from the dealer's left
    assert deal.nest == tuple(deck[36:41]) and deal.aside == tuple(deck[41:44])


def test_the_variants_are_listed_and_found_by_name():
    assert list(VARIANTS) == [
        "partnership", "beginner", "two", "three", "five", "six", "individual", "kentucky", "rook-1913",
        "partnership-1913", "dixie", "display", "flip", "high-14",
    ]
    assert find_variant(" Kentucky ") is KENTUCKY
    with pytest.raises(RuleSetError, match="There is no game called seven"):
        find_variant("seven")


# --- the Beginner Game ------------------------------------------------------------------------------
BEGINNER_DEAL = Deal(
    3,
    (
        tuple(names("14r 10r 5r 12x 9x 13y 6y 11g 9g")),
        tuple(names("13r 8r 14x 10x 7x 12y 8y 10g 6g")),
        tuple(names("12r 7r 13x 6x 14y 10y 7y 14g 5g")),
        tuple(names("11r 9r 6r 11x 8x 5x 11y 9y 13g")),
    ),
    tuple(names("12g 8g 7g 5y rook")),
)


def test_the_beginner_game_has_no_bidding_and_turns_trump_from_the_nest():
    state = GameState(BEGINNER, seed=1, first_deal=BEGINNER_DEAL)
    turned = [e for e in state.events if isinstance(e, TrumpTurned)]
    # The top card is the last one dealt to the nest: the Bird goes to the bottom, 5y is turned.
    assert turned == [TrumpTurned((BIRD, parse_card("5y")), 2)]
    assert state.phase is Phase.PLAY and state.trump == 2 and state.turn == 0  # the dealer's left leads
    assert state.bidder is None and state.teams == ((0,), (1,), (2,), (3,))
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Bid(70))
    assert refused.value.rule is Rule.WRONG_PHASE


def test_the_beginner_game_counts_1_2_2_4_each_player_for_themself_and_the_nest_is_out_of_play():
    assert BEGINNER.points[parse_card("5r")] == 1 and BEGINNER.points[parse_card("10r")] == 2
    assert BEGINNER.points[parse_card("14r")] == 2 and BEGINNER.points[BIRD] == 4
    state = GameState(BEGINNER, seed=1, first_deal=BEGINNER_DEAL)
    while state.phase is Phase.PLAY and state.hand_number == 1:
        state.apply(state.legal_actions()[0])
    ended = next(e for e in state.events if isinstance(e, HandEnded))
    assert ended.bidder is None and ended.bid is None and ended.made is None
    assert sum(ended.counters) == 24 - BEGINNER.points_in(sum(1 << c for c in BEGINNER_DEAL.nest))  # 4+1 in the nest
    assert ended.score_change == ended.counters == ended.taken
    assert not any(t.nest for t in state.events if isinstance(t, TrickTaken))


def test_the_beginner_game_ends_when_someone_reaches_40_and_a_tie_plays_on():
    assert BEGINNER.game_result([40, 10, 3, 0], 5) == (True, 0)
    assert BEGINNER.game_result([41, 44, 3, 0], 5) == (True, 1)
    assert BEGINNER.game_result([42, 42, 3, 0], 5) == (False, None)
    assert BEGINNER.game_result([39, 38, 3, 0], 5) == (False, None)


# --- the Game for 2 Players -------------------------------------------------------------------------
def two_player_state(seed: int = 5) -> GameState:
    return GameState(TWO_PLAYER, seed=seed, first_deal=Deal.shuffled(TWO_PLAYER, 0, __import__("random").Random(seed)))


def test_two_players_bid_from_50_and_the_dummy_never_bids():
    state = two_player_state()
    assert state.turn == 1  # the dealer's left (South deals, North bids first)
    assert state.legal_actions()[1] == Bid(50) and state.legal_actions()[-1] == Bid(100)
    state.apply(Bid(50))
    assert state.turn == 0  # back to the dealer: the dummy is skipped
    state.apply(PASS)
    assert state.bidder == 1 and state.phase is Phase.DISCARD


def test_half_the_dummy_is_face_up_during_the_bidding_and_all_of_it_after_trump():
    state = two_player_state()
    dummy = TWO_PLAYER.dummy_seat
    shown = dict(state.view(0).shown)
    assert len(shown[dummy]) == 6 and set(shown[dummy]) <= set(state.hand(dummy))
    assert dict(state.view(1).shown)[dummy] == shown[dummy]  # the same for both players
    state.apply(Bid(50))
    state.apply(PASS)
    state.apply(Discard(frozenset(state.hand(1)[:5])))
    state.apply(NameTrump(0))
    assert dict(state.view(0).shown)[dummy] == tuple(state.hand(dummy))
    assert state.turn == dummy and state.actor == 0  # the dummy leads; South, who lost the bid, plays it
    assert dict(state.view(dummy).shown)[0] == tuple(state.hand(0))  # playing the dummy, South sees both


def test_in_the_two_player_game_the_dummy_counts_for_the_player_who_plays_it():
    state = two_player_state()
    state.apply(Bid(50))
    state.apply(PASS)
    assert [e for e in state.events if isinstance(e, TeamsFormed)][-1].teams == ((1,), (0, 2))
    state.apply(Discard(frozenset(state.hand(1)[:5])))
    state.apply(NameTrump(0))
    while state.hand_number == 1:
        state.apply(state.legal_actions()[0])
    ended = next(e for e in state.events if isinstance(e, HandEnded))
    north, south_and_dummy = ended.counters
    assert north + south_and_dummy == 100 - TWO_PLAYER.points_in(
        state.events[1].aside and sum(1 << c for c in state.events[1].aside)
    )
    assert ended.score_change[0] == south_and_dummy  # South scores the dummy's tricks too
    assert ended.score_change[1] == (north if north >= 50 else -50)
    assert len(ended.scores) == 2  # the dummy keeps no score


def test_the_three_cards_out_of_play_leave_between_70_and_100_points_in_play():
    """Book: "The score could be as low as 70 or as high as 100" (three counters may be aside)."""
    import random

    rng = random.Random(1)
    in_play = []
    for _ in range(3000):
        deal = Deal.shuffled(TWO_PLAYER, 0, rng)
        in_play.append(100 - TWO_PLAYER.points_in(sum(1 << c for c in deal.aside)))
    assert min(in_play) >= 70 and max(in_play) == 100
    worst = Deal(0, Deal.shuffled(TWO_PLAYER, 0, rng).hands, (), ())  # noqa: F841 - shape only
    assert 100 - TWO_PLAYER.points_in(sum(1 << c for c in names("10r 10x 14y"))) == 70


# --- the Game for 3 Players -------------------------------------------------------------------------
def test_in_the_three_player_game_the_other_two_are_partners_and_each_scores_their_counters():
    state = GameState(THREE_PLAYER, seed=2)
    first = state.turn
    state.apply(Bid(50))
    state.apply(PASS)
    state.apply(PASS)
    assert state.bidder == first
    others = tuple(s for s in range(3) if s != first)
    assert state.teams == ((first,), others)
    state.apply(Discard(frozenset(state.hand(first)[:5])))
    state.apply(NameTrump(1))
    while state.hand_number == 1:
        state.apply(state.legal_actions()[0])
    ended = next(e for e in state.events if isinstance(e, HandEnded))
    bidder_took, partners_took = ended.counters
    assert ended.taken[others[0]] + ended.taken[others[1]] == partners_took
    assert ended.score_change[others[0]] == ended.score_change[others[1]] == partners_took
    assert ended.score_change[first] == (bidder_took if bidder_took >= 50 else -50)
    assert THREE_PLAYER.target_score == 200 and THREE_PLAYER.min_bid == 50 and THREE_PLAYER.max_bid == 100


# --- the Games for 5 and 6 Players ------------------------------------------------------------------
@pytest.mark.parametrize("rules", [FIVE_PLAYER, SIX_PLAYER])
def test_five_and_six_players_play_the_bid_winner_alone_with_a_nest_of_6_or_2(rules):
    state = GameState(rules, seed=4)
    first = state.turn
    assert state.legal_actions()[1] == Bid(30)
    state.apply(Bid(30))
    for _ in range(rules.players - 1):
        state.apply(PASS)
    assert state.bidder == first and len(state.hand(first)) == rules.hand_size + rules.nest_size
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Discard(frozenset(state.hand(first)[:5])))
    assert refused.value.rule is Rule.DISCARD_COUNT
    state.apply(Discard(frozenset(state.hand(first)[: rules.nest_size])))
    state.apply(NameTrump(3))
    while state.hand_number == 1:
        state.apply(state.legal_actions()[0])
    ended = next(e for e in state.events if isinstance(e, HandEnded))
    assert sum(ended.counters) == 100  # "Total points for each hand are 100"
    for seat in range(rules.players):
        if seat != first:
            assert ended.score_change[seat] == ended.taken[seat]  # each scores their own tricks
    assert rules.target_score == 150


def test_the_1_is_the_lowest_card_in_the_five_player_game():
    state_rules = FIVE_PLAYER
    cards = names("1r 14r 2r")
    assert state_rules.trick_winner(cards, 1) == 1
    assert state_rules.trick_winner(names("1r 2r"), 1) == 1


# --- individual scoring ---------------------------------------------------------------------------
def test_partners_change_every_four_hands_so_in_12_hands_everyone_partners_everyone():
    partners_of_south = [INDIVIDUAL.teams_before_bidding(hand)[0][1] for hand in range(1, 13)]
    assert partners_of_south == [2] * 4 + [1] * 4 + [3] * 4
    pairs = {frozenset(team) for hand in range(1, 13) for team in INDIVIDUAL.teams_before_bidding(hand)}
    assert len(pairs) == 6  # every pair of the four players played together


def test_with_individual_scoring_each_partner_scores_the_sides_points():
    state = GameState(INDIVIDUAL, seed=8)
    state.apply(Bid(70))  # the first bidder opens, everyone else passes
    while state.hand_number == 1:
        state.apply(first_legal(state))
    ended = next(e for e in state.events if isinstance(e, HandEnded))
    assert ended.teams == ((0, 2), (1, 3))
    assert ended.score_change[0] == ended.score_change[2] and ended.score_change[1] == ended.score_change[3]
    assert len(ended.scores) == 4


# --- Kentucky Discard: checking ---------------------------------------------------------------------
def test_a_check_keeps_the_right_to_bid_until_someone_opens():
    state = GameState(KENTUCKY, seed=1)
    first = state.turn
    assert CHECK in state.legal_actions()
    state.apply(Check())
    assert [e for e in state.events if isinstance(e, Checked)] == [Checked(first)]
    state.apply(Bid(70))
    assert CHECK not in state.legal_actions()  # the bidding is open
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Check())
    assert refused.value.rule is Rule.CHECK_NOT_ALLOWED
    for _ in range(2):
        state.apply(PASS)
    assert state.turn == first and Bid(75) in state.legal_actions()  # the checker may still bid


def test_when_all_four_check_on_the_first_round_each_must_bid_or_pass():
    state = GameState(KENTUCKY, seed=1)
    for _ in range(4):
        state.apply(Check())
    assert CHECK not in state.legal_actions() and state.phase is Phase.BIDDING


def test_after_checking_to_the_partner_with_both_opponents_passed_no_more_checking():
    state = GameState(KENTUCKY, seed=1)
    first = state.turn
    state.apply(Check())  # the first bidder checks to the partner
    state.apply(PASS)  # an opponent passes
    assert state.turn == (first + 2) % 4 and CHECK in state.legal_actions()
    state.apply(Check())
    state.apply(PASS)  # the other opponent passes
    assert state.turn == first and CHECK not in state.legal_actions()
    state.apply(PASS)
    assert CHECK not in state.legal_actions()  # the partner, too, must bid or pass
    state.apply(Bid(70))
    assert state.bidder == (first + 2) % 4


def test_the_partnership_game_has_no_checking():
    state = GameState(PARTNERSHIP, seed=1)
    assert CHECK not in state.legal_actions()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Check())
    assert refused.value.rule is Rule.CHECK_NOT_ALLOWED


# --- Kentucky Discard: the Bird's ranks ---------------------------------------------------------------
def test_a_low_bird_beats_every_non_trump_and_loses_to_any_numbered_trump():
    low = KENTUCKY.replace(bird_rank=BirdRank.LOW)
    assert low.trick_winner(names("14r rook"), 1) == 1  # red led, black trump: the Bird trumps it
    assert low.trick_winner(names("14r rook 5x"), 1) == 2  # the 5 of trump beats it
    hand = sum(1 << c for c in names("5r rook 7x"))
    assert low.legal_plays(hand, parse_card("14r"), 1) >> BIRD & 1  # still playable any time


def test_a_ten_and_a_half_bird_ranks_between_the_10_and_11_and_must_follow_suit():
    half = KENTUCKY.replace(bird_rank=BirdRank.TEN_AND_A_HALF)
    assert half.trick_winner(names("10x rook"), 1) == 1
    assert half.trick_winner(names("11x rook"), 1) == 0
    hand = sum(1 << c for c in names("5r rook 7x"))
    assert not half.legal_plays(hand, parse_card("14r"), 1) >> BIRD & 1  # red led, red held: follow red
    assert half.legal_plays(hand, parse_card("13x"), 1) >> BIRD & 1  # trump led: the Bird is a trump


def test_the_bonus_for_every_trick_goes_to_the_side_that_took_them_all():
    rules = with_options(KENTUCKY, TableOptions(all_tricks_bonus=50))
    made, change = rules.score_hand([120, 0], 0, 100, all_tricks=0)
    assert made and change == [170, 0]
    made, change = rules.score_hand([0, 120], 0, 100, all_tricks=1)
    assert not made and change == [-100, 170]


def test_the_deck_with_1s_has_45_cards_1s_above_the_14_worth_15():
    rules = with_options(KENTUCKY, TableOptions(ones=True))
    assert len(rules.deck) == 45 and rules.hand_size == 10 and rules.total_points == 180
    assert rules.min_bid == 100 and rules.max_bid == 180
    assert rules.points[parse_card("1r")] == 15
    assert rules.trick_winner(names("14r 1r"), 1) == 1  # the 1 ranks above the 14
    assert rules.trick_winner(names("13x 1x rook"), 1) == 2  # the Bird still beats it


# --- table options ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("variant", "options", "reason"),
    [
        (PARTNERSHIP, TableOptions(target=200, hands=3), "Play to a target score or a number of hands, not both."),
        (PARTNERSHIP, TableOptions(ones=True), "The deck with 1s belongs to the tournament rules"),
        (PARTNERSHIP, TableOptions(all_tricks_bonus=50), "The bonus for taking every trick belongs to"),
        (TWO_PLAYER, TableOptions(bird_rank=BirdRank.LOW), "The Game for 2 Players is played without the Bird"),
        (BEGINNER, TableOptions(min_bid=50), "The Beginner Game has no bidding"),
        (PARTNERSHIP, TableOptions(min_bid=72), "The minimum bid is a multiple of 5 from 5 to 120."),
        (PARTNERSHIP, TableOptions(min_bid=125), "The minimum bid is a multiple of 5 from 5 to 120."),
        (KENTUCKY, TableOptions(all_tricks_bonus=7), "The bonus for taking every trick is a multiple of 5"),
        (PARTNERSHIP, TableOptions(target=0), "The target score must be at least 1."),
    ],
)
def test_impossible_table_options_are_refused_with_a_reason(variant, options, reason):
    with pytest.raises(RuleSetError) as refused:
        with_options(variant, options)
    assert str(refused.value).startswith(reason)


def test_table_options_change_the_game():
    rules = with_options(PARTNERSHIP, TableOptions(target=500, min_bid=100, bird_rank=BirdRank.LOW))
    assert rules.target_score == 500 and rules.min_bid == 100 and rules.bird_rank is BirdRank.LOW
    assert with_options(FIVE_PLAYER, TableOptions(hands=4)).hands_limit == 4
