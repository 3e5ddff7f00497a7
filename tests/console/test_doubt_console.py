"""I Doubt It through the program: a whole game with piped input in which the user plays and doubts, its record
replayed and its save resumed exactly; bad lines refused in one line each; rules, help, hint and the review
commands; the braille verbosity's lines within 40 cells."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rook_access.console import cli
from rook_access.console.session import ConsoleGame
from rook_access.engine.cards import card_name
from rook_access.engine.doubt import CardLaid, Doubted, DoubtOver, DoubtState
from rook_access.engine.games import GAMES
from rook_access.engine.notation import action_from_json
from rook_access.engine.patience_deck import number_of
from rook_access.save_files import save_paths
from rook_access.saves import GameSetup, make_table, read_save, record_extra, record_lines_of
from tests.helpers.console import ListChannel, record_of
from tests.helpers.console import run_main as rook

SEED = 21
PLAYERS = 4
ARGS = ["--variant", "i-doubt-it", "--players", str(PLAYERS), "--seed", str(SEED)]
DOUBT_QUESTION = "Doubt? d to call, n to let it go."


class Answering:
    """Input that answers whatever is asked as a careful user would: a true card when held, else the first card;
    a doubt at every third window; the lines typed are kept, to be piped to the program."""

    interactive = False

    def __init__(self, state: DoubtState) -> None:
        self.state = state
        self.typed: list[str] = []
        self.windows = 0

    def read(self, question: str, fresh: bool = True) -> str | None:
        if question == DOUBT_QUESTION:
            self.windows += 1
            line = "d" if self.windows % 3 == 1 else ("n" if self.windows % 2 else "pass")
        else:
            assert question.startswith("Your turn, call "), question
            view = self.state.view(0)
            true = [card for card in view.hand if number_of(card) == view.number]
            line = f"play {card_name((true or list(view.hand))[0])}"
            # the example is a card of the number called; where the hand has none, the question says so, so that
            # "like play 1r" is not heard as advice to play 1r for an 11
            said = f"you hold no {view.number}; play any card, like {line}." if not true else f"a card, like {line}."
            assert question.endswith(said), (question, said)
        self.typed.append(line)
        return line


def the_script() -> list[str]:
    """The lines a user types to play seed SEED's game to its end (found by playing it as the program would)."""
    setup = GameSetup.create(
        ["human", *["computer"] * (PLAYERS - 1)], seed=SEED, variant="i-doubt-it", options={"players": PLAYERS}
    )
    state, players = make_table(setup)
    assert isinstance(state, DoubtState)
    lines = Answering(state)
    ConsoleGame(state, players, lines, ListChannel()).run()
    assert state.is_over
    return lines.typed


def test_i_doubt_it_is_listed_and_a_table_size_it_is_not_for_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, lines, err = rook(monkeypatch, capsys, ["--list-variants"])
    assert (status, err) == (0, "")
    number = list(GAMES).index("i-doubt-it") + 1
    assert f"{number}. i-doubt-it: {GAMES['i-doubt-it'].summary}" in lines
    status = cli.main(["--variant", "i-doubt-it", "--players", "2", "--output", "plain"])
    out, err = capsys.readouterr()
    assert status != 0 and out == ""
    assert "I Doubt It is for 3 to 8 players, not 2." in err and len(err.strip().splitlines()) == 1


