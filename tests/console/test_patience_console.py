"""Rook Solitaire and Rook Clock through the console: review, moves typed two ways, bad input, undo, demo, stats."""

from __future__ import annotations

import json
import re
from types import SimpleNamespace

import pytest

from rook_access.announcer.base import BRAILLE_WIDTH, Verbosity, plural
from rook_access.announcer.patience import QUESTION_WIDTH, PatienceNarrator, move_said, move_typed
from rook_access.announcer.spoken import speakable
from rook_access.console.session import ConsoleGame
from rook_access.engine.cards import card_name, parse_card, parse_color
from rook_access.engine.clock import ClockOver, ClockState
from rook_access.engine.patience_deck import parse_pack_card
from rook_access.engine.solitaire import UNDO, Build, Move, OneStartsBuilding, SolitaireState
from rook_access.patience_stats import STATS_FILE
from rook_access.players.solitaire_solver import Solver
from rook_access.saves import data_folder
from tests.helpers import REPOSITORY
from tests.helpers.console import ListChannel, ScriptedLines


class PacedLines(ScriptedLines):
    """Scripted lines that stand for a terminal, so the game paces itself."""

    interactive = True


def play(state, script, lines_class=ScriptedLines):
    channel = ListChannel()
    lines = lines_class(script)
    ConsoleGame(state, [None], lines, channel).run()
    return channel.lines, lines.questions


def test_a_question_with_many_moves_counts_them_and_points_to_the_list():
    lines, questions = play(SolitaireState.from_seed(5), ["quit"])
    assert questions[0] == "Your move, 10 moves. Type moves to hear them, or hint."
    assert "Pile 7 turns up 14y; it goes face down to the bottom." in lines


def test_the_question_fits_40_cells_in_the_braille_verbosity():
    """It said "Your move, 10 moves. Type moves to hear them, or hint." (54 cells)."""
    state = SolitaireState.from_seed(5)
    narrator = PatienceNarrator(Verbosity.BRAILLE)
    assert narrator.question(state.view(0)) == "Your move, 10 moves. Type moves or hint."
    for action in Solver().solve(state.clone()).line:
        assert len(narrator.question(state.view(0))) <= BRAILLE_WIDTH
        state.apply(action, 0)


def test_a_question_with_few_moves_names_each_as_typed_and_in_cards():
    state = SolitaireState.from_seed(5)
    narrator = PatienceNarrator()
    listed = 0
    for action in Solver().solve(state.clone()).line:
        view = state.view(0)
        moves = [move for move in view.legal if isinstance(move, (Move, Build))]
        question = narrator.question(view)
        if len(moves) <= 2:
            said = "; ".join(f"{move_typed(move, view)}, {move_said(move, view)}" for move in moves)
            assert question == f"Your move, {plural(len(moves), 'move')}: {said}."
            assert len(question) <= QUESTION_WIDTH
            listed += 1
        else:
            assert len(question) <= QUESTION_WIDTH or question.endswith("Type moves to hear them, or hint.")
        state.apply(action, 0)
    assert listed >= 2  # the winning line passes positions with one or two moves


def test_review_commands_say_the_piles_tops_building_and_moves():
    lines, _ = play(SolitaireState.from_seed(5), ["tops", "pile 3", "building", "moves", "pile 15"])
    assert "Tops: 1 4r, 2 7g, 3 2x, 4 2y, 5 2r, 6 6y, 7 7r, 8 12g, 9 3g, 10 9g, 11 9x, 12 6g, 13 3x, 14 12y." in lines
    assert "Pile 3: 3 face down; up 2x on top." in lines
    assert "Building piles: red not started, black not started, yellow not started, green not started; " \
        "0 cards built." in lines
    assert any(line.startswith("Moves: 3 9, 2x on 3g;") for line in lines)
    assert "Say pile and a number from 1 to 14, like pile 3." in lines


