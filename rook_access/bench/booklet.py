"""The strong player against easy players in the trick games of the 1913 booklet, on duplicate deals.

Run ``python -m rook_access.bench.booklet --deals 200 --jobs 2``.

For each table (``--tables``: Rook for 3 to 8 at each size, Partnership Rook
for four, for six three against three, and for six in three sides of two)
each deal (made from ``--seed``, the table and the deal's number; the
dealer goes round with the number) is played once for every scorer of the
table (every player in Rook for 3 to 8, every side in Partnership Rook) as a
single hand: that scorer's seats played by the strong player, every other
seat by easy players, the same cards, dealer and player seeds each time.
So every seat's cards are played once by the strong player, and the luck
of the cards falls alike on both.

The measure is the MARGIN of the strong player's scorer: its score change
for the hand minus the mean of the other scorers' (in Rook for 3 to 8, the
mean of the other players'; in Partnership Rook for four, the other side's).
A deal's margin is the mean over its plays; the report gives the mean over
deals with a 95% interval (1.96 standard errors), how often the strong
player won the bid, made it and was set, the bids it made, and its
decision times (median, 95th percentile and maximum; meaningful only with
at most one job per core on a machine doing nothing else).
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import GameState, IllegalActionError
from ..engine.events import HandEnded
from ..engine.rules import PARTNERSHIP_1913, ROOK_1913, RuleSet, TableOptions, with_options
from ..players import make_player
from .arguments import (
    add_deals_seed_jobs,
    add_json_and_quiet,
    add_tables,
    bench_parser,
    print_progress,
    write_json,
)
from .match import derive_seed, mean_and_interval, timing_stats
from .parallel import results_by_name
from .variants import make_deal

TABLES: dict[str, RuleSet] = {
    **{f"rook-1913-{players}": with_options(ROOK_1913, TableOptions(players=players)) for players in range(3, 9)},
    "partnership-1913-4": PARTNERSHIP_1913,
    "partnership-1913-6": with_options(PARTNERSHIP_1913, TableOptions(players=6)),
    "partnership-1913-6-sides-3": with_options(PARTNERSHIP_1913, TableOptions(players=6, sides=3)),
}
"""The tables measured, by name."""


@dataclass(frozen=True)
class Play:
    """One play of a deal with one scorer's seats strong: its margin and its bidding."""

    margin: float
    bid_won: bool
    made: bool | None
    bid: int | None


@dataclass
class DealResult:
    """Every play of one deal."""

    name: str
    number: int
    plays: list[Play]
    times: list[float] = field(default_factory=list, repr=False)
    """The strong player's decision times in milliseconds."""

    @property
    def margin(self) -> float:
        return statistics.fmean(play.margin for play in self.plays)


def play_hand(rules: RuleSet, state: GameState, strong: Sequence[int], seeds: Sequence[int], level: str,
              others: str, times: list[float]) -> HandEnded:
    """Play the hand of ``state`` out, ``strong`` seats at ``level``, the rest at ``others``; its end."""
    players = {seat: make_player(level if seat in strong else others, seeds[seat]) for seat in range(rules.players)}
    clock = time.perf_counter
    while True:
        seat = state.turn
        assert seat is not None
        view = state.view(seat)
        start = clock()
        action = players[seat].choose(view)
        if seat in strong:
            times.append((clock() - start) * 1000)
        try:
            events = state.apply(action, seat)
        except IllegalActionError as error:
            raise RuntimeError(f"the player for seat {seat} chose {action}: {error}") from error
        for event in events:
            if isinstance(event, HandEnded):
                return event


def play_deal(name: str, seed: int, number: int, level: str = "strong", others: str = "easy") -> DealResult:
    """Deal ``number`` of table ``name``, played once for each scorer with its seats at ``level``."""
    rules = TABLES[name].replace(hands_limit=1)
    deal = make_deal(name, rules, seed, number)
    seeds = tuple(derive_seed("booklet player", seed, name, number, seat) for seat in range(rules.players))
    times: list[float] = []
    plays = []
    for scorer, seats in enumerate(rules.scorers):
        state = GameState(rules, seed=0, first_deal=deal)
        end = play_hand(rules, state, seats, seeds, level, others, times)
        change = end.score_change
        rest = [points for index, points in enumerate(change) if index != scorer]
        bid_won = end.bidder in seats
        plays.append(Play(change[scorer] - statistics.fmean(rest), bid_won, end.made if bid_won else None,
                          end.bid if bid_won else None))
    return DealResult(name, number, plays, times)


