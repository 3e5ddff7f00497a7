"""The one JSON notation of actions and events (engine.notation): records and saves read it."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass

import pytest

from rook_access.engine import CHECK, PASS, Bid, Discard, GameState, NameTrump, Play, notation, parse_card, parse_cards
from rook_access.engine.notation import (
    NotationError,
    action_from_json,
    action_text,
    action_to_json,
    event_to_json,
    register_action,
    register_event,
)


@pytest.mark.parametrize(
    ("action", "value"),
    [
        (Bid(85), ("bid", 85)),
        (PASS, ("pass", True)),
        (CHECK, ("check", True)),
        (Discard(frozenset(parse_cards("9g 5r 6r 7x 8x"))), ("discard", ["5r", "6r", "7x", "8x", "9g"])),
        (NameTrump(parse_card("5y") // 14), ("trump", "yellow")),
        (Play(parse_card("14r")), ("play", "14r")),
    ],
)
def test_every_trick_action_is_written_and_read_back(action, value):
    key, written = value
    assert action_to_json(3, action) == {"seat": 3, key: written}
    assert json.loads(action_text(3, action)) == {"seat": 3, key: written}
    assert action_from_json({"seat": 3, key: written}) == (3, action)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"seat": 0}, "a saved action is not a seat and one action"),
        ({"seat": True, "pass": True}, "a saved action's seat is not a seat number"),
        ({"seat": 0, "juggle": True}, "a saved action is of an unknown kind"),
        ({"seat": 0, "bid": "75"}, "a saved bid has a value of the wrong type"),
        ({"seat": 0, "play": "15r"}, "a saved play names no card or color"),
        ({"seat": 0, "discard": ["5r", "5r"]}, "a saved discard names a card twice"),
    ],
)
def test_a_malformed_action_is_refused_in_one_line(data, message):
    with pytest.raises(NotationError, match=f"^{message}$"):
        action_from_json(data)


def test_every_event_of_a_game_has_a_record_line_naming_it():
    state = GameState(seed=4)
    chooser = random.Random(4)
    while not state.is_over and len(state.events) < 80:
        state.apply(chooser.choice(list(state.legal_actions())))
    lines = [event_to_json(event) for event in state.events]
    assert lines[0]["event"] == "game_start" and lines[1]["event"] == "deal"
    assert all(isinstance(line["event"], str) for line in lines)
    assert {line["event"] for line in lines} >= {"bid", "bid_won", "nest_taken", "nest", "trump", "play", "trick"}


@dataclass(frozen=True)
class _Move:
    """Another family's action, as the solitaire games will register theirs."""

    pile: int


@dataclass(frozen=True)
class _Moved:
    pile: int


def test_another_family_registers_its_actions_and_events_in_the_same_notation(monkeypatch):
    monkeypatch.setattr(notation, "_ACTION_BY_TYPE", dict(notation._ACTION_BY_TYPE))
    monkeypatch.setattr(notation, "_ACTION_BY_KEY", dict(notation._ACTION_BY_KEY))
    monkeypatch.setattr(notation, "_EVENT_BY_TYPE", dict(notation._EVENT_BY_TYPE))
    register_action(
        _Move, "shift", lambda move: move.pile, lambda value: _Move(value) if isinstance(value, int) else None
    )
    register_event(_Moved, lambda event: {"event": "moved", "pile": event.pile})
    assert action_text(0, _Move(4)) == '{"seat":0,"shift":4}'
    assert action_from_json({"seat": 0, "shift": 4}) == (0, _Move(4))
    assert event_to_json(_Moved(2)) == {"event": "moved", "pile": 2}
    with pytest.raises(ValueError, match="taken"):
        register_action(_Move, "shift2", lambda move: 0, lambda value: None)
    with pytest.raises(ValueError, match="taken"):
        register_action(Bid, "bid", lambda move: 0, lambda value: None)


def test_an_unregistered_value_is_not_an_action_or_event():
    with pytest.raises(TypeError, match="not an action"):
        action_to_json(0, _Move(1))
    with pytest.raises(TypeError, match="not an event"):
        event_to_json(_Moved(1))
