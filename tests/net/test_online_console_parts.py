"""The parts of ``rook-access join`` one at a time, with no network: the seats kept, the table's talk, and an
online game's lines fitted for a braille display."""

from __future__ import annotations

import contextlib
import queue
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from rook_access.announcer import speakable
from rook_access.announcer.base import Verbosity
from rook_access.announcer.message import Message
from rook_access.console import online
from rook_access.console.lines import ReadInterrupted, input_source
from rook_access.console.registry import Refused
from rook_access.console.session import SettingsControl
from rook_access.console.tricks import TRICKS
from rook_access.engine.events import BidMade, CardPlayed, Dealt, HandEnded, TrickTaken, TrumpNamed
from rook_access.engine.notation import action_to_json
from rook_access.engine.state import Phase
from rook_access.engine.visibility import seen_by
from rook_access.engine.wire import to_wire
from rook_access.net.client import ConnectionLost
from rook_access.net.remote import RemoteTricks, Seating
from rook_access.net.table import Table
from rook_access.players import BasicPlayer
from rook_access.saves import GameSetup
from rook_access.settings import Settings
from tests.helpers.console import ListChannel, ScriptedLines, TranscriptLines

SEATING = Seating("amber-tiger-otter", ("Anna", "Computer 2", "", "Computer 4"), (True, False, True, False), 0, (2,))
NAMES = ("South", "West", "North", "East")


def test_the_seats_kept_are_found_by_table_and_seat_and_forgotten_when_the_game_is_over(tmp_path: Path) -> None:
    tokens = online.SeatTokens(tmp_path / "data")
    assert tokens.find("ws://localhost:8765", "amber-tiger-otter") is None
    tokens.keep("ws://localhost:8765", "amber-tiger-otter", 2, "secret-two")
    tokens.keep("ws://localhost:8765", "amber-tiger-otter", 0, "secret-zero")
    tokens.keep("wss://cards.example.org:8765", "amber-tiger-otter", 1, "elsewhere")
    assert tokens.find("ws://localhost:8765", "amber-tiger-otter") == (0, "secret-zero")
    assert tokens.find("ws://localhost:8765", "amber-tiger-otter", 2) == (2, "secret-two")
    assert tokens.find("ws://localhost:8765", "amber-tiger-otter", 3) is None
    assert tokens.find("wss://cards.example.org:8765", "amber-tiger-otter") == (1, "elsewhere")
    # Another address of servers sharing their tables finds the seat taken through the first.
    assert tokens.find("ws://localhost:9000", "amber-tiger-otter", 2) == (2, "secret-two")
    tokens.keep("ws://localhost:8765", "ocean-maple-river", 3, "other-table")
    tokens.forget("ws://localhost:8765", "amber-tiger-otter")
    assert tokens.find("ws://localhost:8765", "amber-tiger-otter") is None
    assert tokens.find("wss://cards.example.org:8765", "amber-tiger-otter") is None
    assert tokens.find("ws://localhost:8765", "ocean-maple-river") == (3, "other-table")
    assert sorted(path.name for path in (tmp_path / "data").iterdir()) == ["online-seats.json"]


def test_a_damaged_seats_file_is_read_as_no_seat_kept(tmp_path: Path) -> None:
    tokens = online.SeatTokens(tmp_path)
    for text in ("not json", "[1, 2]", '{"ws://x amber-tiger-otter": {"seats": {"zero": 5}}}'):
        (tmp_path / online.SEATS_FILE).write_text(text, encoding="utf-8")
        assert tokens.find("ws://x", "amber-tiger-otter") is None


def test_the_tables_talk_is_said_in_one_plain_line_each() -> None:
    chat = {"on": True}
    talk = online.TableTalk(SEATING, 2, lambda: chat["on"], NAMES)
    assert talk.lines({"type": "chat", "seat": 0, "name": "Anna", "text": "good luck"}) == ["Chat, Anna: good luck"]
    assert talk.lines({"type": "chat", "seat": 2, "name": "Ben", "text": "thanks"}) == ["Chat, you: thanks"]
    chat["on"] = False
    assert talk.lines({"type": "chat", "seat": 0, "name": "Anna\x1b[2J", "text": "muted\x07"}) == []
    assert list(talk.chat) == ["Chat, Anna: good luck", "Chat, you: thanks", "Chat, Anna[2J: muted"]
    sat = {"type": "table", **SEATING.__dict__, "names": ["Anna", "Computer 2", "Ben", "Computer 4"], "free": []}
    sat["people"], sat["free"] = list(SEATING.people), []
    assert talk.lines(sat) == []  # the player's own seat taken is not news to them
    other = online.TableTalk(SEATING, 0, lambda: True, NAMES)
    assert other.lines(sat) == ["Ben sat down as North."]
    assert other.who() == [
        "Table amber-tiger-otter. South: you, West: computer, North: Ben, East: computer. The host is you."
    ]
    assert other.lines({"type": "away", "seat": 2, "name": "Ben", "wait": 60}) == [
        "Ben has lost the connection; a computer plays for them after 60 seconds unless they come back."
    ]
    assert "North: Ben, away," in other.who()[0]
    other.lines({"type": "standin", "seat": 2, "name": "Ben"})
    assert "North: Ben, away, a computer plays for them," in other.who()[0]
    other.lines({"type": "back", "seat": 2, "name": "Ben"})
    assert "North: Ben, East" in other.who()[0]
    lobby = online.TableTalk(SEATING, 0, lambda: True, NAMES)  # North not yet taken
    assert "North: free" in lobby.who()[0] and "North: computer" in lobby.who(started=True)[0]
    assert other.lines({"type": "paused", "paused": True, "name": "Anna"}) == ["You paused the game."]
    assert talk.lines({"type": "paused", "paused": False, "name": "Anna"}) == ["Anna let the game go on."]
    assert not talk.ended
    assert talk.lines({"type": "ended", "name": "Anna", "message": "Anna ended the table."}) == [
        "Anna ended the table."
    ]
    assert talk.ended and talk.closed


class QueuedConnection:
    """A connection to no server: the messages a test puts in, and what was sent."""

    def __init__(self) -> None:
        self.inbox: queue.Queue[dict[str, Any]] = queue.Queue()
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def next_message(self, timeout: float | None = None) -> dict[str, Any] | None:
        try:
            return self.inbox.get(timeout=0 if timeout is None else min(timeout, 0.01))
        except queue.Empty:
            return None


