"""How quickly computer players make a quick call, by level (engine.calls has the calls).

A computer's call comes a drawn time after the call window opens, and the
window opens only once the event's line has reached the user (spoken by the
program's voice, or written and given time to be read), so no computer is
quicker than a person who has heard the event: the quickest, strong, needs
at least ``QUICKEST`` seconds, a person's time to react to a sound.  Easy is
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

QUICKEST = 0.6
"""No computer calls sooner than this many seconds after the window opens."""

REACTIONS: dict[str, tuple[float, float]] = {
    "easy": (1.8, 3.6),
    "normal": (1.1, 2.4),
    "strong": (QUICKEST, 1.4),
    "random": (QUICKEST, 3.6),
}
"""The fewest and most seconds a level takes to call, after the window opens."""

WINDOW_SECONDS: dict[str, float] = {"easy": 6.0, "normal": 4.5, "strong": 3.5, "random": 4.5}
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
