"""Donkey through the program: a whole game with piped input (bad lines refused in one line each, the review
commands, the user's passes and folds), its record replayed, a save resumed exactly, the braille verbosity
within 40 cells, and no line telling the user another player's card."""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import pytest

from rook_access.console import cli
from rook_access.console.resume import describe
from rook_access.console.session import ConsoleGame
from rook_access.engine.cards import card_name
from rook_access.engine.donkey import FOLD, CardPassed, DonkeyOver, DonkeyState, Pass
from rook_access.engine.games import GAMES
from rook_access.engine.notation import action_from_json
from rook_access.players.donkey_player import DonkeyPlayer
from rook_access.save_files import find_saves, save_paths
from rook_access.saves import GameSetup, make_table, read_save, record_extra, record_lines_of
from tests.helpers.console import ListChannel, ScriptedLines, record_of
from tests.helpers.console import run_main as rook

SEED = 8
PLAYERS = 4
ARGS = ["--variant", "donkey", "--players", str(PLAYERS), "--seed", str(SEED)]


def table(players: int = PLAYERS, seed: int = SEED, humans: int = 1) -> tuple[DonkeyState, list]:
    setup = GameSetup.create(["human"] * humans + ["computer"] * (players - humans), seed=seed,
                             variant="donkey", options={"players": players})  # fmt: skip
    state, seats = make_table(setup)
    assert isinstance(state, DonkeyState)
    return state, seats


def user_script(players: int = PLAYERS, seed: int = SEED, humans: int = 1) -> tuple[list[str], DonkeyState]:
    """The lines the keyboard seats type to play the whole game as the normal player would, and the game."""
    state, seats = table(players, seed, humans)
    mine = DonkeyPlayer(99, "normal")
    lines = []
    while not state.is_over:
        seat = state.seats_to_act()[0]
        player = seats[seat]
        if player is None:
            action = mine.choose(state.view(seat))
            lines.append("f" if action == FOLD else f"pass {card_name(action.card)}")
        else:
            action = player.choose(state.view(seat))
        state.apply(action, seat)
    return lines, state


def test_donkey_is_listed_among_the_games_before_the_party(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, lines, err = rook(monkeypatch, capsys, ["--list-variants"])
    assert (status, err) == (0, "")
    assert f"{list(GAMES).index('donkey') + 1}. donkey: {GAMES['donkey'].summary}" in lines
    assert lines[-1].startswith(f"{len(GAMES) + 1}. party: ")


def test_a_table_size_donkey_is_not_for_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["--variant", "donkey", "--players", "2", "--output", "plain"])
    out, err = capsys.readouterr()
    assert status != 0 and out == ""
    assert err.strip().splitlines() == [err.strip()] and "Donkey is for 3 to 8 players, not 2." in err
    assert save_paths() == []


