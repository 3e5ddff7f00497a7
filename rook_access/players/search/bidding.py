"""Bidding: what the hand will take if it wins the bid, and how high that is worth going.

Two estimates of the points a hand's team takes as the bidder are joined:

* a linear model of the hand's features, learned offline from self-play and
  shipped in ``bidding_model.json``, one model per game (deck, deal and
  teams: ``outlook.model_signature``; ``python -m
  rook_access.players.search.train_bidding`` makes them again);
* a simulation: deals of the unseen cards drawn to fit the bids so far, the
  nest added to the hand, a quick discard and trump, and the hand played out
  with the teams this seat would play with as the bid winner.

The simulated points, shifted toward the model's estimate, give the expected
hand score of each bid (a set loses the whole bid), and the player bids on
while the best of them beats passing.  What passing is worth while an
opponent may still win the bid is the tuned Partnership Game figure, scaled
to each game (``contested_pass_value``); the benchmarks' level
``strong-passsim`` values it by simulating the contract it lets stand
(``simulate_as_defender``, ``BidTuning.SIMULATE_PASS``).  A game without a
model (rules made up outside the program's games) bids on the simulation
alone.  Where
checking is allowed, a hand that would pass checks instead.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ...engine import (
    CHECK,
    PASS,
    Action,
    Bid,
    SeatView,
    cards_in,
)
from ...engine.rules import RuleSet, Teams, most_tricks_team, team_of
from ..hand_value import best_trump
from .bidding_model import load_model
from .knowledge import Knowledge
from .nest import candidate_discards, color_ranks
from .outlook import Outlook, first_leader
from .play import SearchBudget, nest_points_of
from .rollout import rollout
from .sampling import DealSource, SampledDeal, deal_unseen, draw_deals
from .tables import trump_tables


def quick_nest(hand: int, rules: RuleSet) -> tuple[int, int]:
    """A fast trump and discard for the bidder's hand and the nest (no simulation): the trump and the kept cards."""
    cards = cards_in(hand)
    trump = best_trump(cards, rules)
    discard = candidate_discards(hand, trump, rules.nest_size, rules.points, color_ranks(rules))[0]
    return trump, hand & ~discard


def play_as_bidder(rules: RuleSet, outlook: Outlook, hands: list[int], nest: int, bidder: int,
                   leader: int, tricks: list[int] | None = None, mistakes: Sequence[float] | None = None,
                   draw: Callable[[], float] | None = None) -> tuple[list[int], int]:
    """The bidder takes the nest, buries by ``quick_nest`` and names trump; the hand is played out.

    ``hands`` are changed.  Returns the points each team took and the teams that took a trick;
    ``tricks``, if given, counts each team's tricks.  With ``mistakes`` (a share per seat) and ``draw``
    (random numbers) the seats play that share of their cards at random (``skill``).
    """
    trump, kept = quick_nest(hands[bidder] | nest, rules)
    buried = (hands[bidder] | nest) & ~kept
    hands[bidder] = kept
    return rollout(trump_tables(rules, trump), outlook.team_of, hands, leader, [], nest_points_of(rules, buried),
                   draw, 0.0 if mistakes is None else mistakes, tricks=tricks)


def _defenders_together(outlook: Outlook, bidder: int) -> Outlook:
    """``outlook`` with the bid winner's opponents as one side, as the search's defenders play
    (``Outlook.for_play``): the rollouts' defenders then lead to and feed one another."""
    rules = outlook.rules
    teams = ((bidder,), tuple(seat for seat in range(rules.players) if seat != bidder))
    return Outlook(rules, teams, team_of(teams, rules.players), 0 if outlook.mine == outlook.bidder_team else 1, 0,
                   outlook.bid, pooled=True)


