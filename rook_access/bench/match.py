"""Duplicate match: two computer levels play the same deals from both sides.

Run ``python -m rook_access.bench.match --a easy --b random --deals 200``.

Each deal (dealer, four hands and nest, made from ``--seed`` and the deal's
number) is played twice as a single hand: once with team A in seats 0 and 2
and team B in seats 1 and 3, once with the teams swapped, the same cards in
the same seats and the same dealer.  Everything (bidding, the nest, trump and
the nine tricks) is decided by the players under test.  A deal that every
seat passes is thrown in and scores 0 for both teams in that orientation.

A deal's duplicate result is A's score change minus B's, averaged over its two
orientations; the report gives the mean over deals with a 95% confidence
interval (1.96 standard errors), per-team bidding figures, games to 300
counted over the deals in order in each orientation, and the time of every
decision per level and phase.

Player seeds come from the run seed, the deal number and the seat, and are the
same in both orientations: a run is repeatable, and a level against itself
scores exactly 0 on every deal when its players decide only from their seed
and what they are shown.

A player object with a true ``needs_state`` attribute is omniscient: it is
called as ``player.choose_with_state(state, seat)`` with the live GameState
(which it must not change) instead of ``player.choose(state.view(seat))``.
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, runtime_checkable

from ..engine import PARTNERSHIP, Action, Deal, GameState, IllegalActionError, SeatView
from ..engine.events import Event, HandEnded, ThrownIn
from ..engine.rules import RuleSet
from ..engine.state import Phase
from ..players import LEVELS, make_player
from .arguments import add_deals_seed_jobs, add_json_and_quiet, bench_parser, write_json
from .parallel import results_by_name

TEAMS = ("A", "B")
PHASES = ("bidding", "discard", "trump", "play")
TARGET = 300
DEALER_MODES = ("cycle", "random")
TIMING_NOTE = "decision times are meaningful only with --jobs 1 or on an idle machine"

ONE_HAND = PARTNERSHIP.replace(hands_limit=1)
"""The rules of one match play: the Partnership game, one hand."""

Times = dict[str, dict[str, list[float]]]
"""Decision times in milliseconds: level -> phase -> times."""

Observer = Callable[[int, SeatView, Any, Action], None]
"""Told of each choice a player made from its view: the seat, the view, the player and its action."""


@runtime_checkable
class Omniscient(Protocol):
    """A player that chooses from the whole game state when ``needs_state`` is true."""

    needs_state: bool

    def choose_with_state(self, state: GameState, seat: int) -> Action:
        """Choose seeing every hand and the nest."""
        ...


# ------------------------------------------------------------------ seeding
def derive_seed(*parts: object) -> int:
    """A 63-bit seed from the parts, the same in every process and Python run."""
    text = ":".join(str(part) for part in parts).encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def make_deal(seed: int, number: int, dealer: str = "cycle", rules: RuleSet = ONE_HAND) -> Deal:
    """Deal number ``number`` (from 0) of a run: the dealer cycles with the number, or is drawn."""
    if dealer not in DEALER_MODES:
        raise ValueError(f"dealer must be one of {', '.join(DEALER_MODES)}, not {dealer!r}")
    rng = random.Random(derive_seed("deal", seed, number))
    seat = number % rules.players if dealer == "cycle" else rng.randrange(rules.players)
    return Deal.shuffled(rules, seat, rng)


def deal_seeds(seed: int, number: int, players: int = 4) -> tuple[int, ...]:
    """The players' seeds for deal ``number``, by seat (both orientations use them)."""
    return tuple(derive_seed("player", seed, number, seat) for seat in range(players))


# ------------------------------------------------------------------ results
@dataclass(frozen=True)
class PlayResult:
    """One orientation of a deal, played as a single hand."""

    swapped: bool
    """False: team A in the even seats (side 0); True: team B there."""
    seat_levels: tuple[str, ...]
    thrown_in: bool
    bidder: int | None = None
    """The seat that won the bid (None if thrown in)."""
    bidder_team: str | None = None
    bid: int | None = None
    made: bool | None = None
    counters: tuple[int, int] = (0, 0)
    """Points taken in the hand, (A, B)."""
    change: tuple[int, int] = (0, 0)
    """Score changes, (A, B)."""
    events: tuple[Event, ...] | None = None
    """Every event of the hand, if asked for."""

    @property
    def diff(self) -> int:
        """A's score change minus B's."""
        return self.change[0] - self.change[1]


