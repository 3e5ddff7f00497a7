"""Helpers for the end-to-end screen-reader tests: Fenrir run in tmux with a
speech command that writes what it would say to a file, the fixed deal as a
file, and checks on spoken text.

Everything lives in a folder the test gives; every process started here is
stopped by ``close()``, and only those (found by walking down from our own
tmux server, never by name).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterable
from pathlib import Path

from tests.helpers import REPOSITORY
from tests.helpers.console import FIXED_DEAL
from tests.helpers.terminal import Terminal

# Card notation, as on the screen and in braille; never for a speech synthesizer.
NOTATION = re.compile(r"\b(1[0-4]|[5-9])[rxyg]\b")
# Escape sequences or their remains ("[?2004h" once the ESC is eaten), and box drawing.
GARBAGE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]|\[\?\d+[hl]|\[\d+(;\d+)*m|[\u2500-\u257f]")

FENRIR_SETTINGS = Path("/etc/fenrirscreenreader/settings/settings.conf")


def write_deal(path: Path, deal: dict = FIXED_DEAL) -> Path:
    """The fixed deal as a deal file for ``--deal``."""
    path.write_text(json.dumps(deal))
    return path


def program_env(home: Path) -> dict[str, str]:
    """What every program we start needs: settings and saves in ``home``, never the user's.

    The settings name the game already, as after a first start at a terminal,
    so the program does not offer the list of games.
    """
    settings = home / "config" / "settings.toml"
    if not settings.exists():
        settings.parent.mkdir(parents=True, exist_ok=True)
        settings.write_text('variant = "partnership"\n', encoding="utf-8")
    return {
        "ROOK_ACCESS_CONFIG_DIR": str(home / "config"),
        "ROOK_ACCESS_DATA_DIR": str(home / "data"),
        "PYTHONPATH": str(REPOSITORY),
        "PYTHONIOENCODING": "utf-8",
    }


def garbage_in(text: str) -> list[str]:
    """Escape codes, control characters or box drawing found in ``text``."""
    return [match.group(0) for match in GARBAGE.finditer(text)]


def find_in_order(text: str, patterns: Iterable[str]) -> list[int]:
    """Where each regex of ``patterns`` is found in ``text``, each after the one before.

    Fails with the first pattern that is missing (from that point on).
    """
    positions = []
    start = 0
    for pattern in patterns:
        match = re.compile(pattern).search(text, start)
        if match is None:
            raise AssertionError(f"{pattern!r} is not found after position {start} in:\n{text[start:start + 3000]}")
        positions.append(match.start())
        start = match.end()
    return positions


def heard_words(text: str) -> list[str]:
    """The words of ``text`` as Fenrir says them (its default punctuation
    reads "-" as "dash" and "+" as "plus"), lower case, punctuation dropped."""
    text = text.replace("-", " dash ").replace("+", " plus ")
    return re.findall(r"[\w']+", text.lower())


def game_lines(screen: str, question: str, typed: Iterable[str]) -> list[str]:
    """The lines the game showed on ``screen``, less the exit markers, each question that starts with
    ``question`` without the answer ``typed`` after it (what was typed is echoed apart)."""
    answers = [f" {answer}" for answer in typed]
    shown = []
    for line in screen.splitlines():
        line = line.strip()
        if not line or line.startswith(("GAME-EXIT=", "FENRIR-EXIT=")):
            continue
        for answer in answers:
            if line.startswith(question) and line.endswith(answer):
                line = line[: -len(answer)]
        shown.append(line)
    return shown


def lines_not_spoken(lines: Iterable[str], spoken: str) -> list[str]:
    """The ``lines`` whose words were not said, each whole and after the line before it."""
    said = heard_words(spoken)
    missing = []
    start = 0
    for line in lines:
        words = heard_words(line)
        if not words:
            continue
        for at in range(start, len(said) - len(words) + 1):
            if said[at:at + len(words)] == words:
                start = at + len(words)
                break
        else:
            missing.append(line)
    return missing


# --- processes ---------------------------------------------------------------------


def _start_time(pid: int) -> str | None:
    """The kernel's start time of ``pid``, to tell it from a later process with
    the same number; None once it has ended (a zombie has ended too)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return None if fields[0] in ("Z", "X") else fields[19]


