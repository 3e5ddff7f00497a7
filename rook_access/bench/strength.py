"""The computer players' strength and speed, measured the way the project reports them.

Run ``python -m rook_access.bench.strength`` (about half an hour on two cores
with the defaults).  It plays duplicate matches (``bench.match``) of

* strong against easy, normal against easy, strong against random;
* the cheating yardstick (the strong search given every hand) against easy,

and reports each result with its 95% interval, the share of the cheating
player's edge over easy that the strong player reaches, and the strong
player's time per decision from a match run on one process (``--timing-deals``
deals of strong against easy), whose 95th percentile and maximum are the
speed targets.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path

from .match import MatchSummary, run_match

PAIRS = (("strong", "easy"), ("normal", "easy"), ("strong", "random"), ("cheat", "easy"))


def edge_share(fair: MatchSummary, cheat: MatchSummary) -> tuple[float, float] | None:
    """The fair player's edge as a share of the cheat's (both against the same level), and its standard error."""
    if not fair.mean or not cheat.mean or fair.stderr is None or cheat.stderr is None:
        return None
    share = fair.mean / cheat.mean
    error = abs(share) * math.sqrt((fair.stderr / fair.mean) ** 2 + (cheat.stderr / cheat.mean) ** 2)
    return share, error


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rook_access.bench.strength", description=__doc__)
    parser.add_argument("--deals", type=int, default=400, help="duplicate deals per match (default 400)")
    parser.add_argument("--timing-deals", type=int, default=60, help="deals of the one-process timing run (default 60)")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--jobs", type=int, default=2, help="processes for the strength matches (default 2)")
    parser.add_argument("--json", type=Path, help="write every summary to this file")
    args = parser.parse_args(argv)

    summaries: dict[str, MatchSummary] = {}
    for a, b in PAIRS:
        summary = run_match(a, b, args.deals, seed=args.seed, jobs=args.jobs)
        summaries[f"{a}-{b}"] = summary
        print(summary.lines()[0], flush=True)
        print(f"  games to 300: {a} won {summary.games[0]}, {b} won {summary.games[1]}", flush=True)
    share = edge_share(summaries["strong-easy"], summaries["cheat-easy"])
    if share is not None:
        print(f"Strong reaches {share[0]:.0%} of the cheating player's edge over easy "
              f"(95% interval {share[0] - 1.96 * share[1]:.0%} to {share[0] + 1.96 * share[1]:.0%}).")
    if args.timing_deals:
        timing = run_match("strong", "easy", args.timing_deals, seed=args.seed + 1, jobs=1)
        summaries["timing"] = timing
        stats = timing.timings["strong"]
        for phase in ("all", "bidding", "discard", "trump", "play"):
            if phase in stats:
                s = stats[phase]
                print(f"Strong {phase} decisions: {s.count}, median {s.median:.0f} ms, p95 {s.p95:.0f} ms, "
                      f"max {s.max:.0f} ms", flush=True)
    if args.json:
        args.json.write_text(json.dumps({name: s.to_json() for name, s in summaries.items()}, indent=1) + "\n",
                             encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
