"""How well the search imagines the bid winner's hand, by the way it draws the nest the bidder buried.

Run ``python -m rook_access.bench.bidder_picture --deals 100 --seed 1``.

Each deal is one hand of the Partnership Game, bid, buried and named by the
strong player in every seat.  At the first card of the hand, and again after
four tricks, each seat that did not see the nest (the bidder's partner and the
two defenders) draws the search's deals (``sampling.draw_deals``, 96 as the
strong player does) under each model, and each drawn bidder's hand is set
against the true one: how many trumps it holds (the true hand's beside it),
and how many of its cards are truly the bidder's (the share of the cards the
seat has not seen).  ``HAND_SET`` draws the nest at random, like the other
places; ``NEST_DRAWN`` draws it from the bidder's weakest cards.  Distinct
deals is how many of the 96 deals differ: the variety left to the search.
"""

from __future__ import annotations

import random
import statistics
import sys
from dataclasses import asdict, dataclass

from ..engine import GameState, Phase
from ..players import make_player
from ..players.search.knowledge import Knowledge
from ..players.search.player import STRONG
from ..players.search.sampling import HAND_SET, NEST_DRAWN, EvidenceModel, draw_deals
from .arguments import add_json_and_quiet, bench_parser, print_progress, write_json
from .match import ONE_HAND, derive_seed

MODELS: dict[str, EvidenceModel] = {"HAND_SET": HAND_SET, "NEST_DRAWN": NEST_DRAWN}
SAMPLES = STRONG.samples
"""Deals drawn at each decision, as the strong player draws them."""


@dataclass
class Picture:
    """One model's picture of the bidder's hand, averaged over the seats' decisions."""

    model: str
    moment: str
    decisions: int
    true_trumps: float
    drawn_trumps: float
    cards_right: float
    """Of the bidder's cards the seat has not seen, the mean share a drawn hand holds."""
    distinct: float


def _measure(state: GameState, seat: int, model: EvidenceModel, rng: random.Random) -> tuple[int, float, float, float]:
    view = state.view(seat)
    bidder = view.bidder
    assert bidder is not None and view.trump is not None
    trumps = ONE_HAND.suit_masks[view.trump][view.trump]
    knowledge = Knowledge.from_view(view)
    truth = state.hands[bidder]
    deals = draw_deals(view, knowledge, SAMPLES, rng, model=model)
    drawn_trumps = statistics.mean((deal.hands[bidder] & trumps).bit_count() for deal in deals)
    right = statistics.mean((deal.hands[bidder] & truth).bit_count() / truth.bit_count() for deal in deals)
    distinct = len({tuple(deal.hands) for deal in deals})
    return (truth & trumps).bit_count(), drawn_trumps, right, distinct


def run(deals: int, seed: int, progress: bool = True) -> list[Picture]:
    """The pictures of every model, at the first card and after four tricks, over ``deals`` hands."""
    found: dict[tuple[str, str], list[tuple[int, float, float, float]]] = {}
    for number in range(deals):
        state = GameState(ONE_HAND, seed=derive_seed(seed, number, "deal"))
        players = [make_player("strong", derive_seed(seed, number, seat)) for seat in range(4)]
        while not state.is_over:
            if state.phase is Phase.PLAY and not state.trick and len(state.tricks) in (0, 4):
                moment = "first card" if not state.tricks else "after 4 tricks"
                bidder = state.bidder
                assert bidder is not None
                for reader in range(4):
                    if reader == bidder:
                        continue
                    for name, model in MODELS.items():
                        rng = random.Random(derive_seed(seed, number, reader, moment))
                        found.setdefault((name, moment), []).append(_measure(state, reader, model, rng))
            turn = state.turn
            if turn is None:  # thrown in
                break
            state.apply(players[turn].choose(state.view(turn)), turn)
            if state.phase is Phase.PLAY and len(state.tricks) > 4:
                break
        if progress:
            print_progress("bidder_picture", number + 1, deals)
    return [
        Picture(name, moment, len(rows), statistics.mean(r[0] for r in rows), statistics.mean(r[1] for r in rows),
                statistics.mean(r[2] for r in rows), statistics.mean(r[3] for r in rows))
        for (name, moment), rows in found.items()
    ]


def main(argv: list[str] | None = None) -> None:
    parser = bench_parser("bidder_picture", __doc__)
    parser.add_argument("--deals", type=int, default=100, help="hands to play (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    add_json_and_quiet(parser)
    args = parser.parse_args(argv)
    pictures = run(args.deals, args.seed, not args.quiet)
    print("| model | moment | decisions | true trumps | drawn trumps | bidder's cards right | "
          f"distinct deals of {SAMPLES} |")
    print("|---|---|---|---|---|---|---|")
    for p in pictures:
        print(f"| {p.model} | {p.moment} | {p.decisions} | {p.true_trumps:.2f} | {p.drawn_trumps:.2f} | "
              f"{p.cards_right:.1%} | {p.distinct:.0f} |")
    if args.json:
        write_json(args.json, [asdict(p) for p in pictures])
    sys.stdout.flush()


if __name__ == "__main__":
    main()
