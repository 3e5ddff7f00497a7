"""The package type-checks with mypy against the standard library of Linux,
Windows and macOS, so every ``sys.platform`` branch is checked on its own
system; the settings are in pyproject.toml's ``[tool.mypy]``."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

TOP = Path(__file__).resolve().parent.parent
PACKAGE = TOP / "rook_access"
UNTYPED_PACKAGES = {"pyttsx3", "accessible_output2", "speechd", "louis", "brlapi"}
"""Third-party modules with no type information: only these may be imported unchecked."""


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_the_package_type_checks_on(platform: str, tmp_path: Path) -> None:
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--platform", platform, "--cache-dir", str(tmp_path / "mypy-cache")],
        cwd=TOP,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, f"mypy --platform {platform}:\n{run.stdout}{run.stderr}"
    assert run.stdout.startswith("Success: no issues found"), run.stdout


def test_only_the_named_untyped_packages_are_imported_unchecked() -> None:
    settings = tomllib.loads((TOP / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert "ignore_missing_imports" not in settings
    assert settings["warn_unused_ignores"] is True
    unchecked = {
        module.removesuffix(".*")
        for override in settings["overrides"]
        if override.get("ignore_missing_imports")
        for module in override["module"]
    }
    assert unchecked == UNTYPED_PACKAGES


def test_every_type_ignore_names_its_error_and_says_why() -> None:
    ignore = re.compile(r"#\s*type:\s*ignore(?P<code>\[[\w\-, ]+\])?(?P<rest>.*)")
    unexplained = []
    for path in sorted(PACKAGE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found = ignore.search(line)
            if found and (not found["code"] or not re.match(r"\s+#\s*\S", found["rest"])):
                unexplained.append(f"{path.relative_to(TOP)}:{number}: {line.strip()}")
    assert unexplained == [], "\n".join(unexplained)


STRICT_FLAGS = {
    "disallow_any_generics", "disallow_subclassing_any", "disallow_untyped_calls", "disallow_untyped_defs",
    "disallow_incomplete_defs", "check_untyped_defs", "disallow_untyped_decorators", "warn_unused_ignores",
    "warn_return_any", "no_implicit_reexport", "strict_equality", "extra_checks",
}  # fmt: skip
"""The flags of ``mypy --strict`` that may be set for one module (the others are global)."""


def test_the_engine_and_its_protocol_are_checked_strictly() -> None:
    overrides = tomllib.loads((TOP / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]["overrides"]
    engine = [override for override in overrides if "rook_access.engine.*" in override["module"]]
    assert len(engine) == 1 and "rook_access.engine" in engine[0]["module"]
    assert {flag for flag in STRICT_FLAGS if engine[0].get(flag) is True} == STRICT_FLAGS
    assert "strict" not in engine[0]  # per module, mypy turns it on for every module (mypy issue 11401)
