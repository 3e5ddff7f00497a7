"""Output channels: where each announcement goes.

Every channel prints the compact line (``message.compact``) exactly as
``--output plain`` does, so the console, a braille display reading it and any
script see the same lines.  The speaking channels add speech of
``message.spoken`` (never the compact form, which speech reads badly):

- ``PlainChannel``: the line, nothing else.
- ``VoiceChannel``: self-voicing, for people without a screen reader.
  pyttsx3 drives espeak-ng to synthesize each message into a WAV file and a
  player (``aplay``) plays it, all on a worker thread, so ``say()`` returns at
  once and input never waits for speech.  Playing through our own player
  process is what makes speech stoppable.  With ``wav_dir`` the speech is
  written to numbered WAV files there instead of being played (for tests and
  measurements).  A player that fails (no sound card) fails silently.
- ``ScreenReaderChannel``: the running screen reader, through
  ``accessible_output2``: speech gets ``message.spoken`` and, where the
  screen reader has braille, braille gets ``message.compact``.  On Linux that
  is speech-dispatcher, reached through its Python client ``speechd`` from
  Debian's ``python3-speechd`` (see ``speechd_client`` for why and how; not
  the PyPI fork ``speechd-unofficial``).  As on any Linux desktop, the client
  starts speech-dispatcher itself if it is installed and not yet running;
  the channel then stops it when it closes (``speechd_server``).

Speech is queued: every announcement is spoken in full, in order, and a new
message never cuts off an earlier one.  Only the user cuts speech: ``stop()``
(the stop command, F2) and ``user_input()`` (a line typed, as the
``interrupt`` setting says), and ``close()`` (leaving).  With
``ROOK_ACCESS_SPEECH_LOG`` set, both speaking channels write what they were
asked to say and what became of it to that file (``speech_log``).

``open_channel`` chooses by name and falls back to ``PlainChannel`` with one
short notice line when an engine is missing.  ``auto`` is plain text: a
screen reader already reads the console, so speaking as well would say
everything twice; ``screen_reader_running()`` tells the caller whether one is
running, to suggest ``voice`` to those who have none.
"""

from __future__ import annotations

import atexit
import contextlib
import csv
import itertools
import locale
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import weakref
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..announcer.message import Message
from ..streams import encodable_line, shown_form
from .quiet import quiet_output
from .speech_log import SpeechLog
from .speechd_client import load_speechd
from .speechd_server import SpawnedServer, SpawnWatch, socket_path, socket_too_long
from .synthesis import (
    DEFAULT_RATE,
    DEFAULT_VOICE,
    MAX_RATE,
    MIN_RATE,
    SYNTH_LOCK,
    SYNTH_TIMEOUT,
    EngineUnavailable,
    UnknownVoice,
    load_engine,
    match_voice,
    play_file,
    short_voice_name,
    speak_through_file,
    speakable_text,
)

__all__ = [
    "CHANNEL_NAMES",
    "Channel",
    "EngineUnavailable",
    "EspeakSpeaker",
    "FinishesSpeech",
    "INTERRUPT_MODES",
    "PlainChannel",
    "ScreenReaderChannel",
    "Speaker",
    "UnknownVoice",
    "VoiceChannel",
    "find_player",
    "list_voices",
    "voice_lines",
    "open_channel",
    "screen_reader_running",
]

CHANNEL_NAMES = ("plain", "voice", "screenreader", "auto")

@runtime_checkable
class Channel(Protocol):
    """Where announcements go."""

    name: str

    def say(self, message: Message) -> None:
        """Announce ``message``; returns without waiting for speech."""

    def stop(self) -> None:
        """Silence any speech now, and drop speech not yet started (the user's stop)."""

    def user_input(self) -> None:
        """The user typed a line: cut speech short as the user set (the
        ``interrupt`` setting); what is said next is spoken."""

    def close(self) -> None:
        """Leave: cut speech, release the engine and its files; never hangs."""


