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
"""

from __future__ import annotations

import statistics
import sys
from dataclasses import asdict, dataclass

from ..engine import PARTNERSHIP, GameState, HandEnded, Phase
from ..players import LEVELS, make_player
from ..players.search.advice import PlayAdvice
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

    @property
    def error(self) -> float:
        return self.figure - self.outcome


def play_hand(level: str, seed: int, least_cards: int) -> list[FigureError]:
    """One hand of the Partnership Game by ``level`` in every seat; each figure told against the outcome."""
    rules = PARTNERSHIP.replace(hands_limit=1)
    state = GameState(rules, seed=seed)
    players = [make_player(level, derive_seed(seed, "figure", seat)) for seat in range(rules.players)]
    told: list[tuple[int, int, int, float]] = []
    while not state.is_over:
        seat = state.seats_to_act()[0]
        view = state.view(seat)
        action = players[seat].choose(view)
        if view.phase is Phase.PLAY and len(view.legal) > 1 and len(view.hand) >= least_cards:
            advice = players[seat].advise(view)
            if isinstance(advice, PlayAdvice) and advice.score is not None and view.bidder is not None:
                told.append((seat, view.bidder, len(view.hand), advice.score))
        state.apply(action, seat)
    end = next(event for event in reversed(state.events) if isinstance(event, HandEnded))
    errors = []
    for seat, bidder, cards, figure in told:
        side = rules.side_of[seat]
        outcome = end.score_change[side] - end.score_change[1 - side]
        role = "bidder" if seat == bidder else "partner" if rules.side_of[bidder] == side else "defender"
        errors.append(FigureError(role, cards, figure, outcome))
    return errors


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
        mine = [error.error for error in errors if error.role == role]
        if mine:
            print(f"{role}: {len(mine)} figures; mean error {statistics.mean(mine):+.1f}, "
                  f"mean size {statistics.mean(abs(value) for value in mine):.1f}", flush=True)
    if args.json:
        write_json(args.json, {"level": args.level, "figures": [asdict(error) for error in errors]})
    return 0


if __name__ == "__main__":
    sys.exit(main())
