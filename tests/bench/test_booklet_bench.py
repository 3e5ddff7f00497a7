"""The bench of the 1913 games: duplicate plays of a deal, one for each scorer, and the margin."""

from __future__ import annotations

import json

from rook_access.bench import booklet


def test_every_scorer_plays_the_deal_once_and_a_level_against_itself_has_no_margin():
    result = booklet.play_deal("rook-1913-3", seed=5, number=0, level="easy", others="easy")
    assert len(result.plays) == 3
    assert result.margin == 0  # each player's margin over the mean of the others sums to nothing
    pairs = booklet.play_deal("partnership-1913-6-sides-3", seed=5, number=0, level="random", others="random")
    assert len(pairs.plays) == 3 and abs(pairs.margin) < 1e-9


def test_the_margin_is_the_scorers_change_less_the_others_mean():
    result = booklet.play_deal("partnership-1913-4", seed=2, number=1, level="easy", others="random")
    assert len(result.plays) == 2 and result.times
    again = booklet.play_deal("partnership-1913-4", seed=2, number=1, level="easy", others="random")
    assert [play.margin for play in again.plays] == [play.margin for play in result.plays]  # repeatable


def test_report_and_json(tmp_path, capsys):
    out = tmp_path / "bench.json"
    assert booklet.main(["--tables", "rook-1913-5", "--deals", "2", "--level", "easy", "--others", "random",
                         "--quiet", "--json", str(out)]) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("rook-1913-5: 2 deals, 10 plays; easy's margin over random ")
    [summary] = json.loads(out.read_text())
    assert summary["name"] == "rook-1913-5" and summary["plays"] == 10 and len(summary["margin_ci"]) == 2
