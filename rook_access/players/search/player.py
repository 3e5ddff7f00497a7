"""The search player: the "normal" and "strong" levels, and a cheating yardstick.

Every decision draws its random numbers from a generator seeded by the
player's seed and the position, never from a stream that runs through the
game: the same position gets the same answer, so ``--seed`` repeats a game
and a saved game is rebuilt without asking the players again.  The search
stops at its sample budget (the same on every machine), at its time target
(on a slower or busier machine, in the longest decisions) or at its deadline,
whichever comes first; a repeatable game (``search_whole_budget``) searches
without the time target.

Every game of Rook is played by the same search: the teams of the hand come
from the view (``outlook``), and so do the cards other seats show.  The
dummy of the 2-player game is played by its player's ``SearchPlayer`` from
the dummy's own view (``view.seat`` is the dummy's seat; its player's hand
is among ``view.shown``).
"""

from __future__ import annotations

import dataclasses
import math
import os
import random
import time
from collections import OrderedDict

from ...engine import (
    Action,
    Discard,
    GameState,
    NameTrump,
    Phase,
    Play,
    SeatView,
    cards_in,
    mask_of,
)
from ..base import decision_rng, position_key
from . import skill
from .advice import Advice, NestAdvice, bid_advice, nest_advice, play_advice, trump_advice
from .bidding import BidPlan, BidTuning, plan_bid
from .ismcts import analyse_play_ismcts, applies
from .knowledge import Knowledge
from .nest import NestChoice, best_trump_after, choose_nest, choose_trump
from .play import PlayAnalysis, SearchBudget, analyse_play
from .sampling import DealSource, SampledDeal, draw_deals
from .skill import TablePriors, mistake_rates

NORMAL = SearchBudget(samples=12, deadline=0.5, exact_cards=3)
STRONG = SearchBudget(samples=96, deadline=0.8, time_target=0.12, exact_cards=4, exact_work=80_000,
                      rollout_exact_cards=3)
"""Exact from 4 cards each on all 96 deals, but for the hardest leads (the work limit: about 100 ms of search).
Exact from 5 cards within the limit lost 4.8 points a deal (docs/development.md, "The endgame solver").
Each rollout's last 3 tricks are solved exactly (docs/development.md, "Rollouts that end in the exact
solver"): with the nest drawn from the bidder's weakest cards it won its duplicate matches.
A card decision stops drawing deals at 0.12 s (once it has 16), so that what a player waits for stays
within 150 ms at the 95th percentile on a slower machine too ("Time per decision" in the same file)."""

KEPT_DECISIONS = 64
"""How many of its latest decisions' evaluations a search player keeps for ``advise`` (``why``): more than
one hand's decisions of a seat in any game."""

NO_DEADLINE_VARIABLE = "ROOK_ACCESS_NO_DEADLINE"
"""Set to 1 (tests only), the search stops at its sample budget alone, never at the clock.

Then a seeded game is the same on a loaded machine as on an idle one: the
golden records of the tests depend on it.
"""


def without_deadline_if_asked(budget: SearchBudget) -> SearchBudget:
    """``budget``, or ``budget`` with neither deadline nor time target when ``ROOK_ACCESS_NO_DEADLINE`` is 1."""
    if os.environ.get(NO_DEADLINE_VARIABLE) == "1":
        return dataclasses.replace(budget, deadline=math.inf, time_target=math.inf)
    return budget


