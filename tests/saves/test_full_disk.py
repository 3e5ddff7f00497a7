"""A full disk and an unwritable folder: saving says so in one line, and the game goes on.

Every failure here is real, made without a mock: a tiny tmpfs mounted in a
private mount namespace (``unshare -m``, as root) that is full or has one
page free (ENOSPC), the same tmpfs remounted read-only (EROFS), a folder the
program may not write once root's power to override file permissions is
dropped (``setpriv --bounding-set -dac_override``: EACCES), a data folder
under a regular file (ENOTDIR), and ``/dev/full`` as the record file.
"""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

from rook_access.console.session import ConsoleGame
from rook_access.engine import GameStarted
from rook_access.record import RecordWriter
from rook_access.save_files import save_paths
from rook_access.saves import GameSaver, GameSetup, make_table, read_save
from tests.helpers import REPOSITORY
from tests.helpers.console import ListChannel, ScriptedLines

ARGS = ["--seed", "3", "--output", "plain"]
GAME_GOES_ON = "You pass."
"""Said after the first input line ("pass") of every game here: the game went on."""
PAGE = 4096

MOUNTED = """
set -e
mount -t tmpfs -o size=16k,mode=0755 tmpfs "$MNT"
mkdir -p "$MNT/data" "$MNT/config"
if [ -n "$SETTINGS" ]; then printf '%s' "$SETTINGS" > "$MNT/config/settings.toml"; fi
case "$STATE" in
  full|two-pages) head -c 1048576 /dev/zero > "$MNT/filler" 2>/dev/null || true ;;
esac
if [ "$STATE" = two-pages ]; then truncate -s -8192 "$MNT/filler"; fi
if [ "$STATE" = read-only ]; then mount -o remount,ro "$MNT"; fi
set +e
"$@"
status=$?
rm -f "$MNT/filler" 2>/dev/null
cp -a "$MNT/." "$OUT/"
exit $status
"""


def _environment(data: Path, config: Path, **extra: str) -> dict[str, str]:
    env = dict(
        os.environ,
        ROOK_ACCESS_DATA_DIR=str(data),
        ROOK_ACCESS_CONFIG_DIR=str(config),
        PYTHONIOENCODING="utf-8",
        PYTHONPATH=str(REPOSITORY),
        **extra,
    )
    env.pop("ROOK_ACCESS_DEBUG", None)
    return env


def on_tmpfs(tmp_path: Path, state: str, text: str, args: list[str] = ARGS, settings: str = "") -> tuple[
    subprocess.CompletedProcess[str], Path
]:
    """Run the program with its data and settings on a 16 kB tmpfs in ``state``.

    Returns the run and a copy of the tmpfs after it.
    """
    mount, out = tmp_path / "mnt", tmp_path / "out"
    mount.mkdir()
    out.mkdir()
    env = _environment(mount / "data", mount / "config", MNT=str(mount), OUT=str(out), STATE=state, SETTINGS=settings)
    command = ["unshare", "-m", "sh", "-c", MOUNTED, "sh", sys.executable, "-m", "rook_access", *args]
    done = subprocess.run(command, input=text, capture_output=True, text=True, env=env, timeout=120)
    assert "mount:" not in done.stderr, done.stderr
    return done, out


def plainly(
    data: Path, config: Path, text: str, args: list[str] = ARGS, prefix: list[str] | None = None
) -> subprocess.CompletedProcess[str]:
    command = [*(prefix or []), sys.executable, "-m", "rook_access", *args]
    return subprocess.run(
        command, input=text, capture_output=True, text=True, env=_environment(data, config), timeout=120
    )


def _clean(done: subprocess.CompletedProcess[str]) -> list[str]:
    """The output's lines, once checked: no traceback, no internal error, a clean exit."""
    assert "Traceback" not in done.stdout + done.stderr, done.stdout + done.stderr
    assert "internal error" not in done.stdout + done.stderr
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()


def _said_once_and_went_on(lines: list[str], line: str) -> None:
    assert lines.count(line) == 1, lines
    assert GAME_GOES_ON in lines[lines.index(line) :]
    assert lines[-1] == "Goodbye."


