"""The booklet's party games: one level among others, by the margin and by games won.

Run ``python -m rook_access.bench.party --games 300 --jobs 2``.

For each game (``--games-of``: Tuxedo, I Doubt It, Panjandrum, Donkey and
Match by default) and each pair of levels (``--pairs``, strong against easy
and strong against normal by default), game ``n`` is dealt from the run's
seed and ``n`` and played twice: with the first level in the lone seat
(seat ``n`` mod the players, so it sits everywhere in turn) and the second
level in every other seat, then with the second level in the lone seat too,
the same deal and the same seeds.

The measure is the MARGIN: the lone seat's score for the game minus the
mean of the other seats' scores, the right way up (Panjandrum counts cards
left, fewer better); each game's figure is how much better the lone seat's
margin was with the first level than with the second, with a 95% interval
over the games.  Beside it: the lone seat's share of the games won with each
level (a shared win shared), and the first level's time per decision.
The scores are each game's own (``standings``): Tuxedo's points, I Doubt
It's points, Panjandrum's cards left, Donkey's seats beaten, Match's cards.

Quick calls are answered as the program's timed window does: every seat the
offer is open to decides, and the answers are applied in the order of the
players' reaction times (a call that comes after the offer closed is not
made).  Match is luck alone: every level plays it the same way, so its
margin is exactly 0 on every game, a check of the measure.

The level ``cheat`` (``--pairs cheat:easy``) is the cheating yardstick of
Tuxedo and I Doubt It, the games where hidden cards decide a move: in
Tuxedo the strong player seeing every hand, in I Doubt It the strong player
seeing the card under doubt.  Panjandrum, Donkey and Match have none: their
moves turn on care, quickness and luck, not on hidden cards.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine.calls import open_offer
from ..engine.errors import IllegalActionError
from ..engine.games import find_game, table_setup
from ..engine.protocol import GameState, SeatKind
from ..players import PLAYER_LEVELS, family_levels, make_player
from ..players.reactions import Reacts
from . import arguments
from .arguments import add_json_and_quiet, bench_parser, print_progress, write_json
from .match import derive_seed, mean_and_interval, timing_stats
from .parallel import results_by_name

PARTY_GAMES = ("tuxedo", "i-doubt-it", "panjandrum", "donkey", "match")
"""The booklet's party games with computer players."""

LOWER_IS_BETTER = frozenset({"panjandrum"})
"""Games whose score counts against (cards left)."""

DEFAULT_PAIRS = ("strong:easy", "strong:normal")
MOVE_LIMIT = 20_000
"""Actions after which a game is stopped where it stands (none of the games needs nearly as many)."""


@dataclass(frozen=True)
class Play:
    """One play of a game: the lone seat's margin and whether it won (its share of a shared win)."""

    margin: float
    won: float


@dataclass
class GameResult:
    """One game, played with the first level in the lone seat and with the second."""

    name: str
    number: int
    first: Play
    second: Play
    times: list[float] = field(default_factory=list, repr=False)
    """The first level's decision times in milliseconds."""

    @property
    def margin_diff(self) -> float:
        return self.first.margin - self.second.margin


def play_game(game: str, players: int, seed: int, number: int, levels: Sequence[str],
              times: list[float] | None = None, timed: str = "") -> tuple[GameState, int]:
    """Game ``number`` of ``game`` with ``levels[seat]`` in each seat; the finished state and its actions."""
    description = find_game(game)
    setup = table_setup(game, {"players": players}, seed=derive_seed("party deal", seed, game, number),
                        seats=(SeatKind.COMPUTER,) * players, levels=tuple(levels))
    state = description.start(setup, None)
    seats = [make_player(level, derive_seed("party player", seed, game, number, seat), description.family)
             for seat, level in enumerate(levels)]
    clock = time.perf_counter
    actions = 0
    while not state.is_over and actions < MOVE_LIMIT:
        answers: list[tuple[float, int, Any]] = []
        for seat in state.seats_to_act():
            view = state.view(seat)
            start = clock()
            player = seats[seat]
            if getattr(player, "needs_state", False):  # a cheating yardstick sees the cards
                action = player.choose_with_state(state, seat)  # type: ignore[attr-defined]  # a yardstick's call
            else:
                action = player.choose(view)
            if times is not None and levels[seat] == timed:
                times.append(1000 * (clock() - start))
            delay = player.reaction(view) if isinstance(player, Reacts) else 0.0
            answers.append((delay, seat, action))
        offer = open_offer(state)
        for _delay, seat, action in sorted(answers, key=lambda answer: (answer[0], answer[1])):
            if seat not in state.seats_to_act():
                continue  # the offer closed before this answer came
            try:
                state.apply(action, seat)
            except IllegalActionError:
                continue
            actions += 1
            if offer is not None and open_offer(state) != offer:
                break  # the call closed the offer: the seats of the new state are asked afresh
    return state, actions


def score_margin(game: str, state: GameState, lone: int) -> Play:
    """The lone seat's margin over the others' mean, and its share of the win."""
    scores: dict[int, int] = {}
    winners: list[int] = []
    for standing in state.standings():
        for seat in standing.seats:
            scores[seat] = standing.score
            if standing.won:
                winners.append(seat)
    sign = -1 if game in LOWER_IS_BETTER else 1
    others = [scores[seat] for seat in scores if seat != lone]
    margin = sign * (scores[lone] - statistics.fmean(others))
    won = 1 / len(winners) if lone in winners else 0.0
    return Play(margin, won)


