"""The benchmark of the players in every game (``bench.variants``), with fast levels standing in."""

from __future__ import annotations

import json

from rook_access.bench import variants
from rook_access.engine.rules import VARIANTS


def test_deals_are_duplicate_and_repeatable():
    first = variants.play_deal("two", 3, 4, "easy", "random")
    again = variants.play_deal("two", 3, 4, "easy", "random")
    assert first.strong == again.strong and first.easy == again.easy
    rules = variants.one_hand(VARIANTS["two"])
    assert variants.make_deal("two", rules, 3, 4) == variants.make_deal("two", rules, 3, 4)
    assert variants.make_deal("two", rules, 3, 4).dealer in rules.people  # the dummy never deals
    # The same level in seat 0 plays exactly as the others did: the difference is 0.
    assert variants.play_deal("five", 3, 1, "easy", "easy").diff == 0


def test_scores_are_seat_zeros_scorers():
    assert variants.scorer_of(VARIANTS["partnership"], 2) == 0
    assert variants.scorer_of(VARIANTS["five"], 3) == 3
    assert variants.scorer_of(VARIANTS["two"], 1) == 1


def test_report_and_json(tmp_path, capsys):
    out = tmp_path / "v.json"
    assert variants.main(["--variants", "beginner", "three", "--deals", "2", "--level", "easy", "--others", "random",
                          "--json", str(out), "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("beginner: 2 deals; seat 0's points a hand: easy ")
    assert "difference" in lines[1] and "p95" in lines[1]
    data = json.loads(out.read_text())
    assert [game["name"] for game in data] == ["beginner", "three"] and data[1]["deals"] == 2
