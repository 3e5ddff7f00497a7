"""The braille display, reached directly through BrlAPI (BRLTTY's client interface).

When BRLTTY runs, the game can write to the display itself instead of leaving
it to follow the screen: the display shows the latest announcement, in 8-dot
computer braille made by liblouis (so cards read as on the braille Rook kits,
``14r`` as ⠂⠲⠗, whatever text table BRLTTY uses).  A line longer than the
display is shown a piece at a time, cut at blanks so a card is never halved.

The display's own keys move through what was said, like reading a document:

- pan right / pan left (BRLTTY's FWINRT / FWINLT): the next or previous piece
  (a piece that does not end the line has dots 7 and 8 in the last cell);
  past the end of a line, the next line, and back;
- line down / line up (LNDN / LNUP): the next or previous announcement;
- home or return (HOME / RETURN), and bottom (BOT): back to the latest one.

Every other key is left to BRLTTY.  One worker thread owns the connection:
it writes what the game says and reads the keys, so the game never waits for
the display.  If BRLTTY goes away, the game is told once and goes on.

``BrailleDisplayChannel`` puts the display beside any output channel: the
channel prints and speaks as before (speech says the sentence), and the
display shows the compact line.
"""

from __future__ import annotations

import contextlib
import os
import queue
import threading
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

from ..announcer.message import Message
from ..announcer.panning import pan_pieces
from ..output.channels import FinishesSpeech
from ..system_packages import load_system_module
from .elsewhere import braille_on_note
from .translator import computer_braille, dot_bytes, load_louis

MORE = "\u28c0"
"""Dots 7 and 8 in the display's last cell: the line goes on; pan right to read it."""
BLANK = "\u2800"
HISTORY_LINES = 100
"""How many announcements the display keeps to read back."""
DEFAULT_WIDTH = 40
KEY_POLL_MS = 50
"""How long the worker waits for a key before looking for new lines again."""


class DisplayUnavailable(RuntimeError):
    """No braille display can be reached; the message says why, as the start of a notice line."""


def load_brlapi() -> ModuleType | None:
    """BRLTTY's Python module ``brlapi`` (Debian's ``python3-brlapi``), or None."""
    return load_system_module("brlapi")


@dataclass
class DisplayBuffer:
    """What the display shows and can pan to: recent lines, each cut into pieces.

    Pure bookkeeping (no BrlAPI), so panning is tested on its own.
    """

    width: int = DEFAULT_WIDTH
    history: int = HISTORY_LINES
    lines: deque[list[str]] = field(default_factory=deque)
    line: int = -1
    piece: int = 0

    def add(self, cells: str) -> None:
        """A new line: it is kept and shown from its start.

        A line longer than the display is cut into pieces; every piece but the
        last ends with ``MORE`` in the display's last cell, so a cut list of
        cards never reads as complete.
        """
        if len(cells) <= self.width or self.width < 3:
            self.lines.append(pan_pieces(cells, self.width))
        else:
            pieces = pan_pieces(cells, self.width - 2)
            marked = [piece.ljust(self.width - 1, BLANK) + MORE for piece in pieces[:-1]]
            self.lines.append([*marked, pieces[-1]])
        while len(self.lines) > self.history:
            self.lines.popleft()
        self.line = len(self.lines) - 1
        self.piece = 0

    def window(self) -> str:
        """The piece shown now ("" before anything is said)."""
        if self.line < 0:
            return ""
        return self.lines[self.line][self.piece]

    def pan_right(self) -> bool:
        """The next piece, or the start of the next line; False at the very end."""
        if self.line < 0:
            return False
        if self.piece + 1 < len(self.lines[self.line]):
            self.piece += 1
            return True
        return self.line_down()

    def pan_left(self) -> bool:
        """The previous piece, or the end of the previous line; False at the very start."""
        if self.piece > 0:
            self.piece -= 1
            return True
        if self.line <= 0:
            return False
        self.line -= 1
        self.piece = len(self.lines[self.line]) - 1
        return True

    def line_down(self) -> bool:
        """The start of the next line; False on the latest."""
        if self.line + 1 >= len(self.lines):
            return False
        self.line += 1
        self.piece = 0
        return True

    def line_up(self) -> bool:
        """The start of the previous line; False on the oldest."""
        if self.line <= 0:
            return False
        self.line -= 1
        self.piece = 0
        return True

    def latest(self) -> bool:
        """The start of the latest line."""
        if self.line < 0:
            return False
        self.line = len(self.lines) - 1
        self.piece = 0
        return True


def _key_actions(brlapi: ModuleType) -> dict[int, Callable[[DisplayBuffer], bool]]:
    """BRLTTY's commands this display handles, by key code."""
    return {
        brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_FWINRT: DisplayBuffer.pan_right,
        brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_FWINLT: DisplayBuffer.pan_left,
        brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_LNDN: DisplayBuffer.line_down,
        brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_LNUP: DisplayBuffer.line_up,
        brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_HOME: DisplayBuffer.latest,
        brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_RETURN: DisplayBuffer.latest,
        brlapi.KEY_TYPE_CMD | brlapi.KEY_CMD_BOT: DisplayBuffer.latest,
    }


