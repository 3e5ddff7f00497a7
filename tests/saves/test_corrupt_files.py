"""Damaged files: a save, the settings, a deal file and a record, cut short or with bytes changed.

Each is read by the function the program reads it with (every truncation and
1,000 random byte flips each, as ``python -m rook_access.bench.corrupt_files``
does), and a few are read by the real program: a clear line or a safe default,
never a traceback, and the damaged file kept byte for byte.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rook_access.bench import corrupt_files
from rook_access.bench.corrupt_files import KINDS, READERS, Fault, Sample, hunt, make_samples
from rook_access.saves import record_lines_of, resume_record
from rook_access.settings import Settings, load_settings, save_settings
from tests.helpers import REPOSITORY


@pytest.fixture(scope="module")
def samples(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Sample]:
    return make_samples(tmp_path_factory.mktemp("samples"))


# ------------------------------------------------ every truncation, 1,000 flips
@pytest.mark.parametrize("kind", KINDS)
def test_every_truncation_and_a_thousand_flips_read_cleanly(kind: str, tmp_path: Path) -> None:
    report = hunt(kind, flips=1000, seed=13, folder=tmp_path)
    assert report.cases == report.size + 1000
    assert report.faults == []
    # Most damage is refused (or, for settings, falls back to the defaults): the reader really checks.
    assert sum(report.outcomes.values()) == report.cases
    assert report.outcomes["read"] < report.cases // 10


def _damage(data: bytes, edits: list[tuple[int, int, bytes]]) -> bytes:
    """Apply edits (position, bytes removed, bytes put in) to data."""
    for position, removed, inserted in edits:
        position %= len(data) + 1
        data = data[:position] + inserted + data[position + removed :]
    return data


EDITS = st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 40), st.binary(max_size=12)), min_size=1, max_size=5)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(KINDS), edits=EDITS)
def test_several_edits_read_cleanly(samples: dict[str, Sample], kind: str, edits: list) -> None:
    sample = samples[kind]
    with tempfile.TemporaryDirectory() as folder:
        READERS[kind](sample, _damage(sample.data, edits), Path(folder))


def test_a_reader_that_changes_the_file_is_a_fault(
    samples: dict[str, Sample], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hunt itself finds what it looks for: a record cut where it did not match is a fault."""
    sample = samples["record"]
    lines = sample.data.splitlines(keepends=True)
    damaged = b"".join(lines[:2]) + b"X" + b"".join(lines[2:])
    original = corrupt_files.resume_record

    def truncating(path, events, record_lines, extra=None):  # the old way: cut where it stops matching
        Path(path).write_bytes(b"".join(lines[:2]))
        return original(path, events, 2, extra)

    monkeypatch.setattr(corrupt_files, "resume_record", truncating)
    with pytest.raises(Fault, match="line 3 of the saved game's record was cut"):
        READERS["record"](sample, damaged, tmp_path)


# ------------------------------------------------------------- the record file
def _resume(sample: Sample, path: Path, data: bytes) -> tuple[str | None, list[Path]]:
    path.write_bytes(data)
    writer = resume_record(path, sample.events, sample.record_lines, sample.extra)
    writer.close()
    assert path.read_bytes() == "".join(record_lines_of(sample.events, sample.extra)).encode()
    return writer.notice, sorted(each for each in path.parent.iterdir() if each != path)


def test_a_changed_early_line_keeps_the_record_aside(samples: dict[str, Sample], tmp_path: Path) -> None:
    sample = samples["record"]
    damaged = sample.data.replace(b'"dealer":3', b'"dealer":4', 1)
    notice, others = _resume(sample, tmp_path / "game.jsonl", damaged)
    assert len(others) == 1 and others[0].name.startswith("game.unmatched-") and others[0].suffix == ".jsonl"
    assert others[0].read_bytes() == damaged
    assert notice is not None and "\n" not in notice and others[0].name in notice and "did not match" in notice


def test_another_file_at_the_record_path_is_kept(samples: dict[str, Sample], tmp_path: Path) -> None:
    notice, others = _resume(samples["record"], tmp_path / "game.jsonl", b"my notes\nabout rook\n")
    assert [each.read_bytes() for each in others] == [b"my notes\nabout rook\n"] and notice


