"""Benchmark: how long the program takes to leave after ``quit``, and what it leaves behind.

Run ``python -m rook_access.bench.leaving`` (``--runs N``, ``--json``).  For
each output (plain, voice, screenreader) the program is started as a user
starts it, in a private home and temporary folder; when it asks for South's
bid, with the opening announcements still being spoken, ``quit`` is typed
and the time until the process has ended is measured.  It also reports
files left in the temporary folder and processes left running.

- voice: speech is "played" in real time by a stand-in for ``aplay`` (the
  machine may have no sound card), so speech is still going at ``quit``;
- screenreader: no speech-dispatcher runs in the private home, so the
  ``speechd`` client starts one (autospawn) in it, as on a desktop where
  none runs yet; it must be stopped when the program leaves.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path

from .child_lines import ChildLines

OUTPUTS = ("plain", "voice", "screenreader")
SOURCE = Path(os.environ.get("ROOK_ACCESS_BENCH_SOURCE") or Path(__file__).resolve().parents[2])
"""The folder whose ``rook_access`` is measured: this one's, or ``ROOK_ACCESS_BENCH_SOURCE``."""
QUESTION = re.compile(r"\bbid\b.*\bpass\.$")
"""South's first question: "Your bid: 80 to 120, or pass." and the like."""


def asks_first_question(line: str) -> bool:
    """Whether ``line`` is South's first question (``QUESTION``)."""
    return QUESTION.search(line.strip()) is not None


REAL_TIME_PLAYER = """
import sys, time, wave
with wave.open(sys.argv[1]) as wav:
    time.sleep(wav.getnframes() / wav.getframerate())
"""


@dataclass
class Leaving:
    """One measured ``quit``."""

    output: str
    seconds: float
    """From typing ``quit`` to the process's end."""
    files_left: list[str]
    """Paths left in the program's temporary folder (PulseAudio's own ``pulse-*`` folder aside)."""
    servers_left: list[int]
    """Process ids of speech-dispatchers still running on the program's private socket."""


def speech_dispatchers(socket_path: Path) -> list[int]:
    """The running speech-dispatcher processes serving ``socket_path``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            command = (entry / "cmdline").read_bytes().split(b"\0")
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            continue
        if (
            state not in ("Z", "X")
            and command
            and command[0].endswith(b"speech-dispatcher")
            and str(socket_path).encode() in command
        ):
            found.append(int(entry.name))
    return found


def environment(home: Path, output: str) -> dict[str, str]:
    """The program's environment: everything in ``home``, nothing of the user's."""
    env = dict(os.environ)
    for name in ("SPEECHD_ADDRESS", "SPEECHD_SOCKET", "SPEECHD_CMD"):
        env.pop(name, None)
    (home / "tmp").mkdir(parents=True, exist_ok=True)
    (home / "run").mkdir(mode=0o700, exist_ok=True)
    (home / "config").mkdir(exist_ok=True)
    (home / "config" / "settings.toml").write_text('variant = "partnership"\n', encoding="utf-8")
    env.update(
        HOME=str(home),
        TMPDIR=str(home / "tmp"),
        XDG_RUNTIME_DIR=str(home / "run"),
        ROOK_ACCESS_CONFIG_DIR=str(home / "config"),
        ROOK_ACCESS_DATA_DIR=str(home / "data"),
        PYTHONIOENCODING="utf-8",
        PYTHONPATH=os.pathsep.join(filter(None, [str(SOURCE), os.environ.get("PYTHONPATH")])),
    )
    if output == "voice":
        player = home / "player.py"
        player.write_text(REAL_TIME_PLAYER, encoding="utf-8")
        env["ROOK_ACCESS_AUDIO_PLAYER"] = shlex.join([sys.executable, str(player)])
    return env


def leave_once(output: str, home: Path, seed: int = 3, env: dict[str, str] | None = None) -> Leaving:
    """Start the program with ``--output OUTPUT``, type ``quit`` at the first question, and measure."""
    env = environment(home, output) if env is None else env
    process = subprocess.Popen(
        [sys.executable, "-m", "rook_access", "--output", output, "--seed", str(seed)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env=env,
        cwd=home,
    )
    assert process.stdin is not None and process.stdout is not None
    lines = ChildLines(process.stdout, f"rook-access --output {output}")
    try:
        lines.wait_for(asks_first_question)
        started = time.perf_counter()
        process.stdin.write("quit\n")
        process.stdin.flush()
        lines.wait_for_end(30)
        process.wait(timeout=30)
        seconds = time.perf_counter() - started
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    temporary = Path(env["TMPDIR"])
    files = [str(path) for path in temporary.iterdir() if not path.name.startswith("pulse-")]
    socket_path = Path(env.get("XDG_RUNTIME_DIR", home / "run")) / "speech-dispatcher" / "speechd.sock"
    return Leaving(output, seconds, files, speech_dispatchers(socket_path))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="quits measured for each output")
    parser.add_argument("--json", action="store_true", help="one JSON object instead of lines")
    args = parser.parse_args(argv)
    results: dict[str, list[Leaving]] = {}
    for output in OUTPUTS:
        for _ in range(args.runs):
            home = Path(tempfile.mkdtemp(prefix="rook-access-leaving-"))
            try:
                results.setdefault(output, []).append(leave_once(output, home))
            finally:
                for pid in speech_dispatchers(home / "run" / "speech-dispatcher" / "speechd.sock"):
                    os.kill(pid, 9)  # only a server left on this run's own socket
                shutil.rmtree(home, ignore_errors=True)
    if args.json:
        print(json.dumps({output: [asdict(run) for run in runs] for output, runs in results.items()}))
        return 0
    for output, runs in results.items():
        times = [run.seconds for run in runs]
        left = sum(len(run.files_left) for run in runs)
        servers = sum(len(run.servers_left) for run in runs)
        print(
            f"{output}: leaving took median {statistics.median(times) * 1000:.0f} ms, "
            f"max {max(times) * 1000:.0f} ms over {len(times)} quits; "
            f"{left} temporary files left, {servers} speech servers left running."
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
