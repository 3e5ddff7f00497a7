"""Several server processes sharing one Redis: the table directory, invite codes, leases and checkpoints.

``rook-access serve --redis URL`` keeps its tables here instead of a folder
(``store.FolderStore``), so that any process sharing the Redis can find a
table by its code, route a client to the process that holds it, and take up
the tables of a process that died.  The ``redis`` package is needed only
then: this module is imported only for ``--redis`` (``open_redis_store``
says in one line when the package is missing).

The keys, under a prefix (``rook:`` by default):

- ``code:CODE``: the invite code, reserved with ``SET NX`` so that two
  processes never hand out the same one;
- ``tables:all``: the set of the codes of the tables kept (the directory the
  watcher reads to find tables nobody holds);
- ``table:CODE``: the table's checkpoint, one JSON string, replaced whole by
  one ``SET`` after every action;
- ``owner:CODE``: the process holding the table, with a lease (``SET NX
  PX``).  The holder renews every lease it holds every third of the lease
  (``renew``); a checkpoint is written only while the writer still owns the
  table (one Lua script: compare the owner, write, extend the lease), so a
  process that lost its lease can no longer change the table, and is told so
  (``LeaseLost``);
- ``process:ID``: the address (``ws://`` or ``wss://`` URL) a live process
  advertises, with the same lease, so that a client who reached the wrong
  process can be sent to the right one.

A table whose owner's lease has run out (its process was killed, or stalled
longer than the lease) is claimed (``claim``) by the first process that a
client reaches for it, or that finds it in the directory (``orphans``).
"""

from __future__ import annotations

import json
import logging
import secrets
from typing import TYPE_CHECKING, Any

from .codes import normal_code
from .store import Claim, LeaseLost

if TYPE_CHECKING:
    import redis

LOG = logging.getLogger("rook_access.server")

DEFAULT_LEASE = 3.0
"""Seconds a process holds its tables without renewing: a killed process's tables are free again after at
most this long."""

_SAVE = """
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[2])
return 1
"""
"""Write a checkpoint if this process (ARGV[1]) owns the table, extending its lease.  KEYS: owner, table."""

_DELETE = """
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then return 0 end
redis.call('DEL', KEYS[1], KEYS[2], KEYS[4])
redis.call('SREM', KEYS[3], ARGV[2])
return 1
"""
"""Forget a table (over, or ended by its host) unless another process holds it; its code is free again.
KEYS: owner, table, tables, code."""

_CLAIM = """
local owner = redis.call('GET', KEYS[1])
if owner and owner ~= ARGV[1] then return {0, owner} end
local data = redis.call('GET', KEYS[2])
if not data then return {2, ''} end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return {1, data}
"""
"""Take a table nobody holds (or that this process holds already): {1, checkpoint}; {0, owner} when another
process holds it; {2, ''} when there is no such table.  KEYS: owner, table."""

_RENEW = """
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[2])
local lost = {}
for i = 4, #ARGV do
  if redis.call('GET', ARGV[i]) == ARGV[1] then
    redis.call('PEXPIRE', ARGV[i], ARGV[2])
  else
    table.insert(lost, ARGV[i])
  end
end
return lost
"""
"""Renew this process's address and the lease of every table it holds; the owner keys no longer its own.
KEYS: process; ARGV: id, lease in ms, address, owner keys."""