def test_a_whole_game_with_piped_input_its_record_replayed_and_its_save_resumed_exactly(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    moves, finished = user_script()
    assert moves[-1] == "f" and len(moves) >= 3  # the user folds: every game ends with everyone folded
    first_hand = sorted(card_name(card) for card in table()[0].hands[0])
    not_held = next(f"{number}{color}" for number in range(1, 15) for color in "rxyg"
                    if f"{number}{color}" not in first_hand)  # fmt: skip
    record = tmp_path / "donkey.jsonl"
    bad = ["", "xyzzy", "pass", "pass 99q", "pass 7r 8r", "f", "n", f"pass {not_held}", "fold now", "pass rook"]
    review = ["hand", "count", "rules", "help", "hint", "legal", "turn"]
    half = 2
    script = [*bad, *review, *moves[:half], "quit"]
    status, said, err = rook(monkeypatch, capsys, [*ARGS, "--record", str(record)], script)
    assert (status, err) == (0, "")
    assert said[0] == "Donkey, 4 players: get four of one number, then fold your hands."
    assert said[2].startswith("Your hand: ") and re.fullmatch(r"Your hand: [0-9rxyg; ]+\.", said[2])
    refusals = [
        "Unknown command: xyzzy. Type help for the commands.",
        "Type pass and a card from your hand, like pass 7r.",
        "99q is not a card: type pass and a card, like pass 7r.",
        "Pass one card at a time, like pass 7r.",
        "There is nothing to let go: type pass and a card from your hand, like pass 7r.",
        "Not now: you fold when you hold four of a kind, or once someone has folded.",
        "This pack has no rook: type pass and a card, like pass 7r.",
    ]
    for refusal in refusals:
        assert said.count(refusal) == 1, refusal
    assert any(line.startswith("No: no one has four of a kind yet. Pass a card from your hand") for line in said)
    assert any(line == f"No: you hold no {not_held}. Pass a card from your hand, like pass {first_hand[0]}."
               or line.startswith(f"No: you hold no {not_held}.") for line in said)  # fmt: skip
    assert any(line.startswith("Round 1.") for line in said) and "Cards: you 14, West 14, North 14, East 14." in said
    assert any(line.startswith("Pass ") and ": you hold " in line for line in said)  # the hint
    assert any(line.startswith("Get four cards of one number.") for line in said)  # rules
    assert "Your turn to pass a card." in said
    passes = [line for line in said if line.startswith("You pass ")]
    assert passes[0] == f"You pass {moves[0].split()[1]} to West." and len(passes) == half
    assert all(line.startswith("You get ") for line in (said[said.index(line) + 1] for line in passes))
    assert not any(re.match(r"(West|North|East) passes ", line) for line in said)  # others' cards are not told
    assert said[-1] == "Game saved. Goodbye. To go on later: rook-access --resume."
    (path,) = save_paths()
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["setup"]["variant"] == "donkey" and saved["setup"]["options"] == {"players": PLAYERS}
    assert [action_from_json(action) for action in saved["actions"] if action["seat"] == 0] == [
        (0, Pass(parse(move))) for move in moves[:half]
    ]
    rebuilt = read_save(path)
    assert rebuilt is not None
    first_part = record.read_bytes()
    assert first_part.decode().splitlines(keepends=True) == record_lines_of(
        rebuilt.state.events, record_extra(rebuilt.setup)
    )
    (entry,) = find_saves()
    assert describe(entry, time.time()).startswith(f"Donkey, round {half + 1}, saved today at")

    # --resume: the game goes on from where it stopped, to its end, the user folding when asked.
    status, said, err = rook(monkeypatch, capsys, ["--resume"], moves[half:])
    assert (status, err) == (0, "")
    assert said[0] == "Resuming Donkey." and said[1].startswith("Your hand: ")
    assert save_paths() == []  # a finished game's save is deleted
    assert "Fold now: type f." in said or said.count("Fold now: type f.") == 0 and moves[-1] == "f"
    assert any(line.startswith("You fold your hands") for line in said)
    whole = record.read_bytes()
    assert whole.startswith(first_part)
    lines = record_of(record)
    assert [line["event"] for line in lines].count("game_start") == 1 and lines[-1]["event"] == "donkey_over"

    # The record replayed on a table made as the program makes it: the same events, line for line.
    over = finished.events[-1]
    assert isinstance(over, DonkeyOver)
    assert lines[-1] == {"event": "donkey_over", "winners": list(over.winners), "donkey": over.donkey,
                         "folds": list(over.folds), "rounds": over.rounds, "reason": over.reason}  # fmt: skip
    setup = GameSetup.create(["human", "computer", "computer", "computer"], seed=SEED, record=str(record),
                             variant="donkey", options={"players": PLAYERS})  # fmt: skip
    assert whole.decode().splitlines(keepends=True) == record_lines_of(finished.events, record_extra(setup))
    if over.donkey == 0:
        assert "You are the donkey: the last to fold." in said
    elif over.donkey is not None:
        assert f"{finished.names[over.donkey]} is the donkey: the last to fold." in said
    assert any(line.startswith("Game over: ") for line in said)
    folds = [event for event in finished.events if isinstance(event, CardPassed) and event.to == 0]
    assert sum(line.startswith("You get ") for line in said) == len(folds) - half


def parse(move: str) -> int:
    from rook_access.engine.cards import parse_card

    return parse_card(move.split()[1])


def test_a_fold_is_asked_for_and_only_f_or_fold_answers_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    moves, finished = user_script(seed=5)  # the user is the donkey in this game
    script = []
    colors = {"r": "red", "x": "black", "y": "yellow", "g": "green"}
    for index, move in enumerate(moves):
        if move == "f":
            script += ["pass 7r", "no", "f now", "fold"]
        elif index == 0:
            script.append(move.split()[1])  # the card alone passes it
        elif index == 1:
            card = move.split()[1]
            script.append(f"pass {card[:-1]} {colors[card[-1]]}")  # as the card is said in words
        else:
            script.append(move)
    args = ["--variant", "donkey", "--players", str(PLAYERS), "--seed", "5"]
    status, said, err = rook(monkeypatch, capsys, args, script)
    assert (status, err) == (0, "")
    assert finished.donkey == 0 and said[-2:] == [
        "You are the donkey: the last to fold.", "Run round the table three times, saying: I am slow, I am slow!"]
    assert "Fold now: type f." in said
    assert [line for line in said if line.startswith("You pass ")][:2] == [
        f"You pass {moves[0].split()[1]} to West.", f"You pass {moves[1].split()[1]} to West."]
    assert said.count("You must fold your hands now: press f.") == 2
    assert said.count("Type f alone to fold your hands.") == 1
    assert any(line.startswith("You fold your hands") for line in said)
    assert finished.is_over and save_paths() == []


def test_the_braille_verbosity_says_every_line_within_40_cells(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    moves, _ = user_script(players=8, seed=3)
    args = ["--variant", "donkey", "--players", "8", "--seed", "3", "--verbosity", "braille"]
    script = ["help", "hand", "count", "hint", "legal", "turn", *moves]
    status, said, err = rook(monkeypatch, capsys, args, script)
    assert (status, err) == (0, "")
    # the first line, cut where its phrases end, each phrase whole
    assert said[:3] == ["Donkey, 8 players:", "get four of one number,", "then fold your hands."]
    assert all(len(line) <= 40 for line in said), [line for line in said if len(line) > 40]
    assert any(line.startswith("You pass ") for line in said)


def test_two_players_at_one_keyboard_are_each_asked_by_name_and_hear_their_own_cards(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    moves, finished = user_script(players=3, seed=2, humans=2)
    args = ["--variant", "donkey", "--players", "3", "--seats", "human,human,computer", "--seed", "2"]
    status, said, err = rook(monkeypatch, capsys, args, moves)
    assert (status, err) == (0, "")
    assert said[2].startswith("South, pass a card to West: ")
    assert any(line.startswith("West, pass a card to East: ") for line in said)
    assert any(re.fullmatch(r"South passes \w+ to West\.", line) for line in said)
    assert any(re.fullmatch(r"West gets \w+ from South\.", line) for line in said)
    assert not any(line.startswith("East passes ") for line in said)  # the computer's card is not told
    assert not any(line.startswith(("You ", "Your ")) for line in said)
    assert finished.is_over and any(line.startswith("Game over: ") for line in said) and save_paths() == []


class TerminalLines(ScriptedLines):
    """Scripted lines that stand for a terminal, where Enter is a key."""

    interactive = True


def test_at_a_terminal_enter_alone_passes_no_card_but_makes_the_fold_that_is_a_must() -> None:
    moves, finished = user_script()
    state, seats = table()
    script = []
    for move in moves:
        script += ["", move] if move != "f" else [""]  # Enter before each pass does nothing; Enter folds
    lines = TerminalLines(script)
    channel = ListChannel()
    ConsoleGame(state, seats, lines, channel, sleep=lambda _: None).run()
    assert state.is_over and state.events == finished.events
    said = channel.lines
    assert "" not in said and not any(line.startswith("No:") for line in said)
    assert sum(line.startswith("You pass ") for line in said) == len(moves) - moves.count("f")
    assert "Fold now: type f." in lines.questions


def test_yes_after_did_you_mean_keeps_the_card_typed():
    """"pas 3r" is answered "Did you mean pass?"; yes then passes that very card, as "pass 3r" would."""
    lines, _ = user_script()
    first = lines[0]
    assert first.startswith("pass ")
    state, seats = table()
    channel = ListChannel()
    ConsoleGame(state, seats, ScriptedLines(["pas" + first[4:], "yes"]), channel).run()
    asked = next(index for index, line in enumerate(channel.lines) if "Did you mean pass?" in line)
    assert any(line.startswith(f"You pass {first.split()[1]}") or f"pass {first.split()[1]}" in line.lower()
               for line in channel.lines[asked + 1:]), channel.lines[asked:]


def test_help_in_the_braille_verbosity_says_when_to_fold_within_40_cells():
    from rook_access.announcer import Verbosity

    state, seats = table()
    channel = ListChannel()
    ConsoleGame(state, seats, ScriptedLines(["help"]), channel, verbosity=Verbosity.BRAILLE).run()
    start = next(index for index, line in enumerate(channel.lines) if line.startswith("Now: "))
    helped = channel.lines[start:start + 5]
    assert "f folds: four alike, or after a fold." in helped
    assert all(len(line) <= 40 for line in helped)
