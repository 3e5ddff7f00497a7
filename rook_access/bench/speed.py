"""Benchmark: full random hands per second through the rules engine, on one core.

Run ``python -m rook_access.bench.speed``.  It reports two rates:

* through ``GameState``, the public API an interface uses: legal actions,
  ``apply``, an event for everything, per-seat rules checks;
* through ``engine.playout``, the light loop over the same rule functions
  that computer players will use for simulation.

A "full hand" is a deal, random bidding, a random discard and trump, and nine
random tricks, scored.  Deals that every seat passes are counted too (they
cost a deal and four passes).
"""

from __future__ import annotations

import argparse
import random
import time

from ..engine import PARTNERSHIP, Discard, DiscardChoices, GameState
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
            if isinstance(legal, DiscardChoices):
                action = Discard(frozenset(rng.sample(state.hand(state.turn), legal.count)))  # type: ignore[arg-type]
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
    args = parser.parse_args(argv)
    for label, run in (("GameState API", hands_through_state), ("playout loop", hands_through_playout)):
        hands, elapsed = run(args.seconds)
        print(f"{label}: {hands} full random hands in {elapsed:.2f} s, {hands / elapsed:,.0f} hands per second")


if __name__ == "__main__":
    main()
