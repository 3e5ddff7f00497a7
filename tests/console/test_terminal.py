"""The prompt_toolkit interface in a real terminal (tmux), driven as a person would."""

from __future__ import annotations

import pytest

from rook_access.engine.games import GAMES
from tests.helpers.terminal import Terminal, screen_reader_safe


@pytest.fixture
def terminal(tmp_path):
    started: list[Terminal] = []

    def start(*args: str) -> Terminal:
        term = Terminal(list(args), tmp_path)
        started.append(term)
        return term

    yield start
    for term in started:
        term.close()


def test_review_history_completion_and_ctrl_c_at_a_terminal(terminal):
    term = terminal("--seed", "7", "--hands", "1", "--level", "easy")
    term.wait_for("Your bid: 70 to 120, or pass.")
    # A review command answers at once and changes nothing.
    bids = "Bids: East pass. Nobody has bid yet."
    term.type("bids")
    term.wait_for_count(bids, 1)
    # Up recalls the last line; Enter runs it again.
    term.keys("Up")
    term.keys("Enter")
    term.wait_for_count(bids, 2)
    # Tab on an empty line says the moves; with several choices it says them on one line.
    term.keys("Tab")
    term.wait_for("Moves: 70 to 120 in fives, pass; or a command.")
    term.type("h", enter=False)
    term.keys("Tab")
    term.wait_for("Choices: hand, hint, history, help.")
    term.keys("BSpace")
    # With one choice, Tab completes it.
    term.type("hist", enter=False)
    term.keys("Tab")
    term.wait_for("Your bid: 70 to 120, or pass. history")
    term.keys("Enter")
    term.wait_for("announcements, oldest first:")
    # Ctrl-C clears the line and says how to leave; the game goes on.
    term.type("bid 9", enter=False)
    term.keys("C-c")
    term.wait_for("To leave, press Ctrl-C twice within a second, or type quit.")
    term.type("pass")
    term.wait_for("You pass.")
    # Ctrl-D leaves cleanly with status 0.
    term.wait_for("Your play")
    term.keys("C-d")
    screen = term.wait_for("EXIT=0")
    assert "End of input. Game saved. Goodbye. To go on later: rook-access --resume." in screen
    assert "Traceback" not in screen
    assert screen_reader_safe(screen)


def _menu_rows(tmp_path, width: int, args: list[str], asked: str, question: str) -> tuple[list[str], str]:
    """The rows of the game menu at a first start at a terminal ``width`` wide, between its heading and the row
    that starts with ``question`` (waited for by its end, ``asked``), and that row; the program then quits."""
    term = Terminal(["--seed", "3", "--hands", "1", *args], tmp_path, width=width, game_chosen=False)
    try:
        screen = term.wait_for(asked)
        term.type("q")
        term.wait_for("EXIT=0")
    finally:
        term.close()
    rows = screen.splitlines()
    heading = next(index for index, row in enumerate(rows) if row.endswith("The games of the Rook rule books:"))
    menu = rows[heading + 1:]
    at = next(index for index, row in enumerate(menu) if row.startswith(question))
    return menu[:at], menu[at]


def test_the_game_menu_breaks_long_lines_between_words_at_a_narrow_terminal(tmp_path):
    from rook_access.console.cli import MENU_FLAGS, online_line, party_line, variant_lines

    width = 80
    menu, _ = _menu_rows(tmp_path, width, [], "Enter plays partnership.", "Type a number")
    assert all(len(row) < width for row in menu)  # no row fills the terminal, so none was cut by it
    entries: list[str] = []
    for row in menu:  # a broken line goes on in rows indented by two spaces
        if row.startswith("  "):
            entries[-1] += " " + row.strip()
        else:
            entries.append(row)
    # Every word whole, in order; the command-line flags left out (they cannot be typed here).
    assert entries == [MENU_FLAGS.sub("", line) for line in [*variant_lines(), party_line(), online_line()]]
    assert not any("--" in entry for entry in entries)
    rook_1913 = "11. rook-1913: Rook for 3 to 8 Players (1913): 3 to 8 players, each for themselves, no nest, to 150."
    assert rook_1913 in entries
    assert len(menu) > len(entries)  # some lines were broken at this width


def test_in_braille_the_game_menu_is_fitted_to_40_cells_by_phrases_not_cut_to_the_terminal(tmp_path):
    """Rows cut to the terminal's width and then fitted to 40 cells left lines like "  300." and "and"."""
    menu, question = _menu_rows(tmp_path, 80, ["--verbosity", "braille"], "Enter: partnership.", "Game 1 to ")
    assert len(question.rstrip()) <= 40, question  # the question too: "Game 1 to 23, Enter: partnership."
    assert menu and all(len(row) <= 40 for row in menu), [row for row in menu if len(row) > 40]
    assert not [row for row in menu if row.startswith(" ")]
    assert not [row for row in menu if len(row.split()) == 1 and not row.endswith(":")], menu


def test_the_first_start_at_a_terminal_offers_the_games_and_keeps_the_choice(tmp_path):
    term = Terminal(["--seed", "3", "--hands", "1", "--level", "random"], tmp_path, game_chosen=False)
    try:
        term.wait_for("Which game? The games of the Rook rule books:")
        term.wait_for("4. three: The Game for 3 Players: 3 players, the bid winner against the other two, to 200.")
        term.type("seven")
        term.wait_for(f"seven is not a game here. Type a number from 1 to {len(GAMES) + 2}, or press Enter.")
        term.type("4")
        term.wait_for("To change the game later: settings variant NAME.")
        screen = term.wait_for("Rook: the Game for 3 Players, 1 hand.")
        # The game is named once, by the game's own first line.
        assert "Playing the Game" not in screen
    finally:
        term.close()
    assert 'variant = "three"' in (tmp_path / "config" / "settings.toml").read_text()
