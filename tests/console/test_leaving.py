"""Leaving cleanly: ``quit`` ends the program at once whatever is being
said, leaves no temporary files, and stops a speech-dispatcher only if the
program started it.  Measured by the benchmark's own runner
(``python -m rook_access.bench.leaving`` reports the figures); the bound
here is generous, to catch the old five-second hold."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from rook_access.bench.child_lines import ChildLines
from rook_access.bench.leaving import asks_first_question, environment, leave_once, speech_dispatchers
from rook_access.output.speechd_server import SpawnWatch
from tests.helpers.speech import SpeechDispatcher

# Measured in real time (speech, leaving, the braille display): these run one after another on
# one pytest-xdist worker, never two of them side by side competing for the CPU.
pytestmark = pytest.mark.xdist_group("real-time")

BOUND = 2.0


def test_quit_with_the_voice_speaking_leaves_at_once_and_removes_its_files(tmp_path):
    left = leave_once("voice", tmp_path)  # speech is played in real time: still going at quit
    assert left.seconds < BOUND, left
    assert left.files_left == []


def test_quit_in_plain_text_leaves_at_once(tmp_path):
    left = leave_once("plain", tmp_path)
    assert left.seconds < BOUND and left.files_left == []


@pytest.fixture
def private_socket(tmp_path):
    """The socket speech-dispatcher gets in the program's private home; any
    server left on it is killed when the test ends (only that one)."""
    path = tmp_path / "run" / "speech-dispatcher" / "speechd.sock"
    yield path
    for pid in speech_dispatchers(path):
        os.kill(pid, signal.SIGKILL)


def test_a_speech_dispatcher_the_program_started_is_stopped_when_it_leaves(tmp_path, private_socket):
    left = leave_once("screenreader", tmp_path)
    # The program did start one (autospawn): its log is in the private home.
    assert (private_socket.parent / "log" / "speech-dispatcher.log").exists()
    assert left.servers_left == []
    assert not private_socket.exists()
    assert left.seconds < BOUND, left


@pytest.fixture
def running_server(request):
    server = SpeechDispatcher()
    request.addfinalizer(server.stop)
    server.start()
    return server


def test_a_speech_dispatcher_already_running_is_never_touched(tmp_path, running_server):
    env = environment(tmp_path, "screenreader")
    env["SPEECHD_ADDRESS"] = running_server.address
    env["SPEECHD_CMD"] = str(tmp_path / "no-autospawn")
    left = leave_once("screenreader", tmp_path, env=env)
    assert left.seconds < BOUND, left
    assert any(text.startswith("Game saved") for text in running_server.queued())  # it was used
    assert running_server.process.poll() is None  # and still runs
    assert running_server.socket.exists()


def test_the_watch_sees_a_server_already_running(running_server, monkeypatch):
    monkeypatch.setenv("SPEECHD_ADDRESS", running_server.address)
    watch = SpawnWatch()
    assert watch.was_running and watch.spawned() is None


@pytest.mark.parametrize("output", ["voice", "screenreader"])
@pytest.mark.parametrize("number", [signal.SIGTERM, signal.SIGHUP])
def test_a_terminate_or_a_closed_terminal_still_cleans_up(tmp_path, private_socket, output, number):
    """SIGTERM, or SIGHUP when the terminal window is closed: the program leaves with the
    signal's exit status, but removes its files, releases its lock and stops the server it started."""

    def started_one() -> None:
        if output == "screenreader":
            assert speech_dispatchers(private_socket)  # it started one

    status = signalled_at_first_question(tmp_path, ["-m", "rook_access"], output, number, started_one)
    assert status == 128 + number
    assert_cleaned_up(tmp_path, private_socket)


