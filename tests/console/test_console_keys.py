"""Ctrl-C, Enter on the only card, Tab's order, the first menu and bad flags, in process and through pipes."""

from __future__ import annotations

import re
import signal
from contextlib import nullcontext

import pytest

from rook_access.announcer import Verbosity, sort_hand
from rook_access.braille.translator import cell_count
from rook_access.console import cli
from rook_access.console.interrupts import CTRL_C_NOTICE, CTRL_C_NOTICE_BRAILLE, CtrlC
from rook_access.console.lines import TerminalLines
from rook_access.console.session import ConsoleGame, SettingsControl
from rook_access.engine import PARTNERSHIP, Deal, GameState, Phase, card_name
from rook_access.engine.games import UnknownGameError, find_game
from rook_access.players import BasicPlayer
from rook_access.save_files import save_paths
from rook_access.settings import Settings, settings_path
from tests.helpers.console import FIXED_DEAL, ListChannel, ScriptedLines, basic_moves, run_program


class StoppableChannel(ListChannel):
    def __init__(self) -> None:
        super().__init__()
        self.stops = 0

    def stop(self) -> None:
        self.stops += 1


class TerminalLikeLines(ScriptedLines):
    """Scripted lines that share Ctrl-C presses as TerminalLines does."""

    interactive = True

    def __init__(self, lines, clock) -> None:
        super().__init__(lines)
        self.ctrl_c = CtrlC(clock=clock)


class PressingPlayer(BasicPlayer):
    """A computer player that gets Ctrl-C (SIGINT) while it thinks, ``presses`` times on its first turn."""

    def __init__(self, seat: int, presses: int, clock: list[float]) -> None:
        super().__init__(seat)
        self.presses = presses
        self.clock = clock
        self.thought = 0

    def choose(self, view):
        self.thought += 1
        for _ in range(self.presses):
            signal.raise_signal(signal.SIGINT)
            self.clock[0] += 0.3
        self.presses = 0
        return super().choose(view)


