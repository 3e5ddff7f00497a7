"""What each seat, and a spectator, may see of every event of every family of games.

The engine's events (``GameState.events``) tell everything, hidden cards
included: every hand in the deal, the nest, the cards laid face down.  A seat
playing from another machine must be sent only what it may know, so
``seen_by(event, seat)`` gives the event as that seat sees it, or None when
the seat sees nothing of it; ``seat`` None is a spectator, who sees only what
every player sees.

Each family registers its own rules here, one per event type
(``register_visibility``), in the family's terms; an event type no family has
registered is refused (``TypeError``), never passed on whole.  The rules
agree with each family's ``view(seat)``, which is what a seat may know.

Hidden cards are not removed outright: the narrators count them ("13 to each",
"5 in the centre", "takes the centre, 7 cards").  A hidden run of cards becomes
``Unseen(count)``: a tuple that names no card (iterating it gives nothing,
its JSON record is an empty list) but whose ``len`` is the number of cards
hidden, so an event keeps its type and its counts, and the narrators read it
unchanged.  A single hidden card cannot be carried that way, so I Doubt It's
card laid face down is, for the other seats, a separate event type,
``FaceDownLaid`` (no card), with its own record line (``laid_face_down``).

No rule needs the state of the game: every event that shows cards to some
seats only names those seats itself (the bidder of ``NestTaken``, the giver
and the receiver of Donkey's ``CardPassed``, the taker of a doubt).  What a
seat sees that no event carries (the dummy's whole hand once trump is named,
Display Rook's dealer's hand seen from the displayed seat) is in its view.

    >>> from .cards import parse_cards
    >>> from .events import Dealt
    >>> deal = Dealt(1, 0, (tuple(parse_cards("5r 6r")), tuple(parse_cards("7r 8r"))), tuple(parse_cards("9g")))
    >>> seen = seen_by(deal, 1)
    >>> seen.hands[1] == deal.hands[1], list(seen.hands[0]), len(seen.hands[0]), len(seen.nest)
    (True, [], 2, 1)
    >>> from .notation import event_to_json
    >>> event_to_json(seen)
    {'event': 'deal', 'hand': 1, 'dealer': 0, 'hands': [[], ['7r', '8r']], 'nest': []}
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from . import clock, donkey, doubt, match, panjandrum, patience_deck, solitaire, tuxedo
from .cards import Card
from .events import (
    BidMade,
    BidWon,
    CardPlayed,
    CenterTaken,
    Checked,
    Dealt,
    GameEnded,
    GameStarted,
    HandDisplayed,
    HandEnded,
    NestDiscarded,
    NestTaken,
    OddCardsTaken,
    TeamsFormed,
    ThrownIn,
    TricksCut,
    TrickTaken,
    TrumpCut,
    TrumpNamed,
    TrumpTurned,
)
from .notation import register_event

Seat = int | None
"""A seat number, or None for a spectator."""

VisibilityRule = Callable[[Any, Seat], Any | None]
"""How one type of event is seen: ``rule(event, seat)`` is the event as ``seat`` sees it, or None."""


class Unseen(tuple[Card, ...]):
    """Cards face down to this seat: as many as there were, none of them named.

    Iterating gives no card and the record writes an empty list, but ``len``
    is the number of cards hidden, so narrators that count cards still count
    right.  Two are equal when they hide as many cards.

    >>> hidden = Unseen(3)
    >>> len(hidden), list(hidden), bool(hidden), hidden == Unseen(3), hidden == Unseen(2)
    (3, [], True, True, False)
    >>> hidden
    Unseen(3)
    """

    size: int
    """How many cards are hidden."""

    def __new__(cls, count: int) -> Unseen:
        if count < 0:
            raise ValueError("a count of cards is never negative")
        hidden = super().__new__(cls, ())
        hidden.size = count
        return hidden

    def __len__(self) -> int:
        return self.size

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unseen) and other.size == self.size

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(("Unseen", self.size))

    def __repr__(self) -> str:
        return f"Unseen({self.size})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Unseen, (self.size,))


def unseen(cards: Iterable[Card]) -> Unseen:
    """``cards`` hidden: only their number is left.

    >>> unseen([1, 2, 3])
    Unseen(3)
    """
    return Unseen(len(tuple(cards)))


@dataclass(frozen=True, slots=True)
class FaceDownLaid:
    """I Doubt It, as the other seats see it: ``seat`` lays a card face down calling ``called``.

    The card itself (``doubt.CardLaid.card``) is seen only by the seat that
    laid it, until a doubt turns it up; ``holding`` is the cards the seat has
    left, ``pile`` the cards in the centre.

    >>> from .notation import event_to_json
    >>> event_to_json(FaceDownLaid(2, 7, 10, 4))
    {'event': 'laid_face_down', 'seat': 2, 'called': 7, 'holding': 10, 'pile': 4}
    """

    seat: int
    called: int
    holding: int
    pile: int


register_event(
    FaceDownLaid,
    lambda event: {
        "event": "laid_face_down", "seat": event.seat, "called": event.called, "holding": event.holding,
        "pile": event.pile,
    },
)  # fmt: skip


_RULES: dict[type, VisibilityRule] = {}


def register_visibility(kind: type, rule: VisibilityRule) -> None:
    """Say how events of type ``kind`` are seen, by each seat and a spectator (once per type).

    >>> register_visibility(BidMade, public)
    Traceback (most recent call last):
    ...
    ValueError: the visibility of BidMade is given already
    """
    if kind in _RULES:
        raise ValueError(f"the visibility of {kind.__name__} is given already")
    _RULES[kind] = rule


def seen_by(event: Any, seat: Seat) -> Any | None:
    """``event`` as ``seat`` may see it (None: a spectator), or None when that seat sees nothing of it.

    An event of a type no family registered is refused rather than shown whole.

    >>> from .cards import parse_cards
    >>> taken = NestTaken(0, tuple(parse_cards("12g 9g")))
    >>> seen_by(taken, 0) == taken, seen_by(taken, 1), seen_by(taken, None)
    (True, NestTaken(seat=0, cards=Unseen(2)), NestTaken(seat=0, cards=Unseen(2)))
    >>> seen_by("a card", 0)
    Traceback (most recent call last):
    ...
    TypeError: no visibility is known for events of type str
    """
    rule = _RULES.get(type(event))
    if rule is None:
        raise TypeError(f"no visibility is known for events of type {type(event).__name__}")
    return rule(event, seat)


def seen_events(events: Iterable[Any], seat: Seat) -> list[Any]:
    """The events ``seat`` sees of ``events``, in order, each as it sees it (those it sees nothing of left out).

    >>> from .events import CardPlayed
    >>> seen_events([BidMade(0, 80), CardPlayed(1, 5)], None)
    [BidMade(seat=0, amount=80), CardPlayed(seat=1, card=5)]
    """
    seen = (seen_by(event, seat) for event in events)
    return [event for event in seen if event is not None]


def public(event: Any, seat: Seat) -> Any:
    """The rule of an event every seat and a spectator see whole."""
    return event


def _all_public(*kinds: type) -> None:
    """Events of these types are seen whole by every seat and a spectator."""
    for kind in kinds:
        register_visibility(kind, public)


def _own_hand_only(hands: tuple[tuple[Card, ...], ...], seat: Seat) -> tuple[tuple[Card, ...], ...]:
    """Each hand hidden but ``seat``'s own."""
    return tuple(cards if index == seat else unseen(cards) for index, cards in enumerate(hands))


