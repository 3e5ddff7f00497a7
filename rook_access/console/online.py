"""``rook-access join``: a seat at an online table, played with the same console as a game at home.

The server (``rook-access serve``) holds the game; this console holds the
table as this seat sees it (the family's remote state, ``net.remote.REMOTE_STATES``:
``RemoteTricks``, or a party game's from ``net.remote_party``), and plays it with
the same ``ConsoleGame`` as a local game: the same announcements by speech and
braille, commands, hints, review, pacing and settings.  What differs:

- the other players' moves come over the network: while none of this
  player's seats is to act, the console waits for them, saying each move as
  it comes, and takes any line typed meanwhile (review commands, ``say``);
- people at the table are called by their names instead of their seats';
- ``say TEXT`` sends a chat line, heard by the others as "Chat, Anna: ...";
  the ``chat`` setting (on, off) says them as they come or keeps them for the
  ``chat`` command, which reads the last ones; ``who`` says who sits where;
- a lost connection is taken up again with the seat's token, kept in the data
  folder (``online-seats.json``), and the player hears where the game stands
  ("You are back. Trick 6, your play."); ``rook-access join HOST --code
  CODE`` comes back to the seat from a new start too;
- the host starts the game (``start``), computers taking the free seats.

The console plays the trick games and the booklet's party games online; the
server plays every game, and a patience table (a game for one) is refused here
with a line that says so.
"""

from __future__ import annotations

import argparse
import getpass
import json
import sys
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Protocol

from ..announcer.base import Verbosity, cards_text
from ..announcer.message import Message
from ..announcer.rules_summary import rules_summary
from ..engine.actions import Play
from ..engine.cards import shown
from ..engine.games import GAMES, all_options, find_game
from ..engine.notation import NotationError, action_from_json
from ..engine.protocol import or_list
from ..engine.state import Phase
from ..files import write_atomically
from ..net import remote_party  # noqa: F401  (registers the party games' remote states)
from ..net.client import ConnectionLost, TableConnection, table_url
from ..net.codes import CODE_WORDS, code_words, is_code_word, nearest_code, normal_code
from ..net.remote import REMOTE_STATES, RemoteGame, RemoteTricks, Seating, ServerRefusal, TableProtocolError
from ..output.channels import Channel
from ..players import DEFAULT_LEVEL, LevelError, parse_levels
from ..players.base import Decision
from ..saves import GameSetup
from ..settings import NAME_LENGTH, PARTY_EXAMPLE, Settings
from ..streams import shown_form
from .arguments import OneLineParser, add_option_flags, game_name
from .explain import why_asked
from .families import family_named
from .family import FamilyConsole
from .lines import HoldsLines, InputSource, ReadInterrupted, ReadsCalls, ReadsWatching, is_interactive
from .registry import Refused
from .session import NOW_COMMANDS, ConsoleGame, ReadAgain, SettingsControl, short_question

SEATS_FILE = "online-seats.json"
"""Where the seats taken at online tables are kept (their tokens), in the data folder."""

RECONNECT_SECONDS = 30.0
"""How long a lost connection is tried again, a few seconds apart, before the console leaves (a server
started again, or another taking its tables over, is back well within it)."""
RECONNECT_PAUSE = 2.0
"""Seconds between tries."""
NOT_SENT = "Not connected: what you type now is not sent. Type it again once you hear you are back."
"""Said at the first keys typed while the connection is being tried again."""
POLL_SECONDS = 0.25
"""How often the console looks for messages while it waits for keys."""
AT_ONCE_AT_A_PAUSE = ("chat", "ended", "paused")
"""The table's messages said the moment they come at a pause, before moves that came earlier (which wait for the
pause's end): a chat line, about the trick just heard, the host ending the table, and the host pausing the game
or letting it go on (a player waiting at the pause hears it as the others do)."""
A_COMPUTER = "a computer standing in"
"""The player of a move a computer made for a person at an online table, as the server tells it (``review``
leaves it out, and says so)."""
UNHEARD_MOVES = "Moves have come since: press Enter to hear them, then ask again."
"""``trick``, ``turn``, ``legal`` or ``hint`` at the pause after a trick, with moves that came still to be said."""
ABOUT_THE_MOVE_NOW = NOW_COMMANDS | {"trick"}
"""The commands whose answer tells the moves that came after the trick just taken."""
WAITING_PROMPT = "While you wait, a command:"
"""The prompt for a line typed while another person is to act: the line before it said whose turn it is."""
CHAT_KEPT = 50
"""Chat lines kept for the ``chat`` command."""
CHAT_READ = 10
"""Chat lines the ``chat`` command reads."""
TABLE_ENDED_GOODBYE = "Goodbye. The table has ended and is not kept."
"""The last line at a table its host ended before the game was over."""
SERVER_ANSWER_SECONDS = 5.0
"""The longest the console waits for the server's answer to a command it sent (a chat line's echo, the
pause), so the answer is said before the question is asked again; a later answer is said when it comes."""

ONLINE_COMMANDS = {
    "say": "say and your words: a chat line to everyone at the table.",
    "chat": "chat: the last chat lines.",
    "who": "who: who sits where at the table.",
    "start": "start: the host starts the game; computers take the free seats.",
    "pause": "pause: the host pauses the game, or lets it go on.",
    "end": "end now: the host ends the table for everyone.",
}
"""The commands of an online table, beside every command of the game."""

NOT_AT_A_TABLE = {
    name: f"{name}: no other game starts from an online table; quit leaves it, and rook-access starts another."
    for name in ("new", "games")
}
"""``help`` of the commands of every game that do nothing at an online table."""

TABLE_HELP = ONLINE_COMMANDS | NOT_AT_A_TABLE
"""``help NAME`` at a table, where NAME's line is the table's own."""


class ConsoleRunLike(Protocol):
    """What ``play_online`` needs of the run: its output, input and settings (``cli.ConsoleRun``)."""

    channel: Channel
    lines: InputSource
    control: SettingsControl
    data: Path
    """The program's data folder, where the seats taken are kept."""

    def reply(self, line: str) -> None: ...


def _table_game(text: str) -> str:
    """``join``'s ``--variant``: a game's name, as ``rook-access --variant`` takes it; party, the menu's last
    choice, is refused: a progressive party is played at home only (the engine's line names ``--party``,
    a flag ``join`` does not have)."""
    if text.strip().lower() == "party":
        raise argparse.ArgumentTypeError(
            f"A progressive party is not played online; at home, rook-access --party TABLES starts one, "
            f"{PARTY_EXAMPLE}."
        )
    return game_name(text)


