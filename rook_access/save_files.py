"""Where saved games are kept: one file a game, side by side, each locked by the copy playing it.

Every game has a file of its own in the ``saves`` folder of the data folder,
named by when the game started (``game-20250314-201503.json``), so a new game
never overwrites or moves aside an older one: every unfinished game stays
resumable until it ends (its save is then deleted) or the user deletes it.
Saves of earlier versions (``current-game.json`` and ``previous-game.json`` in
the data folder itself) are found too, and resumed in place.

A copy of the program that plays a game holds a lock beside its save
(``game-....json.lock``): created with ``O_CREAT | O_EXCL``, it holds the
owner's process id, the process's start time where the system tells it (``/proc``, kernel32), and
the host name.  A second copy is told the game is open elsewhere
(``GameOpenElsewhere``).  A lock whose process is gone (killed, or the
machine stopped) is stale, and is taken over safely: see ``SaveLock``.

Nothing here prints or asks: the console's resume dialogue does
(``rook_access.console.resume``).
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import re
import socket
import sys
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import windows_processes
from .engine import RuleSetError
from .engine.games import find_game
from .engine.protocol import OptionError
from .parties import saved_party
from .saves import DamagedSaveError, GameSaver, GameSetup, SavedAction, SavedGame, data_folder, delete_save, read_save

SAVES_FOLDER = "saves"
"""The folder of the data folder that holds one save file a game."""
LEGACY_NAMES = ("current-game.json", "previous-game.json")
"""The save files of earlier versions, in the data folder itself."""
LOCK_SUFFIX = ".lock"
_BREAK_SUFFIX = ".break"
_YOUNG_LOCK_SECONDS = 5.0
"""A lock file with no owner written in it yet is being made by another copy for this long."""
_STALE_BREAK_SECONDS = 10.0
"""Taking over a lock takes microseconds: a break file this old was left by a killed process."""


# ----------------------------------------------------------------- the folders
def saves_folder(data: Path | None = None) -> Path:
    """The folder of one save file a game."""
    return (data if data is not None else data_folder()) / SAVES_FOLDER


def save_paths(data: Path | None = None) -> list[Path]:
    """Every save file there is, in no particular order: the saves folder's and the old layout's."""
    data = data if data is not None else data_folder()
    paths = [data / name for name in LEGACY_NAMES if (data / name).is_file()]
    try:
        paths += [path for path in saves_folder(data).glob("game-*.json") if path.is_file()]
    except OSError:
        pass
    return paths


# ---------------------------------------------------------------- the locks
class GameOpenElsewhere(Exception):
    """The save is locked by another copy of the program that is still running."""

    def __init__(self, path: Path, pid: int | None) -> None:
        self.path = path
        self.pid = pid
        who = f" (process {pid})" if pid else ""
        super().__init__(f"open in another copy of rook-access{who}")


@dataclass(frozen=True)
class LockOwner:
    """What a lock file says about the process that holds it."""

    pid: int | None
    start: str | None = None
    host: str | None = None

    def to_bytes(self) -> bytes:
        return json.dumps({"pid": self.pid, "start": self.start, "host": self.host}).encode()

    @classmethod
    def from_bytes(cls, data: bytes) -> LockOwner | None:
        """The owner written in a lock file; None if nothing readable is written (yet)."""
        try:
            document = json.loads(data.decode("utf-8"))
        except (ValueError, RecursionError):
            return None
        if not isinstance(document, dict):
            return None
        pid, start, host = document.get("pid"), document.get("start"), document.get("host")
        if not (isinstance(pid, int) and not isinstance(pid, bool) and pid > 0):
            return None
        return cls(pid, start if isinstance(start, str) else None, host if isinstance(host, str) else None)


def lock_path(save: Path) -> Path:
    """The lock file beside a save file."""
    return save.with_name(save.name + LOCK_SUFFIX)


def process_start(pid: int) -> str | None:
    """When process ``pid`` started, as the system counts (Linux: ticks since boot; Windows: its
    creation time); None if unknown.

    Kept in the lock with the pid, so that a pid reused by another process
    after the owner died is not taken for the owner.
    """
    if sys.platform == "win32":
        return windows_processes.process_created(pid)
    try:
        text = Path(f"/proc/{pid}/stat").read_text(encoding="ascii", errors="replace")
    except OSError:
        return None
    fields = text[text.rfind(")") + 2 :].split()  # the name in parentheses may hold spaces
    return fields[19] if len(fields) > 19 else None  # field 22 of stat; 3 is the first after the name


def this_process() -> LockOwner:
    """The owner to write in a lock taken by this process."""
    pid = os.getpid()
    return LockOwner(pid, process_start(pid), socket.gethostname())


def process_alive(owner: LockOwner) -> bool:
    """Whether the process that wrote a lock may still be running (when in doubt, yes).

    On POSIX ``os.kill(pid, 0)`` says whether the pid exists; on Windows,
    where ``os.kill`` would end the process, kernel32 says whether it is
    running (``windows_processes``).  A start time that differs from the one
    in the lock means the pid was reused.  A lock written on another host (a
    shared folder) cannot be checked: alive.
    """
    if owner.pid is None:
        return True
    if owner.host is not None and owner.host != socket.gethostname():
        return True
    if sys.platform == "win32":
        if not windows_processes.process_running(owner.pid):
            return False
        return not _reused(owner)
    if os.name != "posix":
        return True
    try:
        os.kill(owner.pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # PermissionError: it exists, as another user
        return True
    return not _reused(owner)


def _reused(owner: LockOwner) -> bool:
    """Whether the running process with the owner's pid started at another time than the owner."""
    if owner.start is None or owner.pid is None:
        return False
    start = process_start(owner.pid)
    return start is not None and start != owner.start