class SearchPlayer:
    """Chooses by simulation over deals consistent with what its seat knows."""

    name = "search"
    bid_tuning: type[BidTuning] = BidTuning

    def __init__(self, seed: int | None = None, budget: SearchBudget = STRONG, name: str = "strong") -> None:
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.budget = without_deadline_if_asked(budget)
        self.name = name
        self._decided: OrderedDict[str, tuple[SeatView, BidPlan | NestChoice | PlayAnalysis]] = OrderedDict()
        """The evaluations behind this player's latest decisions, by position: ``advise`` for a view
        it chose from answers from the very evaluation that chose (a later search, stopped by its
        deadline at another sample, might not give the same card), and costs nothing more."""
        self.priors: TablePriors | None = None
        """Who sits at the table (``meet_table``): None plans with every seat as a strong player."""

    def search_whole_budget(self) -> None:
        """Search every decision's whole sample budget, the time target aside (the deadline still stops a
        search on a very slow machine): the same choices on any machine, as ``--seed`` promises."""
        self.budget = dataclasses.replace(self.budget, time_target=math.inf)

    def meet_table(self, priors: TablePriors) -> None:
        """Plan with the other seats as they are: the table's priors, and each person's cards this hand."""
        self.priors = priors

    def mistakes(self, view: SeatView) -> tuple[float, ...] | None:
        """Each seat's share of random cards to plan with (``skill.mistake_rates``); None when every seat
        is planned with as a strong player."""
        if self.priors is None or not self.priors.any_mistakes:
            return None
        rates = mistake_rates(view, self.priors)
        return rates if any(rates) else None

    def rng_for(self, view: SeatView) -> random.Random:
        """The random generator of this decision."""
        return decision_rng(self.seed, view)

    def deal_source(self, view: SeatView) -> DealSource:
        """Where this player's deals come from."""
        return draw_deals

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return next(iter(legal))
        decision = self._decide(view)
        self._keep(view, decision)
        if isinstance(decision, BidPlan):
            return decision.action
        if isinstance(decision, PlayAnalysis):
            return Play(decision.chosen)
        if view.phase is Phase.DISCARD:
            return Discard(frozenset(cards_in(decision.discard)))
        return NameTrump(decision.trump)

    def advise(self, view: SeatView) -> Advice:
        """What ``choose`` would do for ``view``, with the figure that decided it and the facts it rests on.

        The same evaluation as ``choose`` (the same random numbers, the same
        search), so the advice's action is the action ``choose`` returns.
        ``view`` must be a decision of ``view.seat`` in a phase with a choice.
        For a view this player chose from lately (``why``), the evaluation that chose is reused.
        """
        decision = self._kept(view)
        if decision is None:
            decision = self._decide(view)
            self._keep(view, decision)  # asked again (a second hint, a review), it answers the same
        if isinstance(decision, BidPlan):
            return bid_advice(view, decision)
        if isinstance(decision, PlayAnalysis):
            return play_advice(view, decision)
        if view.phase is Phase.DISCARD:
            return nest_advice(view, decision)
        return trump_advice(view, decision)

    def evaluation(self, view: SeatView) -> BidPlan | NestChoice | PlayAnalysis | None:
        """The evaluation this player chose from for ``view`` (a bidding plan, a nest or trump choice, a play
        search), if it chose from ``view`` lately; None otherwise (``bench.bid_calibration`` reads the plans)."""
        return self._kept(view)

    def _keep(self, view: SeatView, decision: BidPlan | NestChoice | PlayAnalysis) -> None:
        """Keep the evaluation of a decision made, the latest ``KEPT_DECISIONS`` of them."""
        self._decided[position_key(view)] = (view, decision)
        while len(self._decided) > KEPT_DECISIONS:
            self._decided.popitem(last=False)

    def _kept(self, view: SeatView) -> BidPlan | NestChoice | PlayAnalysis | None:
        """The evaluation this player chose from for ``view``, if it is still kept."""
        kept = self._decided.get(position_key(view))
        if kept is None or not (kept[0] is view or kept[0] == view):
            return None
        return kept[1]

    def _decide(self, view: SeatView) -> BidPlan | NestChoice | PlayAnalysis:
        """The evaluation behind a decision: the bidding plan, the nest or trump choice, or the play search."""
        if view.phase is Phase.PLAY:
            return self.analyse(view)
        rng = self.rng_for(view)
        source = self.deal_source(view)
        if view.phase is Phase.BIDDING:
            return plan_bid(view, self.budget, rng, source, self.bid_tuning,
                            self.mistakes(view) if skill.PLAN_BIDS else None,
                            self.priors is not None and self.priors.others_together(view.seat))
        if view.phase is Phase.DISCARD:
            return choose_nest(view, self.budget, rng, source)
        if view.phase is Phase.TRUMP:
            return choose_trump(view, self.budget, rng, source)
        raise ValueError(f"no decision in the {view.phase.value} phase")

    def analyse(self, view: SeatView) -> PlayAnalysis:
        """The search of the card play for ``view`` (what ``choose`` plays, with the reasons)."""
        return analyse_play(view, self.budget, self.rng_for(view), self.deal_source(view), time.perf_counter(),
                            self.mistakes(view) if skill.PLAN_PLAY else None)


class TreeSearchPlayer(SearchPlayer):
    """The strong player whose side, having won the bid, plays its cards by information-set Monte Carlo
    tree search (``ismcts``) instead of sampling and solving each deal apart (bench level ``strong-ismcts``)."""

    tree_side_only = False
    """Whether the tree holds only its own side's choices, the other side playing as in the rollouts."""

    def analyse(self, view: SeatView) -> PlayAnalysis:
        if applies(view, self.budget):
            return analyse_play_ismcts(view, self.budget, self.rng_for(view), self.deal_source(view),
                                       tree_side_only=self.tree_side_only)
        return super().analyse(view)


