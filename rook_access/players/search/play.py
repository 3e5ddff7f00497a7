"""Card play by search: sampled deals, a rollout or an exact solve for each card.

For each deal drawn by ``sampling`` (the seat's own cards fixed, the unseen
ones dealt as the view allows), every legal card is tried: the rest of the
hand is played out by the rollout policy, or solved exactly once few cards
remain (where the objective rises with this team's points alone: two teams,
the bid winner's team, or each alone without bidding; the solver pits this
team against every other seat), and the hand's score is worked out as the
rules score it, for the hand's teams as the play is searched
(``Outlook.for_play``: the defenders of the 5- and 6-player games as one
side).  The card with the best average score wins.  The search stops at its
sample budget, at its time target once it has searched ``TARGET_FLOOR``
deals, or at its deadline, whichever comes first, and always has an answer.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ...engine import Play, RuleSet, SeatView, cards_in
from .knowledge import Knowledge, excluded_by_voids
from .outlook import Outlook, trick_counts
from .rollout import rollout
from .sampling import DealSource, SampledDeal, draw_deals
from .solver import SolverTables, solve_counted, solve_moves_counted
from .tables import TrumpTables, trump_tables


@dataclass(frozen=True)
class SearchBudget:
    """How hard a search player thinks."""

    samples: int = 48
    """Deals drawn for each card decision."""
    deadline: float = 0.8
    """Seconds after which a decision stops searching and answers with what it has."""
    time_target: float = math.inf
    """Seconds after which a card decision (and the nest exchange's choice among discards) draws no more
    deals once it has searched ``TARGET_FLOOR`` of them: what a player waits for stays within the time
    target on a slower or busier machine, where the sample budget alone would not.  How fast the machine
    is then decides which choices are cut short, so a repeatable game (``--seed``) searches without it
    (``SearchPlayer.search_whole_budget``)."""
    exact_cards: int = 4
    """Solve exactly when every seat holds at most this many cards."""
    exact_samples: int | None = None
    """Deals drawn for a decision solved exactly (None: ``samples``): an exact solve costs more than a
    rollout."""
    exact_work: int | None = None
    """The most positions the exact solves of one decision may search in all (None: no limit): no deal is
    solved after it is spent (the first always is).  Counted, not timed, so that a seed repeats a game on
    any machine; a lead with many cards and hard deals solves fewer of them."""
    epsilon: float = 0.0
    """Share of random cards in rollouts."""
    rollouts: int = 1
    """Rollouts per card and deal."""
    blind_rollouts: str = ""
    """Which seats play the rollouts blind, by what they could know (``rollout``'s ``shown_out``), not by the
    sampled deal's every hand: "" none, "all" every seat, "side" the searching seat's side only (the others
    still see everything, as a best defence would).  The search then values a card by futures played as
    people play them, not as if each later guess were right (a remedy for strategy fusion)."""
    rollout_exact_cards: int = 0
    """Hand each rollout's ending to the exact search once every seat holds at most this many cards (0: never),
    where the exact solver plays the rules: each card is then valued against the endgame the player will
    really play, not the rollout rules' (the 5- and 6-player games hand over at fewer cards, as many in all
    as four hands of this many)."""
    pull_trump: bool = False
    """Whether the rollouts' seats lead trumps while their side is the longer in them (``rollout``'s
    ``pull_trump``), as a side long in trumps draws the other side's."""
    max_work: int = 500_000
    """The most work a decision's rollouts may do, counted as samples × legal cards × cards left
    in the hands × the longest hand (a rollout plays every card left, choosing each among about
    a hand's cards): fewer samples when the hands are long (Flip and High 14 deal the whole pack).
    The largest decision of the Hasbro games (the 2-player game's first lead: 96 × 12 × 36 × 12)
    is within it, so their searches are as they were."""



TARGET_FLOOR = 16
"""Deals a card decision searches before its time target may stop it (its deadline stops it whatever it has):
fewer would leave the choice to the luck of the draw.  16 deals of the longest decisions took about 40 ms on
the slower of the project's machines (docs/development.md, "Time per decision: the time target")."""