# ------------------------------------------------------------------ a full disk
def test_a_full_disk_at_the_first_save(tmp_path: Path) -> None:
    done, after = on_tmpfs(tmp_path, "full", "pass\nhand\nquit\nyes\n")
    lines = _clean(done)
    _said_once_and_went_on(lines, "The game cannot be saved: No space left on device. Play goes on.")
    assert any(line.startswith("Leave the game? It is not saved.") for line in lines)  # quit asks first
    assert [each for each in (after / "data").rglob("*") if each.is_file()] == []  # no half file, no temporary file


def test_a_disk_that_fills_after_the_first_save_keeps_that_save(tmp_path: Path) -> None:
    # Two pages free: the game's lock takes one and the first save the other; the next save
    # needs a third page beside the old save.
    done, after = on_tmpfs(tmp_path, "two-pages", "pass\nquit\nyes\n")
    lines = _clean(done)
    _said_once_and_went_on(lines, "The game cannot be saved: No space left on device. Play goes on.")
    files = [each for each in (after / "data").rglob("*") if each.is_file()]
    assert len(files) == 1 and files == save_paths(after / "data")  # no temporary file, no lock left
    saved = read_save(files[0])
    assert saved is not None and saved.actions == [] and saved.setup.seed == 3  # the old save, whole


def test_settings_on_a_full_disk_apply_for_this_game_and_leave_the_file(tmp_path: Path) -> None:
    done, after = on_tmpfs(
        tmp_path, "full", "settings verbosity terse\npass\nquit\nyes\n", settings='pacing = "enter"\n'
    )
    lines = _clean(done)
    assert (
        "Verbosity is now terse, for this game only; the settings file could not be written: "
        "No space left on device." in lines
    )
    assert GAME_GOES_ON in lines
    assert sorted(each.name for each in (after / "config").iterdir()) == ["settings.toml"]
    assert (after / "config" / "settings.toml").read_text() == 'pacing = "enter"\n'


def test_the_record_on_a_full_disk_stops_and_the_game_goes_on(tmp_path: Path) -> None:
    record = tmp_path / "mnt" / "game.jsonl"
    done, _ = on_tmpfs(tmp_path, "full", "pass\nquit\nyes\n", [*ARGS, "--record", str(record)])
    lines = _clean(done)
    _said_once_and_went_on(lines, "The record file cannot be written: "
                                  "No space left on device. Play goes on without it.")


def test_a_record_to_dev_full_is_said_once_and_the_game_resumes(tmp_path: Path) -> None:
    data, config = tmp_path / "data", tmp_path / "config"
    done = plainly(data, config, "pass\n", [*ARGS, "--record", "/dev/full"])
    lines = _clean(done)
    assert lines.count("The record file cannot be written: No space left on device. Play goes on without it.") == 1
    assert lines[-1] == "End of input. Game saved. Goodbye. To go on later: rook-access --resume."
    [path] = save_paths(data)
    saved = read_save(path)
    assert saved is not None and saved.record_lines == 0 and saved.setup.record == "/dev/full"
    resumed = plainly(data, config, "hand\n", ["--resume", "--output", "plain"])
    lines = _clean(resumed)
    assert lines.count("The record file cannot be written: No space left on device. Play goes on without it.") == 1
    assert any(line.startswith("Your hand") for line in lines)


# ------------------------------------------------------------ unwritable folders
def test_a_read_only_file_system(tmp_path: Path) -> None:
    done, after = on_tmpfs(tmp_path, "read-only", "settings verbosity terse\npass\nquit\nyes\n")
    lines = _clean(done)
    _said_once_and_went_on(lines, "The game cannot be saved: Read-only file system. Play goes on.")
    assert any(line.endswith("the settings file could not be written: Read-only file system.") for line in lines)


