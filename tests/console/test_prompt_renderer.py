"""Enter leaves the prompt's line on the screen as it was drawn (``console.prompt_renderer``).

prompt_toolkit draws a done prompt again, the same text after erasing it, and Fenrir then read the whole
question again after one command in six.  These tests read what the console writes to the terminal.
"""

from __future__ import annotations

import io

import pytest

from rook_access.console import lines as lines_module
from rook_access.console.lines import TerminalLines

QUESTION = "Your bid: 70 to 120, or pass."


class Screen(io.StringIO):
    """A terminal's stream: what was written, in order."""

    encoding = "utf-8"

    def isatty(self) -> bool:
        return True


@pytest.fixture
def terminal(monkeypatch):
    """A prompt_toolkit session writing its escape codes to a ``Screen`` of 80 columns, keys from a pipe."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output.color_depth import ColorDepth
    from prompt_toolkit.output.vt100 import Vt100_Output

    screen = Screen()
    output = Vt100_Output(screen, lambda: Size(rows=24, columns=80), term="xterm",
                          default_color_depth=ColorDepth.MONOCHROME, enable_bell=False, enable_cpr=False)
    monkeypatch.setattr(lines_module, "console_output", lambda: output)
    with create_pipe_input() as keys, create_app_session(input=keys, output=output):
        yield keys, screen, TerminalLines(say=lambda line: None, speak=lambda line: None)


def after_the_typing(written: str, typed: str) -> str:
    """What the console wrote after the last key of ``typed`` was drawn."""
    return written[written.rindex(typed[-1]) + 1:]


def test_enter_does_not_draw_the_question_again(terminal):
    keys, screen, lines = terminal
    keys.send_text("pass\r")
    assert lines.read(QUESTION) == "pass"
    written = screen.getvalue()
    assert written.count(QUESTION) == 1
    after = after_the_typing(written, "pass")
    assert "\x1b[J" in after  # what is below the line is cleared for the lines to come
    assert "\r\n" in after and "pass" not in after and "Your" not in after


def test_a_quick_key_shows_its_command_after_the_question_once(terminal):
    keys, screen, lines = terminal
    keys.send_text("\x1bOS")  # F4: the hand
    assert lines.read(QUESTION) == "hand"
    written = screen.getvalue()
    assert written.count(QUESTION) == 1
    assert written.count("hand") == 1


def test_each_prompt_is_drawn_once_and_the_next_begins_on_a_new_line(terminal):
    keys, screen, lines = terminal
    keys.send_text("hand\r")
    assert lines.read(QUESTION) == "hand"
    keys.send_text("85\r")
    assert lines.read(QUESTION) == "85"
    written = screen.getvalue()
    assert written.count(QUESTION) == 2
    between = written[written.index("hand") + len("hand"):written.rindex(QUESTION)]
    assert "\r\n" in between
