"""Card play by information-set Monte Carlo tree search (single observer), a remedy for strategy fusion.

``play.analyse_play`` values each card by playing every sampled deal out as if
every later card were chosen seeing that deal.  Here one tree of the card
play is grown over all the sampled deals at once (Cowling, Powley and
Whitehouse, "Information Set Monte Carlo Tree Search", 2012): a node is the
cards played since the decision, whatever the deal, so a later choice of the
searching seat is one choice for every deal that reaches it, as it is at the
table.  Each iteration takes the next sampled deal, walks down the tree by
UCB among the cards legal in that deal (a card's statistics count the times
it was available, not the times its parent was visited), adds one node, and
plays the rest out with ``rollout``.  Every seat's node chooses for its own
team: the searching team maximises the hand's outcome, the other minimises it.

It searches only where ``applies`` says so: two teams, the searching seat's
side won the bid (the card play of the bid winner's side holds nearly all of
what the hidden cards cost, docs/development.md), rules the exact solver
plays, and more cards left than an exact solve takes.  With ``tree_side_only``
the tree holds the searching team's choices alone, the other team playing in
it as in the rollouts.  Neither form beat sampling and solving in duplicate
matches (docs/development.md, "Strategy fusion: information-set Monte Carlo
tree search"): the bench levels ``strong-ismcts`` and ``strong-ismcts-side``
play them.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field

from ...engine import Play, SeatView
from .knowledge import Knowledge
from .outlook import Outlook
from .play import CardResult, PlayAnalysis, SearchBudget, nest_points_of, solver_fits, teams_won
from .rollout import policy_card, rollout
from .sampling import DealSource, draw_deals
from .tables import trump_tables

SCALE = 100.0
"""Outcomes are searched in hundreds of points, so that ``EXPLORATION`` reads as in UCB1's own units."""

EXPLORATION = 0.7
"""UCB's exploration constant, in hundreds of points of the hand's outcome."""


@dataclass
class _Node:
    """The cards played since the decision to this point, as seen by the seat that played the last."""

    visits: int = 0
    total: float = 0.0
    """The sum of the outcomes (in ``SCALE``) for the team of the seat that played this node's card."""
    available: int = 0
    """How many iterations could have played this node's card here (it was legal in their deal)."""
    children: dict[int, _Node] = field(default_factory=dict)


def applies(view: SeatView, budget: SearchBudget) -> bool:
    """Whether ``analyse_play_ismcts`` searches ``view``: card play of the bid winner's side of two teams, by
    rules the exact solver plays, with more cards left than ``budget``'s exact solve takes."""
    if view.trump is None or view.bidder is None or not solver_fits(view.rules):
        return False
    outlook = Outlook.for_play(view)
    if not outlook.two_teams or outlook.bidder_team != outlook.mine:
        return False
    return max(view.hand_sizes) > budget.exact_cards


def analyse_play_ismcts(
    view: SeatView,
    budget: SearchBudget,
    rng: random.Random,
    deal_source: DealSource = draw_deals,
    start: float | None = None,
    exploration: float = EXPLORATION,
    tree_side_only: bool = False,
) -> PlayAnalysis:
    """Search the legal cards of ``view`` by one tree over ``budget.samples`` sampled deals.

    It runs ``budget.samples`` iterations for each legal card (as many rollouts as ``analyse_play``) or to
    the deadline; the card chosen is the one most visited.  Each card's result is its mean outcome over the
    iterations that played it.  With ``tree_side_only`` the other team's seats choose in the tree as in the
    rollouts (the rollout policy, seeing the deal: a best defence, as αμ search assumes), and only the
    searching team's choices are searched.
    """
    start = time.perf_counter() if start is None else start
    deadline = start + budget.deadline
    rules = view.rules
    assert view.trump is not None
    trump = view.trump
    tables = trump_tables(rules, trump)
    legal_plays = rules.legal_plays
    trick_winner = rules.trick_winner
    points = tables.points
    players = rules.players
    cards = sorted(action.card for action in view.legal if isinstance(action, Play))
    results = {card: CardResult(card) for card in cards}
    if len(cards) == 1:
        return PlayAnalysis(results, 0, False, time.perf_counter() - start, cards[0])
    outlook = Outlook.for_play(view)
    team_of = outlook.team_of
    side = outlook.mine
    counters = outlook.counters_of(view)
    won_before = teams_won(view, outlook)
    deals = deal_source(view, Knowledge.from_view(view), budget.samples, rng)
    first_leader = view.trick_leader if view.trick_leader is not None else view.seat
    root = _Node()
    iterations = budget.samples * len(cards)
    done = 0
    while done < iterations:
        deal = deals[done % len(deals)]
        nest_points = nest_points_of(rules, deal.nest)
        hands = list(deal.hands)
        leader = first_leader
        trick = list(view.trick)
        seat = view.seat
        taken = [0] * outlook.size
        won = won_before
        node = root
        path: list[tuple[_Node, bool]] = []
        expanded = False
        while not expanded and hands[seat]:
            if tree_side_only and team_of[seat] != side:
                best_card = policy_card(tables, team_of, hands, leader, trick)
                node = node.children.setdefault(best_card, _Node())
            else:
                best_card, expanded = _select(node, legal_plays(hands[seat], trick[0] if trick else None, trump),
                                              exploration, rng)
                node = node.children[best_card]
                path.append((node, team_of[seat] == side))
            hands[seat] &= ~(1 << best_card)
            trick.append(best_card)
            if len(trick) < players:
                seat = seat + 1 if seat + 1 < players else 0
                continue
            winner = (leader + trick_winner(trick, trump)) % players
            trick_points = sum(points[card] for card in trick)
            if not hands[winner]:
                trick_points += nest_points
            taken[team_of[winner]] += trick_points
            won |= 1 << team_of[winner]
            leader = seat = winner
            trick = []
        if hands[seat]:
            more, more_won = rollout(tables, team_of, hands, leader, trick, nest_points)
            taken = [have + extra for have, extra in zip(taken, more, strict=True)]
            won |= more_won
        final = [have + extra for have, extra in zip(counters, taken, strict=True)]
        value = outlook.outcome(final, won) / SCALE
        for visited, ours in path:
            visited.visits += 1
            visited.total += value if ours else -value
        done += 1
        if done % 16 == 0 and time.perf_counter() > deadline:
            break
    for card, child in root.children.items():
        result = results[card]
        result.total = child.total * SCALE
        result.count = child.visits
    best = max(root.children, key=lambda card: (root.children[card].visits, results[card].mean))
    return PlayAnalysis(results, done, False, time.perf_counter() - start, best)


def _select(node: _Node, legal: int, exploration: float, rng: random.Random) -> tuple[int, bool]:
    """The card to play from ``node`` among the ``legal`` ones, and whether it is new to the tree (added to it
    then): a legal card not yet tried, at random, else the best by UCB over the times each was available."""
    new: list[int] = []
    best_card = -1
    best_score = -math.inf
    rest = legal
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        rest ^= low
        child = node.children.get(card)
        if child is None:
            new.append(card)
            continue
        child.available += 1
        if not new:
            visits = child.visits
            score = child.total / visits + exploration * math.sqrt(math.log(child.available) / visits)
            if score > best_score:
                best_score = score
                best_card = card
    if new:
        best_card = new[int(rng.random() * len(new))]
        node.children[best_card] = _Node(available=1)
        return best_card, True
    return best_card, False
