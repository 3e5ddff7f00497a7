"""Bidding: what the hand will take if it wins the bid, and how high that is worth going.

Two estimates of the points a hand's side takes as the bidder are joined:

* a linear model of the hand's features, learned offline from self-play and
  shipped as ``bidding_model.json`` (``python -m
  rook_access.players.search.train_bidding`` makes it again);
* a simulation: deals of the unseen cards drawn to fit the bids so far, the
  nest added to the hand, a quick discard and trump, and the hand played out.

The simulated points, shifted toward the model's estimate, give the expected
hand score of each bid (a set loses the whole bid), and the player bids on
while the best of them beats passing.
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass
from importlib import resources

from ...engine import (
    BIRD,
    COLORS,
    PASS,
    Action,
    Bid,
    SeatView,
    card_color,
    card_number,
    cards_in,
    mask_of,
)
from ...engine.rules import RuleSet
from ..basic import best_trump
from .knowledge import Knowledge
from .nest import candidate_discards
from .play import SearchBudget
from .rollout import rollout
from .sampling import DealSource, draw_deals
from .tables import trump_tables

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


def bid_features(cards: list[int], rules: RuleSet) -> list[float]:
    """The features of a hand that the bidding model weighs."""
    trump = best_trump(cards)
    by_color: dict[int, list[int]] = {color: [] for color in COLORS}
    for card in cards:
        if card != BIRD:
            by_color[card_color(card)].append(card_number(card) or 0)  # type: ignore[index]
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
    """Weights of the linear model, and how far real results scatter around it."""

    weights: tuple[float, ...]
    spread: float
    deals: int

    def estimate(self, cards: list[int], rules: RuleSet) -> float:
        """The points this hand's side is expected to take as the bidder (out of the rules' total)."""
        return sum(w * x for w, x in zip(self.weights, bid_features(cards, rules)))


MODEL_FILE = "bidding_model.json"


@functools.lru_cache(maxsize=1)
def load_model() -> BiddingModel:
    """The shipped model."""
    data = json.loads(resources.files(__package__).joinpath(MODEL_FILE).read_text(encoding="utf-8"))
    if tuple(data["features"]) != FEATURE_NAMES:
        raise ValueError("the bidding model does not match this version's features")
    return BiddingModel(tuple(data["weights"]), float(data["spread"]), int(data["deals"]))


def quick_nest(hand: int, rules: RuleSet) -> tuple[int, int]:
    """A fast trump and discard for 14 cards (no simulation): the trump and the kept cards."""
    cards = cards_in(hand)
    trump = best_trump(cards)
    discard = candidate_discards(hand, trump, rules.nest_size, rules.points)[0]
    return trump, hand & ~discard


def simulate_as_bidder(view: SeatView, samples: int, rng: random.Random,
                       deal_source: DealSource = draw_deals) -> list[int]:
    """Points this seat's side takes, over sampled deals, if it wins the bid and takes the nest."""
    rules = view.rules
    knowledge = Knowledge.from_view(view)
    deals = deal_source(view, knowledge, samples, rng)
    leader = (view.dealer + 1) % rules.players
    results = []
    for deal in deals:
        hands = list(deal.hands)
        trump, kept = quick_nest(hands[view.seat] | deal.nest, rules)
        buried = (hands[view.seat] | deal.nest) & ~kept
        hands[view.seat] = kept
        nest_points = rules.points_in(buried) if rules.last_trick_takes_nest else 0
        taken = rollout(trump_tables(rules, trump), hands, leader, [], nest_points)
        results.append(taken[view.side])
    return results


@dataclass(frozen=True)
class BidPlan:
    """What the bidder worked out: expected points, the most worth bidding, and the choice."""

    expected_points: float
    model_points: float
    limit: int | None
    action: Action


class BidTuning:
    """Numbers that set how boldly the player bids (tuned by duplicate matches)."""

    MODEL_SHARE = 0.75
    """How far the simulated points are moved toward the model's estimate."""
    PASS_VALUE_CONTESTED = -70.0
    """The expected hand score of passing while an opponent may still win the bid: about what an
    opponents' contract costs (they take some 90 of the 120 points when they hold the nest)."""
    MIN_SAMPLES = 32
    """Deals simulated for a bid at the least: a bid is too costly to make on a noisy estimate."""
    PARTNER_MARGIN = 25.0
    """How much more a hand must expect than partner's bid to take the bid from partner."""


def plan_bid(view: SeatView, budget: SearchBudget, rng: random.Random,
             deal_source: DealSource = draw_deals, tuning: type[BidTuning] = BidTuning) -> BidPlan:
    """The bid (or pass) for ``view`` in the bidding phase."""
    rules = view.rules
    cards = list(view.hand)
    model = load_model()
    model_points = model.estimate(cards, rules)
    simulated = simulate_as_bidder(view, max(tuning.MIN_SAMPLES, budget.samples), rng, deal_source)
    mean = sum(simulated) / len(simulated)
    shift = tuning.MODEL_SHARE * (model_points - mean)
    outcomes = [points + shift for points in simulated]
    expected = mean + shift
    total = rules.total_points

    def bid_value(amount: int) -> float:
        value = 0.0
        for points in outcomes:
            value += (points if points >= amount else -amount) - (total - points)
        return value / len(outcomes)

    opponents_in = any(
        not view.passed[seat] and rules.side_of[seat] != view.side for seat in range(rules.players)
    )
    partner_high = view.high_bidder is not None and view.high_bidder in view.partners
    if partner_high:
        pass_value = None  # partner holds the bid: passing keeps it on our side
    elif opponents_in:
        pass_value = tuning.PASS_VALUE_CONTESTED
    else:
        pass_value = 0.0  # the opponents have passed: passing leaves the hand to partner, or throws it in
    limit = None
    for amount in rules.bid_range(None):
        value = bid_value(amount)
        if partner_high:
            worth = expected - view.high_bid >= tuning.PARTNER_MARGIN and value > 0  # type: ignore[operator]
        else:
            worth = value > pass_value  # type: ignore[operator]
        if worth:
            limit = amount
    bids = [action for action in view.legal if isinstance(action, Bid)]
    if limit is None or not bids or bids[0].amount > limit:
        action: Action = PASS
    else:
        action = bids[0]
    return BidPlan(expected, model_points, limit, action)
