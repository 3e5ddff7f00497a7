"""A seat's view shows its own hand and what was played in the open, never another hand."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine import PARTNERSHIP, GameState, Phase, SeatView, TrickTaken
from rook_access.engine.cards import mask_of
from rook_access.engine.rules import BEGINNER, VARIANTS
from rook_access.players import BasicPlayer


def cards_shown(view: SeatView) -> set[int]:
    """Every card a view mentions, in any field."""
    shown = set(view.hand) | set(view.nest_taken) | set(view.nest_discarded) | set(view.trick)
    for trick in view.tricks:
        assert isinstance(trick, TrickTaken)
        shown |= set(trick.cards) | set(trick.nest)
    return shown


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 60))
def test_views_never_show_another_seats_cards_or_the_nest(seed, moves):
    state = GameState(PARTNERSHIP.replace(hands_limit=1), seed=seed)
    players = [BasicPlayer(seat) for seat in range(4)]
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(players[state.turn].choose(state.view(state.turn)))
    if state.is_over:
        return
    for seat in range(4):
        view = state.view(seat)
        assert set(view.hand) == set(state.hand(seat))
        others = set().union(*(state.hand(other) for other in range(4) if other != seat))
        assert not cards_shown(view) & others
        # The nest as dealt (before the bidding) or as buried (after the discard).
        nest = {card for card in PARTNERSHIP.deck if state.nest >> card & 1}
        if seat != state.bidder:
            assert not cards_shown(view) & nest
            assert view.nest_taken == () and view.nest_discarded == ()
        assert view.hand_sizes == tuple(len(state.hand(s)) for s in range(4))
        assert (view.legal != ()) == (seat == state.turn)


def test_the_bidder_sees_the_nest_it_took_and_what_it_buried():
    state = GameState(PARTNERSHIP, seed=3)
    players = [BasicPlayer(seat) for seat in range(4)]
    while state.phase is Phase.BIDDING:
        state.apply(players[state.turn].choose(state.view(state.turn)))
    bidder = state.bidder
    nest = state.view(bidder).nest_taken
    assert len(nest) == 5 and set(nest) <= set(state.hand(bidder))
    state.apply(players[bidder].choose(state.view(bidder)))
    buried = state.view(bidder).nest_discarded
    assert len(buried) == 5 and not set(buried) & set(state.hand(bidder))
    for seat in range(4):
        if seat != bidder:
            assert state.view(seat).nest_taken == () and state.view(seat).nest_discarded == ()


def test_the_view_holds_the_points_taken_and_out_of_play_and_who_plays_the_dummy():
    """Public facts the announcer words from the view: points taken by seat, points in no trick, the dummy's player."""
    for rules in (PARTNERSHIP, BEGINNER, VARIANTS["two"], VARIANTS["three"]):
        state = GameState(rules, seed=8)
        players = [BasicPlayer(seat) for seat in range(rules.players)]
        while not state.is_over and state.hand_number == 1:
            for seat in range(rules.players):
                view = state.view(seat)
                assert view.taken == tuple(state.taken)
                # only what was seen: the nest's cards turned for trump; never the cards laid aside (a playtest:
                # "85 still out" before any trick told the points nobody had seen)
                turned = 0 if rules.bidding else state.nest & mask_of(state.trump_turned)
                assert view.points_out_of_play == rules.points_in(turned)
                assert all(view.controller(other) == state.controller(other) for other in range(rules.players))
            state.apply(players[state.actor].choose(state.view(state.turn)), state.turn)
        assert any(state.taken) or state.hand_number > 1