def build_parser() -> OneLineParser:
    """The flags of ``rook-access join``."""
    parser = OneLineParser(
        prog="rook-access join",
        description="Play at an online table with this console: join one by its invite code, or make one.",
    )
    parser.hint = "Type rook-access join --help for the flags."
    parser.add_argument("server", help="the server: its name or address, host:port, or a ws:// or wss:// address")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--code", help="the table's invite code: three words, like amber-tiger-otter")
    what.add_argument("--new", action="store_true", help="make a new table of --variant and be its host")
    what.add_argument("--list", action="store_true", help="list the open tables with free seats")
    parser.add_argument("--name", help="your name at the table (default: the name setting, or your user name)")
    parser.add_argument("--seat", type=int, metavar="N", help="the seat to take, 1 for the first")
    parser.add_argument("--port", type=int, help="the server's port (default 8765)")
    parser.add_argument(
        "--variant",
        type=_table_game,
        metavar="GAME",
        help=f"with --new: the game, one of {', '.join(GAMES)} (default: the variant setting)",
    )
    parser.add_argument("--people", type=int, metavar="N", help="with --new: the seats for people, yours included")
    parser.add_argument("--level", help="with --new: the computer players' level (default: the level setting)")
    parser.add_argument(
        "--wait",
        type=float,
        metavar="SECONDS",
        help="with --new: how long the table waits for "
        "a player whose connection dropped before a computer plays their seat (default 60)",
    )
    add_option_flags(parser)  # with --new: the game's table options, as for a game at home
    return parser


# ---------------------------------------------------------------- the seats kept
class SeatTokens:
    """The seats this user has taken at online tables: for each table (its server and code), each seat's secret
    token, kept so a player can come back to their seat after a new start (``--code`` again)."""

    def __init__(self, folder: Path) -> None:
        self.path = folder / SEATS_FILE

    def _read(self) -> dict[str, Any]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def find(self, url: str, code: str, seat: int | None = None, name: str | None = None) -> tuple[int, str] | None:
        """The seat and token kept at table ``code``: ``seat``'s, or the first kept; None if none.  A seat taken
        through ``url`` comes first; then one taken through another address (servers sharing their tables
        answer for each other's).  With ``name``, only a seat taken with that name: two people sharing a data
        folder (one account, two terminals) each come back to their own seat, never to the other's."""
        data = self._read()
        entries = [data.get(f"{url} {code}")]
        entries += [entry for key, entry in sorted(data.items()) if key.endswith(f" {code}") and key != f"{url} {code}"]
        for entry in entries:
            if not isinstance(entry, dict) or not isinstance(entry.get("seats"), dict):
                continue
            names = entry["names"] if isinstance(entry.get("names"), dict) else {}
            for key, token in sorted(entry["seats"].items()):
                if not (isinstance(token, str) and key.isdigit() and (seat is None or int(key) == seat)):
                    continue
                if name is None or names.get(key, name) == name:
                    return int(key), token
        return None

    def keep(self, url: str, code: str, seat: int, token: str, name: str = "") -> None:
        """Keep the token of ``seat`` at table ``code``, taken with ``name`` (the file written whole or not at all)."""
        data = self._read()
        entry = data.get(f"{url} {code}")
        seats: dict[str, Any] = {}
        names: dict[str, Any] = {}
        if isinstance(entry, dict) and isinstance(entry.get("seats"), dict):
            seats = entry["seats"]
            names = entry["names"] if isinstance(entry.get("names"), dict) else {}
        seats[str(seat)] = token
        if name:
            names[str(seat)] = name
        data[f"{url} {code}"] = {"seats": seats, "names": names, "kept": int(time.time())}
        self._write(data)

    def forget(self, url: str, code: str) -> None:
        """Forget the seats at table ``code`` (its game is over), through whichever address they were taken."""
        data = self._read()
        gone = [key for key in data if key == f"{url} {code}" or key.endswith(f" {code}")]
        for key in gone:
            del data[key]
        if gone:
            self._write(data)

    def _write(self, data: dict[str, Any]) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(data, indent=1, sort_keys=True).encode("utf-8")
        write_atomically(self.path, text, self.path.with_name(f".{self.path.name}.tmp"))


# ---------------------------------------------------------------- the table's talk
class ChatLine(str):
    """A chat line as it is said ("Chat, Anna: nice, the rook took it"): the speaker's words as typed, printed and
    spoken unchanged (no card named in words, no word added), as a line of the game is not."""


class TableTalk:
    """The table's messages other than the game: chat, people coming and going, refusals; each as one line."""

    def __init__(self, seating: Seating, seat: int, chat_on: Callable[[], bool], seat_names: tuple[str, ...]) -> None:
        self.seating = seating
        self.seat = seat
        self.seat_names = seat_names
        """The seats' own names (South, West...), for saying where someone sat down."""
        self.chat_on = chat_on
        self.chat: deque[ChatLine] = deque(maxlen=CHAT_KEPT)
        self.ended = False
        """The table is over for this console: its seat was taken up from another connection, or the host ended
        the table; the console leaves."""
        self.closed = False
        """The host ended the table: it is kept no longer."""
        self.moved_to: str | None = None
        """Where the server said the table is served now (another process sharing its tables), if it did."""
        self.away: dict[int, str] = {}
        """The people's seats that are away, as the server said: "away", or "a computer plays for them"."""

    def lines(self, message: dict[str, Any]) -> list[str]:
        """What to say of one message."""
        kind = message.get("type")
        if kind == "chat":
            mine = message.get("seat") == self.seat
            if message.get("heard"):  # said before: kept for the chat command only
                self.chat.append(ChatLine(self._chat_line(message, mine)))
                return []
            line = ChatLine(self._chat_line(message, mine))
            self.chat.append(line)
            return [line] if self.chat_on() or mine else []  # the player's own line says it was sent
        if kind == "table":
            return self._seating_changed(Seating.from_message(message))
        if kind in ("away", "back", "standin") and isinstance(message.get("seat"), int):
            seat = message["seat"]
            if kind == "back":
                self.away.pop(seat, None)
            else:
                self.away[seat] = "away" if kind == "away" else "away, a computer plays for them"
        if kind == "away":
            name = printable(str(message.get("name", "?")))
            wait = _seconds(message.get("wait", 0))
            what = "has left the table" if message.get("left") else "has lost the connection"
            return [f"{name} {what}; a computer plays for them after {wait} unless they come back."]
        if kind == "back":
            return [f"{printable(str(message.get('name', '?')))} is back."]
        if kind == "standin":
            return [f"A computer now plays for {printable(str(message.get('name', '?')))}."]
        if kind == "left":
            self.ended = True
            return [printable(str(message.get("message", "You have left the table.")))]
        if kind == "elsewhere":
            url = str(message.get("url", ""))
            self.moved_to = url if url.startswith(("ws://", "wss://")) else None
            return []  # the connection closes next, and is taken up there
        if kind == "ended":
            self.ended = self.closed = True
            who = "You" if self.seating.host == self.seat else printable(str(message.get("name", "The host")))
            return [f"{who} ended the table."]
        if kind == "paused":
            who = "You" if self.seating.host == self.seat else printable(str(message.get("name", "The host")))
            return [f"{who} paused the game." if message.get("paused") else f"{who} let the game go on."]
        if kind == "why":
            return [printable(str(message.get("line", "")))]
        if kind == "error":
            return [printable(str(message.get("message", "The server refused that.")))]
        return []

    def kept_unsaid(self, message: dict[str, Any]) -> bool:
        """Whether ``message`` is a chat line kept for the ``chat`` command without being said."""
        return message.get("type") == "chat" and bool(
            message.get("heard") or (not self.chat_on() and message.get("seat") != self.seat))

    def _chat_line(self, message: dict[str, Any], mine: bool) -> str:
        who = "you" if mine else printable(str(message.get("name", "?")))
        return f"Chat, {who}: {printable(str(message.get('text', '')))}"

    def chat_kept(self, lines: Any) -> list[str]:
        """The table's last chat lines sent to a player back (``seated``'s ``chat``), kept for the ``chat``
        command; the lines to say of those said while they were away."""
        said = []
        for line in lines if isinstance(lines, list) else []:
            if isinstance(line, dict):
                message = {"type": "chat", "seat": line.get("seat"), "name": line.get("name", "?")}
                message.update(text=line.get("text", ""), heard=not line.get("missed"))
                said += self.lines(message)
        return said

    def _seating_changed(self, seating: Seating) -> list[str]:
        said = []
        for seat, (before, now) in enumerate(zip(self.seating.names, seating.names, strict=False)):
            where = self.seat_names[seat] if seat < len(self.seat_names) else f"seat {seat + 1}"
            if seat == self.seat:
                continue  # the player's own seat is no news to them
            if seat in self.seating.free and seat not in seating.free:
                said.append(f"{printable(now)} sat down as {where}.")
            elif before != now:
                said.append(f"{printable(now)} now plays {where}.")
        self.seating = seating
        return said

    def who(self, started: bool = False) -> list[str]:
        """Who sits where: each seat's name, and who plays it (once the game has ``started``, a computer plays
        every seat nobody took, and a person away is said to be)."""
        seating = self.seating
        parts = []
        for seat, (name, person) in enumerate(zip(seating.names, seating.people, strict=False)):
            seat_name = self.seat_names[seat] if seat < len(self.seat_names) else f"seat {seat + 1}"
            if seat == self.seat:
                parts.append(f"{seat_name}: you")
            elif seat in seating.free:
                parts.append(f"{seat_name}: {'computer' if started else 'free'}")
            elif person and seat in self.away:
                parts.append(f"{seat_name}: {printable(name)}, {self.away[seat]}")
            elif person:
                parts.append(f"{seat_name}: {printable(name)}")
            else:
                parts.append(f"{seat_name}: computer")
        host = "you" if seating.host == self.seat else printable(seating.names[seating.host])
        return [f"Table {seating.code}. " + ", ".join(parts) + f". The host is {host}."]


