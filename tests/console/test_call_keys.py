"""The quick-call prompt at a real terminal (a pseudo-terminal): the call's key is taken the moment it
is pressed, with no Enter, within 50 ms; Enter lets the call go; a word typed with Enter is a line;
the prompt gives up when the window's time is over; a key typed before the window opened is taken at once."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from tests.helpers.pty_terminal import Pty

pytestmark = pytest.mark.xdist_group("real-time")

PROGRAM = """
import sys, time
from rook_access.console.lines import TerminalLines
lines = TerminalLines(lambda line: print(line, flush=True), lambda line: None)
seconds = float(sys.argv[1])
delay = float(sys.argv[2])
mode = sys.argv[3]
with lines.keys_held():  # as in a game: keys typed between prompts wait for the next one
    print("HEARING", flush=True)
    if mode == "wait":
        start = time.monotonic()
        typed = lines.wait_for_keys(delay)
        print(f"WAITED {typed} {time.monotonic() - start:.3f}", flush=True)
    else:
        time.sleep(delay)
    typed_before = mode == "before" and lines.keys_waiting()
    start = time.monotonic()
    answer = lines.read_call("Orange? o", ["o", "orange"], seconds, typed_before)
    print(f"ANSWER {answer!r} {time.monotonic() - start:.3f}", flush=True)
"""


@pytest.fixture
def run_prompt(tmp_path: Path):
    started: list[Pty] = []

    def start(seconds: float, delay: float = 0.0, mode: str = "live") -> Pty:
        script = tmp_path / "prompt.py"
        script.write_text(PROGRAM)
        program = Pty([sys.executable, str(script), str(seconds), str(delay), mode], tmp_path)
        started.append(program)
        return program

    yield start
    for program in started:
        program.close()


def answer_of(program: Pty) -> tuple[str, float]:
    program.read_until(b"ANSWER")
    program.read_until(b"\n", timeout=5)
    line = program.output.split(b"ANSWER ", 1)[1].split(b"\r\n")[0].decode()
    answer, took = line.rsplit(" ", 1)
    return answer, float(took)


def test_the_key_answers_at_once_without_enter(run_prompt) -> None:
    program = run_prompt(10.0)
    program.read_until(b"Orange? o")
    time.sleep(0.3)  # the prompt is waiting for keys
    typed = program.type(b"o")
    seen = program.read_until(b"ANSWER 'o'")
    assert seen - typed < 0.05, f"answered {1000 * (seen - typed):.0f} ms after the key"
    assert answer_of(program)[0] == "'o'"


def test_capital_key_answers_too(run_prompt) -> None:
    program = run_prompt(10.0)
    program.read_until(b"Orange? o")
    time.sleep(0.2)
    program.type(b"O")
    assert answer_of(program)[0] == "'o'"


def test_enter_alone_lets_it_go(run_prompt) -> None:
    program = run_prompt(10.0)
    program.read_until(b"Orange? o")
    time.sleep(0.2)
    program.type(b"\r")
    answer, took = answer_of(program)
    assert answer == "''" and took < 5


def test_a_command_typed_with_enter_is_a_line(run_prompt) -> None:
    program = run_prompt(10.0)
    program.read_until(b"Orange? o")
    time.sleep(0.2)
    program.type(b"centre\r")  # c is not a call key: the word is typed out
    assert answer_of(program)[0] == "'centre'"


def test_the_prompt_gives_up_when_the_time_is_over(run_prompt) -> None:
    program = run_prompt(1.0)
    answer, took = answer_of(program)
    assert answer == "None" and 0.95 <= took < 2.0


def test_a_word_typed_ahead_is_typing_not_a_call(run_prompt) -> None:
    """o, r, a... arriving together (typed while the line was being heard) make the word, not the call."""
    program = run_prompt(10.0, delay=1.0)
    program.read_until(b"HEARING")
    program.type(b"orange\r")
    assert answer_of(program)[0] == "'orange'"


def test_a_key_typed_before_the_event_is_not_a_call(run_prompt) -> None:
    """A key waiting from before the event (late for the window before) is typing: it never calls."""
    program = run_prompt(1.5, delay=1.0, mode="before")
    program.read_until(b"HEARING")
    program.type(b"o")
    answer, took = answer_of(program)
    assert answer == "None" and took >= 1.4


def test_a_key_ends_the_wait_before_the_window(run_prompt) -> None:
    program = run_prompt(10.0, delay=5.0, mode="wait")
    program.read_until(b"HEARING")
    time.sleep(0.3)
    program.type(b"o")
    program.read_until(b"WAITED")
    waited = program.output.split(b"WAITED ", 1)[1].split(b"\r\n")[0].decode()
    typed, took = waited.split()
    assert typed == "True" and float(took) < 2.0
    assert answer_of(program)[0] == "'o'"  # the key pressed during the wait calls as the window opens


def test_a_key_typed_before_the_window_opened_is_taken_when_it_opens(run_prompt) -> None:
    program = run_prompt(10.0, delay=1.0)
    program.read_until(b"HEARING")
    time.sleep(0.3)
    program.type(b"o")  # typed while the line was still being heard
    answer, took = answer_of(program)
    assert answer == "'o'" and took < 0.5
