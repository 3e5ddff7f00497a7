"""Games of patience won and played, kept in the user data folder (``patience-stats.json``).

A small JSON object, by game name: ``{"solitaire": {"played": 10, "won": 3}}``,
written whole to a new file that then replaces the old one, so a kill never
leaves half a file.  A file that cannot be read counts as no games yet (and
is kept: the next write goes to the same name only after a game ends).

    >>> import tempfile, pathlib
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = pathlib.Path(folder) / STATS_FILE
    ...     _ = record_game(path, "solitaire", won=False)
    ...     record_game(path, "solitaire", won=True)
    {'played': 2, 'won': 1}
"""

from __future__ import annotations

import json
import os
from pathlib import Path

STATS_FILE = "patience-stats.json"
"""The file's name in the user data folder."""


def read_stats(path: Path) -> dict[str, dict[str, int]]:
    """The games played and won by game name; empty when the file is missing or unreadable."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    stats: dict[str, dict[str, int]] = {}
    for game, counts in data.items():
        if isinstance(counts, dict):
            played, won = counts.get("played"), counts.get("won")
            if isinstance(played, int) and isinstance(won, int) and 0 <= won <= played:
                stats[str(game)] = {"played": played, "won": won}
    return stats


def record_game(path: Path, game: str, won: bool) -> dict[str, int]:
    """Count one finished game of ``game``; its counts now.  OSError if the file cannot be written."""
    stats = read_stats(path)
    counts = stats.setdefault(game, {"played": 0, "won": 0})
    counts["played"] += 1
    counts["won"] += int(won)
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with open(temporary, "w", encoding="utf-8") as stream:
            json.dump(stats, stream, indent=1, sort_keys=True)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    return counts
