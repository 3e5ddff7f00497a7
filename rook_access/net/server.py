"""The server of online tables (``rook-access serve``): asyncio and the ``websockets`` package.

It holds every table (``table.Table``) and is the only referee.  A client
speaks JSON text messages, each an object whose ``type`` names it:

- ``create``: a new table (``game``, ``options``, ``seats`` "human" or
  "computer", ``level``, ``name``, ``wait`` seconds); the creator is its host and sits in seat 0;
- ``join``: a seat at a table by its invite code (``code``, ``name``, ``seat`` or none);
- ``rejoin``: the same seat again after a dropped connection (``code``, ``token``);
- ``watch``: a spectator's place (``code``): what every player sees, no more;
- ``act``: an action for a seat the player plays (``action``, the record notation);
- ``start``: the host starts the game, computers playing any seat no person has taken;
- ``pause``: the host pauses the game (``paused`` true or false; none: the other way round), or lets it go on;
- ``end``: the host ends the table for everyone: it is kept no longer;
- ``leave``: the player leaves the table (the seat is kept for their token), said so to the others;
- ``say``: a chat line (``text``) to everyone at the table;
- ``why``: the reason a computer player had for its last move (``seat``, or none for the last computer to
  move; ``bidding`` true for its last bid or pass; ``trick``, if given, the number of the trick whose card is
  asked about), answered ``why`` with the ``line`` to say, to the asker alone;
- ``tables``: the open tables with free seats.

The server answers ``seated`` (the table, the seat and its secret token, once; to a
player back, ``chat``: the table's last ``CHAT_KEPT`` chat lines, each with ``missed``
when it was said while they were away, and ``played``: the moves a computer made for
them meanwhile, in the record notation),
``update`` (the events this connection may see since the last, as the wire
codec writes them, ``at`` the number of the table's events so far, with the
seat's view, the views of the other seats this player plays while they are to
act (``views``: the 2-player game's dummy), the seats to act and this player's
legal actions in the record notation, or where they are too many to list, the
rule that makes them, by the wire codec, in ``choices``: the bidder's
discard, any ``count`` cards of ``hand``), ``chat``, ``table`` (the seats, after
someone sat down), ``away`` (a person's connection dropped, or with ``left``
they left), ``standin`` (a computer plays an away person's seat now, their wait
over), ``back`` (a person came back), ``paused``, ``why``,
``ended`` (the host ended the table), ``tables``, ``left``, ``elsewhere`` and ``error`` (one
short line, nothing changed, with ``again`` when asking again in a moment will do (a table moving between
servers); a move the rules refuse comes with ``illegal``,
the engine's rule, legal actions and detail by the wire codec).  Every table
is checkpointed after every action (``store``), atomically, before any
client is sent the action's update, and a server started again resumes every
table where it stopped; a finished game's table is no longer kept.

Several processes may share one store (``store.SharedStore``: Redis,
``redis_store``), each table held by one process with a lease.  A client who
asks one process for a table another live process holds (``join``,
``rejoin``, ``watch``) is answered ``{"type": "elsewhere", "code": CODE,
"url": "ws://HOST:PORT", "message": "..."}``: it connects to ``url`` and
sends the same request there (a seated player ``rejoin`` with their token).
The clients at a table this process has lost (its lease ran out) are sent
the same message and their connection is closed.  A table nobody holds any
more (its process died) is taken up from its last checkpoint by the process
a client reaches, or by the first process whose watcher (``keep_tables``)
finds it.

Bad input never disturbs a table or the server: a message larger than
``Limits.message_bytes`` closes its connection (the library's limit), one
that is not JSON, not an object or of an unknown type gets an ``error``, a
flood beyond ``Limits.messages_per_second`` gets an ``error`` and then a
disconnect, and everything refused is logged.  Nothing in a message is ever
run or loaded as code: actions are read by the record notation, and the
wire codec builds only its registered types.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from websockets.asyncio.server import Server as WebSocketServer
from websockets.asyncio.server import ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ..engine.errors import IllegalActionError
from ..engine.games import find_game
from ..engine.notation import action_to_json
from ..engine.protocol import OptionError
from ..engine.wire import WireError, to_wire
from ..players import DEFAULT_LEVEL
from ..saves import GameSetup
from .codes import new_code, normal_code
from .store import LeaseLost, SharedStore, Store
from .table import Table, TableError

LOG = logging.getLogger("rook_access.server")

CHAT_KEPT = 20
"""The chat lines a table keeps, the last ones: sent to a player who comes back (``seated``'s ``chat``), marking
those said while they were away.  Kept in the table's checkpoint (``Room.talk``) with what each player away had
heard, so a server started again still has them."""


@dataclass(frozen=True)
class Limits:
    """What one client may send, and how much of the server it may take."""

    message_bytes: int = 16_384
    """The longest message read; a longer one closes the connection."""
    messages_per_second: float = 20.0
    """The steady rate of messages allowed a connection (a token bucket)."""
    burst: int = 40
    """The messages a connection may send at once before the rate counts."""
    strikes: int = 10
    """Refused messages (flood, malformed, unknown, not at a table) after which the connection is closed; a move
    the game refuses is not counted (two players may race for one call), only rate-limited."""
    tables_per_address: int = 5
    """Tables one address may have open at once."""
    chat_chars: int = 300
    """The longest chat line."""
    name_chars: int = 40
    """The longest player's name."""
    wait_seconds: float = 60.0
    """How long a table waits for a person who dropped before a computer plays their seat (``create``'s
    ``wait`` sets it per table, 0 to 3600)."""


@dataclass(eq=False)
class Client:
    """One connection: where it sits, and what it has been sent."""

    socket: ServerConnection
    address: str
    room: Room | None = None
    seat: int | None = None
    """The seat played, None for a spectator (or before joining)."""
    sent: int = 0
    """The table's events already sent (sent as this seat sees them)."""
    allowance: float = 0.0
    checked: float = field(default_factory=time.monotonic)
    strikes: int = 0
    leaving: bool = False
    """The player said they leave (``leave``), rather than their connection dropping."""


@dataclass(eq=False)
class Room:
    """One table with the connections at it."""

    table: Table
    host: int = 0
    wait_seconds: float = 60.0
    started: bool = False
    paused: bool = False
    """The host has paused the game: no move is taken, and the computers wait."""
    address: str = ""
    """The address that created it (for the tables-per-address limit)."""
    clients: list[Client] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    away: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    """The people's seats whose connection dropped, with the timer that hands them to a computer."""
    chat: deque[dict[str, Any]] = field(default_factory=lambda: deque(maxlen=CHAT_KEPT))
    """The last chat lines (``CHAT_KEPT``), each as its ``chat`` message was sent, with its number."""
    chat_said: int = 0
    """How many chat lines have been said at the table (the next one's number)."""
    chat_heard: dict[int, int] = field(default_factory=dict)
    """For each seat whose player's connection left the table: the chat lines said by then (they heard them)."""
    played_for: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    """For each person's seat played by a computer while they are away: its moves, in the record notation, sent
    when they come back (``seated``'s ``played``)."""

    def talk(self) -> dict[str, Any]:
        """What the table's checkpoint keeps besides the game: the last chat lines, what each player away had heard,
        and the moves made for them, so a server started again loses none of it."""
        return {
            "chat": list(self.chat),
            "chat_said": self.chat_said,
            "chat_heard": {str(seat): said for seat, said in self.chat_heard.items()},
            "played_for": {str(seat): moves for seat, moves in self.played_for.items()},
        }

    def take_talk(self, data: Any) -> None:
        """Take back what ``talk`` kept; anything in it not of the right shape is left out (logged)."""
        if not isinstance(data, dict):
            return
        seats = range(len(self.table.holders))
        lines = data.get("chat", [])
        if isinstance(lines, list):
            for line in lines:
                if _is_chat_line(line, seats):
                    self.chat.append(line)
                else:
                    LOG.warning("table %s: a kept chat line left out: %.80r", self.table.code, line)
        said = data.get("chat_said", len(self.chat))
        self.chat_said = said if isinstance(said, int) and said >= len(self.chat) else len(self.chat)
        heard = data.get("chat_heard", {})
        if isinstance(heard, dict):
            self.chat_heard = {
                int(seat): count for seat, count in heard.items()
                if str(seat).isdigit() and int(seat) in seats and isinstance(count, int)
            }  # fmt: skip
        played = data.get("played_for", {})
        if isinstance(played, dict):
            self.played_for = {
                int(seat): moves for seat, moves in played.items()
                if str(seat).isdigit() and int(seat) in seats and isinstance(moves, list)
                and all(isinstance(move, dict) for move in moves)
            }  # fmt: skip


def _is_chat_line(line: Any, seats: range) -> bool:
    """Whether a kept chat line has the shape ``_say`` gives it."""
    return (
        isinstance(line, dict)
        and line.get("type") == "chat"
        and line.get("seat") in seats
        and isinstance(line.get("name"), str)
        and isinstance(line.get("text"), str)
        and isinstance(line.get("number"), int)
    )


class Refusal(Exception):
    """A message refused: the line sent back to its client."""


class Busy(Refusal):
    """A request refused for a moment only (a table moving between servers): sent with ``again``, so a client
    asks again shortly; no strike."""


class Elsewhere(Exception):
    """The table asked for is held by another process, at ``url``."""

    def __init__(self, code: str, url: str) -> None:
        super().__init__(f"table {code} is at {url}")
        self.code = code
        self.url = url


class Moved(Exception):
    """This process lost the table while handling a message: its clients have been told (``_give_up``)."""


def _counts_from(value: Any, least: int) -> TypeGuard[int]:
    """Whether a message's ``value`` is a whole number (not true or false) of at least ``least``."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= least


class RoomServer:
    """Every table, and the message handling of every connection (see the module's docstring)."""

    def __init__(self, store: Store | None = None, limits: Limits = Limits()) -> None:
        self.store = store
        self.shared = store if isinstance(store, SharedStore) else None
        """The store, when several processes share it (routing and leases)."""
        self.limits = limits
        self.rooms: dict[str, Room] = {}
        self._handlers: dict[str, Callable[[Client, dict[str, Any]], Awaitable[None]]] = {
            "create": self._create,
            "join": self._join,
            "rejoin": self._rejoin,
            "watch": self._watch,
            "act": self._act,
            "start": self._start,
            "pause": self._pause,
            "end": self._end,
            "leave": self._leave,
            "say": self._say,
            "why": self._why,
            "choices": self._choices,
            "tables": self._tables,
        }

    # ------------------------------------------------------------ start and stop
    def resume(self) -> int:
        """Take up every table the store holds (a server started again); how many.  Called in the running
        loop: each person of a table under way has the table's wait to come back before a computer plays."""
        if self.store is None:
            return 0
        taken = 0
        for data in self.store.load_all():
            taken += self._take_up(data) is not None
        return taken

    def _take_up(self, data: dict[str, Any]) -> Room | None:
        """The room of a checkpoint, now held here; None (logged) if it cannot be restored or is held."""
        try:
            table = Table.restore(data["table"])
        except (TableError, KeyError, TypeError) as error:
            LOG.error("a checkpoint could not be resumed: %s", error)
            return None
        if table.code in self.rooms:
            return None
        room = Room(
            table,
            wait_seconds=float(data.get("wait", self.limits.wait_seconds)),
            started=bool(data.get("started", False)),
            paused=bool(data.get("paused", False)),
            address=str(data.get("address", "")),
        )
        room.take_talk(data.get("talk"))
        # Nobody is connected yet: every person's seat waits for its player as after a drop.
        for seat, holder in enumerate(table.holders):
            if holder.person and holder.token_digest is not None and room.started:
                self._mark_away(room, seat)
        self.rooms[table.code] = room
        LOG.info("table %s taken up at %d actions", table.code, len(table.actions))
        return room

    async def keep_tables(self) -> None:
        """With a shared store, forever: renew this process's leases every third of a lease, give up the
        tables lost, and take up the tables nobody holds (a process that died)."""
        if self.shared is None:
            return
        while True:
            await asyncio.sleep(self.shared.lease / 3)
            for code in self.shared.renew():
                room = self.rooms.get(code)
                if room is not None:
                    LOG.warning("table %s lost: its lease ran out", code)
                    self._give_up(room, None)
            try:
                self.resume()
            except Exception as error:  # noqa: BLE001 - the store unreachable: tried again next time
                LOG.error("the tables nobody holds cannot be read: %s", error)

    async def listen(self, host: str, port: int, ssl: Any = None) -> WebSocketServer:
        """Serve on ``host``:``port`` (TLS with ``ssl``); the running server."""
        return await serve(
            self.connection,
            host,
            port,
            ssl=ssl,
            max_size=self.limits.message_bytes,
            ping_interval=10,
            ping_timeout=10,
            compression=None,
        )

    # ------------------------------------------------------------ connections
    async def connection(self, socket: ServerConnection) -> None:
        """Serve one client until it leaves."""
        address = str(socket.remote_address[0]) if socket.remote_address else "?"
        client = Client(socket, address, allowance=float(self.limits.burst))
        try:
            async for message in socket:
                if self._within_rate(client):
                    await self._handle(client, message)
                else:  # a flood counts toward closing the connection as any refused message does
                    await self._refuse(client, "Too many messages; wait a moment.")
                if client.strikes >= self.limits.strikes:
                    LOG.warning("%s closed after %d refused messages", address, client.strikes)
                    await socket.close(1008, "too many refused messages")
                    break
        except ConnectionClosed as closed:
            LOG.info("%s closed: %s", address, closed)
        finally:
            await self._left(client)

    def _within_rate(self, client: Client) -> bool:
        now = time.monotonic()
        client.allowance = min(
            float(self.limits.burst), client.allowance + (now - client.checked) * self.limits.messages_per_second
        )
        client.checked = now
        if client.allowance < 1:
            return False
        client.allowance -= 1
        return True

    async def _handle(self, client: Client, message: str | bytes) -> None:
        try:
            data = json.loads(message)
        except (ValueError, UnicodeDecodeError):
            await self._refuse(client, "That message is not JSON.")
            return
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            await self._refuse(client, "A message is a JSON object with a type.")
            return
        handler = self._handlers.get(data["type"])
        if handler is None:
            await self._refuse(client, f"No message type {data['type'][:40]!r}; types: {', '.join(self._handlers)}.")
            return
        try:
            await handler(client, data)
        except Busy as busy:
            await self._refuse(client, str(busy), strike=False, again=True)
        except Refusal as refusal:
            await self._refuse(client, str(refusal))
        except Elsewhere as elsewhere:
            await self._send(client, _elsewhere(elsewhere.code, elsewhere.url))
        except Moved:
            pass  # the clients of the table were told where it went
        except LeaseLost as lost:  # a table given up outside a checkpoint (the host's end): only this client asked
            if lost.url is not None:
                await self._send(client, _elsewhere(lost.code, lost.url))
            else:
                await self._send(client, {"type": "left", "message": "The table is moving; join it again."})
        except TableError as refusal:  # the game's own refusal (a race for a call, a card not held): no strike
            cause = refusal.__cause__
            await self._refuse(
                client, str(refusal), strike=False, illegal=cause if isinstance(cause, IllegalActionError) else None
            )

    async def _refuse(
        self,
        client: Client,
        line: str,
        strike: bool = True,
        illegal: IllegalActionError | None = None,
        again: bool = False,
    ) -> None:
        """Tell the client what is wrong; a ``strike`` counts toward closing a connection that keeps at it.  An
        action the rules refused goes back with the engine's ``illegal`` reason (its rule, what is legal and
        the detail), so the client says it in the family's own words."""
        client.strikes += strike
        LOG.info("%s refused: %s", client.address, line)
        message: dict[str, Any] = {"type": "error", "message": line}
        if again:
            message["again"] = True
        if illegal is not None:
            try:
                message["illegal"] = {
                    "rule": to_wire(illegal.rule),
                    "legal": to_wire(tuple(illegal.legal)),
                    "detail": {key: to_wire(value) for key, value in illegal.detail.items()},
                }
            except WireError:
                LOG.warning("a refusal's reason could not be written: %s", illegal.rule)
        await self._send(client, message)

    async def _send(self, client: Client, data: dict[str, Any]) -> None:
        try:
            await client.socket.send(json.dumps(data, separators=(",", ":")))
        except ConnectionClosed:
            pass

    # ------------------------------------------------------------ the messages
    async def _create(self, client: Client, data: dict[str, Any]) -> None:
        if client.room is not None:
            raise Refusal("You are at a table already.")
        owned = sum(  # a table not begun that everyone has left does not count: its players have gone
            1
            for room in self.rooms.values()
            if room.address == client.address and not room.table.state.is_over and (room.started or room.clients)
        )
        if owned >= self.limits.tables_per_address:
            raise Refusal(f"Your address has the most tables open at once ({owned}); end one first.")
        game = _text(data, "game", 40)
        seats = data.get("seats")
        if not isinstance(seats, list) or not seats or not all(kind in ("human", "computer") for kind in seats):
            raise Refusal("Seats are a list of human and computer.")
        if seats[0] != "human":
            raise Refusal("Seat 0 is the host's: human.")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise Refusal("Options are an object of option names and values.")
        wait = data.get("wait", self.limits.wait_seconds)
        if not isinstance(wait, (int, float)) or isinstance(wait, bool) or not 0 <= wait <= 3600:
            raise Refusal("Wait is a number of seconds from 0 to 3600.")
        level = data.get("level", DEFAULT_LEVEL)
        if not isinstance(level, str) or len(level) > 100:
            raise Refusal("The level is a name.")
        name = self._name(data)
        try:
            description = find_game(game)
            setup = GameSetup.create(seats, level=level, variant=description.name, options=options)
            setup.table_setup()
        except (OptionError, ValueError) as error:
            raise Refusal(str(error)) from None
        if description.for_one:  # no table, and no computer to stand in for its player
            raise Refusal(f"{description.title} is a game for one: a table plays a game of several players.")
        code = self._new_code()
        names = [
            name if seat == 0 else "" if kind == "human" else f"Computer {seat + 1}" for seat, kind in enumerate(seats)
        ]
        table = Table(code, setup, names)
        room = Room(table, wait_seconds=float(wait), address=client.address)
        self.rooms[code] = room
        seat, token = table.sit(0, name)
        self._checkpoint(room)  # the table is in the store (and, shared, in every process's directory) at once
        LOG.info("%s created table %s (%s)", client.address, code, description.name)
        await self._seat(client, room, seat, token)
        if not table.free_seats():
            await self._begin(room)

    async def _join(self, client: Client, data: dict[str, Any]) -> None:
        if client.room is not None:
            raise Refusal("You are at a table already.")
        room = await self._find(data)
        seat = data.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise Refusal("A seat is a number.")
        async with room.lock:
            seat, token = room.table.sit(seat, _told_apart(self._name(data), room.table.holders))
            self._checkpoint(room)
        await self._seat(client, room, seat, token)
        await self._broadcast_seats(room)
        if not room.table.free_seats():
            await self._begin(room)

    async def _rejoin(self, client: Client, data: dict[str, Any]) -> None:
        if client.room is not None:
            raise Refusal("You are at a table already.")
        room = await self._find(data)
        token = _text(data, "token", 100)
        seat = room.table.seat_of(token)
        for other in list(room.clients):
            if other.seat == seat:  # the same player from another connection: the newer one takes the seat
                LOG.warning("seat %d of %s taken up again from %s", seat, room.table.code, client.address)
                room.clients.remove(other)
                other.room = None
                await self._send(other, {"type": "left", "message": "Your seat was taken up from another connection."})
                await other.socket.close(1000, "seat taken up elsewhere")
        timer = room.away.pop(seat, None)
        if timer is not None:
            timer.cancel()
        room.table.stand_in(seat, False)
        heard = room.chat_heard.pop(seat, room.chat_said)  # a connection taken over was sent every line
        played = room.played_for.pop(seat, [])
        name = room.table.holders[seat].name
        for other in list(room.clients):
            await self._send(other, {"type": "back", "seat": seat, "name": name})
        await self._seat(client, room, seat, None, back=True, chat_heard=heard, played=played)
        await self._run_computers(room)  # a table taken up after a restart may have stopped at a computer's turn

    async def _watch(self, client: Client, data: dict[str, Any]) -> None:
        if client.room is not None:
            raise Refusal("You are at a table already.")
        room = await self._find(data)
        client.room, client.seat, client.sent = room, None, 0
        room.clients.append(client)
        await self._send(client, self._table_message("watching", room))
        await self._update(client)

    async def _act(self, client: Client, data: dict[str, Any]) -> None:
        room, seat = self._seated(client)
        if not room.started:
            raise Refusal("The game has not started; the host starts it.")
        if room.paused:
            if seat == room.host:
                raise TableError("You paused the game: type pause to let it go on.")
            raise TableError("The host has paused the game; wait for it to go on.")
        async with room.lock:
            room.table.act_as(seat, data.get("action"))
            self._checkpoint(room)
        await self._broadcast(room)
        await self._run_computers(room)

    async def _pause(self, client: Client, data: dict[str, Any]) -> None:
        room, seat = self._seated(client)
        if seat != room.host:
            raise Refusal("Only the host pauses the game.")
        if not room.started or room.table.state.is_over:
            raise Refusal("The game is not under way.")
        paused = data.get("paused", not room.paused)
        if not isinstance(paused, bool):
            raise Refusal("Paused is true or false.")
        async with room.lock:
            room.paused = paused
            self._checkpoint(room)
        name = room.table.holders[seat].name
        LOG.info("table %s %s by its host", room.table.code, "paused" if paused else "going on")
        for other in list(room.clients):
            await self._send(other, {"type": "paused", "paused": paused, "name": name})
        if not paused:
            await self._run_computers(room)

    async def _why(self, client: Client, data: dict[str, Any]) -> None:
        room, seat = self._seated(client)
        asked = data.get("seat")
        if asked is not None and (not isinstance(asked, int) or isinstance(asked, bool)):
            raise Refusal("A seat is a number, 0 for the first.")
        bidding = data.get("bidding", False)
        if not isinstance(bidding, bool):
            raise Refusal("Bidding is true or false.")
        trick = data.get("trick")
        if trick is not None and not _counts_from(trick, 1):
            raise Refusal("A trick is a number, 1 for the first.")
        heard = data.get("heard")
        if heard is not None and not _counts_from(heard, 0):
            raise Refusal("Heard is how many events were said, 0 or more.")
        terse = data.get("terse", False)
        if not isinstance(terse, bool):
            raise Refusal("Terse is true or false.")
        async with room.lock:  # the computers' players are not used by two threads at once
            line = await asyncio.to_thread(room.table.why, seat, asked, bidding, trick, heard, terse)
        await self._send(client, {"type": "why", "line": line})

    async def _choices(self, client: Client, data: dict[str, Any]) -> None:
        """The asker's own moves of one hand with the views they chose them from, for ``review`` at a console
        that came back partway through the game."""
        room, seat = self._seated(client)
        hand = data.get("hand")
        if not _counts_from(hand, 1):
            raise Refusal("A hand is a number, 1 for the first.")
        async with room.lock:
            found = await asyncio.to_thread(room.table.choices, seat, hand)
        moves = []
        for view, action, by_computer in found:
            move = {"view": to_wire(view), "action": action_to_json(view.seat, action)}
            if by_computer:  # while they were away, or before they sat down: review leaves it out
                move["computer"] = True
            moves.append(move)
        await self._send(client, {"type": "choices", "hand": hand, "moves": moves})

    async def _end(self, client: Client, data: dict[str, Any]) -> None:
        room, seat = self._seated(client)
        if seat != room.host:
            raise Refusal("Only the host ends the table.")
        code = room.table.code
        async with room.lock:
            self.rooms.pop(code, None)
            for timer in room.away.values():
                timer.cancel()
            room.away.clear()
            room.started = False  # nothing more is played here
            if self.store is not None:
                self.store.delete(code)
        LOG.info("table %s ended by its host", code)
        name = room.table.holders[seat].name
        for other in list(room.clients):
            other.room = None
            await self._send(other, {"type": "ended", "name": name, "message": f"{name} ended the table."})
        room.clients.clear()

    async def _leave(self, client: Client, data: dict[str, Any]) -> None:
        """The player leaves the table (their seat is kept for their token): the others hear they left, not
        that their connection dropped."""
        self._seated(client)
        client.leaving = True
        await client.socket.close(1000, "left the table")

    async def _start(self, client: Client, data: dict[str, Any]) -> None:
        room, seat = self._seated(client)
        if seat != room.host:
            raise Refusal("Only the host starts the game.")
        if room.started:
            raise Refusal("The game has started.")
        await self._begin(room)

    async def _say(self, client: Client, data: dict[str, Any]) -> None:
        room, seat = self._seated(client)
        text = " ".join(_text(data, "text", self.limits.chat_chars * 4).split())
        if not text:
            raise Refusal("Say what? say, then the words.")
        if len(text) > self.limits.chat_chars:
            raise Refusal(f"A chat line is at most {self.limits.chat_chars} characters.")
        if not text.isprintable():
            raise Refusal("A chat line is plain text: no control characters.")
        name = room.table.holders[seat].name
        line = {"type": "chat", "seat": seat, "name": name, "text": text}
        async with room.lock:
            room.chat.append({**line, "number": room.chat_said})
            room.chat_said += 1
            self._checkpoint(room)  # a server started again still has it for a player back
        for other in room.clients:
            await self._send(other, line)

    async def _tables(self, client: Client, data: dict[str, Any]) -> None:
        listed = []
        for code, room in self.rooms.items():
            free = room.table.free_seats()
            if free and not room.started:
                listed.append(
                    {
                        "code": code,
                        "game": room.table.setup.variant,
                        "free": free,
                        "host": room.table.holders[room.host].name,
                    }
                )
        await self._send(client, {"type": "tables", "tables": listed})

    # ------------------------------------------------------------ the game going on
    async def _seat(
        self,
        client: Client,
        room: Room,
        seat: int,
        token: str | None,
        back: bool = False,
        chat_heard: int = 0,
        played: list[dict[str, Any]] | None = None,
    ) -> None:
        """Seat ``client`` in ``seat``: the ``seated`` message, then the game so far; a player ``back`` is sent
        the table's last chat lines, those said after the first ``chat_heard`` marked ``missed``, and the moves
        ``played`` for them by a computer while they were away."""
        client.room, client.seat, client.sent = room, seat, 0
        room.clients.append(client)
        message = self._table_message("seated", room)
        message.update(seat=seat, back=back, started=room.started)
        if token is not None:
            message["token"] = token
        if back:
            message["chat"] = [
                {**{key: line[key] for key in ("seat", "name", "text")}, "missed": line["number"] >= chat_heard}
                for line in room.chat
            ]
            message["played"] = played or []
        await self._send(client, message)
        await self._update(client)

    async def _begin(self, room: Room) -> None:
        async with room.lock:
            room.started = True
            for seat in room.table.free_seats():
                room.table.stand_in(seat, True)
            self._checkpoint(room)
        await self._broadcast(room)
        await self._run_computers(room)

    async def _run_computers(self, room: Room) -> None:
        """Let the computers (and the stand-ins of people away) play until a person is to act (or the table
        is lost to another process)."""
        while room.started and not room.paused and not room.table.state.is_over:
            async with room.lock:
                if not room.started:
                    return
                decided = await asyncio.to_thread(room.table.computer_turn)
                if decided is None or not room.started:
                    return
                seat, action = decided
                player = room.table.controller(seat)
                room.table.apply_computer(seat, action)
                if room.table.holders[player].token_digest is not None:  # a person's seat, played while they are away
                    room.played_for.setdefault(player, []).append(action_to_json(seat, action))
                try:
                    self._checkpoint(room)
                except Moved:
                    return
            await self._broadcast(room)

    async def _broadcast(self, room: Room) -> None:
        for client in list(room.clients):
            await self._update(client)

    async def _broadcast_seats(self, room: Room) -> None:
        for client in list(room.clients):
            await self._send(client, self._table_message("table", room))

    async def _update(self, client: Client) -> None:
        room = client.room
        if room is None:
            return
        table = room.table
        events = table.seen(client.seat, client.sent)
        client.sent = len(table.state.events)
        message: dict[str, Any] = {
            "type": "update",
            "events": [to_wire(event) for event in events],
            "at": client.sent,
            "to_act": list(table.state.seats_to_act()) if room.started else [],
            "over": table.state.is_over,
            "started": room.started,
        }
        if client.seat is not None:
            message["view"] = to_wire(table.state.view(client.seat))
            legal = []
            views = {}
            choices = []
            if room.started:
                for seat in table.seats_played_by(client.seat):
                    if seat in table.state.seats_to_act():
                        actions = table.state.legal_actions(seat)
                        if isinstance(actions, (list, tuple, set, frozenset)):
                            legal += [action_to_json(seat, action) for action in actions]
                        else:  # a rule too wide to list (any 5 cards of 14: 2,002 discards), sent as the rule
                            choices.append({"seat": seat, "choices": to_wire(actions)})
                        if seat != client.seat:  # the dummy, to the player who plays it: its cards lie face up
                            views[str(seat)] = to_wire(table.state.view(seat))
            message["legal"] = legal
            if choices:
                message["choices"] = choices
            if views:
                message["views"] = views
        await self._send(client, message)

    async def _left(self, client: Client) -> None:
        room = client.room
        if room is None:
            return
        if client in room.clients:
            room.clients.remove(client)
        if client.seat is not None:
            room.chat_heard[client.seat] = room.chat_said  # a player back hears the lines said from now on
        if room.table.state.is_over and not room.clients:
            self.rooms.pop(room.table.code, None)  # the last player has left a finished game
            return
        seat = client.seat
        if seat is not None and room.started and not room.table.state.is_over:
            self._mark_away(room, seat)
            name = room.table.holders[seat].name
            for other in room.clients:
                await self._send(
                    other,
                    {"type": "away", "seat": seat, "name": name, "wait": room.wait_seconds, "left": client.leaving},
                )

    async def _stood_in(self, room: Room, seat: int) -> None:
        """Tell the others a computer plays ``seat`` now (its person away past the table's wait); let it play."""
        name = room.table.holders[seat].name
        for other in list(room.clients):
            await self._send(other, {"type": "standin", "seat": seat, "name": name})
        await self._run_computers(room)

    def _mark_away(self, room: Room, seat: int) -> None:
        """Start the wait after which a computer plays ``seat`` (its person away)."""
        loop = asyncio.get_running_loop()
        old = room.away.pop(seat, None)
        if old is not None:
            old.cancel()

        def hand_over() -> None:
            room.away.pop(seat, None)
            room.table.stand_in(seat, True)
            asyncio.ensure_future(self._stood_in(room, seat))

        room.away[seat] = loop.call_later(room.wait_seconds, hand_over)

    def _checkpoint(self, room: Room) -> None:
        """Keep the table in the store, before anyone hears of its change; a finished game's table is no longer
        kept (its players are told its end, and a server started again has nothing to take up).  ``Moved`` (its
        clients told) if this process no longer holds it."""
        if self.store is None:
            return
        try:
            if room.table.state.is_over:
                self.store.delete(room.table.code)
                return
            self.store.save(
                room.table.code,
                {
                    "table": room.table.checkpoint(),
                    "wait": room.wait_seconds,
                    "started": room.started,
                    "paused": room.paused,
                    "address": room.address,
                    "talk": room.talk(),
                },
            )
        except LeaseLost as lost:
            LOG.warning("table %s lost: %s", room.table.code, lost)
            self._give_up(room, lost.url)
            raise Moved() from None

    def _give_up(self, room: Room, url: str | None) -> None:
        """Stop holding ``room`` (its lease is lost): forget it, and send its clients to ``url`` (or tell them
        to come back in a moment), closing their connections."""
        code = room.table.code
        if self.rooms.get(code) is room:
            del self.rooms[code]
        for timer in room.away.values():
            timer.cancel()
        room.away.clear()
        room.started = False  # stops this process's computers at the table
        clients, room.clients = list(room.clients), []
        for client in clients:
            client.room, client.seat = None, None

        async def tell() -> None:
            for client in clients:
                if url is not None:
                    await self._send(client, _elsewhere(code, url))
                else:
                    await self._send(client, {"type": "left", "message": "The table is moving; join it again."})
                await client.socket.close(1000, "table moved")

        asyncio.ensure_future(tell())

    def _new_code(self) -> str:
        """A new table's invite code: unique in this process, and across every process of a shared store."""
        while True:
            code = new_code(self.rooms)
            if self.shared is None or self.shared.reserve(code):
                return code

    # ------------------------------------------------------------ small parts
    async def _find(self, data: dict[str, Any]) -> Room:
        """The room of the message's code: held here, taken up here if nobody holds it, or ``Elsewhere``."""
        code = normal_code(_text(data, "code", 100))
        if code is None:
            raise Refusal("No table has that code.")
        room = self.rooms.get(code)
        if room is not None or self.shared is None:
            if room is None:
                raise Refusal("No table has that code.")
            return room
        claim = self.shared.claim(code)
        if claim.url is not None:
            raise Elsewhere(code, claim.url)
        if claim.moving:
            raise Busy("That table is moving between servers; try again in a moment.")
        room = self._take_up(claim.data) if claim.data is not None else None
        if room is None:
            raise Refusal("No table has that code.")
        return room

    def _seated(self, client: Client) -> tuple[Room, int]:
        if client.room is None or client.seat is None:
            raise Refusal("Join a table first.")
        return client.room, client.seat

    def _name(self, data: dict[str, Any]) -> str:
        name = " ".join(_text(data, "name", self.limits.name_chars * 4).split())
        if not name or len(name) > self.limits.name_chars or not name.isprintable():
            raise Refusal(f"A name is 1 to {self.limits.name_chars} printable characters.")
        return name

    def _table_message(self, kind: str, room: Room) -> dict[str, Any]:
        table = room.table
        return {
            "type": kind,
            "code": table.code,
            "setup": table.setup.to_json(),
            "names": [holder.name for holder in table.holders],
            "people": [holder.person for holder in table.holders],
            "free": table.free_seats(),
            "host": room.host,
        }


def _elsewhere(code: str, url: str) -> dict[str, Any]:
    """The message that sends a client to the process holding table ``code``."""
    return {"type": "elsewhere", "code": code, "url": url, "message": f"This table is served at {url}."}


def _text(data: dict[str, Any], key: str, longest: int) -> str:
    value = data.get(key)
    if not isinstance(value, str) or len(value) > longest:
        raise Refusal(f"The message needs {key}, a text of at most {longest} characters.")
    return value


def _told_apart(name: str, holders: Sequence[Any]) -> str:
    """``name``, or with a number after it where someone at the table has that name already (two friends who
    both left the name to their user name, "root" and "root"): each is told apart when it is heard."""
    taken = {holder.name.casefold() for holder in holders if holder.name}
    if name.casefold() not in taken:
        return name
    number = 2
    while f"{name} {number}".casefold() in taken:
        number += 1
    return f"{name} {number}"
