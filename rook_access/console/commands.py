"""The console's commands: one registry that the parser and ``help`` both read."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..engine import CardNotationError, parse_card, parse_color
from ..engine.cards import shown


@dataclass(frozen=True)
class CommandSpec:
    """A command: its name, short aliases, arguments, one line of help and a brief description."""

    name: str
    aliases: tuple[str, ...]
    arguments: str
    help: str
    acts: bool = False
    """Whether it is a move in the game (the rest only review or leave)."""
    brief: str = field(default="", kw_only=True)
    """A description of about 25 characters at most, for the one-page braille command card."""


COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("bid", ("b",), "N", "Bid N points, in fives. A number alone bids too.", acts=True, brief="Bid N points"),
    CommandSpec("pass", ("p",), "", "Pass. You cannot bid again this hand.", acts=True, brief="Pass for this hand"),
    CommandSpec("check", ("ch",), "", "Kentucky Discard: before anyone bids, keep the right to bid later.", acts=True, brief="Check: bid later"),
    CommandSpec("discard", ("d",), "C C C C C", "Lay as many cards aside as the nest held (5 in most games) as the new nest.", acts=True, brief="Lay cards aside"),
    CommandSpec("trump", ("t",), "COLOR", "Name trump, like trump red; a color alone does too. Without a color: say what trump is.", acts=True, brief="Name trump, or say it"),
    CommandSpec("play", ("pl",), "C", "Play a card, like play 14r. A card alone plays it too.", acts=True, brief="Play a card"),
    CommandSpec("hand", ("h",), "", "Say your hand, by color, trump first.", brief="Say your hand"),
    CommandSpec("trick", ("tr",), "", "Say the cards played to this trick and who is winning it.", brief="Say this trick"),
    CommandSpec("last", ("l",), "", "Say the last trick taken.", brief="Say the last trick"),
    CommandSpec("bids", ("bs",), "", "Say the bids of this hand.", brief="Say the bids"),
    CommandSpec("score", ("s",), "", "Say the score and the points taken this hand.", brief="Say the score"),
    CommandSpec("taken", ("c", "counters"), "", "Say the counters each side has taken this hand.", brief="Counters taken"),
    CommandSpec("dummy", ("dm",), "", "The 2-player game: say the dummy's cards that are face up.", brief="Say the dummy"),
    CommandSpec("rules", ("ru",), "", "Say the rules of the game being played, in short.", brief="Say this game's rules"),
    CommandSpec("hint", ("hn",), "", "Say the move the strong computer player would make now, and why.", brief="Suggest a move, and why"),
    CommandSpec("repeat", ("rp",), "", "Say the last announcement again.", brief="Say the last line again"),
    CommandSpec("history", ("hi",), "", "Say the last ten announcements.", brief="Say the last ten lines"),
    CommandSpec("turn", ("w", "who"), "", "Say whose turn it is.", brief="Say whose turn it is"),
    CommandSpec("legal", ("lg",), "", "Say what you may do now.", brief="Say what you may do"),
    CommandSpec("stop", ("sh",), "", "Stop the program's speech now. The F2 key does it too.", brief="Stop speech now"),
    CommandSpec("settings", ("set",), "[NAME VALUE]", "Say the settings, or change one, like settings verbosity terse.", brief="Settings"),
    CommandSpec("help", ("?",), "", "Say these commands.", brief="Say these commands"),
    CommandSpec("quit", ("q", "exit"), "", "Leave the game.", brief="Leave the game"),
)

_BY_WORD: dict[str, CommandSpec] = {}
for _spec in COMMANDS:
    for _word in (_spec.name, *_spec.aliases):
        _BY_WORD[_word] = _spec


class UnknownCommandError(ValueError):
    """A line that names no command."""


@dataclass(frozen=True)
class Command:
    """A parsed line: the command and its argument words."""

    spec: CommandSpec
    arguments: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.spec.name


_TRAILING = ".!?;:"


def _words(line: str) -> list[str]:
    """The words of a line, with commas and trailing sentence punctuation dropped.

    Dictation software types "Pass." and "bid 75, please" as readily as keys do.
    """
    words = [word.strip(_TRAILING) or word for word in line.replace(",", " ").split()]
    # "14 red" and "14 r" are one card.
    joined: list[str] = []
    for word in words:
        if joined and is_number(joined[-1]) and _is_color(word):
            joined[-1] += word
        else:
            joined.append(word)
    return joined


NUMBER_DIGITS = 6
"""The most digits a number typed in a command may have (no bid or card needs more)."""


def is_number(word: str) -> bool:
    """Whether a word is a whole number written in the digits 0 to 9, at most ``NUMBER_DIGITS`` long."""
    return word.isascii() and word.isdigit() and len(word) <= NUMBER_DIGITS


def _is_color(word: str) -> bool:
    try:
        parse_color(word)
    except CardNotationError:
        return False
    return True


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except CardNotationError:
        return False
    return True


def parse_command(line: str) -> Command | None:
    """The command on a line (None for a blank line).

    Commands and aliases are case-insensitive; a card alone (``14r``) plays
    it, a number alone (``85``) bids it, and a color alone names trump.
    Trailing punctuation is ignored, and ``bid 75 points`` is ``bid 75``.
    """
    words = _words(line)
    if not words:
        return None
    first = words[0].lower()
    spec = _BY_WORD.get(first)
    if spec is not None:
        arguments = words[1:]
        if spec.name == "bid" and len(arguments) == 2 and arguments[1].lower() in ("points", "point"):
            arguments = arguments[:1]
        if spec.name == "pass" and arguments and all(_is_card(word) for word in arguments):
            # "p 14r": p is short for pass, but a card after it means play.
            spec = _BY_WORD["play"]
        return Command(spec, tuple(arguments))
    if is_number(first):
        return Command(_BY_WORD["bid"], tuple(words))
    if _is_card(first):
        return Command(_BY_WORD["play"], tuple(words))
    if _is_color(first) and len(words) == 1:
        return Command(_BY_WORD["trump"], tuple(words))
    if re.fullmatch(r"\d+[a-z]+", first):
        number = first.rstrip("abcdefghijklmnopqrstuvwxyz")
        if len(number) > 2 or not 1 <= int(number) <= 14:
            raise UnknownCommandError(f"{shown(words[0])} is not a card. Cards are numbered 1 to 14, like 14r or 5x.")
        raise UnknownCommandError(
            f"{shown(words[0])} is not a card. The colors are r red, x black, y yellow, g green, "
            f"like {number}r, {number}x, {number}y or {number}g."
        )
    raise UnknownCommandError(f"Unknown command: {shown(words[0])}. Type help for the commands.")


def help_lines() -> list[str]:
    """One line per command, for ``help``."""
    lines = ["Commands, with short forms:"]
    for spec in COMMANDS:
        arguments = f" {spec.arguments}" if spec.arguments else ""
        lines.append(f"{spec.name}{arguments}, short {' or '.join(spec.aliases)}: {spec.help}")
    lines.append("Cards are a number and a color letter, r red, x black, y yellow, g green: 14r, 5x, 10y, 7g; rook is the Bird.")
    return lines
