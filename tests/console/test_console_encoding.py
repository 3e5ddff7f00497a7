"""A console that cannot show every character (a cp1252 Windows console, ``PYTHONIOENCODING=cp1252``):
the program says each line in a form it can encode, or with what it cannot replaced, and never crashes."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from rook_access.output.channels import PlainChannel
from rook_access.output.message import Message
from rook_access.streams import encodable_line, prepare_stream, shown_form
from tests.helpers import REPOSITORY
from tests.helpers.console import keyboard_moves, program_environment, run_in_process

BRAILLE = "\u2802\u2832\u2817"  # 14r in computer braille
USER_NAME = "Пётр " + BRAILLE  # neither fits cp1252
SEED = 6


def cp1252_stream(errors: str = "strict") -> io.TextIOWrapper:
    return io.TextIOWrapper(io.BytesIO(), encoding="cp1252", errors=errors)


def test_a_line_the_console_cannot_encode_is_printed_in_its_spoken_form():
    stream = cp1252_stream()
    message = Message(f"Hand {BRAILLE} 9x", "Hand 14 red, 9 black")
    assert shown_form(message, stream) == "Hand 14 red, 9 black"
    assert shown_form(Message("Hand 14r 9x", "Hand 14 red, 9 black"), stream) == "Hand 14r 9x"
    # Neither form fits: the compact form, what cannot be encoded replaced.
    assert shown_form(Message(f"Saved in {USER_NAME}.", f"Saved in {USER_NAME}."), stream) == "Saved in ???? ???."
    assert encodable_line("Pëtr …", stream) == "Pëtr …"  # what cp1252 has stays


def test_the_plain_channel_writes_the_spoken_form_to_a_cp1252_standard_output(monkeypatch):
    stream = cp1252_stream()
    monkeypatch.setattr(sys, "stdout", stream)
    PlainChannel(lambda line: stream.write(line + "\n")).say(Message(f"Lead {BRAILLE}", "Lead 14 red"))
    stream.flush()
    assert stream.buffer.getvalue() == b"Lead 14 red\n"


def test_a_stray_write_to_a_prepared_stream_replaces_rather_than_raises(monkeypatch):
    monkeypatch.setenv("PYTHONIOENCODING", "cp1252")  # chosen by the user: the encoding stays
    stream = cp1252_stream()
    prepare_stream(stream)
    stream.write(BRAILLE + "\n")
    stream.flush()
    assert stream.encoding == "cp1252" and stream.buffer.getvalue() == b"???\n"


def test_a_pipe_with_no_encoding_chosen_is_made_utf8(monkeypatch):
    monkeypatch.delenv("PYTHONIOENCODING", raising=False)
    stream = cp1252_stream()  # what Windows gives a pipe: the ANSI code page
    prepare_stream(stream)
    stream.write(BRAILLE)
    stream.flush()
    assert stream.buffer.getvalue() == BRAILLE.encode("utf-8")


def run(args: list[str], stdin: bytes, encoding: str, home: Path) -> subprocess.CompletedProcess[bytes]:
    environment = program_environment(PYTHONPATH=str(REPOSITORY))
    environment.update(
        PYTHONIOENCODING=encoding,
        ROOK_ACCESS_CONFIG_DIR=str(home / "config"),
        ROOK_ACCESS_DATA_DIR=str(home / encoding / "data"),
    )
    return subprocess.run(
        [sys.executable, "-m", "rook_access", *args], input=stdin, capture_output=True, timeout=120, env=environment
    )


@pytest.mark.parametrize("verbosity", ["normal", "braille"])
def test_a_hand_plays_to_the_end_on_a_cp1252_console(tmp_path, verbosity):
    home = tmp_path / USER_NAME
    (home / "config").mkdir(parents=True)
    # A bad setting in a folder named in braille and Cyrillic: its notice names the folder.
    (home / "config" / "settings.toml").write_text(f'pacing = "{BRAILLE}"\n', encoding="utf-8")
    moves = keyboard_moves(SEED)
    # Braille cells typed as UTF-8: in cp1252, ⠁ and ⡁ (capital A in 8-dot computer braille)
    # hold a byte (0x81) that decodes to nothing.
    typed = ["\u2801\u2802", "play \u2841", "xyzzy " + USER_NAME]
    stdin = "\n".join(typed[:2] + moves[:1] + typed[2:] + moves[1:]).encode("utf-8") + b"\n"
    args = ["--hands", "1", "--level", "easy", "--seed", str(SEED), "--verbosity", verbosity, "--output", "plain"]

    done = run(args, stdin, "cp1252", home)

    assert done.returncode == 0, done.stderr.decode("cp1252")
    assert b"Traceback" not in done.stdout + done.stderr
    shown = done.stdout.decode("cp1252")  # every byte is cp1252
    # The same game on a UTF-8 console, reading the same characters, says these lines;
    # the cp1252 console says each the same, with only what it cannot encode replaced.
    same_characters = stdin.decode("cp1252", errors="replace").encode("utf-8")
    reference = run(args, same_characters, "utf-8", home).stdout.decode("utf-8")
    target = cp1252_stream()
    assert shown.splitlines() == [encodable_line(line, target) for line in reference.splitlines()]
    assert "?" in shown.splitlines()[0] and "Ignored bad settings in " in shown.splitlines()[0]
    assert any("\ufffd" in line for line in reference.splitlines())  # the byte cp1252 cannot decode, echoed
    assert shown.splitlines()[-1].startswith("Game over")  # the hand was played to the end


def test_a_flag_value_the_console_cannot_encode_is_told_in_one_line(tmp_path):
    done = run(["--seed", BRAILLE], b"", "cp1252", tmp_path)
    assert done.returncode == 2 and done.stdout == b""
    assert done.stderr.decode("cp1252") == (
        "rook-access: --seed: ??? is not a whole number. Type rook-access --help for the flags.\n"
    )


def test_an_escape_code_or_control_character_typed_is_never_said_back():
    # "help" with a word it does not know said the word back as typed, ESC and NUL included:
    # a terminal acts on the one and a screen reader reads out the other.
    output, *_ = run_in_process(["help \x1b[2Jbid", "help\tbid\x00", "pass"])
    assert "No command [2jbid. Type help all for every command." in output
    assert "No command bid. Did you mean bid?" in output
    assert all(line.isprintable() for line in output)
