"""The inference benchmark: its measure of how likely the true deal is, the fit, and a tiny run."""

from __future__ import annotations

import dataclasses
import json
import math
import random

import pytest

from rook_access.bench import inference
from rook_access.bench.inference import (
    Point,
    Record,
    fit,
    make_point,
    measure,
    objective,
    play_record,
    scores,
)
from rook_access.engine import Play, parse_card
from rook_access.players.search.sampling import HAND_SET, EvidenceModel, SampledDeal
from tests.players.test_players import west_declares

SILENT = EvidenceModel(floor=1.0, trump_sharpness=0.0, buried_trump_odds=1.0)


def test_the_true_deal_weighed_above_the_rest_gains():
    gain, rank, ess = scores(0.0, [-2.0] * 9 + [0.0])
    assert gain > 0 and rank == 0.95
    assert gain == pytest.approx(-math.log((9 * math.exp(-2.0) + 1) / 10))
    assert ess < 1


def test_a_model_that_says_nothing_gains_nothing():
    assert scores(1.5, [1.5] * 8) == (0.0, 0.5, 1.0)


def test_the_true_deal_weighed_below_the_rest_loses():
    gain, rank, _ = scores(-3.0, [0.0] * 5)
    assert gain == pytest.approx(-3.0) and rank == 0.0


def points_after(moves: str, fresh: int = 40) -> list[Point]:
    """West's view after West leads 7x and the others play ``moves`` (North, East, South): the true
    deal has East without a black card below its 8x, and South keeping its 10x."""
    state = west_declares()
    for seat, card in zip((1, 2, 3, 0), ["7x", *moves.split()], strict=False):
        state.apply(Play(parse_card(card)), seat)
    rng = random.Random(4)
    truth = SampledDeal(list(state.hands), state.nest)
    point = make_point(0, state.view(1), truth, fresh, rng)
    assert point is not None
    return [point]


def test_a_clue_that_fits_the_truth_raises_its_likelihood():
    points = points_after("14x 8x")
    silent = measure(points, SILENT)
    assert silent.log_gain == pytest.approx(0.0) and silent.rank == 0.5 and silent.ess == pytest.approx(1.0)
    # East kept no black card cheaper than its 8x (South holds the 6x): the clue favors the true deal.
    knowing = measure(points, dataclasses.replace(SILENT, low_odds=0.3))
    assert knowing.log_gain > 0.05 and knowing.rank > 0.5 and knowing.ess < 1.0
    # South played 6x and kept its 10x from partner's trick: there the clue misleads, and the truth
    # loses likelihood.
    misled = measure(points_after("14x 8x 6x"), dataclasses.replace(SILENT, smear_odds=0.3))
    assert misled.log_gain < 0 and misled.rank < 0.5


def test_the_fit_never_does_worse_than_where_it_starts():
    points = points_after("14x 8x") + points_after("14x 8x 6x")
    start = dataclasses.replace(SILENT, smear_odds=0.3)
    fitted = fit(points, start, ["low_odds", "smear_odds"], rounds=2)
    assert objective(points, fitted) >= objective(points, start)
    assert fitted.smear_odds == 1.0 and fitted.low_odds < 1.0


def test_a_record_is_kept_as_json():
    record = Record(3, ((0, Play(parse_card("5r"))), (1, Play(parse_card("rook")))))
    assert Record.from_json(json.loads(json.dumps(record.to_json()))) == record


def test_a_tiny_run_repeats_and_reports(tmp_path):
    records = tmp_path / "records.json"
    first = inference.run(seed=2, hands=2, level="normal", share=0.15, fresh=4, rounds=1,
                          records_path=str(records), timing=True, progress=False)
    assert records.exists()
    again = inference.run(seed=2, hands=2, level="normal", share=0.15, fresh=4, rounds=1,
                          records_path=str(records), timing=False, progress=False)
    assert first["models"] == again["models"]
    assert set(first["models"]) >= {"hand-set", "bids and trump fitted", "every clue fitted"}
    hand_set = first["models"]["hand-set"]
    assert EvidenceModel(**hand_set["model"]) == HAND_SET
    assert first["points"]["fit"] + first["points"]["held out"] > 0
    lines = inference.report_lines(first)
    assert any(line.startswith("hand-set, held out: log gain") for line in lines)
    assert any(line.startswith("draw_deals, fitted model") for line in lines)


def test_play_record_plays_a_whole_hand():
    record = play_record(5, 0)
    assert record.number == 0 and len(record.actions) > 36


def test_the_command_line_refuses_too_few_hands(capsys):
    with pytest.raises(SystemExit):
        inference.main(["--hands", "1"])
    assert "--hands must be at least 2" in capsys.readouterr().err


def test_cards_placed_count_the_unseen_cards_where_they_truly_are():
    from rook_access.bench.inference import placed_share
    from rook_access.players.search.knowledge import Knowledge

    state = west_declares()
    view = state.view(0)
    knowledge = Knowledge.from_view(view)
    truth = SampledDeal(list(state.hands), state.nest)
    assert placed_share(knowledge, truth, truth) == 1.0
    # Two of South's unseen cards exchanged between West and North: two cards of the unseen wrong.
    west, north = truth.hands[1], truth.hands[2]
    a, b = west & -west, north & -north
    wrong = SampledDeal([truth.hands[0], west & ~a | b, north & ~b | a, truth.hands[3]], truth.nest)
    assert placed_share(knowledge, wrong, truth) == pytest.approx(1 - 2 / knowledge.unseen.bit_count())
    points = points_after("14x 8x")
    knowing = measure(points, dataclasses.replace(SILENT, low_odds=0.3))
    assert measure(points, SILENT).placed_gain == pytest.approx(0.0)
    assert knowing.placed_gain > 0
