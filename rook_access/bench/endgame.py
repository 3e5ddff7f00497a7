"""Benchmark: the exact endgame solver on positions from real deals, and what a strong decision costs with it.

Run ``python -m rook_access.bench.endgame --positions 40 --seed 1``.

Each deal (made from ``--seed``, the game and the deal's number) is played
as one hand by easy players (quick, and their hands look like real ones: the
bidding, the nest and trump as the game has them).  When the seat to play
holds 5, 6 or 7 cards (``--sizes``), the position is a candidate for that
size; one candidate per size and deal is drawn: at the trick's start (every
hand holds that many cards) or in the middle of the trick (the seats that
have played hold one fewer).  Only positions the strong player would solve
exactly are taken: the game fits the solver and the hand has two teams.

For each position the report gives the CPU time (``time.process_time``) of
``solve_moves`` on the true hands (every card of the seat to play valued
exactly) and the positions the search visited; per game and size the count
(how many at a trick's start), median, 95th percentile and maximum.  Then,
for sizes up to ``--decisions`` (default 6), the CPU time of a whole strong
decision solving exactly at that size: the strong player's search of the
card (``SearchPlayer.analyse``) on the strong budget's deals
(``exact_samples``, else ``samples``, sampled from what the seat knows),
within its work limit if it has one and with no deadline: the cost the
150 ms target is about.

CPU time is the measure because the machine is shared; run it alone
(``--jobs`` is not offered: one process) for figures to compare.
"""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import Deal, GameState, Phase, RuleSet
from ..engine.rules import VARIANTS
from ..players import make_player
from ..players.search.outlook import Outlook
from ..players.search.play import nest_points_of
from ..players.search.player import STRONG, SearchPlayer
from ..players.search.solver import solve_moves_counted
from .arguments import add_json_and_quiet, bench_parser, write_json
from .match import derive_seed

GAMES = ("partnership", "two", "three")
"""The Hasbro games the strong player solves exactly: the partnership game and the 2 and 3-player games (the
bidder against the others).  The 5 and 6-player games fit the solver's rules (``solver_fits``) but every
player there scores alone, and the solver pits one team against one other: they are never solved."""

SIZES = (5, 6, 7)


@dataclass(frozen=True)
class Position:
    """One endgame position of a real deal, as the solver and the seat to play see it."""

    game: str
    size: int
    """The cards in the hand of the seat to play."""
    state: GameState
    seat: int


@dataclass(frozen=True)
class Measure:
    """The solver's cost on one position, and a strong decision's when measured."""

    game: str
    size: int
    boundary: bool
    """True at a trick's start."""
    solve_ms: float
    nodes: int
    decision_ms: float | None = None
    samples: int = 0


def one_hand(rules: RuleSet) -> RuleSet:
    """The rules of one benchmark hand."""
    return rules.replace(hands_limit=1)


def positions_of(game: str, seed: int, number: int, sizes: Sequence[int]) -> list[Position]:
    """The positions of deal ``number`` of ``game``: at most one for each size, drawn among the candidates."""
    rules = one_hand(VARIANTS[game])
    rng = random.Random(derive_seed("endgame deal", seed, game, number))
    people = rules.people
    deal = Deal.shuffled(rules, people[number % len(people)], rng)
    state = GameState(rules, seed=0, first_deal=deal)
    players = {seat: make_player("easy", derive_seed("endgame player", seed, game, number, seat)) for seat in people}
    candidates: dict[int, list[Position]] = {size: [] for size in sizes}
    while not state.is_over:
        seat = state.turn
        actor = state.actor
        assert seat is not None and actor is not None
        view = state.view(seat)
        if view.phase is Phase.PLAY and len(view.legal) > 1:
            size = view.hand_sizes[seat]
            if size in candidates and Outlook.of(view).two_teams:
                candidates[size].append(Position(game, size, state.clone(), seat))
        state.apply(players[actor].choose(view), seat)
    return [rng.choice(found) for found in candidates.values() if found]


def measure(position: Position, decisions: int) -> Measure:
    """The solver's CPU time and work on ``position``; a strong exact decision's time if its size is at most
    ``decisions``."""
    state = position.state
    view = state.view(position.seat)
    rules = view.rules
    outlook = Outlook.of(view)
    assert view.trump is not None and state.trick_leader is not None
    trick = list(view.trick)
    start = time.process_time()
    _, nodes = solve_moves_counted(
        rules,
        view.trump,
        list(state.hands),
        state.trick_leader,
        trick,
        outlook.mine,
        nest_points_of(rules, state.nest),
        outlook.team_of,
    )
    solve_ms = (time.process_time() - start) * 1000
    decision_ms = None
    samples = 0
    if position.size <= decisions:
        budget = dataclasses.replace(STRONG, deadline=math.inf, exact_cards=max(STRONG.exact_cards, position.size))
        start = time.process_time()
        analysis = SearchPlayer(position.size, budget, "strong").analyse(view)
        decision_ms = (time.process_time() - start) * 1000
        samples = analysis.samples
    return Measure(position.game, position.size, not trick, solve_ms, nodes, decision_ms, samples)


