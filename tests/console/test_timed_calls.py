"""Quick calls in their timed window, in the program at a real terminal (a pseudo-terminal, no tmux between,
so the time from a key to its answer is the program's own): the call's key answered within 50 ms, the window
opening only after the lines before it, the computers' calls in the order of their reaction times."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.console.test_donkey_console import user_script as donkey_script
from tests.helpers.pty_terminal import Pty
from tests.helpers.screen_reader import program_env

pytestmark = pytest.mark.xdist_group("real-time")

ANSWER_WITHIN = 0.05
"""The longest a call typed in its window may wait for its answer, in seconds."""


def start(tmp_path: Path, args: list[str]) -> tuple[Pty, Path]:
    log = tmp_path / "speech.jsonl"
    env = program_env(tmp_path)
    env["ROOK_ACCESS_SPEECH_LOG"] = str(log)
    program = Pty([sys.executable, "-m", "rook_access", "--output", "plain", *args], tmp_path, env)
    return program, log


def log_entries(log: Path) -> list[dict]:
    """The speech log's events.  The program is killed at the end of a test, and a kill in the middle of a
    write that crosses a page of the file ends it short (a CI run found '{"t": 67318.7961' as the last
    line): a last line without its newline is left out; every other line is whole."""
    lines = log.read_text(encoding="utf-8").split("\n")
    return [json.loads(line) for line in lines[:-1]]


def test_donkey_fold_key_is_answered_at_once_and_the_others_fold_after(tmp_path: Path) -> None:
    moves, finished = donkey_script(seed=8)
    assert moves[-1] == "f" and finished.winners == (0,)  # the user gets four first
    program, log = start(tmp_path, ["--variant", "donkey", "--players", "4", "--seed", "8", "--level", "strong"])
    try:
        program.read_until(b"Pass a card to West")
        for move in moves[:-1]:
            mark = len(program.output)
            program.type(move.encode() + b"\r")
            program.read_until(b"You pass ", after=mark)
        program.read_until(b"Fold: f")
        mark = len(program.output)
        typed = program.type(b"f")
        answered = program.read_until(b"You fold your hands", after=mark)
        program.read_until(b"Game over", timeout=30)
        program.read_until(b"the last to fold", timeout=10)
    finally:
        program.close()
    assert answered - typed < ANSWER_WITHIN, f"answered after {1000 * (answered - typed):.0f} ms"
    text = program.text()
    assert "Traceback" not in text
    assert "you got four first. You win!" in text
    entries = [entry for entry in log_entries(log) if entry["backend"] == "calls"]
    windows = [entry for entry in entries if entry["event"] == "window"]
    answers = [entry for entry in entries if entry["event"] == "answer"]
    assert [window["word"] for window in windows] == ["fold"]  # the user's own fold; the others fold after it
    assert answers and answers[0]["call"] is True


def test_with_the_programs_voice_the_window_opens_after_the_speech_has_ended(tmp_path: Path) -> None:
    """Real espeak-ng speech (played four times faster than real time by a stand-in audio player): every line
    queued for speech before the window opened had been spoken to its end when it opened."""
    import shlex

    from tests.output.test_voice_deal import PLAYER

    moves, _ = donkey_script(seed=8)
    played = tmp_path / "played"
    played.mkdir()
    player = tmp_path / "player.py"
    player.write_text(PLAYER)
    log = tmp_path / "speech.jsonl"
    env = program_env(tmp_path)
    env["ROOK_ACCESS_SPEECH_LOG"] = str(log)
    env["ROOK_ACCESS_AUDIO_PLAYER"] = shlex.join([sys.executable, str(player), str(played), "4"])
    args = ["--variant", "donkey", "--players", "4", "--seed", "8", "--level", "strong", "--output", "voice"]
    program = Pty([sys.executable, "-m", "rook_access", *args], tmp_path, env)
    try:
        program.read_until(b"Pass a card to West", timeout=60)
        for move in moves[:-1]:
            mark = len(program.output)
            program.type(move.encode() + b"\r")
            program.read_until(b"You pass ", after=mark, timeout=60)
        program.read_until(b"Fold: f", timeout=120)
        program.type(b"f")
        program.read_until(b"the last to fold", timeout=60)
    finally:
        program.close()
    entries = log_entries(log)
    opened = next(entry["t"] for entry in entries if entry["backend"] == "calls" and entry["event"] == "window")
    voice = [entry for entry in entries if entry["backend"] == "voice"]
    # The user's last line before the window cut what was being said then (interrupt all): what counts is
    # every line said since, up to the window.
    typed = max(entry["t"] for entry in voice if entry["event"] == "input" and entry["t"] <= opened)
    said = {entry["id"] for entry in voice if entry["event"] == "say" and typed <= entry["t"] <= opened}
    ended = {entry["id"]: entry for entry in voice if entry["event"] == "end"}
    assert said, "nothing was said between the last move and the window"
    for number in said:
        assert number in ended, f"line {number} was never spoken to its end"
        assert ended[number]["t"] <= opened and not ended[number]["cut"], f"line {number} was still being spoken"


@pytest.fixture
def speech_dispatcher(request):
    from tests.helpers.speech import SpeechDispatcher

    server = SpeechDispatcher()
    request.addfinalizer(server.stop)
    server.start()
    return server


def test_with_a_screen_reader_the_window_opens_after_the_lines_are_said_and_read(speech_dispatcher, tmp_path):
    """A real speech-dispatcher through accessible_output2: every line since the user's last move had been
    handed over and said to its end, and the reading time of those lines had passed, when the window opened."""
    moves, _ = donkey_script(seed=8)
    log = tmp_path / "speech.jsonl"
    env = program_env(tmp_path)
    env["ROOK_ACCESS_SPEECH_LOG"] = str(log)
    env["SPEECHD_ADDRESS"] = speech_dispatcher.address
    env["SPEECHD_CMD"] = str(tmp_path / "no-autospawn")
    args = ["--variant", "donkey", "--players", "4", "--seed", "8", "--level", "strong", "--output", "screenreader",
            "--reading-speed", "300"]  # fmt: skip
    program = Pty([sys.executable, "-m", "rook_access", *args], tmp_path, env)
    try:
        program.read_until(b"Pass a card to West", timeout=60)
        for move in moves[:-1]:
            mark = len(program.output)
            program.type(move.encode() + b"\r")
            program.read_until(b"You pass ", after=mark, timeout=60)
        program.read_until(b"Fold: f", timeout=120)
        program.type(b"f")
        program.read_until(b"the last to fold", timeout=60)
    finally:
        program.close()
    entries = log_entries(log)
    opened = next(entry["t"] for entry in entries if entry["backend"] == "calls" and entry["event"] == "window")
    reader = [entry for entry in entries if entry["backend"] == "screenreader"]
    typed = max(entry["t"] for entry in reader if entry["event"] == "input" and entry["t"] <= opened)
    said = [entry for entry in reader if entry["event"] == "say" and typed <= entry["t"] <= opened]
    ended = {entry["id"]: entry for entry in reader if entry["event"] == "end"}
    assert said, "nothing was said between the last move and the window"
    for entry in said:
        assert entry["id"] in ended and ended[entry["id"]]["t"] <= opened, f"{entry['text']!r} was still being said"
    words = sum(len(entry["text"].split()) for entry in said)
    assert opened - said[0]["t"] >= words * 60 / 300 - 0.05, "the window opened before the lines could be read"