class Run:
    def __init__(self, settings: Settings, data: Path) -> None:
        self.channel = ListChannel()
        self.lines = input_source(ScriptedLines([]))
        self.control = SettingsControl(settings, settings, lambda changed: None)
        self.data = data

    def reply(self, line: str) -> None:
        self.channel.say(Message(line, speakable(line)))


def test_a_long_chat_line_is_cut_to_40_cells_in_the_braille_verbosity(tmp_path: Path) -> None:
    setup = GameSetup.create(["human", "computer", "human", "computer"], level="easy", variant="partnership")
    table = Table("amber-tiger-otter", setup, ["Anna", "Computer 2", "Ben", "Computer 4"])
    connection = QueuedConnection()
    state = RemoteTricks(connection, setup, 0)  # type: ignore[arg-type]  # a connection in all but its network
    events = [to_wire(event) for event in table.seen(0)]
    view = to_wire(table.state.view(0))
    state.take({"type": "update", "events": events, "at": len(events), "to_act": [], "over": False, "view": view})
    run = Run(Settings(verbosity="braille"), tmp_path)
    talk = online.TableTalk(SEATING, 0, lambda: True, NAMES)
    game = online.OnlineGame(state, talk, run, resumed=True, family=TRICKS)  # type: ignore[arg-type]
    words = "a long chat line about the bidding and the nest " * 5
    state.notice({"type": "chat", "seat": 2, "name": "Ben", "text": words.strip()})
    game.say_talk()
    said = run.channel.lines
    assert len(said) > 3 and all(len(line) <= 40 for line in said), said
    assert " ".join(said).split() == f"Chat, Ben: {words}".split()
    assert not list(tmp_path.iterdir())


def update_message(table: Table, seat: int, sent: int) -> dict[str, Any]:
    """The update the server sends ``seat`` of ``table`` after its first ``sent`` events (no legal actions:
    enough for a console that is not asked)."""
    events = [to_wire(event) for event in table.seen(seat, sent)]
    at = len(table.state.events)
    to_act = list(table.state.seats_to_act())
    return {"type": "update", "events": events, "at": at, "to_act": to_act, "over": False,
            "view": to_wire(table.state.view(seat)), "legal": []}  # fmt: skip


def test_the_tables_news_is_said_in_its_place_among_the_moves(tmp_path: Path) -> None:
    """Messages read from the server at once (a console a moment behind) are said in the order they came: a chat
    line before the moves after it, and a player gone after the trick that came before."""
    setup = GameSetup.create(["human", "computer", "human", "computer"], level="easy", variant="partnership")
    table = Table("amber-tiger-otter", setup, ["Anna", "Computer 2", "Ben", "Computer 4"])
    players = [BasicPlayer(seat) for seat in range(4)]

    def play_until(done: Any) -> None:
        while not done():
            seat = table.state.seats_to_act()[0]
            table.state.apply(players[seat].choose(table.state.view(seat)), seat)

    play_until(lambda: table.state.phase is Phase.PLAY)
    connection = QueuedConnection()
    state = RemoteTricks(connection, setup, 0)  # type: ignore[arg-type]  # a connection in all but its network
    state.take(update_message(table, 0, 0))
    sent = len(table.state.events)
    run = Run(Settings(), tmp_path)
    seating = Seating("amber-tiger-otter", ("Anna", "Computer 2", "Ben", "Computer 4"), SEATING.people, 0, ())
    talk = online.TableTalk(seating, 0, lambda: True, NAMES)
    state.name_seats(seating)
    game = online.OnlineGame(state, talk, run, resumed=True, family=TRICKS)  # type: ignore[arg-type]
    play_until(lambda: any(isinstance(event, TrickTaken) for event in table.state.events[sent:]))
    connection.inbox.put({"type": "chat", "seat": 2, "name": "Ben", "text": "here it comes"})
    connection.inbox.put(update_message(table, 0, sent))
    connection.inbox.put({"type": "away", "seat": 2, "name": "Ben", "wait": 60, "left": True})
    game.moves_elsewhere()
    said = run.channel.lines
    chat = said.index("Chat, Ben: here it comes")
    gone = said.index("Ben has left the table; a computer plays for them after 60 seconds unless they come back.")
    played = re.compile(r"\S+ (plays?|trumps? with) \S+(, a lower trump)?\.$")  # "West plays 10r, a lower trump."
    moves = [index for index, line in enumerate(said) if played.match(line)]
    taken = next(index for index, line in enumerate(said) if re.search(r" takes? trick 1, ", line))
    assert len(moves) == 4 and chat < moves[0] and moves[-1] < taken < gone, said
    assert not state.notices


def test_a_new_table_takes_the_games_options_from_the_flags_over_the_settings() -> None:
    control = SettingsControl(Settings(), Settings().with_option("target", 250), lambda changed: None)
    parse = online.build_parser().parse_args
    made = online._new_table_message(parse(["localhost", "--new", "--people", "2"]), control, "Anna")
    assert made["game"] == "partnership" and made["options"] == {"target": 250}
    assert made["seats"] == ["human", "computer", "human", "computer"]  # people sit as partners first
    made = online._new_table_message(parse(["localhost", "--new", "--target", "500"]), control, "Anna")
    assert made["options"] == {"target": 500} and made["seats"] == ["human"] * 4
    made = online._new_table_message(
        parse(["localhost", "--new", "--variant", "i-doubt-it", "--players", "6", "--people", "3"]), control, "Anna"
    )
    assert made["options"] == {"players": 6} and made["seats"] == ["human", "computer"] * 3
    for flags, refusal in (
        (["--variant", "donkey", "--target", "500"], "--target is not an option of Donkey."),
        (["--people", "5"], "--people is from 1 to 4 at a table of The Original Rook Partnership Game."),
    ):
        with pytest.raises(Refused, match=re.escape(refusal)):
            online._new_table_message(parse(["localhost", "--new", *flags]), control, "Anna")


def update_between(table: Table, seat: int, start: int, end: int) -> dict[str, Any]:
    """An update to ``seat`` of ``table`` holding its events from number ``start`` to ``end`` (the game so far for a
    console that takes it in before it starts; no seats to act, and the view is the latest)."""
    events = [to_wire(shown) for shown in (seen_by(event, seat) for event in table.state.events[start:end]) if shown]
    return {"type": "update", "events": events, "at": end, "to_act": [], "over": False,
            "view": to_wire(table.state.view(seat)), "legal": []}  # fmt: skip


