"""The console on Windows, run here: prompt_toolkit's Windows outputs replaced by fakes that record how they
were made, and the keys a Windows console sends (Ctrl-Z then Enter) typed through a pipe."""

from __future__ import annotations

import io
import sys
import types

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.color_depth import ColorDepth

from rook_access.console import lines as lines_module
from rook_access.console.lines import PlainLines, TerminalLines, console_output


class FakeVt100:
    def __init__(self) -> None:
        self.enable_bell = True
        self.enable_cpr = True


class FakeWindows10Output:
    """Records how it was made, as prompt_toolkit's Windows10_Output would be."""

    def __init__(self, stdout, default_color_depth=None) -> None:
        self.stdout = stdout
        self.default_color_depth = default_color_depth
        self.vt100_output = FakeVt100()


class FakeWin32Output:
    def __init__(self, stdout, use_complete_width=False, default_color_depth=None) -> None:
        self.stdout = stdout
        self.default_color_depth = default_color_depth


def _windows_consoles(monkeypatch, vt100_enabled: bool) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    windows10 = types.ModuleType("prompt_toolkit.output.windows10")
    windows10.Windows10_Output = FakeWindows10Output
    windows10.is_win_vt100_enabled = lambda: vt100_enabled
    win32 = types.ModuleType("prompt_toolkit.output.win32")
    win32.Win32Output = FakeWin32Output
    monkeypatch.setitem(sys.modules, "prompt_toolkit.output.windows10", windows10)
    monkeypatch.setitem(sys.modules, "prompt_toolkit.output.win32", win32)


def test_windows_terminal_gets_the_windows10_output_without_colors_bell_or_cursor_queries(monkeypatch):
    _windows_consoles(monkeypatch, vt100_enabled=True)
    output = console_output()
    assert isinstance(output, FakeWindows10Output)
    assert output.stdout is sys.stdout and output.default_color_depth is ColorDepth.MONOCHROME
    assert output.vt100_output.enable_bell is False and output.vt100_output.enable_cpr is False


def test_the_classic_console_host_gets_the_win32_output_without_colors(monkeypatch):
    _windows_consoles(monkeypatch, vt100_enabled=False)
    output = console_output()
    assert isinstance(output, FakeWin32Output)
    assert output.stdout is sys.stdout and output.default_color_depth is ColorDepth.MONOCHROME


def test_a_line_of_ctrl_z_ends_piped_input_like_the_end_of_the_file():
    said = []
    lines = PlainLines(io.StringIO("pass\n\x1a\nplay 14r\n"), said.append)
    assert lines.read("Your bid?") == "pass"
    assert lines.read("Your play?") is None
    assert said == ["Your bid?", "Your play?"]


@pytest.mark.parametrize(("typed", "read"), [("\x1a\r", None), ("\x04", None), ("pass\r", "pass")])
def test_ctrl_z_then_enter_at_the_prompt_ends_the_input_as_ctrl_d_does(monkeypatch, typed, read):
    monkeypatch.setattr(lines_module, "console_output", DummyOutput)
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
        lines = TerminalLines(say=lambda line: None, speak=lambda line: None)
        keys.send_text(typed)
        assert lines.read("Your bid:") == read
