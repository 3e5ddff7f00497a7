"""Deals of the unseen cards consistent with what one seat knows.

``deal_unseen`` gives every other seat (and the hidden nest) random cards
that fit the hard facts of ``Knowledge``: the right number of cards, none
of a suit a seat has shown out of.  ``Evidence`` weighs such deals by the
soft facts (the bids, the trump the bidder named, and that a bidder seldom
buries trump), and ``draw_deals`` keeps the deals that fit them best, so the
search imagines hands that the table's bidding makes likely.
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections.abc import Callable
from dataclasses import dataclass

from ...engine import COLORS, SeatView, cards_in, mask_of
from ...engine.cards import CardSet
from ...engine.rules import RuleSet
from ..hand_value import trump_preference
from .bidding_model import hand_strength, load_model
from .keep import color_ranks, keep_value
from .knowledge import NEST, Knowledge
from .tables import trump_tables


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


@dataclass(frozen=True)
class EvidenceModel:
    """How strongly each clue of ``Evidence`` weighs: the soft facts as numbers.

    The odds are likelihood factors per card (1.0: the clue says nothing);
    ``draw_deals`` uses ``PLAYER_MODEL``.  ``python -m rook_access.bench.inference``
    measures how likely the true deals of self-play are under a model, and fits them.
    """

    spread: float = 12.0
    """How loosely a hand's estimated worth follows its bids, in points."""
    floor: float = 0.05
    """The least weight one bid or pass gives: players bid and pass for reasons of their own."""
    bid_offset: float = 0.0
    """How much more than a bid a hand is worth when it makes that bid, in points."""
    bidder_gain: float = 0.0
    """How much the bidder's hand gained from the nest: its kept cards are worth this much more than
    the hand it bid on."""
    partner_margin: float = 0.0
    """How much more than partner's bid a hand must be worth to bid over partner: a pass while
    partner holds the bid says the hand is worth less than partner's bid and this."""
    model_worth: bool = False
    """Whether a hand's worth is the bidding model's estimate (the players' own reckoning) rather
    than the rule books' (``hand_strength``)."""
    trump_sharpness: float = 0.12
    """How strongly the bidder's trump says which color its hand was best in."""
    buried_trump_odds: float = 0.15
    """How much less likely a nest is for each trump (or the Bird) the bidder would have buried in it."""
    nest_odds: float = 1.0
    """How much less likely a nest is for each card in it that the bidder would have kept: not among
    its weakest cards (``keep.keep_value``) by the nest's size."""
    far_nest_odds: float = 1.0
    """The same again for each card of the nest that is not among the bidder's weakest cards by the
    nest's size and four more."""
    low_odds: float = 1.0
    """How much less likely a hand is for each card cheaper than the one its seat played, of those it
    could play, when it did not beat the other side's winning card."""
    beat_odds: float = 1.0
    """How much less likely a hand is for each card that would have beaten the other side's winning
    card, of those its seat could play, when the seat did not beat it."""
    smear_odds: float = 1.0
    """How much less likely a hand is for each card worth more points than the one its seat played, of
    those it could play without overtaking, when it played last to its partner's winning trick."""
    partners_model: EvidenceModel | None = None
    """The model of this seat's partners' bids and passes where it differs from the opponents' (None: the same)."""
    temperature: float = 1.0
    """The power a deal's weight is raised to when the search draws its deals: below 1 softens a model
    sharper than the search's sample can use (the weights of a few deals would crowd out the rest)."""
    nest_draw_noise: float | None = None
    """How the search draws the nest an unseen bidder buried (None: at random, like every other place).  A
    number: from the bidder's weakest cards in the order of ``keep.keep_value``, each card's value moved by
    random noise of this scale (Gumbel), so that the drawn deals are likely ones and still many different
    ones; a weight would make the deals likely by keeping few of them."""


HAND_SET = EvidenceModel()
"""The model as first set by hand (SPREAD 12, FLOOR 0.05, trump sharpness 0.12, buried trumps 0.15)."""