def _shared_out(outlook: Outlook, bidder: int, run: tuple[list[int], int],
                counts: list[int] | None, pooled: list[int] | None) -> tuple[list[int], int]:
    """A run played with the defenders as one side (``_defenders_together``) in ``outlook``'s teams: the bid
    winner's team keeps its points and tricks, the defenders' are shared out among their teams as evenly as
    whole points go (their sum and their mean, all that the bidding weighs, are the side's)."""
    taken, took = run
    mine = outlook.team_of[bidder]
    others = [team for team in range(outlook.size) if team != mine]

    def spread(bidders: int, defenders: int) -> list[int]:
        share, rest = divmod(defenders, len(others))
        result = [0] * outlook.size
        result[mine] = bidders
        for index, team in enumerate(others):
            result[team] = share + (1 if index < rest else 0)
        return result

    if counts is not None and pooled is not None:
        counts[:] = spread(pooled[0], pooled[1])
    bits = (1 << mine if took & 1 else 0) | (sum(1 << team for team in others) if took & 2 else 0)
    return spread(taken[0], taken[1]), bits


def simulate_as_bidder(view: SeatView, samples: int, rng: random.Random,
                       deal_source: DealSource = draw_deals,
                       tricks: list[list[int]] | None = None,
                       mistakes: Sequence[float] | None = None,
                       weak: list[tuple[list[int], int]] | None = None,
                       weak_tricks: list[list[int]] | None = None,
                       deals: Sequence[SampledDeal] | None = None,
                       together: bool = False) -> list[tuple[list[int], int]]:
    """The points each team takes, over sampled deals, if this seat wins the bid and takes the nest
    (teams as ``Outlook.as_bidder``), with the teams that took a trick; each run's tricks by team
    are added to ``tricks`` if it is given.

    With ``mistakes`` (each seat's share of random cards, ``skill``) and the list ``weak``, each deal is
    played again with those mistakes, its run added to ``weak`` (and its tricks to ``weak_tricks``): the
    same deals as the runs returned, so the two differ by the mistakes alone.  ``deals``, if given, are
    played instead of drawing ``samples`` of them.  ``together``: where the bid winner plays alone against
    several who each keep a score, the defenders play as one side, as the search's defenders do at the table
    (``_defenders_together``); the points are still told by ``Outlook.as_bidder``'s teams."""
    rules = view.rules
    if deals is None:
        deals = deal_source(view, Knowledge.from_view(view), samples, rng)
    outlook = Outlook.as_bidder(view, view.seat)
    pooling = together and rules.teams is Teams.BIDDER_ALONE and outlook.size > 2
    played = _defenders_together(outlook, view.seat) if pooling else outlook
    leader = first_leader(rules, view.dealer)

    def run(deal: SampledDeal, counts: list[int] | None, rates: Sequence[float] | None = None,
            draw: Callable[[], float] | None = None) -> tuple[list[int], int]:
        pooled = None if counts is None or not pooling else [0] * played.size
        result = play_as_bidder(rules, played, list(deal.hands), deal.nest, view.seat, leader,
                                pooled if pooling else counts, rates, draw)
        return _shared_out(outlook, view.seat, result, counts, pooled) if pooling else result

    runs = []
    for deal in deals:
        counts = None if tricks is None else [0] * outlook.size
        runs.append(run(deal, counts))
        if tricks is not None and counts is not None:
            tricks.append(counts)
    if mistakes is not None and weak is not None:
        for deal in deals:
            counts = None if weak_tricks is None else [0] * outlook.size
            weak.append(run(deal, counts, mistakes, random.Random(rng.random()).random))
            if weak_tricks is not None and counts is not None:
                weak_tricks.append(counts)
    return runs


@dataclass(frozen=True)
class ContractOdds:
    """Another seat's contract simulated from this seat's side: what letting that seat have the bid is worth."""

    value: float
    """The mean hand score for this seat (its score minus the other scorers' mean: ``Outlook.scorer_margin``)."""
    made: float
    """The share of the deals on which the bidder's team makes the bid."""


