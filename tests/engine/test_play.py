"""Card play: follow the color led, the Bird's privileges, who takes the trick."""

from __future__ import annotations

import pytest

from rook_access.engine import (
    BIRD,
    PARTNERSHIP,
    BirdRank,
    CardPlayed,
    IllegalActionError,
    Phase,
    Play,
    Rule,
    TrickTaken,
    card_name,
    cards_in,
    mask_of,
    parse_card,
)
from tests.helpers.hands import block_deal, cards, play_cards, snapshot, start_play

RED, BLACK, YELLOW, GREEN = 0, 1, 2, 3


# ------------------------------------------------------------ table-driven
def legal(hand, lead, trump, rules=PARTNERSHIP):
    mask = rules.legal_plays(mask_of(cards(hand)), None if lead is None else parse_card(lead), trump)
    return {card_name(c) for c in cards_in(mask)}


@pytest.mark.parametrize(
    "hand, lead, trump, expected",
    [
        # leading: anything
        ("6r 14r 5x 9g rook", None, GREEN, "6r 14r 5x 9g rook"),
        # follow the color led
        ("6r 14r 5x 9g", "10r", GREEN, "6r 14r"),
        ("5r 9g 13g", "10r", GREEN, "5r"),  # holding the color led, trumping is not allowed
        ("12y 5y 9g 7x", "5y", RED, "12y 5y"),
        # void in the color led: anything
        ("5x 9g 12y", "10r", GREEN, "5x 9g 12y"),
        ("5x rook 9g", "10r", GREEN, "5x rook 9g"),
        # the Bird may be played any time, even holding the color led
        ("6r 5x rook", "10r", GREEN, "6r rook"),
        ("6r 14r rook 9g", "14x", GREEN, "6r 14r rook 9g"),
        # Bird led: a trump lead, so everyone with a trump must play one
        ("6r 9g 14g", "rook", GREEN, "9g 14g"),
        ("6r 9r 14x", "rook", RED, "6r 9r"),
        ("6r 7x 12y", "rook", GREEN, "6r 7x 12y"),
        # trump led, the Bird is the only trump: it must be played
        ("rook 6r 7x", "10g", GREEN, "rook"),
        ("rook 6x 7y", "5r", RED, "rook"),
        ("rook 6g 7x", "10g", GREEN, "rook 6g"),
        ("6r 7x", "10g", GREEN, "6r 7x"),
        # a non-trump lead does not force the Bird
        ("rook 6g 7x", "10r", GREEN, "rook 6g 7x"),
    ],
)
def test_legal_plays(hand, lead, trump, expected):
    assert legal(hand, lead, trump) == set(expected.split())


@pytest.mark.parametrize(
    "played, trump, winner",
    [
        ("10r 14r 6r 13r", GREEN, 1),   # highest of the color led
        ("13r 14r 6r 10r", GREEN, 1),
        ("6r 5r 7r 8r", GREEN, 3),
        ("10r 14x 6r 5y", GREEN, 0),    # a higher card of another color does not win
        ("5x 14r 14y 6x", GREEN, 3),
        ("14y 5g 13y 12y", GREEN, 1),   # a trump beats the highest card of the color led
        ("10r 14r 5g 6g", GREEN, 3),    # trumped: the highest trump takes it
        ("10r 14g 13r 5g", GREEN, 1),
        ("10r 5g 14r 9x", GREEN, 1),
        ("9g 14r 6g 13g", GREEN, 3),    # trump led
        ("10r 14g rook 13r", GREEN, 2),  # the Bird takes any trick it is in
        ("rook 14g 13g 12g", GREEN, 0),
        ("6r 5r rook 14r", GREEN, 2),
        ("14g 5x 6y rook", GREEN, 3),
        ("10r rook 14r 13r", RED, 1),
        ("5y 6y 7y 8y", YELLOW, 3),
    ],
)
def test_trick_winner(played, trump, winner):
    assert PARTNERSHIP.trick_winner(cards(played), trump) == winner


def test_bird_rank_low_loses_to_any_numbered_trump_but_beats_other_colors():
    low = PARTNERSHIP.replace(bird_rank=BirdRank.LOW)
    assert low.trick_winner(cards("10r rook 5g 14r"), GREEN) == 2
    assert low.trick_winner(cards("10r rook 14r 13r"), GREEN) == 1
    assert legal("6r 5x rook", "10r", GREEN, low) == {"6r", "rook"}


