"""Golden ``--record`` files: every game and table option, at fixed seeds, byte for byte.

The ``--record`` format is a public contract, and the trick-taking engine
moved behind the game protocol (issue 15) without changing what it does.
These files were made before that change, by the program as it was; each
case plays the same whole game again through the command line, with
computer players at the strong and the easy level, and compares the record
byte for byte (with ``ROOK_ACCESS_NO_DEADLINE=1``: the search stops at its
sample budget, never at the clock, so the game does not depend on the load).
A difference means the engine, the computer players or the
record format changed: if that was meant, regenerate the files with
``ROOK_ACCESS_REGENERATE_GOLDEN=1 python3 -m pytest tests/console/test_golden_records.py``
and say why in the commit.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

GOLDEN = Path(__file__).parent / "golden"
REPOSITORY = Path(__file__).resolve().parents[2]

_SEATS = {"two": 2, "three": 3, "five": 5, "six": 6}


def _computers(variant: str) -> str:
    return ",".join(["computer"] * _SEATS.get(variant, 4))


def _cases() -> dict[str, list[str]]:
    cases: dict[str, list[str]] = {}
    for variant in ("partnership", "beginner", "two", "three", "five", "six", "individual", "kentucky"):
        seats = ["--variant", variant, "--seats", _computers(variant)]
        cases[f"{variant}-strong"] = [*seats, "--seed", "11", "--hands", "1"]
        cases[f"{variant}-easy"] = [*seats, "--seed", "12", "--level", "easy"]
    four = ["--seats", _computers("partnership"), "--level", "easy"]
    cases["bird-low-easy"] = [*four, "--seed", "13", "--bird-rank", "low"]
    cases["bird-ten-and-a-half-easy"] = [*four, "--seed", "14", "--bird-rank", "ten-and-a-half"]
    cases["min-bid-target-easy"] = [*four, "--seed", "15", "--min-bid", "80", "--target", "200"]
    cases["kentucky-ones-bonus-easy"] = [
        "--variant", "kentucky", *four, "--seed", "16", "--ones", "--all-tricks-bonus", "20",
    ]  # fmt: skip
    cases["kentucky-bird-low-easy"] = ["--variant", "kentucky", *four, "--seed", "17", "--bird-rank", "low"]
    cases["individual-hands-easy"] = ["--variant", "individual", *four, "--seed", "18", "--hands", "5"]
    cases["partnership-random"] = [
        "--seats", _computers("partnership"), "--level", "random", "--seed", "19", "--hands", "3",
    ]  # fmt: skip
    cases["mixed-levels"] = [
        "--seats", _computers("partnership"), "--level", "easy,normal,random,strong", "--seed", "20", "--hands", "1",
    ]  # fmt: skip
    cases["beginner-target-easy"] = ["--variant", "beginner", *four, "--seed", "21", "--target", "60"]
    return cases


CASES = _cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_record_is_unchanged(name: str, tmp_path: Path) -> None:
    record = tmp_path / "record.jsonl"
    # The search stops at its sample budget only, so a loaded machine plays the same game.
    environment = {**os.environ, "PYTHONPATH": str(REPOSITORY), "ROOK_ACCESS_NO_DEADLINE": "1"}
    finished = subprocess.run(
        [sys.executable, "-m", "rook_access", *CASES[name], "--output", "plain", "--record", str(record)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=environment,
        cwd=tmp_path,
        timeout=300,
    )
    assert finished.returncode == 0, finished.stderr
    golden = GOLDEN / f"{name}.jsonl"
    if os.environ.get("ROOK_ACCESS_REGENERATE_GOLDEN") == "1":
        golden.write_bytes(record.read_bytes())
    assert record.read_bytes() == golden.read_bytes(), f"{name}: the record differs from {golden}"
