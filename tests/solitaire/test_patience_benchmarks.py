"""The patience benchmarks run and report what they measured (the figures themselves are in docs/development.md)."""

from __future__ import annotations

import json

import pytest

from rook_access.bench import clock, solitaire


def test_the_clock_benchmark_reports_the_share_beside_the_theory(capsys: pytest.CaptureFixture[str]) -> None:
    clock.main(["--deals", "300", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["deals"] == 300 and report["low"] <= report["came_out"] / 300 <= report["high"]
    assert report["theory"] == pytest.approx(1 / 14)
    low, high = clock.wilson_interval(71, 1000)
    assert low < 0.071 < high and high - low < 0.035


def test_the_solitaire_benchmark_counts_every_deal(capsys: pytest.CaptureFixture[str]) -> None:
    solitaire.main(["--deals", "4", "--hint-deals", "1", "--seconds", "0.3", "--json"])
    report = json.loads(capsys.readouterr().out)
    assert report["won"] + report["lost"] + report["unknown"] == 4
    assert report["hint_games"] == 1 and report["hints"] > 0 and report["solve_max_ms"] <= 1000
    assert solitaire.percentile([1, 2, 3, 4], 0.5) == 2
