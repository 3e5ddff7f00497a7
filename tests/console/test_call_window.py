"""The call window (console/calls.py): it opens only once the event's line has reached the user,
for plain lines, a screen reader and the program's own voice; a call typed in it is answered at once;
the computers' calls come in the order of their reaction times; turn-based and piped play need no clock."""

from __future__ import annotations

import json
import math
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from rook_access.announcer.message import Message
from rook_access.console.calls import Answer, CallWindow, ReadingClock, timed_calls, window_seconds
from rook_access.engine.calls import CallOffer
from rook_access.output.channels import PlainChannel, ScreenReaderChannel, VoiceChannel
from rook_access.output.speech_log import SpeechLog
from rook_access.players.reactions import QUICKEST, REACTIONS, WINDOW_SECONDS, reaction_delay
from rook_access.settings import SettingError, Settings
from tests.helpers.speech import RecordingSpeaker, SpeechOnlyOutput

CALL, PASS = "call", "pass"


class OfferState:
    """A game that is only one open offer to ``seats``: it keeps the answers applied."""

    def __init__(self, seats: Sequence[int], first_only: bool = True, must: bool = False) -> None:
        self.offer: CallOffer | None = CallOffer("orange", "o", CALL, None if must else PASS, tuple(seats), first_only)
        self.applied: list[tuple[int, str]] = []
        self.events: list[Any] = []

    def call_offer(self) -> CallOffer | None:
        return self.offer

    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.offer is None else self.offer.seats

    def view(self, seat: int) -> int:
        return seat

    def apply(self, action: str, seat: int) -> None:
        assert self.offer is not None and seat in self.offer.seats, (seat, self.offer)
        self.applied.append((seat, action))
        if action == CALL and self.offer.first_only:
            self.offer = None
        else:
            self.offer = self.offer.without(seat)
            if not self.offer.seats:
                self.offer = None


@dataclass
class Computer:
    """A computer seat that answers ``action`` ``delay`` seconds after the window opens."""

    action: str
    delay: float

    def choose(self, view: Any) -> str:
        return self.action

    def reaction(self, view: Any) -> float:
        return self.delay


class FakeClock:
    """Time that passes only when the test says so."""

    def __init__(self) -> None:
        self.t = 100.0

    def now(self) -> float:
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += max(0.0, seconds)


@dataclass
class TimedKeys:
    """A terminal's quick-call input: each entry (after, typed) is typed ``after`` seconds into the read."""

    clock: Any
    script: list[tuple[float, str]]
    interactive: bool = True
    ctrl_c: Any = None
    asked: list[tuple[str, tuple[str, ...], float]] = field(default_factory=list)

    def read(self, question: str, fresh: bool = True) -> str | None:
        raise AssertionError("a timed window reads calls, not lines")

    def keys_waiting(self) -> bool:
        return False

    def wait_for_keys(self, seconds: float) -> bool:
        self.clock.sleep(seconds)
        return False

    def read_call(self, question: str, keys: Sequence[str], seconds: float, typed_before: bool = False) -> str | None:
        self.asked.append((question, tuple(keys), seconds))
        if not self.script:
            self.clock.sleep(seconds)
            return None
        after, typed = self.script[0]
        if after > seconds:
            self.script[0] = (after - seconds, typed)
            self.clock.sleep(seconds)
            return None
        self.script.pop(0)
        self.clock.sleep(after)
        return typed

    def keys_held(self) -> Any:
        raise NotImplementedError

    def connect(self, keys: Any) -> None:
        pass


