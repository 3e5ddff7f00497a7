"""The last look: at a terminal, a finished game waits for Enter and answers review commands about it meanwhile;
scripted input ends with the game, as it always has."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rook_access.console.session import (
    GAME_ENDED,
    GAMES_KEPT,
    LAST_GOODBYE,
    LAST_LOOK,
    LAST_LOOK_NEW,
    NEW_GAME_KEPT,
    NEW_GAME_NOW,
    NEW_NOT_HERE,
    NEW_OR_LEAVE,
    ConsoleGame,
    SettingsControl,
)
from rook_access.engine import PARTNERSHIP, Deal, GameState
from rook_access.players import BasicPlayer
from rook_access.settings import Settings
from tests.helpers.console import FIXED_DEAL, ListChannel, ScriptedLines, basic_moves


def one_hand_played(after: list[str], interactive: bool = True) -> tuple[ListChannel, ScriptedLines, GameState, int]:
    """South at the keyboard plays a one-hand game as the basic player would, then types ``after``."""
    rules = PARTNERSHIP.replace(hands_limit=1)
    state = GameState(rules, seed=5, first_deal=Deal.from_json(FIXED_DEAL, rules))
    moves, shadow = basic_moves(FIXED_DEAL, 5)
    typed = [str(action) for view, action in moves if view.seat == 0]
    source = ScriptedLines([*typed, *after])
    if interactive:
        source.interactive = True  # type: ignore[attr-defined]
    channel = ListChannel()
    control = SettingsControl(Settings(), Settings(pacing="delay", delay=0), lambda _: None)
    players = [None, BasicPlayer(1), BasicPlayer(2), BasicPlayer(3)]
    status = ConsoleGame(state, players, source, channel, settings=control).run()
    assert state.is_over and state.events == shadow.events
    return channel, source, state, status


def test_a_finished_game_at_a_terminal_waits_for_enter_and_answers_review_meanwhile():
    channel, source, _, status = one_hand_played(["review", "why north", ""])
    assert status == 0 and channel.lines[-1] == LAST_GOODBYE
    over = next(index for index, line in enumerate(channel.lines) if line.startswith("Game over."))
    after = channel.lines[over + 1 :]
    assert source.questions[-3:] == [LAST_LOOK] * 3  # asked again after each answer, until Enter
    assert any(line.startswith("Hand 1") for line in after), after  # review's answer
    assert any(line.startswith("North ") for line in after), after  # why's
    assert source.lines == []


def test_a_move_typed_after_the_end_is_refused_and_quit_leaves_without_a_word_of_saving():
    channel, source, state, _ = one_hand_played(["14r", "quit"])
    events = len(state.events)
    assert GAME_ENDED in channel.lines
    assert channel.lines[-1] == "Goodbye."  # the game is over: nothing to save or resume
    assert not any("resume" in line for line in channel.lines)
    assert len(state.events) == events and source.questions[-2:] == [LAST_LOOK, LAST_LOOK]


def test_hint_turn_and_legal_say_the_game_is_over():
    channel, _, _, _ = one_hand_played(["hint", "turn", "legal", ""])
    over = next(index for index, line in enumerate(channel.lines) if line.startswith("Game over."))
    assert channel.lines[over + 1 :] == [GAME_ENDED, GAME_ENDED, GAME_ENDED, LAST_GOODBYE]


def test_end_of_input_at_the_last_look_leaves():
    _, source, _, status = one_hand_played([])
    assert status == 0 and source.questions[-1] == LAST_LOOK


def test_scripted_input_ends_with_the_game_and_never_waits():
    channel, source, _, status = one_hand_played(["review"], interactive=False)
    assert status == 0
    assert LAST_LOOK not in source.questions
    assert source.lines == ["review"]  # nothing read after the end
    assert channel.lines[-1].startswith("Game over.")


def test_new_at_the_last_look_asks_for_another_game_and_says_no_goodbye():
    """Where the program can start another game, the last look offers it; new asks for it, and the game ends
    without a goodbye (the next game's lines come next)."""
    rules = PARTNERSHIP.replace(hands_limit=1)
    state = GameState(rules, seed=5, first_deal=Deal.from_json(FIXED_DEAL, rules))
    moves, _ = basic_moves(FIXED_DEAL, 5)
    source = ScriptedLines([*(str(action) for view, action in moves if view.seat == 0), "score", "New game."])
    source.interactive = True  # type: ignore[attr-defined]
    channel = ListChannel()
    control = SettingsControl(Settings(), Settings(pacing="delay", delay=0), lambda _: None)
    game = ConsoleGame(state, [None, BasicPlayer(1), BasicPlayer(2), BasicPlayer(3)], source, channel,
                       settings=control)
    game.offers_new_game = True
    assert game.run() == 0
    assert game.new_game_asked and source.lines == []
    assert source.questions[-2:] == [LAST_LOOK_NEW, LAST_LOOK_NEW]  # asked again after score's answer
    assert channel.lines[-1].startswith("Score: ") and LAST_GOODBYE not in channel.lines


def solitaire_typed(lines: list[str], offers: bool = True, saver: Any = None
                    ) -> tuple[ConsoleGame, ScriptedLines, ListChannel]:
    """A game of Rook Solitaire (seed 3) at a terminal where ``lines`` are typed, played to the end of them; the
    game offers another (``new``) if ``offers``."""
    from rook_access.engine.solitaire import SolitaireState

    source = ScriptedLines(lines)
    source.interactive = True  # type: ignore[attr-defined]
    channel = ListChannel()
    control = SettingsControl(Settings(), Settings(pacing="delay", delay=0), lambda _: None)
    game = ConsoleGame(SolitaireState.from_seed(3), [None], source, channel, settings=control, saver=saver)
    game.offers_new_game = offers
    assert game.run() == 0
    return game, source, channel


def _solitaire_resigned(after: list[str], offers: bool) -> tuple[ConsoleGame, ScriptedLines, ListChannel]:
    game, source, channel = solitaire_typed(["resign", "yes", *after], offers)
    assert game.state.is_over
    return game, source, channel


def test_a_game_without_review_waits_at_its_end_only_to_offer_another():
    game, source, channel = _solitaire_resigned([""], offers=True)
    assert source.questions[-1] == NEW_OR_LEAVE and not game.new_game_asked
    assert channel.lines[-1] == LAST_GOODBYE
    game, source, channel = _solitaire_resigned(["play again"], offers=True)
    assert game.new_game_asked and LAST_GOODBYE not in channel.lines
    game, source, channel = _solitaire_resigned(["new"], offers=False)  # nothing asked: goodbye at once
    assert NEW_OR_LEAVE not in source.questions and source.lines == ["new"]
    assert channel.lines[-1] == LAST_GOODBYE and not game.new_game_asked


def test_new_where_no_other_game_is_offered_says_how_to_start_one():
    channel, source, _, _ = one_hand_played(["new", ""])
    assert source.questions[-2:] == [LAST_LOOK, LAST_LOOK]
    assert NEW_NOT_HERE in channel.lines, channel.lines[-4:]
    assert channel.lines[-1] == LAST_GOODBYE


def test_new_in_a_game_under_way_asks_first_then_leaves_it_kept_for_another():
    class Saver:  # a game kept: every move saved
        def save(self, *arguments, **keywords):
            pass

    game, source, channel = solitaire_typed(["new", "no", "New", "yes"], saver=Saver())
    assert not game.state.is_over and game.new_game_asked
    assert NEW_GAME_NOW.prompt in source.questions and source.lines == []
    assert "Going on." in channel.lines  # no: the game went on, and was asked again at the next new
    assert channel.lines[-1] == NEW_GAME_KEPT


def test_new_in_a_game_under_way_and_quit_at_its_question_leaves_with_the_goodbye():
    game, _, channel = solitaire_typed(["new", "quit"])
    assert not game.new_game_asked
    assert channel.lines[-1] == "Goodbye."


def program_at_a_terminal(monkeypatch: Any, tmp_path: Path, lines: list[str]) -> tuple[ListChannel, ScriptedLines]:
    """``cli.main`` will run as at a terminal where ``lines`` are typed, its settings and saves in ``tmp_path``:
    the channel it says its lines to, and the lines."""
    from rook_access.console import cli

    monkeypatch.setenv("ROOK_ACCESS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("ROOK_ACCESS_DATA_DIR", str(tmp_path / "data"))
    channel = ListChannel()
    channel.close = lambda: None  # type: ignore[attr-defined]
    source = ScriptedLines(lines)
    source.interactive = True  # type: ignore[attr-defined]
    monkeypatch.setattr(cli, "open_output", lambda settings, notice: channel)
    monkeypatch.setattr(cli, "standard_input_lines", lambda ask, ask_aloud: source)
    monkeypatch.setattr(cli, "screen_reader_running", lambda: True)
    return channel, source


def test_rook_access_plays_another_game_when_asked_at_the_end(monkeypatch, capsys, tmp_path):
    """The program itself: new at the end of a game starts another of the same kind, its --seed moved on by one
    (each game differs, and the run can be played again exactly); Enter at the second game's end leaves."""
    from rook_access.console import cli

    channel, source = program_at_a_terminal(monkeypatch, tmp_path, ["resign", "yes", "new", "resign", "yes", ""])
    assert cli.main(["--variant", "solitaire", "--seed", "3"]) == 0
    said = list(channel.lines)
    assert said.count("You resigned. You built 1 card.") == 1  # seed 3's game: one card built
    firsts = [line for line in said if line.startswith("Rook Solitaire: ")]
    assert len(firsts) == 2 and said[-1] == LAST_GOODBYE
    assert source.questions.count(NEW_OR_LEAVE) == 2 and source.lines == []
    second = said[said.index(firsts[1], said.index(firsts[0]) + 1):]
    assert not list((tmp_path / "data" / "saves").glob("*.json"))  # both games over: no save left
    alone, _ = program_at_a_terminal(monkeypatch, tmp_path, ["resign", "yes", ""])
    assert cli.main(["--variant", "solitaire", "--seed", "4"]) == 0
    assert alone.lines[:len(second) - 3] == second[:-3]  # the second game was --seed 4's; its end differs
    assert alone.lines[:18] != said[:18]  # and not the first's again


def test_with_a_record_file_no_other_game_is_offered(monkeypatch, capsys, tmp_path):
    """A second game would write over the record of the first: the end says goodbye as before."""
    from rook_access.console import cli

    channel, source = program_at_a_terminal(monkeypatch, tmp_path, ["resign", "yes", "new"])
    record = tmp_path / "game.jsonl"
    assert cli.main(["--variant", "solitaire", "--seed", "3", "--record", str(record)]) == 0
    assert NEW_OR_LEAVE not in source.questions and source.lines == ["new"]
    assert channel.lines[-1] == LAST_GOODBYE and record.read_text(encoding="utf-8")


def test_rook_access_leaves_a_game_under_way_for_another_at_new_and_keeps_its_save(monkeypatch, capsys, tmp_path):
    from rook_access.console import cli

    channel, source = program_at_a_terminal(monkeypatch, tmp_path, ["new", "yes", "resign", "yes", ""])
    assert cli.main(["--variant", "solitaire", "--seed", "3"]) == 0
    said = channel.lines
    assert NEW_GAME_KEPT in said and said.count(said[0]) == 2  # the game's first line, for each game
    assert said[-1] == LAST_GOODBYE and source.lines == []
    assert len(list((tmp_path / "data" / "saves").glob("*.json"))) == 1  # the first game, kept to resume


def test_games_at_the_end_lists_the_games_and_starts_the_one_chosen(monkeypatch, capsys, tmp_path):
    """games at the end of a game: the list of the first start, by the game's output channel (a voice says it
    too), and the game chosen there starts; it is kept as the game to play, as at the first start."""
    from rook_access.console import cli
    from rook_access.settings import load_settings

    channel, source = program_at_a_terminal(monkeypatch, tmp_path, ["resign", "yes", "games", "match"])
    assert cli.main(["--variant", "solitaire", "--seed", "3"]) == 0
    said = channel.lines
    listed = said.index("Which game? The games of the Rook rule books:")
    assert said[listed - 1] == "You resigned. You built 1 card." and not said[listed - 1].startswith("Goodbye")
    assert any(line.startswith("17. match: ") for line in said[listed:])
    assert not any(line.startswith("To change the game later") for line in said)  # games was just typed
    assert any(line.startswith("Match, 4 players") for line in said[listed:])  # the game chosen began
    assert source.questions.count(NEW_OR_LEAVE) == 1 and source.lines == []
    assert load_settings(tmp_path / "config" / "settings.toml")[0].variant == "match"


def test_games_in_a_game_under_way_asks_first_keeps_it_and_leaving_the_list_says_goodbye(monkeypatch, capsys,
                                                                                         tmp_path):
    from rook_access.console import cli

    channel, source = program_at_a_terminal(monkeypatch, tmp_path, ["games", "no", "games", "yes", "quit"])
    assert cli.main(["--variant", "solitaire", "--seed", "3"]) == 0
    said = channel.lines
    assert source.questions.count(NEW_GAME_NOW.prompt) == 2 and "Going on." in said
    kept = said.index(GAMES_KEPT)
    assert said[kept + 1] == "Which game? The games of the Rook rule books:"
    assert said[-1] == "Goodbye. Saved games are kept." and source.lines == []
    assert len(list((tmp_path / "data" / "saves").glob("*.json"))) == 1  # the game left, kept to resume


def test_games_with_a_record_file_says_no_other_game_starts_here(monkeypatch, capsys, tmp_path):
    from rook_access.console import cli

    channel, source = program_at_a_terminal(monkeypatch, tmp_path, ["games", "resign", "yes"])
    assert cli.main(["--variant", "solitaire", "--seed", "3", "--record", str(tmp_path / "game.jsonl")]) == 0
    assert NEW_NOT_HERE in channel.lines and "Which game? The games of the Rook rule books:" not in channel.lines
    assert source.lines == []


def test_resign_at_a_terminal_asks_first_and_no_goes_on_with_the_game():
    """A move that cannot be taken back is asked first at a terminal: a slip of the keys loses nothing."""
    game, source, channel = solitaire_typed(["resign", "no", "rs", "yes", ""])
    question = "Give this game up? It counts as played, not won. Type yes or no."
    assert source.questions.count(question) == 2
    went_on = channel.lines.index("Going on.")
    assert not any(line.startswith("You resigned") for line in channel.lines[:went_on])
    assert game.state.is_over and any(line.startswith("You resigned") for line in channel.lines[went_on:])


def test_resign_at_a_terminal_and_quit_at_its_question_leaves_as_quit_does():
    game, _, channel = solitaire_typed(["resign", "quit"])
    assert not game.state.is_over and channel.lines[-1] == "Goodbye."


def test_games_at_the_end_starts_a_party_chosen_from_the_list(monkeypatch, capsys, tmp_path):
    """The list's party is of Dixie Rook, as the list says, whatever game --variant chose for the first game."""
    from rook_access.console import cli

    channel, source = program_at_a_terminal(monkeypatch, tmp_path, ["resign", "yes", "games", "party", "2"])
    assert cli.main(["--variant", "solitaire", "--seed", "3"]) == 0
    said = channel.lines[channel.lines.index("Which game? The games of the Rook rule books:"):]
    assert "A progressive party of Dixie Rook: 2 tables of four, 4 rounds of 4 hands." in said
    assert len(list((tmp_path / "data" / "saves").glob("*.json"))) == 1  # the party, saved at the end of input


def test_a_table_size_flag_of_the_first_game_is_left_out_of_another_game_chosen_from_the_list(monkeypatch, capsys,
                                                                                              tmp_path):
    from rook_access.console import cli

    channel, source = program_at_a_terminal(monkeypatch, tmp_path, ["games", "yes", "solitaire"])
    assert cli.main(["--variant", "match", "--players", "3", "--seed", "3"]) == 0
    said = channel.lines
    assert said[0].startswith("Match, 3 players")
    notice = "--players is left out: Rook Solitaire has no players to choose."
    assert notice in capsys.readouterr().out.splitlines()
    assert any(line.startswith("Rook Solitaire: ") for line in said)


def test_a_table_size_flag_is_left_out_of_the_next_game_when_settings_chose_another(monkeypatch, capsys, tmp_path):
    from rook_access.console import cli

    channel, _ = program_at_a_terminal(monkeypatch, tmp_path, ["settings variant solitaire", "new", "yes"])
    assert cli.main(["--variant", "match", "--players", "3", "--seed", "3"]) == 0
    assert "--players is left out: Rook Solitaire has no players to choose." in capsys.readouterr().out.splitlines()
    assert any(line.startswith("Rook Solitaire: ") for line in channel.lines)
