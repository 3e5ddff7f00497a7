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
    assert lines[0].startswith("beginner: 2 deals; MARGIN over the others a hand, easy in place of random: better by ")
    assert "own score a hand: easy" in lines[1] and "p95" in lines[1]
    data = json.loads(out.read_text())
    assert [game["name"] for game in data] == ["beginner", "three"] and data[1]["deals"] == 2


def test_the_margin_is_seat_zeros_scorer_against_the_mean_of_the_others():
    result = variants.play_deal("five", 2, 3, "easy", "random")
    for play in (result.strong, result.easy):
        assert play.margin is not None
    # The same level in every seat: the margin with it and without it are the same hand.
    same = variants.play_deal("partnership", 2, 3, "easy", "easy", side=True)
    assert same.margin_diff == 0 and same.strong.margin == same.easy.margin


def test_the_cheating_yardstick_is_given_the_whole_state(monkeypatch):
    from rook_access.players import CheatingPlayer

    seen = []
    original = CheatingPlayer.choose_with_state

    def spy(self, state, seat):
        seen.append(seat)
        return original(self, state, seat)

    monkeypatch.setattr(CheatingPlayer, "choose_with_state", spy)
    variants.play_deal("beginner", 1, 0, "cheat", "easy")
    assert seen and set(seen) == {0}
