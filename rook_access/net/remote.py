"""A table on a server, as one seat sees it: a game state the console plays like a local one.

``RemoteGame`` follows the engine's game protocol (``events``, ``is_over``,
``seats_to_act``, ``legal_actions``, ``apply``, ``view``), filled from the
server's ``update`` messages: its events are the events this seat may see,
decoded by the wire codec into the engine's own values, so the family's
narrator says them as in a local game; its view is the seat's view as the
server sent it.  ``apply`` sends the action in the record notation and waits
for the server's answer: the update that holds it, or the refusal, raised as
the engine's ``IllegalActionError`` (its rule, the legal actions and the
detail came with it), so the refusal is said as at home.

The other messages (chat, a player away or back, seats taken) are kept in
``notices`` in the order they came, each with the count of events that came
before it, so the console says it in its place among the moves.

The trick games' console reads more than the protocol from its state (the
phase, trump, the bid to beat...): ``RemoteTricks`` answers those from the
seat's view.  No hidden card is ever here: only what the server sent.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..engine.actions import Bid, Check, Pass, Play
from ..engine.cards import Card, Color
from ..engine.errors import IllegalActionError
from ..engine.games import find_game
from ..engine.notation import NotationError, action_from_json, action_to_json
from ..engine.protocol import Standing
from ..engine.rules import RuleSet
from ..engine.state import Phase
from ..engine.wire import WireContext, WireError, from_wire
from ..saves import GameSetup
from .client import ConnectionLost, TableConnection
from .table import people_named

ANSWER_SECONDS = 60.0
"""The longest wait for the server's answer to an action before the connection is taken as lost."""


class TableProtocolError(Exception):
    """A server's message that this client cannot read (a newer server, or a broken one); says what."""


@dataclass(frozen=True)
class Seating:
    """Who sits where at a table, as the server said: names, which seats are people, the host, the free seats."""

    code: str
    names: tuple[str, ...]
    people: tuple[bool, ...]
    host: int
    free: tuple[int, ...]

    @classmethod
    def from_message(cls, message: dict[str, Any]) -> Seating:
        """The seating of a ``seated``, ``watching`` or ``table`` message."""
        try:
            return cls(
                str(message["code"]),
                tuple(str(name) for name in message["names"]),
                tuple(bool(person) for person in message["people"]),
                int(message["host"]),
                tuple(int(seat) for seat in message["free"]),
            )
        except (KeyError, TypeError, ValueError):
            raise TableProtocolError("The server's table message could not be read.") from None


@dataclass(frozen=True)
class Notice:
    """A message of the table other than an update (chat, a player away or back, seats taken), and where it came
    among the game's events."""

    message: dict[str, Any]
    after: int
    """How many events this seat had been sent when it came: it is said after them, and before any later one."""


