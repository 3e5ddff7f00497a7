"""The call window: quick calls made fairly by players who hear the table.

Tuxedo's "Orange", "I doubt it", Panjandrum's call and Donkey's fold reward
speed (``engine.calls``).  A player who hears the game learns of an event
only when its line has been spoken or read, so a call window here

- opens only once the event's line has reached the user: with the
  program's own voice, when the voice has finished saying it; with a
  screen reader or plain lines, when the line has been written and the
  reader has had time to read it at the ``reading_speed`` setting (words a
  minute), counted from when each line was written;
- stays open ``call_time`` seconds (by default, by the computers' level:
  ``players.reactions.WINDOW_SECONDS``);
- takes the call from one key at a terminal (``o``, ``d``, ``p``, ``f``,
  answered the moment it is pressed, no Enter) or the word typed with
  Enter; Enter alone lets the call go at once; other commands (``repeat``,
  ``centre``) are answered while the window stays open;
- times the computers from its opening: each answers a drawn time after it
  (``players.reactions``), never sooner than a person could react to what
  they have just heard.

The answers are then applied in the order they came (a call typed before
the window opened counts as made at its opening).  With ``calls turns``,
or with piped input, there is no clock: each seat is asked in turn by the
session's ordinary loop.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ..announcer.calls import DECLINE_WORDS, call_words, window_prompt
from ..engine.calls import CallOffer, open_offer
from ..output.channels import FinishesSpeech
from ..output.speech_log import SpeechLog
from ..players.reactions import WINDOW_SECONDS, Reacts, reaction_delay
from ..settings import FASTEST_READING, Settings
from .lines import ReadsCalls, is_interactive

LONGEST_DELIVERY = 120.0
"""The longest the window waits for speech to end (a stuck speech server never holds the game)."""
DELIVERY_STEP = 0.05
"""How often the wait for speech looks for a key typed meanwhile, in seconds."""


IN_TURN = "No windows: settings calls turns."
"""Said with the first window's wait for reading: a window waits, then runs its clock, at every move; asked in
turn instead, there is no wait and no clock."""


class LeaveGame(Exception):
    """The user left the game from a call window (``quit``, or Ctrl-C twice)."""


def words_in(text: str) -> int:
    """The words of a line, as a reader takes them (at least one)."""
    return max(1, len(text.split()))


class ReadingClock:
    """When the lines written so far will have been read, one after another, at ``words_a_minute``.

    A line starts to be read when it is written or when the line before it
    has been read, whichever is later.  Typing a line means the user has
    heard enough: the clock starts again from then.
    """

    def __init__(self, words_a_minute: int, now: Callable[[], float] = time.monotonic) -> None:
        self.words_a_minute = words_a_minute
        self.now = now
        self.read_by = now()
        self.lines_written = 0
        """How many lines have been written."""

    def written(self, text: str) -> None:
        """A line was written now."""
        self.lines_written += 1
        start = max(self.now(), self.read_by)
        self.read_by = start + words_in(text) * 60.0 / self.words_a_minute

    def typed(self) -> None:
        """The user typed: everything written so far counts as read."""
        self.read_by = self.now()

    def still_to_read(self) -> float:
        """Seconds until everything written has been read (0 if it has)."""
        return max(0.0, self.read_by - self.now())


@dataclass(frozen=True)
class Answer:
    """A seat's answer to an offer, ``at`` seconds after the window opened (``math.inf``: never in time)."""

    seat: int
    action: Any
    at: float


@runtime_checkable
class Named(Protocol):
    """An output channel, by its name: ``voice`` speaks every line itself."""

    name: str


class CallTable(Protocol):
    """What the call window needs of the console game (``session.ConsoleGame``)."""

    state: Any
    players: list[Any]
    humans: list[int]
    channel: Any
    lines: Any
    reading: ReadingClock

    def controller(self, seat: int) -> int: ...

    def current_settings(self) -> Settings: ...

    def apply_action(self, seat: int, action: Any) -> None: ...

    def handle_line(self, line: str, may_act: bool = True) -> bool: ...

    def user_typed(self, line: str | None) -> None: ...

    def say(self, line: str, urgent: bool = False) -> None: ...