def percentile(values: Sequence[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` from 0 to 1)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def summary(measures: Sequence[Measure]) -> dict[str, float | int | None]:
    """Count, trick starts, median, p95 and max of solve time, nodes and decision time."""
    solve = [m.solve_ms for m in measures]
    nodes = [m.nodes for m in measures]
    decisions = [m.decision_ms for m in measures if m.decision_ms is not None]
    row: dict[str, float | int | None] = {
        "count": len(measures),
        "at_trick_start": sum(m.boundary for m in measures),
        "solve_median_ms": statistics.median(solve),
        "solve_p95_ms": percentile(solve, 0.95),
        "solve_max_ms": max(solve),
        "nodes_median": statistics.median(nodes),
        "nodes_p95": percentile(nodes, 0.95),
        "nodes_max": max(nodes),
        "decision_median_ms": None,
        "decision_p95_ms": None,
        "decision_max_ms": None,
        "decision_deals_median": None,
        "decision_deals_fewest": None,
    }
    if decisions:
        row.update(
            decision_median_ms=statistics.median(decisions),
            decision_p95_ms=percentile(decisions, 0.95),
            decision_max_ms=max(decisions),
            decision_deals_median=statistics.median(m.samples for m in measures if m.decision_ms is not None),
            decision_deals_fewest=min(m.samples for m in measures if m.decision_ms is not None),
        )
    return row


def report_lines(game: str, size: int, row: dict[str, float | int | None]) -> list[str]:
    """The lines of one game and size."""
    lines = [
        f"{game}, {size} cards: {row['count']} positions, {row['at_trick_start']} at a trick's start.",
        f"  Solve: median {row['solve_median_ms']:.1f} ms, p95 {row['solve_p95_ms']:.1f} ms, "
        f"max {row['solve_max_ms']:.1f} ms.",
        f"  Positions searched: median {row['nodes_median']:.0f}, p95 {row['nodes_p95']:.0f}, max {row['nodes_max']}.",
    ]
    if row["decision_median_ms"] is not None:
        lines.append(
            f"  Decision solved exactly on the strong budget: median {row['decision_median_ms']:.1f} ms, "
            f"p95 {row['decision_p95_ms']:.1f} ms, max {row['decision_max_ms']:.1f} ms; deals solved: "
            f"median {row['decision_deals_median']:.0f}, fewest {row['decision_deals_fewest']}."
        )
    return lines


def run(
    games: Sequence[str], sizes: Sequence[int], count: int, seed: int, decisions: int, quiet: bool = True
) -> dict[str, dict[int, dict[str, float | int | None]]]:
    """Measure ``count`` positions of each size in each game; the summaries by game and size."""
    results: dict[str, dict[int, dict[str, float | int | None]]] = {}
    for game in games:
        found: dict[int, list[Measure]] = {size: [] for size in sizes}
        number = 0
        while any(len(measures) < count for measures in found.values()) and number < count * 20:
            for position in positions_of(game, seed, number, sizes):
                if len(found[position.size]) < count:
                    found[position.size].append(measure(position, decisions))
            number += 1
            if not quiet:
                done = sum(len(measures) for measures in found.values())
                print(f"{game}: {done}/{count * len(sizes)} positions", file=sys.stderr, flush=True)
        results[game] = {size: summary(measures) for size, measures in found.items() if measures}
    return results


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("endgame", __doc__)
    parser.add_argument("--positions", type=int, default=40, help="positions of each size in each game (default 40)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    parser.add_argument(
        "--games",
        nargs="*",
        default=list(GAMES),
        choices=GAMES,
        metavar="GAME",
        help=f"the games (default all: {', '.join(GAMES)})",
    )
    parser.add_argument(
        "--sizes",
        nargs="*",
        type=int,
        default=list(SIZES),
        metavar="N",
        help="cards in the hand of the seat to play (default 5 6 7)",
    )
    parser.add_argument(
        "--decisions",
        type=int,
        default=6,
        help="time whole decisions solved exactly on the strong budget up to this size (default 6; 0: none)",
    )
    add_json_and_quiet(parser, "also write the summaries as JSON to FILE")
    args = parser.parse_args(argv)
    if args.positions < 1:
        parser.error("--positions must be at least 1")
    results = run(args.games, args.sizes, args.positions, args.seed, args.decisions, args.quiet)
    work = "no limit" if STRONG.exact_work is None else f"at most {STRONG.exact_work} positions searched"
    print(
        f"Endgame solver, seed {args.seed}, CPU times. Strong budget: exact from {STRONG.exact_cards} cards, "
        f"{STRONG.exact_samples or STRONG.samples} deals, {work}."
    )
    for game, rows in results.items():
        for size, row in rows.items():
            for line in report_lines(game, size, row):
                print(line)
    if args.json:
        write_json(args.json, {game: {str(size): row for size, row in rows.items()} for game, rows in results.items()})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