FITTED = EvidenceModel(
    spread=3.0, floor=0.0001, bid_offset=-25.0, bidder_gain=50.0, partner_margin=60.0, model_worth=False,
    trump_sharpness=0.3, buried_trump_odds=0.05, nest_odds=0.01, far_nest_odds=0.01,
    low_odds=0.3, beat_odds=0.6, smear_odds=0.5,
)
"""The model fitted on 2026-11-26 by ``python -m rook_access.bench.inference --hands 200 --seed 1``
(self-play of the normal level in the Partnership Game, every clue fitted on the even hands): on the
odd hands the true deal's log gain over the hard facts alone went from +1.05 under ``HAND_SET`` to
+4.22.  Not the player's: the strong player with it lost its duplicate matches against the same player
with ``HAND_SET`` (-3.8 a deal over 240 deals, and -12.5 over 120 with it in the card play alone; its
sharper weights probably leave the search too few different deals).  The benchmarks' levels ``strong-fitted`` and
``strong-fitted-play`` play with it (docs/development.md, "Inference")."""

TEMPERED = dataclasses.replace(FITTED, temperature=0.4)
"""``FITTED`` with its weights raised to the power 0.4, so that the search's deals stay varied: the bench
level ``strong-tempered`` (docs/development.md, "Inference")."""

EASY_SHAPED = EvidenceModel(spread=1.5, floor=0.0001, bid_offset=0.0, partner_margin=20.0, partners_model=HAND_SET)
"""The easy player's own bidding as evidence: it bids while the rule books' reckoning reaches the bid and
over partner only 15 more (an oracle's model of that opponent, for the benchmarks)."""

NEST_DRAWN = dataclasses.replace(HAND_SET, nest_draw_noise=4.0)
"""``HAND_SET`` with the nest an unseen bidder buried drawn from its weakest cards (noise 4, a little less than
a card's worth of being in a color one longer): the player's since 2026-11-27, when it won its duplicate matches
against ``HAND_SET`` (docs/development.md, "Inference"); bench level ``strong-nestdraw`` too."""

PLAYER_MODEL = NEST_DRAWN
"""The model ``draw_deals`` weighs by unless told otherwise: the one that won the matches.  Levels measured
against the player before it draw with ``HAND_SET`` (``players.EvidenceSearchPlayer``; ``strong-random-nest``
is that player itself)."""


@dataclass(frozen=True)
class DealFacts:
    """What ``Evidence`` reads from one sampled deal, before the model's numbers weigh it."""

    worth: tuple[float, ...]
    """The estimated worth of each bidding seat's hand (``Evidence.bid_seats``), by the model's reckoning."""
    other_worth: tuple[float, ...] | None
    """The same by the other reckoning (only for ``Evidence.every_fact``)."""
    preferences: tuple[float, ...] | None
    """How good each color is as trump for the bidder's cards (None without a bidder to read)."""
    buried_trumps: int
    nest_kept: int
    """Cards of the nest not among the bidder's weakest by the nest's size."""
    nest_far: int
    """Cards of the nest not among the bidder's weakest by the nest's size and four more."""
    low: int
    beat: int
    smear: int


