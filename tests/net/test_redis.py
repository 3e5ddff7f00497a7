"""Several servers sharing one Redis (issue 19 item 5), against a real ``redis-server``: codes unique across
the servers, leases taken, renewed and lost, a client routed to the server holding its table, a table taken
up from a server that stopped renewing, and two ``rook-access serve`` processes with one SIGKILLed mid-game."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import pytest
import redis
from websockets.asyncio.client import connect

import rook_access.net.server as server_module
from rook_access.bench.child_lines import ChildLines
from rook_access.bench.net_redis_load import start_shared_server
from rook_access.net.redis_store import RedisStore, open_redis_store
from rook_access.net.server import Limits, RoomServer
from rook_access.net.store import LeaseLost
from tests.net.players import NetClient, game_over
from tests.net.test_server import PARTNERSHIP, cards_played, run

LEASE = 0.6
"""The tests' lease: short, so a table is free again quickly."""

REPOSITORY = Path(__file__).resolve().parents[2]


def store(url: str, lease: float = LEASE) -> RedisStore:
    return RedisStore(redis.Redis.from_url(url), lease)


def checkpoint(code: str, actions: int = 0) -> dict[str, Any]:
    return {"table": {"code": code, "actions": list(range(actions))}, "started": True}


def test_a_code_is_reserved_by_one_store_alone(redis_url):
    first, second = store(redis_url), store(redis_url)
    assert first.reserve("amber-tiger-otter")
    assert not second.reserve("amber-tiger-otter")
    assert second.reserve("apple-bagel-banjo")
    assert first.held == {"amber-tiger-otter"} and second.held == {"apple-bagel-banjo"}


def test_a_server_never_hands_out_a_code_another_server_has(redis_url, monkeypatch):
    """The second server draws the first one's code first, and takes the next one drawn instead."""
    drawn = iter(["amber-tiger-otter", "amber-tiger-otter", "apple-bagel-banjo"])
    monkeypatch.setattr(server_module, "new_code", lambda taken: next(drawn))
    one, two = RoomServer(store(redis_url)), RoomServer(store(redis_url))
    assert one._new_code() == "amber-tiger-otter"
    assert two._new_code() == "apple-bagel-banjo"


def test_a_lease_is_renewed_while_held_and_lost_when_it_runs_out(redis_url):
    holder, other = store(redis_url), store(redis_url)
    holder.advertise("ws://127.0.0.1:1111")
    other.advertise("ws://127.0.0.1:2222")
    assert holder.reserve("amber-tiger-otter")
    holder.save("amber-tiger-otter", checkpoint("amber-tiger-otter", 3))
    for _ in range(4):  # renewed every third of the lease, it is held well past one lease
        time.sleep(LEASE / 3)
        assert holder.renew() == set() and other.renew() == set()
        claim = other.claim("amber-tiger-otter")
        assert claim.data is None and claim.url == "ws://127.0.0.1:1111"
    time.sleep(LEASE * 1.5)  # not renewed: the lease runs out, and the other store takes the table
    other.renew()
    assert other.orphans() == ["amber-tiger-otter"]
    claim = other.claim("amber-tiger-otter")
    assert claim.data == checkpoint("amber-tiger-otter", 3) and other.held == {"amber-tiger-otter"}
    assert holder.renew() == {"amber-tiger-otter"} and holder.held == set()
    with pytest.raises(LeaseLost) as lost:  # the old holder can no longer write the table
        holder.save("amber-tiger-otter", checkpoint("amber-tiger-otter", 4))
    assert lost.value.url == "ws://127.0.0.1:2222"
    assert other.claim("amber-tiger-otter").data == checkpoint("amber-tiger-otter", 3)
    with pytest.raises(LeaseLost):  # nor forget it
        holder.delete("amber-tiger-otter")
    other.delete("amber-tiger-otter")  # its game over: it leaves the directory, and its code is free again
    assert other.orphans() == [] and other.held == set() and other.claim("amber-tiger-otter").data is None
    assert holder.reserve("amber-tiger-otter")


def test_a_missing_redis_is_said_in_one_line():
    with pytest.raises(RuntimeError, match="cannot reach Redis at redis://127.0.0.1:1/0"):
        open_redis_store("redis://127.0.0.1:1/0")


def test_without_the_redis_package_the_server_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "redis", None)  # import redis now fails, as where it is not installed
    with pytest.raises(RuntimeError, match=r"^--redis needs the redis package: .*rook-access\[redis\]"):
        open_redis_store("redis://127.0.0.1:6379/0")


@asynccontextmanager
async def serving(url: str, renewing: bool = True) -> AsyncIterator[tuple[RoomServer, int]]:
    """A server on loopback sharing the Redis at ``url``; ``renewing`` False: one that stalls (never renews)."""
    shared = store(url)
    server = RoomServer(shared, Limits(wait_seconds=60))
    listening = await server.listen("127.0.0.1", 0)
    port = next(iter(listening.sockets)).getsockname()[1]
    shared.advertise(f"ws://127.0.0.1:{port}")
    keeping = asyncio.ensure_future(server.keep_tables()) if renewing else None
    try:
        yield server, port
    finally:
        if keeping is not None:
            keeping.cancel()
        listening.close()
        await listening.wait_closed()


