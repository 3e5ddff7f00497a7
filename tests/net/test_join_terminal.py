"""``rook-access join`` at two real terminals (tmux), as two people play at one table of a real server.

What only a terminal shows: a line typed while the other person is to act is
read with the turn line as its prompt and carried out at once (``hand``
answered, ``say`` heard by the waiting person as "Chat, Anna: ..."), the
``chat`` setting off keeps chat lines for the ``chat`` command, the game
paces itself after a trick ("Press Enter to go on."), Ctrl-C twice
leaves the table with the seat kept, ``join`` with the same code coming back
to it ("You are back..."), and a console whose terminal closes ends at once,
its seat waiting.

The Beginner Game has no bidding, nest or trump to choose: every question is
a card to play, so the people here play the first legal card each time, and
the computers are easy ones.  The deal is the server's own: each test reads
whose turn it is from the screens.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from rook_access.bench.child_lines import ChildLines
from rook_access.console import interrupts
from rook_access.console.online import WAITING_PROMPT
from tests.helpers import REPOSITORY
from tests.helpers.terminal import Terminal, screen_reader_safe

pytestmark = pytest.mark.xdist_group("real-time")

SERVING = re.compile(r"serving on ws://127\.0\.0\.1:(\d+), \d+ tables? taken up")
WELCOME = re.compile(r"You sit at table ([a-z]+-[a-z]+-[a-z]+), The Beginner Game, as South\.")
QUESTION = re.compile(r"^Your (?:lead|play), \d+ (?:cards|legal): ([^,.]+)[,.]")
"""A question to play a card, and the first card it names."""
REPEATED = re.compile(r"^Your (?:lead|play), \d+ (?:cards|legal)\.$")
"""The question asked again with nothing changed, its cards left out (said in full just before)."""
GO_ON = "Press Enter to go on."
TRICK_ONE = re.compile(r" takes? trick 1, \d+ points?\.$", re.MULTILINE)
WIDTH = 250
"""Wide enough that no line wraps: a prompt wrapped by the terminal would be cut in two lines on the screen."""
LEAVE_WINDOW = 0.8 * interrupts.LEAVE_WINDOW
"""Seconds within which a second Ctrl-C is pressed here: less than the program allows."""
DEADLINE = 30.0
"""The longest any one step waits (a trick of easy computers takes well under a second)."""


@pytest.fixture
def port(tmp_path: Path) -> Iterator[int]:
    """``rook-access serve`` on a free loopback port; stopped with SIGTERM after the test."""
    env = {
        **os.environ,
        "PYTHONPATH": str(REPOSITORY),
        "ROOK_ACCESS_DATA_DIR": str(tmp_path / "server"),
        "ROOK_ACCESS_CONFIG_DIR": str(tmp_path / "server"),
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "rook_access", "serve", "--port", "0", "--data", str(tmp_path / "tables")],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
    )  # fmt: skip
    try:
        assert process.stderr is not None
        log = ChildLines(process.stderr, "rook-access serve")
        found = SERVING.search(log.lines[log.wait_for(SERVING, timeout=DEADLINE)])
        assert found is not None
        yield int(found.group(1))
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


class Console:
    """One person's terminal with ``rook-access join`` in it; ``home`` holds its settings and kept seats."""

    def __init__(self, name: str, home: Path, *args: str) -> None:
        self.name = name
        self.home = home
        self.term = Terminal(["join", *args], home, width=WIDTH)
        self.answered = -1
        """The screen line of the last question or pause this test answered (the screen only grows)."""

    def lines(self) -> list[str]:
        return self.term.screen().splitlines()

    def last(self) -> tuple[int, str]:
        """The last line shown, and where."""
        lines = self.lines()
        return len(lines) - 1, lines[-1] if lines else ""

    def wait(self, pattern: str, after: int = 0, timeout: float = DEADLINE) -> re.Match[str]:
        """The first match of the regex ``pattern`` in a line past the first ``after`` lines, waited for."""
        wanted = re.compile(pattern, re.MULTILINE)
        deadline = time.monotonic() + timeout
        while True:
            lines = self.lines()[after:]
            found = wanted.search("\n".join(lines)) if lines else None
            if found is not None:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"{self.name}: {pattern!r} did not show; the screen ends:\n{self.tail()}")
            time.sleep(0.05)

    def type(self, line: str) -> int:
        """Type ``line`` and Enter; how many lines the screen showed before (to wait for the answer past them)."""
        shown = len(self.lines())
        self.term.type(line)
        return shown

    def tail(self) -> str:
        return "\n".join(self.lines()[-25:])

    def close(self) -> None:
        self.term.close()


