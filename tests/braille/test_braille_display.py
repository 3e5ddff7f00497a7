"""The braille display channel: panning, and a real BRLTTY with its virtual driver as the display."""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rook_access.announcer.message import Message
from rook_access.announcer.panning import pan_pieces
from rook_access.braille.display import MORE, BrailleDisplay, BrailleDisplayChannel, DisplayBuffer, DisplayUnavailable
from rook_access.braille.translator import computer_braille
from rook_access.output.channels import PlainChannel
from tests.helpers.brltty import VirtualDisplay
from tests.helpers.console import FIXED_DEAL, legal_script, program_environment

# BRLTTY's BrlAPI host numbers are the system's: a display picks the first free one, so two
# started at once by two pytest-xdist workers could pick the same. They all run on one worker,
# with the other tests measured in real time.
pytestmark = pytest.mark.xdist_group("real-time")

# --- braille from first principles, to read the display without liblouis -------------------------
LETTER_DOTS = {
    "a": "1", "b": "12", "c": "14", "d": "145", "e": "15", "f": "124", "g": "1245", "h": "125", "i": "24",
    "j": "245", "k": "13", "l": "123", "m": "134", "n": "1345", "o": "135", "p": "1234", "q": "12345",
    "r": "1235", "s": "234", "t": "2345", "u": "136", "v": "1236", "w": "2456", "x": "1346", "y": "13456",
    "z": "1356",
}  # fmt: skip
DROPPED_DIGIT_DOTS = {
    "1": "2", "2": "23", "3": "25", "4": "256", "5": "26", "6": "235", "7": "2356", "8": "236", "9": "35", "0": "356",
}  # fmt: skip


def cell(dots: str) -> str:
    return chr(0x2800 + sum(1 << (int(dot) - 1) for dot in dots))


READING = {cell(dots): letter for letter, dots in LETTER_DOTS.items()}
READING |= {cell(dots + "7"): letter.upper() for letter, dots in LETTER_DOTS.items()}
READING |= {cell(dots): digit for digit, dots in DROPPED_DIGIT_DOTS.items()}
READING["\u2800"] = " "


def read_cells(cells: str) -> str:
    """What a reader of 8-dot computer braille reads: letters, capitals, dropped digits; ? for the rest."""
    return "".join(READING.get(c, "?") for c in cells)


def test_the_reader_knows_the_kits_notation():
    assert read_cells("⠂⠲⠗⠀⠢⠭") == "14r 5x"


# --- panning --------------------------------------------------------------------------------------
def test_a_long_line_is_cut_at_blanks_and_read_piece_by_piece():
    buffer = DisplayBuffer(width=12)
    buffer.add("one line")
    buffer.add("14r 13r 12r 11r 10r rook")
    first = "14r 13r" + "\u2800" * 4 + MORE  # the piece is marked: more follows
    assert buffer.window() == first
    assert buffer.pan_right() and buffer.window() == "12r 11r" + "\u2800" * 4 + MORE
    assert buffer.pan_right() and buffer.window() == "10r rook"
    assert not buffer.pan_right()  # the end of the latest line: nowhere to go
    assert buffer.pan_left() and buffer.pan_left() and buffer.window() == first
    assert buffer.pan_left() and buffer.window() == "one line"  # back into the line before
    assert not buffer.pan_left() and not buffer.line_up()
    assert buffer.pan_right() and buffer.window() == first
    assert buffer.line_up() and buffer.line_down() and buffer.window() == first
    buffer.pan_right()
    assert buffer.latest() and buffer.window() == first


def test_the_display_keeps_a_bounded_history():
    buffer = DisplayBuffer(width=40, history=3)
    for number in range(5):
        buffer.add(f"line {number}")
    assert [pieces[0] for pieces in buffer.lines] == ["line 2", "line 3", "line 4"]
    assert buffer.line_up() and buffer.line_up() and not buffer.line_up()
    assert buffer.window() == "line 2"


CARD_NAMES = [f"{number}{color}" for number in range(1, 15) for color in "rxyg"] + ["rook"]


