"""Dixie Rook through the console: whole games for four and six (one in a real terminal), the cut said,
the record replayed by the engine, a saved game resumed exactly, and bad input refused in one line."""

from __future__ import annotations

import json

import pytest

from rook_access.engine import Deal, GameState
from rook_access.engine.notation import event_to_json
from rook_access.engine.rules import DIXIE, TableOptions, with_options
from tests.console.test_variant_console import variant_script
from tests.helpers.console import keyboard_moves, replay_moves, run_at_home, run_program, transcript
from tests.helpers.terminal import Terminal, answer_pauses_until_asked, screen_reader_safe

# Seeds whose first hand, played by basic players, ends in seven tricks each (five each for six): a cut.
CUT_SEEDS = {4: 7, 6: 2}


def rules_for(players: int):
    return with_options(DIXIE, TableOptions(players=players))


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
    win = "wins the cut." if players == 6 else "win the cut."  # "Southwest's side wins", "East-West win"
    assert len(cut) == 1 and cut[0].endswith(win) and len(cut[0]) < 140
    events = [json.loads(line) for line in record.read_text().splitlines()]
    assert events[0]["variant"] == "dixie" and events[0]["players"] == players
    cuts = [event for event in events if event["event"] == "cut"]
    assert len(cuts) == 1 and len(cuts[0]["cards"]) == players
    rebuilt = replay_moves(GameState(rules.replace(hands_limit=1), seed=seed), events)
    assert [event_to_json(event) for event in rebuilt.events[1:]] == events[1:]


def test_the_cut_in_the_braille_verbosity_fits_a_line():
    rules = rules_for(4)
    script = variant_script(rules, seed=CUT_SEEDS[4], hands=1)
    said, _ = transcript(rules, script, humans=range(4), seed=CUT_SEEDS[4], verbosity=_braille())
    cut = [line for line in said if line.startswith("Cut: ")]
    assert cut == [cut[0]] and len(cut[0]) <= 40 and cut[0].endswith(" win.")


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
    assert any(line.startswith("Bids go up in fives: 70 or 75") for line in said)  # bid 72
    assert [event for event in game.state.events if type(event).__name__ == "BidMade"][0].amount == 70


def test_a_table_of_five_is_refused_naming_four_or_six():
    done = run_program(["--variant", "dixie", "--players", "5"], "", timeout=30)
    assert done.returncode != 0
    assert "Dixie Rook is for 4 or 6 players, not 5." in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_a_saved_game_resumes_exactly(tmp_path):
    moves = keyboard_moves(5, "dixie", {"players": 4})
    args = ["--variant", "dixie", "--hands", "1", "--level", "easy", "--seed", "5"]
    whole = tmp_path / "whole.jsonl"
    done = run_at_home([*args, "--record", str(whole)], "\n".join(moves) + "\n", tmp_path / "a")
    assert done.returncode == 0 and "Game over." in done.stdout
    parts = tmp_path / "parts.jsonl"
    half = len(moves) // 2
    first = run_at_home([*args, "--record", str(parts)], "\n".join([*moves[:half], "quit"]) + "\n", tmp_path / "b")
    assert first.returncode == 0 and "Game saved." in first.stdout
    second = run_at_home(["--resume"], "\n".join(moves[half:]) + "\n", tmp_path / "b")
    assert second.returncode == 0 and "Game over." in second.stdout, second.stdout[-500:]
    assert parts.read_text() == whole.read_text()


@pytest.mark.xdist_group("real-time")
def test_a_whole_game_of_dixie_rook_in_a_terminal(tmp_path):
    moves = keyboard_moves(5, "dixie", {"players": 4})
    term = Terminal(["--variant", "dixie", "--hands", "1", "--level", "easy", "--seed", "5"], tmp_path)
    try:
        term.wait_for("Dixie Rook")
        for move in moves:
            answer_pauses_until_asked(term)
            before = term.screen().count("\nYou ")
            term.type(move)
            term.wait_for_count("\nYou ", before + 1, timeout=30)
        while "EXIT=0" not in term.screen():
            answer_pauses_until_asked(term, until="EXIT=0")
        screen = term.screen()
        assert "Game over." in screen and "Traceback" not in screen
        assert screen_reader_safe(screen)
    finally:
        term.close()


def test_the_deal_of_a_dixie_record_is_13_each_and_4_in_the_nest():
    deal = Deal.shuffled(DIXIE, 0, __import__("random").Random(1))
    assert [len(hand) for hand in deal.hands] == [13] * 4 and len(deal.nest) == 4