def step(console: Console) -> str | None:
    """Answer the question or the pause on the last line if it is new: the first legal card, or Enter;
    what was done ("card", "go on"), or None."""
    where, last = console.last()
    if where <= console.answered:
        return None
    question = QUESTION.match(last)
    if question is None and REPEATED.match(last):  # asked again unchanged, without its cards: the full one above
        question = next((found for line in reversed(console.lines()[:where]) if (found := QUESTION.match(line))), None)
    if question is not None and last.endswith("."):
        console.answered = where
        console.type(question.group(1))
        return "card"
    if last == GO_ON:
        console.answered = where
        console.term.keys("Enter")
        return "go on"
    return None


def play_until(consoles: list[Console], done: Callable[[], bool], timeout: float = DEADLINE * 2) -> None:
    """Both people play (and go on after tricks) until ``done()``."""
    deadline = time.monotonic() + timeout
    while not done():
        if time.monotonic() > deadline:
            raise AssertionError("the game did not get there; the screens end:\n" + "\n---\n".join(
                f"{console.name}:\n{console.tail()}" for console in consoles))  # fmt: skip
        for console in consoles:
            step(console)
        time.sleep(0.1)


def seat_two(port: int, tmp_path: Path) -> tuple[Console, Console, str]:
    """Anna makes a Beginner Game table for two people and two easy computers; Ben joins it by its code."""
    server = f"localhost:{port}"
    new = ["--new", "--variant", "beginner", "--people", "2", "--level", "easy", "--name", "Anna"]
    anna = Console("Anna", tmp_path / "anna", server, *new)
    ben: Console | None = None
    try:
        code = anna.wait(WELCOME.pattern).group(1)
        ben = Console("Ben", tmp_path / "ben", server, "--code", code, "--name", "Ben")
        anna.wait(r"^Ben sat down as North\.$")
        for console in (anna, ben):
            console.wait(r"^Rook: the Beginner Game")
    except BaseException:
        anna.close()
        if ben is not None:
            ben.close()
        raise
    return anna, ben, code


def asked_first(anna: Console, ben: Console) -> tuple[Console, Console]:
    """The person asked to play now, and the other, who waits for them."""
    deadline = time.monotonic() + DEADLINE
    while time.monotonic() < deadline:
        for asked, waiting in ((anna, ben), (ben, anna)):
            if QUESTION.match(asked.last()[1]):
                return asked, waiting
        time.sleep(0.05)
    raise AssertionError(f"nobody was asked to play:\nAnna:\n{anna.tail()}\nBen:\n{ben.tail()}")


def caught_up(asked: Console, waiting: Console) -> None:
    """Wait until the waiting console has said the last move the asked one said before its question (the
    server sends each move to everyone at once, but one console may take it in a moment later)."""
    lines = asked.lines()
    before = lines[-2] if len(lines) > 1 else ""
    mine = re.compile(rf"^{waiting.name} (plays|trumps)")
    waiting.wait(f"^{re.escape(mine.sub(lambda found: 'You ' + found.group(1)[:-1], before))}$")


def ctrl_c_twice(console: Console) -> str:
    """Ctrl-C, and again within the second it allows once the notice has shown; the screen at the program's end.

    The second press waits for the question shown again under the notice, as a person hearing the notice
    would.  (A second press that comes while the prompt is still being set up is taken as a signal and kept for
    later, and the prompt then waits as if it never came: ``TerminalLines.read`` looks for it only before it
    starts the prompt.)"""
    for _ in range(3):
        shown = len(console.lines())
        pressed = time.monotonic()
        console.term.keys("C-c")
        console.wait(r"^To leave, press Ctrl-C twice within a second, or type quit\.\n.", after=shown - 1)
        if time.monotonic() - pressed < LEAVE_WINDOW:
            console.term.keys("C-c")
            return console.term.wait_for("EXIT=0", timeout=DEADLINE)
        time.sleep(LEAVE_WINDOW)  # too slow for a second press (a loaded machine): the next press is a first again
    raise AssertionError(f"the notice took too long each time:\n{console.tail()}")