class SideTreeSearchPlayer(TreeSearchPlayer):
    """``TreeSearchPlayer`` whose tree holds its own side's choices alone (bench level ``strong-ismcts-side``)."""

    tree_side_only = True


class HintPlayer(SearchPlayer):
    """The strong player as the ``hint`` command asks it: steady from one hint to the next.

    Its bidding decisions in one hand draw the same random numbers (the key
    leaves out how many bids were made), so every bidding hint of an
    auction imagines the same deals, only weighed again by what the bids
    since have shown: a later hint differs from an earlier one because the
    table's bidding changed the picture, never by the luck of a new sample.
    The discard and the trump after it share theirs too, so the trump hint
    after the advised discard judges the same deals as the discard hint did.
    The computer players keep ``SearchPlayer``'s keys: their games are
    pinned by their seeds.
    """

    def __init__(self, seed: int = 0, budget: SearchBudget = STRONG, name: str = "hint") -> None:
        super().__init__(seed, budget, name)
        # The whole sample budget, never the time target: a hint or a review on a busy machine judges as
        # many deals as on an idle one (only the deadline cuts a search, on a very slow machine), so two
        # answers for one position do not disagree by the load of the moment.
        self.search_whole_budget()

    def rng_for(self, view: SeatView) -> random.Random:
        if view.phase is Phase.PLAY:
            return super().rng_for(view)
        stage = "auction" if view.phase is Phase.BIDDING else "nest"
        scores = ",".join(map(str, view.scores))
        # The bidder's cards with the nest's, the same before and after the discard.
        cards = ",".join(map(str, sorted(view.hand + view.nest_discarded)))
        return random.Random(f"{self.seed}:{stage}:{view.seat}:{view.hand_number}:{view.dealer}:{scores}:{cards}")

    def advise(self, view: SeatView) -> Advice:
        """``SearchPlayer.advise``; a discard names the trump the trump hint will name after it.

        The discard is the one ``choose`` makes; its trump is the best of the
        four colors with that discard, over the deals the trump phase will
        judge (the same random numbers), so following the discard hint never
        brings a trump hint that names another color.
        """
        advice = super().advise(view)
        if isinstance(advice, NestAdvice):
            discard = mask_of(advice.action.cards)
            settled = best_trump_after(view, mask_of(view.hand), discard, self.budget, self.rng_for(view),
                                       self.deal_source(view))
            advice = nest_advice(view, settled)
        return advice


class TruthTuning(BidTuning):
    """The cheating yardstick's bidding: its simulation plays the true deal, so no estimate can improve on it."""

    MODEL_SHARE = 0.0


class CheatingPlayer(SearchPlayer):
    """The same search given the true deal instead of samples: a yardstick, never an opponent.

    The benchmark measures how much of its edge the fair players reach.
    """

    needs_state = True
    bid_tuning = TruthTuning

    def __init__(self, seed: int | None = None, budget: SearchBudget = STRONG, name: str = "cheat") -> None:
        super().__init__(seed, SearchBudget(samples=8, deadline=budget.deadline, exact_cards=budget.exact_cards,
                                            epsilon=0.1, rollout_exact_cards=budget.rollout_exact_cards), name)
        self._truth: SampledDeal | None = None

    def choose_with_state(self, state: GameState, seat: int) -> Action:
        """Choose seeing every hand and the nest."""
        self._truth = SampledDeal(list(state.hands), state.nest)
        try:
            return self.choose(state.view(seat))
        finally:
            self._truth = None

    def analyse_with_state(self, state: GameState, seat: int) -> PlayAnalysis:
        """The card play's search for ``seat`` seeing every hand: each legal card's figure on the true deal
        (``bench.figure_bias`` sets the fair players' figures against these)."""
        self._truth = SampledDeal(list(state.hands), state.nest)
        try:
            return self.analyse(state.view(seat))
        finally:
            self._truth = None

    def deal_source(self, view: SeatView) -> DealSource:
        truth = self._truth
        if truth is None:
            return draw_deals

        def the_truth(view: SeatView, knowledge: Knowledge, count: int, rng: random.Random) -> list[SampledDeal]:
            return [SampledDeal(list(truth.hands), truth.nest) for _ in range(max(1, count))]

        return the_truth


