"""The bids' simulation measured against the table: how a search player's contracts really go.

Run ``python -m rook_access.bench.bid_calibration --a strong --b easy --deals 200``.

The deals of a duplicate match (``bench.match``: the same deals, seeds and
seats, both orientations) are played with team A's level against team B's.
Whenever one of team A's players wins the bid, its last bidding plan (the
one that made the winning bid) is set against the hand as it was played:

- the points its team was expected to take (the simulation moved toward the
  bidding model, as the bids were valued) against the points it took;
- the simulated share of deals on which a contract at the winning bid is
  made, against how often such contracts were made, in bands of that share.

A simulation that reckons as the table plays shows no gap in either.  The
MARGIN is not measured here: ``bench.match`` does that.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..engine import Action, Bid, SeatView
from ..players import LEVELS
from ..players.search.bidding import BidPlan
from .arguments import add_deals_seed_jobs, add_json_and_quiet, bench_parser, print_progress, write_json
from .match import ONE_HAND, Observer, deal_seeds, make_deal, mean_and_interval, play_hand
from .parallel import results_by_name

BANDS = ((0.0, 0.5), (0.5, 0.8), (0.8, 0.95), (0.95, 1.0))
"""The bands of the simulated chance of making the bid, the last one closed at 1."""


@dataclass(frozen=True)
class Contract:
    """One contract of team A: what its bidder's plan expected and what the table gave."""

    bid: int
    expected_points: float
    model_points: float
    make_chance: float
    points: int
    made: bool
    contested: bool = False
    """Whether team B bid in the auction (the contracts the cheat lets go are among these)."""


@dataclass(frozen=True)
class DealContracts:
    """Team A's contracts on one deal, both orientations."""

    number: int
    contracts: tuple[Contract, ...]
    name: ClassVar[str] = "bid_calibration"
    """Every result is gathered under this name (``parallel.results_by_name``)."""


def bid_plan_keeper(plans: dict[int, BidPlan], bidders: set[int] | None = None) -> Observer:
    """An observer of a hand that keeps in ``plans`` each seat's plan behind its latest bid (for players
    that show their evaluations: the search players), and adds to ``bidders`` every seat that bids."""

    def observe(seat: int, view: SeatView, player: Any, action: Action) -> None:
        if bidders is not None and isinstance(action, Bid):
            bidders.add(seat)
        evaluation = getattr(player, "evaluation", None)
        plan = evaluation(view) if evaluation is not None else None
        if isinstance(action, Bid) and isinstance(plan, BidPlan):
            plans[seat] = plan

    return observe


def contracts_of(level_a: str, level_b: str, seed: int, number: int) -> DealContracts:
    """Team A's contracts on the deal with this number, both orientations."""
    found = []
    deal = make_deal(seed, number)
    seeds = deal_seeds(seed, number)
    for swapped in (False, True):
        plans: dict[int, BidPlan] = {}
        bidders: set[int] = set()
        result = play_hand(deal, (level_a, level_b), seeds, swapped, observe=bid_plan_keeper(plans, bidders))
        if result.thrown_in or result.bidder_team != "A" or result.bidder not in plans:
            continue
        assert result.bid is not None and result.made is not None  # a contract was played
        plan = plans[result.bidder]
        chance = plan.make_chance(result.bid)
        if chance is not None:
            contested = any(ONE_HAND.side_of[seat] != ONE_HAND.side_of[result.bidder] for seat in bidders)
            found.append(Contract(result.bid, plan.expected_points, plan.model_points, chance,
                                  result.counters[0], result.made, contested))
    return DealContracts(number, tuple(found))


def _worker(args: tuple[str, str, int, int, int]) -> list[DealContracts]:
    level_a, level_b, seed, start, stop = args
    return [contracts_of(level_a, level_b, seed, number) for number in range(start, stop)]


def summary(contracts: Sequence[Contract]) -> dict[str, Any]:
    """The gaps between the plans and the table, overall, by band of the simulated chance, and for the
    contested contracts (team B bid too) and the others apart."""
    report = _gaps(contracts)
    for key, contested in (("contested", True), ("uncontested", False)):
        part = [contract for contract in contracts if contract.contested == contested]
        report[key] = _gaps(part) if part else {"contracts": 0}
    return report


