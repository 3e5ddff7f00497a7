"""Computer players, all behind the one ``Player`` interface."""

from __future__ import annotations

import re
from collections.abc import Callable

from ..engine.cards import shown
from .base import Player
from .basic import BasicPlayer
from .random_player import RandomPlayer
from .search.player import NORMAL, STRONG, CheatingPlayer, SearchPlayer

LEVELS: dict[str, Callable[[int | None], Player]] = {
    "easy": BasicPlayer,
    "normal": lambda seed: SearchPlayer(seed, NORMAL, "normal"),
    "strong": lambda seed: SearchPlayer(seed, STRONG, "strong"),
    "random": RandomPlayer,
    "cheat": CheatingPlayer,
}
"""Computer player levels by name, the benchmark's yardsticks included."""

PLAYER_LEVELS: tuple[str, ...] = ("easy", "normal", "strong", "random")
"""The levels a person can choose to play against (the cheat sees every hand, so it is only a yardstick)."""

DEFAULT_LEVEL = "strong"
"""The strongest level that answers within the time target (docs/development.md has the figures)."""


class LevelError(ValueError):
    """A level, or a list of levels, that names no computer player."""


def parse_levels(text: str, seats: int) -> list[str]:
    """The level of each seat from ``strong`` (every seat) or ``easy,strong,normal,strong`` (seat 0 first;
    spaces separate as well as commas).

    Only the levels a person may choose are accepted; a keyboard seat's entry is not used.
    """
    names = [name for name in re.split(r"[\s,]+", text.strip().lower()) if name] or [""]
    allowed = ", ".join(PLAYER_LEVELS[:-1]) + " or " + PLAYER_LEVELS[-1]
    if len(names) == 1:
        names = names * seats
    elif len(names) != seats:
        raise LevelError(f"give one level for every seat or {seats} levels, "
                         "one per seat, like easy,strong,normal,strong")
    for name in names:
        if name not in PLAYER_LEVELS:
            raise LevelError(f"no level called {shown(name) if name else 'nothing'}; levels: {allowed}")
    return names


def make_player(level: str = DEFAULT_LEVEL, seed: int | None = None) -> Player:
    """A computer player of this level, seeded for repeatable choices."""
    return LEVELS[level](seed)


__all__ = [
    "DEFAULT_LEVEL",
    "LevelError",
    "LEVELS",
    "PLAYER_LEVELS",
    "BasicPlayer",
    "CheatingPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "make_player",
    "parse_levels",
]
