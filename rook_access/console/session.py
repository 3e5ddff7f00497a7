"""The console game: computer seats move, keyboard seats are asked, every event is said.

The session is the only place where the engine, the players, the input and
the output meet.  It plays any family of games through the game protocol
(``seats_to_act``, ``apply``, ``view``, ``events``, ``is_over``) and the
family's console part (``console.families``): the narrator, the commands
and how typed words become actions, the hint player, when to pause.
A refused command says why in one line and changes nothing.
"""

from __future__ import annotations

import dataclasses
import signal
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import Any, Protocol, runtime_checkable

from ..announcer import Verbosity, speakable
from ..announcer.base import BRAILLE_WIDTH
from ..announcer.message import Message
from ..braille.display import BrailleDisplayChannel
from ..engine import IllegalActionError
from ..engine.calls import open_offer
from ..engine.cards import shown
from ..engine.games import find_game
from ..engine.spelling import nearest
from ..output.channels import user_language, voice_lines
from ..players import LevelError, Player, SearchPlayer, parse_levels
from ..players.base import Decision
from ..players.reactions import HasLevel
from ..record import RecordWriter
from ..saves import GameSaver
from ..settings import (
    ALL_SETTINGS,
    MOST_WORDS_IN_A_NAME,
    SettingError,
    Settings,
    likely_value,
    setting_groups,
    setting_name,
    setting_names,
    split_setting,
    spoken_name,
    spoken_setting_names,
)
from .calls import CallWindow, LeaveGame, ReadingClock, timed_calls
from .families import family_of
from .family import FamilyConsole
from .interrupts import CTRL_C_NOTICE, CTRL_C_NOTICE_BRAILLE, CtrlC, ctrl_c_notice
from .lines import GameKeys, LineSource, input_source, is_interactive
from .questions import Question, ask, yes_or_no
from .registry import DECISIONS_KEPT, TRAILING, Command, CommandSpec, Refused, UnknownCommandError

OUTPUT_SETTINGS = ("output", "voice", "rate", "braille", "interrupt")
"""Settings that take effect by opening the output channel again (interrupt is the speech branch's)."""

NEW_OR_GAMES = "After new, yes starts a game of the same kind, newly shuffled; after games, it says the list."
"""What ``new`` and ``games`` start, in the help of their question."""

NEW_GAME_NOW = Question(
    "Start another game? This one is kept for rook-access --resume. Type yes or no.",
    yes_or_no,
    allowed="Type yes for another game or no to go on with this one.",
    help=(NEW_OR_GAMES, "The saved game waits for rook-access --resume."),
)
"""Asked at ``new`` or ``games`` while the game goes on."""

NEW_GAME_UNSAVED = Question(
    "Start another game? This one is not saved and will be lost. Type yes or no.",
    yes_or_no,
    allowed="Type yes for another game or no to go on with this one.",
    help=(NEW_OR_GAMES, "Saving failed, so a game left now cannot be resumed."),
)
"""Asked at ``new`` or ``games`` when the game cannot be saved."""

GAMES_KEPT = "This game is kept: rook-access --resume goes back to it."
"""Said when ``games`` leaves a game under way, before the list of games."""

NEW_GAME_KEPT = f"{GAMES_KEPT} A new game starts."
"""Said when ``new`` leaves a game under way."""

NEW_NOT_HERE = "No other game starts from here: quit leaves this one, and rook-access starts another."
"""The answer to ``new`` and ``games`` where the program does not start another game (an online table, a party's
table, a ``--record`` file)."""

LEAVE_UNSAVED = Question(
    "Leave the game? It is not saved. Type yes to leave or no to go on.",
    yes_or_no,
    allowed="Type yes to leave or no to go on.",
    help=("Saving failed, so a game left now cannot be resumed.",),
)
"""Asked at quit when the game cannot be saved; quit or Ctrl-D leave too."""

HISTORY_LENGTH = 10
"""How many recent announcements ``history`` says."""

SAVE_WORDS = ("save", "save game")
SAVED_ALWAYS = "The game is saved after every move; quit leaves it and keeps it."
"""The answer to ``save`` typed in a game that is saved (a player of other programs looks for the command)."""
NOT_MEANT = "Then type what you meant; help says the commands."
"""The answer to no after "Did you mean ...?", where no is no command of the game."""


class MessageSink(Protocol):
    """Where messages go: an output channel."""

    def say(self, message: Message) -> None: ...


@runtime_checkable
class StoppableSink(Protocol):
    """A message sink whose speech can be silenced (an output channel; a test's sink may not be)."""

    def stop(self) -> None: ...


