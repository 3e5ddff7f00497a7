"""Deals of the unseen cards consistent with what one seat knows.

``deal_unseen`` gives every other seat (and the hidden nest) random cards
that fit the hard facts of ``Knowledge``: the right number of cards, none
of a suit a seat has shown out of.  ``Evidence`` weighs such deals by the
soft facts (the bids, the trump the bidder named, and that a bidder seldom
buries trump), and ``draw_deals`` keeps the deals that fit them best, so the
search imagines hands that the table's bidding makes likely.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ...engine import COLORS, SeatView, cards_in, mask_of
from ...engine.cards import CardSet
from ..hand_value import trump_preference
from .bidding_model import hand_strength
from .knowledge import NEST, Knowledge


@dataclass
class SampledDeal:
    """One imagined deal: every seat's cards now, and the nest's."""

    hands: list[CardSet]
    nest: CardSet


def deal_unseen(knowledge: Knowledge, rng: random.Random, tries: int = 50) -> SampledDeal:
    """A random deal of the unseen cards that fits the known counts and voids.

    The cards other seats show are dealt to them; unseen cards left over when
    every place has its cards are out of play.  The most constrained place is
    filled first; if the constraints cannot be met (which a consistent view
    never causes) the voids are dropped.
    """
    for attempt in range(tries + 1):
        ignore_voids = attempt == tries
        remaining = knowledge.unseen
        places = dict(knowledge.needs)
        dealt: dict[int, CardSet] = {}
        ok = True
        while places:
            # How many cards each place could take beyond those it needs.
            slack = {
                place: (remaining if ignore_voids else remaining & ~knowledge.excluded.get(place, 0)).bit_count() - need
                for place, need in places.items()
            }
            slot = min(slack, key=slack.__getitem__)
            need = places.pop(slot)
            allowed = remaining if ignore_voids else remaining & ~knowledge.excluded.get(slot, 0)
            if allowed.bit_count() < need:
                ok = False
                break
            if allowed.bit_count() == need:
                chosen = allowed
            else:
                chosen = mask_of(rng.sample(cards_in(allowed), need))
            dealt[slot] = chosen
            remaining &= ~chosen
        if ok:
            known = knowledge.known
            hands = [dealt.get(seat, 0) | known.get(seat, 0) for seat in range(knowledge.players)]
            hands[knowledge.seat] = knowledge.hand
            return SampledDeal(hands, dealt.get(NEST, 0) | knowledge.known_nest)
    raise AssertionError("unreachable: the last try ignores the voids")


class Evidence:
    """How well a sampled deal fits the bids and the trump the bidder named.

    A seat that bid ``b`` probably holds a hand worth about ``b``; one that
    passed while the bid was lower probably does not; the bidder probably
    named the color its hand was best in.  These are likelihoods, never
    certainties, so a deal is weighed, not ruled out.
    """

    SPREAD = 12.0
    """How loosely a hand's estimated worth follows its bids, in points."""
    TRUMP_SHARPNESS = 0.12
    """How strongly the bidder's trump says which color its hand was best in."""
    FLOOR = 0.05
    BURIED_TRUMP_ODDS = 0.15
    """How much less likely a nest is for each trump (or the Bird) the bidder would have buried in it."""
    """The least weight one clue gives: players bid and pass for reasons of their own."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        rules = view.rules
        self.rules = rules
        self.highest_bid: dict[int, int] = {}
        self.passed_below: dict[int, int] = {}
        high: int | None = None
        for seat, amount in view.bids:
            if seat == view.seat:
                if amount is not None:
                    high = amount
                continue
            if amount is None:
                # It passed rather than bid the next amount.
                self.passed_below[seat] = (high or rules.min_bid - rules.bid_step) + rules.bid_step
            else:
                self.highest_bid[seat] = amount
                high = amount
        self.dealt = rules.dealt_sizes(view.dealer)
        self.bidder = view.bidder if view.bidder != view.seat else None
        self.trump = view.trump
        self.trump_cards = rules.suit_masks[view.trump][view.trump] if view.trump is not None else 0
        self.played_by: dict[int, CardSet] = {}
        if view.trump is not None:
            for trick in view.tricks:
                for offset, card in enumerate(trick.cards):
                    seat = (trick.leader + offset) % rules.players
                    self.played_by[seat] = self.played_by.get(seat, 0) | (1 << card)
            if view.trick_leader is not None:
                for offset, card in enumerate(view.trick):
                    seat = (view.trick_leader + offset) % rules.players
                    self.played_by[seat] = self.played_by.get(seat, 0) | (1 << card)

    @property
    def informative(self) -> bool:
        """Whether anything here can tell deals apart."""
        return bool(self.highest_bid or self.passed_below or (self.bidder is not None and self.trump is not None))

    def weight(self, deal: SampledDeal) -> float:
        """The relative likelihood of this deal given the bids and the trump."""
        weight = 1.0
        for seat in set(self.highest_bid) | set(self.passed_below):
            cards = cards_in(deal.hands[seat] | self.played_by.get(seat, 0))
            if len(cards) != self.dealt[seat]:
                continue  # the bidder holding the nest: its first hand is unknown
            worth = hand_strength(cards, self.rules)
            if seat in self.highest_bid:
                weight *= max(self.FLOOR, _logistic((worth - self.highest_bid[seat]) / self.SPREAD))
            if seat in self.passed_below and seat != self.bidder:
                weight *= max(self.FLOOR, _logistic((self.passed_below[seat] - worth) / self.SPREAD))
        if self.bidder is not None and self.trump is not None:
            cards = cards_in(deal.hands[self.bidder] | self.played_by.get(self.bidder, 0))
            preferences = [trump_preference(cards, color, self.rules) for color in COLORS]
            top = max(preferences)
            total = sum(math.exp(self.TRUMP_SHARPNESS * (p - top)) for p in preferences)
            weight *= math.exp(self.TRUMP_SHARPNESS * (preferences[self.trump] - top)) / total
            # The bidder chose what to bury: trumps and the Bird seldom.
            weight *= self.BURIED_TRUMP_ODDS ** (deal.nest & self.trump_cards).bit_count()
        return weight


def _logistic(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))


def draw_deals(view: SeatView, knowledge: Knowledge, count: int, rng: random.Random,
               oversample: int = 3) -> list[SampledDeal]:
    """``count`` deals for the search: drawn at random, then kept by how well they fit the evidence."""
    evidence = Evidence(view)
    if not evidence.informative or count <= 0:
        return [deal_unseen(knowledge, rng) for _ in range(count)]
    candidates = [deal_unseen(knowledge, rng) for _ in range(count * oversample)]
    weights = [evidence.weight(deal) for deal in candidates]
    total = sum(weights)
    if total <= 0:
        return candidates[:count]
    # Systematic resampling: ``count`` deals, each as often as its weight says.
    step = total / count
    position = rng.random() * step
    chosen = []
    cumulative = 0.0
    index = -1
    for _ in range(count):
        while cumulative <= position and index + 1 < len(candidates):
            index += 1
            cumulative += weights[index]
        chosen.append(candidates[index])
        position += step
    return chosen


DealSource = Callable[[SeatView, Knowledge, int, random.Random], list[SampledDeal]]
"""Where a search gets its deals: ``draw_deals`` normally, the true deal for a cheating player."""