def verbatim(line: str) -> Message:
    """A line printed and spoken as it is: a chat line's words reach the others as typed."""
    return Message(line, line)


def reply_talk(run: ConsoleRunLike, line: str) -> None:
    """Say a line of the table's talk before the game (the lobby's): a chat line's words as typed."""
    if isinstance(line, ChatLine):
        run.channel.say(verbatim(line))
    else:
        run.reply(line)


def printable(text: str) -> str:
    """``text`` with anything a screen reader should not meet (escape codes, control characters) left out.

    >>> printable("hi\\x1b[31m there\\x07")
    'hi[31m there'
    """
    return "".join(character for character in text if character.isprintable())


def _seconds(value: Any) -> str:
    try:
        number = round(float(value))
    except (TypeError, ValueError):
        number = 0
    return "1 second" if number == 1 else f"{number} seconds"


# ---------------------------------------------------------------- the game
class PlayedElsewhere:
    """The player of a seat that is not this console's: a person at another console, or the server's computer."""

    level = "elsewhere"

    def choose(self, view: Any) -> Any:
        raise AssertionError("a seat played elsewhere is never asked here")


class OnlineGame(ConsoleGame):
    """A ``ConsoleGame`` at an online table (see the module's docstring)."""

    state: RemoteGame

    def __init__(
        self, state: RemoteGame, talk: TableTalk, run: ConsoleRunLike, resumed: bool, family: FamilyConsole
    ) -> None:
        players: list[Any] = [None if seat == state.seat else PlayedElsewhere() for seat in range(state.seat_count)]
        super().__init__(state, players, run.lines, run.channel, settings=run.control, resumed=resumed, family=family,
                         rules_lines=self._trick_rules if isinstance(state, RemoteTricks) else None)
        self.talk = talk
        run.control.at_a_table = True  # a level, game or table option changed here is for the player's own games
        self._turn_said: tuple[int, tuple[int, ...]] = (-1, ())
        """The events and the seats to act when a person elsewhere was last said to be the one to act."""
        self._turn_line_said: tuple[int, str] = (-1, "")
        """The lines written and the line, as whose turn it is was last said (``_say_whose_turn``)."""
        people = talk.seating.people
        # Whose turn a person elsewhere has is said by the console ("Anna to lead."), not by an event's lines too.
        self.narrator.asked_elsewhere = frozenset(
            seat for seat, person in enumerate(people) if person and seat != state.seat
        )
        self._interrupted = False
        """News from the table gave up the question just asked: it is asked again in its short form."""
        self._holding = False
        """The table's lines said now are shown with the question that comes back (``HoldsLines``)."""

    def _trick_rules(self, braille: bool) -> list[str]:
        """What ``rules`` says of a trick game here: as at home, but your own seat said as "you", not by its
        place's name, which among the others' names (Partners: South and Ben) is heard as another player's."""
        state = self.state
        assert isinstance(state, RemoteTricks)  # given only to a trick game's table
        return rules_summary(state.rules, you=state.seat, online=True)  # its options are the table's own

    def current_settings(self) -> Settings:
        """The settings in effect, but quick calls asked in turn: the server asks each seat in turn (there is
        no shared clock over the network yet), so no call window opens here."""
        return self.settings.effective.changed("calls", "turns")

    def game_kept(self) -> bool:
        """The server keeps the game, and the seat for its token."""
        return True

    def last_goodbye(self) -> str:
        url = getattr(self.state.connection, "url", "SERVER")
        return f"Goodbye. To play online again: rook-access join {url} --new, or --code and a table's code."

    def goodbye(self) -> str:
        code = self.talk.seating.code
        return f"Goodbye. The table keeps your seat: join it again with the code {code}."

    def say_talk(self) -> None:
        """Say the table's messages that came (chat, people coming and going), each after the moves that came before
        it: one that came after a move not yet said waits until the move has been said."""
        self._say_talk_after(self._announced)

    def _say_talk_after(self, events_said: int) -> None:
        for line in _talk_lines(self.state, self.talk, events_said):
            self.say_talk_line(line)

    def say_talk_line(self, line: str) -> None:
        """Say a line of the table's talk, within 40 cells in braille; a chat line's words as typed.  Said while a
        question given up by it is to come back, it is spoken now and shown with that question."""
        for piece in self.narrator.fit(line):
            messages = [verbatim(piece)] if isinstance(line, ChatLine) else self.narrator.messages([piece])
            for message in messages:
                lines = self.lines
                if self._holding and isinstance(lines, HoldsLines):
                    self.reading.written(message.spoken)
                    self.channel.say(replace(message, shown=False))
                    lines.hold_for_prompt(shown_form(message, sys.stdout))
                else:
                    self.say_message(message)

    def say_message(self, message: Message) -> None:
        """Anything else said shows the held lines first, in order."""
        self._show_held()
        super().say_message(message)

    def say_as_typed(self, line: str) -> None:
        self._show_held()
        super().say_as_typed(line)

    def _show_held(self) -> None:
        self._holding = False
        lines = self.lines
        if isinstance(lines, HoldsLines):
            lines.write_held()

    def run(self) -> int:
        """Play to the end; the exit status.  The lines held for a question that did not come back are shown."""
        try:
            return super().run()
        finally:
            self._show_held()

    def _announce(self, event: Any) -> None:
        """Say the table's messages that came before ``event``, then the event (``_announced`` counts it already)."""
        self._say_talk_after(self._announced - 1)
        self._show_held()
        super()._announce(event)

    def _announce_new_events(self) -> list[Any]:
        """Announce the events not yet said, and then the table's messages that came after them (a chat line that
        came after a game's last moves is said before its end, after which nothing is said)."""
        said = super()._announce_new_events()
        self.say_talk()
        return said

    def moves_elsewhere(self) -> bool:
        """Take in what came from the server and say it, each message in its place among the moves; while no
        seat of this player's is to act, wait for the others (a line typed meanwhile is carried out: review
        commands, chat)."""
        state = self.state
        state.pump(0)
        new = self._announce_to_pause()
        if new and self.family.pauses_after(new) and self.humans and is_interactive(self.lines):
            self._pause_after_trick()
        # What came after the trick is said after the pause, as when it comes while the player is at the pause.
        self.say_talk()
        if self.talk.ended:
            raise LeftTable  # the seat was taken up from another connection; the line said so
        if state.is_over:
            return bool(new)
        if self._announced < len(state.events):
            # Moves came after the pause (the next lead, a hand's end): the loop says them first, for whose turn
            # it is, and the question, are worked out from the latest state, which is past them.
            return True
        if self.seat_to_ask() is not None:
            return bool(new)
        self._say_whose_turn()
        lines = self.lines
        if is_interactive(lines) and isinstance(lines, ReadsCalls):
            typing = isinstance(lines, ReadsWatching) and lines.typing_kept()
            if not typing:
                self._show_held()  # lines said while a prompt was given up, with no prompt to come at once
            if typing or lines.wait_for_keys(POLL_SECONDS):
                try:
                    # The table's news is said the moment it comes, while a line is being typed too.
                    line = self.read_move(WAITING_PROMPT, fresh=False, news=self._news_to_say)
                except ReadAgain:
                    return True  # the news is said next; what was typed comes back at the next prompt
                self._user_typed(line)
                if line is None:
                    self.say_goodbye("End of input. ")
                    raise LeftTable
                if not self.handle_line(line, may_act=False):
                    raise LeftTable  # quit: the goodbye is said
        else:
            with self._waiting_on_computers():
                state.pump(POLL_SECONDS)
        return True

    def say_back(self) -> None:
        """Say where the game stands for a player back at the table ("You are back. Trick 6, Anna to lead."):
        whose turn it names is not said again."""
        self.say(_back_line(self.state))
        view = self.state.view(self.state.seat) if isinstance(self.state, RemoteTricks) else None
        if view is not None and view.phase is Phase.PLAY and view.turn is not None:
            self._turn_said = (len(self.state.events), self.state.seats_to_act())

    def read_move(self, question: str, fresh: bool, news: Callable[[], bool] | None = None) -> str | None:
        """At a terminal, the question is given up when a message comes from the table (a chat line, another
        person's call first), so it is said at once; what was typed is kept, and the question asked again, in
        its short form (the list after its colon was said the first time).  ``news``: whether to give it up (by
        default, whenever a message comes)."""
        self._interrupted = False
        lines = self.lines
        if not isinstance(lines, ReadsWatching):
            return lines.read(question, fresh)
        try:
            line = lines.read_watching(question, news or self.state.connection.has_news, fresh)
        except ReadInterrupted:
            self._interrupted = True
            self._holding = True  # what the news says is shown with the question when it comes back
            raise ReadAgain from None
        self._holding = False  # the held lines were shown with the question
        return line

    def read_paused(self, question: str) -> str | None:
        """At the pause after a trick and after the game, the table's talk is said as it comes (another's chat
        line, the host ending the table), what was typed kept; the moves that came wait for the pause's end."""
        if self.talk.ended:
            raise LeftTable  # ended by a command typed at this pause (the host's end now)
        lines = self.lines
        if not isinstance(lines, ReadsWatching):
            return lines.read(question)
        fresh = True
        while True:
            try:
                line = lines.read_watching(question, self._talk_to_say_now, fresh)
            except ReadInterrupted:
                self._holding = True  # shown with the question when it comes back
                self.state.pump(0)
                # A chat line is said at once, before the moves still to come: it is about the trick just heard.
                self._say_answers(lambda message: message.get("type") in AT_ONCE_AT_A_PAUSE)
                self.say_talk()
                if self.talk.ended:
                    self._show_held()
                    raise LeftTable from None
                fresh = False
                continue
            self._holding = False
            return line

    def _news_to_say(self) -> bool:
        """Whether something that came is to be said now, while another person is to act: moves, or talk that is
        said (not a chat line kept with the chat setting off)."""
        return self._came_to_say(moves=True)

    def _talk_to_say_now(self) -> bool:
        """Whether talk of the table that can be said at a pause has come: a chat line or the like that came
        before the moves not yet said, or one said at once at a pause (``AT_ONCE_AT_A_PAUSE``).  The moves
        themselves wait for the pause's end, and give up nothing (the pause would be asked again)."""
        return self._came_to_say(moves=False, at_once=AT_ONCE_AT_A_PAUSE)

    def _came_to_say(self, moves: bool, at_once: tuple[str, ...] = ()) -> bool:
        """Whether what came (the messages are taken in) is to be said now: new ``moves`` if asked, or talk in
        its place after the moves said, or of a kind said ``at_once``; never a chat line kept unsaid."""
        try:
            self.state.pump(0)
        except ConnectionLost:
            return True  # said by the next read of the connection, which says so again
        if moves and self._announced < len(self.state.events):
            return True
        return any((notice.after <= self._announced or notice.message.get("type") in at_once)
                   and not self.talk.kept_unsaid(notice.message) for notice in self.state.notices)

    def question_again(self, question: str) -> str:
        """After news gave up the question, its short form: the cards it listed were said a moment before."""
        return short_question(question) if self._interrupted else super().question_again(question)

    def _say_whose_turn(self) -> None:
        """While a person at another console is to act, say so once ("Ben to bid."): a computer moves at once,
        but a person may think a while, and a player waiting hears why nothing comes."""
        state = self.state
        people = self.talk.seating.people
        to_act = state.seats_to_act()
        deciders = {self.controller(seat) for seat in to_act}
        free = self.talk.seating.free  # a person's seat nobody took: a computer plays it, at once
        if not any(seat < len(people) and people[seat] and seat != state.seat and seat not in free
                   for seat in deciders):
            return
        line = self.narrator.turn_line(state.view(self.viewer()))
        line = line[:1].upper() + line[1:]  # worded to follow a colon ("your 7 may be doubted"): here, a sentence
        # Not said again with nothing said since: moves not said (a call let go, a card lifted face down) change
        # who is to act or the events, not what the line says.
        written = self.reading.lines_written
        if (len(state.events), to_act) != self._turn_said and (written, line) != self._turn_line_said:
            self._turn_said = (len(state.events), to_act)
            self.say(line)
            self._turn_line_said = (self.reading.lines_written, line)

    def _announce_to_pause(self) -> list[Any]:
        """Announce the events not yet said up to the first that pauses the play (a trick taken) and the rest of
        its move (``ends_the_move``): the server sends the next lead with the trick, and the pause comes between
        them, as at home."""
        events = self.state.events
        family = self.family
        said: list[Any] = []
        paused = False
        while self._announced < len(events):
            event = events[self._announced]
            if paused and not family.ends_the_move(event):
                break  # past the pause: the rest of its move (the last trick's hand end and next deal) was said
            self._announced += 1
            self._announce(event)
            said.append(event)
            paused = paused or family.pauses_after([event])
        return said

    def _asked_next(self) -> bool:
        """Asked at once only when nothing that came is still to be said (the next lead, say)."""
        return self._announced >= len(self.state.events) and super()._asked_next()

    def handle_line(self, line: str, may_act: bool = True) -> bool:
        """The online commands (``say``, ``chat``, ``who``) first, then every command of the game."""
        line = self.meant_line(line)  # "Did you mean say?", yes: the table's commands are meant too
        words = line.split()
        first = words[0].lower() if words else ""
        if first in ONLINE_COMMANDS:
            if first == "chat":
                self.say_talk()  # the chat lines that came are taken in first (said or, chat off, kept)
            replies = online_command(words, line, self.state, self.talk)
            for reply in replies:
                self.say_talk_line(reply)
            if not replies and first in SERVER_ANSWERS:
                # Sent to the server: its answer (the chat line, the pause) is said before the question comes again.
                answer = server_answer(first, self.state.seat)
                self.state.wait_for(answer, SERVER_ANSWER_SECONDS)
                self._say_answers(answer)
                self.say_talk()
            return True
        if first in ("why", "wy") and isinstance(self.state, RemoteTricks):
            refused = self._ask_why(self.state, words[1:])
            if refused is not None:
                self.say_talk_line(refused)
            return True
        if first == "help" and len(words) == 2 and words[1].lower() in TABLE_HELP:
            self.say(TABLE_HELP[words[1].lower()])
            return True
        if first == "help" and (len(words) == 1 or [word.lower() for word in words[1:]] == ["all"]):
            super().handle_line(line, may_act)
            for reply in self.help_lines():
                for piece in self.narrator.fit(reply):  # within 40 cells in braille
                    self.say(piece)
            return True
        try:
            return super().handle_line(line, may_act)
        except ServerRefusal as refusal:
            self.say(printable(str(refusal)))
            return True

    def _ask_why(self, state: RemoteTricks, words: list[str]) -> str | None:
        """``why [SEAT] [bid | N]``: the computers think on the server, so the question goes there and its answer
        is said as it comes (``why``); the line to say at once instead, for a seat not named right."""
        asked = why_asked(words, state.rules, state.seat, state.view(state.seat).partners)
        if isinstance(asked, Refused):
            self._meant = asked.meant  # "Did you mean why north?": yes asks it
            return str(asked)
        seat, bidding, trick = asked
        question: dict[str, object] = {"type": "why", "seat": seat, "bidding": bidding}
        if trick is not None:  # an older server, which knows no trick, is asked only what it knows
            question["trick"] = trick
        if self.narrator.verbosity in (Verbosity.TERSE, Verbosity.BRAILLE):
            question["terse"] = True  # likewise: the figures without the deals they are taken over
        if self._announced < len(state.events):
            # Moves that came wait behind the pause after a trick: the server explains the moves said here, as
            # this player knows the game, not a card they have not heard yet.
            question["heard"] = self._announced
        state.connection.send(question)
        answer = server_answer("why", state.seat)
        state.wait_for(answer, SERVER_ANSWER_SECONDS)
        self._say_answers(answer)
        self.say_talk()
        return None

    table_words = frozenset(ONLINE_COMMANDS)

    def completion_words(self) -> list[str]:
        """The game's words, then the table's own commands: Tab completes them, and a command mistyped is
        answered with the likely one of them too ("sya hi": Did you mean say hi?)."""
        words = super().completion_words()
        return words + [name for name in ONLINE_COMMANDS if name not in words]

    def _settings_command(self, arguments: Sequence[str]) -> list[str]:
        """``settings``, and where it names the computers' level, the level this table's computers play at
        (its host's choice), which the level setting does not change."""
        lines = super()._settings_command(arguments)
        if " ".join(arguments).lower() in ("", "all", "computers", "level"):
            lines.append(self._table_level_line())
        return lines

    def _table_level_line(self) -> str:
        setup = self.state.setup
        levels = setup.table_setup().levels
        playing = sorted({level for level, kind in zip(levels, setup.seats, strict=True) if kind == "computer"})
        if not playing:
            return "This table has no computer players; the level setting is for games at home."
        return f"This table's computers play at {' and '.join(playing)}; the level setting is for games at home."

    def moves_unheard(self, command: str) -> str | None:
        """At the pause after a trick, the server has moved on (the next lead came with the trick): the commands
        about the trick and the move now would tell moves not said yet, so they wait for the pause's end."""
        if self._pausing and self._announced < len(self.state.events) and command in ABOUT_THE_MOVE_NOW:
            return UNHEARD_MOVES
        return None

    def earlier_choices(self, hand: int) -> list[Decision] | None:
        """This player's moves of hand ``hand``, from the server, which keeps those made before this console
        came (a rejoin, a seat taken in a game under way); a computer's move for them has the player
        ``A_COMPUTER``, which gives no reasons; None where the server gave none."""
        state = self.state
        if not isinstance(state, RemoteTricks):
            return None
        found = state.choices(hand, SERVER_ANSWER_SECONDS)
        if found is None:
            return None
        return [Decision(view.seat, view, action, A_COMPUTER if by_computer else None)
                for view, action, by_computer in found]  # fmt: skip

    def _say_answers(self, answers: Callable[[dict[str, Any]], bool]) -> None:
        """Say the server's answer to the player's own request (a why, their own chat line) at once, even where
        moves that came before it are still to be said (at the pause after a trick, they are said after it):
        the player asked, and waits for it."""
        notices = self.state.notices
        mine = [notice for notice in notices if answers(notice.message)]
        if not mine:
            return
        rest = [notice for notice in notices if not answers(notice.message)]
        notices.clear()
        notices.extend(rest)
        for notice in mine:
            for line in self.talk.lines(notice.message):
                self.say_talk_line(line)

    def help_lines(self) -> list[str]:
        """The online commands that mean something now, a line each, as before the game (the host's to the host)."""
        host = self.talk.seating.host == self.talk.seat
        names = [name for name in ONLINE_COMMANDS if name not in ("start", "pause", "end") or host]
        names = [name for name in names if name != "start" or not self.state.started]
        return ["At an online table also:", *(ONLINE_COMMANDS[name] for name in names)]