@dataclass(frozen=True)
class DealResult:
    """A deal played in both orientations."""

    number: int
    deal: Deal
    seeds: tuple[int, ...]
    plays: tuple[PlayResult, PlayResult]
    times: Times = field(default_factory=dict, compare=False, repr=False)
    name: ClassVar[str] = "match"
    """A match plays one table: every result is gathered under this name (``parallel.results_by_name``)."""

    @property
    def diff(self) -> float:
        """The duplicate result: A minus B, averaged over the two orientations."""
        return sum(play.diff for play in self.plays) / len(self.plays)


def team_of_side(side: int, swapped: bool) -> int:
    """The team index (0 = A, 1 = B) playing ``side`` in this orientation."""
    return side ^ 1 if swapped else side


def seat_levels(team_levels: Sequence[str], swapped: bool, rules: RuleSet = ONE_HAND) -> tuple[str, ...]:
    """The level in each seat: team A's on side 0 unless swapped."""
    return tuple(team_levels[team_of_side(rules.side_of[seat], swapped)] for seat in range(rules.players))


def _phase_name(phase: Phase) -> str:
    return phase.value


def play_hand(
    deal: Deal,
    team_levels: Sequence[str],
    seeds: Sequence[int],
    swapped: bool,
    times: Times | None = None,
    keep_events: bool = False,
    rules: RuleSet = ONE_HAND,
    observe: Observer | None = None,
) -> PlayResult:
    """Play ``deal`` once as a single hand, team A in the even seats unless ``swapped``.

    Each seat gets a fresh player of its team's level seeded with ``seeds[seat]``.
    Decision times are added to ``times`` (level -> phase -> milliseconds).
    ``observe(seat, view, player, action)`` is called after each choice a player made from its view.
    """
    levels = seat_levels(team_levels, swapped, rules)
    players = [make_player(level, seeds[seat]) for seat, level in enumerate(levels)]
    omniscient = [player if isinstance(player, Omniscient) and player.needs_state else None for player in players]
    state = GameState(rules, seed=0, first_deal=deal)
    clock = time.perf_counter
    thrown_in = False
    hand_end: HandEnded | None = None
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        player = players[seat]
        phase = state.phase
        knower = omniscient[seat]
        if knower is not None:
            start = clock()
            action = knower.choose_with_state(state, seat)
            elapsed = clock() - start
        else:
            view = state.view(seat)
            start = clock()
            action = player.choose(view)
            elapsed = clock() - start
            if observe is not None:
                observe(seat, view, player, action)
        if times is not None:
            times.setdefault(levels[seat], {}).setdefault(_phase_name(phase), []).append(elapsed * 1000)
        try:
            events = state.apply(action, seat)
        except IllegalActionError as error:
            raise RuntimeError(
                f"the {levels[seat]} player in seat {seat} chose {action}, which is illegal: {error}"
            ) from error
        for event in events:
            if isinstance(event, ThrownIn):
                thrown_in = True
            elif isinstance(event, HandEnded):
                hand_end = event
        if thrown_in:
            break
    recorded = tuple(state.events) if keep_events else None
    if thrown_in:
        return PlayResult(swapped, levels, True, events=recorded)
    assert hand_end is not None and hand_end.bidder is not None  # a hand not thrown in was won at auction
    by_team = [0, 0]
    change = [0, 0]
    for side in range(len(rules.partnerships)):
        team = team_of_side(side, swapped)
        by_team[team] = hand_end.counters[side]
        change[team] = hand_end.score_change[side]
    return PlayResult(
        swapped=swapped,
        seat_levels=levels,
        thrown_in=False,
        bidder=hand_end.bidder,
        bidder_team=TEAMS[team_of_side(rules.side_of[hand_end.bidder], swapped)],
        bid=hand_end.bid,
        made=hand_end.made,
        counters=(by_team[0], by_team[1]),
        change=(change[0], change[1]),
        events=recorded,
    )


