"""Output channels: the plain line, falling back when an engine is missing,
speech that never holds up input, queued speech that only the user cuts
(stop, a line typed, leaving), and the speech log."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import threading
import time

import pytest

from rook_access.announcer.message import Message
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
from rook_access.output.speech_log import ENVIRONMENT as SPEECH_LOG
from rook_access.output.speechd_client import load_speechd
from rook_access.settings import INTERRUPTS
from tests.helpers.speech import (
    BrailleOutput,
    FakeSpeechDispatcherOutput,
    RecordingSpeaker,
    SlowSpeaker,
    SpeechOnlyOutput,
    wait_until,
)

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


def test_new_messages_never_cut_speech_not_even_questions():
    speaker = RecordingSpeaker(seconds=0.15)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None)
    try:
        channel.say(Message("a", "first"))
        assert speaker.started.wait(2)
        channel.say(Message("b", "second"))
        channel.say(TURN)  # a question, marked urgent: it waits its turn
        channel.say(Message("c", "third"))
        assert channel.idle(timeout=5)
        assert speaker.calls == [("first", False), ("second", False), (TURN.spoken, False), ("third", False)]
    finally:
        channel.close()


def say_while_speaking(channel, speaker, texts):
    """Queue ``texts`` and wait until the first is being said."""
    for text in texts:
        channel.say(Message(text, text))
    assert speaker.started.wait(2)


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        # all: the sentence being said is cut, the rest dropped, the answer said.
        ("all", [("one", True), ("answer", False)]),
        # line: the sentence being said finishes, the rest is dropped, the answer said.
        ("line", [("one", False), ("answer", False)]),
        # none: everything is said, then the answer.
        ("none", [("one", False), ("two", False), ("three", False), ("answer", False)]),
    ],
)
def test_a_line_typed_cuts_speech_as_the_user_set_and_the_answer_is_said(mode, expected):
    speaker = RecordingSpeaker(seconds=0.3)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None, interrupt=mode)
    try:
        say_while_speaking(channel, speaker, ["one", "two", "three"])
        started = time.perf_counter()
        channel.user_input()
        channel.say(Message("answer", "answer"))  # the answer to the line typed
        assert channel.idle(timeout=5)
        assert speaker.calls == expected
        if mode == "all":
            assert time.perf_counter() - started < 0.55  # cut, not finished: answer at once
    finally:
        channel.close()


def test_the_interrupt_mode_is_checked():
    with pytest.raises(ValueError, match="all, line, none"):
        VoiceChannel(speaker=RecordingSpeaker(), write=lambda line: None, interrupt="some")
    assert channels.INTERRUPT_MODES == INTERRUPTS


def test_the_speech_log_says_what_was_said_queued_cut_and_dropped(tmp_path, monkeypatch):
    log = tmp_path / "speech.jsonl"
    monkeypatch.setenv(SPEECH_LOG, str(log))
    speaker = RecordingSpeaker(seconds=0.3)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None)
    say_while_speaking(channel, speaker, ["one"])
    channel.say(Message("two", "two"))
    channel.user_input()
    assert channel.idle(timeout=5)
    speaker.seconds = 0.0
    channel.say(Message("answer", "answer"))
    assert channel.idle(timeout=5)
    channel.stop()
    channel.close()
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert {event["backend"] for event in events} == {"voice"}
    ids = {event["text"]: event["id"] for event in events if event["event"] == "say"}
    short = [(e["event"], e.get("id"), e.get("cut"), e.get("mode"), e.get("interrupt")) for e in events]
    assert short == [
        ("say", ids["one"], None, None, False),
        ("start", ids["one"], None, None, None),
        ("say", ids["two"], None, None, False),
        ("input", None, None, "all", None),
        ("drop", ids["two"], None, None, None),
        ("end", ids["one"], True, None, None),
        ("say", ids["answer"], None, None, False),
        ("start", ids["answer"], None, None, None),
        ("end", ids["answer"], False, None, None),
        ("stop", None, None, None, None),
        ("close", None, False, None, None),
    ]
    assert [e["t"] for e in events] == sorted(e["t"] for e in events)


def test_without_the_variable_nothing_is_logged(tmp_path, monkeypatch):
    monkeypatch.delenv(SPEECH_LOG, raising=False)
    monkeypatch.chdir(tmp_path)
    channel = VoiceChannel(speaker=RecordingSpeaker(seconds=0.0), write=lambda line: None)
    channel.say(PLAY)
    channel.close()
    assert list(tmp_path.iterdir()) == []


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
        assert time.perf_counter() - started < 2.0  # far under the speech's length: cut, even on a loaded machine
        assert speaker.calls == [("one", True)]
        speaker.seconds = 0.0
        channel.say(Message("four", "four"))  # speech goes on after a stop
        assert channel.idle(timeout=2)
        assert speaker.texts() == ["one", "four"]
    finally:
        channel.close()


def test_close_is_leaving_it_cuts_speech_at_once():
    speaker = RecordingSpeaker(seconds=60.0)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None)
    say_while_speaking(channel, speaker, ["a very long speech", "and more"])
    started = time.perf_counter()
    channel.close()
    assert time.perf_counter() - started < 2.0  # far under the speech's length: cut, even on a loaded machine
    assert speaker.calls == [("a very long speech", True)]
    assert speaker.closed
    channel.say(PLAY)  # after close: still prints, says nothing, no error
    channel.close()  # twice is fine


class StalledSpeaker:
    """A speech engine that stops answering: it ignores the cut and returns only when ``release`` is set."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.begun = threading.Event()
        self.closed = False

    def speak(self, text: str, cancel: threading.Event) -> None:
        self.begun.set()
        self.release.wait()

    def close(self) -> None:
        self.closed = True


