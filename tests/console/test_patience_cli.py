"""Rook Solitaire and Rook Clock from the command line: registered games, played end to end.

Each test runs ``python -m rook_access`` with piped input, its settings and
saves in the test's own folder, so resuming reads the save the game before wrote.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from rook_access.engine.patience_deck import deck_to_json, shuffled_deck

ROOT = Path(__file__).resolve().parents[2]


def rook(tmp_path: Path, args: list[str], input_text: str = "") -> subprocess.CompletedProcess[str]:
    """The program run with ``args`` and piped ``input_text``; its folders under ``tmp_path``."""
    tmp_path.mkdir(exist_ok=True)
    environment = dict(
        os.environ,
        PYTHONPATH=str(ROOT),
        PYTHONIOENCODING="utf-8",
        ROOK_ACCESS_DATA_DIR=str(tmp_path / "data"),
        ROOK_ACCESS_CONFIG_DIR=str(tmp_path / "config"),
    )
    return subprocess.run(
        [sys.executable, "-m", "rook_access", *args],
        input=input_text,
        capture_output=True,
        text=True,
        timeout=60,
        env=environment,
        cwd=tmp_path,
    )


def saved_actions(tmp_path: Path) -> list[dict]:
    (save,) = (tmp_path / "data" / "saves").glob("*.json")
    return json.loads(save.read_text(encoding="utf-8"))["actions"]


def records(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_list_variants_names_both_patience_games(tmp_path):
    result = rook(tmp_path, ["--list-variants"])
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert any(line.startswith("9. solitaire: Rook Solitaire: one player") for line in lines)
    assert any(line.startswith("10. clock: Rook Clock: one player") for line in lines)


def test_solitaire_moves_undo_quit_then_resume_goes_on_with_the_same_piles_and_record(tmp_path):
    record = tmp_path / "game.jsonl"
    first = rook(
        tmp_path,
        ["--variant", "solitaire", "--seed", "3", "--record", str(record)],
        "2 11\n14 8\nundo\nquit\n",
    )
    assert first.returncode == 0, first.stderr
    assert first.stderr == ""
    assert "Undone: move 2x to pile 8; the piles are as they were before it." in first.stdout
    assert saved_actions(tmp_path) == [
        {"seat": 0, "move": {"card": "8g", "pile": 11}},
        {"seat": 0, "move": {"card": "2x", "pile": 8}},
        {"seat": 0, "undo": True},
    ]
    lines = records(record)
    start = lines[0]
    assert (start["event"], start["variant"]) == ("game_start", "solitaire")
    assert (start["seats"], start["seed"]) == (["human"], 3)
    assert len(start["deck"]) == 56
    assert lines[1] == {"event": "card_turned", "pile": 1, "card": "3x"}
    assert {"event": "one_starts_building", "pile": 3, "card": "1r"} in lines
    assert lines[-3:] == [
        {"event": "run_moved", "source": 14, "target": 8, "cards": ["2x"], "onto": "3y"},
        {"event": "card_turned", "pile": 14, "card": "8y"},
        {"event": "move_undone", "undone": "move 2x to pile 8"},
    ]

    second = rook(tmp_path, ["--resume"], "tops\n14 8\nquit\n")
    assert second.returncode == 0, second.stderr
    assert "Resuming Rook Solitaire." in second.stdout
    assert "Tops: 1 3x, 2 2y, 3 11r, 4 9g, 5 5r, 6 13g, 7 13y, 8 3y, 9 11y, 10 10x, 11 8g, 12 7y, 13 10y, 14 2x." in (
        second.stdout
    )
    assert saved_actions(tmp_path)[-1] == {"seat": 0, "move": {"card": "2x", "pile": 8}}
    resumed = records(record)
    assert resumed[: len(lines)] == lines  # the record goes on; nothing written before is lost
    assert resumed[len(lines)] == {"event": "run_moved", "source": 14, "target": 8, "cards": ["2x"], "onto": "3y"}


def test_piped_tops_and_quit_never_waits(tmp_path):
    result = rook(tmp_path, ["--variant", "solitaire", "--seed", "3"], "tops\nquit\n")
    assert result.returncode == 0, result.stderr
    assert "Tops: 1 3x," in result.stdout


def test_the_clock_plays_itself_to_its_end_with_piped_input_and_the_save_is_gone(tmp_path):
    record = tmp_path / "clock.jsonl"
    result = rook(tmp_path, ["--variant", "clock", "--seed", "5", "--record", str(record)])
    assert result.returncode == 0, result.stderr
    assert "You lost: 1 o'clock has no card left to turn, and 15 cards stay face down." in result.stdout
    lines = records(record)
    assert lines[-1] == {"event": "clock_over", "blocked_at": 1, "came_out": False, "face_down": 15}
    assert lines[0]["event"] == "game_start" and lines[0]["variant"] == "clock" and lines[0]["seed"] == 5
    assert all(line["event"] == "card_placed" for line in lines[1:-1])
    assert len(lines) - 2 == 56 - 15
    assert not list((tmp_path / "data" / "saves").glob("*.json"))  # a finished game's save is deleted


def test_a_deal_file_fixes_the_deal_and_a_corrupt_one_gets_one_line(tmp_path):
    deal = tmp_path / "deal.json"
    deal.write_text(json.dumps(deck_to_json(shuffled_deck(3))), encoding="utf-8")
    fixed = rook(tmp_path, ["--variant", "solitaire", "--deal", str(deal)], "tops\nquit\n")
    assert "Tops: 1 3x, 2 8g, 3 11r," in fixed.stdout

    deal.write_text('["1r", "2r"]', encoding="utf-8")
    corrupt = rook(tmp_path, ["--variant", "solitaire", "--deal", str(deal)], "quit\n")
    assert corrupt.returncode == 2
    assert corrupt.stderr == "rook-access: A deal has 56 cards, not 2.\n"
    assert corrupt.stdout == ""


def test_trick_only_flags_say_they_do_not_apply_and_change_nothing(tmp_path):
    plain = rook(tmp_path / "plain", ["--variant", "solitaire", "--seed", "3"], "quit\n")
    flagged = rook(
        tmp_path / "flagged",
        ["--variant", "solitaire", "--seed", "3", "--target", "200", "--seats", "human,computer", "--level", "easy"],
        "quit\n",
    )
    assert flagged.returncode == 0, flagged.stderr
    said = flagged.stdout.splitlines()
    assert said[:3] == [
        "--target does not apply to Rook Solitaire; it is left out.",
        "--seats does not apply to Rook Solitaire: it has one seat, yours; it is left out.",
        "--level does not apply to Rook Solitaire: it has one seat, yours; it is left out.",
    ]
    assert said[3:] == plain.stdout.splitlines()
