"""The game protocol: what every game offers to everything around it.

Every game of the program, whatever its family (trick-taking Rook, the
patience games, and the booklet's party games to come), is a
``GameDescription`` and a state that satisfies ``GameState``.  The console,
the announcers, the computer players, saves, records, hints and the braille
display talk to a game only through these names: whose turn it is
(``seats_to_act``), what a seat may do (``legal_actions``), doing it
(``apply``, which raises ``IllegalActionError`` naming the broken rule and
what is allowed, and changes nothing), what a seat may know (``view``), what
happened (``events``), and how it ended (``is_over``, ``standings``).

In the spirit of OpenSpiel's Game/State split: the description is the
immutable game with its declared options; the state is one game in play.
Actions and events are small frozen values; ``engine.notation`` gives every
one of them its single JSON form, used by ``--record`` files and saves alike.

    >>> target = Option("target", int, 300, "play to this score", minimum=50, maximum=1000, step=5)
    >>> target.parse("250")
    250
    >>> target.parse("12")
    Traceback (most recent call last):
    ...
    rook_access.engine.protocol.OptionError: target must be a multiple of 5 from 50 to 1000, not 12.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .errors import RookError

OptionValue = int | str | bool | None
"""The value of a table option: a number, a name among choices, on/off, or unset."""


class OptionError(RookError):
    """A table option that is unknown or out of range; the message names what is allowed."""


@dataclass(frozen=True)
class Option:
    """One table option of a game, declared once as data.

    The flags, the settings file, saves, the record's first line,
    ``--list-variants``, ``rules`` and the first-start menu all read options
    from here.  ``name`` is the option's name in settings and saves
    (``bird_rank``); its flag is ``--bird-rank``.  ``kind`` is ``int``,
    ``str`` (one of ``choices``) or ``bool``; ``default`` None means unset
    (the game's own value applies).  ``metavar`` names the flag's value in
    ``--help`` (``POINTS``).
    """

    name: str
    kind: type
    default: OptionValue
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    step: int | None = None
    metavar: str = ""
    table_size: bool = False
    """A table size (how many play, in how many sides): given for a game that does not declare it, it is
    refused, naming the sizes that game is for, where another option is left out."""

    @property
    def flag(self) -> str:
        """The command-line flag: ``--bird-rank`` for ``bird_rank``."""
        return "--" + self.name.replace("_", "-")

    @property
    def spoken(self) -> str:
        """The name as said and listed, words apart: ``bird rank``."""
        return spoken_name(self.name)

    def allowed(self) -> str:
        """What values are allowed, in words: ``high, low or ten-and-a-half``."""
        if self.kind is bool:
            return "on or off"
        if self.choices:
            return or_list(self.choices)
        step = self.step or 1
        if step == 1:
            kind = "a whole number"
        elif (self.minimum or 0) % step == 0:
            kind = f"a multiple of {step}"
        else:
            kind = f"a whole number in steps of {step}"
        if self.minimum is not None and self.maximum is not None:
            return f"{kind} from {self.minimum} to {self.maximum}"
        if self.minimum is not None:
            return f"{kind}, {self.minimum} or more"
        if self.maximum is not None:
            return f"{kind}, {self.maximum} or less"
        return kind

    def check(self, value: OptionValue) -> OptionValue:
        """``value`` if it is allowed, else ``OptionError`` naming what is."""
        if value is None:
            return None
        if self.kind is bool:
            if isinstance(value, bool):
                return value
        elif self.kind is int:
            if isinstance(value, int) and not isinstance(value, bool) and self._in_range(value):
                return value
        elif isinstance(value, str) and value in self.choices:
            return value
        raise OptionError(f"{self.spoken} must be {self.allowed()}, not {_shown(value)}.")

    def parse(self, text: str) -> OptionValue:
        """The value typed as ``text`` (a flag's argument, a setting), checked."""
        words = text.strip().lower()
        if self.kind is bool:
            if words in ("on", "yes", "true", "1"):
                return True
            if words in ("off", "no", "false", "0"):
                return False
            raise OptionError(f"{self.spoken} must be on or off, not {text.strip()!r}.")
        if self.kind is int:
            try:
                number = int(words)
            except ValueError:
                raise OptionError(f"{self.spoken} must be {self.allowed()}, not {text.strip()!r}.") from None
            return self.check(number)
        return self.check(words)

    def _in_range(self, value: int) -> bool:
        if self.minimum is not None and value < self.minimum:
            return False
        if self.maximum is not None and value > self.maximum:
            return False
        base = self.minimum or 0
        return self.step in (None, 1) or (value - base) % self.step == 0


def spoken_name(name: str) -> str:
    """A setting's or option's name as said and listed, words apart (``min bid`` for ``min_bid``): a screen
    reader may read the underscore aloud.  Files and saves keep the underscore.

    >>> spoken_name("all_tricks_bonus")
    'all tricks bonus'
    """
    return name.replace("_", " ")


def or_list(words: Sequence[str]) -> str:
    """Words joined for a sentence: ``red``, ``red or black``, ``red, black or green``.

    >>> or_list(["red", "black", "green"])
    'red, black or green'
    """
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def article(number: int) -> str:
    """The article a number takes as it is said: ``an 8``, ``an 11``, ``an 18``, ``a 10``, ``a 12``.

    >>> [article(number) for number in (8, 11, 12, 18, 80, 110, 1)]
    ['an', 'an', 'a', 'an', 'an', 'a', 'a']
    """
    digits = str(abs(number))
    eleven = len(digits) % 3 == 2 and digits[:2] in ("11", "18")  # eleven, eighteen, eleven thousand
    return "an" if digits.startswith("8") or eleven else "a"


def _shown(value: object) -> str:
    return repr(value) if isinstance(value, str) else str(value)


class SeatKind(enum.Enum):
    """Who sits in a seat."""

    HUMAN = "human"
    COMPUTER = "computer"


@dataclass(frozen=True)
class TableSetup:
    """One typed table: the game, its options, and who sits where.

    ``options`` holds only options the game declares, checked; the ones
    not given take their declared defaults (``option``).  ``levels`` is the
    computer players' level per seat (ignored for human seats).  The same
    value is read from the flags, the settings file, a save and a record's
    first line.
    """

    game: str
    options: tuple[tuple[str, OptionValue], ...] = ()
    seats: tuple[SeatKind, ...] = (SeatKind.HUMAN,)
    levels: tuple[str, ...] = ()
    seed: int | None = None

    def option(self, name: str, default: OptionValue = None) -> OptionValue:
        """The value given for option ``name``, or ``default``."""
        return dict(self.options).get(name, default)


@dataclass(frozen=True)
class Standing:
    """Where one seat (or one side of seats) finished, or stands now.

    ``place`` is 1 for the winner (shared on a tie); ``score`` is the
    game's own measure (points, or cards built for a patience game).
    """

    seats: tuple[int, ...]
    score: int
    place: int
    won: bool


class SeatView(Protocol):
    """What one seat may know; never a hidden card.  Each family adds its own fields."""

    @property
    def seat(self) -> int: ...


@runtime_checkable
class GameState(Protocol):
    """One game in play, of any family.  Pure: no input, output or speech.

    ``apply`` raises ``IllegalActionError`` (its ``rule`` names the rule
    broken, ``legal`` what is allowed) and then changes nothing; otherwise it
    returns the events it caused, which are also appended to ``events``.
    """

    @property
    def events(self) -> Sequence[Any]: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def seat_count(self) -> int:
        """How many seats the table has, a dummy's seat included."""
        ...

    def seats_to_act(self) -> tuple[int, ...]:
        """The seats that may act now: one, several for simultaneous moves, every seat for open calls."""
        ...

    def legal_actions(self, seat: int) -> Collection[Any]:
        """What ``seat`` may do now (empty if it may not act)."""
        ...

    def apply(self, action: Any, seat: int) -> list[Any]:
        """Do ``action`` for ``seat``; the events it caused."""
        ...

    def view(self, seat: int) -> Any:
        """What ``seat`` may know, as this family's view value."""
        ...

    def standings(self) -> tuple[Standing, ...]:
        """The standings, best first: final once ``is_over``."""
        ...

    def clone(self) -> GameState:
        """An independent copy, for search and undo."""
        ...


@dataclass(frozen=True)
class GameDescription:
    """A game: its name, seats, declared options, and how to start one.

    ``start(setup, deal)`` makes the initial state from a checked
    ``TableSetup`` and, optionally, a fixed deal read by ``read_deal`` from a
    deal file's JSON (which raises ``InvalidDealError`` with a clear message).
    """

    name: str
    """The ``--variant`` name: ``partnership``, ``solitaire``, ``clock``..."""
    title: str
    """The game's name as said: ``Rook Solitaire``."""
    family: str
    """The family of games it belongs to: ``tricks``, ``patience``..."""
    summary: str
    """One line for ``--list-variants``."""
    seat_counts: tuple[int, ...]
    """How many seats the game allows."""
    options: tuple[Option, ...]
    start: Callable[[TableSetup, Any], GameState]
    read_deal: Callable[[Any], Any] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    """Family data the family's own modules read (the trick games keep their ``RuleSet`` here)."""
    seats_for: Callable[[Mapping[str, OptionValue]], int] | None = None
    """How many seats are played at a table with these (checked) options, where the game allows
    several table sizes (``seats_at``); None: ``seat_counts[0]``."""

    @property
    def for_one(self) -> bool:
        """Whether the game is played by one alone (the patience games): no table, no computer players.

        >>> GameDescription("toy", "Toy", "toy", "A toy.", (1,), (), lambda setup, deal: None).for_one
        True
        """
        return self.seat_counts == (1,)

    def seats_at(self, options: Mapping[str, OptionValue]) -> int:
        """How many seats a table of this game with ``options`` has (a dummy's not counted).

        >>> GameDescription("toy", "Toy", "toy", "A toy.", (2, 3), (), lambda setup, deal: None).seats_at({})
        2
        """
        return self.seats_for(options) if self.seats_for is not None else self.seat_counts[0]

    def option(self, name: str) -> Option:
        """The declared option ``name``; ``OptionError`` naming the options there are."""
        for option in self.options:
            if option.name == name:
                return option
        names = [option.name for option in self.options]
        allowed = or_list(names) if names else "none"
        raise OptionError(f"{self.title} has no option {name}; its options: {allowed}.")

    def checked_options(self, given: Mapping[str, OptionValue]) -> tuple[tuple[str, OptionValue], ...]:
        """``given`` checked against the declared options, in declaration order."""
        for name in given:
            self.option(name)
        return tuple(
            (option.name, option.check(given[option.name])) for option in self.options if option.name in given
        )
