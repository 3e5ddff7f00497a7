"""What passing to an opponent's bid is worth: that contract simulated on the sampled deals."""

from __future__ import annotations

import random

import pytest

from rook_access.engine import PARTNERSHIP, PASS, VARIANTS, Bid, Deal, GameState, SeatView, parse_cards
from rook_access.players.search import bidding
from rook_access.players.search.bidding import BidTuning, plan_bid, simulate_as_defender
from rook_access.players.search.knowledge import Knowledge
from rook_access.players.search.outlook import Outlook
from rook_access.players.search.player import STRONG

WEAK_HAND = "6r 7r 8x 9x 6y 7y 8g 9g 11g"


def weak_deal() -> Deal:
    """South (seat 0) holds no counters and no long color; West (seat 1) holds the high cards of red."""
    return Deal(
        3,
        (
            tuple(parse_cards(WEAK_HAND)),
            tuple(parse_cards("5r 9r 11r 12x 13x 8y 12y 13y 10g")),
            tuple(parse_cards("14r 13r 5x 6x 7x 10x 11x 14y 5g")),
            tuple(parse_cards("10r 12r 8r 14x 5y 9y 11y 12g 13g")),
        ),
        tuple(parse_cards("rook 14g 7g 6g 10y")),
    )


def west_holds_the_bid(amount: int, deal: Deal | None = None) -> GameState:
    """South opened at 70, West bid ``amount``, North and East passed: South to speak (the weak deal unless
    another is given)."""
    state = GameState(PARTNERSHIP, first_deal=deal or weak_deal())
    state.apply(Bid(70), 0)
    state.apply(Bid(amount), 1)
    state.apply(PASS, 2)
    state.apply(PASS, 3)
    return state


def test_a_higher_opposing_bid_is_worth_more_to_let_go():
    # On the same deals, each of West's contracts is made or set: set more often, and for more, the higher it is.
    view = west_holds_the_bid(75).view(0)
    odds = [simulate_as_defender(view, 1, amount, 48, random.Random(5)) for amount in range(75, 125, 5)]
    values = [contract.value for contract in odds]
    assert values == sorted(values)
    assert values[-1] > values[0] + 50
    made = [contract.made for contract in odds]
    assert made == sorted(made, reverse=True) and made[0] > 0.5 > made[-1]


def test_letting_an_opponent_have_120_is_worth_more_than_letting_them_have_75():
    # West must take every point to make 120; at 75 West's side, with the nest, usually makes it.
    view = west_holds_the_bid(75).view(0)
    low = simulate_as_defender(view, 1, 75, 64, random.Random(1))
    high = simulate_as_defender(view, 1, 120, 64, random.Random(1))
    assert low.value < 0 < high.value


class Simulated(BidTuning):
    """The bidding of the bench level ``strong-passsim``."""

    SIMULATE_PASS = True


def test_a_weak_hand_lets_a_high_bid_go():
    state = west_holds_the_bid(100)
    assert plan_bid(state.view(0), STRONG, random.Random(3), tuning=Simulated).action == PASS


def strong_hand_after_west_bids(amount: int) -> GameState:
    """South holds the Bird and red from the 14 down to the 10 and opened at 70; West bid ``amount``."""
    deal = Deal(
        3,
        (
            tuple(parse_cards("rook 14r 13r 12r 11r 10r 5r 14x 14y")),
            tuple(parse_cards("6r 9r 8r 12x 13x 8y 12y 13y 10g")),
            tuple(parse_cards("7r 11y 5x 6x 7x 10x 11x 14g 5g")),
            tuple(parse_cards("8g 9x 8x 5y 9y 6y 12g 13g 11g")),
        ),
        tuple(parse_cards("10y 7y 7g 6g 9g")),
    )
    return west_holds_the_bid(amount, deal)


def test_a_strong_hand_takes_a_low_bid_and_lets_one_it_can_set_go():
    low = strong_hand_after_west_bids(75).view(0)
    assert plan_bid(low, STRONG, random.Random(3), tuning=Simulated).action == Bid(80)
    # Against the Bird and red's top West cannot take 100: setting West is worth more than any contract.
    high = strong_hand_after_west_bids(100).view(0)
    west = simulate_as_defender(high, 1, 100, 96, random.Random(3))
    assert west.value > 100 and west.made < 0.2
    assert plan_bid(high, STRONG, random.Random(3), tuning=Simulated).action == PASS


