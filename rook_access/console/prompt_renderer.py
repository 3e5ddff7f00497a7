"""A prompt that leaves the line it drew in place when Enter is pressed.

prompt_toolkit's renderer, when a prompt is done, moves back to the prompt's
first row, erases everything below and draws the prompt and the typed line
again, the same text. A screen reader watching the screen (Fenrir, and
others that read what changes) may take the rewritten line for new text and
read the whole question again after every command. ``InPlaceRenderer`` draws
the finished prompt as a change from what is on the screen, which is usually
nothing, and only then moves below it, as a plain ``input()`` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from prompt_toolkit.renderer import Renderer

if TYPE_CHECKING:
    from prompt_toolkit import PromptSession
    from prompt_toolkit.application import Application
    from prompt_toolkit.layout import Layout


class InPlaceRenderer(Renderer):
    """prompt_toolkit's renderer, but the done prompt is not erased and drawn again (the module says why)."""

    def render(self, app: Application[Any], layout: Layout, is_done: bool = False) -> None:
        # The style a finished prompt takes ("class:accepted") changes nothing shown in this console's one color,
        # but it would make every character count as changed and be drawn again; keys typed ahead can finish a
        # prompt before its first drawing, so it is dropped from every drawing.
        app.exit_style = ""
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


def draw_in_place(session: PromptSession[Any]) -> None:
    """Give ``session`` the renderer that leaves a done prompt in place (``InPlaceRenderer``)."""
    app = session.app
    old = app.renderer
    app.renderer = InPlaceRenderer(
        old.style,
        old.output,
        full_screen=old.full_screen,
        mouse_support=old.mouse_support,
        cpr_not_supported_callback=old.cpr_not_supported_callback,
    )
