"""The computer players of Panjandrum, by level (docs/rules.md, "Panjandrum", says the rates).

Panjandrum rewards care and quickness, not cunning: the order of plays
decides almost every move.  A player makes a mistake on purpose now and then,
choosing one of the engine's mistaken moves (the view's ``choices`` name the
mistake each move would be), at its level's ``MISTAKE_RATE`` of the moves
where a mistake is possible; after another's turn it calls Panjandrum on a
mistake it noticed (``CALL_RATE``) and now and then on none (``FALSE_CALL``),
after its level's reaction time (``players.reactions``).

The strong player hardly ever errs, calls every mistake it sees and never a
false one, and where several delay piles take its card it plays on the
player holding the fewest cards (a card given to the leader slows them most).

A choice depends only on the player's seed and the view (its random numbers
are drawn afresh from the seed, the seat and how far the game has gone), so
saved games rebuilt from their actions never ask the players again.

    >>> from rook_access.engine.panjandrum import PanjandrumState
    >>> game = PanjandrumState.from_seed(4, players=3)
    >>> players = [PanjandrumPlayer("strong", seed) for seed in range(3)]
    >>> while not game.is_over:
    ...     seat = game.seats_to_act()[0]
    ...     _ = game.apply(players[seat].choose(game.view(seat)), seat)
    >>> len(game.winners)
    1
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from ..engine.cards import card_name
from ..engine.panjandrum import CALL, LET_GO, Build, Lift, OnDelay, PanjandrumView
from .reactions import reaction_delay

MISTAKE_RATE: dict[str, float] = {"easy": 0.20, "normal": 0.07, "strong": 0.01, "hint": 0.0}
"""How often a level makes a mistake, of the moves where one is possible."""
CALL_RATE: dict[str, float] = {"easy": 0.35, "normal": 0.75, "strong": 1.0, "hint": 1.0}
"""How often a level calls Panjandrum on a turn that had a mistake."""
FALSE_CALL: dict[str, float] = {"easy": 0.02, "normal": 0.005, "strong": 0.0, "hint": 0.0}
"""How often a level calls Panjandrum on a turn without one."""


@dataclass(frozen=True)
class PanjandrumAdvice:
    """A move and why, in words (the ``hint`` line)."""

    action: Any
    rule: str


class PanjandrumPlayer:
    """A computer player of Panjandrum at ``level`` (easy, normal, strong; ``hint`` never errs)."""

    def __init__(self, level: str = "normal", seed: int | None = None) -> None:
        self.level = level
        self.name = f"panjandrum {level}"
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)

    def _rng(self, view: PanjandrumView, purpose: str) -> random.Random:
        return random.Random(f"{self.seed}:{view.seat}:{view.step}:{purpose}")

    def choose(self, view: PanjandrumView) -> Any:
        rng = self._rng(view, "choose")
        if view.offer is not None:
            seen = bool(view.slips)
            rate = CALL_RATE[self.level] if seen else FALSE_CALL[self.level]
            return CALL if rng.random() < rate else LET_GO
        mistakes = [action for action, mistake in view.choices if mistake is not None]
        if mistakes and rng.random() < MISTAKE_RATE[self.level]:
            return rng.choice(mistakes)
        return self.best(view)

    def best(self, view: PanjandrumView) -> Any:
        """The right move; on a choice of delay piles, strong plays on the one whose owner holds fewest."""
        right = view.right
        if isinstance(right, OnDelay) and right.seat != view.seat and self.level in ("strong", "hint"):
            piles = [action for action, mistake in view.choices
                     if mistake is None and isinstance(action, OnDelay) and action.seat != view.seat]  # fmt: skip
            counts = view.counts()
            return min(piles, key=lambda action: counts[action.seat])
        return right

    def reaction(self, view: PanjandrumView) -> float:
        """Seconds after the call window opens that this player answers."""
        return reaction_delay(self.level if self.level != "hint" else "strong", self._rng(view, "reaction"))

    def advise(self, view: PanjandrumView) -> PanjandrumAdvice:
        """The move the order of plays prescribes, and the rule that says so."""
        action = CALL if view.offer is not None and view.slips else self.best(view)
        return PanjandrumAdvice(action, reason(view, action))


def reason(view: PanjandrumView, action: Any) -> str:
    """Why ``action`` is the right move, in words."""
    if view.offer is not None:
        if action == LET_GO:  # equal, not the same: an online view's actions come decoded from the wire
            return "Let it go: that turn had no mistake"
        who = view.names[view.accused] if view.accused is not None else "they"
        return f"Call Panjandrum: {who} " + "; ".join(slip.words() for slip in view.slips)
    card = view.lifted if view.lifted is not None else view.delay_tops[view.seat]
    name = card_name(card) if card is not None else ""
    source = "" if view.lifted is not None else " from your delay pile"
    if isinstance(action, Build):
        return f"Build {name}{source}: a building pile comes first"
    if isinstance(action, OnDelay) and action.seat != view.seat:
        return f"Play {name}{source} on {view.names[action.seat]}'s delay pile: it goes one up or down there"
    if isinstance(action, Lift):
        if view.delay_tops[view.seat] is None:
            return "Lift your top card"
        return "Lift your top card: your delay pile's top goes nowhere"
    return f"Put {name} on your own delay pile: it goes nowhere else; your turn ends"


class RandomPanjandrumPlayer(PanjandrumPlayer):
    """Any possible move, and calls or lets go at random (level ``random``)."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__("random", seed)

    def choose(self, view: PanjandrumView) -> Any:
        rng = self._rng(view, "choose")
        if view.offer is not None:
            return CALL if rng.random() < 0.1 else LET_GO
        return rng.choice(view.legal)


def player_maker(level: str) -> Any:
    """The maker of ``level``'s player from a seed, for ``register_players``."""
    if level == "random":
        return RandomPanjandrumPlayer
    return lambda seed=None: PanjandrumPlayer(level, seed)