def test_the_table_measure_counts_every_scorer():
    # The 3-player game: West bids and plays alone; South and East each score what their side took.
    three = Outlook.for_bidder(VARIANTS["three"], 1, 0, 1, 70)
    assert three.scorer_margin([80, 40]) == (40 - (80 + 40) / 2)  # South's 40 against West's 80 and East's 40
    assert three.outcome([80, 40]) == 40 - 80  # the teams' measure counts the defenders once
    assert three.scorer_scale == 0.5
    assert Outlook.for_bidder(VARIANTS["three"], 1, 0, 0, 70).scorer_scale == 1.0  # South's own contract
    # Scores kept by side: the two measures agree.
    partnership = Outlook.for_bidder(PARTNERSHIP, 1, 0, 1, 70)
    assert partnership.scorer_margin([40, 80]) == partnership.outcome([40, 80]) == 40 - 80
    # Rotating partners, scored by player: each point counts against three other scorers.
    individual = Outlook.for_bidder(VARIANTS["individual"], 1, 0, 1, 70)
    assert individual.scorer_scale == pytest.approx(2 / 3)


def test_made_is_the_rules_verdict():
    outlook = Outlook.for_bidder(PARTNERSHIP, 1, 0, 1, 85)
    assert outlook.made([35, 85]) == 1.0
    assert outlook.made([40, 80]) == 0.0


class FixedEstimate:
    """A bidding model that reckons every hand worth the same points."""

    def __init__(self, points: float) -> None:
        self.points = points

    def estimate(self, cards: list[int], rules: object) -> float:
        return self.points


@pytest.mark.parametrize("estimate", [0.0, 120.0])
def test_the_model_share_moves_the_contract_toward_the_bidding_model(monkeypatch: pytest.MonkeyPatch,
                                                                    estimate: float) -> None:
    view = west_holds_the_bid(75).view(0)
    plain = simulate_as_defender(view, 1, 75, 48, random.Random(2))
    monkeypatch.setattr(bidding, "load_model", lambda rules: FixedEstimate(estimate))
    moved = simulate_as_defender(view, 1, 75, 48, random.Random(2), model_share=0.75)
    # The same deals: a model that reckons West's hands worth everything makes the contract safer for West
    # (worse for South), one that reckons them worth nothing sets it more often.
    if estimate:
        assert moved.made >= plain.made and moved.value < plain.value
    else:
        assert moved.made < plain.made and moved.value > plain.value
    assert simulate_as_defender(view, 1, 75, 48, random.Random(2), model_share=0.0) == plain


class SameDeals(Simulated):
    """The bidding of the bench level ``strong-passsim-same`` without the model's share."""

    PASS_ON_SAME_DEALS = True


@pytest.mark.parametrize("tuning, draws", [(Simulated, 2), (SameDeals, 1)])
def test_the_pass_can_be_valued_on_the_deals_the_bids_are_valued_on(tuning: type[BidTuning], draws: int) -> None:
    view = strong_hand_after_west_bids(75).view(0)
    drawn: list[list[bidding.SampledDeal]] = []

    def counting_source(view: SeatView, knowledge: Knowledge, count: int,
                        rng: random.Random) -> list[bidding.SampledDeal]:
        deals = bidding.draw_deals(view, knowledge, count, rng)
        drawn.append(deals)
        return deals

    plan_bid(view, STRONG, random.Random(3), counting_source, tuning)
    assert len(drawn) == draws
    if tuning is SameDeals:  # the one draw serves both: the pass is the contract played on those deals
        again = simulate_as_defender(view, 1, 75, 0, random.Random(9), deals=drawn[0])
        assert again == simulate_as_defender(view, 1, 75, 0, random.Random(4), deals=drawn[0])


def test_without_an_opponent_holding_the_bid_the_same_deals_setting_changes_nothing() -> None:
    state = GameState(PARTNERSHIP, first_deal=weak_deal())  # South opens: nobody holds a bid yet
    view = state.view(state.turn)
    assert (plan_bid(view, STRONG, random.Random(6), tuning=SameDeals)
            == plan_bid(view, STRONG, random.Random(6), tuning=Simulated)
            == plan_bid(view, STRONG, random.Random(6)))


