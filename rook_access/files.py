"""Small helpers for the program's own files: names that never overwrite a file.

    >>> from pathlib import Path
    >>> unused_name(Path("/nowhere/settings.toml"), "damaged", stamp="20261125-021500")
    PosixPath('/nowhere/settings.damaged-20261125-021500.toml')
"""

from __future__ import annotations

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