class Evidence:
    """How well a sampled deal fits what the table has seen, as a relative likelihood.

    A seat that bid ``b`` probably holds a hand worth about ``b``; one that
    passed while the bid was lower probably does not; the bidder probably
    named the color its hand was best in and buried its weakest cards; a
    seat that played a card seldom held a cheaper one it could have played
    when the trick was lost to it, nor a card that would have won it, and
    a seat playing last to its partner's winning trick gives it its points.
    These are likelihoods, never certainties, so a deal is weighed, not ruled
    out; ``model`` says how much each weighs.
    """

    def __init__(self, view: SeatView, model: EvidenceModel | None = None, every_fact: bool = False) -> None:
        self.view = view
        self.model = PLAYER_MODEL if model is None else model
        self.every_fact = every_fact
        """Whether ``facts`` reads what ``model`` does not weigh too (the benchmark's fitting)."""
        rules = view.rules
        self.rules = rules
        self.highest_bid: dict[int, int] = {}
        self.passed_below: dict[int, int] = {}
        self.passed_over_partner: dict[int, int] = {}
        high: int | None = None
        high_seat: int | None = None
        team_of = view.team_of
        for seat, amount in view.bids:
            if amount is None:
                if seat != view.seat:
                    # It passed rather than bid the next amount.
                    self.passed_below[seat] = (high or rules.min_bid - rules.bid_step) + rules.bid_step
                    if high is not None and high_seat is not None and high_seat != seat and (
                            team_of[high_seat] == team_of[seat]):
                        self.passed_over_partner[seat] = high
                continue
            if seat != view.seat:
                self.highest_bid[seat] = amount
            high = amount
            high_seat = seat
        self.dealt = rules.dealt_sizes(view.dealer)
        self.bidder = view.bidder if view.bidder != view.seat else None
        self.trump = view.trump
        self.trump_cards = rules.suit_masks[view.trump][view.trump] if view.trump is not None else 0
        self.bid_seats = tuple(sorted(set(self.highest_bid) | set(self.passed_below)))
        self.played_by: dict[int, CardSet] = {}
        self.clues: dict[int, tuple[tuple[CardSet, ...], tuple[CardSet, ...], tuple[CardSet, ...]]] = {}
        self.reads_nest = False
        self.rank: tuple[int, ...] | None = None
        if view.trump is not None:
            tricks = [(trick.leader, trick.cards) for trick in view.tricks]
            if view.trick_leader is not None and view.trick:
                tricks.append((view.trick_leader, view.trick))
            for leader, cards in tricks:
                for offset, card in enumerate(cards):
                    seat = (leader + offset) % rules.players
                    self.played_by[seat] = self.played_by.get(seat, 0) | (1 << card)
            self.clues = _play_clues(view, view.trump, tricks)
            # The nest is read where the bidder discarded from its hand and the nest, unseen by this seat.
            self.reads_nest = (self.bidder is not None and rules.nest_size > 0 and not view.nest_discarded
                               and rules.bidding and not view.trump_turned)
            if self.reads_nest:
                self.rank = color_ranks(rules)

    @property
    def informative(self) -> bool:
        """Whether anything here can tell deals apart."""
        return bool(self.bid_seats or (self.bidder is not None and self.trump is not None) or self.clues)

    def facts(self, deal: SampledDeal) -> DealFacts:
        """What the model weighs in ``deal``."""
        rules = self.rules
        model_first = self.model.model_worth
        worth: list[float] = []
        other: list[float] | None = [] if self.every_fact else None
        for seat in self.bid_seats:
            cards = cards_in(deal.hands[seat] | self.played_by.get(seat, 0))
            if len(cards) != self.dealt[seat]:
                worth.append(math.nan)  # the bidder holding the nest: its first hand is unknown
                if other is not None:
                    other.append(math.nan)
                continue
            worth.append(_worth(cards, rules, model_first))
            if other is not None:
                other.append(_worth(cards, rules, not model_first))
        preferences = None
        buried = kept = far = 0
        if self.bidder is not None and self.trump is not None:
            held = deal.hands[self.bidder] | self.played_by.get(self.bidder, 0)
            cards = cards_in(held)
            preferences = tuple(trump_preference(cards, color, rules) for color in COLORS)
            buried = (deal.nest & self.trump_cards).bit_count()
            if self.reads_nest and (self.every_fact or self.model.nest_odds != 1.0 or self.model.far_nest_odds != 1.0):
                kept, far = self._nest_surprise(held, deal.nest)
        low = beat = smear = 0
        for seat, (lows, beats, smears) in self.clues.items():
            hand = deal.hands[seat]
            for mask in lows:
                low += (hand & mask).bit_count()
            for mask in beats:
                beat += (hand & mask).bit_count()
            for mask in smears:
                smear += (hand & mask).bit_count()
        return DealFacts(tuple(worth), None if other is None else tuple(other), preferences, buried, kept, far,
                         low, beat, smear)

    def _nest_surprise(self, held: CardSet, nest: CardSet) -> tuple[int, int]:
        """How many of the nest's cards the bidder would have kept: (beyond its weakest by the nest's
        size, beyond them by four more)."""
        assert self.trump is not None
        everything = held | nest
        rank = self.rank
        trump = self.trump
        values = sorted((keep_value(card, trump, everything, rank), card) for card in cards_in(everything))
        size = self.rules.nest_size
        kept = sum(1 for _, card in values[size:] if nest >> card & 1)
        far = sum(1 for _, card in values[size + 4:] if nest >> card & 1)
        return kept, far

    def log_weight(self, facts: DealFacts, model: EvidenceModel | None = None) -> float:
        """The log of the relative likelihood of a deal with these facts under ``model`` (this evidence's
        own by default)."""
        model = self.model if model is None else model
        total = 0.0
        worths = facts.worth
        if facts.other_worth is not None and model.model_worth != self.model.model_worth:
            worths = facts.other_worth
        team_of = self.view.team_of
        own_team = team_of[self.view.seat]
        partners = model.partners_model or model
        floors = [math.log(each.floor) if each.floor > 0 else -math.inf for each in (model, partners)]
        for seat, worth in zip(self.bid_seats, worths, strict=True):
            if worth != worth:  # nan: unknown
                continue
            is_partner = team_of[seat] == own_team
            reading = partners if is_partner else model  # the numbers this seat's bids and passes are read by
            floor = floors[is_partner]
            spread = reading.spread
            offset = reading.bid_offset
            if seat == self.bidder:
                worth -= reading.bidder_gain
            if seat in self.highest_bid:
                total += max(floor, _log_logistic((worth - self.highest_bid[seat] - offset) / spread))
            if seat in self.passed_below and seat != self.bidder:
                limit = float(self.passed_below[seat])
                if seat in self.passed_over_partner:
                    limit = max(limit, self.passed_over_partner[seat] + reading.partner_margin)
                total += max(floor, _log_logistic((limit + offset - worth) / spread))
        if facts.preferences is not None and self.trump is not None:
            sharp = model.trump_sharpness
            top = max(facts.preferences)
            total += sharp * (facts.preferences[self.trump] - top) - math.log(
                sum(math.exp(sharp * (p - top)) for p in facts.preferences))
            total += _log_odds(model.buried_trump_odds, facts.buried_trumps)
            total += _log_odds(model.nest_odds, facts.nest_kept) + _log_odds(model.far_nest_odds, facts.nest_far)
        total += _log_odds(model.low_odds, facts.low) + _log_odds(model.beat_odds, facts.beat)
        total += _log_odds(model.smear_odds, facts.smear)
        return total

    def weight(self, deal: SampledDeal) -> float:
        """The relative likelihood of this deal given what the table has seen, raised to the model's
        ``temperature``."""
        return math.exp(self.model.temperature * self.log_weight(self.facts(deal)))


