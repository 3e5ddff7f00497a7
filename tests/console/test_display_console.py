"""Display Rook through the console: whole games (one in a real terminal) where the user deals and plays the
partner's displayed hand, or watches the own hand played by the partner; the record replayed; a saved game
resumed exactly; bad input refused in one line."""

from __future__ import annotations

import json
import time

import pytest

from rook_access.engine import GameState, HandDisplayed, card_color
from rook_access.engine.notation import event_to_json
from rook_access.engine.rules import DISPLAY
from rook_access.players import RandomPlayer
from rook_access.saves import GameSetup, make_table
from tests.console.test_variant_console import variant_script
from tests.helpers.console import (
    keyboard_moves,
    keyboard_seats_and_moves,
    replay_moves,
    run_at_home,
    run_program,
    transcript,
)
from tests.helpers.terminal import Terminal, answer_pauses_until_asked, screen_reader_safe


def setup_for(seed: int) -> GameSetup:
    return GameSetup.create(["human", "computer", "computer", "computer"], level="easy", seed=seed, hands=1,
                            variant="display")


def seed_where_dealer_is(dealer: int) -> int:
    """A seed whose one-hand game of easy computer players (as the command line makes it) ``dealer`` deals."""
    return next(seed for seed in range(200) if make_table(setup_for(seed))[0].dealer == dealer)


def test_a_whole_game_at_the_console_with_the_record_replayed(tmp_path):
    script = variant_script(DISPLAY, seed=3, hands=2)
    record = tmp_path / "game.jsonl"
    done = run_program(["--variant", "display", "--seats", "human,human,human,human", "--seed", "3", "--hands", "2",
                        "--record", str(record)], "\n".join(script) + "\n", timeout=120)
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert "Traceback" not in done.stdout + done.stderr and any(line.startswith("Game over.") for line in out)
    shown = [line for line in out if "'s hand is face up, " in line]
    assert len(shown) == 2 and all(line.count(";") >= 2 and len(line) < 120 for line in shown)
    assert "Made it with" not in done.stdout
    events = [json.loads(line) for line in record.read_text().splitlines()]
    displays = [event for event in events if event["event"] == "display"]
    assert [event["player"] for event in displays] == [e["dealer"] for e in events if e["event"] == "deal"]
    state = replay_moves(GameState(DISPLAY.replace(hands_limit=2), seed=3), events)
    assert [event_to_json(event) for event in state.events[1:]] == events[1:]


def test_the_user_who_deals_is_asked_for_the_partners_displayed_cards():
    seed = seed_where_dealer_is(0)
    moves = keyboard_moves(seed, "display")
    done = run_program(["--variant", "display", "--hands", "1", "--level", "easy", "--seed", str(seed)],
                       "\n".join(moves) + "\n", timeout=120)
    assert done.returncode == 0 and "Game over." in done.stdout, done.stdout[-800:]
    out = done.stdout.splitlines()
    shown = next(line for line in out if "hand is face up, " in line)
    assert shown.startswith("North's hand is face up, you play it: ")
    assert any(line.startswith(("North's play, ", "North's lead, ")) for line in out)


def test_when_the_partner_deals_the_users_hand_is_displayed_and_the_partners_plays_of_it_are_said_so():
    seed = seed_where_dealer_is(2)
    moves = keyboard_moves(seed, "display")
    done = run_program(["--variant", "display", "--hands", "1", "--level", "easy", "--seed", str(seed)],
                       "\n".join(moves) + "\n", timeout=120)
    assert done.returncode == 0 and "Game over." in done.stdout
    out = done.stdout.splitlines()
    shown = next(index for index, line in enumerate(out) if "hand is face up, " in line)
    assert out[shown].startswith("Your hand is face up, North plays it: ")
    after = out[shown:]
    assert not any(line.startswith(("Your play", "Your lead")) for line in after)  # the user watches
    assert not any(line.startswith(("You play ", "You trump ", "You lead ")) for line in after)  # not the user's choice
    partners = ("North plays your ", "North trumps with your ", "North leads your ")
    assert sum(line.startswith(partners) for line in after) == 14  # every card of the user's hand


def test_help_turn_and_dummy_speak_of_the_displayed_hand_the_user_plays():
    """The dealer may not pass, so help does not offer pass; the displayed hand has the dummy command; the
    turn is the user's, for North; the cards line has no Bird in a game without it."""
    seed = seed_where_dealer_is(0)
    moves = keyboard_seats_and_moves(seed, "display")
    first_north = next(index for index, (seat, _) in enumerate(moves) if seat == 2)
    typed = ["help", *(move for _, move in moves[:first_north]), "turn", "help", "help dummy", "dummy",
             *(move for _, move in moves[first_north:])]
    done = run_program(["--variant", "display", "--hands", "1", "--level", "easy", "--seed", str(seed)],
                       "\n".join(typed) + "\n", timeout=120)
    assert done.returncode == 0 and "Game over." in done.stdout, done.stdout[-800:]
    out = done.stdout.splitlines()
    assert "Moves now: bid N or a number alone." in out  # the dealer's opening bid: no pass
    turn = next(line for line in out if line.startswith("Your turn to "))
    assert turn in ("Your turn to play for North.", "Your turn to lead for North."), turn
    said = [line for line in out if line.startswith("To hear the game: ")]
    assert said and all("dummy" in line.split(", ") for line in said)
    dummy_help = next(line for line in out if line.startswith("dummy, short dm: "))
    assert "Not in" not in dummy_help and "Display Rook" in dummy_help
    cards = next(line for line in out if line.startswith("Cards are a number"))
    assert "Bird" not in cards and "rook" not in cards
    assert sum(line.startswith("North's hand is face up, you play it: ") for line in out) == 2


