"""How likely the true deal is under the search's sampler: the evidence model measured and fitted.

Run ``python -m rook_access.bench.inference --hands 200``.

The search player imagines the hidden cards by drawing deals consistent with
what its seat knows and weighing them by the evidence (``sampling.Evidence``:
the bids and passes, the trump named, the nest buried, the cards played).
This benchmark plays hands of the Partnership Game by self-play (the
``normal`` level in every seat by default, which bids and plays by the same
search as ``strong`` on fewer deals; no deadline, so a run repeats exactly;
its deals weighed by the hand-set model, so the records stay the same
whatever model is fitted on them),
and at decision points of the bidding and the card play measures how likely
the TRUE deal of that moment is under the evidence model, against ``--fresh``
deals drawn consistently with the seat's hard facts (counts and voids):

* the log gain: log w(true deal) - log mean w(fresh deals), the log of the
  true deal's probability under the weighted sampler over its probability
  under the plain one.  Its mean over decision points is the average
  log-likelihood gain of the evidence over knowing the hard facts alone
  (0 for a model that says nothing; higher is better);
* the rank: the share of fresh deals weighed below the true one (0.5 for a
  model that says nothing);
* the effective sample size of the weights, as a share of the deals
  (``(sum w)^2 / (n sum w^2)``; 1 when every deal weighs the same): how
  many of the search's deals a model leaves it to work with.

The hands are split in two: the even-numbered ones fit the model's numbers
(coordinate search over a grid of each, the others held, a few rounds), the
odd-numbered ones check that the fit holds on hands it never saw.  Each new
clue is then fitted alone on top of the fitted bidding clues, and reported
by its held-out gain; the final model has every clue fitted together.

With ``--timing`` it also measures the CPU time of ``draw_deals`` (the
strong player's 96 deals) at the card-play decision points, under the hand-set
model and the fitted one (``FITTED``).  Which model the player uses
(``PLAYER_MODEL``) is decided by duplicate matches, not by this measure:
the bench-only levels ``strong-fitted`` and ``strong-fitted-play`` play
with ``FITTED``.  ``--records FILE`` keeps the self-play hands'
actions in FILE (read back if it exists), so a second run need not play them again.
Nothing is cached otherwise.
"""

from __future__ import annotations

import dataclasses
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import GameState, Phase, SeatView
from ..engine.notation import action_from_json, action_to_json
from ..players import HandSetSearchPlayer
from ..players.search.knowledge import Knowledge
from ..players.search.player import NORMAL, STRONG
from ..players.search.sampling import (
    FITTED,
    HAND_SET,
    PLAYER_MODEL,
    DealFacts,
    Evidence,
    EvidenceModel,
    SampledDeal,
    deal_unseen,
    draw_deals,
)
from .arguments import bench_parser, write_json
from .match import ONE_HAND, deal_seeds, derive_seed, make_deal, percentile

LEVEL_BUDGETS = {"normal": NORMAL, "strong": STRONG}
"""The levels that can play the self-play hands, by their search budgets."""

GRIDS: dict[str, tuple[Any, ...]] = {
    "spread": (2.0, 3.0, 4.0, 6.0, 8.0, 12.0, 20.0),
    "floor": (0.0001, 0.0005, 0.002, 0.01, 0.05),
    "bid_offset": (-40.0, -30.0, -25.0, -20.0, -15.0, -10.0, -5.0, 0.0, 10.0),
    "bidder_gain": (0.0, 10.0, 20.0, 30.0, 40.0, 50.0, 60.0),
    "partner_margin": (0.0, 20.0, 30.0, 40.0, 60.0, 80.0),
    "model_worth": (False, True),
    "trump_sharpness": (0.0, 0.05, 0.12, 0.2, 0.3, 0.5, 0.8),
    "buried_trump_odds": (0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0),
    "nest_odds": (0.01, 0.03, 0.05, 0.1, 0.2, 0.5, 1.0),
    "far_nest_odds": (0.01, 0.03, 0.05, 0.1, 0.2, 0.5, 1.0),
    "low_odds": (0.1, 0.2, 0.3, 0.5, 0.7, 1.0),
    "beat_odds": (0.2, 0.4, 0.6, 0.8, 1.0),
    "smear_odds": (0.2, 0.3, 0.5, 0.7, 1.0),
}
"""The values the fit tries for each number of ``EvidenceModel``."""