def test_whose_turn_is_said_after_the_moves_that_came_before_it(tmp_path: Path) -> None:
    """After the pause that follows a trick, the next trick's lead (a computer's, come with the trick) is said
    before the line that says a person elsewhere is to play after it: "Ben to play." names the state after every
    move said, never one ahead of them."""
    setup = GameSetup.create(["human", "computer", "human", "computer"], level="easy", variant="partnership", seed=7)
    table = Table("amber-tiger-otter", setup, ["Anna", "Computer 2", "Ben", "Computer 4"])
    players = [BasicPlayer(seat) for seat in range(4)]
    state_events = table.state.events

    def west_led_after_taking_a_trick() -> bool:
        """West (a computer) took the trick and led the next, and Ben (a person elsewhere) is to play."""
        if table.state.phase is not Phase.PLAY or tuple(table.state.seats_to_act()) != (2,) or len(state_events) < 2:
            return False
        taken, lead = state_events[-2], state_events[-1]
        return isinstance(taken, TrickTaken) and taken.winner == 1 and isinstance(lead, CardPlayed)

    while not west_led_after_taking_a_trick():
        assert not table.state.is_over, "no trick of the game was West's with Ben to play next"
        seat = table.state.seats_to_act()[0]
        table.state.apply(players[seat].choose(table.state.view(seat)), seat)
    trick = len(state_events) - 6  # the trick's four cards, the trick taken, the next lead
    assert all(isinstance(event, CardPlayed) for event in state_events[trick : trick + 4])
    connection = QueuedConnection()
    state = RemoteTricks(connection, setup, 0)  # type: ignore[arg-type]  # a connection in all but its network
    state.take(update_between(table, 0, 0, trick))
    run = Run(Settings(), tmp_path)
    run.lines = input_source(TranscriptLines(["", ""], run.channel, interactive=True))  # Enter at the pause
    seating = Seating("amber-tiger-otter", ("Anna", "Computer 2", "Ben", "Computer 4"), SEATING.people, 0, ())
    talk = online.TableTalk(seating, 0, lambda: True, NAMES)
    state.name_seats(seating)
    game = online.OnlineGame(state, talk, run, resumed=True, family=TRICKS)  # type: ignore[arg-type]
    connection.inbox.put(update_message(table, 0, trick))
    for _ in range(3):  # the console looks again until it waits for Ben (each look says what it has to say)
        game.moves_elsewhere()
    said = run.channel.lines
    pause = said.index("Press Enter to go on.")
    lead = next(index for index, line in enumerate(said) if index > pause and re.match(r"West (leads|plays) ", line))
    turn = said.index("Ben to play.")
    assert re.search(r"West takes? trick \d+, ", said[pause - 1]) and pause < lead < turn, "\n".join(said)
    assert said.count("Ben to play.") == 1 and game._announced == len(state.events), said


def played_table(done: Any, seed: int = 7) -> Table:
    """A partnership table of Anna (South), a computer, Ben (North) and a computer, played by basic players until
    ``done(table)``."""
    setup = GameSetup.create(["human", "computer", "human", "computer"], level="easy", variant="partnership", seed=seed)
    table = Table("amber-tiger-otter", setup, ["Anna", "Computer 2", "Ben", "Computer 4"])
    players = [BasicPlayer(seat) for seat in range(4)]
    while not done(table):
        assert not table.state.is_over, "the game ended before the moment the test needs"
        seat = table.state.seats_to_act()[0]
        table.state.apply(players[seat].choose(table.state.view(seat)), seat)
    return table


def update_to_act(table: Table, seat: int, start: int) -> dict[str, Any]:
    """The update the server sends ``seat`` of a game under way after its first ``start`` events, with the seat's
    legal actions if it is to act."""
    update = update_message(table, seat, start)
    if seat in update["to_act"]:
        update["legal"] = [action_to_json(seat, action) for action in table.state.legal_actions(seat)]
    update["started"] = True
    return update


def anna_at(table: Table, run: Run, connection: Any, start: int) -> tuple[online.OnlineGame, RemoteTricks]:
    """Anna's console at ``table``, having said its first ``start`` events (the rest, and the seats to act now,
    come in an update already waiting)."""
    state = RemoteTricks(connection, table.setup, 0)
    state.take(update_between(table, 0, 0, start))
    seating = Seating("amber-tiger-otter", ("Anna", "Computer 2", "Ben", "Computer 4"), SEATING.people, 0, ())
    talk = online.TableTalk(seating, 0, lambda: True, NAMES)
    state.name_seats(seating)
    game = online.OnlineGame(state, talk, run, resumed=True, family=TRICKS)  # type: ignore[arg-type]
    connection.inbox.put(update_to_act(table, 0, start))
    return game, state


def north_leads_first(table: Table) -> bool:
    """Trump has just been named, and North (Ben's seat) leads the first trick."""
    events = table.state.events
    return bool(events) and isinstance(events[-1], TrumpNamed) and tuple(table.state.seats_to_act()) == (2,)


def test_a_person_elsewhere_who_leads_first_is_said_to_once(tmp_path: Path) -> None:
    """Trump named, the first lead is a person's at another console: "Ben to lead." once, not "Ben leads." too."""
    table = played_table(north_leads_first)
    run = Run(Settings(), tmp_path)
    game, state = anna_at(table, run, QueuedConnection(), len(table.state.events) - 1)
    game.moves_elsewhere()
    said = run.channel.lines
    assert any(line.startswith("Trump is ") for line in said), said
    assert said.count("Ben to lead.") == 1 and "Ben leads." not in said, said


def test_a_free_persons_seat_played_by_a_computer_is_not_said_to_be_waited_for(tmp_path: Path) -> None:
    """A person's seat nobody took is played by a computer at once: "North to lead." made it sound like a person."""
    table = played_table(north_leads_first)
    run = Run(Settings(), tmp_path)
    game, state = anna_at(table, run, QueuedConnection(), len(table.state.events) - 1)
    game.talk.seating = replace(game.talk.seating, free=(2,))
    game.moves_elsewhere()
    said = run.channel.lines
    assert any(line.startswith("Trump is ") for line in said), said
    assert not any(line.endswith(" to lead.") for line in said), said


class ScriptedConnection:
    """A connection whose messages come in the order given, one a read; None: nothing came to that read.  Read
    past its end, the connection is lost (a test fails rather than waits)."""

    def __init__(self, messages: list[dict[str, Any] | None]) -> None:
        self.messages = messages
        self.sent: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def next_message(self, timeout: float | None = None) -> dict[str, Any] | None:
        if not self.messages:
            raise ConnectionLost("The test's messages ran out.")
        return self.messages.pop(0)

    def has_news(self) -> bool:
        return bool(self.messages) and self.messages[0] is not None


