"""The one small interface every computer player meets."""

from __future__ import annotations

from typing import Protocol

from ..engine import Action, SeatView


class Player(Protocol):
    """A computer player: given what its seat can see, it chooses a legal action.

    ``view.legal`` holds the legal actions; the player must return one of them.
    """

    name: str

    def choose(self, view: SeatView) -> Action:
        """The action to take now for ``view.seat``."""
        ...
