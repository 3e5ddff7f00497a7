"""Saved games side by side: one file a game, the old layout found, and the lock that keeps two copies apart."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from rook_access import save_files
from rook_access.save_files import (
    GameOpenElsewhere,
    LockedGameSaver,
    LockOwner,
    SaveLock,
    delete_saved_game,
    find_saves,
    lock_for_resume,
    lock_path,
    new_save,
    process_alive,
    process_start,
    save_paths,
    this_process,
)
from rook_access.saves import GameSetup, make_table, write_save
from tests.helpers import REPOSITORY

MIXED = ("human", "computer", "computer", "computer")


def write_game(path: Path, seed: int = 1, moves: int = 0, when: float | None = None) -> bytes:
    """A real save at ``path``: a game of seed ``seed`` after ``moves`` actions; its bytes."""
    setup = GameSetup.create(MIXED, level="random", seed=seed)
    state, players = make_table(setup)
    actions = []
    from rook_access.players import RandomPlayer

    while len(actions) < moves:
        seat = state.turn
        action = (players[seat] or RandomPlayer(seat)).choose(state.view(seat))
        state.apply(action, seat)
        actions.append((seat, action))
    write_save(path, setup, actions, 0)
    if when is not None:
        os.utime(path, (when, when))
    return path.read_bytes()


def dead_pid() -> int:
    """The pid of a process that has ended."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    return int(done.stdout)


# ---------------------------------------------------------------- the layout
def test_a_new_game_never_takes_the_name_of_an_older_save(tmp_path: Path) -> None:
    started = time.mktime((2025, 3, 14, 20, 15, 3, 0, 0, -1))
    first, lock = new_save(tmp_path, started)
    assert first == tmp_path / "saves" / "game-20250314-201503.json"
    old = write_game(first)
    lock.release()
    second, second_lock = new_save(tmp_path, started)
    assert second.name == "game-20250314-201503-2.json"
    assert first.read_bytes() == old
    # The name is reserved by its lock even before anything is written in it.
    third, third_lock = new_save(tmp_path, started)
    assert third.name == "game-20250314-201503-3.json"
    second_lock.release()
    third_lock.release()
    assert not list((tmp_path / "saves").glob("*.lock"))


def test_the_old_layout_is_found_beside_the_new_one(tmp_path: Path) -> None:
    now = time.time()
    current = write_game(tmp_path / "current-game.json", seed=1, when=now - 300)
    previous = write_game(tmp_path / "previous-game.json", seed=2, when=now - 900)
    (tmp_path / "saves").mkdir()
    write_game(tmp_path / "saves" / "game-20250314-201503.json", seed=3, when=now - 60)
    entries = find_saves(tmp_path)
    assert [entry.path.name for entry in entries] == [
        "game-20250314-201503.json",
        "current-game.json",
        "previous-game.json",
    ]
    assert [entry.game.setup.seed for entry in entries] == [3, 1, 2]
    assert all(entry.resumable for entry in entries)
    assert (tmp_path / "current-game.json").read_bytes() == current
    assert (tmp_path / "previous-game.json").read_bytes() == previous