@runtime_checkable
class TypingAwareSink(Protocol):
    """A message sink told when the user typed a line, to cut its speech as the user set."""

    def user_input(self) -> None: ...


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
        self.on_change: Callable[[str], bool | None] = lambda name: None
        """Called with a setting's name after the ``settings`` command changed it, to apply it; it
        returns False when it could not be applied (braille on without a display): the change is undone."""
        self.voices: Callable[[str | None], list[str]] = lambda language: voice_lines(language=language)
        """The lines of ``settings voice``: the voices of a language (a code like ``en``), or all for None."""
        self.meant: str | None = None
        """The ``settings`` command the last refusal's "Did you mean" named, for ``yes`` to carry out."""
        self.at_a_table = False
        """Whether the game is an online table's, whose rules and computers its host fixed: a changed level, game
        or table option is then for the player's own next game, at home or at a table they make."""

    def command(self, arguments: Sequence[str]) -> list[str]:
        """Carry out the ``settings`` command (its words after ``settings``); the lines to say.

        Without arguments it lists the settings; with a name and a value it
        changes one, saves it and calls ``on_change``. The game and the
        questions asked before it share this.
        """
        self.meant = None
        if not arguments:
            return [SETTINGS_HEADING, *self.effective.overview(), SETTINGS_MORE]
        typed = setting_name(" ".join(arguments))
        if typed == ALL_SETTINGS:  # by group, as settings says them
            groups = setting_groups().values()
            return ["Every setting, with what it does:", *(line for names in groups
                                                           for line in self.effective.describe(names))]
        if typed in setting_groups():
            return self.effective.describe(setting_groups()[typed])
        if [word.lower() for word in arguments] in (["voice"], ["voice", "list"]):
            # The voices to choose from: the user's language's, or every one with list.
            return self.voices(None if len(arguments) == 2 else user_language())
        name, rest = split_setting(arguments)
        spoken = spoken_name(name)
        if not rest:
            # What it is now, and what it may be (an example alone, "like settings pacing enter", left the
            # value it has now unsaid).
            described = self.effective.describe((name,))
            if described:
                return [f"Say settings {spoken} and a value; now {described[0]}"]
            if name not in setting_names():
                close = nearest(spoken, [*spoken_setting_names(), *setting_groups(), ALL_SETTINGS])
                if close is None:
                    return [f"There is no setting {shown(spoken)}. Type settings to hear them all."]
                self.meant = f"settings {close}"
                return [f"There is no setting {shown(spoken)}. Did you mean {close}?"]
            return [f"Say settings {shown(spoken)} and a value, like settings verbosity terse."]
        value = " ".join(rest)
        try:
            effective = self.effective.changed(name, value)
            stored = self.stored.changed(name, value)
        except SettingError as error:
            line, self.meant = setting_error_line(name, value, error)
            return [line]
        previous, self.effective = self.effective, effective
        if self.on_change(name) is False:
            # Not applied (the notice said why, like a braille display missing): nothing changes or is saved.
            self.effective = previous
            return []
        self.stored = stored
        try:
            self.save(self.stored)
            kept = "saved"
        except OSError as error:
            kept = f"for this game only; the settings file could not be written: {error.strerror}"
        fields = dataclasses.asdict(self.effective)
        now = fields[name] if name in fields else self.effective.option(name)  # else a table option
        if isinstance(now, bool):
            now = "on" if now else "off"
        elif isinstance(now, float) and (now or name == "delay"):  # a delay of 0 is none, not the default
            now = f"{now:g}"  # 10 seconds, not 10.0
        if now and name in UNITS:
            unit = UNITS[name]
            now = f"{now} {unit.replace('seconds', 'second') if now == '1' else unit}"  # 1 second, 1.5 seconds
        if self.at_a_table and (name in ("level", "variant") or name not in fields):
            kept += "; this table keeps its own, the change is for your next game at home or table you make"
        elif name in ("level", "my_level"):
            kept += "; the computer players change in the next game"
        elif name == "variant":
            kept += "; the next game plays it"
        elif name not in fields:  # a table option: the game being played keeps its rules
            kept += "; it applies from the next game"
        line = f"{spoken} is now {now or 'default'}, {kept}."
        return [line[:1].upper() + line[1:]]  # "Chat is now off, saved.": a sentence


SETTINGS_HEADING = "Settings, change one with settings, its name and a value, like settings verbosity terse:"
"""The first line of ``settings``; the settings by group follow, each with its value."""

SETTINGS_MORE = "settings and a group, like settings pace, says what each does; settings all says every one."
"""The last line of ``settings``: where what each setting does is told."""

SHORT_REFUSAL = 80
"""A refusal this long or shorter (the choices of verbosity) is said after "Did you mean"; a longer one (the
21 games) is left for ``settings`` and the name to tell."""

UNITS = {"delay": "seconds", "call_time": "seconds", "rate": "words a minute", "reading_speed": "words a minute"}
"""What a number setting counts, said after its value ("call time is now 10 seconds")."""


class ReadAgain(Exception):
    """A question given up before its answer, to be asked again once the game has been looked at again."""


class _Quit(Exception):
    """The user quit while the game waited between tricks (the goodbye is said)."""


REPEATED_QUESTION_LENGTH = 60
"""A question longer than this is shown shorter when it comes again unchanged (``repeated_question``)."""


def repeated_question(question: str) -> str:
    """The question shown again at a terminal after a command that changed nothing: a long one without the list
    after its colon (``Your lead, 8 cards.``), which was said in full the first time and which a screen reader
    would read again with every prompt; ``legal`` and ``hand`` say it on demand."""
    if len(question) <= REPEATED_QUESTION_LENGTH:
        return question
    return short_question(question)


def short_question(question: str) -> str:
    """The question without the list after its colon, however long it is (``Your lead, 3 cards.``).

    >>> short_question("Your lead, 3 cards: 14r 9g 5y."), short_question("Your turn to bid.")
    ('Your lead, 3 cards.', 'Your turn to bid.')
    """
    if ": " not in question:
        return question
    return question[: question.index(": ")] + "."


class _LeaveNow(BaseException):
    """A second Ctrl-C while the game waited (a computer thinking, the pause after a trick).

    A BaseException, like KeyboardInterrupt, so that no ``except Exception``
    inside a computer player's search can swallow it.
    """


def setting_error_line(name: str, value: str, error: SettingError) -> tuple[str, str | None]:
    """A refused setting in one line, with the closest name or value where one is close; and the
    ``settings`` command that line's "Did you mean" names, which ``yes`` then carries out (None without)."""
    spoken = spoken_name(name)
    if spoken in setting_groups():  # "settings pace 5": a group has no value of its own
        names = ", ".join(spoken_name(member) for member in setting_groups()[spoken])
        return f"{spoken.capitalize()} is a group of settings: {names}. Change one by its name.", None
    if name not in setting_names():
        # A name of several words mistyped ("min bd 80"): the first words that come close to a name.
        spoken_names = spoken_setting_names()
        values = value.split()
        words = [spoken, *values[:MOST_WORDS_IN_A_NAME - 1]]
        for count in range(len(words), 0, -1):
            typed = " ".join(words[:count])
            close = nearest(typed, spoken_names)
            if close is not None and len(close.split()) == len(typed.split()):  # as many words as the name
                meant = " ".join(["settings", close, *values[count - 1:]])
                return f"There is no setting {shown(typed)}. Did you mean {close}?", meant
        return f"There is no setting {shown(spoken)}. Type settings to hear them all.", None
    close = likely_value(name, value)  # a game by its title too: settings variant dixie-rook is dixie
    if close is not None:  # the likely value alone: the list of every value (21 games) is long to listen to
        allowed = f" {error.allowed}" if len(str(error)) <= SHORT_REFUSAL else ""  # the typo was just named
        return f"No {spoken} {shown(value)}. Did you mean {close}?{allowed}", f"settings {spoken} {close}"
    return str(error), None