class Table:
    """The console game as the call window sees it."""

    def __init__(
        self,
        state: OfferState,
        players: list[Any],
        lines: Any,
        channel: Any,
        clock: Any,
        settings: Settings | None = None,
    ) -> None:
        self.state = state
        self.players = players
        self.humans = [seat for seat, player in enumerate(players) if player is None]
        self.lines = lines
        self.channel = channel
        self.settings = settings or Settings()
        self.reading = ReadingClock(self.settings.reading_speed, clock.now)
        self.said: list[str] = []
        self.typed: list[str] = []
        self.handled: list[str] = []

    def controller(self, seat: int) -> int:
        return seat

    def current_settings(self) -> Settings:
        return self.settings

    def apply_action(self, seat: int, action: Any) -> None:
        self.state.apply(action, seat)

    def handle_line(self, line: str, may_act: bool = True) -> bool:
        assert not may_act
        self.handled.append(line)
        return line != "quit"

    def user_typed(self, line: str | None) -> None:
        if line is not None:
            self.typed.append(line)
            self.reading.typed()

    def say(self, line: str, urgent: bool = False) -> None:
        self.said.append(line)

    def announce(self, line: str) -> None:
        self.reading.written(line)
        self.channel.say(Message(line, line))


def window(clock: FakeClock, log: SpeechLog | None = None) -> CallWindow:
    return CallWindow(now=clock.now, sleep=clock.sleep, log=log or SpeechLog("calls", path=""))


# ---------------------------------------------------------------- the race
def test_a_call_before_the_computers_wins_and_closes_the_offer() -> None:
    clock = FakeClock()
    state = OfferState([1, 2, 0])
    lines = TimedKeys(clock, [(0.4, "o")])
    table = Table(state, [None, Computer(CALL, 1.0), Computer(CALL, 0.7)], lines, PlainChannel(lambda _: None), clock)
    window(clock).run(table, state.offer, ["strong"])  # type: ignore[arg-type]
    assert state.applied == [(0, CALL)]
    assert table.typed == ["o"]


def test_the_quickest_computer_wins_when_the_user_is_slower() -> None:
    clock = FakeClock()
    state = OfferState([1, 2, 0])
    lines = TimedKeys(clock, [(2.0, "o")])
    table = Table(state, [None, Computer(CALL, 1.5), Computer(CALL, 0.9)], lines, PlainChannel(lambda _: None), clock)
    window(clock).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    assert state.applied == [(2, CALL)]
    # the window closed when seat 2 called: the user's read was cut at 0.9 seconds
    assert lines.asked[0][2] == pytest.approx(0.9)
    assert lines.script == [(pytest.approx(1.1), "o")]  # never read: the key came after the window


def test_enter_lets_the_call_go_and_the_computers_answer_in_their_order() -> None:
    clock = FakeClock()
    state = OfferState([1, 2, 0])
    lines = TimedKeys(clock, [(0.3, "")])
    table = Table(state, [None, Computer(PASS, 0.8), Computer(CALL, 1.2)], lines, PlainChannel(lambda _: None), clock)
    window(clock).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    assert state.applied == [(0, PASS), (1, PASS), (2, CALL)]


def test_nobody_calls_everyone_declines_when_the_time_is_up() -> None:
    clock = FakeClock()
    state = OfferState([1, 2, 0])
    lines = TimedKeys(clock, [])
    table = Table(
        state,
        [None, Computer(PASS, 0.8), Computer(PASS, 2.0)],
        lines,
        PlainChannel(lambda _: None),
        clock,
        Settings(call_time=3.0),
    )
    start = clock.now()
    window(clock).run(table, state.offer, ["easy"])  # type: ignore[arg-type]
    assert clock.now() - start == pytest.approx(3.0)  # the window lasts call_time
    assert state.applied == [(1, PASS), (2, PASS), (0, PASS)]


def test_other_commands_are_answered_while_the_window_stays_open() -> None:
    clock = FakeClock()
    state = OfferState([1, 0])
    lines = TimedKeys(clock, [(0.5, "centre"), (0.5, "orange")])
    table = Table(state, [None, Computer(PASS, 3.0)], lines, PlainChannel(lambda _: None), clock)
    window(clock).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    assert table.handled == ["centre"]
    assert state.applied == [(0, CALL)]
    assert lines.asked[1][2] == pytest.approx(WINDOW_SECONDS["normal"] - 0.5)  # the same window goes on


def test_a_must_call_not_made_in_time_is_made_last() -> None:
    """Donkey: everyone must fold, and the order counts; the user who never folds folds last."""
    clock = FakeClock()
    state = OfferState([1, 2, 0], first_only=False, must=True)
    lines = TimedKeys(clock, [])
    table = Table(state, [None, Computer(CALL, 2.0), Computer(CALL, 0.9)], lines, PlainChannel(lambda _: None), clock)
    window(clock).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    assert state.applied == [(2, CALL), (1, CALL), (0, CALL)]


