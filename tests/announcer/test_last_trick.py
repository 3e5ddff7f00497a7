"""``last`` after a hand's last trick: the next hand is dealt in the same move, so ``last`` says the last trick
of the hand before until the new hand's first trick is taken (a playtest: it said no trick had been taken)."""

from __future__ import annotations

import pytest

from rook_access.announcer import Verbosity
from rook_access.announcer.tricks.narrator import TrickNarrator
from rook_access.engine import Dealt, TrickTaken
from rook_access.engine.cards import card_name
from rook_access.players import RandomPlayer
from rook_access.saves import GameSetup, make_table


def _into_hand_two(variant: str, verbosity: Verbosity) -> tuple[TrickNarrator, object, TrickTaken]:
    """A narrator told a game of random players up to the deal of hand 2, the game, and hand 1's last trick."""
    seats = ["human"] + ["computer"] * (len(GameSetup(("human",), variant=variant).rules().people) - 1)
    setup = GameSetup.create(seats, level="random", seed=3, variant=variant)
    state, _ = make_table(setup)
    narrator = TrickNarrator(state.rules, [0], verbosity)
    told = 0
    last: TrickTaken | None = None
    while True:
        seat = state.seats_to_act()[0]
        state.apply(RandomPlayer(seed=told).choose(state.view(seat)), seat)
        for event in state.events[told:]:
            narrator.event_lines(event)
            if isinstance(event, TrickTaken):
                last = event
            if isinstance(event, Dealt) and event.hand == 2:
                assert last is not None
                return narrator, state, last
        told = len(state.events)


@pytest.mark.parametrize("variant", ["partnership", "rook-1913"])
def test_last_before_the_first_trick_of_a_hand_says_the_last_trick_of_the_hand_before(variant: str) -> None:
    narrator, state, trick = _into_hand_two(variant, Verbosity.NORMAL)
    view = state.view(0)
    assert view.last_trick is None and view.hand_number == 2
    (line,) = narrator.review_lines("last", view)
    assert line.startswith(f"The last trick of hand 1, {trick.number}: "), line
    assert all(card_name(card) in line for card in trick.cards), line
    braille, state, trick = _into_hand_two(variant, Verbosity.BRAILLE)
    lines = braille.review_lines("last", state.view(0))
    assert lines[0].startswith("Hand 1 last ") and all(len(line) <= 40 for line in lines), lines


def test_last_at_the_first_hand_before_any_trick_says_there_is_none() -> None:
    setup = GameSetup.create(["human", "computer", "computer", "computer"], level="random", seed=3)
    state, _ = make_table(setup)
    narrator = TrickNarrator(state.rules, [0], Verbosity.NORMAL)
    for event in state.events:
        narrator.event_lines(event)
    assert narrator.review_lines("last", state.view(0)) == ["No trick has been taken yet this hand."]
