"""The speech log: what the speech back ends were asked to say, and what became of it.

When the environment variable ``ROOK_ACCESS_SPEECH_LOG`` names a file, every
speaking channel appends one JSON object a line to it, so a test (or a
curious user) can check that each announcement was spoken in full, in order,
and cut only by the user.  Each line has ``t`` (seconds, ``time.monotonic``),
``backend`` (``voice`` or ``screenreader``) and ``event``:

- ``say``: an announcement queued: ``id``, ``text``, ``interrupt`` (whether
  the request itself cuts speech; always false now);
- ``start``: announcement ``id`` begins to be spoken (handed to the engine);
- ``end``: announcement ``id`` is over; ``cut`` tells whether it was cut off
  before its end (None when the screen reader does not say);
- ``drop``: announcement ``id`` was dropped unsaid;
- ``input``: the user typed a line; ``mode`` is the ``interrupt`` setting;
- ``stop``: the user's stop key or command;
- ``close``: the program leaves.

Without the variable nothing is written and the cost is one test of None.
"""

from __future__ import annotations

import json
import os
import threading
import time
from typing import IO, Any

ENVIRONMENT = "ROOK_ACCESS_SPEECH_LOG"
"""The environment variable naming the speech log file."""


class SpeechLog:
    """Appends speech events to the file ``ENVIRONMENT`` names, one JSON line each; does nothing without it."""

    def __init__(self, backend: str, path: str | None = None) -> None:
        self.backend = backend
        path = os.environ.get(ENVIRONMENT) if path is None else path
        self._stream: IO[str] | None = None
        self._lock = threading.Lock()
        if path:
            try:
                self._stream = open(path, "a", encoding="utf-8")  # noqa: SIM115 - kept open, closed by close()
            except OSError:
                self._stream = None  # a log that cannot be written never stops the game

    @property
    def active(self) -> bool:
        """Whether events are written anywhere."""
        return self._stream is not None

    def write(self, event: str, **fields: Any) -> None:
        """One event, as one whole line."""
        if self._stream is None:
            return
        record = {"t": round(time.monotonic(), 4), "backend": self.backend, "event": event, **fields}
        line = json.dumps(record, ensure_ascii=False) + "\n"
        with self._lock:
            if self._stream is None:
                return
            try:
                self._stream.write(line)
                self._stream.flush()
            except (OSError, ValueError):
                pass

    def close(self) -> None:
        """Stop writing; later events are ignored."""
        with self._lock:
            stream, self._stream = self._stream, None
        if stream is not None:
            try:
                stream.close()
            except OSError:
                pass
