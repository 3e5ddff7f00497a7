"""Two server processes sharing one Redis under load, one killed mid-load: how long until the other has taken
up its tables, and whether any action acknowledged was lost.

Run ``python -m rook_access.bench.net_redis_load --tables 10 --seconds 30 --kill-after 10``.

A ``redis-server`` (Debian's, on a free loopback port, saving nothing) and two
``rook-access serve --redis`` processes are started.  Simulated clients in
this process fill ``--tables`` tables as ``net_load`` does (the Partnership
Game, four people a table answering at full speed, a new table when a game
ends): each table is created on one of the two servers in turn, and each
other seat connects to either server at random, following the ``elsewhere``
reply to the one holding the table.  After ``--kill-after`` seconds the first
server is killed with SIGKILL.  Its clients then connect to the second and
``rejoin`` with their tokens, trying again while the table is not yet taken
up (its lease, ``--lease`` seconds, must run out first).

Reported: the actions acknowledged (an update holding the action's events
reached its player), the time from the kill until the second server logged
each table taken up and until its players were back, and the check that no
action was lost: each client's first update after coming back (the whole game
as its seat sees it) must begin with every event that client was sent before
the kill.  A table whose game the last action before the kill ended is no
longer kept (as every finished table) and is counted apart.  Latencies are
from an action sent to the last of its table's clients holding it, as in
``net_load``, over the whole run.

``--directory 1000 10000 100000`` measures instead what the watcher's read
of the directory (``RedisStore.orphans``, every third of a lease in every
process) costs with that many open tables held: its wall time, this
process's CPU and Redis's CPU, five reads each.
"""

from __future__ import annotations

import argparse
import asyncio
import datetime
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from .arguments import write_json
from .child_lines import ChildLines
from .net_load import CREATE, latency_summary, percentile, random_action, server_cpu
from .redis_server import running_redis

SERVING = re.compile(r"serving on (ws://127\.0\.0\.1:\d+)")
TAKEN_UP = re.compile(r"^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) table (\S+) taken up at (\d+) actions")


@dataclass
class Seat:
    """One client: where it connects, what it asks there, and every event it was sent."""

    url: str
    request: dict[str, Any]
    events: list[Any] = field(default_factory=list)
    token: str | None = None
    cut: bool = False
    """Its connection was closed by the kill."""
    moved: bool = False
    """Its connection was lost to the kill: its next update is checked against the events before it."""
    back: float | None = None
    """When it came back after the kill (monotonic)."""


@dataclass
class Game:
    """One game at one table: its code, its seats and the latencies and checks of its actions."""

    creator: str
    code: str | None = None
    seats: list[Seat] = field(default_factory=list)
    pending: list[tuple[float, int, set[int]]] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    acknowledged: int = 0
    lost: int = 0
    """Clients whose events after coming back did not begin with those before."""
    kept: int = 0
    """Clients that came back with every event of before."""
    over: bool = False
    finished_at_kill: bool = False
    """Its last action, just before the kill, ended the game: the table is no longer kept, nothing to take up."""
    acknowledged_at: int = 0
    """The most events of the table any client was sent (before the kill)."""
    resumed_at: int | None = None
    """The table's events in the first update a client had after coming back."""


@dataclass
class Run:
    """The whole load: the servers' addresses, the kill, and every game."""

    urls: list[str]
    stop: float
    killed_at: float | None = None
    games: list[Game] = field(default_factory=list)
    under_way: list[Game] = field(default_factory=list)
    """The games of the killed server under way when it was killed."""
    connection_failures: int = 0


async def _play_seat(run: Run, game: Game, number: int, rng: random.Random, seated: asyncio.Event) -> None:
    """One client: connect, ask, follow ``elsewhere``, answer its legal actions; after the kill, come back to
    the live server with the seat's token."""
    seat = game.seats[number]
    while True:
        try:
            async with connect(seat.url, max_size=None, open_timeout=5) as socket:
                await socket.send(json.dumps(seat.request))
                async for text in socket:
                    message = json.loads(text)
                    kind = message["type"]
                    if kind == "elsewhere":
                        seat.url = message["url"]
                        break
                    if kind == "error":
                        if seat.moved and message["message"] == "No table has that code.":
                            game.finished_at_kill = True  # its last action ended it: forgotten, as every game over
                            return
                        if seat.token is None or seat.request["type"] == "rejoin" and seat.moved:
                            await asyncio.sleep(0.05)  # not taken up yet, or a call raced: ask again
                            break
                        continue
                    if kind == "seated":
                        game.code = message["code"]
                        seat.token = message.get("token", seat.token)
                        seat.request = {"type": "rejoin", "code": game.code, "token": seat.token}
                        seated.set()
                        continue
                    if kind != "update":
                        continue
                    if await _update(run, game, number, message, socket, rng):
                        return
        except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
            run.connection_failures += 1
            if seat.token is None and seat.request["type"] == "create":
                return  # the table was never made: the game loop makes another
            if run.killed_at is not None:
                seat.url = run.urls[1]
                seat.cut = True
                if seat.back is None:
                    seat.moved = True
            await asyncio.sleep(0.05)
        if time.perf_counter() > run.stop + 30:
            return