BASE_CLUES = ("spread", "floor", "bid_offset", "bidder_gain", "partner_margin", "model_worth",
              "trump_sharpness", "buried_trump_odds")
"""The bids, the passes and the trump named: the clues the hand-set model had (and what they read)."""

NEW_CLUES: dict[str, tuple[str, ...]] = {
    "nest exchange": ("nest_odds", "far_nest_odds"),
    "cheap cards kept": ("low_odds",),
    "winners kept": ("beat_odds",),
    "points given to partner": ("smear_odds",),
}
"""The clues added to the hand-set ones, each with the numbers that weigh it."""


# ------------------------------------------------------------------ self-play records
@dataclass(frozen=True)
class Record:
    """One self-play hand: its number (the deal is ``make_deal(seed, number)``) and every action, by seat."""

    number: int
    actions: tuple[tuple[int, Any], ...]

    def to_json(self) -> dict[str, Any]:
        """The record as JSON."""
        return {"number": self.number, "actions": [action_to_json(seat, action) for seat, action in self.actions]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Record:
        """A record from ``to_json``'s form."""
        return cls(int(data["number"]), tuple(action_from_json(entry) for entry in data["actions"]))


def play_record(seed: int, number: int, level: str = "normal") -> Record:
    """Self-play of deal ``number`` of the run ``seed``: every seat the ``level`` player, without a deadline,
    weighing its deals by the hand-set model (so the records do not change with the model fitted on them)."""
    budget = dataclasses.replace(LEVEL_BUDGETS[level], deadline=math.inf)
    players = [HandSetSearchPlayer(player_seed, budget, level) for player_seed in deal_seeds(seed, number)]
    state = GameState(ONE_HAND, seed=0, first_deal=make_deal(seed, number))
    actions = []
    while not state.is_over:
        seat = state.turn
        assert seat is not None
        action = players[seat].choose(state.view(seat))
        actions.append((seat, action))
        state.apply(action, seat)
    return Record(number, tuple(actions))


def replay(seed: int, record: Record) -> Iterator[tuple[GameState, int]]:
    """The hand's states before each of its actions, with the seat to act."""
    state = GameState(ONE_HAND, seed=0, first_deal=make_deal(seed, record.number))
    for seat, action in record.actions:
        yield state, seat
        state.apply(action, seat)


def true_deal(state: GameState) -> SampledDeal:
    """The deal as it truly is now, in the form the sampler deals it."""
    return SampledDeal(list(state.hands), state.nest)


# ------------------------------------------------------------------ decision points
@dataclass
class Point:
    """One decision point: what the seat's evidence reads in the true deal and in fresh consistent ones."""

    number: int
    phase: str
    evidence: Evidence
    truth: DealFacts
    fresh: list[DealFacts]
    placed: list[float] = dataclasses.field(default_factory=list)
    """For each fresh deal, the share of the unseen cards it puts where they truly are (a hand or the nest)."""


def phase_of(view: SeatView) -> str:
    """``bidding``, or the card play, early (the first four tricks) or late."""
    if view.phase is Phase.BIDDING:
        return "bidding"
    return "early play" if len(view.tricks) < 4 else "late play"


def decision_views(seed: int, record: Record, share: float) -> Iterator[tuple[SeatView, SampledDeal]]:
    """The bidding and card-play decisions with a choice of this hand, each kept with chance ``share``
    (drawn from the run seed and the hand's number), with the true deal of that moment."""
    rng = random.Random(derive_seed("points", seed, record.number))
    for state, seat in replay(seed, record):
        if state.phase not in (Phase.BIDDING, Phase.PLAY):
            continue
        view = state.view(seat)
        if len(view.legal) < 2 or rng.random() >= share:
            continue
        yield view, true_deal(state)


def make_point(number: int, view: SeatView, truth: SampledDeal, fresh: int, rng: random.Random) -> Point | None:
    """The point of ``view``, with ``fresh`` consistent deals; None where nothing tells deals apart."""
    evidence = Evidence(view, HAND_SET, every_fact=True)
    if not evidence.informative:
        return None
    knowledge = Knowledge.from_view(view)
    deals = [deal_unseen(knowledge, rng) for _ in range(fresh)]
    return Point(number, phase_of(view), evidence, evidence.facts(truth), [evidence.facts(deal) for deal in deals],
                 [placed_share(knowledge, deal, truth) for deal in deals])


def placed_share(knowledge: Knowledge, deal: SampledDeal, truth: SampledDeal) -> float:
    """The share of the unseen cards that ``deal`` puts where ``truth`` has them."""
    unseen = knowledge.unseen
    if not unseen:
        return 1.0
    right = (deal.nest & truth.nest & unseen).bit_count()
    for seat in knowledge.needs:
        if seat >= 0:
            right += (deal.hands[seat] & truth.hands[seat] & unseen).bit_count()
    return right / unseen.bit_count()


def gather_points(seed: int, records: Iterable[Record], share: float, fresh: int) -> list[Point]:
    """Every kept decision point of the records."""
    points = []
    for record in records:
        rng = random.Random(derive_seed("fresh", seed, record.number))
        for view, truth in decision_views(seed, record, share):
            point = make_point(record.number, view, truth, fresh, rng)
            if point is not None:
                points.append(point)
    return points


# ------------------------------------------------------------------ the measure
@dataclass(frozen=True)
class Measure:
    """How likely the true deals are under a model, over decision points."""

    points: int
    log_gain: float
    """Mean of log w(true) - log mean w(fresh): the log-likelihood gain over the hard facts alone."""
    log_gain_interval: float
    """Half the 95% interval of ``log_gain`` (1.96 standard errors)."""
    rank: float
    """Mean share of fresh deals weighed below the true one (ties count a half)."""
    ess: float
    """Mean effective sample size of the fresh deals' weights, as a share of them."""
    placed: float = 0.0
    """Mean share of the unseen cards where they truly are, in the fresh deals as weighed: how right the
    deals the search would imagine are, its few deals counted (a model that weighs one wrong deal heavily
    loses here)."""
    placed_gain: float = 0.0
    """``placed`` minus the same share with every deal weighing the same."""

    def to_json(self) -> dict[str, Any]:
        """The measure as JSON."""
        return dataclasses.asdict(self)

    def line(self, name: str) -> str:
        """One line of the report."""
        return (f"{name}: log gain {self.log_gain:+.3f} (±{self.log_gain_interval:.3f}), rank {self.rank:.3f}, "
                f"effective sample {self.ess:.2f}, cards placed {self.placed:.3f} ({self.placed_gain:+.4f}), "
                f"{self.points} points")


def scores(true_log: float, fresh_logs: Sequence[float]) -> tuple[float, float, float]:
    """(log gain, rank, effective sample share) of a true deal of log weight ``true_log`` among fresh
    deals of log weights ``fresh_logs``.

    >>> scores(0.0, [0.0, 0.0])
    (0.0, 0.5, 1.0)
    >>> gain, rank, ess = scores(0.0, [0.0, -math.inf])
    >>> round(gain, 3), rank, ess
    (0.693, 0.75, 0.5)
    """
    top = max(fresh_logs)
    if top == -math.inf:
        return (math.inf if true_log > -math.inf else 0.0), 1.0, 0.0
    weights = [math.exp(value - top) for value in fresh_logs]
    total = sum(weights)
    gain = true_log - top - math.log(total / len(weights))
    below = sum(1.0 if value < true_log else 0.5 if value == true_log else 0.0 for value in fresh_logs)
    ess = total * total / (len(weights) * sum(weight * weight for weight in weights))
    return gain, below / len(fresh_logs), ess


def point_scores(point: Point, model: EvidenceModel) -> tuple[float, float, float]:
    """(log gain, rank, effective sample share) of one point under ``model``."""
    evidence = point.evidence
    return scores(evidence.log_weight(point.truth, model), [evidence.log_weight(facts, model) for facts in point.fresh])


def placed_by(point: Point, model: EvidenceModel) -> tuple[float, float]:
    """(the weighed mean of the fresh deals' shares of cards rightly placed, their plain mean) at ``point``."""
    if not point.placed:
        return 0.0, 0.0
    logs = [point.evidence.log_weight(facts, model) for facts in point.fresh]
    top = max(logs)
    plain = statistics.fmean(point.placed)
    if top == -math.inf:
        return plain, plain
    weights = [math.exp(value - top) for value in logs]
    return sum(w * p for w, p in zip(weights, point.placed, strict=True)) / sum(weights), plain


def measure(points: Sequence[Point], model: EvidenceModel) -> Measure:
    """The mean scores of ``points`` under ``model``."""
    if not points:
        return Measure(0, 0.0, 0.0, 0.5, 1.0)
    each = [point_scores(point, model) for point in points]
    gains = [gain for gain, _, _ in each]
    interval = 1.96 * statistics.stdev(gains) / math.sqrt(len(gains)) if len(gains) > 1 else 0.0
    placed = [placed_by(point, model) for point in points]
    return Measure(len(points), statistics.fmean(gains), interval, statistics.fmean(r for _, r, _ in each),
                   statistics.fmean(e for _, _, e in each), statistics.fmean(p for p, _ in placed),
                   statistics.fmean(p - q for p, q in placed))


def objective(points: Sequence[Point], model: EvidenceModel) -> float:
    """The mean log gain: what the fit maximizes."""
    return statistics.fmean(point_scores(point, model)[0] for point in points) if points else 0.0


def fit(points: Sequence[Point], start: EvidenceModel, names: Sequence[str], rounds: int = 2) -> EvidenceModel:
    """Coordinate search: each named number in turn set to the grid value that fits ``points`` best,
    the others held, ``rounds`` times over (stopping early when a round changes nothing)."""
    model = start
    best = objective(points, model)
    for _ in range(rounds):
        changed = False
        for name in names:
            for value in GRIDS[name]:
                if value == getattr(model, name):
                    continue
                trial = dataclasses.replace(model, **{name: value})
                score = objective(points, trial)
                if score > best + 1e-9:
                    best, model, changed = score, trial, True
        if not changed:
            break
    return model


def without_new_clues(model: EvidenceModel) -> EvidenceModel:
    """``model`` with every added clue silent (odds 1)."""
    silent: dict[str, Any] = {name: 1.0 for names in NEW_CLUES.values() for name in names}
    return dataclasses.replace(model, **silent)


# ------------------------------------------------------------------ timing
def draw_times(seed: int, records: Iterable[Record], models: Sequence[EvidenceModel], share: float,
               samples: int = STRONG.samples) -> list[list[float]]:
    """CPU milliseconds of ``draw_deals`` (``samples`` deals) at the kept card-play points, per model."""
    times: list[list[float]] = [[] for _ in models]
    for record in records:
        for view, _ in decision_views(seed, record, share):
            if view.phase is not Phase.PLAY:
                continue
            knowledge = Knowledge.from_view(view)
            for index, model in enumerate(models):
                rng = random.Random(derive_seed("draw", seed, record.number, len(times[index])))
                start = time.process_time()
                draw_deals(view, knowledge, samples, rng, model=model)
                times[index].append((time.process_time() - start) * 1000)
    return times


# ------------------------------------------------------------------ the run
def load_or_play(seed: int, hands: int, level: str, path: str | None, progress: bool) -> list[Record]:
    """The self-play records: read from ``path`` where it holds this run's, else played (and written there)."""
    key = {"seed": seed, "hands": hands, "level": level}
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as file:
            data = json.load(file)
        if data.get("key") == key:
            return [Record.from_json(entry) for entry in data["records"]]
    records = []
    for number in range(hands):
        records.append(play_record(seed, number, level))
        if progress and (number + 1) % 20 == 0:
            print(f"self-play: {number + 1}/{hands} hands", file=sys.stderr, flush=True)
    if path:
        write_json(path, {"key": key, "records": [record.to_json() for record in records]})
    return records


def split(points: Sequence[Point]) -> tuple[list[Point], list[Point]]:
    """(the even-numbered hands' points, to fit; the odd-numbered hands', held out)."""
    return [p for p in points if p.number % 2 == 0], [p for p in points if p.number % 2 == 1]


def by_phase(points: Sequence[Point]) -> dict[str, list[Point]]:
    """The points of each phase."""
    phases: dict[str, list[Point]] = {}
    for point in points:
        phases.setdefault(point.phase, []).append(point)
    return phases


def model_text(model: EvidenceModel) -> str:
    """The model's numbers, as ``name=value`` pairs."""
    return ", ".join(f"{field.name}={getattr(model, field.name)}" for field in dataclasses.fields(model))


def run(seed: int, hands: int, level: str, share: float, fresh: int, rounds: int, records_path: str | None,
        timing: bool, progress: bool) -> dict[str, Any]:
    """Play (or read) the records, fit and measure; the whole summary."""
    start = time.process_time()
    records = load_or_play(seed, hands, level, records_path, progress)
    played = time.process_time() - start
    points = gather_points(seed, records, share, fresh)
    train, test = split(points)
    if progress:
        print(f"{len(points)} decision points ({len(train)} to fit, {len(test)} held out)", file=sys.stderr)
    base = fit(train, without_new_clues(HAND_SET), BASE_CLUES, rounds)
    models: dict[str, EvidenceModel] = {"hand-set": HAND_SET, "bids and trump fitted": base}
    for clue, names in NEW_CLUES.items():
        models[f"+ {clue}"] = fit(train, base, names, rounds)
    every = [name for names in NEW_CLUES.values() for name in names]
    models["every clue fitted"] = fit(train, base, [*every, *BASE_CLUES], rounds)
    models["fitted on 2026-11-26 (FITTED)"] = FITTED
    models["the player's (PLAYER_MODEL)"] = PLAYER_MODEL
    summary: dict[str, Any] = {
        "seed": seed, "hands": hands, "level": level, "share": share, "fresh": fresh,
        "points": {"fit": len(train), "held out": len(test)},
        "self-play CPU seconds": round(played, 1),
        "models": {},
    }
    for name, model in models.items():
        entry = {
            "model": dataclasses.asdict(model),
            "fit": measure(train, model).to_json(),
            "held out": measure(test, model).to_json(),
            "held out by phase": {phase: measure(group, model).to_json() for phase, group in by_phase(test).items()},
        }
        summary["models"][name] = entry
    if timing:
        times = draw_times(seed, records[: max(1, hands // 4)], [HAND_SET, FITTED], share)
        summary["draw_deals CPU ms"] = {
            name: {"decisions": len(values), "mean": round(statistics.fmean(values), 2) if values else None,
                   "p95": round(percentile(values, 0.95), 2) if values else None}
            for name, values in zip(("hand-set", "fitted"), times, strict=True)
        }
    return summary


def report_lines(summary: dict[str, Any]) -> list[str]:
    """The summary as short lines."""
    lines = [
        f"Evidence model on {summary['hands']} self-play hands ({summary['level']} in every seat, seed "
        f"{summary['seed']}); {summary['points']['fit']} decision points fitted, {summary['points']['held out']} "
        f"held out; {summary['fresh']} fresh deals each.",
        "Measure: log gain = log w(true deal) - log mean w(fresh consistent deals), mean over points; "
        "rank = share of fresh deals weighed below the true one; effective sample = share of the deals.",
    ]
    for name, entry in summary["models"].items():
        held = Measure(**entry["held out"])
        fitted = Measure(**entry["fit"])
        lines.append(held.line(f"{name}, held out"))
        lines.append(f"  fitted half: log gain {fitted.log_gain:+.3f}, rank {fitted.rank:.3f}")
        for phase, values in entry["held out by phase"].items():
            lines.append("  " + Measure(**values).line(phase))
        model = EvidenceModel(**entry["model"])
        lines.append("  " + model_text(model))
    for name, values in summary.get("draw_deals CPU ms", {}).items():
        lines.append(f"draw_deals, {name} model: mean {values['mean']} ms, p95 {values['p95']} ms CPU over "
                     f"{values['decisions']} card-play decisions")
    return lines


def main(argv: list[str] | None = None) -> None:
    """The command line."""
    parser = bench_parser("inference", __doc__)
    parser.add_argument("--hands", type=int, default=200, help="self-play hands (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="run seed (default 1)")
    parser.add_argument("--level", choices=sorted(LEVEL_BUDGETS), default="normal",
                        help="the level in every seat of the self-play (default normal)")
    parser.add_argument("--share", type=float, default=0.25,
                        help="share of the decisions with a choice measured (default 0.25)")
    parser.add_argument("--fresh", type=int, default=48, help="fresh consistent deals per point (default 48)")
    parser.add_argument("--rounds", type=int, default=3, help="rounds of the coordinate search (default 3)")
    parser.add_argument("--records", metavar="FILE", help="keep the self-play actions in FILE, read back if there")
    parser.add_argument("--timing", action="store_true", help="also time draw_deals under both models")
    parser.add_argument("--json", metavar="FILE", help="also write the summary as JSON to FILE")
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    args = parser.parse_args(argv)
    if args.hands < 2:
        parser.error("--hands must be at least 2: half fit the model, half check it")
    if not 0 < args.share <= 1:
        parser.error("--share must be above 0 and at most 1")
    if args.fresh < 2:
        parser.error("--fresh must be at least 2")
    summary = run(args.seed, args.hands, args.level, args.share, args.fresh, args.rounds, args.records,
                  args.timing, not args.quiet)
    for line in report_lines(summary):
        print(line)
    if args.json:
        write_json(args.json, summary)


if __name__ == "__main__":
    main()
