"""The search's time target: a card decision stops drawing deals at it, once it has searched a floor of them;
a repeatable game (``--seed``) searches without it."""

from __future__ import annotations

import dataclasses
import math
import random

import pytest

from rook_access.engine import PARTNERSHIP, GameState, Phase, SeatView
from rook_access.players import SearchPlayer, make_player
from rook_access.players.search import nest as nest_module
from rook_access.players.search.nest import choose_nest
from rook_access.players.search.play import TARGET_FLOOR, SearchBudget, analyse_play
from rook_access.players.search.player import NO_DEADLINE_VARIABLE, STRONG
from rook_access.players.search.sampling import draw_deals
from rook_access.saves import DamagedSaveError, GameSetup, make_table
from tests.helpers.console import run_main


def first_view(phase: Phase, cards: int = 0) -> SeatView:
    """The first view of the Partnership Game in ``phase`` with a choice, the seat holding at least ``cards``."""
    for seed in range(40):
        state = GameState(PARTNERSHIP.replace(hands_limit=1), seed=seed)
        players = [make_player("easy", seed + seat) for seat in range(4)]
        while not state.is_over:
            seat = state.turn
            assert seat is not None
            view = state.view(seat)
            if view.phase is phase and view.hand_sizes[seat] >= cards and len(view.legal) > 1:
                return view
            state.apply(players[seat].choose(view))
    pytest.fail(f"no position in {phase.value} with a choice")


def test_a_decision_past_its_time_target_stops_at_the_floor() -> None:
    view = first_view(Phase.PLAY, cards=9)
    hurried = SearchBudget(samples=64, deadline=math.inf, time_target=0.0, exact_cards=0)
    assert analyse_play(view, hurried, random.Random(1), draw_deals).samples == TARGET_FLOOR
    untimed = dataclasses.replace(hurried, time_target=math.inf)
    assert analyse_play(view, untimed, random.Random(1), draw_deals).samples == 64


def test_the_time_target_never_stops_a_decision_below_its_budget_early() -> None:
    view = first_view(Phase.PLAY, cards=9)
    small = SearchBudget(samples=TARGET_FLOOR // 2, deadline=math.inf, time_target=0.0, exact_cards=0)
    assert analyse_play(view, small, random.Random(1), draw_deals).samples == TARGET_FLOOR // 2


def test_the_nest_exchange_past_its_time_target_weighs_one_discard_a_color(monkeypatch) -> None:
    view = first_view(Phase.DISCARD)
    scored: list[int] = []
    score = nest_module._score

    def counted(*arguments):  # type: ignore[no-untyped-def]
        scored.append(1)
        return score(*arguments)

    monkeypatch.setattr(nest_module, "_score", counted)
    hurried = SearchBudget(samples=8, deadline=math.inf, time_target=0.0)
    choose_nest(view, hurried, random.Random(1))
    assert len(scored) == 4  # each trump color with its plain discard, and no more
    scored.clear()
    choose_nest(view, dataclasses.replace(hurried, time_target=math.inf), random.Random(1))
    assert len(scored) > 4


def test_the_strong_player_answers_at_its_time_target_unless_the_game_is_repeatable(monkeypatch) -> None:
    monkeypatch.delenv(NO_DEADLINE_VARIABLE, raising=False)
    assert math.isfinite(STRONG.time_target)
    timed = make_player("strong", 1)
    assert isinstance(timed, SearchPlayer)
    assert timed.budget.time_target == STRONG.time_target
    repeatable = make_player("strong", 1, repeatable=True)
    assert isinstance(repeatable, SearchPlayer)
    assert repeatable.budget == dataclasses.replace(STRONG, time_target=math.inf)  # the deadline stays


def test_a_repeatable_table_has_untimed_players_and_another_timed_ones(monkeypatch) -> None:
    monkeypatch.delenv(NO_DEADLINE_VARIABLE, raising=False)
    setup = GameSetup.create(("human", "computer", "computer", "computer"), level="strong", seed=7)
    for repeatable, target in ((True, math.inf), (False, STRONG.time_target)):
        _, players = make_table(setup, repeatable=repeatable)
        searchers = [player for player in players if isinstance(player, SearchPlayer)]
        assert len(searchers) == 3  # the three computer seats
        assert all(player.budget.time_target == target for player in searchers)


def test_the_tests_players_search_their_whole_budget() -> None:
    # conftest sets ROOK_ACCESS_NO_DEADLINE for the run: no test's choice depends on the machine's load.
    player = make_player("strong", 1)
    assert isinstance(player, SearchPlayer)
    assert player.budget.time_target == math.inf and player.budget.deadline == math.inf


@pytest.mark.parametrize(("arguments", "repeatable"), [(["--seed", "7"], True), ([], False)])
def test_only_a_game_started_with_a_seed_is_repeatable_and_stays_so_resumed(
    monkeypatch, capsys, arguments, repeatable
) -> None:
    from rook_access import saves
    from rook_access.console import cli

    asked: list[bool] = []

    def recorded(setup: GameSetup, repeatable: bool = False):  # type: ignore[no-untyped-def]
        asked.append(repeatable or setup.repeatable)
        return make_table(setup, repeatable)

    monkeypatch.setattr(cli, "make_table", recorded)
    monkeypatch.setattr(saves, "make_table", recorded)  # the resume's rebuild
    status, _, _ = run_main(monkeypatch, capsys, [*arguments, "--hands", "1"], ["quit", "yes"])
    assert status == 0
    assert asked == [repeatable]
    status, _, _ = run_main(monkeypatch, capsys, ["--resume"], ["quit", "yes"])
    assert status == 0
    assert len(asked) > 1 and set(asked) == {repeatable}  # the save keeps whether the seed was the user's


def test_a_save_keeps_repeatable_only_when_true_and_refuses_another_value() -> None:
    seats = ("human", "computer", "computer", "computer")
    given = GameSetup.create(seats, seed=7, repeatable=True)
    assert given.to_json()["repeatable"] is True
    assert GameSetup.from_json(given.to_json()) == given
    drawn = GameSetup.create(seats)
    assert "repeatable" not in drawn.to_json()  # saves written before the field read the same
    assert GameSetup.from_json(drawn.to_json()).repeatable is False
    with pytest.raises(DamagedSaveError, match="repeatable is not true or false"):
        GameSetup.from_json({**given.to_json(), "repeatable": "yes"})
