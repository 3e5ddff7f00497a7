"""The strong player against easy players in Dixie Rook (four and six) and Display Rook, on duplicate deals.

Run ``python -m rook_access.bench.sides_1913 --deals 200 --jobs 2``.

For each table (``--tables``: dixie, dixie-6, display) each deal (made from
``--seed``, the table and the deal's number; the dealer goes round with the
number) is played twice as a single hand: once with side 0's seats played by
the strong player and side 1's by easy players, once the other way round,
with the same cards, dealer and player seeds.  So each seat's cards are
played once by each level, and the luck of the cards falls alike on both.

The measure is the MARGIN: the strong side's score change for the hand minus
the easy side's.  A deal's margin is the mean of its two plays (a hand thrown
in counts 0); the report gives the mean over deals with a 95% interval (1.96
standard errors), how often the strong side won the bid and made it, and the
strong player's decision times (median, 95th percentile and maximum;
meaningful only with at most one job per core on an otherwise idle machine).
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..engine import Deal, GameState, IllegalActionError
from ..engine.events import HandEnded, ThrownIn
from ..engine.rules import VARIANTS, RuleSet, TableOptions, with_options
from ..players import make_player
from .arguments import add_deals_seed_jobs, add_tables, bench_parser
from .match import derive_seed, mean_and_interval, timing_stats
from .parallel import results_by_name


def _tables() -> dict[str, RuleSet]:
    tables = {"dixie": VARIANTS["dixie"], "dixie-6": with_options(VARIANTS["dixie"], TableOptions(players=6))}
    if "display" in VARIANTS:
        tables["display"] = VARIANTS["display"]
    return {name: rules.replace(hands_limit=1) for name, rules in tables.items()}


TABLES = _tables()
"""The tables measured, by name, each for one hand."""


@dataclass
class DealResult:
    """One deal played both ways: the strong side's margin each way, its bidding, its decision times."""

    name: str
    number: int
    margins: tuple[int, int]
    bids_won: int = 0
    bids_made: int = 0
    thrown_in: int = 0
    times: list[float] = field(default_factory=list, repr=False)

    @property
    def margin(self) -> float:
        return sum(self.margins) / 2


def play_once(rules: RuleSet, deal: Deal, strong_side: int, seeds: Sequence[int], times: list[float]
              ) -> tuple[int, bool, bool | None, bool]:
    """One hand of ``deal``: the strong side's margin, whether it won the bid, made it, and a throw-in."""
    state = GameState(rules, seed=0, first_deal=deal)
    side_of = rules.side_of
    levels = ["strong" if side_of[seat] == strong_side else "easy" for seat in range(rules.players)]
    players = {seat: make_player(levels[seat], seeds[seat]) for seat in rules.people}
    clock = time.perf_counter
    while not state.is_over:
        seat, actor = state.turn, state.actor
        assert seat is not None and actor is not None
        start = clock()
        action = players[actor].choose(state.view(seat))
        if levels[actor] == "strong":
            times.append((clock() - start) * 1000)
        try:
            events = state.apply(action, seat)
        except IllegalActionError as error:
            raise RuntimeError(f"the {levels[actor]} player for seat {seat} chose {action}: {error}") from error
        for event in events:
            if isinstance(event, ThrownIn):
                return 0, False, None, True
            if isinstance(event, HandEnded):
                change = event.score_change
                won = event.bidder is not None and side_of[event.bidder] == strong_side
                return change[strong_side] - change[1 - strong_side], won, event.made if won else None, False
    raise RuntimeError("the hand did not end")


def play_deal(name: str, seed: int, number: int) -> DealResult:
    """Deal ``number`` of table ``name``, played with the strong player on each side in turn."""
    rules = TABLES[name]
    rng = random.Random(derive_seed("sides-1913 deal", seed, name, number))
    deal = Deal.shuffled(rules, number % rules.players, rng)
    seeds = tuple(derive_seed("sides-1913 player", seed, name, number, seat) for seat in range(rules.players))
    result = DealResult(name, number, (0, 0))
    margins = []
    for strong_side in (0, 1):
        margin, won, made, thrown = play_once(rules, deal, strong_side, seeds, result.times)
        margins.append(margin)
        result.bids_won += won
        result.bids_made += bool(made)
        result.thrown_in += thrown
    result.margins = (margins[0], margins[1])
    return result


def _worker(task: tuple[str, int, int, int]) -> list[DealResult]:
    name, seed, first, stop = task
    return [play_deal(name, seed, number) for number in range(first, stop)]


def summary_line(name: str, results: Sequence[DealResult]) -> str:
    """One table's report line."""
    mean, ci = mean_and_interval([result.margin for result in results])
    low, high = ci or (mean, mean)  # one deal: no spread
    timing = timing_stats([value for result in results for value in result.times] or [0.0])
    return (
        f"{name}: {len(results)} deals, each played both ways; strong side's MARGIN a hand {mean:+.1f} "
        f"(95% CI {low:+.1f} to {high:+.1f}); strong side won "
        f"{sum(r.bids_won for r in results)} bids of {2 * len(results)} plays, made "
        f"{sum(r.bids_made for r in results)}; thrown in {sum(r.thrown_in for r in results)}; strong decisions "
        f"{timing.count}: median {timing.median:.0f} ms, p95 {timing.p95:.0f} ms, max {timing.max:.0f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("sides_1913", __doc__)
    add_tables(parser, TABLES)
    add_deals_seed_jobs(parser, 200, "deals per table, each played twice (default 200)")
    args = parser.parse_args(argv)
    unknown = [name for name in args.tables if name not in TABLES]
    if unknown or args.deals < 1:
        parser.error(f"the tables are {', '.join(TABLES)}; --deals at least 1")
    size = max(1, min(10, math.ceil(args.deals / max(1, args.jobs))))
    tasks = [(name, args.seed, first, min(first + size, args.deals))
             for name in args.tables for first in range(0, args.deals, size)]
    start = time.perf_counter()
    by_table = results_by_name(_worker, tasks, args.tables, args.jobs, args.deals)
    for name in args.tables:
        print(summary_line(name, sorted(by_table[name], key=lambda result: result.number)), flush=True)
    print(f"Elapsed {time.perf_counter() - start:.0f} s with {args.jobs} job(s).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
