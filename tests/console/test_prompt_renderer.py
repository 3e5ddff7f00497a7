"""Enter leaves the prompt's line on the screen as it was drawn (``console.prompt_renderer``).

prompt_toolkit draws a done prompt again, the same text after erasing it, and Fenrir then read the whole
question again after one command in six.  These tests read what the console writes to the terminal; the
last ones, where a Ctrl-C that the game put off is said.
"""

from __future__ import annotations

import io
import re
import threading
import time

import pytest

from rook_access.console import lines as lines_module
from rook_access.console.interrupts import CTRL_C_NOTICE
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


def test_ctrl_c_clears_the_typed_line_from_the_screen_and_the_question_comes_again(terminal):
    keys, screen, lines = terminal
    said: list[str] = []
    lines.say = said.append

    def typist() -> None:  # as a person types: the prompt draws what was typed before Ctrl-C comes
        for text in ("bid 8", "\x03", "pass\r"):
            time.sleep(0.3)
            keys.send_text(text)

    thread = threading.Thread(target=typist)
    thread.start()
    assert lines.read(QUESTION) == "pass"
    thread.join()
    assert said and said[0].startswith("To leave, press Ctrl-C twice")
    written = screen.getvalue()
    assert written.count(QUESTION) == 2
    typed = written.index("bid 8")
    cancelled = written[typed:written.index(QUESTION, typed)]
    assert "\x1b[K" in cancelled  # the typed text erased where it stood


def test_keys_typed_ahead_draw_each_question_once(terminal):
    """Keys waiting before a prompt can finish it before its first drawing: the finished drawing must still not
    write the question again."""
    keys, screen, lines = terminal
    keys.send_text("bid 8\x03pass\r")
    assert lines.read(QUESTION) == "pass"
    assert screen.getvalue().count(QUESTION) == 2  # once before Ctrl-C, once after


def test_a_call_that_closes_unanswered_erases_its_question_and_what_was_typed(terminal):
    """Left on the screen, "Doubt? d" would read as if d had been typed; keys typed and not sent as if sent."""
    keys, screen, lines = terminal
    question = "Doubt? d to call, n to let it go."

    def typist() -> None:  # two keys typed once the question shows, and no Enter
        deadline = time.monotonic() + 10
        while question not in screen.getvalue() and time.monotonic() < deadline:
            time.sleep(0.02)
        keys.send_text("xy")

    thread = threading.Thread(target=typist)
    thread.start()
    assert lines.read_call(question, ["d", "n"], 2.0) is None
    thread.join()
    written = screen.getvalue()
    after = written[written.rindex("xy") + 2:]
    row = len(question) + 1 + len("xy")  # the question, the space after it and the keys typed
    assert f"\x1b[{row}D\x1b[J" in after  # back to the row's start, and everything from there erased
    assert question not in after


def test_a_call_answered_keeps_its_question_and_the_key_on_the_screen(terminal):
    """Erasing is for a call that closes unanswered: an answer stays after its question, and the next prompt (whose
    session is the same) is not erased when it is done."""
    keys, screen, lines = terminal
    question = "Doubt? d to call, n to let it go."
    assert lines.read_call(question, ["d", "n"], 0.5) is None
    keys.send_text("d")
    assert lines.read_call(question, ["d", "n"], 10.0) == "d"
    written = screen.getvalue()
    after = written[written.rindex(question):]
    assert "\x1b[0md" in after  # the key drawn after the question
    tail = after.split("\x1b[0md", 1)[1]
    assert "\r\n\x1b[J" in tail  # done: a new line below it, and only what is below erased
    assert not re.search(r"\x1b\[\d+D\x1b\[J", tail)  # not back to the row's start to erase it


@pytest.mark.parametrize(("width", "question", "ending"), [
    (40, "Your lead, 5 cards: 14g 13g 11g 7g.", "\n"),  # 35 cells: 3 left for the answer
    (40, "Your bid: 70 to 120, or pass.", "\n"),  # 29 cells: 9 left, fewer than ANSWER_ROOM
    (80, "Your bid: 70 to 120, or pass.", " "),
])
def test_an_answer_with_too_little_room_after_its_question_starts_a_row_of_its_own(monkeypatch, width, question,
                                                                                     ending):
    monkeypatch.setattr(lines_module, "terminal_width", lambda stream: width)
    monkeypatch.setattr(lines_module, "terminal_rows", lambda line, stream: line)
    assert lines_module._prompt_rows(question) == question + ending


def test_a_piped_prompt_keeps_its_space():
    assert lines_module._prompt_rows(QUESTION) == QUESTION + " "  # the tests' output is no terminal


def test_a_ctrl_c_put_off_while_the_game_was_busy_is_said_before_the_prompt_reads_a_key(terminal):
    """A Ctrl-C that came as a signal while the game was busy (saying a trick) has its notice put off; the next
    prompt says it before the question, and the Enter pressed after the Ctrl-C answers the question after it."""
    keys, screen, lines = terminal
    said: list[str] = []
    spoken: list[str] = []
    lines.say = said.append
    lines.speak = spoken.append
    lines.ctrl_c.defer_notice()  # as the game's SIGINT handler does
    keys.send_text("\r")
    assert lines.read(QUESTION) == ""
    assert said == [CTRL_C_NOTICE] and spoken == [QUESTION]
    assert not lines.ctrl_c.take_notice()  # said once


def test_a_ctrl_c_put_off_as_the_prompt_opens_is_shown_with_the_question_before_it(terminal):
    """The signal can come after the prompt has looked for a notice put off, before prompt_toolkit takes Ctrl-C
    itself: the prompt's start shows the notice with the question, before it, and speaks the question again."""
    keys, screen, lines = terminal
    said: list[str] = []
    spoken: list[str] = []
    lines.say = said.append

    def speak(line: str) -> None:
        spoken.append(line)
        if len(spoken) == 1:
            lines.ctrl_c.defer_notice()  # while the question is being spoken

    lines.speak = speak
    keys.send_text("\r")
    assert lines.read(QUESTION) == ""
    assert said == [] and spoken == [QUESTION, CTRL_C_NOTICE, QUESTION]
    written = screen.getvalue()
    assert written.count(CTRL_C_NOTICE) == 1 and written.count(QUESTION) == 1
    assert written.index(CTRL_C_NOTICE) < written.index(QUESTION)


def test_a_ctrl_c_put_off_is_said_before_a_quick_call_is_read(terminal):
    keys, screen, lines = terminal
    said: list[str] = []
    lines.say = said.append
    lines.ctrl_c.defer_notice()
    keys.send_text("d")
    assert lines.read_call("Doubt? d to call, n to let it go.", ["d", "n"], 10.0) == "d"
    assert said == [CTRL_C_NOTICE]

