"""Helpers for the speech tests: measuring audio, fake speech engines, and a
headless speech-dispatcher run by the test itself."""

from __future__ import annotations

import array
import math
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import wave
from pathlib import Path

from accessible_output2.outputs.base import Output
from accessible_output2.outputs.speech_dispatcher import SpeechDispatcher as SpeechDispatcherOutput

# --- measuring audio ------------------------------------------------------------


def rms(samples: array.array) -> float:
    """Root mean square of 16-bit samples (0 for none)."""
    if not samples:
        return 0.0
    return math.sqrt(sum(s * s for s in samples) / len(samples))


def _samples(data: bytes) -> array.array:
    samples = array.array("h")
    samples.frombytes(data[: len(data) - len(data) % 2])
    if sys.byteorder != "little":
        samples.byteswap()
    return samples


def wav_stats(path: Path) -> tuple[float, float]:
    """(duration in seconds, RMS amplitude) of a 16-bit mono WAV file."""
    with wave.open(str(path), "rb") as wav:
        assert wav.getsampwidth() == 2, "expected 16-bit samples"
        frames = wav.getnframes()
        rate = wav.getframerate()
        data = wav.readframes(frames)
    return frames / rate, rms(_samples(data))


def raw_stats(path: Path, rate: int = 22050) -> tuple[float, float]:
    """(duration, RMS) of raw signed 16-bit mono little-endian audio."""
    data = path.read_bytes() if path.exists() else b""
    samples = _samples(data)
    return len(samples) / rate, rms(samples)


# --- fake engines ---------------------------------------------------------------


class SlowSpeaker:
    """A speaker that takes ``seconds`` for every utterance, whatever happens."""

    def __init__(self, seconds: float = 1.0) -> None:
        self.seconds = seconds
        self.spoken: list[str] = []

    def speak(self, text: str, cancel: threading.Event) -> None:
        time.sleep(self.seconds)
        self.spoken.append(text)

    def close(self) -> None:
        pass


class RecordingSpeaker:
    """A speaker that 'speaks' for up to ``seconds`` and records each
    utterance as (text, whether it was cut off)."""

    def __init__(self, seconds: float = 1.0) -> None:
        self.seconds = seconds
        self.calls: list[tuple[str, bool]] = []  # as each utterance ends
        self.begun: list[str] = []  # as each utterance starts
        self.started = threading.Event()
        self.closed = False
        self._lock = threading.Lock()

    def speak(self, text: str, cancel: threading.Event) -> None:
        with self._lock:
            self.begun.append(text)
        self.started.set()
        interrupted = cancel.wait(self.seconds)
        with self._lock:
            self.calls.append((text, interrupted))

    def close(self) -> None:
        self.closed = True

    def texts(self) -> list[str]:
        with self._lock:
            return [text for text, _ in self.calls]


class SpeechOnlyOutput(Output):
    """An accessible_output2 output with speech and no braille (like
    speech-dispatcher's): records what it is asked."""

    name = "fake speech"

    def __init__(self, fail: bool = False) -> None:
        super().__init__()
        self.calls: list[tuple] = []
        self.fail = fail

    def is_active(self) -> bool:
        return True

    def speak(self, text: str, interrupt: bool = False) -> None:
        if self.fail:
            raise OSError("the screen reader has gone")
        self.calls.append(("speak", text, interrupt))

    def silence(self) -> None:
        self.calls.append(("silence",))

    def close(self) -> None:
        self.calls.append(("close",))


class BrailleOutput(SpeechOnlyOutput):
    """An output with speech and braille (like NVDA's or JAWS's)."""

    name = "fake speech and braille"

    def braille(self, text: str) -> None:
        self.calls.append(("braille", text))


