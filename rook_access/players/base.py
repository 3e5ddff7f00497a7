"""The one small interface every computer player meets."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine import Action, Bid, Check, Pass, SeatView

BIDDING_ACTIONS = (Bid, Pass, Check)
"""The moves of the auction, which ``why north bid`` asks about."""


class Advice(Protocol):
    """A player's choice with its reasons, as a value the ``hint`` text words.

    Every kind of advice has the ``action`` the player takes; the rest of it
    is the reasons, as facts (``RuleAdvice``, ``RandomAdvice``, the search
    players' ``players.search.advice``).
    """

    @property
    def action(self) -> object:
        """The action advised (any family's action)."""
        ...


@dataclass(frozen=True)
class RuleAdvice:
    """A choice made by a rule of thumb, and that rule as a clause: "lead a sure winner"."""

    action: Action
    rule: str


@dataclass(frozen=True)
class BasicAdvice(RuleAdvice):
    """The basic player's choice: its rule of thumb as a clause (``rule``, what ``hint`` says to the
    seat to act) and the same rule as data, which ``why`` words for a seat that has played.

    ``kind`` names the rule (``basic.RuleKind``'s values: ``"feed"``, ``"lead-low"``...);
    ``limit`` is the bid its hand is reckoned worth, for a rule of the bidding;
    ``sure`` the legal cards it counted sure to win the trick, for a rule of the card play (a card played to a
    trick: those that beat it and that it counted no card still to come could beat; a lead where points
    count against: those no unseen card can beat; a sure winner led: the card, where no other seat can trump it).
    """

    kind: str = ""
    limit: int | None = None
    sure: frozenset[int] = frozenset()


@dataclass(frozen=True)
class RandomAdvice:
    """A choice made at random among the legal actions: there is no reason to give."""

    action: Action


@dataclass(frozen=True)
class Decision:
    """A move made at a table: the seat that moved, what it saw then, what it did, and the computer player
    that chose it (None for a move a person made), for ``why`` and ``review``."""

    seat: int
    view: Any
    """``state.view(seat)`` just before the move: the view the player chose from."""
    action: Any
    player: Any
    """The computer player that chose (its ``advise(view)`` gives its reasons), or None."""
    at: int | None = None
    """How many events the game had just before the move, where the table counts them (an online table's
    ``why`` leaves out the moves the asker has not heard yet)."""


def last_computer_move(
    decisions: Sequence[Decision], seat: int | None, bidding: bool = False, trick: int | None = None,
    heard: int | None = None,
) -> Decision | None:
    """The latest computer move of ``seat`` (of any seat for None), a card it chose from a hand it plays for
    another (the dummy, Display Rook's displayed hand) included; with ``bidding``, its latest bid, pass or
    check; with ``trick``, its own card played to a trick of that number (this hand's, else an earlier
    hand's); with ``heard``, among the moves made before the game had that many events (those counted)."""
    for decision in reversed(decisions):
        if heard is not None and decision.at is not None and decision.at >= heard:
            continue
        if decision.player is None:
            continue
        own = seat is None or decision.seat == seat
        if own or (trick is None and not bidding and _chosen_by(decision) == seat):
            if trick is not None:
                if _trick_number(decision) == trick:
                    return decision
            elif not bidding or isinstance(decision.action, BIDDING_ACTIONS):
                return decision
    return None


def _chosen_by(decision: Decision) -> int:
    """The seat whose player chose ``decision``'s move: its own, or the player of the hand it came from."""
    controller = getattr(decision.view, "controller", None)
    return decision.seat if controller is None else controller(decision.seat)


def _trick_number(decision: Decision) -> int | None:
    """The number of the trick a card was played to (1 for the first of a hand); None for any other move."""
    tricks = getattr(decision.view, "tricks", None)
    if tricks is None or not hasattr(decision.action, "card"):
        return None
    return len(tricks) + 1


class Player(Protocol):
    """A computer player of any family of games: given what its seat can see, it chooses a legal action.

    ``view`` is its family's view of the seat (``state.view(seat)``: the
    trick-taking games' ``SeatView``, another family's own), so a family's
    players take their family's view; the trick players' ``view.legal`` holds
    the legal actions, and the player must return one of them.
    A player's choice depends only on its seed and the view, never on what it
    chose before, so a saved game is rebuilt from its actions alone.

    ``advise`` answers what ``choose`` would do with its reasons: the action
    of the advice is the action ``choose`` returns for the same view.
    """

    name: str

    def choose(self, view: Any) -> Any:
        """The action to take now for ``view.seat``."""
        ...

    def advise(self, view: Any) -> Advice:
        """The action ``choose`` takes for ``view``, with its reasons."""
        ...


def position_key(view: SeatView) -> str:
    """A text naming one decision point of a game, for seeding that decision's random numbers."""
    key = (
        f"{view.seat}:{view.hand_number}:{view.dealer}:{view.phase.value}:{len(view.bids)}:"
        f"{len(view.tricks)}:{len(view.trick)}:{','.join(map(str, view.scores))}:{','.join(map(str, view.hand))}"
    )
    if view.rules.checking:  # a check is a decision that adds no bid
        key += f":{sum(view.checked)}"
    return key


def decision_rng(seed: int, view: SeatView) -> random.Random:
    """The random generator of one decision: the same seed and position give the same numbers."""
    return random.Random(f"{seed}:{position_key(view)}")
