"""Load on one server process of online tables: how many tables and clients it holds, and how long from an
action to every seat's update.

Run ``python -m rook_access.bench.net_load --tables 10 25 50``.

The server (``rook-access serve``) runs as its own process on a free
loopback port, with its checkpoints in a temporary folder (written after
every action, as always).  For each count of tables, simulated clients in
this process fill them: four people a table in the Partnership Game, one
hand a game, each client answering its legal actions at once with a random
one (full speed: no person is that quick).  A table that ends starts a new
game, until ``--seconds`` have passed.

The time measured is from a client sending an action to the moment each
client of that table receives the update that holds its events (the first
update whose ``at``, the table's count of events, is past the count when
the action was sent); an action's latency is the slowest of its table's four.
The report gives, per count of tables: the clients, the actions a second the
server applied, and the latency's median, 95th and 99th percentiles and
maximum, with the server's CPU time a second.  The clients share the
machine's cores with the server: on the project's 2-core machine the figures
are for both at once.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from ..engine.cards import card_name
from .arguments import write_json
from .child_lines import ChildLines

SERVING = re.compile(r"serving on ws://127\.0\.0\.1:(\d+)")
CREATE = {
    "type": "create",
    "game": "partnership",
    "options": {"hands": 1},
    "level": "random",
    "seats": ["human", "human", "human", "human"],
}


@dataclass
class Pending:
    """An action sent and the table's count of events then; the seats that have seen it."""

    sent: float
    at: int
    seen: dict[int, float] = field(default_factory=dict)


@dataclass
class TableRun:
    """One table's clients and the latencies of its actions."""

    number: int
    sockets: list[ClientConnection] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    games: int = 0


async def _client(
    run: TableRun, seat: int, socket: ClientConnection, rng: random.Random, stop: float, code: str
) -> None:
    """One seat: answer its legal actions at once; note when each pending action's update arrives."""
    async for text in socket:
        now = time.perf_counter()
        message = json.loads(text)
        if message["type"] != "update":
            continue
        for pending in list(run.pending):
            if message["at"] > pending.at and seat not in pending.seen:
                pending.seen[seat] = now
                if len(pending.seen) == len(run.sockets):
                    run.latencies.append(max(pending.seen.values()) - pending.sent)
                    run.pending.remove(pending)
        if message["over"]:
            if seat == 0:
                run.games += 1
            return
        action = random_action(message, rng)
        if action is not None and now < stop:
            run.pending.append(Pending(time.perf_counter(), message["at"]))
            run.actions += 1
            await socket.send(json.dumps({"type": "act", "action": action}))


async def _one_game(run: TableRun, port: int, stop: float, rng: random.Random) -> None:
    sockets = [await connect(f"ws://127.0.0.1:{port}", max_size=None) for _ in range(4)]
    run.sockets = sockets
    run.pending = []
    await sockets[0].send(json.dumps({**CREATE, "name": f"Host {run.number}"}))
    seated = json.loads(await sockets[0].recv())
    code = seated["code"]
    tasks = [asyncio.ensure_future(_client(run, 0, sockets[0], rng, stop, code))]
    for seat in (1, 2, 3):
        await sockets[seat].send(json.dumps({"type": "join", "code": code, "name": f"Player {seat}"}))
        joined = json.loads(await sockets[seat].recv())
        assert joined["type"] == "seated", joined
        tasks.append(asyncio.ensure_future(_client(run, joined["seat"], sockets[seat], rng, stop, code)))
    # The game ends, or the time is up: the clients stop answering then, and their connections are closed.
    await asyncio.wait(tasks, timeout=max(0.0, stop - time.perf_counter()) + 1.0)
    for socket in sockets:
        await socket.close()
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def _table(run: TableRun, port: int, stop: float, seed: int) -> None:
    rng = random.Random(seed)
    while time.perf_counter() < stop:
        await _one_game(run, port, stop, rng)