def test_a_client_is_sent_to_the_server_holding_the_table_and_a_stalled_server_loses_it(redis_url):
    async def test() -> None:
        async with serving(redis_url, renewing=False) as (one, one_port), serving(redis_url) as (two, two_port):
            anna, ben = await NetClient.open(one_port, 1), await NetClient.open(two_port, 2)
            await anna.send(PARTNERSHIP)
            code = (await anna.expect("seated"))["code"]
            await ben.send({"type": "join", "code": code, "name": "Ben"})
            sent = await ben.expect("elsewhere")
            assert sent["url"] == f"ws://127.0.0.1:{one_port}" and sent["code"] == code
            assert (await ben.expect("seated"))["seat"] == 2  # followed to the first server, and seated there
            assert code in one.rooms and code not in two.rooms
            ben_playing = asyncio.ensure_future(ben.play_until(game_over))
            await anna.play_until(cards_played(4))
            # The first server stalls (it renews nothing): the second takes the table up from its checkpoint.
            for _ in range(100):
                await asyncio.sleep(LEASE / 3)
                if code in two.rooms:
                    break
            assert code in two.rooms
            # The stalled server's next checkpoint is refused: its players are sent to the second server.
            await asyncio.gather(anna.play_until(game_over, read=anna.messages[-1]), ben_playing)
            assert anna.followed == [f"ws://127.0.0.1:{two_port}"] and code not in one.rooms
            assert two.rooms[code].table.state.is_over
            await anna.close()
            await ben.close()

    run(test)


def start_server(redis_url: str, tmp_path: Path, name: str) -> tuple[subprocess.Popen[str], ChildLines, str]:
    """``rook-access serve --redis --lease 1`` on a free loopback port, with the usual limits: the process, its
    log and its address."""
    return start_shared_server(redis_url, 1, str(tmp_path / name), name, flags=())


def events_of(client: NetClient) -> list[Any]:
    """Every event a client was sent, in order."""
    return [event for message in client.messages if message["type"] == "update" for event in message["events"]]


def test_a_server_killed_mid_game_has_its_table_taken_up_by_the_other_within_5_seconds(redis_url, tmp_path):
    one, _, one_url = start_server(redis_url, tmp_path, "one")
    two, two_log, two_url = start_server(redis_url, tmp_path, "two")
    try:

        async def game() -> None:
            anna = NetClient(await connect(one_url, max_size=None), 1)
            ben = NetClient(await connect(two_url, max_size=None), 2)
            await anna.send(PARTNERSHIP)
            code = (await anna.expect("seated"))["code"]
            await ben.send({"type": "join", "code": code, "name": "Ben"})
            assert (await ben.expect("elsewhere"))["url"] == one_url
            await ben.expect("seated")
            ben_playing = asyncio.ensure_future(ben.play_until(game_over))
            await anna.play_until(cards_played(12))
            ben_playing.cancel()
            before = {"anna": events_of(anna), "ben": events_of(ben)}
            seen = len(two_log.lines)
            one.send_signal(signal.SIGKILL)  # no goodbye: its leases are left to run out
            killed = time.monotonic()
            taken = re.compile(rf"table {code} taken up at (\d+) actions")
            await asyncio.to_thread(two_log.wait_for, taken, seen, 30)
            took = time.monotonic() - killed
            assert took < 5, f"the table was taken up {took:.1f} s after the kill"
            # The players come back by their tokens at the server that holds the table now.
            updates = {}
            for who, old, seed in (("anna", anna, 3), ("ben", ben, 4)):
                back = NetClient(await connect(two_url, max_size=None), seed)
                await back.send({"type": "rejoin", "code": code, "token": old.token})
                assert (await back.expect("seated"))["back"]
                updates[who] = (back, await back.expect("update"))
            for who, (_, update) in updates.items():
                # Every event a player was sent before the kill is in the table taken up, in order.
                assert update["events"][: len(before[who])] == before[who]
            (anna2, anna_update), (ben2, ben_update) = updates["anna"], updates["ben"]
            await asyncio.gather(
                anna2.play_until(game_over, read=anna_update), ben2.play_until(game_over, read=ben_update)
            )
            for client in (anna2, ben2):
                await client.close()

        run(game)
        two.send_signal(signal.SIGTERM)
        assert two.wait(timeout=30) == 0
        assert not any("Traceback" in line for line in two_log.wait_for_end())
    finally:
        for process in (one, two):
            if process.poll() is None:
                process.kill()
            process.wait()


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--redis", "redis://127.0.0.1:1/0"], "cannot reach Redis at redis://127.0.0.1:1/0"),
        (["--advertise", "ws://example.org:1"], "--advertise and --lease go with --redis"),
        (["--redis", "redis://127.0.0.1:1/0", "--data", "x"], "give --data or --redis, not both"),
        (["--redis", "redis://127.0.0.1:1/0", "--advertise", "example.org"], "--advertise is a ws:// or wss://"),
        (["--redis", "redis://127.0.0.1:1/0", "--lease", "0"], "--lease is 0.1 to 600 seconds"),
        (["--redis", "redis://127.0.0.1:1/0", "--host", "0.0.0.0", "--insecure"], "give --advertise"),
    ],
)
def test_redis_flags_that_cannot_serve_are_refused_in_one_line(tmp_path, flags, words):
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPOSITORY), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run(
        [sys.executable, "-m", "rook_access", "serve", *flags],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60, cwd=tmp_path, env=env,
    )  # fmt: skip
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in done.stderr
