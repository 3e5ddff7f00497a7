"""Ctrl-C, the same everywhere: the first stops speech, a second within a second leaves.

At a prompt the terminal reads Ctrl-C as a key (``TerminalLines``); while
the computers think or the game pauses after a trick it arrives as SIGINT
(``ConsoleGame``). Both count the presses here, so a press at a prompt and
one just before it make a pair too. A press the game cannot act on at once
(a signal while an announcement or a save is under way) is kept here too, a
first one's notice (``defer_notice``) as a second one's leaving
(``defer_leave``), for whichever comes first to take it: the game's next
safe point, or the prompt about to wait for a line. The prompt takes it
before it reads a key, so an Enter pressed after the Ctrl-C is answered
after it, at that prompt, not before it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

CTRL_C_NOTICE = "To leave, press Ctrl-C twice within a second, or type quit."
"""Said after a first Ctrl-C: speech has stopped and the game goes on."""

CTRL_C_NOTICE_BRAILLE = "To leave: Ctrl-C twice, or type quit."
"""``CTRL_C_NOTICE`` within the 40 cells of the braille verbosity."""

def ctrl_c_notice(ctrl_c: CtrlC | None) -> str:
    """What a first Ctrl-C says: the shared counter's notice (the game sets it for its verbosity)."""
    return ctrl_c.notice if ctrl_c is not None else CTRL_C_NOTICE


LEAVE_WINDOW = 1.0
"""Seconds within which a second Ctrl-C leaves the game."""


class CtrlC:
    """Counts Ctrl-C presses: ``press`` says whether this one is the second within ``window`` seconds."""

    def __init__(self, window: float = LEAVE_WINDOW, clock: Callable[[], float] = time.monotonic) -> None:
        self.window = window
        self.clock = clock
        self._last = -math.inf
        self._leave_due = False
        self._notice_due = False
        self.notice = CTRL_C_NOTICE
        """What a first press says (``CTRL_C_NOTICE_BRAILLE`` with the braille verbosity: the game sets it)."""

    def press(self) -> bool:
        """Count one Ctrl-C; True when it follows another within the window (the user leaves).

        Safe in a signal handler: arithmetic only, no locks.
        """
        now = self.clock()
        second = now - self._last <= self.window
        self._last = -math.inf if second else now
        return second

    def defer_leave(self) -> None:
        """A second press came where it cannot be acted on at once: the next to ``take_leave`` leaves.

        Safe in a signal handler."""
        self._leave_due = True

    def take_leave(self) -> bool:
        """Whether a deferred second press waits to be acted on (it is then taken: the caller leaves)."""
        due, self._leave_due = self._leave_due, False
        return due

    def defer_notice(self) -> None:
        """A first press came where its notice cannot be said at once: the next to ``take_notice`` says it.

        Safe in a signal handler."""
        self._notice_due = True

    def take_notice(self) -> bool:
        """Whether a first press's notice waits to be said (it is then taken: the caller says it)."""
        due, self._notice_due = self._notice_due, False
        return due