class LeftTable(Exception):
    """The player left the table (quit, the end of input, or their seat taken up elsewhere)."""


SERVER_ANSWERS = {"say": ("chat",), "pause": ("paused",), "end": ("ended",), "why": ("why",)}
"""The online commands sent to the server, and the kind of message that answers each (or an ``error``)."""


def server_answer(command: str, seat: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a message is the server's answer to ``command`` sent from ``seat`` (a chat line: its own echo)."""
    kinds = SERVER_ANSWERS[command]

    def answers(message: dict[str, Any]) -> bool:
        kind = message.get("type")
        return kind == "error" or (kind in kinds and (kind != "chat" or message.get("seat") == seat))

    return answers


def online_command(words: list[str], line: str, state: RemoteGame, talk: TableTalk) -> list[str]:
    """Carry out one online command; the lines to say."""
    name = words[0].lower()
    if name == "say":
        text = line.strip()[len(words[0]) :].strip()
        if not text:
            return ["Say what? Type say and your words, like say good luck."]
        state.connection.send({"type": "say", "text": text})
        return []
    if name == "chat":
        if not talk.chat:
            return ["No chat yet. Type say and your words to send one."]
        kept = list(talk.chat)[-CHAT_READ:]
        return ["The last chat line:" if len(kept) == 1 else f"The last {len(kept)} chat lines, oldest first:", *kept]
    if name == "who":
        return talk.who(started=state.started)
    if name in ("pause", "end") and talk.seating.host != talk.seat:
        return [f"Only the host can {name} the game."]
    if name == "pause":
        if not state.started:
            return ["The game has not started."]
        state.connection.send({"type": "pause"})
        return []
    if name == "end":
        if words[1:] != ["now"]:
            return ["This ends the table for everyone, and it cannot be taken up again. To do it, type end now."]
        state.connection.send({"type": "end"})
        return []
    if name == "start":
        if talk.seating.host != talk.seat:
            return ["Only the host starts the game."]
        if state.started:
            return ["The game has started."]
        state.connection.send({"type": "start"})
        return []
    raise Refused(f"No online command {name}.")


# ---------------------------------------------------------------- joining
def player_name(given: str | None, setting: str) -> str:
    """The name to sit down with: the flag's, the setting's, or the system's user name."""
    name = " ".join((given or setting or _user_name()).split())
    return name[:NAME_LENGTH] or "Player"


def _user_name() -> str:
    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError):
        return "Player"


