"""Benchmark: how long finding the saved games takes before the resume question.

Run ``python -m rook_access.bench.saves_listing``.  It writes ``--saves``
saved games of ``--actions`` actions each (strong computer players, as a
player's games are) in a temporary data folder, then times ``find_saves``,
which reads and rebuilds every one of them for the list, and one
``SaveLock`` taken and given back.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from ..engine import Action, GameState
from ..players import RandomPlayer
from ..save_files import SaveLock, find_saves
from ..saves import GameSetup, make_table, write_save


def write_saves(data: Path, count: int, actions: int) -> None:
    """``count`` saves of about ``actions`` actions each in the saves folder of ``data``."""
    for number in range(count):
        setup = GameSetup.create(["human", "computer", "computer", "computer"], level="strong", seed=number)
        state, _ = make_table(setup)
        assert isinstance(state, GameState)  # a trick table: this bench plays Rook
        movers = [RandomPlayer(seat) for seat in range(4)]
        taken: list[tuple[int, Action]] = []
        while len(taken) < actions:
            seat = state.seat_to_act
            action = movers[seat].choose(state.view(seat))
            if _ends(state, action, seat):
                break  # a finished game's save is deleted, not listed
            state.apply(action, seat)
            taken.append((seat, action))
        write_save(data / "saves" / f"game-20250101-{number:06d}.json", setup, taken, 0)


def _ends(state: GameState, action: Action, seat: int) -> bool:
    """Whether the action would end the game."""
    trial = state.clone()
    trial.apply(action, seat)
    return trial.is_over


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--saves", type=int, default=20)
    parser.add_argument("--actions", type=int, default=120)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        data = Path(folder)
        write_saves(data, args.saves, args.actions)
        listing, locking = [], []
        for _ in range(args.runs):
            start = time.perf_counter()
            entries = find_saves(data)
            listing.append(time.perf_counter() - start)
            start = time.perf_counter()
            SaveLock.acquire(entries[0].path).release()
            locking.append(time.perf_counter() - start)
        assert len(entries) == args.saves
    print(f"{args.saves} saves of {args.actions} actions: "
          f"find_saves median {statistics.median(listing) * 1000:.1f} ms, "
          f"{statistics.median(listing) * 1000 / args.saves:.1f} ms a save; "
          f"a lock taken and released median {statistics.median(locking) * 1e6:.0f} us")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
