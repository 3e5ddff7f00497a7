"""The Windows and macOS code paths of speech, run here with each system's
modules replaced by small fakes that record what they were asked: pyttsx3's
engine (the sapi5 and nsss drivers), ``winsound``, ``afplay``'s process,
accessible_output2's outputs and the list of processes."""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import threading
import time
from pathlib import Path
from types import SimpleNamespace

import pytest
from accessible_output2.outputs.base import Output

from rook_access.output import channels, native_voice
from rook_access.output.channels import (
    EngineUnavailable,
    PlainChannel,
    ScreenReaderChannel,
    UnknownVoice,
    VoiceChannel,
    list_voices,
    open_channel,
    screen_reader_running,
    system_speaker,
)
from rook_access.output.message import Message
from rook_access.output.native_voice import mac_speaker, wav_seconds, windows_speaker
from rook_access.output.speech_log import SpeechLog
from tests.helpers.speech import wait_until

SAPI_ZIRA = "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\TTS_MS_EN-US_ZIRA_11.0"
SAPI_DAVID = "HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Speech\\Voices\\Tokens\\TTS_MS_EN-US_DAVID_11.0"
SAPI_VOICES = [
    SimpleNamespace(id=SAPI_DAVID, name="Microsoft David Desktop - English (United States)"),
    SimpleNamespace(id=SAPI_ZIRA, name="Microsoft Zira Desktop - English (United States)"),
]
MAC_VOICES = [
    SimpleNamespace(id="com.apple.voice.compact.en-US.Samantha", name="Samantha"),
    SimpleNamespace(id="com.apple.speech.synthesis.voice.Alex", name="Alex"),
]


