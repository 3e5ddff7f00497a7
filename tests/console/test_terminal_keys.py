"""Every prompt at a real terminal (tmux): help, quit, settings and Ctrl-D, Ctrl-C, the quick keys, Enter, Tab."""

from __future__ import annotations

import os
import re
import threading
import time
from pathlib import Path

import pytest

from rook_access.console.interrupts import CTRL_C_NOTICE, LEAVE_WINDOW
from rook_access.console.session import SETTINGS_HEADING
from rook_access.engine.games import GAMES
from tests.helpers.terminal import Terminal, screen_reader_safe

PROMPT = re.compile(r"Your (?:lead|play), [^:]*: ([^.\n]*)\.(?: Enter plays it\.)?")
GOODBYE = "Game saved. Goodbye. To go on later: rook-access --resume."


@pytest.fixture
def terminal(tmp_path):
    started: list[Terminal] = []

    def start(*args: str, game_chosen: bool = True) -> Terminal:
        if game_chosen:
            # These tests read the cards off the questions: in the kits' notation, as typed.
            settings = tmp_path / "config" / "settings.toml"
            settings.parent.mkdir(parents=True, exist_ok=True)
            settings.write_text('variant = "partnership"\ncards = "notation"\n', encoding="utf-8")
        term = Terminal(list(args), tmp_path, game_chosen=game_chosen)
        started.append(term)
        return term

    yield start
    for term in started:
        term.close()


def legal_cards(line: str) -> list[str]:
    """The cards a play question names."""
    return PROMPT.findall(line)[-1].split()


