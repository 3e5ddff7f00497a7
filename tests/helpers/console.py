"""Running the console game from tests: in-process with scripted lines, or as a real program."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from rook_access.announcer import Verbosity
from rook_access.announcer.message import Message
from rook_access.console.session import ConsoleGame
from rook_access.engine import PARTNERSHIP, Action, Deal, GameState, Phase, RuleSet, SeatView, card_name, cards_in
from rook_access.engine.actions import Bid, Discard, NameTrump, Pass, Play
from rook_access.engine.cards import parse_card, parse_color
from rook_access.engine.deal import EXAMPLE_DEAL
from rook_access.players import BasicPlayer, make_player
from rook_access.record import RecordWriter
from rook_access.saves import GameSetup, make_table

FIXED_DEAL = EXAMPLE_DEAL


class ListChannel:
    """An output channel that keeps what it is told: the compact lines and the messages."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    def say(self, message: Message) -> None:
        self.messages.append(message)

    @property
    def lines(self) -> list[str]:
        return [message.compact for message in self.messages]


class ScriptedLines:
    """A LineSource that reads from a list and remembers the questions asked."""

    def __init__(self, lines: Iterable[str]) -> None:
        self.lines = list(lines)
        self.questions: list[str] = []

    def read(self, question: str, fresh: bool = True) -> str | None:
        self.questions.append(question)
        return self.lines.pop(0) if self.lines else None


def run_in_process(
    lines: Iterable[str],
    seats: str = "human,computer,computer,computer",
    seed: int = 1,
    deal: dict | None = None,
    rules: RuleSet = PARTNERSHIP,
    verbosity: Verbosity = Verbosity.NORMAL,
) -> tuple[list[str], list[dict], GameState, int]:
    """Play with scripted input; (output lines, record objects, final state, exit status)."""
    state = GameState(rules, seed=seed, first_deal=Deal.from_json(deal, rules) if deal else None)
    kinds = seats.split(",")
    players = [None if kind == "human" else make_player("easy", seed * 10 + seat) for seat, kind in enumerate(kinds)]
    channel = ListChannel()
    stream = io.StringIO()
    record = RecordWriter(stream)
    status = ConsoleGame(state, players, ScriptedLines(lines), channel, record, verbosity=verbosity).run()
    output = channel.lines
    records = [json.loads(line) for line in stream.getvalue().splitlines()]
    return output, records, state, status


def basic_moves(deal: dict, seed: int, hands: int = 1) -> tuple[list[tuple[SeatView, Action]], GameState]:
    """The moves of a Partnership game of ``hands`` hands from ``deal`` played by four basic players, each with
    the view it was chosen from, and the game as it ended."""
    rules = PARTNERSHIP.replace(hands_limit=hands)
    state = GameState(rules, seed=seed, first_deal=Deal.from_json(deal, rules))
    players = [BasicPlayer(seat) for seat in range(4)]
    moves: list[tuple[SeatView, Action]] = []
    while not state.is_over:
        view = state.view(state.turn)
        action = players[view.seat].choose(view)
        moves.append((view, action))
        state.apply(action)
    return moves, state


def legal_script(deal: dict, seed: int, hands: int = 1) -> list[str]:
    """Commands for four keyboard seats that play ``hands`` hands as the basic player would."""
    return [str(action) for _, action in basic_moves(deal, seed, hands)[0]]


def noisy_script(deal: dict, seed: int, hands: int = 1) -> list[str]:
    """The legal script with refused and review commands before every move.

    Each inserted line is wrong for the moment it is typed, or only reviews.
    """
    rules = PARTNERSHIP.replace(hands_limit=hands)
    state = GameState(rules, seed=seed, first_deal=Deal.from_json(deal, rules))
    players = [BasicPlayer(seat) for seat in range(4)]
    lines: list[str] = []
    while not state.is_over:
        seat = state.turn
        hand = cards_in(state.hands[seat])
        not_held = next(card for card in rules.deck if card not in hand)
        if state.phase is Phase.BIDDING:
            lines += ["bid 72", "bid 65", "bid 125", "play 14r", "xyzzy", "", "BIDS", "score", "bid"]
            if state.high_bid is not None:
                lines.append(f"bid {state.high_bid}")
        elif state.phase is Phase.DISCARD:
            lines += [
                "discard " + " ".join(card_name(c) for c in hand[:4]),
                "discard " + " ".join(card_name(c) for c in hand[:6]),
                "discard " + " ".join(card_name(c) for c in [hand[0]] * 5),
                "discard " + " ".join(card_name(c) for c in [not_held, *hand[:4]]),
                "discard 99q",
                "trump red",
                "hand",
            ]
        elif state.phase is Phase.TRUMP:
            lines += ["trump purple", "trump", "play 5r", "pass", "TRUMP"]
        else:
            legal = state.legal_play_mask()
            lines += [f"play {card_name(not_held)}", card_name(not_held), "trick", "last", "legal", "pass"]
            reneges = [card for card in hand if not legal >> card & 1]
            if reneges:
                lines.append(card_name(reneges[0]).upper())
        action = players[seat].choose(state.view(seat))
        lines.append(str(action))
        state.apply(action)
    return lines


def run_main(monkeypatch: Any, capsys: Any, args: list[str], lines: Iterable[str] = ()) -> tuple[int, list[str], str]:
    """``rook-access ARGS`` run in this process (``cli.main``) with ``lines`` piped in; (exit status, lines
    printed, standard error)."""
    from rook_access.console import cli

    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(f"{line}\n" for line in lines)))
    status = cli.main([*args, "--output", "plain"])
    out, err = capsys.readouterr()
    return status, out.splitlines(), err