def _new_table_message(args: argparse.Namespace, control: SettingsControl, name: str) -> dict[str, Any]:
    """The ``create`` message of ``--new``: the game and its table options from the flags and the settings."""
    settings = control.effective
    game = find_game(args.variant or settings.variant)
    if game.for_one:
        raise Refused(f"{game.title} is a game for one, played at home: a table needs a game of several players, "
                      f"like --variant {Settings().variant}.")
    declared = {option.name for option in game.options}
    options = {key: value for key, value in settings.table_options().items() if key in declared}
    for option in all_options():
        value = getattr(args, option.name, None)
        if value is None:
            continue
        if option.name not in declared:
            raise Refused(f"{option.flag} is not an option of {game.title}.")
        options[option.name] = value
    seats = game.seats_at(options)
    people = args.people if args.people is not None else seats
    if not 1 <= people <= seats:
        raise Refused(f"--people is from 1 to {seats} at a table of {game.title}.")
    level = args.level or settings.level or DEFAULT_LEVEL
    try:
        parse_levels(level, seats)
    except LevelError as error:
        raise Refused(f"--level: {error}.") from None
    # People sit as partners first (seats 0, 2... then 1, 3...): two friends play together against the computers.
    order = [*range(0, seats, 2), *range(1, seats, 2)]
    kinds = ["human" if order.index(seat) < people else "computer" for seat in range(seats)]
    message: dict[str, Any] = {
        "type": "create",
        "game": game.name,
        "options": options,
        "seats": kinds,
        "level": level,
        "name": name,
    }
    if args.wait is not None:
        message["wait"] = args.wait
    return message


