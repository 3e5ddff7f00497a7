"""Small helpers for the program's own files: names that never overwrite a file, and writes that a crash
never leaves half done.

    >>> from pathlib import Path
    >>> unused_name(Path("/nowhere/settings.toml"), "damaged", stamp="20261125-021500")
    PosixPath('/nowhere/settings.damaged-20261125-021500.toml')
"""

from __future__ import annotations

import os
import time
from pathlib import Path


def unused_name(path: Path, label: str, stamp: str | None = None) -> Path:
    """``NAME.LABEL-YYYYMMDD-HHMMSS.SUFFIX`` beside ``path``, with ``-2``, ``-3`` added if that is taken.

    For keeping a file the program cannot use (a damaged settings file, a
    record that does not match its save) beside the new one, never over anything.
    """
    stamp = stamp or time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{label}-{stamp}{path.suffix}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.stem}.{label}-{stamp}-{number}{path.suffix}")
    return target


def write_atomically(path: Path, data: bytes, temp: Path) -> None:
    """Write ``data`` to ``path`` whole or not at all: into ``temp`` (same folder), flushed to the disk, then
    renamed over ``path`` and the rename made durable; ``temp`` is removed if anything fails."""
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        with open(temp, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, path)
    except BaseException:
        try:
            os.unlink(temp)
        except OSError:
            pass
        raise
    _sync_folder(path.parent)


def _sync_folder(folder: Path) -> None:
    """Make the rename itself durable where the system allows syncing a folder."""
    try:
        descriptor = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
