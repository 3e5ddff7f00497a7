"""The ``rook-access`` command line: flags, set-up, and the game."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import signal
import sys
import textwrap
import threading
import tomllib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import IO, Any, NoReturn

from .. import __version__
from ..announcer import speakable
from ..announcer.base import BRAILLE_WIDTH
from ..announcer.message import Message
from ..announcer.panning import fit_phrases
from ..braille.display import BrailleDisplay, BrailleDisplayChannel, DisplayUnavailable
from ..braille.elsewhere import screen_reader_braille
from ..engine import Deal, InvalidDealError, RuleSet, RuleSetError
from ..engine.cards import shown
from ..engine.games import GAMES, all_options, find_game, nearest_game
from ..engine.party import MAX_TABLES, MIN_TABLES
from ..engine.protocol import GameDescription, GameState, Option, OptionError, OptionValue, or_list
from ..net.codes import normal_code as online_code
from ..net.serve_command import serve_main
from ..output.channels import Channel, FinishesSpeech, PlainChannel, open_channel, screen_reader_running
from ..parties import (
    DEFAULT_ROUNDS,
    DEFAULT_VARIANT,
    MAX_ROUNDS,
    PartyProgress,
    PartySetup,
    party_variants,
    saved_party,
    seats_from,
    table_record_extra,
)
from ..players import DEFAULT_LEVEL, MY_LEVELS, LevelError, parse_levels
from ..record import RecordWriter
from ..save_files import LockedGameSaver, SaveLock, data_folder, new_save
from ..saves import (
    GameSetup,
    SavedGame,
    draw_seed,
    make_table,
    record_extra,
    resume_record,
)
from ..settings import (
    BRAILLE_DISPLAY,
    CALL_MODES,
    INTERRUPTS,
    OUTPUTS,
    PACINGS,
    PARTY_EXAMPLE,
    VERBOSITIES,
    SettingError,
    Settings,
    load_settings,
    save_settings,
    settings_path,
    spoken_name,
)
from ..streams import encodable_line, prepare_standard_streams, terminal_rows
from . import online
from .arguments import FLAGS_HINT, add_option_flags, game_name
from .arguments import OneLineParser as _Parser
from .lines import (
    GameKeys,
    InputSource,
    LineSource,
    input_source,
    is_interactive,
    leaving_signals,
    standard_input_lines,
    terminal_hung_up,
)
from .party import PartyGame
from .questions import HELP_WORDS, LEAVE_WORDS, SETTINGS_WORDS, Question
from .questions import ask as ask_question
from .resume import LeaveProgram, choose_saved_game
from .session import OUTPUT_SETTINGS, ConsoleGame, SettingsControl, braille_missing

SEAT_KINDS = ("human", "computer")
FLAG_SETTINGS = (
    "output", "verbosity", "voice", "rate", "interrupt", "pacing", "delay", "level", "braille", "variant",
    "calls", "call_time", "reading_speed", "my_level",
)  # fmt: skip
"""Flags that change a setting for this run only (and every game's table options, ``engine.games``)."""


def _seats(text: str) -> list[str]:
    kinds = [word.strip().lower() for word in text.split(",")]
    if not 2 <= len(kinds) <= 8 or any(kind not in SEAT_KINDS for kind in kinds):
        raise argparse.ArgumentTypeError(
            "give one entry a player, each human or computer, seat 0 first, like human,computer,computer,computer"
        )
    return kinds


def _variant(text: str) -> str:
    if text.strip().lower() == "party":  # the menu's "party" asks for the tables, which --party TABLES gives
        raise argparse.ArgumentTypeError(
            f"A progressive party is started with --party TABLES, not --variant, "
            f"{PARTY_EXAMPLE}."
        )
    return game_name(text)


def _game_names() -> str:
    """The games' names for ``--variant``'s help: ``partnership (the default), beginner, ... or clock``."""
    names = list(GAMES)
    names[0] += " (the default)"
    return ", ".join(names[:-1]) + " or " + names[-1]


def _level(text: str) -> str:
    try:
        levels = parse_levels(text, len(re.split(r"[\s,]+", text.strip())))
    except LevelError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return levels[0] if len(set(levels)) == 1 else ",".join(levels)


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text} is not a whole number") from None