# ----------------------------------------------------- through GameState
# The colour-block deal (dealer 3, so seat 0 leads): seat 0 holds red 6-14, seat 1 black,
# seat 2 yellow, seat 3 green; the nest holds the four 5s and the Bird.  Swaps move cards.


def refused(state, action, rule, seat=None):
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action, seat)
    assert info.value.rule is rule
    assert snapshot(state) == before
    return info.value


def test_follow_suit_void_plays_anything_and_a_trump_wins():
    # Seat 1 holds black 6-13 and the 14r; seat 3 (bidder) keeps green 7-14 and the Bird.
    deal = block_deal(swaps=[("14r", "14x")])
    state = start_play(deal, bidder=3, discard="5r 5x 5y 5g 6g", trump="green")
    assert state.turn == 0
    play_cards(state, "6r")
    assert state.turn == 1
    assert state.legal_actions() == [Play(parse_card("14r"))]
    error = refused(state, Play(parse_card("6x")), Rule.FOLLOW_SUIT)
    assert error.legal == (Play(parse_card("14r")),)
    assert error.detail["suit"] == RED
    error = refused(state, Play(parse_card("5g")), Rule.CARD_NOT_HELD)
    assert error.legal == (Play(parse_card("14r")),)
    play_cards(state, "14r")
    # Seat 2 holds only yellow: void in red, anything goes.
    assert {a.card for a in state.legal_actions()} == set(cards("6y 7y 8y 9y 10y 11y 12y 13y 14y"))
    play_cards(state, "13y")
    # Seat 3 holds only trumps and the Bird: void in red, any of them.
    assert len(state.legal_actions()) == 9
    events = state.apply(Play(parse_card("7g")))
    trick = events[-1]
    assert isinstance(trick, TrickTaken)
    assert trick.winner == 3 and trick.leader == 0
    assert trick.points == 10  # the 14r
    assert state.turn == 3  # the winner leads next
    assert state.counters == [0, 10]


def test_refusals_in_play_change_nothing_and_other_seats_cannot_play():
    deal = block_deal(swaps=[("14r", "14x")])
    state = start_play(deal, bidder=3, discard="5r 5x 5y 5g 6g", trump="green")
    refused(state, Play(parse_card("6x")), Rule.CARD_NOT_HELD)      # seat 1's card
    refused(state, Play(parse_card("5r")), Rule.CARD_NOT_HELD)      # in the nest
    refused(state, Play(parse_card("6r")), Rule.NOT_YOUR_TURN, seat=1)
    error = refused(state, Play(BIRD), Rule.CARD_NOT_HELD)
    assert {a.card for a in error.legal} == set(state.hand(0))
    play_cards(state, "6r")
    refused(state, Play(parse_card("7r")), Rule.CARD_NOT_HELD)      # seat 0 played already
    refused(state, Play(parse_card("14r")), Rule.NOT_YOUR_TURN, seat=0)


def test_the_bird_may_be_played_while_holding_the_color_led_and_takes_the_trick():
    # Seat 1 (bidder) keeps black 8-13, the 14r, the 5r and the Bird; trump black.
    deal = block_deal(swaps=[("14r", "14x")])
    state = start_play(deal, bidder=1, discard="5x 5y 5g 6x 7x", trump="black")
    assert sorted(state.hand(1)) == sorted(cards("8x 9x 10x 11x 12x 13x 14r 5r rook"))
    play_cards(state, "6r")
    assert {a.card for a in state.legal_actions()} == set(cards("14r 5r rook"))
    refused(state, Play(parse_card("8x")), Rule.FOLLOW_SUIT)
    play_cards(state, "rook", "6y", "6g")
    trick = state.tricks[-1]
    assert trick.winner == 1
    assert trick.points == 20
    assert state.turn == 1


def test_bird_led_everyone_must_play_trump_if_they_have_one():
    # Seat 1: black 6-13 and the 6g; seat 2: yellow 6-13 and the 7g; seat 3: green 9-14 and
    # the three 14s; seat 0 (bidder, leads) keeps red 8-13, the 8g, the 5g and the Bird.
    deal = block_deal(swaps=[("14x", "6g"), ("14y", "7g"), ("14r", "8g")])
    state = start_play(deal, bidder=0, discard="5r 5x 5y 6r 7r", trump="green")
    play_cards(state, "rook")
    assert state.legal_actions() == [Play(parse_card("6g"))]
    error = refused(state, Play(parse_card("13x")), Rule.FOLLOW_SUIT)
    assert error.legal == (Play(parse_card("6g")),)
    assert error.detail["suit"] == GREEN
    play_cards(state, "6g")
    assert state.legal_actions() == [Play(parse_card("7g"))]
    play_cards(state, "7g")
    assert {a.card for a in state.legal_actions()} == set(cards("9g 10g 11g 12g 13g 14g"))
    refused(state, Play(parse_card("14r")), Rule.FOLLOW_SUIT)
    play_cards(state, "14g")
    trick = state.tricks[-1]
    assert trick.winner == 0  # the Bird beats the 14 of trump
    assert trick.points == 30
    assert state.turn == 0


