"""The Rook Solitaire solver: can this position still be won, and by which line?

The solver sees the whole position, face-down cards included (it answers
about the deal, as "No winning line from here." must); it is asked only
when the player asks, and the hint player does not use it on hidden cards
(see ``solitaire_hint``).

It is a depth-first search with a transposition table of positions already
found lost, keyed on a canonical form of the position (the non-vacant piles,
sorted: which number a pile has does not change what can be done).  Two
prunings keep it small:

**Safe builds first.**  A card ``c`` of number ``n`` on top of a pile may go
to its building pile without losing anything when no card could ever be
put on it: the cards that build on ``c`` are the ``n - 1``s of the other
colors, and a 1 never stays on a transfer pile, so this holds when ``n <= 2``
or when the three other building piles have reached ``n - 1``.  Any winning
line from the position is then matched move for move after building ``c``
first: nothing ever goes on ``c``; a move of a run that holds ``c`` moves
the same run without it (its lowest card, which decides where it may go, is
the same, unless ``c`` is the run alone, which the line skips); and the card
turned earlier under ``c`` only adds a top card that the line need not use
(a 14 or a 1 turned up is moved just as it would be later).  So when a safe
build exists it is the only move searched.

**A run never leaves a pile with no face-down card.**  Moving the face-up run
``R`` of a pile ``P`` that has no face-down card onto a card ``T`` of pile
``Q`` only leaves ``P`` vacant for good and covers ``T``.  The position
before dominates the position after: every move of the line after has its
match before (``R`` is reachable from ``P`` exactly as from ``Q``; a move of
the run ``T``-and-``R`` from ``Q`` is matched by moving ``T``'s run and then
``R`` onto it; a card built from ``R`` is built from ``P``), so nothing is
lost by never making that move.  With it gone, every move either builds a
card or turns a face-down card (a run moved off face-down cards turns the
next one, and a 14 sent to the bottom turns the next after it), so the face
down cards plus the cards on transfer piles decrease with every move: the
search graph is acyclic, a position left is never met again on the same
line, and a position fully searched without a win is lost.

>>> from rook_access.engine.solitaire import SolitaireState
>>> result = solve(SolitaireState.from_seed(1))
>>> result.outcome in (Verdict.WON, Verdict.LOST)
True
"""

from __future__ import annotations

import enum
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..engine.cards import Card
from ..engine.patience_deck import HIGHEST, color_of, number_of
from ..engine.solitaire import Build, Move, SolitaireState

Pile = tuple[tuple[Card, ...], tuple[Card, ...]]
"""A pile in the search: its face-down cards and its face-up run, each bottom first."""

SolverMove = Move | Build

DEFAULT_NODES = 200_000
"""Positions searched at most, by default, before answering "unknown"."""
DEFAULT_SECONDS = 1.8
"""Seconds searched at most, by default, before answering "unknown"."""


class Verdict(enum.Enum):
    """What the solver found."""

    WON = "won"
    """A winning line exists (``SolveResult.line``)."""
    LOST = "lost"
    """No winning line from here."""
    UNKNOWN = "unknown"
    """The budget ran out before the search ended."""


@dataclass(frozen=True)
class SolveResult:
    """The solver's answer: the verdict, the winning line when there is one, and the work done."""

    outcome: Verdict
    line: tuple[SolverMove, ...]
    """The moves of a winning line from the position (empty unless won)."""
    nodes: int
    seconds: float

    @property
    def message(self) -> str:
        """One line for the player."""
        if self.outcome is Verdict.WON:
            return f"This game can still be won: a winning line of {len(self.line)} moves."
        if self.outcome is Verdict.LOST:
            return "No winning line from here."
        return f"Unknown: no answer after searching {self.nodes} positions."


class _OutOfBudget(Exception):
    pass


def _turned(down: tuple[Card, ...], built: list[int]) -> Pile:
    """The pile after its face-up run is gone: turn cards as the rules do (14s to the bottom, 1s built)."""
    while down:
        card = down[-1]
        down = down[:-1]
        number = number_of(card)
        if number == HIGHEST:
            if any(other % HIGHEST != HIGHEST - 1 for other in down):
                down = (card, *down)
                continue
            return down, (card,)
        if number == 1:
            built[color_of(card)] = 1
            continue
        return down, (card,)
    return (), ()