def _bounded(low: int, high: int, what: str) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high``, refused in words naming the range
    (``what`` says it with ``{range}``: "a party has {range} tables")."""
    allowed = what.format(range=f"{low} to {high}")

    def parse(text: str) -> int:
        try:
            number = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{shown(text)} is not a whole number; {allowed}") from None
        if not low <= number <= high:
            raise argparse.ArgumentTypeError(f"{allowed}, not {number}")
        return number

    return parse


def _braille_flag_help() -> str:
    """``--braille``'s help: on Windows and macOS, that it is for Linux and whose braille to use."""
    elsewhere = screen_reader_braille()
    if elsewhere is None:
        return (
            "on: show the game on a braille display through BRLTTY, beside the output; off (default): leave it "
            "to your screen reader"
        )
    system, readers = elsewhere
    return (
        f"on: for Linux, a braille display through BRLTTY; on {system}, leave it off (the default): "
        f"{readers} shows the game in braille"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="rook-access",
        description="Rook, the card game, for screen-reader, braille and keyboard players. "
        "You are South; in the partnership games North is your partner.",
        epilog="Online: rook-access join SERVER --code CODE plays at a friend's table (rook-access join --help), "
        "and rook-access serve hosts tables (rook-access serve --help).",
    )
    parser.add_argument("--seed", type=_seed, help="make shuffles and computer choices repeatable")
    parser.set_defaults(online=None)  # online play chosen from the list at the first start: its join flags
    parser.add_argument(
        "--variant",
        type=_variant,
        metavar="NAME",
        help=f"the game to play: {_game_names()}; --list-variants says what each is",
    )
    parser.add_argument("--list-variants", action="store_true", help="say the games there are, and stop")
    parser.add_argument(
        "--seats",
        type=_seats,
        metavar="LIST",
        help="human or computer for each player, seat 0 (South) first; default: you and computer players",
    )
    add_option_flags(parser)
    parser.add_argument("--deal", metavar="FILE", help="a JSON file that fixes the first hand's deal")
    parser.add_argument("--record", metavar="FILE", help="write the game to FILE as JSON Lines, one event a line")
    parser.add_argument(
        "--output",
        choices=OUTPUTS,
        help="where announcements go: plain (standard output only), screenreader, voice, or auto",
    )
    parser.add_argument(
        "--verbosity",
        choices=VERBOSITIES,
        help="how much is said: terse, normal, verbose, or braille (short lines for a 40-cell braille display)",
    )
    parser.add_argument(
        "--braille",
        choices=BRAILLE_DISPLAY,
        help=_braille_flag_help(),
    )
    parser.add_argument("--voice", help="the program's own voice: a voice name (settings voice in the game lists them)")
    parser.add_argument("--rate", help="the program's own voice's speed in words a minute, 80 to 450")
    parser.add_argument(
        "--interrupt",
        choices=INTERRUPTS,
        help="when you type, what happens to speech still going: all stops it (default), line lets the "
        "sentence finish, none says everything",
    )
    parser.add_argument("--pacing", choices=PACINGS, help="after a trick at a terminal: wait for Enter, or a delay")
    parser.add_argument("--delay", help="seconds to wait after a trick with --pacing delay, 0 to 10")
    parser.add_argument(
        "--calls",
        choices=CALL_MODES,
        help="quick calls (Orange, doubt, Panjandrum, fold) at a terminal: timed, a window that opens once you "
        "have heard the event (default), or turns, each seat asked in turn with no clock",
    )
    parser.add_argument(
        "--call-time", metavar="SECONDS", help="seconds a call window stays open, 1 to 30 (default by level)"
    )
    parser.add_argument(
        "--reading-speed",
        metavar="WPM",
        help="words a minute you read or hear your screen reader at, 60 to 900: the wait before a call window "
        "opens after a line is written (default 200)",
    )
    parser.add_argument(
        "--level",
        type=_level,
        metavar="LEVEL",
        help="how the computer players play: easy, normal, strong or random, for every seat or one per seat "
        f"like easy,strong,normal,strong (default {DEFAULT_LEVEL})",
    )
    parser.add_argument(
        "--my-level",
        choices=MY_LEVELS,
        help="how well you play, as the computer players assume and plan with: new (a learner, the default), "
        "casual or expert",
    )
    parser.add_argument(
        "--party",
        type=_bounded(MIN_TABLES, MAX_TABLES, "a party has {range} tables"),
        metavar="TABLES",
        help=f"a progressive party of TABLES tables of four ({MIN_TABLES} to {MAX_TABLES}): you play one seat, "
        f"computer players the rest; Dixie Rook, or {or_list(party_variants()[1:])} with --variant",
    )
    parser.add_argument(
        "--party-rounds",
        type=_bounded(1, MAX_ROUNDS, "a party plays {range} rounds"),
        metavar="N",
        help=f"the rounds of 4 hands a party plays, 1 to {MAX_ROUNDS} (default {DEFAULT_ROUNDS})",
    )
    parser.add_argument("--resume", action="store_true", help="go on with the saved game where it stopped")
    parser.add_argument("--version", action="version", version=f"rook-access {__version__}")
    return parser


def _print(line: str) -> None:
    """One whole line in one write, so a screen reader watching the screen never sees half of it; at a
    terminal, broken between words where it is wider than the window (``terminal_rows``)."""
    sys.stdout.write(terminal_rows(encodable_line(line, sys.stdout), sys.stdout) + "\n")
    sys.stdout.flush()


def _print_error(line: str) -> None:
    """One line on standard error, with what the console cannot encode (a path, a value) replaced."""
    print(encodable_line(line, sys.stderr), file=sys.stderr)


def read_deal_file(path: str) -> object:
    """The JSON a deal file holds; InvalidDealError if it cannot be read or is not JSON."""
    try:
        with open(path, encoding="utf-8") as stream:
            return json.load(stream)
    except OSError as error:
        raise InvalidDealError(f"Cannot read the deal file {path}: {error.strerror}.") from None
    except json.JSONDecodeError as error:
        raise InvalidDealError(
            f"The deal file {path} is not valid JSON (line {error.lineno}, column {error.colno})."
        ) from None
    except UnicodeDecodeError:
        raise InvalidDealError(f"The deal file {path} is not valid JSON: it is not UTF-8 text.") from None
    except (ValueError, RecursionError):  # a number of thousands of digits; lists nested thousands deep
        raise InvalidDealError(f"The deal file {path} is not valid JSON.") from None