def test_the_line_of_a_player_back_names_whose_turn_once(tmp_path: Path) -> None:
    """ "You are back. Trick 2, Ben to lead." is not followed by "Ben to lead." again."""

    def ben_leads(table: Table) -> bool:
        view = table.state.view(0)
        return view.phase is Phase.PLAY and not view.trick and len(view.tricks) > 0 and view.turn == 2

    table = played_table(ben_leads)
    run = Run(Settings(), tmp_path)
    taken_up = {"type": "left", "message": "Your seat was taken up from another connection."}
    # The game so far; the console looks twice and waits for Ben; then its seat is taken up elsewhere.
    connection = ScriptedConnection([update_to_act(table, 0, 0), None, None, None, taken_up, None])
    state = RemoteTricks(connection, table.setup, 0)  # type: ignore[arg-type]  # a connection in all but its network
    seating = Seating("amber-tiger-otter", ("Anna", "Computer 2", "Ben", "Computer 4"), SEATING.people, 0, ())
    talk = online.TableTalk(seating, 0, lambda: True, NAMES)
    seated = {"started": True, "back": True}
    assert online._seat_played(run, state, talk, seated, "The Original Rook Partnership Game", back=True) == "left"
    said = run.channel.lines
    trick = len(table.state.view(0).tricks) + 1
    assert said[0] == f"You are back. Trick {trick}, Ben to lead." and said[-1] == taken_up["message"], said
    assert "Ben to lead." not in said, said


class WatchingLines:
    """A terminal's prompt in all but its keys: each question shown (as ``PROMPT`` and the question), given up
    when news comes while it is shown; a dict in the script is a message that comes from the table while it is
    shown."""

    interactive = True
    ctrl_c = None

    def __init__(self, channel: ListChannel, connection: Any, script: list[Any]) -> None:
        self.channel = channel
        self.connection = connection
        self.script = script

    def read(self, question: str, fresh: bool = True) -> str | None:
        return self.read_watching(question, None, fresh)

    def read_watching(self, question: str, news: Any, fresh: bool = True) -> str | None:
        self.channel.say(Message(f"PROMPT {question}", question))
        if self.script and isinstance(self.script[0], dict):
            self.connection.inbox.put(self.script.pop(0))
        if news is not None and news():
            raise ReadInterrupted
        return self.script.pop(0) if self.script else None

    def typing_kept(self) -> bool:
        return False

    def keys_held(self) -> Any:
        return contextlib.nullcontext()

    def connect(self, keys: Any) -> None:
        pass


class LaggingConnection(QueuedConnection):
    """A connection to a server that answers a chat line and the pause as a server does, a moment later: the
    answer is in flight while nobody waits for it, and comes to a read that waits, or to a prompt's watch."""

    def __init__(self) -> None:
        super().__init__()
        self.in_flight: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any]) -> None:
        super().send(message)
        if message["type"] == "say":
            self.in_flight.append({"type": "chat", "seat": 0, "name": "Anna", "text": message["text"]})
        elif message["type"] == "pause":
            self.in_flight.append({"type": "paused", "paused": True, "name": "Anna"})

    def _arrive(self) -> None:
        while self.in_flight:
            self.inbox.put(self.in_flight.pop(0))

    def next_message(self, timeout: float | None = None) -> dict[str, Any] | None:
        if timeout is None or timeout > 0:
            self._arrive()
        return super().next_message(timeout)

    def has_news(self) -> bool:
        self._arrive()
        return not self.inbox.empty()


def first_lead_is_annas(table: Table) -> bool:
    view = table.state.view(0)
    return view.phase is Phase.PLAY and not view.tricks and not view.trick and view.turn == 0


def test_a_command_sent_to_the_server_is_answered_before_the_question_comes_again(tmp_path: Path) -> None:
    """``say`` and ``pause`` at Anna's lead: the chat line and the pause are said, then the question once (not the
    question, the answer, and the question again)."""
    table = played_table(first_lead_is_annas)
    run = Run(Settings(), tmp_path)
    connection = LaggingConnection()
    run.lines = WatchingLines(run.channel, connection, ["say nice one", "pause"])  # type: ignore[assignment]
    game, state = anna_at(table, run, connection, len(table.state.events))
    state.pump(0)
    game.run()
    said = run.channel.lines
    first = next(index for index, line in enumerate(said) if line.startswith("PROMPT "))
    question = said[first].removeprefix("PROMPT ")
    assert question.startswith("Your lead, 9 cards: ") and len(question) > 60, said
    again = "PROMPT Your lead, 9 cards."
    assert said[first:first + 5] == [f"PROMPT {question}", "Chat, you: nice one", again, "You paused the game.",
                                     again], said  # fmt: skip
    assert [message["type"] for message in connection.sent] == ["say", "pause"]


def test_news_that_gives_up_the_question_asks_it_again_in_its_short_form(tmp_path: Path) -> None:
    """A short question that lists cards, given up for "Ben is back.", comes again without its cards."""

    def two_legal_for_anna(table: Table) -> bool:
        state = table.state
        return state.phase is Phase.PLAY and tuple(state.seats_to_act()) == (0,) and len(state.legal_actions(0)) == 2

    table = played_table(two_legal_for_anna)
    run = Run(Settings(), tmp_path)
    connection = LaggingConnection()
    run.lines = WatchingLines(run.channel, connection, [{"type": "back", "seat": 2, "name": "Ben"}])  # type: ignore[assignment]
    game, state = anna_at(table, run, connection, len(table.state.events))
    state.pump(0)
    game.run()
    said = run.channel.lines
    prompts = [index for index, line in enumerate(said) if line.startswith("PROMPT ")]
    question = said[prompts[0]].removeprefix("PROMPT ")
    assert question.startswith("Your play, 2 legal: ") and len(question) <= 60, said
    assert said[prompts[0] + 1 :] [:2] == ["Ben is back.", "PROMPT Your play, 2 legal."], said


def test_a_chat_line_reaches_the_others_as_typed(tmp_path: Path) -> None:
    """Where the console prints cards in words (a terminal a screen reader reads), a chat line is still printed and
    spoken as typed: "the rook" never becomes "the the Rook", nor "12g" "12 green"; the ``chat`` command too."""
    table = played_table(first_lead_is_annas)
    run = Run(Settings(), tmp_path)
    game, state = anna_at(table, run, QueuedConnection(), len(table.state.events))
    game.narrator.card_words = True  # as the console sets it at such a terminal
    typed = ["nice, the rook took it", "12g and 9g", "-5 for us, 14r next"]
    for text in typed:
        state.notice({"type": "chat", "seat": 2, "name": "Ben", "text": text})
    game.say_talk()
    game.handle_line("chat")
    game.say("Your lead: 12g.")  # a line of the game has its cards in words
    expected = [f"Chat, Ben: {text}" for text in typed]
    said = [(message.compact, message.spoken) for message in run.channel.messages]
    assert said[:3] == [(line, line) for line in expected], said
    assert said[4:7] == [(line, line) for line in expected], said
    assert [compact for compact, _ in said] == [*expected, "The last 3 chat lines, oldest first:", *expected,
                                                "Your lead: 12 green."], said  # fmt: skip


