"""The hint command: the strong player's move with one reason, for each phase."""

from __future__ import annotations

import dataclasses
import math

from rook_access.announcer.hints import hint_line
from rook_access.engine import (
    PASS,
    Bid,
    Discard,
    GameState,
    Phase,
    parse_cards,
)
from rook_access.engine.rules import VARIANTS
from rook_access.players import BasicPlayer
from rook_access.players.search.player import STRONG, HintPlayer
from tests.helpers.console import run_in_process
from tests.helpers.hands import west_leads_yellow, west_leads_yellow_trick

HINTER = HintPlayer(budget=dataclasses.replace(STRONG, deadline=math.inf))
"""The hint's player stopping at its sample budget only, as ``ROOK_ACCESS_NO_DEADLINE=1`` makes
it: the same hint on a busy machine as on an idle one, where the deadline is not reached."""


def test_play_hint_names_the_card_and_why():
    state = west_leads_yellow_trick()
    line = hint_line(state.view(0), HINTER)
    assert line.startswith("Play 14y: West leads yellow; it wins 25 points; over ")
    assert "\n" not in line and len(line) < 160


def test_bidding_hint_says_the_highest_bid_the_hand_is_worth():
    state = west_leads_yellow()
    line = hint_line(state.view(1), HINTER)
    assert line == "Bid 70: your hand is worth a bid of up to 100."


def test_discard_and_trump_hints():
    state = west_leads_yellow()
    state.apply(Bid(70), 1)
    for seat in (2, 3, 0):
        state.apply(PASS, seat)
    line = hint_line(state.view(1), HINTER)
    assert line.startswith("Discard ") and " trump: it keeps " in line
    state.apply(Discard(frozenset(parse_cards("5g 6g 7x 8x 9r"))), 1)
    line = hint_line(state.view(1), HINTER)
    assert line.startswith("Trump red: you hold 7 of it, rook 14r 13r 12r 11r 10r 5r.")


def test_no_hint_out_of_turn():
    state = west_leads_yellow()
    assert hint_line(state.view(0), HINTER) == "No hint: it is not your turn."


def test_hint_at_the_console_changes_nothing():
    with_hint, hinted_records, hinted_state, _ = run_in_process(["hint", "pass"], seed=3)
    without, records, state, _ = run_in_process(["pass"], seed=3)
    hint_lines = [line for line in with_hint if line.startswith(("Bid ", "Pass: "))]
    assert len(hint_lines) == 1
    assert [line for line in with_hint if line not in hint_lines] == without
    assert hinted_records == records


def test_a_hint_where_one_card_is_legal_says_it_is_the_only_one():
    from rook_access.engine import Play, card_name

    state = west_leads_yellow_trick()
    while len(state.legal_actions()) != 1:  # play on, the first legal card each turn, to a forced card
        state.apply(state.legal_actions()[0])
    view = state.view(state.turn)
    only = view.legal[0]
    assert isinstance(only, Play)
    assert hint_line(view, HINTER) == f"Play {card_name(only.card)}: the only legal card."


def test_a_hint_counts_one_point_in_the_singular():
    """In the Beginner Game a trick can hold 1 point: "it wins 1 point", never "1 points"."""
    hinter = HintPlayer(budget=dataclasses.replace(STRONG, deadline=math.inf, samples=8))
    said = []
    for seed in range(1, 4):
        rules = VARIANTS["beginner"].replace(hands_limit=1)
        state = GameState(rules, seed=seed)
        players = [BasicPlayer(seat) for seat in range(rules.players)]
        while not state.is_over:
            seat = state.seats_to_act()[0]
            view = state.view(seat)
            if view.phase is Phase.PLAY and view.trick and len(view.legal) > 1:
                said.append(hint_line(view, hinter))
            state.apply(players[seat].choose(view), seat)
    assert not any(" 1 points" in line for line in said)
    assert any(" 1 point" in line for line in said)  # the case arises