def signalled_at_first_question(
    home: Path, program: list[str], output: str, number: int, before: Callable[[], None]
) -> int:
    """Run ``python PROGRAM --output OUTPUT --seed 3`` in ``home``, wait for its first question, call
    ``before``, send it signal ``number``; its exit status once it has ended (read with deadlines)."""
    process = subprocess.Popen(
        [sys.executable, *program, "--output", output, "--seed", "3"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
        env=environment(home, output), cwd=home,
    )  # fmt: skip
    assert process.stdin is not None and process.stdout is not None
    lines = ChildLines(process.stdout, f"rook-access --output {output}")
    try:
        lines.wait_for(asks_first_question)
        before()
        process.send_signal(number)
        lines.wait_for_end(30)
        return process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def assert_cleaned_up(home, private_socket):
    """Nothing left of a program that left: no temporary files, no server, no lock; the game kept."""
    assert [path.name for path in (home / "tmp").iterdir() if not path.name.startswith("pulse-")] == []
    assert speech_dispatchers(private_socket) == []
    assert list((home / "data").rglob("*.lock")) == []
    assert len(list((home / "data").rglob("game-*.json"))) == 1  # the game is kept


NOTED_BEFORE_THE_READ = """
import signal, sys, threading, time
threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()  # a thread that takes SIGTERM
signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})  # never the main thread, then
from rook_access.console.cli import main
sys.exit(main(sys.argv[1:]))
"""
"""The program with SIGTERM blocked in its main thread: the signal's handler is noted on another thread
and the main thread's wait for a line is not interrupted, as when the signal comes just before the
``read()`` of standard input begins (a race seen with the voice, whose thread takes the processor then)."""


@pytest.mark.parametrize("output", ["plain", "voice"])
def test_a_terminate_noted_just_before_the_wait_for_a_line_still_leaves(tmp_path, private_socket, output):
    """Piped lines are waited for so that a signal noted at any moment ends the wait: before, the
    program went on waiting for a line that never came, its files and lock left behind."""
    # The question printed, the program is waiting for the answer by then.
    status = signalled_at_first_question(
        tmp_path, ["-c", NOTED_BEFORE_THE_READ], output, signal.SIGTERM, lambda: time.sleep(0.5)
    )
    assert status == 128 + signal.SIGTERM
    assert_cleaned_up(tmp_path, private_socket)


def test_a_socket_path_too_long_for_speech_dispatcher_is_said_and_no_server_is_started(tmp_path):
    env = environment(tmp_path, "screenreader")
    runtime = tmp_path / "run" / ("r" * 100)  # the socket's path is then past any system's limit
    runtime.mkdir(mode=0o700)
    env["XDG_RUNTIME_DIR"] = str(runtime)
    done = subprocess.run(
        [sys.executable, "-m", "rook_access", "--output", "screenreader", "--seed", "3"],
        input="quit\n", capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "Speech-dispatcher's socket path is too long; set XDG_RUNTIME_DIR to a shorter folder; text only." in lines
    assert not (runtime / "speech-dispatcher").exists()  # nothing was started there


def test_every_move_is_saved_before_it_is_said():
    """A program killed after a move's line reached the user, before the save, would lose a move the user was
    told of: the save comes first."""
    from rook_access.console.session import ConsoleGame, SettingsControl
    from rook_access.engine.solitaire import SolitaireState
    from rook_access.settings import Settings
    from tests.helpers.console import ListChannel, ScriptedLines

    channel = ListChannel()
    said_at_save: list[int] = []

    class Saver:  # how many lines were said by the time of each save
        def add(self, seat, action):
            pass

        def save(self, *arguments, **keywords):
            said_at_save.append(len(channel.lines))

    control = SettingsControl(Settings(), Settings(pacing="delay", delay=0), lambda _: None)
    ConsoleGame(SolitaireState.from_seed(3), [None], ScriptedLines(["8g 9r"]), channel, settings=control,
                saver=Saver()).run()  # fmt: skip
    moved = [index for index, line in enumerate(channel.lines) if "8g" in line and "pile 11" in line]
    assert moved and len(said_at_save) == 2  # the save at the start, and the move's
    assert said_at_save[1] <= moved[0]  # saved before the move's line was said
