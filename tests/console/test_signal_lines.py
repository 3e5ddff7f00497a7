"""``SignalLines``: piped lines read as the stream reads them, and waited for so that a signal noted at any
moment ends the wait (a SIGTERM that came just before the ``read()`` of standard input was lost)."""

from __future__ import annotations

import io
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from rook_access.bench.child_lines import ChildLines
from rook_access.console import signal_lines
from rook_access.console.signal_lines import SignalLines, wakes_on_signals
from tests.helpers import REPOSITORY


@pytest.fixture
def pipe():
    """A text stream on the read end of a pipe, and the write end's descriptor (closed at the end)."""
    reading, writing = os.pipe()
    stream = open(reading, encoding="utf-8", errors="replace")  # noqa: SIM115 - closed below
    ends = [writing]
    yield stream, ends
    stream.close()
    for fd in ends:
        os.close(fd)
    ends.clear()


def close_writing(ends):
    os.close(ends.pop())


def test_lines_come_as_the_stream_would_give_them_even_one_byte_at_a_time(pipe, monkeypatch):
    stream, ends = pipe
    monkeypatch.setattr(signal_lines, "CHUNK", 1)  # every character, and é's two bytes, split across reads
    os.write(ends[0], b"pass\r\nbid 80\rplay 14r\n\xc3\xa9t\xc3\xa9 \xff\nlast")  # \xff is no UTF-8
    close_writing(ends)
    lines = SignalLines(stream)
    read = [lines.readline() for _ in range(6)]
    assert read == ["pass\n", "bid 80\n", "play 14r\n", "été \ufffd\n", "last", ""]
    assert lines.readline() == ""  # the end stays the end


def test_a_line_waited_for_comes_when_it_is_written(pipe):
    stream, ends = pipe
    writer = threading.Timer(0.2, lambda: os.write(ends[0], b"quit\n"))
    writer.start()
    assert SignalLines(stream).readline() == "quit\n"
    writer.join()


def test_the_wake_up_descriptor_is_left_as_it_was_found(pipe):
    stream, ends = pipe
    os.write(ends[0], b"one\n")
    assert SignalLines(stream).readline() == "one\n"
    assert signal.set_wakeup_fd(-1) == -1  # none set before, none left


def test_a_wake_up_descriptor_set_by_another_part_is_kept_and_the_line_still_read(pipe):
    stream, ends = pipe
    theirs_reading, theirs = os.pipe()
    os.set_blocking(theirs, False)
    signal.set_wakeup_fd(theirs)
    try:
        os.write(ends[0], b"two\n")
        assert SignalLines(stream).readline() == "two\n"
        assert signal.set_wakeup_fd(-1) == theirs
    finally:
        signal.set_wakeup_fd(-1)
        os.close(theirs)
        os.close(theirs_reading)


def test_a_signal_whose_handler_returns_does_not_end_the_wait(pipe):
    stream, ends = pipe
    caught = []
    previous = signal.signal(signal.SIGUSR1, lambda number, frame: caught.append(number))
    main = threading.main_thread().ident
    assert main is not None

    def signal_then_write():
        time.sleep(0.1)
        signal.pthread_kill(main, signal.SIGUSR1)
        time.sleep(0.1)
        os.write(ends[0], b"after\n")

    helper = threading.Thread(target=signal_then_write)
    helper.start()
    try:
        assert SignalLines(stream).readline() == "after\n"
    finally:
        helper.join()
        signal.signal(signal.SIGUSR1, previous)
    assert caught == [signal.SIGUSR1]


def test_only_a_descriptor_in_the_main_thread_off_windows_is_read_so(pipe, monkeypatch):
    stream, _ = pipe
    assert wakes_on_signals(stream)
    assert not wakes_on_signals(io.StringIO("pass\n"))
    elsewhere = []
    thread = threading.Thread(target=lambda: elsewhere.append(wakes_on_signals(stream)))
    thread.start()
    thread.join()
    assert elsewhere == [False]
    monkeypatch.setattr(sys, "platform", "win32")
    assert not wakes_on_signals(stream)


# SIGTERM blocked in the main thread: its handler is noted on another thread, and the main thread's wait
# is not interrupted, as when the signal arrives just before the read() begins.
NOTED_ELSEWHERE = textwrap.dedent(
    """
    import signal, sys, threading, time
    from rook_access.console.signal_lines import SignalLines

    def leave(number, frame):
        raise SystemExit(128 + number)

    signal.signal(signal.SIGTERM, leave)
    threading.Thread(target=time.sleep, args=(3600,), daemon=True).start()
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGTERM})
    lines = SignalLines(sys.stdin) if sys.argv[1] == "signal-lines" else sys.stdin
    print("waiting", flush=True)
    lines.readline()
    """
)


@pytest.mark.parametrize(("reader", "leaves"), [("signal-lines", True), ("readline", False)])
def test_a_signal_noted_before_the_wait_ends_it_where_a_plain_readline_waits_on(reader, leaves):
    process = subprocess.Popen(
        [sys.executable, "-c", NOTED_ELSEWHERE, reader], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
        env=dict(os.environ, PYTHONPATH=str(REPOSITORY)),
    )  # fmt: skip
    try:
        assert process.stdout is not None
        ChildLines(process.stdout).wait_for(lambda line: line == "waiting")
        time.sleep(0.3)  # it waits for its line by now
        process.send_signal(signal.SIGTERM)
        try:
            status: int | None = process.wait(timeout=30 if leaves else 1)
        except subprocess.TimeoutExpired:
            status = None
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                stream.close()
    assert status == (128 + signal.SIGTERM if leaves else None)