@given(
    st.lists(st.sampled_from(CARD_NAMES + ["Trick", "3:", "W", "wins;"]), min_size=1, max_size=40), st.integers(5, 40)
)
def test_pieces_fit_the_display_and_never_cut_a_card(words, width):
    line = " ".join(words)
    cells = computer_braille(line)
    pieces = pan_pieces(cells, width)
    assert all(len(piece) <= width for piece in pieces)
    assert "\u2800".join(pieces) == cells  # nothing lost, nothing added
    assert [word for piece in pieces for word in piece.split("\u2800")] == [computer_braille(w) for w in words]


def test_a_word_longer_than_the_display_is_cut():
    assert pan_pieces("abcdefgh ij", 4) == ["abcd", "efgh", "ij"]


# --- a real BRLTTY ----------------------------------------------------------------------------------
@pytest.fixture
def virtual_display():
    with tempfile.TemporaryDirectory(prefix="rook-brltty-") as folder:
        display = VirtualDisplay(Path(folder))
        try:
            yield display
        finally:
            display.close()


def open_display(virtual: VirtualDisplay, notices: list[str] | None = None) -> BrailleDisplay:
    return BrailleDisplay(host=virtual.host, auth="none", notice=(notices.append if notices is not None else None))


def client_state(display: BrailleDisplay) -> str:
    """What the program's side did, for a failing test's message (a flake once showed only "No screen")."""
    return f"wrote {[read_cells(window) for window in display.shown[-3:]]}, lost {display.lost} ({display.failure})"


def test_the_display_shows_the_compact_line_in_the_kits_notation(virtual_display):
    display = open_display(virtual_display)
    try:
        assert display.width == 40
        channel = BrailleDisplayChannel(PlainChannel(lambda line: None), display)
        channel.say(Message("Hand 14r 10r 5x rook", "Hand 14 red, 10 red, 5 black, the Rook"))
        shown = virtual_display.wait_for(lambda window: "⠂⠲⠗" in window, about=lambda: client_state(display))
        assert shown == "⡓⠁⠝⠙⠀⠂⠲⠗⠀⠂⠴⠗⠀⠢⠭⠀⠗⠕⠕⠅"
        assert read_cells(shown) == "Hand 14r 10r 5x rook"
    finally:
        display.close()


def test_the_display_keys_pan_through_a_long_line_and_back_through_earlier_ones(virtual_display):
    display = open_display(virtual_display)
    try:
        display.show("Trick 3: W 14r N rook; N wins")
        long_line = "Your hand, 9 cards: 14r 13r 12r 10r 5r 14x 10x 14y 13y 12y 11y 10y rook."
        display.show(long_line)
        first = virtual_display.wait_for(
            lambda w: read_cells(w).startswith("Your hand"), about=lambda: client_state(display)
        )
        # 38 cells, cut before 14x; the last cell says more follows
        assert read_cells(first[:38]) == "Your hand? 9 cards? 14r 13r 12r 10r 5r" and first[39] == MORE
        seen = len(virtual_display.windows)
        virtual_display.press("FWinRt")
        second = virtual_display.wait_for(lambda w: read_cells(w).startswith("14x"), start=seen)
        assert read_cells(second) == "14x 10x 14y 13y 12y 11y 10y rook?"
        virtual_display.press("FWinLt")
        virtual_display.wait_for(lambda w: w == first, start=seen + 1)
        virtual_display.press("LnUp")
        earlier = virtual_display.wait_for(lambda w: read_cells(w).startswith("Trick"), start=seen + 1)
        assert read_cells(earlier) == "Trick 3? W 14r N rook? N wins"
        virtual_display.press("Home")
        virtual_display.wait_for(lambda w: w == first, start=virtual_display.windows.index(earlier) + 1)
    finally:
        display.close()


def test_losing_brltty_is_said_once_and_the_game_goes_on(virtual_display):
    notices: list[str] = []
    display = open_display(virtual_display, notices)
    lines: list[str] = []
    channel = BrailleDisplayChannel(PlainChannel(lines.append), display)
    channel.say(Message("West 14r.", "West 14 red."))
    virtual_display.wait_for(lambda w: "⠂⠲⠗" in w, about=lambda: client_state(display))
    virtual_display.close()
    deadline = time.monotonic() + 5
    while not display.lost and time.monotonic() < deadline:
        channel.say(Message("North 5r.", "North 5 red."))
        display.idle(0.5)
    assert display.lost and display.failure is not None  # and why, kept for a message
    channel.say(Message("East 6r.", "East 6 red."))
    channel.say(Message("South 7r.", "South 7 red."))
    channel.close()
    assert notices == ["Lost the braille display; braille off."]  # the display's own callback, once
    # The channel says it once, on the game's thread, before the next line; the screen goes on.
    assert lines.count("Lost the braille display; braille off.") == 1
    assert lines.index("Lost the braille display; braille off.") < lines.index("East 6r.")
    assert lines[-2:] == ["East 6r.", "South 7r."]


