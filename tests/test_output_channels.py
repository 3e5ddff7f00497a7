"""Output channels: the plain line, falling back when an engine is missing,
speech that never holds up input, urgent messages and stop."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time

import pytest
from speech_helpers import BrailleOutput, RecordingSpeaker, SlowSpeaker, SpeechOnlyOutput, wait_until

from rook_access.output import channels
from rook_access.output.channels import (
    Channel,
    EngineUnavailable,
    PlainChannel,
    ScreenReaderChannel,
    VoiceChannel,
    open_channel,
    screen_reader_running,
)
from rook_access.output.message import Message
from rook_access.output.speechd_client import load_speechd

TRICK = Message("N takes, 25", "North takes the trick, 25 points.")
PLAY = Message("W plays 10r", "West plays 10 red.")
TURN = Message("Your play, 3 legal: 12r 7r rook", "Your play. 3 legal: 12 red, 7 red, the Rook.", urgent=True)


# --- plain ----------------------------------------------------------------------


def test_plain_channel_prints_exactly_the_compact_line(capfd):
    channel = PlainChannel()
    channel.say(Message("14r 10r 5x rook", "14 red, 10 red, 5 black, the Rook"))
    channel.stop()
    channel.close()
    assert capfd.readouterr() == ("14r 10r 5x rook\n", "")


def test_plain_channel_writes_through_the_given_writer():
    lines: list[str] = []
    channel = PlainChannel(lines.append)
    channel.say(PLAY)
    channel.say(TURN)
    assert lines == ["W plays 10r", "Your play, 3 legal: 12r 7r rook"]


@pytest.mark.parametrize("name", ["plain", "auto", "PLAIN", " auto "])
def test_plain_and_auto_are_the_plain_channel_without_notice(name, capfd):
    notices: list[str] = []
    channel = open_channel(name, notice=notices.append)
    assert isinstance(channel, PlainChannel)
    channel.say(TRICK)
    assert notices == []
    assert capfd.readouterr() == ("N takes, 25\n", "")


def test_every_channel_is_a_channel():
    assert isinstance(PlainChannel(), Channel)
    voice = VoiceChannel(speaker=RecordingSpeaker(), write=lambda line: None)
    screen = ScreenReaderChannel(output=SpeechOnlyOutput(), write=lambda line: None)
    try:
        assert isinstance(voice, Channel) and voice.name == "voice"
        assert isinstance(screen, Channel) and screen.name == "screenreader"
    finally:
        voice.close()
        screen.close()


# --- falling back -----------------------------------------------------------------


def assert_plain_fallback(channel, notices, expected_notice, capfd):
    assert isinstance(channel, PlainChannel)
    assert notices == [expected_notice]
    assert "\n" not in notices[0] and len(notices[0]) < 60
    channel.say(TRICK)
    channel.close()
    assert capfd.readouterr() == ("N takes, 25\n", "")


def test_voice_without_pyttsx3_falls_back_to_plain_with_one_notice(monkeypatch, capfd):
    monkeypatch.setitem(sys.modules, "pyttsx3", None)  # import pyttsx3 fails
    notices: list[str] = []
    channel = open_channel("voice", notice=notices.append)
    assert_plain_fallback(channel, notices, "No speech engine (pyttsx3) installed; text only.", capfd)


def test_voice_without_espeak_falls_back_to_plain_with_one_notice(monkeypatch, capfd):
    import pyttsx3

    def no_espeak(*args, **kwargs):
        print("noise from the library")
        raise RuntimeError("This means you probably do not have eSpeak or eSpeak-ng installed!")

    monkeypatch.setattr(pyttsx3, "init", no_espeak)
    notices: list[str] = []
    channel = open_channel("voice", notice=notices.append)
    assert_plain_fallback(channel, notices, "No espeak-ng speech engine found; text only.", capfd)


def test_voice_without_an_audio_player_falls_back_to_plain(monkeypatch, capfd):
    monkeypatch.setattr(channels, "find_player", lambda: None)
    notices: list[str] = []
    channel = open_channel("voice", notice=notices.append)
    assert_plain_fallback(channel, notices, "No audio player (aplay) found; text only.", capfd)


def test_screenreader_without_accessible_output2_falls_back(monkeypatch, capfd):
    monkeypatch.setitem(sys.modules, "accessible_output2.outputs.auto", None)
    notices: list[str] = []
    channel = open_channel("screenreader", notice=notices.append)
    assert_plain_fallback(channel, notices, "No screen reader found; text only.", capfd)


def test_screenreader_with_none_running_falls_back_and_keeps_the_library_quiet(monkeypatch, capfd):
    """With no speech-dispatcher client, the real accessible_output2 prints
    "Cannot find Speech Dispatcher..." and "Cannot find espeak.core...": none
    of it may reach the screen."""
    monkeypatch.setitem(sys.modules, "speechd", None)  # no client: nothing to spawn or reach
    monkeypatch.setattr(channels, "load_speechd", lambda: None)
    notices: list[str] = []
    channel = open_channel("screenreader", notice=notices.append)
    assert_plain_fallback(channel, notices, "No screen reader found; text only.", capfd)


def test_screenreader_whose_outputs_all_fail_to_start_falls_back(monkeypatch, capfd):
    from accessible_output2.outputs.auto import Auto

    def nothing_found(self):
        print("Cannot find anything")
        self.outputs = []

    monkeypatch.setattr(Auto, "__init__", nothing_found)
    notices: list[str] = []
    channel = open_channel("screenreader", notice=notices.append)
    assert_plain_fallback(channel, notices, "No screen reader found; text only.", capfd)


def test_an_unknown_channel_name_falls_back_to_plain(capfd):
    notices: list[str] = []
    channel = open_channel("braille-printer", notice=notices.append)
    assert_plain_fallback(channel, notices, "No output called braille-printer; text only.", capfd)


def test_an_engine_crashing_on_start_gives_a_notice_not_a_traceback(monkeypatch, capfd):
    def broken(**kwargs):
        raise ZeroDivisionError("a bug in the engine")

    monkeypatch.setattr(channels, "EspeakSpeaker", broken)
    notices: list[str] = []
    channel = open_channel("voice", notice=notices.append)
    assert_plain_fallback(channel, notices, "The speech engine did not start; text only.", capfd)


def test_an_unknown_voice_keeps_the_default_voice_with_a_notice(tmp_path, capfd):
    notices: list[str] = []
    channel = open_channel("voice", voice="no-such-voice", notice=notices.append, wav_dir=tmp_path)
    try:
        assert isinstance(channel, VoiceChannel)
        assert notices == ["No voice called no-such-voice; using the default voice."]
    finally:
        channel.close()


def test_the_default_notice_is_one_line_on_standard_error(monkeypatch, capfd):
    monkeypatch.setitem(sys.modules, "pyttsx3", None)
    channel = open_channel("voice")
    channel.say(PLAY)
    assert capfd.readouterr() == ("W plays 10r\n", "No speech engine (pyttsx3) installed; text only.\n")


# --- the voice channel, with fake engines -----------------------------------------


def test_say_returns_at_once_while_the_engine_takes_a_second():
    lines: list[str] = []
    speaker = SlowSpeaker(seconds=1.0)
    channel = VoiceChannel(speaker=speaker, write=lines.append)
    try:
        times = []
        for message in (PLAY, TRICK, TURN, PLAY):
            started = time.perf_counter()
            channel.say(message)
            times.append(time.perf_counter() - started)
        assert max(times) < 0.01, times  # well under 50 ms
        assert lines == [PLAY.compact, TRICK.compact, TURN.compact, PLAY.compact]
        assert speaker.spoken == []  # nothing spoken yet: the engine is still busy
    finally:
        channel.stop()
        channel.close()


def test_the_engine_gets_the_spoken_form_in_order():
    speaker = RecordingSpeaker(seconds=0.0)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None)
    for message in (PLAY, TRICK):
        channel.say(message)
    assert channel.idle(timeout=5)
    channel.close()
    assert speaker.calls == [(PLAY.spoken, False), (TRICK.spoken, False)]
    assert speaker.closed


def test_an_urgent_message_cuts_off_speech_and_drops_stale_messages():
    speaker = RecordingSpeaker(seconds=5.0)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None)
    try:
        channel.say(Message("a", "first"))
        assert speaker.started.wait(2)
        channel.say(Message("b", "second"))
        channel.say(Message("c", "third"))
        started = time.perf_counter()
        channel.say(TURN)
        assert wait_until(lambda: len(speaker.calls) >= 1, timeout=2)
        assert time.perf_counter() - started < 0.5  # "first" was cut off, not finished
        assert speaker.calls[0] == ("first", True)
        assert wait_until(lambda: TURN.spoken in speaker.begun, timeout=2)
        assert speaker.begun == ["first", TURN.spoken]  # second and third dropped
    finally:
        channel.stop()
        channel.close()


def test_stop_silences_now_and_drops_the_queue():
    speaker = RecordingSpeaker(seconds=5.0)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None)
    try:
        for text in ("one", "two", "three"):
            channel.say(Message(text, text))
        assert speaker.started.wait(2)
        started = time.perf_counter()
        channel.stop()
        assert channel.idle(timeout=2)
        assert time.perf_counter() - started < 0.5
        assert speaker.calls == [("one", True)]
        speaker.seconds = 0.0
        channel.say(Message("four", "four"))  # speech goes on after a stop
        assert channel.idle(timeout=2)
        assert speaker.texts() == ["one", "four"]
    finally:
        channel.close()


def test_close_lets_queued_speech_finish():
    speaker = RecordingSpeaker(seconds=0.05)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None)
    for text in ("one", "two", "three"):
        channel.say(Message(text, text))
    channel.close()
    assert speaker.calls == [("one", False), ("two", False), ("three", False)]


def test_close_never_hangs_on_endless_speech():
    speaker = RecordingSpeaker(seconds=60.0)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None, close_timeout=0.2)
    channel.say(Message("long", "a very long speech"))
    channel.say(Message("more", "and more"))
    started = time.perf_counter()
    channel.close()
    assert time.perf_counter() - started < 1.0
    assert speaker.calls == [("a very long speech", True)]
    channel.say(PLAY)  # after close: still prints, says nothing, no error


def test_a_failing_engine_loses_one_utterance_silently(capfd):
    class Failing(RecordingSpeaker):
        def speak(self, text, cancel):
            if text == "boom":
                raise RuntimeError("engine failure")
            super().speak(text, cancel)

    speaker = Failing(seconds=0.0)
    channel = VoiceChannel(speaker=speaker)
    channel.say(Message("x", "boom"))
    channel.say(Message("y", "after"))
    channel.close()
    assert speaker.texts() == ["after"]
    assert capfd.readouterr() == ("x\ny\n", "")


def test_messages_without_spoken_text_are_not_sent_to_the_engine():
    speaker = RecordingSpeaker(seconds=0.0)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None)
    channel.say(Message("", "  "))
    channel.say(PLAY)
    channel.close()
    assert speaker.texts() == [PLAY.spoken]


# --- the screen-reader channel, with fake outputs ----------------------------------


def test_screen_reader_gets_speech_and_braille(capfd):
    output = BrailleOutput()
    channel = ScreenReaderChannel(output=output)
    channel.say(PLAY)
    channel.say(TURN)
    channel.stop()
    channel.close()
    assert output.calls == [
        ("speak", PLAY.spoken, False),
        ("braille", PLAY.compact),
        ("speak", TURN.spoken, True),
        ("braille", TURN.compact),
        ("silence",),
        ("close",),
    ]
    assert capfd.readouterr() == (f"{PLAY.compact}\n{TURN.compact}\n", "")


def test_screen_reader_without_braille_gets_speech_only():
    output = SpeechOnlyOutput()
    channel = ScreenReaderChannel(output=output, write=lambda line: None)
    channel.say(TRICK)
    channel.close()
    assert output.calls == [("speak", TRICK.spoken, False), ("close",)]


def test_a_screen_reader_that_goes_away_gives_one_notice(capfd):
    notices: list[str] = []
    channel = ScreenReaderChannel(output=SpeechOnlyOutput(fail=True), notice=notices.append)
    channel.say(PLAY)
    channel.say(TRICK)
    channel.close()
    assert notices == ["Lost the screen reader; text only."]
    assert capfd.readouterr() == (f"{PLAY.compact}\n{TRICK.compact}\n", "")


def test_missing_engine_error_reads_as_a_notice():
    assert str(EngineUnavailable("No screen reader found")) == "No screen reader found"


# --- the speech-dispatcher client -------------------------------------------------


def test_the_speechd_client_comes_from_the_system(monkeypatch):
    """Debian's python3-speechd, loaded for this interpreter even when it is
    not the system's own."""
    for name in [n for n in sys.modules if n == "speechd" or n.startswith("speechd.")]:
        monkeypatch.delitem(sys.modules, name)
    module = load_speechd()
    assert module is not None, "the speechd client is missing: apt-get install python3-speechd"
    assert hasattr(module, "SSIPClient")
    assert sys.modules["speechd"] is module
    import speechd  # as accessible_output2 does it

    assert speechd is module


