"""A client's connection to a server of online tables: JSON messages in and out, read by a thread of its own.

The console is a line-oriented program that waits for the user's lines, so
its connection is the ``websockets`` package's threaded (sync) client: a
reader thread takes every message as it comes into a queue, where the console
picks them up between lines (``next_message`` with a timeout), in order and
without losing one.  Sending is safe from any thread.

``table_url`` turns what a user types (``localhost``, ``cards.example.org``,
``host:9000``, a ``ws://`` or ``wss://`` address) into the server's address:
plain ``ws://`` only for this machine, ``wss://`` (TLS) for any other, as the
server serves them.
"""

from __future__ import annotations

import ipaddress
import json
import queue
import re
import threading
import time
from typing import Any
from urllib.parse import urlsplit

from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException
from websockets.sync.client import ClientConnection, connect

DEFAULT_PORT = 8765
"""The port ``rook-access serve`` listens on unless told another."""

LARGEST_MESSAGE = 4 * 1024 * 1024
"""The largest message read from a server (a long game's whole history, sent at a rejoin)."""
SEND_RATE = 10.0
"""Messages a second this client sends at most, steadily: half what a server allows (``server.Limits``), so
a script typing moves as fast as it can is slowed here rather than refused there."""
SEND_BURST = 20
"""Messages sent at once before the rate counts."""
TAKEN_OVER = "seat taken up elsewhere"
"""The reason a server closes a connection whose seat another connection took up with the same token (``server``'s
rejoin says it so)."""


class ConnectionLost(Exception):
    """The connection to the server ended or could not be made; the message says why, in one line."""

    def __init__(self, message: str, taken_over: bool = False) -> None:
        super().__init__(message)
        self.taken_over = taken_over
        """The server closed it because the seat was taken up from another connection: trying again would
        take the seat back from there, and that one would take it back again."""


def is_this_machine(host: str) -> bool:
    """Whether ``host`` names this machine (plain connections are served only there).

    >>> is_this_machine("localhost"), is_this_machine("127.0.0.1"), is_this_machine("example.org")
    (True, True, False)
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def table_url(where: str, port: int | None = None) -> str:
    """The address of the server a user named.

    >>> table_url("localhost"), table_url("cards.example.org"), table_url("10.0.0.5:9000")
    ('ws://localhost:8765', 'wss://cards.example.org:8765', 'wss://10.0.0.5:9000')
    >>> table_url("ws://192.168.1.20:8765"), table_url("localhost", 9001)
    ('ws://192.168.1.20:8765', 'ws://localhost:9001')
    """
    where = where.strip()
    if "://" in where:
        return where
    parts = urlsplit(f"//{where}")
    host = parts.hostname or where
    try:
        given = parts.port
    except ValueError:
        given = None
    chosen = port or given or DEFAULT_PORT
    scheme = "ws" if is_this_machine(host) else "wss"
    shown_host = f"[{host}]" if ":" in host else host
    return f"{scheme}://{shown_host}:{chosen}"


class TableConnection:
    """One connection to a server: ``send`` a message, ``next_message`` the next one received."""

    def __init__(self, socket: ClientConnection, url: str = "") -> None:
        self.socket = socket
        self.url = url
        """The server's address this connection was made to."""
        self._allowance = float(SEND_BURST)
        self._checked = time.monotonic()
        self._sending = threading.Lock()
        self._inbox: queue.Queue[dict[str, Any] | ConnectionLost] = queue.Queue()
        self._reader = threading.Thread(target=self._read, name="rook-access table connection", daemon=True)
        self._reader.start()

    @classmethod
    def open(cls, url: str, timeout: float = 10.0) -> TableConnection:
        """Connect to the server at ``url``; ``ConnectionLost`` saying why not."""
        try:
            # As a context entered (the form websockets asks for), left by ``close``.
            socket = connect(url, open_timeout=timeout, max_size=LARGEST_MESSAGE, compression=None).__enter__()
        except InvalidURI:
            raise ConnectionLost(f"{url} is not a server's address.") from None
        except (OSError, TimeoutError, WebSocketException) as error:
            raise ConnectionLost(f"No server answered at {url}: {_reason(error)}.") from None
        return cls(socket, url)

    def _read(self) -> None:
        try:
            while True:
                text = self.socket.recv()
                try:
                    data = json.loads(text)
                except ValueError:
                    continue  # a server sends only JSON; anything else is left out
                if isinstance(data, dict) and isinstance(data.get("type"), str):
                    self._inbox.put(data)
        except ConnectionClosed as closed:
            # The server's own reason where it gave one ("seat taken up elsewhere"); the library's words for a
            # connection cut ("no close frame received or sent") tell a player nothing.
            reason = closed.rcvd.reason if closed.rcvd is not None and closed.rcvd.reason else ""
            said = (
                f"The connection to the server was lost: {reason}."
                if reason
                else "The connection to the server was lost."
            )
            self._inbox.put(ConnectionLost(said, reason == TAKEN_OVER))
        except OSError:
            self._inbox.put(ConnectionLost("The connection to the server was lost."))

    def send(self, message: dict[str, Any]) -> None:
        """Send one message (waiting first if this client is sending faster than ``SEND_RATE``);
        ``ConnectionLost`` if the connection has ended."""
        with self._sending:
            now = time.monotonic()
            self._allowance = min(float(SEND_BURST), self._allowance + (now - self._checked) * SEND_RATE)
            self._checked = now
            if self._allowance < 1:
                time.sleep((1 - self._allowance) / SEND_RATE)
                self._allowance = 1.0
                self._checked = time.monotonic()
            self._allowance -= 1
        try:
            self.socket.send(json.dumps(message, separators=(",", ":")))
        except (ConnectionClosed, OSError):
            raise ConnectionLost("The connection to the server was lost.") from None

    def next_message(self, timeout: float | None = None) -> dict[str, Any] | None:
        """The next message received, waiting at most ``timeout`` seconds (None: as long as it takes); None if
        none came.  ``ConnectionLost`` once the connection has ended and every message before it was read."""
        try:
            item = self._inbox.get(timeout=timeout)
        except queue.Empty:
            return None
        if isinstance(item, ConnectionLost):
            self._inbox.put(item)  # every later read says so too
            raise item
        return item

    def has_news(self) -> bool:
        """Whether a message (or the connection's end) waits to be read."""
        return not self._inbox.empty()

    def close(self) -> None:
        """Leave: close the connection (the server keeps the seat for its token)."""
        try:
            self.socket.close()
        except (ConnectionClosed, OSError):
            pass
        self._reader.join(timeout=2)


def _reason(error: BaseException) -> str:
    """An error in words a person reads: "connection refused", not "[Errno 111] Connection refused".

    >>> _reason(ConnectionRefusedError(111, "Connection refused"))
    'connection refused'
    """
    if isinstance(error, OSError) and error.strerror:
        text = error.strerror
    else:
        text = str(error).strip() or type(error).__name__
    text = re.sub(r"^\[Errno -?\d+\] ", "", text).rstrip(".")
    return text[:1].lower() + text[1:]
