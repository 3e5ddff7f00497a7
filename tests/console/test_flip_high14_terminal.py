"""Whole games of Flip and High 14 played in a real terminal (tmux), typed as a person would.

Each game is one hand against easy computer players.  South's cards are the
ones the rule-based player would play, found by playing the same game in
this process first (the computer players' seeds come from the game's seed).
Before the first card the test asks for a review, a hint, the rules and
trump, and plays a card that does not follow: one line each, nothing changed.
"""

from __future__ import annotations

import time

import pytest

from rook_access.console.session import LAST_LOOK_NEW
from rook_access.players import BasicPlayer
from rook_access.saves import GameSetup, make_table
from tests.helpers.terminal import Terminal, screen_reader_safe

# Real time at a terminal: one after another on one pytest-xdist worker, never side by side.
pytestmark = pytest.mark.xdist_group("real-time")

QUESTIONS = ("Your lead, ", "Your play, ")


def south_moves(variant: str, players: int, seed: int) -> tuple[list[str], list]:
    """South's moves in the game, as the easy player makes them, and the game played to its end."""
    seats = ["human"] + ["computer"] * (players - 1)
    setup = GameSetup.create(seats, level="easy", seed=seed, hands=1, variant=variant, options={"players": players})
    state, computers = make_table(setup)
    south = BasicPlayer(0)
    moves = []
    while not state.is_over:
        seat = state.turn
        action = (computers[seat] or south).choose(state.view(seat))
        if computers[seat] is None:
            moves.append(str(action).removeprefix("play "))
        state.apply(action, seat)
    return moves, state.events


def asked(screen: str) -> int:
    return sum(screen.count(question) for question in QUESTIONS)


def wait_asked(term: Terminal, count: int, timeout: float = 30.0) -> str:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = term.screen()
        if asked(screen) >= count or "EXIT=" in screen:
            return screen
        time.sleep(0.05)
    raise AssertionError(f"question {count} did not come; the screen shows:\n{term.screen()[-2000:]}")


def not_following(events, variant: str) -> str | None:
    """A card South holds that does not follow the color led, the first time South follows and holds one."""
    from rook_access.engine import CardPlayed, Dealt, TrickTaken, card_color, card_name, card_number

    dealt = next(event for event in events if isinstance(event, Dealt))
    held = set(dealt.hands[0])
    trick: list[int] = []
    for event in events:
        if isinstance(event, CardPlayed):
            if event.seat == 0:
                if trick and any(card_color(card) == card_color(trick[0]) for card in held):
                    wrong = [card for card in held if card_color(card) != card_color(trick[0])
                             and not (variant == "high-14" and card_number(card) == 14)]
                    if wrong:
                        return card_name(min(wrong))
                held.discard(event.card)
            trick.append(event.card)
        elif isinstance(event, TrickTaken):
            trick = []
    return None


@pytest.mark.parametrize(("variant", "players", "seed"), [("flip", 3, 5), ("high-14", 4, 6)])
def test_a_whole_game_typed_at_a_terminal(tmp_path, variant: str, players: int, seed: int):
    moves, events = south_moves(variant, players, seed)
    wrong = not_following(events, variant)
    term = Terminal(["--variant", variant, "--players", str(players), "--hands", "1", "--level", "easy",
                     "--seed", str(seed), "--pacing", "delay", "--delay", "0"], tmp_path)
    try:
        screen = wait_asked(term, 1)
        lines = screen.splitlines()
        if variant == "flip":
            assert any(line.startswith("Hand 1. ") and line.endswith(
                " deals; 2 cards face down in the center for the first trick's taker.") for line in lines), screen
        else:
            assert any(" cuts the pack and shows " in line and ": trump is " in line for line in lines), screen
        term.type("trump")
        term.wait_for("There is no trump in this game." if variant == "flip" else "from the card cut,")
        term.type("rules")
        term.wait_for("takes the trick." if variant == "flip" else "a 14 may be played at any time.")
        term.type("hint")
        term.wait_for("\nPlay ")
        term.type("hand")
        term.wait_for("Your hand, ")
        extra = 0  # questions asked again after a review or a refusal
        refused = False
        for number, move in enumerate(moves, 1):
            screen = wait_asked(term, 1 + 4 + extra + number - 1)  # the first question, then one per command
            following = screen.rstrip().splitlines()[-2:]
            if wrong is not None and not refused and any(line.startswith("Your play, ") for line in following):
                refused = True
                term.type(wrong)
                rule = "must follow" if variant == "flip" else "or play a 14:"
                screen = term.wait_for(rule)
                said = [line for line in screen.splitlines() if rule in line]
                assert len(said) == 1 and said[0].startswith("You must follow"), said
                extra += 1
                wait_asked(term, 1 + 4 + extra + number - 1)
            term.type(move)
        # The last look: the finished game answers review before Enter leaves.
        term.wait_for(LAST_LOOK_NEW, timeout=60)
        term.type("review")
        term.wait_for_count("Press Enter to leave", 2, timeout=30)
        term.type("")
        screen = term.wait_for("EXIT=", timeout=60)
    finally:
        term.close()
    assert "EXIT=0" in screen, screen[-3000:]
    assert wrong is not None and refused  # the deals are chosen so that South holds a card that does not follow
    assert "Traceback" not in screen and screen_reader_safe(screen)
    after = screen.split(f"{LAST_LOOK_NEW} review", 1)[1]
    assert after.lstrip().startswith("Hand 1"), after[:500]  # review's answer, about the hand just ended
    shown = [line for line in screen.splitlines() if line]
    assert any(line.startswith("Game over.") for line in shown)
    assert any(line.startswith("Hand 1 over.") for line in shown)
    if variant == "flip":
        assert any(line.startswith("Hand 1 over. Against:") for line in shown)
        assert any(line.startswith("Game over.") and "fewest points against" in line for line in shown)
    said = [line for line in shown if " takes the center's " in line]
    assert len(said) == (1 if 56 % players else 0), said  # the center's cards, named as they are taken
    assert sum(line.startswith(("You play ", "You lead ", "You trump ")) for line in shown) == len(moves)