def test_load_speechd_without_any_client_gives_none(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "speechd", None)
    assert load_speechd(search=(str(tmp_path),)) is None


# --- is a screen reader running? ----------------------------------------------------


def test_a_running_screen_reader_is_seen(tmp_path):
    fake_orca = tmp_path / "orca"
    shutil.copy(shutil.which("sleep"), fake_orca)
    process = subprocess.Popen([str(fake_orca), "30"])
    try:
        assert wait_until(screen_reader_running, timeout=2)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait()


def test_a_screen_reader_started_by_an_interpreter_is_seen(tmp_path):
    script = tmp_path / "fenrir"
    script.write_text("import time\ntime.sleep(30)\n")
    process = subprocess.Popen([sys.executable, str(script)])
    try:
        assert wait_until(screen_reader_running, timeout=2)
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait()


def test_no_screen_reader_among_ordinary_processes(tmp_path):
    proc = tmp_path / "proc"
    for pid, comm, cmdline in [("1", "init", b"/sbin/init\0"), ("42", "bash", b"-bash\0"),
                               ("43", "python3", b"python3\0game.py\0")]:
        (proc / pid).mkdir(parents=True)
        (proc / pid / "comm").write_text(comm + "\n")
        (proc / pid / "cmdline").write_bytes(cmdline)
    (proc / "self").mkdir()
    assert not channels._linux_screen_reader_running(proc, tmp_path / "sys")
    (proc / "44").mkdir()
    (proc / "44" / "comm").write_text("orca\n")
    assert channels._linux_screen_reader_running(proc, tmp_path / "sys")