def test_a_speech_engine_that_stops_answering_holds_back_no_line_and_not_leaving():
    speaker = StalledSpeaker()
    lines: list[str] = []
    channel = VoiceChannel(speaker=speaker, write=lines.append)
    try:
        channel.say(PLAY)
        assert speaker.begun.wait(10)  # the engine has the first line and will not give it back
        channel.say(TRICK)
        channel.say(TURN)
        assert lines == [PLAY.compact, TRICK.compact, TURN.compact]  # every line printed at once, in order
        assert not channel.idle(0.05)  # while speech is stuck
        started = time.perf_counter()
        channel.stop()
        channel.close()
        assert time.perf_counter() - started < 2.0  # the close's short wait, not the engine's
        assert speaker.closed
    finally:
        speaker.release.set()


def test_a_close_cut_short_by_ctrl_c_is_finished_at_exit():
    """A first close interrupted before releasing the speaker (Ctrl-C) leaves
    the release to the next close, which the exit handler makes."""
    speaker = RecordingSpeaker(seconds=0.0)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None)
    original = channel._worker.join

    def interrupted(timeout=None):
        raise KeyboardInterrupt

    channel._worker.join = interrupted
    with pytest.raises(KeyboardInterrupt):
        channel.close()
    assert not speaker.closed
    channel._worker.join = original
    channels._silence_at_exit()
    assert speaker.closed


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
    assert channel.idle(timeout=5)
    channel.close()
    assert speaker.texts() == ["after"]
    assert capfd.readouterr() == ("x\ny\n", "")


def test_messages_without_spoken_text_are_not_sent_to_the_engine():
    speaker = RecordingSpeaker(seconds=0.0)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None)
    channel.say(Message("", "  "))
    channel.say(PLAY)
    assert channel.idle(timeout=5)
    channel.close()
    assert speaker.texts() == [PLAY.spoken]


# --- the screen-reader channel, with fake outputs ----------------------------------