EXACT_SEATS = 4
"""The exact solver plays positions of at most this many hands of ``SearchBudget.exact_cards`` cards:
the time of a solve grows fast with the seats (the 6-player game's positions of 4 cards each took up
to 40 ms a deal, the 4-player games' 2 ms)."""


@dataclass
class CardResult:
    """What the search found for one card."""

    card: int
    total: float = 0.0
    points: float = 0.0
    count: int = 0
    outcomes: list[float] = field(default_factory=list)
    """Each deal's outcome (each rollout's, where a deal has several), in the order the deals were searched:
    the same order for every card of one search, so two cards' outcomes pair deal by deal
    (``paired_error``).  Empty where the search keeps only totals (the tree search)."""

    @property
    def mean(self) -> float:
        """The average hand score (this team's minus the other teams' mean) when this card is played."""
        return self.total / self.count if self.count else float("-inf")

    @property
    def mean_points(self) -> float:
        """The average points this team takes from now on (the defenders' together where they plan as one side)."""
        return self.points / self.count if self.count else 0.0


def paired_error(better: CardResult, worse: CardResult) -> float | None:
    """The standard error of ``better``'s mean outcome less ``worse``'s, deal by deal (both searched on the
    same deals, the same futures); None where the outcomes are not kept or are too few to tell.

    >>> a, b = CardResult(1, outcomes=[10.0, 20.0, 30.0]), CardResult(2, outcomes=[0.0, 10.0, 20.0])
    >>> paired_error(a, b)  # every deal 10 apart: no doubt at all
    0.0
    >>> round(paired_error(a, CardResult(2, outcomes=[10.0, 0.0, 20.0])), 2)
    5.77
    """
    count = len(better.outcomes)
    if count < 2 or len(worse.outcomes) != count:
        return None
    differences = [one - other for one, other in zip(better.outcomes, worse.outcomes, strict=True)]
    mean = sum(differences) / count
    variance = sum((difference - mean) ** 2 for difference in differences) / (count - 1)
    return math.sqrt(variance / count)


@dataclass
class PlayAnalysis:
    """The outcome of one search: a result per legal card, and how it was found."""

    results: dict[int, CardResult]
    samples: int
    exact: bool
    elapsed: float
    chosen: int = -1

    def ranked(self) -> list[CardResult]:
        """The cards, best first."""
        return sorted(self.results.values(), key=lambda result: -result.mean)


def teams_won(view: SeatView, outlook: Outlook) -> int:
    """The teams that took a trick so far this hand (bit ``t`` for team ``t``)."""
    won = 0
    for trick in view.tricks:
        won |= 1 << outlook.team_of[trick.winner]
    return won


def solver_fits(rules: RuleSet) -> bool:
    """Whether the exact solver plays these rules: points only in cards, none below 0, the most
    taken the best, and a card that beats the winning card beating it whatever was led (not in
    Flip, whose points count against, nor in High 14, with its points for tricks and its 14s);
    no odd cards from uneven hands and no points for most tricks or for each trick (the 1913
    games: the solver counts none of them).

    >>> from rook_access.engine.rules import VARIANTS
    >>> [name for name, rules in VARIANTS.items() if not solver_fits(rules)]
    ['partnership-1913', 'dixie', 'display', 'flip', 'high-14']
    """
    if rules.odd_cards or rules.most_tricks_bonus or rules.trick_points:
        return False
    return not (rules.avoid_points or rules.points_per_trick or rules.fourteens_any_time) and min(rules.points) >= 0


def center_points_of(view: SeatView, nest: int) -> int:
    """The points the first trick's taker takes from the centre (Flip, High 14), while the first
    trick is played; 0 once it is taken, and in the other games."""
    rules = view.rules
    return rules.points_in(nest) if rules.center_to_first_trick and not view.tricks else 0