def _no_hand_seen(hands: tuple[tuple[Card, ...], ...]) -> tuple[tuple[Card, ...], ...]:
    """Every hand hidden, the holder's too (Match and Panjandrum: cards kept face down, unlooked at)."""
    return tuple(unseen(cards) for cards in hands)


def _own_hand_rule(event: Any, seat: Seat) -> Any:
    """A deal whose ``hands`` each seat sees only its own of."""
    return dataclasses.replace(event, hands=_own_hand_only(event.hands, seat))


def _no_hand_rule(event: Any, seat: Seat) -> Any:
    """A deal of face-down hands that no one looks at."""
    return dataclasses.replace(event, hands=_no_hand_seen(event.hands))


def _seat_only_cards(event: Any, seat: Seat) -> Any:
    """Cards only the event's own ``seat`` sees (the nest, to the high bidder); the others see how many."""
    return event if seat == event.seat else dataclasses.replace(event, cards=unseen(event.cards))


# ------------------------------------------------------------- the trick-taking family
def _dealt(event: Dealt, seat: Seat) -> Dealt:
    """Each player sees their own hand; the nest and the cards laid aside are face down to all; the
    dummy's cards dealt face up (the 2-player game) are seen by all."""
    return dataclasses.replace(
        event, hands=_own_hand_only(event.hands, seat), nest=unseen(event.nest), aside=unseen(event.aside)
    )


