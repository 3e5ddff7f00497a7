"""How well each other seat plays: a mistake rate per seat, from a prior and the evidence of the hand.

A computer player plans with its partner and opponents as they are: a
learner's cards go astray now and then, and the search's imagined futures
(``rollout``) and the bidding's simulations should expect that.  The model
of a weaker player is the simplest that fits: it plays like the strong
player but, at its mistake rate, a random legal card instead.

The prior comes from the table (``TablePriors``): a keyboard seat is a
person of the level the ``my_level`` setting states (``new`` by default: a
learner), a computer seat is its known level (its rate is known, never
estimated).  A person's rate is then estimated from the cards played this
hand: each card played to a trick after the lead is judged in hindsight
(``judge_card``: the other cards of the trick as they fell, the seat's
cards known to have been in its hand then being those it played later).
A card is flagged when another of those cards would have done better for
its team in that trick (won the other cards' points where it lost them, or
kept a counter it gave away), or would have left the partner's winning card
alone for no gain.  Strong play is flagged
too at times (hindsight knows what the seat did not); how often each kind
of card is flagged was measured (``FLAG_WHEN_RANDOM``, ``FLAG_WHEN_GOOD``),
and the posterior over a grid of rates weighs each judgement by them.

A player's choice depends only on its seed and the view, so the evidence
is the view's: this hand's tricks (the view holds no earlier hands).

The bidding plans with the rates (``PLAN_BIDS``); the card play can
(``PLAN_PLAY``) but does not by default: measured with a learner stand-in
as partner it gained nothing, and it lost where the prior was wrong.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import SeatView
from ...engine.cards import CardSet, Color
from ...engine.rules import RuleSet

MY_LEVELS: tuple[str, ...] = ("new", "casual", "expert")
"""The levels a person states for themselves (the ``my_level`` setting), the first the default."""

PERSON_MISTAKES: dict[str, float] = {"new": 0.25, "casual": 0.10, "expert": 0.03}
"""A person's prior mistake rate by stated level: the share of cards played at random among the legal ones."""

COMPUTER_MISTAKES: dict[str, float] = {"random": 1.0}
"""A computer seat's mistake rate by level where it is not 0: the random player's every card is a random one.
The others are planned with as the search plays (``easy``'s rules of thumb are no random cards, and how far
they are from the search's choices is not measured: no rate is made up for them)."""

RULE_OF_THUMB_LEVELS = frozenset({"easy", "random"})
"""The computer levels that play by rules of thumb (or at random), not by the search: as defenders each plays for
itself."""

PRIOR_WEIGHT = 12.0
"""How many judged cards the prior is worth: a person's stated level gives way only to a good deal of evidence."""

GRID: tuple[float, ...] = tuple((step + 0.5) / 100 for step in range(100))
"""The mistake rates the posterior is worked out over: the middles of a hundred even steps from 0 to 1."""

FLAG_WHEN_RANDOM = 0.16
"""How often a random legal card is flagged by ``judge_card``: 18 of 111 of the learner stand-in's random cards
that could be judged (``python -m rook_access.bench.partner --calibrate --deals 90 --first 1000``, 2026-11-26)."""
FLAG_WHEN_GOOD = 0.064
"""How often the strong player's own card is flagged by ``judge_card``: 19 of 295 in the same run (hindsight
knows the cards played after it; a card is judged only against the cards known to have been in the hand)."""

PLAN_PLAY = False
"""Whether the card play's rollouts give each seat its mistake rate (``bench.partner --model`` measures each part).
Off: with the learner stand-in as partner it gained nothing (-3.8 a deal, -10.0 to +2.5, 160 deals), and with a
strong partner taken for a new player it lost -10.8 (-20.3 to -1.2, 80 deals); docs/development.md has the figures."""
PLAN_BIDS = True
"""Whether the bidding's simulations give each seat its mistake rate (neutral in the measurements: 1 deal in 160
changed)."""

LEAST_RATE = 0.02
"""Below this estimated rate a seat is planned with as a strong player (no random cards in its futures)."""


