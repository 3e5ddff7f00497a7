"""A program killed while it writes the save or the settings leaves the old state or the new, never a mix.

The same hunt as ``python -m rook_access.bench.kill_while_saving --times 1000``,
at a count small enough for every run.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from rook_access.bench.kill_while_saving import _judge, hunt_saves, hunt_settings
from rook_access.settings import STALE_SECONDS, Settings, load_settings, save_settings

KILLS = 30


def test_a_save_killed_at_random_moments_is_always_old_or_new(tmp_path: Path) -> None:
    report = hunt_saves(KILLS, seed=5, folder=tmp_path)
    assert report.kills == KILLS and report.mixed == []
    assert sum(report.outcomes.values()) == KILLS
    # The kills really land inside saves (the full run: about as many after the rename as before).
    assert report.outcomes["old"] + report.outcomes["new"] > 0
    assert report.writes > 0


def test_settings_killed_at_random_moments_are_always_old_or_new(tmp_path: Path) -> None:
    report = hunt_settings(KILLS, seed=5, folder=tmp_path)
    assert report.kills == KILLS and report.mixed == []
    assert report.outcomes["old"] + report.outcomes["new"] > 0


def test_the_judge_calls_a_torn_save_a_mix() -> None:
    """The hunt can fail: a save that is neither before nor after the write being killed is caught."""
    during = [("R", 3), ("S", 4), ("D", 4), ("S", 5)]
    assert _judge(during, 4, 3) == "old"
    assert _judge(during, 5, 3) == "new"
    assert _judge(during, 3, 3) is None
    assert _judge(during, None, 3) is None
    assert _judge([("R", 3)], 3, 3) == "untouched"
    assert _judge([("R", 3), ("S", 4), ("D", 4)], 4, 3) == "done"


def test_stale_temporary_settings_files_are_removed(tmp_path: Path) -> None:
    stale = tmp_path / ".settings-killed.toml"
    fresh = tmp_path / ".settings-writing.toml"
    for each in (stale, fresh):
        each.write_text("partial = ")
    old = time.time() - STALE_SECONDS - 5
    os.utime(stale, (old, old))
    save_settings(tmp_path / "settings.toml", Settings(voice="en-gb"))
    assert not stale.exists() and fresh.exists()  # another program may be writing that one now
    assert load_settings(tmp_path / "settings.toml") == (Settings(voice="en-gb"), None)