class BrailleDisplay:
    """A braille display through BrlAPI; ``show`` a line, ``close`` to give the display back.

    ``host`` and ``auth`` are BrlAPI's (None: the ``BRLAPI_HOST`` and
    ``BRLAPI_AUTH`` environment variables, or the local BRLTTY).  Raises
    ``DisplayUnavailable`` if BRLTTY cannot be reached.
    """

    def __init__(
        self,
        *,
        host: str | None = None,
        auth: str | None = None,
        notice: Callable[[str], Any] | None = None,
    ) -> None:
        elsewhere = braille_on_note()
        if elsewhere is not None:
            raise DisplayUnavailable(elsewhere)
        brlapi = load_brlapi()
        if brlapi is None:
            raise DisplayUnavailable("No BrlAPI (install brltty and python3-brlapi)")
        self._brlapi = brlapi
        self._notice = notice
        try:
            self._connection = brlapi.Connection(_bytes(host), _bytes(auth))
        except Exception:
            raise DisplayUnavailable("No braille display (BRLTTY is not running)") from None
        try:
            self._enter_tty_mode()
            columns, rows = self._connection.displaySize
            self.width = max(1, columns * max(1, rows)) if columns else DEFAULT_WIDTH
            self._keys = _key_actions(brlapi)
            self._connection.ignoreKeys(brlapi.rangeType_all, [0])
            self._connection.acceptKeys(brlapi.rangeType_command, list(self._keys))
        except Exception:
            with contextlib.suppress(Exception):
                self._connection.closeConnection()
            raise DisplayUnavailable("The braille display could not be used") from None
        self._cells = load_louis() is not None
        self.buffer = DisplayBuffer(self.width)
        self.shown: list[str] = []
        """Every window written to the display, in order (what a test checks)."""
        self._lines: queue.Queue[str | _Marker | None] = queue.Queue()
        self._lost = False
        self.failure: str | None = None
        """Why the display was lost (the worker's exception), for a log or a test's message."""
        self._worker = threading.Thread(target=self._run, name="rook-access braille", daemon=True)
        self._worker.start()

    @property
    def driver(self) -> str:
        """BRLTTY's name for the display's driver, like ``Virtual`` or ``HandyTech``."""
        with contextlib.suppress(Exception):
            name = self._connection.driverName
            return name.decode() if isinstance(name, bytes) else str(name)
        return "unknown"

    def _enter_tty_mode(self) -> None:
        """Take the display for this program's terminal, or for the whole screen if that is unknown."""
        try:
            self._connection.enterTtyMode()
        except Exception:
            self._connection.enterTtyModeWithPath()

    @property
    def lost(self) -> bool:
        """Whether the display has gone (BRLTTY stopped) since it was opened."""
        return self._lost

    def show(self, line: str) -> None:
        """Show ``line`` from its start (it becomes the latest line); returns at once."""
        if not self._lost:
            self._lines.put(line)

    def idle(self, timeout: float = 2.0) -> bool:
        """Wait until every line given has been written; False on timeout."""
        done = threading.Event()
        self._lines.put(_Marker(done))
        return done.wait(timeout)

    def close(self) -> None:
        """Give the display back to BRLTTY."""
        self._lines.put(None)
        self._worker.join(2.0)

    # ----------------------------------------------------------- the worker
    def _run(self) -> None:
        try:
            while True:
                try:
                    item = self._lines.get(timeout=KEY_POLL_MS / 1000)
                except queue.Empty:
                    self._read_keys()
                    continue
                if item is None:
                    return
                if isinstance(item, _Marker):
                    item.done.set()
                    continue
                self.buffer.add(self._translate(item))
                self._write()
        except Exception as failure:
            self.failure = repr(failure)
            self._lost = True
            if self._notice is not None:
                self._notice(LOST_NOTICE)
        finally:
            with contextlib.suppress(Exception):
                self._connection.leaveTtyMode()
            with contextlib.suppress(Exception):
                self._connection.closeConnection()

    def _translate(self, line: str) -> str:
        return computer_braille(line) if self._cells else line

    def _read_keys(self) -> None:
        while True:
            key = self._connection.readKeyWithTimeout(0)
            if key is None:
                return
            action = self._keys.get(key & ~self._brlapi.KEY_FLAGS_MASK)
            if action is not None and action(self.buffer):
                self._write()

    def _write(self) -> None:
        window = self.buffer.window()
        self.shown.append(window)
        if self._cells:
            self._connection.writeDots(dot_bytes(window).ljust(self.width, b"\0"))
        else:
            self._connection.writeText(window)


@dataclass
class _Marker:
    done: threading.Event


def _bytes(value: str | None) -> bytes | None:
    return None if value is None else os.fsencode(value)


LOST_NOTICE = "Lost the braille display; braille off."


class BrailleDisplayChannel:
    """An output channel with the braille display beside it.

    Everything goes to ``inner`` as before (printed, spoken); the display
    shows each message's compact line, questions included.  If the display
    goes away, the next message is followed by one notice line, said through
    ``inner`` on the game's own thread (never printed into a prompt being typed).
    """

    def __init__(self, inner: Any, display: BrailleDisplay) -> None:
        self.inner = inner
        self.display = display
        self.name = f"{inner.name}+braille"
        self._told_lost = False

    def say(self, message: Message) -> None:
        if self.display.lost and not self._told_lost:
            self._told_lost = True
            self.inner.say(Message(LOST_NOTICE, LOST_NOTICE))
        self.inner.say(message)
        if message.compact:
            self.display.show(message.compact)

    def stop(self) -> None:
        self.inner.stop()

    def user_input(self) -> None:
        """The user typed a line: the inner channel cuts its speech as set; the display keeps its lines."""
        self.inner.user_input()

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until the inner channel and the display have taken everything said."""
        ok = self.inner.idle(timeout) if isinstance(self.inner, FinishesSpeech) else True
        return self.display.idle(2.0 if timeout is None else timeout) and ok

    def close(self) -> None:
        try:
            self.inner.close()
        finally:
            self.display.close()
