"""The ``rook-access`` command line: flags, set-up, and the game."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections.abc import Callable, Sequence

from .. import __version__
from ..announcer import speakable
from ..engine import PARTNERSHIP, Deal, GameState, InvalidDealError, RuleSetError
from ..output.message import Message
from ..players import LEVELS, make_player
from ..record import RecordWriter
from .lines import standard_input_lines
from ..settings import (
    OUTPUTS,
    PACINGS,
    VERBOSITIES,
    SettingError,
    Settings,
    load_settings,
    save_settings,
    settings_path,
)
from .session import ConsoleGame, SettingsControl

SEAT_KINDS = ("human", "computer")
FLAG_SETTINGS = ("output", "verbosity", "voice", "rate", "pacing", "delay", "level")
"""Flags that change a setting for this run only."""


def _seats(text: str) -> list[str]:
    kinds = [word.strip().lower() for word in text.split(",")]
    if len(kinds) != PARTNERSHIP.players or any(kind not in SEAT_KINDS for kind in kinds):
        raise argparse.ArgumentTypeError(
            f"give {PARTNERSHIP.players} seats, each human or computer, seat 0 first, "
            "like human,computer,computer,computer"
        )
    return kinds


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text} is not a whole number") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="rook-access",
        description="Rook, the card game, for screen-reader, braille and keyboard players. "
        "You are South; North is your partner.",
    )
    parser.add_argument("--seed", type=_seed, help="make shuffles and computer choices repeatable")
    parser.add_argument(
        "--seats",
        type=_seats,
        default=["human", "computer", "computer", "computer"],
        metavar="LIST",
        help="human or computer for each seat, seat 0 (South) first; default human,computer,computer,computer",
    )
    parser.add_argument("--deal", metavar="FILE", help="a JSON file that fixes the first hand's deal")
    parser.add_argument("--hands", type=_positive, metavar="N", help="play exactly N hands; the higher total wins")
    parser.add_argument("--record", metavar="FILE", help="write the game to FILE as JSON Lines, one event a line")
    parser.add_argument(
        "--output",
        choices=OUTPUTS,
        help="where announcements go: plain (standard output only), screenreader, voice, or auto",
    )
    parser.add_argument("--verbosity", choices=VERBOSITIES, help="how much is said: terse, normal or verbose")
    parser.add_argument("--voice", help="the program's own voice, an espeak-ng voice name")
    parser.add_argument("--rate", help="the program's own voice's speed in words a minute, 80 to 450")
    parser.add_argument("--pacing", choices=PACINGS, help="after a trick at a terminal: wait for Enter, or a delay")
    parser.add_argument("--delay", help="seconds to wait after a trick with --pacing delay, 0 to 10")
    parser.add_argument("--level", choices=sorted(LEVELS), help="how the computer players play: easy or random")
    parser.add_argument("--version", action="version", version=f"rook-access {__version__}")
    return parser


class _StdoutChannel:
    """Messages as plain lines on standard output."""

    name = "plain"

    def say(self, message: Message) -> None:
        print(message.compact, flush=True)


def load_deal(path: str) -> Deal:
    """The deal in a deal file; InvalidDealError says what is wrong with it."""
    try:
        with open(path, encoding="utf-8") as stream:
            data = json.load(stream)
    except OSError as error:
        raise InvalidDealError(f"Cannot read the deal file {path}: {error.strerror}.") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise InvalidDealError(f"The deal file {path} is not valid JSON: {error}.") from None
    return Deal.from_json(data, PARTNERSHIP)


def effective_settings(stored: Settings, args: argparse.Namespace) -> Settings:
    """The stored settings with this run's flags on top; SettingError for a bad flag value."""
    settings = stored
    for name in FLAG_SETTINGS:
        value = getattr(args, name)
        if value is not None:
            settings = settings.changed(name, str(value))
    return settings


def open_output(settings: Settings, notice: Callable[[str], None]) -> _StdoutChannel:
    """The output channel the settings ask for."""
    return _StdoutChannel()


def main(argv: Sequence[str] | None = None) -> int:
    """Run the program; the exit status."""
    args = build_parser().parse_args(argv)
    path = settings_path()
    stored, settings_notice = load_settings(path)
    try:
        settings = effective_settings(stored, args)
    except SettingError as error:
        print(f"rook-access: {error}", file=sys.stderr)
        return 2
    try:
        rules = PARTNERSHIP.replace(hands_limit=args.hands) if args.hands else PARTNERSHIP
        deal = load_deal(args.deal) if args.deal else None
        state = GameState(rules, seed=args.seed, first_deal=deal)
    except (InvalidDealError, RuleSetError) as error:
        print(f"rook-access: {error}", file=sys.stderr)
        return 2
    seeds = random.Random(args.seed)
    players = [
        None if kind == "human" else make_player(settings.level, seeds.randrange(2**32)) for kind in args.seats
    ]
    record = None
    if args.record:
        try:
            stream = open(args.record, "w", encoding="utf-8")  # noqa: SIM115 - closed below
        except OSError as error:
            print(f"rook-access: cannot write the record file {args.record}: {error.strerror}.", file=sys.stderr)
            return 2
        record = RecordWriter(stream, {"seats": args.seats, "seed": args.seed})
    def notice(line: str) -> None:
        _StdoutChannel().say(Message(line, speakable(line)))

    if settings_notice:
        notice(settings_notice)

    def save(changed: Settings) -> None:
        save_settings(path, changed)

    def reopen(changed: Settings) -> _StdoutChannel:
        return open_output(changed, notice)

    control = SettingsControl(stored, settings, save, reopen)

    def ask(question: str) -> None:
        game.channel.say(Message(question, speakable(question), urgent=True))

    game = ConsoleGame(
        state, players, standard_input_lines(ask), open_output(settings, notice), record, settings=control
    )
    try:
        return game.run()
    except KeyboardInterrupt:
        game.say("Interrupted. Goodbye.")
        return 0
    except BrokenPipeError:
        # Whoever read our output has gone (a closed pipe): leave quietly,
        # pointing stdout at devnull so the final flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as error:  # noqa: BLE001 - a player never sees a traceback
        if os.environ.get("ROOK_ACCESS_DEBUG"):
            raise
        print(f"rook-access: internal error, the game stopped: {error!r}. Please report it.", file=sys.stderr)
        return 1
    finally:
        if record is not None:
            record.close()
