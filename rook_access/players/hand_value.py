"""How good a hand is, by the rule books' reckoning: the players' hand evaluation.

A leaf of the players: it reads only the engine, so that the rule-based
player, the search player's sampling and its bidding model all use it
without importing each other.

>>> from rook_access.engine import PARTNERSHIP, GREEN, parse_cards
>>> hand = parse_cards("14g 13g 11g 9g 6g 14r 5r 10x rook")
>>> best_trump(hand, PARTNERSHIP) == GREEN
True
"""

from __future__ import annotations

from ..engine import BIRD, COLORS, Card, Color, card_color, card_number
from ..engine.rules import RuleSet

_HONOR_VALUE = {14: 10, 13: 6, 12: 3, 11: 1}


def ranks(rules: RuleSet | None) -> tuple[int, ...] | None:
    """How high each card ranks in its color, as 1 to 14: its number, or 14 for a 1 above the 14
    (then the 14 counts 13, and so on down); None for the plain numbers."""
    if rules is None or not rules.ones_high:
        return None
    return _ONES_HIGH_RANKS


_ONES_HIGH_RANKS: tuple[int, ...] = tuple(
    14 if card % 14 == 0 else card % 14 for card in range(BIRD)
) + (0,)


def number_rank(card: Card, rank: tuple[int, ...] | None) -> int:
    """The card's number, or its rank from ``ranks`` (0 for the Bird)."""
    if rank is None:
        return card_number(card) or 0
    return rank[card]


def trump_preference(cards: list[Card], color: Color, rules: RuleSet | None = None) -> float:
    """How good ``color`` is as trump for these cards: length first, then high cards."""
    rank = ranks(rules)
    numbers = [number_rank(card, rank) for card in cards if card_color(card) == color]
    return 10 * len(numbers) + sum(_HONOR_VALUE.get(n, 0) for n in numbers) + sum(numbers) / 10


def best_trump(cards: list[Card], rules: RuleSet | None = None) -> Color:
    """The color these cards would best name as trump."""
    return max(COLORS, key=lambda color: trump_preference(cards, color, rules))


def raw_strength(cards: list[Card], rules: RuleSet) -> float:
    """The rule books' reckoning of a hand for the Partnership Game: about the points a side takes
    when this hand names trump there.

    Counts the hand's counters, the Bird, the length and honors of the best
    trump, sure winners in the other colors, and what partner and the nest may add.
    """
    rank = ranks(rules)
    trump = best_trump(cards, rules)
    trump_numbers = sorted((number_rank(c, rank) for c in cards if card_color(c) == trump), reverse=True)
    estimate = 0.55 * rules.points_in(sum(1 << c for c in cards))
    if BIRD in cards:
        estimate += 12
    estimate += 6 * max(0, len(trump_numbers) - 2)
    estimate += sum(_HONOR_VALUE.get(n, 0) for n in trump_numbers[:3])
    for color in COLORS:
        if color == trump:
            continue
        numbers = {number_rank(c, rank) for c in cards if card_color(c) == color}
        if 14 in numbers:
            estimate += 6
            if 13 in numbers:
                estimate += 3
        if not numbers:
            estimate += 4
    return estimate + 38