def load_deal(path: str, rules: RuleSet) -> Deal:
    """The deal in a deal file for a game of ``rules``; InvalidDealError says what is wrong with it."""
    return Deal.from_json(read_deal_file(path), rules)


def effective_settings(stored: Settings, args: argparse.Namespace) -> Settings:
    """The stored settings with this run's flags on top; SettingError for a bad flag value."""
    settings = stored
    for name in FLAG_SETTINGS:
        value = getattr(args, name)
        if value is not None:
            settings = settings.changed(name, str(value))
    for option in all_options():
        value = getattr(args, option.name)
        if value is not None:
            settings = settings.with_option(option.name, value)
    return settings


def open_output(settings: Settings, notice: Callable[[str], None]) -> Channel:
    """The output channel the settings ask for, or plain text with a notice if it cannot be had.

    With ``braille on`` the braille display is put beside it; without one, a
    notice says so and the game goes on without it.
    """
    channel = open_channel(
        settings.output, rate=settings.rate or None, voice=settings.voice or None, notice=notice, write=_print,
        interrupt=settings.interrupt,
    )
    if settings.braille == "on":
        try:
            display = BrailleDisplay()
        except DisplayUnavailable as missing:
            notice(f"{missing}; braille off.")
        else:
            channel = BrailleDisplayChannel(channel, display)
    return channel


@contextlib.contextmanager
def _leaving_on_hangup_or_terminate() -> Iterator[None]:
    """SIGTERM, SIGHUP (a closed terminal window) and, on Windows, SIGBREAK (Ctrl-Break) leave as an
    exit does, not at once: the locks are released and a speech-dispatcher the program started is stopped.

    At a prompt the handler runs once the prompt is over (``lines.SignalsAfterPrompt``).  Once leaving has
    begun, SIGHUP is ignored: a closed terminal sends more than one (its shell's end sends another), and a
    second must not cut the leaving short, the lock's release or the server's stop half done."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    leaving = False

    def leave(number: int, frame: FrameType | None) -> NoReturn:
        nonlocal leaving
        leaving = True
        if sys.platform != "win32":
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
        raise SystemExit(128 + number)

    before = {number: signal.signal(number, leave) for number in leaving_signals()}
    try:
        yield
    finally:
        for number, handler in before.items():
            if not (leaving and sys.platform != "win32" and number == signal.SIGHUP):
                signal.signal(number, handler)  # SIGHUP stays ignored once leaving: the exit's cleanup is to come


def main(argv: Sequence[str] | None = None) -> int:
    """Run the program; the exit status.  ``rook-access serve ...`` hosts online tables instead
    (``net.serve_command``), and ``rook-access join ...`` plays at one (``console.online``)."""
    prepare_standard_streams()
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["serve"]:
        return serve_main(arguments[1:])
    with _leaving_on_hangup_or_terminate():
        if arguments[:1] == ["join"]:
            return _join(arguments[1:])
        return _main(argv)


def _notice(line: str) -> None:
    """A line about the run itself (a setting that could not be had), printed plainly, before any game."""
    PlainChannel(_print).say(Message(line, speakable(line)))


@dataclass
class ConsoleRun:
    """This run's output channel (opened again when an output setting changes), input and settings."""

    channel: Channel
    lines: InputSource
    control: SettingsControl
    data: Path
    """The program's data folder (saved games, the seats taken at online tables)."""

    def notice(self, line: str) -> None:
        """A line about the run itself (a setting that could not be had), printed plainly."""
        for piece in self._fitted(line):
            _notice(piece)

    def reply(self, line: str) -> None:
        """A line that answers the user, by the output channel."""
        for piece in self._fitted(line):
            self.channel.say(Message(piece, speakable(piece)))

    def _fitted(self, line: str) -> list[str]:
        """With the braille verbosity, the line cut where its phrases end into lines of at most 40 cells, as a
        game's answers are (``fit_phrases``); otherwise the line itself."""
        if self.control.effective.verbosity == "braille":
            return fit_phrases(line, BRAILLE_WIDTH)
        return [line]


def _open_console(stored: Settings, settings: Settings, config: Path, to_play: bool = True) -> ConsoleRun:
    """Open the output and the input the settings ask for; a notice where no screen reader is found, if the
    run is ``to_play`` (not for a list said and done, such as ``join --list``)."""

    notice = _notice

    def ask(question: str) -> None:
        run.channel.say(Message(question, speakable(question), urgent=True))

    def ask_aloud(question: str) -> None:
        run.channel.say(Message(question, speakable(question), urgent=True, shown=False))

    def reopen(changed: Settings) -> Channel:
        run.channel.close()
        run.channel = open_output(changed, notice)
        return run.channel

    lines = input_source(standard_input_lines(ask, ask_aloud))
    control = SettingsControl(stored, settings, lambda changed: save_settings(config, changed), reopen)
    run = ConsoleRun(open_output(settings, notice), lines, control, data_folder())
    if to_play and settings.output == "auto" and is_interactive(lines) and not screen_reader_running():
        # Auto output is plain text: a screen reader reads it, so nothing is said twice.
        run.notice("No screen reader found. For speech, type: settings output voice.")

    def apply_setting(name: str) -> bool:
        """Apply a setting changed at a question before the game; False if braille found no display."""
        return name not in OUTPUT_SETTINGS or not braille_missing(control.effective, reopen(control.effective))

    control.on_change = apply_setting
    lines.connect(GameKeys(stop_speech=lambda: run.channel.stop()))
    return run