@dataclass(frozen=True)
class SeatPrior:
    """What a player assumes about one other seat before the hand's evidence."""

    rate: float
    """The mistake rate expected."""
    known: bool
    """True for a computer seat of a known level: the rate is not estimated from the cards."""
    together: bool = False
    """True for a computer seat that, defending against a bid winner alone, plays with the other defenders as
    one side (the search levels: ``Outlook.for_play``); the rule-of-thumb levels play for themselves, and a
    person is not assumed to."""


@dataclass(frozen=True)
class TablePriors:
    """The prior of every seat at the table (by seat), as the table's setup says who sits where."""

    seats: tuple[SeatPrior, ...]

    @classmethod
    def of_table(cls, people: Sequence[bool], levels: Sequence[str], my_level: str = MY_LEVELS[0]) -> TablePriors:
        """The priors for a table: ``people[seat]`` is True for a keyboard seat (a person of ``my_level``),
        else the seat's computer level is ``levels[seat]``.

        >>> TablePriors.of_table([True, False], ["strong", "easy"], "casual").seats
        (SeatPrior(rate=0.1, known=False, together=False), SeatPrior(rate=0.0, known=True, together=False))
        >>> TablePriors.of_table([False, False], ["strong", "normal"]).seats[1].together
        True
        """
        if my_level not in PERSON_MISTAKES:
            raise ValueError(f"no level {my_level!r}; levels: {', '.join(MY_LEVELS)}")
        person_prior = SeatPrior(PERSON_MISTAKES[my_level], False)
        return cls(tuple(
            person_prior if person else SeatPrior(COMPUTER_MISTAKES.get(level, 0.0), True,
                                                  level not in RULE_OF_THUMB_LEVELS)
            for person, level in zip(people, levels, strict=True)
        ))

    def others_together(self, seat: int) -> bool:
        """Whether every seat but ``seat`` defends together against a bid winner alone (``SeatPrior.together``)."""
        return all(prior.together for other, prior in enumerate(self.seats) if other != seat)

    def prior(self, seat: int) -> SeatPrior:
        """The prior of ``seat`` (a seat the table does not list, as the dummy's: a strong player)."""
        return self.seats[seat] if 0 <= seat < len(self.seats) else SeatPrior(0.0, True)

    @property
    def any_mistakes(self) -> bool:
        """Whether any seat may be planned with as weaker than the strong player."""
        return any(prior.rate > 0 or not prior.known for prior in self.seats)


@dataclass(frozen=True)
class Judgement:
    """One card judged: whose, whether it was flagged as a mistake."""

    seat: int
    flagged: bool


def _trick_value(rules_powers: Sequence[Sequence[int]], points: Sequence[int], cards: Sequence[int],
                 seats: Sequence[int], team_of: Sequence[int], team: int, index: int) -> tuple[int, int]:
    """(what the trick is worth to ``team`` with card ``index`` as played; the winning index).

    The other cards' points count + when the team takes the trick, - when another does; the card's own
    points count only when lost to another team (kept or banked, a counter is the team's either way).
    """
    powers = rules_powers[cards[0]]
    best = 0
    for other in range(1, len(cards)):
        if powers[cards[other]] > powers[cards[best]]:
            best = other
    others = sum(points[card] for card in cards) - points[cards[index]]
    if team_of[seats[best]] == team:
        return others, best
    return -others - points[cards[index]], best


def judge_card(rules: RuleSet, trump: Color, team_of: Sequence[int], cards: Sequence[int], leader: int, index: int,
               later: CardSet) -> bool | None:
    """Whether card ``index`` of a trick (played from ``leader``) looks like a mistake in hindsight; None when
    nothing can be told (the lead, or no other card known to have been in the seat's hand and legal then).

    ``later`` are the cards the seat is known to have held then besides the one played (those it played after).
    The other cards of the trick stay as they fell.  A card is flagged when another legal card would have
    given its team more of the trick's points, or, the partner's card already winning, when the card took the
    trick from the partner and another legal card would have done as well without.  A counter fed to the
    team's own trick is not counted as a gain (the counter is the team's whether it is fed now or kept).
    """
    if index == 0 or rules.avoid_points:
        return None
    card = cards[index]
    held = later | (1 << card)
    legal = rules.legal_plays(held, cards[0], trump)
    if not legal & (1 << card) or legal == 1 << card:
        return None
    players = rules.players
    seats = [(leader + offset) % players for offset in range(len(cards))]
    seat = seats[index]
    team = team_of[seat]
    powers = rules.trick_powers[trump]
    points = rules.points
    played, winner = _trick_value(powers, points, cards, seats, team_of, team, index)
    lead_powers = powers[cards[0]]
    before = max(range(index), key=lambda i: (lead_powers[cards[i]], -i))
    partner_winning = team_of[seats[before]] == team
    took_over = partner_winning and winner == index
    rest = legal & ~(1 << card)
    trial = list(cards)
    while rest:
        low = rest & -rest
        rest ^= low
        trial[index] = low.bit_length() - 1
        value, won = _trick_value(powers, points, trial, seats, team_of, team, index)
        if value > played:
            return True
        if took_over and won != index and value >= played:
            return True
    return False


