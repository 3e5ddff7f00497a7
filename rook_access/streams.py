"""Standard output and error that never fail on a character the console cannot show.

A Windows console set to an old code page, a pipe on Windows (in its ANSI
code page, like cp1252), ``PYTHONIOENCODING=cp1252`` or a POSIX terminal in a
Latin-1 locale cannot encode every character the program may print: braille cells like ``⠂⠲⠗`` typed by a
player, a voice name, a user name in a path.  Printing one would raise
``UnicodeEncodeError`` and end the game.  So:

- at start, ``prepare_standard_streams`` makes the standard streams UTF-8
  wherever the reader takes it (a Windows console, a pipe, a file), keeps the
  encoding the user or the terminal chose (``PYTHONIOENCODING``, a POSIX
  terminal's locale), and makes every stream replace what it cannot encode
  instead of raising, as a last guard for any stray write;
- a line is printed in its compact form if the stream can encode it, else in
  its spoken form (``shown_form``), else with each character the stream
  cannot encode replaced by ``?`` (``encodable_line``).

At a terminal, a line wider than the window is broken between words
(``terminal_rows``): a screen reader that reads the screen row by row, as
Fenrir does, would otherwise say a word cut at the window's edge as two
("ends the h", "and about").
"""

from __future__ import annotations

import codecs
import os
import shutil
import sys
import textwrap
from typing import IO, TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .announcer.message import Message

REPLACEMENT = "?"
"""What stands for a character the stream cannot encode (Python's own ``replace``)."""


def stream_encoding(stream: IO[str] | Any) -> str:
    """The encoding of a text stream (UTF-8 when it does not say)."""
    return getattr(stream, "encoding", None) or "utf-8"


def can_encode(text: str, stream: IO[str] | Any) -> bool:
    """Whether ``stream`` can write ``text`` without replacing a character."""
    try:
        text.encode(stream_encoding(stream))
    except UnicodeEncodeError:
        return False
    except LookupError:  # an encoding Python does not know: only ASCII is safe
        return text.isascii()
    return True


def encodable_line(line: str, stream: IO[str] | Any) -> str:
    """``line`` with every character ``stream`` cannot encode replaced by ``?``."""
    if can_encode(line, stream):
        return line
    return "".join(character if can_encode(character, stream) else REPLACEMENT for character in line)


def shown_form(message: Message, stream: IO[str] | Any) -> str:
    """What is printed for ``message``: the compact form; the spoken form if ``stream`` cannot encode
    the compact one; if neither, the compact form with what cannot be encoded replaced."""
    if can_encode(message.compact, stream):
        return message.compact
    if can_encode(message.spoken, stream):
        return message.spoken
    return encodable_line(message.compact, stream)


def _is_utf(encoding: str) -> bool:
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def _keeps_encoding(stream: IO[str] | Any) -> bool:
    """Whether the stream's encoding was chosen by the user or the terminal, and must stay."""
    if os.environ.get("PYTHONIOENCODING"):
        return True
    terminal = is_terminal(stream)
    # A Windows console takes UTF-8 from Python (it writes to the console in
    # Unicode); a POSIX terminal shows bytes in its locale's encoding.
    return terminal and sys.platform != "win32"


def prepare_stream(stream: IO[str] | Any) -> None:
    """UTF-8 where the other end takes it; in any case, a character that cannot be encoded (or a byte
    that cannot be decoded) is replaced, never raised."""
    reconfigure = getattr(stream, "reconfigure", None)
    if reconfigure is None:
        return
    encoding = stream_encoding(stream)
    try:
        if _keeps_encoding(stream) or _is_utf(encoding):
            reconfigure(errors="replace")
        else:
            reconfigure(encoding="utf-8", errors="replace")
    except (ValueError, OSError):  # a stream already written to in a way that cannot change
        pass


def prepare_standard_streams() -> None:
    """Prepare standard input, output and error (``prepare_stream``), at start before anything is printed.

    Standard input is read as output is written, and a byte it cannot decode
    becomes a replacement character rather than an error.
    """
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        if stream is not None:
            prepare_stream(stream)


def is_terminal(stream: IO[str] | Any) -> bool:
    """Whether ``stream`` is a terminal (not a pipe or a file; a stream that cannot say is not)."""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


def terminal_width(stream: IO[str] | Any) -> int | None:
    """The width of the window ``stream`` writes to, as it is now (not a stale $COLUMNS); None for a pipe or
    a file."""
    if not is_terminal(stream):
        return None
    try:
        return os.get_terminal_size(stream.fileno()).columns
    except (AttributeError, ValueError, OSError):
        return shutil.get_terminal_size().columns


def terminal_rows(line: str, stream: IO[str] | Any) -> str:
    """``line`` as written to ``stream``: at a terminal, broken between words into rows no wider than the
    window (a word longer than a row is left whole); elsewhere (a pipe, a file) unchanged, one line."""
    width = terminal_width(stream)
    if width is None:
        return line
    if len(line) < width or width < 20:
        return line
    # One column is kept free: a row that fills the window exactly leaves some terminals' cursor at its edge.
    return "\n".join(textwrap.wrap(line, width - 1, break_long_words=False, break_on_hyphens=False))
