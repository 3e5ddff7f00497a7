"""The bids' simulation set against the table (``bench.bid_calibration``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from rook_access.bench import bid_calibration
from rook_access.bench.bid_calibration import BidPlan, Contract, DealContracts, bid_plan_keeper, contracts_of, summary
from rook_access.bench.match import deal_seeds, make_deal, play_hand
from rook_access.engine import PARTNERSHIP, Action, Bid, GameState, SeatView
from rook_access.players.search.bidding import plan_bid
from rook_access.players.search.player import STRONG, SearchPlayer


@pytest.fixture(autouse=True)
def _no_deadline(monkeypatch):
    monkeypatch.setenv("ROOK_ACCESS_NO_DEADLINE", "1")  # the same choices on a loaded machine


def test_a_plan_gives_the_chance_of_making_each_bid_falling_as_the_bid_rises():
    state = GameState(PARTNERSHIP, seed=4)
    view = state.view(state.turn)
    plan = plan_bid(view, STRONG, random.Random(2))
    amounts = [amount for amount, _ in plan.make_chances]
    assert amounts == list(PARTNERSHIP.bid_range(None))
    chances = [chance for _, chance in plan.make_chances]
    assert chances == sorted(chances, reverse=True) and all(0 <= chance <= 1 for chance in chances)
    assert plan.make_chance(amounts[0]) == chances[0] and plan.make_chance(amounts[0] + 1) is None


def test_a_search_player_shows_the_plan_it_bid_by():
    state = GameState(PARTNERSHIP, seed=4)
    seat = state.turn
    player = SearchPlayer(5)
    view = state.view(seat)
    action = player.choose(view)
    plan = player.evaluation(view)
    assert isinstance(plan, BidPlan) and plan.action == action
    assert player.evaluation(state.view((seat + 1) % 4)) is None  # a view it never chose from


def test_the_observer_keeps_each_bidders_last_plan():
    plans: dict[int, BidPlan] = {}
    seen: list[tuple[int, object]] = []
    keeper = bid_plan_keeper(plans)

    def observe(seat: int, view: SeatView, player: Any, action: Action) -> None:
        seen.append((seat, action))
        keeper(seat, view, player, action)

    result = play_hand(make_deal(2026, 3), ("strong", "easy"), deal_seeds(2026, 3), False, observe=observe)
    assert len(seen) > 4 * 9  # every bid, the nest, trump and the 36 cards chosen
    last_bids = {seat: action for seat, action in seen if isinstance(action, Bid)}
    assert set(plans) == {seat for seat in last_bids if seat % 2 == 0}  # team A's seats: the search players
    assert all(plans[seat].action == last_bids[seat] for seat in plans)
    assert result.bidder is not None


def test_a_deals_contracts_are_team_a_s_with_the_plan_that_won_the_bid():
    found = contracts_of("strong", "easy", 2026, 3)
    again = contracts_of("strong", "easy", 2026, 3)
    assert found == again and found.number == 3
    for contract in found.contracts:
        assert 0 <= contract.make_chance <= 1 and contract.bid >= 70
        assert contract.made == (contract.points >= contract.bid)


def test_the_summary_counts_the_gap_and_the_bands():
    contracts = [
        Contract(80, 90.0, 88.0, 0.3, 100, True, contested=True),
        Contract(90, 90.0, 88.0, 0.4, 70, False, contested=True),
        Contract(75, 100.0, 95.0, 1.0, 110, True),
    ]
    report = summary(contracts)
    assert report["contracts"] == 3
    assert report["points_beyond_expected"] == pytest.approx((10 - 20 + 10) / 3)
    assert report["made_share"] == pytest.approx(2 / 3)
    assert [(band["band"], band["contracts"], band["made_share"]) for band in report["bands"]] == [
        ([0.0, 0.5], 2, 0.5),
        ([0.95, 1.0], 1, 1.0),
    ]
    assert report["contested"]["contracts"] == 2 and report["contested"]["made_share"] == pytest.approx(0.5)
    assert report["uncontested"]["contracts"] == 1 and report["uncontested"]["average_bid"] == 75
    lines = bid_calibration.lines("strong", "easy", 3, report)
    assert ("Contested: 2 contracts, average bid 85.0, taken beyond expected -5.0, made 50%, "
            "the simulation's chance 35%.") in lines
    assert "Uncontested, simulated chance 95% to 100%: 1 contract, chance 100%, made 100%." in lines


def test_the_report_and_json(tmp_path, capsys):
    out = tmp_path / "c.json"
    bid_calibration.main(["--deals", "2", "--seed", "2026", "--json", str(out), "--quiet"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("strong against easy, 2 deals: ")
    data = json.loads(out.read_text())
    assert data["a"] == "strong" and data["deals"] == 2
    expected = [contracts_of("strong", "easy", 2026, number) for number in range(2)]
    assert data["contracts"] == sum(len(deal.contracts) for deal in expected)
    assert all(isinstance(deal, DealContracts) for deal in expected)


def test_a_contract_is_contested_when_team_b_bid_in_its_auction():
    from rook_access.bench.match import ONE_HAND
    from rook_access.engine.events import BidMade

    seen = set()
    for number in (6, 8):  # an uncontested contract, then two contested ones
        found = contracts_of("strong", "easy", 2026, number)
        contracts = iter(found.contracts)
        for swapped in (False, True):
            result = play_hand(make_deal(2026, number), ("strong", "easy"), deal_seeds(2026, number), swapped,
                               keep_events=True)
            if result.thrown_in or result.bidder_team != "A":
                continue
            assert result.events is not None and result.bidder is not None
            bidders = {event.seat for event in result.events if isinstance(event, BidMade) and event.amount is not None}
            contested = any(ONE_HAND.side_of[seat] != ONE_HAND.side_of[result.bidder] for seat in bidders)
            assert next(contracts).contested == contested
            seen.add(contested)
    assert seen == {True, False}  # both kinds among these deals
