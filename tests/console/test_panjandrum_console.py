"""Panjandrum through the program: a whole game with piped input in which the user plays, makes a mistake,
calls Panjandrum (rightly and wrongly) and lets calls go; bad lines refused in one line; the review commands,
rules, help and hint; the record replayed; a save resumed; the braille verbosity within 40 cells."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from rook_access.console import cli
from rook_access.console.panjandrum import PANJANDRUM
from rook_access.console.resume import describe
from rook_access.console.session import ConsoleGame
from rook_access.engine.games import GAMES
from rook_access.engine.notation import action_from_json
from rook_access.engine.panjandrum import (
    BUILD,
    CALL,
    LET_GO,
    LIFT,
    OnDelay,
    PanjandrumCalled,
    PanjandrumOver,
    PanjandrumState,
)
from rook_access.players.panjandrum_player import PanjandrumPlayer
from rook_access.save_files import find_saves, save_paths
from rook_access.saves import GameSetup, make_table, read_save, record_extra, record_lines_of
from tests.helpers.console import ListChannel, ScriptedLines, record_of
from tests.helpers.console import run_main as rook

SEED = 12
PLAYERS = 4
ARGS = ["--variant", "panjandrum", "--players", str(PLAYERS), "--seed", str(SEED)]


def typed(action: Any, state: PanjandrumState, seat: int = 0) -> str:
    """The line a user types for ``action``."""
    if action == LIFT:
        return "lift"
    if action == BUILD:
        return "b"
    if isinstance(action, OnDelay):
        return "delay" if action.seat == seat else f"on {state.names[action.seat]}"
    return "p" if action == CALL else "pass"


def user_script(seed: int = SEED, players: int = PLAYERS, limit: int | None = None) -> tuple[list[str], dict[str, int]]:
    """The lines a user types in the game of ``seed`` (the computers as the program makes them): right moves
    but one mistake, a right call on every mistake seen, one false call, else pass; and what happened."""
    setup = GameSetup.create(["human", *["computer"] * (players - 1)], seed=seed, variant="panjandrum",
                             options={"players": players})  # fmt: skip
    state, seats = make_table(setup)
    assert isinstance(state, PanjandrumState)
    lines: list[str] = []
    done = {"mistakes": 0, "right_calls": 0, "false_calls": 0}
    while not state.is_over and (limit is None or len(lines) < limit):
        seat = state.seats_to_act()[0]
        player = seats[seat]
        if player is not None:
            state.apply(player.choose(state.view(seat)), seat)
            continue
        if state.call_offer() is not None:
            if state.called_slips:
                action = CALL
                done["right_calls"] += 1
            elif not done["false_calls"]:
                action = CALL
                done["false_calls"] += 1
            else:
                action = LET_GO
        else:
            wrong = [action for action, mistake in state.choices(seat) if mistake is not None]
            if wrong and not done["mistakes"]:
                action = wrong[0]
                done["mistakes"] += 1
            else:
                action = state.right_move(seat)
        lines.append(typed(action, state))
        state.apply(action, seat)
    return lines, done


def test_panjandrum_is_listed_and_a_table_size_it_is_not_for_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, lines, err = rook(monkeypatch, capsys, ["--list-variants"])
    assert (status, err) == (0, "")
    assert any(line.endswith(f"panjandrum: {GAMES['panjandrum'].summary}") for line in lines)
    status = cli.main(["--variant", "panjandrum", "--players", "2", "--output", "plain"])
    out, err = capsys.readouterr()
    assert status != 0 and out == ""
    assert "Panjandrum is for 3 to 8 players, not 2." in err and len(err.strip().splitlines()) == 1


def test_a_whole_game_with_piped_input_calls_its_record_replayed_and_a_save_resumed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    script, done = user_script()
    assert done["right_calls"] >= 1 and done["false_calls"] == 1 and done["mistakes"] == 1
    record = tmp_path / "panjandrum.jsonl"
    args = [*ARGS, "--record", str(record)]
    # First part: review commands and bad lines, then the first dozen moves, then quit.
    noise = ["help", "rules", "piles", "plays", "score", "hint", "legal", "turn", "build now", "on", "on Nobody",
             "xyzzy", "b", "on West", "delay", "p"]  # fmt: skip
    first = script[:12]
    status, said, err = rook(monkeypatch, capsys, args, [*noise, *first, "quit"])
    assert (status, err) == (0, "")
    assert said[0] == "Panjandrum, 4 players: hands face down, build by color from 1 up."
    # help says each mistake that can be called on a line of its own
    mistakes = said.index("Mistakes that can be called:")
    assert said[mistakes + 1] == "Lifting from the hand while your delay pile's top could go on a building pile."
    assert said[mistakes + 4] == "Playing on your own delay pile a card that could go on another's delay pile."
    assert "A player never gives away their last card." in " ".join(said)  # rules
    assert "Type build alone." in said and "Say whose delay pile: on West, on North, on East." in said
    assert "No player Nobody: the players are South, West, North, East." in said
    assert any(line.startswith("Unknown command: xyzzy.") for line in said)
    assert any(line.startswith("No: ") for line in said)  # b, on West, delay or p refused by the engine
    assert said[-1] == "Game saved. Goodbye. To go on later: rook-access --resume."
    (path,) = save_paths()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["setup"]["variant"] == "panjandrum" and saved["setup"]["options"] == {"players": PLAYERS}
    user_actions = [action_from_json(action) for action in saved["actions"] if action["seat"] == 0]
    assert len(user_actions) == len(first)
    rebuilt = read_save(path)
    assert rebuilt is not None
    first_part = record.read_bytes()
    assert first_part.decode().splitlines(keepends=True) == record_lines_of(
        rebuilt.state.events, record_extra(rebuilt.setup)
    )
    (entry,) = find_saves()
    state = rebuilt.state
    assert isinstance(state, PanjandrumState)
    assert describe(entry, time.time()).startswith(f"Panjandrum, turn {state.turns + 1}, cards: you ")

    # --resume: the game goes on from the very move it stopped at, to its end.
    said_first = said
    status, said, err = rook(monkeypatch, capsys, ["--resume"], script[12:])
    assert (status, err) == (0, "")
    assert said[0] == "Resuming Panjandrum."
    said = said_first + said
    assert save_paths() == []  # a finished game's save is deleted
    lines = record_of(record)
    assert record.read_bytes().startswith(first_part)
    assert [line["event"] for line in lines].count("game_start") == 1 and lines[-1]["event"] == "panjandrum_over"
    calls = [line for line in lines if line["event"] == "panjandrum"]
    assert any(line["caller"] == 0 and line["right"] for line in calls)
    assert any(line["caller"] == 0 and not line["right"] and line["penalized"] == 0 for line in calls)
    assert any(line["event"] == "play" and line["seat"] == 0 and line["mistake"] for line in lines) or any(
        line["event"] == "lift" and line["seat"] == 0 and line["mistake"] for line in lines
    )
    assert any(line.startswith("You call Panjandrum on ") for line in said)
    assert any(line.startswith("Right: ") for line in said) and any(line.startswith("Wrong: ") for line in said)
    assert any(line.startswith("Game over: ") for line in said)

    # The record replayed on a table made as the program makes it: the same events, line for line.
    setup = GameSetup.create(["human", "computer", "computer", "computer"], seed=SEED, record=str(record),
                             variant="panjandrum", options={"players": PLAYERS})  # fmt: skip
    replay, players = make_table(setup)
    assert isinstance(replay, PanjandrumState) and players[0] is None
    user_lines = iter(script)
    while not replay.is_over:
        seat = replay.seats_to_act()[0]
        player = players[seat]
        if player is not None:
            replay.apply(player.choose(replay.view(seat)), seat)
            continue
        line = next(user_lines)
        action = next(action for action in replay.legal_actions(0) if typed(action, replay) == line)
        replay.apply(action, 0)
    assert record.read_bytes().decode().splitlines(keepends=True) == record_lines_of(
        replay.events, record_extra(setup)
    )
    over = replay.events[-1]
    assert isinstance(over, PanjandrumOver) and lines[-1]["winners"] == list(over.winners)


def test_each_turn_ends_in_one_line_and_the_call_is_asked_after_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script, _ = user_script(limit=20)
    status, said, err = rook(monkeypatch, capsys, ARGS, [*script, "quit"])
    assert (status, err) == (0, "")
    ends = [line for line in said if line.endswith("own delay pile, end of turn.")]
    assert ends and all(" lifts " in line or line.startswith("You play ") for line in ends)
    calls = [index for index, line in enumerate(said) if line.startswith(("You call ", "West calls ", "North calls ",
                                                                          "East calls "))]  # fmt: skip
    for index in calls:  # a call: its result and its cost, one line each
        assert said[index + 1].startswith(("Right: ", "Wrong: ")) and " under the hand: " in said[index + 2]


def test_the_braille_verbosity_says_every_line_within_40_cells(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script, _ = user_script(seed=3, players=8, limit=30)
    args = ["--variant", "panjandrum", "--players", "8", "--seed", "3", "--verbosity", "braille"]
    lines = ["help", "help mistakes", "piles", "plays", "score", "hint", "legal", "turn", *script, "piles", "quit"]
    status, said, err = rook(monkeypatch, capsys, args, lines)
    assert (status, err) == (0, "")
    assert all(len(line) <= 40 for line in said), [line for line in said if len(line) > 40]


class PacedLines(ScriptedLines):
    """Scripted lines that stand for a terminal: Enter is a key there."""

    interactive = True


def test_at_a_terminal_enter_lets_a_call_go_and_a_mistake_is_called_by_a_computer() -> None:
    state = PanjandrumState.from_seed(SEED, 3)
    players = [None, PanjandrumPlayer("strong", 1), PanjandrumPlayer("strong", 2)]
    channel = ListChannel()
    lines = PacedLines(["", "lift", "delay", "", "", "quit"])
    ConsoleGame(state, players, lines, channel, sleep=lambda _: None).run()
    call = "Panjandrum? p to call, n to let it go."
    assert lines.questions[:6] == [call, "Your turn: lift.", "Your card 3 yellow: on East, delay.", call, call,
                                   "Your turn, delay pile 4 black: lift."]  # fmt: skip
    # Enter let three calls go; the user's mistake (3y on their own pile, not on East's 4x) was called.
    said = channel.lines
    assert "West calls Panjandrum on your turn." in said
    assert "Right: you played 3 yellow on your own delay pile when it could go on another's delay pile." in said
    assert "You take 2 cards from West, 1 from East, under the hand: 22 cards now." in said
    called = [event for event in state.events if isinstance(event, PanjandrumCalled)]
    assert [(event.caller, event.penalized) for event in called] == [(1, 0)] and state.turns == 4
    assert PANJANDRUM.enter_alone(state) is None  # at your own turn Enter does nothing: every move is a choice


def test_a_move_typed_while_the_call_is_open_to_others_waits_in_one_sentence() -> None:
    """While the timed window waits on the others it reads typed lines as between turns (``may_act`` False):
    the turn line follows "Wait: " in lower case; ``turn`` says it alone, capitalised."""
    state = PanjandrumState.from_seed(SEED, 3)
    players: list[Any] = [PanjandrumPlayer("strong", seat) for seat in range(3)]
    while state.call_offer() is None:  # the first turn, by a computer
        seat = state.seats_to_act()[0]
        state.apply(state.legal_actions(seat)[0], seat)
    assert state.accused is not None
    players[(state.accused + 1) % 3] = None  # the user is not the one whose turn is judged
    accused = state.names[state.accused]
    channel = ListChannel()
    game = ConsoleGame(state, players, ScriptedLines([]), channel)
    for line in ("lift", "turn"):
        assert game.handle_line(line, may_act=False)
    assert channel.lines == [f"Wait: the call on {accused}'s turn is open.", f"The call on {accused}'s turn is open."]
