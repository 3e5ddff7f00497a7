"""``ChildLines``: a child program's output waited for with a deadline, a stall a failure that says
what was read, never a hang."""

from __future__ import annotations

import re
import subprocess
import sys
import time

import pytest

from rook_access.bench.child_lines import SHOWN, ChildLines


def child(script: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", script], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )  # fmt: skip


@pytest.fixture
def processes():
    started: list[subprocess.Popen[str]] = []
    yield started
    for process in started:
        if process.poll() is None:
            process.kill()
        process.wait()
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                stream.close()


def test_the_line_waited_for_is_found_by_a_pattern_or_a_test_and_the_rest_read_to_the_end(processes):
    process = child("print('one'); print('Your bid: 80 to 120, or pass.'); print('three')")
    processes.append(process)
    lines = ChildLines(process.stdout)
    assert lines.wait_for(re.compile(r"\bbid\b")) == 1
    assert lines.wait_for(lambda line: line.startswith("thr"), start=2) == 2
    assert lines.wait_for_end() == ["one", "Your bid: 80 to 120, or pass.", "three"]
    assert lines.ended


def test_a_program_that_stalls_fails_the_wait_in_time_naming_what_it_wrote(processes):
    process = child("print('Hand 1.', flush=True); import sys; sys.stdin.readline()")  # waits for a line forever
    processes.append(process)
    lines = ChildLines(process.stdout, "the stalled program")
    started = time.monotonic()
    with pytest.raises(AssertionError) as failure:
        lines.wait_for(re.compile("question"), timeout=0.5)
    assert time.monotonic() - started < 10
    said = "the stalled program wrote no line matching 'question' within 0.5 s; it wrote:\nHand 1."
    assert str(failure.value) == said
    with pytest.raises(AssertionError, match="did not end its output within 0.2 s; it wrote:\nHand 1."):
        lines.wait_for_end(timeout=0.2)


def test_a_program_that_ends_without_the_line_fails_at_once(processes):
    process = child("pass")
    processes.append(process)
    lines = ChildLines(process.stdout)
    started = time.monotonic()
    with pytest.raises(AssertionError, match="^the program ended without a line matching 'asks'; it wrote nothing$"):
        lines.wait_for(asks, timeout=30)
    assert time.monotonic() - started < 10


def asks(line: str) -> bool:
    return line.endswith("?")


def test_a_long_output_shows_only_its_last_lines(processes):
    process = child(f"for n in range({SHOWN + 5}): print(n)")
    processes.append(process)
    lines = ChildLines(process.stdout)
    with pytest.raises(AssertionError) as failure:
        lines.wait_for(asks)
    said = str(failure.value)
    assert "(5 earlier lines left out)" in said
    assert said.endswith("\n".join(str(n) for n in range(5, SHOWN + 5)))
