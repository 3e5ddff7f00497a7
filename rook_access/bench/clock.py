"""Benchmark: how often Rook Clock comes out, beside the theory (1/14; docs/rules.md, "Rook Clock").

Run ``python -m rook_access.bench.clock`` (``--deals 10000 --seed 0``): it
plays the deals of that many seeds and reports the share that come out with
its 95% interval (Wilson), beside 1/14.
"""

from __future__ import annotations

import argparse
import json
import math

from ..engine.clock import ClockOutcome, ClockState, Step


def comes_out(seed: int) -> bool:
    """Whether the deal of ``seed`` comes out."""
    game = ClockState.from_seed(seed)
    step = Step()
    while not game.is_over:
        game.apply(step)
    return game.outcome is ClockOutcome.CAME_OUT


def wilson_interval(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion."""
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m rook_access.bench.clock", description=__doc__)
    parser.add_argument("--deals", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    options = parser.parse_args(argv)
    out = sum(comes_out(seed) for seed in range(options.seed, options.seed + options.deals))
    low, high = wilson_interval(out, options.deals)
    if options.json:
        print(json.dumps({"deals": options.deals, "came_out": out, "low": low, "high": high, "theory": 1 / 14}))
        return
    print(
        f"Rook Clock, {options.deals} deals (seeds {options.seed} on): {out} came out, "
        f"{100 * out / options.deals:.2f}% (95% interval {100 * low:.2f}% to {100 * high:.2f}%); "
        f"theory 1/14 = {100 / 14:.2f}%."
    )


if __name__ == "__main__":
    main()
