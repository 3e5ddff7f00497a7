"""Test configuration: no test touches the user's files.

The shared helpers are the package ``tests.helpers``: ``tests`` and each of its folders are
packages, so pytest puts the repository's top on ``sys.path`` and no test edits it.

- Every test runs with the program's data and settings folders (and the XDG
  folders that platformdirs falls back on) pointed at its own ``tmp_path``, and
  a runtime folder (``XDG_RUNTIME_DIR``) of its own with a short path, so
  no test can read or write the user's saved games or settings, even one that
  forgets to set them; fixtures of a module or of the session, which run
  before those, get folders of the run's own.
- The whole run keeps its temporary files in one folder of its own: pytest's
  ``tmp_path`` folders, everything made through ``tempfile`` (in the tests and
  in the programs they start, through ``TMPDIR``) and tmux's sockets
  (``TMUX_TMPDIR``). The folder is removed when the run ends, so the suite
  leaves the system's temporary folder as it found it; ``.ci/run`` checks that.
- The computer players search without their time target and deadline
  (``ROOK_ACCESS_NO_DEADLINE``), so that a test's choices never depend on the
  machine's load; the tests of the clock lift it.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

_RUN_FOLDER_KEY = pytest.StashKey[Path]()
_SAVED_ENVIRONMENT_KEY = pytest.StashKey[dict[str, str | None]]()
_USER_FOLDER_VARIABLES = (
    "ROOK_ACCESS_DATA_DIR", "ROOK_ACCESS_CONFIG_DIR",
    "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME",
)  # fmt: skip
_RUN_VARIABLES = ("TMPDIR", "TMUX_TMPDIR", "ROOK_ACCESS_NO_DEADLINE", *_USER_FOLDER_VARIABLES)


WORKERS = "auto"
"""pytest-xdist's workers when the command line does not say (``-n``): one a core (2 on CI).
More than the cores starves the tests that measure speech and leaving in real time.
``-n 0`` or ``-p no:xdist`` runs the tests in one process."""


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Run the tests on ``WORKERS`` pytest-xdist workers unless ``-n`` says otherwise.

    Not in ``addopts``: there ``-n`` would make ``-p no:xdist`` a usage error. Runs before
    pytest-xdist's own hook, which then starts the workers; tests of an ``xdist_group`` run
    on one worker.
    """
    if not config.pluginmanager.hasplugin("xdist") or hasattr(config, "workerinput"):
        return
    if config.option.numprocesses is None and not config.option.collectonly and not config.option.usepdb:
        config.option.numprocesses = WORKERS
    if config.option.dist == "no":
        config.option.dist = "loadgroup"


def pytest_configure_node(node: object) -> None:
    """Tell a pytest-xdist worker that the tests are distributed by group (``loadgroup``).

    A worker parses the command line again, where ``pytest_cmdline_main`` above set no ``--dist``, so by
    itself it would not mark each test with its ``xdist_group`` and the controller would send the tests of
    a group to either worker (two real BRLTTYs once took the same BrlAPI host that way)."""
    config: pytest.Config = node.config  # type: ignore[attr-defined]
    node.workerinput["loadgroup"] = config.getvalue("dist") == "loadgroup"  # type: ignore[attr-defined]


def pytest_configure(config: pytest.Config) -> None:
    """Make the run's own temporary folder and send every temporary file there."""
    if hasattr(config, "workerinput"):  # a pytest-xdist worker shares its controller's folder
        if config.workerinput.get("loadgroup"):  # see pytest_configure_node
            config.option.loadgroup = True
        return
    # A short name: a speech-dispatcher socket deep in a test's folder must stay within the
    # 107 bytes of a Unix socket's path, with pytest-xdist's "popen-gw0/" added to the path.
    folder = Path(tempfile.mkdtemp(prefix="rook-"))
    config.stash[_RUN_FOLDER_KEY] = folder
    config.stash[_SAVED_ENVIRONMENT_KEY] = {name: os.environ.get(name) for name in _RUN_VARIABLES}
    temporary = folder / "tmp"
    temporary.mkdir()
    os.environ["TMPDIR"] = str(temporary)
    os.environ["TMUX_TMPDIR"] = str(temporary)
    # The user's folders too, for the whole run: a module- or session-scoped fixture runs before
    # each test's own folders are set (a program started there once wrote PulseAudio's files in
    # the real ~/.config). Each test then gets folders of its own (_private_user_folders).
    for name in _USER_FOLDER_VARIABLES:
        os.environ[name] = str(folder / "user" / name.lower())
    tempfile.tempdir = None  # forget the cached folder: the next call reads TMPDIR
    # The computer players search their whole sample budget, never stopped by the clock, in the tests and
    # the programs they start: the same choices however busy the machine (two searches of one position
    # compared agree). A test of the time target or the deadline lifts it (monkeypatch.delenv).
    os.environ["ROOK_ACCESS_NO_DEADLINE"] = "1"
    if config.option.basetemp is None:
        config.option.basetemp = str(folder / "pytest")


def pytest_unconfigure(config: pytest.Config) -> None:
    """Remove the run's temporary folder and restore the environment."""
    folder = config.stash.get(_RUN_FOLDER_KEY, None)
    if folder is None:
        return
    for name, value in config.stash[_SAVED_ENVIRONMENT_KEY].items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    tempfile.tempdir = None
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def _private_user_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Point the program's data and settings folders, and the XDG folders, at this test's own folder."""
    home = tmp_path / "user"
    monkeypatch.setenv("ROOK_ACCESS_DATA_DIR", str(home / "data"))
    monkeypatch.setenv("ROOK_ACCESS_CONFIG_DIR", str(home / "config"))
    for name in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"):
        monkeypatch.setenv(name, str(home / name.lower()))
    # The runtime folder, where speech-dispatcher's socket goes, is short: deep in tmp_path the
    # socket's path would pass the 107 bytes a Unix socket allows, and the program refuses it.
    runtime = Path(tempfile.mkdtemp(prefix="run-"))
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(runtime))
    yield
    shutil.rmtree(runtime, ignore_errors=True)