def _answer(connection: TableConnection, kinds: tuple[str, ...]) -> dict[str, Any]:
    """The server's answer of one of ``kinds`` (or an error), skipping anything else; ConnectionLost if none."""
    while True:
        message = connection.next_message(30.0)
        if message is None:
            raise ConnectionLost("The server did not answer.")
        if message["type"] in kinds or message["type"] == "error":
            return message


def play_online(args: argparse.Namespace, run: ConsoleRunLike) -> int:
    """Join (or make, or list) a table and play at it until the game ends or the player leaves; the exit status."""
    url = table_url(args.server, args.port)
    say = run.reply
    if not (args.code or args.new or args.list):
        say("Give --code and the table's code to join a table, --new to make one, or --list to hear the open ones.")
        return 2
    try:
        connection = TableConnection.open(url)
    except ConnectionLost as lost:
        say(str(lost))
        return 1
    try:
        if args.list:
            return _list_tables(connection, say)
        return _sit_and_play(args, run, url, connection)
    except (ConnectionLost, TableProtocolError) as lost:
        say(str(lost))
        return 1
    finally:
        connection.close()


def _list_tables(connection: TableConnection, say: Callable[[str], None]) -> int:
    connection.send({"type": "tables"})
    answer = _answer(connection, ("tables",))
    tables = answer.get("tables", []) if answer["type"] == "tables" else []
    if not tables:
        say("No open table has a free seat. Make one with --new.")
        return 0
    say(f"{len(tables)} open {'table' if len(tables) == 1 else 'tables'}:")
    for table in tables:
        game = str(table.get("game", "?"))
        title = GAMES[game].title if game in GAMES else game
        free = len(table.get("free", []))
        host = printable(str(table.get("host", "?")))
        say(f"{table.get('code')}: {title}, hosted by {host}, {free} free {'seat' if free == 1 else 'seats'}.")
    return 0


def _code_refusal(text: str) -> str:
    """Why ``text`` is no table code, in one line: not three words, or a word that is none of the codes' (with the
    code likely meant, where each such word has one near it)."""
    words = code_words(text)
    if len(words) != CODE_WORDS:
        return f"{printable(text)} is not a table code: three words, like amber-tiger-otter."
    strange = next(word for word in words if not is_code_word(word))
    refusal = f"{printable(text)} is not a table code: {printable(strange)} is not a code word"
    meant = nearest_code(text)
    return f"{refusal}. Did you mean {meant}?" if meant is not None else f"{refusal}; ask the host for the code."