def test_a_saved_game_resumes_exactly(tmp_path):
    seed = seed_where_dealer_is(0)
    moves = keyboard_moves(seed, "display")
    args = ["--variant", "display", "--hands", "1", "--level", "easy", "--seed", str(seed)]
    whole, parts = tmp_path / "whole.jsonl", tmp_path / "parts.jsonl"
    assert run_at_home([*args, "--record", str(whole)], "\n".join(moves) + "\n", tmp_path / "a").returncode == 0
    half = len(moves) // 2 + 3  # past the display, while South plays North's cards
    first = run_at_home([*args, "--record", str(parts)], "\n".join([*moves[:half], "quit"]) + "\n", tmp_path / "b")
    assert "Game saved." in first.stdout
    second = run_at_home(["--resume"], "\n".join(moves[half:]) + "\n", tmp_path / "b")
    assert second.returncode == 0 and "Game over." in second.stdout, second.stdout[-500:]
    assert parts.read_text() == whole.read_text()
    # The resumed game says the hand face up on the table again, before the question.
    resumed = second.stdout.splitlines()
    before_the_question = resumed[: next(index for index, line in enumerate(resumed) if " legal: " in line)]
    assert any(line.startswith("North's hand is face up, you play it: ") for line in before_the_question), resumed[:8]


def test_a_card_that_does_not_follow_and_a_bid_not_in_fives_get_one_line_and_change_nothing():
    rules = DISPLAY.replace(hands_limit=1)
    seed = 4
    shadow = GameState(rules, seed=seed)
    players = [RandomPlayer(seat + 7) for seat in range(4)]
    lines: list[str] = []
    bad_card = None
    bad_bid_at = None
    while not shadow.is_over:
        seat, actor = shadow.turn, shadow.actor
        if actor == 0 and shadow.phase.value == "bidding" and bad_bid_at is None:
            bad_bid_at = len(lines)
            lines.append("bid 57")
        if actor == 0 and bad_card is None and shadow.trick_cards:
            lead = card_color(shadow.trick_cards[0])
            held = shadow.hand(seat)
            other = [card for card in held if card_color(card) != lead]
            if other and len(other) < len(held):
                bad_card = other[0]
                lines.append(f"play {__import__('rook_access').engine.card_name(bad_card)}")
        action = players[actor].choose(shadow.view(seat))
        if actor == 0:
            lines.append(str(action))
        shadow.apply(action, seat)
    assert bad_card is not None and bad_bid_at is not None
    said, game = transcript(DISPLAY, lines, seed=seed)
    assert any(line.startswith("Bids go up in fives") for line in said)
    follow = [line for line in said if "follow" in line.lower()]
    assert follow and all(len(line) < 120 for line in follow)
    assert [event_to_json(event) for event in game.state.events] == [event_to_json(event) for event in shadow.events]
    assert any(isinstance(event, HandDisplayed) for event in game.state.events)


@pytest.mark.xdist_group("real-time")
def test_a_whole_game_in_a_terminal_where_the_user_plays_the_displayed_hand(tmp_path):
    seed = seed_where_dealer_is(0)
    moves = keyboard_moves(seed, "display")
    args = ["--variant", "display", "--hands", "1", "--level", "easy", "--seed", str(seed)]
    term = Terminal(args, tmp_path, width=250)
    try:
        term.wait_for("Display Rook")
        for move in moves:
            answer_pauses_until_asked(term, until=("Your ", "North's "))  # the user's question, or North's
            before = term.screen().count("\nYou") + term.screen().count("\nNorth ")
            term.type(move)
            deadline = time.monotonic() + 30
            while term.screen().count("\nYou") + term.screen().count("\nNorth ") <= before:
                assert time.monotonic() < deadline, term.screen()[-1000:]
                time.sleep(0.05)
        while "EXIT=0" not in term.screen():
            answer_pauses_until_asked(term, until="EXIT=0")
        screen = term.screen()
        assert "Game over." in screen and "North's hand is face up, you play it" in screen
        assert "Traceback" not in screen and screen_reader_safe(screen)
    finally:
        term.close()



def test_a_card_typed_at_a_pause_while_the_partner_plays_the_users_hand_says_whose_hand_it_is():
    """Where the dealer (North) plays the user's face-up hand, a card typed at the pause after a trick got "First
    press Enter to go on." alone, and a newcomer did not see why no card was theirs to play."""
    from rook_access.console.session import GO_ON, PAUSED_MOVE

    rules = DISPLAY.replace(hands_limit=1)
    seed = next(seed for seed in range(200) if GameState(rules, seed=seed).dealer == 2)  # North deals
    said, _ = transcript(DISPLAY, ["pass", "9r", ""], seed=seed, interactive=True)
    paused = said.index(GO_ON)
    assert said[paused + 1] == f"North plays your hand this deal. {PAUSED_MOVE}"
    assert any(line.startswith("North plays your ") for line in said[:paused])