def judgements(view: SeatView) -> list[Judgement]:
    """Every card of this hand's tricks (and the trick in play) that can be judged, with its verdict."""
    if view.trump is None:
        return []
    rules = view.rules
    players = rules.players
    team_of = view.team_of
    tricks: list[tuple[int, tuple[int, ...]]] = [(trick.leader, trick.cards) for trick in view.tricks]
    if view.trick and view.trick_leader is not None:
        tricks.append((view.trick_leader, view.trick))
    # The cards each seat played from each trick on: what it is known to have held then.
    later: dict[int, CardSet] = {}
    found: list[Judgement] = []
    for leader, cards in reversed(tricks):
        complete = len(cards) == players
        for index in range(len(cards)):
            seat = (leader + index) % players
            if seat != view.seat and complete:
                verdict = judge_card(rules, view.trump, team_of, cards, leader, index, later.get(seat, 0))
                if verdict is not None:
                    found.append(Judgement(seat, verdict))
        for index, card in enumerate(cards):
            seat = (leader + index) % players
            later[seat] = later.get(seat, 0) | (1 << card)
    return found


def posterior_rate(prior: float, flags: int, judged: int) -> float:
    """The expected mistake rate after ``flags`` of ``judged`` cards were flagged, from a prior of ``prior``.

    The prior is a Beta distribution of mean ``prior`` worth ``PRIOR_WEIGHT`` cards, over ``GRID``; a card is
    flagged with chance ``FLAG_WHEN_GOOD + rate * (FLAG_WHEN_RANDOM - FLAG_WHEN_GOOD)``.

    >>> posterior_rate(0.25, 0, 0) == posterior_rate(0.25, 0, 0)
    True
    >>> posterior_rate(0.25, 0, 20) < posterior_rate(0.25, 0, 0) < posterior_rate(0.25, 8, 20)
    True
    """
    mean = min(max(prior, 0.01), 0.99)
    alpha = mean * PRIOR_WEIGHT
    beta = (1 - mean) * PRIOR_WEIGHT
    weights = []
    for rate in GRID:
        flag = FLAG_WHEN_GOOD + rate * (FLAG_WHEN_RANDOM - FLAG_WHEN_GOOD)
        log = (alpha - 1) * math.log(rate) + (beta - 1) * math.log(1 - rate)
        log += flags * math.log(flag) + (judged - flags) * math.log(1 - flag)
        weights.append(log)
    top = max(weights)
    total = sum(math.exp(weight - top) for weight in weights)
    return sum(rate * math.exp(weight - top) for rate, weight in zip(GRID, weights, strict=True)) / total


def mistake_rates(view: SeatView, priors: TablePriors) -> tuple[float, ...]:
    """The mistake rate to plan with for each seat (0 for this seat and for any seat judged strong).

    A seat played by another (the dummy) takes its controller's rate.
    """
    players = view.rules.players
    flags = [0] * players
    judged = [0] * players
    if any(not priors.prior(seat).known for seat in range(players)):
        for judgement in judgements(view):
            controller = view.controller(judgement.seat)
            judged[controller] += 1
            flags[controller] += judgement.flagged
    rates = []
    for seat in range(players):
        controller = view.controller(seat)
        if controller == view.controller(view.seat):
            rates.append(0.0)
            continue
        prior = priors.prior(controller)
        rate = prior.rate if prior.known else posterior_rate(prior.rate, flags[controller], judged[controller])
        rates.append(rate if rate >= LEAST_RATE else 0.0)
    return tuple(rates)
