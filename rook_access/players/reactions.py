"""How quickly computer players make a quick call, by level (engine.calls has the calls).

A computer's call comes a drawn time after the call window opens, and the
window opens only once the event's line has reached the user (spoken by the
program's voice, or written and given time to be read), so no computer is
quicker than a person who has heard the event: the quickest, strong, needs
at least ``QUICKEST`` seconds: time to hear the short prompt and react to it.  Easy is
slow (and, in each game's player, often misses a call); strong is quick
(and rarely wrong).

    >>> import random
    >>> rng = random.Random(1)
    >>> all(QUICKEST <= reaction_delay(level, rng) <= REACTIONS[level][1] for level in REACTIONS)
    True
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

QUICKEST = 1.0
"""No computer calls sooner than this many seconds after the window opens."""

REACTIONS: dict[str, tuple[float, float]] = {
    "easy": (2.4, 4.4),
    "normal": (1.6, 3.0),
    "strong": (QUICKEST, 2.0),
    "random": (QUICKEST, 4.4),
}
"""The fewest and most seconds a level takes to call, after the window opens."""

WINDOW_SECONDS: dict[str, float] = {"easy": 7.0, "normal": 5.5, "strong": 4.5, "random": 5.5}
"""The call window's default length by the computers' level: longer than their slowest call."""


def reaction_delay(level: str, rng: random.Random) -> float:
    """A computer player's time to call at ``level``, drawn with ``rng``: seconds after the window opens."""
    low, high = REACTIONS.get(level, REACTIONS["normal"])
    return rng.uniform(low, high)


@runtime_checkable
class Reacts(Protocol):
    """A computer player of a game with quick calls: how long after the window opens it answers.

    Whether it calls is its ``choose(view)`` (the call or the decline, from
    the offer's legal actions); ``reaction(view)`` is when, in seconds.
    """

    def reaction(self, view: Any) -> float: ...


@runtime_checkable
class HasLevel(Protocol):
    """A computer player that says its level (``easy``, ``normal``, ``strong``, ``random``)."""

    level: str