@runtime_checkable
class FinishesSpeech(Protocol):
    """A channel that can wait until everything said has been spoken."""

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until everything said has been spoken (at most ``timeout`` seconds); False on timeout."""
        ...


Write = Callable[[str], Any]
Notice = Callable[[str], Any]


def _notice_on_stderr(line: str) -> None:
    print(encodable_line(line, sys.stderr), file=sys.stderr, flush=True)


class PlainChannel:
    """Each announcement as one plain line on standard output (``--output plain``)."""

    name = "plain"

    def __init__(self, write: Write = print) -> None:
        self._write = write

    def say(self, message: Message) -> None:
        if not message.shown:
            return
        self._write(shown_form(message, sys.stdout))  # the spoken form where the console cannot show the compact
        with contextlib.suppress(Exception):
            sys.stdout.flush()

    def stop(self) -> None:
        pass

    def user_input(self) -> None:
        pass

    def close(self) -> None:
        pass


# --- self-voicing -----------------------------------------------------------


class Speaker(Protocol):
    """What ``VoiceChannel`` speaks with: one utterance at a time, on its
    worker thread."""

    def speak(self, text: str, cancel: threading.Event) -> None:
        """Say ``text`` and return when done, or soon after ``cancel`` is set
        (from another thread)."""

    def close(self) -> None:
        """Release what the speaker holds."""


# Command lines of audio players, in order of preference; the WAV file's
# path is added at the end.
PLAYERS: tuple[tuple[str, ...], ...] = (
    ("aplay", "-q"),
    ("paplay",),
    ("pw-play",),
    ("afplay",),
)


PLAYER_ENVIRONMENT = "ROOK_ACCESS_AUDIO_PLAYER"
"""An environment variable naming the audio player's command line (the WAV
file's path is added at the end), instead of the first of ``PLAYERS``."""


def find_player() -> list[str] | None:
    """The command line of the audio player: ``PLAYER_ENVIRONMENT``'s, or the
    first of ``PLAYERS`` installed, or None."""
    chosen = os.environ.get(PLAYER_ENVIRONMENT, "").strip()
    if chosen:
        return shlex.split(chosen)
    for command in PLAYERS:
        found = shutil.which(command[0])
        if found:
            return [found, *command[1:]]
    return None


def list_voices(load: Callable[[], Any] = load_engine) -> list[tuple[str, str]]:
    """The voices of the system's speech engine as (identifier, name) pairs,
    such as ``("gmw/en-us", "English (America)")`` (espeak-ng); empty
    without an engine."""
    try:
        engine = load()
        with SYNTH_LOCK:
            return [(str(v.id), str(v.name)) for v in engine.getProperty("voices")]
    except Exception:
        return []


def voice_lines(voices: list[tuple[str, str]] | None = None, language: str | None = None) -> list[str]:
    """The lines ``settings voice`` says: how many voices and how to choose
    one, then one line a voice, its name and the short name that chooses it
    too (``English (America), en-us``).  ``voices`` is ``list_voices()``'s.

    With ``language`` (a code like ``en``) only that language's voices are
    listed, where the engine's names say it, and a last line says how to hear
    them all: espeak-ng has over a hundred.
    """
    voices = list_voices() if voices is None else voices
    if not voices:
        return ["No voices found: the speech engine is missing."]
    chosen = [voice for voice in voices if language and _speaks(voice[0], language)] if language else voices
    if not chosen:
        chosen, language = voices, None
    if language:
        lines = [
            f"{len(chosen)} of {len(voices)} voices speak your language; "
            "choose one with settings voice and its name, or default:"
        ]
    else:
        lines = [f"{len(voices)} voices; choose one with settings voice and its name, or default:"]
    for ident, name in chosen:
        short = short_voice_name(ident)
        lines.append(name if short.casefold() == name.casefold() or len(short) > 60 else f"{name}, {short}")
    if language:
        lines.append(f"settings voice list says all {len(voices)}.")
    return lines


def _speaks(ident: str, language: str) -> bool:
    """Whether a voice's identifier names ``language`` (``gmw/en-us``, ``TTS_MS_EN-US_ZIRA_11.0``)."""
    return language.casefold() in re.split(r"[^a-z0-9]+", short_voice_name(ident).casefold())


def user_language() -> str:
    """The user's language as a two-letter code from the locale (``en`` when it says none)."""
    try:
        name = locale.getlocale()[0] or ""
    except ValueError:
        name = ""
    code = re.split(r"[_.@-]", name)[0].casefold()
    return code if code.isalpha() and 2 <= len(code) <= 3 else "en"