def _sit_and_play(args: argparse.Namespace, run: ConsoleRunLike, url: str, connection: TableConnection) -> int:
    say = run.reply
    tokens = SeatTokens(run.data)
    name = player_name(args.name, run.control.effective.name)
    kept: tuple[int, str] | None = None
    seated: dict[str, Any] | None = None
    if args.new:
        try:
            request = _new_table_message(args, run.control, name)
        except Refused as refusal:
            say(str(refusal))
            return 2
    else:
        code = normal_code(args.code)
        if code is None:
            say(_code_refusal(args.code))
            return 2
        kept = tokens.find(url, code, None if args.seat is None else args.seat - 1, name if args.name else None)
        if kept is not None:
            connection, seated = _ask_seat(connection, {"type": "rejoin", "code": code, "token": kept[1]})
            if seated["type"] == "error":  # a seat kept from a table that has ended, or forgot it
                tokens.forget(url, code)
                kept, seated = None, None
        request = {"type": "join", "code": code, "name": name}
        if args.seat is not None:
            request["seat"] = args.seat - 1
    try:
        if seated is None:
            connection, seated = _ask_seat(connection, request)
        if seated["type"] == "error":
            say(printable(str(seated.get("message", "The server refused."))))
            return 1
        seating = Seating.from_message(seated)
        seat = int(seated["seat"])
        token = str(seated["token"]) if "token" in seated else kept[1] if kept is not None else None
        if "token" in seated:
            try:
                tokens.keep(url, seating.code, seat, str(seated["token"]), name)
            except OSError as error:
                say(f"Your seat's token cannot be kept: {error.strerror}. After a new start you join as a newcomer.")
        where = connection.url
        while True:
            try:
                outcome = _play_seat(run, connection, seated, seating, seat, back=bool(seated.get("back")))
            except SeatLost as lost:
                if lost.taken_over:  # trying again would take the seat back, and the other console again...
                    say("Your seat was taken up from another connection: this console leaves the table.")
                    return 1
                say(f"{lost} Trying again.")
                connection.close()
                # Where the table went, where it was, and where the player came in (any of several servers).
                places = [place for place in (lost.moved_to, where, url) if place]
                lines = run.lines
                typed = lines.wait_for_keys if isinstance(lines, ReadsCalls) and is_interactive(lines) else None
                with lines.keys_held():  # what is typed meanwhile is not echoed, and is dropped at the end
                    reconnected = _reconnect(list(dict.fromkeys(places)), token, seating.code, say, typed)
                if reconnected is None:
                    say(
                        f"The server cannot be reached. Your seat is kept: rook-access join {args.server} "
                        f"--code {seating.code}"
                    )
                    return 1
                connection, seated = reconnected
                where = connection.url
                seating = Seating.from_message(seated)  # as the table is now, not as it was when this console sat
                continue
            if outcome == "over":
                tokens.forget(url, seating.code)
            return 0
    finally:
        connection.close()


ROUTES = 6
"""How many times a request is sent on to the server process that holds the table (``elsewhere``), or asked
again where it came in when that process has gone (another takes its tables over within seconds)."""


def _ask_seat(connection: TableConnection, request: dict[str, Any]) -> tuple[TableConnection, dict[str, Any]]:
    """Send a request for a seat (``create``, ``join``, ``rejoin``) and read its answer, ``seated`` or an
    ``error``; a server that does not hold the table sends the client on (``elsewhere``), where the same request
    is sent again.  The connection that answered, and the answer."""
    entry = connection.url
    for _ in range(ROUTES):
        connection.send(request)
        answer = _answer(connection, ("seated", "elsewhere"))
        if answer["type"] == "error" and answer.get("again"):  # the table is moving between servers
            time.sleep(RECONNECT_PAUSE)
            continue
        if answer["type"] != "elsewhere":
            return connection, answer
        target = str(answer.get("url", ""))
        if not target.startswith(("ws://", "wss://")):
            raise TableProtocolError("The server sent this table elsewhere, to no address.")
        connection.close()
        try:
            connection = TableConnection.open(target)
        except ConnectionLost:  # the process holding it has gone: the one we came in at takes it over soon
            time.sleep(RECONNECT_PAUSE)
            connection = TableConnection.open(entry)
    raise TableProtocolError("The servers kept sending this table elsewhere.")


class SeatLost(ConnectionLost):
    """The connection to the table was lost; ``moved_to`` is where the server said the table went, if it did."""

    def __init__(self, message: str, moved_to: str | None, taken_over: bool = False) -> None:
        super().__init__(message, taken_over)
        self.moved_to = moved_to


def _reconnect(
    urls: list[str], token: str | None, code: str, say: Callable[[str], None],
    typed: Callable[[float], bool] | None = None,
) -> tuple[TableConnection, dict[str, Any]] | None:
    """The seat taken up again with its token over a new connection to one of ``urls`` (each tried in turn), or
    None after ``RECONNECT_SECONDS``.  ``typed`` waits up to a time for keys, whether any came: the first keys
    typed meanwhile are answered at once with a line saying they are not sent."""
    if token is None:
        return None
    give_up = time.monotonic() + RECONNECT_SECONDS
    told = False
    while time.monotonic() < give_up:
        pause_over = time.monotonic() + RECONNECT_PAUSE
        if typed is not None and not told and typed(RECONNECT_PAUSE):
            say(NOT_SENT)
            told = True
        time.sleep(max(0.0, pause_over - time.monotonic()))
        for url in urls:
            try:
                connection = TableConnection.open(url, timeout=5.0)
                connection, seated = _ask_seat(connection, {"type": "rejoin", "code": code, "token": token})
            except ConnectionLost:
                continue
            if seated["type"] == "error":
                say(printable(str(seated.get("message", "The server refused."))))
                connection.close()
                return None
            return connection, seated
    return None


def _play_seat(
    run: ConsoleRunLike,
    connection: TableConnection,
    seated: dict[str, Any],
    seating: Seating,
    seat: int,
    back: bool,
) -> str:
    """Play the seat until the game is over ("over") or the player leaves ("left")."""
    say = run.reply
    try:
        setup = GameSetup.from_json(seated["setup"])
        description = find_game(setup.variant)
    except (KeyError, ValueError, TypeError) as error:
        raise TableProtocolError(f"The server's table could not be read: {error}") from None
    remote = REMOTE_STATES.get(description.family)
    if remote is None:
        say(
            f"This table plays {description.title}, a game for one: play it at home, rook-access --variant "
            f"{description.name}."
        )
        return "left"
    state = remote(connection, setup, seat)
    names = state.seat_names
    talk = TableTalk(seating, seat, lambda: run.control.effective.chat == "on", names)
    try:
        return _seat_played(run, state, talk, seated, description.title, back)
    except ConnectionLost as lost:
        raise SeatLost(str(lost), talk.moved_to, lost.taken_over) from None


