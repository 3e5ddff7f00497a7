"""Keep a library's chatter off the user's screen.

Some speech libraries print on standard output or error when they start
(``accessible_output2``: "Cannot find Speech Dispatcher..."; espeak-ng's C
code on a broken installation).  A person using a screen reader hears every
such line, so it must never reach the terminal.
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import os
import sys
from collections.abc import Iterator


def _flush_c_stdio() -> None:
    """Flush the C library's buffered streams, so what C code wrote goes where
    the descriptors point now (into the discard), not later onto the screen."""
    try:
        ctypes.CDLL(None).fflush(None)
    except Exception:
        pass


@contextlib.contextmanager
def quiet_output() -> Iterator[io.StringIO]:
    """Discard everything written to standard output and error inside the block.

    Python-level writes (``print``) go into the returned buffer, C-level
    writes to file descriptors 1 and 2 go to the null device.  Descriptors
    are process-wide: use this only around start-up code (creating a speech
    engine), never around speech running beside the game.
    """
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    saved: list[tuple[int, int]] = []
    devnull = -1
    with contextlib.suppress(OSError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        for fd in (1, 2):
            try:
                copy = os.dup(fd)
            except OSError:
                continue  # that descriptor is not open: nothing to protect
            saved.append((fd, copy))
            os.dup2(devnull, fd)
    sink = io.StringIO()
    try:
        with contextlib.redirect_stdout(sink), contextlib.redirect_stderr(sink):
            yield sink
    finally:
        _flush_c_stdio()
        for fd, copy in saved:
            with contextlib.suppress(OSError):
                os.dup2(copy, fd)
            with contextlib.suppress(OSError):
                os.close(copy)
        if devnull >= 0:
            with contextlib.suppress(OSError):
                os.close(devnull)


def _no_print(*args: object, **kwargs: object) -> None:
    """A ``print`` that prints nothing."""


def silence_module_prints(package: str) -> None:
    """Make ``print`` inside every loaded module of ``package`` print nothing.

    pyttsx3's espeak driver prints "Audio saved to ..." after each file it
    writes, from our speech thread, while the game prints on the same screen:
    redirecting ``sys.stdout`` or the descriptors would swallow the game's own
    lines too, so the library's own name ``print`` is shadowed instead.
    """
    for name, module in list(sys.modules.items()):
        if module is None or not (name == package or name.startswith(package + ".")):
            continue
        with contextlib.suppress(Exception):
            setattr(module, "print", _no_print)  # noqa: B010 - a module's name, set from outside
