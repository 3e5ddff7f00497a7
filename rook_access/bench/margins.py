"""Margin tables for every game of Rook: each pair of levels, and the strong player's share of the
cheating player's edge.

Run ``python -m rook_access.bench.margins --deals 200 --jobs 2``.

For each game (``--variants``; by default the games of the Hasbro rule
books) and each pair of levels (``--pairs``; by default strong against
easy, strong against normal and the cheating yardstick against easy), the
pair is played by ``bench.variants`` with the first level in every seat of
seat 0's score (its partner's too) and the second everywhere else, then
the second everywhere, on the same deals.

The measure is the MARGIN: seat 0's scorer's score change for the hand
minus the mean of the other scorers' (the other side's in a partnership
game, the other players' where each keeps a score), positive when better.
Each cell is how much better seat 0's margin was with the first level in
its seats than with the second, a hand, with its 95% interval.  Where both
strong against easy and cheat against easy were played, the table gives
the share of the cheat's edge that the strong player reaches, with its 95%
interval; and the strong player's time per decision from the strong
against easy run (meaningful with ``--jobs 1`` on an idle machine).
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..players import LEVELS
from . import arguments
from .arguments import add_deals_seed_jobs, add_json_and_quiet, add_tables, bench_parser, print_progress, write_json
from .variants import TABLES, GameSummary, run

HASBRO_GAMES = ("partnership", "beginner", "two", "three", "five", "six", "individual", "kentucky")
"""The games of the Hasbro rule books, the default tables."""

DEFAULT_PAIRS = ("strong:easy", "strong:normal", "cheat:easy")


@dataclass(frozen=True)
class Share:
    """A fair level's edge as a share of the cheat's, with the share's standard error."""

    share: float
    error: float

    def interval(self) -> tuple[float, float]:
        """The 95% interval, 1.96 standard errors either side."""
        return self.share - 1.96 * self.error, self.share + 1.96 * self.error


def standard_error(summary: GameSummary) -> float | None:
    """The standard error of a summary's margin, from its 95% interval."""
    if summary.margin_ci is None:
        return None
    return (summary.margin_ci[1] - summary.margin_ci[0]) / (2 * 1.96)


def edge_share(fair: GameSummary, cheat: GameSummary) -> Share | None:
    """The fair level's margin as a share of the cheat's, both against the same level on the same deals.

    The error treats the two as independent, which overstates it a little (the same deals share luck).
    """
    fair_error, cheat_error = standard_error(fair), standard_error(cheat)
    if not fair.margin_mean or not cheat.margin_mean or fair_error is None or cheat_error is None:
        return None
    share = fair.margin_mean / cheat.margin_mean
    error = abs(share) * math.sqrt((fair_error / fair.margin_mean) ** 2 + (cheat_error / cheat.margin_mean) ** 2)
    return Share(share, error)


def parse_pair(text: str) -> tuple[str, str]:
    """``strong:easy`` as (``strong``, ``easy``), any level the benchmarks know (the cheat's included)."""
    return arguments.parse_pair(text, LEVELS)


def cell(summary: GameSummary) -> str:
    """One table cell: the margin with its interval."""
    if summary.margin_ci is None:
        return f"{summary.margin_mean:+.1f}"
    low, high = summary.margin_ci
    return f"{summary.margin_mean:+.1f} ({low:+.1f} to {high:+.1f})"


def table(names: Sequence[str], pairs: Sequence[tuple[str, str]],
          results: dict[tuple[str, str], dict[str, GameSummary]]) -> list[str]:
    """The margin table as Markdown lines: a row per game, a column per pair, then the share and the times."""
    share_columns = ("strong", "easy") in pairs and ("cheat", "easy") in pairs
    header = ["game", *(f"{a} against {b}" for a, b in pairs)]
    if share_columns:
        header.append("strong's share of the cheat's edge")
    timed = next((pair for pair in pairs if pair[0] == "strong"), None)
    if timed is not None:
        header.append(f"strong ms a decision, median / p95 / max ({timed[0]} against {timed[1]})")
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for name in names:
        row = [name, *(cell(results[pair][name]) for pair in pairs)]
        if share_columns:
            share = edge_share(results[("strong", "easy")][name], results[("cheat", "easy")][name])
            if share is None:
                row.append("n/a")
            else:
                low, high = share.interval()
                row.append(f"{share.share:.0%} ({low:.0%} to {high:.0%})")
        if timed is not None:
            summary = results[timed][name]
            row.append(f"{summary.median_ms:.0f} / {summary.p95_ms:.0f} / {summary.max_ms:.0f}")
        lines.append("| " + " | ".join(row) + " |")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("margins", __doc__)
    add_tables(parser, HASBRO_GAMES, "--variants", "games")
    parser.add_argument("--pairs", nargs="*", default=list(DEFAULT_PAIRS), metavar="A:B",
                        help=f"pairs of levels (default {' '.join(DEFAULT_PAIRS)})")
    add_deals_seed_jobs(parser, 200, "deals per game and pair, each played twice (default 200)")
    add_json_and_quiet(parser)
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    unknown = [name for name in args.variants if name not in TABLES]
    if unknown:
        parser.error(f"no game {unknown[0]}; the games are {', '.join(TABLES)}")
    try:
        pairs = [parse_pair(text) for text in args.pairs]
    except ValueError as error:
        parser.error(str(error))
    start = time.perf_counter()
    results: dict[tuple[str, str], dict[str, GameSummary]] = {}
    for a, b in pairs:
        summaries = run(args.variants, args.deals, args.seed, args.jobs, a, b,
                        None if args.quiet else print_progress, side=True)
        results[(a, b)] = {summary.name: summary for summary in summaries}
        for summary in summaries:
            print(summary.line(a, b), flush=True)
    print("Measure: MARGIN, seat 0's side's score change a hand minus the mean of the others', "
          "better with the first level than with the second.")
    for line in table(args.variants, pairs, results):
        print(line)
    print(f"Elapsed {time.perf_counter() - start:.0f} s with {args.jobs} job(s).")
    if args.json:
        write_json(args.json, {f"{a}:{b}": [summary.to_json() for summary in results[(a, b)].values()]
                               for a, b in pairs})
    return 0


if __name__ == "__main__":
    sys.exit(main())
