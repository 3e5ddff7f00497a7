"""A whole scripted game of every variant through the console, keyboard seats on standard input."""

from __future__ import annotations

import json
import re

import pytest

from rook_access.announcer.rules_summary import rules_summary
from rook_access.engine import BirdRank, GameState
from rook_access.engine.rules import VARIANTS, TableOptions, with_options
from rook_access.players import BasicPlayer
from tests.helpers.console import run_program


def variant_script(rules, seed: int, hands: int) -> list[str]:
    """The lines keyboard players type for every seat in a game of ``rules``: each move as the
    basic player would make it, with review commands between."""
    rules = rules.replace(hands_limit=hands)
    state = GameState(rules, seed=seed)
    players = [BasicPlayer(seat) for seat in range(rules.players)]
    lines: list[str] = ["rules"]
    while not state.is_over:
        seat = state.turn
        action = players[state.actor].choose(state.view(seat))
        lines += ["hand", str(action)] if state.phase.value == "play" and len(state.tricks) % 4 == 0 else [str(action)]
        state.apply(action, seat)
    lines += ["score"]
    return lines


CASES = [
    ("partnership", []),
    ("beginner", []),
    ("two", []),
    ("three", []),
    ("five", []),
    ("six", []),
    ("individual", []),
    ("kentucky", ["--bird-rank", "low", "--all-tricks-bonus", "50"]),
]


@pytest.mark.parametrize(("variant", "flags"), CASES, ids=[case[0] for case in CASES])
def test_a_scripted_game_of_every_variant_at_the_console(tmp_path, variant, flags):
    rules = VARIANTS[variant]
    if flags:
        rules = with_options(rules, TableOptions(bird_rank=BirdRank.LOW, all_tricks_bonus=50))
    seats = ",".join(["human"] * len(rules.people))
    script = variant_script(rules, seed=11, hands=2)
    record = tmp_path / "game.jsonl"
    done = run_program(
        ["--variant", variant, "--seats", seats, "--seed", "11", "--hands", "2", "--record", str(record), *flags],
        "\n".join(script) + "\n",
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    out = done.stdout.splitlines()
    assert any(line.startswith("Game over.") for line in out), out[-10:]
    assert not any(line.startswith(("Unknown command", "You do not hold", "You must follow")) for line in out)
    assert rules_summary(rules)[0] in done.stdout  # the rules command: the game and its players
    events = [json.loads(line) for line in record.read_text().splitlines()]
    start = events[0]
    assert start["event"] == "game_start" and start["variant"] == variant
    assert start["scoring"] == ("sides" if rules.scores_by_side else "players")
    assert start["seat_names"] == list(rules.names) and start["seats"] == ["human"] * len(rules.people)
    ends = [event for event in events if event["event"] == "hand_end"]
    assert len(ends) == 2
    for end in ends:
        assert len(end["scores"]) == len(rules.scorers) and len(end["score_change"]) == len(rules.scorers)
    assert events[-1]["event"] == "game_end" and events[-1]["scores"] == ends[-1]["scores"]


# ------------------------------------------------------------- each thing said once

from rook_access.announcer import Verbosity  # noqa: E402
from tests.helpers.console import moves_of, transcript  # noqa: E402

_LISTED = re.compile(r"^(?:Your|Dummy's|The dummy's) (?:hand|lead), \d+ cards?: (.*)\.$")
_BRAILLE_LISTED = re.compile(r"^(?:Hand|Lead|Dummy|Dummy: lead) ((?:\S+ )*\S+?)\.?$")


def _cards(line: str, braille: bool) -> frozenset[str] | None:
    match = (_BRAILLE_LISTED if braille else _LISTED).match(line)
    return frozenset(match.group(1).split()) if match else None


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variant_says_each_thing_once(variant):
    """No hand line just before a lead question with the same cards, the game's title once,
    and a move of the wrong part of the hand answered without the question again."""
    rules = VARIANTS[variant]
    for verbosity in Verbosity:
        braille = verbosity is Verbosity.BRAILLE
        for seed in (3, 4):
            moves = moves_of(rules, [0], seed)
            typed = [line for move in moves for line in (["pass", move] if move.startswith("play") else [move])]
            said, _ = transcript(rules, typed, seed=seed, verbosity=verbosity)
            for before, line in zip(said, said[1:], strict=False):
                if line.startswith(("Your lead", "Lead: ", "Dummy's lead", "Dummy: lead")):
                    earlier = _cards(before, braille)
                    assert earlier is None or earlier != _cards(line, braille), (before, line)
                assert before != line or not line, line
            if braille:  # the game's name first, fitted to 40 cells
                title = rules.title[:1].upper() + rules.title[1:]
                assert " ".join(said).count(title) == 1, said[:3]
            else:
                assert sum(rules.title in line for line in said) == 1
            # In the braille verbosity a refusal comes in lines of 40 cells: read them joined.
            refusals = re.findall(r"(?:The bidding is over|There is no bidding in this game)\. (Now [^.]*\.)",
                                  " ".join(said))  # fmt: skip
            assert refusals and set(refusals) <= {"Now lead a card.", "Now play a card.",
                                                  "Now lead a card for the dummy.", "Now play a card for the dummy."}
