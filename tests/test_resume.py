"""Never lose a game: saved after every action, resumed exactly, the record whole."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

from console_helpers import FIXED_DEAL
from terminal_helpers import Terminal

from rook_access.engine import PARTNERSHIP, Deal
from rook_access.players import BasicPlayer
from rook_access.saves import GameSetup, make_table

SEATS = "human,computer,human,computer"


def run(args, text, home):
    env = dict(
        os.environ,
        ROOK_ACCESS_CONFIG_DIR=str(home / "config"),
        ROOK_ACCESS_DATA_DIR=str(home / "data"),
        PYTHONIOENCODING="utf-8",
    )
    return subprocess.run(
        [sys.executable, "-m", "rook_access", *args], input=text, capture_output=True, text=True, env=env, timeout=60
    )


def script_for_humans(seed: int) -> list[str]:
    """South's and North's commands for a whole hand against the basic computer players."""
    setup = GameSetup.create(SEATS.split(","), seed=seed, hands=1, deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    state, players = make_table(setup)
    stand_ins = [BasicPlayer(seat) for seat in range(4)]
    commands = []
    while not state.is_over:
        seat = state.turn
        player = players[seat] or stand_ins[seat]
        action = player.choose(state.view(seat))
        if players[seat] is None:
            commands.append(str(action))
        state.apply(action, seat)
    return commands


def test_a_game_interrupted_many_times_has_the_record_of_one_never_interrupted(tmp_path):
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps(FIXED_DEAL))
    script = script_for_humans(seed=6)
    base = ["--seats", SEATS, "--deal", str(deal), "--hands", "1", "--seed", "6"]

    whole = tmp_path / "whole.jsonl"
    done = run(base + ["--record", str(whole)], "\n".join(script) + "\n", tmp_path / "a")
    assert done.returncode == 0 and "Game over." in done.stdout

    pieces = tmp_path / "pieces.jsonl"
    home = tmp_path / "b"
    cuts = [0, 1, 3, 7, 8, 12, len(script)]
    first = run(base + ["--record", str(pieces)], "", home)  # ends before any input: saved at once
    assert "End of input. Game saved." in first.stdout
    for start, stop in zip(cuts, cuts[1:]):
        done = run(["--resume"], "".join(line + "\n" for line in script[start:stop]), home)
        assert done.returncode == 0, done.stderr
        assert "Resuming the game: hand 1." in done.stdout
    assert "Game over." in done.stdout
    assert pieces.read_text() == whole.read_text()
    assert not (home / "data" / "current-game.json").exists()  # the finished game's save is gone


def test_a_damaged_save_is_moved_aside_and_a_new_game_starts(tmp_path):
    data = tmp_path / "data"
    data.mkdir()
    (data / "current-game.json").write_text('{"format": "rook-access save", "version": 1, "setup": ')
    done = run(["--resume", "--seed", "2"], "", tmp_path)
    assert done.returncode == 0
    assert "The saved game is damaged" in done.stdout and "moved to" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr
    assert list(data.glob("current-game.damaged-*.json"))
    assert "Hand 1." in done.stdout


def test_resume_without_a_save_starts_a_new_game(tmp_path):
    done = run(["--resume", "--seed", "2"], "", tmp_path)
    assert done.returncode == 0
    assert "There is no saved game to resume; a new game starts." in done.stdout


def test_killed_mid_hand_the_game_is_offered_and_resumed_at_a_terminal(tmp_path):
    term = Terminal(["--seed", "5", "--hands", "1", "--record", str(tmp_path / "game.jsonl")], tmp_path)
    try:
        term.wait_for("Your bid:")
        term.type("pass")
        term.wait_for("You pass.")
        term.wait_for("Your ")
        os.kill(term.pid(), signal.SIGKILL)
        term.wait_for("EXIT=137")
    finally:
        term.close()
    saved = json.loads((tmp_path / "data" / "current-game.json").read_text())
    assert {"seat": 0, "pass": True} in saved["actions"]
    term = Terminal(["--record", str(tmp_path / "ignored.jsonl")], tmp_path)
    try:
        term.wait_for("A saved game was found. Resume it? Type yes or no.")
        term.type("yes")
        screen = term.wait_for("Resuming the game: hand 1.")
        assert "Your hand" in screen
        term.wait_for("Your play")  # the computers play on first; the user answers the prompt
        term.keys("C-d")
        term.wait_for("EXIT=0")
    finally:
        term.close()
    record = [json.loads(line) for line in (tmp_path / "game.jsonl").read_text().splitlines()]
    assert record[0]["event"] == "game_start" and record[0]["seed"] == 5
    assert [r for r in record if r["event"] == "bid" and r["seat"] == 0] == [{"event": "bid", "seat": 0, "amount": None}]
    assert not (tmp_path / "ignored.jsonl").exists()
