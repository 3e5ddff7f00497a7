"""I Doubt It: the strong player against easy players, by games won.

Run ``python -m rook_access.bench.doubt --games 500``.

Four tables, each of ``--games`` games at ``--players`` seats (4 by default;
``--tables`` picks some):

- ``strong among easy``: one strong player, every other seat easy;
- ``easy among strong``: one easy player, every other seat strong;
- ``all strong``: every seat strong (the lone player is one of them: its
  share should be a fair one, and the games should end by a player out);
- ``bluffer among strong``: a stand-in for a person who bluffs freely
  (``bluffer`` plays a true card it holds only three times in ten, else the
  card it needs last) among strong players, who doubt only on strong evidence:
  whether bluffing freely pays against them.

The lone player's seat turns round the table from game to game (game ``n``
puts it in seat ``n`` mod the players), so it sits as often at the dealer's
left (who plays first) as anywhere else.  Each game is dealt from the run's
seed and its number, and each player is seeded from them and its seat, so a
run is repeatable.  The report gives, for each table, the lone player's share
of the games won (a game won on the play limit by several is shared) with a
95% Wilson interval, beside a fair share, 1 in ``players``; the MARGIN, the
lone player's points a game minus the mean of the others' (the winner scores
the cards the others still hold), with its 95% interval; the mean points a
game won brings; right and wrong doubts by level; how many plays a game took
and how many games reached the limit; the strong player's time per decision.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.doubt import Doubted, DoubtOver, DoubtState
from ..players.doubt_player import DoubtPlayer
from .arguments import add_json_and_quiet, bench_parser, write_json
from .match import derive_seed, mean_and_interval
from .parallel import results_by_name

TABLES: dict[str, tuple[str, str]] = {
    "strong among easy": ("strong", "easy"),
    "easy among strong": ("easy", "strong"),
    "all strong": ("strong", "strong"),
    "bluffer among strong": ("bluffer", "strong"),
}
"""Each table: (the lone player's level, every other seat's level)."""
CHUNK = 10
"""Games a worker plays at a time."""
Z95 = 1.96


@dataclass(frozen=True)
class GameResult:
    """One game: the table, the lone seat, each seat's level, the winners, points and the plays."""

    name: str
    number: int
    lone: int
    levels: tuple[str, ...]
    winners: tuple[int, ...]
    points: int
    plays: int
    reason: str
    doubts: tuple[tuple[str, bool], ...]
    """Each doubt as (the doubter's level, whether it was right)."""
    times: tuple[float, ...] = field(default=())
    """The strong players' decision times, in milliseconds."""
    margin: float = 0.0
    """The MARGIN: the lone player's points for the game minus the mean of the other players' points."""

    @property
    def lone_share(self) -> float:
        """The lone player's share of this game's win: 1, a part of a shared win, or 0."""
        return 1.0 / len(self.winners) if self.lone in self.winners else 0.0


def play_game(name: str, number: int, seed: int, players: int) -> GameResult:
    """Game ``number`` of table ``name``."""
    lone_level, other_level = TABLES[name]
    lone = number % players
    levels = tuple(lone_level if seat == lone else other_level for seat in range(players))
    state = DoubtState.from_seed(derive_seed("doubt deal", seed, number), players)
    seats = [DoubtPlayer(level, derive_seed("doubt player", seed, number, seat)) for seat, level in enumerate(levels)]
    times: list[float] = []
    while not state.is_over:
        seat = state.seats_to_act()[0]
        start = time.perf_counter()
        action = seats[seat].choose(state.view(seat))
        if levels[seat] == "strong":
            times.append(1000 * (time.perf_counter() - start))
        state.apply(action, seat)
    over = state.events[-1]
    assert isinstance(over, DoubtOver)
    doubts = tuple(
        (levels[event.doubter], not event.true) for event in state.events if isinstance(event, Doubted)
    )
    others = [points for seat, points in enumerate(over.points) if seat != lone]
    margin = over.points[lone] - statistics.fmean(others)
    return GameResult(name, number, lone, levels, over.winners, max(over.points), state.plays, over.reason,
                      doubts, tuple(times), margin)


def play_chunk(task: tuple[str, int, int, int, int]) -> list[GameResult]:
    """A worker's task: (table, first game, games, seed, players)."""
    name, first, count, seed, players = task
    return [play_game(name, number, seed, players) for number in range(first, first + count)]


