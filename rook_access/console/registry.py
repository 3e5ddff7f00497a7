"""The command registry: each command declared once, for every family of games.

A ``CommandSpec`` holds a command's name, its short forms, its arguments,
one line of help, a brief description for the braille command card, the
phases and games where it applies, and its handler.  ``help``, Tab's
completion, the braille command card (``command_card``) and the table in
``docs/playing.md`` (``markdown_table``) are all made from these values.

The commands every game shares (``COMMON_COMMANDS``: rules, hint, repeat,
history, turn, legal, stop, settings, help, quit) are declared here; each
family adds its own moves and review commands (``console.commands`` for the
trick-taking games, ``console.patience`` for the patience games).

A handler gets the running game as a ``CommandContext`` and the parsed
``Command``, and returns the lines to say; it raises ``Refused`` (its
message is the one line to say) when the command cannot be carried out.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from ..announcer.base import fit_lines
from ..engine.cards import COLOR_NAMES, CardNotationError, parse_color, shown
from ..engine.spelling import nearest
from ..players.base import Decision
from ..settings import ALL_SETTINGS, setting_groups, spoken_setting_names


class Refused(Exception):
    """A command that cannot be carried out; its message is the line to say; ``meant``, the line it likely meant
    where that line asks "Did you mean ...?" (typing yes then carries that out), as ``UnknownCommandError``'s."""

    def __init__(self, message: str, meant: str | None = None) -> None:
        super().__init__(message)
        self.meant = meant


class UnknownCommandError(ValueError):
    """A line that names no command; ``meant``, the line it likely meant where the refusal asks "Did you mean
    ...?" (typing yes then carries that out)."""

    def __init__(self, message: str, meant: str | None = None) -> None:
        super().__init__(message)
        self.meant = meant


class CommandContext(Protocol):
    """What a command's handler may use of the running game (``ConsoleGame``)."""

    @property
    def state(self) -> Any: ...

    @property
    def humans(self) -> Sequence[int]:
        """The seats played at the keyboard."""
        ...

    @property
    def decisions(self) -> Sequence[Decision]:
        """The moves made in this session so far (the latest ``DECISIONS_KEPT``), oldest first."""
        ...

    @property
    def resumed_at(self) -> int:
        """How many events the game had when it was resumed; 0 for a game started in this session."""
        ...

    @property
    def narrator(self) -> Any: ...

    @property
    def table_words(self) -> frozenset[str]:
        """The words an online table's own commands take (``who``), which no game command's short form means
        there; none at home."""
        ...

    def earlier_choices(self, hand: int) -> list[Decision] | None:
        """The keyboard seat's moves of hand ``hand``, each with its view (those a computer made for it with that
        computer as their player), where they are known beyond ``decisions`` (an online table's server keeps
        those made before this console came); None where not."""
        ...

    def viewer(self) -> int:
        """The seat review commands speak for."""
        ...

    def advisor(self) -> Any:
        """The ``hint`` command's player (the family's ``hint_player``), made once a game: ``review`` asks it
        too, so a decision the user asked a hint for is judged by the very evaluation the hint gave."""
        ...

    def yours(self) -> bool:
        """Whether a seat played at the keyboard is to act now."""
        ...

    def say(self, line: str) -> None:
        """Say one line that answers the user."""
        ...

    def say_as_typed(self, line: str) -> None:
        """Say a line about what to type, its cards kept in the notation to be typed."""
        ...

    def hand_over(self, player: Any) -> None:
        """Let ``player`` make the keyboard seat's moves from now on (a demonstration)."""
        ...

    def common_command(self, command: Command) -> list[str]:
        """Carry out one of the commands every game shares; the lines to say."""
        ...


DECISIONS_KEPT = 1000
"""How many of the latest moves a session keeps for ``why`` and ``review``: more than two hands of any game."""


Handler = Callable[[CommandContext, "Command"], list[str]]
"""A review command's handler: the lines to say (a move's action is its family's to make)."""

Takes = Callable[[CommandContext, Sequence["CommandSpec"]], Iterable[str]]
"""The words a command's first argument may be now, from the running game and its family's commands."""