def test_lines_typed_while_the_other_person_plays_are_carried_out_and_the_game_paces_itself(port, tmp_path):
    anna, ben, _ = seat_two(port, tmp_path)
    try:
        asked, waiting = asked_first(anna, ben)
        caught_up(asked, waiting)
        # The waiting person asks for their hand: the prompt is not the turn line again, the hand is said at once.
        shown = waiting.type("hand")
        waiting.wait(rf"^{asked.name} to (lead|play)\.\n{re.escape(WAITING_PROMPT)} hand$", after=shown - 2)
        waiting.wait(r"^Your hand, \d+ cards\. ", after=shown)
        # A chat line from the person to play is heard at once by the one waiting, with the speaker's name.
        shown_waiting = len(waiting.lines())
        said_at = asked.type("say good luck")
        waiting.wait(rf"^Chat, {asked.name}: good luck$", after=shown_waiting)
        # One from the waiting person too; the person to play hears it (and their own) with their next line.
        shown = waiting.type(f"say thanks, {asked.name}")
        waiting.wait(rf"^Chat, you: thanks, {asked.name}$", after=shown)
        asked.type("turn")
        asked.wait(rf"^Chat, you: good luck\n(.*\n)*Chat, {waiting.name}: thanks, {asked.name}$", after=said_at)

        # News that comes while the waiting person is half way through a line is said at once, not when they press
        # Enter; what they typed comes back after it, to finish.
        shown = len(waiting.lines())
        waiting.term.type("han", enter=False)
        waiting.wait(rf"^{re.escape(WAITING_PROMPT)} han$", after=shown - 1)
        asked.type("say your move")
        waiting.wait(rf"^Chat, {asked.name}: your move\n{re.escape(WAITING_PROMPT)} han$", after=shown)
        shown = len(waiting.lines())
        waiting.term.type("d")
        waiting.wait(r"^Your hand, \d+ cards\. ", after=shown - 1)

        # With the chat setting off, a chat line is kept for the chat command, not said as it comes.
        shown = waiting.type("settings chat off")
        waiting.wait(r"^Chat is now off, saved\.$", after=shown)
        quiet_from = len(waiting.lines())
        asked.type("say are you there")
        heard = rf"Chat, {asked.name}: are you there"
        deadline = time.monotonic() + DEADLINE
        while True:  # the line reaches the waiting console a moment after the speaker's
            shown = waiting.type("chat")
            answer = waiting.wait(r"^The last (\d+) chat lines, oldest first:$", after=shown)
            first = shown + waiting.lines()[shown:].index(answer.group(0)) + 1
            count = int(answer.group(1))
            waiting.wait(r"^", after=first + count - 1)  # the whole answer shown
            if heard in waiting.lines()[first : first + count]:
                break
            assert time.monotonic() < deadline, waiting.tail()
        said = waiting.lines()[quiet_from:]
        for index, line in enumerate(said):
            if line == heard:  # only ever inside the chat command's answer
                above = said[:index]
                while above and above[-1].startswith("Chat, "):
                    above.pop()
                assert above and above[-1].startswith("The last "), "\n".join(said)

        # The game goes on: after a trick a person who is not asked at once is asked to go on.
        play_until([anna, ben], lambda: any(GO_ON in console.lines() for console in (anna, ben)))
        paused = next(console for console in (anna, ben) if GO_ON in console.lines())
        at = paused.lines().index(GO_ON)
        assert TRICK_ONE.search("\n".join(paused.lines()[:at])) is not None, paused.tail()
        play_until([anna, ben], lambda: len(paused.lines()) > at + 1 and paused.answered >= at)
        for console in (anna, ben):
            screen = console.term.screen()
            assert "Traceback" not in screen and "EXIT=" not in screen, console.tail()
            assert screen_reader_safe(screen)
    finally:
        anna.close()
        ben.close()