def next_play_question(term: Terminal, text: str | None = None, seen: int = 0, timeout: float = 20) -> str | None:
    """Wait until the program asks for a card (the question line), or ``text`` shows more than ``seen`` times (None)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        screen = term.screen()
        if text is not None and screen.count(text) > seen:
            return None
        last = screen.rstrip().splitlines()[-1]
        if PROMPT.fullmatch(last.strip()):
            return last.strip()
        time.sleep(0.05)
    raise AssertionError(f"no play question and no {text!r}:\n{term.screen()[-1500:]}")


def play_until(term: Terminal, text: str, limit: int = 12) -> str:
    """Play the first legal card at each play question until ``text`` shows once more than now."""
    seen = term.screen().count(text)
    for _ in range(limit):
        question = next_play_question(term, text, seen)
        if question is None:
            return term.screen()
        played = question + " " + legal_cards(question)[0]
        before = term.screen().count(played)
        term.type(legal_cards(question)[0])
        term.wait_for_count(played, before + 1)
    raise AssertionError(f"{text!r} did not show:\n{term.screen()[-1500:]}")


def test_the_first_menu_takes_help_settings_and_quit(terminal, tmp_path):
    term = terminal("--seed", "3", "--hands", "1", game_chosen=False)
    term.wait_for("Which game? The games of the Rook rule books:")
    term.type("help")
    term.wait_for("The number or the name of a game in the list starts it; "
                  "in the game, the rules command says its rules.")
    term.wait_for("Also: settings, or quit to leave.")
    term.keys("F1")  # the quick key for help works here too
    term.wait_for_count("Also: settings, or quit to leave.", 2)
    term.type("settings")
    term.wait_for(SETTINGS_HEADING)
    term.type("settings verbosity terse")
    term.wait_for("Verbosity is now terse, saved.")
    term.type("seven")
    term.wait_for(f"seven is not a game here. Type a number from 1 to {len(GAMES) + 2}, or press Enter.")
    term.type("q")
    screen = term.wait_for("EXIT=0")
    assert "Goodbye." in screen and "Rook: the" not in screen
    assert "Traceback" not in screen and screen_reader_safe(screen)
    settings = (tmp_path / "config" / "settings.toml").read_text()
    assert 'verbosity = "terse"' in settings


def test_ctrl_d_at_the_first_menu_leaves_without_starting_a_game(terminal):
    term = terminal("--seed", "3", "--hands", "1", game_chosen=False)
    term.wait_for(f"Type a number from 1 to {len(GAMES) + 2} or a name; Enter plays partnership.")
    term.keys("C-d")
    screen = term.wait_for("EXIT=0")
    assert "Goodbye." in screen and "Rook: the" not in screen


def test_a_choice_after_a_setting_at_the_first_menu_plays_with_that_setting(terminal):
    term = terminal("--seed", "3", "--hands", "1", "--level", "easy", game_chosen=False)
    term.wait_for("Which game?")
    term.type("settings pacing delay")
    term.wait_for("Pacing is now delay, saved.")
    term.type("1")
    term.wait_for("Your bid:")
    term.type("settings")
    term.wait_for("pace: pacing delay, ")


def test_press_enter_to_go_on_takes_help_settings_and_ctrl_d(terminal, tmp_path):
    term = terminal("--seed", "3", "--hands", "1", "--level", "easy")
    term.wait_for("Your bid:")
    term.type("pass")
    play_until(term, "Press Enter to go on.")
    term.type("help")
    term.wait_for("help all for every command")
    term.type("settings pacing enter")
    term.wait_for("Pacing is now enter, saved.")
    term.wait_for("Pacing is now enter, saved.\nPress Enter to go on.")
    term.keys("C-d")
    screen = term.wait_for("EXIT=0")
    assert screen.endswith("Press Enter to go on.\nEnd of input. " + GOODBYE + "\nEXIT=0")  # nothing more played
    assert (tmp_path / "data").exists() and any((tmp_path / "data").rglob("*.json"))


def test_quit_at_press_enter_to_go_on_leaves_saved(terminal):
    term = terminal("--seed", "3", "--hands", "1", "--level", "easy")
    term.wait_for("Your bid:")
    term.type("pass")
    play_until(term, "Press Enter to go on.")
    term.type("quit")
    screen = term.wait_for("EXIT=0")
    assert GOODBYE in screen


def test_ctrl_c_during_the_delay_after_a_trick_stops_speech_and_the_game_goes_on(terminal):
    term = terminal("--seed", "3", "--hands", "1", "--level", "easy", "--pacing", "delay", "--delay", "3")
    term.wait_for("Your bid:")
    term.type("pass")
    play_until(term, " takes trick ")  # a computer leads next: the game pauses
    term.keys("C-c")  # during the 3-second pause after the trick
    term.wait_for("To leave, press Ctrl-C twice within a second, or type quit.", timeout=2)
    screen = term.wait_for_count("Your", term.screen().count("Your") + 1, timeout=15)
    assert "EXIT=" not in screen and "Traceback" not in screen
    # Two presses within a second during the next pause leave, the game saved (the second after the notice of
    # the first, as a person presses it: two at once can reach a loaded program as one signal).
    play_until(term, " takes trick ")
    screen = term.ctrl_c_twice(CTRL_C_NOTICE, LEAVE_WINDOW)
    assert GOODBYE in screen and "Traceback" not in screen
    assert screen_reader_safe(screen)


def test_two_ctrl_c_at_a_prompt_leave_with_the_game_saved(terminal):
    term = terminal("--seed", "3", "--hands", "1", "--level", "easy")
    term.wait_for("Your bid:")
    screen = term.ctrl_c_twice(CTRL_C_NOTICE, LEAVE_WINDOW)
    assert screen.count(CTRL_C_NOTICE) == 1
    assert GOODBYE in screen


class RecordPipe:
    """The game's ``--record`` file as a pipe (a FIFO) that the test reads; ``hold`` fills it to the brim, and
    the program then waits at its next event line, in the middle of saying what happened, until ``let_go``.

    The event lines are read and dropped; the pipe is opened for reading before the program opens it for
    writing (which would wait for a reader)."""

    def __init__(self, path: Path) -> None:
        os.mkfifo(path)
        self.path = path
        self._fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
        self._lock = threading.Lock()
        self._reading = True
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._drain, daemon=True)
        self._thread.start()

    def _drain(self) -> None:
        while not self._closed.is_set():
            got = b""
            with self._lock:
                if self._reading:
                    try:
                        got = os.read(self._fd, 65536)
                    except BlockingIOError:
                        pass
            if not got:
                self._closed.wait(0.01)

    def hold(self) -> None:
        """Stop reading and fill the pipe: the program's next event line waits until ``let_go``."""
        with self._lock:
            self._reading = False
            writer = os.open(self.path, os.O_WRONLY | os.O_NONBLOCK)
            try:
                for size in (65536, 4096, 1):
                    while True:
                        try:
                            os.write(writer, b"\n" * size)
                        except BlockingIOError:
                            break
            finally:
                os.close(writer)

    def let_go(self) -> None:
        """Read again: the program goes on."""
        with self._lock:
            self._reading = True

    def close(self) -> None:
        self._closed.set()
        self._thread.join(timeout=5)
        os.close(self._fd)


