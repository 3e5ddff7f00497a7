"""Whether a lock's process still runs, on Windows: kernel32 replaced by a fake that records each call."""

from __future__ import annotations

import socket
import sys

from rook_access import save_files, windows_processes
from rook_access.save_files import LockOwner, process_alive, process_start
from rook_access.windows_processes import (
    ERROR_ACCESS_DENIED,
    ERROR_INVALID_PARAMETER,
    PROCESS_QUERY_LIMITED_INFORMATION,
    STILL_ACTIVE,
    process_created,
    process_running,
)

CREATED = (0x01DA_0000 << 32) | 0x1234_5678


class FakeKernel32:
    """kernel32 for a table of processes {pid: (exit code, creation time)}; records every call in order."""

    def __init__(self, processes: dict[int, tuple[int, int]], denied: frozenset[int] = frozenset()) -> None:
        self.processes = processes
        self.denied = denied
        self.calls: list[tuple] = []
        self.error = 0
        self.open_handles: set[int] = set()

    def OpenProcess(self, access: int, inherit: bool, pid: int) -> int | None:  # noqa: N802 - kernel32's name
        self.calls.append(("OpenProcess", access, inherit, pid))
        if pid in self.denied:
            self.error = ERROR_ACCESS_DENIED
            return None
        if pid not in self.processes:
            self.error = ERROR_INVALID_PARAMETER
            return None
        handle = 1000 + pid
        self.open_handles.add(handle)
        return handle

    def GetExitCodeProcess(self, handle: int, code) -> bool:  # noqa: N802
        self.calls.append(("GetExitCodeProcess", handle))
        code.contents.value = self.processes[handle - 1000][0]
        return True

    def GetProcessTimes(self, handle: int, created, ended, kernel, user) -> bool:  # noqa: N802
        self.calls.append(("GetProcessTimes", handle))
        value = self.processes[handle - 1000][1]
        created.contents.low, created.contents.high = value & 0xFFFF_FFFF, value >> 32
        return True

    def CloseHandle(self, handle: int) -> bool:  # noqa: N802
        self.calls.append(("CloseHandle", handle))
        self.open_handles.remove(handle)
        return True

    def last_error(self) -> int:
        return self.error


def test_a_running_process_is_asked_with_the_least_right_and_its_handle_closed():
    kernel32 = FakeKernel32({42: (STILL_ACTIVE, CREATED)})
    assert process_running(42, kernel32)
    assert kernel32.calls == [
        ("OpenProcess", PROCESS_QUERY_LIMITED_INFORMATION, False, 42),
        ("GetExitCodeProcess", 1042),
        ("CloseHandle", 1042),
    ]
    assert not kernel32.open_handles


def test_an_ended_process_whose_handle_is_still_held_is_not_running():
    kernel32 = FakeKernel32({42: (0, CREATED)})
    assert not process_running(42, kernel32)
    assert not kernel32.open_handles


def test_a_pid_of_no_process_is_not_running_and_another_users_process_is_taken_as_running():
    kernel32 = FakeKernel32({}, denied=frozenset({7}))
    assert not process_running(42, kernel32)
    assert process_running(7, kernel32)


def test_the_creation_time_is_the_filetime_as_a_whole_number():
    kernel32 = FakeKernel32({42: (STILL_ACTIVE, CREATED)})
    assert process_created(42, kernel32) == str(CREATED)
    assert [call[0] for call in kernel32.calls] == ["OpenProcess", "GetProcessTimes", "CloseHandle"]
    assert process_created(43, kernel32) is None


def _on_windows(monkeypatch, kernel32: FakeKernel32) -> None:
    monkeypatch.setattr(sys, "platform", "win32")
    monkeypatch.setattr(windows_processes, "Kernel32", lambda: kernel32)


def test_a_lock_is_stale_on_windows_when_its_process_ended_or_its_pid_was_reused(monkeypatch):
    kernel32 = FakeKernel32({42: (STILL_ACTIVE, CREATED), 43: (1, CREATED)})
    _on_windows(monkeypatch, kernel32)
    here = socket.gethostname()
    assert process_start(42) == str(CREATED)
    assert process_alive(LockOwner(42, str(CREATED), here))
    assert not process_alive(LockOwner(43, str(CREATED), here))  # ended
    assert not process_alive(LockOwner(44, str(CREATED), here))  # gone
    assert not process_alive(LockOwner(42, str(CREATED - 1), here))  # another process has the pid now
    assert process_alive(LockOwner(44, None, "another-host"))  # cannot be checked from here
    assert not kernel32.open_handles


def test_os_kill_is_never_used_on_windows(monkeypatch):
    kernel32 = FakeKernel32({42: (STILL_ACTIVE, CREATED)})
    _on_windows(monkeypatch, kernel32)

    def kill(pid: int, number: int) -> None:
        raise AssertionError("os.kill ends a process on Windows")

    monkeypatch.setattr(save_files.os, "kill", kill)
    assert process_alive(LockOwner(42, None, socket.gethostname()))