def test_a_must_call_made_between_the_computers_takes_its_place() -> None:
    clock = FakeClock()
    state = OfferState([1, 2, 0], first_only=False, must=True)
    lines = TimedKeys(clock, [(1.4, "f")])
    state.offer = CallOffer("fold", "f", CALL, None, (1, 2, 0), first_only=False)
    table = Table(state, [None, Computer(CALL, 2.0), Computer(CALL, 0.9)], lines, PlainChannel(lambda _: None), clock)
    window(clock).run(table, state.offer, ["normal"])
    assert state.applied == [(2, CALL), (0, CALL), (1, CALL)]


def test_without_a_keyboard_seat_the_computers_race_without_waiting() -> None:
    clock = FakeClock()
    state = OfferState([1, 2])
    lines = TimedKeys(clock, [])
    table = Table(state, [None, Computer(CALL, 1.3), Computer(CALL, 0.8)], lines, PlainChannel(lambda _: None), clock)
    start = clock.now()
    window(clock).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    assert state.applied == [(2, CALL)]
    assert clock.now() == start and lines.asked == []


# ---------------------------------------------------------------- delivery
def opened_at(log_path: Path) -> list[float]:
    return [entry["t"] for entry in map(json.loads, log_path.read_text().splitlines()) if entry["event"] == "window"]


def test_plain_lines_open_the_window_only_after_the_reading_allowance() -> None:
    """Lines written for a reader: the window waits the time to read them at reading_speed."""
    clock = FakeClock()
    state = OfferState([1, 0])
    written: list[tuple[float, str]] = []
    lines = TimedKeys(clock, [(0.0, "o")])
    table = Table(
        state,
        [None, Computer(PASS, 1.0)],
        lines,
        PlainChannel(lambda line: written.append((clock.now(), line))),
        clock,
        Settings(reading_speed=120),
    )
    table.announce("West takes 7r and 5y with 12g.")  # 7 words at 120 a minute: 3.5 seconds
    clock.sleep(1.0)
    table.announce("The centre: 3x, 9g.")  # 4 words: 2 seconds more, after the first is read
    opened: list[float] = []
    calls = window(clock)
    real_log = calls.log
    calls.log = type(
        "Log",
        (),
        {
            "write": lambda self, event, **fields: (
                opened.append(clock.now()) if event == "window" else real_log.write(event, **fields)
            )
        },
    )()
    calls.run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    first_written = written[0][0]
    assert opened == [pytest.approx(first_written + 3.5 + 2.0)]
    assert state.applied == [(0, CALL)]


def test_typing_counts_as_having_heard_enough() -> None:
    clock = FakeClock()
    reading = ReadingClock(200, clock.now)
    reading.written("one two three four five six seven eight nine ten")
    assert reading.still_to_read() == pytest.approx(3.0)
    clock.sleep(1.0)
    reading.typed()
    assert reading.still_to_read() == 0