def waiting_in(pid: int) -> str:
    """Where in the kernel the process waits, as Linux's /proc tells ("anon_pipe_write", say); "0" when it does
    not wait, or where that is not told (and "" where there is no /proc)."""
    try:
        return Path(f"/proc/{pid}/wchan").read_text().strip()
    except OSError:
        return ""


@pytest.fixture
def record(tmp_path):
    pipe = RecordPipe(tmp_path / "record.fifo")
    yield pipe
    pipe.close()


def test_ctrl_c_and_enter_pressed_while_a_trick_is_said_are_answered_at_once_in_order(terminal, record):
    """Out of any prompt (the game saying the end of a trick), Ctrl-C comes as a signal and Enter waits for the
    next prompt, here "Press Enter to go on.": the Ctrl-C's notice comes before that prompt, which the Enter
    then answers.  It came after it, once the Enter had been taken: one prompt late."""
    term = terminal("--seed", "2", "--hands", "1", "--level", "easy", "--record", str(record.path))
    term.wait_for("Your bid:")
    term.type("pass")
    term.wait_for("Your play, 3 legal: 13y 10y 6y.")  # the last card of the first trick, which West takes
    pid = term.pid()
    told = waiting_in(pid) not in ("", "0")  # where the program waits for a key, if the system tells
    record.hold()
    term.type("13y")
    # The move is taken: the prompt is over (the terminal turns Ctrl-C into a signal again), and the program
    # waits to write the move's event line, before it says the move and the trick taken.
    deadline = time.monotonic() + 10
    while not term.takes_signals() or (told and "pipe_write" not in waiting_in(pid)):
        assert time.monotonic() < deadline, term.screen()[-1500:]
        time.sleep(0.02)
    assert "You play 13y." not in term.screen()
    term.keys("C-c", "Enter")
    record.let_go()
    screen = term.wait_for("Your play, 2 legal:")  # the pause after the trick answered, the next trick played
    lines = screen[screen.index("You play 13y.") :].splitlines()
    assert lines[:4] == ["You play 13y.", "West takes trick 1, 10 points.", CTRL_C_NOTICE, "Press Enter to go on."]
    assert lines.count(CTRL_C_NOTICE) == 1 and lines.count("Press Enter to go on.") == 1
    assert "EXIT=" not in screen and screen_reader_safe(screen)


def test_keys_typed_while_the_game_waits_are_not_echoed_and_reach_the_next_prompt(terminal):
    term = terminal("--seed", "3", "--hands", "1", "--level", "easy", "--pacing", "delay", "--delay", "2")
    term.wait_for("Your bid:")
    term.type("pass")
    play_until(term, " takes trick ")
    term.type("score")  # typed during the pause: not shown among the announcements
    time.sleep(0.5)
    assert "score" not in term.screen().splitlines()[-1]
    screen = term.wait_for("Score:", timeout=15)
    assert "Traceback" not in screen
    play_until(term, " takes trick ")
    term.keys("C-d")  # a Ctrl-D typed during the pause is not lost: it leaves at the next prompt
    screen = term.wait_for("EXIT=0", timeout=15)
    assert "End of input. " + GOODBYE in screen