def simulate_as_defender(view: SeatView, bidder: int, bid: int, samples: int, rng: random.Random,
                         deal_source: DealSource = draw_deals, model_share: float = 0.0,
                         deals: Sequence[SampledDeal] | None = None, bias: int = 0) -> ContractOdds:
    """``bidder``'s contract at ``bid`` over sampled deals: ``bidder`` takes the nest and the hand is played
    out (``play_as_bidder``), each deal's hand scored as the rules score it.

    With ``model_share`` the bidder's team's points are moved that share of the way toward the bidding
    model's estimate of the bidder's hands (over the deals, from the other teams), as ``plan_bid`` moves a
    hand's own: the simulation's defenders see every card, so alone it undervalues a contract.  ``deals``,
    if given, are played instead of drawing ``samples`` of them; ``bias`` points are moved the same way on
    every deal (``BidTuning.SIMULATION_BIAS``)."""
    rules = view.rules
    if deals is None:
        deals = deal_source(view, Knowledge.from_view(view), samples, rng)
    outlook = Outlook.as_bidder(view, bidder, bid)
    leader = first_leader(rules, view.dealer)
    counting = bool(rules.most_tricks_bonus or rules.trick_points)
    runs = []
    for deal in deals:
        tricks = [0] * outlook.size if counting else None
        runs.append((*play_as_bidder(rules, outlook, list(deal.hands), deal.nest, bidder, leader, tricks), tricks))
    side = outlook.bidder_team
    assert side is not None  # a contract has a bidder
    model = load_model(rules) if model_share else None
    shift = bias
    if model is not None:
        simulated = sum(taken[side] for taken, _, _ in runs) / len(runs)
        estimated = sum(model.estimate(cards_in(deal.hands[bidder]), rules) for deal in deals) / len(deals)
        shift += round(model_share * (estimated - simulated))
    total = 0.0
    made = 0.0
    for taken, won, tricks in runs:
        if shift:  # from the other teams to the bidder's, keeping the total
            taken = [points + shift if team == side else points - shift // (outlook.size - 1)
                     for team, points in enumerate(taken)]
        total += outlook.scorer_margin(taken, won, tricks)
        made += outlook.made(taken, won, tricks)
    return ContractOdds(total / len(deals), made / len(deals))


@dataclass(frozen=True)
class BidPlan:
    """What the bidder worked out: expected points, the most worth bidding, and the choice."""

    expected_points: float
    model_points: float
    limit: int | None
    action: Action
    make_chances: tuple[tuple[int, float], ...] = ()
    """Each bid amount with the share of the simulated deals on which a contract at it is made (the
    simulation as the bids were valued: ``bench.bid_calibration`` sets it against the table's results)."""

    def make_chance(self, amount: int) -> float | None:
        """The simulated share of deals on which a contract at ``amount`` is made, if it was worked out."""
        return dict(self.make_chances).get(amount)