class RemoteGame:
    """A table's game as ``seat`` sees it (the game protocol; see the module's docstring)."""

    def __init__(self, connection: TableConnection, setup: GameSetup, seat: int, rules: RuleSet | None = None) -> None:
        self.connection = connection
        self.setup = setup
        self.seat = seat
        self.description = find_game(setup.variant)
        table_setup = setup.table_setup()
        context = WireContext.for_table(self.description, table_setup)
        if rules is not None:
            context = WireContext(rules)
        self.context = context
        self.start_state = self.description.start(table_setup, None)
        """A game of the table's set-up started here, for what never changes in a game (its seats' names,
        how many play, its options); its cards are a deal of its own, never the table's."""
        self._seat_count = self.start_state.seat_count
        self._events: list[Any] = []
        self.at = 0
        """The table's count of events when the last update was sent."""
        self.to_act: tuple[int, ...] = ()
        self.over = False
        self.started = False
        self.views: dict[int, Any] = {}
        """The latest view of each seat this player plays (its own, and the dummy's when it plays it)."""
        self.legal: dict[int, list[Any]] = {}
        self.notices: deque[Notice] = deque()
        """Messages other than updates, in the order they came, for the console to say in their place among the
        events."""

    # ------------------------------------------------------------ the game protocol
    @property
    def events(self) -> Sequence[Any]:
        """The events this seat has been shown, in order."""
        return self._events

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def seat_count(self) -> int:
        return self._seat_count

    def seats_to_act(self) -> tuple[int, ...]:
        return self.to_act

    def legal_actions(self, seat: int) -> Any:
        """What ``seat`` may do now, as the server said (nothing for a seat this player does not play)."""
        view = self.views.get(seat)
        if view is not None and seat in self.to_act:
            legal = getattr(view, "legal", None)
            if legal is not None:
                return legal
        return list(self.legal.get(seat, ()))

    def view(self, seat: int) -> Any:
        """The view of ``seat`` if this player plays it, else this player's own (all it may know)."""
        return self.views.get(seat, self.views.get(self.seat))

    def standings(self) -> tuple[Standing, ...]:
        raise NotImplementedError("the standings of a table are the server's")

    def clone(self) -> RemoteGame:
        raise NotImplementedError("a table on a server is not copied")

    def apply(self, action: Any, seat: int) -> list[Any]:
        """Send ``action`` for ``seat`` and wait for the server's answer (``answered``); the events it caused, as
        this seat sees them.  ``IllegalActionError`` if the server refused it (nothing changed)."""
        before = len(self._events)
        at = self.at
        self.connection.send({"type": "act", "action": action_to_json(seat, action)})
        while True:
            message = self.connection.next_message(ANSWER_SECONDS)
            if message is None:
                raise ConnectionLost("The server did not answer in a minute.")
            kind = message["type"]
            if kind == "update":
                self.take(message)
                if self.answered(action, seat, at, before):
                    return list(self._events[before:])
            elif kind == "error":
                if not self.late_refusal(message):
                    raise self._refusal(message)
            else:
                self.notice(message)

    def answered(self, action: Any, seat: int, at: int, before: int) -> bool:
        """Whether the update just taken is the server's answer to ``action`` of ``seat``, sent when the table's
        count of events was ``at`` and this seat had ``before`` events: it brought events (in the trick games
        one seat acts at a time, so no other update is on its way then), or ``action`` is no longer the seat's
        to make (letting a call go may cause no event)."""
        return self.at > at or action not in self.legal_actions(seat)

    def late_refusal(self, message: dict[str, Any]) -> bool:
        """Whether the ``error`` message is the refusal of an answer that came too late (another player's call
        came first), already heard as that call: left unsaid.  None in the trick games."""
        return False

    @property
    def seat_names(self) -> tuple[str, ...]:
        """The seats' own names (South, West...), whatever the people at them are called."""
        return tuple(f"Seat {seat + 1}" for seat in range(self.seat_count))

    def name_seats(self, seating: Seating) -> None:
        """Call the people at the table by their names from now on (each family's remote state says how)."""

    # ------------------------------------------------------------ the server's messages
    def notice(self, message: dict[str, Any]) -> None:
        """Keep a message other than an update for the console to say after the events that came before it."""
        self.notices.append(Notice(message, len(self._events)))

    def take(self, message: dict[str, Any]) -> list[Any]:
        """Take in one ``update`` message; the new events it held."""
        try:
            events = [from_wire(item, self.context) for item in message.get("events", [])]
            views = {self.seat: from_wire(message["view"], self.context)} if "view" in message else {}
            for key, value in dict(message.get("views", {})).items():
                views[int(key)] = from_wire(value, self.context)
            legal: dict[int, list[Any]] = {}
            for item in message.get("legal", []):
                seat, action = action_from_json(item)
                legal.setdefault(seat, []).append(action)
            to_act = tuple(int(seat) for seat in message.get("to_act", []))
            at = int(message.get("at", self.at))
        except (WireError, NotationError, TypeError, ValueError, KeyError) as error:
            raise TableProtocolError(f"The server's update could not be read: {error}") from None
        self._events.extend(events)
        self.views = views or self.views
        self.legal = legal
        self.to_act = to_act
        self.at = at
        self.over = bool(message.get("over", False))
        self.started = bool(message.get("started", self.started))
        return events

    def pump(self, timeout: float | None) -> list[Any]:
        """Read the messages that came (waiting at most ``timeout`` for the first); the new events.  Other
        messages go to ``notices``."""
        new: list[Any] = []
        message = self.connection.next_message(timeout)
        while message is not None:
            new += self._keep(message)
            message = self.connection.next_message(0)
        return new

    def _keep(self, message: dict[str, Any]) -> list[Any]:
        """Take in a message that came unasked for (``pump``, ``wait_for``): an update's new events, or the
        message kept in ``notices`` (but the refusal of an answer that came too late); the new events."""
        if message["type"] == "update":
            return self.take(message)
        if message["type"] != "error" or not self.late_refusal(message):
            self.notice(message)
        return []

    def wait_for(self, answer: Callable[[dict[str, Any]], bool], timeout: float) -> bool:
        """Read the messages that come, kept as ``pump`` keeps them, until one is ``answer`` (the server's answer
        to a request sent) or ``timeout`` seconds have passed: whether it came."""
        give_up = time.monotonic() + timeout
        while (left := give_up - time.monotonic()) > 0:
            message = self.connection.next_message(left)
            if message is None:
                continue
            self._keep(message)
            if answer(message):
                return True
        return False

    def ask(self, request: dict[str, Any], kind: str, timeout: float) -> dict[str, Any] | None:
        """Send ``request`` and wait at most ``timeout`` seconds for its answer, a message of type ``kind``,
        which is taken out of ``notices``; None for a refusal or no answer in time (the messages that came
        meanwhile are kept as ``pump`` keeps them)."""
        self.connection.send(request)
        if not self.wait_for(lambda message: message.get("type") in (kind, "error"), timeout):
            return None
        answer = next(notice for notice in reversed(self.notices) if notice.message.get("type") in (kind, "error"))
        self.notices.remove(answer)
        return answer.message if answer.message.get("type") == kind else None

    def _refusal(self, message: dict[str, Any]) -> Exception:
        """The engine's refusal the server sent back, or a plain one (a rule of the table, not the game's)."""
        line = str(message.get("message", "Refused."))
        illegal = message.get("illegal")
        if isinstance(illegal, dict):
            try:
                rule = from_wire(illegal["rule"], self.context)
                legal = from_wire(illegal.get("legal", []), self.context)
                detail = {str(key): from_wire(value, self.context) for key, value in illegal.get("detail", {}).items()}
                return IllegalActionError(rule, line, legal, **detail)
            except (WireError, KeyError, TypeError, AttributeError):
                pass
        return ServerRefusal(line)


