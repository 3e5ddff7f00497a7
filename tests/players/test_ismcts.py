"""Information-set Monte Carlo tree search for the bid winner's side (issue 18, item 2: a remedy for strategy
fusion), the bench level ``strong-ismcts``."""

from __future__ import annotations

import dataclasses
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.bench.match import ONE_HAND, make_deal
from rook_access.engine import PARTNERSHIP, GameState, Phase, SeatView, mask_of
from rook_access.engine.cards import GREEN, RED, card_name
from rook_access.players import make_player
from rook_access.players.search.ismcts import analyse_play_ismcts, applies
from rook_access.players.search.play import nest_points_of
from rook_access.players.search.player import STRONG, SideTreeSearchPlayer, TreeSearchPlayer
from rook_access.players.search.rollout import policy_card, rollout
from rook_access.players.search.sampling import SampledDeal
from rook_access.players.search.solver import solve_moves_counted
from rook_access.players.search.tables import trump_tables
from tests.players.test_players import west_declares

NO_CLOCK = dataclasses.replace(STRONG, deadline=1e9)


def easy_play_until(state: GameState, stop) -> SeatView:
    """Play ``state`` on by the easy player in every seat until ``stop(state, view)`` holds for the seat to play."""
    players = [make_player("easy", seat) for seat in range(state.rules.players)]
    while True:
        seat = state.turn
        assert seat is not None, "the hand ended before the position sought"
        view = state.view(seat)
        if stop(state, view):
            return view
        state.apply(players[seat].choose(view), seat)


def bidder_side_with(cards: int):
    """A stop for ``easy_play_until``: the bid winner's side to play, with ``cards`` cards each and a choice."""

    def stop(state: GameState, view: SeatView) -> bool:
        return (state.phase is Phase.PLAY and max(view.hand_sizes) == cards and len(view.legal) > 1
                and state.team_of[view.seat] == state.team_of[state.bidder])

    return stop


def test_it_searches_the_bid_winners_side_only_and_leaves_the_last_cards_to_the_exact_solve():
    state = west_declares()  # West took the bid and leads: East is West's partner
    assert state.turn == 1 and applies(state.view(1), STRONG)
    # North defends: sampling and solving, as the strong player.
    north = easy_play_until(state, lambda state, view: view.seat == 2 and len(view.legal) > 1)
    assert not applies(north, STRONG)
    # Four cards each: the exact solve of every deal, as the strong player.
    last_four = easy_play_until(state, lambda state, view: view.seat in (1, 3) and max(view.hand_sizes) == 4)
    assert not applies(last_four, STRONG)


def test_every_card_is_tried_and_the_most_tried_is_chosen_the_same_way_every_time():
    view = west_declares().view(1)
    first = analyse_play_ismcts(view, NO_CLOCK, random.Random(5))
    again = analyse_play_ismcts(view, NO_CLOCK, random.Random(5))
    legal = {action.card for action in view.legal}
    assert set(first.results) == legal and all(result.count > 0 for result in first.results.values())
    # One rollout an iteration, as many as sampling and solving plays: its samples for each legal card.
    assert first.samples == NO_CLOCK.samples * len(legal) == sum(result.count for result in first.results.values())
    most_tried = max(result.count for result in first.results.values())
    assert first.results[first.chosen].count == most_tried
    assert first.chosen == again.chosen and first.ranked() == again.ranked()


@pytest.mark.parametrize(("deal", "best"), [(54, "10x"), (35, "14x")])
def test_shown_the_true_deal_it_finds_the_card_the_exact_solve_values_far_above_the_rest(deal, best):
    state = GameState(ONE_HAND, seed=0, first_deal=make_deal(7, deal))
    view = easy_play_until(state, bidder_side_with(5))
    truth = SampledDeal(list(state.hands), state.nest)
    leader = view.trick_leader if view.trick_leader is not None else view.seat
    values, _ = solve_moves_counted(view.rules, view.trump, truth.hands, leader, list(view.trick),
                                    state.team_of[view.seat], nest_points_of(view.rules, truth.nest), state.team_of)
    top = max(values, key=values.__getitem__)
    assert card_name(top) == best and values[top] >= sorted(values.values())[-2] + 10  # one card clearly best

    def the_truth(view, knowledge, count, rng):
        return [SampledDeal(list(truth.hands), truth.nest)]

    analysis = analyse_play_ismcts(view, NO_CLOCK, random.Random(3), the_truth)
    assert analysis.chosen == top


@pytest.mark.parametrize("level", [TreeSearchPlayer, SideTreeSearchPlayer])
def test_the_levels_play_a_whole_hand_by_the_rules(level):
    state = GameState(ONE_HAND, seed=0, first_deal=make_deal(7, 3))
    players = {seat: level(seat, NO_CLOCK, "strong-ismcts") for seat in (0, 2)}
    players.update({seat: make_player("easy", seat) for seat in (1, 3)})
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        state.apply(players[seat].choose(state.view(seat)), seat)
    assert state.is_over


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from([RED, GREEN]))
def test_the_rollout_policy_one_card_at_a_time_plays_the_hand_as_the_rollout_does(number, trump):
    deal = make_deal(11, number)
    tables = trump_tables(PARTNERSHIP, trump)
    team_of = PARTNERSHIP.side_of
    hands = [mask_of(hand) for hand in deal.hands]
    whole, _ = rollout(tables, team_of, list(hands), 0, [], 0)
    taken = [0, 0]
    leader, trick = 0, []
    while hands[leader] or trick:
        card = policy_card(tables, team_of, hands, leader, trick)
        hands[(leader + len(trick)) % 4] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            powers = PARTNERSHIP.trick_powers[trump][trick[0]]
            winner = (leader + max(range(4), key=lambda index: powers[trick[index]])) % 4
            taken[team_of[winner]] += sum(tables.points[card] for card in trick)
            leader, trick = winner, []
    assert taken == whole