def play_deal(
    deal: Deal,
    team_levels: Sequence[str],
    seeds: Sequence[int],
    number: int = 0,
    keep_events: bool = False,
    rules: RuleSet = ONE_HAND,
) -> DealResult:
    """Play ``deal`` in both orientations: (A in seats 0&2, B in 1&3), then swapped."""
    if len(team_levels) != 2:
        raise ValueError("team_levels needs two levels, team A's and team B's")
    times: Times = {}
    plays = (
        play_hand(deal, team_levels, seeds, False, times, keep_events, rules),
        play_hand(deal, team_levels, seeds, True, times, keep_events, rules),
    )
    return DealResult(number, deal, tuple(seeds), plays, times)


def play_deals(
    a: str,
    b: str,
    seed: int,
    numbers: Iterable[int],
    dealer: str = "cycle",
    keep_events: bool = False,
    rules: RuleSet = ONE_HAND,
) -> list[DealResult]:
    """Make and play the deals with these numbers."""
    return [
        play_deal(
            make_deal(seed, number, dealer, rules),
            (a, b),
            deal_seeds(seed, number, rules.players),
            number,
            keep_events,
            rules,
        )
        for number in numbers
    ]


def _worker(args: tuple[Any, ...]) -> list[DealResult]:
    a, b, seed, start, stop, dealer, keep_events, rules = args
    return play_deals(a, b, seed, range(start, stop), dealer, keep_events, rules)


# ------------------------------------------------------------------ summary
def games_to_target(changes: Iterable[Sequence[int]], target: int = TARGET) -> tuple[int, int]:
    """Games won by (A, B) walking through score changes (A, B) deal by deal.

    A team wins when, at the end of a deal, it has ``target`` or more and the
    higher total alone (a tie at the top goes on); both totals then start
    again from 0.  An unfinished game at the end is not counted.
    """
    totals = [0, 0]
    wins = [0, 0]
    for change in changes:
        totals[0] += change[0]
        totals[1] += change[1]
        best = max(totals)
        if best >= target and totals[0] != totals[1]:
            wins[totals.index(best)] += 1
            totals = [0, 0]
    return wins[0], wins[1]


@dataclass(frozen=True)
class TeamStats:
    """One team's bidding over every play of the match."""

    level: str
    bids_won: int
    bids_made: int
    made_percent: float | None
    average_bid: float | None
    times_set: int
    points_set: int
    """Points lost by being set (the sum of the bids this team failed to make)."""
    points: int
    """The team's total score change over all plays."""

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class TimingStats:
    count: int
    median: float
    p95: float
    max: float

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0 to 1) of ``values``, interpolating between ranks."""
    ordered = sorted(values)
    if not ordered:
        raise ValueError("no values")
    position = q * (len(ordered) - 1)
    low = math.floor(position)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def timing_stats(values: Sequence[float]) -> TimingStats:
    return TimingStats(len(values), statistics.median(values), percentile(values, 0.95), max(values))


def mean_and_interval(values: Sequence[float]) -> tuple[float, tuple[float, float] | None]:
    """The mean of ``values`` and its 95% interval, 1.96 standard errors either side (None for one value)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, None
    error = statistics.stdev(values) / math.sqrt(len(values))
    return mean, (mean - 1.96 * error, mean + 1.96 * error)