def timed_calls(table: CallTable) -> bool:
    """Whether calls are made in a timed window: the setting says timed, a person types at a terminal, and only
    one person plays at this keyboard (players sharing a keyboard cannot race: each is asked in turn, by name,
    every time, not only while two of them are still to answer).  The same table is timed or not for every
    call."""
    return (
        table.current_settings().calls == "timed"
        and is_interactive(table.lines)
        and isinstance(table.lines, ReadsCalls)
        and len(table.humans) <= 1
    )


def window_seconds(settings: Settings, levels: Sequence[str]) -> float:
    """How long the window stays open: the ``call_time`` setting, else the longest default of the levels."""
    if settings.call_time:
        return settings.call_time
    fallback = WINDOW_SECONDS["normal"]
    return max((WINDOW_SECONDS.get(level, fallback) for level in levels), default=fallback)


def computer_answers(table: CallTable, offer: CallOffer) -> list[Answer]:
    """Each computer seat's answer to ``offer`` and when it comes, quickest first."""
    answers = []
    for seat in offer.seats:
        player = table.players[table.controller(seat)]
        if player is None:
            continue
        view = table.state.view(seat)
        action = player.choose(view)
        if isinstance(player, Reacts):
            delay = player.reaction(view)
        else:
            delay = reaction_delay("normal", random.Random(len(table.state.events) * 97 + seat))
        answers.append(Answer(seat, action, delay))
    return sorted(answers, key=lambda answer: answer.at)


