"""The margin tables of every game (``bench.margins``), with fast levels standing in."""

from __future__ import annotations

import json

import pytest

from rook_access.bench import margins
from rook_access.bench.variants import GameSummary


def summary(name: str, mean: float, low: float, high: float) -> GameSummary:
    return GameSummary(name=name, deals=100, strong_mean=0.0, easy_mean=0.0, diff_mean=0.0, diff_ci=None,
                       thrown_in=0, bids_won=0, bids_made=0, easy_bids_won=0, easy_bids_made=0, decisions=10,
                       median_ms=5.0, p95_ms=9.0, max_ms=12.0, margin_mean=mean, margin_ci=(low, high))


def test_a_pair_is_two_known_levels():
    assert margins.parse_pair("strong:easy") == ("strong", "easy")
    for bad in ("strong", "strong:bob", "strong-easy", ":easy"):
        with pytest.raises(ValueError, match="two levels joined by a colon"):
            margins.parse_pair(bad)


def test_the_share_of_the_cheats_edge_and_its_interval():
    fair = summary("partnership", 30.0, 30.0 - 1.96 * 3, 30.0 + 1.96 * 3)
    cheat = summary("partnership", 40.0, 40.0 - 1.96 * 4, 40.0 + 1.96 * 4)
    share = margins.edge_share(fair, cheat)
    assert share is not None
    assert share.share == pytest.approx(0.75)
    # Relative errors 0.1 and 0.1 add in quadrature.
    assert share.error == pytest.approx(0.75 * 2 ** 0.5 * 0.1)
    low, high = share.interval()
    assert low < 0.75 < high
    assert margins.edge_share(summary("x", 0.0, -1, 1), cheat) is None


def test_the_table_has_a_column_per_pair_the_share_and_the_times():
    results = {
        ("strong", "easy"): {"five": summary("five", 12.0, 10.0, 14.0)},
        ("cheat", "easy"): {"five": summary("five", 16.0, 14.0, 18.0)},
    }
    lines = margins.table(["five"], [("strong", "easy"), ("cheat", "easy")], results)
    assert lines[0] == ("| game | strong against easy | cheat against easy | strong's share of the cheat's edge "
                        "| strong ms a decision, median / p95 / max (strong against easy) |")
    assert lines[2].startswith("| five | +12.0 (+10.0 to +14.0) | +16.0 (+14.0 to +18.0) | 75% (")
    assert lines[2].endswith("| 5 / 9 / 12 |")


def test_the_command_plays_each_pair_and_says_its_measure(tmp_path, capsys):
    out = tmp_path / "m.json"
    assert margins.main(["--variants", "three", "--deals", "2", "--pairs", "easy:random", "--quiet",
                         "--json", str(out)]) == 0
    text = capsys.readouterr().out
    assert "Measure: MARGIN" in text
    assert "| three | " in text
    data = json.loads(out.read_text())
    assert list(data) == ["easy:random"] and data["easy:random"][0]["deals"] == 2


def test_bad_pairs_and_games_are_refused(capsys):
    with pytest.raises(SystemExit):
        margins.main(["--pairs", "strong:bob", "--quiet"])
    assert "two levels joined by a colon" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        margins.main(["--variants", "bridge", "--quiet"])
    assert "no game bridge" in capsys.readouterr().err
