"""Real speech: espeak-ng through pyttsx3 writing measurable audio, and the
screen-reader channel speaking through a real, headless speech-dispatcher
that the test starts and stops itself."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from rook_access.output.channels import EspeakSpeaker, PlainChannel, ScreenReaderChannel, VoiceChannel, open_channel
from rook_access.output.message import Message
from tests.helpers.speech import SpeechDispatcher, raw_stats, wait_until, wav_stats

TRICK = Message("N takes, 25", "North takes the trick, 25 points.")

HAND = [
    Message("W plays 10r", "West plays 10 red."),
    Message("N takes, 25", "North takes the trick, 25 points."),
    Message("Your play, 3 legal: 12r 7r rook", "Your play. 3 legal: 12 red, 7 red, the Rook.", urgent=True),
]


# --- espeak-ng through pyttsx3 ------------------------------------------------------


def test_a_trick_announcement_becomes_real_audio(tmp_path, capfd):
    notices: list[str] = []
    channel = open_channel("voice", notice=notices.append, wav_dir=tmp_path)
    assert isinstance(channel, VoiceChannel), notices
    started = time.perf_counter()
    channel.say(TRICK)
    assert time.perf_counter() - started < 0.05  # synthesis happens on the worker
    assert channel.idle(timeout=10)
    channel.close()
    files = sorted(tmp_path.glob("*.wav"))
    assert len(files) == 1
    duration, loudness = wav_stats(files[0])
    assert duration > 0.5, duration
    assert loudness > 300, loudness  # 16-bit RMS: speech, not silence
    # Only the compact line reaches the screen: no "Audio saved to ..."
    assert notices == []
    assert capfd.readouterr() == ("N takes, 25\n", "")


def test_the_rate_setting_changes_the_speed(tmp_path):
    durations = {}
    for rate in (120, 360):
        folder = tmp_path / str(rate)
        channel = VoiceChannel(rate=rate, wav_dir=folder, write=lambda line: None)
        channel.say(TRICK)
        assert channel.idle(timeout=10)
        channel.close()
        (wav,) = folder.glob("*.wav")
        durations[rate] = wav_stats(wav)[0]
    assert durations[360] < durations[120] * 0.6, durations


def test_the_voice_setting_chooses_the_voice(tmp_path):
    lengths = {}
    for voice in ("en-us", "fr"):
        folder = tmp_path / voice
        channel = VoiceChannel(voice=voice, wav_dir=folder, write=lambda line: None)
        channel.say(Message("Rook", "Le Rook prend le pli, vingt-cinq points."))
        assert channel.idle(timeout=10)
        channel.close()
        (wav,) = folder.glob("*.wav")
        lengths[voice] = wav.stat().st_size
    assert lengths["en-us"] != lengths["fr"]


def test_speaking_aloud_without_a_sound_card_stays_quiet(capfd):
    """This machine has aplay but no sound card: playing fails, silently."""
    notices: list[str] = []
    channel = open_channel("voice", notice=notices.append)
    assert isinstance(channel, VoiceChannel), notices
    channel.say(TRICK)
    channel.say(HAND[2])
    channel.close()
    assert notices == []
    assert capfd.readouterr() == ("N takes, 25\nYour play, 3 legal: 12r 7r rook\n", "")


# --- speech-dispatcher through accessible_output2 ------------------------------------

# When its connection closes, the speechd client's reading thread ends with
# sys.exit(): Python ignores SystemExit in a thread (nothing is printed, see
# test_a_program_using_the_channel_prints_only_its_lines), but pytest reports
# it as an unhandled thread exception.
CLIENT_THREAD_EXIT = pytest.mark.filterwarnings(
    "ignore:Exception in thread SSIP client communication thread:pytest.PytestUnhandledThreadExceptionWarning"
)


@pytest.fixture
def speech_dispatcher(request, monkeypatch):
    server = SpeechDispatcher()
    request.addfinalizer(server.stop)
    server.start()
    monkeypatch.setenv("SPEECHD_ADDRESS", server.address)
    return server


@CLIENT_THREAD_EXIT
def test_the_screen_reader_channel_speaks_through_speech_dispatcher(speech_dispatcher, capfd):
    notices: list[str] = []
    channel = open_channel("screenreader", notice=notices.append)
    assert isinstance(channel, ScreenReaderChannel), notices
    for message in HAND:
        channel.say(message)
    spoken = [message.spoken for message in HAND]
    assert wait_until(lambda: len(speech_dispatcher.queued()) >= 3, timeout=5), speech_dispatcher.queued()
    channel.close()
    assert speech_dispatcher.queued() == spoken  # in order, and the spoken form only
    assert not any("12r" in text or "10r" in text for text in speech_dispatcher.queued())
    # espeak-ng really synthesized it, into the server's private sound card.
    assert wait_until(lambda: raw_stats(speech_dispatcher.capture)[1] > 300, timeout=5)
    assert notices == []
    assert capfd.readouterr() == ("".join(m.compact + "\n" for m in HAND), "")


@CLIENT_THREAD_EXIT
def test_only_stop_and_a_line_typed_cancel_speech_dispatcher_speech(speech_dispatcher):
    channel = open_channel("screenreader", notice=lambda line: None, write=lambda line: None)
    assert isinstance(channel, ScreenReaderChannel)
    long = "This is a long announcement that goes on and on about the nest."
    channel.say(Message("long", long))
    assert wait_until(lambda: speech_dispatcher.events() == [long], timeout=5)
    channel.stop()
    assert wait_until(lambda: speech_dispatcher.events() == [long, "CANCEL"], timeout=5)
    channel.say(Message("more", "Another long announcement, about the bidding."))
    channel.say(HAND[2])  # a question: queued, it cancels nothing
    assert channel.idle(timeout=10)
    expected = [long, "CANCEL", "Another long announcement, about the bidding.", HAND[2].spoken]
    assert speech_dispatcher.events() == expected
    channel.user_input()  # interrupt all: a line typed cancels
    channel.say(TRICK)
    assert channel.idle(timeout=10)
    assert speech_dispatcher.events() == [*expected, "CANCEL", TRICK.spoken]
    channel.close()


def test_without_a_server_the_screen_reader_channel_falls_back(monkeypatch, tmp_path, capfd):
    """No server at the address, and autospawning one is refused: plain text."""
    monkeypatch.setenv("SPEECHD_ADDRESS", f"unix_socket:{tmp_path}/none.sock")
    monkeypatch.setenv("SPEECHD_CMD", str(tmp_path / "no-such-speech-dispatcher"))
    notices: list[str] = []
    channel = open_channel("screenreader", notice=notices.append)
    assert isinstance(channel, PlainChannel)
    assert notices == ["No screen reader found; text only."]
    channel.say(TRICK)
    assert capfd.readouterr() == ("N takes, 25\n", "")


PROGRAM = """
from rook_access.output.channels import open_channel
from rook_access.output.message import Message
channel = open_channel("screenreader", notice=lambda line: print("NOTICE", line))
channel.say(Message("W plays 10r", "West plays 10 red."))
channel.say(Message("N takes, 25", "North takes the trick, 25 points.", urgent=True))
channel.close()
"""


def test_a_program_using_the_channel_prints_only_its_lines(speech_dispatcher):
    """A whole program, as a user runs it: on the terminal, nothing but the
    announcements (no library chatter, no thread noise at exit)."""
    done = subprocess.run(
        [sys.executable, "-c", PROGRAM],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=20,
        check=False,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "W plays 10r\nN takes, 25\n", "")
    assert wait_until(lambda: len(speech_dispatcher.queued()) == 2, timeout=5)
    assert speech_dispatcher.queued() == ["West plays 10 red.", "North takes the trick, 25 points."]


# A stand-in for aplay that "plays" a WAV file in real time, and logs when it
# starts and when it has played the whole file.
FAKE_PLAYER = """
import sys, time, wave
path, log = sys.argv[2], sys.argv[1]
with wave.open(path) as wav:
    seconds = wav.getnframes() / wav.getframerate()
