"""A player that picks uniformly among the legal actions: a baseline and a fuzzer."""

from __future__ import annotations

import random

from ..engine import Action, Discard, DiscardChoices, SeatView
from .base import RandomAdvice, decision_rng


class RandomPlayer:
    """Chooses a legal action at random (a random set of cards when discarding)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.randrange(2**32)

    def choose(self, view: SeatView) -> Action:
        rng = decision_rng(self.seed, view)
        legal = view.legal
        if isinstance(legal, DiscardChoices):
            return Discard(frozenset(rng.sample(view.hand, legal.count)))
        return rng.choice(legal)

    def advise(self, view: SeatView) -> RandomAdvice:
        """The random choice, with no reason but chance."""
        return RandomAdvice(self.choose(view))