def test_a_pile_says_each_face_up_card_once_and_the_top_last():
    # "up 3g 2x, 2x on top" was heard "up 3 green, 2 black, 2 black on top", as if the pile held two 2xs.
    lines, _ = play(SolitaireState.from_seed(5), ["3 9", "pile 9", "pile 3"])
    assert "Pile 9: 3 face down; up 3g, then 2x on top." in lines  # the notation
    assert "Pile 3: 2 face down; up 4y on top." in lines  # one card up: said once, on top
    heard, _ = play(SolitaireState.from_seed(5), ["3 9", "pile 9", "quit", "yes"], PacedLines)
    assert "Pile 9: 3 face down; up 3 green, then 2 black on top." in heard  # a terminal: cards in words
    run = SimpleNamespace(vacant=False, down=[None, None], up=[parse_pack_card(card) for card in ("9r", "8x", "7g")])
    view = SimpleNamespace(piles=[run])
    narrator = PatienceNarrator()
    line = narrator.pile_line(view, 1)
    assert line == "Pile 1: 2 face down; up 9r 8x, then 7g on top."
    assert speakable(line) == "Pile 1: 2 face down; up 9 red, 8 black, then 7 green on top."
    braille = PatienceNarrator(Verbosity.BRAILLE).fit(line)  # panned to the display's width, each card once
    assert all(len(piece) <= BRAILLE_WIDTH for piece in braille)
    assert sum(piece.count("7g") for piece in braille) == 1


def test_enter_alone_among_several_moves_names_the_command_the_question_names():
    state = SolitaireState.from_seed(5)
    lines, questions = play(state, ["", "moves", "quit", "yes"], PacedLines)
    assert questions[0] == "Your move, 10 moves. Type moves to hear them, or hint."
    assert "Enter alone makes no move now. Type moves to hear the 10 moves, or hint." in lines
    assert state.actions == []  # nothing moved
    assert any(line.startswith("Moves: 3 9, 2 black on 3 green;") for line in lines)  # and moves says them
    # Rook Clock never asks (Enter goes on); were Enter alone to make no move there, it says what moves says.
    from rook_access.console.patience import PATIENCE

    assert PATIENCE.enter_does_nothing(ClockState.from_seed(3)) == "Rook Clock has no moves: it plays itself."


def test_the_guide_quotes_the_question_enter_alone_and_a_pile_as_they_are_said():
    lines, questions = play(SolitaireState.from_seed(5), ["3 9", "pile 9"])
    entered, _ = play(SolitaireState.from_seed(5), ["", "quit", "yes"], PacedLines)
    said = [questions[0], *(line for line in [*entered, *lines] if line.startswith(("Enter alone", "Pile 9:")))]
    assert said[1:] == [
        "Enter alone makes no move now. Type moves to hear the 10 moves, or hint.",
        "Pile 9: 3 face down; up 3g, then 2x on top.",
    ]
    guide = " ".join((REPOSITORY / "docs" / "playing.md").read_text(encoding="utf-8").split())
    for line in said:
        assert f"`{line}`" in guide, line


@pytest.mark.parametrize("typed", ["3 9", "move 3 9", "m 3 9", "2x 3g", "2X, 3G.", "2 black 3 green", "2 x on 3 g",
                                   "the two of black on the 3 of green"])
def test_a_move_typed_by_piles_or_by_cards_is_the_same_move(typed):
    state = SolitaireState.from_seed(5)
    lines, _ = play(state, [typed])
    assert state.actions == [Move(parse_card("2x"), 9)]
    assert "2x onto 3g, pile 3 to pile 9." in lines


@pytest.mark.parametrize("typed", ["up 5", "2x up", "2 black up", "two black up"])
def test_a_card_built_up_is_the_same_move_by_pile_or_by_the_card_in_words(typed):
    """Help, in the words setting, offers "7 red, 8 black, 2 green up"; a card typed so was refused as no card."""
    state = SolitaireState.from_seed(8)
    play(state, [typed])
    assert state.actions == [Build(parse_card("2x"), parse_color("black"))]


def test_a_card_in_words_with_no_move_is_named_as_a_card():
    lines, _ = play(SolitaireState.from_seed(5), ["14 green 13 yellow"])
    assert any(line.startswith("13y is not the top card of a pile.") for line in lines), lines


