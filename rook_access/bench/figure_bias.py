"""How far the search's figure for a card is from what the hand then brought, by whose side won the bid.

Run ``python -m rook_access.bench.figure_bias --level strong --deals 20``.

The figure is what ``why`` and ``hint`` tell ("its side expects to end the
hand about 19 points ahead of the others"): the mean over the sampled deals
of the card chosen (``PlayAdvice.score``), in the MARGIN the player plays
for (its side's score change less the other side's).  Each deal is one hand
of the Partnership Game, every seat played by ``--level`` from the same
seeds; at each card decision with a choice and at least ``--cards`` cards in
hand, the figure is set against the margin the seat's side truly ended the
hand with.  The error is figure less outcome, reported apart for the bid
winner, its partner and the defenders (mean, mean of its size, decisions).
A figure that is right on average has a mean error near 0; the hidden cards
make each one uncertain, so the mean size stays large.

The same decisions are also searched on the true deal, by the cheating
yardstick (the same search given every hand, ``CheatingPlayer.analyse_with_
state``), which sets each figure against the figure the seat would have had
had it seen every hand, without the noise of the cards still to come:

- the figure against the true deal's figure for the same card;
- the STAKE, how much better the chosen card did than the search's next
  best (``PlayAdvice.next_best_by``, what ``why`` and ``review`` tell),
  against the same two cards' difference on the true deal, and how often the
  true deal ranks the chosen card at least as high as the next best.
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import asdict, dataclass, replace

from ..engine import PARTNERSHIP, GameState, HandEnded, Phase
from ..players import LEVELS, make_player
from ..players.search.advice import PlayAdvice
from ..players.search.player import CheatingPlayer
from .arguments import add_json_and_quiet, bench_parser, print_progress, write_json
from .match import derive_seed

ROLES = ("bidder", "partner", "defender")
"""Whose figure: the bid winner's, its partner's, a defender's."""


@dataclass(frozen=True)
class FigureError:
    """One figure against the hand's outcome."""

    role: str
    cards: int
    figure: float
    outcome: int
    true_figure: float
    """The chosen card's figure on the true deal."""
    stake: float
    """How much better the chosen card did than the next best, over the sampled deals."""
    true_stake: float
    """The same two cards' difference on the true deal."""
    points: float
    """The points the seat's side takes from now on with the chosen card, over the sampled deals (``hint``'s
    figure before 2026-11-27)."""
    true_points: float
    """The same on the true deal."""

    @property
    def error(self) -> float:
        return self.figure - self.outcome

    @property
    def belief_error(self) -> float:
        return self.figure - self.true_figure

    @property
    def stake_error(self) -> float:
        return self.stake - self.true_stake

    @property
    def points_error(self) -> float:
        return self.points - self.true_points


def play_hand(level: str, seed: int, least_cards: int) -> list[FigureError]:
    """One hand of the Partnership Game by ``level`` in every seat; each figure told against the outcome."""
    rules = PARTNERSHIP.replace(hands_limit=1)
    state = GameState(rules, seed=seed)
    players = [make_player(level, derive_seed(seed, "figure", seat)) for seat in range(rules.players)]
    cheat = CheatingPlayer(derive_seed(seed, "figure", "truth"))
    told: list[tuple[int, FigureError]] = []  # each seat's side, and its figures (the outcome comes at the end)
    while not state.is_over:
        seat = state.seats_to_act()[0]
        view = state.view(seat)
        action = players[seat].choose(view)
        if view.phase is Phase.PLAY and len(view.legal) > 1 and len(view.hand) >= least_cards:
            advice = players[seat].advise(view)
            if (isinstance(advice, PlayAdvice) and advice.score is not None and advice.next_best is not None
                    and view.bidder is not None):
                truth = cheat.analyse_with_state(state, seat).results
                chosen = truth[advice.action.card]
                side = rules.side_of[seat]
                role = ("bidder" if seat == view.bidder else "partner" if rules.side_of[view.bidder] == side
                        else "defender")
                told.append((side, FigureError(
                    role, len(view.hand), advice.score, 0, chosen.mean, advice.next_best_by,
                    chosen.mean - truth[advice.next_best].mean, float(advice.points or 0), chosen.mean_points,
                )))
        state.apply(action, seat)
    end = next(event for event in reversed(state.events) if isinstance(event, HandEnded))
    return [replace(error, outcome=end.score_change[side] - end.score_change[1 - side]) for side, error in told]


def _summary(values: list[float]) -> str:
    """A list of errors as "mean +3.1, mean size 40.2"."""
    return f"mean {statistics.mean(values):+.1f}, mean size {statistics.mean(abs(value) for value in values):.1f}"


def _share(flags: list[bool]) -> str:
    return f"{100 * sum(flags) / len(flags):.0f}%"


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print one line a role."""
    parser = bench_parser("figure_bias", __doc__)
    parser.add_argument("--level", default="strong", choices=sorted(LEVELS), help="the level in every seat")
    parser.add_argument("--deals", type=int, default=20, help="hands played (default 20)")
    parser.add_argument("--seed", type=int, default=1, help="the first hand's seed (default 1)")
    parser.add_argument("--cards", type=int, default=7, help="figures taken with at least this many cards in hand")
    add_json_and_quiet(parser)
    args = parser.parse_args(argv)
    errors: list[FigureError] = []
    for deal in range(args.deals):
        errors += play_hand(args.level, args.seed + deal, args.cards)
        if not args.quiet:
            print_progress(args.level, deal + 1, args.deals)
    hands = f"{args.deals} hand{'s' if args.deals != 1 else ''}"
    print(f"{args.level}: figure less outcome (MARGIN), {hands}, at {args.cards} cards or more in hand", flush=True)
    for role in ROLES:
        mine = [error for error in errors if error.role == role]
        if mine:
            print(f"{role}: {len(mine)} figures; against the outcome {_summary([e.error for e in mine])}; "
                  f"against the true deal's figure {_summary([e.belief_error for e in mine])}; "
                  f"stake against the true deal's {_summary([e.stake_error for e in mine])}, "
                  f"mean stake {statistics.mean(e.stake for e in mine):.1f}, true deal ranks the card "
                  f"at least as high {_share([e.true_stake >= 0 for e in mine])}; points still to take against "
                  f"the true deal's {_summary([e.points_error for e in mine])}", flush=True)
    if args.json:
        write_json(args.json, {"level": args.level, "figures": [asdict(error) for error in errors]})
    return 0


if __name__ == "__main__":
    sys.exit(main())
