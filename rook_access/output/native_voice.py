"""The program's own voice on Windows and macOS: the system's speech engine
through pyttsx3's native driver, one sound file per text, played where it can
be stopped.

- Windows: pyttsx3's ``sapi5`` driver (SAPI 5) writes a WAV file, played with
  the standard library's ``winsound.PlaySound(path, SND_FILENAME | SND_ASYNC
  | SND_NODEFAULT)`` and stopped with ``PlaySound(None, SND_PURGE)`` (a None
  sound stops what is playing; SND_PURGE itself is ignored by modern
  Windows).  Playing asynchronously says nothing of when the sound ends, so
  the player waits for the length read from the WAV header.
- macOS: pyttsx3's ``nsss`` driver (NSSpeechSynthesizer) writes an AIFF file
  (Apple writes AIFF whatever the name says), played with ``afplay`` and
  stopped by ending that process, as ``aplay`` is on Linux.

The queue, the ``interrupt`` setting and the speech log are
``VoiceChannel``'s, the same on every system: a speaker only says one text
and returns soon after its cancel event is set.

All the engine's work runs on one thread of its own (``_EngineThread``): a
COM object (SAPI) belongs to the thread that made it, and NSSpeechSynthesizer
reports the end of a file on the run loop of the thread that started it.
"""

from __future__ import annotations

import contextlib
import importlib
import itertools
import os
import queue
import shutil
import struct
import sys
import tempfile
import threading
from collections.abc import Callable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from pathlib import Path
from typing import Any, Protocol, TypeVar

from .synthesis import (
    DEFAULT_RATE,
    MAX_RATE,
    MIN_RATE,
    SYNTH_TIMEOUT,
    EngineUnavailable,
    load_engine,
    match_voice,
    play_file,
    speak_through_file,
    speakable_text,
)

__all__ = [
    "NativeSpeaker",
    "ProcessPlayer",
    "SoundModule",
    "WinsoundPlayer",
    "mac_speaker",
    "wav_seconds",
    "windows_speaker",
]

_T = TypeVar("_T")

PLAY_MARGIN = 0.15
"""Seconds added to a sound's length before it counts as played: ``PlaySound``
starts an asynchronous sound a little after it returns."""

ENGINE_START_TIMEOUT = 15.0
"""Longest wait for the system's speech engine to start (SAPI may build its
type library on first use)."""


class Player(Protocol):
    """Plays one sound file to its end, or stops soon after ``cancel`` is set."""

    def play(self, path: Path, cancel: threading.Event) -> None: ...


class SoundModule(Protocol):
    """What is used of the standard library's ``winsound`` (Windows only)."""

    SND_FILENAME: int
    SND_ASYNC: int
    SND_NODEFAULT: int
    SND_PURGE: int

    def PlaySound(self, sound: str | None, flags: int, /) -> None: ...  # noqa: N802 - winsound's name


def _system_winsound() -> SoundModule:
    if sys.platform == "win32":
        import winsound  # noqa: PLC0415

        return winsound
    raise EngineUnavailable("No winsound (it is Windows' own)")


def wav_seconds(path: Path) -> float:
    """The length of the WAV file ``path`` in seconds, from its ``fmt `` and
    ``data`` chunks (any encoding, the extensible format included, which the
    ``wave`` module of Python 3.11 refuses); 0.0 if it cannot be read."""
    try:
        data = path.read_bytes()
    except OSError:
        return 0.0
    if len(data) < 12 or data[:4] != b"RIFF" or data[8:12] != b"WAVE":
        return 0.0
    byte_rate = 0
    position = 12
    while position + 8 <= len(data):
        chunk, size = struct.unpack_from("<4sI", data, position)
        body = position + 8
        if chunk == b"fmt " and size >= 12:
            byte_rate = struct.unpack_from("<I", data, body + 8)[0]
        elif chunk == b"data":
            if not byte_rate:
                return 0.0
            return min(size, len(data) - body) / byte_rate
        position = body + size + (size & 1)
    return 0.0