def test_a_player_back_hears_the_chat_said_while_away_and_chat_lists_the_tables_last_lines(tmp_path: Path) -> None:
    """The table's last chat lines come with the seat taken up again: those said while the player was away are
    said after "You are back.", and ``chat`` lists them all, though this console heard none of them."""
    table = played_table(first_lead_is_annas)
    run = Run(Settings(), tmp_path)
    run.lines = input_source(ScriptedLines(["chat"]))
    connection = ScriptedConnection([update_to_act(table, 0, 0), *[None] * 6])
    state = RemoteTricks(connection, table.setup, 0)  # type: ignore[arg-type]  # a connection in all but its network
    seating = Seating("amber-tiger-otter", ("Anna", "Computer 2", "Ben", "Computer 4"), SEATING.people, 0, ())
    talk = online.TableTalk(seating, 0, lambda: True, NAMES)
    kept = [
        {"seat": 2, "name": "Ben", "text": "good luck", "missed": False},
        {"seat": 0, "name": "Anna", "text": "brb", "missed": False},
        {"seat": 2, "name": "Ben", "text": "while you were away", "missed": True},
    ]
    seated = {"started": True, "back": True, "chat": kept}
    assert online._seat_played(run, state, talk, seated, "The Original Rook Partnership Game", back=True) == "left"
    said = run.channel.lines
    assert said[:2] == ["You are back. Trick 1, your lead.", "Chat, Ben: while you were away"], said
    listed = said.index("The last 3 chat lines, oldest first:")
    assert said[listed + 1 : listed + 4] == ["Chat, Ben: good luck", "Chat, you: brb", "Chat, Ben: while you were away"]
    assert said.count("Chat, Ben: good luck") == 1 and said.count("Chat, Ben: while you were away") == 2, said


def test_the_others_hear_a_computer_take_a_seat_over_and_its_player_back_hears_what_it_played(tmp_path: Path) -> None:
    talk = online.TableTalk(SEATING, 0, lambda: True, NAMES)
    assert talk.lines({"type": "standin", "seat": 2, "name": "Ben"}) == ["A computer now plays for Ben."]
    table = played_table(first_lead_is_annas)
    run = Run(Settings(), tmp_path)
    connection = ScriptedConnection([update_to_act(table, 0, 0), *[None] * 6])
    state = RemoteTricks(connection, table.setup, 0)  # type: ignore[arg-type]  # a connection in all but its network
    seating = Seating("amber-tiger-otter", ("Anna", "Computer 2", "Ben", "Computer 4"), SEATING.people, 0, ())
    talk = online.TableTalk(seating, 0, lambda: True, NAMES)
    played = [{"seat": 0, "bid": 80}, {"seat": 0, "play": "9y"}, {"seat": 0, "play": "13y"}]
    seated = {"started": True, "back": True, "chat": [], "played": played}
    assert online._seat_played(run, state, talk, seated, "The Original Rook Partnership Game", back=True) == "left"
    said = run.channel.lines
    assert said[:2] == ["You are back. Trick 1, your lead.", "Played for you while away: 9y 13y, and 1 other move."]


def test_the_pause_after_a_hands_last_trick_comes_after_the_next_deal_as_at_home(tmp_path: Path) -> None:
    """The last trick's move ends the hand and deals the next: a game at home says all of it and then pauses, and so
    does the online console, though the next hand's first bids came in the same update (it paused after the trick,
    before the hand's score, or after the deal, as the messages happened to come)."""

    def bidding_again(table: Table) -> bool:
        events = table.state.events
        return table.state.hand_number == 2 and isinstance(events[-1], BidMade)

    table = played_table(bidding_again)
    events = table.state.events
    ended = next(index for index, event in enumerate(events) if isinstance(event, HandEnded))
    assert isinstance(events[ended - 1], TrickTaken) and isinstance(events[ended + 1], Dealt)
    run = Run(Settings(), tmp_path)
    run.lines = input_source(TranscriptLines(["", ""], run.channel, interactive=True))  # Enter at the pause
    game, state = anna_at(table, run, QueuedConnection(), ended - 5)  # the last trick's cards still to come
    game.moves_elsewhere()
    while game._announced < len(state.events):  # the console looks again until it has said every move
        game.moves_elsewhere()
    said = run.channel.lines
    pause = said.index("Press Enter to go on.")
    dealt = next(index for index, line in enumerate(said) if line.startswith("Hand 2."))
    score = next(index for index, line in enumerate(said) if line.startswith("Score"))
    bids = [index for index, line in enumerate(said) if re.match(r"\S+ (bids? \d+|pass(es)?)\.$", line)]
    assert score < dealt < pause, "\n".join(said)
    assert bids and pause < bids[0], "\n".join(said)


def test_keys_typed_while_the_connection_is_tried_again_are_answered_at_once(monkeypatch):
    """Lines typed while the server could not be reached went nowhere without a word: the first keys get a line
    saying nothing typed is sent until the player is back."""
    monkeypatch.setattr(online, "RECONNECT_SECONDS", 0.3)
    monkeypatch.setattr(online, "RECONNECT_PAUSE", 0.05)
    said: list[str] = []
    waits: list[float] = []

    def typed(seconds: float) -> bool:
        waits.append(seconds)
        return True

    # Nothing listens on port 9 here: every try is refused, and the seat is given up after the time allowed.
    assert online._reconnect(["ws://127.0.0.1:9"], "token", "amber-tiger-otter", said.append, typed) is None
    assert said == [online.NOT_SENT]
    assert waits == [online.RECONNECT_PAUSE]  # once told, the keys are not looked at again
    silent: list[str] = []
    assert online._reconnect(["ws://127.0.0.1:9"], "token", "amber-tiger-otter", silent.append,
                             lambda seconds: False) is None
    assert silent == []


