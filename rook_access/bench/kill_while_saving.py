"""The hunt for torn saves: SIGKILL a program at random moments while it saves, then read what it left.

Run ``python -m rook_access.bench.kill_while_saving --times 1000``.  A child
process (forked, so it starts in a millisecond) resumes the saved game if
there is one, else starts it, and plays on with computer players, saving with
``GameSaver.save`` after every action as the console game does; it tells the
parent through a pipe when it starts and finishes each save.  The parent
kills it with SIGKILL after a random delay, then reads the save back with
``read_save``: it must load, and be the state before the save being written
(old) or after it (new), never anything else.  A temporary file left by a
kill must never stop the next save.  When the game ends the save is deleted
and the next child starts it again.

``--file settings`` does the same for the settings file (``save_settings``,
a new voice name in each write), checked with ``load_settings``.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import random
import signal
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path

from ..engine import Action, GameState
from ..players import Player
from ..saves import GameSaver, GameSetup, delete_save, make_table, read_save
from ..settings import load_settings, save_settings

GAME_SEED = 2026
HANDS = 4
MAX_DELAY = 0.08
SAVE_NAME = "game.json"
"""The save file the child writes, in a folder of its own."""
"""Seconds: the kill comes after a delay drawn evenly between 0 and this."""


@dataclasses.dataclass
class KillReport:
    """What the kills left behind."""

    kills: int = 0
    outcomes: Counter = dataclasses.field(default_factory=Counter)
    """during a write: old, new; between writes: done; before the first write: untouched."""
    mixed: list[str] = dataclasses.field(default_factory=list)
    temp_left: int = 0
    """Kills that left a temporary file beside the file."""
    saved_over_temp: int = 0
    """Children that found a temporary file left by a kill and still completed a write."""
    writes: int = 0
    """Writes completed by all the children together."""
    seconds: float = 0.0


def game_setup() -> GameSetup:
    """The game the children play: four easy computer players, a few hands."""
    return GameSetup.create(["computer"] * 4, level="easy", seed=GAME_SEED, hands=HANDS)


def whole_game(setup: GameSetup) -> list[tuple[int, Action]]:
    """Every action of the game, in order: the states the children may save are its prefixes."""
    state, players = make_table(setup)
    assert isinstance(state, GameState)  # a trick table: this bench plays Rook
    actions = []
    while not state.is_over:
        seat = state.seat_to_act
        action = _computer(players, seat).choose(state.view(seat))
        state.apply(action, seat)
        actions.append((seat, action))
    return actions


def _computer(players: Sequence[Player | None], seat: int) -> Player:
    """The player of ``seat``: every seat of the benchmark's game is a computer."""
    player = players[seat]
    assert player is not None
    return player


def _tell(pipe: int, kind: str, number: int) -> None:
    os.write(pipe, f"{kind} {number}\n".encode())


def save_child(folder: Path, setup: GameSetup, pipe: int) -> None:
    """Resume or start the game, then play on, saving after every action; ``S n``/``D n`` around each save."""
    path = folder / SAVE_NAME
    saved = read_save(path)
    if saved is None:
        state, players = make_table(setup)
        saver = GameSaver(path, setup)
    else:
        state, players = saved.state, saved.players
        saver = GameSaver(path, saved.setup, saved.actions)
    assert isinstance(state, GameState)  # a trick table: this bench plays Rook
    _tell(pipe, "R", len(saver.actions))
    while not state.is_over:
        seat = state.seat_to_act
        action = _computer(players, seat).choose(state.view(seat))
        state.apply(action, seat)
        saver.add(seat, action)
        _tell(pipe, "S", len(saver.actions))
        saver.save(0)
        _tell(pipe, "D", len(saver.actions))
    saver.delete()
    _tell(pipe, "E", len(saver.actions))


def settings_child(folder: Path, pipe: int) -> None:
    """Write the settings again and again, each time with the next voice name ``vN``."""
    path = folder / "settings.toml"
    settings, _ = load_settings(path)
    number = int(settings.voice[1:]) if settings.voice.startswith("v") else 0
    _tell(pipe, "R", number)
    while True:
        number += 1
        _tell(pipe, "S", number)
        save_settings(path, dataclasses.replace(settings, voice=f"v{number}", rate=80 + number % 300))
        _tell(pipe, "D", number)


def _run_child(child: Callable[[int], None], delay: float | None) -> list[tuple[str, int]]:
    """Fork a child running ``child(pipe)``; kill it after ``delay`` seconds (None: let it end); its messages."""
    if sys.platform == "win32":
        raise RuntimeError("this benchmark forks and kills its children: it runs on Linux and macOS only")
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child
        os.close(reading)
        status = 0
        try:
            child(writing)
        except BaseException:  # noqa: BLE001 - the parent reads the missing messages as the fault
            status = 1
        os._exit(status)
    os.close(writing)
    if delay is not None:
        time.sleep(delay)
        os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    data = b""
    while chunk := os.read(reading, 65536):
        data += chunk
    os.close(reading)
    return [(line.split()[0], int(line.split()[1])) for line in data.decode().splitlines()]


def _judge(
    messages: list[tuple[str, int]], loaded: int | None, before: int | None, last: int | None = None
) -> str | None:
    """How a kill ended (old, new, done, untouched, ended), or None if what was loaded is none of those.

    ``last`` is the number of the game's last action: once it is saved, the
    game is over and its save may be deleted.
    """
    started = [number for kind, number in messages if kind == "S"]
    done = [number for kind, number in messages if kind == "D"]
    if messages and messages[-1][0] == "E" or (loaded is None and done and done[-1] == last):
        return "ended" if loaded is None else None
    if not started:
        return "untouched" if loaded == before else None
    if done and done[-1] == started[-1]:
        return "done" if loaded == started[-1] else None
    previous = done[-1] if done else before
    if loaded == previous:
        return "old"
    if loaded == started[-1]:
        return "new"
    return None