def _common(context: CommandContext, command: Command) -> list[str]:
    return context.common_command(command)


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
    needs: str = field(default="", kw_only=True)
    """The game's feature the command needs, the name of an attribute of the game's rules
    that must be true (``bidding``, ``checking``, ``dummy``); empty where every game has it."""
    phases: frozenset[Any] = field(default=frozenset(), kw_only=True)
    """The parts of the game where the command is used (the family's phase values); empty for all."""
    alone: str = field(default="", kw_only=True)
    """What typed alone does the same, like "a card alone", for the short help."""
    reviews: bool = field(default=False, kw_only=True)
    """A move that, typed without arguments, only says something, in any part of the hand
    (``trump`` names trump in its turn and says what trump is at any time)."""
    handler: Handler = field(default=_common, kw_only=True, compare=False, repr=False)
    """What the command does (review commands; a move's action comes from its family)."""
    keys: str = field(default="", kw_only=True)
    """Keys that do the same, for the docs' table (``F2``)."""
    games: frozenset[str] = field(default=frozenset(), kw_only=True)
    """The games of its family where it applies, by ``--variant`` name; empty for all of them."""
    asks: str = field(default="", kw_only=True)
    """A move that cannot be taken back (``resign``): the yes-or-no question asked first at a terminal, so that a
    slip of the keys loses nothing; scripted input makes the move at once, as it always has."""
    takes: Takes | None = field(default=None, kw_only=True, compare=False, repr=False)
    """The words its first argument may be (``why``: the seats), so that the command typed glued to one
    ("whynorth") is answered "Did you mean why north?"; a move's arguments are those its family reads as one."""

    def in_game(self, rules: object) -> bool:
        """Whether the game of ``rules`` has what this command is about."""
        return not self.needs or bool(getattr(rules, self.needs, False))

    def applies(self, rules: object, phase: object) -> bool:
        """Whether the command means something now: in this game, in this part of the game."""
        return self.in_game(rules) and (not self.phases or phase in self.phases or self.reviews)

    def is_move(self, phase: object) -> bool:
        """Whether the command is a move in ``phase``."""
        return self.acts and (not self.phases or phase in self.phases)


@dataclass(frozen=True)
class Command:
    """A parsed line: the command and its argument words."""

    spec: CommandSpec
    arguments: tuple[str, ...]

    @property
    def name(self) -> str:
        return self.spec.name


def _command_names(context: CommandContext, specs: Sequence[CommandSpec]) -> list[str]:
    """What ``help`` takes: a command's name, or all."""
    return [*(spec.name for spec in specs), "all"]


def _setting_words(context: CommandContext, specs: Sequence[CommandSpec]) -> list[str]:
    """What ``settings`` takes first: a setting's name, a group's, or all."""
    return [*spoken_setting_names(), *setting_groups(), ALL_SETTINGS]


def takes_all(context: CommandContext, specs: Sequence[CommandSpec]) -> tuple[str, ...]:
    """What a command that takes only ``all`` takes (``review all``)."""
    return ("all",)


COMMON_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("rules", ("ru",), "", "Say the rules of the game being played, in short, and its table options.",
                brief="Say this game's rules"),
    CommandSpec("hint", ("hn",), "", "Say the move the strong computer player would make now, and why.",
                brief="Suggest a move, and why"),
    CommandSpec("repeat", ("rp", "again"), "", "Say the last announcement again.", brief="Say the last line"),
    CommandSpec("history", ("hi",), "", "Say the last ten announcements.", brief="Say the last ten lines"),
    CommandSpec("turn", ("w", "who"), "", "Say whose turn it is.", brief="Say whose turn it is"),
    CommandSpec("legal", ("lg",), "", "Say what you may do now.", brief="Say what you may do"),
    CommandSpec("stop", ("sh",), "", "Stop the program's speech now. The F2 key does it too.", brief="Stop speech now",
                keys="F2"),
    CommandSpec("settings", ("set",), "[NAME VALUE]",
                "Say the settings, or a group's like settings pace, or change one, like settings verbosity terse.",
                brief="Settings", takes=_setting_words),
    CommandSpec("help", ("?",), "[all or NAME]",
                "Say the commands for now; help all, every command; help and a name, that command.",
                brief="Say the commands", takes=_command_names),
    CommandSpec("new", (), "", "Start another game of the same kind; this one is kept for rook-access --resume.",
                brief="Start another game"),
    CommandSpec("games", (), "", "Choose another game from the list; this one is kept for rook-access --resume.",
                brief="Choose another game"),
    CommandSpec("quit", ("q", "exit"), "", "Leave the game.", brief="Leave the game"),
)  # fmt: skip
"""The commands of every game; a family may reword one's help (``reworded``)."""