class EspeakSpeaker:
    """espeak-ng through pyttsx3, played by an audio player we can stop.

    Ways around pyttsx3 2.99's espeak driver: its ``say`` plays with
    ``os.system("aplay ...")`` from inside synthesis, which nothing can
    interrupt, and after a ``save_to_file`` a later ``say`` writes into that
    file, so we only ever ``save_to_file`` and play the file ourselves; its
    ``runAndWait`` can return before the file is written, so we wait for the
    engine's "finished-utterance"; a rate set with ``setProperty`` is often
    applied late, so the rate is an embedded command in the text.
    """

    def __init__(
        self,
        *,
        rate: int | None = None,
        voice: str | None = None,
        wav_dir: str | os.PathLike[str] | None = None,
        player: list[str] | None = None,
    ) -> None:
        self._engine = load_engine()
        self._voice = match_voice(self._engine, voice) if voice else None
        self._rate = DEFAULT_RATE if rate is None else max(MIN_RATE, min(MAX_RATE, int(rate)))
        self._finished = threading.Event()
        self._token = self._engine.connect("finished-utterance", self._on_finished)
        self._numbers = itertools.count(1)
        self._player: list[str] | None
        if wav_dir is not None:
            self._folder = Path(wav_dir)
            self._folder.mkdir(parents=True, exist_ok=True)
            self._keep_files = True
            self._player = None
        else:
            self._player = player or find_player()
            if self._player is None:
                raise EngineUnavailable("No audio player (aplay) found")
            self._folder = Path(tempfile.mkdtemp(prefix="rook-access-speech-"))
            self._keep_files = False
        # The folder of files being played goes even if close() is never
        # called; at exit, VoiceChannel's own handler closes us first (the
        # folder must not vanish under a synthesis still going on).
        self._cleanup = weakref.finalize(self, _remove_folder, None if self._keep_files else self._folder)
        self._cleanup.atexit = False
        self.files: list[Path] = []  # the WAV files kept, with wav_dir

    def synthesize(self, text: str, path: Path) -> bool:
        """Write ``text`` spoken into the WAV file ``path``; False if that failed twice.

        A second try, because a lost announcement is worse than a late one: on a
        loaded machine pyttsx3's loop has been seen to fail once in thousands.
        """
        return self._synthesize_once(text, path) or self._synthesize_once(text, path)

    def _synthesize_once(self, text: str, path: Path) -> bool:
        # The rate goes into the text as an espeak-ng embedded command
        # (Ctrl-A, the rate, "S"): set as a property (espeak_SetParameter),
        # it reaches espeak-ng's asynchronous queue late and speech often
        # came out at the previous rate.
        words = speakable_text(text)
        with SYNTH_LOCK:
            engine = self._engine
            self._finished.clear()
            # pyttsx3 shares one engine between speakers: set the voice each time.
            engine.setProperty("voice", self._voice or DEFAULT_VOICE.get("voice"))
            engine.save_to_file(f"\x01{self._rate}S {words}", str(path))
            try:
                engine.runAndWait()
            except Exception:
                with contextlib.suppress(Exception):
                    engine.endLoop()
                return False
            # runAndWait may return before espeak-ng (asynchronous in
            # pyttsx3's mode) has finished; the file is complete when the
            # engine says the utterance finished.
            if not self._finished.wait(SYNTH_TIMEOUT):
                return False
        try:
            return path.stat().st_size > 44  # more than a WAV header
        except OSError:
            return False

    def speak(self, text: str, cancel: threading.Event) -> None:
        speak_through_file(
            text,
            cancel,
            lambda: self._folder / f"speech-{next(self._numbers):04d}.wav",
            self.synthesize,
            self._play,
            self.files if self._keep_files else None,
        )

    def _play(self, path: Path, cancel: threading.Event) -> None:
        if self._player is not None:
            play_file(self._player, path, cancel)

    def _on_finished(self, **details: Any) -> None:
        self._finished.set()

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._engine.disconnect(self._token)
        # Not self._cleanup(): finalizers do nothing once Python's own exit
        # handler for them has run, and we may be closed after it.
        if self._cleanup.detach() is not None and not self._keep_files:
            _remove_folder(self._folder)


def _remove_folder(folder: Path | None) -> None:
    if folder is not None:
        shutil.rmtree(folder, ignore_errors=True)


def system_speaker(
    *,
    rate: int | None = None,
    voice: str | None = None,
    wav_dir: str | os.PathLike[str] | None = None,
    platform: str | None = None,
) -> Speaker:
    """The program's own voice on this system (``platform``: ``sys.platform``
    by default): SAPI 5 played with ``winsound`` on Windows,
    NSSpeechSynthesizer played with ``afplay`` on macOS, espeak-ng played
    with ``aplay`` (or the like) elsewhere.  The one place the speaker is
    chosen by system."""
    platform = sys.platform if platform is None else platform
    if platform in ("win32", "darwin"):
        from .native_voice import mac_speaker, windows_speaker  # noqa: PLC0415 - only on Windows and macOS

        make = windows_speaker if platform == "win32" else mac_speaker
        return make(rate=rate, voice=voice, wav_dir=wav_dir)
    return EspeakSpeaker(rate=rate, voice=voice, wav_dir=wav_dir)


