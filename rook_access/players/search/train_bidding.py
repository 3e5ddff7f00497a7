"""Learn the bidding model from self-play and write ``bidding_model.json``.

Run ``python -m rook_access.players.search.train_bidding`` (about 15 seconds).
For each random deal one seat is made the bidder: it takes the nest, makes
the quick discard and trump of ``bidding.quick_nest``, and the hand is played
out by the rollout policy.  A least-squares fit of the points its side took
on the features of its first nine cards gives the model's weights; the
spread of the results around the fit is kept too.
"""

from __future__ import annotations

import argparse
import json
import math
import random
from pathlib import Path

from ...engine import PARTNERSHIP, Deal, mask_of
from .bidding import FEATURE_NAMES, MODEL_FILE, bid_features, quick_nest
from .rollout import rollout
from .tables import trump_tables


def self_play_examples(deals: int, seed: int) -> tuple[list[list[float]], list[float]]:
    """Features and points taken by the bidder's side, one pair per deal."""
    rules = PARTNERSHIP
    rng = random.Random(seed)
    features: list[list[float]] = []
    targets: list[float] = []
    for number in range(deals):
        deal = Deal.shuffled(rules, number % rules.players, rng)
        bidder = rng.randrange(rules.players)
        hands = [mask_of(hand) for hand in deal.hands]
        trump, kept = quick_nest(hands[bidder] | mask_of(deal.nest), rules)
        buried = (hands[bidder] | mask_of(deal.nest)) & ~kept
        hands[bidder] = kept
        leader = (deal.dealer + 1) % rules.players
        taken = rollout(trump_tables(rules, trump), hands, leader, [], rules.points_in(buried))
        features.append(bid_features(list(deal.hands[bidder]), rules))
        targets.append(float(taken[rules.side_of[bidder]]))
    return features, targets


def least_squares(rows: list[list[float]], targets: list[float], ridge: float = 1e-6) -> list[float]:
    """The weights minimizing the squared error (normal equations, Gaussian elimination)."""
    size = len(rows[0])
    matrix = [[0.0] * size for _ in range(size)]
    vector = [0.0] * size
    for row, target in zip(rows, targets):
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


def train(deals: int, seed: int) -> dict:
    """The model as the JSON object that is shipped."""
    rows, targets = self_play_examples(deals, seed)
    weights = least_squares(rows, targets)
    residuals = [t - sum(w * x for w, x in zip(weights, row)) for row, t in zip(rows, targets)]
    spread = math.sqrt(sum(r * r for r in residuals) / len(residuals))
    return {
        "about": "Linear estimate of the points a bidder's side takes, from the first nine cards; "
        "made by python -m rook_access.players.search.train_bidding",
        "features": list(FEATURE_NAMES),
        "weights": [round(w, 5) for w in weights],
        "spread": round(spread, 3),
        "deals": deals,
        "seed": seed,
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m rook_access.players.search.train_bidding", description=__doc__)
    parser.add_argument("--deals", type=int, default=40000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=Path(__file__).with_name(MODEL_FILE))
    args = parser.parse_args(argv)
    model = train(args.deals, args.seed)
    args.out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print(f"Wrote {args.out}: {args.deals} deals, spread {model['spread']} points.")
    for name, weight in zip(model["features"], model["weights"]):
        print(f"{name}: {weight}")


if __name__ == "__main__":
    main()
