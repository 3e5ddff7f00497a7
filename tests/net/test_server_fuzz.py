"""The server's message handling fuzzed (hypothesis): whatever a client sends, nothing but a reply of a known
type comes back, an error is one short line, no exception escapes, and a table changes only by a legal action
of the seat to act."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rook_access.net.server import Client, Limits, RoomServer

REPLIES = {"seated", "watching", "update", "chat", "tables", "error", "table", "away", "left"}
TYPES = ["create", "join", "rejoin", "watch", "act", "start", "say", "tables", "shout"]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4),
    max_leaves=12,
)
fields = st.dictionaries(
    st.sampled_from(["game", "options", "seats", "level", "name", "wait", "code", "token", "seat", "action", "text"]),
    json_values,
    max_size=5,
)
messages = st.one_of(
    st.builds(lambda kind, body: {**body, "type": kind}, st.sampled_from(TYPES), fields),
    json_values,
    st.text(max_size=60),
)


class FakeSocket:
    """What the server needs of a connection: it keeps what was sent."""

    remote_address = ("127.0.0.9", 5000)

    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed = False

    async def send(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = True


async def seated_table(server: RoomServer) -> tuple[Client, Client]:
    """A partnership table with two people seated (so the game has begun) and a stranger."""
    host = Client(FakeSocket(), "127.0.0.9", allowance=1e9)  # type: ignore[arg-type]  # a fake connection
    await server._handle(
        host,
        json.dumps(
            {
                "type": "create",
                "game": "partnership",
                "options": {"hands": 1},
                "level": "random",
                "seats": ["human", "computer", "human", "computer"],
                "name": "Anna",
            }
        ),
    )
    code = json.loads(host.socket.sent[0])["code"]  # type: ignore[attr-defined]  # the fake keeps what was sent
    guest = Client(FakeSocket(), "127.0.0.8", allowance=1e9)  # type: ignore[arg-type]  # as above
    await server._handle(guest, json.dumps({"type": "join", "code": code, "name": "Ben"}))
    return host, guest


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sequence=st.lists(st.tuples(st.integers(0, 2), messages), min_size=1, max_size=8))
def test_any_messages_get_known_replies_and_never_break_the_server(sequence):
    async def test() -> None:
        server = RoomServer(None, Limits(strikes=1000, burst=1000))
        host, guest = await seated_table(server)
        stranger = Client(FakeSocket(), "127.0.0.7", allowance=1e9)  # type: ignore[arg-type]  # a fake connection
        clients = [host, guest, stranger]
        for who, message in sequence:
            client = clients[who]
            before = len(client.socket.sent)  # type: ignore[attr-defined]  # the fake keeps what was sent
            text = message if isinstance(message, str) else json.dumps(message)
            await server._handle(client, text)
            for reply_text in client.socket.sent[before:]:  # type: ignore[attr-defined]  # as above
                reply = json.loads(reply_text)
                assert reply["type"] in REPLIES
                if reply["type"] == "error":
                    line: Any = reply["message"]
                    assert isinstance(line, str) and 0 < len(line) <= 200 and "\n" not in line
                    assert "Traceback" not in line
        for room in server.rooms.values():  # every table still whole: it replays from its own checkpoint
            room.table.restore(room.table.checkpoint())

    asyncio.run(test())
