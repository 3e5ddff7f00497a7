"""Speech synthesis that every speaker of the program's own voice shares.

The speech rates, pyttsx3's engine and its voices, text made safe for the
synthesizer, and saying a text through a sound file played by a player
program that can be stopped. ``channels.EspeakSpeaker`` (espeak-ng) and the
Windows and macOS speakers of ``native_voice`` both speak through it, and
``channels`` chooses among them; this module imports neither.
"""

from __future__ import annotations

import contextlib
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .quiet import quiet_output, silence_module_prints

# espeak-ng's range of speech rates, in words a minute, and its default.
MIN_RATE = 80
MAX_RATE = 450
DEFAULT_RATE = 175
# Longest wait for espeak-ng to synthesize one message (it takes milliseconds).
SYNTH_TIMEOUT = 10.0
# Control characters would be taken as espeak-ng embedded commands.
_CONTROL_CHARACTERS = re.compile(r"[\x00-\x1f\x7f]")


class EngineUnavailable(RuntimeError):
    """A speech engine or screen reader is missing; the message says which,
    as the start of a notice line ("No screen reader found")."""


class UnknownVoice(ValueError):
    """The voice asked for is not one the speech engine has."""


# pyttsx3 keeps one engine per driver and espeak-ng one synthesizer per
# process: every speaker synthesizes under this lock.
SYNTH_LOCK = threading.Lock()
# The engine's voice before anyone chose one.
DEFAULT_VOICE: dict[str, str | None] = {}


# The speech engine of each system, as the notice names it when it is missing.
ENGINE_NAMES = {"win32": "Windows speech (SAPI 5)", "darwin": "macOS speech"}


def load_engine(driver: str | None = None) -> Any:
    """pyttsx3's engine with ``driver`` (None: the system's own, espeak-ng on
    Linux, SAPI 5 on Windows, NSSpeechSynthesizer on macOS), started with its
    chatter kept off the screen."""
    try:
        import pyttsx3  # noqa: PLC0415
    except Exception:
        raise EngineUnavailable("No speech engine (pyttsx3) installed") from None
    try:
        with quiet_output():
            engine = pyttsx3.init(driver)
            engine.getProperty("voices")
    except Exception:
        raise EngineUnavailable(f"No {ENGINE_NAMES.get(sys.platform, 'espeak-ng speech engine')} found") from None
    silence_module_prints("pyttsx3")
    if driver is None:
        with SYNTH_LOCK:
            DEFAULT_VOICE.setdefault("voice", engine.getProperty("voice"))
    return engine


def short_voice_name(ident: str) -> str:
    """The last part of a voice's identifier: ``en-us`` of espeak-ng's
    ``gmw/en-us``, ``TTS_MS_EN-US_ZIRA_11.0`` of a SAPI registry key."""
    return re.split(r"[/\\]", ident)[-1]


def match_voice(engine: Any, wanted: str) -> str:
    """The engine's identifier of the voice ``wanted`` names, by identifier
    (``gmw/en-us``), its last part (``en-us``) or name (``English (America)``,
    ``Microsoft Zira Desktop - English (United States)``, ``Samantha``),
    case ignored."""
    key = wanted.strip().casefold()
    with SYNTH_LOCK:
        voices = list(engine.getProperty("voices"))
    for voice in voices:
        ident = str(voice.id)
        names = {ident.casefold(), short_voice_name(ident).casefold(), str(voice.name).casefold()}
        if key in names:
            return ident
    raise UnknownVoice(wanted)


def speakable_text(text: str) -> str:
    """``text`` with control characters made blanks (espeak-ng takes them for
    its embedded commands)."""
    return _CONTROL_CHARACTERS.sub(" ", text)


def play_file(
    command: list[str], path: Path, cancel: threading.Event, popen: Callable[..., Any] | None = None
) -> None:
    """Play the sound file ``path`` with the player program ``command`` to its
    end, or end the player soon after ``cancel`` is set.  A player that
    cannot start is silence (the line was printed)."""
    if cancel.is_set():
        return
    try:
        process = (popen or subprocess.Popen)(
            [*command, str(path)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    except OSError:
        return
    try:
        while process.poll() is None:
            if cancel.wait(0.02):
                process.terminate()
                break
    finally:
        try:
            process.wait(timeout=1)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def speak_through_file(
    text: str,
    cancel: threading.Event,
    new_path: Callable[[], Path],
    synthesize: Callable[[str, Path], bool],
    play: Callable[[Path, threading.Event], None],
    kept: list[Path] | None,
) -> None:
    """How every speaker says one text: synthesize it into a new file, then keep the file
    (in ``kept``, for tests and measurements) or play it unless cancelled and remove it."""
    if cancel.is_set() or not text.strip():
        return
    path = new_path()
    if not synthesize(text, path):
        with contextlib.suppress(OSError):
            path.unlink()
        return
    if kept is not None:
        kept.append(path)
        return
    try:
        if not cancel.is_set():
            play(path, cancel)
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
