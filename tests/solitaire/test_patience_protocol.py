"""Both patience games through the game protocol, and random legal games that never break an invariant."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine.clock import CLOCK, ClockState
from rook_access.engine.clock import event_from_json as clock_event
from rook_access.engine.clock import event_to_json as clock_json
from rook_access.engine.errors import IllegalActionError
from rook_access.engine.patience_deck import deck_to_json, shuffled_deck
from rook_access.engine.protocol import GameState, TableSetup
from rook_access.engine.solitaire import (
    SOLITAIRE,
    Outcome,
    SolitaireRule,
    SolitaireState,
    action_from_json,
    event_from_json,
    event_to_json,
)


def test_the_descriptions_start_games_from_a_seed_or_a_deal_file() -> None:
    for description, kind in ((SOLITAIRE, SolitaireState), (CLOCK, ClockState)):
        game = description.start(TableSetup(description.name, seed=4), None)
        assert isinstance(game, kind) and isinstance(game, GameState)
        assert game.seats_to_act() == (0,) and game.legal_actions(1) == []
        assert description.read_deal is not None
        deck = description.read_deal(json.loads(json.dumps(deck_to_json(shuffled_deck(4)))))
        assert description.start(TableSetup(description.name), deck).events == game.events
        assert description.family == "patience" and description.seat_counts == (1,)
    assert (SOLITAIRE.name, CLOCK.name) == ("solitaire", "clock")


def test_another_seat_is_refused() -> None:
    game = SolitaireState.from_seed(1)
    try:
        game.apply(game.legal_actions()[0], seat=1)
    except IllegalActionError as refused:
        assert refused.rule is SolitaireRule.NOT_YOUR_TURN and refused.legal == tuple(game.legal_actions())
    else:
        raise AssertionError("seat 1 played")


def test_events_have_one_json_form() -> None:
    game = SolitaireState.from_seed(2)
    while not game.is_over:
        game.apply(game.moves()[-1])
    text = json.dumps([event_to_json(event) for event in game.events])
    assert [event_from_json(data) for data in json.loads(text)] == game.events
    clock = ClockState.from_seed(2)
    while not clock.is_over:
        clock.apply(clock.legal_actions()[0])
    assert [clock_event(json.loads(json.dumps(clock_json(event)))) for event in clock.events] == clock.events


@pytest.mark.parametrize(
    ("read", "data"),
    [
        (event_from_json, {"event": "pile_vacant", "pile": "4"}),
        (event_from_json, {"event": "pile_vacant", "pile": True}),
        (event_from_json, {"event": "solitaire_over", "outcome": 3, "built": 10}),
        (event_from_json, {"event": "card_built", "pile": 2.5, "card": "7r"}),
        (clock_event, {"event": "clock_over", "blocked_at": 1, "came_out": 1, "face_down": 0}),
        (clock_event, {"event": "card_placed", "source": 1, "card": "7r", "target": None}),
    ],
)
def test_an_event_with_a_field_of_the_wrong_type_is_refused(read: Callable[[object], object], data: object) -> None:
    with pytest.raises(ValueError, match="is written as"):
        read(data)


def _check_invariants(game: SolitaireState, face_down_before: int) -> int:
    cards = [card for pile in game.down + game.up for card in pile]
    built = [color * 14 + number for color in range(4) for number in range(game.built[color])]
    assert sorted(cards + built) == list(range(56))  # every card in exactly one place
    face_down = sum(len(pile) for pile in game.down)
    assert face_down <= face_down_before
    for down, up in zip(game.down, game.up, strict=True):
        assert up or not down  # a pile with face-down cards always shows its top
        assert all(card % 14 != 0 for card in up)  # a 1 never stays on a transfer pile
        for lower, higher in zip(up[1:], up[:-1], strict=True):
            assert lower % 14 + 1 == higher % 14 and lower // 14 != higher // 14  # down, alternating colors
        if up and up[0] % 14 == 13:
            assert all(card % 14 == 13 for card in down)  # a 14 face up rests on 14s only
        assert all(card % 14 != 13 for card in up[1:])
    view = game.view()
    hidden = {card for pile in view.piles for card in pile.down if card is not None}
    assert hidden <= game.seen and all(card % 14 == 13 for card in hidden)
    assert game.is_over == (not game.moves())
    return face_down


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), choices=st.lists(st.integers(0, 10**6), min_size=120, max_size=120))
def test_random_legal_games_keep_every_invariant(seed: int, choices: list[int]) -> None:
    game = SolitaireState.from_seed(seed)
    face_down = _check_invariants(game, 56)
    for choice in choices:
        if game.is_over:
            break
        moves = game.moves()
        action = action_from_json(json.loads(json.dumps(moves[choice % len(moves)].to_json())))
        game.apply(action)
        face_down = _check_invariants(game, face_down)
    replayed = SolitaireState.replay(game.deck, game.actions)
    assert replayed.events == game.events
    assert game.is_over or len(choices) == 120
    if game.outcome is Outcome.WON:
        assert game.built == [14, 14, 14, 14]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31))
def test_clock_games_keep_every_card_and_end_at_the_fourth_one(seed: int) -> None:
    game = ClockState.from_seed(seed)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
        view = game.view()
        assert sum(pile.face_down + len(pile.face_up) for pile in view.piles) == 56
        assert all(card % 14 + 1 == pile.number for pile in view.piles for card in pile.face_up)
    assert sum(card % 14 == 0 for card in game.turned) == 4 and game.turned[-1] % 14 == 0
    assert game.standings()[0].won == (len(game.turned) == 56)