class BidTuning:
    """Numbers that set how boldly the player bids (tuned by duplicate matches)."""

    MODEL_SHARE = 0.75
    """How far the simulated points are moved toward the model's estimate."""
    PASS_VALUE_CONTESTED = -70.0
    """The expected hand score of passing while an opponent may still win the bid in the Partnership
    Game: about what an opponents' contract costs (they take some 90 of the 120 points when they hold
    the nest).  Other games scale it (``contested_pass_value``; checked by duplicate matches)."""
    MIN_SAMPLES = 32
    """Deals simulated for a bid at the least: a bid is too costly to make on a noisy estimate."""
    PARTNER_MARGIN = 25.0
    """How much more a hand must expect than partner's bid to take the bid from partner."""
    PASS_SHARE_WITHOUT_NEST = 0.6
    """Where no nest goes to the bid winner (Partnership Rook, 1913), an opponents' contract is worth
    less to them: passing costs this share of the scaled figure (duplicate matches: at 1.0 three in ten
    bids were set and a strong side of three gained +5 a deal, at 0.6 one in six and +24)."""
    PASS_VALUE_THROWN_IN = -40.0
    """What passing is worth in the 2-player game where it throws the hand in (the other player has
    passed): the hand scores nothing, but the simulation, whose defenders see every card, values the
    least bid there far below what the search player makes of it (duplicate matches against easy: of
    the hands that were thrown in, those it valued above -45 were all made, +20 to +95 a hand).  In
    the other games passing there is worth 0."""
    SIMULATE_PASS = False
    """While an opponent holds the bid, value passing by sampled deals played with that opponent as the bid
    winner at its bid (their contract made or set, as the rules score it: ``simulate_as_defender``) instead
    of the fixed figure: a contract bid up high is often set, one bid low costs more.  Tried on 2026-11-26
    and not kept (docs/development.md, "Passing valued by the contract it lets stand"): bench levels
    ``strong-passsim`` and ``strong-passsim-model``."""
    PASS_MODEL_SHARE = 0.0
    """With ``SIMULATE_PASS``, how far the opponent's simulated points are moved toward the bidding model's
    estimate of its sampled hands (``MODEL_SHARE`` moves a hand's own)."""
    PASS_ON_SAME_DEALS = False
    """With ``SIMULATE_PASS``, play the opponent's contract on the very deals the player's own bids are
    valued on (common random numbers): the bid and the pass then differ by the decision, not by the luck
    of two samples.  Bench level ``strong-passsim-same``; not kept (docs/development.md, "Where the strong
    player's deals go")."""
    SIMULATION_BIAS = 0.0
    """Points added to the bidder's team in every simulated contract (the player's own and, with
    ``SIMULATE_PASS``, an opponent's), taken from the other teams: what the simulation misses of what a
    bidder takes at the table.  Measured on 2026-11-26 in the Partnership Game: the strong player's
    contracts took 7 to 9 points more than its bids' simulation and the model expected; putting 8 back lost
    its duplicate matches against easy (more bids won and set), so the player keeps 0 (docs/development.md,
    "The bids' simulation measured against the table")."""
    MIN_CONTESTED_CHANCE = 0.0
    """While an opponent may still win the bid, the least simulated chance of making a bid for it to be worth
    bidding at all, whatever its value against passing (bench level ``strong-minchance``: the contracts the
    cheat lets go are contested ones the simulation gave less than even odds)."""
    MODEL_FROM_PLAIN_DEALS = False
    """Move the simulated points toward the model by the model's difference from the simulation on plain
    deals (the hard facts alone), not on the deals weighed by the auction: the model knows only this hand,
    so it corrects the rollouts' bias, while what the other seats' bids and passes say stays in the
    simulation.  Bench level ``strong-auction``."""
    DEFENDERS_TOGETHER_AT: tuple[int, ...] = (6,)
    """The table sizes at which, where the bid winner plays alone against everyone and every other seat is a
    search player (who defends as one side with the others, ``Outlook.for_play``), the bids' simulation plays
    the defenders so too; against defenders who each play for themselves (easy, a person) it never does.
    Measured on 2026-11-28 (docs/development.md, "Bidding against defenders who play together"): a gain in
    the 6-player game, within the noise and below zero in the 5-player game, so 6 alone.  Bench levels
    ``strong-apart`` (at no size) and ``strong-together`` (at 5 and 6)."""
    PASS_VALUE_EACH_ALONE = -20.0
    """Where everyone plays alone, whoever wins the bid (Rook for 3 to 8, 1913): what another player's
    contract costs a player, in a hand of 100, shared by the other players (at the Partnership Game's
    figure a quarter of the strong player's bids at a table of eight were set; at this one, one in eight)."""


def contested_pass_value(view: SeatView, tuning: type[BidTuning] = BidTuning) -> float:
    """What passing is worth while an opponent may still win the bid.

    The Partnership Game's tuned figure, in proportion to the points of the
    game, and shared out where an opponent's contract leaves more than two
    teams (each alone against the bid winner: a fifth or a sixth of it falls
    on this player, and its scores are compared with the mean of the others).
    """
    rules = view.rules
    opponent = next(seat for seat in rules.people if seat != view.seat)
    teams = len(rules.teams_for_bidder(view.hand_number, opponent))
    if rules.nest_size == 0 and rules.teams is Teams.EACH_ALONE:
        # Everyone alone whoever wins: another's contract is one player's edge, shared by the rest.
        return tuning.PASS_VALUE_EACH_ALONE * rules.total_points / 100 / (teams - 1)
    value = tuning.PASS_VALUE_CONTESTED * rules.total_points / 120 * 2 / teams
    if rules.nest_size == 0:
        value *= tuning.PASS_SHARE_WITHOUT_NEST
    return value


