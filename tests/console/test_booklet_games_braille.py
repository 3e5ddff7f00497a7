"""The booklet's party games with the braille verbosity: `rules` and `help`, like every other line, within 40
cells (a long rule is cut at blanks into lines of its own)."""

from __future__ import annotations

import pytest

from tests.helpers.console import run_main as rook


@pytest.mark.parametrize("variant", ["match", "donkey", "panjandrum", "tuxedo", "i-doubt-it"])
def test_rules_and_help_fit_a_40_cell_display(
    variant: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--variant", variant, "--players", "3", "--seed", "1", "--verbosity", "braille"]
    status, said, err = rook(monkeypatch, capsys, args, ["rules", "help", "quit"])
    assert (status, err) == (0, "")
    assert all(len(line) <= 40 for line in said), [line for line in said if len(line) > 40]
    assert len(said) > 10
