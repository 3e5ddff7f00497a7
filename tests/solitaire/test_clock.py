"""Rook Clock (docs/rules.md, "Rook Clock"): the deal round the dial, the turns, the end at the fourth 1."""

from __future__ import annotations

import pytest

from rook_access.engine.cards import parse_card, parse_cards
from rook_access.engine.clock import (
    DEALING_ORDER,
    STEP,
    ClockCardPlaced,
    ClockOutcome,
    ClockOver,
    ClockRule,
    ClockState,
    action_from_json,
    deal_clock,
    home_pile,
)
from rook_access.engine.errors import IllegalActionError
from rook_access.engine.solitaire import RESIGN


def deck_turning(order: list[int]) -> list[int]:
    """The deal whose game turns the cards in ``order`` (the fourth 1 last): each card is put in the place the
    game will turn it from."""
    slots: dict[int, list[int]] = {pile: [] for pile in range(1, 15)}  # top first
    current = 1
    for card in order:
        slots[current].append(card)
        current = home_pile(card)
    piles = {pile: list(reversed(cards)) for pile, cards in slots.items()}  # bottom first
    return [piles[DEALING_ORDER[position % 14]][position // 14] for position in range(56)]


def test_the_deal_goes_round_the_dial_from_twelve_then_to_the_hands() -> None:
    assert DEALING_ORDER == (12, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 14)
    piles = deal_clock(range(56))
    assert piles[12] == [0, 14, 28, 42] and piles[1] == [1, 15, 29, 43] and piles[14] == [13, 27, 41, 55]


def test_each_card_goes_under_its_hour_and_the_next_is_turned_from_there() -> None:
    first, ones = parse_cards("5r 13x 14y 7g"), parse_cards("1r 1x 1y 1g")
    deck = deck_turning(first + [card for card in range(56) if card not in first + ones] + ones)
    game = ClockState(deck)
    assert game.apply(STEP) == [ClockCardPlaced(1, parse_card("5r"), 5)]
    assert game.apply(STEP) == [ClockCardPlaced(5, parse_card("13x"), 13)]
    assert game.apply(STEP) == [ClockCardPlaced(13, parse_card("14y"), 14)]
    assert game.apply(STEP) == [ClockCardPlaced(14, parse_card("7g"), 7)]
    view = game.view()
    assert view.current == 7 and view.piles[4].face_up == (parse_card("5r"),) and view.piles[4].face_down == 3
    assert view.piles[12].name == "hour hand" and view.piles[12].face_up == (parse_card("13x"),)


def test_a_deal_that_turns_every_card_comes_out_with_every_card_in_its_place() -> None:
    order = [card for card in range(56) if card % 14 != 0][::-1] + parse_cards("1r 1x 1y 1g")
    game = ClockState(deck_turning(order))
    while not game.is_over:
        game.apply(STEP)
    assert game.turned == order and game.outcome is ClockOutcome.CAME_OUT
    assert game.events[-1] == ClockOver(1, True, 0)
    assert all(all(home_pile(card) == pile.number for card in pile.face_up) for pile in game.view().piles)


@pytest.mark.parametrize("seed", range(300))
def test_the_game_ends_exactly_when_the_fourth_one_is_turned(seed: int) -> None:
    game = ClockState.from_seed(seed)
    ones = 0
    while not game.is_over:
        events = game.apply(STEP)
        ones += events[0].card % 14 == 0
        assert game.is_over == (ones == 4)
    last = game.events[-1]
    assert isinstance(last, ClockOver) and last.blocked_at == 1
    assert last.came_out == (len(game.turned) == 56) == (last.face_down == 0)


def test_the_only_action_is_step() -> None:
    game = ClockState.from_seed(3)
    assert game.legal_actions() == [STEP] and action_from_json(STEP.to_json()) == STEP
    with pytest.raises(IllegalActionError) as refused:
        game.apply(RESIGN)  # type: ignore[arg-type]  # a wrong action on purpose
    assert refused.value.rule is ClockRule.ONLY_STEP and refused.value.legal == (STEP,)
    while not game.is_over:
        game.apply(STEP)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(STEP)
    assert refused.value.rule is ClockRule.GAME_OVER
    with pytest.raises(ValueError):
        action_from_json({"action": "turn"})


def test_clone_and_replay_are_exact() -> None:
    game = ClockState.from_seed(8)
    for _ in range(10):
        game.apply(STEP)
    copy = game.clone()
    while not copy.is_over:
        copy.apply(STEP)
    assert len(game.events) == 11 and copy.events[:11] == game.events  # the deal, then ten cards
    again = ClockState(game.deck)
    while not again.is_over:
        again.apply(STEP)
    assert again.events == copy.events
