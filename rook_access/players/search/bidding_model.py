"""The shipped bidding models: one linear model a game, read from ``bidding_model.json``.

Each model weighs a hand's features (``bid_features``) to estimate what its
team takes as the bidder, and carries the line that scales the rule books'
reckoning of a hand (``hand_value.raw_strength``) to its game
(``hand_strength``). ``python -m rook_access.players.search.train_bidding``
makes them again.
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass
from importlib import resources

from ...engine import BIRD, COLORS, Card, card_color, mask_of
from ...engine.rules import PARTNERSHIP, RuleSet
from ..hand_value import best_trump, number_rank, ranks, raw_strength
from .outlook import model_signature

FEATURE_NAMES = (
    "constant",
    "counter points",
    "bird",
    "trump length",
    "trump 14 13 12",
    "trump rank sum",
    "plain 14s",
    "plain 13s under a 14",
    "voids",
    "singletons",
    "second color length",
)
"""The features of a hand; with the 1s above the 14, "14" means a color's top card, the 1."""


def bid_features(cards: list[int], rules: RuleSet) -> list[float]:
    """The features of a hand that the bidding model weighs."""
    trump = best_trump(cards, rules)
    rank = ranks(rules)
    by_color: dict[int, list[int]] = {color: [] for color in COLORS}
    for card in cards:
        color = card_color(card)
        if color is not None:  # not the Bird
            by_color[color].append(number_rank(card, rank))
    trump_numbers = by_color[trump]
    plain = [color for color in COLORS if color != trump]
    lengths = sorted((len(by_color[color]) for color in plain), reverse=True)
    return [
        1.0,
        float(rules.points_in(mask_of(cards))),
        1.0 if BIRD in cards else 0.0,
        float(len(trump_numbers)),
        float(sum(1 for n in trump_numbers if n >= 12)),
        sum(trump_numbers) / 14.0,
        float(sum(1 for color in plain if 14 in by_color[color])),
        float(sum(1 for color in plain if 13 in by_color[color] and 14 in by_color[color])),
        float(sum(1 for color in plain if not by_color[color])),
        float(sum(1 for color in plain if len(by_color[color]) == 1)),
        float(lengths[0]),
    ]


@dataclass(frozen=True)
class BiddingModel:
    """Weights of one game's linear model, how far real results scatter around it, and the line that
    scales the rule books' reckoning of a hand to the game."""

    weights: tuple[float, ...]
    spread: float
    deals: int
    strength: tuple[float, float] = (1.0, 0.0)
    """(scale, offset) turning the rule books' reckoning of a hand (``hand_value.raw_strength``) into this
    game's points."""
    name: str = "partnership"

    def estimate(self, cards: list[int], rules: RuleSet) -> float:
        """The points this hand's team is expected to take as the bidder."""
        return sum(w * x for w, x in zip(self.weights, bid_features(cards, rules), strict=True))


MODEL_FILE = "bidding_model.json"


@functools.lru_cache(maxsize=1)
def _load_models() -> dict[str, BiddingModel]:
    data = json.loads(resources.files(__package__).joinpath(MODEL_FILE).read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURE_NAMES:
        raise ValueError("the bidding model does not match this version's features")
    models = {}
    for entry in data["models"]:
        models[entry["signature"]] = BiddingModel(
            tuple(entry["weights"]),
            float(entry["spread"]),
            int(entry["deals"]),
            (float(entry["strength"][0]), float(entry["strength"][1])),
            entry["name"],
        )
    return models


_BY_RULES: dict[int, tuple[RuleSet, BiddingModel | None]] = {}


def load_model(rules: RuleSet = PARTNERSHIP) -> BiddingModel | None:
    """The shipped model of this game (the Partnership Game's by default); None if none fits its rules."""
    found = _BY_RULES.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    model = _load_models().get(model_signature(rules))
    if len(_BY_RULES) > 64:
        _BY_RULES.clear()
    _BY_RULES[id(rules)] = (rules, model)
    return model


def hand_strength(cards: list[Card], rules: RuleSet) -> int:
    """An estimate of the points a hand's team takes when it wins the bid and names trump.

    The rule books' reckoning (``raw_strength``) is made for the Partnership
    Game; for other games it is scaled to the game (a line fitted to what such
    hands take there, shipped with the bidding models).
    """
    scale, offset = strength_scale(rules)
    return int(scale * raw_strength(cards, rules) + offset)


def strength_scale(rules: RuleSet) -> tuple[float, float]:
    """(scale, offset) that turn ``raw_strength`` into points of this game (1, 0 for the Partnership Game)."""
    model = load_model(rules)
    return model.strength if model is not None else (rules.total_points / 120, 0.0)