QUIET_COMMANDS = ("settings", "stop", "help", "new", "games", "quit")
"""The commands ``help`` names apart from those that say something of the game."""


def common_command(name: str) -> CommandSpec:
    """The shared command ``name``."""
    return next(spec for spec in COMMON_COMMANDS if spec.name == name)


def words_of(specs: Iterable[CommandSpec]) -> dict[str, CommandSpec]:
    """Every name and short form of ``specs``, to its command."""
    by_word: dict[str, CommandSpec] = {}
    for spec in specs:
        for word in (spec.name, *spec.aliases):
            by_word[word] = spec
    return by_word


TRAILING = ".!?;:"
"""Sentence punctuation dropped from the end of a typed word."""


def typed_words(line: str) -> list[str]:
    """The words of a line, with commas and trailing sentence punctuation dropped.

    Dictation software types "Pass." and "bid 75, please" as readily as keys do.

    >>> typed_words("Move 3, 5.")
    ['Move', '3', '5']
    """
    return [word.strip(TRAILING) or word for word in line.replace(",", " ").split()]


def cards_joined(words: Sequence[str]) -> list[str]:
    """The words with a number and its color joined into one card, as cards are said in words: "7 red",
    "7 r", "the 7 of red" and "red 7" are 7r ("the rook" is the Bird).

    >>> cards_joined(["play", "7", "red"]), cards_joined(["7", "r", "up"]), cards_joined(["3", "5"])
    (['play', '7red'], ['7r', 'up'], ['3', '5'])
    >>> cards_joined(["play", "red", "14"]), cards_joined(["the", "14", "of", "green", "9", "x"])
    (['play', '14red'], ['14green', '9x'])
    >>> cards_joined(["ten", "green"]), cards_joined(["the", "five", "of", "red"]), cards_joined(["two"])
    (['10green'], ['5red'], ['two'])
    """
    words = [  # a number in words before a color: "ten green", "ten of green"
        str(NUMBER_WORDS.index(word.lower()) + 1)
        if word.lower() in NUMBER_WORDS and index + 1 < len(words)
        and (is_color(words[index + 1]) or words[index + 1].lower() == "of") else word
        for index, word in enumerate(words)
    ]
    joined: list[str] = []
    for index, word in enumerate(words):
        following = words[index + 1] if index + 1 < len(words) else ""
        if word.lower() == "of" and joined and is_number(joined[-1]) and is_color(following):
            continue  # "14 of red"
        if word.lower() == "the" and (is_number(following) or following.lower() in ("rook", "bird")):
            continue  # "the 14 of red", "the rook"
        if joined and is_number(joined[-1]) and is_color(word):
            joined[-1] += word
        elif joined and joined[-1].lower() in COLOR_WORDS and is_number(word):
            joined[-1] = word + joined[-1]  # "red 14", the color said first (in full: "b 80" is a bid)
        else:
            joined.append(word)
    return joined


NUMBER_WORDS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
                "thirteen", "fourteen")
"""The cards' numbers in words, 1 to 14, as a card may be typed before its color: "ten green"."""

COLOR_WORDS = frozenset(name.lower() for name in COLOR_NAMES)
"""The colors' names in full, which may come before the number: "red 14"."""


def is_color(word: str) -> bool:
    """Whether a word names a color: red, r, black, x... (``parse_color``)."""
    try:
        parse_color(word)
    except CardNotationError:
        return False
    return True


NUMBER_DIGITS = 6
"""The most digits a number typed in a command may have (no bid or card needs more)."""


def is_number(word: str) -> bool:
    """Whether a word is a whole number written in the digits 0 to 9, at most ``NUMBER_DIGITS`` long.

    >>> is_number("75"), is_number("7r"), is_number("٣")
    (True, False, False)
    """
    return word.isascii() and word.isdigit() and len(word) <= NUMBER_DIGITS


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """" Did you mean black?" for the choice closest to a mistyped word (``nearest``), or "" when none is close.

    >>> did_you_mean("blak", ["red", "black"])
    ' Did you mean black?'
    >>> did_you_mean("bdi", ["bid", "pass", "hand"]), did_you_mean("hnad", ["bid", "pass", "hand"])
    (' Did you mean bid?', ' Did you mean hand?')
    >>> did_you_mean("xyz", ["bid", "pass"])
    ''
    """
    close = nearest(word, choices)
    return f" Did you mean {close}?" if close else ""


