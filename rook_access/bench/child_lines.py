"""A child program's output, read line by line on a thread, waited for with a deadline.

A test or a benchmark that reads a program's output with ``for line in
process.stdout`` hangs for as long as the program stalls.  ``ChildLines``
reads the pipe on a daemon thread instead; every wait has a deadline, and a
program that stalls, or ends without the line waited for, is an
``AssertionError`` that says what it printed so far, never a hang.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from re import Pattern
from typing import IO

DEADLINE = 60.0
"""Seconds a wait lasts at most: far longer than any line takes, even on a loaded machine."""

SHOWN = 40
"""The last lines read that a failure shows."""


class ChildLines:
    """The lines a child program writes on ``stream`` (a text pipe), read as they come.

    ``lines`` holds every line read so far, without its newline; ``ended`` is
    true once the program has closed its end.
    """

    def __init__(self, stream: IO[str], name: str = "the program") -> None:
        self.name = name
        self.lines: list[str] = []
        self.ended = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._pump, args=(stream,), name="child lines", daemon=True)
        self._thread.start()

    def _pump(self, stream: IO[str]) -> None:
        try:
            for line in stream:
                with self._changed:
                    self.lines.append(line.rstrip("\r\n"))
                    self._changed.notify_all()
        except (OSError, ValueError):
            pass  # the pipe was closed under us: the output ends here
        finally:
            with self._changed:
                self.ended = True
                self._changed.notify_all()

    def wait_for(self, wanted: Pattern[str] | Callable[[str], bool], start: int = 0, timeout: float = DEADLINE) -> int:
        """The index of the first line from ``start`` on that ``wanted`` matches (a pattern searched
        in the line, or a test of it), waiting for it at most ``timeout`` seconds.

        AssertionError, naming what was read, if the program ends or the time runs out first."""
        matches = wanted.search if isinstance(wanted, Pattern) else wanted
        what = wanted.pattern if isinstance(wanted, Pattern) else getattr(wanted, "__name__", "the line")
        deadline = time.monotonic() + timeout
        with self._changed:
            index = start
            while True:
                while index < len(self.lines):
                    if matches(self.lines[index]):
                        return index
                    index += 1
                if self.ended:
                    raise AssertionError(f"{self.name} ended without a line matching {what!r}; {self._read()}")
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(
                        f"{self.name} wrote no line matching {what!r} within {timeout:g} s; {self._read()}"
                    )
                self._changed.wait(left)

    def wait_for_end(self, timeout: float = DEADLINE) -> list[str]:
        """Every line, once the program has closed its output, waiting at most ``timeout`` seconds;
        AssertionError, naming what was read, if it has not by then."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not self.ended:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{self.name} did not end its output within {timeout:g} s; {self._read()}")
                self._changed.wait(left)
            return list(self.lines)

    def _read(self) -> str:
        """What was read so far, for a failure's message (the lock held)."""
        if not self.lines:
            return "it wrote nothing"
        shown = self.lines[-SHOWN:]
        skipped = f" ({len(self.lines) - len(shown)} earlier lines left out)" if len(shown) < len(self.lines) else ""
        return f"it wrote{skipped}:\n" + "\n".join(shown)
