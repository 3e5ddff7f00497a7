"""The ``--record`` file: the game as JSON Lines, one event a line, flushed as it happens."""

from __future__ import annotations

import json
from typing import IO, Any

from .engine import Event
from .engine.notation import event_to_json


class RecordWriter:
    """Writes events to an open text file in the record format.

    ``game_start`` lines get ``extra`` fields (the seats and the seed, say).
    A file that cannot be written (a full disk) never stops the game: the
    first OSError is kept in ``error``, and from then on events are only
    counted in ``lost``, not written.
    """

    def __init__(self, stream: IO[str], extra: dict[str, Any] | None = None) -> None:
        self.stream = stream
        self.extra = extra or {}
        self.notice: str | None = None
        """A line to tell the user about the file as it was opened (``saves.resume_record`` sets it)."""
        self.error: OSError | None = None
        """Why the file could not be written, once a write has failed."""
        self.lost = 0
        """How many events given to ``write`` are not in the file (the failed one and those after it)."""

    def write(self, event: Event) -> None:
        """Write one event as a line and flush it; after a failed write, only count it as lost."""
        if self.error is not None:
            self.lost += 1
            return
        record = event_to_json(event)
        if record.get("event") == "game_start":  # every game's first line: the seats and seed too
            record.update(self.extra)
        try:
            self.stream.write(json.dumps(record, separators=(",", ":")) + "\n")
            self.stream.flush()
        except OSError as error:
            self.error = error
            self.lost += 1

    def close(self) -> None:
        """Close the file; a failure to write was already kept in ``error``."""
        try:
            self.stream.close()
        except OSError as error:
            self.error = self.error or error