async def _update(run: Run, game: Game, number: int, message: dict[str, Any], socket: Any, rng: random.Random) -> bool:
    """Note one update (the check after coming back, the latencies) and answer it; whether the game is over."""
    seat = game.seats[number]
    now = time.perf_counter()
    if seat.moved:
        seat.moved = False
        seat.back = time.monotonic()
        if message["events"][: len(seat.events)] == seat.events:
            game.kept += 1
        else:
            game.lost += 1
        seat.events = list(message["events"])
        game.resumed_at = message["at"] if game.resumed_at is None else min(game.resumed_at, message["at"])
    else:
        seat.events.extend(message["events"])
        if run.killed_at is None:
            game.acknowledged_at = max(game.acknowledged_at, message["at"])
    for pending in list(game.pending):
        sent, at, seen = pending
        if message["at"] > at:
            seen.add(number)
            if len(seen) == len(game.seats):
                game.latencies.append(now - sent)
                game.acknowledged += 1
                game.pending.remove(pending)
    if message["over"]:
        game.over = True
        return True
    action = random_action(message, rng)
    if action is not None and now < run.stop:
        game.pending.append((time.perf_counter(), message["at"], set()))
        game.actions += 1
        await socket.send(json.dumps({"type": "act", "action": action}))
    return False


async def _one_game(run: Run, number: int, rng: random.Random) -> None:
    live = run.urls if run.killed_at is None else run.urls[1:]
    game = Game(live[len(run.games) % len(live)])  # the servers in turn
    run.games.append(game)
    game.seats.append(Seat(game.creator, {**CREATE, "name": f"Host {number}"}))
    seated = asyncio.Event()
    tasks = [asyncio.ensure_future(_play_seat(run, game, 0, rng, seated))]
    await asyncio.wait_for(seated.wait(), 30)
    for seat in (1, 2, 3):
        game.seats.append(Seat(rng.choice(live), {"type": "join", "code": game.code, "name": f"Player {seat}"}))
        joined = asyncio.Event()
        tasks.append(asyncio.ensure_future(_play_seat(run, game, seat, rng, joined)))
        await asyncio.wait_for(joined.wait(), 30)
    # The game ends, or the time is up (its clients stop answering then).
    await asyncio.wait(tasks, timeout=max(0.0, run.stop - time.perf_counter()) + 1.0)
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def _table(run: Run, number: int, seed: int) -> None:
    rng = random.Random(seed)
    while time.perf_counter() < run.stop:
        try:
            await _one_game(run, number, rng)
        except TimeoutError:
            await asyncio.sleep(0.1)


LOAD_FLAGS = ("--tables-per-address", "100000", "--wait", "600")
"""The load's servers: every table from one address, and no computer taking a seat over while its client waits."""


def start_shared_server(
    redis_url: str, lease: float, folder: str, name: str, flags: Sequence[str] = LOAD_FLAGS
) -> tuple[subprocess.Popen[str], ChildLines, str]:
    """``rook-access serve --redis`` (of this copy of the program) on a free loopback port, its data in
    ``folder``: the process, its log and its address."""
    package_root = str(Path(__file__).resolve().parents[2])
    env = {
        **os.environ,
        "ROOK_ACCESS_DATA_DIR": folder,
        "ROOK_ACCESS_CONFIG_DIR": folder,
        "PYTHONPATH": os.pathsep.join([package_root, os.environ.get("PYTHONPATH", "")]),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "rook_access", "serve", "--port", "0", "--redis", redis_url, "--lease", str(lease),
         *flags],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert process.stderr is not None
    log = ChildLines(process.stderr, f"rook-access serve {name}")
    found = SERVING.search(log.lines[log.wait_for(SERVING)])
    assert found is not None
    return process, log, found.group(1)