def plan_bid(view: SeatView, budget: SearchBudget, rng: random.Random,
             deal_source: DealSource = draw_deals, tuning: type[BidTuning] = BidTuning,
             mistakes: Sequence[float] | None = None, defenders_together: bool = False) -> BidPlan:
    """The bid (or pass, or check) for ``view`` in the bidding phase.

    With ``mistakes`` (each seat's share of random cards, ``skill.mistake_rates``) the hand is judged as
    the table will play it: the model's correction is worked out on the strong simulation, then applied
    to the same deals played with those mistakes, so a weaker partner brings fewer points to the bid.
    What the mistakes cost (the margin of the strong runs minus the weak ones') is taken off the value of
    passing to an opponent's contract too: a weaker partner defends worse as well.
    """
    rules = view.rules
    cards = list(view.hand)
    model = load_model(rules)
    counting = rules.most_tricks_bonus or rules.trick_points
    trick_runs: list[list[int]] | None = [] if counting else None
    weak: list[tuple[list[int], int]] | None = [] if mistakes is not None and any(mistakes) else None
    weak_tricks: list[list[int]] | None = [] if counting and weak is not None else None
    samples = max(tuning.MIN_SAMPLES, budget.samples)
    team_of = view.team_of
    opponents_in = any(
        not view.passed[seat] and team_of[seat] != view.side for seat in range(rules.players) if seat != view.seat
    )
    partner_high = view.high_bidder is not None and view.high_bidder in view.partners
    simulate_pass = (opponents_in and not partner_high and tuning.SIMULATE_PASS and view.high_bidder is not None
                     and view.high_bid is not None)
    deals = None
    if simulate_pass and tuning.PASS_ON_SAME_DEALS:
        deals = deal_source(view, Knowledge.from_view(view), samples, rng)
    together = defenders_together and rules.players in tuning.DEFENDERS_TOGETHER_AT
    runs = simulate_as_bidder(view, samples, rng, deal_source, trick_runs, mistakes, weak, weak_tricks, deals,
                              together)
    outlook = Outlook.as_bidder(view, view.seat)
    mine = outlook.mine
    mean = sum(taken[mine] for taken, _ in runs) / len(runs)
    model_points = model.estimate(cards, rules) if model is not None else mean
    base = mean  # what the model corrects: the simulation on these deals, or with MODEL_FROM_PLAIN_DEALS on plain ones
    if tuning.MODEL_FROM_PLAIN_DEALS and model is not None and tuning.MODEL_SHARE:
        knowledge = Knowledge.from_view(view)
        plain = simulate_as_bidder(view, samples, rng, deals=[deal_unseen(knowledge, rng) for _ in range(samples)])
        base = sum(taken[mine] for taken, _ in plain) / len(plain)
    shift = tuning.MODEL_SHARE * (model_points - base) + tuning.SIMULATION_BIAS
    deficit = 0.0
    if weak is not None:  # the table as it is: the same deals with the mistakes, the same correction
        deficit = _margin(runs, mine) - _margin(weak, mine)
        runs, trick_runs = weak, weak_tricks
        mean = sum(taken[mine] for taken, _ in runs) / len(runs)
    # The shift moves points from the other teams to this one, keeping the total.  As the bidder's
    # team, a run's hand score is (its points if it makes the bid, else minus the bid) minus the other
    # teams' mean, which does not depend on the bid: each run is kept as (points, bonus, others' mean).
    others = outlook.size - 1
    others_shift = shift / others
    bonus = rules.all_tricks_bonus
    outcomes = []
    for index, (taken, won) in enumerate(runs):
        swept = won.bit_length() - 1 if bonus and won and not won & (won - 1) else None
        rest = sum(taken) - taken[mine] - others * others_shift + (bonus if swept not in (None, mine) else 0)
        if trick_runs is not None and rules.trick_points:  # Display Rook: points for tricks
            outcomes.append(_with_trick_points(rules, mine, trick_runs[index], taken[mine] + shift, rest, others))
            continue
        if trick_runs is not None:  # the bonus for most tricks: the bidders' when made, else the others'
            outcomes.append(_with_trick_bonus(rules, mine, most_tricks_team(trick_runs[index]), taken[mine] + shift,
                                              bonus if swept == mine else 0, rest, others))
            continue
        outcomes.append((taken[mine] + shift, bonus if swept == mine else 0, rest / others))
    expected = mean + shift

    def bid_value(amount: int) -> float:
        value = 0.0
        for points, extra, rest in outcomes:
            value += (points + extra if points >= amount else -amount) - rest
        return value / len(outcomes)

    if partner_high:
        pass_value = None  # partner holds the bid: passing keeps it on our side
    elif simulate_pass:
        assert view.high_bidder is not None and view.high_bid is not None  # an opponent holds a bid
        contract = simulate_as_defender(view, view.high_bidder, view.high_bid, samples, rng, deal_source,
                                        tuning.PASS_MODEL_SHARE, deals, round(tuning.SIMULATION_BIAS))
        # In the units of ``bid_value`` (this team's score against the other teams' mean).
        pass_value = contract.value / outlook.scorer_scale - deficit
    elif opponents_in:
        # The mistakes cost the defence about what they cost a contract: passing is worth less by as much.
        pass_value = contested_pass_value(view, tuning) - deficit
    elif rules.dummy and view.high_bidder is None and all(view.passed[seat] for seat in rules.people
                                                          if seat != view.seat):
        pass_value = tuning.PASS_VALUE_THROWN_IN  # the other player has passed: passing throws the hand in
    else:
        pass_value = 0.0  # the opponents have passed: passing leaves the hand to partner
    limit = None
    chances = []
    for amount in rules.bid_range(None):
        value = bid_value(amount)
        chances.append((amount, sum(points >= amount for points, _, _ in outcomes) / len(outcomes)))
        if partner_high:
            assert view.high_bid is not None  # partner holds a bid
            worth = expected - view.high_bid >= tuning.PARTNER_MARGIN and value > 0
        else:
            assert pass_value is not None  # known whenever partner does not hold the bid
            worth = value > pass_value and not (opponents_in and chances[-1][1] < tuning.MIN_CONTESTED_CHANCE)
        if worth:
            limit = amount
    bids = [action for action in view.legal if isinstance(action, Bid)]
    if PASS not in view.legal and bids:
        action: Action = bids[0]  # the dealer must open: the least bid, the others may raise it
    elif limit is None or not bids or bids[0].amount > limit:
        action = CHECK if CHECK in view.legal else PASS
    else:
        action = bids[0]
    return BidPlan(expected, model_points, limit, action, tuple(chances))


