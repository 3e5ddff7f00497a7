"""The nest and trump: the high bidder takes the nest, discards five, then names trump."""

from __future__ import annotations

from math import comb

import pytest

from rook_access.engine import (
    BIRD,
    Bid,
    Discard,
    DiscardChoices,
    GameState,
    IllegalActionError,
    NameTrump,
    NestDiscarded,
    NestTaken,
    Pass,
    Phase,
    Play,
    Rule,
    TrumpNamed,
    parse_card,
)
from tests.helpers.hands import bid_to, block_deal, card_set, cards, snapshot

RED, BLACK, YELLOW, GREEN = 0, 1, 2, 3


def at_discard(bidder=1, dealer=3):
    """The colour-block deal (seat 0 red, 1 black, 2 yellow, 3 green; nest 5s and the Bird)
    with ``bidder`` holding the bid."""
    state = GameState(seed=3, first_deal=block_deal(dealer))
    bid_to(state, bidder, 80)
    return state


def refused(state, action, rule, seat=None):
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply(action, seat)
    assert info.value.rule is rule
    assert snapshot(state) == before
    return info.value


def test_high_bidder_takes_the_nest_into_a_hand_of_14():
    state = at_discard(bidder=1)
    assert state.phase is Phase.DISCARD and state.turn == 1
    assert state.hand(1) == sorted(cards("6x 7x 8x 9x 10x 11x 12x 13x 14x 5r 5x 5y 5g rook"))
    assert len(state.hand(1)) == 14
    assert [len(state.hand(s)) for s in (0, 2, 3)] == [9, 9, 9]
    taken = [e for e in state.events if isinstance(e, NestTaken)]
    assert len(taken) == 1 and taken[0].seat == 1
    assert sorted(taken[0].cards) == sorted(cards("5r 5x 5y 5g rook"))


def test_only_the_bidder_sees_the_nest():
    state = at_discard(bidder=2)
    assert sorted(state.view(2).nest_taken) == sorted(cards("5r 5x 5y 5g rook"))
    for seat in (0, 1, 3):
        assert state.view(seat).nest_taken == ()
        assert state.view(seat).legal == ()


def test_legal_discards_are_every_five_of_the_fourteen():
    state = at_discard()
    legal = state.legal_actions()
    assert isinstance(legal, DiscardChoices)
    assert len(legal) == comb(14, 5) == 2002
    assert Discard(card_set("5r 5x 5y 5g rook")) in legal
    assert Discard(card_set("5r 5x 5y 5g")) not in legal
    assert Discard(card_set("5r 5x 5y 5g 6r")) not in legal  # 6r is seat 0's
    every = list(legal)
    assert len(every) == 2002 and len(set(every)) == 2002


def test_discard_five_including_counters_and_the_bird():
    state = at_discard(bidder=1)
    buried = card_set("rook 14x 10x 5x 5r")
    events = state.apply(Discard(buried))
    assert events == [NestDiscarded(1, tuple(sorted(buried)))]
    assert state.phase is Phase.TRUMP and state.turn == 1
    assert state.hand(1) == sorted(cards("6x 7x 8x 9x 11x 12x 13x 5y 5g"))
    assert state.nest == sum(1 << c for c in buried)
    assert BIRD not in state.hand(1)


def test_the_discard_is_shown_only_to_the_bidder_after_trump():
    state = at_discard(bidder=1)
    state.apply(Discard(card_set("rook 14x 10x 5x 5r")))
    state.apply(NameTrump(BLACK))
    assert sorted(state.view(1).nest_discarded) == sorted(cards("rook 14x 10x 5x 5r"))
    assert state.view(0).nest_discarded == ()


@pytest.mark.parametrize("text", ["5r 5x 5y 5g", "5r", "5r 5x 5y 5g rook 6x", "", "6x 7x 8x 9x 10x 11x 12x 13x 14x"])
def test_discarding_the_wrong_number_is_refused(text):
    state = at_discard()
    error = refused(state, Discard(card_set(text)), Rule.DISCARD_COUNT)
    assert error.detail["count"] == 5
    assert error.detail["given"] == len(card_set(text))


@pytest.mark.parametrize("text", ["5r 5x 5y 5g 6r", "14g 13g 12g 11g 10g", "5r 5x 5y 5g 14y"])
def test_discarding_cards_not_held_is_refused(text):
    state = at_discard(bidder=1)
    error = refused(state, Discard(card_set(text)), Rule.DISCARD_NOT_HELD)
    held = set(state.hand(1))
    assert set(error.detail["cards"]) == {c for c in card_set(text) if c not in held}


def test_only_the_bidder_discards():
    state = at_discard(bidder=1)
    refused(state, Discard(card_set("6r 7r 8r 9r 10r")), Rule.NOT_YOUR_TURN, seat=0)
    refused(state, Discard(card_set("5r 5x 5y 5g rook")), Rule.NOT_YOUR_TURN, seat=3)
    state.apply(Discard(card_set("5r 5x 5y 5g rook")), seat=1)
    assert state.phase is Phase.TRUMP


def test_trump_cannot_be_named_before_discarding():
    state = at_discard()
    refused(state, NameTrump(BLACK), Rule.WRONG_PHASE)
    assert state.trump is None


@pytest.mark.parametrize("action", [Pass(), Bid(85), Play(parse_card("6x"))])
def test_other_actions_are_refused_during_the_discard(action):
    state = at_discard()
    refused(state, action, Rule.WRONG_PHASE)


def test_bidder_names_trump_after_discarding():
    state = at_discard(bidder=1)
    state.apply(Discard(card_set("5r 5x 5y 5g rook")))
    assert state.legal_actions() == [NameTrump(c) for c in (RED, BLACK, YELLOW, GREEN)]
    refused(state, Discard(card_set("6x 7x 8x 9x 10x")), Rule.WRONG_PHASE)
    refused(state, Play(parse_card("6x")), Rule.WRONG_PHASE)
    refused(state, NameTrump(BLACK), Rule.NOT_YOUR_TURN, seat=0)
    events = state.apply(NameTrump(YELLOW))
    assert events == [TrumpNamed(1, YELLOW)]
    assert state.trump == YELLOW and state.phase is Phase.PLAY


@pytest.mark.parametrize("dealer, bidder", [(3, 1), (3, 2), (3, 0), (0, 3), (1, 1), (2, 0)])
def test_after_trump_the_dealers_left_leads_whoever_the_bidder(dealer, bidder):
    state = at_discard(bidder=bidder, dealer=dealer)
    state.apply(next(iter(state.legal_actions())))
    state.apply(NameTrump(GREEN))
    assert state.phase is Phase.PLAY
    assert state.turn == (dealer + 1) % 4
    assert state.trick == []
    assert len(state.legal_actions()) == 9  # any card may be led