def hunt_saves(times: int, seed: int, folder: Path, max_delay: float = MAX_DELAY) -> KillReport:
    """Kill a saving child ``times`` times; what each kill left."""
    setup = game_setup()
    actions = whole_game(setup)
    generator = random.Random(seed)
    report = KillReport()
    path = folder / SAVE_NAME
    temp = path.with_name(f".{path.name}.tmp")
    before: int | None = None
    start = time.perf_counter()
    for kill in range(times):
        temp_before = temp.exists()
        messages = _run_child(lambda pipe: save_child(folder, setup, pipe), generator.uniform(0, max_delay))
        report.kills += 1
        report.writes += sum(kind == "D" for kind, _ in messages)
        if temp_before and any(kind == "D" for kind, _ in messages):
            report.saved_over_temp += 1
        report.temp_left += temp.exists()
        try:
            saved = read_save(path)
        except Exception as error:  # noqa: BLE001 - any failure to load is the fault looked for
            report.mixed.append(f"kill {kill}: the save does not load: {error}")
            delete_save(path)
            before = None
            continue
        loaded = None if saved is None else len(saved.actions)
        if saved is not None and saved.actions != actions[: len(saved.actions)]:
            report.mixed.append(f"kill {kill}: the save holds actions the game never had")
        outcome = _judge(messages, loaded, before, len(actions))
        if outcome is None:
            report.mixed.append(f"kill {kill}: loaded {loaded} actions after messages {messages[-3:]}, before {before}")
        else:
            report.outcomes[outcome] += 1
        before = loaded
    # And a child left alone saves over whatever temporary file is there.
    temp.write_bytes(b"left by a kill")
    messages = _run_child(lambda pipe: save_child(folder, setup, pipe), None)
    if not any(kind == "D" for kind, _ in messages) or not messages or messages[-1][0] != "E":
        report.mixed.append(f"a child left alone over a temporary file did not save to the end: {messages[-3:]}")
    report.seconds = time.perf_counter() - start
    return report


def hunt_settings(times: int, seed: int, folder: Path, max_delay: float = MAX_DELAY) -> KillReport:
    """Kill a child writing the settings ``times`` times; what each kill left."""
    generator = random.Random(seed)
    report = KillReport()
    path = folder / "settings.toml"
    before: int | None = None
    start = time.perf_counter()
    for kill in range(times):
        temps_before = _settings_temps(folder)
        messages = _run_child(lambda pipe: settings_child(folder, pipe), generator.uniform(0, max_delay))
        report.kills += 1
        report.writes += sum(kind == "D" for kind, _ in messages)
        if temps_before and any(kind == "D" for kind, _ in messages):
            report.saved_over_temp += 1
        report.temp_left += len(_settings_temps(folder)) > len(temps_before)
        settings, notice = load_settings(path)
        loaded = int(settings.voice[1:]) if settings.voice.startswith("v") else None
        if notice is not None or (path.exists() and loaded is None):
            report.mixed.append(f"kill {kill}: the settings do not load: {notice}")
        elif loaded is not None and settings.rate != 80 + loaded % 300:
            report.mixed.append(f"kill {kill}: voice v{loaded} with rate {settings.rate}: a mix")
        else:
            outcome = _judge(messages, loaded, before)
            if outcome is None:
                report.mixed.append(f"kill {kill}: loaded v{loaded} after {messages[-3:]}, before {before}")
            else:
                report.outcomes[outcome] += 1
        before = loaded
    report.seconds = time.perf_counter() - start
    return report


def _settings_temps(folder: Path) -> list[Path]:
    return sorted(folder.glob(".settings-*"))


def describe(name: str, report: KillReport) -> list[str]:
    """The report as lines."""
    outcomes = ", ".join(f"{label} {count}" for label, count in sorted(report.outcomes.items()))
    return [
        f"{name}: {report.kills} kills in {report.seconds:.1f} s, {report.writes} writes completed: {outcomes}; "
        f"mixed or unreadable {len(report.mixed)}",
        f"{name}: kills that left a temporary file {report.temp_left}; "
        f"children that found one and still completed a write {report.saved_over_temp}",
        *(f"  fault: {line}" for line in report.mixed[:20]),
    ]


def main(argv: list[str] | None = None) -> int:
    """Run the kills and print the report; 1 if any save was mixed or unreadable."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--times", type=int, default=1000, help="kills of each kind (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="the delays' seed (default 0)")
    parser.add_argument("--file", choices=("save", "settings", "both"), default="both")
    parser.add_argument("--max-delay", type=float, default=MAX_DELAY, help="longest delay before a kill, seconds")
    args = parser.parse_args(argv)
    if sys.platform == "win32":
        print("This benchmark forks and kills processes: it runs on Linux and macOS only.", file=sys.stderr)
        return 2
    faults = 0
    with tempfile.TemporaryDirectory(prefix="rook-access-kills-") as scratch:
        for name, hunt in (("save", hunt_saves), ("settings", hunt_settings)):
            if args.file in (name, "both"):
                folder = Path(scratch) / name
                folder.mkdir()
                report = hunt(args.times, args.seed, folder, args.max_delay)
                for line in describe(name, report):
                    print(line)
                faults += len(report.mixed)
    print(f"mixed or unreadable: {faults}")
    return 1 if faults else 0


if __name__ == "__main__":
    raise SystemExit(main())
