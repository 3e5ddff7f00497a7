"""The partner model's benchmark (``bench.partner``): duplicate plays, the margin, the judged cards."""

from __future__ import annotations

import json

import pytest

from rook_access.bench import partner
from rook_access.engine import parse_cards
from rook_access.engine.cards import RED
from rook_access.engine.events import TrickTaken


@pytest.fixture(autouse=True)
def _no_deadline(monkeypatch):
    monkeypatch.setenv("ROOK_ACCESS_NO_DEADLINE", "1")  # the same choices on a loaded machine


def test_north_s_cards_are_counted_by_whether_they_went_astray():
    # Trick 2 (East leads 10y): North, last and out of yellow, throws 6g though it held the 12r (played in
    # trick 3), which would have taken the 15 points: flagged.  Its other cards had no known alternative.
    tricks = [
        TrickTaken(1, 1, tuple(parse_cards("9x 13x 8x 6x")), 2, 0),
        TrickTaken(2, 3, tuple(parse_cards("10y 5y 7y 6g")), 3, 15),
        TrickTaken(3, 3, tuple(parse_cards("11x 10x 7x 12r")), 2, 10),
    ]
    astray = [(1, parse_cards("13x")[0], False), (2, parse_cards("6g")[0], True), (3, parse_cards("12r")[0], False)]
    found = partner._calibration(astray, tricks, RED)
    assert (found.random, found.random_flagged, found.good, found.good_flagged) == (1, 1, 0, 0)
    steady = [(number, card, False) for number, card, _ in astray]
    found = partner._calibration(steady, tricks, RED)
    assert (found.random, found.random_flagged, found.good, found.good_flagged) == (0, 0, 1, 1)


def test_a_deal_is_played_with_the_model_and_without_and_repeats():
    first = partner.play_deal(3, 7, "learner", "easy")
    again = partner.play_deal(3, 7, "learner", "easy")
    assert first == again
    assert first.gain == first.with_model - first.without_model
    assert first.calibration.random + first.calibration.good > 0
    # Without a person at the table the model has nothing to change: a strong partner the table knows.
    calibrating = partner.play_deal(3, 7, "learner", "easy", calibrate=True)
    assert calibrating.with_model == calibrating.without_model == first.without_model


def test_report_and_json(tmp_path, capsys):
    out = tmp_path / "p.json"
    assert partner.main(["--deals", "2", "--first", "5", "--json", str(out), "--quiet"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "North learner stand-in at rate 0.25, East and West easy, South told North states new; 2 deals."
    assert lines[1].startswith("Margin (South's side minus the opponents') with the model ")
    assert "gain" in lines[1] and "95% CI" in lines[1]
    data = json.loads(out.read_text())
    assert data["deals"] == 2 and [row[0] for row in data["results"]] == [5, 6]
    assert data["gain"] == pytest.approx(sum(row[1] - row[2] for row in data["results"]) / 2)


def test_the_parts_of_the_model_are_chosen_for_the_play_under_test_only():
    from rook_access.players.search import skill

    kept = skill.PLAN_PLAY, skill.PLAN_BIDS
    with partner.planning("bids"):
        assert (skill.PLAN_PLAY, skill.PLAN_BIDS) == (False, True)
    with partner.planning("both"):
        assert (skill.PLAN_PLAY, skill.PLAN_BIDS) == (True, True)
    assert (skill.PLAN_PLAY, skill.PLAN_BIDS) == kept
    # Planning the bids alone changes only the deals whose auction it changes: deal 12's (South bids 95).
    bids = partner.play_deal(12, 1, model_parts="bids")
    assert bids.with_model != bids.without_model
    assert (skill.PLAN_PLAY, skill.PLAN_BIDS) == kept
