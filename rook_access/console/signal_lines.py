"""Piped input lines whose wait a signal always ends.

A plain ``readline`` of standard input can miss a signal: Python's handler
for SIGTERM (or SIGHUP, a closed terminal window) runs only between bytecodes
of the main thread, and a blocking ``read()`` returns early only for a signal
that arrives while it waits.  A signal that arrives just before the
``read()`` begins (seen on a loaded machine with ``--output voice``, whose
speech thread takes the processor at that moment) is noted and then waits,
with the program, for a line that may never come: the program does not leave
and its files stay.

``SignalLines`` reads the descriptor itself and waits in ``select`` on it and
on a pipe that every signal's arrival writes a byte to
(``signal.set_wakeup_fd``), so a signal noted at any moment before or during
the wait ends it, and its handler runs.  POSIX only (``select`` takes no
pipes on Windows), and in the main thread only (the only one whose wait a
signal's handler can end); elsewhere ``wakes_on_signals`` says no and the
stream's own ``readline`` is used.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import select
import signal
import sys
import threading
from collections.abc import Iterator
from typing import IO, TextIO

CHUNK = 65536
"""Bytes read at a time."""

_wake_pipe: tuple[int, int] | None = None
"""The pipe a signal writes a byte to while a line is awaited (read end, write end), made once."""


def wakes_on_signals(stream: IO[str]) -> bool:
    """Whether ``stream`` can be read by ``SignalLines`` here: a descriptor, POSIX, the main thread."""
    if sys.platform == "win32" or threading.current_thread() is not threading.main_thread():
        return False
    try:
        stream.fileno()
    except (OSError, ValueError, io.UnsupportedOperation):
        return False
    return True


@contextlib.contextmanager
def signal_wake() -> Iterator[int | None]:
    """For the block, a descriptor that becomes readable when a signal arrives; None if it cannot be had
    (another part of the program already has the process's one wake-up descriptor)."""
    global _wake_pipe
    if sys.platform == "win32":  # no select on pipes there (wakes_on_signals says no)
        yield None
        return
    if _wake_pipe is None:
        reading, writing = os.pipe()
        os.set_blocking(reading, False)
        os.set_blocking(writing, False)
        _wake_pipe = (reading, writing)
    reading, writing = _wake_pipe
    try:
        previous = signal.set_wakeup_fd(writing, warn_on_full_buffer=False)
    except ValueError:  # not the main thread: no signal's handler runs here anyway
        yield None
        return
    if previous not in (-1, writing):
        signal.set_wakeup_fd(previous)  # someone else's: leave it to them
        yield None
        return
    try:
        yield reading
    finally:
        signal.set_wakeup_fd(previous)


def _drain(reading: int) -> None:
    """Empty the wake-up pipe (it never blocks)."""
    with contextlib.suppress(OSError):
        while os.read(reading, 512):
            pass


class SignalLines:
    """Lines of a text stream's descriptor, each waited for so that a signal ends the wait.

    Decoded as the stream would decode them (its encoding and error handling,
    and universal newlines), from bytes read straight from the descriptor:
    nothing else may read the stream meanwhile.
    """

    def __init__(self, stream: TextIO) -> None:
        self.fd = stream.fileno()
        decoder = codecs.getincrementaldecoder(stream.encoding or "utf-8")(stream.errors or "strict")
        self._decoder = io.IncrementalNewlineDecoder(decoder, translate=True)
        self._text = ""
        self._ended = False

    def readline(self) -> str:
        """The next line with its newline; the last without one; "" at the end of input.

        A signal's handler runs while the line is awaited: one that raises
        (the program's SIGTERM leaves with ``SystemExit``) ends the wait."""
        while "\n" not in self._text and not self._ended:
            self._read_some()
        end = self._text.find("\n") + 1 or len(self._text)
        line, self._text = self._text[:end], self._text[end:]
        return line

    def _read_some(self) -> None:
        with signal_wake() as woken:
            waited = [self.fd] if woken is None else [self.fd, woken]
            while True:
                ready, _, _ = select.select(waited, [], [])
                # Back from select, the handlers of the signals that arrived have run (a raise ends it here).
                if woken is not None and woken in ready:
                    _drain(woken)
                if self.fd in ready:
                    break
        chunk = os.read(self.fd, CHUNK)
        if not chunk:
            self._ended = True
        self._text += self._decoder.decode(chunk, final=not chunk)