def record_of(path: Path) -> list[dict[str, Any]]:
    """A record file's lines as JSON objects."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def program_environment(**extra: str) -> dict[str, str]:
    """The environment for the program in a test: its settings and saved games in a fresh folder,
    unless ``extra`` names folders of the test's own (to resume a game saved by an earlier run)."""
    home = tempfile.mkdtemp(prefix="rook-access-test-")
    return {
        **os.environ,
        "PYTHONIOENCODING": "utf-8",
        "ROOK_ACCESS_CONFIG_DIR": os.path.join(home, "config"),
        "ROOK_ACCESS_DATA_DIR": os.path.join(home, "data"),
        **extra,
    }


def run_program(
    args: list[str],
    input_text: str = "",
    timeout: float = 60,
    cwd: Path | None = None,
    environment: dict[str, str] | None = None,
) -> subprocess.CompletedProcess[str]:
    """Run ``python -m rook_access`` with piped standard input, ``environment`` added to its own.

    The program's settings and saved games go to a fresh folder, never the user's.
    """
    return subprocess.run(
        [sys.executable, "-m", "rook_access", *args],
        input=input_text,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=program_environment(**(environment or {})),
        cwd=cwd,
    )


class TranscriptLines:
    """A LineSource that reads from a list and writes each fresh question into ``channel``'s
    transcript, as ``PlainLines`` does, so what is said and what is asked are in one order.

    ``interactive`` stands for a terminal (the game may wait, cards in words at output auto).
    """

    def __init__(self, lines: Iterable[str], channel: ListChannel, interactive: bool = False) -> None:
        self.lines = list(lines)
        self.channel = channel
        self.interactive = interactive
        self.questions: list[str] = []

    def read(self, question: str, fresh: bool = True) -> str | None:
        self.questions.append(question)
        if fresh:
            self.channel.say(Message(question, question))
        return self.lines.pop(0) if self.lines else None


def moves_of(rules: RuleSet, humans: Iterable[int], seed: int, hands: int = 1) -> list[str]:
    """The moves the keyboard seats type in a game of random players, found by playing it."""
    from rook_access.players import RandomPlayer

    humans = set(humans)
    shadow = GameState(rules.replace(hands_limit=hands), seed=seed)
    players = [RandomPlayer(seat + 7) for seat in range(len(rules.people))]
    lines: list[str] = []
    while not shadow.is_over:
        seat, actor = shadow.turn, shadow.actor
        action = players[actor].choose(shadow.view(seat))
        if actor in humans:
            lines.append(str(action))
        shadow.apply(action, seat)
    return lines


def transcript(
    rules: RuleSet,
    lines: Iterable[str],
    humans: Iterable[int] = (0,),
    seed: int = 3,
    hands: int = 1,
    verbosity: Verbosity = Verbosity.NORMAL,
    settings=None,
    interactive: bool = False,
) -> tuple[list[str], ConsoleGame]:
    """What is said and asked, in order, in a game where ``humans`` type ``lines`` and random
    players play the other seats (the same players ``moves_of`` plays against)."""
    from rook_access.players import RandomPlayer

    humans = set(humans)
    state = GameState(rules.replace(hands_limit=hands), seed=seed)
    players = [None if seat in humans else RandomPlayer(seat + 7) for seat in range(len(rules.people))]
    channel = ListChannel()
    source = TranscriptLines(lines, channel, interactive)
    game = ConsoleGame(state, players, source, channel, verbosity=verbosity, settings=settings, sleep=lambda _: None)
    game.run()
    return channel.lines, game


def keyboard_moves(seed: int, variant: str = "partnership", options: Mapping[str, int] | None = None) -> list[str]:
    """South's moves, as the basic player would make them, in a one-hand game of easy computer players
    as ``--variant VARIANT --hands 1 --level easy --seed SEED`` makes it (``options`` the table's: its
    ``players``, 4 if not given), found by playing it as the program does; where South plays another
    seat's hand (Display Rook's displayed hand) those moves too."""
    return [move for _, move in keyboard_seats_and_moves(seed, variant, options)]


def keyboard_seats_and_moves(
    seed: int, variant: str = "partnership", options: Mapping[str, int] | None = None
) -> list[tuple[int, str]]:
    """``keyboard_moves`` with the seat each move is made for (South's own, or a hand South plays)."""
    players = (options or {}).get("players", 4)
    setup = GameSetup.create(["human"] + ["computer"] * (players - 1), level="easy", seed=seed, hands=1,
                             variant=variant, options=options)
    state, computers = make_table(setup)
    south = BasicPlayer(0)
    moves = []
    while not state.is_over:
        seat, actor = state.turn, state.actor
        player = computers[actor] or south
        action = player.choose(state.view(seat))
        if computers[actor] is None:
            moves.append((seat, str(action)))
        state.apply(action, seat)
    return moves


def run_at_home(args: list[str], input_text: str, home: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    """``python -m rook_access`` with piped standard input and its settings and saves in ``home``
    (kept between runs, for a resume)."""
    env = dict(os.environ, ROOK_ACCESS_CONFIG_DIR=str(home / "config"), ROOK_ACCESS_DATA_DIR=str(home / "data"),
               PYTHONIOENCODING="utf-8")
    return subprocess.run([sys.executable, "-m", "rook_access", *args], input=input_text, capture_output=True,
                          text=True, env=env, timeout=timeout)


def replay_moves(state: GameState, records: Iterable[Mapping[str, Any]]) -> GameState:
    """``state`` after the moves of a ``--record`` file's lines, each made by its seat through the engine:
    bids and passes, the nest's discard, trump and cards (the other lines say what followed)."""
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
