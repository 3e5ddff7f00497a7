"""Dealing: a shuffled deal as the rule books deal it, or a fixed deal from a file.

The nest gets one card after every player has a card, once a round, until it
is full; then the rest of the deck goes round the table.  In the 2- and
3-player games the hands are dealt first, then the nest, and the last cards
are laid aside out of play.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import Card, CardNotationError, card_name, parse_card
from .errors import InvalidDealError
from .rules import RuleSet, TrumpSource

EXAMPLE_DEAL: dict[str, Any] = {
    "dealer": 3,
    "hands": [
        ["14r", "10r", "5r", "12x", "9x", "13y", "6y", "11g", "rook"],
        ["13r", "8r", "14x", "10x", "7x", "12y", "8y", "10g", "6g"],
        ["12r", "7r", "13x", "6x", "14y", "10y", "7y", "14g", "5g"],
        ["11r", "9r", "6r", "11x", "8x", "5x", "11y", "9y", "13g"],
    ],
    "nest": ["12g", "9g", "8g", "7g", "5y"],
}
"""The deal file of docs/playing.md, as JSON: a fixed hand for examples, benchmarks and tests."""


_ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
"""A hand's place in a deal, as a person counts: seat 0's hand is the first."""


def _ordinal(seat: int) -> str:
    """Seat ``seat``'s hand's place in the deal, in words: 0 is "first"; past the eighth, "9th"."""
    return _ORDINALS[seat] if seat < len(_ORDINALS) else f"{seat + 1}th"


@dataclass(frozen=True)
class Deal:
    """The cards of one hand: the dealer, every seat's hand and the nest, in the order dealt.

    >>> from rook_access.engine.rules import PARTNERSHIP
    >>> deal = Deal.from_json(EXAMPLE_DEAL, PARTNERSHIP)
    >>> deal.dealer, len(deal.hands), card_name(deal.hands[0][-1]), len(deal.nest), deal.aside
    (3, 4, 'rook', 5, ())
    """

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    nest: tuple[Card, ...]
    aside: tuple[Card, ...] = ()
    """Cards out of play for the hand."""
    cut: Card | None = None
    """The card cut from the pack for trump before the deal (High 14); None in the other games."""

    @classmethod
    def shuffled(cls, rules: RuleSet, dealer: int, rng: random.Random) -> Deal:
        """Shuffle the deck and deal it one card at a time from the dealer's left.

        >>> from rook_access.engine.rules import PARTNERSHIP, TWO_PLAYER
        >>> deal = Deal.shuffled(PARTNERSHIP, 3, random.Random(1))
        >>> [len(hand) for hand in deal.hands], len(deal.nest), deal.aside
        ([9, 9, 9, 9], 5, ())
        >>> deal = Deal.shuffled(TWO_PLAYER, 0, random.Random(1))
        >>> [len(hand) for hand in deal.hands], len(deal.nest), len(deal.aside)
        ([12, 12, 12], 5, 3)
        """
        cut = rng.choice(rules.deck) if rules.trump_from is TrumpSource.CUT else None
        deck = list(rules.deck)
        rng.shuffle(deck)
        deal = cls.from_deck_order(rules, dealer, deck)
        return deal if cut is None else dataclasses.replace(deal, cut=cut)

    @classmethod
    def from_deck_order(cls, rules: RuleSet, dealer: int, deck: list[Card]) -> Deal:
        """Deal ``deck`` from its first card: round by round, a nest card after each round.

        >>> from rook_access.engine.cards import card_names
        >>> from rook_access.engine.rules import PARTNERSHIP
        >>> deal = Deal.from_deck_order(PARTNERSHIP, 3, list(PARTNERSHIP.deck))
        >>> card_names(deal.hands[0][:3]), card_names(deal.nest)
        ('5r 10r 5x', '9r 14r 9x 14x 9y')
        """
        players = rules.players
        hands: list[list[Card]] = [[] for _ in range(players)]
        if rules.deal_whole_pack:  # no nest: round and round until the pack is dealt
            for index, card in enumerate(deck):
                hands[(dealer + 1 + index) % players].append(card)
            return cls(dealer, tuple(tuple(hand) for hand in hands), ())
        nest: list[Card] = []
        cards = iter(deck)
        for _ in range(rules.hand_size):
            for offset in range(1, players + 1):
                hands[(dealer + offset) % players].append(next(cards))
            if not rules.nest_dealt_last and len(nest) < rules.nest_size:
                nest.append(next(cards))
        while len(nest) < rules.nest_size:
            nest.append(next(cards))
        aside = tuple(cards)
        return cls(dealer, tuple(tuple(hand) for hand in hands), tuple(nest), aside)

    def face_up(self, rules: RuleSet) -> tuple[Card, ...]:
        """The dummy's cards dealt face up: every other card dealt to it, from its first.

        >>> from rook_access.engine.rules import PARTNERSHIP, TWO_PLAYER
        >>> deal = Deal.shuffled(TWO_PLAYER, 0, random.Random(1))
        >>> deal.face_up(TWO_PLAYER) == deal.hands[2][0:12:2]
        True
        >>> Deal.shuffled(PARTNERSHIP, 0, random.Random(1)).face_up(PARTNERSHIP)
        ()
        """
        if rules.dummy_seat is None:
            return ()
        return self.hands[rules.dummy_seat][0::2][: rules.dummy_face_up]

    def check(self, rules: RuleSet) -> None:
        """Raise InvalidDealError unless this deal is possible under ``rules``.

        >>> from rook_access.engine.rules import PARTNERSHIP
        >>> deal = Deal.from_json(EXAMPLE_DEAL, PARTNERSHIP)
        >>> Deal(deal.dealer, deal.hands, deal.nest[:4]).check(PARTNERSHIP)
        Traceback (most recent call last):
        ...
        rook_access.engine.errors.InvalidDealError: The nest has 4 cards; it needs 5.
        >>> Deal(deal.dealer, (deal.hands[0][:8], *deal.hands[1:]), deal.nest).check(PARTNERSHIP)
        Traceback (most recent call last):
        ...
        rook_access.engine.errors.InvalidDealError: The first hand, South's, has 8 cards; each hand needs 9.
        """
        if not 0 <= self.dealer < rules.players:
            raise InvalidDealError(f"The dealer must be a seat from 0 to {rules.players - 1}.")
        if len(self.hands) != rules.players:
            raise InvalidDealError(f"A deal needs {rules.players} hands, not {len(self.hands)}.")
        sizes = rules.dealt_sizes(self.dealer)
        names = rules.names
        for seat, hand in enumerate(self.hands):
            which = f"The {_ordinal(seat)} hand, {names[seat]}'s,"
            if len(hand) != sizes[seat] and rules.deal_whole_pack:
                raise InvalidDealError(
                    f"{which} has {len(hand)} cards; with {names[self.dealer]} dealing, it gets {sizes[seat]}."
                )
            if len(hand) != rules.hand_size and not rules.deal_whole_pack:
                raise InvalidDealError(f"{which} has {len(hand)} cards; each hand needs {rules.hand_size}.")
        if len(self.nest) != rules.nest_size:
            raise InvalidDealError(f"The nest has {len(self.nest)} cards; it needs {rules.nest_size}.")
        if len(self.aside) != rules.out_of_play:
            raise InvalidDealError(
                f"{len(self.aside)} cards are laid aside; this game lays aside {rules.out_of_play}."
            )
        cutting = rules.trump_from is TrumpSource.CUT
        if cutting and self.cut is None:
            raise InvalidDealError('Trump is cut from the pack in this game: the deal needs "cut", a card.')
        if not cutting and self.cut is not None:
            raise InvalidDealError("Trump is not cut from the pack in this game: the deal has no cut.")
        if self.cut is not None and self.cut not in rules.deck:
            raise InvalidDealError(f"The cut card {card_name(self.cut)} is not in the deck of this game.")
        seen: set[Card] = set()
        for card in [card for hand in self.hands for card in hand] + list(self.nest) + list(self.aside):
            if card in seen:
                raise InvalidDealError(f"{card_name(card)} is dealt twice.")
            if card not in rules.deck:
                raise InvalidDealError(f"{card_name(card)} is not in the deck of this game.")
            seen.add(card)

    @classmethod
    def from_json(cls, data: Any, rules: RuleSet) -> Deal:
        """A deal from the JSON object of a deal file, checked against ``rules``.

        The object is ``{"dealer": 3, "hands": [[9 cards] x 4], "nest": [5 cards]}``
        with cards in the notation; games that lay cards aside add ``"aside"``, and
        High 14 the card cut for trump, ``"cut"``.  In Flip and High 14 the
        ``"nest"`` is the cards left over in the centre (often none).

        >>> from rook_access.engine.rules import PARTNERSHIP
        >>> Deal.from_json(EXAMPLE_DEAL, PARTNERSHIP).dealer
        3
        >>> Deal.from_json({"dealer": 0, "hands": []}, PARTNERSHIP)
        Traceback (most recent call last):
        ...
        rook_access.engine.errors.InvalidDealError: The deal has no 'nest'.
        """
        if not isinstance(data, Mapping):
            raise InvalidDealError('A deal file holds one JSON object with "dealer", "hands" and "nest".')
        missing = [key for key in ("dealer", "hands", "nest") if key not in data]
        if missing:
            raise InvalidDealError(f"The deal has no {' or '.join(repr(key) for key in missing)}.")
        unknown = sorted(set(data) - {"dealer", "hands", "nest", "aside", "cut"})
        if unknown:
            raise InvalidDealError(f"The deal has unknown keys: {', '.join(unknown)}.")
        dealer = data["dealer"]
        if not isinstance(dealer, int) or isinstance(dealer, bool):
            raise InvalidDealError("The dealer must be a seat number.")
        hands_data = data["hands"]
        if not isinstance(hands_data, list) or not all(isinstance(hand, list) for hand in hands_data):
            raise InvalidDealError('"hands" must be a list of hands, each a list of cards.')
        if not isinstance(data["nest"], list):
            raise InvalidDealError('"nest" must be a list of cards.')
        if not isinstance(data.get("aside", []), list):
            raise InvalidDealError('"aside" must be a list of cards.')
        if "cut" in data and not isinstance(data["cut"], str):
            raise InvalidDealError('"cut" must be a card.')
        try:
            hands = tuple(tuple(_card(text) for text in hand) for hand in hands_data)
            nest = tuple(_card(text) for text in data["nest"])
            aside = tuple(_card(text) for text in data.get("aside", []))
            cut = _card(data["cut"]) if "cut" in data else None
        except CardNotationError as error:
            raise InvalidDealError(str(error)) from None
        deal = cls(dealer, hands, nest, aside, cut)
        deal.check(rules)
        return deal


def _card(text: object) -> Card:
    if not isinstance(text, str):
        raise CardNotationError(f"{text!r} is not a card. Cards are written like 14r, 5x or rook.")
    return parse_card(text)
