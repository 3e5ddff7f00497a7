"""Computer players, all behind the one ``Player`` interface."""

from __future__ import annotations

from .base import Player
from .basic import BasicPlayer
from .random_player import RandomPlayer

LEVELS = {"easy": BasicPlayer, "random": RandomPlayer}
"""Computer player levels by name."""


def make_player(level: str = "easy", seed: int | None = None) -> Player:
    """A computer player of this level, seeded for repeatable choices."""
    return LEVELS[level](seed)


__all__ = ["LEVELS", "BasicPlayer", "Player", "RandomPlayer", "make_player"]
