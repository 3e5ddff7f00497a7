"""Tuxedo through the program: a whole game with piped input (the user calling Orange, right and wrong), its
record replayed and its save resumed exactly, review commands, bad lines refused in one line each, and the
braille verbosity's lines within 40 cells."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from rook_access.console.resume import describe
from rook_access.console.session import ConsoleGame
from rook_access.engine.cards import parse_card
from rook_access.engine.games import GAMES
from rook_access.engine.notation import action_from_json
from rook_access.engine.tuxedo import (
    Pile,
    TuxedoState,
)
from rook_access.players.tuxedo_player import TuxedoPlayer
from rook_access.save_files import find_saves, save_paths
from rook_access.saves import GameSetup, make_table, read_save, record_extra, record_lines_of
from tests.helpers.console import ListChannel, ScriptedLines, record_of
from tests.helpers.console import run_main as rook
from tests.helpers.tuxedo import SEATS, script

SEED = 21
PLAYERS = 3
ARGS = ["--variant", "tuxedo", "--players", str(PLAYERS), "--seed", str(SEED)]


def test_tuxedo_is_listed_with_the_games(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    status, lines, err = rook(monkeypatch, capsys, ["--list-variants"])
    assert (status, err) == (0, "")
    number = list(GAMES).index("tuxedo") + 1
    assert f"{number}. tuxedo: {GAMES['tuxedo'].summary}" in lines


def test_a_whole_game_with_piped_input_the_user_calling_its_record_replayed_and_its_save_resumed_exactly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "tuxedo.jsonl"
    args = [*ARGS, "--record", str(record)]
    moves = script(SEED)
    assert "o" in moves
    head, tail = moves[:12], moves[12:]
    reviews = ["help", "rules", "centre", "center", "table", "captures", "hand", "score", "count", "hint", "legal"]
    bad = ["frobnicate", "take", "take 99r", "build 1r", "build 3x", "lay", "o"]  # the hand: 3x 4g 6r 12x
    first_move = next(index for index, line in enumerate(moves) if line not in ("o", "pass", "n", "no"))
    lines = [*head[:first_move], *reviews, *bad, *head[first_move:], "quit"]
    status, said, err = rook(monkeypatch, capsys, args, lines)
    assert (status, err) == (0, "")
    assert said[0] == f"Tuxedo, {PLAYERS} players, first to 100."
    assert said[2].startswith("Deal 1: ") and said[3].startswith("Centre: ") and said[4].startswith("Your hand: ")
    assert any(line.startswith("Type a card to play it: it takes what it can") for line in said)  # help
    assert any(line.startswith("Tuxedo: 3 players; the 56 cards") for line in said)  # rules
    assert sum(line.startswith("Centre, ") for line in said) >= 3  # centre and its two other names
    assert any(line.startswith("Hand: ") for line in said) and any(line.startswith("Totals: ") for line in said)
    assert any(line.startswith("Deal 1, ") and "left in the pack" in line for line in said)  # count
    for refusal in (
        "Unknown command: frobnicate. Type help for the commands.",
        "Name a card, like take ",
        "99r is not a card.",
        "You do not hold 1r. Hand: ",
        "Type build 3x on a centre card",
        "Orange is called only just after a capture.",
    ):
        assert sum(line.startswith(refusal) for line in said) == 1, refusal
    assert said[-1] == "Game saved. Goodbye. To go on later: rook-access --resume."
    (path,) = save_paths()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["setup"]["variant"] == "tuxedo" and saved["setup"]["options"] == {"players": PLAYERS}
    rebuilt = read_save(path)
    assert rebuilt is not None
    first_part = record.read_bytes()
    assert first_part.decode().splitlines(keepends=True) == record_lines_of(
        rebuilt.state.events, record_extra(rebuilt.setup)
    )
    (entry,) = find_saves()
    state = rebuilt.state
    assert isinstance(state, TuxedoState)
    assert describe(entry, time.time()).startswith(f"Tuxedo, deal {state.deal}, you ")

    # --resume: the game goes on from the very move it stopped at, to its end, the user calling Orange.
    before = said
    status, said, err = rook(monkeypatch, capsys, ["--resume"], tail)
    assert (status, err) == (0, "")
    assert said[0] == "Resuming Tuxedo."
    assert said[1].startswith(("Centre, ", "The centre is empty."))
    assert save_paths() == []  # a finished game's save is deleted
    assert any(line == "You call Orange: right, 10 points." for line in before + said)
    assert any(line.startswith("You call Orange: wrong, no ") and line.endswith(" card was taken, -10 points.")
               for line in before + said)  # fmt: skip
    assert any(line.startswith("Game over: ") for line in said)
    whole = record.read_bytes()
    assert whole.startswith(first_part)
    recorded = record_of(record)
    assert [line["event"] for line in recorded].count("game_start") == 1
    assert recorded[-1]["event"] == "tuxedo_over"
    assert any(line["event"] == "orange" and line["seat"] == 0 and line["right"] for line in recorded)

    # The save's actions replayed on a table made as the program makes it: the same record, line for line.
    setup = GameSetup.create(SEATS, seed=SEED, record=str(record), variant="tuxedo", options={"players": PLAYERS})
    replay, players = make_table(setup)
    assert isinstance(replay, TuxedoState) and players[0] is None
    for action in saved["actions"]:
        seat, move = action_from_json(action)
        replay.apply(move, seat)
    assert replay.events == rebuilt.state.events


def test_captures_names_each_card_that_takes_with_the_sums_and_centre_groups_by_number() -> None:
    state = TuxedoState.from_seed(SEED, 2)
    state.hands[0] = [parse_card(name) for name in ("8r", "2x", "13g", "10y")]
    state.centre = [Pile((parse_card(name),)) for name in ("6x", "2g", "5y", "2y", "1g", "8g", "13r")]
    state.turn = 0
    channel = ListChannel()
    lines = ScriptedLines(["captures", "centre", "hint", "quit"])
    game = ConsoleGame(state, [None, TuxedoPlayer("easy", 1)], lines, channel)
    game.run()
    said = channel.lines
    said = said[next(i for i, line in enumerate(said) if line.startswith("Your hand: ")) + 1 :]  # after the deal
    assert said[:4] == [
        "2x can take 2g; 2y.",
        "8r can take 8g; 6x 2g; 5y 2y 1g: 6+2, 5+2+1.",
        "10y can take 2g 5y 2y 1g: 2+5+2+1.",  # four cards: 8+2 would leave no other 10
        "13g can take 13r; 2g 2y 1g 8g: 2+2+1+8.",
    ]
    assert said[4].startswith("Builds: 8r on 2g for 10, ") and "2x on 6x for 8" in said[4]
    assert said[5] == "Centre, 7 cards: 1g; 2g 2y; 5y; 6x; 8g; 13r."
    # The hint: the strong player's move and why, in one sentence (here the 8 or the 13, four cards each).
    assert said[6].startswith(("Take 8r: it takes 6 cards", "Take 13g: it takes 5 cards", "Take 10y: it takes 4"))


def test_at_a_terminal_enter_lets_the_orange_call_go_and_the_question_says_so() -> None:
    state = TuxedoState.from_seed(SEED, 2)
    state.hands[0] = [parse_card(name) for name in ("10g", "4x")]
    state.hands[1] = [parse_card(name) for name in ("9x", "11x")]
    state.centre = [Pile((parse_card(name),)) for name in ("7r", "3y")]
    state.turn = 0

    class Terminal(ScriptedLines):
        interactive = True

    lines = Terminal(["10 green", "", "quit"])  # a card as the lines say it in words there
    channel = ListChannel()
    ConsoleGame(state, [None, TuxedoPlayer("easy", 1)], lines, channel, sleep=lambda _: None).run()
    assert "You take 7 red, 3 yellow, with 10 green: a little sweep." in channel.lines  # cards in words there
    assert "Orange? o to call, n to let it go." in lines.questions
    assert state.oranges == [0, 0]


def test_the_braille_verbosity_says_every_line_within_40_cells(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = [*ARGS, "--verbosity", "braille"]
    moves = script(SEED)[:20]
    reviews = ["help", "centre", "captures", "hand", "score", "count", "hint", "legal", "turn"]
    status, said, err = rook(monkeypatch, capsys, args, [*reviews, *moves, *reviews, "quit"])
    assert (status, err) == (0, "")
    assert all(len(line) <= 40 for line in said), [line for line in said if len(line) > 40]


def test_two_players_at_one_keyboard_are_each_asked_by_name_and_each_answers_the_call(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--variant", "tuxedo", "--players", "2", "--seats", "human,human", "--seed", "4"]
    moves = script(4, ["human", "human"], wrong_calls=0)
    status, said, err = rook(monkeypatch, capsys, args, moves)
    assert (status, err) == (0, "")
    assert not any(line.startswith(("You ", "Your ")) for line in said)
    assert any(line.startswith("Game over: ") for line in said) and save_paths() == []
    over = [line for line in said if line.startswith("Game over: ")]
    assert over and (" wins with " in over[0] or " share " in over[0])


def test_a_refused_move_says_the_rule_and_what_may_be_done_in_one_line_and_changes_nothing() -> None:
    state = TuxedoState.from_seed(SEED, 2)
    state.hands[0] = [parse_card(name) for name in ("11y", "4x", "1g")]
    state.centre = [Pile((parse_card(name),)) for name in ("7g", "4g", "10x")]
    state.turn = 0
    before = [list(hand) for hand in state.hands], list(state.centre), len(state.events)
    channel = ListChannel()
    lines = ["take 1g", "lay 4x", "4y", "build 1g on 7g", "build 1g on 4g for 4x", "orange", "take rook", "take 7g",
             "quit"]
    ConsoleGame(state, [None, TuxedoPlayer("easy", 1)], ScriptedLines(lines), channel).run()
    said = channel.lines
    said = said[next(i for i, line in enumerate(said) if line.startswith("Your hand: ")) + 1 :]
    assert said[:8] == [
        "No: 1g takes nothing in the centre. Take with 4x, 11y; captures says what each takes.",
        "No: you lay a card only when none of yours takes anything. Take with 4x, 11y; captures says what each takes.",
        "You do not hold 4y. Hand: 1g 4x 11y.",
        "No: you hold no 8 for that build. Take with 4x, 11y; captures says what each takes.",
        "1g on 4g makes 5, not 4.",
        "Orange is called only just after a capture. Now: take or build.",
        "This pack has no rook. Cards are a number from 1 to 14 and a color letter, like 14r, 5x, 10y, 7g.",
        "7g is in the centre: take names a card of your hand. Hand: 1g 4x 11y.",  # not "You do not hold 7g"
    ]
    assert ([list(hand) for hand in state.hands], list(state.centre), len(state.events)) == before


def test_several_at_one_keyboard_hear_whose_orange_question_it_is(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--variant", "tuxedo", "--players", "2", "--seats", "human,human", "--seed", "4"]
    moves = script(4, ["human", "human"], wrong_calls=0)[:30]
    status, said, err = rook(monkeypatch, capsys, args, [*moves, "quit"])
    assert (status, err) == (0, "")
    asked = {line.split(":")[0] for line in said if line.endswith("Orange? o to call, n to let it go.")}
    assert asked == {"South", "North"}


def test_score_says_the_points_this_deal_has_made_before_it_is_counted(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Seed 3: East's first capture takes no red card, so the user's Orange call is wrong; the totals change only
    # when the deal is counted, so score says the -10 beside them.
    args = ["--variant", "tuxedo", "--seed", "3"]
    status, said, err = rook(monkeypatch, capsys, args, ["score", "o", "score", "quit"])
    assert (status, err) == (0, "")
    assert "You call Orange: wrong, no red card was taken, -10 points." in said
    totals = "Totals: you 0, West 0, North 0, East 0. First to 100; deal 1."
    first = said.index(totals)
    assert said[first + 1] != "This deal so far: you -10; added with most cards when it is counted."
    second = said.index(totals, first + 1)
    assert said[second + 1] == "This deal so far: you -10; added with most cards when it is counted."


def test_enter_alone_plays_the_only_move_and_only_then() -> None:
    """A playtest: at "Your turn, lay. Hand 11 red." Enter said it made no move, where the README says Enter plays
    the only legal card."""
    from rook_access.console.tuxedo import TUXEDO
    from rook_access.engine.cards import card_name
    from rook_access.engine.tuxedo import Lay, Take, TuxedoState

    state = TuxedoState.from_seed(4)
    player = TuxedoPlayer("easy", 0)
    seen_one = seen_more = False
    while not state.over and not (seen_one and seen_more):
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        enter = TUXEDO.enter_alone(state)
        if state.call_offer() is None and len(legal) == 1 and isinstance(legal[0], (Take, Lay)):
            assert enter == ("Enter plays it.", card_name(legal[0].card))
            seen_one = True
        elif state.call_offer() is None:
            assert enter is None
            seen_more = True
        state.apply(player.choose(state.view(seat)), seat)
    assert seen_one and seen_more
