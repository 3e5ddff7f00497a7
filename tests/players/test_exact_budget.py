"""The exact endgame's budget: its own number of deals, and a work limit counted in positions searched."""

from __future__ import annotations

import math
import random

import pytest

from rook_access.engine import PARTNERSHIP, GameState, Phase, SeatView
from rook_access.players import make_player
from rook_access.players.search.play import SearchBudget, analyse_play
from rook_access.players.search.sampling import draw_deals


def five_cards_each() -> SeatView:
    """A view of the Partnership Game with a choice of cards, the seat to play holding five."""
    for seed in range(40):
        state = GameState(PARTNERSHIP.replace(hands_limit=1), seed=seed)
        players = [make_player("easy", seed + seat) for seat in range(4)]
        while not state.is_over:
            seat = state.turn
            view = state.view(seat)
            if view.phase is Phase.PLAY and view.hand_sizes[seat] == 5 and len(view.legal) > 1:
                return view
            state.apply(players[seat].choose(view))
    pytest.fail("no position with five cards and a choice")


def budget(**exact: int | None) -> SearchBudget:
    return SearchBudget(samples=20, deadline=math.inf, exact_cards=5, **exact)  # type: ignore[arg-type]


def test_exact_decisions_draw_their_own_number_of_deals() -> None:
    view = five_cards_each()
    analysis = analyse_play(view, budget(exact_samples=6), random.Random(1), draw_deals)
    assert analysis.exact
    assert analysis.samples == 6
    assert all(result.count == 6 for result in analysis.results.values())
    # Without exact_samples the exact search draws the rollouts' number.
    assert analyse_play(view, budget(), random.Random(1), draw_deals).samples == 20


def test_the_work_limit_stops_after_the_deal_that_spends_it() -> None:
    view = five_cards_each()
    # Any deal's solve searches at least one position: a limit of one allows the first deal only.
    analysis = analyse_play(view, budget(exact_samples=6, exact_work=1), random.Random(1), draw_deals)
    assert analysis.exact
    assert analysis.samples == 1
    # A generous limit changes nothing: the same deals, the same values.
    free = analyse_play(view, budget(exact_samples=6), random.Random(1), draw_deals)
    limited = analyse_play(view, budget(exact_samples=6, exact_work=10**9), random.Random(1), draw_deals)
    assert limited.samples == free.samples == 6
    assert {card: result.total for card, result in limited.results.items()} == {
        card: result.total for card, result in free.results.items()
    }


def test_the_work_limit_is_not_for_rollouts() -> None:
    view = five_cards_each()
    rollouts = SearchBudget(samples=5, deadline=math.inf, exact_cards=4, exact_samples=2, exact_work=1)
    analysis = analyse_play(view, rollouts, random.Random(1), draw_deals)
    assert not analysis.exact
    assert analysis.samples == 5
