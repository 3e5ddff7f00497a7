"""The same-dealer rule of a progressive party's tables: a hand everyone passes is dealt again by its dealer."""

from __future__ import annotations

import pytest

from rook_access.engine import PASS, GameState, RuleSetError
from rook_access.engine.events import Dealt, ThrownIn
from rook_access.engine.notation import event_to_json
from rook_access.engine.rules import BEGINNER, DIXIE, PARTNERSHIP, TableOptions, with_options


def _everyone_passes(state: GameState) -> None:
    for _ in range(state.rules.players):
        state.apply(PASS, state.turn)


@pytest.mark.parametrize("base", [DIXIE, PARTNERSHIP])
def test_a_hand_everyone_passes_is_dealt_again_by_the_same_dealer(base):
    state = GameState(with_options(base, TableOptions(same_dealer=True, hands=4)), seed=11)
    first = state.dealer
    _everyone_passes(state)
    _everyone_passes(state)
    deals = [event for event in state.events if isinstance(event, Dealt)]
    thrown = [event for event in state.events if isinstance(event, ThrownIn)]
    assert [deal.dealer for deal in deals] == [first, first, first]
    assert [event.dealer for event in thrown] == [first, first]
    assert deals[1].hands != deals[0].hands  # a new shuffle
    assert state.hand_number == 1 and state.dealer == first


def test_without_the_rule_the_deal_passes_to_the_left():
    state = GameState(DIXIE, seed=11)
    first = state.dealer
    _everyone_passes(state)
    assert state.dealer == (first + 1) % 4


def test_the_record_says_the_rule_only_where_it_is_played():
    plain = event_to_json(GameState(DIXIE, seed=1).events[0])
    party = event_to_json(GameState(with_options(DIXIE, TableOptions(same_dealer=True)), seed=1).events[0])
    assert "same_dealer" not in plain and party["same_dealer"] is True
    assert {key: value for key, value in party.items() if key != "same_dealer"} == plain


def test_a_game_without_bidding_has_no_hand_to_deal_again():
    with pytest.raises(RuleSetError, match="has no bidding, so no hand is passed out and dealt again"):
        with_options(BEGINNER, TableOptions(same_dealer=True))
