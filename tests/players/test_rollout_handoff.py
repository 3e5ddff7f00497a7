"""Rollouts that hand their ending to the exact search (``SearchBudget.rollout_exact_cards``, issue 18): each
card is valued against the endgame the player will really play, not the rollout rules' endgame."""

from __future__ import annotations

import dataclasses
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine import COLORS, PARTNERSHIP, GameState, Phase, Play, mask_of, parse_cards
from rook_access.engine.cards import RED
from rook_access.engine.rules import VARIANTS
from rook_access.players import make_player
from rook_access.players.search import play as play_module
from rook_access.players.search.play import SearchBudget, analyse_play
from rook_access.players.search.player import STRONG, SearchPlayer
from rook_access.players.search.rollout import rollout
from rook_access.players.search.solver import SolverTables, solve, solve_counted
from rook_access.players.search.tables import trump_tables
from tests.players.test_players import west_declares

SIDES = PARTNERSHIP.side_of


@st.composite
def deals_of(draw, size: int):
    """Four hands of ``size`` cards each, a trump, a leader, a side and the nest's points."""
    deck = draw(st.permutations(PARTNERSHIP.deck))
    hands = [mask_of(deck[seat * size:(seat + 1) * size]) for seat in range(4)]
    return hands, draw(st.sampled_from(COLORS)), draw(st.integers(0, 3)), draw(st.integers(0, 1)), \
        draw(st.sampled_from([0, 20, 35]))


def finisher(trump: int, side: int, nest: int, tables: SolverTables):
    def finish(hands: list[int], leader: int) -> int:
        return solve_counted(PARTNERSHIP, trump, hands, leader, side, nest, SIDES, tables)
    return finish


@settings(max_examples=40, deadline=None)
@given(deals_of(3))
def test_a_rollout_handed_over_at_once_takes_the_exact_value(deal):
    hands, trump, leader, side, nest = deal
    tables = trump_tables(PARTNERSHIP, trump)
    taken, won = rollout(tables, SIDES, list(hands), leader, [], nest, finish=finisher(trump, side, nest, {}),
                         finish_cards=3, finish_team=side)
    exact = solve(PARTNERSHIP, trump, hands, leader, [], side, nest)
    left = sum(PARTNERSHIP.points_in(hand) for hand in hands) + nest
    assert taken[side] == exact
    assert taken[1 - side] == left - exact
    assert won == (1 << side if exact else 0)


@settings(max_examples=40, deadline=None)
@given(deals_of(6))
def test_a_rollout_handed_over_later_plays_the_first_tricks_by_its_rules(deal):
    hands, trump, leader, side, nest = deal
    tables = trump_tables(PARTNERSHIP, trump)
    seen: list[tuple[list[int], int]] = []
    solved: SolverTables = {}

    def finish(remaining: list[int], at: int) -> int:
        seen.append((list(remaining), at))
        return solve_counted(PARTNERSHIP, trump, remaining, at, side, nest, SIDES, solved)

    taken, _ = rollout(tables, SIDES, list(hands), leader, [], nest, finish=finish, finish_cards=2, finish_team=side)
    assert len(seen) == 1
    remaining, at = seen[0]
    assert [hand.bit_count() for hand in remaining] == [2, 2, 2, 2]
    exact = solve(PARTNERSHIP, trump, remaining, at, [], side, nest)
    # The first four tricks are the rules' own: handing over a worthless ending leaves what they took.
    before, _ = rollout(tables, SIDES, list(hands), leader, [], nest, finish=lambda _hands, _at: 0, finish_cards=2,
                        finish_team=side)
    left = sum(PARTNERSHIP.points_in(hand) for hand in remaining) + nest
    assert taken[side] == before[side] + exact
    assert taken[1 - side] == before[1 - side] - left + (left - exact)
    assert sum(taken) == sum(PARTNERSHIP.points_in(hand) for hand in hands) + nest


def test_the_search_hands_its_rollouts_over_only_where_the_exact_solver_plays_the_rules(monkeypatch):
    calls: list[int] = []
    real = play_module.solve_counted

    def counted(*arguments, **keywords):
        calls.append(1)
        return real(*arguments, **keywords)

    monkeypatch.setattr(play_module, "solve_counted", counted)
    state = west_declares()
    seat = state.turn
    assert seat is not None
    view = state.view(seat)
    budget = dataclasses.replace(STRONG, samples=4, rollout_exact_cards=2)
    analysis = analyse_play(view, budget, random.Random(3))
    assert Play(analysis.chosen) in view.legal
    assert len(calls) == analysis.samples * len(analysis.results)  # one ending solved per rollout
    # Flip counts points against their taker: the exact solver does not play it, so no rollout hands over.
    calls.clear()
    flip = GameState(VARIANTS["flip"], seed=4)
    flip_player = make_player("easy", 1)
    while flip.phase is not Phase.PLAY:
        turn = flip.turn
        assert turn is not None
        flip.apply(flip_player.choose(flip.view(turn)), turn)
    turn = flip.turn
    assert turn is not None
    analyse_play(flip.view(turn), budget, random.Random(3))
    assert calls == []
    assert SearchBudget().rollout_exact_cards == 0


def test_a_handed_over_rollout_keeps_the_cards_of_a_trick_under_way():
    # South (seat 0) has led 13r; the rollout starts mid-trick and hands over only at the next trick's start.
    hands = [mask_of(parse_cards(text)) for text in ("13r 5g", "12r 6g", "11r 7g", "10r 8g")]
    tables = trump_tables(PARTNERSHIP, RED)
    after_lead = list(hands)
    lead = parse_cards("13r")[0]
    after_lead[0] &= ~(1 << lead)
    starts: list[int] = []

    def finish(remaining: list[int], at: int) -> int:
        starts.append(at)
        return solve(PARTNERSHIP, RED, remaining, at, [], 0, 0)

    taken, _ = rollout(tables, SIDES, after_lead, 0, [lead], 0, finish=finish, finish_cards=2, finish_team=0)
    assert starts == [0]  # South's 13r took the first trick and leads the last, which the solver plays
    assert taken[0] == solve(PARTNERSHIP, RED, hands, 0, [], 0, 0)


def test_the_cheating_yardstick_hands_over_as_the_search_it_is_measured_against():
    budgets = {}
    for level in ("cheat-handoff3", "strong-handoff3", "strong-handoff2", "cheat", "strong", "strong-nestdraw",
                  "strong-random-nest"):
        player = make_player(level, 1)
        assert isinstance(player, SearchPlayer)
        budgets[level] = player.budget.rollout_exact_cards
    # The strong player and its cheating yardstick hand over at 3 cards; the levels that measured the player
    # before keep its rollouts, played to the last card by their rules.
    assert budgets == {"cheat-handoff3": 3, "strong-handoff3": 3, "strong-handoff2": 2, "cheat": 3, "strong": 3,
                       "strong-nestdraw": 0, "strong-random-nest": 0}
