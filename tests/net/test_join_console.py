"""``rook-access join``: the same console as at home, at an online table (issue 19).

Two people, each with a console of their own (here two threads, each with
its own output and scripted typing), play a whole game with two computer
players on a server on loopback: each hears the game as a local game says it,
with the other person's name; chat goes both ways; a move the rules refuse is
said as at home; a dropped connection comes back with the seat's token, and
the player hears where the game stands; a server killed with SIGKILL and
started again loses nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from rook_access.announcer import speakable
from rook_access.announcer.message import Message
from rook_access.bench.child_lines import ChildLines
from rook_access.console import online
from rook_access.console.cli import _offer_variants, online_line
from rook_access.console.lines import InputSource, input_source
from rook_access.console.session import SettingsControl
from rook_access.engine.games import GAMES
from rook_access.net.client import table_url
from rook_access.net.server import RoomServer
from rook_access.players import BasicPlayer
from rook_access.settings import Settings
from tests.helpers.console import ListChannel, ScriptedLines, run_in_process

DEADLINE = 120.0
"""The longest a console may take to play its game: a stall fails the test, never hangs it."""


@contextmanager
def server_in_thread() -> Iterator[int]:
    """A server on a free loopback port, run by its own event loop in a thread; its port."""
    ready = threading.Event()
    box: dict[str, Any] = {}
    loop = asyncio.new_event_loop()

    async def serve() -> None:
        server = RoomServer()
        listening = await server.listen("127.0.0.1", 0)
        box["port"] = next(iter(listening.sockets)).getsockname()[1]
        box["stop"] = asyncio.Event()
        ready.set()
        await box["stop"].wait()
        listening.close()
        await listening.wait_closed()

    thread = threading.Thread(target=loop.run_until_complete, args=(serve(),), daemon=True)
    thread.start()
    assert ready.wait(10), "the server did not start"
    try:
        yield box["port"]
    finally:
        loop.call_soon_threadsafe(box["stop"].set)
        thread.join(10)
        loop.close()


MOVE = "<move>"
"""In a person's first lines: the move they would make now."""


class Person:
    """Someone at a console: types ``first`` (one line at each question, ``MOVE`` for the move they would
    make), then the basic player's move at each question of the game; in the lobby, a blank line (piped
    input: nothing but waiting)."""

    def __init__(self, first: Sequence[str] = (), drop_at: int | None = None) -> None:
        self.first = list(first)
        self.player = BasicPlayer(0)
        self.game: online.OnlineGame | None = None
        self.questions: list[str] = []
        self.drop_at = drop_at
        """The first time this person is to play to a trick already begun after this many tricks of a hand, the
        connection is cut before the move (a cable pulled).  In whichever hand that comes first: a person who
        leads every trick after the first few is not cut until a later hand."""
        self.dropped_in: int | None = None
        """The number of the trick in which the connection was cut."""
        self.dropped_in_hand: int | None = None
        """The number of the hand in which the connection was cut."""
        self.lobby_waits = 0

    def lobby_line(self) -> str | None:
        """In the lobby (piped input is the host's there): a blank line after a little wait, for a minute."""
        self.lobby_waits += 1
        threading.Event().wait(0.1)
        return "" if self.lobby_waits < 600 else None

    def read(self, question: str, fresh: bool = True) -> str | None:
        self.questions.append(question)
        game = self.game
        if game is None:
            return self.lobby_line()
        if game.state.is_over:
            return None
        if self.first and self.first[0] != MOVE:
            return self.first.pop(0)
        if self.first:
            self.first.pop(0)
        seat = game.seat_to_ask()
        if seat is None:
            return None
        view = game.state.view(seat)
        if self.drop_at is not None and self.dropped_in is None and len(view.tricks) >= self.drop_at and view.trick:
            self.dropped_in, self.dropped_in_hand = len(view.tricks) + 1, view.hand_number
            game.state.connection.socket.socket.shutdown(socket.SHUT_RDWR)
        return str(self.player.choose(view))


@dataclass
class Run:
    """One console's run: its output, input, settings and data folder (``console.online.ConsoleRunLike``)."""

    channel: ListChannel
    lines: InputSource
    control: SettingsControl
    data: Path

    def reply(self, line: str) -> None:
        self.channel.say(Message(line, speakable(line)))


