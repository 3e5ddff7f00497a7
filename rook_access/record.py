"""The ``--record`` file: the game as JSON Lines, one event a line, flushed as it happens."""

from __future__ import annotations

import json
from typing import IO, Any

from .engine import Event, GameStarted


class RecordWriter:
    """Writes events to an open text file in the record format.

    ``game_start`` lines get ``extra`` fields (the seats and the seed, say).
    """

    def __init__(self, stream: IO[str], extra: dict[str, Any] | None = None) -> None:
        self.stream = stream
        self.extra = extra or {}
        self.notice: str | None = None
        """A line to tell the user about the file as it was opened (``saves.resume_record`` sets it)."""

    def write(self, event: Event) -> None:
        record = event.to_record()
        if isinstance(event, GameStarted):
            record.update(self.extra)
        self.stream.write(json.dumps(record, separators=(",", ":")) + "\n")
        self.stream.flush()

    def close(self) -> None:
        self.stream.close()