def test_speakup_counts_as_a_screen_reader(tmp_path):
    proc = tmp_path / "proc"
    proc.mkdir()
    speakup = tmp_path / "sys" / "speakup"
    speakup.mkdir(parents=True)
    (speakup / "synth").write_text("none\n")
    assert not channels._linux_screen_reader_running(proc, tmp_path / "sys")
    (speakup / "synth").write_text("soft\n")
    assert channels._linux_screen_reader_running(proc, tmp_path / "sys")


def test_screen_reader_running_never_raises(monkeypatch):
    def broken(*args, **kwargs):
        raise PermissionError("no /proc")

    monkeypatch.setattr(channels, "_linux_screen_reader_running", broken)
    assert screen_reader_running() is False


def test_a_question_the_prompt_shows_is_spoken_but_not_printed_again():
    question = Message("Your play, 2 legal: 12r 7r.", "Your play, 2 legal: 12 red, 7 red.", urgent=True, shown=False)
    printed: list[str] = []
    PlainChannel(printed.append).say(question)
    assert printed == []
    speaker = RecordingSpeaker(seconds=0.0)
    channel = VoiceChannel(speaker=speaker, write=printed.append)
    channel.say(question)
    assert channel.idle(timeout=5)
    channel.close()
    assert printed == [] and speaker.calls == [(question.spoken, False)]


