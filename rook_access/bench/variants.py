"""A computer level in every game of Rook, against other players, on duplicate deals.

Run ``python -m rook_access.bench.variants --deals 200 --jobs 2``.

For each game (``--variants``, default every game the program offers and
Kentucky Discard with the 1s), each deal (dealer, hands, nest and the cards
out of play, made from ``--seed``, the game and the deal's number) is played
twice as a single hand:

* with the level under test (``--level``, strong by default) in seat 0 and
  ``--others`` (easy by default) in the other seats (``--side``: the level in
  every seat of seat 0's score, partners included);
* with ``--others`` in seat 0 too (the same cards, dealer and seeds).

The dummy of the 2-player game is played by the player who lost the bid, so
the level under test plays it whenever seat 0 lost the bid.

The measure is the MARGIN: seat 0's scorer's score change for the hand
minus the mean of the other scorers' (the other side's in a partnership
game, the other players' where each keeps a score), turned so that positive
is better where points count against (Flip); a hand thrown in scores 0.  The
report gives, per game, how much better seat 0's margin was with the level
under test than with ``--others`` in its place, deal by deal, with a 95%
interval (1.96 standard errors); beside it seat 0's scorer's own score
change with each (own score alone is no measure of strength: good defence
lowers the opponents' score, which it does not see), seat 0's bidding, the
hands thrown in, and the tested level's decision times (median, 95th
percentile and maximum; meaningful only on an idle machine with at most one
job per core).

The cheating yardstick (``--level cheat``) is given the true hands.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Action, Deal, GameState, IllegalActionError, SeatView
from ..engine.events import Event, HandEnded, ThrownIn
from ..engine.rules import VARIANTS, RuleSet, TableOptions, with_options
from ..players import LEVELS, Player, make_player
from ..players.search.skill import MY_LEVELS
from ..saves import meet_table
from .arguments import (
    add_deals_seed_jobs,
    add_json_and_quiet,
    add_tables,
    bench_parser,
    print_progress,
    write_json,
)
from .match import Omniscient, derive_seed, mean_and_interval, timing_stats
from .parallel import results_by_name

TABLES: dict[str, RuleSet] = {
    **VARIANTS,
    "kentucky-ones": with_options(VARIANTS["kentucky"], TableOptions(ones=True)),
    **{f"{rules.name}-{size}": rules.at_table(size)
       for rules in VARIANTS.values() for size in rules.table_sizes if size != rules.players},
}
"""The games measured, by name: every variant, Kentucky Discard with the deck with 1s, and the
1913 games of several table sizes at each size but their own (``flip-3``, ``high-14-6``...)."""


def one_hand(rules: RuleSet) -> RuleSet:
    """The rules of one benchmark play: the game, one hand."""
    return rules.replace(hands_limit=1)


def make_deal(name: str, rules: RuleSet, seed: int, number: int) -> Deal:
    """Deal ``number`` of game ``name``: the dealer goes round the players with the number."""
    rng = random.Random(derive_seed("variant deal", seed, name, number))
    people = rules.people
    return Deal.shuffled(rules, people[number % len(people)], rng)


def scorer_of(rules: RuleSet, seat: int) -> int:
    """The index of the score that ``seat``'s results count toward."""
    return next(index for index, seats in enumerate(rules.scorers) if seat in seats)


@dataclass(frozen=True)
class Play:
    """One play of a deal: seat 0's scorer's score change, and seat 0's bidding."""

    change: int
    thrown_in: bool
    bid_won: bool = False
    made: bool | None = None
    margin: float = 0.0
    """Seat 0's scorer's score change minus the mean of the other scorers', the right way up:
    positive is better for seat 0 (where points count against, as in Flip, fewer is better)."""


@dataclass
class DealResult:
    name: str
    number: int
    strong: Play
    easy: Play
    times: list[float] = field(default_factory=list, repr=False)
    """The strong player's decision times in milliseconds."""

    @property
    def diff(self) -> int:
        return self.strong.change - self.easy.change

    @property
    def margin_diff(self) -> float:
        """How much better seat 0's margin over the others was with the level under test."""
        return self.strong.margin - self.easy.margin