def _margin(runs: list[tuple[list[int], int]], mine: int) -> float:
    """The mean of this team's points minus the other teams' mean over ``runs``."""
    others = len(runs[0][0]) - 1
    return sum(taken[mine] - (sum(taken) - taken[mine]) / others for taken, _ in runs) / len(runs)


def _with_trick_points(rules: RuleSet, mine: int, tricks: list[int], points: float, rest: float,
                       others: int) -> tuple[float, float, float]:
    """A run's (points toward the bid, more points if made, the other teams' mean) in Display Rook: each
    trick is worth ``trick_points``; when the bid is made the others score only their tricks' points, so
    making it is also worth the others' counters (the "more points")."""
    points += rules.trick_points * tricks[mine]
    their_tricks = rules.trick_points * (sum(tricks) - tricks[mine])
    full = (rest + their_tricks) / others
    made = their_tricks / others if rules.made_others_score_tricks_only else full
    return points, full - made, full


def _with_trick_bonus(rules: RuleSet, mine: int, most: int | None, points: float, extra: float, rest: float,
                      others: int) -> tuple[float, float, float]:
    """A run's (points toward the bid, more points if made, the other teams' mean) with the bonus for most
    tricks: it counts toward the bid only where the rules say so (``trick_bonus_makes_bid``)."""
    if most == mine:
        if rules.trick_bonus_makes_bid:
            points += rules.most_tricks_bonus
        else:
            extra += rules.most_tricks_bonus
    elif most is not None:
        rest += rules.most_tricks_bonus
    return points, extra, rest / others
