"""Panjandrum's narrator: a game resumed while a call is open says the turn judged again, and the piles say a
delay pile's size apart from its top card."""

from __future__ import annotations

from rook_access.announcer.panjandrum import PanjandrumNarrator
from rook_access.engine.cards import parse_cards
from rook_access.engine.panjandrum import PanjandrumState
from rook_access.engine.patience_deck import PATIENCE_PACK


def played_to_the_first_call() -> PanjandrumState:
    """South's first turn played (the first legal move each time) up to the call after it."""
    state = PanjandrumState(PATIENCE_PACK, 4, 3)
    while state.call_offer() is None:
        seat = state.seats_to_act()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    return state


def test_a_game_resumed_while_the_call_is_open_says_the_turn_judged_before_the_piles():
    state = played_to_the_first_call()
    narrator = PanjandrumNarrator(state.names, [1])  # West, who may call on South's turn
    lines = narrator.resume_lines(state.view)
    assert lines[:3] == [
        "Resuming Panjandrum.",
        "South's turn, 1 card played:",
        "South lifts 11g: on their own delay pile, end of turn.",
    ]
    assert lines[3].startswith("Building piles: ")
    assert narrator.question(state.view(1)) == "Panjandrum? p to call, n to let it go."


def test_a_game_resumed_between_turns_says_the_piles_only():
    state = PanjandrumState(PATIENCE_PACK, 4, 3)
    lines = PanjandrumNarrator(state.names, [0]).resume_lines(state.view)
    assert lines[0] == "Resuming Panjandrum." and lines[1].startswith("Building piles: ")


def test_the_piles_say_each_delay_pile_s_top_and_size_apart():
    state = PanjandrumState(PATIENCE_PACK, 4, 3)
    state.delays[0] = parse_cards("9r 6x 2g 1y")  # bottom card first: 1y on top
    state.delays[2] = parse_cards("3r")
    lines = PanjandrumNarrator(state.names, [0]).review_lines("piles", state.view(0))
    assert lines[1] == "Delay piles: you 1y, 4 cards; West none; North 3r; East none."
