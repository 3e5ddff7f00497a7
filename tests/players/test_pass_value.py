"""What passing to an opponent's bid is worth: that contract simulated on the sampled deals."""

from __future__ import annotations

import random

import pytest

from rook_access.engine import PARTNERSHIP, PASS, VARIANTS, Bid, Deal, GameState, parse_cards
from rook_access.players.search import bidding
from rook_access.players.search.bidding import BidTuning, plan_bid, simulate_as_defender
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