_HELD: set[SaveLock] = set()


@atexit.register
def _release_held_locks() -> None:
    """Leave no lock of ours behind, whichever way the program ends (short of being killed)."""
    for lock in list(_HELD):
        lock.release()


class SaveLock:
    """This process's lock on one save file; ``acquire`` takes it, ``release`` gives it back.

    The lock file is made with ``O_CREAT | O_EXCL``, so of two copies at most
    one makes it.  A stale lock (its process gone) is taken over under a
    second, short-lived lock, the break file: whoever holds the break file
    reads the lock again and removes it only if it is still the same stale
    owner's.  So of two copies that both find the same stale lock, the second
    sees the first one's fresh lock and is told the game is open.
    """

    def __init__(self, save: Path, owner: LockOwner) -> None:
        self.save = save
        self.path = lock_path(save)
        self.owner = owner
        self._held = True
        _HELD.add(self)

    @classmethod
    def acquire(cls, save: Path) -> SaveLock:
        """Lock ``save`` for this process; GameOpenElsewhere if another live copy has it.

        OSError if the lock file cannot be written (an unwritable folder).
        """
        save = Path(save)
        path = lock_path(save)
        owner = this_process()
        for _attempt in range(5):
            try:
                descriptor = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
            except FileExistsError:
                holder = _read_owner(path)
                if holder is not _GONE and _holder_alive(path, holder):
                    raise GameOpenElsewhere(save, holder.pid if isinstance(holder, LockOwner) else None) from None
                _break_stale(path, holder)
                continue
            try:
                os.write(descriptor, owner.to_bytes())
            except OSError:
                # A full disk: an empty lock would keep the name from a later copy for nothing.
                os.close(descriptor)
                with contextlib.suppress(OSError):
                    path.unlink()
                raise
            os.close(descriptor)
            return cls(save, owner)
        raise GameOpenElsewhere(save, None)

    def release(self) -> None:
        """Remove the lock file if it is still ours; nothing the second time."""
        if not self._held:
            return
        self._held = False
        _HELD.discard(self)
        try:
            if _read_owner(self.path) == self.owner:
                self.path.unlink()
        except OSError:
            pass

    @property
    def held(self) -> bool:
        """Whether this lock has not been released."""
        return self._held