@dataclass
class MatchSummary:
    """Everything a match found."""

    a: str
    b: str
    seed: int
    jobs: int
    dealer: str
    results: list[DealResult]
    mean: float | None
    stderr: float | None
    ci: tuple[float, float] | None
    thrown_in: int
    teams: dict[str, TeamStats]
    games: tuple[int, int]
    timings: dict[str, dict[str, TimingStats]]
    """level -> phase (and "all") -> statistics, in milliseconds."""
    elapsed: float = 0.0

    @property
    def deals(self) -> int:
        return len(self.results)

    @property
    def a_win_rate(self) -> float | None:
        total = sum(self.games)
        return self.games[0] / total if total else None

    def to_json(self) -> dict[str, Any]:
        return {
            "a": self.a,
            "b": self.b,
            "deals": self.deals,
            "seed": self.seed,
            "jobs": self.jobs,
            "dealer": self.dealer,
            "mean_a_minus_b": self.mean,
            "stderr": self.stderr,
            "ci95": list(self.ci) if self.ci else None,
            "plays_thrown_in": self.thrown_in,
            "teams": {team: stats.to_json() for team, stats in self.teams.items()},
            "games_to_300": {"a": self.games[0], "b": self.games[1], "a_win_rate": self.a_win_rate},
            "timings_ms": {
                level: {phase: stats.to_json() for phase, stats in phases.items()}
                for level, phases in self.timings.items()
            },
            "timing_note": TIMING_NOTE,
            "elapsed_seconds": self.elapsed,
            "results": [
                {
                    "deal": result.number,
                    "dealer": result.deal.dealer,
                    "diff": result.diff,
                    "plays": [
                        {
                            "swapped": play.swapped,
                            "thrown_in": play.thrown_in,
                            "bidder": play.bidder,
                            "bidder_team": play.bidder_team,
                            "bid": play.bid,
                            "made": play.made,
                            "counters": list(play.counters),
                            "change": list(play.change),
                        }
                        for play in result.plays
                    ],
                }
                for result in self.results
            ],
        }

    def lines(self) -> list[str]:
        """The report, as short plain lines."""
        out = []
        head = f"A {self.a} vs B {self.b}: {self.deals} deals"
        if self.mean is None:
            out.append(head)
        elif self.ci is None:
            out.append(f"{head}, A minus B {self.mean:+.1f} points per deal")
        else:
            out.append(
                f"{head}, A minus B {self.mean:+.1f} points per deal "
                f"(95% CI {self.ci[0]:+.1f} to {self.ci[1]:+.1f})"
            )
        out.append(f"Plays thrown in: {self.thrown_in} of {2 * self.deals}")
        for team, stats in self.teams.items():
            made = f"{stats.made_percent:.1f}%" if stats.made_percent is not None else "none"
            average = f"{stats.average_bid:.1f}" if stats.average_bid is not None else "none"
            out.append(
                f"Team {team} {stats.level}: bids won {stats.bids_won}, made {stats.bids_made} ({made}), "
                f"average winning bid {average}, set {stats.times_set} times for {stats.points_set} points"
            )
        rate = f"{100 * self.a_win_rate:.1f}%" if self.a_win_rate is not None else "none"
        out.append(
            f"Games to {TARGET} over both orientations: A won {self.games[0]}, B won {self.games[1]}, "
            f"A win rate {rate}"
        )
        out.append(f"Decision times in ms ({TIMING_NOTE}; jobs {self.jobs}):")
        for level, phases in self.timings.items():
            for phase, timing in phases.items():
                out.append(
                    f"{level} {phase}: {timing.count} decisions, median {timing.median:.3f}, "
                    f"p95 {timing.p95:.3f}, max {timing.max:.3f}"
                )
        out.append(f"Elapsed {self.elapsed:.1f} s")
        return out


def team_stats(results: Sequence[DealResult], team: int, level: str) -> TeamStats:
    name = TEAMS[team]
    plays = [play for result in results for play in result.plays]
    won = [play for play in plays if play.bidder_team == name]
    made = [play for play in won if play.made]
    lost = [play for play in won if not play.made]
    won_bids = [play.bid for play in won if play.bid is not None]  # every play won at auction has its bid
    return TeamStats(
        level=level,
        bids_won=len(won),
        bids_made=len(made),
        made_percent=100 * len(made) / len(won) if won else None,
        average_bid=statistics.fmean(won_bids) if won_bids else None,
        times_set=len(lost),
        points_set=sum(play.bid for play in lost if play.bid is not None),
        points=sum(play.change[team] for play in plays),
    )


def merge_times(results: Iterable[DealResult]) -> Times:
    merged: Times = {}
    for result in results:
        for level, phases in result.times.items():
            for phase, values in phases.items():
                merged.setdefault(level, {}).setdefault(phase, []).extend(values)
    return merged