def play_hand(rules: RuleSet, deal: Deal, levels: Sequence[str], seeds: Sequence[int],
              times: list[float] | None = None, timed: str = "strong",
              players: Mapping[int, Player] | None = None,
              watch: Callable[[SeatView, Action, Sequence[Event]], None] | None = None) -> Play:
    """Play ``deal`` once as a hand; ``levels[seat]`` for each player (the dummy is played by its player's).

    ``players``, if given, are the players by seat (``levels`` then only names them); ``watch`` is told
    every decision: the view, the action and the events it brought.
    """
    state = GameState(rules, seed=0, first_deal=deal)
    if players is None:
        players = {seat: make_player(levels[seat], seeds[seat]) for seat in rules.people}
        if "random" not in levels:  # the search players know the levels at the table, as in a game
            meet_table(list(players.values()), ["computer"] * len(levels), levels, MY_LEVELS[0])
    clock = time.perf_counter
    end: HandEnded | None = None
    while not state.is_over:
        seat = state.turn
        actor = state.actor
        assert seat is not None and actor is not None
        player = players[actor]
        view = state.view(seat)
        start = clock()
        if isinstance(player, Omniscient) and player.needs_state:
            action = player.choose_with_state(state, seat)
        else:
            action = player.choose(view)
        elapsed = clock() - start
        if times is not None and levels[actor] == timed:
            times.append(elapsed * 1000)
        try:
            events = state.apply(action, seat)
        except IllegalActionError as error:
            raise RuntimeError(f"the {levels[actor]} player for seat {seat} chose {action}: {error}") from error
        if watch is not None:
            watch(view, action, events)
        for event in events:
            if isinstance(event, ThrownIn):
                return Play(0, True)
            if isinstance(event, HandEnded):
                end = event
    assert end is not None
    bid_won = end.bidder == 0
    mine = scorer_of(rules, 0)
    change = end.score_change
    others = [points for scorer, points in enumerate(change) if scorer != mine]
    margin = rules.better * (change[mine] - statistics.fmean(others))
    return Play(change[mine], False, bid_won, end.made if bid_won else None, margin)


def play_deal(name: str, seed: int, number: int, level: str = "strong", others: str = "easy",
              side: bool = False) -> DealResult:
    """Deal ``number`` of game ``name`` with ``level`` in seat 0 (``side``: in every seat of seat 0's
    score, its partner's too), then with ``others`` there."""
    rules = one_hand(TABLES[name])
    deal = make_deal(name, rules, seed, number)
    seeds = tuple(derive_seed("variant player", seed, name, number, seat) for seat in range(rules.players))
    times: list[float] = []
    rest = [others] * rules.players
    ours = rules.scorers[scorer_of(rules, 0)] if side else (0,)
    strong = play_hand(rules, deal, [level if seat in ours else others for seat in range(rules.players)], seeds,
                       times, level)
    easy = play_hand(rules, deal, rest, seeds)
    return DealResult(name, number, strong, easy, times)


def _worker(task: tuple[str, int, int, int, str, str, bool]) -> list[DealResult]:
    name, seed, first, stop, level, others, side = task
    return [play_deal(name, seed, number, level, others, side) for number in range(first, stop)]


