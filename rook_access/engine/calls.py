"""Quick calls: the moments of the booklet's games that reward speed.

Tuxedo's "Orange", "I doubt it", Panjandrum's call and Donkey's fold are
made by whoever is quickest, not in turn.  An engine keeps the rules of a
call and stays pure: after an event that may be called, its state opens a
``CallOffer``, and until the offer closes

- ``seats_to_act()`` is the offer's ``seats`` still to answer, in the order a
  turn-based table asks them;
- ``legal_actions(seat)`` of such a seat is the call and, unless the call is
  a must, the ``decline``;
- ``apply`` takes the call or the decline from *any* of those seats in any
  order (a race is won by whoever calls first, not by the seat asked first),
  so the interface decides the order: a turn-based table asks in turn, a
  timed one applies the calls in the order they came.

With ``first_only`` the first call closes the offer (the others' turns to
answer are over: Orange, doubt, Panjandrum); otherwise every seat must call
and their order is what counts (Donkey's fold).  When every seat has
declined, the offer closes and the game goes on.

    >>> offer = CallOffer("orange", "o", "call", "pass", (1, 2, 0))
    >>> offer.answers(2)
    ('call', 'pass')
    >>> offer.without(2).seats
    (1, 0)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class CallOffer:
    """A quick call the ``seats`` may make now.

    ``word`` is the call's word (``orange``) and ``key`` the one key that
    makes it (``o``); ``call`` and ``decline`` are the engine's actions for
    calling and for letting it go (``decline`` None: the call is a must,
    as Donkey's fold once someone has folded).  ``first_only``: the first
    call closes the offer; else every seat calls and the order counts.
    """

    word: str
    key: str
    call: Any
    decline: Any | None
    seats: tuple[int, ...]
    first_only: bool = True

    def answers(self, seat: int) -> tuple[Any, ...]:
        """The legal actions of ``seat`` while the offer is open (none if it is not asked)."""
        if seat not in self.seats:
            return ()
        return (self.call,) if self.decline is None else (self.call, self.decline)

    def without(self, seat: int) -> CallOffer:
        """The offer once ``seat`` has answered."""
        return dataclasses.replace(self, seats=tuple(other for other in self.seats if other != seat))


@runtime_checkable
class OffersCalls(Protocol):
    """A game state with quick calls: ``call_offer()`` is the offer open now, or None."""

    def call_offer(self) -> CallOffer | None: ...


def open_offer(state: Any) -> CallOffer | None:
    """The call offer open in ``state`` now; None for a game without calls or with none open."""
    return state.call_offer() if isinstance(state, OffersCalls) else None
