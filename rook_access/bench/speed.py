"""Benchmark: full random hands per second through the rules engine, on one core.

Run ``python -m rook_access.bench.speed`` (``--json`` for one JSON object).
It reports two rates, full hands per second of wall-clock time (and, beside
it, per second of CPU time, which other work on the machine disturbs less):

* through ``GameState``, the public API an interface uses: legal actions,
  ``apply``, an event for everything, per-seat rules checks;
* through ``engine.playout``, the light loop over the same rules (the
  ``RuleSet``'s methods and the tables it precomputes from them) that
  computer players will use for simulation.

A "full hand" is a deal, random bidding, a random discard and trump, and nine
random tricks, scored.  Deals that every seat passes are counted too (they
cost a deal and four passes).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time

from ..engine import PARTNERSHIP, Action, Discard, DiscardChoices, GameState
from ..engine.playout import random_hand


def hands_through_state(seconds: float, seed: int = 1) -> tuple[int, float]:
    """Play random hands through one GameState for about ``seconds``; (hands, elapsed).

    The game is set to last far longer than the measurement, so every hand
    after the first is dealt by the engine itself as the game goes on.
    """
    rng = random.Random(seed)
    state = GameState(PARTNERSHIP.replace(hands_limit=10**9), seed=seed)
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        stop = state.hands_played + 50
        while state.hands_played < stop:
            legal = state.legal_actions()
            action: Action
            if isinstance(legal, DiscardChoices):
                action = Discard(frozenset(rng.sample(state.hand(state.seat_to_act), legal.count)))
            else:
                action = rng.choice(legal)
            state.apply(action)
        state.events.clear()  # the log of a long benchmark game is not kept
    return state.hands_played, time.perf_counter() - start


def hands_through_playout(seconds: float, seed: int = 1) -> tuple[int, float]:
    """Play random hands through the playout loop for about ``seconds``; (hands, elapsed)."""
    rng = random.Random(seed)
    hands = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        for _ in range(200):
            random_hand(PARTNERSHIP, rng, dealer=hands % 4)
            hands += 1
    return hands, time.perf_counter() - start


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m rook_access.bench.speed", description=__doc__)
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement (default 5)")
    parser.add_argument("--json", action="store_true", help="print one JSON object with both rates")
    args = parser.parse_args(argv)
    results = {}
    for key, label, run in (
        ("gamestate", "GameState API", hands_through_state),
        ("playout", "playout loop", hands_through_playout),
    ):
        cpu_start = time.process_time()
        hands, elapsed = run(args.seconds)
        cpu = time.process_time() - cpu_start
        results[key] = {
            "hands": hands,
            "seconds": round(elapsed, 3),
            "cpu_seconds": round(cpu, 3),
            "hands_per_second": round(hands / elapsed),
            "hands_per_cpu_second": round(hands / cpu) if cpu > 0 else None,
        }
        if not args.json:
            print(
                f"{label}: {hands / elapsed:,.0f} hands per second "
                f"({hands} full random hands in {elapsed:.2f} s; {cpu:.2f} s of CPU time, "
                f"{hands / cpu if cpu > 0 else 0:,.0f} per CPU second)"
            )
    if args.json:
        print(
            json.dumps(
                {
                    "gamestate_hands_per_second": results["gamestate"]["hands_per_second"],
                    "playout_hands_per_second": results["playout"]["hands_per_second"],
                    "python": platform.python_version(),
                    "details": results,
                }
            )
        )


if __name__ == "__main__":
    main()