with open(log, "a") as out:
    out.write(f"start {seconds:.2f}\\n")
time.sleep(seconds)
with open(log, "a") as out:
    out.write("done\\n")
"""


def test_a_question_waits_for_the_player_and_a_line_typed_cuts_it_mid_word(tmp_path):
    log = tmp_path / "player.log"
    player = [sys.executable, "-c", FAKE_PLAYER, str(log)]
    speaker = EspeakSpeaker(player=player)
    channel = VoiceChannel(speaker=speaker, write=lambda line: None)
    try:
        channel.say(Message("bid", "East bids 120. South passes."))
        channel.say(Message("Your bid", "Your bid.", urgent=True))
        assert channel.idle(timeout=20)
        # Both played to their end: the question cut nothing.
        lines = log.read_text().split()
        assert [lines[0], lines[2], lines[3], lines[5]] == ["start", "done", "start", "done"], lines
        channel.say(Message("bid", "East bids 120. South passes. West bids 125. North passes."))
        channel.say(Message("stale", "This message is dropped when the user types."))
        assert wait_until(lambda: log.read_text().count("start") == 3, timeout=5)
        started = time.perf_counter()
        channel.user_input()
        channel.say(Message("Your play", "Your play."))  # the answer
        assert channel.idle(timeout=5)
        assert time.perf_counter() - started < 3
    finally:
        channel.close()
    lines = log.read_text().split()[6:]
    # The long announcement started and was cut off; the stale one never
    # played; the answer played to its end.
    assert lines[0] == "start" and float(lines[1]) > 3
    assert lines[2] == "start" and float(lines[3]) < 2
    assert lines[4:] == ["done"]


EXIT_WITHOUT_CLOSE = """
from rook_access.output.channels import open_channel
from rook_access.output.message import Message
channel = open_channel("voice", notice=lambda line: print("NOTICE", line))
channel.say(Message("N takes, 25", "North takes the trick, 25 points."))
channel.say(Message("E plays 14r", "East plays 14 red."))
raise SystemExit(0)  # no close(): as after an unexpected exit
"""


def test_a_program_leaving_while_speaking_leaves_quietly(tmp_path):
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = dict(os.environ, TMPDIR=str(temporary))
    done = subprocess.run(
        [sys.executable, "-c", EXIT_WITHOUT_CLOSE],
        stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=20, check=False, env=env,
    )
    assert (done.returncode, done.stdout, done.stderr) == (0, "N takes, 25\nE plays 14r\n", "")
    # The speech files went too.  (Without XDG_RUNTIME_DIR, PulseAudio's
    # library, which espeak-ng loads, keeps a pulse-* folder there for every
    # later program: not ours to remove.)
    assert speech_files(temporary) == []


def speech_files(folder):
    """The program's speech folders and WAV files under ``folder``."""
    return [path for path in folder.rglob("*") if path.name.startswith("rook-access-speech") or path.suffix == ".wav"]