def test_a_screen_reader_that_never_answers_gives_up_in_time_and_keeps_the_output(monkeypatch, capfd):
    import threading
    import time

    import accessible_output2.outputs.auto as auto

    from rook_access.output import channels

    release = threading.Event()

    class Hanging:
        def __init__(self) -> None:
            release.wait(10)

    monkeypatch.setattr(auto, "Auto", Hanging)
    notices: list[str] = []
    start = time.monotonic()
    monkeypatch.setattr(channels, "SCREEN_READER_TIMEOUT", 0.3)
    channel = channels.open_channel("screenreader", notice=notices.append)
    waited = time.monotonic() - start
    release.set()
    assert isinstance(channel, channels.PlainChannel)
    assert notices == ["The screen reader did not answer; text only."]
    assert waited < 3
    print("still printing")
    assert "still printing" in capfd.readouterr().out


def test_a_slow_screen_reader_never_holds_the_game():
    import time

    class SlowOutput(SpeechOnlyOutput):
        def speak(self, text, interrupt=False):
            time.sleep(1.0)
            super().speak(text, interrupt)

    output = SlowOutput()
    channel = ScreenReaderChannel(output=output, write=lambda line: None)
    start = time.monotonic()
    channel.say(PLAY)
    channel.say(TRICK)
    assert time.monotonic() - start < 0.1
    assert channel.idle(timeout=5)
    assert [call[1] for call in output.calls if call[0] == "speak"] == [PLAY.spoken, TRICK.spoken]
    channel.close()
