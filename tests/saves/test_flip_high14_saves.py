"""Flip and High 14 saved, resumed and recorded: the table size, the cut and the center's cards kept exactly.

A saved game of each is rebuilt from its set-up and actions into the same
game (every event, every view); the program itself, killed by the end of
its input and resumed again and again, writes the record of the game never
interrupted; and every record is replayed by the engine from its first line
and its plays alone.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access.engine import GameState, Play, parse_card
from rook_access.engine.notation import event_to_json
from rook_access.engine.rules import VARIANTS, TableOptions, with_options
from rook_access.players import BasicPlayer
from rook_access.saves import GameSetup, make_table, read_save, rebuild, write_save

TABLES = [
    ("flip", 3, {"players": 3}),
    ("flip", 4, {}),
    ("flip", 7, {"players": 7}),
    ("high-14", 4, {}),
    ("high-14", 5, {"players": 5}),
    ("high-14", 6, {"players": 6}),
]


def replay(lines: list[dict]) -> list[dict]:
    """A record played again by the engine from its first line's game, table and seed, and its plays."""
    start = lines[0]
    options = TableOptions(players=start["players"], target=start["target"], hands=start["hands"])
    rules = with_options(VARIANTS[start["variant"]], options)
    state = GameState(rules, seed=start["seed"])
    for line in lines:
        if line["event"] == "play":
            state.apply(Play(parse_card(line["card"])), line["seat"])
    return [event_to_json(event) for event in state.events]


@pytest.mark.parametrize(("variant", "players", "options"), TABLES, ids=[f"{v}-{n}" for v, n, _ in TABLES])
def test_a_saved_game_is_rebuilt_into_the_same_game(tmp_path: Path, variant: str, players: int, options: dict):
    seats = ["human"] + ["computer"] * (players - 1)
    setup = GameSetup.create(seats, level="easy", seed=7, hands=2, variant=variant, options=options)
    assert GameSetup.from_json(json.loads(json.dumps(setup.to_json()))) == setup
    state, computers = make_table(setup)
    assert state.rules.players == players and len(computers) == players
    stand_in = BasicPlayer(0)
    actions = []
    while not state.is_over and len(actions) < 3 * 56:  # into the second hand, past its cut and center
        seat = state.turn
        action = (computers[seat] or stand_in).choose(state.view(seat))
        state.apply(action, seat)
        actions.append((seat, action))
    path = tmp_path / "save.json"
    write_save(path, setup, actions, len(state.events))
    saved = read_save(path)
    assert saved is not None and saved.setup == setup
    assert [event_to_json(event) for event in saved.state.events] == [event_to_json(event) for event in state.events]
    for seat in range(players):
        assert saved.state.view(seat) == state.view(seat)
    again, _ = rebuild(setup, actions)
    assert again.events == state.events


def test_a_fixed_deal_with_its_cut_is_saved_and_read_back():
    from tests.engine.test_flip_high14 import HIGH_FOUR

    setup = GameSetup.create(["computer"] * 4, level="random", seed=2, hands=1, deal=HIGH_FOUR, variant="high-14")
    assert setup.deal is not None and setup.deal["cut"] == "6g"
    state, _ = make_table(GameSetup.from_json(json.loads(json.dumps(setup.to_json()))))
    assert state.events[1].hands == HIGH_FOUR.hands and state.cut == parse_card("6g")


def run(args: list[str], text: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ,
        ROOK_ACCESS_CONFIG_DIR=str(home / "config"),
        ROOK_ACCESS_DATA_DIR=str(home / "data"),
        ROOK_ACCESS_NO_DEADLINE="1",
        PYTHONIOENCODING="utf-8",
    )
    return subprocess.run([sys.executable, "-m", "rook_access", *args], input=text, capture_output=True, text=True,
                          env=env, timeout=300)


def keyboard_script(variant: str, players: int, seed: int, options: dict) -> list[str]:
    """South's plays in a one-hand game against the easy computer players (South plays as easy would)."""
    seats = ["human"] + ["computer"] * (players - 1)
    state, computers = make_table(GameSetup.create(seats, level="easy", seed=seed, hands=1, variant=variant,
                                                   options=options))
    stand_in = BasicPlayer(0)
    typed = []
    while not state.is_over:
        seat = state.turn
        action = (computers[seat] or stand_in).choose(state.view(seat))
        if computers[seat] is None:
            typed.append(str(action))
        state.apply(action, seat)
    return typed


@pytest.mark.parametrize(("variant", "players"), [("flip", 3), ("high-14", 5)])
def test_a_game_resumed_again_and_again_has_the_record_of_one_never_interrupted(tmp_path: Path, variant: str,
                                                                                  players: int):
    seed = 31
    script = keyboard_script(variant, players, seed, {"players": players})
    base = ["--variant", variant, "--players", str(players), "--level", "easy", "--hands", "1", "--seed", str(seed),
            "--output", "plain"]
    whole = tmp_path / "whole.jsonl"
    done = run([*base, "--record", str(whole)], "\n".join(script) + "\n", tmp_path / "a")
    assert done.returncode == 0 and "Game over." in done.stdout, done.stdout + done.stderr
    pieces = tmp_path / "pieces.jsonl"
    home = tmp_path / "b"
    first = run([*base, "--record", str(pieces)], "", home)
    assert "End of input. Game saved." in first.stdout
    cuts = [0, 1, 4, 9, len(script)]
    for start, stop in zip(cuts, cuts[1:], strict=False):
        done = run(["--resume", "--output", "plain"], "".join(line + "\n" for line in script[start:stop]), home)
        assert done.returncode == 0, done.stderr
        assert "Resuming the game: hand 1." in done.stdout
    assert "Game over." in done.stdout
    assert pieces.read_text() == whole.read_text()
    lines = [json.loads(line) for line in whole.read_text().splitlines()]
    assert lines[0]["players"] == players and any(line["event"] == "center_taken" for line in lines)
    assert replay(lines) == [{key: value for key, value in line.items() if key not in ("seats", "seed")}
                             for line in lines]


@pytest.mark.parametrize(("variant", "players", "options"), TABLES, ids=[f"{v}-{n}" for v, n, _ in TABLES])
def test_every_record_is_replayed_by_the_engine(tmp_path: Path, variant: str, players: int, options: dict):
    record = tmp_path / "record.jsonl"
    args = ["--variant", variant, "--seats", ",".join(["computer"] * players), "--level", "easy", "--seed", "5",
            "--output", "plain", "--hands", "1", "--record", str(record)]
    args += [item for name, value in options.items() for item in (f"--{name}", str(value))]
    done = run(args, "", tmp_path)
    assert done.returncode == 0, done.stderr
    lines = [json.loads(line) for line in record.read_text().splitlines()]
    events = {line["event"] for line in lines}
    assert {"game_start", "deal", "play", "trick", "hand_end", "game_end"} <= events
    assert ("trump_cut" in events) == (variant == "high-14")
    assert ("center_taken" in events) == bool(56 % players)
    assert replay(lines) == [{key: value for key, value in line.items() if key not in ("seats", "seed")}
                             for line in lines]