INTERRUPT_MODES = ("all", "line", "none")
"""What typing a line does to speech still going (the ``interrupt`` setting):
``all`` cuts the sentence being said and drops the rest, ``line`` lets that
sentence finish and drops the rest, ``none`` keeps everything."""

CLOSE_WAIT = 0.3
"""Seconds ``close()`` waits for the speech worker after cutting its speech."""

_ANNOUNCEMENT_IDS = itertools.count(1)
"""Numbers of announcements in the speech log, unique in the process."""


def _check_mode(interrupt: str) -> str:
    if interrupt not in INTERRUPT_MODES:
        raise ValueError(f"interrupt is one of {', '.join(INTERRUPT_MODES)}, not {interrupt!r}")
    return interrupt


class VoiceChannel:
    """Prints each line and speaks it with the program's own voice.

    Speech runs on a worker thread: ``say()`` only queues it, and every
    announcement is spoken in full, in the order said; a new message never
    cuts off an earlier one.  Only the user cuts speech short: ``stop()`` (the
    stop command, F2) silences it now and drops what is queued;
    ``user_input()`` (a line typed) does what ``interrupt`` says (see
    ``INTERRUPT_MODES``), and what is said after it (the answer) is spoken.
    ``close()`` is the user leaving: speech stops at once; to let it finish
    first (the game is over), wait for ``idle()``.
    """

    name = "voice"

    def __init__(
        self,
        *,
        rate: int | None = None,
        voice: str | None = None,
        write: Write = print,
        wav_dir: str | os.PathLike[str] | None = None,
        speaker: Speaker | None = None,
        interrupt: str = "all",
        log: SpeechLog | None = None,
    ) -> None:
        self.interrupt = _check_mode(interrupt)
        self._plain = PlainChannel(write)
        self._speaker: Speaker = (
            speaker if speaker is not None else system_speaker(rate=rate, voice=voice, wav_dir=wav_dir)
        )
        self._log = log if log is not None else SpeechLog("voice")
        self._cond = threading.Condition()
        self._pending: deque[tuple[int, str, threading.Event]] = deque()
        self._current: threading.Event | None = None
        self._closed = False
        self._speaker_closed = False
        self._worker = threading.Thread(target=self._run, name="rook-access speech", daemon=True)
        self._worker.start()
        _OPEN_VOICES.add(self)

    def say(self, message: Message) -> None:
        self._plain.say(message)
        if not message.spoken.strip():
            return
        with self._cond:
            if self._closed:
                return
            number = next(_ANNOUNCEMENT_IDS)
            self._pending.append((number, message.spoken, threading.Event()))
            self._log.write("say", id=number, text=message.spoken, interrupt=False)
            self._cond.notify_all()

    def stop(self) -> None:
        """The user's stop: silence now, drop the queue."""
        with self._cond:
            self._log.write("stop")
            self._drop_queue()
            self._cut_current()

    def user_input(self) -> None:
        """The user typed a line: cut speech as the ``interrupt`` setting says."""
        with self._cond:
            self._log.write("input", mode=self.interrupt)
            if self.interrupt == "none":
                return
            self._drop_queue()
            if self.interrupt == "all":
                self._cut_current()

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until nothing is queued or being said; False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and self._current is None, timeout)

    def close(self) -> None:
        """Leave: cut speech now, release the engine and remove its temporary files."""
        with self._cond:
            first = not self._closed
            if first:
                self._closed = True
                self._log.write("close", cut=bool(self._pending) or self._current is not None)
                self._drop_queue()
                self._cut_current()
        if first:
            self._worker.join(CLOSE_WAIT)
        # Even a second close (at exit, after an interrupted first one) releases the speaker.
        with self._cond:
            if self._speaker_closed:
                return
            self._speaker_closed = True
        try:
            with contextlib.suppress(Exception):
                self._speaker.close()
        finally:
            _OPEN_VOICES.discard(self)
            self._log.close()

    def _drop_queue(self) -> None:
        """Drop the speech not yet started (lock held)."""
        for number, _, cancel in self._pending:
            cancel.set()
            self._log.write("drop", id=number)
        self._pending.clear()
        self._cond.notify_all()

    def _cut_current(self) -> None:
        """Cut off the speech being said (lock held)."""
        if self._current is not None:
            self._current.set()
        self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._closed)
                if self._closed:
                    return
                number, text, cancel = self._pending.popleft()
                self._current = cancel
                self._log.write("start", id=number)
            try:
                self._speaker.speak(text, cancel)
            except Exception:
                pass  # one utterance lost; its line was printed
            finally:
                with self._cond:
                    self._current = None
                    self._log.write("end", id=number, cut=cancel.is_set())
                    self._cond.notify_all()