def _main(argv: Sequence[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.list_variants:
        for line in [*variant_lines(), party_line()]:
            _print(line)
        return 0
    config = settings_path()
    stored, settings_notice = load_settings(config)
    try:
        settings = effective_settings(stored, args)
    except SettingError as error:
        _print_error(f"rook-access: {error} {FLAGS_HINT}")
        return 2
    if settings_notice:
        _notice(settings_notice)
    run = _open_console(stored, settings, config)
    lines, control, notice, reply, data = run.lines, run.control, run.notice, run.reply, run.data

    def games() -> None:  # "games" typed at a question about the saved games
        if not _offer_variants(lines, control, config, reply, args):
            raise LeaveProgram

    try:
        table = _resume(args, data, lines, reply, control.command, control.effective.verbosity == "braille", games)
        if table is not None and args.party is not None:
            notice("--party is left out: the saved game goes on.")
        if isinstance(table, tuple) and args.variant is not None and args.variant.lower() != table[0].variant:
            notice(f"--variant is left out: the saved game of {find_game(table[0].variant).title} goes on.")
        if args.party is None and args.party_rounds is not None:
            notice("--party-rounds is for a progressive party (--party TABLES); it is left out.")
        if table is None and args.party is not None:
            table = _new_party(args, control.effective, data, notice)
        if isinstance(table, PartyStart):
            return _play_party(table, lines, lambda: run.channel, control)
        if table is None:
            if args.variant is None and is_interactive(lines) and not _variant_chosen(config):
                if not _offer_variants(lines, control, config, reply, args):
                    reply("Goodbye.")
                    run.channel.close()
                    return 0
            elsewhere = _party_or_online(args, run, notice)
            if elsewhere is not None:
                return elsewhere
            table = _new_game(args, control.effective, data, notice)
    except LeaveProgram:
        reply("Goodbye. Saved games are kept.")
        run.channel.close()
        return 0
    except (InvalidDealError, RuleSetError, OptionError) as error:
        _print_error(f"rook-access: {error}")
        return 2
    except OSError as error:
        if terminal_hung_up():  # the terminal went while a question was asked before the game
            return _left_quietly()
        _print_error(f"rook-access: cannot write the record file {args.record}: {error.strerror}.")
        return 2
    return _play_games(table, args, run, data, notice)


def _play_games(table: Table, args: argparse.Namespace, run: ConsoleRun, data: Path,
                notice: Callable[[str], None]) -> int:
    """Play the game ``table`` holds, and another each time the user asks for one at its end (``new``): the same
    flags and settings (a game changed with ``settings variant`` is the next one), a new shuffle (``--deal``
    fixes the first game's only; ``--seed`` moves on by one, so each game differs and is repeatable)."""
    control = run.control
    earlier: ConsoleGame | None = None
    while True:
        setup, state, players, record, saver, resumed = table
        game = ConsoleGame(state, players, run.lines, run.channel, record, settings=control, saver=saver,
                           resumed=resumed)
        if earlier is not None:
            game.call_window.heard_before(earlier.call_window)
        earlier = game
        game.offers_new_game = args.record is None  # a second game would write over the record of the first
        if resumed and saver is not None:  # why and review know the moves made before the game was saved
            game.recall_decisions(make_table(setup)[0], saver.actions)
        try:
            status = _played(game.run, game.say_goodbye, "game")
        finally:
            if record is not None:
                record.close()
            saver.release()
            if not game.new_game_asked:
                if game.state.is_over:
                    _finish_speech(run.channel)  # the game's channel: a change of output reopens both
                run.channel.close()
        if not game.new_game_asked:
            return status
        args.deal = None
        if args.seed is not None:
            args.seed += 1
        try:
            if game.games_asked:
                chosen = _game_from_the_list(args, run, data, notice)
                if not isinstance(chosen, tuple):
                    return chosen
                table = chosen
            else:
                _next_game_flags(args, control.effective, notice)
                table = _new_game(args, control.effective, data, notice)
        except (InvalidDealError, RuleSetError, OptionError) as error:
            run.reply(f"{error} Goodbye.")
            run.channel.close()
            return 2


def _game_from_the_list(args: argparse.Namespace, run: ConsoleRun, data: Path,
                        notice: Callable[[str], None]) -> Table | int:
    """``games``, typed in or after a game: the list of games, as at the first start (``_offer_variants``); the
    table of the trick, patience or booklet game chosen, or the exit status of the party or the online game
    chosen, played here, or of leaving the list."""
    if not _offer_variants(run.lines, run.control, settings_path(), run.reply, args, first=False):
        run.reply("Goodbye. Saved games are kept.")
        run.channel.close()
        return 0
    online_chosen = args.online is not None
    elsewhere = _party_or_online(args, run, notice)
    if elsewhere is not None:
        if online_chosen:
            run.channel.close()
        return elsewhere
    _next_game_flags(args, run.control.effective, notice)
    return _new_game(args, run.control.effective, data, notice)


def _party_or_online(args: argparse.Namespace, run: ConsoleRun, notice: Callable[[str], None]) -> int | None:
    """A progressive party or an online table chosen from the list of games (``args.party``, ``args.online``),
    played here: its exit status; None where a game of the list was chosen instead."""
    if args.party is not None:
        args.variant = None  # the list's party is of Dixie Rook, as it says, whatever game --variant chose before
        party = _new_party(args, run.control.effective, run.data, notice)
        return _play_party(party, run.lines, lambda: run.channel, run.control)
    if args.online is not None:
        chosen = online.build_parser().parse_args(args.online)
        return _played(lambda: online.play_online(chosen, run), run.reply, "online game")
    return None


def _table_size_flags(args: argparse.Namespace, game: GameDescription) -> list[Option]:
    """The table size options (``--players``, ``--sides``) given as flags that ``game`` has no choice of."""
    return [option for option in all_options()
            if option.table_size and getattr(args, option.name) is not None and option not in game.options]


def _next_game_flags(args: argparse.Namespace, settings: Settings, notice: Callable[[str], None]) -> None:
    """Before a run's next game, which may be another game than the first (``games``, ``settings variant``): a
    table size flag that the game has no choice of is left out, with a notice, rather than refused as for the
    game a run starts with (``_table_size_refused``)."""
    game = find_game(settings.variant)
    for option in _table_size_flags(args, game):
        setattr(args, option.name, None)
        notice(f"{option.flag} is left out: {game.title} has no {option.name} to choose.")


def _join(argv: Sequence[str]) -> int:
    """``rook-access join``: a seat at an online table, played with this console (``console.online``)."""
    args = online.build_parser().parse_args(argv)
    config = settings_path()
    stored, settings_notice = load_settings(config)
    if settings_notice:
        _notice(settings_notice)
    run = _open_console(stored, stored, config, to_play=bool(args.code or args.new))
    try:
        return _played(lambda: online.play_online(args, run), run.reply, "online game")
    finally:
        run.channel.close()


def _played(run: Callable[[], int], say_goodbye: Callable[[str], None], what: str) -> int:
    """Run a game (or a party) to its end; the exit status.  Ctrl-C says goodbye, a closed pipe leaves
    quietly, and any other error is one line, never a traceback (``ROOK_ACCESS_DEBUG`` shows it)."""
    try:
        return run()
    except KeyboardInterrupt:
        say_goodbye("Interrupted. ")
        return 0
    except BrokenPipeError:
        # Whoever read our output has gone (a closed pipe): leave quietly,
        # pointing stdout at devnull so the final flush cannot fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except Exception as error:  # noqa: BLE001 - a player never sees a traceback
        if isinstance(error, OSError) and terminal_hung_up():
            return _left_quietly()  # the terminal has gone: no error of ours, and nobody to tell
        if os.environ.get("ROOK_ACCESS_DEBUG"):
            raise
        _print_error(f"rook-access: internal error, the {what} stopped: {error!r}. Please report it.")
        return 1


def _left_quietly() -> int:
    """Leave a terminal that has hung up (its window closed, its ssh dropped without a SIGHUP reaching us):
    it fails every read and write with EIO.  Nothing is said, as for the end of input; what the program
    keeps for a player who leaves is kept (the game saved after every move, the seat at an online table).
    Its output streams are pointed at devnull so the final flushes cannot fail again."""
    for stream in (sys.stdout, sys.stderr):
        if terminal_hung_up([stream]):
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    return 0


GAME_OVER_SPEECH = 60.0
"""Longest wait, in seconds, for the last announcements of a finished game to be spoken."""


def _finish_speech(channel: Channel) -> None:
    """Let the channel say the end of the game before the program leaves (Ctrl-C leaves at once)."""
    if isinstance(channel, FinishesSpeech):
        try:
            channel.idle(GAME_OVER_SPEECH)
        except KeyboardInterrupt:
            pass


Table = tuple[GameSetup, GameState, list, RecordWriter | None, LockedGameSaver, bool]


@dataclass
class PartyStart:
    """A progressive party to play: new, or resumed with its table's game as saved."""

    progress: PartyProgress
    path: Path
    lock: SaveLock | None
    record: IO[str] | None
    saved: SavedGame | None = None


PARTY_FIXES = {
    "seats": "its tables are you and computer players",
    "deal": "every table's deals are shuffled",
    "hands": "each table plays 4 hands a round",
    "target": "each table plays 4 hands a round",
    "players": "each table is four players, two partnerships",
    "sides": "each table is four players, two partnerships",
    "same_dealer": "its tables always deal a passed-out hand again so",
}
"""What a party decides for its tables itself, and why: these flags are left out, each said in one line."""


def _new_party(
    args: argparse.Namespace, settings: Settings, data: Path, notice: Callable[[str], None] = _print
) -> PartyStart:
    """A new party as the flags say: its game (``--variant``, else Dixie Rook, the booklet's party game),
    tables, rounds, level and seed, in a save file of its own.  Flags a party decides itself are left out."""
    game = find_game(args.variant or DEFAULT_VARIANT)
    for name, reason in PARTY_FIXES.items():
        if getattr(args, name, None) not in (None, False):
            notice(f"--{name.replace('_', '-')} does not apply to a party: {reason}; it is left out.")
    declared = {option.name for option in game.options}
    options = {
        name: value for name, value in settings.table_options().items()
        if name in declared and name not in ("hands", "target", "players", "sides", "same_dealer")
    }  # fmt: skip
    seed = args.seed if args.seed is not None else draw_seed()
    record = os.path.abspath(args.record) if args.record else None
    setup = PartySetup(
        variant=game.name,
        tables=args.party,
        rounds=args.party_rounds or DEFAULT_ROUNDS,
        level=settings.level,
        seed=seed,
        options=options,
        record=record,
    )
    setup.check()  # RuleSetError naming the games a party is played with
    progress = PartyProgress(setup)
    make_table(progress.table_game(progress.user_table()))  # a level or option the tables cannot have says why now
    stream = open(record, "w", encoding="utf-8") if record else None  # noqa: SIM115 - the party closes it
    path, lock = new_save(data)
    return PartyStart(progress, path, lock, stream)


def _play_party(
    start: PartyStart, lines: LineSource, channel: Callable[[], Channel], control: SettingsControl
) -> int:
    """Play a party to its end or until the user leaves, as ``_main`` plays a game; ``channel`` gives the
    output channel as it is now (a change of output in the game reopens it)."""
    party = PartyGame(start.progress, lines, channel(), control, start.path, start.lock, start.record, start.saved)

    def goodbye(opening: str) -> None:
        if party.game is not None:
            party.game.say_goodbye(opening)

    try:
        return _played(party.run, goodbye, "party")
    finally:
        if start.progress.is_over:
            _finish_speech(channel())
        channel().close()
        if start.record is not None:
            start.record.close()
        if start.lock is not None:
            start.lock.release()


def _resume(
    args: argparse.Namespace,
    data: Path,
    lines: LineSource,
    notice: Callable[[str], None],
    settings: Callable[[Sequence[str]], list[str]] | None = None,
    braille: bool = False,
    games: Callable[[], None] | None = None,
) -> Table | PartyStart | None:
    """The saved game the user asks for (``--resume``, or an answer at a terminal, where ``--variant`` offers
    only that game's saves), locked; None for a new game.  ``games`` offers the list of games where
    ``games`` is typed at the question (not after ``--variant``, which named the game).

    LeaveProgram if the user leaves at the question (Ctrl-D, quit): no save is touched.
    ``settings`` carries out a ``settings`` command typed at the question.
    """
    asked_for = find_game(args.variant).name if args.variant is not None and not args.resume else None
    chosen = choose_saved_game(lines, notice, resume=args.resume, data=data, settings=settings, braille=braille,
                               variant=asked_for,  # --variant: that game's saves only; --resume: any, as ever
                               games=games if args.variant is None else None,
                               party=args.party is not None and not args.resume)  # --party: the saved parties
    if chosen is None:
        return None
    saved, lock = chosen.saved, chosen.lock
    setup = saved.setup
    if saved.party is not None:
        return _resume_party(saved, chosen.path, lock, notice)
    record = None
    try:
        if setup.record:
            record = resume_record(setup.record, saved.state.events, saved.record_lines, record_extra(setup))
            if record.notice:
                notice(record.notice)
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    saver = LockedGameSaver(chosen.path, setup, saved.actions, lock)
    return setup, saved.state, saved.players, record, saver, True


def _resume_party(
    saved: SavedGame, path: Path, lock: SaveLock | None, notice: Callable[[str], None]
) -> PartyStart:
    """A saved party to go on with: its record file opened where it stopped (its finished rounds kept)."""
    try:
        progress = saved_party(saved)
        stream = None
        if progress.setup.record:
            table = progress.user_table()
            extra = table_record_extra(saved.setup, table.number, seats_from(table))
            existed = os.path.isfile(progress.setup.record)
            writer = resume_record(
                progress.setup.record, saved.state.events, saved.record_lines, extra, kept_before=progress.record_kept
            )
            if writer.notice or not existed:
                progress.record_kept = 0  # written anew: the finished rounds are not in it
                notice(writer.notice or f"The record file {progress.setup.record} was gone; it goes on from here.")
            stream = writer.stream
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    return PartyStart(progress, path, lock, stream, saved)


def variant_lines() -> list[str]:
    """One line a game, for ``--list-variants`` and the offer at start."""
    lines = []
    for number, game in enumerate(GAMES.values(), 1):
        lines.append(f"{number}. {game.name}: {game.summary}")
    return lines


def party_line() -> str:
    """The progressive party's line after the games' (``--list-variants``, the offer at start)."""
    return (
        f"{len(GAMES) + 1}. party: a progressive party (the 1913 booklet): {MIN_TABLES} to {MAX_TABLES} tables of "
        f"four playing Dixie Rook; you play one seat, and move up a table when your side wins (--party TABLES)."
    )


def online_line() -> str:
    """The online tables' line after the party's, in the offer at start."""
    return (
        f"{len(GAMES) + 2}. online: play at an online table with friends, by its server and invite code, or make "
        "one (rook-access join SERVER --code CODE)."
    )


def _server_named(text: str) -> str | None:
    """A server's address, one word; not a word every question takes (help, quit, settings), which is that."""
    words = text.split()
    if len(words) != 1 or not words[0].isprintable():
        return None
    word = words[0].lower().strip(".!?;:")
    if not word or word in HELP_WORDS | LEAVE_WORDS | SETTINGS_WORDS:  # "?" is help too
        return None
    return words[0]


def _code_or_new(text: str) -> str | None:
    words = text.strip().lower()
    if words == "new":
        return words
    return words if online_code(words) is not None else None


ONLINE_SERVER = Question(
    "The server's address, like cards.example.org or localhost?",
    _server_named,
    allowed="Type the server's address, like cards.example.org, or quit.",
    help=("The person who hosts the table tells you its server and its invite code.",),
    refusal="{answer} is not a server's address.",
)
"""Asked when online play is chosen from the list of games."""

ONLINE_TABLE = Question(
    "The table's invite code, three words like amber tiger otter, or new to make a table?",
    _code_or_new,
    allowed="Type the three words of the invite code, or new.",
    help=("New makes a table of the game in your settings, with you as its host (of the Partnership Game after a "
          "game for one).",),
    refusal="{answer} is not an invite code: three words, like amber tiger otter.",
)
"""Asked after the server, when online play is chosen from the list of games."""


def _variant_chosen(config: Path) -> bool:
    """Whether the settings file names a game (the user chose one before)."""
    try:
        return "variant" in tomllib.loads(config.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return False


MENU_FLAGS = re.compile(r" \((?:--|rook-access )[^)]*\)")
"""The command-line flags in a game's line, like " (--players, default 4)": left out of the menu at the first
start, where they cannot be typed."""


def _terminal_columns() -> int | None:
    """The width of the terminal the program prints to, asked of the terminal itself (a COLUMNS left in the
    environment by another shell may be stale); None when the output is no terminal."""
    try:
        return os.get_terminal_size(sys.stdout.fileno()).columns
    except (OSError, ValueError, AttributeError):
        return None


def _offer_variants(
    lines: LineSource,
    control: SettingsControl,
    config: Path,
    say: Callable[[str], None],
    args: argparse.Namespace | None = None,
    first: bool = True,
) -> bool:
    """At a terminal, the first time: which game to play, kept in the settings. False when the user leaves.

    The list and the question are said by ``say``, the run's output channel, so that the program's voice says
    the list too.

    The last choice is a progressive party: it asks for the tables and sets ``args.party`` (the game
    is not kept: the list is offered again next time).  ``first``: the list is offered before any game (at the
    first start, or from the saved games), and then ends by saying how the game is changed later; not at
    ``games``, which the user has just typed."""
    say("Which game? The games of the Rook rule books:")
    # At a terminal narrower than a line, the line is broken between words (a screen reader reading the
    # screen row by row would otherwise hear a word cut in two), the rest indented; in braille each line is
    # fitted to the display's 40 cells by phrases instead, which rows cut to the terminal would break up.
    columns = None if control.effective.verbosity == "braille" else _terminal_columns()
    for line in [*variant_lines(), party_line(), online_line()]:
        line = MENU_FLAGS.sub("", line)  # the menu asks for what the flags set; --list-variants keeps them
        if columns is None or len(line) < columns:
            say(line)
            continue
        for row in textwrap.wrap(line, max(40, columns - 1), subsequent_indent="  ", break_long_words=False,
                                 break_on_hyphens=False):
            say(row)
    names = [*GAMES, "party", "online"]

    def game_named(text: str) -> str | None:
        word = text.lower().rstrip(".")
        if not word:
            return control.effective.variant
        if word.isascii() and word.isdigit() and len(word) <= 2 and 1 <= int(word) <= len(names):
            return names[int(word) - 1]
        return word if word in names else None

    braille = control.effective.verbosity == "braille"
    question = Question(
        # within a 40-cell display in braille: "Game 1 to 23, Enter: partnership."
        f"Game 1 to {len(names)}, Enter: {control.effective.variant}." if braille else
        f"Type a number from 1 to {len(names)} or a name; Enter plays {control.effective.variant}.",
        game_named,
        allowed=f"Type a number from 1 to {len(names)}, or press Enter.",
        help=(
            "The number or the name of a game in the list starts it; in the game, the rules command says its rules.",
        ),
        refusal="{answer} is not a game here.",
        suggest=lambda text: nearest_game(text, ("party", "online")),  # as --variant: "dixie-rook" is dixie
    )
    # A setting changed here is kept, but not the game: it is not chosen yet, and the list is offered again.
    save = control.save
    control.save = lambda changed: save_settings(config, changed, leave_out=("variant",))
    try:
        choice = ask_question(question, lines, say, control.command)
    finally:
        control.save = save
    if choice is None:
        return False
    if choice == "online":
        server = ask_question(ONLINE_SERVER, lines, say, control.command)
        table = None if server is None else ask_question(ONLINE_TABLE, lines, say, control.command)
        if server is None or table is None:
            return False
        if args is not None:
            new = [server, "--new"]
            if find_game(control.effective.variant).for_one:  # a game for one has no table
                new += ["--variant", Settings().variant]
            args.online = new if table == "new" else [server, "--code", table]
        return True
    if choice == "party":
        tables = ask_question(PARTY_TABLES, lines, say, control.command)
        if tables is None:
            return False
        if args is not None:
            args.party = tables
        return True
    control.effective = control.effective.changed("variant", choice)
    control.stored = control.stored.changed("variant", choice)
    try:
        save_settings(config, control.stored)
    except OSError:
        pass
    # The game's own first line names the game: this line only says how to change it.
    if first:
        say("To change the game later: settings variant NAME.")
    return True


_NUMBER_WORDS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def _party_tables(text: str) -> int | None:
    """The tables of a party from an answer: a digit or a word, 2 to 6; Enter for 2."""
    word = text.strip().rstrip(".").lower()
    if not word:
        return MIN_TABLES
    if word.isascii() and word.isdigit() and len(word) == 1 and MIN_TABLES <= int(word) <= MAX_TABLES:
        return int(word)
    return _NUMBER_WORDS.get(word)


PARTY_TABLES = Question(
    f"How many tables of four, {MIN_TABLES} to {MAX_TABLES}? Enter for {MIN_TABLES}.",
    _party_tables,
    allowed=f"Type a number from {MIN_TABLES} to {MAX_TABLES}, or press Enter for {MIN_TABLES}.",
    help=(
        "Each table has four players; you play one seat, computer players all the others.",
        f"A party plays {DEFAULT_ROUNDS} rounds of 4 hands; rook-access --party-rounds N plays another number.",
    ),
    refusal="{answer} is not a number of tables here.",
)
"""Asked when the party is chosen from the list of games."""


def _table_size_refused(args: argparse.Namespace, game: GameDescription) -> None:
    """A table size (``--players``, ``--sides``) given for a game that has no such choice is refused
    (``RuleSetError``), naming the sizes the game is for: the game would not be the one asked for."""
    for option in _table_size_flags(args, game):
        if len(game.seat_counts) > 1 or option.name == "sides":  # --sides is not about the table's size
            raise RuleSetError(f"{game.title} has no {option.name} to choose; {option.flag}: {option.help}.")
        sizes = or_list([str(size) for size in game.seat_counts])
        raise RuleSetError(f"{game.title} is for {sizes} {'player' if sizes == '1' else 'players'} only: "
                           f"{option.flag} is for a game of several table sizes.")


def _not_applying(args: argparse.Namespace, game: GameDescription) -> list[str]:
    """A line for each flag given that means nothing in ``game``: it is left out."""
    declared = {option.name for option in game.options}
    flags = ", ".join(option.flag for option in game.options)
    allowed = f" Its table options: {flags}." if flags else ""
    lines = [
        f"{option.flag} does not apply to {game.title}; it is left out.{allowed}"
        for option in all_options()
        if getattr(args, option.name) is not None and option.name not in declared and not option.table_size
    ]
    if game.for_one:
        for flag, given in (("--seats", args.seats), ("--level", args.level)):
            if given is not None:
                lines.append(f"{flag} does not apply to {game.title}: it has one seat, yours; it is left out.")
    return lines


def _setting_at_fault(
    game: GameDescription, seats: list[str], level: str, options: dict[str, OptionValue], names: list[str],
    refusal: str,
) -> str:
    """The first of the settings ``names`` without which the game is no longer refused with ``refusal``
    (the one to clear), or the first of them."""
    for name in names:
        rest = {key: value for key, value in options.items() if key != name}
        try:
            game.start(GameSetup.create(seats, level=level, variant=game.name, options=rest).table_setup(), None)
        except (RuleSetError, OptionError) as error:
            if str(error) == refusal:
                continue
        return name
    return names[0]


def _new_game(
    args: argparse.Namespace, settings: Settings, data: Path, notice: Callable[[str], None] = _print
) -> Table:
    """A new game as the flags and settings say, saved in a file of its own: every older save is kept.

    Flags and settings that mean nothing in the game (another game's options,
    the seats and levels of a game with one seat) are left out, each flag given with a ``notice``.
    """
    game = find_game(settings.variant)
    _table_size_refused(args, game)
    for line in _not_applying(args, game):
        notice(line)
    alone = game.for_one
    declared = {option.name for option in game.options}
    options = {name: value for name, value in settings.table_options().items() if name in declared}
    level = DEFAULT_LEVEL if alone else settings.level
    while True:
        seats = (None if alone else args.seats) or ["human"] + ["computer"] * (game.seats_at(options) - 1)
        draft = GameSetup.create(seats, level=level, variant=game.name, options=options)
        try:
            game.start(draft.table_setup(), None)  # a table the game cannot be played at says why now
            break
        except (RuleSetError, OptionError) as error:
            from_settings = [name for name in options if getattr(args, name) is None]
            if not from_settings:
                raise
            # A setting kept for another game (players 9) does not stop this one: it is left out, and said so.
            culprit = _setting_at_fault(game, seats, level, options, from_settings, str(error))
            spoken = spoken_name(culprit)
            notice(f"{error} Your setting {spoken} is left out of this game; settings {spoken} default clears it.")
            del options[culprit]
    deal: Any = read_deal_file(args.deal) if args.deal else None
    if deal is not None and game.read_deal is not None:
        game.read_deal(deal)  # InvalidDealError says what is wrong with the file
    setup = GameSetup.create(
        seats,
        level=level,
        seed=args.seed,
        deal=deal,
        record=args.record,
        variant=game.name,
        options=options,
        my_level=settings.my_level,
        repeatable=args.seed is not None,  # --seed: the same choices again, resumed too
    )
    state, players = make_table(setup)
    record = None
    if args.record:
        record = RecordWriter(open(args.record, "w", encoding="utf-8"), record_extra(setup))  # noqa: SIM115
    path, lock = new_save(data)
    return setup, state, players, record, LockedGameSaver(path, setup, lock=lock), False
