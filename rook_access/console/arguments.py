"""The command line's parser: a mistake told in one short line with a hint, never the whole usage."""

from __future__ import annotations

import argparse
import difflib
import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, NoReturn

from ..engine.games import GAMES, all_options, find_game
from ..engine.protocol import Option, OptionError, OptionValue
from ..streams import encodable_line

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

FLAGS_HINT = "Type rook-access --help for the flags."


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a mistake is told in one line with the hint ``hint`` (--help), not the whole usage."""

    hint = FLAGS_HINT
    """What the line of a mistake ends with: where the flags are told."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"rook-access: {self._one_line(message)} {self.hint}\n")

    def _print_message(self, message: str, file: SupportsWrite[str] | None = None) -> None:
        """Help, version and mistakes, with what the console cannot encode (a flag's value) replaced."""
        stream = file if file is not None else sys.stderr
        if message and stream is not None:
            stream.write(encodable_line(message, stream))

    def _one_line(self, message: str) -> str:
        flags = [flag for action in self._actions for flag in action.option_strings if flag.startswith("--")]
        unknown = re.fullmatch(r"unrecognized arguments: (.*)", message)
        if unknown:
            words = unknown.group(1).split()
            if not words:  # rook-access "": argparse names an empty word as nothing at all
                return "an empty argument is not a flag; flags start with --."
            word = words[0]
            if not word.startswith("-"):
                return f"{word} is not a flag; flags start with --."
            close = difflib.get_close_matches(word.split("=")[0], flags, n=1)
            return f"unknown flag {word}" + (f"; did you mean {close[0]}?" if close else ".")
        ambiguous = re.fullmatch(r"ambiguous option: (\S+) could match (.*)", message)
        if ambiguous:
            return f"{ambiguous.group(1)} could be {ambiguous.group(2).replace(', ', ' or ')}; give more of it."
        value = re.fullmatch(r"argument ([^:]+): (.*)", message)
        if value:
            flag = value.group(1).split("/")[-1]
            problem = value.group(2)
            choice = re.fullmatch(r"invalid choice: '?([^']*)'? \(choose from (.*)\)", problem)
            if choice:
                allowed = [name.strip("'\"") for name in choice.group(2).split(", ")]
                return f"{flag} can be {', '.join(allowed[:-1])} or {allowed[-1]}, not {choice.group(1)}."
            if problem == "expected one argument":
                return f"{flag} needs a value."
            if problem.startswith(f"{flag} "):  # a refusal that names the flag itself: "--variant needs a game's name"
                return problem
            return f"{flag}: {problem if problem.endswith('?') else problem.rstrip('.') + '.'}"  # "Did you mean dixie?"
        return message.rstrip(".") + "."


def game_name(text: str) -> str:
    """``--variant``'s type: the game's name (any case); a mistake names the game meant, else the games, and
    so does nothing typed (``--variant ""``), which is no game called nothing."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"--variant needs a game's name: {', '.join(GAMES)}.")
    try:
        return find_game(text).name
    except OptionError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def _option_value(option: Option) -> Callable[[str], OptionValue]:
    """The flag's type for a declared option: its value checked by the declaration."""

    def parse(text: str) -> OptionValue:
        try:
            return option.parse(text)
        except OptionError as error:
            raise argparse.ArgumentTypeError(str(error).rstrip(".")) from None

    return parse


def add_option_flags(parser: argparse.ArgumentParser) -> None:
    """A flag for each table option the games declare, with its declared help."""
    for option in all_options():
        if option.kind is bool:
            parser.add_argument(option.flag, action="store_true", default=None, help=option.help)
        else:
            parser.add_argument(option.flag, type=_option_value(option), metavar=option.metavar, help=option.help)