def test_bad_moves_get_one_line_naming_the_rule_and_how_to_hear_the_moves_and_change_nothing():
    state = SolitaireState.from_seed(5)
    face_down = card_name(state.down[0][0])
    script = [
        "3 1",  # 2x on 4r: not the next number up
        "up 3 red",  # 2x to the red building pile
        f"{face_down} 4r",  # a face-down card
        "1 1",
        "3 9",  # a real move: 2x onto 3g
        "2x 3x",  # splitting 3g 2x
    ]
    lines, _ = play(state, script)
    said = lines[lines.index("Pile 14 turns up 12y.") + 1 :]
    # Ten moves are too many to list after the reason: the line says how to hear them.
    refusals = [line for line in said if re.search(r" Type moves to hear the \d+ moves\.$", line)]
    assert len(refusals) == 5
    assert "2x cannot go on 4r: it goes only on a 3. A transfer pile builds down" in refusals[0]
    assert "A building pile takes cards of its own color only" in refusals[1]
    assert "Only a face-up card can move" in refusals[2]
    assert "A pile cannot move onto itself" in refusals[3]
    assert "A sequence moves bodily, never split" in refusals[4]
    assert state.actions == [Move(parse_card("2x"), 9)]


def test_undo_takes_moves_back_one_by_one_and_is_kept_among_the_actions():
    state = SolitaireState.from_seed(5)
    before = [list(pile) for pile in state.up]
    lines, _ = play(state, ["3 9", "4 13", "undo", "undo", "undo"])
    assert state.up == before
    assert state.actions == [Move(parse_card("2x"), 9), Move(parse_card("2y"), 13), UNDO, UNDO]
    assert "Undone: move 2y to pile 13; the piles are as they were before it." in lines
    assert sum("There is no move to undo" in line for line in lines) == 1
    replayed = SolitaireState.replay(state.deck, state.actions)
    assert replayed.up == state.up and replayed.down == state.down


def test_a_one_that_comes_up_goes_to_its_building_pile_and_is_said():
    state = SolitaireState.from_seed(5)
    lines, _ = play(state, ["demo"])
    ones = [event for event in state.events if isinstance(event, OneStartsBuilding)]
    assert ones
    for event in ones:
        assert f"{card_name(event.card)} from pile {event.pile} goes up to start the" in " ".join(lines)


def test_demo_plays_the_rest_and_the_game_counts_in_the_stats():
    state = SolitaireState.from_seed(5)
    lines, _ = play(state, ["solve", "demo"])
    assert lines[lines.index("Pile 14 turns up 12y.") + 1] == "There is a winning line."
    assert state.is_over and lines[-1] == "You won: all four building piles reach 14."
    stats = json.loads((data_folder() / STATS_FILE).read_text(encoding="utf-8"))
    assert stats == {"solitaire": {"played": 1, "won": 1}}
    resign, _ = play(SolitaireState.from_seed(6), ["resign", "stats"])
    assert resign[-1] == "You resigned. You built 0 cards." or resign[-1].startswith("You resigned.")
    said, _ = play(SolitaireState.from_seed(7), ["stats", "quit"])
    assert "Rook Solitaire: 1 won of 2 played." in said
    assert "Rook Clock: 0 came out of 0 played." in said


def test_hint_names_a_legal_move_as_typed():
    state = SolitaireState.from_seed(5)
    lines, _ = play(state, ["hint"])
    hint = lines[lines.index("Pile 14 turns up 12y.") + 1]
    assert hint.startswith("Type 3 9.")


def test_the_clock_plays_itself_to_the_end_without_input_and_says_it_is_blocked():
    state = ClockState.from_seed(3)
    lines, questions = play(state, [])
    assert state.is_over and questions == []
    assert lines[0] == "Rook Clock: one player, the pack dealt round a clock; it plays itself, card by card."
    assert lines[1] == "8g from 1 o'clock goes under 8 o'clock."
    assert "14r from 11 o'clock goes under the minute hand." in lines
    assert lines[-1] == "You lost: 1 o'clock has no card left to turn, and 8 cards stay face down."


def test_the_clocks_end_says_won_or_lost():
    narrator = PatienceNarrator()
    assert narrator.event_lines(ClockOver(12, True, 0)) == [
        "You won: the clock came out, every card face up in its place."
    ]
    assert narrator.event_lines(ClockOver(1, False, 1)) == [
        "You lost: 1 o'clock has no card left to turn, and 1 card stays face down."
    ]


