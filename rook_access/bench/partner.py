"""The partner model: what a strong player gains by planning with its partner as the partner plays.

Run ``python -m rook_access.bench.partner --deals 150``.

Each deal of the Partnership Game (``variants``' deals of ``partnership``) is
played twice as a single hand, the same cards, dealer and player seeds:

* North (seat 2) is the partner: the learner stand-in (``--partner
  learner``: the strong search playing a random legal card at ``--rate``,
  ``players.search.learner``) or the strong player (``--partner strong``);
* East and West are ``--others`` (easy by default, or strong);
* South (seat 0) is the strong player WITH the partner model (told, as the
  console tells it, that North is a person who states ``--my-level`` and
  that East and West are computers of their level), then the strong player
  WITHOUT it (every seat planned with as a strong player).

The measure is the margin: South's side's score change minus the
opponents' (``variants.Play.margin``), with the model minus without, its
mean over the deals with a 95% interval (1.96 standard errors); South's
side's own score change is given beside it.  A hand thrown in scores 0.

Each of North's cards that the model can judge (``skill.judgements``, from
South's seat at the end of the hand) is counted by whether it was one of the
stand-in's random cards and whether it was flagged: the rates by which
``skill.FLAG_WHEN_RANDOM`` and ``skill.FLAG_WHEN_GOOD`` were set.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from ..engine import Action, Play, SeatView
from ..engine.events import Event, TrickTaken
from ..players import Player, make_player
from ..players.search import skill
from ..players.search.learner import LEARNER_RATE, LearnerPlayer
from ..players.search.player import SearchPlayer
from ..players.search.skill import MY_LEVELS, TablePriors, judge_card
from .arguments import add_deals_seed_jobs, add_json_and_quiet, bench_parser, print_progress, write_json
from .match import derive_seed, mean_and_interval, timing_stats
from .parallel import results_by_name
from .variants import TABLES, make_deal, one_hand, play_hand

GAME = "partnership"
SOUTH = 0
NORTH = 2
PARTNERS = ("learner", "strong")
MODEL_PARTS = ("both", "play", "bids")
OTHERS = ("easy", "strong")


@dataclass
class Calibration:
    """North's judged cards: (random cards, of them flagged, its own cards, of them flagged)."""

    random: int = 0
    random_flagged: int = 0
    good: int = 0
    good_flagged: int = 0

    def add(self, other: Calibration) -> None:
        """Count ``other``'s cards too."""
        self.random += other.random
        self.random_flagged += other.random_flagged
        self.good += other.good
        self.good_flagged += other.good_flagged


@dataclass
class DealResult:
    """One deal played with the model and without."""

    number: int
    with_model: float
    without_model: float
    own_with: int
    own_without: int
    calibration: Calibration
    times: list[float] = field(default_factory=list, repr=False, compare=False)
    """The decision times of South with the model, in milliseconds."""
    name: str = GAME

    @property
    def gain(self) -> float:
        """The margin with the model minus the margin without."""
        return self.with_model - self.without_model


def _partner(kind: str, seed: int, rate: float) -> SearchPlayer:
    return LearnerPlayer(seed, rate=rate) if kind == "learner" else SearchPlayer(seed)


def _calibration(plays: Sequence[tuple[int, int, bool]], tricks: Sequence[TrickTaken], trump: int) -> Calibration:
    """Judge North's cards in ``tricks`` (played by the stand-in; ``plays`` are (trick, card, astray))."""
    rules = one_hand(TABLES[GAME])
    astray = {(number, card): wild for number, card, wild in plays}
    found = Calibration()
    later = 0
    for trick in reversed(tricks):
        index = (NORTH - trick.leader) % rules.players
        card = trick.cards[index]
        verdict = judge_card(rules, trump, rules.side_of, trick.cards, trick.leader, index, later)
        later |= 1 << card
        if verdict is None:
            continue
        if astray.get((trick.number, card), False):
            found.random += 1
            found.random_flagged += verdict
        else:
            found.good += 1
            found.good_flagged += verdict
    return found