def _worth(cards: list[int], rules: RuleSet, by_model: bool) -> float:
    """A hand's worth as the bidder: the bidding model's estimate, or the rule books' reckoning."""
    if by_model:
        model = load_model(rules)
        if model is not None:
            return model.estimate(cards, rules)
    return float(hand_strength(cards, rules))


def _log_odds(odds: float, count: int) -> float:
    if not count or odds == 1.0:
        return 0.0
    return count * math.log(odds) if odds > 0 else -math.inf


def _log_logistic(x: float) -> float:
    """log(1 / (1 + e^-x)), without overflow."""
    if x < -30.0:
        return x
    return -math.log1p(math.exp(-x))


def _play_clues(view: SeatView, trump: int, tricks: list[tuple[int, tuple[int, ...]]]
                ) -> dict[int, tuple[tuple[CardSet, ...], tuple[CardSet, ...], tuple[CardSet, ...]]]:
    """For each other seat, the cards whose holding the play so far makes less likely, as layers of
    masks (a card in ``k`` layers counts ``k`` times): (cheaper than a card played to the other side's
    trick, beating the other side's card that it did not beat, worth more than a card played last to
    partner's trick)."""
    rules = view.rules
    if not rules.bidding or rules.avoid_points or rules.points_per_trick or rules.fourteens_any_time:
        return {}  # the clues model the players of the bidding games with points to take
    team_of = view.team_of
    players = rules.players
    tables = trump_tables(rules, trump)
    points = tables.points
    cost = [points[card] * 1024 + tables.rank[card] for card in range(len(points))]
    suit_of = rules.suit_of[trump]
    suit_masks = rules.suit_masks[trump]
    any_time = rules.any_time_mask
    deck = rules.deck_mask
    shown = {seat for seat, cards in view.shown if cards}
    counts: dict[int, list[dict[int, int]]] = {}
    for leader, cards in tricks:
        powers = rules.trick_powers[trump][cards[0]]
        led = suit_masks[suit_of[cards[0]]]
        best_seat = leader
        best = powers[cards[0]]
        for offset, card in enumerate(cards[1:], start=1):
            seat = (leader + offset) % players
            value = powers[card]
            if seat != view.seat and value <= best and seat not in shown:
                if (1 << card) & led:
                    could = led | any_time
                elif (1 << card) & any_time:
                    could = 0  # the Bird may be played to any lead: it shows nothing
                else:
                    could = deck & ~led
                mine = team_of[best_seat] == team_of[seat]
                if could and (not mine or offset == players - 1):
                    layers = counts.setdefault(seat, [{}, {}, {}])
                    for other in cards_in(could):
                        if not mine:
                            if cost[other] < cost[card]:
                                layers[0][other] = layers[0].get(other, 0) + 1
                            if powers[other] > best:
                                layers[1][other] = layers[1].get(other, 0) + 1
                        elif points[other] > points[card] and powers[other] <= best:
                            layers[2][other] = layers[2].get(other, 0) + 1
            if value > best:
                best = value
                best_seat = seat
    return {seat: (_layers(layers[0]), _layers(layers[1]), _layers(layers[2])) for seat, layers in counts.items()}


