"""The endgame benchmark: positions from real deals, their solve times and work, and the match's levels."""

from __future__ import annotations

import pytest

from rook_access.bench import endgame, endgame_match
from rook_access.players import LEVELS
from rook_access.players.search.player import STRONG, SearchPlayer


def test_positions_hold_the_size_asked_for_and_have_a_choice() -> None:
    positions = endgame.positions_of("partnership", 3, 0, (5, 6))
    assert {position.size for position in positions} <= {5, 6}
    for position in positions:
        view = position.state.view(position.seat)
        assert view.hand_sizes[position.seat] == position.size
        assert len(view.legal) > 1
        # Mid-trick, the seats that have played hold one card fewer.
        assert max(view.hand_sizes) == position.size


def test_a_small_run_reports_solve_times_work_and_decisions() -> None:
    results = endgame.run(["partnership"], [5], 2, seed=4, decisions=5)
    row = results["partnership"][5]
    assert row["count"] == 2
    assert 0 <= row["at_trick_start"] <= 2
    assert row["solve_median_ms"] <= row["solve_p95_ms"] <= row["solve_max_ms"]
    assert 0 < row["nodes_median"] <= row["nodes_max"]
    assert row["decision_median_ms"] is not None
    assert 1 <= row["decision_deals_fewest"] <= row["decision_deals_median"] <= (STRONG.exact_samples or STRONG.samples)
    lines = endgame.report_lines("partnership", 5, row)
    assert lines[0] == f"partnership, 5 cards: 2 positions, {row['at_trick_start']} at a trick's start."
    assert lines[-1].startswith("  Decision solved exactly on the strong budget: median ")


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert endgame.main(["--positions", "1", "--games", "three", "--sizes", "5", "--decisions", "0", "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("Endgame solver, seed 1, CPU times. Strong budget: exact from ")
    assert out[1].startswith("three, 5 cards: 1 positions, ")
    assert not any("Decision" in line for line in out)


def test_percentile_is_the_nearest_rank() -> None:
    values = list(range(1, 101))
    assert endgame.percentile(values, 0.95) == 95
    assert endgame.percentile([7.0], 0.95) == 7.0


def test_match_variants_are_bench_only_levels(monkeypatch: pytest.MonkeyPatch) -> None:
    budget = endgame_match.parse_variant("5,32,none")
    assert (budget.exact_cards, budget.exact_samples, budget.exact_work) == (5, 32, None)
    assert budget.samples == STRONG.samples
    with pytest.raises(ValueError):
        endgame_match.parse_variant("5,32")
    # register adds them to the levels a match may use; the test leaves LEVELS as it was.
    monkeypatch.setitem(LEVELS, "strong-before", LEVELS["strong"])
    monkeypatch.setitem(LEVELS, "variant", LEVELS["strong"])
    endgame_match.register(budget)
    player = LEVELS["variant"](3)
    assert isinstance(player, SearchPlayer)
    assert player.budget.exact_cards == 5
    before = LEVELS["strong-before"](3).budget
    assert (before.samples, before.exact_cards, before.exact_samples, before.exact_work) == (96, 4, None, None)