def test_ctrl_c_twice_leaves_the_table_and_join_with_the_code_comes_back_to_the_seat(port, tmp_path):
    anna, ben, code = seat_two(port, tmp_path)
    back: Console | None = None
    try:
        # Play to Anna's turn, past the first trick; there she leaves with Ctrl-C twice.
        play_until([anna, ben], lambda: anna.answered >= 0 and TRICK_ONE.search(anna.term.screen()) is not None
                   and bool(QUESTION.match(anna.last()[1])) and anna.last()[0] > anna.answered)  # fmt: skip
        shown_ben = len(ben.lines())
        screen = ctrl_c_twice(anna)
        goodbye = f"Goodbye. The table keeps your seat: join it again with the code {code}."
        assert goodbye in screen.splitlines(), anna.tail()
        # Ben, waiting for her, hears that she has gone and that her seat waits for her.
        away = "Anna has left the table; a computer plays for them after 60 seconds unless they come back."
        play_until([ben], lambda: away in ben.lines()[shown_ben:])  # going on after a trick if he was asked to
        anna.close()
        # The same person, from a new start, joins with the code (in capitals and spaces, as said on a call).
        back = Console("Anna", tmp_path / "anna", f"localhost:{port}", "--code", code.upper().replace("-", " "))
        trick = back.wait(r"^You are back\. Trick (\d+), your (lead|play)\.$")
        assert int(trick.group(1)) >= 2
        assert "You sit at table" not in back.term.screen()  # back in her seat, not a newcomer
        back.wait(r"^Your (lead|play), ")
        ben.wait(r"^Anna is back\.$")
        shown_ben = len(ben.lines())
        play_until(
            [back, ben], lambda: any(re.match(r"Anna (plays|trumps) ", line) for line in ben.lines()[shown_ben:])
        )
        for console in (back, ben):
            screen = console.term.screen()
            assert "Traceback" not in screen and screen_reader_safe(screen)
        assert "EXIT=" not in ben.term.screen()
    finally:
        anna.close()  # again if the test failed before her first leaving: closing twice does no harm
        ben.close()
        if back is not None:
            back.close()


def test_two_people_sharing_a_data_folder_each_take_their_own_seat(port, tmp_path):
    home = tmp_path / "home"  # one account, two terminals: one data folder, so one file of kept seats
    server = f"localhost:{port}"
    anna = Console("Anna", home, server, "--new", "--variant", "beginner", "--people", "2", "--level", "easy",
                   "--name", "Anna")  # fmt: skip
    ben: Console | None = None
    try:
        code = anna.wait(WELCOME.pattern).group(1)
        ben = Console("Ben", home, server, "--code", code, "--name", "Ben")
        ben.wait(rf"^You sit at table {code}, The Beginner Game, as North\.$")
        anna.wait(r"^Ben sat down as North\.$")
        for console in (anna, ben):
            console.wait(r"^Rook: the Beginner Game")
            assert "taken up elsewhere" not in console.term.screen(), console.tail()
    finally:
        anna.close()
        if ben is not None:
            ben.close()


def test_a_seat_taken_up_from_another_terminal_is_not_taken_back(port, tmp_path):
    anna, ben, code = seat_two(port, tmp_path)
    again: Console | None = None
    try:
        asked_first(anna, ben)
        again = Console("Anna", tmp_path / "anna", f"localhost:{port}", "--code", code)
        again.wait(r"^You are back\.")
        screen = anna.term.wait_for("EXIT=1", timeout=30)
        assert "Your seat was taken up from another connection: this console leaves the table." in screen
        assert "Trying again." not in screen
        assert "taken up elsewhere" not in again.term.screen()
    finally:
        for console in (anna, ben, again):
            if console is not None:
                console.close()