def random_action(message: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """A random legal action of an ``update`` (the record notation's object), or None when it offers none: one of
    its ``legal`` actions, or a discard made by its ``choices`` (any ``count`` cards of ``hand``)."""
    legal = message.get("legal") or []
    offered: list[dict[str, Any]] = []
    for item in message.get("choices") or []:
        rule = item["choices"]
        if rule.get("$") == "tricks.DiscardChoices":
            cards = rng.sample(rule["hand"], rule["count"])
            offered.append({"seat": item["seat"], "discard": [card_name(card) for card in cards]})
    if legal and offered:
        return rng.choice([rng.choice(legal), rng.choice(offered)])
    if legal:
        return rng.choice(legal)
    return rng.choice(offered) if offered else None


def percentile(values: list[float], share: float) -> float:
    """The value at ``share`` (0 to 1) of ``values`` sorted, by rank; NaN for no values."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def latency_summary(latencies: list[float]) -> dict[str, float | None]:
    """Median, p95, p99 and max of ``latencies`` in ms, rounded to hundredths (max None for none)."""
    return {
        "median": round(percentile(latencies, 0.5), 2),
        "p95": round(percentile(latencies, 0.95), 2),
        "p99": round(percentile(latencies, 0.99), 2),
        "max": round(max(latencies), 2) if latencies else None,
    }


def server_cpu(pid: int) -> float:
    """The server process's CPU seconds so far (Linux's /proc), or NaN elsewhere."""
    if sys.platform == "win32":
        return float("nan")
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stream:
            fields = stream.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def measure(tables: int, seconds: float, port: int, pid: int, seed: int) -> dict[str, Any]:
    """Fill ``tables`` tables for ``seconds`` and summarize."""
    runs = [TableRun(number) for number in range(tables)]
    cpu_before = server_cpu(pid)
    start = time.perf_counter()
    stop = start + seconds

    async def everything() -> None:
        await asyncio.gather(*(_table(run, port, stop, seed * 1000 + run.number) for run in runs))

    asyncio.run(everything())
    elapsed = time.perf_counter() - start
    cpu = server_cpu(pid) - cpu_before
    latencies = [latency * 1000 for run in runs for latency in run.latencies]
    return {
        "tables": tables,
        "clients": 4 * tables,
        "seconds": round(elapsed, 1),
        "actions": sum(run.actions for run in runs),
        "actions_per_second": round(sum(run.actions for run in runs) / elapsed, 1),
        "games": sum(run.games for run in runs),
        "latency_ms": latency_summary(latencies),
        "server_cpu_per_second": round(cpu / elapsed, 2),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rook_access.bench.net_load", description=__doc__.split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[10, 25, 50], help="counts of tables, in turn")
    parser.add_argument("--seconds", type=float, default=20.0, help="how long each count plays (default 20)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="FILE", help="also write the results as JSON to FILE")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "ROOK_ACCESS_DATA_DIR": folder, "ROOK_ACCESS_CONFIG_DIR": folder}
        server = subprocess.Popen(
            [sys.executable, "-m", "rook_access", "serve", "--port", "0", "--data", os.path.join(folder, "tables"),
             "--tables-per-address", "100000"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
        )  # fmt: skip
        try:
            assert server.stderr is not None
            log = ChildLines(server.stderr, "rook-access serve")
            found = SERVING.search(log.lines[log.wait_for(SERVING)])
            assert found is not None
            port = int(found.group(1))
            results = []
            for tables in args.tables:
                result = measure(tables, args.seconds, port, server.pid, args.seed)
                results.append(result)
                latency = result["latency_ms"]
                print(
                    f"{tables} tables, {result['clients']} clients: {result['actions_per_second']} actions a second "
                    f"({result['actions']} in {result['seconds']} s, {result['games']} games); action to every "
                    f"seat's update ms: median {latency['median']}, p95 {latency['p95']}, p99 {latency['p99']}, "
                    f"max {latency['max']}; server CPU {result['server_cpu_per_second']} s a second",
                    flush=True,
                )
        finally:
            server.terminate()
            server.wait(timeout=30)
    if args.json:
        write_json(args.json, results)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