def test_the_answer_to_the_players_own_why_or_chat_is_said_at_once_with_moves_still_to_say(tmp_path: Path) -> None:
    """At the pause after a trick the next moves wait for Enter: the player's own chat line was said only after
    Enter, behind them, and a why asked there named a move not heard yet. The answer to the player's own chat
    and why comes at once, the why asked for the moves said so far; the moves keep their place, and another's chat
    line its place after them."""
    setup = GameSetup.create(["human", "computer", "human", "computer"], level="easy", variant="partnership")
    table = Table("amber-tiger-otter", setup, ["Anna", "Computer 2", "Ben", "Computer 4"])
    players = [BasicPlayer(seat) for seat in range(4)]
    while table.state.phase is not Phase.PLAY:
        seat = table.state.seats_to_act()[0]
        table.state.apply(players[seat].choose(table.state.view(seat)), seat)
    connection = QueuedConnection()
    state = RemoteTricks(connection, setup, 0)  # type: ignore[arg-type]
    state.take(update_message(table, 0, 0))
    run = Run(Settings(), tmp_path)
    seating = Seating("amber-tiger-otter", ("Anna", "Computer 2", "Ben", "Computer 4"), SEATING.people, 0, ())
    talk = online.TableTalk(seating, 0, lambda: True, NAMES)
    state.name_seats(seating)
    game = online.OnlineGame(state, talk, run, resumed=True, family=TRICKS)  # type: ignore[arg-type]
    game._announced = 0  # every move so far is still to be said, as behind the pause after a trick
    connection.inbox.put({"type": "chat", "seat": 2, "name": "Ben", "text": "after the moves"})
    connection.inbox.put({"type": "chat", "seat": 0, "name": "Anna", "text": "mine"})
    assert game.handle_line("say mine")
    assert run.channel.lines == ["Chat, you: mine"], run.channel.lines
    assert [notice.message["text"] for notice in state.notices] == ["after the moves"]  # said in its place, later
    # A why while moves are still to be said tells the server how many were said: it answers for those alone.
    connection.inbox.put({"type": "why", "line": "East led 14g: it is the highest green."})
    assert game._ask_why(state, ["east"]) is None
    assert connection.sent[-1] == {"type": "why", "seat": 3, "bidding": False, "heard": 0}, connection.sent[-1]
    assert run.channel.lines[1:] == ["East led 14g: it is the highest green."]
    assert [notice.message["text"] for notice in state.notices] == ["after the moves"]
    # Once they are said, the question is the plain one, and the chat line after the moves comes in its place.
    game._announced = len(state.events)
    connection.inbox.put({"type": "why", "line": "West bid 70: it reckoned its hand worth a bid of up to 80."})
    assert game._ask_why(state, ["west", "bid"]) is None
    assert connection.sent[-1] == {"type": "why", "seat": 1, "bidding": True}, connection.sent[-1]
    assert run.channel.lines[2:] == ["West bid 70: it reckoned its hand worth a bid of up to 80.",
                                     "Chat, Ben: after the moves"], run.channel.lines
    # At the terse or braille verbosity the server is asked for the terse line.
    game.narrator.verbosity = Verbosity.TERSE
    connection.inbox.put({"type": "why", "line": "West bid 70: it reckoned its hand worth a bid of up to 80."})
    assert game._ask_why(state, ["west", "bid"]) is None
    assert connection.sent[-1] == {"type": "why", "seat": 1, "bidding": True, "terse": True}, connection.sent[-1]


def test_at_a_pause_the_host_pausing_the_game_is_heard_as_it_comes(tmp_path: Path) -> None:
    """A player at "Press Enter to go on." heard the host pause the game, and let it go on, only after Enter."""
    table = played_table(first_lead_is_annas)
    run = Run(Settings(), tmp_path)
    connection = QueuedConnection()
    script: list[Any] = [{"type": "paused", "paused": True, "name": "Ben"}, ""]
    run.lines = WatchingLines(run.channel, connection, script)  # type: ignore[assignment]
    game, state = anna_at(table, run, connection, len(table.state.events))
    game.talk.seating = replace(game.talk.seating, host=2)  # Ben hosts this table
    state.pump(0)
    game._announced = len(state.events)
    assert game.read_paused("Press Enter to go on.") == ""
    assert run.channel.lines == ["PROMPT Press Enter to go on.", "Ben paused the game.",
                                 "PROMPT Press Enter to go on."]


def test_at_a_pause_the_tables_talk_is_said_as_it_comes_and_the_host_ending_the_table_leaves(tmp_path: Path) -> None:
    """At "Press Enter to go on." and after the game, another's chat line waited for Enter (after the game, for
    ever); the host ending the table was heard only after Enter. Moves that come give up nothing there."""
    table = played_table(first_lead_is_annas)
    run = Run(Settings(), tmp_path)
    connection = QueuedConnection()
    script: list[Any] = [{"type": "chat", "seat": 2, "name": "Ben", "text": "well played"}, "",
                         {"type": "ended", "name": "Anna", "message": "Anna ended the table."}]
    run.lines = WatchingLines(run.channel, connection, script)  # type: ignore[assignment]
    game, state = anna_at(table, run, connection, len(table.state.events))
    state.pump(0)
    game._announced = len(state.events)  # every move said: the pause after them
    assert game.read_paused("Press Enter to go on.") == ""
    assert run.channel.lines == ["PROMPT Press Enter to go on.", "Chat, Ben: well played",
                                 "PROMPT Press Enter to go on."]
    with pytest.raises(online.LeftTable):
        game.read_paused("Press Enter to go on.")
    assert run.channel.lines[-1] == "You ended the table." and game.talk.closed  # Anna hosts (from another console)


def test_the_goodbye_after_an_online_game_says_how_to_play_online_again(tmp_path: Path) -> None:
    """It said "To play again: rook-access", which starts a game at home."""
    table = played_table(first_lead_is_annas)
    run = Run(Settings(), tmp_path)
    connection = QueuedConnection()
    connection.url = "ws://cards.example.org:8765"  # type: ignore[attr-defined]
    game, _ = anna_at(table, run, connection, len(table.state.events))
    assert game.last_goodbye() == ("Goodbye. To play online again: rook-access join ws://cards.example.org:8765 "
                                   "--new, or --code and a table's code.")