_GONE = object()
"""What ``_read_owner`` returns when there is no lock file."""


def _read_owner(path: Path) -> LockOwner | None | object:
    """The owner in a lock file; None if it says nothing readable; ``_GONE`` if there is no file."""
    try:
        return LockOwner.from_bytes(path.read_bytes())
    except FileNotFoundError:
        return _GONE
    except OSError:
        return None


def _age(path: Path) -> float:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return 0.0


def _holder_alive(path: Path, holder: LockOwner | None | object) -> bool:
    """Whether a lock file's holder counts as alive: a live process, or a lock still being written."""
    if isinstance(holder, LockOwner):
        return process_alive(holder)
    return _age(path) < _YOUNG_LOCK_SECONDS


def _break_stale(path: Path, seen: LockOwner | None | object) -> None:
    """Remove the lock at ``path`` if it still holds the stale owner ``seen``, under the break file."""
    if seen is _GONE:
        return
    breaker = path.with_name(path.name + _BREAK_SUFFIX)
    try:
        descriptor = os.open(breaker, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        if _age(breaker) > _STALE_BREAK_SECONDS:
            breaker.unlink(missing_ok=True)  # left by a copy killed while taking over
        else:
            time.sleep(0.01)  # another copy is taking over: look again
        return
    try:
        os.close(descriptor)
        if _read_owner(path) == seen and not _holder_alive(path, seen):
            path.unlink(missing_ok=True)
    finally:
        breaker.unlink(missing_ok=True)


# ------------------------------------------------------------ the saved games
class LockedGameSaver(GameSaver):
    """A ``GameSaver`` that holds the lock on its save file, and gives it back when done.

    ``delete`` (the game is over) deletes the save, then releases the lock.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        setup: GameSetup,
        actions: Iterable[SavedAction] = (),
        lock: SaveLock | None = None,
        party: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(path, setup, actions, party)
        self.lock = lock

    def delete(self) -> None:
        super().delete()
        self.release()

    def release(self) -> None:
        """Give the lock back (at every way out of the game); the save is kept."""
        if self.lock is not None:
            self.lock.release()


@dataclass
class SaveEntry:
    """One save file as found: the game in it, or why it cannot be read."""

    path: Path
    saved_at: float
    """When it was last written (seconds since the epoch)."""
    game: SavedGame | None = None
    damage: str | None = None
    """Why the file cannot be read back into a game (None for a good save)."""
    open_by: LockOwner | None = None
    """The other live copy of the program that plays it, if any."""

    @property
    def resumable(self) -> bool:
        """A good save that no other copy is playing."""
        return self.game is not None and self.open_by is None


def _open_by(save: Path) -> LockOwner | None:
    """The live process holding the lock on ``save`` (not this one's), or None."""
    holder = _read_owner(lock_path(save))
    if holder is _GONE:
        return None
    if isinstance(holder, LockOwner):
        if any(lock.path == lock_path(save) for lock in _HELD) and holder == this_process():
            return None
        return holder if process_alive(holder) else None
    return LockOwner(None) if _holder_alive(lock_path(save), holder) else None


def read_game(path: Path) -> SavedGame | None:
    """The game saved at ``path`` (``saves.read_save``), its progressive party checked too when it is a
    table of one; DamagedSaveError if either cannot be read."""
    saved = read_save(path)
    if saved is not None and saved.party is not None:
        saved_party(saved)
    return saved


def find_saves(data: Path | None = None) -> list[SaveEntry]:
    """Every unfinished saved game and every save that cannot be read, newest first.

    A save whose game is over (left by a copy killed just as the game ended)
    is deleted, as the game itself would have done, unless another copy
    holds it.
    """
    entries = []
    for path in save_paths(data):
        try:
            saved_at = path.stat().st_mtime
        except OSError:
            continue
        entry = SaveEntry(path, saved_at, open_by=_open_by(path))
        try:
            entry.game = read_game(path)
        except DamagedSaveError as error:
            entry.damage = str(error)
        except RecursionError:
            entry.damage = "the save file is nested too deeply"
        if entry.game is None and entry.damage is None:
            continue  # gone since it was listed
        if entry.game is not None and entry.game.state.is_over:
            if entry.open_by is None:
                delete_save(path)
            continue
        entries.append(entry)
    entries.sort(key=_newest_first)
    return entries


_GAME_NAME = re.compile(r"game-(\d{8}-\d{6})(?:-(\d+))?\.json")


def _newest_first(entry: SaveEntry) -> tuple[float, int, int]:
    """Sort key: the latest written first; for the same moment, the latest started first."""
    match = _GAME_NAME.fullmatch(entry.path.name)
    if match is None:  # a save of an earlier version
        return (-entry.saved_at, 0, 0)
    return (-entry.saved_at, -int(match[1].replace("-", "")), -int(match[2] or 1))


def new_save(data: Path | None = None, started: float | None = None) -> tuple[Path, SaveLock | None]:
    """A file name for a new game, locked for this process: no save is ever overwritten.

    Named by the start time (``game-YYYYMMDD-HHMMSS.json``, then ``-2``, ``-3``
    if that is taken).  The lock reserves the name against another copy
    starting in the same second.  If the folder cannot be written the path
    comes with no lock: saving will say so, and the game goes on.
    """
    folder = saves_folder(data)
    stamp = time.strftime("%Y%m%d-%H%M%S", time.localtime(started if started is not None else time.time()))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return folder / f"game-{stamp}.json", None
    number = 1
    while True:
        path = folder / (f"game-{stamp}.json" if number == 1 else f"game-{stamp}-{number}.json")
        number += 1
        if path.exists():
            continue
        try:
            lock = SaveLock.acquire(path)
        except GameOpenElsewhere:
            continue
        except OSError:
            return path, None
        if path.exists():  # written by a copy that has let go of it since we looked
            lock.release()
            continue
        return path, lock


def lock_for_resume(path: Path) -> tuple[SavedGame | None, SaveLock | None]:
    """Lock a save and read it again under the lock (it may have changed since it was listed).

    GameOpenElsewhere if another copy plays it; DamagedSaveError if it cannot
    be read.  The game is None if the save is gone or its game is over (its
    file is then deleted).  If the folder is read-only, the game comes with
    no lock.
    """
    try:
        lock: SaveLock | None = SaveLock.acquire(path)
    except OSError:
        lock = None
    try:
        saved = read_game(path)
        if saved is not None and saved.state.is_over:
            delete_save(path)
            saved = None
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    if saved is None and lock is not None:
        lock.release()
        lock = None
    return saved, lock


def delete_saved_game(path: Path) -> None:
    """Delete a save the user asked to delete (a good one or one that cannot be read), and its lock.

    GameOpenElsewhere if another copy plays it; OSError if it cannot be deleted.
    """
    lock = SaveLock.acquire(path)
    try:
        delete_save(path)
    finally:
        lock.release()


def game_title(setup: GameSetup) -> str:
    """The game's name for a line of the list, like ``Original Rook Partnership Game``."""
    try:
        title = setup.rules().title
    except RuleSetError:
        try:
            return find_game(setup.variant).title  # a game without a trick rule set names itself
        except OptionError:
            return setup.variant
    title = title.removeprefix("the ")
    return title[0].upper() + title[1:]


__all__ = [
    "GameOpenElsewhere",
    "LEGACY_NAMES",
    "LockOwner",
    "LockedGameSaver",
    "SAVES_FOLDER",
    "SaveEntry",
    "SaveLock",
    "data_folder",
    "delete_saved_game",
    "find_saves",
    "game_title",
    "lock_for_resume",
    "lock_path",
    "new_save",
    "process_alive",
    "process_start",
    "save_paths",
    "saves_folder",
    "this_process",
]
