"""The pack of the patience games (Rook Solitaire, Rook Clock): 56 cards, 1 to 14 in four colors, no Bird.

A deal of a patience game is the pack in dealing order: from a seed (the
same seed always gives the same deal) or from a deal file, a JSON list of
the 56 cards in the notation::

    >>> deck = shuffled_deck(7)
    >>> len(deck), len(set(deck)), deck == shuffled_deck(7)
    (56, 56, True)
    >>> deck_from_json(["1r"])
    Traceback (most recent call last):
    ...
    rook_access.engine.errors.InvalidDealError: A deal has 56 cards, not 1.
"""

from __future__ import annotations

import functools
import json
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from .cards import BIRD, Card, CardNotationError, Color, card_name, parse_card, shown
from .errors import InvalidDealError
from .protocol import OptionValue, TableSetup
from .rules import RuleSetError, sizes_text

PACK_SIZE = 56
"""Cards in the pack: 1 to 14 in red, black, yellow and green."""

PATIENCE_PACK: tuple[Card, ...] = tuple(range(PACK_SIZE))
"""The pack in card order (1r to 14r, 1x to 14x, 1y to 14y, 1g to 14g)."""


HIGHEST = 14
"""The highest number of the pack, and the cards of each color."""


def number_of(card: Card) -> int:
    """The number (1 to 14) of a card of the pack, which has no Bird.

    >>> number_of(parse_card("7y"))
    7
    """
    return card % HIGHEST + 1


def color_of(card: Card) -> Color:
    """The color of a card of the pack, which has no Bird.

    >>> color_of(parse_card("7y")) == parse_card("1y") // HIGHEST
    True
    """
    return card // HIGHEST


PACK_CARDS = "Cards are a number from 1 to 14 and a color letter, like 14r, 5x, 10y, 7g."
"""What a card of the pack is, for a refusal: no Bird, which is no card of this pack."""


def parse_pack_card(text: str) -> Card:
    """The card of the pack that ``text`` names; anything else, the Bird too, is a ``CardNotationError`` saying
    what the pack's cards are.

    >>> card_name(parse_pack_card("14R"))
    '14r'
    >>> parse_pack_card("rook")
    Traceback (most recent call last):
    ...
    rook_access.engine.cards.CardNotationError: This pack has no rook. Cards are a number from 1 to 14 and a \
color letter, like 14r, 5x, 10y, 7g.
    """
    try:
        card = parse_card(text)
    except CardNotationError:
        raise CardNotationError(f"{shown(text) if text.strip() else 'nothing'} is not a card. {PACK_CARDS}") from None
    if card == BIRD:
        raise CardNotationError(f"This pack has no {shown(text).lower()}. {PACK_CARDS}")
    return card


def table_seed(setup: TableSetup) -> int:
    """The table's seed, or a fresh one when the setup has none."""
    return setup.seed if setup.seed is not None else random.SystemRandom().randrange(2**31)


def players_in(options: Mapping[str, OptionValue], default: int) -> int:
    """The ``players`` option of a booklet game for several table sizes, else ``default``."""
    value = options.get("players")
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def seats_for(default: int) -> Callable[[Mapping[str, OptionValue]], int]:
    """A game description's ``seats_for``: the ``players`` option, else ``default``."""
    return functools.partial(players_in, default=default)


def table_players(setup: TableSetup, sizes: Sequence[int], default: int, title: str) -> int:
    """How many play at a table of the booklet's games for several sizes: the ``players`` option, else
    ``default``; RuleSetError naming the sizes there are for another.

    >>> table_players(TableSetup("match", (("players", 9),)), range(2, 9), 4, "Match")
    Traceback (most recent call last):
    ...
    rook_access.engine.rules.RuleSetError: Match is for 2 to 8 players, not 9.
    """
    players = players_in(dict(setup.options), default)
    if players not in sizes:
        raise RuleSetError(f"{title} is for {sizes_text(tuple(sizes))} players, not {players}.")
    return players


def table_deck(setup: TableSetup, deal: Sequence[Card] | None) -> tuple[tuple[Card, ...], int | None]:
    """A new patience game's deck and seed: the fixed ``deal`` (no seed), or the shuffle of the setup's seed
    (a fresh one when None)."""
    if deal is not None:
        return tuple(deal), None
    seed = table_seed(setup)
    return shuffled_deck(seed), seed


def shuffled_deck(seed: int) -> tuple[Card, ...]:
    """The pack shuffled by ``random.Random(seed)``, in dealing order."""
    deck = list(PATIENCE_PACK)
    random.Random(seed).shuffle(deck)
    return tuple(deck)


def deck_from_json(data: object) -> tuple[Card, ...]:
    """The deal that a parsed deal file holds, checked: every card of the pack exactly once.

    Raises ``InvalidDealError`` with one line saying what is wrong.
    """
    if not isinstance(data, list):
        raise InvalidDealError(
            'A deal file holds one JSON list of the 56 cards in dealing order, like ["7r", "14x", ...].'
        )
    if len(data) != PACK_SIZE:
        raise InvalidDealError(f"A deal has {PACK_SIZE} cards, not {len(data)}.")
    cards: list[Card] = []
    seen: set[Card] = set()
    for position, text in enumerate(data, start=1):
        if not isinstance(text, str):
            raise InvalidDealError(f"Card {position} of the deal is not a card name; cards are written like 14r or 5x.")
        try:
            card = parse_card(text)
        except CardNotationError as error:
            raise InvalidDealError(f"Card {position} of the deal: {error}") from None
        if card == BIRD:
            raise InvalidDealError(f"Card {position} of the deal is the Bird; the patience games have no Bird.")
        if card in seen:
            raise InvalidDealError(f"{card_name(card)} is dealt twice.")
        seen.add(card)
        cards.append(card)
    return tuple(cards)


