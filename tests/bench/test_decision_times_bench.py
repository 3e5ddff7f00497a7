"""The benchmark of the time per decision in every game (``bench.decision_times``), with fast levels."""

from __future__ import annotations

import json

import pytest

from rook_access.bench import decision_times


def test_every_decision_with_a_choice_is_timed():
    times = decision_times.time_game("three", 2, seed=3, level="easy")
    assert times.decisions > 20
    assert 0 <= times.cpu_median <= times.cpu_p95 <= times.cpu_max
    assert 0 <= times.wall_median <= times.wall_p95 <= times.wall_max
    assert times.slowest_phase.split(",")[0] in ("bidding", "discard", "trump", "play")


def test_the_report_and_its_json(tmp_path, capsys):
    out = tmp_path / "t.json"
    assert decision_times.main(["--variants", "beginner", "flip-3", "--deals", "1", "--level", "random",
                                "--json", str(out)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("beginner: ") and "CPU ms median" in lines[0] and "wall ms" in lines[0]
    assert [game["name"] for game in json.loads(out.read_text())] == ["beginner", "flip-3"]


def test_an_unknown_game_is_refused(capsys):
    with pytest.raises(SystemExit):
        decision_times.main(["--variants", "bridge"])
    assert "no game bridge" in capsys.readouterr().err
