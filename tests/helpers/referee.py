"""The referee the property tests of the 1913 booklet's trick games share: its rules written out
from the booklet, apart from the engine (whose cards it reads, never its rules), and whole games of
random and basic players for it to check."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

from rook_access.engine import GameState, card_color, card_number
from rook_access.players import BasicPlayer, RandomPlayer

COUNTERS = {5: 5, 10: 10, 14: 10}
"""The counters of the booklet's games with the 14 high: the 5s, the 10s and the 14s."""


def count(cards: Iterable[int], counters: Mapping[int, int] = COUNTERS) -> int:
    """The points of ``cards``: each card's number's points in ``counters``."""
    return sum(counters.get(card_number(card), 0) for card in cards)


def follows(hand: set[int], card: int, lead: int | None) -> bool:
    """Follow the color led if you can; else any card (throw away, or trump)."""
    if card not in hand:
        return False
    if lead is None:
        return True
    same = {c for c in hand if card_color(c) == card_color(lead)}
    return not same or card in same


def takes(cards: list[int], trump: int) -> int:
    """The highest trump, else the highest of the color led (the 1 the lowest card) takes the trick."""
    trumps = [c for c in cards if card_color(c) == trump]
    pool = trumps or [c for c in cards if card_color(c) == card_color(cards[0])]
    return cards.index(max(pool, key=card_number))


def play_out(state: GameState, seed: int, random_seats: Sequence[bool],
             before_each: Callable[[GameState], None] | None = None) -> GameState:
    """Play ``state`` to the end: seat ``s``'s player random where ``random_seats[s]``, else basic,
    seeded ``seed + s``; each move by the player who decides for the seat to act (``state.actor``).
    ``before_each(state)`` is called before every move."""
    agents = [RandomPlayer(seed + s) if random_seats[s] else BasicPlayer(seed + s)
              for s in range(state.rules.players)]
    steps = 0
    while not state.is_over:
        if before_each is not None:
            before_each(state)
        seat, actor = state.turn, state.actor
        assert seat is not None and actor is not None
        state.apply(agents[actor].choose(state.view(seat)), seat)
        steps += 1
        assert steps < 5000
    return state
