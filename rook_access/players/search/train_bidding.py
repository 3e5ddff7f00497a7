"""Learn the bidding models from self-play and write ``bidding_model.json``.

Run ``python -m rook_access.players.search.train_bidding`` (a few minutes:
one model per game the program offers with bidding, and per Bird rank and
deck of Kentucky Discard's table options).  For each random deal one player
is made the bidder: it takes the nest, makes the quick discard and trump of
``bidding.quick_nest``, and the hand is played out by the rollout policy with
the teams of that game.  A least-squares fit of the points its team took on
the features of its dealt cards gives the model's weights; the spread of
the results around the fit is kept too.

A line fitted on the same hands turns the rule books' reckoning of a hand
(``hand_value.raw_strength``, made for the Partnership Game, where it is kept as
it is) into the points such hands take in each game, for the easy player's
bidding and the search's reading of the bids.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path

from ...engine import PARTNERSHIP, BirdRank, Deal, RuleSet, mask_of
from ...engine.rules import (
    DISPLAY,
    DIXIE,
    FIVE_PLAYER,
    KENTUCKY,
    PARTNERSHIP_1913,
    ROOK_1913,
    SIX_PLAYER,
    THREE_PLAYER,
    TWO_PLAYER,
    TableOptions,
    with_options,
)
from ..hand_value import raw_strength
from .bidding import play_as_bidder
from .bidding_model import FEATURE_NAMES, MODEL_FILE, bid_features
from .outlook import Outlook, first_leader, model_signature

_ONES = with_options(KENTUCKY, TableOptions(ones=True))

GAMES: tuple[tuple[str, RuleSet], ...] = (
    ("partnership", PARTNERSHIP),
    ("partnership, Bird low", PARTNERSHIP.replace(bird_rank=BirdRank.LOW)),
    ("partnership, Bird ten-and-a-half", PARTNERSHIP.replace(bird_rank=BirdRank.TEN_AND_A_HALF)),
    ("kentucky with 1s", _ONES),
    ("kentucky with 1s, Bird low", _ONES.replace(bird_rank=BirdRank.LOW)),
    ("kentucky with 1s, Bird ten-and-a-half", _ONES.replace(bird_rank=BirdRank.TEN_AND_A_HALF)),
    ("two", TWO_PLAYER),
    ("three", THREE_PLAYER),
    ("five", FIVE_PLAYER),
    ("six", SIX_PLAYER),
    *((f"rook-1913 for {players}", ROOK_1913.at_table(players)) for players in range(3, 9)),
    ("partnership-1913", PARTNERSHIP_1913),
    ("partnership-1913 for 6", PARTNERSHIP_1913.at_table(6)),
    ("partnership-1913 for 6, three sides of two", PARTNERSHIP_1913.at_table(6, sides=3)),
    ("dixie", DIXIE),
    ("dixie for 6", DIXIE.at_table(6)),
    ("display", DISPLAY),
)
"""The games with a model, by name; the Partnership Game's (first) also serves the individual
game and Kentucky Discard, whose deck, deal and teams are the same."""


def self_play_examples(deals: int, seed: int, rules: RuleSet = PARTNERSHIP
                       ) -> tuple[list[list[float]], list[float], list[float]]:
    """Per deal: the bidder's features, the points its team took, and the rule books' reckoning of its hand."""
    rng = random.Random(seed)
    people = rules.people
    features: list[list[float]] = []
    targets: list[float] = []
    reckonings: list[float] = []
    for number in range(deals):
        deal = Deal.shuffled(rules, people[number % len(people)], rng)
        bidder = people[rng.randrange(len(people))]
        hands = [mask_of(hand) for hand in deal.hands]
        outlook = Outlook.for_bidder(rules, 1, bidder, bidder, rules.min_bid)
        taken, _ = play_as_bidder(rules, outlook, hands, mask_of(deal.nest), bidder, first_leader(rules, deal.dealer))
        cards = list(deal.hands[bidder])
        features.append(bid_features(cards, rules))
        targets.append(float(taken[outlook.mine]))
        reckonings.append(raw_strength(cards, rules))
    return features, targets, reckonings


def least_squares(rows: list[list[float]], targets: list[float], ridge: float = 1e-6) -> list[float]:
    """The weights minimizing the squared error (normal equations, Gaussian elimination)."""
    size = len(rows[0])
    matrix = [[0.0] * size for _ in range(size)]
    vector = [0.0] * size
    for row, target in zip(rows, targets, strict=True):
        for i in range(size):
            vector[i] += row[i] * target
            for j in range(size):
                matrix[i][j] += row[i] * row[j]
    for i in range(size):
        matrix[i][i] += ridge * len(rows)
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(matrix[r][column]))
        matrix[column], matrix[pivot] = matrix[pivot], matrix[column]
        vector[column], vector[pivot] = vector[pivot], vector[column]
        for r in range(size):
            if r != column and matrix[r][column]:
                factor = matrix[r][column] / matrix[column][column]
                for c in range(column, size):
                    matrix[r][c] -= factor * matrix[column][c]
                vector[r] -= factor * vector[column]
    return [vector[i] / matrix[i][i] for i in range(size)]


def train_one(name: str, rules: RuleSet, deals: int, seed: int) -> dict:
    """One game's model, and the line that scales the rule books' reckoning of a hand to it."""
    rows, targets, reckonings = self_play_examples(deals, seed, rules)
    weights = least_squares(rows, targets)
    residuals = [
        t - sum(w * x for w, x in zip(weights, row, strict=True)) for row, t in zip(rows, targets, strict=True)
    ]
    spread = math.sqrt(sum(r * r for r in residuals) / len(residuals))
    if model_signature(rules) == model_signature(PARTNERSHIP):
        strength = [1.0, 0.0]  # the reckoning is the Partnership Game's own
    else:
        offset, scale = least_squares([[1.0, value] for value in reckonings], targets)
        strength = [round(scale, 5), round(offset, 5)]
    return {
        "name": name,
        "signature": model_signature(rules),
        "weights": [round(w, 5) for w in weights],
        "spread": round(spread, 3),
        "deals": deals,
        "seed": seed,
        "strength": strength,
    }


def train(deals: int, seed: int, names: list[str] | None = None) -> dict:
    """The models as the JSON object that is shipped (the Partnership Game's always, first)."""
    chosen = [(name, rules) for name, rules in GAMES if names is None or name == GAMES[0][0] or name in names]
    models = [train_one(name, rules, deals, seed) for name, rules in chosen]
    return {
        "about": "Linear estimates of the points a bidder's team takes, from its dealt cards, one per game; "
        "made by python -m rook_access.players.search.train_bidding",
        "features": list(FEATURE_NAMES),
        "models": models,
    }


def add_models(shipped: dict, made: dict) -> dict:
    """``shipped`` with the models of ``made`` put in, each in its place in ``GAMES`` (one of the same name
    replaced): models made again for some games leave the others' exactly as they were."""
    by_name = {model["name"]: model for model in shipped["models"]}
    by_name.update({model["name"]: model for model in made["models"]})
    order = [name for name, _ in GAMES]
    models = sorted(by_name.values(), key=lambda model: order.index(model["name"]) if model["name"] in order else 0)
    return {**shipped, "models": models}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m rook_access.players.search.train_bidding", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=40000, help="deals per game (default 40000)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--games", nargs="*", metavar="NAME",
                        help=f"only these games (the first, {GAMES[0][0]}, always): {'; '.join(n for n, _ in GAMES)}")
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name(MODEL_FILE))
    parser.add_argument("--add", action="store_true",
                        help="make only the --games named and put them into the models already in --out")
    args = parser.parse_args(argv)
    if args.add:
        chosen = [(name, rules) for name, rules in GAMES if name in (args.games or [])]
        made = {"models": [train_one(name, rules, args.deals, args.seed) for name, rules in chosen]}
        data = add_models(json.loads(args.out.read_text(encoding="utf-8")), made)
    else:
        data = train(args.deals, args.seed, args.games)
    args.out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"Wrote {args.out}: {len(data['models'])} games, {args.deals} deals each.")
    for model in data["models"]:
        print(f"{model['name']}: spread {model['spread']} points, reckoning x{model['strength'][0]} "
              f"{model['strength'][1]:+}")


if __name__ == "__main__":
    main()