class WinsoundPlayer:
    """Plays WAV files with ``winsound`` (Windows' own, no program to install).

    ``PlaySound`` with ``SND_ASYNC`` returns at once and cannot say when the
    sound ends, so ``play`` waits for the file's length (``wav_seconds``), or
    until ``cancel`` is set: then ``PlaySound(None, SND_PURGE)`` stops it.
    ``SND_NODEFAULT`` keeps Windows from playing its default sound instead
    of a file it cannot play.  ``sound`` is the module (a fake in tests).
    """

    def __init__(self, sound: SoundModule | None = None) -> None:
        self._sound = sound if sound is not None else _system_winsound()

    def play(self, path: Path, cancel: threading.Event) -> None:
        if cancel.is_set():
            return
        sound = self._sound
        seconds = wav_seconds(path)
        try:
            sound.PlaySound(str(path), sound.SND_FILENAME | sound.SND_ASYNC | sound.SND_NODEFAULT)
        except RuntimeError:
            return  # no sound device: silence, the line was printed
        if cancel.wait(seconds + PLAY_MARGIN):
            with contextlib.suppress(RuntimeError):
                sound.PlaySound(None, sound.SND_PURGE)


class ProcessPlayer:
    """Plays sound files with a player program (``afplay`` on macOS), ended to stop it."""

    def __init__(self, command: list[str], popen: Callable[..., Any] | None = None) -> None:
        self.command = command
        self._popen = popen

    def play(self, path: Path, cancel: threading.Event) -> None:
        play_file(self.command, path, cancel, popen=self._popen)


class _EngineThread:
    """One daemon thread that runs every call to the speech engine.

    A daemon, not a ``ThreadPoolExecutor`` (whose threads Python joins at
    exit): an engine stuck in the system's speech service must not keep the
    program from leaving.
    """

    def __init__(self, setup: Callable[[], None] | None = None) -> None:
        self._calls: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]] | None] = queue.SimpleQueue()
        self._setup = setup
        self._thread = threading.Thread(target=self._run, name="rook-access speech engine", daemon=True)
        self._thread.start()

    def call(self, action: Callable[[], _T], timeout: float) -> _T:
        """``action()``'s result, run on the engine thread; raises what it
        raised, or ``concurrent.futures.TimeoutError`` after ``timeout`` seconds."""
        future: Future[Any] = Future()
        self._calls.put((action, future))
        result: _T = future.result(timeout)
        return result

    def close(self) -> None:
        self._calls.put(None)

    def _run(self) -> None:
        if self._setup is not None:
            with contextlib.suppress(Exception):
                self._setup()
        while True:
            item = self._calls.get()
            if item is None:
                return
            action, future = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(action())
            except BaseException as error:  # noqa: BLE001 - handed to the caller
                future.set_exception(error)


EngineLoader = Callable[[str], Any]
"""Starts pyttsx3's engine for a driver name (``sapi5``, ``nsss``); a fake in tests."""


