"""The computer players in Flip and High 14: every level at every table size, the search's objective read
from the rule set (Flip's points count against), ducking in Flip, and the 14s at any time in High 14."""

from __future__ import annotations

import pytest

from rook_access.engine import Deal, GameState, Play, parse_card, parse_cards
from rook_access.engine.rules import FLIP, HIGH_14, TableOptions, with_options
from rook_access.players import BasicPlayer, make_player
from rook_access.players.search.outlook import Outlook
from rook_access.players.search.play import solver_fits
from rook_access.players.search.player import NORMAL, STRONG, SearchPlayer

SIZES = [(FLIP, 3), (FLIP, 5), (FLIP, 7), (HIGH_14, 3), (HIGH_14, 6)]


@pytest.mark.parametrize(("base", "players"), SIZES, ids=[f"{rules.name}-{n}" for rules, n in SIZES])
@pytest.mark.parametrize("level", ["easy", "normal", "random"])
def test_every_level_plays_a_whole_hand_at_every_table_size(base, players, level):
    rules = with_options(base, TableOptions(players=players, hands=1))
    state = GameState(rules, seed=players)
    computers = [make_player(level if seat % 2 == 0 else "easy", seat) for seat in range(players)]
    while not state.is_over:
        seat = state.turn
        view = state.view(seat)
        action = computers[seat].choose(view)
        assert action in view.legal  # the legal actions come from the engine: a 14 at any time included
        state.apply(action, seat)
    assert state.hands_played == 1


def test_the_search_s_objective_is_the_rule_set_s_scoring():
    flip = FLIP.at_table(3)
    view = GameState(flip, seed=1).view(0)
    outlook = Outlook.of(view)
    # Taking red points is worse for this seat, the Golden Ten's -10 better, never below 0.
    assert outlook.outcome([8, 0, 0]) < outlook.outcome([0, 0, 0]) < outlook.outcome([0, 8, 8])
    assert outlook.outcome([3 - 10, 0, 0]) == outlook.outcome([0, 0, 0])
    # The same data with points that are won, not avoided: the other way round.
    winning = Outlook(flip.replace(avoid_points=False), outlook.teams, outlook.team_of, outlook.mine, None, None)
    assert winning.outcome([8, 0, 0]) > winning.outcome([0, 0, 0])
    assert not solver_fits(flip) and not solver_fits(HIGH_14)


DUCK = Deal(
    0,
    (
        tuple(parse_cards("9r 2r 1x 2x 3x 4x 5x 6x 7x 1y 2y 3y 4y 5y 6y 7y 1g 2g")),
        tuple(parse_cards("8r 3r 8x 9x 10x 11x 12x 8y 9y 11y 12y 13y 3g 4g 5g 6g 7g 8g")),
        tuple(parse_cards("14x 13x 14y 9g 10g 11g 12g 13g 14g 1r 4r 5r 6r 7r 10r 11r 12r 13r")),
    ),
    tuple(parse_cards("10y 14r")),
)
"""Flip for three: West leads 8r, East follows 1r; South, last, holds 9r and 2r."""


@pytest.mark.parametrize("player", [SearchPlayer(1, STRONG, "strong"), SearchPlayer(1, NORMAL, "normal"),
                                    BasicPlayer(1)], ids=["strong", "normal", "easy"])
def test_in_flip_every_level_ducks_rather_than_take_red_cards(player):
    state = GameState(with_options(FLIP, TableOptions(players=3, hands=1)), first_deal=DUCK)
    state.apply(Play(parse_card("8r")))
    state.apply(Play(parse_card("1r")))
    assert state.turn == 0
    assert player.choose(state.view(0)) == Play(parse_card("2r"))  # 9r would take 8r, 1r and the 9r


def test_in_high_14_the_search_plays_a_14_on_a_trick_worth_taking():
    hands = (
        "14g 2r 3r 4r 1x 2x 3x 4x 5x 1y 2y 3y 4y 5y",
        "10r 12r 13r 6x 7x 8x 9x 10x 6y 7y 8y 9y 10y 2g",
        "5r 6r 7r 8r 9r 11x 12x 13x 11y 12y 13y 3g 4g 5g",
        "1r 11r 14r 14x 14y 1g 6g 7g 8g 9g 10g 11g 12g 13g",
    )
    deal = Deal(1, tuple(tuple(parse_cards(hand)) for hand in hands), (), cut=parse_card("1x"))
    state = GameState(with_options(HIGH_14, TableOptions(hands=1)), first_deal=deal)
    assert state.turn == 2  # West deals; North leads
    state.apply(Play(parse_card("5r")))  # North leads the red 5
    state.apply(Play(parse_card("11r")))  # East follows
    # South holds red, and the 14g: any 14 may be played any time, and it takes the 5 and the trick.
    assert Play(parse_card("14g")) in state.view(0).legal
    assert SearchPlayer(2, STRONG, "strong").choose(state.view(0)) == Play(parse_card("14g"))
