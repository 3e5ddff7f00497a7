"""The hint for Rook Solitaire: a move and the one-line reason for it, from the player's view alone.

The face-down cards are not in the view, so the hint player does not use
them: it fills the hidden places with the unseen cards at random (a few
guesses, from a generator seeded by the position, so the same position
always gets the same hint), asks the solver about each guess within a small
budget, and advises the first move of the winning lines found most often.
When no guess is solved in time it falls back on rules of thumb: a safe
build first, then the move that turns a card in the pile with the most
face-down cards, then any build.

    >>> from rook_access.engine.solitaire import SolitaireState
    >>> view = SolitaireState.from_seed(2).view()
    >>> advice = SolitaireHintPlayer().advise(view)
    >>> advice.action in view.legal
    True
"""

from __future__ import annotations

import enum
import random
import time
from collections import Counter
from dataclasses import dataclass

from ..engine.cards import COLOR_NAMES, Card, card_name
from ..engine.patience_deck import HIGHEST, PACK_SIZE, color_of, number_of
from ..engine.solitaire import Build, Move, SolitaireAction, SolitaireView
from .solitaire_solver import Pile, Solver, Verdict

GUESSES = 4
"""Random fillings of the face-down cards the hint asks the solver about."""
POSITIONS_PER_GUESS = 300
"""The solver's budget for each guess, in positions (not seconds, so that the same view always gets the same
hint, however busy the machine): the hint answers within about 0.1 s."""
SAFETY_SECONDS = 0.5
"""A guess stops after this long whatever its budget (only on a machine far slower than the project's)."""


class Reason(enum.Enum):
    """Why the hint advises its move."""

    WINS_IN_GUESSES = "wins in guesses"
    SAFE_BUILD = "safe build"
    TURNS_CARD = "turns a card"
    BUILDS = "builds"
    ONLY_MOVE = "only move"
    KEEPS_GOING = "keeps the game going"


@dataclass(frozen=True)
class SolitaireAdvice:
    """The advised action, why (``reason`` and its figures), and the line that says so."""

    action: SolitaireAction
    reason: Reason
    wins: int = 0
    """For ``WINS_IN_GUESSES``: the guesses at the face-down cards this move was the start of a win in."""
    guesses: int = 0
    face_down: int = 0
    """For ``TURNS_CARD``: the face-down cards of the pile the move turns a card in."""

    @property
    def line(self) -> str:
        """The hint as one line for the player."""
        action = self.action
        if self.reason is Reason.WINS_IN_GUESSES:
            games = "trial game" if self.guesses == 1 else "trial games"
            return f"{_said(action)}: it won {self.wins} of {self.guesses} {games}, the face-down cards guessed."
        if self.reason is Reason.SAFE_BUILD:
            return f"{_said(action)}: no card can ever go on it, so building it is safe."
        if self.reason is Reason.TURNS_CARD:
            return f"{_said(action)}: it turns a card in a pile with {self.face_down} face down."
        if self.reason is Reason.BUILDS:
            return f"{_said(action)}: it adds to a building pile."
        if self.reason is Reason.ONLY_MOVE:
            return f"{_said(action)}: it is the only move."
        return f"{_said(action)}: no move builds or turns a card; this one keeps the game going."


def _said(action: SolitaireAction) -> str:
    if isinstance(action, Move):
        return f"Move {card_name(action.card)} to pile {action.pile}"
    if isinstance(action, Build):
        return f"Build {card_name(action.card)} on {COLOR_NAMES[action.color]}"
    return "Resign"


def _is_safe(card: Card, building: tuple[int, ...]) -> bool:
    number, color = number_of(card), color_of(card)
    return number <= 2 or all(building[other] >= number - 1 for other in range(4) if other != color)


