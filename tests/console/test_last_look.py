"""The last look: at a terminal, a finished game waits for Enter and answers review commands about it meanwhile;
scripted input ends with the game, as it always has."""

from __future__ import annotations

from rook_access.console.session import GAME_ENDED, LAST_GOODBYE, LAST_LOOK, ConsoleGame, SettingsControl
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