def game_with_presses(presses: int, lines: list[str], verbosity: Verbosity | None = None):
    now = [100.0]
    state = GameState(PARTNERSHIP, seed=2, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    players = [None, PressingPlayer(1, presses, now), BasicPlayer(2), BasicPlayer(3)]
    source = TerminalLikeLines(lines, clock=lambda: now[0])
    channel = StoppableChannel()
    control = SettingsControl(Settings(), Settings(pacing="delay", delay=0), lambda _: None)
    before = signal.getsignal(signal.SIGINT)
    game = ConsoleGame(state, players, source, channel, settings=control, verbosity=verbosity)
    status = game.run()
    assert signal.getsignal(signal.SIGINT) is before  # the game's handler is gone
    return status, channel, state, players[1]


def test_one_ctrl_c_while_a_computer_thinks_stops_speech_and_play_goes_on():
    status, channel, state, player = game_with_presses(1, ["pass"])
    assert status == 0
    assert channel.stops == 1
    assert channel.lines.count(CTRL_C_NOTICE) == 1
    assert "You pass." in channel.lines  # the game went on to the next question
    assert player.thought >= 1


def test_with_the_braille_verbosity_the_ctrl_c_notice_fits_40_cells():
    _, channel, _, _ = game_with_presses(1, ["pass"], Verbosity.BRAILLE)
    assert CTRL_C_NOTICE_BRAILLE in channel.lines and CTRL_C_NOTICE not in channel.lines
    assert cell_count(CTRL_C_NOTICE_BRAILLE) <= 40


def test_two_ctrl_c_within_a_second_while_a_computer_thinks_leave_at_once():
    status, channel, state, player = game_with_presses(2, ["pass"])
    assert status == 0
    said = channel.lines
    assert said[-1] == "Goodbye."  # no saver here: quit's own last line
    after_pass = said[said.index("You pass.") + 1 :]
    assert after_pass[0] == CTRL_C_NOTICE and not any(line.startswith("West") for line in after_pass)
    assert state.phase is Phase.BIDDING and state.turn == 1  # West never bid
    assert player.thought == 1


def test_ctrl_c_presses_more_than_a_second_apart_do_not_leave():
    now = [0.0]
    presses = CtrlC(clock=lambda: now[0])
    assert presses.press() is False
    now[0] = 1.5
    assert presses.press() is False
    now[0] = 2.2
    assert presses.press() is True
    now[0] = 2.4
    assert presses.press() is False  # a pair is used up: a third press starts anew


class PromptLines(TerminalLines):
    """``TerminalLines`` with a stand-in for prompt_toolkit's prompt: the first prompt gets Ctrl-C as a key,
    and the second Ctrl-C comes as SIGINT while the notice is said, between the two prompts (the
    terminal out of the prompt's raw mode), as a loaded machine made it come."""

    def __init__(self, clock) -> None:
        self.said: list[str] = []
        self.prompts: list[str] = []
        self.ctrl_c = CtrlC(clock=clock)
        self.speak = lambda line: None
        self.stop_speech = lambda: None
        self._kept = None
        self.session = self  # the prompt below

    def say(self, line: str) -> None:
        self.said.append(line)
        if line == CTRL_C_NOTICE:
            signal.raise_signal(signal.SIGINT)  # the second press, between the prompts

    def prompt(self, question: str, default: str = "", pre_run=None) -> str:
        self.prompts.append(question)  # (pre_run, prompt_toolkit's own start, has no application to run in here)
        if len(self.prompts) == 1:
            raise KeyboardInterrupt  # the first press, a key at the prompt
        if question.startswith("Leave the game?"):
            return "yes"
        if len(self.prompts) == 2:
            return "pass"  # the next line typed, much later
        raise EOFError  # then the end of input

    def keys_held(self):
        return nullcontext()


def test_a_second_ctrl_c_between_two_prompts_leaves_at_the_next_prompt():
    """Before, the second press was kept for the game's next safe point, which the prompt's wait for a
    line held back: the program asked again and stayed."""
    state = GameState(PARTNERSHIP, seed=2, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    lines = PromptLines(clock=lambda: 100.0)  # every press within the second
    channel = ListChannel()
    before = signal.getsignal(signal.SIGINT)
    status = ConsoleGame(state, [None, BasicPlayer(1), BasicPlayer(2), BasicPlayer(3)], lines, channel).run()
    assert signal.getsignal(signal.SIGINT) is before
    assert status == 0
    assert lines.said == [CTRL_C_NOTICE]
    # No second wait for a line: quit at once, which asks first here, the game not being saved.
    assert [question.strip() for question in lines.prompts] == [
        "Your bid: 70 to 120, or pass.",
        "Leave the game? It is not saved. Type yes to leave or no to go on.",
    ]
    assert channel.lines[-1] == "Goodbye."  # quit's own last line (no saver here)
    assert "You pass." not in channel.lines and state.phase is Phase.BIDDING


class OrderedChannel(ListChannel):
    """A channel that writes what it says into ``log``, with the questions, in the order they come; the first
    time it says a trick taken, Ctrl-C is pressed (SIGINT: the game is between prompts, announcing)."""

    def __init__(self, log: list[str]) -> None:
        super().__init__()
        self.log = log
        self.pressed = False

    def say(self, message) -> None:
        super().say(message)
        self.log.append(message.compact)
        if " takes trick " in message.compact and not self.pressed:
            self.pressed = True
            signal.raise_signal(signal.SIGINT)

    def stop(self) -> None:
        pass


class EnterLines(TerminalLines):
    """``TerminalLines`` with a stand-in for prompt_toolkit's prompt, which writes each question into ``log``
    and answers it as a person would: pass, the first legal card, and Enter at the pause after a trick (an
    Enter pressed with the Ctrl-C, which waited for this prompt)."""

    def __init__(self, log: list[str]) -> None:
        self.log = log
        self.ctrl_c = CtrlC(clock=lambda: 100.0)
        self.speak = lambda line: None
        self.stop_speech = lambda: None
        self._kept = None
        self._held: list[str] = []
        self.session = self  # the prompt below

    def say(self, line: str) -> None:
        self.log.append(line)

    def prompt(self, question: str, default: str = "", pre_run=None) -> str:
        question = question.strip()
        self.log.append("> " + question)
        if question.startswith("Your bid:"):
            return "pass"
        card = re.match(r"Your (?:lead|play), [^:]*: (\S+?)[.]? ", question + " ")
        if card:
            return card.group(1)
        if question == "Press Enter to go on.":
            return ""
        raise EOFError  # the end of input, once the Enter has been taken

    def keys_held(self):
        return nullcontext()


def test_ctrl_c_pressed_with_enter_while_a_trick_is_said_is_answered_before_the_enter():
    """Ctrl-C and Enter pressed together while the game says the end of a trick: out of any prompt, Ctrl-C
    comes as SIGINT and Enter waits for the next prompt, "Press Enter to go on.".  The Ctrl-C's notice is said
    before that prompt reads the Enter.  It was put off to the game's next safe point, after the prompt: the
    answer came one prompt late, after the Enter had been taken."""
    log: list[str] = []
    state = GameState(PARTNERSHIP, seed=2, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    players = [None, BasicPlayer(1), BasicPlayer(2), BasicPlayer(3)]
    control = SettingsControl(Settings(), Settings(cards="notation", pacing="enter"), lambda _: None)
    before = signal.getsignal(signal.SIGINT)
    ConsoleGame(state, players, EnterLines(log), OrderedChannel(log), settings=control).run()
    assert signal.getsignal(signal.SIGINT) is before
    taken = next(index for index, line in enumerate(log) if " takes trick " in line)
    assert log[taken + 1 : taken + 3] == [CTRL_C_NOTICE, "> Press Enter to go on."], log[taken:]
    assert log.count(CTRL_C_NOTICE) == 1


def play_script_with_enter(verbosity: Verbosity = Verbosity.NORMAL) -> tuple[list[str], list[str], list[str], int]:
    """Four keyboard seats playing as the basic player would, Enter alone wherever one card is legal: the lines
    said, the lines typed, the questions asked and the number of Enters that played a card."""
    rules = PARTNERSHIP.replace(hands_limit=1)
    state = GameState(rules, seed=5, first_deal=Deal.from_json(FIXED_DEAL, rules))
    shadow = GameState(rules, seed=5, first_deal=Deal.from_json(FIXED_DEAL, rules))
    players = [BasicPlayer(seat) for seat in range(4)]
    lines: list[str] = []
    enters = 0
    while not shadow.is_over:
        seat = shadow.turn
        action = players[seat].choose(shadow.view(seat))
        if shadow.phase is Phase.BIDDING:
            lines.append("")  # Enter alone never bids or passes
        if shadow.phase is Phase.PLAY and len(shadow.legal_actions()) == 1:
            lines.append("")
            enters += 1
        else:
            lines.append(str(action))
        shadow.apply(action)
    channel = ListChannel()
    source = ScriptedLines(lines)
    source.interactive = True  # type: ignore[attr-defined]  # Enter is a key pressed at a terminal
    ConsoleGame(state, [None] * 4, source, channel, verbosity=verbosity).run()
    assert state.is_over and state.events == shadow.events  # Enter played what the script would have
    return channel.lines, lines, source.questions, enters


def test_enter_alone_plays_the_only_legal_card_in_card_play_only():
    said, lines, questions, enters = play_script_with_enter()
    assert enters >= 4  # at least the last trick
    assert lines.count("") > enters  # Enter in the bidding too, which did nothing
    # The question says what Enter does where one card is legal, and only there; the play's own line
    # says what was played (the question said it already: no line of its own).
    hinted = [question for question in questions if question.endswith(" Enter plays it.")]
    assert len(hinted) == enters
    assert all(", 1 legal: " in question or ", 1 card: " in question for question in hinted)
    assert "Enter plays it." not in said


def test_in_the_braille_verbosity_every_question_fits_40_cells_with_what_enter_does():
    _, _, questions, enters = play_script_with_enter(Verbosity.BRAILLE)
    assert len([question for question in questions if question.endswith(" Enter plays it.")]) == enters >= 4
    assert any(" discard: name 5 cards." in question for question in questions)
    assert max(cell_count(question) for question in questions) <= 40


def test_a_blank_line_in_scripted_input_plays_nothing_even_with_one_card_legal():
    """Scripts rely on blank lines being no-ops: only Enter at a terminal plays the only card."""
    rules = PARTNERSHIP.replace(hands_limit=1)
    state = GameState(rules, seed=5, first_deal=Deal.from_json(FIXED_DEAL, rules))
    players = [BasicPlayer(seat) for seat in range(4)]
    while not (state.phase is Phase.PLAY and state.turn == 0 and len(state.legal_actions()) == 1):
        state.apply(players[state.turn].choose(state.view(state.turn)))
    before = list(state.events)
    channel = ListChannel()
    source = ScriptedLines(["", ""])
    ConsoleGame(state, [None, *players[1:]], source, channel).run()
    assert state.events == before and "Enter plays it." not in channel.lines
    assert source.questions and not any("Enter" in question for question in source.questions)  # nor offered


class AnsweredLines(ScriptedLines):
    """Lines typed at a terminal, keeping what the game said after each blank line, with the part of the hand
    it was typed in."""

    interactive = True

    def __init__(self, lines: list[str], state: GameState, channel: ListChannel) -> None:
        super().__init__(lines)
        self.state = state
        self.channel = channel
        self.answers: list[tuple[Phase, list[str]]] = []
        self._blank: tuple[Phase, int] | None = None

    def read(self, question: str, fresh: bool = True) -> str | None:
        if self._blank is not None:
            phase, start = self._blank
            self.answers.append((phase, self.channel.lines[start:]))
            self._blank = None
        line = super().read(question, fresh)
        if line == "":
            self._blank = (self.state.phase, len(self.channel.lines))
        return line


def play_script_with_blank_lines(verbosity: Verbosity = Verbosity.NORMAL) -> tuple[AnsweredLines, GameState]:
    """Four keyboard seats playing as the basic player would, Enter alone before every move where it makes none:
    the input, with what each Enter was answered, and the game as it ended."""
    rules = PARTNERSHIP.replace(hands_limit=1)
    state = GameState(rules, seed=5, first_deal=Deal.from_json(FIXED_DEAL, rules))
    moves, shadow = basic_moves(FIXED_DEAL, 5)
    lines: list[str] = []
    for view, action in moves:
        if not (view.phase is Phase.PLAY and len(view.legal) == 1):
            lines.append("")  # Enter alone, where it plays nothing
        lines.append(str(action))
    channel = ListChannel()
    source = AnsweredLines(lines, state, channel)
    ConsoleGame(state, [None] * 4, source, channel, verbosity=verbosity).run()
    assert state.is_over and state.events == shadow.events  # the blank lines changed nothing
    return source, state


def test_enter_alone_where_it_makes_no_move_says_what_the_question_wants_in_one_line():
    """Before, Enter alone with several cards legal (or in the bidding) only asked again: nothing new was said."""
    source, _ = play_script_with_blank_lines()
    by_phase: dict[Phase, list[str]] = {}
    for phase, said in source.answers:
        assert len(said) == 1, said  # one line, and only it
        by_phase.setdefault(phase, []).append(said[0])
    assert set(by_phase) == {Phase.BIDDING, Phase.DISCARD, Phase.TRUMP, Phase.PLAY}
    assert all(line.startswith("Say bid and a number, like bid ") and line.endswith(", or pass.")
               for line in by_phase[Phase.BIDDING])  # fmt: skip
    assert [line[: line.index(" like ")] for line in by_phase[Phase.DISCARD]] == ["Say discard and 5 cards,"]
    assert by_phase[Phase.TRUMP] == ["Name trump: red, black, yellow or green (r, x, y, g)."]
    plays = by_phase[Phase.PLAY]
    assert all(line.startswith("Play which card? ") for line in plays)
    assert any(" You can play " in line and " or " in line for line in plays)  # following: the cards legal
    assert any(" Any of your " in line for line in plays)  # a lead: any card, with an example


def test_enter_alone_where_it_makes_no_move_fits_the_braille_display():
    source, _ = play_script_with_blank_lines(Verbosity.BRAILLE)
    assert source.answers and all(said for _, said in source.answers)
    assert max(cell_count(line) for _, said in source.answers for line in said) <= 40


def test_a_blank_line_in_scripted_input_is_answered_with_nothing():
    """Piped input keeps a blank line a no-op, said or done: only Enter at a terminal is answered."""
    said = []
    for typed in (["", ""], []):
        state = GameState(PARTNERSHIP, seed=2, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
        channel = ListChannel()
        ConsoleGame(state, [None, BasicPlayer(1), BasicPlayer(2), BasicPlayer(3)], ScriptedLines(typed),
                    channel).run()  # fmt: skip
        said.append(channel.lines)
    assert said[0] == said[1] and said[0][-1] == "End of input. Goodbye."


def test_tab_offers_the_moves_in_the_order_the_question_names_them():
    state = GameState(PARTNERSHIP, seed=2, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    game = ConsoleGame(state, [None] * 4, ScriptedLines([]), ListChannel())
    words = game.move_words()
    question = game.narrator.question(state.view(state.turn))
    assert "bid: 70 to 120" in question and question.endswith("or pass.")
    assert words[0] == "70" and words[-2:] == ["120", "pass"]
    players = [BasicPlayer(seat) for seat in range(4)]
    while state.phase is not Phase.PLAY or not state.trick_cards:
        seat = state.turn
        if state.phase is Phase.DISCARD:
            held = game.move_words()
            assert held[0] == "discard"
            assert held[1:] == [card_name(card) for card in sort_hand(state.hand(seat), state.trump, PARTNERSHIP)]
        state.apply(players[seat].choose(state.view(seat)))
    listed = game.narrator.question(state.view(state.turn)).split(": ", 1)[1].rstrip(".").split()
    assert game.move_words() == listed and len(listed) > 1
    assert game.completion_words()[: len(listed)] == listed


def test_tab_on_an_empty_line_says_the_moves_as_the_lines_print_cards():
    """With cards in words (a terminal, output auto) the moves Tab says are in words too; Tab still
    completes the notation."""
    state = GameState(PARTNERSHIP, seed=2, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    game = ConsoleGame(state, [None] * 4, ScriptedLines([]), ListChannel())
    players = [BasicPlayer(seat) for seat in range(4)]
    while state.phase is not Phase.PLAY:
        state.apply(players[state.turn].choose(state.view(state.turn)))
    assert game.moves_as_printed() == game.move_words()  # the notation, as printed by default
    game.narrator.card_words = True
    said = game.moves_as_printed()
    assert said == [game.narrator.printed(word) for word in game.move_words()]
    assert all(" " in word or word == "the Rook" for word in said), said  # "14 red", never "14r"
    assert all(word in game.completion_words() for word in game.move_words())


def test_tab_offers_no_cards_while_another_player_is_to_act():
    """At "Press Enter to go on." with a computer to lead, Tab must not read out that player's cards."""
    state = GameState(PARTNERSHIP, seed=2, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    game = ConsoleGame(state, [None, BasicPlayer(1), BasicPlayer(2), BasicPlayer(3)], ScriptedLines([]), ListChannel())
    players = [BasicPlayer(seat) for seat in range(4)]
    seen_other_turn = False
    while state.phase is not Phase.PLAY or len(state.trick_cards) < 2:
        if state.turn != 0:
            seen_other_turn = True
            assert game.move_words() == []
            others = [card_name(card) for card in state.hand(state.turn) if card not in state.hand(0)]
            assert not set(others) & set(game.completion_words())
        state.apply(players[state.turn].choose(state.view(state.turn)))
    assert seen_other_turn


def test_settings_output_at_the_first_menu_switches_the_output_for_the_game(monkeypatch, tmp_path):
    opened: list[tuple[str, ListChannel]] = []

    def fake_output(settings, notice):
        channel = StoppableChannel()
        channel.close = lambda: None  # type: ignore[attr-defined]
        opened.append((settings.output, channel))
        return channel

    source = ScriptedLines(["settings output voice", "1", "pass"])
    source.interactive = True  # type: ignore[attr-defined]
    monkeypatch.setattr(cli, "open_output", fake_output)
    monkeypatch.setattr(cli, "standard_input_lines", lambda ask, ask_aloud: source)
    monkeypatch.setattr(cli, "screen_reader_running", lambda: True)
    status = cli.main(["--seed", "3", "--hands", "1", "--level", "easy"])
    assert status == 0
    assert [output for output, _ in opened] == ["auto", "voice"]
    first, game = opened[0][1], opened[1][1]
    assert "Output is now voice, saved." in game.lines  # the answer comes in the new output
    assert any(line.startswith("Rook: the") for line in game.lines) and "You pass." in game.lines
    assert not any(line.startswith("Rook: the") for line in first.lines)


def test_help_names_no_moves_while_another_player_is_to_act():
    """At "Press Enter to go on." with a computer to lead, help does not offer "play CARD"."""
    state = GameState(PARTNERSHIP, seed=2, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    channel = ListChannel()
    game = ConsoleGame(state, [None, BasicPlayer(1), BasicPlayer(2), BasicPlayer(3)], ScriptedLines([]), channel)
    players = [BasicPlayer(seat) for seat in range(4)]
    while state.phase is not Phase.PLAY or state.turn == 0:
        state.apply(players[state.turn].choose(state.view(state.turn)))
    game.handle_line("help", may_act=False)
    assert channel.lines and not any(line.startswith("Moves now") for line in channel.lines)
    assert any(line.startswith("To hear the game:") for line in channel.lines)
    while state.turn != 0:
        state.apply(players[state.turn].choose(state.view(state.turn)))
    game.handle_line("help")
    assert "Moves now: play CARD or a card alone." in channel.lines


def test_a_setting_changed_at_the_first_menu_is_kept_and_the_menu_comes_back_next_time(monkeypatch, capsys):
    channel = StoppableChannel()
    channel.close = lambda: None  # type: ignore[attr-defined]
    menus = []

    def start(script: list[str]) -> None:
        source = ScriptedLines(script)
        source.interactive = True  # type: ignore[attr-defined]
        monkeypatch.setattr(cli, "standard_input_lines", lambda ask, ask_aloud: source)
        assert cli.main(["--seed", "3"]) == 0
        menus.append("Which game?" in capsys.readouterr().out + " ".join(channel.lines))

    monkeypatch.setattr(cli, "open_output", lambda settings, notice: channel)
    monkeypatch.setattr(cli, "screen_reader_running", lambda: True)
    start(["settings verbosity terse", "quit"])
    assert "Verbosity is now terse, saved." in channel.lines
    stored = settings_path().read_text(encoding="utf-8")
    assert 'verbosity = "terse"' in stored and "variant" not in stored
    start(["quit"])
    assert menus == [True, True]  # nobody chose a game, so the list of games is offered again


@pytest.mark.parametrize(("typed", "meant"), [("dixy", "dixie"), ("kentuky", "kentucky"),
                                               ("partnrship", "partnership"), ("tow", "two"),
                                               ("dixie-rook", "dixie"), ("Kentucky Discard", "kentucky"),
                                               ("flip golden ten", "flip")])
def test_the_first_menu_and_the_variant_flag_suggest_the_same_game_for_a_typo(tmp_path, typed, meant):
    """The menu found no game for "dixy" (y for ie is two slips, which difflib's likeness missed in short
    words), and --variant, by a rule of its own, none for two letters swapped ("tow"); then --variant knew
    the games' titles typed as a name ("dixie-rook", Dixie Rook) and the menu did not."""
    said: list[str] = []
    control = SettingsControl(Settings(), Settings(), lambda settings: None)
    assert cli._offer_variants(ScriptedLines([typed, meant]), control, tmp_path / "settings.toml", said.append)
    assert control.effective.variant == meant
    refusal = f"{typed} is not a game here. Did you mean {meant}? Type yes if so."
    assert [line for line in said if "is not a game here" in line][0] == refusal
    with pytest.raises(UnknownGameError, match=f"^There is no game called {typed}. Did you mean {meant}[?]$"):
        find_game(typed)


@pytest.mark.parametrize("yes", ["yes", "Y", "yes."])
def test_yes_after_the_menus_did_you_mean_chooses_that_game_and_no_asks_again(tmp_path, yes):
    said: list[str] = []
    control = SettingsControl(Settings(), Settings(), lambda settings: None)
    assert cli._offer_variants(ScriptedLines(["dixy", yes]), control, tmp_path / "settings.toml", said.append)
    assert control.effective.variant == "dixie" and not any(line.startswith("yes") for line in said)
    said.clear()
    assert cli._offer_variants(ScriptedLines(["dixy", "no", "yes", "two"]), control, tmp_path / "settings.toml",
                               said.append)
    assert control.effective.variant == "two"
    refusals = [line for line in said if line.startswith(("Type a number", "yes is not"))]
    assert refusals[0].startswith("Type a number from 1 to ")  # no: asked again, the suggestion dropped
    assert refusals[1].startswith("yes is not a game here.")  # a yes with nothing suggested is no answer


def test_yes_after_the_menus_did_you_mean_for_a_title_plays_that_game_and_party_and_online_are_still_meant(
        tmp_path):
    """Before, "dixie-rook" (Dixie Rook's title typed as a name) got no suggestion at the menu, so yes was
    no answer; "onlin" and "partys" are still the menu's online and party."""
    said: list[str] = []
    control = SettingsControl(Settings(), Settings(), lambda settings: None)
    assert cli._offer_variants(ScriptedLines(["dixie-rook", "yes"]), control, tmp_path / "settings.toml",
                               said.append)
    assert control.effective.variant == "dixie"
    assert "dixie-rook is not a game here. Did you mean dixie? Type yes if so." in said
    said.clear()
    assert cli._offer_variants(ScriptedLines(["onlin", "partys", "no", "quit"]), control,
                               tmp_path / "settings.toml", said.append) is False
    assert "onlin is not a game here. Did you mean online? Type yes if so." in said
    assert "partys is not a game here. Did you mean party? Type yes if so." in said


@pytest.mark.parametrize("word", ["quit", "q", "exit", None])
def test_quit_q_exit_and_end_of_input_at_the_first_menu_leave_with_no_game(monkeypatch, word):
    channel = StoppableChannel()
    channel.close = lambda: None  # type: ignore[attr-defined]
    source = ScriptedLines([word] if word else [])
    source.interactive = True  # type: ignore[attr-defined]
    monkeypatch.setattr(cli, "open_output", lambda settings, notice: channel)
    monkeypatch.setattr(cli, "standard_input_lines", lambda ask, ask_aloud: source)
    monkeypatch.setattr(cli, "screen_reader_running", lambda: True)
    assert cli.main(["--seed", "3"]) == 0
    # The list is said by the output channel, as the question is (a voice says it too); then the goodbye.
    assert channel.lines[0] == "Which game? The games of the Rook rule books:"
    assert channel.lines[-1] == "Goodbye." and all(line[0].isdigit() for line in channel.lines[1:-1])
    assert save_paths() == []  # no game was started, so none was saved


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["--levle", "easy"], "rook-access: unknown flag --levle; did you mean --level?"),
        (["--output", "loud"], "rook-access: --output can be auto, plain, screenreader or voice, not loud."),
        (["--seed", "x"], "rook-access: --seed: x is not a whole number."),
        (["--level"], "rook-access: --level needs a value."),
        (["--rate", "fast"], "rook-access: rate is a number of words a minute from 80 to 450, or default."),
        (["seven"], "rook-access: seven is not a flag; flags start with --."),
        (["--resume", ""], "rook-access: an empty argument is not a flag; flags start with --."),  # was a traceback
    ],
)
def test_a_bad_flag_or_value_says_one_line_with_the_hint_and_exits_2(args, line):
    done = run_program(args)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == line + " Type rook-access --help for the flags.\n"


def test_help_itself_stays_full():
    done = run_program(["--help"])
    assert done.returncode == 0 and "--pacing" in done.stdout and done.stdout.count("\n") > 20


def test_keys_read_as_a_prompt_was_given_up_are_kept_for_the_next_prompt(monkeypatch):
    """Under load, ``hand`` typed as another person moved was lost: prompt_toolkit had read the keys from the
    terminal, but the prompt was given up for the news before it took them into the line, so they waited in its
    typeahead, where the console did not look, and the waiting prompt was not asked again at once."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.input.typeahead import store_typeahead
    from prompt_toolkit.key_binding.key_processor import KeyPress
    from prompt_toolkit.output import DummyOutput

    from rook_access.console import lines as lines_module

    monkeypatch.setattr(lines_module, "console_output", DummyOutput)
    with create_pipe_input() as keys, create_app_session(input=keys, output=DummyOutput()):
        lines = TerminalLines(say=lambda line: None, speak=lambda line: None)
        assert not lines.typing_kept()
        store_typeahead(lines.session.input, [KeyPress(key) for key in "han"])
        assert lines.typing_kept()
        assert lines.typing_kept()  # looked at, and left where it was
        keys.send_text("d\r")
        assert lines.read("While you wait, a command:") == "hand"
