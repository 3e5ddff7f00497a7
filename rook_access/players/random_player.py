"""A player that picks uniformly among the legal actions: a baseline and a fuzzer."""

from __future__ import annotations

import random

from ..engine import Action, Discard, DiscardChoices, SeatView


class RandomPlayer:
    """Chooses a legal action at random (a random set of cards when discarding)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: SeatView) -> Action:
        legal = view.legal
        if isinstance(legal, DiscardChoices):
            return Discard(frozenset(self.rng.sample(view.hand, legal.count)))
        return self.rng.choice(legal)