def refuse_a_color_mistyped(words: Sequence[str]) -> None:
    """Refuse a card's number followed by a word close to a color but not one ("7 blak", "9 read"), naming the
    color meant, rather than leave the card unread ("One card only"); yes then plays it with that color."""
    for index, word in enumerate(words[:-1]):
        after = words[index + 1]
        if not (is_number(word) and 1 <= int(word) <= 14 and after.isalpha() and not is_color(after)):
            continue
        close = nearest(after.lower(), COLOR_NAMES)
        if close:
            meant = [*words[: index + 1], close, *words[index + 2 :]]
            raise UnknownCommandError(
                f"{shown(after)} is not a color. Did you mean {close}? "
                "The colors are red, black, yellow and green, or r, x, y and g.",
                " ".join(meant),
            )


def unknown_command(word: str, choices: Iterable[str], rest: Sequence[str] = ()) -> UnknownCommandError:
    """The refusal of a word that names no command, with the closest of ``choices`` (``rest``: the words typed
    after it, which the line meant keeps: "pas 3r" meant "pass 3r")."""
    close = nearest(word, choices)
    if close:
        return UnknownCommandError(f"Unknown command: {shown(word)}. Did you mean {close}?", " ".join([close, *rest]))
    return UnknownCommandError(f"Unknown command: {shown(word)}. Type help for the commands.")


def no_such_command(word: str, specs: Iterable[CommandSpec]) -> str:
    """The answer to ``help NAME`` where NAME is no command: the closest command's name, or ``help all``.

    >>> no_such_command("hlep", [CommandSpec("help", ("h",), "", "Say the commands.")])
    'No command hlep. Did you mean help?'
    """
    suggestion = did_you_mean(word, [spec.name for spec in specs])
    return f"No command {shown(word)}.{suggestion or ' Type help all for every command.'}"


def review_handler(topic: str) -> Handler:
    """The handler of review command ``topic``: the narrator's lines from the viewing seat's view."""

    def handler(game: CommandContext, command: Command) -> list[str]:
        return list(game.narrator.review_lines(topic, game.state.view(game.viewer())))

    handler.__name__ = f"_{topic}"
    return handler


def _turn_alone(game: CommandContext, command: Command) -> list[str]:
    return list(game.narrator.fit(game.narrator.turn_text(game.state.view(game.viewer()))))


def with_common(*replacements: CommandSpec) -> tuple[CommandSpec, ...]:
    """The shared commands, each of ``replacements`` (a family's rewording) in place of the one of its name, for
    a family whose narrator words ``turn_line`` to follow a colon (``Wait: the call on East's turn is open.``,
    ``It is not your turn: the game is over.``): its ``turn`` says the narrator's ``turn_text``, the same
    standing alone (``The game is over.``)."""
    turn = replace(common_command("turn"), handler=_turn_alone)
    by_name = {spec.name: spec for spec in (turn, *replacements)}
    return tuple(by_name.get(spec.name, spec) for spec in COMMON_COMMANDS)


def usage(spec: CommandSpec) -> str:
    """The command and its arguments: ``bid N``."""
    return f"{spec.name} {spec.arguments}".strip()


def command_help(spec: CommandSpec, braille: bool = False) -> str:
    """One command's line of help, with its short forms."""
    if not spec.aliases:
        return f"{usage(spec)}: {spec.brief if braille else spec.help}"
    if braille:
        return f"{usage(spec)}, {' or '.join(spec.aliases)}: {spec.brief}"
    return f"{usage(spec)}, short {' or '.join(spec.aliases)}: {spec.help}"


def fit_words(label: str, words: list[str], width: int = 40) -> list[str]:
    """``label`` and ``words``, comma-separated, in as few lines of at most ``width`` characters as it takes.

    >>> fit_words("Say:", ["hand", "score"])
    ['Say: hand, score']
    """
    pieces = [word + ("," if index < len(words) - 1 else "") for index, word in enumerate(words)]
    return fit_lines(label, [[piece] for piece in pieces], width)


def markdown_table(specs: Sequence[CommandSpec]) -> list[str]:
    """The docs' table of ``specs``: command, short forms, what it does (``docs/playing.md`` holds it)."""
    rows = ["| command | short | what it does |", "|---|---|---|"]
    for spec in specs:
        short = [f"`{alias}`" for alias in spec.aliases]
        if spec.alone:
            short.append(f"or {spec.alone}")
        if spec.keys:
            short.append(f"or {spec.keys}")
        rows.append(f"| `{usage(spec)}` | {', '.join(short)} | {spec.help} |")
    return rows
