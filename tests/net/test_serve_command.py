"""``rook-access serve`` as a host runs it: a whole game through the real program, the server killed with
SIGKILL mid-game and started again with nothing lost, and the flags it refuses in one line."""

from __future__ import annotations

import asyncio
import json
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access.bench.child_lines import ChildLines
from rook_access.net.serve_command import is_loopback
from tests.net.players import NetClient, game_over
from tests.net.test_server import PARTNERSHIP, cards_played, seat_two

SERVING = re.compile(r"serving on ws://127\.0\.0\.1:(\d+), (\d+) tables? taken up")


def start_server(data: Path, tmp_path: Path) -> tuple[subprocess.Popen[str], ChildLines, int, int]:
    """The program serving on a free loopback port: the process, its log, the port and the tables taken up."""
    env = {**os.environ, "ROOK_ACCESS_DATA_DIR": str(tmp_path / "data"), "ROOK_ACCESS_CONFIG_DIR": str(tmp_path)}
    process = subprocess.Popen(
        [sys.executable, "-m", "rook_access", "serve", "--port", "0", "--data", str(data)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert process.stderr is not None
    log = ChildLines(process.stderr, "rook-access serve")
    found = SERVING.search(log.lines[log.wait_for(SERVING)])
    assert found is not None
    return process, log, int(found.group(1)), int(found.group(2))


def test_a_server_killed_mid_game_comes_back_with_every_table_as_it_was(tmp_path):
    data = tmp_path / "tables"
    process, _, port, taken_up = start_server(data, tmp_path)
    assert taken_up == 0
    try:

        async def first_half() -> tuple[str, str, str, list[dict]]:
            anna, ben = await seat_two(port, PARTNERSHIP)
            ben_playing = asyncio.ensure_future(ben.play_until(game_over))
            await anna.play_until(cards_played(12))
            ben_playing.cancel()
            assert anna.code and anna.token and ben.token
            heard = [event for message in anna.messages if message["type"] == "update" for event in message["events"]]
            return anna.code, anna.token, ben.token, heard

        code, anna_token, ben_token, anna_heard = asyncio.run(asyncio.wait_for(first_half(), 120))
        checkpoint = json.loads((data / f"{code}.json").read_text(encoding="utf-8"))
        process.send_signal(signal.SIGKILL)  # no goodbye: whatever was written stays
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    # The kill may cut a write short: its temporary file is left, never a half-written checkpoint.
    assert [path for path in data.iterdir() if not path.name.endswith(".tmp")] == [data / f"{code}.json"]
    process, log, port, taken_up = start_server(data, tmp_path)
    try:
        assert taken_up == 1
        assert list(data.iterdir()) == [data / f"{code}.json"]  # a write cut short is cleared away at the start

        async def second_half() -> None:
            anna, ben = await NetClient.open(port, 7), await NetClient.open(port, 8)
            updates = []
            for client, token in ((anna, anna_token), (ben, ben_token)):
                await client.send({"type": "rejoin", "code": code, "token": token})
                assert (await client.expect("seated"))["back"]
                updates.append(await client.expect("update"))
            played = sum(1 for event in updates[0]["events"] if event["$"] == "tricks.CardPlayed")
            assert played >= 12
            # Everything Anna heard before the kill is still there, in order: nothing was lost.
            assert updates[0]["events"][: len(anna_heard)] == anna_heard
            await asyncio.gather(
                anna.play_until(game_over, read=updates[0]), ben.play_until(game_over, read=updates[1])
            )

        asyncio.run(asyncio.wait_for(second_half(), 120))
        assert checkpoint["table"]["actions"]
        assert list(data.iterdir()) == []  # the finished game is kept no longer
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=30) == 0
        assert not any("Traceback" in line for line in log.wait_for_end())
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--host", "0.0.0.0"], "plain connections are served only on this machine"),
        (["--certificate", "cert.pem"], "give both --certificate and --key"),
        (["--certificate", "missing.pem", "--key", "missing.key"], "the certificate or key cannot be read"),
        (["--port", "70000"], "the port is 0 to 65535"),
        (["--wait", "-1"], "--wait is 0 to 3600 seconds"),
    ],
)
def test_flags_that_cannot_serve_are_refused_in_one_line(tmp_path, flags, words):
    done = subprocess.run(
        [sys.executable, "-m", "rook_access", "serve", "--data", str(tmp_path), *flags],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in done.stderr


def test_only_this_machine_counts_as_loopback():
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.2") and not is_loopback("example.org")