class CallWindow:
    """Runs the timed window of one offer at the console (see the module's docstring)."""

    def __init__(
        self,
        now: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
        log: SpeechLog | None = None,
    ) -> None:
        self.now = now
        self.sleep = sleep
        self.log = log if log is not None else SpeechLog("calls")
        self.explained: set[str] = set()
        """The calls whose window has been explained in this game (or an earlier one of the run: ``heard_before``)."""
        self.reading_told = False
        """Whether the wait for reading before a window (``reading_speed``) has been told in this game."""
        self.last_call = ""
        """The word of a call just made with its one key (its rest, typed on, is dropped)."""

    def heard_before(self, earlier: CallWindow) -> None:
        """Count what ``earlier`` (the last game's window, in the same run) explained as explained here too: a game
        started with ``new`` or ``games`` does not explain again what the user has just heard."""
        self.explained |= earlier.explained
        self.reading_told = self.reading_told or earlier.reading_told

    def wait_until_delivered(self, table: CallTable, typed_before: bool) -> None:
        """Wait until the lines said so far have reached the user (see the module's docstring); a key
        typed meanwhile ends the wait (the user has heard enough), unless keys were waiting already."""
        channel = table.channel
        lines: ReadsCalls = table.lines
        if isinstance(channel, FinishesSpeech):
            end = self.now() + LONGEST_DELIVERY
            while not channel.idle(DELIVERY_STEP) and self.now() < end:
                if not typed_before and lines.keys_waiting():
                    return
        if isinstance(channel, Named) and channel.name == "voice":
            return
        left = table.reading.still_to_read()
        if typed_before:
            self.sleep(left)
        elif left > 0:
            lines.wait_for_keys(left)

    def explain(self, table: CallTable, offer: CallOffer, length: float) -> None:
        """Say once a game, at the first window of each call, how it works."""
        if offer.word in self.explained:
            return
        self.explained.add(offer.word)
        word = offer.word.capitalize()
        seconds = f"{length:g} seconds"
        if table.current_settings().verbosity == "braille":  # two lines within 40 cells each
            if offer.decline is None:
                lines = [f"{word}: {offer.key} or Enter, within {seconds};", f"the last to {offer.word} loses."]
            else:
                lines = [f"{word}: {offer.key} calls, Enter lets go;", f"it closes in {seconds}."]
            for line in lines:
                table.say(line)
        elif offer.decline is None:
            # The clock starts at the prompt, which comes once the event has been heard: "once asked".
            table.say(f"{word}: once asked, press {offer.key} or Enter to {offer.word}, within {seconds}; "
                      f"the last to {offer.word} loses.")  # fmt: skip
        else:
            table.say(f"A call window: once asked, press {offer.key} alone to call {word}, Enter to let it go; "
                      f"it closes in {seconds}.")  # fmt: skip
        self.tell_reading(table)

    def tell_reading(self, table: CallTable) -> None:
        """Say once a game, at the first window, that it waits for reading at the ``reading_speed`` setting (which
        can hold a first window 20 seconds after a deal's lines), how a faster reader raises it, and how to be
        asked in turn with no clock at all (``IN_TURN``); not with the program's own voice, whose window opens
        when it has finished speaking."""
        channel = table.channel
        if self.reading_told or (isinstance(channel, Named) and channel.name == "voice"):
            return
        self.reading_told = True
        speed = table.current_settings().reading_speed
        faster = min(FASTEST_READING, speed + 100)
        if table.current_settings().verbosity == "braille":
            if speed < FASTEST_READING:
                table.say(f"Read faster? settings reading speed {faster}.")  # within 40 cells
        elif speed < FASTEST_READING:
            table.say(f"Each window waits for reading at {speed} words a minute; faster: settings reading speed "
                      f"{faster}. {IN_TURN}")
        else:
            table.say(f"Each window waits for reading at {speed} words a minute. {IN_TURN}")

    def run(self, table: CallTable, offer: CallOffer, levels: Sequence[str]) -> None:
        """Open the window for ``offer``, take the answers in the order they come, and apply them."""
        computers = computer_answers(table, offer)
        keyboard = [seat for seat in offer.seats if table.controller(seat) in table.humans]
        answers = list(computers)
        if keyboard:
            lines: ReadsCalls = table.lines
            typed_before = lines.keys_waiting()
            length = window_seconds(table.current_settings(), levels)
            self.explain(table, offer, length)
            self.wait_until_delivered(table, typed_before)
            answers += self._keyboard_answers(table, offer, keyboard[0], computers, length, typed_before)
        self._apply_in_order(table, offer, sorted(answers, key=lambda answer: answer.at))

    def leftover(self, line: str) -> bool:
        """Whether ``line`` is the rest of the word whose first letter just made a call (``oubt`` after
        the d of doubt): it is dropped, once, rather than answered as a command."""
        word, self.last_call = self.last_call, ""
        typed = line.strip().lower()
        return bool(word and typed and len(typed) < len(word) and word.endswith(typed))

    def _keyboard_answers(
        self,
        table: CallTable,
        offer: CallOffer,
        seat: int,
        computers: Sequence[Answer],
        length: float,
        typed_before: bool = False,
    ) -> list[Answer]:
        """The keyboard seat's answer, timed from the window's opening."""
        limit = length
        first_call = next((answer for answer in computers if answer.action == offer.call), None)
        if offer.first_only and first_call is not None:
            limit = min(length, first_call.at)  # the window closes when a computer calls first
        question = window_prompt(offer)
        calls = {word.lower() for word in call_words(offer)}
        opened = self.now()
        self.log.write("window", word=offer.word, seat=seat, seconds=round(limit, 3))
        lines: ReadsCalls = table.lines
        while True:
            remaining = limit - (self.now() - opened)
            if remaining <= 0:
                break
            typed = lines.read_call(question, sorted(calls), remaining, typed_before)
            typed_before = False
            if typed is None:
                break
            table.user_typed(typed)
            at = self.now() - opened
            word = typed.strip().lower()
            if word in calls or (word == "" and offer.decline is None):
                self.log.write("answer", word=offer.word, seat=seat, call=True, at=round(at, 4))
                self.last_call = offer.word if word == offer.key else ""
                return [Answer(seat, offer.call, at)]
            if word in DECLINE_WORDS and offer.decline is not None:
                self.log.write("answer", word=offer.word, seat=seat, call=False, at=round(at, 4))
                return [Answer(seat, offer.decline, at)]
            if self.leftover(typed):
                continue
            if not table.handle_line(typed, may_act=False):
                raise LeaveGame
        self.log.write("closed", word=offer.word, seat=seat)
        if offer.decline is None:
            table.say("Time is up.")
            return [Answer(seat, offer.call, math.inf)]  # a must: made last, too slow
        return [Answer(seat, offer.decline, math.inf)]

    def _apply_in_order(self, table: CallTable, offer: CallOffer, answers: Sequence[Answer]) -> None:
        """Apply the answers in the order they came, while the offer is open to their seats."""
        for answer in answers:
            current = open_offer(table.state)
            if current is None or current.word != offer.word or answer.seat not in current.seats:
                continue  # the offer has closed (a call came first) or this seat has answered
            table.apply_action(answer.seat, answer.action)