def measure(tables: int, seconds: float, kill_after: float, lease: float, seed: int) -> dict[str, Any]:
    """Run the load and the kill; the summary."""
    with tempfile.TemporaryDirectory() as folder, running_redis(Path(folder) / "redis") as redis_url:
        one, _, one_url = start_shared_server(redis_url, lease, folder, "one")
        two, two_log, two_url = start_shared_server(redis_url, lease, folder, "two")
        try:
            start = time.perf_counter()
            run = Run([one_url, two_url], start + seconds)
            cpu_before = server_cpu(two.pid)
            redis_before = _redis_info(redis_url)

            async def everything() -> tuple[float, int, float, dict[str, float]]:
                loads = [asyncio.ensure_future(_table(run, number, seed * 1000 + number)) for number in range(tables)]
                await asyncio.sleep(kill_after)
                logged = len(two_log.lines)
                one.kill()  # SIGKILL: no goodbye, its leases left to run out
                killed_wall = time.time()
                run.killed_at = time.monotonic()
                run.under_way = [game for game in run.games if game.creator == one_url and not game.over and game.code]
                # The counters at the end of the load (the games' ends afterwards are idle time).
                await asyncio.sleep(max(0.0, run.stop - time.perf_counter()))
                cpu = server_cpu(two.pid) - cpu_before
                redis_after = await asyncio.to_thread(_redis_info, redis_url)
                await asyncio.gather(*loads)
                return killed_wall, logged, cpu, redis_after

            killed_wall, logged, cpu, redis_after = asyncio.run(everything())
            elapsed = seconds  # the clients act only within it
        finally:
            for process in (one, two):
                if process.poll() is None:
                    process.terminate()
                process.wait(timeout=30)
    finished = [game for game in run.under_way if game.finished_at_kill]
    run.under_way = [game for game in run.under_way if not game.finished_at_kill]
    killed_codes = {game.code for game in run.under_way}
    taken_after = []
    for line in two_log.lines[logged:]:
        found = TAKEN_UP.search(line)
        if found and found.group(2) in killed_codes:
            when = datetime.datetime.strptime(found.group(1), "%Y-%m-%d %H:%M:%S,%f").timestamp()
            taken_after.append(when - killed_wall)
    assert run.killed_at is not None
    back_after = [seat.back - run.killed_at for game in run.under_way for seat in game.seats if seat.back is not None]
    latencies = [latency * 1000 for game in run.games for latency in game.latencies]
    games_under_way = run.under_way
    whole = [
        game for game in games_under_way if game.resumed_at is not None and game.resumed_at >= game.acknowledged_at
    ]
    actions = sum(game.actions for game in run.games)
    commands = redis_after["total_commands_processed"] - redis_before["total_commands_processed"]
    received = redis_after["total_net_input_bytes"] - redis_before["total_net_input_bytes"]
    redis_cpu = sum(redis_after[key] - redis_before[key] for key in ("used_cpu_sys", "used_cpu_user"))
    return {
        "tables": tables,
        "clients": 4 * tables,
        "seconds": round(elapsed, 1),
        "lease_seconds": lease,
        "actions": sum(game.actions for game in run.games),
        "acknowledged": sum(game.acknowledged for game in run.games),
        "actions_per_second": round(sum(game.actions for game in run.games) / elapsed, 1),
        "games": len(run.games),
        "tables_of_the_killed_server": len(killed_codes),
        "tables_finished_at_the_kill": len(finished),
        "taken_up_s": {
            "count": len(taken_after),
            "first": round(min(taken_after), 2) if taken_after else None,
            "last": round(max(taken_after), 2) if taken_after else None,
        },
        "clients_cut_off": sum(seat.cut for game in run.under_way for seat in game.seats),
        "clients_back_s": {
            "count": len(back_after),
            "median": round(percentile(back_after, 0.5), 2),
            "last": round(max(back_after), 2) if back_after else None,
        },
        "clients_with_every_event_kept": sum(game.kept for game in games_under_way),
        "tables_resumed_with_every_acknowledged_event": len(whole),
        "acknowledged_events_of_the_killed_tables": sum(game.acknowledged_at for game in games_under_way),
        "events_of_the_resumed_tables": sum(game.resumed_at or 0 for game in games_under_way),
        "clients_with_an_event_lost": sum(game.lost for game in run.games),
        "clients_of_other_tables_back": sum(game.kept for game in run.games) - sum(game.kept for game in run.under_way),
        "latency_ms": latency_summary(latencies),
        "survivor_cpu_per_second": round(cpu / elapsed, 2),
        "redis": {
            "commands_per_second": round(commands / elapsed, 1),
            "commands_per_action": round(commands / actions, 2) if actions else None,
            "bytes_in_per_action": round(received / actions) if actions else None,
            "cpu_per_second": round(redis_cpu / elapsed, 3),
        },
    }


def _redis_info(url: str) -> dict[str, float]:
    """The Redis's counters of commands, bytes received and CPU so far."""
    import redis

    client = redis.Redis.from_url(url)
    try:
        info = client.info("all")
    finally:
        client.close()
    keys = ("total_commands_processed", "total_net_input_bytes", "used_cpu_sys", "used_cpu_user")
    return {key: float(info[key]) for key in keys}