class NativeSpeaker:
    """The system's own speech engine through pyttsx3's driver ``driver``,
    writing each text to a ``suffix`` file that ``player`` plays.

    pyttsx3's ``save_to_file`` is used, never ``say``: ``say`` plays inside
    the engine, where it cannot be stopped at once.  The file is complete when
    ``runAndWait`` returns (SAPI writes it synchronously; NSSpeechSynthesizer
    ends the loop when it has finished).  pyttsx3 keeps one engine per
    driver, so the voice and the rate are set before every file.  With
    ``wav_dir`` the files are kept there, numbered, and not played.
    """

    def __init__(
        self,
        *,
        driver: str,
        suffix: str,
        player: Player | None,
        rate: int | None = None,
        voice: str | None = None,
        wav_dir: str | os.PathLike[str] | None = None,
        load: EngineLoader = load_engine,
        thread_setup: Callable[[], None] | None = None,
    ) -> None:
        self._suffix = suffix
        self._rate = DEFAULT_RATE if rate is None else max(MIN_RATE, min(MAX_RATE, int(rate)))
        self._thread = _EngineThread(thread_setup)
        try:
            self._engine = self._thread.call(lambda: load(driver), ENGINE_START_TIMEOUT)
            self._default_voice = self._thread.call(lambda: self._engine.getProperty("voice"), SYNTH_TIMEOUT)
            self._voice = (
                self._thread.call(lambda: match_voice(self._engine, voice), SYNTH_TIMEOUT) if voice else None
            )
        except FutureTimeout:
            self._thread.close()
            raise EngineUnavailable("The speech engine did not answer") from None
        except BaseException:
            self._thread.close()
            raise
        self._numbers = itertools.count(1)
        self._player = None if wav_dir is not None else player
        self._keep_files = wav_dir is not None
        self._folder = Path(wav_dir) if wav_dir is not None else Path(tempfile.mkdtemp(prefix="rook-access-speech-"))
        self._folder.mkdir(parents=True, exist_ok=True)
        self.files: list[Path] = []  # the files kept, with wav_dir

    def synthesize(self, text: str, path: Path) -> bool:
        """Write ``text`` spoken into the file ``path``; False if that failed."""
        words = speakable_text(text)

        def write() -> None:
            engine = self._engine
            engine.setProperty("voice", self._voice or self._default_voice)
            engine.setProperty("rate", self._rate)
            engine.save_to_file(words, str(path))
            try:
                engine.runAndWait()
            except Exception:
                with contextlib.suppress(Exception):
                    engine.endLoop()
                raise

        try:
            self._thread.call(write, SYNTH_TIMEOUT)
        except Exception:  # noqa: BLE001 - a failed or stuck synthesis loses one utterance
            return False
        try:
            return path.stat().st_size > 44  # more than a WAV header
        except OSError:
            return False

    def speak(self, text: str, cancel: threading.Event) -> None:
        speak_through_file(
            text,
            cancel,
            lambda: self._folder / f"speech-{next(self._numbers):04d}{self._suffix}",
            self.synthesize,
            self._play,
            self.files if self._keep_files else None,
        )

    def _play(self, path: Path, cancel: threading.Event) -> None:
        if self._player is not None:
            self._player.play(path, cancel)

    def close(self) -> None:
        self._thread.close()
        if not self._keep_files:
            shutil.rmtree(self._folder, ignore_errors=True)


def _start_com() -> None:
    """Make the engine thread a COM apartment, as SAPI needs (pywin32 comes with pyttsx3 on Windows)."""
    importlib.import_module("pythoncom").CoInitialize()


def windows_speaker(
    *,
    rate: int | None = None,
    voice: str | None = None,
    wav_dir: str | os.PathLike[str] | None = None,
    sound: SoundModule | None = None,
    load: EngineLoader = load_engine,
    thread_setup: Callable[[], None] | None = _start_com,
) -> NativeSpeaker:
    """SAPI 5 through pyttsx3, played with ``winsound``."""
    player = None if wav_dir is not None else WinsoundPlayer(sound)
    return NativeSpeaker(
        driver="sapi5", suffix=".wav", player=player, rate=rate, voice=voice, wav_dir=wav_dir,
        load=load, thread_setup=thread_setup,
    )


def mac_speaker(
    *,
    rate: int | None = None,
    voice: str | None = None,
    wav_dir: str | os.PathLike[str] | None = None,
    player: list[str] | None = None,
    popen: Callable[..., Any] | None = None,
    load: EngineLoader = load_engine,
) -> NativeSpeaker:
    """NSSpeechSynthesizer through pyttsx3, played with ``afplay``."""
    command = player or [shutil.which("afplay") or "/usr/bin/afplay"]
    return NativeSpeaker(
        driver="nsss", suffix=".aiff", player=ProcessPlayer(command, popen), rate=rate, voice=voice,
        wav_dir=wav_dir, load=load,
    )
