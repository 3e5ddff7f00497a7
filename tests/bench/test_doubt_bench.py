"""The I Doubt It benchmark: a few games of each table, its figures and its report."""

from __future__ import annotations

import json

from rook_access.bench import doubt


def test_a_few_games_of_each_table_are_played_and_reported(tmp_path, capsys) -> None:
    path = tmp_path / "doubt.json"
    assert doubt.main(["--games", "4", "--players", "3", "--seed", "2", "--json", str(path), "--quiet"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("strong among easy (3 players, 4 games): strong won ")
    assert any(line.startswith("easy among strong (3 players, 4 games): easy won ") for line in out)
    assert all("a fair share is 33.3%" in line for line in out if " won " in line)
    summaries = json.loads(path.read_text(encoding="utf-8"))
    assert [summary["table"] for summary in summaries] == list(doubt.TABLES)
    for summary in summaries:
        assert summary["games"] == 4 and 0 <= summary["lone_wins"] <= 4
        low, high = summary["interval"]
        assert 0 <= low <= summary["lone_rate"] <= high <= 1
        assert summary["strong_ms"]["decisions"] > 0


def test_the_lone_seat_goes_round_the_table_and_a_run_repeats() -> None:
    first = doubt.play_chunk(("strong among easy", 0, 3, 5, 3))
    assert [result.lone for result in first] == [0, 1, 2]
    assert [result.levels[result.lone] for result in first] == ["strong"] * 3
    again = doubt.play_chunk(("strong among easy", 0, 3, 5, 3))
    assert [(r.winners, r.plays) for r in first] == [(r.winners, r.plays) for r in again]


def test_the_wilson_interval() -> None:
    assert doubt.wilson(0, 10)[0] == 0.0 and doubt.wilson(10, 10)[1] == 1.0
    low, high = doubt.wilson(25, 100)
    assert 0.17 < low < 0.25 < high < 0.35


def test_the_margin_is_the_lone_players_points_less_the_others_mean():
    from rook_access.bench.doubt import play_game

    for number in range(4):
        result = play_game("strong among easy", number, 5, 3)
        lone_points = result.points if result.lone in result.winners else 0
        others = [result.points if seat in result.winners else 0 for seat in range(3) if seat != result.lone]
        assert result.margin == lone_points - sum(others) / 2
