"""The computer players in Dixie Rook (four and six) and Display Rook: every level plays legally through a
hand, each game has its own bidding model, and the search bids Dixie Rook from 70 in fives."""

from __future__ import annotations

import pytest

from rook_access.engine import Bid, BidMade, GameState, HandDisplayed
from rook_access.engine.rules import DISPLAY, DIXIE, TableOptions, with_options
from rook_access.players import LEVELS, make_player
from rook_access.players.search.bidding_model import load_model
from rook_access.players.search.outlook import model_signature

TABLES = {
    "dixie": DIXIE,
    "dixie-6": with_options(DIXIE, TableOptions(players=6)),
    "display": DISPLAY,
}


@pytest.mark.parametrize("name", list(TABLES))
def test_each_game_has_a_bidding_model_of_its_own(name):
    rules = TABLES[name]
    model = load_model(rules)
    assert model is not None and model.name.startswith(name.replace("-6", " for 6"))
    others = {model_signature(other) for key, other in TABLES.items() if key != name}
    assert model_signature(rules) not in others


CHOSEN_LEVELS = ("easy", "normal", "random", "cheat")
"""The levels a table is played with (``cheat`` the yardstick of every benchmark): each at every table here."""
BENCH_YARDSTICKS = [level for level in LEVELS if not level.startswith("strong") and level not in CHOSEN_LEVELS]
"""The benchmarks' other cheating levels, each a search player seeing the deal in some phases only: each at one
table, in turn, so that every table has some and the suite stays quick (a hand of the search takes seconds)."""


@pytest.mark.parametrize(
    ("name", "level"),
    [(name, level) for level in CHOSEN_LEVELS for name in TABLES]
    + [(list(TABLES)[index % len(TABLES)], level) for index, level in enumerate(BENCH_YARDSTICKS)],
)
def test_every_level_plays_a_hand_legally(name, level):
    rules = TABLES[name].replace(hands_limit=1)
    state = GameState(rules, seed=11)
    players = [make_player(level, seat) for seat in range(rules.players)]
    while not state.is_over:
        seat = state.turn
        state.apply(players[state.actor].choose(state.view(seat)), seat)  # an illegal choice would raise
    bids = [event.amount for event in state.events if isinstance(event, BidMade) and event.amount is not None]
    assert all(amount % 5 == 0 and amount >= rules.min_bid for amount in bids)
    if rules.dealer_partner_displays:
        assert any(isinstance(event, HandDisplayed) for event in state.events)


def test_the_strong_player_bids_dixie_from_70_and_plays_the_displayed_hand():
    for rules in (DIXIE, DISPLAY):
        state = GameState(rules.replace(hands_limit=1), seed=5)
        player = make_player("strong", 1)
        action = player.choose(state.view(state.turn))
        legal = state.legal_actions()
        assert action in legal
        if isinstance(action, Bid):
            assert action.amount >= rules.min_bid