def _seat_played(
    run: ConsoleRunLike, state: RemoteGame, talk: TableTalk, seated: dict[str, Any], title: str, back: bool
) -> str:
    say = run.reply
    seating, seat, names = talk.seating, talk.seat, talk.seat_names
    state.pump(30.0)  # the update that follows seated: the game so far, as this seat saw it
    late = bool(seated.get("started")) and not back  # a seat taken in a game under way: heard as resumed
    if not back:
        say(_welcome(seating, seat, title, names))
    try:
        with run.lines.keys_held():  # keys typed while the lobby waits are not echoed before the prompt shows them
            in_lobby = _lobby(run, state, talk)
    except KeyboardInterrupt:  # Ctrl-C in the lobby leaves it, with the line that says how to come back
        in_lobby = False
    if not in_lobby:
        if talk.closed:
            return "over"
        _leave(state, talk)
        say(f"Goodbye. The table keeps your seat: join it again with the code {seating.code}.")
        return "left"
    state.name_seats(talk.seating)  # the people as they sat when the game began
    game = OnlineGame(state, talk, run, resumed=back or late, family=family_named(state.description.family))
    if late and state.events:  # the game's opening lines, which this seat was not there to hear: who is partner
        for message in game.narrator.event_messages(state.events[0]):
            game.channel.say(message)
    if back:
        game.say_back()
        for line in talk.chat_kept(seated.get("chat")):  # the chat said while the player was away
            game.say_talk_line(line)
        played = played_line(seated.get("played"))
        if played:
            game.say(played)
    try:
        game.run()
    except LeftTable:
        pass
    if talk.closed and not state.is_over:
        _say_table_ended(game, state, talk, say)
    if state.is_over or talk.closed:
        return "over"
    _leave(state, talk)
    return "left"


def _say_table_ended(game: OnlineGame, state: RemoteGame, talk: TableTalk, say: Callable[[str], None]) -> None:
    """The host ended the table mid-game: the chat that came before the end and is still to be said, where the
    game stood, and goodbye."""
    for line in _talk_lines(state, talk):
        game.say_talk_line(line)
    game.handle_line("score", may_act=False)
    say(TABLE_ENDED_GOODBYE)


def _leave(state: RemoteGame, talk: TableTalk) -> None:
    """Tell the server the player leaves (the others hear they left, not that their connection dropped)."""
    if talk.ended:
        return  # the seat is played from another connection now, or the table is gone
    try:
        state.connection.send({"type": "leave"})
    except ConnectionLost:
        pass


def _welcome(seating: Seating, seat: int, title: str, names: tuple[str, ...]) -> str:
    host = ""
    if seating.host == seat and seating.free:
        host = (" You are the host: give the others the code to join. The game begins once they sit down; type"
                " start to begin sooner, computers taking the free seats.")
    return f"You sit at table {seating.code}, {title}, as {names[seat]}.{host}"


def played_line(played: Any) -> str | None:
    """The moves a computer made for a player while they were away (``seated``'s ``played``), in one line:
    "Played for you while away: 9y 13y."; None if none.

    >>> played_line([{"seat": 0, "bid": 80}, {"seat": 0, "play": "9y"}, {"seat": 0, "play": "13y"}])
    'Played for you while away: 9y 13y, and 1 other move.'
    """
    cards = []
    others = 0
    for item in played if isinstance(played, list) else []:
        try:
            _, action = action_from_json(item)
        except NotationError:
            continue
        if isinstance(action, Play):
            cards.append(action.card)
        else:
            others += 1
    other = f"{others} other {'move' if others == 1 else 'moves'}"
    if cards:
        return f"Played for you while away: {cards_text(cards)}" + (f", and {other}." if others else ".")
    return f"A computer made {other.replace(' other', '')} for you while away." if others else None


def _back_line(state: RemoteGame) -> str:
    """Where the game stands for a player back at the table: "You are back. Trick 6, your play." """
    if not isinstance(state, RemoteTricks):
        return "You are back."
    view = state.view(state.seat)
    if view.phase is Phase.PLAY and view.turn is not None:
        mine = state.controller(view.turn) == state.seat
        move = "lead" if not view.trick else "play"
        whose = f"your {move}" if mine else f"{state.rules.names[view.turn]} to {move}"
        return f"You are back. Trick {len(view.tricks) + 1}, {whose}."
    return "You are back."


def _lobby(run: ConsoleRunLike, state: RemoteGame, talk: TableTalk) -> bool:
    """Wait for the game to start, saying who sits down; the host types ``start``.  False if the player left."""
    lines = run.lines
    host = talk.seating.host == talk.seat
    said_waiting = False
    while True:
        for line in _talk_lines(state, talk):
            reply_talk(run, line)
        if talk.ended:
            return False
        if state.started:
            return True
        if not talk.seating.free:  # every seat is taken: the game begins at once
            state.pump(POLL_SECONDS)
            continue
        if not said_waiting:
            said_waiting = True
            run.reply("Waiting for the host to start." if not host else "Waiting for players.")
        if is_interactive(lines) and isinstance(lines, ReadsCalls):
            if not lines.wait_for_keys(POLL_SECONDS):
                state.pump(0)
                continue
        elif not host:
            state.pump(POLL_SECONDS)  # piped input is the host's to start; a guest waits for the start
            continue
        typed = lines.read(LOBBY_PROMPT if host else LOBBY_PROMPT_GUEST)
        if typed is None or typed.strip().lower() in ("quit", "q", "exit"):
            return False
        words = typed.split()
        if not words:
            state.pump(0)
            continue
        if words[0].lower() in ONLINE_COMMANDS:
            for reply in online_command(words, typed, state, talk):
                reply_talk(run, reply)
        elif words[0].lower() == "settings":
            for reply in run.control.command(words[1:]):
                run.reply(reply)
        elif words[0].lower() == "help":
            for reply in lobby_help(words[1:], host):
                run.reply(reply)
        else:
            run.reply(f"The game has not started. Type {or_list(lobby_commands(host))}.")
        state.pump(0.5 if words[0].lower() == "start" else 0)


LOBBY_PROMPT = "Start, say, who or quit:"
"""The host's prompt while the table waits for its game."""
LOBBY_PROMPT_GUEST = "Say, who or quit:"
"""A guest's: only the host starts the game."""

LOBBY_COMMANDS = {
    **{name: ONLINE_COMMANDS[name] for name in ("start", "say", "chat", "who", "end")},
    "settings": "settings: say your settings; settings and a name and value changes one.",
    "help": "help: what you can type now; help and a command, that command.",
    "quit": "quit: leave the table; join with its code to come back to your seat.",
}
"""What may be typed while the table waits for its game to start (``start`` and ``end`` the host's alone)."""


def lobby_commands(host: bool) -> list[str]:
    """The names of the commands of the lobby that ``host`` (or a guest) may type."""
    return [name for name in LOBBY_COMMANDS if host or name not in ("start", "end")]


def lobby_help(words: Sequence[str], host: bool) -> list[str]:
    """``help`` in the lobby: every command there, one a line; ``help WORD``, that command's line."""
    if not words:
        return ["Before the game starts:", *(LOBBY_COMMANDS[name] for name in lobby_commands(host))]
    word = words[0].lower()
    if word in LOBBY_COMMANDS:
        return [LOBBY_COMMANDS[word]]
    if word in ONLINE_COMMANDS:
        return [f"{ONLINE_COMMANDS[word]} Not before the game starts."]
    return [f"No command {shown(word)} before the game starts. Type {or_list(lobby_commands(host))}."]


def _talk_lines(state: RemoteGame, talk: TableTalk, events_said: int | None = None) -> list[str]:
    """What to say of the table's messages that came, in order (each taken from the state's notices); with
    ``events_said``, only up to the first that came after an event past the first ``events_said``."""
    said = []
    while state.notices and (events_said is None or state.notices[0].after <= events_said):
        said += talk.lines(state.notices.popleft().message)
    return said