def play_pair(game: str, players: int, seed: int, number: int, first: str, second: str) -> GameResult:
    """Game ``number`` with ``first`` in the lone seat among ``second``, then ``second`` everywhere."""
    lone = number % players
    times: list[float] = []
    with_first = [first if seat == lone else second for seat in range(players)]
    state, _ = play_game(game, players, seed, number, with_first, times, first)
    first_play = score_margin(game, state, lone)
    state, _ = play_game(game, players, seed, number, [second] * players)
    return GameResult(game, number, first_play, score_margin(game, state, lone), times)


def _worker(task: tuple[str, int, int, int, int, str, str]) -> list[GameResult]:
    game, players, seed, first_game, stop, first, second = task
    return [play_pair(game, players, seed, number, first, second) for number in range(first_game, stop)]


@dataclass
class PartySummary:
    """One game's figures for one pair of levels."""

    name: str
    first: str
    second: str
    games: int
    margin: float
    margin_ci: tuple[float, float] | None
    first_wins: float
    second_wins: float
    decisions: int
    median_ms: float
    p95_ms: float
    max_ms: float

    def line(self, players: int) -> str:
        ci = f" (95% CI {self.margin_ci[0]:+.2f} to {self.margin_ci[1]:+.2f})" if self.margin_ci else ""
        return (f"{self.name}, {players} players, {self.games} games: MARGIN over the others' mean a game, "
                f"{self.first} in place of {self.second}: better by {self.margin:+.2f}{ci}; the lone seat won "
                f"{self.first_wins:g} games with {self.first}, {self.second_wins:g} with {self.second} (fair "
                f"{self.games / players:.0f}); {self.first} decisions {self.decisions}: median "
                f"{self.median_ms:.2f} ms, p95 {self.p95_ms:.2f} ms, max {self.max_ms:.1f} ms")

    def to_json(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["margin_ci"] = list(self.margin_ci) if self.margin_ci else None
        return data


def summarize(name: str, first: str, second: str, results: Sequence[GameResult]) -> PartySummary:
    margin, ci = mean_and_interval([result.margin_diff for result in results])
    timing = timing_stats([ms for result in results for ms in result.times] or [0.0])
    return PartySummary(name, first, second, len(results), margin, ci,
                        sum(result.first.won for result in results), sum(result.second.won for result in results),
                        timing.count, timing.median, timing.p95, timing.max)


def run(games: Sequence[str], count: int, players: int, seed: int, jobs: int, first: str, second: str,
        quiet: bool = True) -> list[PartySummary]:
    """Play ``count`` games of each of ``games``; a summary per game."""
    size = max(1, min(10, math.ceil(count / max(1, jobs))))
    tasks = [(game, players, seed, start, min(start + size, count), first, second)
             for game in games for start in range(0, count, size)]
    found = results_by_name(_worker, tasks, list(games), jobs, count, None if quiet else print_progress)
    return [summarize(game, first, second, sorted(found[game], key=lambda result: result.number))
            for game in games]


YARDSTICK = "cheat"
"""The cheating yardstick's level, in the games that have one (``family_levels``)."""


def parse_pair(text: str) -> tuple[str, str]:
    """``strong:easy`` as (``strong``, ``easy``), levels a person may choose or the yardstick ``cheat``;
    ``ValueError`` otherwise."""
    return arguments.parse_pair(text, (*PLAYER_LEVELS, YARDSTICK))


def games_without(games: Sequence[str], pair: tuple[str, str]) -> list[str]:
    """The games of ``games`` that have no player of one of the pair's levels (only the yardstick can be
    missing)."""
    return [game for game in games
            if any(level not in family_levels(find_game(game).family) for level in pair)]


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("party", __doc__)
    parser.add_argument("--games-of", nargs="*", default=list(PARTY_GAMES), choices=PARTY_GAMES, metavar="GAME",
                        help=f"the games (default all: {', '.join(PARTY_GAMES)})")
    parser.add_argument("--games", type=int, default=300, help="games of each, each played twice (default 300)")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 7), metavar="N",
                        help="players at each table, 3 to 6 (default 4)")
    parser.add_argument("--pairs", nargs="*", default=list(DEFAULT_PAIRS), metavar="A:B",
                        help=f"pairs of levels (default {' '.join(DEFAULT_PAIRS)})")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    add_json_and_quiet(parser)
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    try:
        pairs = [parse_pair(text) for text in args.pairs]
    except ValueError as error:
        parser.error(str(error))
    for pair in pairs:
        missing = games_without(args.games_of, pair)
        if missing:
            having = [game for game in PARTY_GAMES if not games_without([game], pair)]
            verb = "has" if len(missing) == 1 else "have"
            parser.error(f"{':'.join(pair)}: {', '.join(missing)} {verb} no {YARDSTICK} player; "
                         f"it plays {' and '.join(having)} (--games-of)")
    start = time.perf_counter()
    every: list[PartySummary] = []
    for first, second in pairs:
        for summary in run(args.games_of, args.games, args.players, args.seed, args.jobs, first, second,
                           args.quiet):
            every.append(summary)
            print(summary.line(args.players), flush=True)
    print(f"Elapsed {time.perf_counter() - start:.0f} s with {args.jobs} job(s).")
    if args.json:
        write_json(args.json, [summary.to_json() for summary in every])
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["PARTY_GAMES", "GameResult", "PartySummary", "games_without", "main", "play_game", "play_pair", "run",
           "score_margin"]