class Biased(BidTuning):
    """The bidding with the simulation's shortfall put back (bench level ``strong-calibrated``)."""

    SIMULATION_BIAS = 8.0


def test_the_simulation_bias_adds_its_points_to_the_bidders_expectation() -> None:
    view = west_holds_the_bid(75).view(0)
    plain = plan_bid(view, STRONG, random.Random(8))
    biased = plan_bid(view, STRONG, random.Random(8), tuning=Biased)
    assert biased.expected_points == pytest.approx(plain.expected_points + 8)  # the same deals, eight points more
    assert biased.model_points == plain.model_points


def test_the_simulation_bias_makes_an_opponents_contract_safer() -> None:
    view = west_holds_the_bid(75).view(0)
    deals = bidding.draw_deals(view, Knowledge.from_view(view), 48, random.Random(3))
    for amount in (75, 90, 105):
        plain = simulate_as_defender(view, 1, amount, 0, random.Random(1), deals=deals)
        biased = simulate_as_defender(view, 1, amount, 0, random.Random(1), deals=deals, bias=8)
        assert biased.made >= plain.made and biased.value < plain.value


class AtLeastEvenish(BidTuning):
    """The bidding of the bench level ``strong-minchance``: no contested bid below a 40% simulated chance."""

    MIN_CONTESTED_CHANCE = 0.4


def test_a_least_chance_stops_a_contested_bid_the_simulation_gives_poor_odds() -> None:
    view = west_holds_the_bid(75).view(0)
    plain = plan_bid(view, STRONG, random.Random(8))
    strict = plan_bid(view, STRONG, random.Random(8), tuning=AtLeastEvenish)
    assert strict.make_chances == plain.make_chances  # the same deals, the same odds
    # The weak hand would raise West's 75 to 80 at the fixed pass value, on odds the least chance refuses.
    assert plain.action == Bid(80) and (plain.make_chance(80) or 0) < 0.4
    assert strict.limit is not None and (strict.make_chance(strict.limit) or 0) >= 0.4
    assert strict.action == PASS  # its limit is no higher than West's bid



class FromPlainDeals(BidTuning):
    """The bidding of the bench level ``strong-auction``: the model corrects the simulation on plain deals."""

    MODEL_FROM_PLAIN_DEALS = True


def test_the_model_can_correct_the_simulation_on_plain_deals(monkeypatch: pytest.MonkeyPatch) -> None:
    # The auction's deals are the true one; the "plain" deals are the true one too, then another.
    state = west_holds_the_bid(75)
    view = state.view(0)
    truth = bidding.SampledDeal(list(state.hands), state.nest)

    def the_truth(view: SeatView, knowledge: Knowledge, count: int, rng: random.Random) -> list[bidding.SampledDeal]:
        return [truth] * count

    plain_deal = [truth]
    monkeypatch.setattr(bidding, "deal_unseen", lambda knowledge, rng: plain_deal[0])
    before = plan_bid(view, STRONG, random.Random(8), the_truth)
    same = plan_bid(view, STRONG, random.Random(8), the_truth, FromPlainDeals)
    assert same.expected_points == pytest.approx(before.expected_points)  # plain deals as the auction's: no change

    # North's and West's hands swapped: the same cards elsewhere, so the simulation takes other points.
    swapped = bidding.SampledDeal([truth.hands[0], truth.hands[2], truth.hands[1], truth.hands[3]], truth.nest)
    plain_deal[0] = swapped
    moved = plan_bid(view, STRONG, random.Random(8), the_truth, FromPlainDeals)
    mine = Outlook.as_bidder(view, 0).mine
    on_truth = bidding.simulate_as_bidder(view, 1, random.Random(1), deals=[truth])[0][0][mine]
    on_plain = bidding.simulate_as_bidder(view, 1, random.Random(1), deals=[swapped])[0][0][mine]
    assert on_truth != on_plain
    # The model's pull is measured from the plain deals: the expectation moves by the share of their difference.
    assert moved.expected_points - before.expected_points == pytest.approx(
        BidTuning.MODEL_SHARE * (on_truth - on_plain))
    assert moved.model_points == before.model_points