def _worker(task: tuple[str, int, int, int, str, str]) -> list[DealResult]:
    name, seed, first, stop, level, others = task
    return [play_deal(name, seed, number, level, others) for number in range(first, stop)]


@dataclass
class TableSummary:
    """One table's results."""

    name: str
    deals: int
    plays: int
    margin: float
    margin_ci: tuple[float, float] | None
    bids_won: int
    bids_made: int
    mean_bid: float | None
    decisions: int
    median_ms: float
    p95_ms: float
    max_ms: float

    def line(self, level: str = "strong", others: str = "easy") -> str:
        ci = f" (95% CI {self.margin_ci[0]:+.1f} to {self.margin_ci[1]:+.1f})" if self.margin_ci else ""
        bid = f", mean bid {self.mean_bid:.1f}" if self.mean_bid is not None else ""
        return (
            f"{self.name}: {self.deals} deals, {self.plays} plays; {level}'s margin over {others} "
            f"{self.margin:+.1f}{ci}; bids won {self.bids_won}, made {self.bids_made}, "
            f"set {self.bids_won - self.bids_made}{bid}; {level} decisions {self.decisions}: "
            f"median {self.median_ms:.0f} ms, p95 {self.p95_ms:.0f} ms, max {self.max_ms:.0f} ms"
        )

    def to_json(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["margin_ci"] = list(self.margin_ci) if self.margin_ci else None
        return data


def summarize(name: str, results: Sequence[DealResult]) -> TableSummary:
    """The summary of a table's deals."""
    mean, ci = mean_and_interval([result.margin for result in results])
    plays = [play for result in results for play in result.plays]
    won = [play for play in plays if play.bid_won]
    timing = timing_stats([value for result in results for value in result.times] or [0.0])
    return TableSummary(
        name=name,
        deals=len(results),
        plays=len(plays),
        margin=mean,
        margin_ci=ci,
        bids_won=len(won),
        bids_made=sum(bool(play.made) for play in won),
        mean_bid=statistics.fmean(play.bid for play in won if play.bid is not None) if won else None,
        decisions=timing.count,
        median_ms=timing.median,
        p95_ms=timing.p95,
        max_ms=timing.max,
    )


def run(names: Iterable[str], deals: int, seed: int = 1, jobs: int = 1, level: str = "strong",
        others: str = "easy", progress: Callable[[str, int, int], None] | None = None) -> list[TableSummary]:
    """Play ``deals`` deals at each table; the summaries in the order of ``names``."""
    names = list(names)
    for name in names:
        if name not in TABLES:
            raise ValueError(f"no table {name!r}; the tables are {', '.join(TABLES)}")
    size = max(1, min(5, math.ceil(deals / max(1, jobs))))
    tasks = [(name, seed, first, min(first + size, deals), level, others)
             for name in names for first in range(0, deals, size)]
    by_table = results_by_name(_worker, tasks, names, jobs, deals, progress)
    return [summarize(name, sorted(by_table[name], key=lambda result: result.number)) for name in names]


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("booklet", __doc__)
    add_tables(parser, TABLES)
    add_deals_seed_jobs(parser, 200, "deals per table (default 200)")
    parser.add_argument("--level", default="strong", help="the level measured (default strong)")
    parser.add_argument("--others", default="easy", help="everyone else (default easy)")
    add_json_and_quiet(parser)
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    start = time.perf_counter()
    summaries = run(args.tables, args.deals, args.seed, args.jobs, args.level, args.others,
                    None if args.quiet else print_progress)
    for summary in summaries:
        print(summary.line(args.level, args.others), flush=True)
    print(f"Elapsed {time.perf_counter() - start:.0f} s with {args.jobs} job(s).")
    if args.json:
        write_json(args.json, [summary.to_json() for summary in summaries])
    return 0


if __name__ == "__main__":
    sys.exit(main())