class ServerRefusal(Exception):
    """The server refused an action for a reason of the table (not the game's rules): the line it sent."""


class RemoteTricks(RemoteGame):
    """A trick game on a server: what the trick games' console reads from its state, from the seat's view."""

    @property
    def _mine(self) -> Any:
        return self.views[self.seat]

    def choices(self, hand: int, timeout: float) -> list[tuple[Any, Any, bool]] | None:
        """The moves of this person's seats in hand ``hand``, each with the view it was chosen from and whether a
        computer chose it, as the server keeps them (``review`` of a hand played partly before this console
        came); None where the server gave none (an older server, a refusal, no answer in time, or an answer that
        cannot be read)."""
        answer = self.ask({"type": "choices", "hand": hand}, "choices", timeout)
        if answer is None or answer.get("hand") != hand:
            return None
        try:
            found = []
            for move in answer.get("moves", []):
                view = from_wire(move["view"], self.context)
                seat, action = action_from_json(move["action"])
                if seat != view.seat:
                    return None
                found.append((view, action, move.get("computer") is True))
            return found
        except (WireError, NotationError, KeyError, TypeError, AttributeError):
            return None

    @property
    def rules(self) -> RuleSet:
        rules = self.context.rules
        assert rules is not None
        return rules

    @property
    def phase(self) -> Phase:
        return self._mine.phase

    @property
    def hand_number(self) -> int:
        return self._mine.hand_number

    @property
    def turn(self) -> int | None:
        return self._mine.turn

    @property
    def seat_to_act(self) -> int:
        turn = self._mine.turn
        if turn is None:
            raise ValueError("no seat is to act")
        return turn

    @property
    def trump(self) -> Color | None:
        return self._mine.trump

    @property
    def high_bid(self) -> int | None:
        return self._mine.high_bid

    @property
    def scores(self) -> tuple[int, ...]:
        return self._mine.scores

    @property
    def bidder(self) -> int | None:
        return self._mine.bidder

    def controller(self, seat: int) -> int:
        return self._mine.controller(seat)

    @property
    def seat_names(self) -> tuple[str, ...]:
        return tuple(self.rules.place_names or self.rules.names)

    def name_seats(self, seating: Seating) -> None:
        """Call the people at the table by their names from now on (``named_rules``)."""
        rules = named_rules(self.rules, seating, self.seat)
        assert rules is not None
        self.context = WireContext(rules)
        self.views = {seat: replace(view, rules=rules) for seat, view in self.views.items()}

    def hand(self, seat: int) -> list[Card]:
        """The cards of ``seat`` this player can see: its own, or a hand shown to it."""
        view = self.view(seat)
        if view.seat == seat:
            return list(view.hand)
        return list(dict(view.shown).get(seat, ()))

    def legal_cards(self) -> list[Card]:
        """The cards the seat to act may play, if this player plays it."""
        turn = self._mine.turn
        legal = self.legal_actions(turn) if turn is not None else ()
        return sorted(action.card for action in legal if isinstance(action, Play))

    def may_check(self) -> bool:
        turn = self._mine.turn
        return turn is not None and any(isinstance(action, Check) for action in self.legal_actions(turn))

    def must_bid(self) -> bool:
        turn = self._mine.turn
        if turn is None or self.phase is not Phase.BIDDING:
            return False
        legal = list(self.legal_actions(turn))
        return (
            bool(legal)
            and not any(isinstance(action, Pass) for action in legal)
            and any(isinstance(action, Bid) for action in legal)
        )


REMOTE_STATES: dict[str, type[RemoteGame]] = {"tricks": RemoteTricks}
"""The remote state of each family of games the console plays online, by ``GameDescription.family``."""


def register_remote(family: str, kind: type[RemoteGame]) -> None:
    """Let the console play ``family``'s tables online with ``kind`` as their remote state."""
    REMOTE_STATES[family] = kind


def named_rules(rules: RuleSet | None, seating: Seating, seat: int) -> RuleSet | None:
    """The trick rules with the people's names for their seats (a computer's seat, and this player's own,
    keep their seat names: "North", "You"); the sides keep their places' names."""
    if rules is None:
        return None
    places = rules.place_names or rules.names
    named = people_named(places, seating.names, seating.people, seating.free, seat)
    return replace(rules, seat_names=named, place_names=places)
