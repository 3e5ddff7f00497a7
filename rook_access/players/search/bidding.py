"""Bidding: what the hand will take if it wins the bid, and how high that is worth going.

Two estimates of the points a hand's team takes as the bidder are joined:

* a linear model of the hand's features, learned offline from self-play and
  shipped in ``bidding_model.json``, one model per game (deck, deal and
  teams: ``outlook.model_signature``; ``python -m
  rook_access.players.search.train_bidding`` makes them again);
* a simulation: deals of the unseen cards drawn to fit the bids so far, the
  nest added to the hand, a quick discard and trump, and the hand played out
  with the teams this seat would play with as the bid winner.

The simulated points, shifted toward the model's estimate, give the expected
hand score of each bid (a set loses the whole bid), and the player bids on
while the best of them beats passing.  What passing is worth while an
opponent may still win the bid is the tuned Partnership Game figure, scaled
to each game (``contested_pass_value``).  A game without a model (rules
made up outside the program's games) bids on the simulation alone.  Where
checking is allowed, a hand that would pass checks instead.
"""

from __future__ import annotations

import functools
import json
import random
from dataclasses import dataclass
from importlib import resources

from ...engine import (
    BIRD,
    CHECK,
    COLORS,
    PASS,
    Action,
    Bid,
    SeatView,
    card_color,
    cards_in,
    mask_of,
)
from ...engine.rules import PARTNERSHIP, RuleSet
from ..basic import best_trump, number_rank, ranks
from .knowledge import Knowledge
from .nest import candidate_discards, color_ranks
from .outlook import Outlook, first_leader, model_signature
from .play import SearchBudget, nest_points_of
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
    """(scale, offset) turning the rule books' reckoning of a hand (``basic.raw_strength``) into this game's points."""
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


def quick_nest(hand: int, rules: RuleSet) -> tuple[int, int]:
    """A fast trump and discard for the bidder's hand and the nest (no simulation): the trump and the kept cards."""
    cards = cards_in(hand)
    trump = best_trump(cards, rules)
    discard = candidate_discards(hand, trump, rules.nest_size, rules.points, color_ranks(rules))[0]
    return trump, hand & ~discard


def play_as_bidder(rules: RuleSet, outlook: Outlook, hands: list[int], nest: int, bidder: int,
                   leader: int) -> tuple[list[int], int]:
    """The bidder takes the nest, buries by ``quick_nest`` and names trump; the hand is played out.

    ``hands`` are changed.  Returns the points each team took and the teams that took a trick.
    """
    trump, kept = quick_nest(hands[bidder] | nest, rules)
    buried = (hands[bidder] | nest) & ~kept
    hands[bidder] = kept
    return rollout(trump_tables(rules, trump), outlook.team_of, hands, leader, [], nest_points_of(rules, buried))


def simulate_as_bidder(view: SeatView, samples: int, rng: random.Random,
                       deal_source: DealSource = draw_deals) -> list[tuple[list[int], int]]:
    """The points each team takes, over sampled deals, if this seat wins the bid and takes the nest
    (teams as ``Outlook.as_bidder``), with the teams that took a trick."""
    rules = view.rules
    knowledge = Knowledge.from_view(view)
    deals = deal_source(view, knowledge, samples, rng)
    outlook = Outlook.as_bidder(view, view.seat)
    leader = first_leader(rules, view.dealer)
    return [play_as_bidder(rules, outlook, list(deal.hands), deal.nest, view.seat, leader) for deal in deals]


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
    """The expected hand score of passing while an opponent may still win the bid in the Partnership
    Game: about what an opponents' contract costs (they take some 90 of the 120 points when they hold
    the nest).  Other games scale it (``contested_pass_value``; checked by duplicate matches)."""
    MIN_SAMPLES = 32
    """Deals simulated for a bid at the least: a bid is too costly to make on a noisy estimate."""
    PARTNER_MARGIN = 25.0
    """How much more a hand must expect than partner's bid to take the bid from partner."""


def contested_pass_value(view: SeatView, tuning: type[BidTuning] = BidTuning) -> float:
    """What passing is worth while an opponent may still win the bid.

    The Partnership Game's tuned figure, in proportion to the points of the
    game, and shared out where an opponent's contract leaves more than two
    teams (each alone against the bid winner: a fifth or a sixth of it falls
    on this player, and its scores are compared with the mean of the others).
    """
    rules = view.rules
    opponent = next(seat for seat in rules.people if seat != view.seat)
    teams = len(rules.teams_for_bidder(view.hand_number, opponent))
    return tuning.PASS_VALUE_CONTESTED * rules.total_points / 120 * 2 / teams


def plan_bid(view: SeatView, budget: SearchBudget, rng: random.Random,
             deal_source: DealSource = draw_deals, tuning: type[BidTuning] = BidTuning) -> BidPlan:
    """The bid (or pass, or check) for ``view`` in the bidding phase."""
    rules = view.rules
    cards = list(view.hand)
    model = load_model(rules)
    runs = simulate_as_bidder(view, max(tuning.MIN_SAMPLES, budget.samples), rng, deal_source)
    outlook = Outlook.as_bidder(view, view.seat)
    mine = outlook.mine
    mean = sum(taken[mine] for taken, _ in runs) / len(runs)
    model_points = model.estimate(cards, rules) if model is not None else mean
    shift = tuning.MODEL_SHARE * (model_points - mean)
    # The shift moves points from the other teams to this one, keeping the total.  As the bidder's
    # team, a run's hand score is (its points if it makes the bid, else minus the bid) minus the other
    # teams' mean, which does not depend on the bid: each run is kept as (points, bonus, others' mean).
    others = outlook.size - 1
    others_shift = shift / others
    bonus = rules.all_tricks_bonus
    outcomes = []
    for taken, won in runs:
        swept = won.bit_length() - 1 if bonus and won and not won & (won - 1) else None
        rest = sum(taken) - taken[mine] - others * others_shift + (bonus if swept not in (None, mine) else 0)
        outcomes.append((taken[mine] + shift, bonus if swept == mine else 0, rest / others))
    expected = mean + shift

    def bid_value(amount: int) -> float:
        value = 0.0
        for points, extra, rest in outcomes:
            value += (points + extra if points >= amount else -amount) - rest
        return value / len(outcomes)

    team_of = view.team_of
    opponents_in = any(
        not view.passed[seat] and team_of[seat] != view.side for seat in range(rules.players) if seat != view.seat
    )
    partner_high = view.high_bidder is not None and view.high_bidder in view.partners
    if partner_high:
        pass_value = None  # partner holds the bid: passing keeps it on our side
    elif opponents_in:
        pass_value = contested_pass_value(view, tuning)
    else:
        pass_value = 0.0  # the opponents have passed: passing leaves the hand to partner, or throws it in
    limit = None
    for amount in rules.bid_range(None):
        value = bid_value(amount)
        if partner_high:
            assert view.high_bid is not None  # partner holds a bid
            worth = expected - view.high_bid >= tuning.PARTNER_MARGIN and value > 0
        else:
            assert pass_value is not None  # known whenever partner does not hold the bid
            worth = value > pass_value
        if worth:
            limit = amount
    bids = [action for action in view.legal if isinstance(action, Bid)]
    if limit is None or not bids or bids[0].amount > limit:
        action: Action = CHECK if CHECK in view.legal else PASS
    else:
        action = bids[0]
    return BidPlan(expected, model_points, limit, action)