def test_trump_led_and_the_only_trump_is_the_bird_it_must_be_played():
    # Seat 1 holds black 6-13 and the Bird; seat 3 (bidder) keeps green 7-14 and the 5g.
    deal = block_deal(swaps=[("rook", "14x")])
    state = start_play(deal, bidder=3, discard="5r 5x 5y 14x 6g", trump="green")
    play_cards(state, "6r")
    assert len(state.legal_actions()) == 9  # seat 1 is void in red: anything, Bird included
    play_cards(state, "6x", "6y", "5g")
    assert state.tricks[-1].winner == 3
    play_cards(state, "14g", "7r")
    assert state.turn == 1
    assert state.legal_actions() == [Play(BIRD)]
    error = refused(state, Play(parse_card("7x")), Rule.FOLLOW_SUIT)
    assert error.legal == (Play(BIRD),)
    play_cards(state, "rook", "7y")
    trick = state.tricks[-1]
    assert trick.leader == 3
    assert trick.winner == 1
    assert trick.points == 30  # 14g and the Bird
    assert state.turn == 1


def test_highest_of_the_color_led_wins_and_the_winner_leads_next():
    # Seat 0: red 6-13 and the 6x; seat 1: black 7-14 and the 14r; seat 2: yellow 7-14 and
    # the 13r; seat 3 (bidder) keeps green 9-14, the Bird, the 5x and the 5y.  Trump green.
    deal = block_deal(swaps=[("14r", "6x"), ("13r", "6y")])
    state = start_play(deal, bidder=3, discard="5r 5g 6g 7g 8g", trump="green")
    play_cards(state, "6r", "14r", "13r", "5y")
    first = state.tricks[-1]
    assert (first.winner, first.points) == (1, 15)
    assert state.turn == 1
    play_cards(state, "7x", "14y")  # seat 2 is void in black
    assert {a.card for a in state.legal_actions()} == set(cards("5x rook"))
    play_cards(state, "5x")
    assert state.legal_actions() == [Play(parse_card("6x"))]  # seat 0 must follow with its one black
    play_cards(state, "6x")
    second = state.tricks[-1]
    assert (second.leader, second.winner, second.points) == (1, 1, 15)  # 7x beats the 14y, 5x, 6x
    play_cards(state, "8x", "7y", "9g", "7r")  # seat 3 is now void in black and trumps
    third = state.tricks[-1]
    assert (third.leader, third.winner) == (1, 3)
    assert state.turn == 3
    assert state.counters == [0, 30]


def test_a_trumped_trick_goes_to_the_highest_trump():
    # Seat 1: black 6-13 and the 6g; seat 2: yellow 6-13 and the 7g; seat 3 (bidder) keeps
    # green 9-14, the 14x, the 14y and the 5x.  Trump green.
    deal = block_deal(swaps=[("14x", "6g"), ("14y", "7g")])
    state = start_play(deal, bidder=3, discard="5r 5y 5g rook 8g", trump="green")
    play_cards(state, "14r", "6g", "7g", "14x")
    trick = state.tricks[-1]
    assert trick.winner == 2
    assert trick.points == 20
    assert state.counters == [20, 0]
    assert state.turn == 2
    played = [(e.seat, card_name(e.card)) for e in state.events if isinstance(e, CardPlayed)]
    assert played == [(0, "14r"), (1, "6g"), (2, "7g"), (3, "14x")]


def test_view_and_trick_show_the_cards_played_in_order():
    deal = block_deal(swaps=[("14r", "14x")])
    state = start_play(deal, bidder=3, discard="5r 5x 5y 5g 6g", trump="green")
    play_cards(state, "9r", "14r")
    assert state.trick == [(0, parse_card("9r")), (1, parse_card("14r"))]
    view = state.view(2)
    assert view.trick == tuple(cards("9r 14r"))
    assert view.trick_leader == 0
    assert view.legal == tuple(state.legal_actions())
    assert state.view(0).legal == ()
    assert state.phase is Phase.PLAY
