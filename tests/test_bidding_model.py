"""The shipped bidding model: made by its script, read by the player, and sensible."""

from __future__ import annotations

import json
import math
from importlib import resources

from rook_access.engine import PARTNERSHIP, parse_cards
from rook_access.players.search import train_bidding
from rook_access.players.search.bidding import FEATURE_NAMES, MODEL_FILE, load_model


def test_the_script_makes_a_model_of_the_shipped_form(tmp_path):
    train_bidding.main(["--deals", "400", "--seed", "1", "--out", str(tmp_path / "model.json")])
    made = json.loads((tmp_path / "model.json").read_text(encoding="utf-8"))
    shipped = json.loads(resources.files("rook_access.players.search").joinpath(MODEL_FILE).read_text("utf-8"))
    assert made.keys() == shipped.keys()
    assert made["features"] == shipped["features"] == list(FEATURE_NAMES)
    assert all(math.isfinite(weight) for weight in made["weights"])
    assert shipped["deals"] >= 20000 and 0 < shipped["spread"] < 40


def test_least_squares_finds_an_exact_line():
    rows = [[1.0, float(x)] for x in range(10)]
    assert [round(w, 6) for w in train_bidding.least_squares(rows, [3 + 2 * x for x in range(10)], ridge=0)] == [3, 2]


def test_the_model_rates_strong_hands_above_weak_ones():
    model = load_model()
    strong = model.estimate(parse_cards("rook 14r 13r 12r 11r 10r 5r 14x 14y"), PARTNERSHIP)
    weak = model.estimate(parse_cards("6r 7r 8x 9x 6y 7y 8g 9g 11g"), PARTNERSHIP)
    assert strong > 100 > 80 > weak > 50