def _layers(layer: dict[int, int]) -> tuple[CardSet, ...]:
    """Masks such that a card in ``k`` of them was counted ``k`` times."""
    top = max(layer.values(), default=0)
    return tuple(sum(1 << card for card, count in layer.items() if count >= level) for level in range(1, top + 1))


DRAWN_FOR_EACH_KEPT = 3
"""How many deals ``draw_deals`` draws at random for each one it keeps by the evidence."""


def draw_deals(view: SeatView, knowledge: Knowledge, count: int, rng: random.Random,
               oversample: int = DRAWN_FOR_EACH_KEPT, model: EvidenceModel | None = None,
               swaps: int = 0) -> list[SampledDeal]:
    """``count`` deals for the search: drawn at random, then kept by how well they fit the evidence
    (weighed by ``model``, by default ``PLAYER_MODEL``); with ``swaps``, each kept deal is then moved that
    many steps toward the evidence (``refined``)."""
    evidence = Evidence(view, model)
    chosen = _drawn(evidence, knowledge, count, rng, oversample)
    if swaps <= 0 or not evidence.informative:
        return chosen
    return [refined(deal, knowledge, evidence, swaps, rng) for deal in chosen]


def refined(deal: SampledDeal, knowledge: Knowledge, evidence: Evidence, steps: int,
            rng: random.Random) -> SampledDeal:
    """``deal`` after ``steps`` Metropolis steps whose target is the evidence's weight: each step swaps one
    unseen card between two places (hands, or the nest) that may hold it, kept with the odds of the weights.
    Drawing many deals and keeping the likeliest cannot find a hand as strong as a high bid says when such
    hands are rare among random ones; swaps walk toward them, and deals kept twice part ways."""
    places = [place for place, need in knowledge.needs.items() if need > 0]
    if len(places) < 2:
        return deal
    known = knowledge.known
    hands = list(deal.hands)
    nest = deal.nest

    def held(place: int) -> CardSet:
        if place == NEST:
            return nest & ~knowledge.known_nest
        return hands[place] & ~known.get(place, 0)

    weight = evidence.weight(SampledDeal(hands, nest))
    for _ in range(steps):
        first, second = rng.sample(places, 2)
        from_first, from_second = held(first), held(second)
        if not from_first or not from_second:
            continue
        card_a = rng.choice(cards_in(from_first))
        card_b = rng.choice(cards_in(from_second))
        if knowledge.excluded.get(second, 0) >> card_a & 1 or knowledge.excluded.get(first, 0) >> card_b & 1:
            continue  # a seat that showed out of a color cannot be given it
        swap = (1 << card_a) | (1 << card_b)
        new_hands = list(hands)
        new_nest = nest
        for place in (first, second):
            if place == NEST:
                new_nest ^= swap
            else:
                new_hands[place] ^= swap
        new_weight = evidence.weight(SampledDeal(new_hands, new_nest))
        if new_weight >= weight or rng.random() * weight < new_weight:
            hands, nest, weight = new_hands, new_nest, new_weight
    return SampledDeal(hands, nest)


