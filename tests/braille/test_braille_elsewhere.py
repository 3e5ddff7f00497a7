"""BRLTTY is Linux's: on Windows and macOS, ``braille on``, ``--help`` and ``settings`` say so, and which
screen reader's braille to use instead; on Linux they say what they said."""

from __future__ import annotations

import sys

import pytest

from rook_access.braille import display
from rook_access.braille.display import BrailleDisplay, DisplayUnavailable
from rook_access.console.cli import build_parser, open_output
from rook_access.output.channels import PlainChannel
from rook_access.settings import Settings

SYSTEMS = [("win32", "Windows", "NVDA or JAWS"), ("darwin", "macOS", "VoiceOver")]


def _no_brlapi_asked(monkeypatch):
    def load_brlapi():
        raise AssertionError("BrlAPI is BRLTTY's: not looked for on this system")

    monkeypatch.setattr(display, "load_brlapi", load_brlapi)


@pytest.mark.parametrize(("platform", "system", "readers"), SYSTEMS)
def test_braille_on_says_it_is_for_linux_and_whose_braille_to_use(monkeypatch, platform, system, readers):
    monkeypatch.setattr(sys, "platform", platform)
    note = f"Braille on is for Linux with BRLTTY; on {system}, {readers} shows the game in braille"
    _no_brlapi_asked(monkeypatch)
    with pytest.raises(DisplayUnavailable) as missing:
        BrailleDisplay()
    assert str(missing.value) == note
    notices = []
    channel = open_output(Settings(output="plain", braille="on"), notices.append)
    assert isinstance(channel, PlainChannel)
    assert notices == [note + "; braille off."]


@pytest.mark.parametrize(("platform", "system", "readers"), SYSTEMS)
def test_help_and_settings_say_the_braille_setting_is_for_linux(monkeypatch, platform, system, readers):
    monkeypatch.setattr(sys, "platform", platform)
    help_text = " ".join(build_parser().format_help().split())
    assert (
        f"--braille {{off,on}} on: for Linux, a braille display through BRLTTY; on {system}, leave it off "
        f"(the default): {readers} shows the game in braille" in help_text
    )
    line = next(line for line in Settings().describe() if line.startswith("braille "))
    assert line == (
        f"braille off: on is for Linux with BRLTTY; on {system}, keep it off: {readers} shows the game in braille."
    )


def test_on_linux_the_braille_setting_still_means_brltty(monkeypatch):
    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(display, "load_brlapi", lambda: None)
    with pytest.raises(DisplayUnavailable, match=r"No BrlAPI \(install brltty and python3-brlapi\)"):
        BrailleDisplay()
    line = next(line for line in Settings().describe() if line.startswith("braille "))
    assert line == (
        "braille off: on shows the game on a braille display through BRLTTY, off leaves it to your screen reader."
    )