def braille_missing(settings: Settings, channel: MessageSink) -> bool:
    """Whether the settings ask for the braille display but the output opened without one."""
    return settings.braille == "on" and not isinstance(channel, BrailleDisplayChannel)


GO_ON = "Press Enter to go on."
"""The pause after a trick (``pacing enter``): the game goes on when the player presses Enter."""

LAST_LOOK = "Press Enter to leave, or type review to go over the last hand."
"""The question after a game's end at a terminal, where the game has a ``review`` (``_last_look``): the
finished game can still be looked back on before the program leaves."""

LAST_LOOK_BRAILLE = "Enter leaves, or review the last hand."
"""``LAST_LOOK`` in the braille verbosity, within 40 cells."""

LAST_GOODBYE = "Goodbye. To play again: rook-access."
"""Said when Enter leaves the last look: the program ends, and a new game is one command away."""

LAST_LOOK_NEW = "Press Enter to leave, new to play again, games for another game, or review the last hand."
"""``LAST_LOOK`` where the program can start another game itself (``ConsoleGame.offers_new_game``)."""

LAST_LOOK_NEW_BRAILLE = "Enter leaves, or new, games, review."
"""``LAST_LOOK_NEW`` in the braille verbosity, within 40 cells."""

NEW_OR_LEAVE = "Press Enter to leave, new to play again, or games for another game."
"""The question after a game without a ``review`` ends at a terminal, where the program can start another."""

NEW_OR_LEAVE_BRAILLE = "Enter leaves, or new, or games."
"""``NEW_OR_LEAVE`` in the braille verbosity."""

NEW_GAME_WORDS = frozenset({"new", "new game", "play again"})
"""Typed at the last look, another game of the same kind: a new shuffle, the same settings and table."""

NOW_COMMANDS = frozenset({"hint", "turn", "legal"})
"""The commands about the move to make now: once the game is over they say so (``GAME_ENDED``)."""

GAME_ENDED = "The game is over. Press Enter to leave."
"""A move typed at ``LAST_LOOK``."""

PAUSED_MOVE = "First press Enter to go on."
"""A move typed at the pause after a trick: the pause takes none (a card typed for the trick just taken must
not land on the next), and play goes on once Enter is pressed."""


