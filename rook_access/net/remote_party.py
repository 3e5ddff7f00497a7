"""The booklet's party games on a server, as one seat sees them: remote states the console plays like local ones.

``net.remote.RemoteGame`` follows the engine's game protocol from the
server's updates.  The party games' console parts (``console.match``,
``donkey``, ``panjandrum``, ``tuxedo``, ``doubt``) and their narrators read a
little more from their state: the seats' names, how many play, the table's
options, the quick call open, the cards held.  Each family's remote state
here answers those from the seat's view as the server sent it, and from
``start_state`` for what never changes in a game (how many play, the
options); no hidden card is ever here.

The quick call open (``call_offer``) is the one the seat's view shows: in
Donkey a seat sees the fold offered to itself only, as at a table where
the holders of four fold quietly.

Where several seats may act at once (Donkey's passes, a quick call asked of
everyone), this player's own seat comes first in ``seats_to_act``: the
console asks its own seat, and the others answer at their own consoles or
on the server, whichever comes first, as the server takes them.  So an
update with another seat's move may come between this player's action and
the server's answer to it: ``apply`` waits for the answer itself (an event
of this seat, or the action no longer this seat's to make), so the player is
never asked again on the view they have just answered.

``name_seats`` puts the people's names in place of their seats' (a
computer's seat, and this player's own, keep their seat names), in the
narrator's names and in every view, so the hints name them too.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..engine import donkey, doubt, match, panjandrum, tuxedo
from ..engine.calls import CallOffer
from ..engine.cards import Card
from ..engine.visibility import Unseen
from .remote import RemoteGame, Seating, register_remote
from .table import people_named


class RemoteParty(RemoteGame):
    """A party game on a server: the seats' names and how many play, the seat's own view, its seat first among
    those that act at once (see the module's docstring)."""

    CALLS: tuple[type, ...] = ()
    """The events of the family's quick call made (the first call closes the call for everyone)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._names: tuple[str, ...] = tuple(self._start.names)
        self._late = 0
        """Answers to a call sent when another's call had closed it: the refusals still to come, left unsaid."""

    @property
    def _start(self) -> Any:
        """The game started here, as the family's own state (its names, players and options)."""
        return self.start_state

    @property
    def seat_names(self) -> tuple[str, ...]:
        return tuple(self._start.names)

    @property
    def names(self) -> tuple[str, ...]:
        """The seats' names as this player hears them (the people's own once ``name_seats`` has put them in)."""
        return self._names

    @property
    def players(self) -> int:
        """How many play at the table."""
        return int(self._start.players)

    @property
    def _mine(self) -> Any:
        return self.views[self.seat]

    def seats_to_act(self) -> tuple[int, ...]:
        """The seats to act, this player's own first when it is among them."""
        mine = tuple(seat for seat in self.to_act if seat == self.seat)
        return mine + tuple(seat for seat in self.to_act if seat != self.seat)

    def answered(self, action: Any, seat: int, at: int, before: int) -> bool:
        """Whether the update just taken answers ``action`` of ``seat``: an event of that seat came (no other
        player acts for it), or the action is no longer the seat's to make (a call let go may cause no event).
        Other seats act meanwhile (Donkey's passes, the answers to a call), so an update with their moves may
        come first: it is not the answer, and the seat is not asked again on it.  When another's call closed
        the call this seat was answering, the server's refusal of the answer is still to come (``late``)."""
        new = self._events[before:]
        if any(getattr(event, "seat", None) == seat for event in new):
            return True
        if action in self.legal_actions(seat):
            return False
        if any(isinstance(event, self.CALLS) and _caller(event) != seat for event in new):
            self._late += 1
        return True

    def late_refusal(self, message: dict[str, Any]) -> bool:
        """Whether this refusal is of an answer that came after another's call closed it (see ``answered``)."""
        if self._late > 0:
            self._late -= 1
            return True
        return False

    def name_seats(self, seating: Seating) -> None:
        """Call the people at the table by their names from now on."""
        self._names = people_named(self._start.names, seating.names, seating.people, seating.free, self.seat)
        self.views = {seat: self._named(view) for seat, view in self.views.items()}

    def take(self, message: dict[str, Any]) -> list[Any]:
        """Take in one ``update`` message (its views with the names this player hears); the new events."""
        events = super().take(message)
        self.views = {seat: self._named(view) for seat, view in self.views.items()}
        return events

    def _named(self, view: Any) -> Any:
        return view if view.names == self._names else replace(view, names=self._names)


class CardCounts(RemoteParty):
    """A party game whose view counts each seat's cards (all but Tuxedo, whose ``hands`` say it)."""

    def counts(self) -> tuple[int, ...]:
        """How many cards each seat holds."""
        counts = self._mine.counts
        return tuple(counts() if callable(counts) else counts)


def _caller(event: Any) -> int | None:
    """The seat that made the call of a call event (Panjandrum's is ``caller``, I Doubt It's ``doubter``)."""
    for name in ("caller", "doubter", "seat"):
        seat = getattr(event, name, None)
        if isinstance(seat, int):
            return seat
    return None


class OffersCall(RemoteParty):
    """A party game with a quick call: the call open now, as the seat's view shows it."""

    def call_offer(self) -> CallOffer | None:
        """The quick call open now, as this seat sees it (None when none is shown to it)."""
        offer: CallOffer | None = self._mine.offer
        return offer


class RemoteMatch(CardCounts):
    """Match on a server (``console.match``)."""

    @property
    def colors(self) -> bool:
        """Whether a pile is taken by the first card's color instead of its number (the table's option)."""
        return bool(self._start.colors)

    @property
    def turn(self) -> int | None:
        """The seat to turn a card, None once the game is over."""
        turn: int | None = self._mine.turn
        return turn

    @property
    def out(self) -> tuple[bool, ...]:
        """Who is out of cards."""
        return tuple(self._mine.out)

    @property
    def pile_number(self) -> int:
        """The number of the pile on the table."""
        return int(self._mine.pile_number)


class RemoteDonkey(CardCounts, OffersCall):
    """Donkey on a server (``console.donkey``)."""

    @property
    def folds(self) -> tuple[int, ...]:
        """The seats that have folded, in the order they folded."""
        return tuple(self._mine.folds)

    @property
    def round(self) -> int:
        """The passing rounds done."""
        return int(self._mine.round)


class RemotePanjandrum(CardCounts, OffersCall):
    """Panjandrum on a server (``console.panjandrum``)."""

    CALLS = (panjandrum.PanjandrumCalled,)

    @property
    def turn(self) -> int | None:
        """The seat whose turn it is, None once the game is over."""
        turn: int | None = self._mine.turn
        return turn


class RemoteTuxedo(OffersCall):
    """Tuxedo on a server (``console.tuxedo``)."""

    CALLS = (tuxedo.OrangeCalled,)

    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's hand as this player knows it: its own cards, and only how many the others hold."""
        view = self._mine
        return tuple(
            tuple(view.hand) if seat == self.seat else Unseen(count) for seat, count in enumerate(view.hand_counts)
        )

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's points of the deals counted."""
        return tuple(self._mine.totals)

    @property
    def deal(self) -> int:
        """The number of the deal being played."""
        return int(self._mine.deal)


class RemoteDoubt(CardCounts, OffersCall):
    """I Doubt It on a server (``console.doubt``)."""

    CALLS = (doubt.Doubted,)

    @property
    def number(self) -> int:
        """The number called next."""
        return int(self._mine.number)


register_remote(match.FAMILY, RemoteMatch)
register_remote(donkey.FAMILY, RemoteDonkey)
register_remote(panjandrum.FAMILY, RemotePanjandrum)
register_remote(tuxedo.FAMILY, RemoteTuxedo)
register_remote(doubt.FAMILY, RemoteDoubt)
