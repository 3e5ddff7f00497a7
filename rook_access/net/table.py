"""One table of the server: the game, who sits where, and the referee of every action.

A ``Table`` holds the real game (the family's ``GameState``) and is its only
referee: a person's action arrives as the record notation's JSON object
(``{"seat": 1, "bid": 75}``) with that person's secret seat token, and is
checked here (the token's seat, the turn, the rules) before the engine applies
it; anything wrong is a ``TableError`` with a short line saying what is wrong,
and changes nothing.  The computer players' seats are decided here too
(``computer_turn``), one decision a call, so that a server can run them away
from its network loop.

Each seat is sent only what it may see: ``seen(seat, start)`` gives the
game's events from ``start`` on as ``engine.visibility.seen_by`` lets that
seat (or a spectator, ``None``) see them.

A table is kept as a checkpoint (``checkpoint``, ``Table.restore``): the
game's set-up, as a save keeps it, and every action in order, the computers'
too, so that a table rebuilt after a crash replays the same game without
asking any player again; the seat tokens are kept only as their SHA-256
digests.  No network and no files here: the server sends and stores.

Calls that any seat may make at once (I Doubt It's doubt, Tuxedo's Orange)
are asked seat by seat, as the console's ``calls turns`` does: a table over
the network has no shared clock yet.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import deque
from collections.abc import Generator, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..announcer.why import asker_view, no_bidding_line, no_card_line, reason_line
from ..engine import GameState as TrickGameState
from ..engine.errors import IllegalActionError, InvalidDealError, RookError
from ..engine.games import find_game
from ..engine.notation import NotationError, action_from_json, action_to_json
from ..engine.rules import RuleSetError
from ..engine.visibility import seen_by
from ..players import Player, make_player, parse_levels
from ..players.base import Decision, last_computer_move
from ..saves import DamagedSaveError, GameSetup, make_table, rebuild, start_game

TOKEN_BYTES = 24
"""The randomness of a seat token (192 bits, written as 32 URL-safe characters)."""


MOVES_KEPT = 400
"""How many of the computers' latest moves a table keeps for ``why`` (a few hands' worth)."""


class TableError(RookError):
    """An action or a request the table refuses, with the line that says why; nothing was changed."""


@dataclass
class SeatHolder:
    """Who sits in one seat: a person (with the digest of their secret token once they have sat down) or a
    computer player."""

    name: str
    person: bool
    token_digest: str | None = None
    """The SHA-256 of the seat's token, hex; None while the person's seat is free."""
    sat_at: int = 0
    """How many events the game had when the person sat down (a seat taken in a game under way: a computer
    moved for the free seat before); not kept in a checkpoint, as the computers' moves are not."""

    @property
    def taken(self) -> bool:
        """Whether a person has sat down in this seat (a computer's seat is always taken)."""
        return not self.person or self.token_digest is not None


