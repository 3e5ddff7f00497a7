"""The strong player's time per decision in every game of Rook, in CPU time and wall time.

Run ``python -m rook_access.bench.decision_times --deals 10``.

Each deal of each game (``--variants``, every game by default; deals made
as ``bench.variants`` makes them, from ``--seed``) is played as one hand with
the level under test (``--level``, strong by default) in every seat, and
every decision that had a choice is timed twice: the wall time, what a
player waits for, and the process's CPU time, what the search itself cost
(on a loaded machine the wall time also counts the other work, the CPU
time does not).  The report gives, per game, the decisions timed and the
median, 95th percentile and maximum of each, and the slowest phase.  One
process: the times are meaningful only with nothing else running on its
core.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine import GameState
from ..players import LEVELS, make_player
from .arguments import add_json_and_quiet, add_tables, bench_parser, write_json
from .match import derive_seed, percentile
from .variants import TABLES, make_deal, one_hand


@dataclass(frozen=True)
class Times:
    """One game's decision times, in milliseconds."""

    name: str
    decisions: int
    cpu_median: float
    cpu_p95: float
    cpu_max: float
    wall_median: float
    wall_p95: float
    wall_max: float
    slowest_phase: str
    """The phase (and, in card play, the cards in the longest hand) of the slowest decision by CPU time."""

    def line(self) -> str:
        return (f"{self.name}: {self.decisions} decisions; CPU ms median {self.cpu_median:.0f}, p95 "
                f"{self.cpu_p95:.0f}, max {self.cpu_max:.0f}; wall ms median {self.wall_median:.0f}, p95 "
                f"{self.wall_p95:.0f}, max {self.wall_max:.0f}; slowest: {self.slowest_phase}")


def time_game(name: str, deals: int, seed: int = 1, level: str = "strong") -> Times:
    """Play ``deals`` hands of game ``name`` with ``level`` in every seat, timing every decision with a choice."""
    rules = one_hand(TABLES[name])
    cpu: list[float] = []
    wall: list[float] = []
    phases: list[str] = []
    for number in range(deals):
        state = GameState(rules, seed=0, first_deal=make_deal(name, rules, seed, number))
        players = {seat: make_player(level, derive_seed("decision times", seed, name, number, seat))
                   for seat in rules.people}
        while not state.is_over:
            seat, actor = state.turn, state.actor
            assert seat is not None and actor is not None
            view = state.view(seat)
            wall_start, cpu_start = time.perf_counter(), time.process_time()
            action = players[actor].choose(view)
            cpu_ms, wall_ms = 1000 * (time.process_time() - cpu_start), 1000 * (time.perf_counter() - wall_start)
            if len(view.legal) > 1:
                cpu.append(cpu_ms)
                wall.append(wall_ms)
                phase = view.phase.value
                phases.append(f"{phase}, {max(view.hand_sizes)} cards" if phase == "play" else phase)
            state.apply(action, seat)
    if not cpu:
        return Times(name, 0, 0, 0, 0, 0, 0, 0, "none")
    slowest = max(range(len(cpu)), key=cpu.__getitem__)
    return Times(name, len(cpu), percentile(cpu, 0.5), percentile(cpu, 0.95), max(cpu),
                 percentile(wall, 0.5), percentile(wall, 0.95), max(wall), phases[slowest])


def run(names: Sequence[str], deals: int, seed: int = 1, level: str = "strong") -> list[Times]:
    """Each game's times, in the order of ``names``."""
    return [time_game(name, deals, seed, level) for name in names]


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("decision_times", __doc__)
    add_tables(parser, TABLES, "--variants", "games")
    parser.add_argument("--deals", type=int, default=10, help="hands of each game (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--level", default="strong", choices=sorted(LEVELS), help="the level timed (default strong)")
    add_json_and_quiet(parser)
    args = parser.parse_args(argv)
    unknown = [name for name in args.variants if name not in TABLES]
    if unknown:
        parser.error(f"no game {unknown[0]}; the games are {', '.join(TABLES)}")
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    every = []
    for name in args.variants:
        times = time_game(name, args.deals, args.seed, args.level)
        every.append(times)
        print(times.line(), flush=True)
    if args.json:
        write_json(args.json, [times.__dict__ for times in every])
    return 0


if __name__ == "__main__":
    sys.exit(main())
