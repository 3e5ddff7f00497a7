"""The bidder's nest discard and trump, chosen by simulation.

A handful of sensible discards is drawn up for each trump color (the weakest
cards; the weakest with a short color voided; the weakest with the counters
that would probably be lost buried, since the nest goes to the last trick).
Each (trump, discard) pair is played out over the same sampled deals of the
other hands, and the pair with the best average hand score is chosen.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from ...engine import BIRD, COLORS, SeatView, card_color, cards_in, mask_of
from ...engine.cards import CardSet
from ..hand_value import trump_preference
from .keep import color_ranks, is_top_number, keep_value, top_of_color
from .knowledge import Knowledge
from .outlook import Outlook, first_leader
from .play import SearchBudget, nest_points_of
from .rollout import rollout
from .sampling import DealSource, SampledDeal, draw_deals
from .tables import trump_tables


@dataclass(frozen=True)
class NestChoice:
    """A trump color and the cards to bury with it, with the simulated average score."""

    trump: int
    discard: CardSet
    score: float
    samples: int


def candidate_discards(hand: CardSet, trump: int, count: int, points: tuple[int, ...],
                       rank: tuple[int, ...] | None = None) -> list[CardSet]:
    """A few different discards of ``count`` cards worth simulating for this trump."""
    cards = cards_in(hand)
    ranked = sorted(cards, key=lambda card: keep_value(card, trump, hand, rank))
    candidates = [mask_of(ranked[:count])]
    # Void each short plain color, filling up with the weakest cards.
    for color in COLORS:
        if color == trump:
            continue
        in_color = [card for card in ranked if card_color(card) == color]
        if 0 < len(in_color) <= count and not any(is_top_number(card, rank) for card in in_color):
            rest = [card for card in ranked if card not in in_color and card_color(card) != trump and card != BIRD]
            chosen = in_color + rest[: count - len(in_color)]
            if len(chosen) == count:
                candidates.append(mask_of(chosen))
    # Bury counters that would likely be lost: plain 5s and 10s without the 14 above them.
    losers = [
        card for card in ranked
        if points[card] and card_color(card) != trump and card != BIRD and not is_top_number(card, rank)
        and not hand & (1 << top_of_color(card, rank))
    ]
    if losers:
        chosen = losers[:count]
        chosen += [card for card in ranked if card not in chosen and card_color(card) != trump][: count - len(chosen)]
        if len(chosen) == count:
            candidates.append(mask_of(chosen))
    unique: list[CardSet] = []
    for candidate in candidates:
        if candidate not in unique:
            unique.append(candidate)
    return unique


def _play_out(view: SeatView, outlook: Outlook, deal: SampledDeal, hand: CardSet, trump: int, nest: CardSet) -> float:
    rules = view.rules
    hands = list(deal.hands)
    hands[view.seat] = hand
    nest_points = nest_points_of(rules, nest)
    leader = first_leader(rules, view.dealer)
    tricks = [0] * outlook.size if rules.most_tricks_bonus else None
    taken, won = rollout(trump_tables(rules, trump), outlook.team_of, hands, leader, [], nest_points, tricks=tricks)
    return outlook.outcome(taken, won, tricks)


def choose_nest(view: SeatView, budget: SearchBudget, rng: random.Random,
                deal_source: DealSource = draw_deals) -> NestChoice:
    """The best trump and discard for the bidder holding the nest (``view`` in the discard phase)."""
    start = time.perf_counter()
    rules = view.rules
    hand = mask_of(view.hand)
    count = rules.nest_size
    knowledge = Knowledge.from_view(view)
    deals = deal_source(view, knowledge, max(4, budget.samples), rng)
    # First the trump colors, each with its plain discard; then the two best colors' other discards.
    cards = cards_in(hand)
    colors = sorted(COLORS, key=lambda color: -trump_preference(cards, color, rules))
    scored: list[NestChoice] = []
    rank = color_ranks(rules)
    first_round = [(color, candidate_discards(hand, color, count, rules.points, rank)) for color in colors]
    for color, discards in first_round:
        scored.append(_score(view, deals, hand, color, discards[0]))
    scored.sort(key=lambda choice: -choice.score)
    limit = min(budget.deadline * 0.8, budget.time_target)
    for choice in scored[:2]:
        for discard in dict(first_round)[choice.trump][1:]:
            if time.perf_counter() - start > limit:
                break
            scored.append(_score(view, deals, hand, choice.trump, discard))
    return max(scored, key=lambda choice: choice.score)


def _score(view: SeatView, deals: list[SampledDeal], hand: CardSet, trump: int, discard: CardSet) -> NestChoice:
    kept = hand & ~discard
    outlook = Outlook.of(view)
    total = sum(_play_out(view, outlook, deal, kept, trump, discard) for deal in deals)
    return NestChoice(trump, discard, total / len(deals), len(deals))


def choose_trump(view: SeatView, budget: SearchBudget, rng: random.Random,
                 deal_source: DealSource = draw_deals) -> NestChoice:
    """The best trump for the bidder's kept hand (``view`` in the trump phase), by simulation."""
    nest = mask_of(view.nest_discarded)
    return best_trump_after(view, mask_of(view.hand) | nest, nest, budget, rng, deal_source)


def score_after(view: SeatView, cards: CardSet, discard: CardSet, trump: int, budget: SearchBudget,
                rng: random.Random, deal_source: DealSource = draw_deals) -> NestChoice:
    """How well ``trump`` does once ``discard`` is buried from ``cards``, over the deals ``best_trump_after``
    judges with the same random numbers (the ``review`` command's measure of a trump the user named)."""
    knowledge = Knowledge.from_view(view)
    deals = deal_source(view, knowledge, max(4, budget.samples), rng)
    return _score(view, deals, cards, trump, discard)


def best_trump_after(view: SeatView, cards: CardSet, discard: CardSet, budget: SearchBudget, rng: random.Random,
                     deal_source: DealSource = draw_deals) -> NestChoice:
    """The best trump once ``discard`` is buried from ``cards`` (the bidder's hand with the nest).

    ``view`` is the bidder's, in the discard or the trump phase: both leave
    the same cards unseen, so with the same random numbers both judge the
    same deals.
    """
    knowledge = Knowledge.from_view(view)
    deals = deal_source(view, knowledge, max(4, budget.samples), rng)
    return max((_score(view, deals, cards, color, discard) for color in COLORS), key=lambda c: c.score)
