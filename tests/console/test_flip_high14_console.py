"""Flip and High 14 at the command line: the table size, a flag the game does not take, the games' list.

A table size the game does not allow, or an option it does not have, is
one line naming what is allowed, and no game is started or saved.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from rook_access.console import cli
from rook_access.engine.games import GAMES


def rook(home: Path, args: list[str], text: str = "") -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, ROOK_ACCESS_CONFIG_DIR=str(home / "config"), ROOK_ACCESS_DATA_DIR=str(home / "data"),
               PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "rook_access", *args, "--output", "plain"], input=text,
                          capture_output=True, text=True, env=env, timeout=120)


def test_a_table_size_the_game_does_not_allow_is_one_line_and_no_game(tmp_path):
    for variant, players, allowed in (("flip", 8, "3 to 7"), ("high-14", 7, "3 to 6"), ("high-14", 8, "3 to 6")):
        done = rook(tmp_path, ["--variant", variant, "--players", str(players)])
        assert done.returncode == 2 and done.stdout == ""
        title = "Flip (Golden Ten)" if variant == "flip" else "High 14"
        assert done.stderr == f"rook-access: {title} is for {allowed} players, not {players}.\n"
    done = rook(tmp_path, ["--variant", "flip", "--players", "2"])
    assert done.returncode == 2 and done.stderr == "rook-access: Flip (Golden Ten) is for 3 to 7 players, not 2.\n"
    assert not (tmp_path / "data" / "saves").exists() or not any((tmp_path / "data" / "saves").iterdir())


def test_an_option_the_game_does_not_have_is_left_out_in_one_line_naming_its_options(tmp_path):
    done = rook(tmp_path, ["--variant", "flip", "--bird-rank", "low", "--players", "5", "--seats",
                           "computer,computer,computer,computer,computer", "--level", "easy", "--hands", "1",
                           "--seed", "2"])
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == ("--bird-rank does not apply to Flip (Golden Ten); it is left out. "
                        "Its table options: --hands, --players.")
    assert lines[1] == "Rook: Flip (Golden Ten), 5 players, 1 hand."
    done = rook(tmp_path, ["--variant", "partnership", "--players", "5"], "quit\n")
    assert done.returncode == 2 and done.stderr == (
        "rook-access: The Original Rook Partnership Game is for 4 players only: --players is for a game of several "
        "table sizes.\n")


def test_seats_that_do_not_match_the_players_are_refused(tmp_path):
    done = rook(tmp_path, ["--variant", "high-14", "--players", "5", "--seats", "human,computer,computer"])
    assert done.returncode == 2
    assert done.stderr == "rook-access: High 14 needs 5 seats, each human or computer (--players sets how many play).\n"


def test_the_games_are_listed_with_their_table_sizes():
    lines = cli.variant_lines()
    names = list(GAMES)
    flip = lines[names.index("flip")]
    assert flip.endswith("flip: Flip (Golden Ten): 3 to 7 players (--players, default 4), partners at 4, no trump, "
                         "avoid taking red cards, 6 deals, the lowest wins.")
    high = lines[names.index("high-14")]
    assert high.endswith("high-14: High 14 (1913): 3 to 6 players (--players, default 4), partners at 4, trump cut "
                         "from the pack, a 14 at any time, 5 a trick, to 250.")


def test_the_bird_in_a_game_without_it_is_refused_naming_the_cards_that_may_be_played(tmp_path):
    done = rook(tmp_path, ["--variant", "flip", "--players", "3", "--seed", "5", "--level", "easy"],
                "rook\nplay banana\nquit\n")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    asked = next(line for line in lines if line.startswith("Your lead, "))
    cards = asked.split(": ", 1)[1].rstrip(".")
    assert f"Flip (Golden Ten) is played without the Bird. You can play: {cards}." in lines
    assert not any(line.startswith("You do not hold rook") for line in lines)
    assert "banana is not a card. Cards are a number and a color letter, like 14r, 5x, 10y, 7g." in lines


def test_flip_has_no_trump_so_help_does_not_offer_the_trump_command(tmp_path):
    done = rook(tmp_path, ["--variant", "flip", "--players", "3", "--seed", "5", "--level", "easy"],
                "help\ntrump\nquit\n")
    lines = done.stdout.splitlines()
    said = next(line for line in lines if line.startswith("To hear the game: "))
    assert "trump" not in said.split(": ", 1)[1] and "hand" in said
    assert "There is no trump in this game." in lines  # typed all the same, it says so
    high = rook(tmp_path, ["--variant", "high-14", "--players", "3", "--seed", "5", "--level", "easy"], "help\nquit\n")
    said = next(line for line in high.stdout.splitlines() if line.startswith("To hear the game: "))
    assert "trump" in said.split(": ", 1)[1].split(", ")  # High 14's trump is cut from the pack


def test_a_long_hand_the_user_leads_first_is_said_in_color_groups_before_the_question(tmp_path):
    """Before, the lead's question alone listed the 18 cards, in one run, when the user led the first trick."""
    done = rook(tmp_path, ["--variant", "flip", "--players", "3", "--seed", "5"], "quit\n")
    out = done.stdout.splitlines()
    asked = next(index for index, line in enumerate(out) if line.startswith("Your lead, 18 cards: "))
    assert out[asked - 1].startswith("Your hand, 18 cards. Red, 4 cards: "), out[: asked + 1]