def test_no_brltty_means_no_display():
    with pytest.raises(DisplayUnavailable) as missing:
        BrailleDisplay(host=":99", auth="none")
    assert str(missing.value) == "No braille display (BRLTTY is not running)"


# --- the program, played through the display -------------------------------------------------
class Program:
    """``rook-access`` in a subprocess, typed at line by line, its output collected."""

    def __init__(self, args: list[str], environment: dict[str, str]) -> None:
        env = program_environment(**environment)
        self.process = subprocess.Popen(
            [sys.executable, "-m", "rook_access", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env,
        )  # fmt: skip
        self.output: list[str] = []
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.process.stdout:  # type: ignore[union-attr]
            self.output.append(line.rstrip("\n"))

    def type(self, line: str) -> None:
        self.process.stdin.write(line + "\n")  # type: ignore[union-attr]
        self.process.stdin.flush()  # type: ignore[union-attr]

    def finish(self) -> int:
        self.process.stdin.close()  # type: ignore[union-attr]
        return self.process.wait(60)


def test_a_scripted_hand_shows_the_hand_and_a_trick_on_the_display(virtual_display):
    script = legal_script(FIXED_DEAL, seed=4)
    deal_file = Path(virtual_display.folder) / "deal.json"
    deal_file.write_text(json.dumps(FIXED_DEAL))
    program = Program(
        ["--braille", "on", "--verbosity", "braille", "--output", "plain", "--seed", "4", "--deal", str(deal_file),
         "--seats", "human,human,human,human", "--hands", "1"],
        virtual_display.environment,
    )  # fmt: skip
    try:
        program.type("hand")
        hand = virtual_display.wait_for(lambda w: read_cells(w).startswith("S hand"))
        assert read_cells(hand) == "S hand 14r 10r 5r 12x 9x 13y 6y 11g rook"
        assert hand.split("\u2800")[2:4] == ["⠂⠲⠗", "⠂⠴⠗"]  # 14r and 10r: dropped digits, then r
        for line in script[:8]:  # the bidding, the nest, trump, and two cards of the first trick
            program.type(line)
        program.type("trick")
        trick = virtual_display.wait_for(lambda w: read_cells(w).startswith("Trick 1"))
        assert read_cells(trick) == "Trick 1? S rook W 6g? S wins"
        for line in script[8:]:
            program.type(line)
        assert program.finish() == 0
    finally:
        if program.process.poll() is None:
            program.process.kill()
    assert "S hand 14r 10r 5r 12x 9x 13y 6y 11g rook" in program.output  # the screen shows it too
    assert not any("braille off" in line for line in program.output)
    assert virtual_display.windows, "the display was never written"


def test_braille_on_without_brltty_says_so_and_plays_on():
    program = Program(["--braille", "on", "--output", "plain", "--seed", "3", "--hands", "1", "--level", "random"],
                      {"BRLAPI_HOST": ":98", "BRLAPI_AUTH": "none"})  # fmt: skip
    program.type("pass")
    assert program.finish() == 0
    assert program.output[0] == "No braille display (BRLTTY is not running); braille off."
    assert any(line.startswith("Rook:") for line in program.output)


def test_settings_braille_on_in_the_game_takes_the_display(virtual_display):
    program = Program(["--output", "plain", "--seed", "3", "--hands", "1", "--level", "random",
                       "--verbosity", "braille"], virtual_display.environment)  # fmt: skip
    try:
        program.type("settings braille on")
        program.type("hand")
        hand = virtual_display.wait_for(lambda w: read_cells(w).startswith("Hand "))
        program.type("settings braille off")
        program.type("pass")
        assert program.finish() == 0
    finally:
        if program.process.poll() is None:
            program.process.kill()
    assert "Braille is now on, saved." in program.output
    assert read_cells(hand) in program.output
