"""Rook for 3 to 8 and Partnership Rook (1913) through the program: flags, scripted games, records
that replay, saves that resume exactly, bad input, and whole games typed at a real terminal (tmux)."""

from __future__ import annotations

import json
import re
import time

import pytest

from rook_access.announcer.rules_summary import rules_summary
from rook_access.console import cli
from rook_access.engine import PASS, Bid, GameState, NameTrump, Play, parse_card, parse_color
from rook_access.engine.events import OddCardsTaken
from rook_access.engine.games import find_game, trick_rules
from rook_access.engine.notation import event_to_json
from rook_access.engine.protocol import TableSetup
from rook_access.players import BasicPlayer, make_player
from rook_access.saves import GameSetup, make_table
from tests.helpers.console import run_program
from tests.helpers.terminal import Terminal, screen_reader_safe
from tests.saves.test_resume import locks_in, run, saves_in

TABLES = [
    ("rook-1913", ["--players", "5"]),
    ("rook-1913", ["--players", "8"]),
    ("partnership-1913", []),
    ("partnership-1913", ["--players", "6", "--sides", "3"]),
]


def rules_of(variant: str, flags: list[str]):
    options = {flag[2:]: int(value) for flag, value in zip(flags[::2], flags[1::2], strict=True)}
    return trick_rules(TableSetup(variant, tuple(options.items())))


def basic_script(rules, seed: int, hands: int, humans: set[int] | None = None) -> list[str]:
    """The lines the keyboard seats type (every seat, or ``humans``) for the basic player's moves, with
    a review command now and then; computer seats are the easy players the program makes."""
    rules = rules.replace(hands_limit=hands)
    setup = GameSetup.create(
        ["human" if humans is None or seat in humans else "computer" for seat in range(rules.players)],
        level="easy", seed=seed, hands=hands, variant=rules.name, options=_options(rules),
    )
    state, players = make_table(setup)
    stand_ins = [BasicPlayer(seat) for seat in range(rules.players)]
    lines = ["rules"]
    while not state.is_over:
        seat = state.turn
        action = (players[seat] or stand_ins[seat]).choose(state.view(seat))
        if players[seat] is None:
            if state.phase.value == "play" and len(state.tricks) % 5 == 0:
                lines.append("hand")
            lines.append(str(action))
        state.apply(action, seat)
    return lines + ["score"]


def _options(rules) -> dict[str, int]:
    options = {"players": rules.players}
    if rules.teams.value == "fixed":
        options["sides"] = len(rules.partnerships)
    return options


def replay(events: list[dict]) -> GameState:
    """The game a record describes, rebuilt from its first line and its moves by a fresh engine."""
    start = events[0]
    options = {"players": start["players"], "hands": start["hands"]}
    if start["sides"] is not None:
        options["sides"] = len(start["sides"])
    rules = trick_rules(TableSetup(start["variant"], tuple(options.items())))
    state = GameState(rules, seed=start["seed"])
    for event in events[1:]:
        kind = event["event"]
        if kind == "bid":
            state.apply(PASS if event["amount"] is None else Bid(event["amount"]), event["seat"])
        elif kind == "trump":
            state.apply(NameTrump(parse_color(event["color"])), event["seat"])
        elif kind == "play":
            state.apply(Play(parse_card(event["card"])), event["seat"])
    return state


# --- the flags -------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("flags", "message"),
    [
        (["--variant", "rook-1913", "--players", "9"],
         "Rook for 3 to 8 Players is for 3 to 8 players, not 9."),
        (["--variant", "partnership-1913", "--players", "5"], "Partnership Rook is for 4 or 6 players, not 5."),
        (["--variant", "partnership", "--players", "4"],
         "The Original Rook Partnership Game is for 4 players only: --players is for a game of several table sizes."),
        (["--variant", "three", "--players", "5"],
         "The Game for 3 Players is for 3 players only: --players is for a game of several table sizes."),
        (["--variant", "partnership-1913", "--sides", "3"],
         "Partnership Rook for 4 is played in 2 sides, not 3; three sides of two need 6 players."),
        (["--variant", "rook-1913", "--sides", "3"], "Rook for 3 to 8 Players has no sides to choose; --sides: "),
        (["--variant", "display", "--sides", "3"], "Display Rook has no sides to choose; --sides: Partnership Rook"),
        (["--variant", "rook-1913", "--players", "6", "--seats", "human,computer"],
         "Rook for 3 to 8 Players needs 6 seats, each human or computer"),
    ],
)
def test_a_table_the_game_does_not_have_is_refused_in_one_line(flags, message):
    done = run_program([*flags, "--seed", "1"], "quit\n")
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"rook-access: {message}"), lines