def wilson(wins: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a rate of ``wins`` in ``games``.

    >>> low, high = wilson(50, 100)
    >>> round(low, 3), round(high, 3)
    (0.404, 0.596)
    """
    if games == 0:
        return (0.0, 1.0)
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def summarize(name: str, results: Sequence[GameResult], players: int) -> dict[str, Any]:
    """One table's figures."""
    games = len(results)
    won = sum(result.lone_share for result in results)
    low, high = wilson(won, games)
    lone_level = TABLES[name][0]
    lone_points = [result.points for result in results if result.lone_share > 0]
    other_points = [result.points for result in results if result.lone_share < 1]
    doubts: Counter[tuple[str, bool]] = Counter(doubt for result in results for doubt in result.doubts)
    times = [ms for result in results for ms in result.times]
    plays = [result.plays for result in results]
    margin, margin_interval = mean_and_interval([result.margin for result in results] or [0.0])
    return {
        "table": name,
        "lone": lone_level,
        "games": games,
        "players": players,
        "lone_wins": won,
        "lone_rate": won / games if games else 0.0,
        "interval": [low, high],
        "fair_share": 1 / players,
        "lone_points_per_win": statistics.fmean(lone_points) if lone_points else 0.0,
        "others_points_per_win": statistics.fmean(other_points) if other_points else 0.0,
        "margin": margin,
        "margin_interval": list(margin_interval) if margin_interval else None,
        "doubts": {
            f"{level} {'right' if right else 'wrong'}": count for (level, right), count in sorted(doubts.items())
        },
        "plays_mean": statistics.fmean(plays) if plays else 0.0,
        "plays_max": max(plays, default=0),
        "limit_games": sum(1 for result in results if result.reason == "limit"),
        "strong_ms": _times(times),
    }


def _times(times: list[float]) -> dict[str, float]:
    if not times:
        return {}
    ordered = sorted(times)
    return {
        "decisions": len(ordered),
        "median": statistics.median(ordered),
        "p95": ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))],
        "max": ordered[-1],
    }


def report_lines(summary: dict[str, Any]) -> list[str]:
    """A table's figures in a few lines."""
    low, high = summary["interval"]
    lone = summary["lone"]
    lines = [
        f"{summary['table']} ({summary['players']} players, {summary['games']} games): {lone} won "
        f"{summary['lone_wins']:g}, {100 * summary['lone_rate']:.1f}% (95% interval {100 * low:.1f}% to "
        f"{100 * high:.1f}%); a fair share is {100 * summary['fair_share']:.1f}%.",
        f"  MARGIN a game, {lone}'s points minus the mean of the others': {summary['margin']:+.1f}"
        + (f" (95% interval {summary['margin_interval'][0]:+.1f} to {summary['margin_interval'][1]:+.1f})."
           if summary["margin_interval"] else "."),
        f"  points a game won: {lone} {summary['lone_points_per_win']:.1f}, the others "
        f"{summary['others_points_per_win']:.1f}.",
        "  doubts: " + ", ".join(f"{key} {count}" for key, count in summary["doubts"].items()) + ".",
        f"  plays a game: mean {summary['plays_mean']:.0f}, most {summary['plays_max']}; "
        f"{summary['limit_games']} games reached the limit.",
    ]
    timing = summary["strong_ms"]
    if timing:
        lines.append(f"  strong's time a decision: median {timing['median']:.2f} ms, p95 {timing['p95']:.2f} ms, "
                     f"max {timing['max']:.1f} ms over {timing['decisions']} decisions.")
    return lines


def run(games: int, seed: int = 1, players: int = 4, jobs: int = 1, tables: Sequence[str] = tuple(TABLES),
        quiet: bool = True) -> list[dict[str, Any]]:
    """Play every table; each table's summary."""
    tasks = [
        (name, first, min(CHUNK, games - first), seed, players) for name in tables for first in range(0, games, CHUNK)
    ]

    def progress(name: str, done: int, total: int) -> None:
        if not quiet:
            print(f"{name}: {done}/{total} games", file=sys.stderr, flush=True)

    found = results_by_name(play_chunk, tasks, list(tables), jobs, games, progress)
    return [summarize(name, sorted(found[name], key=lambda result: result.number), players) for name in tables]


def main(argv: Sequence[str] | None = None) -> int:
    parser = bench_parser("doubt", __doc__)
    parser.add_argument("--games", type=int, default=500, help="games a table (default 500)")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 9), metavar="N",
                        help="players at each table, 3 to 8 (default 4)")
    parser.add_argument("--seed", type=int, default=1, help="the run's seed (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--tables", nargs="*", default=list(TABLES), choices=list(TABLES), metavar="NAME",
                        help=f"the tables (default all: {', '.join(TABLES)})")
    add_json_and_quiet(parser)
    args = parser.parse_args(argv)
    summaries = run(args.games, args.seed, args.players, args.jobs, args.tables, args.quiet)
    for summary in summaries:
        for line in report_lines(summary):
            print(line)
    if args.json:
        write_json(args.json, summaries)
    return 0


if __name__ == "__main__":
    sys.exit(main())