def digest(token: str) -> str:
    """The SHA-256 of a token, as kept in a checkpoint."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def people_named(
    places: Sequence[str], names: Sequence[str], people: Sequence[bool], free: Sequence[int], seat: int
) -> tuple[str, ...]:
    """The seats' names (``places``) with the people's ``names`` put in: a computer's seat, a free one, the
    asker's own ``seat``, and a name another seat already has keep their seat names.

    >>> people_named(("South", "West", "North", "East"), ("Anna", "West", "Ben", "Cy"), (True, False, True, True),
    ...              (3,), 0)
    ('South', 'West', 'Ben', 'East')
    """
    named = list(places)
    for other, (name, person) in enumerate(zip(names, people, strict=False)):
        taken = other not in free and bool(name.strip())
        if person and taken and other != seat and other < len(named) and name not in named:
            named[other] = name
    return tuple(named)


class Table:
    """The referee of one game at one table (see the module's docstring)."""

    def __init__(self, code: str, setup: GameSetup, names: Sequence[str]) -> None:
        """A new table with invite code ``code`` for the game of ``setup`` (its seats "human" or "computer");
        ``names`` are the seats' names as said (the players', or the computers')."""
        if len(names) != len(setup.seats):
            raise TableError(f"{len(setup.seats)} seats need {len(setup.seats)} names, not {len(names)}.")
        self.code = code
        self.setup = setup
        try:
            self.state, self.players = make_table(setup)
        except (RuleSetError, InvalidDealError) as error:
            raise TableError(str(error)) from None
        self.holders = [SeatHolder(name, kind == "human") for name, kind in zip(names, setup.seats, strict=True)]
        self.actions: list[tuple[int, Any]] = []
        self.computer_chose: set[int] = set()
        """The numbers (in ``actions``, 0 for the first) of the actions a computer chose: every computer seat's,
        and a person's seat's while a computer stood in (``choices`` leaves those out)."""
        self.stand_ins: dict[int, Player] = {}
        """The computer players playing people's seats while those people are away."""
        self.computer_moves: deque[Decision] = deque(maxlen=MOVES_KEPT)
        """The computers' latest moves made here, each with the view and the player that chose it (``why``)."""
        self.taken_up = False
        """Whether the table was rebuilt from its checkpoint (``restore``): the moves before are not kept."""
        self._decided: Decision | None = None

    # ------------------------------------------------------------ seats
    def free_seats(self) -> list[int]:
        """The people's seats nobody has taken yet."""
        return [seat for seat, holder in enumerate(self.holders) if not holder.taken]

    def sit(self, seat: int | None, name: str) -> tuple[int, str]:
        """Seat a person called ``name`` in ``seat`` (None: the first free one, even seats first, where partners
        sit at tables of four and six); their seat and secret token.

        The token is shown once, here: the table keeps only its digest, and it lets the same person back in
        (``seat_of``) after a dropped connection.
        """
        free = self.free_seats()
        if not free:
            raise TableError("No seat is free at this table.")
        if seat is None:  # partners first, as the people's seats were given (seats 0, 2... then 1, 3...)
            seat = min(free, key=lambda each: (each % 2, each))
        if seat not in free:  # said as people count seats: the first is 1
            allowed = ", ".join(str(each + 1) for each in free)
            raise TableError(f"Seat {seat + 1} is not free; free seats: {allowed}.")
        token = secrets.token_urlsafe(TOKEN_BYTES)
        holder = self.holders[seat]
        holder.name = name
        holder.token_digest = digest(token)
        holder.sat_at = len(self.state.events)
        return seat, token

    def seat_of(self, token: str) -> int:
        """The seat whose token this is; a ``TableError`` if none is (compared in constant time)."""
        wanted = digest(token)
        for seat, holder in enumerate(self.holders):
            if holder.token_digest is not None and hmac.compare_digest(holder.token_digest, wanted):
                return seat
        raise TableError("That seat token is not one of this table's.")

    def stand_in(self, seat: int, playing: bool) -> None:
        """Let a computer play person's seat ``seat`` while they are away (``playing``), or give it back.

        The stand-in is of the seat's level in the set-up (the table's level), seeded from the
        table's seed and the seat, so a table replayed from its checkpoint needs none: its actions are kept.
        """
        if not self.holders[seat].person:
            raise TableError(f"Seat {seat} is a computer's.")
        if not playing:
            self.stand_ins.pop(seat, None)
            return
        if seat not in self.stand_ins:
            family = find_game(self.setup.variant).family
            level = parse_levels(self.setup.level, len(self.holders))[seat]
            self.stand_ins[seat] = make_player(level, (self.setup.seed or 0) * 31 + seat, family)

    def controller(self, seat: int) -> int:
        """The seat whose player decides for ``seat`` (the 2-player game's dummy: its partner's)."""
        if isinstance(self.state, TrickGameState):
            return self.state.controller(seat)
        return seat

    def seats_played_by(self, seat: int) -> list[int]:
        """The seats ``seat``'s player acts for now: its own, and the dummy's when it plays the dummy."""
        return [each for each in range(self.state.seat_count) if self.controller(each) == seat]

    # ------------------------------------------------------------ actions
    def act(self, token: str, data: Any) -> list[Any]:
        """Apply a person's action (the record notation's JSON object, its ``seat`` the seat acted for);
        the events it caused.  ``TableError`` for a wrong token, a seat not theirs, not their turn, a
        malformed action or one the rules forbid, naming what is allowed; nothing is changed then."""
        return self.act_as(self.seat_of(token), data)

    def act_as(self, player_seat: int, data: Any) -> list[Any]:
        """``act`` for the person in ``player_seat``, whose token the caller has checked."""
        try:
            seat, action = action_from_json(data)
        except NotationError as error:
            raise TableError(f"That is not an action: {error}") from None
        if not 0 <= seat < self.state.seat_count or self.controller(seat) != player_seat:
            raise TableError(f"You do not play seat {seat}.")
        if self.state.is_over:
            raise TableError("The game is over.")
        if seat not in self.state.seats_to_act():
            raise TableError("It is not your turn.")
        try:
            events = self.state.apply(action, seat)
        except IllegalActionError as error:
            raise TableError(str(error)) from error  # the engine's refusal goes back to the client whole
        self.actions.append((seat, action))
        return events

    def computer_turn(self) -> tuple[int, Any] | None:
        """The seat and action of the computer player whose turn it is now, decided (not applied), or None
        when no computer is to act.  Where several seats may act at once, the first in seat order that a
        computer plays, if no person's seat is among them before it."""
        if self.state.is_over:
            return None
        for seat in self.state.seats_to_act():
            player = self._player_for(seat)
            if player is None:
                return None  # a person's turn comes first
            view = self.state.view(seat)
            action = player.choose(view)
            self._decided = Decision(seat, view, action, player, len(self.state.events))
            return seat, action
        return None

    def apply_computer(self, seat: int, action: Any) -> list[Any]:
        """Apply an action ``computer_turn`` decided; the events it caused."""
        events = self.state.apply(action, seat)
        self.computer_chose.add(len(self.actions))
        self.actions.append((seat, action))
        decided, self._decided = self._decided, None
        if decided is not None and decided.seat == seat and decided.action == action:
            self.computer_moves.append(decided)
        return events

    def why(self, asker: int, seat: int | None, bidding: bool = False, trick: int | None = None,
            heard: int | None = None, terse: bool = False) -> str:
        """``why`` asked by the person in seat ``asker``: the reason the computer that last moved for ``seat``
        (any seat for None; with ``bidding``, its last bid or pass; with ``trick``, its card in the latest
        trick of that number) had, in one line, as ``announcer.why``
        words it for that person (the other people called by their names, nothing told that they cannot see
        yet); or why there is none.  ``heard``: how many of the game's events that person has heard (the
        moves behind the pause after a trick come before they are said): later moves are left out, and the
        line is worded as they saw the game then.  ``terse``: worded for the terse and braille verbosities
        (``reason_line``)."""
        if not isinstance(self.state, TrickGameState):
            return "The computer players of this game give no reasons: why is for the trick games."
        if seat is not None and not 0 <= seat < self.state.seat_count:
            raise TableError(f"No seat {seat}.")
        if bidding and not self.state.rules.bidding:
            return no_bidding_line(self.state.rules)
        if heard is not None and heard >= len(self.state.events):
            heard = None  # every move heard: the game as it is now
        decision = last_computer_move(self.computer_moves, seat, bidding, trick, heard)
        since = " since the server took the table up again" if self.taken_up else ""
        if decision is None and seat is not None:
            name = self.state.rules.names[seat]
            controller = self.controller(seat)
            holder = self.holders[controller]
            if controller == asker:
                return f"{name} is played by you. Type hint on your turn for the strong player's move."
            if holder.person and holder.taken:
                return f"{name} is played by {holder.name}, not the computer."
            if trick is not None:
                return no_card_line(self.state.rules, seat, trick, since)
            return f"{name} has not {'bid' if bidding else 'moved'}{since or ' yet'}."
        if decision is None and trick is not None:
            return no_card_line(self.state.rules, seat, trick, since)
        if decision is None:
            return f"Nothing to explain yet: no computer player has moved{since}."
        rules = self.state.rules
        names = people_named(rules.names, [holder.name for holder in self.holders],
                             [holder.person for holder in self.holders], self.free_seats(), asker)  # fmt: skip
        then = self.state if heard is None else self._state_at(heard)
        # whose move it was: the player of the seat then (Display Rook's dealer plays the partner's hand only
        # after the first card, so the partner's bid was its own), not of the seat now
        controller = decision.view.controller(decision.seat)
        holder = self.holders[controller]
        # A computer's move for the asker's own seat is told in the computer's words: "North played 6y: its
        # partner Anna's 11y was winning", not "You played 6y: its partner ...".
        line = reason_line(decision, asker_view(then, asker), then.is_over, replace(rules, seat_names=names),
                           you=not (holder.person and controller == asker), terse=terse)  # fmt: skip
        if holder.person and decision.at is not None and decision.at < holder.sat_at:
            # a seat taken in a game under way: a computer played it while it was free
            line += f" A computer chose it before {'you' if controller == asker else holder.name} sat down."
        elif holder.person:  # a person's seat: the computer that stood in for them while they were away chose it
            away = "you were" if controller == asker else f"{holder.name} was"
            line += f" A computer chose it while {away} away."
        return line

    def choices(self, person: int, hand: int) -> list[tuple[Any, Any, bool]]:
        """The moves of the seats the person in seat ``person`` plays, in hand ``hand`` of a trick game, each
        with the view it was chosen from and whether a computer chose it (while they were away, or before they
        sat down), in order: ``review`` at a console that came back partway through the game, which has seen the
        moves but not those views."""
        if not isinstance(self.state, TrickGameState):
            return []
        found = []
        for number, seat, action, state in self._replayed():
            if state.controller(seat) == person:
                view = state.view(seat)
                if view.hand_number > hand:
                    break
                if view.hand_number == hand:
                    found.append((view, action, number in self.computer_chose))
        return found

    def _state_at(self, heard: int) -> TrickGameState:
        """The game as the person who heard its first ``heard`` events knows it: every move whose first event
        is among them, replayed."""
        for _, _, _, state in self._replayed():
            if len(state.events) >= heard:
                return state  # before the move that begins past what was heard
        assert isinstance(self.state, TrickGameState)
        return self.state  # every move heard

    def _replayed(self) -> Generator[tuple[int, int, Any, TrickGameState], None, None]:
        """The table's actions replayed on a new game: each action's number, seat and action with the game just
        before it (one game, moved on by the action once the caller asks for the next)."""
        state = start_game(self.setup)
        assert isinstance(state, TrickGameState)
        for number, (seat, action) in enumerate(self.actions):
            yield number, seat, action, state
            state.apply(action, seat)

    def _player_for(self, seat: int) -> Player | None:
        controller = self.controller(seat)
        if controller < len(self.holders) and self.holders[controller].person:
            return self.stand_ins.get(controller)
        return self.players[controller]

    # ------------------------------------------------------------ what each seat sees
    def seen(self, seat: int | None, start: int = 0) -> list[Any]:
        """The game's events from number ``start`` on, as ``seat`` may see them (None: a spectator)."""
        found = []
        for event in self.state.events[start:]:
            shown = seen_by(event, seat)
            if shown is not None:
                found.append(shown)
        return found

    # ------------------------------------------------------------ checkpoints
    def checkpoint(self) -> dict[str, Any]:
        """The table as JSON: its code, the game's set-up, the seats (names, people's token digests) and
        every action so far."""
        return {
            "code": self.code,
            "setup": self.setup.to_json(),
            "seats": [
                {"name": holder.name, "person": holder.person, "token": holder.token_digest} for holder in self.holders
            ],
            "actions": [action_to_json(seat, action) for seat, action in self.actions],
            "computer_chose": sorted(self.computer_chose),
        }

    @classmethod
    def restore(cls, data: Any) -> Table:
        """The table of a checkpoint, every action replayed; ``TableError`` naming what is wrong with it."""
        try:
            if not isinstance(data, dict) or not isinstance(data.get("code"), str):
                raise TableError("The checkpoint has no table code.")
            setup = GameSetup.from_json(data.get("setup"))
            seats = data.get("seats")
            if not isinstance(seats, list) or not all(_is_seat(seat) for seat in seats):
                raise TableError("The checkpoint's seats are not names with their tokens.")
            actions_data = data.get("actions")
            if not isinstance(actions_data, list):
                raise TableError("The checkpoint's actions are not a list.")
            actions = [action_from_json(item) for item in actions_data]
            table = cls.__new__(cls)
            table.code = data["code"]
            table.setup = setup
            table.state, table.players = rebuild(setup, actions)
            table.holders = [SeatHolder(seat["name"], seat["person"], seat["token"]) for seat in seats]
            if len(table.holders) != len(setup.seats):
                raise TableError("The checkpoint's seats do not fit its game.")
            table.actions = list(actions)
            chose = data.get("computer_chose", [])  # a checkpoint written before it was kept: none known
            if not isinstance(chose, list) or not all(type(number) is int for number in chose):
                raise TableError("The checkpoint's computers' moves are not a list of numbers.")
            table.computer_chose = set(chose)
            table.stand_ins = {}
            table.computer_moves = deque(maxlen=MOVES_KEPT)
            table.taken_up = True
            table._decided = None
            return table
        except (DamagedSaveError, NotationError) as error:
            raise TableError(f"The checkpoint cannot be read: {error}") from None


def _is_seat(value: Any) -> bool:
    return (
        isinstance(value, dict)
        and isinstance(value.get("name"), str)
        and isinstance(value.get("person"), bool)
        and (value.get("token") is None or isinstance(value.get("token"), str))
    )
