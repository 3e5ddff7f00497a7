"""The computer player of Match: the game has no choices, so every level turns its top card."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..engine.match import TURN, Turn


@dataclass(frozen=True)
class MatchAdvice:
    """The only move there is, and why."""

    action: Turn
    rule: str


class MatchPlayer:
    """Turns its top card when its turn comes: every level plays Match the same way."""

    name = "match"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def advise(self, view: Any) -> MatchAdvice:
        return MatchAdvice(TURN, "Match has no choices: turn your top card")

    def choose(self, view: Any) -> Turn:
        return TURN