class PlayCheatingPlayer(SearchPlayer):
    """The strong player that sees every hand in the card play alone: a yardstick, never an opponent.

    It bids, takes the nest and names trump as ``strong`` does, and plays its cards as ``cheat``: set against
    ``strong``, the margin is what the hidden cards cost the strong player in the card play.
    """

    needs_state = True

    cheat_phases: frozenset[Phase] = frozenset({Phase.PLAY})
    """The phases in which it chooses as ``cheat`` (the rest as ``strong``)."""

    cheat_sides: frozenset[str] = frozenset({"bidder", "defender"})
    """In the card play, on which side of the contract it sees every hand: the bid winner's, the others'."""

    def __init__(self, seed: int | None = None, budget: SearchBudget = STRONG, name: str = "cheat-play") -> None:
        super().__init__(seed, budget, name)
        self._cheat = CheatingPlayer(seed, budget, name)

    def choose_with_state(self, state: GameState, seat: int) -> Action:
        """Choose as ``cheat`` in ``cheat_phases`` (the card play) on ``cheat_sides``, as ``strong`` in the rest."""
        if state.phase in self.cheat_phases and (state.phase is not Phase.PLAY or self._side(state, seat)
                                                 in self.cheat_sides):
            return self._cheat.choose_with_state(state, seat)
        return self.choose(state.view(seat))

    @staticmethod
    def _side(state: GameState, seat: int) -> str:
        """Whether ``seat`` plays on the bid winner's side this hand or against it."""
        team_of = state.team_of
        bidder = state.bidder
        return "bidder" if bidder is not None and team_of[bidder] == team_of[seat] else "defender"


class BidderPlayCheatingPlayer(PlayCheatingPlayer):
    """The strong player that sees every hand in the card play only where its side won the bid (level
    ``cheat-play-bidder``): a yardstick."""

    cheat_sides = frozenset({"bidder"})


class DefencePlayCheatingPlayer(PlayCheatingPlayer):
    """The strong player that sees every hand in the card play only where it defends against a contract
    (level ``cheat-play-defence``): a yardstick."""

    cheat_sides = frozenset({"defender"})


class BidCheatingPlayer(PlayCheatingPlayer):
    """The strong player that sees every hand in the bidding alone (level ``cheat-bid``): a yardstick."""

    cheat_phases = frozenset({Phase.BIDDING})


class NestCheatingPlayer(PlayCheatingPlayer):
    """The strong player that sees every hand in the nest exchange and the trump alone (level
    ``cheat-nest``): a yardstick."""

    cheat_phases = frozenset({Phase.DISCARD, Phase.TRUMP})


class HandsSeenInBiddingPlayer(SearchPlayer):
    """The strong player that, in the bidding alone, sees the hands of some other seats (its partners', or its
    opponents'), the rest dealt as it would deal them: a yardstick of what the bidding would gain from knowing
    them (levels ``cheat-bid-partner`` and ``cheat-bid-opponents``).  Its bidding numbers are the strong
    player's, unlike ``cheat-bid``'s (``TruthTuning``)."""

    needs_state = True

    sees_partners = True
    """Whose hands it sees: its partners' (True) or its opponents' (False)."""

    def __init__(self, seed: int | None = None, budget: SearchBudget = STRONG, name: str = "cheat-bid-partner") -> None:
        super().__init__(seed, budget, name)
        self._seen: dict[int, int] = {}

    def choose_with_state(self, state: GameState, seat: int) -> Action:
        """Choose as ``strong`` does, seeing the chosen seats' hands while bidding."""
        if state.phase is Phase.BIDDING:
            team_of = state.team_of
            self._seen = {
                other: state.hands[other]
                for other in range(state.seat_count)
                if other != seat and (team_of[other] == team_of[seat]) == self.sees_partners
            }
        try:
            return self.choose(state.view(seat))
        finally:
            self._seen = {}

    def deal_source(self, view: SeatView) -> DealSource:
        seen = self._seen
        if not seen:
            return draw_deals
        shown = 0
        for hand in seen.values():
            shown |= hand

        def with_hands_seen(view: SeatView, knowledge: Knowledge, count: int, rng: random.Random) -> list[SampledDeal]:
            excluded = dict(knowledge.excluded)
            for slot in knowledge.needs:
                hand = seen.get(slot)
                excluded[slot] = excluded.get(slot, 0) | (knowledge.unseen & ~hand if hand is not None else shown)
            return draw_deals(view, dataclasses.replace(knowledge, excluded=excluded), count, rng)

        return with_hands_seen


class OpponentsSeenInBiddingPlayer(HandsSeenInBiddingPlayer):
    """``HandsSeenInBiddingPlayer`` seeing its opponents' hands (level ``cheat-bid-opponents``)."""

    sees_partners = False
