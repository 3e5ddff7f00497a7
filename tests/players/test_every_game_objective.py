"""The search's objective in the games where not every player has a partner.

The defenders of the 5- and 6-player games plan as one side against the bid
winner (``Outlook.for_play``): a trick taken by another defender counts as the
side's, the side's objective is the bidder's turned round, and the exact
solver plays their last tricks.  In the Beginner Game (each alone, no bidding)
and for the bid winner playing alone, the objective rises with the seat's own
points alone, so the exact solver (this seat against every other) plays their
last tricks too.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from rook_access.announcer.hints import advice_line
from rook_access.engine import GameState, Phase, Play, parse_card
from rook_access.engine.rules import VARIANTS
from rook_access.players import BasicPlayer
from rook_access.players.search.outlook import Outlook
from rook_access.players.search.play import analyse_play
from rook_access.players.search.player import STRONG, SearchPlayer

from .test_players_variants import five_player_hand, three_player_hand

FEW = dataclasses.replace(STRONG, samples=6)


def test_a_defender_plans_with_the_other_defenders_as_one_side():
    state = five_player_hand()  # seat 2 won the bid at 30
    defender = Outlook.for_play(state.view(0))
    assert defender.teams == ((2,), (0, 1, 3, 4))
    assert defender.team_of == (1, 1, 0, 1, 1) and defender.mine == 1 and defender.bidder_team == 0
    assert defender.pooled
    # The bid winner's own objective is unchanged.
    assert Outlook.for_play(state.view(2)) == Outlook.of(state.view(2))


def test_a_trick_won_by_another_defender_counts_as_the_sides():
    state = five_player_hand()
    alone = Outlook.of(state.view(0))
    together = Outlook.for_play(state.view(0))
    # By seat (the bidder's team first): 15 taken by seat 0 itself, or by seat 1 instead.
    own, other = [40, 15, 20, 15, 10], [40, 0, 35, 15, 10]
    assert alone.outcome(own) != alone.outcome(other)  # alone, it is seat 0's loss
    # Together the defenders took 60 either way: their mean, 15, minus the bidder's 40.
    assert together.outcome([40, 60]) == 60 / 4 - 40
    # The bidder set at 30: minus the bid.
    assert together.outcome([25, 75]) == 75 / 4 + 30


@pytest.mark.parametrize("bidder_points", [0, 10, 25, 29, 30, 55, 100])
def test_the_defenders_objective_is_the_bidders_turned_round(bidder_points):
    state = five_player_hand()
    bidder = Outlook.for_play(state.view(2))
    defenders = Outlook.for_play(state.view(4))
    rest = 100 - bidder_points
    by_seat = [bidder_points, rest // 2, rest - rest // 2, 0, 0]  # however the defenders share the rest
    assert defenders.outcome([bidder_points, rest]) == -bidder.outcome(by_seat)


def test_the_defenders_points_so_far_are_their_sum():
    state = five_player_hand()
    for seat, card in ((3, "14y"), (4, "3y"), (0, "5y"), (1, "7y"), (2, "2y")):
        state.apply(Play(parse_card(card)), seat)
    view = state.view(4)
    assert view.counters == (0, 0, 0, 15, 0)  # by the hand's teams: seat 3 took 14y and 5y
    assert Outlook.for_play(view).counters_of(view) == [0, 15]
    assert Outlook.of(view).counters_of(view) == [0, 0, 0, 15, 0]


def test_whose_objective_rises_with_their_own_points_alone():
    five = five_player_hand()
    assert Outlook.of(five.view(2)).by_own_points  # the bid winner: the others' mean is what it leaves
    assert not Outlook.of(five.view(0)).by_own_points  # a defender alone wants the bidder set
    assert Outlook.for_play(five.view(0)).by_own_points  # as one side with the other defenders
    assert Outlook.of(three_player_hand().view(0)).by_own_points  # two teams
    beginner = GameState(VARIANTS["beginner"], seed=4)
    assert Outlook.of(beginner.view(beginner.turn)).by_own_points  # each alone, no bidding


def _late(state: GameState, cards: int) -> GameState:
    """``state`` played on by easy players until every hand holds at most ``cards`` cards, at a seat with a choice."""
    players = {seat: BasicPlayer(seat) for seat in state.rules.people}
    while True:
        seat = state.turn
        assert seat is not None and state.phase is not Phase.GAME_OVER
        view = state.view(seat)
        if state.phase is Phase.PLAY and max(view.hand_sizes) <= cards and len(view.legal) > 1:
            return state
        state.apply(players[state.actor].choose(view), seat)


@pytest.mark.parametrize("game", ["five", "six", "beginner"])
def test_the_last_tricks_are_solved_exactly_in_the_games_of_players_alone(game):
    seat_kinds = set()
    for seed in range(12):
        state = _late(GameState(VARIANTS[game], seed=seed), 3)
        view = state.view(state.turn)
        analysis = analyse_play(view, FEW, random.Random(1))
        assert analysis.exact, (game, seed)
        assert analysis.chosen in {action.card for action in view.legal if isinstance(action, Play)}
        seat_kinds.add(view.bidder == view.seat)
    if game != "beginner":
        assert seat_kinds == {True, False}  # bid winners and defenders alike


def test_a_defenders_hint_says_the_points_are_the_defenders():
    for seed in range(20):
        state = _late(GameState(VARIANTS["five"], seed=seed), 3)
        view = state.view(state.turn)
        if view.bidder != view.seat:
            break
    else:
        raise AssertionError("no defender to play in 20 deals")
    line = advice_line(view, SearchPlayer(1, FEW).advise(view))
    assert "solved exactly: the defenders take" in line, line

