"""The shipped bidding models: made by their script, read by the player, and sensible."""

from __future__ import annotations

import json
import math
from importlib import resources

from rook_access.engine import PARTNERSHIP, parse_cards
from rook_access.engine.rules import VARIANTS, BirdRank, TableOptions, with_options
from rook_access.players.search import train_bidding
from rook_access.players.search.bidding import FEATURE_NAMES, MODEL_FILE, load_model


def test_the_script_makes_models_of_the_shipped_form(tmp_path):
    train_bidding.main(["--deals", "400", "--seed", "1", "--out", str(tmp_path / "model.json")])
    made = json.loads((tmp_path / "model.json").read_text(encoding="utf-8"))
    shipped = json.loads(resources.files("rook_access.players.search").joinpath(MODEL_FILE).read_text("utf-8"))
    assert made.keys() == shipped.keys()
    assert made["features"] == shipped["features"] == list(FEATURE_NAMES)
    assert [model["name"] for model in made["models"]] == [model["name"] for model in shipped["models"]]
    for model in made["models"]:
        assert model.keys() == shipped["models"][0].keys()
        assert all(math.isfinite(weight) for weight in model["weights"])
    for model in shipped["models"]:
        assert model["deals"] >= 20000 and 0 < model["spread"] < 40
    partnership = shipped["models"][0]
    assert partnership["name"] == "partnership"
    assert partnership["strength"] == [1.0, 0.0]


def test_every_game_with_bidding_has_a_model():
    for rules in VARIANTS.values():
        assert (load_model(rules) is not None) == rules.bidding, rules.name
    kentucky = VARIANTS["kentucky"]
    for rank in BirdRank:
        for ones in (False, True):
            assert load_model(with_options(kentucky, TableOptions(bird_rank=rank, ones=ones))) is not None
    # Table options that do not change what a hand takes share the game's model.
    assert load_model(with_options(kentucky, TableOptions(min_bid=50, all_tricks_bonus=20))) is load_model()
    assert load_model(PARTNERSHIP.replace(hand_size=10, lowest_number=4)) is None


def test_least_squares_finds_an_exact_line():
    rows = [[1.0, float(x)] for x in range(10)]
    assert [round(w, 6) for w in train_bidding.least_squares(rows, [3 + 2 * x for x in range(10)], ridge=0)] == [3, 2]


def test_the_model_rates_strong_hands_above_weak_ones():
    model = load_model()
    strong = model.estimate(parse_cards("rook 14r 13r 12r 11r 10r 5r 14x 14y"), PARTNERSHIP)
    weak = model.estimate(parse_cards("6r 7r 8x 9x 6y 7y 8g 9g 11g"), PARTNERSHIP)
    assert strong > 100 > 80 > weak > 50


def test_the_models_of_other_games_rate_strong_hands_above_weak_ones():
    five = VARIANTS["five"]
    strong = load_model(five).estimate(parse_cards("14r 13r 12r 11r 10r 5r 1r 14x 14y 10y"), five)
    weak = load_model(five).estimate(parse_cards("2r 3r 4x 6x 7y 8y 2g 3g 6g 8g"), five)
    # A lone bidder with a six-card nest takes a fair share even with a weak hand.
    assert strong > 90 and weak < 50