class RedisStore:
    """The tables of several server processes in one Redis (see the module's docstring)."""

    def __init__(self, client: redis.Redis, lease: float = DEFAULT_LEASE, prefix: str = "rook:") -> None:
        if lease <= 0:
            raise ValueError("the lease is a positive number of seconds")
        self.redis = client
        self.lease = lease
        self.prefix = prefix
        self.process = secrets.token_hex(8)
        """This process's id in Redis: new each start, so a process started again holds nothing of before."""
        self.url = ""
        """The address this process advertises (``advertise``)."""
        self.held: set[str] = set()
        """The codes of the tables this process holds."""
        self._save = client.register_script(_SAVE)
        self._delete = client.register_script(_DELETE)
        self._claim = client.register_script(_CLAIM)
        self._renew = client.register_script(_RENEW)

    # ------------------------------------------------------------ keys
    def _key(self, kind: str, name: str) -> str:
        return f"{self.prefix}{kind}:{name}"

    @property
    def _lease_ms(self) -> int:
        return max(1, int(self.lease * 1000))

    # ------------------------------------------------------------ this process
    def advertise(self, url: str) -> None:
        """Say where this process is reached (its address lives as long as its lease is renewed)."""
        self.url = url
        self.redis.set(self._key("process", self.process), url, px=self._lease_ms)

    def renew(self) -> set[str]:
        """Renew this process's address and every lease it holds; the codes of the tables it lost (then no
        longer held).  Redis unreachable: every table is lost, as no checkpoint can be written."""
        codes = sorted(self.held)
        try:
            lost_keys = self._renew(
                keys=[self._key("process", self.process)],
                args=[self.process, self._lease_ms, self.url, *(self._key("owner", code) for code in codes)],
            )
        except Exception as error:  # noqa: BLE001 - any failure of Redis: nothing held can be checkpointed
            LOG.error("the leases cannot be renewed: %s", error)
            lost = set(codes)
        else:
            lost = {_text(key).rsplit(":", 1)[1] for key in lost_keys}
        self.held -= lost
        return lost

    def release_all(self) -> None:
        """Give up every table and this process's address at once (a clean stop): another process takes the
        tables up without waiting for the leases to run out."""
        keys = [self._key("owner", code) for code in self.held]
        try:
            if keys:
                self.redis.delete(*keys)
            self.redis.delete(self._key("process", self.process))
        except Exception as error:  # noqa: BLE001 - the leases run out by themselves
            LOG.error("the leases cannot be given up: %s", error)
        self.held.clear()

    # ------------------------------------------------------------ codes and tables
    def reserve(self, code: str) -> bool:
        """Reserve a new table's code for this process, unique across every process; False if taken."""
        if not self.redis.set(self._key("code", code), self.process, nx=True):
            return False
        pipe = self.redis.pipeline(transaction=True)
        pipe.set(self._key("owner", code), self.process, px=self._lease_ms)
        pipe.sadd(self._key("tables", "all"), code)
        pipe.execute()
        self.held.add(code)
        return True

    def save(self, code: str, data: dict[str, Any]) -> None:
        """Write the table's checkpoint whole, if this process still holds it; ``LeaseLost`` if not."""
        text = json.dumps(data, separators=(",", ":"))
        self._held_write(code, self._save, [self._key("owner", code), self._key("table", code)], [self._lease_ms, text])

    def delete(self, code: str) -> None:
        """Forget table ``code`` (its game is over, or its host ended it), unless another process holds it
        (``LeaseLost``); its code is free again."""
        keys = [self._key("owner", code), self._key("table", code), self._key("tables", "all"), self._key("code", code)]
        self._held_write(code, self._delete, keys, [code])
        self.held.discard(code)

    def _held_write(self, code: str, script: Any, keys: list[str], args: list[Any]) -> None:
        """Run a script that changes table ``code`` only while this process holds it; ``LeaseLost`` if it does
        not, or Redis cannot be reached."""
        try:
            written = script(keys=keys, args=[self.process, *args])
        except Exception as error:  # noqa: BLE001 - any failure of Redis: the change cannot be kept
            LOG.error("table %s cannot be written: %s", code, error)
            self.held.discard(code)
            raise LeaseLost(code, None) from None
        if not written:
            self.held.discard(code)
            raise LeaseLost(code, self.where(code))

    def claim(self, code: str) -> Claim:
        """Take table ``code`` if nobody holds it (its checkpoint), or say where it is held."""
        if normal_code(code) != code:
            return Claim()
        found = self._claim(
            keys=[self._key("owner", code), self._key("table", code)], args=[self.process, self._lease_ms]
        )
        status, value = int(found[0]), _text(found[1])
        if status == 1:
            try:
                data = json.loads(value)
            except ValueError as error:
                LOG.error("the checkpoint of %s cannot be read: %s", code, error)
                self.release(code)
                return Claim()
            self.held.add(code)
            return Claim(data if isinstance(data, dict) else None)
        if status == 0:
            url = self._address(value)
            return Claim(url=url, moving=url is None)
        return Claim()

    def release(self, code: str) -> None:
        """Give up table ``code`` if this process holds it."""
        self.held.discard(code)
        owner = self._key("owner", code)
        if _text(self.redis.get(owner) or b"") == self.process:
            self.redis.delete(owner)

    def where(self, code: str) -> str | None:
        """The address of the process holding table ``code``, if another live one does."""
        owner = self.redis.get(self._key("owner", code))
        if owner is None or _text(owner) == self.process:
            return None
        return self._address(_text(owner))

    def _address(self, process: str) -> str | None:
        url = self.redis.get(self._key("process", process))
        return _text(url) if url is not None else None

    def orphans(self) -> list[str]:
        """The codes in the directory whose owner's lease has run out."""
        codes = sorted(_text(code) for code in self.redis.smembers(self._key("tables", "all")))
        if not codes:
            return []
        owners = self.redis.mget([self._key("owner", code) for code in codes])
        return [code for code, owner in zip(codes, owners, strict=True) if owner is None]

    def load_all(self) -> list[dict[str, Any]]:
        """Claim every table nobody holds; their checkpoints (the store's part of a server's ``resume``)."""
        found = []
        for code in self.orphans():
            claim = self.claim(code)
            if claim.data is not None:
                found.append(claim.data)
        return found


def _text(value: Any) -> str:
    return value.decode("utf-8") if isinstance(value, bytes) else str(value)


def open_redis_store(url: str, lease: float = DEFAULT_LEASE) -> RedisStore:
    """A ``RedisStore`` on the Redis at ``url`` (``redis://HOST:PORT/DB``), checked with a PING.

    ``RuntimeError`` with one line when the ``redis`` package is missing or the server cannot be reached.
    """
    try:
        import redis
    except ImportError:
        raise RuntimeError("--redis needs the redis package: python3 -m pip install 'rook-access[redis]'") from None
    try:
        client = redis.Redis.from_url(url, socket_timeout=2.0, socket_connect_timeout=2.0)
        client.ping()
    except (redis.RedisError, ValueError) as error:
        raise RuntimeError(f"cannot reach Redis at {url}: {error}") from None
    return RedisStore(client, lease)
