"""Hand-made deals and positions of Rook Solitaire, for the tests of this folder (as fixtures)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rook_access.engine.cards import parse_cards
from rook_access.engine.solitaire import PILES, SolitaireState


def deck_with(piles: dict[int, str]) -> list[int]:
    """A deal whose numbered piles (1 to 14) hold these cards, bottom first, four each; the other cards fill
    the other piles in card order."""
    chosen = {number: parse_cards(text) for number, text in piles.items()}
    used = {card for cards in chosen.values() for card in cards}
    rest = [card for card in range(56) if card not in used]
    layout = [chosen.get(number) or [rest.pop(0) for _ in range(4)] for number in range(1, PILES + 1)]
    return [layout[pile][round_] for round_ in range(4) for pile in range(PILES)]


def position(piles: dict[int, tuple[str, str]], built: dict[str, int]) -> SolitaireState:
    """A position: pile number to (face-down cards, face-up cards), bottom first; building heights by color letter.

    The cards neither named nor built go face down in pile 14 (when it is not named), the lowest that is not a 1
    on top, face up.
    """
    down = [parse_cards(piles.get(number, ("", ""))[0]) for number in range(1, PILES + 1)]
    up = [parse_cards(piles.get(number, ("", ""))[1]) for number in range(1, PILES + 1)]
    heights = [built.get(letter, 0) for letter in "rxyg"]
    placed = {card for pile in [*down, *up] for card in pile}
    placed |= {color * 14 + number for color in range(4) for number in range(heights[color])}
    leftover = sorted((card for card in range(56) if card not in placed), reverse=True)
    if leftover and PILES not in piles:
        top = [card for card in leftover if card % 14 != 0][-1]
        down[PILES - 1], up[PILES - 1] = [card for card in leftover if card != top], [top]
    return SolitaireState.from_layout(down, up, heights)


@pytest.fixture
def make_deck() -> Callable[[dict[int, str]], list[int]]:
    """``deck_with``: a deal with chosen piles."""
    return deck_with


@pytest.fixture
def make_position() -> Callable[[dict[int, tuple[str, str]], dict[str, int]], SolitaireState]:
    """``position``: a hand-made position."""
    return position