def test_at_a_pause_a_chat_line_comes_before_the_moves_that_wait_and_an_end_typed_there_leaves(tmp_path: Path) -> None:
    """A computer's next lead waits behind the pause: "nice trump", typed about the trick just heard, waited
    behind it until Enter. And the host's own end now at the pause asked the pause again before leaving."""
    table = played_table(first_lead_is_annas)
    run = Run(Settings(), tmp_path)
    connection = QueuedConnection()
    script: list[Any] = [{"type": "chat", "seat": 2, "name": "Ben", "text": "nice trump"}, ""]
    run.lines = WatchingLines(run.channel, connection, script)  # type: ignore[assignment]
    game, state = anna_at(table, run, connection, len(table.state.events))
    state.pump(0)
    game._announced = len(state.events) - 2  # two moves still to be said, after the pause
    assert game.read_paused("Press Enter to go on.") == ""
    assert run.channel.lines == ["PROMPT Press Enter to go on.", "Chat, Ben: nice trump",
                                 "PROMPT Press Enter to go on."]
    game.talk.lines({"type": "ended", "name": "Anna"})  # as the answer to the host's end now typed at the pause
    with pytest.raises(online.LeftTable):
        game.read_paused("Press Enter to go on.")


def test_the_choices_the_server_keeps_come_back_as_the_players_own_moves_and_an_older_server_gives_none(
    tmp_path: Path,
) -> None:
    """``review`` of a hand played partly before this console came asks the server for the player's own moves
    with their views: they come back as moves of the person's; a refusal (a server that knows no such request)
    or an answer that cannot be read gives none, and review tells only the moves since, as before."""
    own: list[tuple[Any, Any]] = []

    def two_tricks_played(table: Table) -> bool:  # and Anna's moves kept as they are made
        seat = table.state.seats_to_act()[0]
        if seat == 0:
            view = table.state.view(0)
            own.append((view, BasicPlayer(0).choose(view)))
        return len(table.state.view(0).tricks) == 2

    table = played_table(two_tricks_played)
    own = own[:-1] if own and len(own[-1][0].tricks) == 2 else own  # asked at the moment it stopped: not made
    run = Run(Settings(), tmp_path)
    connection = QueuedConnection()
    game, state = anna_at(table, run, connection, len(table.state.events))
    state.pump(0)
    assert own
    by_computer = [index == 1 for index in range(len(own))]  # the second made by a computer standing in
    connection.inbox.put({"type": "choices", "hand": 1, "moves": [
        {"view": to_wire(view), "action": action_to_json(view.seat, action), **({"computer": True} if by else {})}
        for (view, action), by in zip(own, by_computer, strict=True)]})
    found = game.earlier_choices(1)
    assert connection.sent[-1] == {"type": "choices", "hand": 1}
    assert found is not None and [(each.view.hand, each.view.tricks, each.view.legal, each.action, each.player)
                                  for each in found] == [(view.hand, view.tricks, view.legal, action,
                                                          online.A_COMPUTER if by else None)
                                                         for (view, action), by in zip(own, by_computer, strict=True)]
    connection.inbox.put({"type": "error", "message": "No message type 'choices'."})
    assert game.earlier_choices(1) is None
    connection.inbox.put({"type": "choices", "hand": 1, "moves": [{"view": "nonsense", "action": {}}]})
    assert game.earlier_choices(1) is None
    assert not state.notices  # the answers were taken, not left to be said


def anna_heard_all(tmp_path: Path) -> tuple[online.OnlineGame, RemoteTricks, Run, QueuedConnection]:
    """Anna's console at a table where her first lead is to come, every move so far said."""
    table = played_table(first_lead_is_annas)
    run = Run(Settings(), tmp_path)
    connection = QueuedConnection()
    game, state = anna_at(table, run, connection, len(table.state.events))
    state.pump(0)
    game._announced = len(state.events)
    return game, state, run, connection


def test_chat_takes_in_the_lines_that_came_before_it_lists_them(tmp_path: Path) -> None:
    """A chat line that had come but was not yet said was missing from ``chat``'s list (No chat yet.), and said
    only later: it is said first, then listed."""
    game, state, run, connection = anna_heard_all(tmp_path)
    state.notice({"type": "chat", "seat": 2, "name": "Ben", "text": "nice lead"})
    assert game.handle_line("chat")
    assert run.channel.lines == ["Chat, Ben: nice lead", "The last chat line:", "Chat, Ben: nice lead"]


def test_a_table_ended_mid_game_says_the_chat_that_came_before_the_end_then_the_score_and_goodbye(
    tmp_path: Path,
) -> None:
    """Chat that came before the host's end, still behind moves to be said, was lost with the table."""
    game, state, run, connection = anna_heard_all(tmp_path)
    state.notice({"type": "chat", "seat": 2, "name": "Ben", "text": "sorry, I must go"})
    game.talk.lines({"type": "ended", "name": "Ben", "message": "Ben ended the table."})
    assert game.talk.closed
    online._say_table_ended(game, state, game.talk, run.reply)
    said = run.channel.lines
    assert said[0] == "Chat, Ben: sorry, I must go", said
    assert said[1].startswith("Score: ") and said[-1] == online.TABLE_ENDED_GOODBYE, said


def test_at_the_pause_after_a_trick_the_commands_about_the_move_now_wait_for_the_moves_that_came(
    tmp_path: Path,
) -> None:
    """At "Press Enter to go on." the next lead had come with the trick, and trick, legal and turn told it before
    it was said ("Trick 2: Ben 14 red ... Your turn to play."); they wait for the pause's end, and the commands
    about what was heard answer."""
    table = played_table(lambda table: len(table.state.view(0).tricks) == 1 and bool(table.state.view(0).trick))
    taken = next(index for index, event in enumerate(table.state.events) if isinstance(event, TrickTaken)) + 1
    run = Run(Settings(), tmp_path)
    connection = QueuedConnection()
    game, state = anna_at(table, run, connection, len(table.state.events))
    state.pump(0)
    game._announced = taken  # the pause after trick 1: the next lead still to be said
    game._pausing = True
    for command in ("trick", "legal", "turn", "hint", "tr"):
        assert game.handle_line(command, may_act=False)
    said = run.channel.lines
    assert said == [online.UNHEARD_MOVES] * 5, said
    assert game.handle_line("last", may_act=False)
    assert run.channel.lines[-1].startswith("Last trick"), run.channel.lines
    game._announced = len(state.events)  # every move said: they answer again
    assert game.handle_line("trick", may_act=False)
    assert run.channel.lines[-1] != online.UNHEARD_MOVES


def test_help_all_at_an_online_table_gives_who_to_the_table_and_names_its_commands(tmp_path: Path) -> None:
    """``help all`` online said "turn, short w or who", though who says who sits where there, and left out the
    table's own commands."""
    game, state, run, connection = anna_heard_all(tmp_path)
    assert game.handle_line("help all")
    said = run.channel.lines
    assert "turn, short w: Say whose turn it is." in said, said
    also = said.index("At an online table also:")  # then a line each, as before the game
    assert said[also + 1:also + 4] == [online.ONLINE_COMMANDS[name] for name in ("say", "chat", "who")], said[also:]
    assert not any("or who" in line for line in said)