def test_screen_reader_gets_speech_and_braille(capfd):
    output = BrailleOutput()
    channel = ScreenReaderChannel(output=output)
    channel.say(PLAY)
    channel.say(TURN)  # a question: queued like the rest, never interrupting
    assert channel.idle(timeout=5)
    channel.stop()
    channel.close()
    assert output.calls == [
        ("speak", PLAY.spoken, False),
        ("braille", PLAY.compact),
        ("speak", TURN.spoken, False),
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


# --- the screen reader's queue: only the user cuts speech ---------------------------


def test_the_screen_reader_is_never_asked_to_interrupt_by_a_message():
    output = SpeechOnlyOutput()
    channel = ScreenReaderChannel(output=output, write=lambda line: None)
    for message in (PLAY, TURN, TRICK):
        channel.say(message)
    assert channel.idle(timeout=5)
    channel.close()
    assert output.calls == [
        ("speak", PLAY.spoken, False), ("speak", TURN.spoken, False), ("speak", TRICK.spoken, False), ("close",),
    ]


@pytest.mark.parametrize(("mode", "silenced"), [("all", True), ("line", True), ("none", False)])
def test_a_line_typed_silences_a_screen_reader_that_does_not_report_the_end_of_speech(mode, silenced):
    """NVDA, JAWS and the like take every message at once: ``line`` cannot
    let one sentence finish there, so it silences as ``all`` does."""
    output = SpeechOnlyOutput()
    channel = ScreenReaderChannel(output=output, write=lambda line: None, interrupt=mode)
    channel.say(PLAY)
    assert channel.idle(timeout=5)
    channel.user_input()
    channel.say(TRICK)  # the answer
    assert channel.idle(timeout=5)
    channel.close()
    expected = [("speak", PLAY.spoken, False), *([("silence",)] if silenced else []), ("speak", TRICK.spoken, False)]
    assert output.calls[:-1] == expected


@pytest.mark.parametrize(
    ("mode", "expected"),
    [
        ("all", [("one", "cancel"), ("answer", "end")]),
        ("line", [("one", "end"), ("answer", "end")]),
        ("none", [("one", "end"), ("two", "end"), ("three", "end"), ("answer", "end")]),
    ],
)
def test_speech_dispatcher_gets_one_message_at_a_time_and_a_line_typed_cuts_as_set(mode, expected):
    output = FakeSpeechDispatcherOutput(seconds=0.3)
    channel = ScreenReaderChannel(output=output, write=lambda line: None, interrupt=mode)
    try:
        for text in ("one", "two", "three"):
            channel.say(Message(text, text))
        assert wait_until(lambda: output._client._current is not None, timeout=2)
        channel.user_input()
        channel.say(Message("answer", "answer"))
        assert channel.idle(timeout=5)
        assert output._client.said == expected
    finally:
        channel.close()


def test_stop_cuts_speech_dispatcher_and_drops_the_queue():
    output = FakeSpeechDispatcherOutput(seconds=5.0)
    channel = ScreenReaderChannel(output=output, write=lambda line: None, interrupt="none")
    for text in ("one", "two"):
        channel.say(Message(text, text))
    assert wait_until(lambda: output._client._current is not None, timeout=2)
    started = time.perf_counter()
    channel.stop()
    assert channel.idle(timeout=2)
    assert time.perf_counter() - started < 2.0  # far under the speech's length: cut, even on a loaded machine
    channel.close()
    # The cut reaches the fake server's record from its own thread, which may come a moment after idle.
    assert wait_until(lambda: output._client.said == [("one", "cancel")], timeout=2), output._client.said
    time.sleep(0.1)  # and "two", dropped from the queue, never follows
    assert output._client.said == [("one", "cancel")]


def test_closing_the_screen_reader_hands_over_what_is_left_at_once():
    """Leaving never waits for speech-dispatcher to finish: what is left is
    handed over, for a screen reader that runs on to say."""
    output = FakeSpeechDispatcherOutput(seconds=5.0)
    channel = ScreenReaderChannel(output=output, write=lambda line: None)
    for text in ("one", "Game saved. Goodbye."):
        channel.say(Message(text, text))
    assert wait_until(lambda: output._client._current is not None, timeout=2)
    started = time.perf_counter()
    channel.close()
    assert time.perf_counter() - started < 2.0  # far under the speech's length: cut, even on a loaded machine
    assert output._client._current[0] == "Game saved. Goodbye."
