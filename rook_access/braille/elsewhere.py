"""BRLTTY is Linux's: what players on Windows and macOS use for braille instead.

``braille on`` writes to a braille display through BRLTTY's BrlAPI, which
Linux has.  On Windows, NVDA and JAWS show the console's lines on the braille
display themselves, and on macOS VoiceOver does: the game's plain lines (and
the ``braille`` verbosity, short lines for a 40-cell display) reach the
display through the screen reader.
"""

from __future__ import annotations

import sys

SCREEN_READERS_WITH_BRAILLE = {
    "win32": ("Windows", "NVDA or JAWS"),
    "darwin": ("macOS", "VoiceOver"),
}
"""The systems without BRLTTY, by ``sys.platform``: the system's name and the screen readers whose braille to use."""


def screen_reader_braille(platform: str | None = None) -> tuple[str, str] | None:
    """On a system without BRLTTY, its name and the screen readers that show the game in braille; None on Linux."""
    return SCREEN_READERS_WITH_BRAILLE.get(platform if platform is not None else sys.platform)


def braille_on_note(platform: str | None = None) -> str | None:
    """Why ``braille on`` does nothing on this system and what to use instead; None where BRLTTY may run."""
    elsewhere = screen_reader_braille(platform)
    if elsewhere is None:
        return None
    system, readers = elsewhere
    return f"Braille on is for Linux with BRLTTY; on {system}, {readers} shows the game in braille"


def braille_setting_help(platform: str | None = None) -> str:
    """What the braille setting does, as ``--help`` and ``settings`` say it on this system."""
    elsewhere = screen_reader_braille(platform)
    if elsewhere is None:
        return "on shows the game on a braille display through BRLTTY, off leaves it to your screen reader"
    system, readers = elsewhere
    return f"on is for Linux with BRLTTY; on {system}, keep it off: {readers} shows the game in braille"
