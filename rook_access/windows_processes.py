"""Whether a process is running, and when it started, on Windows: kernel32 through ctypes.

``os.kill`` cannot ask this on Windows (any signal there ends the process), so
a save's lock asks the system: ``OpenProcess`` with the least right there is
(``PROCESS_QUERY_LIMITED_INFORMATION``), ``GetExitCodeProcess`` (a running
process has no exit code yet: ``STILL_ACTIVE``), and ``GetProcessTimes`` for
the creation time, kept in the lock so that a process id reused after the
owner ended is not taken for the owner.  When in doubt (the process is
another user's, a call fails) the process is taken as running.

Every function takes the kernel32 to call, for the tests; by default the
system's, which exists on Windows only.
"""

from __future__ import annotations

import ctypes
import sys
from collections.abc import Callable
from typing import Any

PROCESS_QUERY_LIMITED_INFORMATION = 0x1000
STILL_ACTIVE = 259
"""The exit code of a process that has not ended."""
ERROR_ACCESS_DENIED = 5
ERROR_INVALID_PARAMETER = 87
"""What ``OpenProcess`` says of a process id that belongs to no process."""


class FileTime(ctypes.Structure):
    """Windows' FILETIME: 100-nanosecond intervals since 1601, in two 32-bit halves."""

    _fields_ = [("low", ctypes.c_uint32), ("high", ctypes.c_uint32)]

    @property
    def value(self) -> int:
        return self.high << 32 | self.low


class Kernel32:
    """The few kernel32 functions used here, typed; ``last_error`` is the error of the last call."""

    OpenProcess: Callable[[int, bool, int], Any]
    GetExitCodeProcess: Callable[[Any, Any], Any]
    GetProcessTimes: Callable[[Any, Any, Any, Any, Any], Any]
    CloseHandle: Callable[[Any], Any]
    last_error: Callable[[], int]

    def __init__(self) -> None:
        if sys.platform == "win32":
            from ctypes import wintypes

            dll = ctypes.WinDLL("kernel32", use_last_error=True)
            dll.OpenProcess.argtypes = [wintypes.DWORD, wintypes.BOOL, wintypes.DWORD]
            dll.OpenProcess.restype = wintypes.HANDLE
            dll.GetExitCodeProcess.argtypes = [wintypes.HANDLE, ctypes.POINTER(ctypes.c_uint32)]
            dll.GetExitCodeProcess.restype = wintypes.BOOL
            times = ctypes.POINTER(FileTime)
            dll.GetProcessTimes.argtypes = [wintypes.HANDLE, times, times, times, times]
            dll.GetProcessTimes.restype = wintypes.BOOL
            dll.CloseHandle.argtypes = [wintypes.HANDLE]
            dll.CloseHandle.restype = wintypes.BOOL
            self.OpenProcess = dll.OpenProcess
            self.GetExitCodeProcess = dll.GetExitCodeProcess
            self.GetProcessTimes = dll.GetProcessTimes
            self.CloseHandle = dll.CloseHandle
            self.last_error = ctypes.get_last_error
        else:
            raise OSError("kernel32 is a part of Windows")


def _open(pid: int, kernel32: Any) -> tuple[Any, bool]:
    """A handle to process ``pid`` (None if it cannot be opened), and whether the process may exist."""
    handle = kernel32.OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, False, pid)
    if handle:
        return handle, True
    return None, kernel32.last_error() != ERROR_INVALID_PARAMETER


def process_running(pid: int, kernel32: Any | None = None) -> bool:
    """Whether process ``pid`` exists and has not ended (when in doubt, yes)."""
    kernel32 = kernel32 if kernel32 is not None else Kernel32()
    handle, may_exist = _open(pid, kernel32)
    if handle is None:
        return may_exist
    try:
        code = ctypes.c_uint32(0)
        if not kernel32.GetExitCodeProcess(handle, ctypes.pointer(code)):
            return True
        return code.value == STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)


def process_created(pid: int, kernel32: Any | None = None) -> str | None:
    """When process ``pid`` was created (a FILETIME, as text); None if that cannot be known."""
    kernel32 = kernel32 if kernel32 is not None else Kernel32()
    handle, _ = _open(pid, kernel32)
    if handle is None:
        return None
    try:
        created, ended, kernel, user = FileTime(), FileTime(), FileTime(), FileTime()
        if not kernel32.GetProcessTimes(
            handle, ctypes.pointer(created), ctypes.pointer(ended), ctypes.pointer(kernel), ctypes.pointer(user)
        ):
            return None
        return str(created.value)
    finally:
        kernel32.CloseHandle(handle)