def test_folders_the_program_may_not_write(tmp_path: Path) -> None:
    data, config = tmp_path / "data", tmp_path / "config"
    for folder in (data, config):
        folder.mkdir()
        folder.chmod(0o555)
    (config / "settings.toml").write_text('pacing = "enter"\n')
    # Root may write anywhere; without the power to override file permissions it may not.
    no_override = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search"]
    done = plainly(data, config, "settings verbosity terse\npass\nquit\nyes\n", prefix=no_override)
    lines = _clean(done)
    _said_once_and_went_on(lines, "The game cannot be saved: Permission denied. Play goes on.")
    assert any(line.endswith("the settings file could not be written: Permission denied.") for line in lines)
    assert list(data.iterdir()) == [] and sorted(each.name for each in config.iterdir()) == ["settings.toml"]
    for folder in (data, config):
        folder.chmod(0o755)


def test_a_data_folder_under_a_file(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder\n")
    done = plainly(blocker / "data", blocker / "config", "settings verbosity terse\npass\nquit\nyes\n")
    lines = _clean(done)
    _said_once_and_went_on(lines, "The game cannot be saved: Not a directory. Play goes on.")
    assert any(line.endswith("the settings file could not be written: Not a directory.") for line in lines)
    assert blocker.read_text() == "not a folder\n"


# ------------------------------------------------------------------ in process
def test_record_writer_keeps_the_error_and_counts_what_is_lost() -> None:
    event = GameStarted("partnership", 4, None, 300, None, "points", ("South", "West", "North", "East"), ())
    writer = RecordWriter(open("/dev/full", "w", encoding="utf-8"))  # noqa: SIM115 - the writer closes it
    writer.write(event)
    writer.write(event)
    assert writer.error is not None and writer.error.errno == errno.ENOSPC
    assert writer.lost == 2
    writer.close()  # the unwritten line is not flushed again with a traceback
    assert writer.stream.closed


class _FlakySaver(GameSaver):
    """A saver whose disk is full for a while (as ENOSPC from the file system)."""

    def __init__(self, *args: object, failures: int) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.failures = failures

    def save(self, record_lines: int) -> None:
        if self.failures:
            self.failures -= 1
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        super().save(record_lines)


def test_saving_that_works_again_says_so_and_the_goodbye_is_true(tmp_path: Path) -> None:
    setup = GameSetup.create(["human", "computer", "computer", "computer"], level="easy", seed=3)
    state, players = make_table(setup)
    saver = _FlakySaver(tmp_path / "current-game.json", setup, failures=2)
    channel = ListChannel()
    record = RecordWriter(io.StringIO())
    game = ConsoleGame(state, players, ScriptedLines(["hand"]), channel, record, saver=saver)
    assert game.run() == 0
    lines = channel.lines
    assert lines.count("The game cannot be saved: No space left on device. Play goes on.") == 1
    assert lines.count("The game is saved again.") == 1
    assert lines.index("The game cannot be saved: No space left on device. Play goes on.") < lines.index(
        "The game is saved again."
    )
    assert lines[-1] == "End of input. Game saved. Goodbye. To go on later: rook-access --resume."
    saved = read_save(tmp_path / "current-game.json")
    assert saved is not None and len(saved.actions) == len(saver.actions)
    assert saved.record_lines == len(state.events)


def test_a_record_that_fails_mid_game_is_counted_in_the_save(tmp_path: Path) -> None:
    """The save counts only the record lines written, so a resume writes the rest."""
    setup = GameSetup.create(["human", "computer", "computer", "computer"], level="easy", seed=3)
    state, players = make_table(setup)
    saver = GameSaver(tmp_path / "current-game.json", setup)
    record = RecordWriter(open("/dev/full", "w", encoding="utf-8"))  # noqa: SIM115 - the writer closes it
    channel = ListChannel()
    ConsoleGame(state, players, ScriptedLines(["pass"]), channel, record, saver=saver).run()
    record.close()
    saved = read_save(tmp_path / "current-game.json")
    assert saved is not None and saved.record_lines == 0 and record.lost == len(state.events)
    assert (
        channel.lines.count("The record file cannot be written: No space left on device. Play goes on without it.") == 1
    )