def test_a_whole_game_with_piped_input_the_user_doubting_its_record_replayed_and_its_save_resumed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script = the_script()
    assert "d" in script and any(line.startswith("play ") for line in script)
    record = tmp_path / "doubt.jsonl"
    reviews = ["help", "rules", "hand", "count", "pile", "turn", "legal", "hint", "history", "repeat"]
    bad = ["xyzzy", "play", "play 99", "play 9q", "play 7r 8r", "doubt now", "n n", "play 15r", "play rook"]
    half = len(script) // 2
    first = [*reviews, *bad, *script[:half], "quit"]
    status, said, err = rook(monkeypatch, capsys, [*ARGS, "--record", str(record)], first)
    assert (status, err) == (0, "")
    assert said[0] == "I Doubt It, 4 players: play a card face down, calling the next number."
    assert said[2].startswith("Your hand, 14 cards: ")
    assert "Unknown command: xyzzy. Type help for the commands." in said
    assert "Say one card to play, like play 7r, or a number, like play 7." in said
    assert "99 is no number of the pack: the numbers go from 1 to 14." in said
    pack = "Cards are a number from 1 to 14 and a color letter, like 14r, 5x, 10y, 7g."  # the pack has no Bird
    assert f"15r is not a card. {pack} Play a card like 7r, or a number like 7." in said
    assert f"This pack has no rook. {pack} Play a card like 7r, or a number like 7." in said
    assert any(line.startswith("Cards: you 14, West 14, North ") and "; centre " in line for line in said)
    assert any(line.startswith("I Doubt It: 4 players; the 56 cards") for line in said)
    assert "You doubt " in " ".join(said) or any(line.startswith("You doubt ") for line in said)
    assert said[-1] == "Game saved. Goodbye. To go on later: rook-access --resume."
    # Every play by another is one line naming the number called, and never the card.
    laid = [line for line in said if " plays a card face down: " in line or " plays a last card face down: " in line]
    assert laid and all(not any(c in line for c in ("r.", "x.", "y.", "g.")) for line in laid)

    (path,) = save_paths()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["setup"]["variant"] == "i-doubt-it" and saved["setup"]["options"] == {"players": PLAYERS}
    kinds = {next(key for key in action if key != "seat") for action in saved["actions"]}
    assert kinds == {"face_down", "doubt", "undoubted"}
    rebuilt = read_save(path)
    assert rebuilt is not None
    first_part = record.read_bytes()
    assert first_part.decode().splitlines(keepends=True) == record_lines_of(
        rebuilt.state.events, record_extra(rebuilt.setup)
    )

    # --resume: the game goes on from where it stopped, to its end.
    status, said, err = rook(monkeypatch, capsys, ["--resume"], script[half:])
    assert (status, err) == (0, "")
    assert rebuilt.state.call_offer() is not None  # it stopped while a play could be doubted: that play again
    laid = [event for event in rebuilt.state.events if isinstance(event, CardLaid)][-1]
    assert laid.seat != 0
    assert said[:2] == [
        "Resuming I Doubt It.",
        f"{rebuilt.state.names[laid.seat]} plays a card face down: {laid.called}.",
    ]
    assert said[2].startswith("Your hand, ")
    assert save_paths() == []  # a finished game's save is deleted
    assert any(line.startswith("Game over: ") for line in said)
    whole = record.read_bytes()
    assert whole.startswith(first_part)
    lines = record_of(whole_path := record)
    assert whole_path.exists() and lines[-1]["event"] == "doubt_over"
    assert [line["event"] for line in lines].count("game_start") == 1
    assert any(line["event"] == "doubted" and line["doubter"] == 0 for line in lines)

    # The record replayed on a table made as the program makes it: the same events, line for line.
    setup = GameSetup.create(
        ["human", *["computer"] * (PLAYERS - 1)],
        seed=SEED,
        record=str(record),
        variant="i-doubt-it",
        options={"players": PLAYERS},
    )
    state, players = make_table(setup)
    assert isinstance(state, DoubtState)
    for action in saved["actions"]:
        state.apply(*reversed(action_from_json(action)))
    while not state.is_over:
        seat = state.seats_to_act()[0]
        player = players[seat]
        if player is None:
            break
        state.apply(player.choose(state.view(seat)), seat)
    assert any(isinstance(event, CardLaid) for event in state.events)
    full = record_lines_of(state.events, record_extra(setup))
    assert whole.decode().splitlines(keepends=True)[: len(full)] == full