def test_the_games_are_listed_with_their_table_sizes(capsys):
    assert cli.main(["--list-variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[10] == (
        "11. rook-1913: Rook for 3 to 8 Players (1913): 3 to 8 players (--players, default 4), each for "
        "themselves, no nest, to 150."
    )
    assert lines[11].startswith("12. partnership-1913: Partnership Rook (1913): 4 or 6 players")
    assert find_game("rook-1913").seats_at({"players": 7}) == 7 and find_game("rook-1913").seats_at({}) == 4


# --- whole scripted games, their records replayed ------------------------------------------------
@pytest.mark.parametrize(("variant", "flags"), TABLES, ids=[f"{v}{''.join(f)}" for v, f in TABLES])
def test_a_scripted_game_at_the_console_records_a_game_the_engine_replays(tmp_path, variant, flags):
    rules = rules_of(variant, flags)
    seats = ",".join(["human"] * rules.players)
    script = basic_script(rules, seed=11, hands=2)
    record = tmp_path / "game.jsonl"
    done = run_program(
        ["--variant", variant, *flags, "--seats", seats, "--seed", "11", "--hands", "2", "--record", str(record)],
        "\n".join(script) + "\n",
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert "Traceback" not in done.stdout + done.stderr
    assert any(line.startswith("Game over.") for line in out), out[-10:]
    assert not any(line.startswith(("Unknown command", "You do not hold", "You must follow")) for line in out)
    assert rules_summary(rules)[0] in out  # the rules command: the game and its players
    assert "The dealer bids first and must bid; then each player to the left raises by 5 or more, or passes." in out
    events = [json.loads(line) for line in record.read_text().splitlines()]
    start = events[0]
    assert start["variant"] == variant and start["players"] == rules.players
    assert start["seat_names"] == list(rules.names) and start["min_bid"] == 5 and start["max_bid"] == 100
    deals = [event for event in events if event["event"] == "deal"]
    assert [len(hand) for hand in deals[0]["hands"]] == list(rules.dealt_sizes(deals[0]["dealer"]))
    assert deals[0]["nest"] == [] and deals[1]["dealer"] == (deals[0]["dealer"] + 1) % rules.players
    odd = [event for event in events if event["event"] == "odd_cards"]
    assert len(odd) == (2 if rules.odd_cards else 0)
    ends = [event for event in events if event["event"] == "hand_end"]
    assert len(ends) == 2 and all(sum(end["counters"]) == 100 for end in ends)
    assert all(("tricks" in end) is bool(rules.most_tricks_bonus) for end in ends)
    rebuilt = replay(events)
    assert rebuilt.is_over
    ours = [event_to_json(event) for event in rebuilt.events]
    assert ours[1:] == events[1:]
    assert {key: value for key, value in events[0].items() if key not in ("seats", "seed")} == ours[0]


# --- saves ---------------------------------------------------------------------------------------
@pytest.mark.parametrize(("variant", "flags"), [TABLES[0], TABLES[3]], ids=["rook-1913-5", "partnership-1913-6x3"])
def test_a_game_saved_and_resumed_many_times_is_the_game_never_interrupted(tmp_path, variant, flags):
    rules = rules_of(variant, flags)
    seats = ",".join(["human"] + ["computer"] * (rules.players - 1))
    script = basic_script(rules, seed=6, hands=1, humans={0})[1:-1]
    base = ["--variant", variant, *flags, "--seats", seats, "--level", "easy", "--hands", "1", "--seed", "6"]
    whole = tmp_path / "whole.jsonl"
    done = run(base + ["--record", str(whole)], "\n".join(script) + "\n", tmp_path / "a")
    assert done.returncode == 0 and "Game over." in done.stdout, done.stdout[-500:]
    pieces = tmp_path / "pieces.jsonl"
    home = tmp_path / "b"
    first = run(base + ["--record", str(pieces)], "", home)
    assert "End of input. Game saved." in first.stdout
    cuts = [0, 1, 3, 6, len(script)]
    for begin, end in zip(cuts, cuts[1:], strict=False):
        done = run(["--resume"], "".join(line + "\n" for line in script[begin:end]), home)
        assert done.returncode == 0, done.stderr
        assert "Resuming the game: hand 1." in done.stdout
    assert "Game over." in done.stdout
    assert pieces.read_text() == whole.read_text()
    assert saves_in(home) == [] and locks_in(home) == []


def test_a_saved_game_rebuilds_to_the_same_state(tmp_path):
    from rook_access.saves import read_save, write_save

    setup = GameSetup.create(["human"] + ["computer"] * 6, level="easy", seed=9, hands=1, variant="rook-1913",
                             options={"players": 7})
    state, players = make_table(setup)
    actions = []
    stand_in = BasicPlayer(0)
    while len(actions) < 30:
        seat = state.turn
        action = (players[seat] or stand_in).choose(state.view(seat))
        state.apply(action, seat)
        actions.append((seat, action))
    write_save(tmp_path / "game.json", setup, actions, 0)
    saved = read_save(tmp_path / "game.json")
    assert saved is not None and saved.setup.options == {"players": 7}
    assert [event_to_json(e) for e in saved.state.events] == [event_to_json(e) for e in state.events]
    assert saved.state.view(0) == state.view(0)


# --- bad input -----------------------------------------------------------------------------------
def test_bad_bids_and_cards_get_one_line_naming_what_is_allowed_and_change_nothing(tmp_path):
    """South deals the first hand of seed 2 (4 players): the dealer opens and may not pass."""
    setup = GameSetup.create(["human", "computer", "computer", "computer"], level="easy", seed=2, hands=1,
                             variant="rook-1913")
    state, _ = make_table(setup)
    assert state.dealer == 0, "seed 2 has South deal"
    typed = ["pass", "bid 7", "bid 0", "bid 105", "bid 15"]
    record = tmp_path / "game.jsonl"
    done = run_program(
        ["--variant", "rook-1913", "--seed", "2", "--hands", "1", "--level", "easy", "--record", str(record)],
        "\n".join(typed) + "\nquit\nyes\n",
    )
    out = done.stdout.splitlines()
    assert "Your opening bid, as dealer: 5 to 100." in out
    after = out[out.index("Your opening bid, as dealer: 5 to 100.") + 1 :]
    assert after[:4] == [
        "The dealer opens the bidding and may not pass: you bid 5 to 100 in fives.",
        "Bids go up in fives: 5 or 10.",  # bid 7: the bids either side
        "The first bid is at least 5: 5 to 100 in fives.",
        "The highest bid is 100: bid 5 to 100 in fives.",
    ]
    assert after[4] == "You bid 15."
    bids = [json.loads(line) for line in record.read_text().splitlines() if '"event":"bid"' in line]
    assert bids[0] == {"event": "bid", "seat": 0, "amount": 15}  # the refused lines changed nothing


def test_a_card_that_does_not_follow_is_refused_naming_the_cards_that_do():
    for seed in range(30):  # the first seed where South, second to play, holds a card that does not follow
        setup = GameSetup.create(["human", "computer", "computer"], level="easy", seed=seed, hands=1,
                                 variant="rook-1913", options={"players": 3})
        state, players = make_table(setup)
        typed = []
        stand_in = BasicPlayer(0)
        while state.turn != 0 or state.phase.value != "play" or not state.trick_cards:
            seat = state.turn
            action = (players[seat] or stand_in).choose(state.view(seat))
            if seat == 0:
                typed.append(str(action))
            state.apply(action, seat)
        legal = state.legal_cards()
        wrong = [card for card in state.hand(0) if card not in legal]
        if wrong:
            break
    assert wrong
    done = run_program(
        ["--variant", "rook-1913", "--players", "3", "--seed", str(seed), "--hands", "1", "--level", "easy",
         "--output", "plain"],
        "\n".join([*typed, str(Play(wrong[0])), "quit", "yes"]) + "\n",
    )
    refusals = [line for line in done.stdout.splitlines() if line.startswith("You must follow")]
    assert len(refusals) == 1 and refusals[0].endswith(".")
    named = refusals[0].split(": ", 1)[1].rstrip(".").split(", ")
    assert sorted(parse_card(card) for card in named) == sorted(legal)


# --- a whole game at a real terminal ------------------------------------------------------------
QUESTIONS = ("Your opening bid", "Your bid:", "Your trump:", "Your lead,", "Your play,", "Press Enter to leave")


def answer(question: str) -> str:
    """What a person types to a question: the least bid, pass, red, or the first card listed."""
    if question.startswith("Your opening bid"):
        return "bid " + re.search(r": (\d+) to", question).group(1)
    if question.startswith("Your bid:"):
        return "pass"
    if question.startswith("Your trump:"):
        return "trump red"
    if question.startswith("Press Enter to leave"):  # the last look, after the game's end
        return ""
    first = re.split(r", |\. ?", question.split(": ", 1)[1])[0]  # "11 black" at a terminal, for a screen reader
    number, _, color = first.partition(" ")
    return number + {"red": "r", "black": "x", "yellow": "y", "green": "g"}[color] if color else first


def question_count(screen: str) -> int:
    return sum(line.startswith(QUESTIONS) for line in screen.splitlines())


@pytest.mark.xdist_group("real-time")
@pytest.mark.parametrize(
    "flags",
    [["--variant", "rook-1913", "--players", "3"], ["--variant", "partnership-1913"]],
    ids=["rook-1913-3", "partnership-1913"],
)
def test_a_whole_game_typed_at_a_terminal(tmp_path, flags):
    term = Terminal([*flags, "--seed", "4", "--hands", "1", "--level", "easy", "--pacing", "delay", "--delay", "0"],
                    tmp_path)
    typed = 0
    try:
        while True:
            deadline = time.monotonic() + 30
            screen = term.screen()
            while question_count(screen) <= typed and "EXIT=" not in screen:
                assert time.monotonic() < deadline, screen[-2000:]
                time.sleep(0.05)
                screen = term.screen()
            if "EXIT=" in screen:
                break
            question = [line for line in screen.splitlines() if line.startswith(QUESTIONS)][-1]
            term.type(answer(question))
            typed += 1
    finally:
        term.close()
    assert "EXIT=0" in screen, screen[-2000:]
    assert "Traceback" not in screen and screen_reader_safe(screen)
    lines = screen.splitlines()
    assert any(line.startswith("Game over.") for line in lines) and typed >= 10
    assert not any(line.startswith(("You must", "You do not", "Bids go", "The dealer opens")) for line in lines)


def test_computer_players_of_every_level_play_whole_games_at_every_table_size():
    for players in range(3, 9):
        rules = rules_of("rook-1913", ["--players", str(players)]).replace(hands_limit=1)
        for level in ("random", "easy", "normal"):
            state = GameState(rules, seed=players)
            seated = [make_player(level, seat) for seat in range(players)]
            while not state.is_over:
                seat = state.turn
                state.apply(seated[seat].choose(state.view(seat)), seat)
            assert sum(1 for event in state.events if isinstance(event, OddCardsTaken)) == (1 if rules.odd_cards else 0)


def test_the_table_size_is_a_setting_changed_in_a_game_for_the_next_one(tmp_path):
    """``settings players 6`` (any table option) in a game says its new value in one line; a size the
    next game is not for is left out when it starts, in a line naming the sizes and how to clear the setting."""
    typed = "settings players 2\nsettings target 500\nsettings ones on\nquit\nyes\n"
    done = run(["--variant", "rook-1913", "--seed", "2", "--level", "easy", "--output", "plain"], typed, tmp_path)
    lines = done.stdout.splitlines()
    assert done.returncode == 0 and "Traceback" not in done.stdout + done.stderr
    assert "Players is now 2, saved; it applies from the next game." in lines  # Tuxedo's two, not this game's
    assert "Target is now 500, saved; it applies from the next game." in lines
    assert "Ones is now on, saved; it applies from the next game." in lines
    again = run(["--variant", "rook-1913", "--seed", "2", "--output", "plain"], "", tmp_path)
    said = again.stdout.splitlines()
    assert again.returncode == 0 and again.stderr == "", again.stderr
    assert said[0] == (
        "Rook for 3 to 8 Players is for 3 to 8 players, not 2. Your setting players is left out of this game; "
        "settings players default clears it."
    )
    assert said[1].endswith("Your setting ones is left out of this game; settings ones default clears it.")
    assert said[2] == "Rook: Rook for 3 to 8 Players, 4 players, to 500 points.", said[:3]