# Voice channels not yet closed.  A program that exits without closing one
# (an exception, Ctrl-C) must not leave its worker in the middle of espeak-ng
# while Python shuts down: that prints a traceback from the ctypes callback.
_OPEN_VOICES: weakref.WeakSet[VoiceChannel] = weakref.WeakSet()


# Screen-reader channels that started a speech-dispatcher and are not closed yet:
# a program that ends without closing one (SIGTERM, SIGHUP from a closed terminal
# window) must still stop the server it started, which would otherwise run on.
_OPEN_SPAWNERS: weakref.WeakSet[ScreenReaderChannel] = weakref.WeakSet()


@atexit.register
def _silence_at_exit() -> None:
    channels: list[VoiceChannel | ScreenReaderChannel] = [*_OPEN_VOICES, *_OPEN_SPAWNERS]
    for channel in channels:
        with contextlib.suppress(Exception):
            channel.close()


# --- the screen reader ------------------------------------------------------


def _first_output(output: Any) -> Any:
    """The output that will actually speak: ``Auto`` picks one."""
    pick = getattr(output, "get_first_available_output", None)
    if callable(pick):
        return pick()
    return output


def _has_braille(output: Any) -> bool:
    """Whether ``output`` really brailles (accessible_output2's base ``Output``
    has a ``braille`` that does nothing)."""
    target = _first_output(output)
    if target is None:
        return False
    method = getattr(type(target), "braille", None)
    if not callable(method):
        return False
    try:
        from accessible_output2.outputs.base import Output  # noqa: PLC0415
    except Exception:
        return True
    return method is not Output.braille


SCREEN_READER_TIMEOUT = 5.0
"""Seconds to wait for the screen reader (or speech-dispatcher) to answer when the channel opens."""


def _auto_output(timeout: float | None = None) -> Any:
    """accessible_output2's ``Auto``, if it finds a screen reader that answers in time.

    A speech server that accepts the connection but never answers would
    otherwise hold the game before it starts, so the connection is made on a
    daemon thread and given up after ``timeout`` seconds.
    """
    load_speechd()
    timeout = SCREEN_READER_TIMEOUT if timeout is None else timeout
    result: dict[str, Any] = {}

    def connect() -> None:
        try:
            from accessible_output2.outputs.auto import Auto  # noqa: PLC0415

            output = Auto()
            result["found"] = output.get_first_available_output()
            result["output"] = output
        except Exception as error:  # noqa: BLE001 - any failure means no screen reader
            result["error"] = error

    # The library's noise is silenced here, on the calling thread, so that the
    # output comes back even if the connecting thread never returns.
    with quiet_output():
        thread = threading.Thread(target=connect, name="rook-access screen reader", daemon=True)
        thread.start()
        thread.join(timeout)
    if thread.is_alive():
        raise EngineUnavailable("The screen reader did not answer")
    if "error" in result or result.get("found") is None:
        raise EngineUnavailable("No screen reader found")
    return result["output"]


def _auto_output_and_server(timeout: float | None = None) -> tuple[Any, SpawnedServer | None]:
    """``_auto_output``, and the speech-dispatcher that connecting to it started, if it did.

    Never tried when speech-dispatcher's socket path is too long for a socket:
    connecting would start a server no one can reach, or stop.
    """
    path = socket_path()
    if path is not None and socket_too_long(path):
        raise EngineUnavailable("Speech-dispatcher's socket path is too long; set XDG_RUNTIME_DIR to a shorter folder")
    watch = SpawnWatch()
    try:
        output = _auto_output(timeout)
    except EngineUnavailable:
        spawned = watch.spawned()
        if spawned is not None:
            spawned.stop()
        raise
    return output, watch.spawned()


def _run_with_timeout(action: Callable[[], Any], seconds: float) -> None:
    """Run ``action`` and wait for it at most ``seconds``; ignore its errors."""

    def guarded() -> None:
        with contextlib.suppress(Exception):
            action()

    thread = threading.Thread(target=guarded, name="rook-access close", daemon=True)
    thread.start()
    thread.join(seconds)


def _speechd_client(output: Any) -> Any:
    """The ``speechd`` client behind accessible_output2's speech-dispatcher
    output (which reports when each message ends), or None for any other."""
    try:
        from accessible_output2.outputs.speech_dispatcher import SpeechDispatcher  # noqa: PLC0415
    except Exception:
        return None
    target = _first_output(output)
    client = getattr(target, "_client", None) if isinstance(target, SpeechDispatcher) else None
    connection = getattr(client, "_conn", None)
    return client if callable(getattr(connection, "set_callback", None)) else None