def descendants(root: int) -> dict[int, str]:
    """``root`` and every process under it, with their start times."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        children.setdefault(parent, []).append(int(entry.name))
    found: dict[int, str] = {}
    todo = [root]
    while todo:
        pid = todo.pop()
        started = _start_time(pid)
        if started is None or pid in found:
            continue
        found[pid] = started
        todo += children.get(pid, [])
    return found


def stop_leftovers(processes: dict[int, str], timeout: float = 5.0) -> None:
    """Wait for these processes to end; SIGKILL any of them still there after ``timeout``."""
    deadline = time.monotonic() + timeout
    alive = lambda: [pid for pid, started in processes.items() if _start_time(pid) == started]  # noqa: E731
    while alive() and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in alive():
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


# --- Fenrir --------------------------------------------------------------------------


def _set(conf: str, section: str, key: str, value: str) -> str:
    """``conf`` with ``key=value`` in ``[section]`` (replaced, or added at the section's top)."""
    header = re.search(rf"(?m)^\[{re.escape(section)}\][ \t]*$", conf)
    if header is None:
        return conf.rstrip("\n") + f"\n[{section}]\n{key}={value}\n"
    start = header.end()
    following = re.compile(r"(?m)^\[").search(conf, start)
    end = following.start() if following else len(conf)
    body = conf[start:end]
    line = re.compile(rf"(?m)^{re.escape(key)}[ \t]*=.*$")
    if line.search(body):
        body = line.sub(lambda _: f"{key}={value}", body, count=1)
    else:
        body = f"\n{key}={value}" + body
    return conf[:start] + body + conf[end:]


class Fenrir(Terminal):
    """Fenrir in a tmux server of our own, reading the game it starts as its shell.

    Fenrir's pty drivers read the screen and the keyboard of the tmux pane;
    its generic speech driver runs a script that appends each text it would
    speak, one a line, to ``spoken.log``.  After the game ends the shell
    prints ``GAME-EXIT=<status>`` and waits for Enter, so that nothing Fenrir
    still has to say is cut off by its own exit (Fenrir drops its speech
    queue when it quits): ``finish()`` presses that Enter.

    The game runs with Python's own buffering of standard output, as a user
    starts it, unless ``unbuffered``: with PYTHONUNBUFFERED set (as on this
    project's machines) each line reaches the terminal as two writes, the text
    and then the newline, and when keys are typed while such output arrives
    Fenrir has been seen to take a line for typing echo and not speak it.

    The speech command writes each text down at once, so a text Fenrir gave
    it and cut off a moment later (Fenrir interrupts itself: a cursor moving
    to a blank line, text it takes for a tab completion) shows as said whole.  With
    ``pace`` (seconds a character takes), it then takes as long as a voice
    would to say the text, and a text cut off is followed in the log by the
    line ``[cut off]``; ``wait_silent()`` waits until nothing is being said.
    A text cut off the moment its command started is not written down at all:
    with ``debug_log``, Fenrir keeps its debug log, and ``queued()`` (once
    Fenrir has quit and so written its log out) gives every text Fenrir gave
    its speech driver, to tell a text cut off from one never meant to be said.
    """

    def __init__(
        self,
        game_args: list[str],
        home: Path,
        width: int = 100,
        height: int = 30,
        unbuffered: bool = False,
        pace: float = 0.0,
        debug_log: bool = False,
    ) -> None:
        self.socket = f"rook-fenrir-{uuid.uuid4().hex[:8]}"
        self.home = home
        self.log = home / "spoken.log"
        self.log.touch()
        self._server: dict[int, str] = {}
        self._socket_path = ""

        speaker = home / "speak.sh"
        self.speaker = speaker
        log = shlex.quote(str(self.log))
        if pace > 0:
            # Fenrir cuts speech off with SIGTERM; the sleep stands for the voice (dash counts in whole numbers:
            # milliseconds, written out as seconds).
            speaker.write_text(
                f"#!/bin/sh\nlog={log}\n"
                """trap 'kill "$voice" 2>/dev/null; echo "[cut off]" >> "$log"; exit 0' TERM\n"""
                """text="$*"\nprintf '%s\\n' "$text" >> "$log"\n"""
                f"ms=$(( ${{#text}} * {round(pace * 1000)} ))\n"
                """sleep "$((ms / 1000)).$(printf %03d $((ms % 1000)))" &\nvoice=$!\nwait "$voice"\n"""
            )
        else:
            speaker.write_text(f'#!/bin/sh\nprintf \'%s\\n\' "$*" >> {log}\n')
        speaker.chmod(0o755)

        exports = " ".join(f"{name}={shlex.quote(value)}" for name, value in program_env(home).items())
        program = " ".join(shlex.quote(part) for part in [sys.executable, "-m", "rook_access", *game_args])
        game = home / "game.sh"
        game.write_text(
            "#!/bin/sh\n"
            f"cd {shlex.quote(str(home))} || exit 1\n"
            f"env {'' if unbuffered else '-u PYTHONUNBUFFERED '}{exports} {program}\n"
            'echo "GAME-EXIT=$?"\n'
            "read done\n"
        )
        game.chmod(0o755)

        conf = FENRIR_SETTINGS.read_text()
        for section, key, value in [
            ("screen", "driver", "ptyDriver"),
            ("keyboard", "driver", "ptyDriver"),
            ("keyboard", "keyboardLayout", "pty"),
            ("keyboard", "charEcho", "False"),
            ("keyboard", "wordEcho", "False"),
            ("keyboard", "interruptOnKeyPress", "False"),
            ("speech", "enabled", "True"),
            ("speech", "driver", "genericDriver"),
            ("speech", "autoReadIncoming", "True"),
            ("speech", "genericSpeechCommand", f'{speaker} "fenrirText"'),
            ("sound", "enabled", "False"),
            ("braille", "enabled", "False"),
            ("remote", "enable", "False"),
            # Fenrir 1.9.5 starts its remote driver whatever "enable" says; the
            # unix one leaves a socket in /tmp behind.
            ("remote", "driver", "dummyDriver"),
            ("general", "shell", str(game)),
            ("general", "debugLevel", "3" if debug_log else "0"),  # 3: INFO, with each text given to speech
            ("general", "debugFile", str(home / "fenrir-debug.log")),
            ("general", "clipboardExportPath", str(home / "fenrir-clipboard")),
        ]:
            conf = _set(conf, section, key, value)
        self.settings = home / "fenrir-settings.conf"
        self.settings.write_text(conf)

        env = dict(os.environ, HOME=str(home))
        for name in ("SPEECHD_ADDRESS", "TMUX"):
            env.pop(name, None)
        self.command = f"fenrir -s {shlex.quote(str(self.settings))}; echo FENRIR-EXIT=$?; sleep 30"
        started = subprocess.run(
            ["tmux", "-L", self.socket, "-f", "/dev/null", "new-session", "-d", "-s", "game",
             "-x", str(width), "-y", str(height), self.command],
            capture_output=True, text=True, timeout=10, env=env, cwd=home,
        )
        if started.returncode != 0:
            raise RuntimeError(f"tmux did not start: {started.stderr.strip()}")
        try:
            self._tmux("set-option", "-t", "game", "history-limit", "20000")
            server, path = self._tmux("display-message", "-p", "-t", "game", "#{pid} #{socket_path}").split(maxsplit=1)
            self._socket_path = path.strip()
            self._server = descendants(int(server))
        except BaseException:
            self.close()
            raise

    def spoken(self) -> str:
        """Everything Fenrir has said so far, one utterance a line."""
        return self.log.read_text(errors="replace")

    def wait_spoken(self, pattern: str, timeout: float = 10.0) -> str:
        """Wait until the regex ``pattern`` is in what Fenrir said."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            text = self.spoken()
            if re.search(pattern, text):
                return text
            time.sleep(0.05)
        raise AssertionError(
            f"Fenrir did not say {pattern!r}; it said:\n{self.spoken()[-3000:]}\nThe screen:\n{self.screen()[-2000:]}"
        )

    def queued(self) -> list[str]:
        """Every text Fenrir gave its speech driver, in order, as the speech command gets it (``debug_log``;
        complete once Fenrir has quit, ``finish()``, for Fenrir writes its debug log through a buffer)."""
        log = self.home / "fenrir-debug.log"
        text = log.read_text(errors="replace") if log.exists() else ""
        return re.findall(r"(?m)^INFO [\d-]+ [\d:.]+: Speak: (.*)$", text)

    def speaking(self) -> bool:
        """Whether the speech command is saying something now."""
        try:
            server = int(self._tmux("display-message", "-p", "-t", "game", "#{pid}").strip())
        except (RuntimeError, ValueError, subprocess.TimeoutExpired):
            return False
        for pid in descendants(server):
            try:
                if str(self.speaker).encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                    return True
            except OSError:
                continue
        return False

    def wait_silent(self, quiet: float = 0.5, timeout: float = 30.0) -> str:
        """Wait until nothing has been said for ``quiet`` seconds (nothing spoken, nothing added to the log);
        what was said."""
        deadline = time.monotonic() + timeout
        said, since = self.spoken(), time.monotonic()
        while time.monotonic() < deadline:
            time.sleep(0.05)
            now = self.spoken()
            if now != said or self.speaking():
                said, since = now, time.monotonic()
            elif time.monotonic() - since >= quiet:
                return said
        raise AssertionError(f"Fenrir did not fall silent; it said:\n{self.spoken()[-3000:]}")

    def finish(self, timeout: float = 10.0) -> None:
        """Press the Enter the shell waits for after the game, and wait for Fenrir to quit."""
        self.keys("Enter")
        self.wait_for("FENRIR-EXIT=", timeout=timeout)

    def close(self) -> None:
        """Stop the tmux server and everything under it that is still running (ours only)."""
        try:
            server = int(self._tmux("display-message", "-p", "-t", "game", "#{pid}").strip())
            processes = descendants(server)
        except (RuntimeError, ValueError, subprocess.TimeoutExpired):
            processes = {}
        processes = {**self._server, **processes}
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], capture_output=True, timeout=10)
        stop_leftovers(processes)
        # tmux 3.3 leaves its socket file behind; this name is ours alone.
        default = Path(os.environ.get("TMUX_TMPDIR") or "/tmp") / f"tmux-{os.getuid()}" / self.socket
        Path(self._socket_path or default).unlink(missing_ok=True)
