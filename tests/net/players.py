"""Test clients of the online tables' server: a connection that reads every message and plays random legal
actions when it is to act, and follows an ``elsewhere`` to the server that holds its table."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from rook_access.bench.net_load import random_action

DEADLINE = 60.0
"""The longest a test waits for one message: a stall fails, never hangs."""


class NetClient:
    """One player (or spectator) on loopback."""

    def __init__(self, socket: ClientConnection, seed: int = 0) -> None:
        self.socket = socket
        self.chooser = random.Random(seed)
        self.messages: list[dict[str, Any]] = []
        self.texts: list[str] = []
        """Every message as its text, as it came (the bytes the client was sent)."""
        self.seat: int | None = None
        self.token: str | None = None
        self.code: str | None = None
        self.request: dict[str, Any] | None = None
        """The last join, rejoin or watch sent (sent again to the server an ``elsewhere`` names)."""
        self.followed: list[str] = []
        """The addresses of the ``elsewhere`` messages followed."""
        self._inbox: asyncio.Queue[str | bytes | Exception] = asyncio.Queue()
        self._reader = asyncio.ensure_future(self._read(socket, self._inbox))

    @staticmethod
    async def _read(socket: ClientConnection, inbox: asyncio.Queue[str | bytes | Exception]) -> None:
        """Every message into the inbox as it comes (a wait on the inbox can time out without losing one)."""
        try:
            async for text in socket:
                inbox.put_nowait(text)
        except Exception as error:  # noqa: BLE001 - handed to the reader of the inbox, as it came
            inbox.put_nowait(error)
        else:
            inbox.put_nowait(EOFError("the server closed the connection"))

    @classmethod
    async def open(cls, port: int, seed: int = 0) -> NetClient:
        return cls(await connect(f"ws://127.0.0.1:{port}", max_size=None), seed)

    async def send(self, data: Any) -> None:
        if isinstance(data, dict) and data.get("type") in ("join", "rejoin", "watch"):
            self.request = data
        await self.socket.send(data if isinstance(data, str) else json.dumps(data))

    async def follow(self, url: str) -> None:
        """Go where an ``elsewhere`` sends this client: a new connection to ``url``, and there a seated
        player's ``rejoin`` with their token, or else the request that was sent elsewhere."""
        self.followed.append(url)
        old, old_reader = self.socket, self._reader
        self.socket = await connect(url, max_size=None)
        self._inbox = asyncio.Queue()
        self._reader = asyncio.ensure_future(self._read(self.socket, self._inbox))
        await old.close()
        await old_reader
        if self.token is not None and self.code is not None:
            await self.send({"type": "rejoin", "code": self.code, "token": self.token})
        elif self.request is not None:
            await self.send(self.request)

    async def receive(self) -> dict[str, Any]:
        try:
            text = await asyncio.wait_for(self._inbox.get(), DEADLINE)
        except TimeoutError:
            last = [(message["type"], message.get("legal"), message.get("message")) for message in self.messages[-3:]]
            raise AssertionError(f"seat {self.seat}: no message in {DEADLINE} s; the last were {last}") from None
        if isinstance(text, Exception):
            self._inbox.put_nowait(text)  # every later read fails alike
            raise text
        assert isinstance(text, str)
        self.texts.append(text)
        message = json.loads(text)
        self.messages.append(message)
        if message["type"] in ("seated", "watching"):
            self.code = message["code"]
            self.seat = message.get("seat")
            self.token = message.get("token", self.token)
        elif message["type"] == "elsewhere":
            await self.follow(message["url"])
        return message

    async def expect(self, kind: str) -> dict[str, Any]:
        """The next message of type ``kind`` (others before it are kept)."""
        while True:
            message = await self.receive()
            if message["type"] == kind:
                return message

    async def play_until(self, done: Any, limit: int = 20_000, read: dict[str, Any] | None = None) -> None:
        """Read messages, acting at random on the latest legal actions this player has (as a person would,
        answering only what is in front of them), until ``done(message)``; ``read`` is an update already read
        and not yet answered.  An action refused (another player's call came first, or too many messages) is
        tried again from the latest update."""
        latest: dict[str, Any] = read or {}  # the update whose legal actions are not yet answered
        answered: dict[str, Any] = {}  # the one of the last action sent
        for _ in range(limit):
            action = random_action(latest, self.chooser) if latest else None
            if action is not None and not await self._more_waiting():
                await self.send({"type": "act", "action": action})
                latest, answered = {}, latest
            message = await self.receive()
            if done(message):
                return
            if message["type"] == "update":
                latest, answered = message, {}
            elif message["type"] == "error" and answered:
                await asyncio.sleep(0.1)  # refused: a moment, then a choice from the same update again
                latest = answered
        raise AssertionError("the game went on too long")

    async def _more_waiting(self) -> bool:
        """Whether another message comes within a moment (then it is read first, and this one is not answered)."""
        await asyncio.sleep(0.02)
        return not self._inbox.empty()

    async def close(self) -> None:
        await self.socket.close()
        await self._reader


def game_over(message: dict[str, Any]) -> bool:
    return message["type"] == "update" and message["over"]