def console(person: Person, data: Path) -> Run:
    control = SettingsControl(Settings(), Settings(), lambda settings: None)
    return Run(ListChannel(), input_source(person), control, data)  # type: ignore[arg-type]


@pytest.fixture
def record_games(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each console's game handed to its person, so the person can choose moves from what they see."""

    class Recorded(online.OnlineGame):
        def __init__(self, state: Any, talk: Any, run: Any, **kwargs: Any) -> None:
            super().__init__(state, talk, run, **kwargs)
            run.lines.lines.game = self

    monkeypatch.setattr(online, "OnlineGame", Recorded)
    monkeypatch.setattr(online, "RECONNECT_PAUSE", 0.2)
    monkeypatch.setattr(online, "RECONNECT_SECONDS", 10.0)


def arguments(*argv: str) -> argparse.Namespace:
    return online.build_parser().parse_args(list(argv))


def play(argv: list[str], run: Run, results: dict[str, int], key: str) -> threading.Thread:
    def go() -> None:
        results[key] = online.play_online(arguments(*argv), run)

    thread = threading.Thread(target=go, daemon=True)
    thread.start()
    return thread


def table_code(run: Run) -> str:
    """The code of the table the host made, read from its welcome line."""
    for _ in range(200):
        for line in list(run.channel.lines):
            found = re.match(r"You sit at table ([a-z]+-[a-z]+-[a-z]+),", line)
            if found:
                return found.group(1)
        threading.Event().wait(0.05)
    raise AssertionError(f"no welcome line: {run.channel.lines}")


def finish(threads: list[threading.Thread], runs: list[Run]) -> None:
    for thread, run in zip(threads, runs, strict=True):
        thread.join(DEADLINE)
        assert not thread.is_alive(), f"a console did not finish; its last lines: {run.channel.lines[-8:]}"


def anna_hosts_ben(anna: Person, ben: Person, tmp_path: Path) -> tuple[Run, Run]:
    """Anna makes a Partnership Game table for two people and easy computers, Ben joins it by its code, and both
    play until their consoles end (each with exit status 0); their runs."""
    anna_run, ben_run = console(anna, tmp_path / "anna"), console(ben, tmp_path / "ben")
    results: dict[str, int] = {}
    with server_in_thread() as port:
        host = f"localhost:{port}"
        anna_thread = play([host, "--new", "--people", "2", "--level", "easy", "--name", "Anna"], anna_run, results,
                           "anna")  # fmt: skip
        code = table_code(anna_run)
        ben_thread = play([host, "--code", code, "--name", "Ben"], ben_run, results, "ben")
        finish([anna_thread, ben_thread], [anna_run, ben_run])
    assert results == {"anna": 0, "ben": 0}
    return anna_run, ben_run


def final_score(run: Run) -> str:
    """The final score, as "310 to 170", from the last line of a game heard to its end."""
    last = next(line for line in reversed(run.channel.lines) if line.startswith("Game over."))
    found = re.search(r"(-?\d+) to (-?\d+)\.$", last)
    assert found is not None, last
    return found.group(0)


def test_two_people_play_a_whole_game_at_their_consoles_with_names_chat_and_refusals(tmp_path, record_games):
    anna, ben = Person(), Person(first=["bid 3", "say Thanks, Anna!\x1b[31m", "say Thanks, Anna!"])
    anna_run, ben_run = console(anna, tmp_path / "anna"), console(ben, tmp_path / "ben")
    results: dict[str, int] = {}
    with server_in_thread() as port:
        host = f"localhost:{port}"
        new = ["--new", "--variant", "partnership", "--people", "2", "--level", "easy", "--name", "Anna"]
        anna_thread = play([host, *new], anna_run, results, "anna")
        code = table_code(anna_run)
        ben_thread = play([host, "--code", code.upper().replace("-", " "), "--seat", "3", "--name", "Ben"], ben_run,
                          results, "ben")  # fmt: skip
        finish([anna_thread, ben_thread], [anna_run, ben_run])
    assert results == {"anna": 0, "ben": 0}, ben_run.channel.lines[-10:]
    anna_said, ben_said = anna_run.channel.lines, ben_run.channel.lines
    # The same game, heard by both to its end, each from their own seat, the partner by name.
    assert final_score(anna_run) == final_score(ben_run)
    assert anna_said[-1].startswith(("Game over. You and Ben win", "Game over. East-West win"))
    assert ben_said[-1].startswith(("Game over. You and Anna win", "Game over. East-West win"))
    assert "Rook: the Original Rook Partnership Game, to 300 points." in anna_said
    assert "You are South; your partner is Ben. Type help for commands, rules for the rules." in anna_said
    assert "You are North; your partner is Anna. Type help for commands, rules for the rules." in ben_said
    assert any(line.startswith("Your hand, ") for line in ben_said)
    # The other person by name, the computers by their seats.
    assert any(re.match(r"Ben (bids \d+|passes)", line) for line in anna_said), anna_said[:30]
    assert any(re.match(r"(West|East) (bids \d+|passes)", line) for line in anna_said)
    # A bid below the minimum is refused by the server and said as a local game says it.
    local, _, _, _ = run_in_process(["bid 3"], seats="human,human,human,human")
    assert local[-2] == "Bids go up in fives: 70 or more."
    assert any(re.fullmatch(r"Bids go up in fives: \d+ or more\.", line) for line in ben_said)
    # Chat to everyone at the table; a line with control characters is refused, and none is ever printed.
    assert "A chat line is plain text: no control characters." in ben_said
    assert "Chat, Ben: Thanks, Anna!" in anna_said and "Chat, you: Thanks, Anna!" in ben_said
    assert not any("\x1b" in line for line in anna_said + ben_said)
    # The game over, the seats are forgotten; nothing else was written.
    assert {path.name for path in (tmp_path / "anna").iterdir()} == {"online-seats.json"}
    assert "seats" not in (tmp_path / "anna" / "online-seats.json").read_text(encoding="utf-8")


def test_a_dropped_connection_comes_back_mid_trick_and_says_where_the_game_stands(tmp_path, record_games):
    anna, ben = Person(), Person(drop_at=2)
    anna_run, ben_run = console(anna, tmp_path / "anna"), console(ben, tmp_path / "ben")
    results: dict[str, int] = {}
    with server_in_thread() as port:
        host = f"localhost:{port}"
        new = ["--new", "--people", "2", "--level", "easy", "--name", "Anna", "--variant", "partnership"]
        anna_thread = play([host, *new], anna_run, results, "anna")
        code = table_code(anna_run)
        ben_thread = play([host, "--code", code, "--name", "Ben"], ben_run, results, "ben")
        finish([anna_thread, ben_thread], [anna_run, ben_run])
    assert results == {"anna": 0, "ben": 0}
    assert ben.dropped_in is not None
    ben_said = ben_run.channel.lines
    lost = next(index for index, line in enumerate(ben_said) if line.startswith("The connection to the server was"))
    assert ben_said[lost].endswith("Trying again.")
    back = ben_said.index(f"You are back. Trick {ben.dropped_in}, your play.")
    assert back > lost
    hand = ben.dropped_in_hand
    assert ben_said[back + 1].startswith(f"Resuming the game: hand {hand}.")
    assert final_score(anna_run) == final_score(ben_run)
    # Nothing said twice: each card played in that hand before the drop was said once, and not again after it.
    dealt = max(index for index, line in enumerate(ben_said[:lost]) if line.startswith(f"Hand {hand}. "))
    hand_over = next(index for index in range(back, len(ben_said)) if ben_said[index].startswith(f"Hand {hand} over."))
    # "Anna plays 11g.", "You trump with rook.", "West plays 10r, a lower trump."
    played = re.compile(r"\S+ (plays?|trumps? with) \S+(, a lower trump)?\.$")
    before = [line for line in ben_said[dealt:lost] if played.match(line)]
    assert len(before) >= 8, ben_said[dealt:lost]  # the two tricks before the drop, at least
    assert len(before) == len(set(before)) and not any(line in ben_said[back:hand_over] for line in before)


class ReviewingPerson(Person):
    """Ben, whose connection is cut in trick 3 or later, and who at his first question of the next hand types
    ``review all``."""

    def __init__(self) -> None:
        super().__init__(drop_at=2)
        self.reviewed_at: int | None = None
        """How many lines the console had said when he typed review."""

    def read(self, question: str, fresh: bool = True) -> str | None:
        game = self.game
        if (game is not None and self.reviewed_at is None and self.dropped_in_hand is not None
                and not game.state.is_over and game.state.hand_number > self.dropped_in_hand):
            self.reviewed_at = len(game.channel.lines)
            return "review all"
        return super().read(question, fresh)


def test_review_after_coming_back_tells_the_whole_hand_from_the_servers_record(tmp_path, record_games):
    """A console back after a dropped connection had seen the hand's moves but not the views Ben chose his
    earlier ones from: review told only the choices since. The server keeps them, so review tells them all."""
    ben = ReviewingPerson()
    _, ben_run = anna_hosts_ben(Person(), ben, tmp_path)
    assert ben.dropped_in is not None and ben.reviewed_at is not None, "the game ended before the review"
    answer = ben_run.channel.lines[ben.reviewed_at :]
    heading = next(index for index, line in enumerate(answer) if line.startswith(f"Hand {ben.dropped_in_hand}: "))
    assert not answer[heading].startswith(f"Hand {ben.dropped_in_hand}: no choice"), answer[heading]
    assert not any(line.startswith("Only your choices since") for line in answer[: heading + 1]), answer[:heading]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_serving(port: int, data: Path, home: Path) -> tuple[subprocess.Popen[str], ChildLines]:
    env = {**os.environ, "ROOK_ACCESS_DATA_DIR": str(home / "data"), "ROOK_ACCESS_CONFIG_DIR": str(home)}
    process = subprocess.Popen(
        [sys.executable, "-m", "rook_access", "serve", "--port", str(port), "--data", str(data)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    assert process.stderr is not None
    log = ChildLines(process.stderr, "rook-access serve")
    log.wait_for(re.compile("serving on"))
    return process, log


def test_the_consoles_carry_on_after_the_server_is_killed_and_started_again(tmp_path, record_games):
    data, port = tmp_path / "tables", free_port()
    killed = threading.Event()
    restarted: dict[str, subprocess.Popen[str]] = {}

    class KillingPerson(Person):
        """Ben, who at his turn in the third trick finds the server gone (killed and started again)."""

        def read(self, question: str, fresh: bool = True) -> str | None:
            game = self.game
            if game is not None and not killed.is_set() and game.seat_to_ask() is not None:
                view = game.state.view(game.state.seat)
                if len(view.tricks) == 2:
                    killed.set()
                    server.send_signal(signal.SIGKILL)
                    server.wait(timeout=30)
                    restarted["server"] = start_serving(port, data, tmp_path)[0]
            return super().read(question, fresh)

    anna, ben = Person(), KillingPerson()
    anna_run, ben_run = console(anna, tmp_path / "anna"), console(ben, tmp_path / "ben")
    results: dict[str, int] = {}
    server, _ = start_serving(port, data, tmp_path)
    try:
        host = table_url("localhost", port)
        new = ["--new", "--people", "2", "--level", "easy", "--name", "Anna", "--variant", "partnership"]
        anna_thread = play([host, *new], anna_run, results, "anna")
        code = table_code(anna_run)
        ben_thread = play([host, "--code", code, "--name", "Ben"], ben_run, results, "ben")
        finish([anna_thread, ben_thread], [anna_run, ben_run])
    finally:
        for process in (server, restarted.get("server")):
            if process is not None and process.poll() is None:
                process.send_signal(signal.SIGTERM)
                process.wait(timeout=30)
    assert killed.is_set() and results == {"anna": 0, "ben": 0}
    for said in (anna_run.channel.lines, ben_run.channel.lines):
        assert any(line.startswith("You are back.") for line in said)
    assert final_score(anna_run) == final_score(ben_run)
    # Anna, back, still calls Ben by his name (her console had kept the seats as they were when she sat down,
    # before Ben came: North, a free seat)
    anna_said = anna_run.channel.lines
    back = next(index for index, line in enumerate(anna_said) if line.startswith("You are back."))
    named = [line for line in anna_said[back:] if re.match(r"(North|Ben) (plays|trumps|leads|to play|to lead)", line)]
    assert named and all(line.startswith("Ben ") for line in named), named


def test_joining_says_what_is_wrong_in_one_line(tmp_path, record_games):
    with server_in_thread() as port:
        host = f"localhost:{port}"
        said = []
        for argv in (
            [host],
            [host, "--code", "not a real code here"],
            [host, "--code", "amber-tiger-otter"],
            [f"localhost:{free_port()}", "--code", "amber-tiger-otter"],
            [host, "--list"],
            [host, "--code", "Peach-field-olivx"],
            [host, "--code", "peach field qqqqqq"],
        ):
            run = console(Person(), tmp_path / "data")
            status = online.play_online(arguments(*argv), run)
            said.append((status, run.channel.lines))
    assert said[0] == (2, ["Give --code and the table's code to join a table, --new to make one, or --list to "
                           "hear the open ones."])  # fmt: skip
    assert said[1] == (2, ["not a real code here is not a table code: three words, like amber-tiger-otter."])
    assert said[2] == (1, ["No table has that code."])
    assert said[3][0] == 1 and len(said[3][1]) == 1
    assert re.fullmatch(r"No server answered at ws://localhost:\d+: connection refused\.", said[3][1][0]), said[3]
    assert said[4] == (0, ["No open table has a free seat. Make one with --new."])
    # three words, one of them mistyped: the code meant; or, none near it, who has the code
    assert said[5] == (2, ["Peach-field-olivx is not a table code: olivx is not a code word. Did you mean "
                           "peach-field-olive?"])  # fmt: skip
    assert said[6] == (2, ["peach field qqqqqq is not a table code: qqqqqq is not a code word; ask the host for the "
                           "code."])  # fmt: skip
    assert not (tmp_path / "data").exists()


def test_the_program_joins_from_the_command_line_and_leaves_a_piped_game_at_the_end_of_input(tmp_path):
    """``rook-access join`` as a user types it: a table of one person and three computers, made with --new,
    played with piped input that ends at the first question (the seat is kept, and said so)."""
    port = free_port()
    server, _ = start_serving(port, tmp_path / "tables", tmp_path)
    env = {**os.environ, "ROOK_ACCESS_DATA_DIR": str(tmp_path / "data"), "ROOK_ACCESS_CONFIG_DIR": str(tmp_path)}
    try:
        joined = subprocess.run(
            [sys.executable, "-m", "rook_access", "join", f"localhost:{port}", "--new", "--people", "1",
             "--name", "Anna", "--level", "easy"],
            input="who\n", capture_output=True, text=True, env=env, timeout=120,
        )  # fmt: skip
        wrong = subprocess.run(
            [sys.executable, "-m", "rook_access", "join", "localhost", "--kode", "x"],
            capture_output=True, text=True, env=env, timeout=60, stdin=subprocess.DEVNULL,
        )  # fmt: skip
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    said = joined.stdout.splitlines()
    assert joined.returncode == 0, joined.stderr
    assert said[0].startswith("You sit at table ") and said[0].endswith(
        ", The Original Rook Partnership Game, as South."
    )
    code = said[0].split()[4].rstrip(",")
    assert "Rook: the Original Rook Partnership Game, to 300 points." in said
    assert any(line.startswith("Your hand, ") for line in said)
    assert said[-1] == f"End of input. Goodbye. The table keeps your seat: join it again with the code {code}."
    assert joined.stderr == ""
    kept = json.loads((tmp_path / "data" / "online-seats.json").read_text(encoding="utf-8"))
    assert list(kept) == [f"ws://localhost:{port} {code}"] and list(kept[f"ws://localhost:{port} {code}"]["seats"]) == [
        "0"
    ]
    assert wrong.returncode == 2 and wrong.stdout == ""
    assert (
        wrong.stderr
        == "rook-access: unknown flag --kode; did you mean --code? Type rook-access join --help for the flags.\n"
    )


def test_online_play_is_offered_in_the_first_start_menu(tmp_path):
    said: list[str] = []
    lines = ScriptedLines([str(len(GAMES) + 2), "cards.example.org", "amber tiger", "Amber Tiger Otter"])
    control = SettingsControl(Settings(), Settings(), lambda settings: None)
    args = argparse.Namespace(online=None, party=None)
    assert _offer_variants(lines, control, tmp_path / "settings.toml", said.append, args)
    assert args.online == ["cards.example.org", "--code", "amber tiger otter"]
    assert online_line().replace(" (rook-access join SERVER --code CODE)", "") in said  # no flags in the menu
    assert (
        "amber tiger is not an invite code: three words, like amber tiger otter. "
        "Type the three words of the invite code, or new."
    ) in said
    assert not (tmp_path / "settings.toml").exists()  # nothing chosen to keep: online is not a game


def test_the_host_pauses_and_ends_the_table_from_the_console(tmp_path, record_games):
    anna = Person(first=["pause", MOVE, "pause", "end", "end now"])
    ben = Person()
    anna_run, ben_run = anna_hosts_ben(anna, ben, tmp_path)
    anna_said, ben_said = anna_run.channel.lines, ben_run.channel.lines
    assert "You paused the game." in anna_said and "Anna paused the game." in ben_said
    assert "You paused the game: type pause to let it go on." in anna_said  # a move while paused
    assert "You let the game go on." in anna_said and "Anna let the game go on." in ben_said
    assert "This ends the table for everyone, and it cannot be taken up again. To do it, type end now." in anna_said
    goodbye = "Goodbye. The table has ended and is not kept."
    assert anna_said[-1] == goodbye and ben_said[-1] == goodbye
    # where the game stood, between the end and the goodbye
    assert anna_said[anna_said.index("You ended the table.") + 1].startswith("Score: ")
    assert ben_said[ben_said.index("Anna ended the table.") + 1].startswith("Score: ")
    assert not any(line.startswith("Game over.") for line in anna_said + ben_said)
    for folder in ("anna", "ben"):  # the table is gone: its seat is forgotten
        assert "seats" not in (tmp_path / folder / "online-seats.json").read_text(encoding="utf-8")


def test_consoles_at_servers_sharing_redis_are_sent_to_the_table_and_carry_on_after_its_server_dies(
    redis_url, tmp_path, record_games
):
    """Anna makes a table at server one; Ben comes in at server two and is sent on to one. Server one is killed
    mid-game: Ben's console takes his seat up again at server two, which takes the table over; Anna, who knew
    only server one, is told her seat is kept, and joins again through server two; both hear the game end."""
    from tests.net.test_redis import start_server as start_shared

    one, _, one_url = start_shared(redis_url, tmp_path, "one")
    two, two_log, two_url = start_shared(redis_url, tmp_path, "two")
    killed, anna_back = threading.Event(), threading.Event()

    class Ben(Person):
        """Ben, who at his turn in the third trick finds server one gone, and thinks until Anna is back."""

        def read(self, question: str, fresh: bool = True) -> str | None:
            game = self.game
            if game is not None and not killed.is_set() and game.seat_to_ask() is not None:
                if len(game.state.view(game.state.seat).tricks) == 2:
                    killed.set()
                    one.send_signal(signal.SIGKILL)
                    one.wait(timeout=30)
                    anna_back.wait(DEADLINE)
            return super().read(question, fresh)

    anna_run, ben_run = console(Person(), tmp_path / "anna"), console(Ben(), tmp_path / "ben")
    results: dict[str, int] = {}
    try:
        new = ["--new", "--people", "2", "--level", "easy", "--name", "Anna", "--wait", "60"]
        anna_thread = play([one_url, *new], anna_run, results, "anna")
        code = table_code(anna_run)
        ben_thread = play([two_url, "--code", code, "--name", "Ben"], ben_run, results, "ben")
        finish([anna_thread], [anna_run])  # Anna's console gives up: its only server is gone
        assert killed.is_set() and results["anna"] == 1
        assert anna_run.channel.lines[-1] == (
            f"The server cannot be reached. Your seat is kept: rook-access join {one_url} --code {code}"
        )
        again_run = console(Person(), tmp_path / "anna")
        again = play([two_url, "--code", code], again_run, results, "again")
        deadline = time.monotonic() + DEADLINE
        while not any(line.startswith("You are back.") for line in again_run.channel.lines):
            assert time.monotonic() < deadline and again.is_alive(), again_run.channel.lines
            time.sleep(0.05)
        anna_back.set()
        finish([ben_thread, again], [ben_run, again_run])
    finally:
        for process in (one, two):
            if process.poll() is None:
                process.send_signal(signal.SIGTERM)
            process.wait(timeout=30)
    assert results == {"anna": 1, "ben": 0, "again": 0}, (results, ben_run.channel.lines[-4:])
    ben_said, again_said = ben_run.channel.lines, again_run.channel.lines
    assert any(line.startswith("You are back.") for line in ben_said)
    assert again_said[0].startswith("You are back.") and final_score(again_run) == final_score(ben_run)
    assert any(re.search(rf"table {code} taken up", line) for line in two_log.lines)


class LobbyPerson(Person):
    """A person who types ``lobby`` in the lobby, one line at each question there, then plays as ``Person``."""

    def __init__(self, lobby: Sequence[str], first: Sequence[str] = ()) -> None:
        super().__init__(first)
        self.lobby = list(lobby)

    def lobby_line(self) -> str | None:
        return self.lobby.pop(0) if self.lobby else super().lobby_line()


def test_help_in_the_lobby_and_at_the_table_says_the_online_commands(tmp_path, record_games):
    """``help`` before the game says what may be typed there, and ``help`` and an online command says that
    command (at the table, too, where the game's own help knows only the game's commands)."""
    anna = LobbyPerson(["help", "help pause", "help quit", "help dance", "dance", "start"],
                       first=["help pause", "help say", "help new", "help games", MOVE, "end", "end now"])
    run = console(anna, tmp_path / "anna")
    results: dict[str, int] = {}
    with server_in_thread() as port:
        thread = play([f"localhost:{port}", "--new", "--people", "2", "--level", "easy", "--name", "Anna"], run,
                      results, "anna")  # fmt: skip
        finish([thread], [run])
    assert results == {"anna": 0}
    said = run.channel.lines
    lobby = said[said.index("Before the game starts:") :]
    assert lobby[1:9] == [
        "start: the host starts the game; computers take the free seats.",
        "say and your words: a chat line to everyone at the table.",
        "chat: the last chat lines.",
        "who: who sits where at the table.",
        "end now: the host ends the table for everyone.",
        "settings: say your settings; settings and a name and value changes one.",
        "help: what you can type now; help and a command, that command.",
        "quit: leave the table; join with its code to come back to your seat.",
    ]
    assert "pause: the host pauses the game, or lets it go on. Not before the game starts." in said
    assert "No command dance before the game starts. Type start, say, chat, who, end, settings, help or quit." in said
    assert "The game has not started. Type start, say, chat, who, end, settings, help or quit." in said
    at_table = said[next(index for index, line in enumerate(said) if line.startswith("Rook: ")) :]
    assert "pause: the host pauses the game, or lets it go on." in at_table
    assert "say and your words: a chat line to everyone at the table." in at_table
    assert online.NOT_AT_A_TABLE["new"] in at_table and online.NOT_AT_A_TABLE["games"] in at_table
    assert not any(line.startswith("No command") for line in at_table)
    assert said[-1] == "Goodbye. The table has ended and is not kept." and "You ended the table." in at_table


def test_a_guest_in_the_lobby_is_not_offered_the_hosts_commands():
    assert online.lobby_help(["start"], host=False) == [
        "start: the host starts the game; computers take the free seats."]
    assert "start" not in online.lobby_commands(host=False) and "end" not in online.lobby_commands(host=False)
    assert online.lobby_help([], host=False)[1:] == [online.LOBBY_COMMANDS[name] for name in
                                                    ("say", "chat", "who", "settings", "help", "quit")]
    # nor prompted to start: a guest's prompt said "Start, say, who or quit:"
    assert online.LOBBY_PROMPT.startswith("Start, ") and not online.LOBBY_PROMPT_GUEST.lower().startswith("start")


def test_why_at_an_online_table_is_answered_by_the_server_with_the_computers_own_reasons(tmp_path, record_games):
    """The computers think on the server, so ``why`` asks it: the answer is the reason the computer had, the
    people named as this console names them; a seat not named right is said at once."""
    # Anna moves first: at her next question every computer has moved (she may be the first to bid).
    anna = Person(first=[MOVE, "why", "why ben", "why north", "why me", "why zork", "why nrth", "yes", "why west bid",
                         "why west 1", MOVE, "end", "end now"])  # fmt: skip
    ben = Person()
    anna_run, _ = anna_hosts_ben(anna, ben, tmp_path)
    said = anna_run.channel.lines
    reason = re.compile(
        r"(West|East) (bid \d+|(bid \d+, then )?passed|buried \d+ cards?|named \w+ trump|played \S+|led \S+): ")
    first = next((index for index, line in enumerate(said) if reason.match(line)), None)
    assert first is not None, said
    answers = said[first : first + 9]
    assert answers[1:7] == [
        "North is played by Ben, not the computer.",
        "North is played by Ben, not the computer.",
        "South is played by you. Type hint on your turn for the strong player's move.",
        "No seat zork. The seats are South, West, Ben and East.",
        "No seat nrth. Did you mean why north?",  # the place's name, as Ben sits at North
        "North is played by Ben, not the computer.",  # yes: why north
    ]
    assert re.match(r"West (bid \d+|(bid \d+, then )?passed): ", answers[7]), answers
    # West's card in trick 1, asked by the trick's number (the server has the trick field): none yet, or it
    assert re.match(r"No card of West's in trick 1 to explain\.$|West (played|led) \S+: ", answers[8]), answers
    assert said[-1] == "Goodbye. The table has ended and is not kept."


def test_the_screen_reader_notice_is_said_for_a_seat_at_a_table_not_for_the_list(monkeypatch, capsys):
    """At a terminal with no screen reader running, ``join`` to play says how to get speech; ``join --list``,
    which only lists the tables, does not."""
    from rook_access.console import cli

    channel = ListChannel()
    channel.close = lambda: None  # type: ignore[attr-defined]
    source = ScriptedLines([])
    source.interactive = True  # type: ignore[attr-defined]
    monkeypatch.setattr(cli, "open_output", lambda settings, notice: channel)
    monkeypatch.setattr(cli, "standard_input_lines", lambda ask, ask_aloud: source)
    monkeypatch.setattr(cli, "screen_reader_running", lambda: False)
    monkeypatch.setattr(online, "play_online", lambda args, run: 0)  # no server: the notice comes before it
    notice = "No screen reader found. For speech, type: settings output voice."
    assert cli.main(["join", "localhost", "--list"]) == 0
    assert notice not in capsys.readouterr().out
    assert cli.main(["join", "localhost", "--code", "amber-tiger-otter"]) == 0
    assert notice in capsys.readouterr().out


def test_online_new_from_the_list_after_a_game_for_one_makes_a_table_of_the_partnership_game(tmp_path):
    """A game for one has no table: after Rook Solitaire, new from the list makes one of the Partnership Game."""
    said: list[str] = []
    control = SettingsControl(Settings(), Settings(), lambda settings: None)
    cases = (("solitaire", ["srv", "--new", "--variant", "partnership"]), ("tuxedo", ["srv", "--new"]))
    for variant, expected in cases:
        control.effective = Settings(variant=variant)
        args = argparse.Namespace(online=None, party=None)
        lines = ScriptedLines([str(len(GAMES) + 2), "srv", "new"])
        assert _offer_variants(lines, control, tmp_path / "settings.toml", said.append, args, first=False)
        assert args.online == expected


def test_a_new_table_of_a_game_for_one_is_refused_by_the_console_and_the_server():
    from rook_access.console.online import _new_table_message
    from rook_access.console.registry import Refused
    from tests.net.players import NetClient
    from tests.net.test_server import running

    control = SettingsControl(Settings(), Settings(variant="solitaire"), lambda settings: None)
    args = online.build_parser().parse_args(["srv", "--new"])
    with pytest.raises(Refused, match="Rook Solitaire is a game for one"):
        _new_table_message(args, control, "Anna")

    async def create() -> dict:
        async with running() as (server, port):
            client = await NetClient.open(port)
            await client.send({"type": "create", "game": "solitaire", "seats": ["human"], "name": "Anna"})
            answer = await client.receive()
            assert not server.rooms  # no table made: none left for a stand-in to fail on
            return answer

    answer = asyncio.run(create())
    assert answer["type"] == "error" and "is a game for one" in answer["message"]


def test_help_at_the_servers_question_is_help_not_a_server_named_help(tmp_path):
    said: list[str] = []
    control = SettingsControl(Settings(), Settings(), lambda settings: None)
    args = argparse.Namespace(online=None, party=None)
    lines = ScriptedLines([str(len(GAMES) + 2), "help", "?", "srv", "new"])
    assert _offer_variants(lines, control, tmp_path / "settings.toml", said.append, args, first=False)
    assert said.count("The person who hosts the table tells you its server and its invite code.") == 2
    assert args.online == ["srv", "--new"]