def test_rules_at_an_online_table_says_your_own_seat_as_you_and_the_others_as_heard_in_the_game(
    tmp_path: Path,
) -> None:
    """``rules`` online said "Partners: South and Ben against West and East" to Anna at South: her own place's
    name among the others' (a computer keeps its place's name), heard as another player; and Ben heard
    "Partners: Anna and North", North being his own seat."""
    game, state, run, connection = anna_heard_all(tmp_path)
    assert game.handle_line("rules")
    said = run.channel.lines
    assert "Partners: you and Ben against West and East; each side keeps one score." in said, said
    assert said[0] == "The Original Rook Partnership Game, 4 players.", said  # the rest as at home
    table = played_table(first_lead_is_annas)
    bens = RemoteTricks(QueuedConnection(), table.setup, 2)  # type: ignore[arg-type]
    bens.take(update_between(table, 2, 0, len(table.state.events)))
    seating = Seating("amber-tiger-otter", ("Anna", "Computer 2", "Ben", "Computer 4"), SEATING.people, 2, ())
    bens.name_seats(seating)
    ben_run = Run(Settings(), tmp_path / "ben")
    ben = online.OnlineGame(bens, online.TableTalk(seating, 2, lambda: True, NAMES), ben_run, resumed=True,
                            family=TRICKS)  # type: ignore[arg-type]
    assert ben.handle_line("rules")
    assert "Partners: you and Anna against West and East; each side keeps one score." in ben_run.channel.lines


def test_rules_at_an_online_table_says_its_options_are_the_tables_and_a_setting_is_for_your_next_game(
    tmp_path: Path,
) -> None:
    """``rules`` online ended "to change one for the next game: settings, its name and a value.", but the table
    keeps the options it was made with: a setting changed there is for your own next game at home, or table made
    with --new (which takes the table options from the settings)."""
    game, state, run, connection = anna_heard_all(tmp_path)
    assert game.handle_line("rules")
    assert run.channel.lines[-1] == (
        "Table options: target 300, bird rank high, min bid 70, fixed for this table; settings, its name and a "
        "value, changes one for your next game at home or table you make."
    )


def test_a_level_or_table_option_set_at_an_online_table_is_said_to_be_for_your_own_next_game(tmp_path: Path) -> None:
    """``settings level strong`` online said "the computer players change in the next game", and a table option
    "it applies from the next game": this table's computers and options are its host's, for every game here."""
    game, state, run, connection = anna_heard_all(tmp_path)
    for command, spoken in (("settings level strong", "Level is now strong"), ("settings target 500", "Target")):
        assert game.handle_line(command)
        line = run.channel.lines[-1]
        assert line.startswith(spoken), line
        assert line.endswith("; this table keeps its own, the change is for your next game at home or table you make.")
    assert game.handle_line("settings verbosity terse")
    assert run.channel.lines[-1] == "Verbosity is now terse, saved."


def test_a_mistyped_online_command_is_answered_with_the_likely_one_and_yes_carries_it_out(tmp_path: Path) -> None:
    """``sya hi`` and ``whoo`` got "Unknown command" alone, where a mistyped game command gets "Did you mean"."""
    game, state, run, connection = anna_heard_all(tmp_path)
    assert game.handle_line("whoo")
    assert run.channel.lines[-1] == "Unknown command: whoo. Did you mean who?"
    assert game.handle_line("sya good luck")
    assert run.channel.lines[-1] == "Unknown command: sya. Did you mean say?"
    connection.inbox.put({"type": "chat", "seat": 0, "name": "Anna", "text": "good luck"})
    assert game.handle_line("yes")
    assert connection.sent[-1] == {"type": "say", "text": "good luck"}


def test_a_seat_taken_in_a_game_under_way_hears_the_games_opening_lines_first(tmp_path: Path) -> None:
    """Ben took a seat in a game that had started without him: he heard where it stood, but not the opening
    lines a player at the start hears, with who his partner is."""
    table = played_table(first_lead_is_annas)
    run = Run(Settings(), tmp_path)
    taken_up = {"type": "left", "message": "Your seat was taken up from another connection."}
    connection = ScriptedConnection([update_to_act(table, 0, 0), None, None, None, taken_up, None])
    state = RemoteTricks(connection, table.setup, 0)  # type: ignore[arg-type]
    seating = Seating("amber-tiger-otter", ("Anna", "Computer 2", "Ben", "Computer 4"), SEATING.people, 0, ())
    talk = online.TableTalk(seating, 0, lambda: True, NAMES)
    seated = {"started": True}
    assert online._seat_played(run, state, talk, seated, "The Original Rook Partnership Game", back=False) == "left"
    said = run.channel.lines
    opening = said.index("Rook: the Original Rook Partnership Game, to 300 points.")
    assert said[opening + 1] == "You are South; your partner is Ben. Type help for commands, rules for the rules."
    assert said[opening + 2].startswith("Resuming the game: hand "), said


def test_the_host_is_told_to_give_the_others_the_code() -> None:
    """A playtester making a table was told only "You sit at table mural-parrot-pumpkin": the host hears that the
    code is for the others to join with, and how to start; a guest, or a host with no seat free, hears neither."""
    names = ("Anna", "West", "North", "East")
    hosting = Seating("amber-tiger-otter", names, (True, False, True, False), 0, (2,))
    assert online._welcome(hosting, 0, "The Original Rook Partnership Game", names) == (
        "You sit at table amber-tiger-otter, The Original Rook Partnership Game, as Anna. You are the host: give "
        "the others the code to join. The game begins once they sit down; type start to begin sooner, computers "
        "taking the free seats.")
    assert online._welcome(hosting, 2, "The Original Rook Partnership Game", names).endswith("as North.")
    full = replace(hosting, free=())
    assert online._welcome(full, 0, "The Original Rook Partnership Game", names).endswith("as Anna.")


def test_settings_at_an_online_table_says_the_level_its_computers_play_at(tmp_path: Path) -> None:
    """A playtester at a table made with --level easy heard "level strong" from settings: that is the level for
    games at home; the table's own is said beside it."""
    game, _, run, _ = anna_heard_all(tmp_path)
    assert game.handle_line("settings computers")
    assert run.channel.lines[-1] == ("This table's computers play at easy; the level setting is for games at "
                                     "home."), run.channel.lines
    assert game.handle_line("settings pace")
    assert not run.channel.lines[-1].startswith("This table's"), run.channel.lines