def measure_directory(counts: list[int]) -> list[dict[str, Any]]:
    """The cost of one read of the directory by the watcher, for each count of open tables."""
    import redis

    from ..net.codes import WORDS
    from ..net.redis_store import RedisStore

    results = []
    reads = 5
    with tempfile.TemporaryDirectory() as folder, running_redis(Path(folder) / "redis") as redis_url:
        client = redis.Redis.from_url(redis_url)
        store = RedisStore(client, lease=600.0)
        for count in counts:
            client.flushall()
            pipe = client.pipeline(transaction=False)
            for number in range(count):  # codes as the server makes them, each held by a live process
                code = "-".join(WORDS[(number >> shift) & 255] for shift in (16, 8, 0))
                pipe.sadd("rook:tables:all", code)
                pipe.set(f"rook:owner:{code}", "another", px=600_000)
            pipe.execute()
            before = _redis_info(redis_url)
            wall, cpu = time.perf_counter(), time.process_time()
            for _ in range(reads):
                assert store.orphans() == []
            wall, cpu = (time.perf_counter() - wall) / reads, (time.process_time() - cpu) / reads
            after = _redis_info(redis_url)
            redis_cpu = sum(after[key] - before[key] for key in ("used_cpu_sys", "used_cpu_user")) / reads
            results.append(
                {
                    "tables": count,
                    "read_ms": round(wall * 1000, 1),
                    "server_cpu_ms": round(cpu * 1000, 1),
                    "redis_cpu_ms": round(redis_cpu * 1000, 1),
                }
            )
        client.close()
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m rook_access.bench.net_redis_load", description=(__doc__ or "").split("\n")[0]
    )
    parser.add_argument("--tables", type=int, default=10, help="tables played at once (default 10)")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the load lasts (default 30)")
    parser.add_argument("--kill-after", type=float, default=10.0, help="seconds before the kill (default 10)")
    parser.add_argument("--lease", type=float, default=3.0, help="the servers' lease in seconds (default 3)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the result as JSON to FILE")
    parser.add_argument(
        "--directory", type=int, nargs="+", metavar="TABLES", help="measure the watcher's read of a directory instead"
    )
    args = parser.parse_args(argv)
    if args.directory:
        found = measure_directory(args.directory)
        for each in found:
            print(
                f"directory of {each['tables']} tables: one read {each['read_ms']} ms, the server's CPU "
                f"{each['server_cpu_ms']} ms, Redis's CPU {each['redis_cpu_ms']} ms",
                flush=True,
            )
        if args.json:
            write_json(args.json, found)
        return 0
    result = measure(args.tables, args.seconds, args.kill_after, args.lease, args.seed)
    taken, back = result["taken_up_s"], result["clients_back_s"]
    latency = result["latency_ms"]
    print(
        f"{result['tables']} tables, {result['clients']} clients on two servers, lease {args.lease} s: "
        f"{result['actions_per_second']} actions a second ({result['acknowledged']} acknowledged, "
        f"{result['games']} games in {result['seconds']} s)",
        flush=True,
    )
    print(
        f"killed after {args.kill_after} s with {result['tables_of_the_killed_server']} tables under way "
        f"(and {result['tables_finished_at_the_kill']} just finished): "
        f"{taken['count']} taken up by the other {taken['first']} to {taken['last']} s after the kill; "
        f"{back['count']} of {result['clients_cut_off']} clients cut off back, median {back['median']} s, "
        f"last {back['last']} s",
        flush=True,
    )
    print(
        f"no action lost: {result['clients_with_every_event_kept']} clients came back with every event they had "
        f"been sent, {result['clients_with_an_event_lost']} without; "
        f"{result['tables_resumed_with_every_acknowledged_event']} of {result['tables_of_the_killed_server']} "
        f"tables resumed with every event acknowledged ({result['acknowledged_events_of_the_killed_tables']} "
        f"acknowledged, {result['events_of_the_resumed_tables']} in the tables resumed)",
        flush=True,
    )
    print(
        f"action to every seat's update ms: median {latency['median']}, p95 {latency['p95']}, "
        f"p99 {latency['p99']}, max {latency['max']}; surviving server CPU {result['survivor_cpu_per_second']} s "
        "a second",
        flush=True,
    )
    shared = result["redis"]
    print(
        f"Redis: {shared['commands_per_second']} commands a second, {shared['commands_per_action']} an action, "
        f"{shared['bytes_in_per_action']} bytes received an action, CPU {shared['cpu_per_second']} s a second",
        flush=True,
    )
    if args.json:
        write_json(args.json, result)
    whole = result["tables_resumed_with_every_acknowledged_event"] == result["tables_of_the_killed_server"]
    return 0 if result["clients_with_an_event_lost"] == 0 and whole else 1


if __name__ == "__main__":
    raise SystemExit(main())
