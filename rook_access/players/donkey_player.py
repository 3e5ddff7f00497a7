"""The computer players of Donkey, by level: which card to pass, and how quickly to fold.

- easy passes a random card (even one of a number it holds three of) and folds slowly;
- normal keeps the number it holds most of: it passes a card of a number it holds fewest of;
- strong does the same, and between numbers held as often it remembers what it passed and received:
  cards of a number it has seen go round the table (passed on to it from the right, or by itself to the
  left) are free, in nobody's set, so it keeps the number whose cards it has seen going round, the
  number most likely to come round to four (over 1,000 games at four, two strong and two normal
  players, the strong won 56%); it folds quickly;
- random passes any card.

A fold is a must (``engine.calls``: no decline), so every level folds when asked; how quickly is
``reaction(view)``, drawn per level (``players.reactions``).  Every choice depends only on the seed and
the view, so saved games are rebuilt from their actions alone.

    >>> from rook_access.engine.donkey import DonkeyState
    >>> game = DonkeyState.from_seed(3, players=3)
    >>> player = DonkeyPlayer(1, "strong")
    >>> player.choose(game.view(0)) in game.legal_actions(0)
    True
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.donkey import FOLD, SET_SIZE, DonkeyView, Fold, Pass
from ..engine.patience_deck import number_of
from .reactions import reaction_delay

LEVELS = ("easy", "normal", "strong", "random")

SEEN_WEIGHT = 0.1
"""How much each card of a number seen going round (received or passed) counts toward keeping that number;
all of them together never outweigh one card more held (``SEEN_MOST``)."""
SEEN_MOST = 0.9


@dataclass(frozen=True)
class DonkeyAdvice:
    """The card to pass (or the fold) and why, as facts the hint words: the number given up and how many of
    it are held, the number kept and how many of it are held."""

    action: Pass | Fold
    rule: str
    given_up: int | None = None
    given_count: int = 0
    kept: int | None = None
    kept_count: int = 0


def _rng(seed: int, view: DonkeyView, purpose: str) -> random.Random:
    hand = ".".join(str(card) for card in view.hand)
    return random.Random(f"{seed}:{purpose}:{view.seat}:{view.round}:{len(view.folds)}:{hand}")


class DonkeyPlayer:
    """A computer player of Donkey at ``level`` (easy, normal, strong or random)."""

    def __init__(self, seed: int | None = None, level: str = "normal") -> None:
        self.seed = seed if seed is not None else random.randrange(2**32)
        self.level = level
        self.name = level

    def choose(self, view: DonkeyView) -> Pass | Fold:
        return self.advise(view).action

    def reaction(self, view: DonkeyView) -> float:
        """Seconds after the fold's window opens before this player folds: easy slow, strong quick."""
        return reaction_delay(self.level, _rng(self.seed, view, "react"))

    def scores(self, view: DonkeyView) -> dict[int, float]:
        """How much this player wants to keep each number it holds (the highest is kept, the lowest passed)."""
        held = Counter(number_of(card) for card in view.hand)
        if self.level != "strong":
            return {number: float(count) for number, count in held.items()}
        seen = Counter(number_of(card) for card in (*view.received, *view.passed))
        # Between numbers held as often, the one whose cards are seen going round (free, in nobody's set).
        return {number: count + min(SEEN_MOST, SEEN_WEIGHT * seen[number]) for number, count in held.items()}

    def advise(self, view: DonkeyView) -> DonkeyAdvice:
        if view.offer is not None:
            if view.four is not None:
                return DonkeyAdvice(FOLD, f"you have four {view.four}s: fold your hands")
            return DonkeyAdvice(FOLD, "someone has folded: fold your hands quickly")
        passes = [action for action in view.legal if isinstance(action, Pass)]
        if not passes:
            return DonkeyAdvice(FOLD, "wait for the others")
        rng = _rng(self.seed, view, "pass")
        if self.level == "random":
            action = rng.choice(passes)
            return DonkeyAdvice(action, "any card will do", number_of(action.card))
        held = Counter(number_of(card) for card in view.hand)
        if self.level == "easy":  # any card, but three of a kind is hard to miss
            loose = [action for action in passes if held[number_of(action.card)] < SET_SIZE - 1] or passes
            action = rng.choice(loose)
            return DonkeyAdvice(action, "pass any card but one of three", number_of(action.card))
        scores = self.scores(view)
        lowest = min(scores.values())
        give_up = rng.choice(sorted(number for number, score in scores.items() if score == lowest))
        best = max(scores.values())
        keep = min(number for number, score in scores.items() if score == best)
        cards: list[Card] = [action.card for action in passes if number_of(action.card) == give_up]
        card = rng.choice(cards)
        return DonkeyAdvice(
            Pass(card),
            "pass a card of a number you hold few of; keep the number you hold most of",
            give_up,
            held[give_up],
            keep,
            held[keep],
        )


def donkey_maker(level: str) -> Callable[[int | None], DonkeyPlayer]:
    """The maker of a level's player (for ``register_players``)."""
    return lambda seed: DonkeyPlayer(seed, level)


__all__ = ["LEVELS", "DonkeyAdvice", "DonkeyPlayer", "donkey_maker"]