@pytest.mark.parametrize("output", ["voice", "screenreader"])
def test_speech_ends_before_the_window_opens(tmp_path: Path, output: str) -> None:
    """Real channels, real time: every line said before the window has been spoken (voice) or handed to the
    screen reader and given its reading time (screen reader) when the window opens, by the speech log."""
    log_path = tmp_path / "speech.jsonl"
    log = SpeechLog(output, path=str(log_path))
    if output == "voice":
        channel: Any = VoiceChannel(write=lambda _: None, speaker=RecordingSpeaker(0.25), log=log)
    else:
        channel = ScreenReaderChannel(write=lambda _: None, output=SpeechOnlyOutput(), log=log)
    state = OfferState([1, 0])
    clock = type("Now", (), {"now": staticmethod(time.monotonic), "sleep": staticmethod(time.sleep)})()
    lines = TimedKeys(clock, [(0.0, "o")])
    table = Table(state, [None, Computer(PASS, 1.0)], lines, channel, clock, Settings(reading_speed=900))
    said = ["South lays 4r.", "West takes 7r and 5y with 12g.", "Orange can be called."]
    try:
        for line in said:
            table.announce(line)
        CallWindow(log=SpeechLog("calls", path=str(log_path))).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    finally:
        channel.close()
        log.close()
    entries = [json.loads(line) for line in log_path.read_text().splitlines()]
    opened = next(entry["t"] for entry in entries if entry["event"] == "window")
    ids = [entry["id"] for entry in entries if entry["event"] == "say"]
    assert len(ids) == len(said)
    if output == "voice":
        ends = [entry["t"] for entry in entries if entry["event"] == "end" and entry["id"] in ids]
        assert len(ends) == len(said) and max(ends) <= opened
    else:
        handed = [entry["t"] for entry in entries if entry["event"] == "start" and entry["id"] in ids]
        reading = sum(len(line.split()) for line in said) * 60 / 900
        assert len(handed) == len(said) and max(handed) <= opened
        written = min(entry["t"] for entry in entries if entry["event"] == "say")
        assert opened - written >= reading - 0.01
    assert state.applied == [(0, CALL)]


# ---------------------------------------------------------------- settings and modes
def test_window_length_by_level_and_setting() -> None:
    assert window_seconds(Settings(), ["strong", "easy"]) == WINDOW_SECONDS["easy"]
    assert window_seconds(Settings(call_time=8.0), ["strong"]) == 8.0
    assert all(WINDOW_SECONDS[level] > REACTIONS[level][1] for level in REACTIONS)


def test_no_computer_is_quicker_than_a_person_who_has_heard() -> None:
    import random

    rng = random.Random(3)
    for level in REACTIONS:
        assert min(reaction_delay(level, rng) for _ in range(500)) >= QUICKEST
    assert REACTIONS["easy"][0] > REACTIONS["normal"][0] > REACTIONS["strong"][0]


def test_the_call_settings_are_checked() -> None:
    settings = Settings().changed("calls", "turns").changed("call_time", "5").changed("reading_speed", "300")
    assert (settings.calls, settings.call_time, settings.reading_speed) == ("turns", 5.0, 300)
    for name, value in [("calls", "fast"), ("call_time", "0.5"), ("call_time", "nan"), ("reading_speed", "20")]:
        with pytest.raises(SettingError):
            Settings().changed(name, value)


def test_timed_only_at_a_terminal_and_with_the_timed_setting() -> None:
    clock = FakeClock()
    state = OfferState([1, 0])
    keys = TimedKeys(clock, [])
    assert timed_calls(Table(state, [None, Computer(PASS, 1.0)], keys, None, clock))
    assert not timed_calls(Table(state, [None, Computer(PASS, 1.0)], keys, None, clock, Settings(calls="turns")))
    keys.interactive = False
    assert not timed_calls(Table(state, [None, Computer(PASS, 1.0)], keys, None, clock))


def test_answers_sort_by_time() -> None:
    answers = sorted([Answer(0, CALL, math.inf), Answer(1, CALL, 0.7)], key=lambda answer: answer.at)
    assert [answer.seat for answer in answers] == [1, 0]


def test_the_window_waits_in_real_time_for_slow_speech() -> None:
    """With a voice still speaking, the window does not open until it has finished."""
    speaker = RecordingSpeaker(0.4)
    channel = VoiceChannel(write=lambda _: None, speaker=speaker, log=SpeechLog("voice", path=""))
    state = OfferState([1, 0])
    opened = threading.Event()

    class Keys(TimedKeys):
        def read_call(
            self, question: str, keys: Sequence[str], seconds: float, typed_before: bool = False
        ) -> str | None:
            opened.set()
            assert speaker.texts() == ["one line", "another line"]
            return "o"

    real = type("Now", (), {"now": staticmethod(time.monotonic), "sleep": staticmethod(time.sleep)})()
    table = Table(state, [None, Computer(PASS, 1.0)], Keys(FakeClock(), []), channel, real)
    try:
        table.announce("one line")
        table.announce("another line")
        CallWindow(log=SpeechLog("calls", path="")).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    finally:
        channel.close()
    assert opened.is_set() and state.applied == [(0, CALL)]