@dataclass
class GameSummary:
    """One game's results."""

    name: str
    deals: int
    strong_mean: float
    easy_mean: float
    diff_mean: float
    diff_ci: tuple[float, float] | None
    thrown_in: int
    bids_won: int
    bids_made: int
    easy_bids_won: int
    easy_bids_made: int
    decisions: int
    median_ms: float
    p95_ms: float
    max_ms: float
    margin_mean: float = 0.0
    """Seat 0's margin over the others (``Play.margin``) with the level under test minus with ``others``."""
    margin_ci: tuple[float, float] | None = None
    level_thrown_in: int = 0
    """The plays thrown in (nobody bid) with the level under test in its seats."""

    def line(self, level: str = "strong", others: str = "easy") -> str:
        """The game's result in one line, the margin first."""
        margin = f" (95% CI {self.margin_ci[0]:+.2f} to {self.margin_ci[1]:+.2f})" if self.margin_ci else ""
        ci = f" (95% CI {self.diff_ci[0]:+.1f} to {self.diff_ci[1]:+.1f})" if self.diff_ci else ""
        bids = (f"seat 0 won {self.bids_won} bids, made {self.bids_made} ({others} there: won "
                f"{self.easy_bids_won}, made {self.easy_bids_made})")
        return (
            f"{self.name}: {self.deals} deals; MARGIN over the others a hand, {level} in place of {others}: "
            f"better by {self.margin_mean:+.2f}{margin}; "
            f"own score a hand: {level} {self.strong_mean:+.1f}, {others} {self.easy_mean:+.1f}, "
            f"difference {self.diff_mean:+.1f}{ci}; {bids}; "
            f"plays thrown in: {level} {self.level_thrown_in}, {others} {self.thrown_in - self.level_thrown_in}; "
            f"{level} decisions {self.decisions}: median {self.median_ms:.0f} ms, "
            f"p95 {self.p95_ms:.0f} ms, max {self.max_ms:.0f} ms"
        )

    def to_json(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["diff_ci"] = list(self.diff_ci) if self.diff_ci else None
        data["margin_ci"] = list(self.margin_ci) if self.margin_ci else None
        return data


def summarize(name: str, results: Sequence[DealResult]) -> GameSummary:
    mean, ci = mean_and_interval([result.diff for result in results])
    margin_mean, margin_ci = mean_and_interval([result.margin_diff for result in results])
    timing = timing_stats([value for result in results for value in result.times] or [0.0])
    return GameSummary(
        name=name,
        deals=len(results),
        strong_mean=statistics.fmean(result.strong.change for result in results),
        easy_mean=statistics.fmean(result.easy.change for result in results),
        diff_mean=mean,
        diff_ci=ci,
        thrown_in=sum(result.strong.thrown_in + result.easy.thrown_in for result in results),
        bids_won=sum(result.strong.bid_won for result in results),
        bids_made=sum(bool(result.strong.made) for result in results),
        easy_bids_won=sum(result.easy.bid_won for result in results),
        easy_bids_made=sum(bool(result.easy.made) for result in results),
        decisions=timing.count,
        median_ms=timing.median,
        p95_ms=timing.p95,
        max_ms=timing.max,
        margin_mean=margin_mean,
        margin_ci=margin_ci,
        level_thrown_in=sum(result.strong.thrown_in for result in results),
    )


def run(names: Iterable[str], deals: int, seed: int = 1, jobs: int = 1, level: str = "strong",
        others: str = "easy", progress: Callable[[str, int, int], None] | None = None,
        side: bool = False) -> list[GameSummary]:
    """Play ``deals`` deals of each game; the summaries in the order of ``names``."""
    names = list(names)
    for name in names:
        if name not in TABLES:
            raise ValueError(f"no game {name!r}; the games are {', '.join(TABLES)}")
    for name in (level, others):
        if name not in LEVELS:
            raise ValueError(f"unknown level {name!r}")
    size = max(1, min(10, math.ceil(deals / max(1, jobs))))
    tasks = [(name, seed, first, min(first + size, deals), level, others, side)
             for name in names for first in range(0, deals, size)]
    by_game = results_by_name(_worker, tasks, names, jobs, deals, progress)
    return [summarize(name, sorted(by_game[name], key=lambda result: result.number)) for name in names]


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("variants", __doc__)
    add_tables(parser, TABLES, "--variants", "games")
    add_deals_seed_jobs(parser, 100, "deals per game, each played twice (default 100)")
    parser.add_argument("--level", default="strong", choices=sorted(LEVELS), help="seat 0's level (default strong)")
    parser.add_argument("--others", default="easy", choices=sorted(LEVELS), help="everyone else (default easy)")
    parser.add_argument("--side", action="store_true",
                        help="the level plays every seat of seat 0's score (its partner's too), not seat 0 alone")
    add_json_and_quiet(parser)
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    start = time.perf_counter()
    summaries = run(args.variants, args.deals, args.seed, args.jobs, args.level, args.others,
                    None if args.quiet else print_progress, args.side)
    for summary in summaries:
        print(summary.line(args.level, args.others), flush=True)
    print(f"Elapsed {time.perf_counter() - start:.0f} s with {args.jobs} job(s).")
    if args.json:
        write_json(args.json, [summary.to_json() for summary in summaries])
    return 0


if __name__ == "__main__":
    sys.exit(main())