@dataclass
class _Watcher:
    """North's cards as they fall (with whether each went astray), the tricks and the trump of one play."""

    north: SearchPlayer
    plays: list[tuple[int, int, bool]] = field(default_factory=list)
    tricks: list[TrickTaken] = field(default_factory=list)
    trump: int | None = None

    def __call__(self, view: SeatView, action: Action, events: Sequence[Event]) -> None:
        if isinstance(action, Play) and view.seat == NORTH:
            wild = isinstance(self.north, LearnerPlayer) and self.north.went_astray(view)
            self.plays.append((len(view.tricks) + 1, action.card, wild))
            self.trump = view.trump
        self.tricks.extend(event for event in events if isinstance(event, TrickTaken))


@contextmanager
def planning(model: str) -> Iterator[None]:
    """The search players plan with the partner model in the card play, the bids or both (``model``)
    while in this block; the program's own choice (``skill.PLAN_PLAY``, ``skill.PLAN_BIDS``) after it."""
    kept = skill.PLAN_PLAY, skill.PLAN_BIDS
    skill.PLAN_PLAY = model in ("play", "both")
    skill.PLAN_BIDS = model in ("bids", "both")
    try:
        yield
    finally:
        skill.PLAN_PLAY, skill.PLAN_BIDS = kept


def play_deal(number: int, seed: int, partner: str = "learner", others: str = "easy", rate: float = LEARNER_RATE,
              my_level: str = MY_LEVELS[0], calibrate: bool = False, model_parts: str = "both") -> DealResult:
    """Deal ``number``: South with the partner model (planning ``model_parts``: the play, the bids or both),
    then without, North the ``partner``.

    With ``calibrate`` the deal is played once, South without the model, only to judge North's cards
    (the margins are then both that play's)."""
    rules = one_hand(TABLES[GAME])
    deal = make_deal(GAME, rules, seed, number)
    seeds = tuple(derive_seed("partner player", seed, number, seat) for seat in range(rules.players))
    margins = []
    owns = []
    times: list[float] = []
    calibration = Calibration()
    for model in (False,) if calibrate else (True, False):
        south = SearchPlayer(seeds[SOUTH])
        if model:
            people = [seat == NORTH for seat in range(rules.players)]
            south.meet_table(TablePriors.of_table(people, ["strong", others, partner, others], my_level))
        north = _partner(partner, seeds[NORTH], rate)
        players: dict[int, Player] = {SOUTH: south, NORTH: north, 1: make_player(others, seeds[1]),
                                      3: make_player(others, seeds[3])}
        watcher = _Watcher(north)
        south_level = "strong-model" if model else "strong"
        with planning(model_parts):
            result = play_hand(rules, deal, [south_level, others, partner, others], seeds,
                               times if model else None, "strong-model", players, watcher)
        margins.append(result.margin)
        owns.append(result.change)
        if (model or calibrate) and watcher.trump is not None:
            calibration = _calibration(watcher.plays, watcher.tricks, watcher.trump)
    return DealResult(number, margins[0], margins[-1], owns[0], owns[-1], calibration, times)


def _worker(task: tuple[int, int, int, str, str, float, str, bool, str]) -> list[DealResult]:
    seed, first, stop, partner, others, rate, my_level, calibrate, model = task
    return [play_deal(number, seed, partner, others, rate, my_level, calibrate, model)
            for number in range(first, stop)]


def summarize(results: Sequence[DealResult]) -> dict[str, Any]:
    """The gain in margin with its interval, the own score changes, the calibration counts and South's times."""
    gain, interval = mean_and_interval([result.gain for result in results])
    own, own_interval = mean_and_interval([float(result.own_with - result.own_without) for result in results])
    calibration = Calibration()
    for result in results:
        calibration.add(result.calibration)
    timing = timing_stats([value for result in results for value in result.times] or [0.0])
    return {
        "deals": len(results),
        "gain": gain,
        "gain_ci": list(interval) if interval else None,
        "margin_with": statistics.fmean(result.with_model for result in results),
        "margin_without": statistics.fmean(result.without_model for result in results),
        "own_gain": own,
        "own_gain_ci": list(own_interval) if own_interval else None,
        "changed_deals": sum(result.gain != 0 for result in results),
        "calibration": calibration.__dict__,
        "south_p95_ms": timing.p95,
        "south_max_ms": timing.max,
    }