def _gaps(contracts: Sequence[Contract]) -> dict[str, Any]:
    """``summary``'s figures for one set of contracts."""
    beyond, interval = mean_and_interval([contract.points - contract.expected_points for contract in contracts])
    bands = []
    for low, high in BANDS:
        inside = [contract for contract in contracts
                  if low <= contract.make_chance < high or (high == 1.0 and contract.make_chance == 1.0)]
        if inside:
            bands.append({
                "band": [low, high],
                "contracts": len(inside),
                "simulated_chance": statistics.fmean(contract.make_chance for contract in inside),
                "made_share": sum(contract.made for contract in inside) / len(inside),
            })
    return {
        "contracts": len(contracts),
        "expected_points": statistics.fmean(contract.expected_points for contract in contracts),
        "model_points": statistics.fmean(contract.model_points for contract in contracts),
        "points_taken": statistics.fmean(contract.points for contract in contracts),
        "points_beyond_expected": beyond,
        "points_beyond_expected_interval": interval,
        "simulated_chance": statistics.fmean(contract.make_chance for contract in contracts),
        "made_share": sum(contract.made for contract in contracts) / len(contracts),
        "average_bid": statistics.fmean(contract.bid for contract in contracts),
        "bands": bands,
    }


def lines(level_a: str, level_b: str, deals: int, report: dict[str, Any]) -> list[str]:
    """The report as short lines a screen reader reads one by one."""
    if not report["contracts"]:
        return [f"{level_a} against {level_b}, {deals} deals: {level_a} won no contract."]
    low_high = report["points_beyond_expected_interval"]
    interval = "" if low_high is None else f" (95% interval {low_high[0]:+.1f} to {low_high[1]:+.1f})"
    out = [
        f"{level_a} against {level_b}, {deals} deals: {report['contracts']} contracts of {level_a}, "
        f"average bid {report['average_bid']:.1f}.",
        f"Points expected {report['expected_points']:.1f} (the model alone {report['model_points']:.1f}), "
        f"taken {report['points_taken']:.1f}: {report['points_beyond_expected']:+.1f}{interval}.",
        f"Bids made: {report['made_share']:.0%}, the simulation's chance {report['simulated_chance']:.0%}.",
    ]
    out.extend(_band_lines(report))
    for key in ("contested", "uncontested"):
        part = report.get(key)
        if part and part["contracts"]:
            out.append(f"{key.capitalize()}: {part['contracts']} contracts, average bid {part['average_bid']:.1f}, "
                       f"taken beyond expected {part['points_beyond_expected']:+.1f}, "
                       f"made {part['made_share']:.0%}, the simulation's chance {part['simulated_chance']:.0%}.")
            out.extend(_band_lines(part, f"{key.capitalize()}, simulated chance"))
    return out


def _band_lines(report: dict[str, Any], label: str = "Simulated chance") -> list[str]:
    """A line for each band of the simulated chance, beginning with ``label``."""
    out = []
    for band in report["bands"]:
        low, high = band["band"]
        count = band["contracts"]
        out.append(f"{label} {low:.0%} to {high:.0%}: {count} contract{'' if count == 1 else 's'}, "
                   f"chance {band['simulated_chance']:.0%}, made {band['made_share']:.0%}.")
    return out


def main(argv: list[str] | None = None) -> None:
    parser = bench_parser("bid_calibration", __doc__)
    parser.add_argument("--a", default="strong", choices=sorted(LEVELS), help="team A's level, whose bids are measured")
    parser.add_argument("--b", default="easy", choices=sorted(LEVELS), help="team B's level")
    add_deals_seed_jobs(parser, 200, "deals, each played in both orientations (default 200)")
    add_json_and_quiet(parser)
    args = parser.parse_args(argv)
    step = 10
    tasks = [(args.a, args.b, args.seed, start, min(start + step, args.deals)) for start in range(0, args.deals, step)]
    progress = None if args.quiet else print_progress
    dealt = results_by_name(_worker, tasks, [DealContracts.name], args.jobs, args.deals, progress)
    contracts = [contract for deal in dealt[DealContracts.name] for contract in deal.contracts]
    report = summary(contracts) if contracts else {"contracts": 0}
    for line in lines(args.a, args.b, args.deals, report):
        print(line)
    if args.json:
        write_json(args.json, {"a": args.a, "b": args.b, "deals": args.deals, "seed": args.seed, **report})


if __name__ == "__main__":
    main(sys.argv[1:])
