"""How long the ``review`` command takes for a whole hand, in every trick game.

Run ``python -m rook_access.bench.review_time --deals 20``.

For each game (``--tables``, default every variant) and each deal (from
``--seed``), one hand is played: seat 0, the user's, by a player of
``--user`` level (easy by default: its choices differ from the strong
player's the most, so the review has the most to judge), the other seats by
easy players.  Then the user's decisions of the hand (seat 0's, and the
dummy's when seat 0 played it) are reviewed as the console's ``review`` does
(``HintPlayer``, the strong budget with its deadline, then the lines
worded).  The report gives, per game, the decisions reviewed per hand, and
the review's CPU time (``time.process_time``) and wall time per hand: the
median, the 95th percentile and the maximum.  The target is under 2 s a hand.
"""

from __future__ import annotations

import random
import sys
import time
from dataclasses import asdict, dataclass

from ..announcer.review import review_lines
from ..engine import Action, Deal, GameState, SeatView
from ..engine.rules import VARIANTS
from ..players import make_player
from ..players.search.player import HintPlayer
from ..players.search.review import review_decisions
from .arguments import add_deals_seed_jobs, add_json_and_quiet, add_tables, bench_parser, print_progress, write_json
from .match import derive_seed, timing_stats

TARGET = 2.0
"""Seconds a whole hand's review may take."""


@dataclass(frozen=True)
class HandReview:
    """One hand's review: how many decisions were judged, how many lines said, its CPU and wall times."""

    decisions: int
    lines: int
    cpu: float
    wall: float


def play_and_review(table: str, seed: int, user: str) -> HandReview:
    """Play one hand of ``table`` from ``seed`` and review seat 0's decisions in it."""
    rules = VARIANTS[table].replace(hands_limit=1)
    deal = Deal.shuffled(
        rules, derive_seed(seed, table, "dealer") % rules.players, random.Random(derive_seed(seed, table, "deal"))
    )
    state = GameState(rules, seed=seed, first_deal=deal)
    players = [
        make_player(user if seat == 0 else "easy", derive_seed(seed, table, seat)) for seat in range(rules.players)
    ]
    steps: list[tuple[SeatView, Action]] = []
    while not state.is_over:
        seat = state.seats_to_act()[0]
        controller = state.controller(seat)
        view = state.view(seat)
        action = players[controller].choose(view)
        if controller == 0:
            steps.append((view, action))
        state.apply(action, seat)
    cpu, wall = time.process_time(), time.perf_counter()
    lines = review_lines(1, review_decisions(steps, HintPlayer()))
    return HandReview(len(steps), len(lines), time.process_time() - cpu, time.perf_counter() - wall)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print one line a game."""
    parser = bench_parser("review_time", __doc__)
    add_tables(parser, VARIANTS)
    add_deals_seed_jobs(parser, 20, "hands reviewed per game (default 20)")
    parser.add_argument("--user", default="easy", help="the level that plays the reviewed seat (default easy)")
    add_json_and_quiet(parser)
    args = parser.parse_args(argv)
    if args.jobs != 1:
        parser.error("the review is timed one hand at a time: --jobs 1 only")
    unknown = [name for name in args.tables if name not in VARIANTS]
    if unknown:
        parser.error(f"no game {', '.join(unknown)}; the games are {', '.join(VARIANTS)}")
    report = {}
    print(
        f"review of a whole hand, seat 0 played by {args.user}, target under {TARGET} s; "
        "times per hand: median, p95, max",
        flush=True,
    )
    for table in args.tables:
        reviews = []
        for deal in range(args.deals):
            reviews.append(play_and_review(table, derive_seed(args.seed, table, deal), args.user))
            if not args.quiet:
                print_progress(table, deal + 1, args.deals)
        cpu = timing_stats([review.cpu for review in reviews])
        wall = timing_stats([review.wall for review in reviews])
        decisions = sum(review.decisions for review in reviews) / len(reviews)
        print(
            f"{table}: {decisions:.1f} decisions a hand; cpu {cpu.median:.2f} / {cpu.p95:.2f} / {cpu.max:.2f} s; "
            f"wall {wall.median:.2f} / {wall.p95:.2f} / {wall.max:.2f} s",
            flush=True,
        )
        report[table] = {"reviews": [asdict(review) for review in reviews]}
    if args.json:
        write_json(args.json, report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