def test_at_a_terminal_the_clock_waits_for_enter_between_cards_and_takes_review_commands():
    state = ClockState.from_seed(3)
    lines, questions = play(state, ["", "pile 8", "", "quit"], PacedLines)
    assert questions[:3] == ["Press Enter to go on."] * 3
    assert len(state.turned) == 3
    assert "8 o'clock: 3 face down; face up 8 green." in lines  # a terminal: cards in words


def test_moves_are_refused_in_the_clock_and_between_its_cards():
    state = ClockState.from_seed(3)
    lines, _ = play(state, ["3 5", "quit"], PacedLines)
    assert len(state.turned) == 1
    assert any(line.startswith("Wait: ") or "plays itself" in line for line in lines)


def test_a_move_typed_as_the_moves_are_said_8g_on_9r_is_that_move() -> None:
    from rook_access.console.patience import PATIENCE

    said = PATIENCE.parse("8g on 9r", [])
    plain = PATIENCE.parse("8g 9r", [])
    assert said is not None and plain is not None
    assert (said.name, said.arguments) == (plain.name, plain.arguments) == ("move", ("8g", "9r"))
    onto = PATIENCE.parse("8g onto 9r.", [])
    assert onto is not None and onto.arguments == ("8g", "9r")


def test_the_clocks_tops_name_each_pile_and_the_building_line_counts_in_the_singular() -> None:
    state = ClockState.from_seed(3)
    narrator = PatienceNarrator()
    tops = narrator.tops_lines(state.view(0))[0]
    assert tops.startswith("Face down cards by pile: pile 1: 4, pile 2: 4, ")  # no "1 4 down" run together
    from types import SimpleNamespace

    one = SimpleNamespace(building=(1, 0, 0, 0))  # the building line reads the piles' heights alone
    assert narrator.building_line(one) == (
        "Building piles: red up to 1, black not started, yellow not started, green not started; 1 card built.")


def test_score_in_rook_solitaire_says_the_building_piles() -> None:
    from rook_access.console.patience import PATIENCE

    score = PATIENCE.parse("score", [])
    assert score is not None and score.name == "building"


def test_rook_solitaire_opens_with_its_name_as_every_game_does() -> None:
    lines, _ = play(SolitaireState.from_seed(5), ["quit"])
    assert lines[0] == "Rook Solitaire: one player, 14 transfer piles, build the four colors up from 1 to 14."
    assert lines.count(lines[0]) == 1


def test_a_refusal_lists_the_moves_when_there_are_three_or_fewer():
    state = SolitaireState.from_seed(5)
    result = Solver().solve(state)
    narrator = PatienceNarrator()
    many = narrator.moves_pointer(state.view(0))
    assert many == "Type moves to hear the 10 moves."
    for action in result.line:
        view = state.view(0)
        if sum(isinstance(legal, (Move, Build)) for legal in view.legal) <= 3:
            assert narrator.moves_pointer(view) == narrator.moves_line(view)
            assert narrator.moves_line(view).startswith("Moves: ")
            break
        state.apply(action, 0)
    else:
        pytest.fail("the winning line never came to three moves or fewer")


def test_every_command_word_at_the_clocks_pause_answers_in_lines_and_never_fails():
    # Rook Clock plays itself; at a terminal it waits for Enter, and a command typed there is answered. The
    # Solitaire-only commands (building and its alias score, solve, demo, the moves) must not reach into a
    # Solitaire view (score once stopped the program with an AttributeError).
    from rook_access.console.patience import PATIENCE_COMMANDS

    words = sorted({word for spec in PATIENCE_COMMANDS for word in (spec.name, *spec.aliases)} - {"quit", "q", "exit"})
    for word in words:
        state = ClockState.from_seed(3)
        lines, _ = play(state, [word, "quit"], PacedLines)
        assert lines, word
        assert not any("internal error" in line or "Traceback" in line for line in lines), (word, lines[-3:])



def test_score_in_rook_clock_counts_one_card_turned_in_the_singular() -> None:
    from rook_access.engine.clock import STEP

    narrator = PatienceNarrator()
    state = ClockState.from_seed(3)
    state.apply(STEP)
    assert narrator.score_lines(state.view()) == ["1 card turned, 55 face down."]
    state.apply(STEP)
    assert narrator.score_lines(state.view()) == ["2 cards turned, 54 face down."]
