"""Benchmark: the Rook Solitaire solver and hint on seeded deals.

Run ``python -m rook_access.bench.solitaire`` (``--deals 1000 --jobs 2``).
It solves the deals of seeds ``--seed`` to ``--seed + deals - 1`` from the
deal, each within the solver's budget (``--seconds``, 1.8 s by default, so that a deal is answered within 2 s), and
reports the share won, lost and unknown with the time per deal (median,
95th percentile, maximum).  Then it plays the first ``--hint-deals`` deals
to the end by the hint's own advice and times every hint (the target: 95th
percentile at most 100 ms), with the share of those games the hint won.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import Counter
from multiprocessing import Pool

from ..engine.solitaire import Outcome, SolitaireState
from ..players.solitaire_hint import SolitaireHintPlayer
from ..players.solitaire_solver import DEFAULT_NODES, DEFAULT_SECONDS, Verdict, solve


def solve_deal(job: tuple[int, float]) -> tuple[str, float, int]:
    """(verdict, seconds, positions) of the deal of one seed."""
    seed, seconds = job
    result = solve(SolitaireState.from_seed(seed), max_nodes=DEFAULT_NODES * 100, max_seconds=seconds)
    return result.outcome.value, result.seconds, result.nodes


def hint_game(seed: int) -> tuple[bool, list[float], list[float]]:
    """Play a deal to the end by the hint; (won, seconds of each hint, CPU seconds of each hint)."""
    game = SolitaireState.from_seed(seed)
    player = SolitaireHintPlayer()
    times = []
    cpu_times = []
    while not game.is_over:
        view = game.view()
        started, cpu_started = time.perf_counter(), time.process_time()
        action = player.choose(view)
        times.append(time.perf_counter() - started)
        cpu_times.append(time.process_time() - cpu_started)
        game.apply(action)
    return game.outcome is Outcome.WON, times, cpu_times


def percentile(values: list[float], share: float) -> float:
    """The value below which ``share`` of ``values`` lie (nearest rank)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m rook_access.bench.solitaire", description=__doc__)
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--hint-deals", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=DEFAULT_SECONDS, help="the solver's budget per deal")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    seeds = range(options.seed, options.seed + options.deals)
    with Pool(options.jobs) as pool:
        solved = pool.map(solve_deal, [(seed, options.seconds) for seed in seeds], chunksize=4)
        hinted = pool.map(hint_game, range(options.seed, options.seed + options.hint_deals), chunksize=2)
    verdicts = Counter(verdict for verdict, _, _ in solved)
    seconds = [elapsed for _, elapsed, _ in solved]
    hint_times = [elapsed for _, times, _ in hinted for elapsed in times]
    hint_cpu = [elapsed for _, _, times in hinted for elapsed in times]
    report = {
        "deals": options.deals,
        "won": verdicts[Verdict.WON.value],
        "lost": verdicts[Verdict.LOST.value],
        "unknown": verdicts[Verdict.UNKNOWN.value],
        "solve_p50_ms": round(1000 * percentile(seconds, 0.5), 1) if seconds else None,
        "solve_p95_ms": round(1000 * percentile(seconds, 0.95), 1) if seconds else None,
        "solve_max_ms": round(1000 * max(seconds), 1) if seconds else None,
        "hint_games": len(hinted),
        "hint_games_won": sum(won for won, _, _ in hinted),
        "hints": len(hint_times),
        "hint_p50_ms": round(1000 * percentile(hint_times, 0.5), 1) if hint_times else None,
        "hint_p95_ms": round(1000 * percentile(hint_times, 0.95), 1) if hint_times else None,
        "hint_max_ms": round(1000 * max(hint_times), 1) if hint_times else None,
        "hint_cpu_p95_ms": round(1000 * percentile(hint_cpu, 0.95), 1) if hint_cpu else None,
    }
    if options.json:
        print(json.dumps(report))
        return
    share = 100 / max(1, options.deals)
    print(
        f"Solver, {options.deals} deals (seeds {options.seed} on, {options.seconds:g} s each at most): "
        f"won {report['won']} ({report['won'] * share:.1f}%), lost {report['lost']} ({report['lost'] * share:.1f}%), "
        f"unknown {report['unknown']} ({report['unknown'] * share:.1f}%)."
    )
    print(
        f"Solve time per deal: median {report['solve_p50_ms']} ms, 95th percentile {report['solve_p95_ms']} ms, "
        f"maximum {report['solve_max_ms']} ms."
    )
    print(
        f"Hint, {report['hints']} hints in {len(hinted)} games played by the hint "
        f"(seeds {options.seed} on, {report['hint_games_won']} won): "
        f"median {report['hint_p50_ms']} ms, 95th percentile {report['hint_p95_ms']} ms, "
        f"maximum {report['hint_max_ms']} ms; CPU time 95th percentile {report['hint_cpu_p95_ms']} ms."
    )


if __name__ == "__main__":
    main()
