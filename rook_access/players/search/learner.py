"""A learner stand-in for the benchmarks: the strong search, playing a random legal card now and then.

It is the model of a weaker player that the partner model plans with
(``skill``), made a player: the benchmark measures what planning with it
gains when the partner really plays so.  It bids, buries and names trump as
the strong player does; only its cards go astray.  It is not a level a
person can choose (``PLAYER_LEVELS``): a table of people has real learners.
"""

from __future__ import annotations

import random

from ...engine import Action, Phase, SeatView
from ..base import position_key
from .play import SearchBudget
from .player import STRONG, SearchPlayer

LEARNER_RATE = 0.25
"""The learner stand-in's share of random cards (the ``new`` level's prior, ``skill.PERSON_MISTAKES``)."""


class LearnerPlayer(SearchPlayer):
    """The strong player that plays a random legal card with chance ``rate`` at each card with a choice."""

    def __init__(self, seed: int | None = None, budget: SearchBudget = STRONG, name: str = "learner",
                 rate: float = LEARNER_RATE) -> None:
        super().__init__(seed, budget, name)
        self.rate = rate

    def choose(self, view: SeatView) -> Action:
        """A random legal card at the mistake rate in card play, else the strong player's choice.

        Whether this card goes astray is drawn from the seed and the position, as every choice is.
        """
        if view.phase is Phase.PLAY and len(view.legal) > 1:
            rng = random.Random(f"{self.seed}:mistake:{position_key(view)}")
            if rng.random() < self.rate:
                return rng.choice(list(view.legal))
        return super().choose(view)

    def went_astray(self, view: SeatView) -> bool:
        """Whether ``choose`` plays a random card for ``view`` (the benchmark's calibration asks)."""
        if view.phase is not Phase.PLAY or len(view.legal) <= 1:
            return False
        return random.Random(f"{self.seed}:mistake:{position_key(view)}").random() < self.rate