class ConsoleGame:
    """Runs one game at the console until it ends, the input ends, or the user quits.

    ``players[seat]`` is None for a seat played at the keyboard.  ``family``
    is the family's console part (by default the one registered for ``state``).
    """

    def __init__(
        self,
        state: Any,
        players: Sequence[Player | None],
        lines: LineSource,
        channel: MessageSink,
        record: RecordWriter | None = None,
        verbosity: Verbosity | None = None,
        saver: GameSaver | None = None,
        resumed: bool = False,
        settings: SettingsControl | None = None,
        sleep: Callable[[float], None] = time.sleep,
        family: FamilyConsole | None = None,
        rules_lines: Callable[[bool], list[str]] | None = None,
    ) -> None:
        self.family = family or family_of(state)
        self.rules_lines = rules_lines
        """What ``rules`` says instead of the family's rules, given whether the braille verbosity is on
        (a progressive party's table: the round's rules, the party's, and where it stands)."""
        self.state = state
        self.players = list(players)
        self.lines = input_source(lines)
        self.channel = channel
        self.record = record
        self.saver = saver
        self._save_failed = False
        self._record_failed = False
        self.settings = settings or SettingsControl(Settings(), Settings(), lambda _: None)
        self.sleep = sleep
        if verbosity is None:
            verbosity = Verbosity(self.settings.effective.verbosity)
        self.humans = self.family.humans(state, self.players)
        self._hint_player: Any = None
        """The player ``hint`` asks, made the first time it is asked."""
        self.decisions: deque[Decision] = deque(maxlen=DECISIONS_KEPT)
        """The moves made in this session, each with the view it was chosen from (``why``, ``review``)."""
        self.resumed_at = len(state.events) if resumed else 0
        """How many events a resumed game had when it was resumed (0 for a new game): the moves
        before them are not in ``decisions``."""
        self._meant: str | None = None
        """The line the last refusal asked "Did you mean ...?" about, which yes carries out."""
        self._pausing = False
        """Whether the game is waiting for Enter after a trick (``_pause_after_trick``): a move typed then
        is refused with the pause's own line."""
        self._last_viewer: int | None = None
        """The seat review commands last spoke for (see ``viewer``)."""
        self.looks_back_at_end = True
        """Whether a game that ends at a terminal waits for Enter, taking review commands meanwhile
        (``_last_look``); a progressive party's table goes on to the round's results instead."""
        self.offers_new_game = False
        """Whether the last look offers another game (``new``), which whoever runs the game then starts; off
        where nobody would (an online table, a party's table) or a new game must not (a ``--record`` file)."""
        self.new_game_asked = False
        """Whether the user asked for another game (``new`` or ``games``, at the last look or during the game, which
        is then left kept): whoever runs the game starts it."""
        self.games_asked = False
        """Whether that game is to be chosen from the list of games (``games``): whoever runs the game offers the
        list, and starts the one chosen."""
        self.narrator = self.family.narrator(state, self.humans, verbosity)
        if self.settings.effective.braille == "on" and not isinstance(channel, BrailleDisplayChannel):
            # The display could not be had (a notice said so): braille is off in this run,
            # so settings says so and a change of output does not try, and tell, again.
            self.settings.effective = self.settings.effective.changed("braille", "off")
        self._choose_card_form()
        self.recent: deque[Message] = deque(maxlen=HISTORY_LENGTH)
        """The latest announcements of what happened, for ``history``."""
        self.last_said: list[Message] = []
        """The lines of the last thing that happened, for ``repeat``."""
        self._announced = len(state.events) if resumed else 0
        self._recorded = self._announced
        """The events written to the ``--record`` file (before they are said: the save counts them)."""
        self._recall(state.events[: self._announced])
        self._resumed = resumed
        self._started = False
        self._asked_at: tuple[int, int] | None = None
        self._ctrl_c: CtrlC | None = self.lines.ctrl_c
        self._choose_ctrl_c_notice()
        self._waiting = False
        """Whether the game only waits (a computer thinks, a pause): a second Ctrl-C may leave at once."""
        self.lines.connect(GameKeys(self.completion_words, self.moves_as_printed, self.stop_speech))
        self.settings.on_change = self._setting_changed
        self.reading = ReadingClock(self.settings.effective.reading_speed)
        """When the lines said so far will have been read: a call window opens no sooner (``console.calls``)."""
        self.call_window = CallWindow(sleep=self._wait)
        """The timed window of quick calls."""

    def moves_as_printed(self) -> list[str]:
        """The moves Tab says on an empty line, their cards as the lines print them (in words at a terminal)."""
        return [self.narrator.printed(word) for word in self.move_words()]

    def stop_speech(self) -> None:
        """Silence whatever the output channel is still saying."""
        if isinstance(self.channel, StoppableSink):
            self.channel.stop()

    def _user_typed(self, line: str | None) -> None:
        """A line came back from the user: the channel cuts its speech as the user set."""
        if line is None:
            return
        self.reading.typed()
        if isinstance(self.channel, TypingAwareSink):
            self.channel.user_input()

    def user_typed(self, line: str | None) -> None:
        """The user answered (a call window's answer): speech is cut as for a typed line."""
        self._user_typed(line)

    def controller(self, seat: int) -> int:
        """The seat whose player decides for ``seat``."""
        return self.family.controller(self.state, seat)

    def current_settings(self) -> Settings:
        """The settings in effect now."""
        return self.settings.effective

    def apply_action(self, seat: int, action: Any) -> None:
        """Apply one action of ``seat`` (a call window's answer), announce and save as after any move."""
        self.state.apply(action, seat)
        self._after_action(seat, action)

    def computer_levels(self) -> list[str]:
        """The levels of the computer seats: each player's own (a resumed game keeps its levels), else the
        ``level`` setting's."""
        seats = len(self.players)
        try:
            levels = parse_levels(self.settings.effective.level, seats)
        except LevelError:
            levels = ["normal"] * seats
        return [
            player.level if isinstance(player, HasLevel) else level
            for level, player in zip(levels, self.players, strict=False)
            if player is not None
        ]

    def _wait(self, seconds: float) -> None:
        """Wait, as while the computers play (a second Ctrl-C leaves)."""
        if seconds <= 0:
            return
        with self._waiting_on_computers():
            self.sleep(seconds)

    def completion_words(self) -> list[str]:
        """The words Tab completes now: the legal moves first, then the commands that apply
        in this game and this part of it."""
        words = self.move_words()
        family = self.family
        words += [spec.name for spec in family.commands if family.applies(spec, self.state) and spec.name not in words]
        return words

    def seat_to_ask(self) -> int | None:
        """The seat to act whose moves are typed at the keyboard now, or None."""
        for seat in self.state.seats_to_act():
            if self.family.controller(self.state, seat) in self.humans:
                return seat
        return None

    def yours(self) -> bool:
        """Whether a seat played at the keyboard is to act now."""
        return self.seat_to_ask() is not None

    def move_words(self) -> list[str]:
        """The moves that may be typed now, as words (cards, bids, colors), in the order the question names them.

        None while another player is to act: their cards are not the user's to hear.
        """
        seat = self.seat_to_ask()
        if seat is None or self.state.is_over:
            return []
        return self.family.move_words(self.state, seat)

    def say(self, line: str, urgent: bool = False) -> None:
        """Say one line that answers the user (not an announcement of the game); in the braille verbosity, cut
        into lines of at most 40 cells where its phrases end (``Narrator.fit``)."""
        for message in self.narrator.messages(self.narrator.fit(line), urgent):
            self.say_message(message)

    def say_message(self, message: Message) -> None:
        """Say a message made ready (its printed and spoken forms), as ``say`` says its lines."""
        self.reading.written(message.spoken)
        self.channel.say(message)

    def say_as_typed(self, line: str) -> None:
        """Say a line about what to type, its cards kept in the notation to be typed
        ("9 needs a color letter: 9r, 9x, 9y or 9g"); within 40 cells a line in the braille verbosity."""
        for piece in self.narrator.fit(line):
            self.channel.say(Message(piece, speakable(piece)))

    def _choose_card_form(self) -> None:
        """Cards in words where a screen reader reads the printed lines: at a terminal with
        output auto (and no braille display of the program's own, and not the braille
        verbosity), unless the user asked for the notation.  Scripts, ``--output plain``
        and the speaking outputs (which speak the words) print the notation."""
        settings = self.settings.effective
        self.narrator.card_words = (
            settings.output == "auto"
            and settings.cards == "words"
            and settings.braille == "off"
            and not self.narrator.braille
            and is_interactive(self.lines)
        )

    def run(self) -> int:
        """Play to the end; the exit status (0 for a finished game, end of input or quit)."""
        with self._ctrl_c_caught():
            while True:
                try:
                    return self._run()
                except (_Quit, LeaveGame):
                    return 0
                except EOFError:  # the input ended while the game waited after a trick
                    self.say_goodbye("End of input. ")
                    return 0
                except _LeaveNow:
                    self._waiting = False
                    if self._confirm_quit():
                        return 0

    def _run(self) -> int:
        if not self._started:
            self._started = True
            if self._resumed:
                for resume_line in self.narrator.resume_lines(self.state.view):
                    self.say(resume_line)
            self._announce_new_events()
            self._save_start()
        state = self.state
        while not state.is_over:
            self._take_ctrl_c()
            if self.moves_elsewhere():
                continue
            offer = open_offer(state)
            if offer is not None and timed_calls(self):
                self.reading.words_a_minute = self.settings.effective.reading_speed
                self.call_window.run(self, offer, self.computer_levels())
                continue
            seat = state.seats_to_act()[0]
            actor = self.family.controller(state, seat)
            player = self.players[actor]  # the dummy's cards are chosen by the player who plays it
            if player is not None:
                view = state.view(seat)
                with self._waiting_on_computers():
                    action = player.choose(view)
                state.apply(action, seat)
                self.decisions.append(Decision(seat, view, action, player))
                self._after_action(seat, action)
                continue
            step = self.family.automatic(state, seat)
            if step is not None:
                state.apply(step, seat)
                self._after_action(seat, step)
                continue
            # Another seat asked with no move between (a call let go by the player before it) is a fresh question.
            fresh = self._asked_at != (len(state.events), seat)
            self._asked_at = (len(state.events), seat)
            question = self.narrator.question(state.view(seat))
            if not fresh and is_interactive(self.lines):
                question = self.question_again(question)
            try:
                line = self.read_move(self._with_enter_hint(question), fresh)
            except ReadAgain:
                continue  # news came while the question waited: the loop says it, then asks again
            self._user_typed(line)
            if line is None:
                self.say_goodbye("End of input. ")
                return 0
            if not self.handle_line(line):
                return 0
        self._announce_new_events()  # the last moves of a game played elsewhere may come with its end
        for line in self.family.game_over(self):
            self.say(line)
        self._last_look()
        return 0

    def _last_look(self) -> None:
        """At a terminal, a finished game with a ``review`` waits for Enter, and meanwhile answers review
        commands (``review``, ``why``, ``history``, ``score``) about it; one without says goodbye, so that the
        program does not end without a word.  Never with scripted input, which ends with the game as it always
        has."""
        if not (self.looks_back_at_end and self.humans and is_interactive(self.lines)):
            return
        braille = self.narrator.braille
        if not any(spec.name == "review" for spec in self.family.commands):
            if not self.offers_new_game:
                self.say(self.last_goodbye())
                return
            question = NEW_OR_LEAVE_BRAILLE if braille else NEW_OR_LEAVE
        elif self.offers_new_game:
            question = LAST_LOOK_NEW_BRAILLE if braille else LAST_LOOK_NEW
        else:
            question = LAST_LOOK_BRAILLE if braille else LAST_LOOK
        if self._wait_for_enter(question, new_game=self.offers_new_game) is not False and not self.new_game_asked:
            self.say(self.last_goodbye())  # Enter, or the end of input; quit said its own goodbye

    def _wait_for_enter(self, question: str, new_game: bool = False) -> bool | None:
        """Ask ``question`` until Enter alone is typed, carrying out the review commands typed meanwhile (a move
        is refused): True at Enter, None at the end of input, False when the user quits.  With ``new_game``,
        a word of ``NEW_GAME_WORDS`` asks for another game (``new_game_asked``) and ends the wait too."""
        while True:
            line = self.read_paused(question)
            self._user_typed(line)
            if line is None:
                return None
            if not line.strip():
                return True
            if new_game and " ".join(line.lower().split()).rstrip(TRAILING) in NEW_GAME_WORDS:
                self.new_game_asked = True
                return True
            self._pausing = True
            try:
                if not self.handle_line(line, may_act=False):
                    return False
            finally:
                self._pausing = False

    def last_goodbye(self) -> str:
        """The goodbye after a finished game, when the player leaves it."""
        return LAST_GOODBYE

    def read_paused(self, question: str) -> str | None:
        """A line typed at a pause (after a trick, after the game): None at the end of input."""
        return self.lines.read(question)

    def question_again(self, question: str) -> str:
        """The question as shown again at a terminal, nothing having changed (``repeated_question``)."""
        return repeated_question(question)

    def read_move(self, question: str, fresh: bool) -> str | None:
        """The line typed at the question of a keyboard seat's move; ``ReadAgain`` to look at the game again
        first (an online table's news came meanwhile)."""
        return self.lines.read(question, fresh)

    def moves_elsewhere(self) -> bool:
        """Whether the next moves are made away from this console and were waited for (an online table's
        other players); then the loop looks again.  At a local table every move is made here."""
        return False

    def game_kept(self) -> bool:
        """Whether the game is kept when the user leaves it (saved here, or held by a server)."""
        return self.saver is not None and not self._save_failed

    # ---------------------------------------------------------------- Ctrl-C
    @contextmanager
    def _ctrl_c_caught(self) -> Iterator[None]:
        """At a terminal, Ctrl-C between prompts stops speech like at a prompt; twice leaves.

        Keys typed between prompts are held for the next prompt meanwhile.
        Scripted input keeps Python's own Ctrl-C.
        """
        if self._ctrl_c is None or threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = signal.signal(signal.SIGINT, self._on_ctrl_c)
        try:
            with self.lines.keys_held():
                yield
        finally:
            signal.signal(signal.SIGINT, previous)

    def _on_ctrl_c(self, signum: int, frame: FrameType | None) -> None:
        """SIGINT, between prompts. While the game only waits it is safe to act at once;
        otherwise (an announcement or a save under way) the press is kept in the shared ``CtrlC``, for the
        next safe point or the next prompt, whichever comes first (the prompt takes it before any key)."""
        assert self._ctrl_c is not None
        second = self._ctrl_c.press()
        if self._waiting:
            if second:
                self._waiting = False
                raise _LeaveNow
            self.stop_speech()
            self.say(ctrl_c_notice(self._ctrl_c))
        elif second:
            self._ctrl_c.defer_leave()
        else:
            self._ctrl_c.defer_notice()

    def _take_ctrl_c(self) -> None:
        """Act on a Ctrl-C that came while the game was busy.  Both are kept in the shared ``CtrlC``: when a
        prompt comes before the next safe point, the prompt takes them before it reads a key."""
        if self._ctrl_c is None:
            return
        notice = self._ctrl_c.take_notice()
        if self._ctrl_c.take_leave():
            raise _LeaveNow
        if notice:
            self.stop_speech()
            self.say(ctrl_c_notice(self._ctrl_c))

    @contextmanager
    def _waiting_on_computers(self) -> Iterator[None]:
        """A stretch where the game only waits, so a second Ctrl-C may end it at once."""
        self._take_ctrl_c()
        self._waiting = True
        try:
            yield
        finally:
            self._waiting = False
        self._take_ctrl_c()

    def _announce_new_events(self) -> list[Any]:
        """Announce the events not yet said; those events."""
        events = self.state.events
        said = []
        while self._announced < len(events):
            event = events[self._announced]
            self._announced += 1
            self._announce(event)
            said.append(event)
        return said

    def _recall(self, events: Sequence[Any]) -> None:
        """Take in the events a resumed game said before, saying nothing: the narrator follows them, and
        ``history`` and ``repeat`` have the lines they were said in, as if the game had never stopped."""
        for event in events:
            said = self.narrator.event_messages(event)
            if said:
                self.last_said = said
                self.recent.extend(said)

    def _record_new_events(self) -> None:
        """Write the events not yet written to the ``--record`` file, if there is one."""
        if self.record is None:
            return
        events = self.state.events
        while self._recorded < len(events):
            self.record.write(events[self._recorded])
            self._recorded += 1

    def _announce(self, event: Any) -> None:
        self._record_new_events()
        said = self.narrator.event_messages(event)
        if said:
            self.last_said = said
        for message in said:
            self.recent.append(message)
            self.reading.written(message.spoken)
            self.channel.say(message)

    def _after_action(self, seat: int, action: Any) -> None:
        """Save the game, say what the action caused, and pace the play.  The action is saved before it is said:
        a program killed between the two never loses a move the user was told of."""
        self._record_new_events()
        failure = self._save(seat, action)
        events = self._announce_new_events()
        self._check_record()
        if failure is not None:
            self._save_failure(failure)
        elif self.saver is not None and not self.state.is_over:
            self._saved_again()
        if self.family.pauses_after(events) and self.humans and is_interactive(self.lines):
            self._pause_after_trick()

    def _save(self, seat: int, action: Any) -> OSError | None:
        """Keep the game after every action, so nothing is lost; delete the save when the game ends.  What went
        wrong, for the caller to say after the action's own lines."""
        if self.saver is None:
            return None
        try:
            if self.state.is_over:
                self.saver.delete()
                return None
            self.saver.add(seat, action)
            self.saver.save(self._record_lines())
        except OSError as error:
            return error
        return None

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
        """How many lines of the record file the save may count on: every event written, less those lost."""
        if self.record is None:
            return 0
        return self._recorded - self.record.lost

    def _check_record(self) -> None:
        """Say once that the record file cannot be written (a full disk, say); the game goes on."""
        error = None if self.record is None else self.record.error
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

    def say_goodbye(self, opening: str = "") -> None:
        """Say ``opening`` and the goodbye; with the braille verbosity, whole sentences
        packed into lines of at most 40 cells ("To go on later: rook-access --resume." on its own)."""
        line = opening + self.goodbye()
        if not self.narrator.braille:
            self.say(line)
            return
        packed: list[str] = []
        for sentence in line.replace(". ", ".\n").splitlines():
            if packed and len(packed[-1]) + 1 + len(sentence) <= BRAILLE_WIDTH:
                packed[-1] += " " + sentence
            else:
                packed.append(sentence)
        for piece in packed:
            for fitted in self.narrator.fit(piece):
                self.say(fitted)

    def _pause_after_trick(self) -> None:
        """At a terminal, give the player time to take in a trick (or a step of a patience game
        that plays itself) before play goes on.

        Never with scripted input: there every line is a command.
        """
        state = self.state
        if state.is_over or self._asked_next():
            return  # the player is asked at once anyway
        if self.settings.effective.pacing == "delay":
            with self._waiting_on_computers():
                self.sleep(self.settings.effective.delay)
            return
        went_on = self._wait_for_enter(GO_ON)
        if went_on is None:
            raise EOFError
        if not went_on:
            raise _Quit

    # ----------------------------------------------------------------- input
    def handle_line(self, line: str, may_act: bool = True) -> bool:
        """Carry out one line typed by the seat to act; False when the user quits.

        With ``may_act`` False (while the game waits between tricks) only
        review commands are carried out.
        """
        if self.call_window.leftover(line):
            return True  # the rest of a call's word whose first letter made the call
        suggested = self._meant is not None
        line = self.meant_line(line)
        try:
            command = self.family.parse(line, self.completion_words())
        except UnknownCommandError as error:
            typed = line.strip().lower().rstrip(TRAILING)
            if typed in SAVE_WORDS and self.saver is not None and not self._save_failed:
                self.say_as_typed(SAVED_ALWAYS)  # no command needed: every move is saved
                return True
            if typed == "no" and suggested:  # the answer to "Did you mean ...?", where no is no command
                self.say_as_typed(NOT_MEANT)
                return True
            error = self.unglued(line, error) or error
            self.say_as_typed(str(error))
            self._meant = error.meant
            return True
        if command is None:
            # Enter is a key: a blank line in scripted input stays a no-op, as scripts rely on.
            return self._play_the_only_card() if may_act and is_interactive(self.lines) else True
        if command.name == "quit":
            return not self._confirm_quit()
        if command.name in ("new", "games"):
            return not self._confirm_new_game(listed=command.name == "games")
        try:
            if self.state.is_over and self.looks_back_at_end and command.name in NOW_COMMANDS:
                raise Refused(GAME_ENDED)
            unheard = self.moves_unheard(command.name)
            if unheard is not None:
                raise Refused(unheard)
            if command.spec.acts and not (command.spec.reviews and not command.arguments):
                if not may_act and self.state.is_over:
                    raise Refused(GAME_ENDED)
                if not may_act and self._pausing:
                    raise Refused(self._paused_move_line())
                if not may_act:
                    raise Refused(f"Wait: {self.narrator.turn_line(self.state.view(self.viewer()))}")
                if not self._act(command):
                    return False
            else:
                for reply in self._review(command):
                    for piece in self.narrator.fit(reply):  # in braille within 40 cells, whoever made the line
                        self.say(piece)
        except Refused as refusal:
            self.say_as_typed(str(refusal))
            self._meant = refusal.meant
        return True

    def unglued(self, line: str, refused: UnknownCommandError) -> UnknownCommandError | None:
        """The refusal of a line whose first word is a command that applies now glued to its first argument
        ("whynorth", "bid75", "helpall"): "Did you mean why north?", which yes carries out; None where it is
        no such pair.  A one-letter argument is read so ("whyw": why w, West's initial) unless it looks like a
        slip of the command itself where the refusal named that command: the last letter struck twice ("whyy")
        or an s after it ("whys")."""
        words = line.split()
        if not words:
            return None
        typed = words[0].lower()
        for spec in self.family.commands:
            if not spec.arguments or not self.family.applies(spec, self.state):
                continue
            for name in sorted((spec.name, *spec.aliases), key=len, reverse=True):
                argument = typed[len(name) :]
                if not typed.startswith(name) or not argument:
                    continue
                if len(argument) == 1 and argument in (name[-1], "s") and refused.meant is not None:
                    continue  # "whyy", "whys": the command mistyped, as the refusal's "Did you mean why?" has it
                if self._takes(spec, argument):
                    meant = f"{spec.name} {argument}"
                    return UnknownCommandError(f"Unknown command: {shown(words[0])}. Did you mean {meant}?",
                                               " ".join([meant, *words[1:]]))  # fmt: skip
        return None

    def _takes(self, spec: CommandSpec, argument: str) -> bool:
        """Whether ``argument`` may be the first argument of ``spec`` now: one of the words it takes, or, for a
        move, a word its family reads as that move's argument (a card for play, a number for bid)."""
        if spec.takes is not None and argument in (word.lower() for word in spec.takes(self, self.family.commands)):
            return True
        if not spec.acts:
            return False
        try:
            self.family.action(self, Command(spec, (argument,)))  # the form only: nothing is played
        except (Refused, ValueError):
            return False
        return True

    def hand_over(self, player: Any) -> None:
        """Let ``player`` make the keyboard seat's moves from now on (a demonstration); the seat is still
        the user's to hear, and play is paced as the computers' is."""
        seat = self.seat_to_ask()
        if seat is not None:
            self.players[self.family.controller(self.state, seat)] = player

    def _asked_next(self) -> bool:
        """Whether the next to act is asked at the keyboard (no computer moves and no automatic step comes first)."""
        seat = self.seat_to_ask()
        return (
            seat is not None
            and self.players[self.family.controller(self.state, seat)] is None
            and (self.family.automatic(self.state, seat) is None)
        )

    def _with_enter_hint(self, question: str) -> str:
        """The question, with what Enter alone does where it makes the only move (at a terminal only: a blank
        line of scripted input does nothing)."""
        enter = self.family.enter_alone(self.state) if is_interactive(self.lines) else None
        if enter is None or not enter[0]:
            return question
        return f"{question} {enter[0]}"

    def _play_the_only_card(self) -> bool:
        """Enter alone at a terminal does what the family says, like playing the only legal card (never in
        bidding); where it makes no move, one line says what the question wants, and nothing changes."""
        if self.seat_to_ask() is None:
            return True
        enter = self.family.enter_alone(self.state)
        if enter is None:
            self.say_as_typed(self.family.enter_does_nothing(self.state))
            return True
        # The question said what Enter does; the move's own line says what was done.
        return self.handle_line(enter[1])

    def _confirm_new_game(self, listed: bool = False) -> bool:
        """``new`` (or, ``listed``, ``games``): where another game can start (``offers_new_game``), ask first while
        this one goes on (it is kept), then leave it for the new one.  True to leave this game."""
        if not self.offers_new_game:
            self.say(NEW_NOT_HERE)
            return False
        if not self.state.is_over:
            kept = self.game_kept()
            agreed = self._agreed(NEW_GAME_NOW if kept else NEW_GAME_UNSAVED)
            if agreed is None:
                return True
            if not agreed:
                return False
            if kept:
                self.say(GAMES_KEPT if listed else NEW_GAME_KEPT)
        self.new_game_asked = True
        self.games_asked = listed
        return True

    def _agreed(self, question: Question[bool]) -> bool | None:
        """Ask ``question``, yes or no, before a step that cannot be taken back: True at yes; False at no, which
        says the game goes on; None when the user leaves at the question (quit, the end of input), as quit does,
        with the goodbye said."""
        answer = ask(self._question_fitted(question), self.lines, self.say, self._settings_command)
        if answer is None:
            self.say_goodbye()
        elif not answer:
            self.say("Going on.")
        return answer

    def _question_fitted(self, question: Question[bool]) -> Question[bool]:
        """``question`` as asked in the braille verbosity: its prompt's phrases but the last said first, a line
        each within 40 cells, and the last asked ("Type yes or no."); otherwise the question itself."""
        pieces = self.narrator.fit(question.prompt)
        for piece in pieces[:-1]:
            self.say(piece)
        return dataclasses.replace(question, prompt=pieces[-1]) if len(pieces) > 1 else question

    def _paused_move_line(self) -> str:
        """The answer to a move typed at the pause after a trick: press Enter first; where another seat's player
        plays the user's hand (Display Rook's dealer, the user's hand face up), that no move is the user's."""
        if len(self.humans) == 1 and not self.state.is_over:
            you = self.humans[0]
            player = self.family.controller(self.state, you)
            if player != you and self.players[player] is not None:  # only a trick game's hand is played so
                return f"{self.state.rules.names[player]} plays your hand this deal. {PAUSED_MOVE}"
        return PAUSED_MOVE

    def _confirm_quit(self) -> bool:
        """Leave at once when the game is saved or over; otherwise ask first. True to leave."""
        if self.state.is_over and self.looks_back_at_end:  # at the last look: nothing is left to keep
            self.say("Goodbye.")
            return True
        for line in self.narrator.review_lines("score", self.state.view(self.viewer())):
            self.say(line)
        if not self.game_kept():
            leave = ask(self._question_fitted(LEAVE_UNSAVED), self.lines, self.say, self._settings_command)
            if leave is False:
                self.say("Going on.")
                return False
        self.say_goodbye()
        return True

    def recall_decisions(self, start: Any, actions: Iterable[tuple[int, Any]]) -> None:
        """Replay a resumed game's moves on ``start`` (the game as it began), keeping each with the view it
        was chosen from and the player who chose it, so ``why`` and ``review`` know the moves made before
        the game was resumed (a search player works its reason out again from that view)."""
        self.decisions.clear()
        for seat, action in actions:
            player = self.players[self.family.controller(start, seat)]
            view = start.view(seat)
            start.apply(action, seat)
            self.decisions.append(Decision(seat, view, action, player))
        self.resumed_at = 0

    def meant_line(self, line: str) -> str:
        """The line meant by ``line``: what the last "Did you mean pass?" named, where ``line`` is yes; else the
        line itself (yes in any case, with a full stop or an exclamation mark, as a sentence is typed; not y,
        which is yellow).  Either way that question is answered, or passed by."""
        meant, self._meant = self._meant, None
        return meant if meant is not None and line.strip().lower().rstrip(".!") == "yes" else line

    table_words: frozenset[str] = frozenset()
    """The words an online table's own commands take: none at home (``CommandContext.table_words``)."""

    def moves_unheard(self, command: str) -> str | None:
        """The line refusing ``command`` while moves that came are still to be said (never at home, where the
        game waits for the pause's end before anyone moves); None to carry it out."""
        return None

    def earlier_choices(self, hand: int) -> list[Decision] | None:
        """At home the moves before a resume are not kept beyond what ``recall_decisions`` replayed: None."""
        return None

    def viewer(self) -> int:
        """The seat review commands speak for: the seat to act when it is played at the
        keyboard (the dummy, for the player who plays it), else the player who acted last."""
        seat = self.seat_to_ask()
        if seat is not None:
            self._last_viewer = seat
        elif self._last_viewer is None or self.family.controller(self.state, self._last_viewer) not in self.humans:
            self._last_viewer = self.humans[0] if self.humans else 0  # a table of computers is heard from seat 0
        return self._last_viewer

    def advisor(self) -> Any:
        """The ``hint`` command's player, made once a game; ``review`` asks it too (``CommandContext.advisor``)."""
        if self._hint_player is None:
            self._hint_player = self.family.hint_player()
            # Who sits at the table, as the computer players know it: a hint's bid reckons with defenders who
            # play together as theirs do (``skill.SeatPrior.together``).
            priors = next((player.priors for player in self.players
                           if isinstance(player, SearchPlayer) and player.priors is not None), None)
            if priors is not None and isinstance(self._hint_player, SearchPlayer):
                self._hint_player.meet_table(priors)
        return self._hint_player

    def _review(self, command: Command) -> list[str]:
        """A command that says or sets something: its handler's lines."""
        return command.spec.handler(self, command)

    def common_command(self, command: Command) -> list[str]:
        """The commands every game shares (``registry.COMMON_COMMANDS``)."""
        narrator = self.narrator
        state = self.state
        name = command.name
        if name == "help":
            return self.family.help(self, command.arguments)
        if name == "turn":
            return [narrator.turn_line(state.view(self.viewer()))]
        if name == "legal":
            if not self.yours():
                return [f"It is not your turn: {narrator.turn_line(state.view(self.viewer()))}"]
            return self.family.legal_lines(self)
        if name == "settings":  # within 40 cells in braille, as every line said in a game
            return [piece for line in self._settings_command(command.arguments) for piece in narrator.fit(line)]
        if name == "stop":
            self.stop_speech()
            # Shown, not spoken: the user has just asked for silence.
            self.channel.say(Message("Speech stopped.", ""))
            return []
        if name == "rules":
            said = self.family.rules_lines(state) if self.rules_lines is None else self.rules_lines(narrator.braille)
            return [piece for line in said for piece in narrator.fit(line)]  # within 40 cells in braille
        if name == "hint":
            if not self.yours():
                return ["No hint: it is not your turn."]
            return self.family.hint_lines(self, self.advisor())
        if name == "repeat":
            return [m.compact for m in self.last_said] if self.last_said else ["Nothing has been said yet."]
        if name == "history":
            if not self.recent:
                return ["Nothing has been said yet."]
            heading = "The last announcement:" if len(self.recent) == 1 else (
                f"The last {len(self.recent)} announcements, oldest first:")
            return [heading] + [m.compact for m in self.recent]
        raise AssertionError(f"unhandled command {name}")

    def _settings_command(self, arguments: Sequence[str]) -> list[str]:
        lines = self.settings.command(arguments)
        self._meant = self.settings.meant  # "Did you mean min bid?": yes carries it out
        playing = self.saver.setup.variant if self.saver is not None else None
        if not arguments and playing is not None and playing != self.settings.effective.variant:
            # "rules: variant partnership" while a resumed game of another is played was heard as a mistake
            lines.insert(1, f"This game is {find_game(playing).title}; the variant setting is the game a new "
                            "start plays.")
        return lines

    def _choose_ctrl_c_notice(self) -> None:
        """What a first Ctrl-C says, at a prompt or between prompts: within 40 cells with the braille verbosity."""
        if self._ctrl_c is not None:
            self._ctrl_c.notice = CTRL_C_NOTICE_BRAILLE if self.narrator.braille else CTRL_C_NOTICE

    def _setting_changed(self, name: str) -> bool:
        """Apply a setting the ``settings`` command changed; False if it could not be applied."""
        control = self.settings
        if name == "verbosity":
            self.narrator.verbosity = Verbosity(control.effective.verbosity)
            self._choose_ctrl_c_notice()
        elif name in OUTPUT_SETTINGS and control.reopen_output is not None:
            self.channel = control.reopen_output(control.effective)
            if braille_missing(control.effective, self.channel):
                return False
        self._choose_card_form()
        return True

    def _act(self, command: Command) -> bool:
        """Make the move ``command`` asks for, once confirmed where its command asks first (``CommandSpec.asks``);
        False when the user leaves at that question."""
        action = self.family.action(self, command)
        seat = self.seat_to_ask()
        if seat is None:
            raise Refused(f"Wait: {self.narrator.turn_line(self.state.view(self.viewer()))}")
        if command.spec.asks and is_interactive(self.lines):
            agreed = self._agreed(
                Question(command.spec.asks, yes_or_no, allowed=f"Type yes to {command.name} or no to go on."))
            if not agreed:
                return agreed is not None
        view = self.state.view(seat)
        try:
            self.state.apply(action, seat)
        except IllegalActionError as error:
            raise Refused(self.narrator.printed(self.narrator.refusal(error, self.state.view(seat)))) from None
        self.decisions.append(Decision(seat, view, action, None))
        self._after_action(seat, action)
        return True