def nest_points_of(rules: RuleSet, nest: int) -> int:
    """The points the last trick takes from the nest (none where the nest is out of play)."""
    return rules.points_in(nest) if rules.last_trick_takes_nest and rules.bidding else 0


def analyse_play(
    view: SeatView,
    budget: SearchBudget,
    rng: random.Random,
    deal_source: DealSource = draw_deals,
    start: float | None = None,
    mistakes: Sequence[float] | None = None,
) -> PlayAnalysis:
    """Search the legal cards of ``view`` over deals from ``deal_source``.

    ``mistakes``, if given, is each seat's share of random cards in the rollouts (``skill.mistake_rates``:
    the other seats as they play), in place of the budget's ``epsilon`` for every seat.
    """
    start = time.perf_counter() if start is None else start
    deadline = start + budget.deadline
    target = start + budget.time_target
    rules = view.rules
    assert view.trump is not None
    tables = trump_tables(rules, view.trump)
    legal = 0
    for action in view.legal:
        if isinstance(action, Play):  # in card play, every legal action is one
            legal |= 1 << action.card
    cards = cards_in(legal)
    results = {card: CardResult(card) for card in cards}
    if len(cards) == 1:
        return PlayAnalysis(results, 0, False, time.perf_counter() - start, cards[0])
    knowledge = Knowledge.from_view(view)
    outlook = Outlook.for_play(view)
    # The exact solver maximizes one team's points against everyone else: right where the objective
    # rises with this team's points alone (two teams, the bidder's team, or each alone without bidding).
    # Its time grows with every seat's cards: no more cards in all than four hands of ``exact_cards``
    # (the 5-player game is solved from 3 cards each, the 6-player game from 2).
    exact = (
        max(view.hand_sizes) <= budget.exact_cards
        and sum(view.hand_sizes) <= EXACT_SEATS * budget.exact_cards
        and outlook.by_own_points
        and solver_fits(rules)
    )
    if exact and budget.exact_samples is not None:
        samples = budget.exact_samples
    else:
        work = len(cards) * sum(view.hand_sizes) * max(view.hand_sizes) * budget.rollouts
        samples = max(1, min(budget.samples, budget.max_work // work))
    deals = deal_source(view, knowledge, samples, rng)
    leader = view.trick_leader if view.trick_leader is not None else view.seat
    trick = list(view.trick)
    won = teams_won(view, outlook)
    epsilon: float | Sequence[float] = budget.epsilon
    if mistakes is not None and any(mistakes):
        epsilon = [max(budget.epsilon, rate) for rate in mistakes]
    done = 0
    guesses: dict[int, int] = {}
    solved: SolverTables = {}
    work = 0
    work_limit = budget.exact_work if exact and budget.exact_work is not None else math.inf
    blind = None  # what each seat has shown, and the seats that play blind: the same for every deal
    if budget.blind_rollouts:
        every = budget.blind_rollouts == "all"
        seats = [other for other in range(rules.players) if every or outlook.team_of[other] == outlook.mine]
        blind = (shown_out_of(view), sum(1 << other for other in seats))
    for deal in deals:
        work += _evaluate_deal(view, outlook, won, tables, deal, leader, trick, cards, results, budget, rng, exact,
                               epsilon, guesses, solved, blind)
        done += 1
        now = time.perf_counter()
        if now > deadline or work >= work_limit or (now > target and done >= TARGET_FLOOR):
            break
    best = max(cards, key=lambda card: (round(results[card].mean, 6), -_cost(tables, card)))
    return PlayAnalysis(results, done, exact, time.perf_counter() - start, best)


def shown_out_of(view: SeatView) -> list[int]:
    """The cards each seat has shown it cannot hold this hand (the suits it showed out of), ``view.seat``'s
    own included: what every seat knows of the others' hands besides the cards gone."""
    excluded = dict.fromkeys(range(view.rules.players), 0)
    excluded_by_voids(view, excluded)
    return [excluded[seat] for seat in range(view.rules.players)]


def _cost(tables: TrumpTables, card: int) -> int:
    """How much a card is worth keeping: points first, then rank (ties go to the cheaper card).

    Where points count against (Flip) a high card is a danger, not a worth:
    ties go to the card with the fewest points either way, then the highest."""
    if tables.avoid:
        return abs(tables.points[card]) * 1024 + 64 - tables.rank[card]
    return tables.points[card] * 1024 + tables.rank[card]


def _evaluate_deal(
    view: SeatView,
    outlook: Outlook,
    won: int,
    tables: TrumpTables,
    deal: SampledDeal,
    leader: int,
    trick: list[int],
    cards: list[int],
    results: dict[int, CardResult],
    budget: SearchBudget,
    rng: random.Random,
    exact: bool,
    epsilon: float | Sequence[float],
    guesses: dict[int, int],
    solved: SolverTables,
    blind: tuple[list[int], int] | None = None,
) -> int:
    """Add the outcome of each card on ``deal`` to ``results``; the positions an exact solve searched (0 for
    rollouts).  Rollouts play random cards at ``epsilon`` (one rate, or one per seat), and with ``blind``
    (the cards each seat has shown it cannot hold, and the seats that play blind) as ``rollout`` says.  An
    exact solve starts its search of each card from the value found on the deal before (``guesses``, which it
    updates), with the transposition tables of the deals before (``solved``)."""
    rules = view.rules
    seat = view.seat
    side = outlook.mine
    team_of = outlook.team_of
    nest_points = nest_points_of(rules, deal.nest)
    center_points = center_points_of(view, deal.nest)
    counters = outlook.counters_of(view)
    if exact:
        assert view.trump is not None  # named before card play
        values, searched = solve_moves_counted(rules, view.trump, deal.hands, leader, trick, side, nest_points,
                                               team_of, guesses, solved)
        guesses.update(values)
        remaining = (
            sum(rules.points_in(hand) for hand in deal.hands) + sum(rules.points[c] for c in trick) + nest_points
        )
        # The solver knows what this team takes; another team takes the rest (the objective counts
        # the other teams' mean, so how they share it does not matter).
        other = 1 if side == 0 else 0
        for card in cards:
            mine = values[card]
            final = list(counters)
            final[side] += mine
            final[other] += remaining - mine
            result = results[card]
            outcome = outlook.outcome(final)
            result.total += outcome
            result.outcomes.append(outcome)
            result.points += mine
            result.count += 1
        return searched
    so_far = trick_counts(view, outlook) if rules.most_tricks_bonus or rules.trick_points else None
    shown_out, blind_seats = blind if blind is not None else (None, -1)
    finish = None
    finish_cards = 0
    if budget.rollout_exact_cards and outlook.by_own_points and solver_fits(rules) and not rules.all_tricks_bonus:
        finish_cards = min(budget.rollout_exact_cards, EXACT_SEATS * budget.rollout_exact_cards // rules.players)
        assert view.trump is not None  # named before card play
        trump = view.trump

        def finish(hands: list[int], leader: int) -> int:
            return solve_counted(rules, trump, hands, leader, side, nest_points, team_of, solved)
    # With a mistake rate per seat, every card of a deal meets the same mistakes (common random numbers):
    # the cards are compared on the same futures, not on the luck of each one's.
    common = rng.random() if not isinstance(epsilon, (int, float)) else None
    for card in cards:
        for turn in range(budget.rollouts):
            hands = list(deal.hands)
            hands[seat] &= ~(1 << card)
            tricks = None if so_far is None else list(so_far)
            draw = rng.random if common is None else random.Random(f"{common}:{turn}").random
            taken, more = rollout(tables, team_of, hands, leader, [*trick, card], nest_points, draw,
                                  epsilon, tricks, center_points, shown_out, blind_seats, finish, finish_cards, side,
                                  budget.pull_trump)
            final = [have + extra for have, extra in zip(counters, taken, strict=True)]
            result = results[card]
            outcome = outlook.outcome(final, won | more, tricks)
            result.total += outcome
            result.outcomes.append(outcome)
            result.points += taken[side]
            result.count += 1
    return 0
