"""The strength benchmark's arithmetic and report, with the matches stubbed out by real small ones."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rook_access.bench import strength
from rook_access.bench.match import run_match


def test_edge_share_and_its_error():
    fair = run_match("easy", "random", 6, seed=1)
    cheat = run_match("easy", "random", 6, seed=2)
    share, error = strength.edge_share(fair, cheat)
    assert share == pytest.approx(fair.mean / cheat.mean)
    assert error > 0


def test_report_names_every_pair_the_share_and_the_timing(monkeypatch, tmp_path: Path, capsys):
    played = []

    def quick_match(a, b, deals, seed=1, jobs=1):
        played.append((a, b, jobs))
        # The same deals with fast levels stand in for the slow ones.
        fast = {"strong": "easy", "normal": "easy", "cheat": "easy"}
        summary = run_match(fast.get(a, a), "random" if b == "easy" else b, 3, seed=seed, jobs=1)
        summary.a, summary.b = a, b
        summary.timings.setdefault(a, summary.timings[fast.get(a, a)])
        return summary

    monkeypatch.setattr(strength, "run_match", quick_match)
    assert strength.main(["--deals", "3", "--timing-deals", "2", "--json", str(tmp_path / "s.json")]) == 0
    out = capsys.readouterr().out
    assert [pair[:2] for pair in played] == [*strength.PAIRS, ("strong", "easy")]
    assert played[-1][2] == 1  # decision times come from one process
    assert "of the cheating player's edge over easy" in out
    assert "Strong play decisions:" in out and "p95" in out
    assert set(json.loads((tmp_path / "s.json").read_text())) == {
        "strong-easy", "normal-easy", "strong-random", "cheat-easy", "timing"}