register_visibility(Dealt, _dealt)
register_visibility(NestTaken, _seat_only_cards)
register_visibility(NestDiscarded, _seat_only_cards)
_all_public(
    GameStarted,  # no cards
    BidMade,
    Checked,
    TrumpTurned,  # turned face up from the nest for all to see
    TeamsFormed,
    ThrownIn,
    BidWon,
    TrumpNamed,
    CardPlayed,  # played face up
    TrickTaken,  # the trick's cards, and the nest counted with the last trick
    OddCardsTaken,  # shown as they go to the last trick's taker
    TricksCut,  # cut face up
    HandDisplayed,  # Display Rook: laid face up
    HandEnded,
    GameEnded,
    TrumpCut,  # the card cut is shown
    CenterTaken,  # Flip and High 14: turned up as they are taken
)


# ------------------------------------------------------------- the patience family: one seat sees everything
_all_public(
    solitaire.CardTurned,
    solitaire.FourteenToBottom,
    solitaire.FourteenRests,
    solitaire.OneStartsBuilding,
    solitaire.RunMoved,
    solitaire.CardBuilt,
    solitaire.PileVacant,
    solitaire.SolitaireOver,
    solitaire.MoveUndone,
    clock.ClockCardPlaced,
    clock.ClockOver,
    patience_deck.PatienceDealt,
)


# ------------------------------------------------------------- Match: no one looks at a face-down card
register_visibility(match.MatchStarted, _no_hand_rule)
_all_public(
    match.CardTurned, match.PileTaken, match.PlayerOut, match.LastPiles, match.MatchOver
)  # turned face up, piles taken face up, the pile left on the table


# ------------------------------------------------------------- Donkey: cards passed face down
def _card_passed(event: donkey.CardPassed, seat: Seat) -> donkey.CardPassed | None:
    """The giver and the receiver see the card passed; the others see only the public ``CardsPassed``."""
    return event if seat is not None and seat in (event.seat, event.to) else None


register_visibility(donkey.DonkeyStarted, _own_hand_rule)
register_visibility(donkey.CardPassed, _card_passed)
_all_public(
    donkey.CardChosen, donkey.CardsPassed, donkey.FourOfAKind, donkey.Folded, donkey.DonkeyOver
)  # no card named, only who chose, passed and folded


# ------------------------------------------------------------- Panjandrum: hands face down, every play face up
register_visibility(panjandrum.PanjandrumStarted, _no_hand_rule)
_all_public(
    panjandrum.Lifted,  # lifted face up
    panjandrum.CardPlayed,
    panjandrum.DelayTurnedOver,
    panjandrum.PanjandrumCalled,  # the mistakes were plays seen by all; the gifts are counts
    panjandrum.CallLetGo,
    panjandrum.PanjandrumOver,
)


# ------------------------------------------------------------- Tuxedo: own hand; the centre face up
register_visibility(tuxedo.DealStarted, _own_hand_rule)
register_visibility(tuxedo.Redealt, _own_hand_rule)
_all_public(
    tuxedo.TuxedoStarted,
    tuxedo.Captured,  # the card shown and the cards taken
    tuxedo.Laid,
    tuxedo.Built,
    tuxedo.OrangeCalled,
    tuxedo.OrangeMissed,
    tuxedo.CentreLeft,
    tuxedo.DealCounted,
    tuxedo.TuxedoOver,
)


# ------------------------------------------------------------- I Doubt It: cards laid face down
def _card_laid(event: doubt.CardLaid, seat: Seat) -> doubt.CardLaid | FaceDownLaid:
    """The layer sees the card; the others hear only the number called."""
    if seat == event.seat:
        return event
    return FaceDownLaid(event.seat, event.called, event.holding, event.pile)


def _doubted(event: doubt.Doubted, seat: Seat) -> doubt.Doubted:
    """The doubted card is turned up to all; the centre's cards go, still face down, to the taker's hand."""
    return event if seat == event.taker else dataclasses.replace(event, cards=unseen(event.cards))


def _doubt_over(event: doubt.DoubtOver, seat: Seat) -> doubt.DoubtOver:
    """The cards left in the centre stay face down: no one's, and unseen."""
    return dataclasses.replace(event, left_in_centre=unseen(event.left_in_centre))


register_visibility(doubt.DoubtStarted, _own_hand_rule)
register_visibility(doubt.CardLaid, _card_laid)
register_visibility(doubt.Doubted, _doubted)
register_visibility(doubt.DoubtOver, _doubt_over)
register_visibility(doubt.LetPass, public)
register_visibility(FaceDownLaid, public)  # already what every other seat sees

__all__ = [
    "FaceDownLaid",
    "Seat",
    "Unseen",
    "VisibilityRule",
    "public",
    "register_visibility",
    "seen_by",
    "seen_events",
    "unseen",
]