def summarize(
    results: Sequence[DealResult], a: str, b: str, seed: int, jobs: int = 1, dealer: str = "cycle"
) -> MatchSummary:
    """The summary of these deal results (in any order: they are sorted by deal number)."""
    results = sorted(results, key=lambda result: result.number)
    diffs = [result.diff for result in results]
    mean = statistics.fmean(diffs) if diffs else None
    stderr = statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else None
    ci = (mean - 1.96 * stderr, mean + 1.96 * stderr) if mean is not None and stderr is not None else None
    games = [0, 0]
    for orientation in range(2):
        wins = games_to_target(result.plays[orientation].change for result in results)
        games[0] += wins[0]
        games[1] += wins[1]
    timings: dict[str, dict[str, TimingStats]] = {}
    merged = merge_times(results)
    for level in sorted(merged, key=lambda level: (level not in (a, b), level != a, level)):
        phases = merged[level]
        every = [value for values in phases.values() for value in values]
        timings[level] = {"all": timing_stats(every)}
        for phase in PHASES:
            if phases.get(phase):
                timings[level][phase] = timing_stats(phases[phase])
    return MatchSummary(
        a=a,
        b=b,
        seed=seed,
        jobs=jobs,
        dealer=dealer,
        results=list(results),
        mean=mean,
        stderr=stderr,
        ci=ci,
        thrown_in=sum(play.thrown_in for result in results for play in result.plays),
        teams={TEAMS[0]: team_stats(results, 0, a), TEAMS[1]: team_stats(results, 1, b)},
        games=(games[0], games[1]),
        timings=timings,
    )


def run_match(
    a: str,
    b: str,
    deals: int,
    seed: int = 1,
    jobs: int = 1,
    dealer: str = "cycle",
    progress: Callable[[int, int], None] | None = None,
    keep_events: bool = False,
    rules: RuleSet = ONE_HAND,
) -> MatchSummary:
    """Play ``deals`` duplicate deals of level ``a`` against level ``b``.

    With ``jobs`` above 1 the deals are split into contiguous runs played by
    worker processes; the summary is the same as one process's (but for the
    decision times).  ``progress(done, total)`` is called as deals finish.
    """
    for level in (a, b):
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; the levels are {', '.join(LEVELS)}")
    if dealer not in DEALER_MODES:
        raise ValueError(f"dealer must be one of {', '.join(DEALER_MODES)}, not {dealer!r}")
    if deals < 0:
        raise ValueError("the number of deals cannot be negative")
    jobs = max(1, min(jobs, deals or 1))
    start = time.perf_counter()
    size = 1 if jobs == 1 else max(1, min(25, math.ceil(deals / jobs)))  # one process: progress after each deal
    tasks = [
        (a, b, seed, first, min(first + size, deals), dealer, keep_events, rules)
        for first in range(0, deals, size)
    ]

    def report(_name: str, done: int, total: int) -> None:
        if progress is not None:
            progress(done, total)

    results = results_by_name(_worker, tasks, [DealResult.name], jobs, deals, report)[DealResult.name]
    summary = summarize(results, a, b, seed, jobs, dealer)
    summary.elapsed = time.perf_counter() - start
    return summary


# ---------------------------------------------------------------------- CLI
def _progress_printer(every: int = 50) -> Callable[[int, int], None]:
    last = [0]

    def report(done: int, total: int) -> None:
        if done // every > last[0] // every or done == total:
            print(f"{done}/{total} deals", file=sys.stderr, flush=True)
        last[0] = done

    return report


def main(argv: list[str] | None = None) -> None:
    levels = sorted(LEVELS)
    parser = bench_parser("match", __doc__)
    parser.add_argument("--a", default="easy", choices=levels, help="team A's level (default easy)")
    parser.add_argument("--b", default="random", choices=levels, help="team B's level (default random)")
    add_deals_seed_jobs(parser, 200, "deals, each played twice (default 200)", "run seed (default 1)")
    parser.add_argument("--dealer", choices=DEALER_MODES, default="cycle", help="dealer by deal (default cycle)")
    add_json_and_quiet(parser, "also write the whole summary as JSON to FILE")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    if args.jobs > 1:
        print(f"Note: {TIMING_NOTE}.", file=sys.stderr)
    summary = run_match(
        args.a,
        args.b,
        args.deals,
        args.seed,
        args.jobs,
        args.dealer,
        progress=None if args.quiet else _progress_printer(),
    )
    for line in summary.lines():
        print(line)
    if args.json:
        write_json(args.json, summary.to_json())


if __name__ == "__main__":
    main()