# speechd.CallbackType.END and CANCEL: the events of a message said to its end, or cut.
SPEECHD_END = "end"
SPEECHD_CANCEL = "cancel"


class _SpeechdEnds:
    """The messages speech-dispatcher has said to their end or cut, by
    message id, seen where its events come in.  The client's own callbacks
    for one message are registered after the message is sent, and miss an
    end that comes first (a race its code notes): for short messages that
    happens, and speech would wait for an end already gone by."""

    def __init__(self, client: Any) -> None:
        self._ended: dict[int, str] = {}
        self._cond = threading.Condition()
        self._forward = getattr(client, "_callback_handler", None)
        client._conn.set_callback(self)

    def __call__(self, msg_id: int, client_id: int, type: str, **details: Any) -> None:  # noqa: A002 - the client's name
        if type in (SPEECHD_END, SPEECHD_CANCEL):
            with self._cond:
                self._ended[int(msg_id)] = type
                self._cond.notify_all()
        if self._forward is not None:
            self._forward(msg_id, client_id, type, **details)

    def wait(self, message_id: int, timeout: float, wake: threading.Event) -> str | None:
        """How message ``message_id`` ended ("end" or "cancel"), or None on
        timeout or when ``wake`` is set (the user cut speech)."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while message_id not in self._ended:
                left = deadline - time.monotonic()
                if left <= 0 or wake.is_set():
                    return None
                self._cond.wait(min(left, 0.02))
            return self._ended.pop(message_id)


# Longest wait for speech-dispatcher to report the end of one message: far
# longer than any announcement takes at the slowest rate.
def _longest_speech(text: str) -> float:
    return 5.0 + 0.25 * len(text)


class ScreenReaderChannel:
    """Prints each line and hands it to the running screen reader.

    Speech gets ``message.spoken``, queued (never ``interrupt=True``): every
    announcement is spoken in full and in order.  Braille gets
    ``message.compact`` where the screen reader has braille.  The screen
    reader is talked to from a worker thread, so a slow or stuck speech server
    never holds the game.  With speech-dispatcher, messages are handed over
    one at a time, each when the one before has ended, so what is not yet
    said stays here and ``line`` can let the sentence being said finish; with
    a screen reader that does not report the end of speech, each is handed
    over at once and ``line`` cuts as ``all`` does.  Only the user cuts
    speech: ``stop()`` and ``user_input()`` as in ``VoiceChannel``.  If the
    screen reader goes away, ``notice`` is told once and the channel goes on
    printing lines.  ``spawned`` is a speech-dispatcher the channel started,
    stopped by ``close()``.
    """

    name = "screenreader"

    def __init__(
        self,
        *,
        write: Write = print,
        output: Any = None,
        notice: Notice = _notice_on_stderr,
        interrupt: str = "all",
        log: SpeechLog | None = None,
        spawned: SpawnedServer | None = None,
    ) -> None:
        self.interrupt = _check_mode(interrupt)
        self._plain = PlainChannel(write)
        self._notice = notice
        self.spawned = spawned
        if output is None:
            output, self.spawned = _auto_output_and_server()
        if self.spawned is not None:
            _OPEN_SPAWNERS.add(self)
        self._output = output
        self._braille = _has_braille(self._output)
        self._client = _speechd_client(self._output)
        self._ends: _SpeechdEnds | None = None
        self._log = log if log is not None else SpeechLog("screenreader")
        self._cond = threading.Condition()
        self._pending: deque[tuple[int, Message]] = deque()
        self._silence = False  # the worker is to silence the screen reader
        self._busy = False  # the worker is handing over or waiting for the end of a message
        # Set when the message being said ends or is to be cut; one per message,
        # so that a late word from the server about an earlier one is not taken for it.
        self._spoken = threading.Event()
        self._closed = False
        self._worker = threading.Thread(target=self._work, name="rook-access screen reader", daemon=True)
        self._worker.start()

    def say(self, message: Message) -> None:
        self._plain.say(message)
        with self._cond:
            if self._output is None or self._closed:
                return
            number = next(_ANNOUNCEMENT_IDS)
            self._pending.append((number, message))
            if message.spoken.strip():
                self._log.write("say", id=number, text=message.spoken, interrupt=False)
            self._cond.notify_all()

    def stop(self) -> None:
        """The user's stop: silence now, drop the queue."""
        with self._cond:
            self._log.write("stop")
            self._cut(current=True)

    def user_input(self) -> None:
        """The user typed a line: cut speech as the ``interrupt`` setting says."""
        with self._cond:
            self._log.write("input", mode=self.interrupt)
            if self.interrupt != "none":
                self._cut(current=self.interrupt == "all" or self._client is None)

    def _cut(self, current: bool) -> None:
        """Drop what is not yet handed over and, if ``current``, silence the screen reader (lock held)."""
        for number, message in self._pending:
            if message.spoken.strip():
                self._log.write("drop", id=number)
        self._pending.clear()
        if current and self._output is not None:
            self._silence = True
            self._spoken.set()
        self._cond.notify_all()

    def _work(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending or self._silence or self._closed)
                silence, self._silence = self._silence, False
                if not silence and not self._pending:
                    return  # closed, and everything handed over
                item = None if silence else self._pending.popleft()
                self._busy = True
                self._spoken = threading.Event()
            try:
                if silence:
                    self._hand_over_silence()
                elif item is not None:
                    self._hand_over(*item)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()

    def _hand_over_silence(self) -> None:
        with self._cond:
            output = self._output
        silence = getattr(_first_output(output), "silence", None) if output is not None else None
        if callable(silence):
            with contextlib.suppress(Exception):
                silence()

    def _hand_over(self, number: int, message: Message) -> None:
        """Give the screen reader one message, on the worker thread; with
        speech-dispatcher, wait until it is said or cut."""
        with self._cond:
            output = self._output
        if output is None:
            return
        text = message.spoken
        try:
            if text.strip():
                self._log.write("start", id=number)
                if self._client is not None:
                    self._speak_and_wait(number, text)
                else:
                    output.speak(text, interrupt=False)
                    self._log.write("end", id=number, cut=None)
            if self._braille and message.compact:
                output.braille(message.compact)
        except Exception:
            with self._cond:
                self._output = None
                self._pending.clear()
            self._notice("Lost the screen reader; text only.")

    def _speak_and_wait(self, number: int, text: str) -> None:
        spoken = self._spoken
        if self._ends is None:
            self._ends = _SpeechdEnds(self._client)
        result = self._client.speak(text)
        try:
            message_id = int(result[2][0])
        except (TypeError, ValueError, IndexError):
            message_id = None
        ended = None
        if message_id is not None and not self._closed:
            ended = self._ends.wait(message_id, _longest_speech(text), spoken)
        cut: bool | None = None
        if ended is not None:
            cut = ended == SPEECHD_CANCEL
        elif self._silence:
            cut = True
        self._log.write("end", id=number, cut=cut)

    def idle(self, timeout: float | None = None) -> bool:
        """Wait until everything said so far has been handed to the screen
        reader (with speech-dispatcher: said); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy and not self._silence, timeout)

    def close(self) -> None:
        """Leave: hand over what is left at once (a screen reader that runs on
        says it, as it reads a program's last lines), disconnect, and stop a
        speech-dispatcher we started (then what is left goes with it).
        Never waits long."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            if self.spawned is not None:
                # The server goes with us, and what it has not said with it:
                # nothing to hand over.
                self._pending.clear()
            self._log.write("close", cut=self.spawned is not None and self._busy)
            self._spoken.set()  # no more waiting for the end of a message
            self._cond.notify_all()
        if self.spawned is not None:
            self.spawned.stop()  # first: a worker waiting on the server's reply gets its answer now
        self._worker.join(CLOSE_WAIT)
        with self._cond:
            output, self._output = self._output, None
            self._pending.clear()
        self._log.close()
        if output is not None:
            outputs = list(getattr(output, "outputs", None) or [output])

            def close_all() -> None:
                for each in outputs:
                    closer = getattr(each, "close", None)
                    if callable(closer):
                        with contextlib.suppress(Exception):
                            closer()

            _run_with_timeout(close_all, CLOSE_WAIT)


# --- is a screen reader running? ---------------------------------------------

# Process names of screen readers that read a Linux console or desktop.
LINUX_SCREEN_READERS = frozenset({"orca", "fenrir", "fenrir-daemon", "yasr", "tdsr", "sbl", "speakup", "brltty"})


def _process_names(entry: Path) -> set[str]:
    """The names a process goes by: its ``comm``, and the base names of its
    program and, for an interpreter (``python3 /usr/bin/fenrir``), its script."""
    names: set[str] = set()
    with contextlib.suppress(OSError):
        names.add((entry / "comm").read_text(errors="replace").strip())
    with contextlib.suppress(OSError):
        argv = (entry / "cmdline").read_bytes().split(b"\0")
        for arg in argv[:2]:
            if arg and not arg.startswith(b"-"):
                names.add(os.path.basename(arg.decode(errors="replace")))
    return names


def _linux_screen_reader_running(proc: Path = Path("/proc"), sysfs: Path = Path("/sys/accessibility")) -> bool:
    speakup = sysfs / "speakup" / "synth"
    with contextlib.suppress(OSError):
        if speakup.read_text().strip() not in ("", "none"):
            return True
    try:
        entries = [e for e in proc.iterdir() if e.name.isdigit()]
    except OSError:
        return False
    own = str(os.getpid())
    for entry in entries:
        if entry.name != own and _process_names(entry) & LINUX_SCREEN_READERS:
            return True
    return False


# Process names of Windows screen readers that read a console, from each one's
# own documentation and installed files (compared without case).
WINDOWS_SCREEN_READERS = {
    "nvda.exe": "NVDA",
    "jfw.exe": "JAWS",
    "narrator.exe": "Narrator",
    "snova.exe": "Dolphin SuperNova",
    "wineyes.exe": "Window-Eyes",
}
# The macOS screen reader's process name (pgrep -x matches it exactly).
MAC_SCREEN_READER = "VoiceOver"
PROCESS_LIST_TIMEOUT = 3.0
"""Seconds to wait for the list of processes (tasklist, pgrep) before guessing none."""

Run = Callable[..., "subprocess.CompletedProcess[bytes]"]


def windows_process_names(run: Run | None = None) -> set[str]:
    """The image names of the running processes, lower case, from
    ``tasklist /fo csv /nh`` (one quoted CSV row per process, the name first);
    empty if tasklist fails.  ``run`` is ``subprocess.run`` (a fake in tests)."""
    try:
        done = (run or subprocess.run)(
            ["tasklist", "/fo", "csv", "/nh"],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            timeout=PROCESS_LIST_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return set()
    text = (done.stdout or b"").decode("utf-8", errors="replace")
    return {row[0].strip().lower() for row in csv.reader(text.splitlines()) if row and row[0].strip()}


def _windows_screen_reader_running(run: Run | None = None) -> bool:
    return bool(windows_process_names(run) & WINDOWS_SCREEN_READERS.keys())


def _mac_screen_reader_running(run: Run | None = None) -> bool:
    try:
        done = (run or subprocess.run)(
            ["pgrep", "-x", MAC_SCREEN_READER],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            timeout=PROCESS_LIST_TIMEOUT,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 0


def screen_reader_running() -> bool:
    """Whether a screen reader is running: Orca, Fenrir, speakup and the like
    on Linux (``LINUX_SCREEN_READERS``), NVDA, JAWS and the others of
    ``WINDOWS_SCREEN_READERS`` on Windows, VoiceOver on macOS.  A best guess
    from the running processes; never raises."""
    try:
        if sys.platform.startswith("linux"):
            return _linux_screen_reader_running()
        if sys.platform == "win32":
            return _windows_screen_reader_running()
        if sys.platform == "darwin":
            return _mac_screen_reader_running()
    except Exception:
        pass
    return False


# --- choosing -----------------------------------------------------------------


def open_channel(
    name: str,
    *,
    rate: int | None = None,
    voice: str | None = None,
    notice: Notice = _notice_on_stderr,
    write: Write = print,
    wav_dir: str | os.PathLike[str] | None = None,
    interrupt: str = "all",
) -> Channel:
    """The channel called ``name`` (one of ``CHANNEL_NAMES``).

    A missing engine gives a ``PlainChannel`` and one ``notice`` line saying
    so ("No screen reader found; text only."), never an exception.
    """
    key = (name or "").strip().lower()
    if key in ("plain", "auto"):
        return PlainChannel(write)
    if key == "voice":
        try:
            try:
                return VoiceChannel(rate=rate, voice=voice, write=write, wav_dir=wav_dir, interrupt=interrupt)
            except UnknownVoice:
                channel = VoiceChannel(rate=rate, voice=None, write=write, wav_dir=wav_dir, interrupt=interrupt)
                notice(f"No voice called {voice}; using the default voice.")
                return channel
        except EngineUnavailable as missing:
            notice(f"{missing}; text only.")
        except Exception:
            notice("The speech engine did not start; text only.")
        return PlainChannel(write)
    if key == "screenreader":
        try:
            return ScreenReaderChannel(write=write, notice=notice, interrupt=interrupt)
        except EngineUnavailable as missing:
            notice(f"{missing}; text only.")
        except Exception:
            notice("The screen reader did not answer; text only.")
        return PlainChannel(write)
    notice(f"No output called {name}; text only.")
    return PlainChannel(write)