def reply_to(term: Terminal, typed: str) -> str:
    """The first line the program says after the line ``typed`` at the bidding question."""
    asked = "or pass. " + typed
    count = term.screen().count(asked)
    term.type(typed)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        lines = term.screen().splitlines()
        shown = [index for index, line in enumerate(lines) if line.endswith(asked)]
        if len(shown) > count and shown[-1] + 1 < len(lines) and lines[shown[-1] + 1].strip():
            return lines[shown[-1] + 1]
        time.sleep(0.05)
    raise AssertionError(f"no reply to {typed}:\n{term.screen()[-1500:]}")


def test_quick_keys_submit_their_command_keep_the_half_typed_line_and_stay_out_of_the_history(terminal):
    term = terminal("--seed", "3", "--hands", "1", "--level", "easy")
    term.wait_for("Your bid:")
    for key, command in (("F4", "hand"), ("F5", "trick"), ("F6", "score"), ("F3", "repeat"), ("F1", "help")):
        reply = reply_to(term, command)
        said = term.screen().count(reply)
        term.type("bid 7", enter=False)
        term.keys(key)
        term.wait_for_count("or pass. " + command, 2)  # the key shows its command after the prompt
        term.wait_for_count(reply, said + 1)
        term.wait_for(f"or pass. {command}\n", timeout=5)
        screen = term.wait_for_count("or pass. bid 7", 1)  # the half-typed line is back
        assert term.screen().rstrip().endswith("or pass. bid 7")
        term.keys("C-u")
    # The keys left no trace in the history: Up recalls the last typed line, help.
    term.keys("Up")
    term.wait_for_count("or pass. help", 3)
    assert "Traceback" not in screen and screen_reader_safe(screen)


def test_enter_alone_plays_the_only_legal_card_and_never_bids(terminal):
    term = terminal("--seed", "3", "--hands", "1", "--level", "easy", "--pacing", "delay", "--delay", "0")
    term.wait_for("Your bid:")
    term.keys("Enter")  # Enter in the bidding makes no move: it says what the question wants
    term.wait_for("Say bid and a number, like bid ")
    assert "You pass" not in term.screen() and "You bid" not in term.screen()
    term.type("pass")
    for _ in range(12):
        question = next_play_question(term)
        assert question is not None
        cards = legal_cards(question)
        if len(cards) == 1:
            break
        before = term.screen().count(question + " " + cards[0])
        term.type(cards[0])
        term.wait_for_count(question + " " + cards[0], before + 1)
    assert question.endswith(" Enter plays it.")  # the question says what Enter does
    term.keys("Enter")
    screen = term.wait_for(f"{question}\nYou ", timeout=5)
    after = screen[screen.rindex(question) :]
    assert cards[0] in after.splitlines()[1]


def test_tab_on_an_empty_line_says_the_cards_in_the_order_of_the_question(terminal):
    term = terminal("--seed", "3", "--hands", "1", "--level", "easy")
    term.wait_for("Your bid:")
    term.type("pass")
    screen = term.wait_for("Your play, 3 legal: rook 12x 9x.")
    term.keys("Tab")
    term.wait_for("Moves: rook, 12x, 9x; or a command.")
    assert screen


def test_a_bad_flag_says_one_line_with_the_hint(terminal):
    term = terminal("--levle", "easy")
    screen = term.wait_for("EXIT=2")
    lines = [line for line in screen.splitlines() if line and not line.startswith("EXIT=")]
    assert lines == ["rook-access: unknown flag --levle; did you mean --level? Type rook-access --help for the flags."]