def _is_safe(card: Card, built: list[int]) -> bool:
    """True when no card could ever be put on ``card``, so building it loses nothing."""
    number, color = number_of(card), color_of(card)
    if number <= 2:
        return True
    return all(built[other] >= number - 1 for other in range(4) if other != color)


class Solver:
    """One search, with its budget (positions and seconds); ``solve`` answers for a position."""

    def __init__(self, max_nodes: int = DEFAULT_NODES, max_seconds: float = DEFAULT_SECONDS) -> None:
        self.max_nodes = max_nodes
        self.max_seconds = max_seconds
        self.nodes = 0
        self._lost: set[tuple[Pile, ...]] = set()
        self._deadline = 0.0

    def solve(self, state: SolitaireState) -> SolveResult:
        """Search the position of ``state`` (which is not changed)."""
        if state.is_over:
            won = all(height == HIGHEST for height in state.built)
            return SolveResult(Verdict.WON if won else Verdict.LOST, (), 0, 0.0)
        piles = tuple((tuple(state.down[index]), tuple(state.up[index])) for index in range(len(state.down)))
        return self.solve_position(piles, state.built)

    def solve_position(self, piles: Sequence[Pile], built: Sequence[int]) -> SolveResult:
        """Search a position given as its piles (pile ``i`` is pile number ``i + 1``) and building heights."""
        started = time.perf_counter()
        self._deadline = started + self.max_seconds
        self.nodes = 0
        line: list[SolverMove] = []
        try:
            outcome = Verdict.WON if self._search(tuple(piles), list(built), line) else Verdict.LOST
        except _OutOfBudget:
            outcome, line = Verdict.UNKNOWN, []
        line.reverse()
        return SolveResult(outcome, tuple(line), self.nodes, time.perf_counter() - started)

    def _search(self, piles: tuple[Pile, ...], built: list[int], line: list[SolverMove]) -> bool:
        """True (with the winning line, reversed, appended to ``line``) when the position can be won."""
        if all(height == HIGHEST for height in built):
            return True
        key = tuple(sorted(pile for pile in piles if pile[1]))
        if key in self._lost:
            return False
        self.nodes += 1
        if self.nodes > self.max_nodes or (self.nodes & 63 == 0 and time.perf_counter() > self._deadline):
            raise _OutOfBudget
        for move, after, after_built in self._children(piles, built):
            if self._search(after, after_built, line):
                line.append(move)
                return True
        self._lost.add(key)
        return False

    def _children(
        self, piles: tuple[Pile, ...], built: list[int]
    ) -> list[tuple[SolverMove, tuple[Pile, ...], list[int]]]:
        """The moves worth searching, in the order to try them, with the positions they lead to."""
        builds = []
        for index, (down, up) in enumerate(piles):
            if up and built[color_of(up[-1])] == number_of(up[-1]) - 1:
                card = up[-1]
                new_built = list(built)
                new_built[color_of(card)] += 1
                pile = (down, up[:-1]) if len(up) > 1 else _turned(down, new_built)
                after = piles[:index] + (pile,) + piles[index + 1 :]
                child = (Build(card, color_of(card)), after, new_built)
                if _is_safe(card, built):
                    return [child]
                builds.append(child)
        runs = []
        for index, (down, up) in enumerate(piles):
            if not up or not down:
                continue  # a run off a pile with no face-down card is dominated (module docstring)
            base = up[0]
            wanted = number_of(base) + 1
            for target, (target_down, target_up) in enumerate(piles):
                if target_up and number_of(target_up[-1]) == wanted and color_of(target_up[-1]) != color_of(base):
                    new_built = list(built)
                    pile = _turned(down, new_built)
                    changed = list(piles)
                    changed[index] = pile
                    changed[target] = (target_down, target_up + up)
                    runs.append((len(down), Move(base, target + 1), tuple(changed), new_built))
        runs.sort(key=lambda run: -run[0])
        return builds + [(move, after, new_built) for _, move, after, new_built in runs]


def solve(state: SolitaireState, max_nodes: int = DEFAULT_NODES, max_seconds: float = DEFAULT_SECONDS) -> SolveResult:
    """Whether the game of ``state`` can still be won, with a winning line, within the budget."""
    return Solver(max_nodes, max_seconds).solve(state)
