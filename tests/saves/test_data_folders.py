"""Where settings and saved games live on each system (platformdirs), and a game saved and resumed in a
data folder whose path is long and holds a user name that is not ASCII."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import platformdirs
import platformdirs.macos
import platformdirs.unix
import platformdirs.windows
import pytest

from rook_access.save_files import save_paths
from rook_access.saves import data_folder
from rook_access.settings import settings_path
from tests.helpers import REPOSITORY
from tests.helpers.console import keyboard_moves, program_environment

USER = "Zoë Пётр 李"


@pytest.fixture
def platform_folders(monkeypatch):
    """No folder chosen through the environment: platformdirs decides."""
    for name in ("ROOK_ACCESS_DATA_DIR", "ROOK_ACCESS_CONFIG_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(name, raising=False)

    def use(implementation: type) -> None:
        monkeypatch.setattr(platformdirs, "PlatformDirs", implementation)

    return use


def test_on_windows_settings_and_saves_share_the_users_local_app_data_folder(platform_folders, monkeypatch):
    local = rf"C:\Users\{USER}\AppData\Local"
    monkeypatch.setattr(platformdirs.windows, "get_win_folder", {"CSIDL_LOCAL_APPDATA": local}.__getitem__)
    platform_folders(platformdirs.windows.Windows)
    folder = os.path.join(local, "rook-access")  # no vendor folder above the program's own
    assert str(data_folder()) == folder
    assert str(settings_path()) == os.path.join(folder, "settings.toml")


def test_on_macos_settings_and_saves_are_in_application_support(platform_folders, monkeypatch):
    monkeypatch.setenv("HOME", f"/Users/{USER}")
    platform_folders(platformdirs.macos.MacOS)
    folder = f"/Users/{USER}/Library/Application Support/rook-access"
    assert str(data_folder()) == folder
    assert str(settings_path()) == folder + "/settings.toml"


def test_on_linux_settings_and_saves_follow_xdg(platform_folders, monkeypatch):
    monkeypatch.setenv("HOME", f"/home/{USER}")
    platform_folders(platformdirs.unix.Unix)
    assert str(data_folder()) == f"/home/{USER}/.local/share/rook-access"
    assert str(settings_path()) == f"/home/{USER}/.config/rook-access/settings.toml"


def long_folder(base: Path) -> Path:
    """A folder more than 300 characters deep (Windows' old limit is 260), named for the user."""
    folder = base / USER
    while len(str(folder)) <= 300:
        folder = folder / f"Ordner für Spiele {USER}"
    return folder


def play(args: list[str], moves: list[str], folder: Path) -> subprocess.CompletedProcess[str]:
    environment = program_environment(PYTHONPATH=str(REPOSITORY))
    environment.update(ROOK_ACCESS_DATA_DIR=str(folder / "data"), ROOK_ACCESS_CONFIG_DIR=str(folder / "config"))
    return subprocess.run(
        [sys.executable, "-m", "rook_access", *args],
        input="".join(move + "\n" for move in moves),
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        env=environment,
    )


def test_a_game_is_saved_and_resumed_in_a_long_folder_with_a_user_name_that_is_not_ascii(tmp_path):
    folder = long_folder(tmp_path)
    seed = 4
    moves = keyboard_moves(seed)
    begun = play(["--hands", "1", "--level", "easy", "--seed", str(seed)], moves[:3], folder)
    assert begun.returncode == 0, begun.stderr
    assert begun.stderr == ""
    assert "Game saved." in begun.stdout
    saves = save_paths(folder / "data")
    assert len(saves) == 1 and str(saves[0]).startswith(str(folder))

    resumed = play(["--resume"], moves[3:], folder)
    assert resumed.returncode == 0, resumed.stderr
    assert resumed.stderr == ""
    assert resumed.stdout.splitlines()[-1].startswith("Game over.")
    assert save_paths(folder / "data") == []  # a finished game's save is deleted