class FakeSSIPClient:
    """Stands for the ``speechd`` client: each message takes ``seconds`` to
    say, then its end comes in as the server sends it (to the connection's
    callback, with the message id); ``cancel()`` cuts it ("cancel")."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.said: list[tuple[str, str]] = []  # (text, "end" or "cancel"), as each ends
        self._lock = threading.Lock()
        self._current: tuple[str, threading.Event] | None = None
        self._ids = iter(range(1, 10**6))
        self._conn = self
        self._callback_handler = lambda *args, **kwargs: None
        self._events = self._callback_handler

    def set_callback(self, callback) -> None:
        self._events = callback

    def speak(self, text: str, callback=None, event_types=None):
        done = threading.Event()
        number = next(self._ids)
        with self._lock:
            self._current = (text, done)

        def run() -> None:
            cut = done.wait(self.seconds)
            with self._lock:
                self.said.append((text, "cancel" if cut else "end"))
            self._events(number, 1, "cancel" if cut else "end")

        threading.Thread(target=run, daemon=True).start()
        return 225, "OK MESSAGE QUEUED", [str(number)]

    def cancel(self) -> None:
        with self._lock:
            if self._current is not None:
                self._current[1].set()


class FakeSpeechDispatcherOutput(SpeechDispatcherOutput):
    """accessible_output2's speech-dispatcher output over a ``FakeSSIPClient``,
    which reports when each message ends."""

    name = "fake speech-dispatcher"

    def __init__(self, seconds: float = 0.3) -> None:
        self._client = FakeSSIPClient(seconds)

    def is_active(self) -> bool:
        return True

    def speak(self, text: str, interrupt: bool = False) -> None:
        raise AssertionError("speech-dispatcher is spoken to through its client")

    def silence(self) -> None:
        self._client.cancel()


def wait_until(condition, timeout: float = 5.0, step: float = 0.02) -> bool:
    """Poll ``condition`` until it is true or ``timeout`` seconds pass."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return bool(condition())


# --- a headless speech-dispatcher -------------------------------------------------

QUEUED = re.compile(r"Queueing message \|(.*?)\| with priority")
# One per request, in the order they came: a text to say, or a CANCEL.
EVENT = re.compile(r"Queueing message \|(.*?)\| with priority|DATA:\|(CANCEL) ")


class SpeechDispatcher:
    """speech-dispatcher with its own configuration, socket, log and sound
    card (ALSA's file plugin, so the synthesized audio can be measured), in a
    private folder.  ``stop()`` sends SIGTERM to the server's own PID only."""

    def __init__(self) -> None:
        # A short path: Unix socket paths are limited to about 100 bytes.
        self.home = Path(tempfile.mkdtemp(prefix="rook-sd-"))
        self.config = self.home / "conf"
        self.logs = self.home / "log"
        self.socket = self.home / "speechd.sock"
        self.capture = self.home / "capture.raw"
        self.process: subprocess.Popen | None = None

    @property
    def address(self) -> str:
        return f"unix_socket:{self.socket}"

    @property
    def log(self) -> Path:
        return self.logs / "speech-dispatcher.log"

    def start(self) -> None:
        program = shutil.which("speech-dispatcher")
        assert program, "speech-dispatcher is not installed (apt-get install speech-dispatcher)"
        shutil.copytree("/etc/speech-dispatcher", self.config)
        conf = self.config / "speechd.conf"
        text = re.sub(r"(?m)^\s*(LogLevel|AudioOutputMethod|DefaultModule|AddModule)\b.*$", "", conf.read_text())
        text += (
            "\nLogLevel 5\n"
            'AudioOutputMethod "alsa"\n'
            'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"\n'
            "DefaultModule espeak-ng\n"
        )
        conf.write_text(text)
        (self.home / ".asoundrc").write_text(
            f'pcm.!default {{ type file slave.pcm "null" file "{self.capture}" format "raw" }}\n'
        )
        self.logs.mkdir()
        env = dict(os.environ, HOME=str(self.home))
        env.pop("SPEECHD_ADDRESS", None)
        self.process = subprocess.Popen(
            [program, "-s", "-C", str(self.config), "-S", str(self.socket),
             "-t", "0", "-l", "5", "-L", str(self.logs)],
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )
        if not wait_until(self._answers, timeout=10):
            raise AssertionError(f"speech-dispatcher did not start; its log:\n{self.log_text()[-3000:]}")

    def _answers(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise AssertionError(f"speech-dispatcher exited with {self.process.returncode}:\n{self.log_text()[-3000:]}")
        if not self.socket.exists():
            return False
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as probe:
            try:
                probe.connect(str(self.socket))
            except OSError:
                return False
        return True

    def log_text(self) -> str:
        try:
            return self.log.read_text(errors="replace")
        except OSError:
            return ""

    def queued(self) -> list[str]:
        """The texts the server was asked to say, in order."""
        return QUEUED.findall(self.log_text())

    def events(self) -> list[str]:
        """The texts queued and the cancels ("CANCEL"), in order."""
        return [text or cancel for text, cancel in EVENT.findall(self.log_text())]

    def stop(self) -> None:
        process, self.process = self.process, None
        try:
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGTERM)
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()
        finally:
            shutil.rmtree(self.home, ignore_errors=True)
