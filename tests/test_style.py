"""The code passes ruff with the settings in pyproject.toml's ``[tool.ruff]``, and no rule is silenced wholesale."""

from __future__ import annotations

import subprocess
import sys
import tomllib

from tests.helpers import REPOSITORY

REQUIRED_RULES = {"E", "W", "F", "I", "B", "UP"}


def test_ruff_finds_nothing_in_the_package_and_the_tests() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "rook_access", "tests"],
        cwd=REPOSITORY,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, f"ruff check:\n{run.stdout}{run.stderr}"


def test_the_rules_are_selected_and_none_is_ignored_wholesale() -> None:
    settings = tomllib.loads((REPOSITORY / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]
    assert settings["line-length"] == 120
    lint = settings["lint"]
    assert REQUIRED_RULES <= set(lint["select"])
    assert "PGH004" in lint["select"]  # a noqa comment names the codes it silences
    assert not {"ignore", "extend-ignore", "per-file-ignores", "extend-per-file-ignores"} & set(lint)
    assert not {"ignore", "extend-ignore", "per-file-ignores", "exclude", "extend-exclude"} & set(settings)