def buried_by_the_bidder(deal: SampledDeal, knowledge: Knowledge, evidence: Evidence, rng: random.Random,
                         noise: float) -> SampledDeal:
    """``deal`` with the nest an unseen bidder buried drawn again from its cards: the unseen cards of the bidder's
    hand and the nest together, the nest's share of them the weakest by ``keep.keep_value`` (in the bidder's whole
    hand after it took the nest, its played cards too), each card's value moved by Gumbel noise of scale
    ``noise``.  Cards of a color the bidder has shown out of stay in the nest.  Unchanged where no such nest
    is unseen (``Evidence.reads_nest``)."""
    bidder = evidence.bidder
    trump = evidence.trump
    if not evidence.reads_nest or bidder is None or trump is None:
        return deal
    shown = knowledge.known.get(bidder, 0)
    held = deal.hands[bidder] & ~shown
    buried = deal.nest & ~knowledge.known_nest
    pool = held | buried
    must = pool & knowledge.excluded.get(bidder, 0)
    room = buried.bit_count() - must.bit_count()
    if room <= 0:
        return deal
    everything = deal.hands[bidder] | deal.nest | evidence.played_by.get(bidder, 0)
    rank = evidence.rank

    def drawn_value(card: int) -> float:
        return keep_value(card, trump, everything, rank) - noise * math.log(-math.log(max(rng.random(), 1e-300)))

    free = sorted(cards_in(pool & ~must), key=drawn_value)
    nest = must | mask_of(free[:room])
    hands = list(deal.hands)
    hands[bidder] = (pool & ~nest) | shown
    return SampledDeal(hands, nest | knowledge.known_nest)


def _drawn(evidence: Evidence, knowledge: Knowledge, count: int, rng: random.Random,
           oversample: int) -> list[SampledDeal]:
    """``count`` deals drawn at random, ``oversample`` for each one kept, kept by ``evidence``'s weight; the
    nest an unseen bidder buried drawn as the model says (``EvidenceModel.nest_draw_noise``)."""
    noise = evidence.model.nest_draw_noise

    def one() -> SampledDeal:
        deal = deal_unseen(knowledge, rng)
        return deal if noise is None else buried_by_the_bidder(deal, knowledge, evidence, rng, noise)

    if not evidence.informative or count <= 0:
        return [one() for _ in range(count)]
    candidates = [one() for _ in range(count * oversample)]
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


def deals_weighed_by(model: EvidenceModel, oversample: int = DRAWN_FOR_EACH_KEPT, swaps: int = 0) -> DealSource:
    """``draw_deals`` with the evidence weighed by ``model``, ``oversample`` deals drawn for each one kept and
    ``swaps`` steps of ``refined`` each (the benchmarks' players of other models)."""

    def source(view: SeatView, knowledge: Knowledge, count: int, rng: random.Random) -> list[SampledDeal]:
        return draw_deals(view, knowledge, count, rng, oversample, model=model, swaps=swaps)

    return source