def summary_lines(summary: dict[str, Any], partner: str, others: str, rate: float, my_level: str) -> list[str]:
    """The summary as lines to read."""
    ci = summary["gain_ci"]
    own_ci = summary["own_gain_ci"]
    cal = summary["calibration"]
    north = f"learner stand-in at rate {rate:g}" if partner == "learner" else "strong"
    lines = [
        f"North {north}, East and West {others}, South told North states {my_level}; {summary['deals']} deals.",
        f"Margin (South's side minus the opponents') with the model {summary['margin_with']:+.1f}, "
        f"without {summary['margin_without']:+.1f}; gain {summary['gain']:+.2f}"
        + (f" (95% CI {ci[0]:+.2f} to {ci[1]:+.2f})" if ci else "")
        + f"; deals that differ {summary['changed_deals']}.",
        f"South's side's own score change: gain {summary['own_gain']:+.2f}"
        + (f" (95% CI {own_ci[0]:+.2f} to {own_ci[1]:+.2f})" if own_ci else "") + ".",
        f"South's decisions with the model: p95 {summary['south_p95_ms']:.0f} ms, "
        f"max {summary['south_max_ms']:.0f} ms.",
    ]
    if cal["random"] or cal["good"]:
        lines.append(
            f"North's judged cards: random {cal['random_flagged']} flagged of {cal['random']}, "
            f"its own {cal['good_flagged']} flagged of {cal['good']}."
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = bench_parser("partner", __doc__)
    add_deals_seed_jobs(parser, 150, "deals, each played twice (default 150)")
    parser.add_argument("--first", type=int, default=0, help="the number of the first deal (default 0)")
    parser.add_argument("--partner", choices=PARTNERS, default="learner", help="North (default learner)")
    parser.add_argument("--others", choices=OTHERS, default="easy", help="East and West (default easy)")
    parser.add_argument("--rate", type=float, default=LEARNER_RATE,
                        help=f"the learner stand-in's share of random cards (default {LEARNER_RATE:g})")
    parser.add_argument("--my-level", choices=MY_LEVELS, default=MY_LEVELS[0],
                        help="the level South is told North states (default new)")
    parser.add_argument("--model", choices=MODEL_PARTS, default="both",
                        help="which plans of South with the model use it: the card play, the bids, or both "
                        "(default both, whatever the program's own choice)")
    parser.add_argument("--calibrate", action="store_true",
                        help="play each deal once, South without the model, only to count North's judged cards")
    add_json_and_quiet(parser)
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
    if not 0 <= args.rate <= 1:
        parser.error("--rate is a share from 0 to 1")
    start = time.perf_counter()
    size = max(1, min(5, args.deals // max(1, args.jobs)))
    stop = args.first + args.deals
    tasks = [(args.seed, first, min(first + size, stop), args.partner, args.others, args.rate, args.my_level,
              args.calibrate, args.model) for first in range(args.first, stop, size)]
    results = results_by_name(_worker, tasks, [GAME], args.jobs, args.deals,
                              None if args.quiet else print_progress)[GAME]
    summary = summarize(sorted(results, key=lambda result: result.number))
    lines = summary_lines(summary, args.partner, args.others, args.rate, args.my_level)
    if args.calibrate:  # each deal played once, without the model: only the judged cards mean anything
        lines = [f"{args.deals} deals played once, South without the model.", *lines[4:]]
    if args.model != "both":
        lines[0] += f" The model plans the {args.model} only."
    for line in lines:
        print(line, flush=True)
    print(f"Elapsed {time.perf_counter() - start:.0f} s, CPU {time.process_time():.0f} s, with {args.jobs} job(s).")
    if args.json:
        summary["results"] = [[result.number, result.with_model, result.without_model, result.own_with,
                               result.own_without] for result in results]
        write_json(args.json, summary)
    return 0


if __name__ == "__main__":
    sys.exit(main())
