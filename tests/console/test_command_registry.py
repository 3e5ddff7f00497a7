"""The command registry: each command declared once, and everything made from it agrees with it."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rook_access.console import reference
from rook_access.console.families import FAMILIES, family_of
from rook_access.console.registry import COMMON_COMMANDS, Command, markdown_table, words_of
from rook_access.console.session import ConsoleGame
from rook_access.console.tricks import TRICKS
from rook_access.engine import PARTNERSHIP, GameState
from tests.helpers import REPOSITORY
from tests.helpers.console import ListChannel, ScriptedLines


def test_the_docs_command_tables_and_the_braille_card_data_match_the_registry() -> None:
    assert reference.stale(REPOSITORY / "docs") == [], "run python -m rook_access.console.reference"


def test_a_changed_command_makes_the_docs_stale(tmp_path: Path) -> None:
    playing = (REPOSITORY / "docs" / "playing.md").read_text(encoding="utf-8")
    (tmp_path / "playing.md").write_text(playing.replace("| `hand` | `h` |", "| `hand` | `hh` |"), encoding="utf-8")
    (tmp_path / "command-card.json").write_text(reference.card_text(), encoding="utf-8")
    assert reference.stale(tmp_path) == ["playing.md"]


def test_the_table_row_of_a_command_comes_from_its_declaration() -> None:
    rows = markdown_table(TRICKS.commands)
    assert rows[:2] == ["| command | short | what it does |", "|---|---|---|"]
    assert "| `bid N` | `b`, or a number alone | Bid N points, in fives. A number alone bids too. |" in rows
    assert "| `stop` | `sh`, or F2 | Stop the program's speech now. The F2 key does it too. |" in rows


@pytest.mark.parametrize("family", FAMILIES, ids=lambda family: family.family)
def test_every_family_declares_each_word_once_and_has_every_shared_command(family) -> None:
    words = [word for spec in family.commands for word in (spec.name, *spec.aliases)]
    assert len(words) == len(set(words)), f"{family.family}: a word names two commands"
    assert {spec.name for spec in COMMON_COMMANDS} <= set(words_of(family.commands))
    for spec in family.commands:
        assert spec.help and spec.brief and len(spec.brief) <= 25, spec.name


def test_a_review_command_runs_its_declared_handler() -> None:
    state = GameState(PARTNERSHIP, seed=3)
    game = ConsoleGame(state, [None] * 4, ScriptedLines([]), ListChannel())
    hand = next(spec for spec in TRICKS.commands if spec.name == "hand")
    assert hand.handler(game, Command(hand, ())) == [game.narrator.grouped_hand_line(state.view(game.viewer()))]


def test_the_state_picks_its_family() -> None:
    assert family_of(GameState(PARTNERSHIP, seed=1)) is TRICKS
    with pytest.raises(LookupError):
        family_of(object())


def test_the_session_and_the_input_sources_probe_no_attributes() -> None:
    package = REPOSITORY / "rook_access"
    for path in ("console/session.py", "console/lines.py", "braille/display.py"):
        tree = ast.parse((package / path).read_text(encoding="utf-8"))
        probes = [
            node.func.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr")
        ]
        assert probes == [], (path, probes)


def test_braille_does_not_import_the_console() -> None:
    for path in (REPOSITORY / "rook_access" / "braille").glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert "console" not in (node.module or ""), f"{path.name} imports {node.module}"