def guess_piles(view: SolitaireView, rng: random.Random) -> list[Pile]:
    """The piles with every hidden face-down card replaced by an unseen card at random.

    Below a 14 that rests face up only 14s are left, so those places take unseen 14s.
    """
    known = {card for pile in view.piles for card in (*pile.up, *pile.down) if card is not None}
    known |= {color * HIGHEST + number - 1 for color in range(4) for number in range(1, view.building[color] + 1)}
    unseen = [card for card in range(PACK_SIZE) if card not in known]
    rng.shuffle(unseen)
    fourteens = [card for card in unseen if card % HIGHEST == HIGHEST - 1]
    others = [card for card in unseen if card % HIGHEST != HIGHEST - 1]
    resting = [pile for pile in view.piles if pile.up and pile.up[0] % HIGHEST == HIGHEST - 1]
    filled: dict[int, list[Card]] = {}
    for pile in resting:
        filled[pile.number] = [card if card is not None else fourteens.pop() for card in pile.down]
    rest = others + fourteens
    rng.shuffle(rest)
    piles: list[Pile] = []
    for pile in view.piles:
        down = filled.get(pile.number) or [card if card is not None else rest.pop() for card in pile.down]
        piles.append((tuple(down), pile.up))
    return piles


def _position_seed(view: SolitaireView) -> str:
    return "|".join(f"{pile.down}{pile.up}" for pile in view.piles) + f"|{view.building}"


class SolitaireHintPlayer:
    """The player the ``hint`` command asks: ``choose`` gives the move, ``advise`` the move and its reason.

    Its choice depends only on the view and its seed.
    """

    name = "hint"

    def __init__(self, seed: int = 0, guesses: int = GUESSES, positions_per_guess: int = POSITIONS_PER_GUESS) -> None:
        self.seed = seed
        self.guesses = guesses
        self.positions_per_guess = positions_per_guess

    def choose(self, view: SolitaireView) -> SolitaireAction:
        """The advised action."""
        return self.advise(view).action

    def advise(self, view: SolitaireView) -> SolitaireAdvice:
        """The advised action and its reason; the view must have a legal move."""
        moves = [action for action in view.legal if isinstance(action, (Move, Build))]
        if not moves:
            raise ValueError("the game has no move to advise")
        for action in moves:
            if isinstance(action, Build) and _is_safe(action.card, view.building):
                return SolitaireAdvice(action, Reason.SAFE_BUILD)
        if len(moves) == 1:
            return SolitaireAdvice(moves[0], Reason.ONLY_MOVE)
        rng = random.Random(f"{self.seed}:{_position_seed(view)}")
        wins: Counter[SolitaireAction] = Counter()
        for _ in range(self.guesses):
            solver = Solver(max_nodes=self.positions_per_guess, max_seconds=SAFETY_SECONDS)
            result = solver.solve_position(guess_piles(view, rng), view.building)
            if result.outcome is Verdict.WON and result.line and result.line[0] in moves:
                wins[result.line[0]] += 1
        if wins:
            best = max(moves, key=lambda action: wins[action])  # ties: the first in the legal order
            return SolitaireAdvice(best, Reason.WINS_IN_GUESSES, wins=wins[best], guesses=self.guesses)
        return self._rule_of_thumb(view, moves)

    def _rule_of_thumb(self, view: SolitaireView, moves: list[Move | Build]) -> SolitaireAdvice:
        turning = []
        for action in moves:
            if isinstance(action, Move):
                source = next(pile for pile in view.piles if action.card in pile.up)
                if source.down:
                    turning.append((len(source.down), action))
        if turning:
            face_down, action = max(turning, key=lambda item: item[0])
            return SolitaireAdvice(action, Reason.TURNS_CARD, face_down=face_down)
        builds = [action for action in moves if isinstance(action, Build)]
        if builds:
            return SolitaireAdvice(builds[0], Reason.BUILDS)
        return SolitaireAdvice(moves[0], Reason.KEEPS_GOING)


def time_advice(view: SolitaireView, player: SolitaireHintPlayer) -> tuple[SolitaireAdvice, float]:
    """The advice and the seconds it took (for the benchmark)."""
    started = time.perf_counter()
    advice = player.advise(view)
    return advice, time.perf_counter() - started
