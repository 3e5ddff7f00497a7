"""Per-trump lookup tables for the search, built once from a ``RuleSet``.

Everything here is read off the rule set's own tables (``suit_masks``,
``suit_of``, ``trump_power``, ``points``): the search applies the same rules
as the game, only through flat lists that cost one index each.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

from ...engine import BIRD
from ...engine.cards import BIRD_MASK, CardSet
from ...engine.rules import RuleSet


@dataclass(frozen=True)
class TrumpTables:
    """The rules of card play under one trump color, as flat lists by card."""

    rules: RuleSet
    trump: int
    suit: tuple[int, ...]
    """``suit[card]``: the suit a card belongs to (the Bird's is trump)."""
    power: tuple[int, ...]
    """``power[card]``: how high a card ranks as trump, 0 for a plain card."""
    rank: tuple[int, ...]
    """``rank[card]``: its rank in its color (its number, 15 for a 1 above the 14) for a plain
    card, its trump power for a trump."""
    points: tuple[int, ...]
    suit_cards: tuple[CardSet, ...]
    """The cards of each suit, the Bird in the trump suit."""
    trump_mask: CardSet
    side_of: tuple[int, ...]
    """The fixed partnerships' sides (``RuleSet.side_of``); the search reads a hand's teams from the view."""
    players: int
    odd_cards: bool = False
    """Whether hands may be uneven (the whole pack dealt): the hand ends when a seat is out of cards, and
    the cards still held go to the last trick's taker (``RuleSet.odd_cards``)."""
    trick_bonus: int = 0
    """Points for each trick taken, besides its cards' (``RuleSet.points_per_trick``: High 14)."""
    avoid: bool = False
    """Points count against their taker (``RuleSet.avoid_points``: Flip): the rollout ducks."""
    any_time: CardSet = 0
    """Cards playable on any lead besides the Bird (High 14's 14s)."""

    def highest(self, cards: CardSet) -> int:
        """The card of ``cards`` that ranks highest within its suit (cards of one suit)."""
        best = -1
        best_rank = -1
        rank = self.rank
        while cards:
            low = cards & -cards
            card = low.bit_length() - 1
            if rank[card] > best_rank:
                best_rank = rank[card]
                best = card
            cards ^= low
        return best


@functools.lru_cache(maxsize=64)
def trump_tables(rules: RuleSet, trump: int) -> TrumpTables:
    """The tables for ``rules`` with ``trump`` as trump (made once, then cached)."""
    suit_masks = rules.suit_masks[trump]
    suit_of = rules.suit_of[trump]
    power = rules.trump_power[trump]
    rank = tuple(power[card] or (rules.rank[card] if card != BIRD else 0) for card in range(BIRD + 1))
    return TrumpTables(
        rules=rules,
        trump=trump,
        suit=suit_of,
        power=power,
        rank=rank,
        points=rules.points,
        suit_cards=tuple(mask & rules.deck_mask for mask in suit_masks),
        trump_mask=suit_masks[trump] & rules.deck_mask,
        side_of=rules.side_of,
        players=rules.players,
        odd_cards=bool(rules.odd_cards),
        trick_bonus=rules.points_per_trick,
        avoid=rules.avoid_points,
        any_time=rules.any_time_mask & ~BIRD_MASK,
    )