def wav_bytes(seconds: float, byte_rate: int = 1000, extensible: bool = False) -> bytes:
    """A WAV file of ``seconds`` of silence at ``byte_rate`` bytes a second."""
    if extensible:
        fmt = struct.pack("<HHIIHHHHI16s", 0xFFFE, 1, byte_rate // 2, byte_rate, 2, 16, 22, 16, 4, b"\x01" + bytes(15))
    else:
        fmt = struct.pack("<HHIIHH", 1, 1, byte_rate // 2, byte_rate, 2, 16)
    data = bytes(int(seconds * byte_rate) & ~1)
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"data" + struct.pack("<I", len(data)) + data
    return b"RIFF" + struct.pack("<I", len(body)) + body


class FakeEngine:
    """pyttsx3's engine as its sapi5 or nsss driver behaves: ``save_to_file``
    is queued and the file is written by ``runAndWait``.  Each text's sound
    lasts ``seconds[text]`` (0.05 s by default)."""

    def __init__(self, calls: list, voices: list, seconds: dict[str, float] | None = None) -> None:
        self.calls = calls
        self.voices = voices
        self.voice = voices[0].id
        self.seconds = seconds or {}
        self.threads: set[str] = set()
        self._queued: list[tuple[str, str]] = []

    def _record(self, *call) -> None:
        self.threads.add(threading.current_thread().name)
        self.calls.append(call)

    def getProperty(self, name):  # noqa: N802 - pyttsx3's name
        self.threads.add(threading.current_thread().name)
        return {"voices": self.voices, "voice": self.voice}[name]

    def setProperty(self, name, value):  # noqa: N802
        self._record("setProperty", name, value)

    def save_to_file(self, text, filename):
        self._record("save_to_file", text, Path(filename).name)
        self._queued.append((text, filename))

    def runAndWait(self):  # noqa: N802
        self._record("runAndWait")
        for text, filename in self._queued:
            Path(filename).write_bytes(wav_bytes(self.seconds.get(text, 0.05)))
        self._queued.clear()

    def endLoop(self):  # noqa: N802
        self._record("endLoop")


class FakeWinsound:
    """The standard library's ``winsound``, with Windows' values of its flags."""

    SND_FILENAME = 0x20000
    SND_ASYNC = 0x0001
    SND_NODEFAULT = 0x0002
    SND_PURGE = 0x0040

    def __init__(self, calls: list) -> None:
        self.calls = calls

    def PlaySound(self, sound, flags):  # noqa: N802 - winsound's name
        if sound is None:
            self.calls.append(("PlaySound", None, flags))
        else:
            assert Path(sound).stat().st_size > 44, "played a file not yet written"
            self.calls.append(("PlaySound", Path(sound).name, flags))


PLAY_FLAGS = FakeWinsound.SND_FILENAME | FakeWinsound.SND_ASYNC | FakeWinsound.SND_NODEFAULT
STOP = ("PlaySound", None, FakeWinsound.SND_PURGE)


def _windows(calls: list, seconds: dict[str, float] | None = None, **options):
    engine = FakeEngine(calls, SAPI_VOICES, seconds)
    setups = []

    def load(driver):
        calls.append(("load", driver))
        return engine

    def setup():
        setups.append(threading.current_thread().name)

    speaker = windows_speaker(sound=FakeWinsound(calls), load=load, thread_setup=setup, **options)
    return speaker, engine, setups


def _spoken_and_stopped(calls: list) -> list:
    """The calls that say or stop speech, in order."""
    return [call for call in calls if call[0] in ("save_to_file", "PlaySound")]


def _message(text: str) -> Message:
    return Message(text, text)


# --- Windows: SAPI 5 and winsound ------------------------------------------------


def test_windows_speaker_writes_each_text_with_sapi5_and_plays_it_with_winsound():
    calls: list = []
    speaker, engine, setups = _windows(calls, rate=200)
    speaker.speak("Hello there.", threading.Event())
    speaker.close()
    assert calls == [
        ("load", "sapi5"),
        ("setProperty", "voice", SAPI_DAVID),  # the default voice, set again each time
        ("setProperty", "rate", 200),
        ("save_to_file", "Hello there.", "speech-0001.wav"),
        ("runAndWait",),
        ("PlaySound", "speech-0001.wav", PLAY_FLAGS),
    ]
    # Every engine call ran on the engine's own thread, made a COM apartment first.
    assert setups == ["rook-access speech engine"]
    assert engine.threads == {"rook-access speech engine"}


def test_windows_speaker_stops_winsound_when_cut_and_removes_its_files(tmp_path):
    calls: list = []
    speaker, _, _ = _windows(calls, seconds={"long": 30.0})
    folder = speaker._folder
    cancel = threading.Event()
    worker = threading.Thread(target=speaker.speak, args=("long", cancel))
    worker.start()
    assert wait_until(lambda: any(call[0] == "PlaySound" for call in calls), timeout=5)
    cancel.set()
    worker.join(2)
    assert not worker.is_alive(), "the cut did not end the speech"
    assert _spoken_and_stopped(calls) == [
        ("save_to_file", "long", "speech-0001.wav"),
        ("PlaySound", "speech-0001.wav", PLAY_FLAGS),
        STOP,
    ]
    assert not (folder / "speech-0001.wav").exists()
    speaker.close()
    assert not folder.exists()


def test_windows_speaker_chooses_a_sapi_voice_by_name_or_short_name_and_refuses_others():
    for wanted in ("Microsoft Zira Desktop - English (United States)", "tts_ms_en-us_zira_11.0"):
        calls: list = []
        speaker, _, _ = _windows(calls, voice=wanted)
        speaker.speak("Hi.", threading.Event())
        speaker.close()
        assert ("setProperty", "voice", SAPI_ZIRA) in calls
    with pytest.raises(UnknownVoice):
        _windows([], voice="en-us")


def test_a_missing_windows_engine_is_engine_unavailable():
    def load(driver):
        raise EngineUnavailable("No Windows speech (SAPI 5) found")

    with pytest.raises(EngineUnavailable):
        windows_speaker(sound=FakeWinsound([]), load=load, thread_setup=None)


def test_windows_speaker_with_wav_dir_keeps_the_files_and_plays_nothing(tmp_path):
    calls: list = []
    speaker, _, _ = _windows(calls, wav_dir=tmp_path)
    speaker.speak("One.", threading.Event())
    speaker.close()
    assert [path.name for path in speaker.files] == ["speech-0001.wav"]
    assert (tmp_path / "speech-0001.wav").exists()
    assert not any(call[0] == "PlaySound" for call in calls)


def _voice_channel(speaker, interrupt: str, log_path: Path) -> VoiceChannel:
    return VoiceChannel(
        speaker=speaker, write=lambda line: None, interrupt=interrupt, log=SpeechLog("voice", str(log_path))
    )


def test_windows_voice_queues_every_message_in_order_and_logs_it(tmp_path):
    calls: list = []
    speaker, _, _ = _windows(calls)
    log = tmp_path / "speech.jsonl"
    channel = _voice_channel(speaker, "all", log)
    for text in ("First.", "Second.", "Third."):
        channel.say(_message(text))
    assert channel.idle(timeout=10)
    channel.close()
    assert _spoken_and_stopped(calls) == [
        ("save_to_file", "First.", "speech-0001.wav"),
        ("PlaySound", "speech-0001.wav", PLAY_FLAGS),
        ("save_to_file", "Second.", "speech-0002.wav"),
        ("PlaySound", "speech-0002.wav", PLAY_FLAGS),
        ("save_to_file", "Third.", "speech-0003.wav"),
        ("PlaySound", "speech-0003.wav", PLAY_FLAGS),
    ]
    events = [json.loads(line) for line in log.read_text().splitlines()]
    ends = [event for event in events if event["event"] == "end"]
    assert [event["cut"] for event in ends] == [False, False, False]
    assert events[-1] == {**events[-1], "event": "close", "cut": False}


@pytest.mark.parametrize("interrupt", ["all", "line", "none"])
def test_windows_voice_a_typed_line_cuts_as_the_interrupt_setting_says_and_the_answer_is_said(interrupt, tmp_path):
    calls: list = []
    speaker, _, _ = _windows(calls, seconds={"Long.": 0.8})
    channel = _voice_channel(speaker, interrupt, tmp_path / "speech.jsonl")
    channel.say(_message("Long."))
    channel.say(_message("Queued."))
    assert wait_until(lambda: any(call[0] == "PlaySound" for call in calls), timeout=5)
    channel.user_input()
    channel.say(_message("Answer."))
    assert channel.idle(timeout=10)
    channel.close()
    said = _spoken_and_stopped(calls)
    long_played = [("save_to_file", "Long.", "speech-0001.wav"), ("PlaySound", "speech-0001.wav", PLAY_FLAGS)]
    if interrupt == "all":  # cut now, the queue dropped, the answer said
        assert said == [
            *long_played,
            STOP,
            ("save_to_file", "Answer.", "speech-0002.wav"),
            ("PlaySound", "speech-0002.wav", PLAY_FLAGS),
        ]
    elif interrupt == "line":  # the sentence finishes, the queue dropped
        assert said == [
            *long_played,
            ("save_to_file", "Answer.", "speech-0002.wav"),
            ("PlaySound", "speech-0002.wav", PLAY_FLAGS),
        ]
    else:  # everything said
        assert [call[1] for call in said if call[0] == "save_to_file"] == ["Long.", "Queued.", "Answer."]
        assert STOP not in said


def test_windows_voice_stop_and_close_stop_winsound_at_once(tmp_path):
    calls: list = []
    speaker, _, _ = _windows(calls, seconds={"Long.": 30.0, "Again.": 30.0})
    channel = _voice_channel(speaker, "all", tmp_path / "speech.jsonl")
    channel.say(_message("Long."))
    channel.say(_message("Queued."))
    assert wait_until(lambda: any(call[0] == "PlaySound" for call in calls), timeout=5)
    channel.stop()
    assert wait_until(lambda: STOP in calls, timeout=2)
    channel.say(_message("Again."))
    assert wait_until(lambda: ("PlaySound", "speech-0002.wav", PLAY_FLAGS) in calls, timeout=5)
    started = time.monotonic()
    channel.close()
    assert time.monotonic() - started < 1.5
    assert _spoken_and_stopped(calls) == [
        ("save_to_file", "Long.", "speech-0001.wav"),
        ("PlaySound", "speech-0001.wav", PLAY_FLAGS),
        STOP,
        ("save_to_file", "Again.", "speech-0002.wav"),
        ("PlaySound", "speech-0002.wav", PLAY_FLAGS),
        STOP,
    ]
    assert not speaker._folder.exists()


def test_wav_seconds_reads_the_length_from_the_header(tmp_path):
    plain, extensible, broken = tmp_path / "a.wav", tmp_path / "b.wav", tmp_path / "c.wav"
    plain.write_bytes(wav_bytes(1.5, byte_rate=44100 * 2))
    extensible.write_bytes(wav_bytes(0.25, byte_rate=22050 * 2, extensible=True))
    broken.write_bytes(b"RIFF....not a wave")
    assert wav_seconds(plain) == pytest.approx(1.5, abs=0.001)
    assert wav_seconds(extensible) == pytest.approx(0.25, abs=0.001)
    assert wav_seconds(broken) == 0.0
    assert wav_seconds(tmp_path / "missing.wav") == 0.0


# --- macOS: NSSpeechSynthesizer and afplay -------------------------------------------


class FakeProcess:
    """afplay playing for ``seconds``, or until terminated."""

    def __init__(self, calls: list, args: list[str], seconds: float) -> None:
        self.calls = calls
        self.args = args
        self._ends = time.monotonic() + seconds
        self.returncode: int | None = None

    def poll(self):
        if self.returncode is None and time.monotonic() >= self._ends:
            self.returncode = 0
        return self.returncode

    def terminate(self):
        self.calls.append(("terminate", Path(self.args[-1]).name))
        self.returncode = -15

    def kill(self):
        self.calls.append(("kill",))
        self.returncode = -9

    def wait(self, timeout=None):
        return self.returncode


def _mac(calls: list, seconds: dict[str, float] | None = None, **options):
    engine = FakeEngine(calls, MAC_VOICES)
    lengths = seconds or {}

    def load(driver):
        calls.append(("load", driver))
        return engine

    def popen(args, **kwargs):
        calls.append(("Popen", args[0], Path(args[-1]).name))
        assert Path(args[-1]).stat().st_size > 44, "played a file not yet written"
        text = next(call[1] for call in reversed(calls) if call[0] == "save_to_file")
        return FakeProcess(calls, args, lengths.get(text, 0.05))

    return mac_speaker(player=["afplay"], popen=popen, load=load, **options), engine


def test_mac_speaker_writes_aiff_with_nsss_and_plays_it_with_afplay():
    calls: list = []
    speaker, engine = _mac(calls, voice="Alex")
    speaker.speak("Your turn.", threading.Event())
    speaker.close()
    assert calls == [
        ("load", "nsss"),
        ("setProperty", "voice", "com.apple.speech.synthesis.voice.Alex"),
        ("setProperty", "rate", channels.DEFAULT_RATE),
        ("save_to_file", "Your turn.", "speech-0001.aiff"),
        ("runAndWait",),
        ("Popen", "afplay", "speech-0001.aiff"),
    ]
    assert engine.threads == {"rook-access speech engine"}


def test_mac_voice_queues_and_a_typed_line_ends_afplay(tmp_path):
    calls: list = []
    speaker, _ = _mac(calls, seconds={"Long.": 30.0})
    channel = _voice_channel(speaker, "all", tmp_path / "speech.jsonl")
    channel.say(_message("Long."))
    channel.say(_message("Queued."))
    assert wait_until(lambda: any(call[0] == "Popen" for call in calls), timeout=5)
    channel.user_input()
    channel.say(_message("Answer."))
    assert channel.idle(timeout=10)
    channel.close()
    assert [call for call in calls if call[0] in ("save_to_file", "Popen", "terminate")] == [
        ("save_to_file", "Long.", "speech-0001.aiff"),
        ("Popen", "afplay", "speech-0001.aiff"),
        ("terminate", "speech-0001.aiff"),
        ("save_to_file", "Answer.", "speech-0002.aiff"),
        ("Popen", "afplay", "speech-0002.aiff"),
    ]


# --- choosing by system, voices --------------------------------------------------------


def test_the_speaker_is_chosen_by_system_in_one_place(monkeypatch):
    chosen = []

    def maker(name):
        def make(**options):
            chosen.append((name, options))
            return name

        return make

    monkeypatch.setattr(native_voice, "windows_speaker", maker("sapi5"))
    monkeypatch.setattr(native_voice, "mac_speaker", maker("nsss"))
    monkeypatch.setattr(channels, "EspeakSpeaker", maker("espeak"))
    options = {"rate": 300, "voice": "x", "wav_dir": None}
    assert system_speaker(platform="win32", **options) == "sapi5"
    assert system_speaker(platform="darwin", **options) == "nsss"
    assert system_speaker(platform="linux", **options) == "espeak"
    monkeypatch.setattr(sys, "platform", "win32")
    assert system_speaker(**options) == "sapi5"
    assert [options for _, options in chosen] == [{"rate": 300, "voice": "x", "wav_dir": None}] * 4


def test_voice_output_on_windows_falls_back_to_text_with_one_notice_without_sapi(monkeypatch):
    def missing(**options):
        raise EngineUnavailable("No Windows speech (SAPI 5) found")

    monkeypatch.setattr(native_voice, "windows_speaker", missing)
    monkeypatch.setattr(sys, "platform", "win32")
    notices: list[str] = []
    channel = open_channel("voice", notice=notices.append, write=lambda line: None)
    assert isinstance(channel, PlainChannel)
    assert notices == ["No Windows speech (SAPI 5) found; text only."]


def test_voices_are_listed_from_each_systems_engine():
    assert list_voices(lambda: FakeEngine([], SAPI_VOICES)) == [(v.id, v.name) for v in SAPI_VOICES]
    assert list_voices(lambda: FakeEngine([], MAC_VOICES)) == [
        ("com.apple.voice.compact.en-US.Samantha", "Samantha"),
        ("com.apple.speech.synthesis.voice.Alex", "Alex"),
    ]

    def missing():
        raise EngineUnavailable("No macOS speech found")

    assert list_voices(missing) == []


# --- is a screen reader running? ---------------------------------------------------------


def _tasklist(*names: str):
    calls: list = []

    def run(args, **kwargs):
        calls.append((args, kwargs.get("timeout")))
        rows = "".join(f'"{name}","{1000 + i}","Console","1","12,345 K"\r\n' for i, name in enumerate(names))
        return subprocess.CompletedProcess(args, 0, rows.encode("cp1252"), b"")

    return run, calls


@pytest.mark.parametrize(
    ("processes", "running"),
    [
        (("System", "explorer.exe", "nvda.exe"), True),
        (("explorer.exe", "JFW.exe"), True),
        (("Narrator.exe",), True),
        (("explorer.exe", "nvda_slave.exe", "python.exe"), False),
        ((), False),
    ],
)
def test_windows_screen_readers_are_found_in_the_process_list(processes, running):
    run, calls = _tasklist(*processes)
    assert channels._windows_screen_reader_running(run) is running
    assert calls == [(["tasklist", "/fo", "csv", "/nh"], channels.PROCESS_LIST_TIMEOUT)]


def test_a_failing_or_slow_tasklist_means_no_screen_reader():
    def slow(args, **kwargs):
        raise subprocess.TimeoutExpired(args, kwargs["timeout"])

    def absent(args, **kwargs):
        raise FileNotFoundError(args[0])

    assert not channels._windows_screen_reader_running(slow)
    assert not channels._windows_screen_reader_running(absent)


def test_auto_output_on_windows_with_nvda_running_is_plain_lines(monkeypatch):
    run, _ = _tasklist("explorer.exe", "nvda.exe")
    monkeypatch.setattr(subprocess, "run", run)
    monkeypatch.setattr(sys, "platform", "win32")
    assert screen_reader_running()
    assert isinstance(open_channel("auto", write=lambda line: None), PlainChannel)


def test_voiceover_is_found_with_pgrep_on_macos(monkeypatch):
    calls: list = []

    def run(args, **kwargs):
        calls.append(args)
        return subprocess.CompletedProcess(args, 0 if voiceover else 1)

    monkeypatch.setattr(subprocess, "run", run)
    monkeypatch.setattr(sys, "platform", "darwin")
    voiceover = True
    assert screen_reader_running()
    voiceover = False
    assert not screen_reader_running()
    assert calls == [["pgrep", "-x", "VoiceOver"]] * 2


# --- the screen reader through accessible_output2 ----------------------------------------


class FakeNVDA(Output):
    """accessible_output2's NVDA output (speech and braille through NVDA's controller client)."""

    name = "NVDA"

    def __init__(self, calls: list) -> None:
        self.calls = calls

    def is_active(self) -> bool:
        return True

    def speak(self, text, interrupt=False):
        self.calls.append(("speak", text, interrupt))

    def braille(self, text, **options):
        self.calls.append(("braille", text))

    def silence(self):
        self.calls.append(("silence",))


class FakeAuto:
    """accessible_output2's ``Auto``: the first active output of those it found."""

    def __init__(self, outputs: list) -> None:
        self.outputs = outputs

    def get_first_available_output(self):
        return next((output for output in self.outputs if output.is_active()), None)

    def speak(self, *args, **kwargs):
        self.get_first_available_output().speak(*args, **kwargs)

    def braille(self, *args, **kwargs):
        self.get_first_available_output().braille(*args, **kwargs)


def test_screenreader_output_hands_nvda_each_message_in_order_and_silences_it_when_the_user_types(tmp_path):
    calls: list = []
    output = FakeAuto([FakeNVDA(calls)])
    channel = ScreenReaderChannel(
        output=output,
        write=lambda line: None,
        notice=calls.append,
        log=SpeechLog("screenreader", str(tmp_path / "log")),
    )
    channel.say(Message("14r", "14 red"))
    channel.say(Message("Your turn.", "Your turn."))
    assert channel.idle(timeout=5)
    channel.user_input()
    assert channel.idle(timeout=5)
    channel.say(Message("Bid 120.", "Bid 120."))
    channel.stop()
    assert channel.idle(timeout=5)
    channel.close()
    assert calls[:5] == [
        ("speak", "14 red", False),  # queued, never cutting what NVDA says
        ("braille", "14r"),
        ("speak", "Your turn.", False),
        ("braille", "Your turn."),
        ("silence",),  # interrupt all: the typed line cuts speech
    ]
    assert calls[-1] == ("silence",)  # the stop


def test_settings_voice_lines_name_each_voice_with_what_chooses_it():
    sapi = [(v.id, v.name) for v in SAPI_VOICES]
    assert channels.voice_lines(sapi) == [
        "2 voices; choose one with settings voice and its name, or default:",
        "Microsoft David Desktop - English (United States), TTS_MS_EN-US_DAVID_11.0",
        "Microsoft Zira Desktop - English (United States), TTS_MS_EN-US_ZIRA_11.0",
    ]
    assert channels.voice_lines([("gmw/en-us", "English (America)")])[1] == "English (America), en-us"
    assert channels.voice_lines([(v.id, v.name) for v in MAC_VOICES])[1:] == [
        "Samantha, com.apple.voice.compact.en-US.Samantha",
        "Alex, com.apple.speech.synthesis.voice.Alex",
    ]
    assert channels.voice_lines([]) == ["No voices found: the speech engine is missing."]
