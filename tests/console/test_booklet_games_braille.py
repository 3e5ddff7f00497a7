"""The braille verbosity's lines within 40 cells: the booklet's party games' `rules` and `help` (a long rule is cut
at blanks into lines of its own), and every line of each game's first hand, watched."""

from __future__ import annotations

import pytest

from rook_access.engine.games import GAMES
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


def _watched(game: str) -> list[str]:
    """``rook-access`` arguments to watch ``game``'s first hand at its usual table, every seat a computer player
    (Rook Solitaire, for one player at the keyboard, quits at its first question)."""
    description = GAMES[game]
    seats = 4 if 4 in description.seat_counts else description.seat_counts[0]
    args = ["--variant", game, "--seed", "1", "--verbosity", "braille", "--level", "easy"]
    if seats > 1:
        args += ["--seats", ",".join(["computer"] * seats)]
    if "hands" in {option.name for option in description.options}:
        args += ["--hands", "1"]
    return args


@pytest.mark.parametrize("game", list(GAMES))
def test_every_line_of_every_games_first_hand_watched_fits_a_40_cell_display(
    game: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The lines of each game as it is played, not only its answers: "West plays alone; South and East are
    partners this hand." (56 cells, the Game for 3 Players), "North plays alone; South plays the dummy." (41, the
    Game for 2 Players) and Rook Solitaire's question (54) were longer."""
    status, said, err = rook(monkeypatch, capsys, _watched(game), ["quit"])
    assert (status, err) == (0, "")
    assert len(said) > 10
    assert all(len(line) <= 40 for line in said), [line for line in said if len(line) > 40]


@pytest.mark.parametrize("variant", ["rook-1913", "tuxedo"])
def test_the_new_game_question_its_help_and_its_answers_fit_a_40_cell_display(
    variant: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A playtest: "Start another game? This one is kept for rook-access --resume. Type yes or no." (79 cells),
    its help (93) and "maybe is not an answer here. Type yes for another game or no to go on with this one." (84)
    were said whole in the braille verbosity."""
    args = ["--variant", variant, "--seed", "5", "--verbosity", "braille"]
    status, said, err = rook(monkeypatch, capsys, args, ["new", "help", "maybe", "yes", "quit"])
    assert (status, err) == (0, "")
    assert all(len(line) <= 40 for line in said), [line for line in said if len(line) > 40]
    asked = said.index("Start another game? This one is kept for")
    assert said[asked + 1] == "rook-access --resume. Type yes or no."
    assert "maybe is not an answer here." in said and "A new game starts." in said


@pytest.mark.parametrize(("variant", "command", "said"), [
    ("rook-1913", "review", "review all, every one."),
    ("tuxedo", "build", "equals the sum"),
    ("solitaire", "move", "7r 8x"),
])
def test_help_for_one_command_says_all_it_does_in_lines_of_40_cells(
    variant: str, command: str, said: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A playtest: ``help review`` in the braille verbosity said only "review [all], rv: Review your last hand",
    the short form of ``help all``'s list, and never what all does."""
    args = ["--variant", variant, "--seed", "5", "--verbosity", "braille"]
    status, lines, err = rook(monkeypatch, capsys, args, [f"help {command}", "quit"])
    assert (status, err) == (0, "")
    start = next(index for index, line in enumerate(lines) if line.startswith(f"{command} "))
    answer = " ".join(lines[start : start + 6])
    assert said in answer and len(answer) > 40, lines[start : start + 6]
    assert all(len(line) <= 40 for line in lines), [line for line in lines if len(line) > 40]