def test_saves_written_at_the_same_moment_are_newest_started_first(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    moment = time.time() - 10
    for name in ("game-20250314-201503.json", "game-20250314-201503-2.json", "game-20250314-201502.json"):
        write_game(tmp_path / "saves" / name, when=moment)
    names = [entry.path.name for entry in find_saves(tmp_path)]
    assert names == ["game-20250314-201503-2.json", "game-20250314-201503.json", "game-20250314-201502.json"]


def test_a_damaged_save_is_listed_with_its_reason_and_kept(tmp_path: Path) -> None:
    (tmp_path / "saves").mkdir()
    damaged = tmp_path / "saves" / "game-20250101-100000.json"
    damaged.write_bytes(b'{"format": "rook-access save", "version": 1, "setup": ')
    write_game(tmp_path / "saves" / "game-20250101-090000.json", when=time.time() - 3600)
    entries = find_saves(tmp_path)
    assert [entry.path for entry in entries][0] == damaged
    assert entries[0].damage == "the save file is not valid JSON" and not entries[0].resumable
    assert damaged.read_bytes() == b'{"format": "rook-access save", "version": 1, "setup": '
    assert entries[1].resumable


def test_a_finished_games_save_is_deleted_unless_another_copy_holds_it(tmp_path: Path) -> None:
    setup = GameSetup.create(("computer",) * 4, level="random", seed=4, hands=1)
    state, players = make_table(setup)
    actions = []
    while not state.is_over:
        seat = state.turn
        action = players[seat].choose(state.view(seat))
        state.apply(action, seat)
        actions.append((seat, action))
    path = tmp_path / "saves" / "game-20250101-100000.json"
    write_save(path, setup, actions, 0)
    lock_path(path).write_bytes(LockOwner(os.getppid(), None, socket.gethostname()).to_bytes())
    assert find_saves(tmp_path) == [] and path.exists()
    lock_path(path).unlink()
    assert find_saves(tmp_path) == [] and not path.exists()


def test_locks_temporary_files_and_other_files_are_not_saves(tmp_path: Path) -> None:
    folder = tmp_path / "saves"
    folder.mkdir()
    write_game(folder / "game-20250101-100000.json")
    (folder / "game-20250101-100000.json.lock").write_text("{}")
    (folder / ".game-20250101-100000.json.tmp").write_text("half")
    (folder / "notes.txt").write_text("mine")
    (tmp_path / "current-game.damaged-20240101-000000.json").write_text("{")
    assert save_paths(tmp_path) == [folder / "game-20250101-100000.json"]


# ------------------------------------------------------------------- the lock
def test_a_lock_holds_the_owner_and_a_second_taker_is_refused(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    lock = SaveLock.acquire(save)
    written = json.loads(lock_path(save).read_text())
    assert written == {"pid": os.getpid(), "start": process_start(os.getpid()), "host": socket.gethostname()}
    assert written["start"] is not None  # /proc tells the start time here
    with pytest.raises(GameOpenElsewhere) as refused:
        SaveLock.acquire(save)
    assert str(refused.value) == f"open in another copy of rook-access (process {os.getpid()})"
    lock.release()
    assert not lock_path(save).exists()
    SaveLock.acquire(save).release()


def test_a_live_process_keeps_its_lock(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        owner = LockOwner(sleeper.pid, process_start(sleeper.pid), socket.gethostname())
        lock_path(save).write_bytes(owner.to_bytes())
        assert process_alive(owner)
        with pytest.raises(GameOpenElsewhere) as refused:
            SaveLock.acquire(save)
        assert refused.value.pid == sleeper.pid
        assert lock_path(save).read_bytes() == owner.to_bytes()
    finally:
        sleeper.kill()
        sleeper.wait()
    # Killed: its lock is stale now, and taken over.
    taken = SaveLock.acquire(save)
    assert json.loads(lock_path(save).read_text())["pid"] == os.getpid()
    taken.release()


def test_a_stale_lock_of_a_dead_process_is_taken_over(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    gone = LockOwner(dead_pid(), "12345", socket.gethostname())
    lock_path(save).write_bytes(gone.to_bytes())
    assert not process_alive(gone)
    lock = SaveLock.acquire(save)
    assert LockOwner.from_bytes(lock_path(save).read_bytes()) == this_process()
    lock.release()
    assert not lock_path(save).exists()


def test_a_reused_pid_with_another_start_time_is_not_the_owner(tmp_path: Path) -> None:
    """The pid is alive (it is ours), but the process that started then is gone: stale."""
    save = tmp_path / "game.json"
    reused = LockOwner(os.getpid(), "1", socket.gethostname())
    assert not process_alive(reused)
    lock_path(save).write_bytes(reused.to_bytes())
    SaveLock.acquire(save).release()


def test_a_lock_from_another_host_or_of_unknown_start_is_left_alone(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    elsewhere = LockOwner(dead_pid(), None, socket.gethostname() + "-other")
    assert process_alive(elsewhere)  # it cannot be checked from here
    lock_path(save).write_bytes(elsewhere.to_bytes())
    with pytest.raises(GameOpenElsewhere):
        SaveLock.acquire(save)


def test_a_lock_being_written_is_held_and_an_old_empty_one_is_stale(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    lock_path(save).write_bytes(b"")
    with pytest.raises(GameOpenElsewhere) as refused:
        SaveLock.acquire(save)
    assert str(refused.value) == "open in another copy of rook-access"
    old = time.time() - 60
    os.utime(lock_path(save), (old, old))
    SaveLock.acquire(save).release()


def test_a_break_file_left_by_a_killed_taker_does_not_block_for_ever(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    lock_path(save).write_bytes(LockOwner(dead_pid(), None, socket.gethostname()).to_bytes())
    breaker = tmp_path / "game.json.lock.break"
    breaker.write_bytes(b"")
    old = time.time() - 60
    os.utime(breaker, (old, old))
    SaveLock.acquire(save).release()
    assert not breaker.exists()


def test_release_leaves_a_lock_that_is_no_longer_ours(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    lock = SaveLock.acquire(save)
    theirs = LockOwner(12345, "9", "elsewhere").to_bytes()
    lock_path(save).write_bytes(theirs)
    lock.release()
    lock.release()
    assert lock_path(save).read_bytes() == theirs


def test_a_taker_late_to_a_stale_lock_leaves_the_fresh_lock_of_the_first(tmp_path: Path) -> None:
    """Two copies saw the same stale lock; the first took it over; the second's break finds the fresh one."""
    save = tmp_path / "game.json"
    stale = LockOwner(dead_pid(), None, socket.gethostname())
    lock_path(save).write_bytes(stale.to_bytes())
    first = SaveLock.acquire(save)
    fresh = lock_path(save).read_bytes()
    save_files._break_stale(lock_path(save), stale)  # what the second copy does next
    assert lock_path(save).read_bytes() == fresh
    with pytest.raises(GameOpenElsewhere):
        SaveLock.acquire(save)
    first.release()


RACER = """
import sys, time
from pathlib import Path
from rook_access.save_files import GameOpenElsewhere, SaveLock
save, start = Path(sys.argv[1]), Path(sys.argv[2])
while not start.exists():
    time.sleep(0.001)
try:
    lock = SaveLock.acquire(save)
except GameOpenElsewhere:
    print("open")
else:
    print("took", flush=True)
    time.sleep(1.5)
    lock.release()
"""


def test_of_many_copies_taking_over_one_stale_lock_exactly_one_wins(tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    start = tmp_path / "go"
    env = dict(os.environ, PYTHONPATH=str(REPOSITORY))
    for _round in range(3):
        lock_path(save).write_bytes(LockOwner(dead_pid(), None, socket.gethostname()).to_bytes())
        racers = [
            subprocess.Popen(
                [sys.executable, "-c", RACER, str(save), str(start)], stdout=subprocess.PIPE, text=True, env=env
            )
            for _ in range(6)
        ]
        time.sleep(0.5)  # let them all start waiting
        start.touch()
        outcomes = sorted(racer.communicate(timeout=60)[0].strip() for racer in racers)
        assert outcomes == ["open"] * 5 + ["took"]
        start.unlink()
        assert not lock_path(save).exists()


def test_the_locked_saver_deletes_the_finished_game_and_its_lock(tmp_path: Path) -> None:
    path, lock = new_save(tmp_path)
    setup = GameSetup.create(MIXED, seed=2)
    saver = LockedGameSaver(path, setup, lock=lock)
    saver.save(0)
    assert path.exists() and lock_path(path).exists()
    saver.delete()
    assert not path.exists() and not lock_path(path).exists()
    saver.release()


def test_locks_still_held_are_released_at_exit(tmp_path: Path) -> None:
    code = (
        "import sys; from pathlib import Path; from rook_access.save_files import SaveLock\n"
        "SaveLock.acquire(Path(sys.argv[1]))\n"
        "raise SystemExit('stopped by an error')\n"
    )
    env = dict(os.environ, PYTHONPATH=str(REPOSITORY))
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path / "game.json")], capture_output=True, env=env)
    assert done.returncode == 1
    assert not lock_path(tmp_path / "game.json").exists()


def test_lock_for_resume_reads_under_the_lock_and_refuses_a_game_open_elsewhere(tmp_path: Path) -> None:
    path = tmp_path / "saves" / "game-20250101-100000.json"
    write_game(path, moves=3)
    saved, lock = lock_for_resume(path)
    assert saved is not None and len(saved.actions) == 3 and lock is not None and lock.held
    with pytest.raises(GameOpenElsewhere):
        lock_for_resume(path)
    lock.release()
    path.unlink()
    assert lock_for_resume(path) == (None, None)
    assert not lock_path(path).exists()


def test_deleting_a_save_the_user_chose(tmp_path: Path) -> None:
    path = tmp_path / "saves" / "game-20250101-100000.json"
    write_game(path)
    held = SaveLock.acquire(path)
    with pytest.raises(GameOpenElsewhere):
        delete_saved_game(path)
    assert path.exists()
    held.release()
    delete_saved_game(path)
    assert not path.exists() and not lock_path(path).exists()


def test_an_unwritable_folder_gives_a_path_without_a_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(save_files.os, "open", refuse)
    path, lock = new_save(tmp_path)
    assert lock is None and path.parent == tmp_path / "saves"
