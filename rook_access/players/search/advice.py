"""A search player's choice with its reasons, as values a sentence can be made of.

``SearchPlayer.advise`` returns one of these: the action the player takes,
the one figure that decided it, and the facts about the position that a
sentence explaining it cites.  Everything here comes from the same
evaluation that chose the action, so a hint worded from it cannot give a
move and a reason that disagree (``announcer.hints`` only words it).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ...engine import BIRD, CHECK, Action, Bid, Discard, NameTrump, Play, SeatView, cards_in, mask_of
from .bidding import BidPlan
from .knowledge import Knowledge
from .nest import NestChoice
from .play import PlayAnalysis
from .tables import trump_tables


@dataclass(frozen=True)
class BidAdvice:
    """A bid, a pass or a check, and the highest bid the hand is worth.

    The action follows from ``limit`` alone: the lowest bid allowed when it is
    at most ``limit``, else a pass (a check where checking is allowed).
    """

    action: Action
    limit: int | None
    """The figure: the highest bid worth making with this hand now; None when no bid is."""
    lowest: int | None
    """The lowest bid allowed now; None when no bid is allowed."""
    partner_holding: int | None
    """The partner who holds the bid, if one does."""
    expected_points: float
    """What the hand is expected to take as the bidder (the evaluation ``limit`` comes from)."""

    @property
    def checks(self) -> bool:
        return self.action == CHECK


@dataclass(frozen=True)
class NestAdvice:
    """The cards to bury and the trump to name with them, and what that leaves."""

    action: Discard
    trump: int
    kept_trumps: int
    """How many trumps (the Bird among them) the kept hand holds."""
    voids: tuple[int, ...]
    """Plain colors the hand held and the discard empties."""
    buried_points: int
    score: float
    """The figure the choice maximized: the simulated hand score, this side's minus the others' mean."""
    samples: int


@dataclass(frozen=True)
class TrumpAdvice:
    """The trump to name, and the hand's cards of it."""

    action: NameTrump
    trumps: tuple[int, ...]
    """The hand's trumps, the highest first."""
    score: float
    """The figure the choice maximized, as for ``NestAdvice``."""
    samples: int


@dataclass(frozen=True)
class PlayAdvice:
    """The card to play, the points the search expects with it, and the facts of the trick."""

    action: Play
    points: int | None
    """The figure: the points this side takes from now on with this card, rounded, from the same search
    that chose it (None when the card is the only one and nothing was searched)."""
    samples: int
    exact: bool
    leader: int | None
    """Who led this trick; None when this card leads it."""
    led_suit: int
    """The suit led (a color, the trump color for trump); for a lead, the card's own suit."""
    trump: int
    winning: int | None
    """Who is winning the trick before this card; None on a lead."""
    shown_out: tuple[int, ...]
    """Opponents still to play to this trick who have shown out of the suit led."""
    takes_lead: bool
    """Whether this card beats every card played to the trick so far."""
    last_to_play: bool
    trick_points: int
    """Points in the trick so far, before this card."""
    card_points: int
    partner_winning: bool
    """Whether a partner is winning the trick (before this card, which does not beat it)."""
    next_best: int | None = None
    """The card the search ranked second (None when nothing else was searched)."""
    next_best_by: float = 0.0
    """How much better the chosen card did than ``next_best``: the search's figure of choice, the expected hand
    score (this side's minus the others' mean)."""
    score: float | None = None
    """The chosen card's expected hand score, in that measure (None where ``points`` is None)."""


Advice = BidAdvice | NestAdvice | TrumpAdvice | PlayAdvice


def bid_advice(view: SeatView, plan: BidPlan) -> BidAdvice:
    """The advice of a bidding decision."""
    bids = [action.amount for action in view.legal if isinstance(action, Bid)]
    partner = view.high_bidder if view.high_bidder is not None and view.high_bidder in view.partners else None
    return BidAdvice(plan.action, plan.limit, bids[0] if bids else None, partner, plan.expected_points)


def nest_advice(view: SeatView, choice: NestChoice) -> NestAdvice:
    """The advice of a discard (with the trump the player would name after it)."""
    rules = view.rules
    hand = mask_of(view.hand)
    kept = hand & ~choice.discard
    tables = trump_tables(rules, choice.trump)
    voids = tuple(color for color in range(4)
                  if color != choice.trump and not kept & tables.suit_cards[color] and hand & tables.suit_cards[color])
    kept_trumps = (kept & tables.trump_mask).bit_count()
    return NestAdvice(Discard(frozenset(cards_in(choice.discard))), choice.trump, kept_trumps, voids,
                      rules.points_in(choice.discard), choice.score, choice.samples)


def trump_advice(view: SeatView, choice: NestChoice) -> TrumpAdvice:
    """The advice of naming trump."""
    tables = trump_tables(view.rules, choice.trump)
    trumps = sorted(cards_in(tables.trump_mask & mask_of(view.hand)), key=lambda card: -tables.rank[card])
    return TrumpAdvice(NameTrump(choice.trump), tuple(trumps), choice.score, choice.samples)


def play_advice(view: SeatView, analysis: PlayAnalysis) -> PlayAdvice:
    """The advice of a card play, from the search that chose the card."""
    card = analysis.chosen
    rules = view.rules
    assert view.trump is not None
    tables = trump_tables(rules, view.trump)
    points = tables.points
    result = analysis.results[card]
    figure = round(result.mean_points) if (analysis.exact or analysis.samples) and result.count else None
    trick = list(view.trick)
    others = [other for other in analysis.ranked() if other.card != card and other.count]
    runner_up = others[0] if others and result.count else None
    advice = functools.partial(PlayAdvice, action=Play(card), points=figure, samples=analysis.samples,
                               score=None if figure is None else result.mean,
                               exact=analysis.exact, trump=view.trump, card_points=points[card],
                               next_best=None if runner_up is None else runner_up.card,
                               next_best_by=0.0 if runner_up is None else result.mean - runner_up.mean)
    if not trick:
        suit = view.trump if card == BIRD else tables.suit[card]
        return advice(leader=None, led_suit=suit, winning=None, shown_out=(), takes_lead=True,
                          last_to_play=rules.players == 1, trick_points=0, partner_winning=False)
    leader = view.trick_leader if view.trick_leader is not None else view.seat
    powers = rules.trick_powers[view.trump][trick[0]]
    values = [powers[c] for c in trick]
    best = max(values)
    winning = (leader + values.index(best)) % rules.players
    takes_lead = powers[card] > best
    led = tables.suit[trick[0]]
    return advice(
        leader=leader,
        led_suit=led,
        winning=winning,
        shown_out=_shown_out_after(view, led),
        takes_lead=takes_lead,
        last_to_play=len(trick) == rules.players - 1,
        trick_points=sum(points[c] for c in trick),
        partner_winning=view.team_of[winning] == view.side and not takes_lead,
    )


def _shown_out_after(view: SeatView, suit: int) -> tuple[int, ...]:
    """Opponents still to play to this trick who have shown out of ``suit``."""
    knowledge = Knowledge.from_view(view)
    rules = view.rules
    assert view.trump is not None
    suit_cards = trump_tables(rules, view.trump).suit_cards[suit]
    seats = []
    for offset in range(1, rules.players - len(view.trick)):
        other = (view.seat + offset) % rules.players
        if view.team_of[other] != view.side and knowledge.excluded.get(other, 0) & suit_cards:
            seats.append(other)
    return tuple(seats)


__all__ = ["Advice", "BidAdvice", "NestAdvice", "PlayAdvice", "TrumpAdvice",
           "bid_advice", "nest_advice", "play_advice", "trump_advice"]