def deck_from_text(text: str) -> tuple[Card, ...]:
    """The deal a deal file's text holds (see ``deck_from_json``)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidDealError(f"The deal file is not valid JSON (line {error.lineno}).") from None
    except (ValueError, RecursionError):
        raise InvalidDealError("The deal file is not valid JSON.") from None
    return deck_from_json(data)


def read_deck_file(path: Path | str) -> tuple[Card, ...]:
    """The deal in the deal file at ``path``; any fault (missing, unreadable, corrupt) is an ``InvalidDealError``."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InvalidDealError("The deal file is not UTF-8 text.") from None
    except OSError as error:
        raise InvalidDealError(f"The deal file cannot be read: {error.strerror or error}.") from None
    return deck_from_text(text)


def deck_to_json(deck: tuple[Card, ...]) -> list[str]:
    """The deal as a deal file holds it: the cards' names in dealing order."""
    return [card_name(card) for card in deck]


CARD_FIELDS = ("card", "onto")
"""The fields of the patience games' values that hold one card, written as its name."""
TRUTH_FIELDS = ("came_out",)
"""The fields that hold true or false."""
TEXT_FIELDS = ("undone", "outcome")
"""The fields that hold text; every other field but the cards holds a whole number."""


def value_to_json(kind: str, fields: dict[str, object]) -> dict[str, object]:
    """The JSON object of an action or event of the patience games: ``kind`` and its fields, with every field
    named ``card`` or ``onto`` a card name and every field named ``cards`` a list of card names.

    >>> value_to_json("card_built", {"pile": 3, "card": 6})
    {'event': 'card_built', 'pile': 3, 'card': '7r'}
    """
    data: dict[str, object] = {"event": kind}
    for name, value in fields.items():
        if name in CARD_FIELDS and isinstance(value, int):
            data[name] = card_name(value)
        elif name == "cards" and isinstance(value, tuple):
            data[name] = [card_name(card) for card in value]
        else:
            data[name] = value
    return data


def value_fields_from_json(data: object, names: tuple[str, ...]) -> dict[str, object]:
    """The fields of a patience event's JSON object (the inverse of ``value_to_json``); ValueError if malformed.

    >>> value_fields_from_json({"event": "card_built", "pile": 3, "card": "7r"}, ("pile", "card"))
    {'pile': 3, 'card': 6}
    >>> value_fields_from_json({"event": "card_built", "pile": "3", "card": "7r"}, ("pile", "card"))
    Traceback (most recent call last):
    ...
    ValueError: pile is written as a whole number
    """
    if not isinstance(data, dict) or set(data) != {"event", *names}:
        raise ValueError(f"not an event with the fields {', '.join(names)}")
    fields: dict[str, object] = {}
    for name in names:
        value = data[name]
        if name == "onto" and value is None:
            pass  # a run moved onto nothing is never made; None is kept as written
        elif name in CARD_FIELDS:
            if not isinstance(value, str):
                raise ValueError("a card is written as its name")
            value = parse_card(value)
        elif name == "cards":
            if not isinstance(value, list) or not all(isinstance(text, str) for text in value):
                raise ValueError("cards are written as a list of names")
            value = tuple(parse_card(text) for text in value)
        elif name in TRUTH_FIELDS:
            if not isinstance(value, bool):
                raise ValueError(f"{name} is written as true or false")
        elif name in TEXT_FIELDS:
            if not isinstance(value, str):
                raise ValueError(f"{name} is written as text")
        elif isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{name} is written as a whole number")
        fields[name] = value
    return fields


@dataclass(frozen=True, slots=True)
class PatienceDealt:
    """A patience game begins: the game's name and the whole deal, in dealing order.

    The first event of every game of Rook Solitaire and Rook Clock, so a
    ``--record`` file starts by saying which game and which deal it is.
    """

    variant: str
    deck: tuple[Card, ...]


def dealt_to_json(event: PatienceDealt) -> dict[str, object]:
    """The record's first line of a patience game.

    >>> dealt_to_json(PatienceDealt("clock", (0, 15)))
    {'event': 'game_start', 'variant': 'clock', 'deck': ['1r', '2x']}
    """
    return {"event": "game_start", "variant": event.variant, "deck": [card_name(card) for card in event.deck]}


def dealt_from_json(data: object) -> PatienceDealt | None:
    """The ``PatienceDealt`` a record's first line holds, or None if it is another event; ValueError if malformed.

    >>> dealt_from_json({"event": "game_start", "variant": "clock", "deck": ["1r", "2x"]})
    PatienceDealt(variant='clock', deck=(0, 15))
    """
    if not isinstance(data, dict) or data.get("event") != "game_start":
        return None
    variant, deck = data.get("variant"), data.get("deck")
    if not isinstance(variant, str) or not isinstance(deck, list) or not all(isinstance(name, str) for name in deck):
        raise ValueError("a game's first line has its variant and its deck of card names")
    return PatienceDealt(variant, tuple(parse_card(name) for name in deck))
