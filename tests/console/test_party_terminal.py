"""A progressive party of two tables played to its end in a real terminal (tmux), typed as a person would:
every move at the user's table, Enter to start the second round, and the final standings."""

from __future__ import annotations

import dataclasses
import json
import time

import pytest

from rook_access.parties import PartySetup
from tests.helpers.console import run_program
from tests.helpers.party import party_moves
from tests.helpers.terminal import Terminal, screen_reader_safe

# Real time at a terminal: one after another on one pytest-xdist worker, never side by side.
pytestmark = pytest.mark.xdist_group("real-time")


def _last_line(term: Terminal) -> str:
    screen = term.screen()
    return screen.splitlines()[-1] if screen else ""


def _wait_asked(term: Terminal, timeout: float = 60.0) -> str:
    """Wait until the last line asks something (a move, or Enter for the next round) or the program ends."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        last = _last_line(term)
        if last.startswith(("Your ", "Press Enter to start round")) or "EXIT=" in last:
            return last
        time.sleep(0.05)
    raise AssertionError(f"no question came; the screen shows:\n{term.screen()[-1500:]}")


def test_a_party_of_two_tables_played_to_its_end_in_a_terminal(tmp_path):
    moves = party_moves(PartySetup(variant="dixie", tables=2, rounds=2, level="easy", seed=5))
    args = ["--party", "2", "--party-rounds", "2", "--level", "easy", "--seed", "5"]
    args += ["--pacing", "delay", "--delay", "0"]
    term = Terminal(args, tmp_path, width=250)
    try:
        term.wait_for("A progressive party of Dixie Rook: 2 tables of four, 2 rounds of 4 hands.", timeout=20)
        pending = list(moves)
        started_round_two = False
        while pending:
            last = _wait_asked(term)
            assert "EXIT=" not in last, term.screen()[-1500:]
            if last.startswith("Press Enter to start round 2."):
                screen = term.screen()
                assert "You win 50" in screen or "You lose" in screen
                said = screen.count("Standings after round 1: 1 ")
                assert said >= 1
                term.type("repeat")  # the round's results said again
                term.wait_for_count("Standings after round 1: 1 ", said + 1)
                term.type("rules")
                term.wait_for("The partners with more points get 50 each and move up a table")
                # rules says the next round's table too, once; the round itself says it again.
                term.wait_for_count("Round 2 of 2: you play at table ", 1)
                term.keys("Enter")
                term.wait_for_count("Round 2 of 2: you play at table ", 2, timeout=20)
                started_round_two = True
                continue
            before = term.screen().count("\n")
            term.type(pending.pop(0))
            term.wait_for_count("\n", before + 1, timeout=30)  # answered: the question is no longer the last line
        term.wait_for("EXIT=0", timeout=60)
        screen = term.screen()
        assert started_round_two
        assert "The party is over: you " in screen and "Standings after round 2: 1 " in screen
        assert "Traceback" not in screen and screen_reader_safe(screen)
        assert not list((tmp_path / "data" / "saves").glob("*.json"))  # the party is over: its save is gone
    finally:
        term.close()


def test_the_party_is_the_last_choice_of_the_first_start_list(tmp_path):
    term = Terminal(["--level", "easy", "--seed", "5"], tmp_path, width=250, game_chosen=False)
    try:
        screen = term.wait_for("Which game?", timeout=20)
        party = next(line for line in screen.splitlines() if ". party: a progressive party" in line)
        number = party.split(".")[0]
        term.wait_for("Type a number from 1 to ")
        term.type(number)
        term.wait_for("How many tables of four, 2 to 6? Enter for 2.")
        term.type("9")
        term.wait_for("9 is not a number of tables here. Type a number from 2 to 6, or press Enter for 2.")
        term.type("3")
        term.wait_for("A progressive party of Dixie Rook: 3 tables of four, 4 rounds of 4 hands.", timeout=20)
        term.wait_for("Round 1 of 4: you play at table 1 of 3.")
        _wait_asked(term)
        term.type("quit")
        term.wait_for("EXIT=0", timeout=20)
        (save,) = (tmp_path / "data" / "saves").glob("*.json")
        assert '"party":{"setup":{"variant":"dixie","tables":3' in save.read_text()
        assert "Traceback" not in term.screen()
    finally:
        term.close()


def test_quit_between_rounds_keeps_the_party_and_resume_starts_the_next_round(tmp_path):
    setup = PartySetup(variant="dixie", tables=2, rounds=2, level="easy", seed=5)
    moves = party_moves(setup)
    first_round = len(party_moves(dataclasses.replace(setup, rounds=1)))
    args = ["--party", "2", "--party-rounds", "2", "--level", "easy", "--seed", "5"]
    term = Terminal([*args, "--pacing", "delay", "--delay", "0"], tmp_path, width=250)
    try:
        for move in moves[:first_round]:
            _wait_asked(term)
            before = term.screen().count("\n")
            term.type(move)
            term.wait_for_count("\n", before + 1, timeout=30)
        assert _wait_asked(term).startswith("Press Enter to start round 2.")
        term.type("next")
        term.wait_for("Press Enter to start round 2; repeat says the results again, rules the party's rules, quit ")
        term.type("quit")
        term.wait_for("EXIT=0", timeout=20)
        assert "Game saved. Goodbye. To go on later: rook-access --resume." in term.screen()
    finally:
        term.close()
    (save,) = (tmp_path / "data" / "saves").glob("*.json")
    party = json.loads(save.read_text())["party"]
    assert len(party["rounds"]) == 1 and json.loads(save.read_text())["actions"] == []
    environment = {"ROOK_ACCESS_DATA_DIR": str(tmp_path / "data"), "ROOK_ACCESS_CONFIG_DIR": str(tmp_path / "config")}
    done = run_program(["--resume"], "\n".join(moves[first_round:]) + "\n", timeout=120, environment=environment)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[:2] == ["Resuming the progressive party of Dixie Rook.", "Round 2 of 2: you play at table 1 of 2."]
    assert out[-2].startswith("The party is over: you ")
    assert not list((tmp_path / "data" / "saves").glob("*.json"))
