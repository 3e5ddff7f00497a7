"""Dixie Rook through the console: whole games for four and six (one in a real terminal), the cut said,
the record replayed by the engine, a saved game resumed exactly, and bad input refused in one line."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from rook_access.engine import Bid, Deal, Discard, GameState, NameTrump, Pass, Play, parse_card, parse_color
from rook_access.engine.notation import event_to_json
from rook_access.engine.rules import DIXIE, TableOptions, with_options
from rook_access.players import BasicPlayer
from rook_access.saves import GameSetup, make_table
from tests.console.test_variant_console import variant_script
from tests.helpers.console import run_program, transcript
from tests.helpers.terminal import Terminal, screen_reader_safe

# Seeds whose first hand, played by basic players, ends in seven tricks each (five each for six): a cut.
CUT_SEEDS = {4: 7, 6: 2}


def rules_for(players: int):
    return with_options(DIXIE, TableOptions(players=players))


def replay(rules, seed: int, records: list[dict]) -> GameState:
    """The game the record describes, rebuilt move by move through a fresh engine from its seed."""
    state = GameState(rules, seed=seed)
    for record in records:
        kind = record["event"]
        if kind == "bid":
            state.apply(Pass() if record["amount"] is None else Bid(record["amount"]), record["seat"])
        elif kind == "nest" and "discarded" in record:
            state.apply(Discard(frozenset(parse_card(c) for c in record["discarded"])), record["seat"])
        elif kind == "trump":
            state.apply(NameTrump(parse_color(record["color"])), record["seat"])
        elif kind == "play":
            state.apply(Play(parse_card(record["card"])), record["seat"])
    return state


@pytest.mark.parametrize("players", [4, 6])
def test_a_whole_game_of_dixie_rook_with_the_cut_said_and_the_record_replayed(tmp_path, players):
    rules = rules_for(players)
    seed = CUT_SEEDS[players]
    script = variant_script(rules, seed=seed, hands=1)
    record = tmp_path / "game.jsonl"
    done = run_program(
        ["--variant", "dixie", "--players", str(players), "--seats", ",".join(["human"] * players),
         "--seed", str(seed), "--hands", "1", "--record", str(record)],
        "\n".join(script) + "\n",
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert "Traceback" not in done.stdout + done.stderr
    assert any(line.startswith("Game over.") for line in out), out[-10:]
    cut = [line for line in out if line.startswith("Equal tricks, so all cut: ")]
    assert len(cut) == 1 and cut[0].endswith("get the 20.") and len(cut[0]) < 140
    events = [json.loads(line) for line in record.read_text().splitlines()]
    assert events[0]["variant"] == "dixie" and events[0]["players"] == players
    cuts = [event for event in events if event["event"] == "cut"]
    assert len(cuts) == 1 and len(cuts[0]["cards"]) == players
    rebuilt = replay(rules.replace(hands_limit=1), seed, events)
    assert [event_to_json(event) for event in rebuilt.events[1:]] == events[1:]


def test_the_cut_in_the_braille_verbosity_fits_a_line():
    rules = rules_for(4)
    script = variant_script(rules, seed=CUT_SEEDS[4], hands=1)
    said, _ = transcript(rules, script, humans=range(4), seed=CUT_SEEDS[4], verbosity=_braille())
    cut = [line for line in said if line.startswith("Cut: ")]
    assert cut == [cut[0]] and len(cut[0]) <= 40 and cut[0].endswith("get 20.")


def _braille():
    from rook_access.announcer import Verbosity

    return Verbosity.BRAILLE


def _first_bidder_seed(rules) -> int:
    """A seed whose first hand South bids first (East deals)."""
    return next(seed for seed in range(100) if GameState(rules, seed=seed).dealer == 3)


def test_bad_bids_and_a_card_that_does_not_follow_get_one_line_naming_what_is_allowed():
    rules = DIXIE.replace(hands_limit=1)
    seed = _first_bidder_seed(rules)
    said, game = transcript(rules, ["bid 65", "bid 72", "bid 70"], seed=seed)
    assert "The first bid is at least 70." in said or any("at least 70" in line for line in said)
    assert any(line.startswith("Bids go up in fives: 70 or more") for line in said)
    assert [event for event in game.state.events if type(event).__name__ == "BidMade"][0].amount == 70


def test_a_table_of_five_is_refused_naming_four_or_six():
    done = run_program(["--variant", "dixie", "--players", "5"], "", timeout=30)
    assert done.returncode != 0
    assert "Dixie Rook is for 4 or 6 players, not 5." in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def keyboard_moves(seed: int, players: int = 4) -> list[str]:
    """South's moves, as the basic player would make them, in a one-hand game of Dixie Rook of easy computer
    players as ``--variant dixie --hands 1 --level easy --seed SEED`` makes it."""
    seats = ["human"] + ["computer"] * (players - 1)
    setup = GameSetup.create(seats, level="easy", seed=seed, hands=1, variant="dixie", options={"players": players})
    state, computers = make_table(setup)
    south = BasicPlayer(0)
    moves = []
    while not state.is_over:
        seat = state.turn
        player = computers[seat] or south
        action = player.choose(state.view(seat))
        if computers[seat] is None:
            moves.append(str(action))
        state.apply(action, seat)
    return moves


def run_at(args: list[str], text: str, home) -> subprocess.CompletedProcess[str]:
    """The program with its settings and saves in ``home`` (kept between runs, for a resume)."""
    env = dict(os.environ, ROOK_ACCESS_CONFIG_DIR=str(home / "config"), ROOK_ACCESS_DATA_DIR=str(home / "data"),
               PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "rook_access", *args], input=text, capture_output=True, text=True,
                          env=env, timeout=120)


def test_a_saved_game_resumes_exactly(tmp_path):
    moves = keyboard_moves(5)
    args = ["--variant", "dixie", "--hands", "1", "--level", "easy", "--seed", "5"]
    whole = tmp_path / "whole.jsonl"
    done = run_at([*args, "--record", str(whole)], "\n".join(moves) + "\n", tmp_path / "a")
    assert done.returncode == 0 and "Game over." in done.stdout
    parts = tmp_path / "parts.jsonl"
    half = len(moves) // 2
    first = run_at([*args, "--record", str(parts)], "\n".join([*moves[:half], "quit"]) + "\n", tmp_path / "b")
    assert first.returncode == 0 and "Game saved." in first.stdout
    second = run_at(["--resume"], "\n".join(moves[half:]) + "\n", tmp_path / "b")
    assert second.returncode == 0 and "Game over." in second.stdout, second.stdout[-500:]
    assert parts.read_text() == whole.read_text()


def _answer_pauses_until_asked(term: Terminal, until: str | tuple[str, ...] = "Your ") -> None:
    """Press Enter at each pause after a trick until the last line asks for a move (starts with ``until``),
    or the program has ended."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        last = term.screen().splitlines()[-1] if term.screen() else ""
        if last.startswith(until) or "EXIT=" in last:
            return
        if last.startswith("Press Enter to go on."):
            presses = term.screen().count("Press Enter to go on.")
            term.keys("Enter")
            term.wait_for_count("Press Enter to go on.", presses, timeout=5)
            time.sleep(0.1)
        time.sleep(0.05)
    raise AssertionError(f"no question came; the screen shows:\n{term.screen()[-1000:]}")


@pytest.mark.xdist_group("real-time")
def test_a_whole_game_of_dixie_rook_in_a_terminal(tmp_path):
    moves = keyboard_moves(5)
    term = Terminal(["--variant", "dixie", "--hands", "1", "--level", "easy", "--seed", "5"], tmp_path)
    try:
        term.wait_for("Dixie Rook")
        for move in moves:
            _answer_pauses_until_asked(term)
            before = term.screen().count("\nYou ")
            term.type(move)
            term.wait_for_count("\nYou ", before + 1, timeout=30)
        while "EXIT=0" not in term.screen():
            _answer_pauses_until_asked(term, until="EXIT=0")
        screen = term.screen()
        assert "Game over." in screen and "Traceback" not in screen
        assert screen_reader_safe(screen)
    finally:
        term.close()


def test_the_deal_of_a_dixie_record_is_13_each_and_4_in_the_nest():
    deal = Deal.shuffled(DIXIE, 0, __import__("random").Random(1))
    assert [len(hand) for hand in deal.hands] == [13] * 4 and len(deal.nest) == 4