def test_lines_after_the_save_and_a_half_line_are_cut(samples: dict[str, Sample], tmp_path: Path) -> None:
    sample = samples["record"]
    saved = "".join(record_lines_of(sample.events, sample.extra)).encode()
    assert sample.data.startswith(saved) and len(sample.data) > len(saved)  # the sample has lines after the save
    notice, others = _resume(sample, tmp_path / "game.jsonl", sample.data + b'{"event":"pl')
    assert notice is None and others == []
    # Behind the save (the record was not flushed to disk before a crash): the rest is written.
    notice, others = _resume(sample, tmp_path / "game.jsonl", saved[: len(saved) // 2])
    assert notice is None and others == []


def test_a_line_after_the_save_that_is_not_a_record_line_is_kept(samples: dict[str, Sample], tmp_path: Path) -> None:
    sample = samples["record"]
    saved = "".join(record_lines_of(sample.events, sample.extra)).encode()
    damaged = saved + b"not a record line\n"
    notice, others = _resume(sample, tmp_path / "game.jsonl", damaged)
    assert notice and [each.read_bytes() for each in others] == [damaged]


def test_two_unmatched_records_in_one_second_keep_both(samples: dict[str, Sample], tmp_path: Path) -> None:
    sample = samples["record"]
    _resume(sample, tmp_path / "game.jsonl", b"first\n")
    _, others = _resume(sample, tmp_path / "game.jsonl", b"second\n")
    assert sorted(each.read_bytes() for each in others) == [b"first\n", b"second\n"]


# ------------------------------------------------------- through the program
def run(args: list[str], text: str, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ,
        ROOK_ACCESS_CONFIG_DIR=str(home / "config"),
        ROOK_ACCESS_DATA_DIR=str(home / "data"),
        PYTHONIOENCODING="utf-8",
        PYTHONPATH=str(REPOSITORY),
    )
    env.pop("ROOK_ACCESS_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "rook_access", *args], input=text, capture_output=True, text=True, env=env, timeout=60
    )


def _clean(done: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in done.stdout + done.stderr
    assert "internal error" not in done.stdout + done.stderr
    for line in (done.stdout + done.stderr).splitlines():
        assert line.isprintable(), line


def _three_damaged(data: bytes) -> list[bytes]:
    """A copy cut in the middle, one with a byte changed, and an empty one."""
    middle = len(data) // 2
    return [data[:middle], data[:middle] + bytes([data[middle] ^ 0x5A]) + data[middle + 1 :], b""]


def test_the_program_refuses_a_damaged_save_and_keeps_its_bytes(samples: dict[str, Sample], tmp_path: Path) -> None:
    for number, damaged in enumerate(_three_damaged(samples["save"].data)):
        home = tmp_path / str(number)
        (home / "data").mkdir(parents=True)
        (home / "data" / "current-game.json").write_bytes(damaged)
        done = run(["--resume", "--seed", "2"], "quit\n", home)
        _clean(done)
        assert done.returncode == 0
        assert "cannot be read" in done.stdout and "It is kept." in done.stdout
        # The damaged bytes are still in the data folder (at their place, or beside it).
        kept = [each.read_bytes() for each in (home / "data").iterdir() if each.is_file()]
        assert damaged in kept


def test_the_program_plays_on_with_damaged_settings_and_leaves_the_file(
    samples: dict[str, Sample], tmp_path: Path
) -> None:
    for number, damaged in enumerate(_three_damaged(samples["settings"].data)):
        home = tmp_path / str(number)
        (home / "config").mkdir(parents=True)
        (home / "config" / "settings.toml").write_bytes(damaged)
        done = run(["--seed", "2", "--output", "plain"], "quit\n", home)
        _clean(done)
        assert done.returncode == 0 and "Goodbye" in done.stdout
        assert (home / "config" / "settings.toml").read_bytes() == damaged
        # Changing a setting writes the file again: a damaged one is kept beside it, byte for byte.
        done = run(["--seed", "2", "--output", "plain"], "settings verbosity terse\nquit\n", home)
        _clean(done)
        assert "Verbosity is now terse, saved." in done.stdout
        kept = {each.name: each.read_bytes() for each in (home / "config").iterdir()}
        if "settings file" in done.stdout:  # it did not load cleanly
            assert damaged in kept.values() and len(kept) == 2
        assert load_settings(home / "config" / "settings.toml")[0].verbosity == "terse"


def test_the_program_refuses_a_damaged_deal_in_one_line(samples: dict[str, Sample], tmp_path: Path) -> None:
    for number, damaged in enumerate(_three_damaged(samples["deal"].data)):
        deal = tmp_path / f"deal{number}.json"
        deal.write_bytes(damaged)
        done = run(["--deal", str(deal), "--seed", "2"], "quit\n", tmp_path / str(number))
        _clean(done)
        assert done.returncode == 2 and done.stdout == ""
        assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("rook-access: ")
        assert deal.read_bytes() == damaged


def test_the_program_resumes_with_a_damaged_record_and_keeps_it(tmp_path: Path) -> None:
    home = tmp_path / "home"
    record = tmp_path / "game.jsonl"
    first = run(["--seed", "5", "--record", str(record), "--output", "plain"], "pass\n", home)
    _clean(first)
    assert "Game saved" in first.stdout
    whole = record.read_bytes()
    lines = whole.splitlines(keepends=True)
    damaged = lines[0] + lines[1].replace(b'"hand":1', b'"hand":7') + b"".join(lines[2:])
    record.write_bytes(damaged)
    done = run(["--resume", "--output", "plain"], "quit\n", home)
    _clean(done)
    assert done.returncode == 0 and "did not match the saved game" in done.stdout
    aside = [each for each in tmp_path.iterdir() if each.name.startswith("game.unmatched-")]
    assert [each.read_bytes() for each in aside] == [damaged]
    assert record.read_bytes() == whole
    assert json.loads(lines[0])["event"] == "game_start"


# ----------------------------------------------------------- the settings file
def test_writing_settings_over_a_damaged_file_keeps_it_aside(samples: dict[str, Sample], tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    damaged = samples["settings"].data.replace(b"=", b"", 1)
    path.write_bytes(damaged)
    assert load_settings(path) == (Settings(), f"The settings file {path} could not be read; using the defaults.")
    save_settings(path, Settings(verbosity="terse"))
    aside = [each for each in tmp_path.iterdir() if each != path]
    assert len(aside) == 1 and aside[0].name.startswith("settings.damaged-") and aside[0].read_bytes() == damaged
    assert load_settings(path) == (Settings(verbosity="terse"), None)
    # A file that loads cleanly is simply replaced.
    save_settings(path, Settings(verbosity="braille"))
    assert len(list(tmp_path.iterdir())) == 2 and load_settings(path) == (Settings(verbosity="braille"), None)


def test_writing_settings_over_bad_values_keeps_them_aside(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('verbosity = "loud"\nrate = 200\n')
    settings, notice = load_settings(path)
    assert settings == Settings(rate=200) and notice == (
        f"Ignored bad settings in {path}: verbosity. verbosity can be terse, normal, verbose or braille, not loud."
    )
    save_settings(path, settings)
    assert [each.read_text() for each in tmp_path.iterdir() if each != path] == ['verbosity = "loud"\nrate = 200\n']
