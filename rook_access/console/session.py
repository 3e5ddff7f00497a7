"""The console game: computer seats move, keyboard seats are asked, every event is said.

The session is the only place where the engine, the players, the input and
the output meet.  A refused command says why in one line and changes nothing.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Sequence
from typing import Protocol

from ..announcer import Announcer, Verbosity, messages
from ..announcer.hints import hint_line
from ..announcer.rules_summary import rules_summary
from ..engine import (
    CHECK,
    PASS,
    Action,
    Bid,
    CardNotationError,
    Discard,
    Event,
    GameState,
    IllegalActionError,
    NameTrump,
    Phase,
    Play,
    TrickTaken,
    card_name,
    parse_card,
    parse_cards,
    parse_color,
)
from ..output.message import Message
from ..players import Player, SearchPlayer
from ..players.search.player import STRONG
from ..record import RecordWriter
from ..saves import GameSaver
from ..settings import SettingError, Settings
from .commands import COMMANDS, Command, UnknownCommandError, help_lines, is_number, parse_command
from .lines import LineSource

HISTORY_LENGTH = 10
"""How many recent announcements ``history`` says."""


class MessageSink(Protocol):
    """Where messages go: an output channel."""

    def say(self, message: Message) -> None: ...


class SettingsControl:
    """The settings of this run, and how a change made in the game is kept and applied.

    ``stored`` is what the settings file holds; ``effective`` is what this run
    uses (the file with the command-line flags on top).  A change made with
    the ``settings`` command goes to both and is saved at once.
    """

    def __init__(
        self,
        stored: Settings,
        effective: Settings,
        save: Callable[[Settings], None],
        reopen_output: Callable[[Settings], MessageSink] | None = None,
    ) -> None:
        self.stored = stored
        self.effective = effective
        self.save = save
        self.reopen_output = reopen_output


class _Quit(Exception):
    """The user quit while the game waited between tricks (the goodbye is said)."""


class Refused(Exception):
    """A command that cannot be carried out; its message is the line to say."""


class ConsoleGame:
    """Runs one game at the console until it ends, the input ends, or the user quits.

    ``players[seat]`` is None for a seat played at the keyboard.
    """

    def __init__(
        self,
        state: GameState,
        players: Sequence[Player | None],
        lines: LineSource,
        channel: MessageSink,
        record: RecordWriter | None = None,
        verbosity: Verbosity | None = None,
        saver: GameSaver | None = None,
        resumed: bool = False,
        settings: SettingsControl | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.state = state
        self.players = list(players)
        self.lines = lines
        self.channel = channel
        self.record = record
        self.saver = saver
        self._save_failed = False
        self._record_failed = False
        self.settings = settings or SettingsControl(Settings(), Settings(), lambda _: None)
        self.sleep = sleep
        if verbosity is None:
            verbosity = Verbosity(self.settings.effective.verbosity)
        self.humans = [seat for seat, player in enumerate(players) if player is None and seat in state.rules.people]
        self._hint_player = SearchPlayer(seed=0, budget=STRONG, name="hint")
        self.narrator = Announcer(state.rules, self.humans, verbosity)
        self.recent: deque[Message] = deque(maxlen=HISTORY_LENGTH)
        """The latest announcements of what happened, for ``history``."""
        self.last_said: list[Message] = []
        """The lines of the last thing that happened, for ``repeat``."""
        self._announced = len(state.events) if resumed else 0
        self._resumed = resumed
        self._asked_at = -1
        if hasattr(lines, "words"):
            lines.words = self.completion_words  # type: ignore[attr-defined]
            lines.moves = self.move_words  # type: ignore[attr-defined]
        if hasattr(lines, "stop_speech"):
            lines.stop_speech = self.stop_speech  # type: ignore[attr-defined]

    def stop_speech(self) -> None:
        """Silence whatever the output channel is still saying."""
        stop = getattr(self.channel, "stop", None)
        if stop is not None:
            stop()

    def completion_words(self) -> list[str]:
        """The words Tab completes now: the legal moves first, then every command."""
        words = self.move_words()
        words += [spec.name for spec in COMMANDS if spec.name not in words]
        return words

    def move_words(self) -> list[str]:
        """The moves that may be typed now, as words: cards, bids, colors."""
        state = self.state
        words: list[str] = []
        if state.phase is Phase.PLAY:
            words += [card_name(action.card) for action in state.legal_actions()]  # type: ignore[union-attr]
        elif state.phase is Phase.BIDDING:
            words += ["pass", *(["check"] if state.may_check() else []), *(f"{amount}" for amount in state.rules.bid_range(state.high_bid))]
        elif state.phase is Phase.DISCARD and state.turn is not None:
            words += ["discard", *(card_name(card) for card in state.hand(state.turn))]
        elif state.phase is Phase.TRUMP:
            words += ["red", "black", "yellow", "green"]
        return words

    def say(self, line: str, urgent: bool = False) -> None:
        """Say one line that answers the user (not an announcement of the game)."""
        for message in messages([line], urgent):
            self.channel.say(message)

    def run(self) -> int:
        """Play to the end; the exit status (0 for a finished game, end of input or quit)."""
        try:
            return self._run()
        except _Quit:
            return 0
        except EOFError:  # the input ended while the game waited after a trick
            self.say("End of input. " + self.goodbye())
            return 0

    def _run(self) -> int:
        if self._resumed:
            for line in self.narrator.resume_lines(self.state):
                self.say(line)
        self._announce_new_events()
        self._save_start()
        state = self.state
        while not state.is_over:
            seat = state.turn
            actor = state.actor
            assert seat is not None and actor is not None
            player = self.players[actor]  # the dummy's cards are chosen by the player who plays it
            if player is not None:
                action = player.choose(state.view(seat))
                state.apply(action, seat)
                self._after_action(seat, action)
                continue
            fresh = self._asked_at != len(state.events)
            self._asked_at = len(state.events)
            line = self.lines.read(self.narrator.question(state), fresh)
            if line is None:
                self.say("End of input. " + self.goodbye())
                return 0
            if not self.handle_line(line):
                return 0
        return 0

    def _announce_new_events(self) -> bool:
        """Announce the events not yet said; whether a trick was taken among them."""
        events = self.state.events
        trick_taken = False
        while self._announced < len(events):
            event = events[self._announced]
            self._announced += 1
            self._announce(event)
            trick_taken = trick_taken or isinstance(event, TrickTaken)
        return trick_taken

    def _announce(self, event: Event) -> None:
        if self.record is not None:
            self.record.write(event)
        said = self.narrator.event_messages(event, self.state)
        if said:
            self.last_said = said
        for message in said:
            self.recent.append(message)
            self.channel.say(message)

    def _after_action(self, seat: int, action: Action) -> None:
        """Say what an action caused, save the game, and pace the play."""
        trick_taken = self._announce_new_events()
        self._save(seat, action)
        if trick_taken and self.humans and getattr(self.lines, "interactive", False):
            self._pause_after_trick()

    def _save(self, seat: int, action: Action) -> None:
        """Keep the game after every action, so nothing is lost; delete the save when the game ends."""
        self._check_record()
        if self.saver is None:
            return
        try:
            if self.state.is_over:
                self.saver.delete()
                return
            self.saver.add(seat, action)
            self.saver.save(self._record_lines())
        except OSError as error:
            self._save_failure(error)
        else:
            self._saved_again()

    def _save_start(self) -> None:
        """Save a game at its start too, so that even a game with no move yet can be resumed."""
        self._check_record()
        if self.saver is None or self.state.is_over:
            return
        try:
            self.saver.save(self._record_lines())
        except OSError as error:
            self._save_failure(error)

    def _record_lines(self) -> int:
        """How many lines of the record file the save may count on: every event said, less those lost."""
        if self.record is None:
            return 0
        return self._announced - getattr(self.record, "lost", 0)

    def _check_record(self) -> None:
        """Say once that the record file cannot be written (a full disk, say); the game goes on."""
        error = getattr(self.record, "error", None)
        if error is not None and not self._record_failed:
            self._record_failed = True
            reason = error.strerror or str(error)
            self.say(f"The record file cannot be written: {reason}. Play goes on without it.")

    def _save_failure(self, error: OSError) -> None:
        """Say once that saving fails; the game goes on."""
        if not self._save_failed:
            self._save_failed = True
            self.say(f"The game cannot be saved: {error.strerror or error}. Play goes on.")

    def _saved_again(self) -> None:
        """After a failure, say that saving works again (the disk has room again, say)."""
        if self._save_failed:
            self._save_failed = False
            self.say("The game is saved again.")

    def goodbye(self) -> str:
        """The last line when the user leaves a game that is not over."""
        if self.saver is not None and not self._save_failed:
            return "Game saved. Goodbye. To go on later: rook-access --resume."
        return "Goodbye."

    def _pause_after_trick(self) -> None:
        """At a terminal, give the player time to take in a trick before the computers go on.

        Never with scripted input: there every line is a command.
        """
        state = self.state
        if state.is_over or state.actor in self.humans:
            return  # the player is asked at once anyway
        if self.settings.effective.pacing == "delay":
            self.sleep(self.settings.effective.delay)
            return
        while True:
            line = self.lines.read("Press Enter to go on.")
            if line is None:
                raise EOFError
            if not line.strip():
                return
            if not self.handle_line(line, may_act=False):
                raise _Quit

    # ----------------------------------------------------------------- input
    def handle_line(self, line: str, may_act: bool = True) -> bool:
        """Carry out one line typed by the seat to act; False when the user quits.

        With ``may_act`` False (while the game waits between tricks) only
        review commands are carried out.
        """
        try:
            command = parse_command(line)
        except UnknownCommandError as error:
            self.say(str(error))
            return True
        if command is None:
            return True
        if command.name == "quit":
            return not self._confirm_quit()
        try:
            if command.spec.acts and not (command.name == "trump" and not command.arguments):
                if not may_act:
                    raise Refused(f"Wait: {self.narrator.turn_line(self.state)}")
                self._act(command)
            else:
                for reply in self._review(command):
                    self.say(reply)
        except Refused as refusal:
            self.say(str(refusal))
        return True

    def _confirm_quit(self) -> bool:
        """Leave at once when the game is saved; otherwise ask first. True to leave."""
        for line in self.narrator.score_lines(self.state):
            self.say(line)
        if self.saver is None or self._save_failed:
            answer = self.lines.read("Leave the game? It is not saved. Type yes to leave, or anything else to go on.")
            if answer is not None and answer.strip().lower().strip(".!") not in ("yes", "y", "quit", "q"):
                self.say("Going on.")
                return False
        self.say(self.goodbye())
        return True

    def _review(self, command: Command) -> list[str]:
        narrator = self.narrator
        state = self.state
        seat = state.turn
        assert seat is not None
        name = command.name
        if name == "help":
            return help_lines()
        if name == "hand":
            if narrator.braille:
                return narrator.hand_lines(seat, state)
            return [narrator.grouped_hand_line(seat, state)]
        if name == "trick":
            return [narrator.trick_line(state)]
        if name == "last":
            return [narrator.last_trick_line(state)]
        if name == "bids":
            return narrator.bids_lines(state)
        if name == "score":
            return narrator.score_lines(state)
        if name == "trump":
            return [narrator.trump_line(state)]
        if name == "turn":
            return [narrator.turn_line(state)]
        if name == "legal":
            return [narrator.legal_line(state)]
        if name == "settings":
            return self._settings_command(command.arguments)
        if name == "stop":
            self.stop_speech()
            return []
        if name == "taken":
            return narrator.taken_lines(state)
        if name == "rules":
            return rules_summary(state.rules)
        if name == "dummy":
            return [narrator.dummy_line(state)]
        if name == "hint":
            if state.actor not in self.humans:
                return ["No hint: it is not your turn."]
            return [hint_line(state.view(seat), self._hint_player)]
        if name == "repeat":
            return [m.compact for m in self.last_said] if self.last_said else ["Nothing has been said yet."]
        if name == "history":
            if not self.recent:
                return ["Nothing has been said yet."]
            return [f"The last {len(self.recent)} announcements, oldest first:"] + [m.compact for m in self.recent]
        raise AssertionError(f"unhandled command {name}")

    def _settings_command(self, arguments: tuple[str, ...]) -> list[str]:
        control = self.settings
        if not arguments:
            return ["Settings, change one with settings, its name and a value:", *control.effective.describe()]
        if len(arguments) < 2:
            return [f"Say settings {arguments[0]} and a value, like settings verbosity terse."]
        name, value = arguments[0].lower(), " ".join(arguments[1:])
        try:
            control.effective = control.effective.changed(name, value)
            control.stored = control.stored.changed(name, value)
        except SettingError as error:
            return [str(error)]
        try:
            control.save(control.stored)
            kept = "saved"
        except OSError as error:
            kept = f"for this game only; the settings file could not be written: {error.strerror}"
        value = getattr(control.effective, name)
        if name == "verbosity":
            self.narrator.verbosity = Verbosity(value)
        elif name in ("output", "voice", "rate", "braille") and control.reopen_output is not None:
            self.channel = control.reopen_output(control.effective)
        elif name == "level":
            kept += "; the computer players change in the next game"
        return [f"{name} is now {value or 'default'}, {kept}."]

    def _act(self, command: Command) -> None:
        action = self._action(command)
        seat = self.state.turn
        assert seat is not None
        try:
            self.state.apply(action, seat)
        except IllegalActionError as error:
            raise Refused(self.narrator.refusal(error, self.state)) from None
        self._after_action(seat, action)

    def _action(self, command: Command) -> Action:
        """The engine action a command asks for, checked for form only."""
        name = command.name
        arguments = command.arguments
        try:
            if name == "pass":
                return PASS
            if name == "check":
                return CHECK
            if name == "bid":
                if len(arguments) != 1 or not is_number(arguments[0]):
                    raise Refused("Say bid and a number, like bid 75, or pass.")
                number = int(arguments[0])
                if self.state.phase is Phase.PLAY and 1 <= number <= 14 and command.arguments == tuple(arguments):
                    raise Refused(f"{number} needs a color letter: {number}r, {number}x, {number}y or {number}g.")
                return Bid(number)
            if name == "trump":
                if len(arguments) != 1:
                    raise Refused("Say trump and one color, like trump red.")
                return NameTrump(parse_color(arguments[0]))
            if name == "play":
                if len(arguments) != 1:
                    raise Refused("Play one card at a time, like play 14r or just 14r.")
                return Play(parse_card(arguments[0]))
            if name == "discard":
                cards = parse_cards(arguments)
                if len(set(cards)) != len(cards):
                    raise Refused("You named a card twice. Name each card once.")
                if self.state.phase is Phase.DISCARD and not cards:
                    size = self.state.rules.nest_size
                    example = " ".join(card_name(card) for card in self.state.hand(self.state.turn)[:size])  # type: ignore[arg-type]
                    raise Refused(f"Say discard and {size} cards, like discard {example}.")
                return Discard(frozenset(cards))
        except CardNotationError as error:
            raise Refused(str(error)) from None
        raise AssertionError(f"unhandled command {name}")