def test_players_sharing_a_keyboard_are_asked_in_turn() -> None:
    clock = FakeClock()
    state = OfferState([1, 2, 0])
    keys = TimedKeys(clock, [])
    table = Table(state, [None, None, Computer(PASS, 1.0)], keys, None, clock)
    # The table decides, not the seats still to answer: once the first person has let the call go, the second
    # is asked in turn too, by name and with no clock (a timed window for the last person alone went unnamed, and
    # closed by itself).
    assert not timed_calls(table)


def test_enter_makes_a_must_call_and_the_first_window_is_explained_once() -> None:
    clock = FakeClock()
    calls = window(clock)
    for _ in range(2):
        state = OfferState([1, 0], first_only=False, must=True)
        table = Table(state, [None, Computer(CALL, 2.0)], TimedKeys(clock, [(0.5, "")]), None, clock)
        calls.run(table, state.offer, ["normal"])  # type: ignore[arg-type]
        assert state.applied == [(0, CALL), (1, CALL)]
    explained = [line for line in table.said if "within" in line]
    assert explained == []  # the second game table heard no explanation: it was given at the first window


def test_the_explanation_names_the_key_enter_and_the_time() -> None:
    clock = FakeClock()
    state = OfferState([1, 0])
    table = Table(
        state, [None, Computer(PASS, 2.0)], TimedKeys(clock, [(0.5, "")]), None, clock, Settings(call_time=6.0)
    )
    window(clock).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    assert table.said == [
        "A call window: once asked, press o alone to call Orange, Enter to let it go; it closes in 6 seconds.",
        "Each window waits for reading at 200 words a minute; faster: settings reading speed 300. No windows: "
        "settings calls turns."]


def test_the_first_window_says_once_that_it_waits_for_reading_and_how_to_read_faster() -> None:
    """A first window of Tuxedo or I Doubt It can wait 20 seconds and more for a deal's lines to be read at the
    reading speed (200 words a minute), and nothing said why, or how a faster reader opens it sooner."""
    clock = FakeClock()
    calls = window(clock)
    said: list[list[str]] = []
    for word in ("orange", "orange", "doubt"):  # a second kind of call is explained, but the wait not again
        state = OfferState([1, 0])
        state.offer = CallOffer(word, word[0], CALL, PASS, (1, 0), True)
        table = Table(state, [None, Computer(PASS, 2.0)], TimedKeys(clock, [(0.5, "")]), PlainChannel(lambda _: None),
                      clock, Settings(reading_speed=250))  # fmt: skip
        calls.run(table, state.offer, ["normal"])  # type: ignore[arg-type]
        said.append(table.said)
    told = ("Each window waits for reading at 250 words a minute; faster: settings reading speed 350. No windows: "
            "settings calls turns.")
    assert said[0][1] == told and len(said[0]) == 2
    assert said[1] == [] and said[2] == [line for line in said[2] if "reading speed" not in line] != []


@pytest.mark.parametrize(
    ("settings", "told"),
    [(Settings(verbosity="braille"), ["Read faster? settings reading speed 300."]),
     (Settings(reading_speed=850), ["Each window waits for reading at 850 words a minute; "
                                    "faster: settings reading speed 900. No windows: settings calls turns."]),
     (Settings(reading_speed=900), ["Each window waits for reading at 900 words a minute. No windows: settings "
                                    "calls turns."])],
)
def test_the_wait_for_reading_is_told_within_40_cells_in_braille_and_never_past_the_fastest(settings, told) -> None:
    clock = FakeClock()
    state = OfferState([1, 0])
    table = Table(state, [None, Computer(PASS, 2.0)], TimedKeys(clock, [(0.5, "")]), None, clock, settings)
    window(clock).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    assert [line for line in table.said if "read" in line] == told
    if settings.verbosity == "braille":
        assert all(len(line) <= 40 for line in table.said), table.said