def test_sides_are_named_by_their_places_not_by_a_person_and_a_place(port, tmp_path):
    server = f"localhost:{port}"
    anna = Console("Anna", tmp_path / "anna", server, "--new", "--variant", "partnership", "--people", "2",
                   "--level", "easy", "--name", "Anna")  # fmt: skip
    ben: Console | None = None
    try:
        code = anna.wait(r"You sit at table ([a-z]+-[a-z]+-[a-z]+),").group(1)
        ben = Console("Ben", tmp_path / "ben", server, "--code", code, "--name", "Ben")
        for console in (anna, ben):
            console.wait(r"^Your hand, ")
            shown = console.type("score")
            console.wait(r"^Score: ", after=shown)
            assert re.search(r"^Score: North-South 0, East-West 0; game to 300\.$", console.term.screen(), re.M), (
                console.tail()
            )
    finally:
        anna.close()
        if ben is not None:
            ben.close()


def test_the_pause_comes_right_after_the_trick(port, tmp_path):
    from tests.net.test_join_terminal import GO_ON, play_until

    anna, ben, _ = seat_two(port, tmp_path)
    try:
        play_until([anna, ben], lambda: sum(console.lines().count(GO_ON) for console in (anna, ben)) >= 4)
        for console in (anna, ben):
            lines = console.lines()
            for index, line in enumerate(lines):
                if line == GO_ON:
                    assert re.search(r" takes? (the last )?trick", lines[index - 1]), console.tail()
    finally:
        anna.close()
        ben.close()


def ended(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie not yet reaped has)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except (FileNotFoundError, ProcessLookupError):
        return True


def test_closing_the_terminal_at_a_watched_prompt_ends_the_console_and_the_seat_waits(port, tmp_path):
    """Ben is asked to play, his prompt watching the table's news, and a chat line is on its way to him as
    his terminal closes: his console ends within seconds (it once waited for half an hour in asyncio's
    shutdown, the SIGHUP's exit raised inside the prompt's event loop), and the table keeps his seat."""
    anna, ben, _ = seat_two(port, tmp_path)
    pid: int | None = None
    try:
        deadline = time.monotonic() + DEADLINE * 2
        while not (QUESTION.match(ben.last()[1]) and ben.last()[1].endswith(".")):
            assert time.monotonic() < deadline, f"Ben was not asked:\nAnna:\n{anna.tail()}\nBen:\n{ben.tail()}"
            step(anna)
            if ben.last()[1] == GO_ON:
                step(ben)
            time.sleep(0.1)
        pid = ben.term.pid()
        shown_anna = len(anna.lines())
        anna.type("say see you")
        ben.close()  # the window closes: SIGHUP
        gone = time.monotonic() + 5
        while not ended(pid):
            assert time.monotonic() < gone, f"Ben's console {pid} still runs 5 seconds after its terminal closed"
            time.sleep(0.05)
        away = "Ben has lost the connection; a computer plays for them after 60 seconds unless they come back."
        anna.wait(f"^{re.escape(away)}$", after=shown_anna)
    finally:
        anna.close()
        ben.close()
        if pid is not None and not ended(pid):
            os.kill(pid, signal.SIGKILL)  # a console left behind its closed terminal is not left behind the test


def test_join_list_at_a_terminal_lists_the_tables_without_the_screen_reader_notice(port, tmp_path):
    """``join --list`` at a real terminal says the open tables and ends, without the notice that no screen reader
    was found: that notice is about playing, not about a list.  (Whether the notice shows depends on the screen
    readers running on the machine, such as the Fenrir of other tests: ``test_join_console`` checks who says it
    with the machine's screen readers set aside.)"""
    server = f"localhost:{port}"
    anna = Console("Anna", tmp_path / "anna", server, "--new", "--variant", "beginner", "--people", "2",
                   "--level", "easy", "--name", "Anna")
    lister: Terminal | None = None
    try:
        code = anna.wait(WELCOME.pattern).group(1)
        lister = Terminal(["join", server, "--list"], tmp_path / "ben", width=WIDTH)
        screen = lister.wait_for("EXIT=0", timeout=DEADLINE)
        assert f"{code}: The Beginner Game, hosted by Anna, 1 free seat." in screen, screen
        assert "No screen reader found" not in screen, screen
    finally:
        anna.close()
        if lister is not None:
            lister.close()
