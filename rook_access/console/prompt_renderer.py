"""A prompt that leaves the line it drew in place when Enter is pressed.

prompt_toolkit's renderer, when a prompt is done, moves back to the prompt's
first row, erases everything below and draws the prompt and the typed line
again, the same text. A screen reader watching the screen (Fenrir, and
others that read what changes) may take the rewritten line for new text and
read the whole question again after every command. ``InPlaceRenderer`` draws
the finished prompt as a change from what is on the screen, which is usually
nothing, and only then moves below it, as a plain ``input()`` does.

When the window is made narrower, most terminals (tmux, GNOME Terminal and
the others built on VTE, Konsole, kitty, Windows Terminal, macOS Terminal)
rewrap what they show: a row of the prompt wider than the new window
becomes two or more, and the cursor moves down with its text.  prompt_toolkit
then erases its prompt from as many rows above the cursor as it drew, at the
old width, draws it again from there, and leaves the first rows of the old
prompt above the new one: a copy of the question, which a screen reader
reads as a new line.  ``InPlaceRenderer`` counts the rows each drawn row has
become (``rewrapped_rows``) and erases from the prompt's real first row, and
draws the prompt again only once the size has settled (``settle_resizes``).
The Linux console cuts long rows instead of rewrapping them, and so does the
screen Fenrir's pty driver reads: both are told by ``TERM=linux`` and left to
prompt_toolkit's count.  xterm cuts them too but cannot be told apart: there
as many rows above the prompt as it would have gained are erased with it.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from prompt_toolkit.data_structures import Point
from prompt_toolkit.renderer import Renderer

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import Application
    from prompt_toolkit.layout import Layout
    from prompt_toolkit.layout.screen import Char, Screen


def cells_drawn(row: dict[int, Char]) -> int:
    """How many cells of a drawn row the terminal holds: up to its last character that is not a blank
    (prompt_toolkit writes no blanks at a row's end)."""
    return max((column + (char.width or 1) for column, char in row.items() if char.char != " "), default=0)


def rewrapped_rows(screen: Screen, cursor: Point, width: int) -> int:
    """How many rows above the cursor a drawing of prompt_toolkit's (``screen``, with the cursor at ``cursor``)
    starts once a terminal that rewraps its lines has made it ``width`` cells wide.

    Each drawn row ends in a line break of its own (prompt_toolkit moves to the next row with a newline, never
    by writing past the margin), so each is rewrapped alone into ``ceil(cells / width)`` rows; the cursor goes
    with the cell it was on, or, past a row's last character, to the end of the row's last piece (as tmux
    puts it).
    """
    above = sum(max(1, -(-cells_drawn(screen.data_buffer[y]) // width)) for y in range(cursor.y))
    cells = cells_drawn(screen.data_buffer[cursor.y])
    if cursor.x >= cells:
        return above + max(0, cells - 1) // width
    return above + cursor.x // width


def rewraps_lines() -> bool:
    """Whether the terminal rewraps its lines to a new width: all the usual ones but the Linux console
    (``TERM=linux``), which cuts them.  Fenrir's pty driver tells the program ``TERM=linux`` too, and reads the
    program's output on a screen of its own that cuts them (pyte).  xterm cuts them, but cannot be told from the
    many terminals that call themselves xterm."""
    return os.environ.get("TERM", "") != "linux"


class InPlaceRenderer(Renderer):
    """prompt_toolkit's renderer, but the done prompt is not erased and drawn again (the module says why)."""

    def render(self, app: Application[Any], layout: Layout, is_done: bool = False) -> None:
        # The style a finished prompt takes ("class:accepted") changes nothing shown in this console's one color,
        # but it would make every character count as changed and be drawn again; keys typed ahead can finish a
        # prompt before its first drawing, so it is dropped from every drawing.
        app.exit_style = ""
        self._follow_rewrapping()
        if not is_done or self._last_screen is None or self._last_size != self.output.get_size():
            # Nothing drawn yet, or the window changed size since: prompt_toolkit's own full drawing.
            super().render(app, layout, is_done)
            return
        super().render(app, layout, is_done=False)  # only what changed: the quick keys' command, say
        drawn = self._last_screen
        assert drawn is not None  # the drawing just made
        output = self.output
        output.reset_attributes()
        below = drawn.height - self._cursor_pos.y
        output.write("\r\n" * max(below, 1))  # newlines, not cursor moves: they scroll at the bottom
        output.erase_down()
        output.enable_autowrap()
        output.flush()
        self.reset()

    def erase(self, leave_alternate_screen: bool = True) -> None:
        """Erase the prompt drawn (prompt_toolkit does before a drawing at a new window size, and before the
        lines a key says): from its first row, wherever a narrower window's rewrapping has put it."""
        self._follow_rewrapping()
        super().erase(leave_alternate_screen)

    def _follow_rewrapping(self) -> None:
        """If the window has been made narrower since the last drawing, put the cursor where the terminal's
        rewrapping has taken it (``rewrapped_rows``): erasing, or drawing again at the new width, starts by going
        up from it to the prompt's first row."""
        drawn, size = self._last_screen, self._last_size
        if drawn is None or size is None or not rewraps_lines():
            return
        width = self.output.get_size().columns
        if 0 < width < size.columns:
            # At the margin (x past any column goes there): rewrapping has moved the cursor's column too.
            self._cursor_pos = Point(x=width, y=rewrapped_rows(drawn, self._cursor_pos, width))


RESIZE_SETTLE_SECONDS = 0.3
"""How long the window must keep its new size before the prompt is drawn again for it."""


def settle_resizes(app: Application[Any]) -> None:
    """Draw ``app``'s prompt again for a new window size once, in one write, when the size has stopped changing.

    prompt_toolkit erases its prompt at every SIGWINCH (one write), draws it again (another), and does both once
    more when its poll of the size notices the change too.  A screen reader that looks at the screen between the
    two writes finds the question gone and then back, and may read it again as new; and a window being dragged
    changes size many times a second: a drawing made for one width that reaches the terminal when it has another
    is cut at its margin instead of rewrapped, and the next erasing, which counts the rows as drawn, then starts
    too high or too low (a row above the prompt erased, or a copy of its first row left).  Here the prompt is
    drawn when the size has been the same for ``RESIZE_SETTLE_SECONDS``, by the renderer's own drawing for a new
    size, which erases and draws in one write, from the prompt's first row (``InPlaceRenderer``); at the size it
    was last drawn for, nothing is written.  A key pressed meanwhile draws at once, at the size of the moment.
    """
    import asyncio

    waiting: asyncio.TimerHandle | None = None

    def draw() -> None:
        if not app.is_done:
            app.invalidate()

    def settled() -> None:
        nonlocal waiting
        if waiting is not None:
            waiting.cancel()
        waiting = asyncio.get_running_loop().call_later(RESIZE_SETTLE_SECONDS, draw)

    app._on_resize = settled  # type: ignore[method-assign]  # prompt_toolkit's SIGWINCH handler and size poll call it


def draw_in_place(session: PromptSession[Any]) -> None:
    """Give ``session`` the renderer that leaves a done prompt in place (``InPlaceRenderer``), and draws it again
    for a new window size once the size has settled (``settle_resizes``)."""
    app = session.app
    settle_resizes(app)
    old = app.renderer
    app.renderer = InPlaceRenderer(
        old.style,
        old.output,
        full_screen=old.full_screen,
        mouse_support=old.mouse_support,
        cpr_not_supported_callback=old.cpr_not_supported_callback,
    )
