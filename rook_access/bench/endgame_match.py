"""Duplicate match of the strong player's exact endgame settings, with bench-only levels.

Run ``python -m rook_access.bench.endgame_match --a variant --variant 5,96,80000 --deals 400``.

It plays ``bench.match`` (the same deals from both sides, one process so
that the decision times mean something) with two levels that exist only
here, never in the list a person chooses from:

- ``strong-before``: the strong budget before the work limit, fixed here so
  that a variant is always compared with the same player (exact from 4
  cards each on all 96 deals, no work limit);
- ``variant``: the strong player with the exact settings of ``--variant
  CARDS,DEALS,WORK`` (``exact_cards``, ``exact_samples``, ``exact_work``;
  ``none`` for no limit), for trying other settings.

Besides the match's report it prints every deal's duplicate result (A minus
B) with ``--json``, so that runs of different seeds can be pooled.
"""

from __future__ import annotations

import dataclasses
import sys

from ..players import LEVELS
from ..players.search.play import SearchBudget
from ..players.search.player import STRONG, SearchPlayer
from .arguments import add_json_and_quiet, bench_parser, write_json
from .match import TIMING_NOTE, run_match

BEFORE = SearchBudget(samples=96, deadline=0.8, exact_cards=4)
"""The strong budget before the work limit (until 2026-11-26): exact from 4 cards each, every deal solved."""


def parse_variant(text: str) -> SearchBudget:
    """The strong budget with ``CARDS,DEALS,WORK`` as its exact settings (``none`` for no deal or work limit)."""
    parts = text.split(",")
    if len(parts) != 3:
        raise ValueError("give the variant as CARDS,DEALS,WORK, like 5,32,80000")
    cards, deals, work = (None if part.strip() == "none" else int(part) for part in parts)
    if cards is None:
        raise ValueError("the variant needs a number of cards")
    return dataclasses.replace(STRONG, exact_cards=cards, exact_samples=deals, exact_work=work)


def register(variant: SearchBudget) -> None:
    """Add the bench-only levels ``strong-before`` and ``variant`` to the levels a match may use."""
    LEVELS["strong-before"] = lambda seed: SearchPlayer(seed, BEFORE, "strong-before")
    LEVELS["variant"] = lambda seed: SearchPlayer(seed, variant, "variant")


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("endgame_match", __doc__)
    levels = [*sorted(LEVELS), "strong-before", "variant"]
    parser.add_argument("--a", default="variant", choices=levels, help="team A's level (default variant)")
    parser.add_argument("--b", default="strong-before", choices=levels, help="team B's level (default strong-before)")
    parser.add_argument("--variant", default="5,96,80000", help="the variant's CARDS,DEALS,WORK (default 5,96,80000)")
    parser.add_argument("--deals", type=int, default=100, help="deals, each played twice (default 100)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    add_json_and_quiet(parser, "also write the summary and every deal's result as JSON to FILE")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    try:
        variant = parse_variant(args.variant)
    except ValueError as error:
        parser.error(str(error))
    register(variant)
    print(f"Note: {TIMING_NOTE}.", file=sys.stderr)

    def progress(done: int, total: int) -> None:
        if not args.quiet and (done % 10 == 0 or done == total):
            print(f"{done}/{total} deals", file=sys.stderr, flush=True)

    summary = run_match(args.a, args.b, args.deals, args.seed, 1, progress=progress)
    for line in summary.lines():
        print(line)
    if args.json:
        data = summary.to_json()
        data["deal_results"] = [result.diff for result in summary.results]
        write_json(args.json, data)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
