"""What the bidder keeps and what it buries: the order of its cards from weakest to best.

``nest`` chooses the discard from this order, and ``sampling`` reads the
nest that an unseen bidder buried by it, so both share it here.
"""

from __future__ import annotations

from ...engine import BIRD, card_color, card_number, cards_in
from ...engine.cards import COLOR_MASKS, CardSet
from ...engine.rules import RuleSet


def keep_value(card: int, trump: int, hand: CardSet, rank: tuple[int, ...] | None = None) -> float:
    """How much the bidder wants to keep ``card`` with ``trump`` as trump (higher: keep).

    ``rank`` is the rules' ``rank`` table (a 1 above the 14 ranks 15); by default the card numbers.
    """
    if card == BIRD:
        return 1000.0
    color = card_color(card)
    assert color is not None  # every card but the Bird has a color
    number = card_number(card) or 0
    if rank is not None:
        number = rank[card]
    value = float(number)
    if color == trump:
        return value + 200.0
    in_color = hand & COLOR_MASKS[color]
    if rank is None:
        top = (in_color.bit_length() - 1) % 14 + 1 if in_color else 0
        best = 14
    else:
        top = max((rank[other] for other in cards_in(in_color)), default=0)
        best = max(rank[color * 14:color * 14 + 14])
    if number == best or (number == best - 1 and top == best):
        value += 60.0  # a likely winner
    value += 4.0 * in_color.bit_count()  # short colors go first, to be voided
    return value


def color_ranks(rules: RuleSet) -> tuple[int, ...] | None:
    """The ``rank`` table for ``keep_value``: the rules' where a 1 ranks above the 14, else None (the
    numbers, the faster way)."""
    return rules.rank if rules.ones_high else None


def is_top_number(card: int, rank: tuple[int, ...] | None) -> bool:
    """Whether ``card`` is the highest card of its color in the deck (the 14, or the 1 above it)."""
    return card == top_of_color(card, rank)


def top_of_color(card: int, rank: tuple[int, ...] | None) -> int:
    """The highest card of ``card``'s color in the deck (the 14, or the 1 above it)."""
    base = card - card % 14
    if rank is None:
        return base + 13
    return max(range(base, base + 14), key=rank.__getitem__)
