"""Questions asked outside the game's moves: help, quit, settings and the end of input at every one."""

from __future__ import annotations

from rook_access.console.questions import Question, ask, yes_or_no
from rook_access.console.session import SETTINGS_HEADING, SettingsControl
from rook_access.settings import Settings
from tests.helpers.console import ListChannel, ScriptedLines

RESUME = Question(
    "Resume the saved game? Type yes or no.",
    yes_or_no,
    allowed="Type yes or no.",
    help=("Yes goes on with the saved game; no starts a new one.",),
)


def asked(lines: list[str], question: Question = RESUME, control: SettingsControl | None = None):
    control = control or SettingsControl(Settings(), Settings(), lambda _: None)
    source = ScriptedLines(lines)
    said: list[str] = []
    answer = ask(question, source, said.append, control.command)
    return answer, said, source


def test_an_answer_is_taken_and_anything_else_is_refused_in_one_line_naming_what_is_allowed():
    answer, said, source = asked(["yse", "", "maybe so", "Y."])
    assert answer is True
    assert said == [
        "yse is not an answer here. Type yes or no.",
        "Type yes or no.",
        "maybe so is not an answer here. Type yes or no.",
    ]
    assert len(source.questions) == 4
    assert asked(["no"])[0] is False


def test_quit_q_exit_and_the_end_of_input_leave():
    for line in ("quit", "q", "EXIT", "Quit."):
        answer, said, source = asked([line, "yes"])
        assert answer is None and said == [] and source.lines == ["yes"]
    answer, said, _ = asked([])
    assert answer is None and said == []


def test_help_says_the_answers_and_the_common_words():
    """The question's own help, then the words every question takes (not the refusal's line again)."""
    answer, said, _ = asked(["help", "yes"])
    assert answer is True
    assert said == [
        "Yes goes on with the saved game; no starts a new one.",
        "Also: settings, or quit to leave.",
    ]
    assert asked(["?", "n"])[1][-1] == "Also: settings, or quit to leave."


def test_settings_shows_and_changes_through_the_game_s_own_settings_command():
    saved: list[Settings] = []
    changed: list[str] = []
    control = SettingsControl(Settings(), Settings(), saved.append)
    control.on_change = changed.append
    answer, said, _ = asked(["settings", "settings output voice", "set pacing slow", "yes"], control=control)
    assert answer is True
    assert said[0] == SETTINGS_HEADING and said[1].startswith("speech: verbosity normal, ")
    assert "Output is now voice, saved." in said
    assert "pacing can be enter or delay, not slow." in said
    assert control.effective.output == "voice" and saved == [Settings(output="voice")]
    assert changed == ["output"]


def test_a_line_the_question_takes_as_an_answer_comes_before_the_common_words():
    letters = Question("Pick a letter: q or r.", lambda text: text if text in ("q", "r") else None, allowed="q or r.")
    assert asked(["q"], letters)[0] == "q"


def test_the_quit_confirmation_of_an_unsaved_game_asks_again_and_leaves_on_ctrl_d():
    from rook_access.console.session import ConsoleGame
    from rook_access.engine import PARTNERSHIP, Deal, GameState
    from tests.helpers.console import FIXED_DEAL

    def run(lines: list[str]) -> tuple[list[str], list[str], int]:
        state = GameState(PARTNERSHIP, seed=2, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
        source = ScriptedLines(lines)
        channel = ListChannel()
        status = ConsoleGame(state, [None, None, None, None], source, channel).run()
        return channel.lines, source.questions, status

    output, questions, status = run(["quit", "perhaps", "no", "quit", "help", "yes", "pass"])
    assert status == 0
    assert "perhaps is not an answer here. Type yes to leave or no to go on." in output
    assert "Going on." in output
    assert "Saving failed, so a game left now cannot be resumed." in output
    assert output[-1] == "Goodbye."
    assert questions.count("Leave the game? It is not saved. Type yes to leave or no to go on.") == 4
    output, _, _ = run(["quit"])
    assert output[-1] == "Goodbye."


def test_a_name_close_to_an_answer_is_offered_after_the_refusal():
    games = ("partnership", "kentucky", "two")
    question = Question("Which game?", lambda text: text if text in games else None, allowed="Type a game's name.",
                        refusal="{answer} is not a game here.", suggest=games)
    answer, said, _ = asked(["kentuky", "zzz", "kentucky"], question)
    assert answer == "kentucky"
    assert said == [
        "kentuky is not a game here. Did you mean kentucky? Type yes if so.",
        "zzz is not a game here. Type a game's name.",
    ]