def test_a_doubt_is_said_in_three_lines_the_call_the_card_and_who_takes_the_centre(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "doubt.jsonl"
    script = the_script()
    status, said, err = rook(monkeypatch, capsys, [*ARGS, "--record", str(record)], script)
    assert (status, err) == (0, "")
    events = record_of(record)
    doubts = [line for line in events if line["event"] == "doubted"]
    assert doubts
    for doubt in doubts[:5]:
        names = ("you", "West", "North", "East")
        doubter = "You doubt" if doubt["doubter"] == 0 else f"{names[doubt['doubter']]} doubts"
        whose = "your" if doubt["seat"] == 0 else f"{names[doubt['seat']]}'s"
        index = said.index(f"{doubter} {whose} {doubt['called']}.")
        truth = f"a true {doubt['called']}" if doubt["true"] else f"not a {doubt['called']}"
        assert said[index + 1] == f"It is {doubt['card']}, {truth}."
        assert said[index + 2].startswith(("You take the centre, ", f"{names[doubt['taker']]} takes the centre, "))
    over = events[-1]
    assert over["event"] == "doubt_over"
    assert said[-2].startswith("Game over: ") or said[-3].startswith("Game over: ")


def test_the_braille_verbosity_says_every_line_within_40_cells(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--variant", "i-doubt-it", "--players", "3", "--seed", "3", "--verbosity", "braille"]
    script = ["help", "hand", "count", "pile", "hint", "legal", "turn", "help all"]
    status, said, err = rook(monkeypatch, capsys, args, [*script, *the_script()[:30], "quit"])
    assert (status, err) == (0, "")
    assert all(len(line) <= 40 for line in said), [line for line in said if len(line) > 40]
    assert any(line.startswith("Hand ") for line in said)


def test_two_keyboard_seats_are_each_asked_by_name() -> None:
    state = DoubtState.from_seed(2, 3)
    from rook_access.players.doubt_player import DoubtPlayer

    class Lines:
        interactive = False

        def __init__(self) -> None:
            self.questions: list[str] = []

        def read(self, question: str, fresh: bool = True) -> str | None:
            self.questions.append(question)
            if len(self.questions) > 60:
                return None
            if "Doubt?" in question:
                return "n"
            seat = state.seats_to_act()[0]
            return card_name(state.view(seat).hand[0])

    lines = Lines()
    ConsoleGame(state, [None, None, DoubtPlayer("easy", 1)], lines, ListChannel()).run()
    assert any(question.startswith("South's turn, call ") for question in lines.questions)
    assert any(question.startswith("West: Doubt?") for question in lines.questions)
    assert any(isinstance(event, (CardLaid, Doubted, DoubtOver)) for event in state.events)


def test_piped_input_prints_each_keyboard_seats_doubt_question(monkeypatch, capsys) -> None:
    """A playtest: with South and West at the keyboard, West's question after South let a card go was not
    printed (no move came between the two questions, so it counted as asked before), and the line piped for West
    was taken without a question."""
    args = ["--variant", "i-doubt-it", "--seats", "human,human,computer,computer", "--seed", "4"]
    status, said, err = rook(monkeypatch, capsys, args, ["n", "n", "quit"])
    assert (status, err) == (0, "")
    east = said.index("East plays a card face down: 1.")
    asked = [f"{seat}: Doubt? d to call, n to let it go." for seat in ("South", "West")]
    assert said[east + 1 : east + 3] == asked


def test_a_card_typed_in_words_as_the_question_says_it_is_one_card() -> None:
    from rook_access.console.doubt import DOUBT_CONSOLE

    command = DOUBT_CONSOLE.parse("play 7 red", [])
    assert command is not None and command.name == "play" and command.arguments == ("7red",)
    letter, number = DOUBT_CONSOLE.parse("7 r", []), DOUBT_CONSOLE.parse("play 7", [])
    assert letter is not None and letter.arguments == ("7r",)
    assert number is not None and number.arguments == ("7",)  # a number alone stays a number


def test_yes_at_a_calls_question_makes_the_call_as_no_lets_it_go():
    from rook_access.console.doubt import DOUBT_CONSOLE
    from rook_access.console.panjandrum import PANJANDRUM
    from rook_access.console.tuxedo import TUXEDO

    for console, call in ((DOUBT_CONSOLE, "doubt"), (PANJANDRUM, "panjandrum"), (TUXEDO, "orange")):
        yes, no = console.parse("yes", []), console.parse("no", [])
        assert yes is not None and yes.name == call, console
        assert no is not None and no.name == "pass", console


def test_a_saved_game_is_listed_by_the_number_called_and_the_cards_each_holds():
    """The list of saved games says what its figures count: fewer cards is better in I Doubt It."""
    from rook_access.console.doubt import DoubtConsole

    state = DoubtState.from_seed(1, 4)
    counts = ", ".join(f"{name} {count}" for name, count in zip(("you", "West", "North", "East"), state.counts(),
                                                                  strict=True))
    assert DoubtConsole().save_progress(state, [0]) == f"call 1, cards: {counts}; centre 0"