def test_with_the_programs_own_voice_the_wait_for_reading_is_not_told() -> None:
    """The voice's window opens when it has finished speaking: the reading speed plays no part."""
    clock = FakeClock()
    state = OfferState([1, 0])
    channel = VoiceChannel(write=lambda _: None, speaker=RecordingSpeaker(0.0), log=SpeechLog("voice", path=""))
    table = Table(state, [None, Computer(PASS, 2.0)], TimedKeys(clock, [(0.5, "")]), channel, clock)
    window(clock).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    assert len(table.said) == 1 and "reading speed" not in table.said[0], table.said


def test_a_must_call_not_made_says_time_is_up() -> None:
    clock = FakeClock()
    state = OfferState([1, 0], first_only=False, must=True)
    table = Table(state, [None, Computer(CALL, 2.0)], TimedKeys(clock, []), None, clock)
    window(clock).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    assert table.said[-1] == "Time is up." and state.applied == [(1, CALL), (0, CALL)]


def test_the_rest_of_a_calls_word_is_dropped_once() -> None:
    clock = FakeClock()
    calls = window(clock)
    state = OfferState([1, 0])
    table = Table(state, [None, Computer(PASS, 3.0)], TimedKeys(clock, [(0.2, "o")]), None, clock)
    calls.run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    assert calls.leftover("range") and not calls.leftover("range")


def test_quit_in_a_window_leaves_the_game() -> None:
    from rook_access.console.calls import LeaveGame

    clock = FakeClock()
    state = OfferState([1, 0])
    table = Table(state, [None, Computer(PASS, 3.0)], TimedKeys(clock, [(0.2, "quit")]), None, clock)
    with pytest.raises(LeaveGame):
        window(clock).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
    assert state.applied == []


def test_in_the_braille_verbosity_the_explanation_fits_40_cells_in_two_lines() -> None:
    for must in (False, True):
        clock = FakeClock()
        state = OfferState([1, 0], first_only=not must, must=must)
        settings = Settings(call_time=4.5, verbosity="braille")
        table = Table(state, [None, Computer(CALL, 2.0)], TimedKeys(clock, [(0.5, "")]), None, clock, settings)
        window(clock).run(table, state.offer, ["normal"])  # type: ignore[arg-type]
        explained = table.said[:2]
        assert all(len(line) <= 40 for line in explained), explained
        expected = (["Orange: o or Enter, within 4.5 seconds;", "the last to orange loses."] if must
                    else ["Orange: o calls, Enter lets go;", "it closes in 4.5 seconds."])
        assert explained == expected


def test_a_window_heard_in_an_earlier_game_of_the_run_is_not_explained_again() -> None:
    """A game started with new or games after one with windows: what the user heard is not said again."""
    clock = FakeClock()
    first, second, fresh = window(clock), window(clock), window(clock)
    said: list[list[str]] = []
    for calls in (first, second, fresh):
        if calls is second:
            second.heard_before(first)
        state = OfferState([1, 0])
        table = Table(state, [None, Computer(PASS, 2.0)], TimedKeys(clock, [(0.5, "")]), None, clock)
        calls.run(table, state.offer, ["normal"])  # type: ignore[arg-type]
        said.append([line for line in table.said if "call window" in line or "waits for reading" in line])
    assert len(said[0]) == 2 and said[1] == [] and said[2] == said[0]


def test_the_program_carries_what_was_explained_into_the_next_game_of_the_run(monkeypatch, capsys, tmp_path) -> None:
    from rook_access.console import cli
    from tests.console.test_last_look import program_at_a_terminal

    games: list[Any] = []

    class Recorded(cli.ConsoleGame):  # type: ignore[misc, valid-type]
        def run(self) -> int:
            games.append(self)
            if len(games) == 1:  # the first game's window was explained
                self.call_window.explained.add("orange")
                self.call_window.reading_told = True
            return super().run()

    monkeypatch.setattr(cli, "ConsoleGame", Recorded)
    program_at_a_terminal(monkeypatch, tmp_path, ["resign", "yes", "new", "resign", "yes", ""])
    assert cli.main(["--variant", "solitaire", "--seed", "3"]) == 0
    assert len(games) == 2 and games[1].call_window.explained == {"orange"} and games[1].call_window.reading_told
