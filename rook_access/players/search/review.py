"""The ``review`` command's judgement: a hand's decisions of a seat, set against the strong player's.

For each decision the user made (the view they had, the action they took),
the strong player is asked what it would have done from the same view.
Where it would have chosen otherwise, the points at stake come from the same
analysis that chose: in card play, the search's expected hand score with the
strong player's card less that with the user's (``PlayAnalysis.results``,
one search over the same deals for every legal card); at the nest, the
simulated score of the strong player's discard (or trump) less that of the
user's, over the same sampled deals.  For a bid no such figure is worked
out: the strong player's bid follows from the highest bid it reckons the
hand worth, which is its reason.  The words are the announcer's
(``announcer.review``).
"""

from __future__ import annotations

import copy
import dataclasses
import math
import time
from dataclasses import dataclass

from ...engine import Action, Discard, NameTrump, Phase, Play, SeatView, mask_of
from .advice import Advice, NestAdvice, TrumpAdvice, play_advice
from .nest import best_trump_after, score_after
from .play import PlayAnalysis, paired_error
from .player import SearchPlayer


@dataclass(frozen=True)
class Difference:
    """A decision the strong player would have made otherwise, and what it would have changed."""

    view: SeatView
    """What the user's seat saw when deciding."""
    action: Action
    """What the user did."""
    advice: Advice
    """What the strong player would have done (``advice.action``), with its reasons."""
    stake: float | None
    """The points the strong player's choice is expected to gain over the user's, for the user's side
    (its hand score less the other sides' mean); None for a bid, where none is worked out."""
    scores: tuple[float, float] | None = None
    """The expected hand score of the user's side (its score less the other sides' mean, as ``stake``) with
    the strong player's choice and with the user's: ``stake`` is their difference.  None for a bid."""
    error: float | None = None
    """The standard error of ``stake``, from the two cards' outcomes deal by deal (``paired_error``); None
    where it is not known (a bid, the nest, the trump)."""


TIE = 1.0
"""Below this many points the strong player counts two choices as equal: a closer call is not a difference
worth telling (the search's own noise is larger), and below 1 point the line's two figures, rounded, would
read the same while it said one card was better."""


REVIEW_SECONDS = 1.5
"""The most a whole hand's review searches, on a slow or busy machine: each decision's search may take its
share of what is left (never more than the player's own deadline). A player without a deadline (the tests',
``ROOK_ACCESS_NO_DEADLINE``) is never hurried."""


def review_decisions(
    decisions: list[tuple[SeatView, Action]], player: SearchPlayer, seconds: float = REVIEW_SECONDS
) -> list[Difference]:
    """The decisions of ``decisions`` that ``player`` would have made otherwise, the costliest first
    (bids, with no figure, after the rest, in the order they were made).

    Decisions with only one legal action are not judged.  Where ``player`` has a deadline, the searches
    share ``seconds`` between them.
    """
    judged = [(view, action) for view, action in decisions if len(view.legal) > 1]
    found: list[Difference] = []
    end = time.perf_counter() + seconds
    for index, (view, action) in enumerate(judged):
        judge_with = player
        if math.isfinite(player.budget.deadline):
            share = max(0.0, end - time.perf_counter()) / (len(judged) - index)
            judge_with = copy.copy(player)
            judge_with.budget = dataclasses.replace(player.budget, deadline=min(player.budget.deadline, share))
        difference = judge(view, action, judge_with)
        if difference is not None:
            found.append(difference)
    priced = sorted((d for d in found if d.stake is not None), key=lambda d: -(d.stake or 0.0))
    return priced + [d for d in found if d.stake is None]


def judge(view: SeatView, action: Action, player: SearchPlayer) -> Difference | None:
    """The strong player's verdict on one decision: a ``Difference``, or None where it agrees."""
    if view.phase is Phase.PLAY and isinstance(action, Play):
        kept = player.evaluation(view)  # the search a hint for this very position gave, if one was asked
        analysis = kept if isinstance(kept, PlayAnalysis) else player.analyse(view)
        if analysis.chosen == action.card:
            return None
        best, played = analysis.results[analysis.chosen], analysis.results[action.card]
        if not best.count or not played.count:
            return None  # the search stopped before judging both cards
        return Difference(view, action, play_advice(view, analysis), best.mean - played.mean, (best.mean, played.mean),
                          paired_error(best, played))
    advice = player.advise(view)
    if advice.action == action:
        return None
    if isinstance(advice, NestAdvice) and isinstance(action, Discard):
        hand = mask_of(view.hand)
        mine = best_trump_after(
            view, hand, mask_of(action.cards), player.budget, player.rng_for(view), player.deal_source(view)
        )
        return Difference(view, action, advice, advice.score - mine.score, (advice.score, mine.score))
    if isinstance(advice, TrumpAdvice) and isinstance(action, NameTrump):
        buried = mask_of(view.nest_discarded)
        mine = score_after(
            view,
            mask_of(view.hand) | buried,
            buried,
            action.color,
            player.budget,
            player.rng_for(view),
            player.deal_source(view),
        )
        return Difference(view, action, advice, advice.score - mine.score, (advice.score, mine.score))
    return Difference(view, action, advice, None)


SURE = 2.0
"""How many standard errors a card's stake must be to be told: a smaller one may be the luck of the deals
searched (another search, of other deals, could put the user's card first), and review would blame a choice
the search cannot tell from the better one."""


def meaningful(differences: list[Difference]) -> list[Difference]:
    """The differences worth telling: a bid's, or one of at least ``TIE`` points and, where its error is known,
    ``SURE`` times that error."""
    return [
        d for d in differences
        if d.stake is None or (d.stake >= TIE and (d.error is None or d.stake >= SURE * d.error))
    ]


__all__ = ["REVIEW_SECONDS", "SURE", "TIE", "Difference", "judge", "meaningful", "review_decisions"]
