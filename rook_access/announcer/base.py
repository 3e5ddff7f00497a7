"""What every family's narrator offers the console, and the words all families share.

A narrator turns what happens in a game into lines for the people at the
console.  Each family of games (the trick-taking games in ``announcer.tricks``,
the patience games to come) has its own narrator; the console talks to any of
them through ``Narrator`` alone and never names a family.

A narrator knows a game only from two things, so that it can never word a
fact the game has not reached or has already left behind:

- the **events**, told to it one at a time in the order they happened
  (``event_messages``; ``recall`` for the events of a resumed game, said
  before).  Everything a narrator says about an event comes from that event
  and the events before it, never from the game as it stands after a whole
  move: after the last trick of a hand, the game has already dealt the next
  hand, but the narrator has not been told so yet.
- the **seat's view** (the value of ``state.view(seat)``, what that seat may
  know now), for everything said about *now*: the question to the seat to
  act, a refusal, the review commands (``review_lines``), a resumed game.

Nothing here prints: the console sends the messages to an output channel.
Lines are short and meaningful alone, cards in the notation; ``messages``
pairs each with its spoken form.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol

from ..engine import COLOR_NAMES, Card, IllegalActionError, card_name
from ..engine.games import GAMES
from ..engine.protocol import article, or_list
from .message import Message
from .panning import fit_phrases
from .spoken import cards_in_words, speakable

BRAILLE_WIDTH = 40
"""Cells on the common braille display, and the longest line of the braille verbosity."""


class Verbosity(enum.Enum):
    """How much the announcer says about each thing that happens."""

    TERSE = "terse"
    """The fewest words: "West 10r.", "North takes it, 25."."""
    NORMAL = "normal"
    """Whole short sentences: "West plays 10r.", "North takes trick 3, 25 points."."""
    VERBOSE = "verbose"
    """Sentences with context: whether a card follows, what a side has taken so far."""
    BRAILLE = "braille"
    """Terse, and the hand, trick, bids and score each in one line of at most 40 cells
    ("Hand 14r 13r 5r 10x rook", "Trick 3: W 14r N rook; N wins")."""


Views = Callable[[int], Any]
"""The views of the seats now, by seat: ``state.view``."""


class Narrator(Protocol):
    """Every line the console says about a game, for any family of games.

    The console makes one narrator per game (the family's, from the game's
    description), sets ``verbosity`` and ``card_words`` as the settings say,
    and then:

    - tells it every event, in order, as the game produces them:
      ``event_messages(event)`` (the messages to say; may be none);
    - on resuming a saved game, first tells it the events said before the stop
      the same way (``history`` keeps their messages; nothing is said), then
      says ``resume_lines(state.view)``;
    - asks the seat to act with ``question(view)``, ``view`` being the view of
      the seat to act;
    - words a refused action with ``refusal(error, view)`` (view of the seat to act);
    - answers a review command with ``review_lines(topic, view)``, ``view``
      being the view of the seat the command speaks for; ``review_topics``
      are the topics this family answers (the console's commands name them);
    - says whose turn it is with ``turn_line(view)``;
    - words a player's advice (``Player.advise``) for ``hint`` with
      ``advice_lines(view, advice)``.

    Lines are returned as compact text (cards in the notation); ``printed``
    gives the text as shown (cards in words when ``card_words`` is set),
    ``messages`` the messages with their spoken forms, and ``fit`` cuts a
    line said in answer to a command to the braille display's width when the
    verbosity is braille.
    """

    verbosity: Verbosity
    card_words: bool
    asked_elsewhere: frozenset[int]
    """The seats of people who play at other consoles (an online table): the console says itself when one of
    them is to act ("Anna to lead."), so an event's lines do not say it too."""
    ending: str
    """The words that open the line saying a game is over: "Game over", or, where the game is one round
    of more (a progressive party's table), "Round over"."""

    @property
    def braille(self) -> bool:
        """Whether lines are cut to fit a 40-cell braille display."""
        ...

    def printed(self, line: str) -> str:
        """A line as it is printed."""
        ...

    def messages(self, lines: Iterable[str], urgent: bool = False) -> list[Message]:
        """Lines as messages, printed as ``printed`` says, each with its spoken form."""
        ...

    def fit(self, line: str) -> list[str]:
        """A line said in answer to a command, cut to the display's width if need be."""
        ...

    def event_messages(self, event: Any) -> list[Message]:
        """The messages that announce ``event``, the next event of the game."""
        ...

    def resume_lines(self, views: Views) -> list[str]:
        """Where a resumed game stands, for the people at the keyboard."""
        ...

    def question(self, view: Any) -> str:
        """What the seat to act is asked, with what it may do (as printed)."""
        ...

    def refusal(self, error: IllegalActionError, view: Any) -> str:
        """One line: what was wrong with a refused action, and what is allowed."""
        ...

    def turn_line(self, view: Any) -> str:
        """Whose turn it is, and to do what."""
        ...

    @property
    def review_topics(self) -> tuple[str, ...]:
        """The review commands this family answers (``hand``, ``score``...)."""
        ...

    def review_lines(self, topic: str, view: Any) -> list[str]:
        """The lines answering review command ``topic`` for ``view``'s seat."""
        ...

    def advice_lines(self, view: Any, advice: Any) -> list[str]:
        """A player's advice for ``view`` (its move and its reason), for ``hint``."""
        ...


def messages(lines: Iterable[str], urgent: bool = False) -> list[Message]:
    """Lines as messages, each with its spoken form."""
    return [Message(line, speakable(line), urgent) for line in lines]


def cards_text(cards: Iterable[Card]) -> str:
    """Cards in the notation, separated by spaces.

    >>> cards_text([13, 18, 56])
    '14r 5x rook'
    """
    return " ".join(card_name(card) for card in cards)


def resuming_line(game: str) -> str:
    """The first line of a resumed game of ``game`` (its name in ``GAMES``): ``Resuming Rook Solitaire.``"""
    return f"Resuming {GAMES[game].title}."


def fit_lines(label: str, groups: list[list[str]], width: int) -> list[str]:
    """``label`` and the words of ``groups`` in as few lines of at most ``width`` characters as it takes.

    Each line starts with ``label``; a group (the cards of one color) is kept
    on one line where it fits, and is only split between words otherwise.

    >>> fit_lines("Hand", [["14r", "5r"], ["10x"]], 14)
    ['Hand 14r 5r', 'Hand 10x']
    """
    lines: list[str] = []
    line = label
    for group in groups:
        text = " ".join(group)
        if line != label and len(line) + 1 + len(text) > width:
            lines.append(line)
            line = label
        for word in group:
            if line != label and len(line) + 1 + len(word) > width:
                lines.append(line)
                line = label
            line += " " + word
    lines.append(line)
    return lines


def numbered_fit_lines(label: str, groups: list[list[str]], width: int) -> list[str]:
    """``fit_lines``, but where it takes several lines each says which part it is after ``label``: "Hand 1/2
    14r 10r", "Hand 2/2 5y" (a reader panning through knows whether more is to come).

    >>> numbered_fit_lines("Hand", [["14r", "5r"], ["10x", "9x"]], 16)
    ['Hand 1/2 14r 5r', 'Hand 2/2 10x 9x']
    >>> numbered_fit_lines("Hand", [["14r", "5r"], ["10x", "9x"]], 40)
    ['Hand 14r 5r 10x 9x']
    """
    lines = fit_lines(label, groups, width)
    if len(lines) == 1:
        return lines
    lines = fit_lines(label + " 1/2", groups, width)
    count = len(lines)
    return [f"{label} {number}/{count}" + line[len(label) + 4 :] for number, line in enumerate(lines, 1)]


def plural(count: int, noun: str) -> str:
    """``1 card``, ``2 cards``.

    >>> plural(1, "card"), plural(2, "deal")
    ('1 card', '2 deals')
    """
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def points_words(count: int, red: bool = False) -> str:
    """``15 points``, ``1 point``, ``no points`` (``red points`` where points count against).

    >>> points_words(15), points_words(1), points_words(0), points_words(5, red=True)
    ('15 points', '1 point', 'no points', '5 red points')
    """
    kind = "red point" if red else "point"
    return f"{count or 'no'} {kind}{'s' if count != 1 else ''}"


def suit_words(suit: int, trump: int | None) -> str:
    """A suit in words, as the table names it: ``trump`` for the trump color's, else the color.

    >>> suit_words(0, 0), suit_words(2, 0)
    ('trump', 'yellow')
    """
    return "trump" if suit == trump else COLOR_NAMES[suit]


def signed(points: int) -> str:
    """A score change with its sign: +45, -95, 0.

    >>> signed(45), signed(-95), signed(0)
    ('+45', '-95', '0')
    """
    return f"+{points}" if points > 0 else str(points)


PROPER_WORDS = frozenset(("I", "Orange", "Panjandrum"))
"""Words that keep their capital inside a sentence, beside the seats' names (a call's name, the game's)."""


def mid_sentence(line: str, names: Iterable[str]) -> str:
    """A line that stands alone, put after a colon inside a sentence: its first letter in lower case, unless
    its first word names a seat or is a name itself.

    >>> names = ("South", "West", "North", "East")
    >>> mid_sentence("The call on East's turn is open.", names), mid_sentence("East's turn.", names)
    ("the call on East's turn is open.", "East's turn.")
    >>> mid_sentence("Orange may be called now.", names)
    'Orange may be called now.'
    """
    word = line.split(" ", 1)[0].removesuffix("'s").rstrip(".,:;!?")
    if word in PROPER_WORDS or word in tuple(names):
        return line
    return line[:1].lower() + line[1:]


class NarratorBase:
    """What every family's narrator does alike: output forms, verbosity and the names of seats.

    ``names`` are the seats' names; ``humans`` the seats played at the
    keyboard.  With one human, that seat is "you"; with several, every seat
    is called by its name.
    """

    def __init__(self, names: Sequence[str], humans: Iterable[int], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        self.names = tuple(names)
        self.verbosity = verbosity
        self.humans = tuple(humans)
        self.you = self.humans[0] if len(self.humans) == 1 else None
        self.card_words = False
        """Print cards in words ("14 red") instead of the notation: at a terminal
        where the screen reader reads the screen (the console decides)."""
        self.asked_elsewhere: frozenset[int] = frozenset()
        """The seats of people at other consoles, whose turn the console says itself (``Narrator``)."""
        self.ending = "Game over"
        """The words that open the game's last line (a progressive party's table says "Round over")."""

    # ---------------------------------------------------------------- output
    def printed(self, line: str) -> str:
        """A line as it is printed: its cards in words when ``card_words`` is set."""
        return cards_in_words(line) if self.card_words else line

    def messages(self, lines: Iterable[str], urgent: bool = False) -> list[Message]:
        """Lines as messages: printed as ``printed`` says, spoken with their spoken form."""
        return [Message(self.printed(line), speakable(line), urgent) for line in lines]

    def fit(self, line: str) -> list[str]:
        """A line said in answer to a command: with the braille verbosity, cut where its phrases end into
        lines of at most 40 cells, each read on its own (``fit_phrases``); otherwise the line itself."""
        return fit_phrases(line, BRAILLE_WIDTH) if self.braille else [line]

    @property
    def terse(self) -> bool:
        """Terse wording: the terse and braille verbosities."""
        return self.verbosity in (Verbosity.TERSE, Verbosity.BRAILLE)

    @property
    def braille(self) -> bool:
        """Lines cut to fit a 40-cell braille display."""
        return self.verbosity is Verbosity.BRAILLE

    @property
    def verbose(self) -> bool:
        """Sentences with context."""
        return self.verbosity is Verbosity.VERBOSE

    # ------------------------------------------------------------------ names
    def name(self, seat: int) -> str:
        """The seat as the subject of a sentence: "You" or its name."""
        return "You" if seat == self.you else self.names[seat]

    def object_name(self, seat: int) -> str:
        """The seat inside a sentence: "you" or its name."""
        return "you" if seat == self.you else self.names[seat]

    def people_text(self, seats: Iterable[int], in_order: bool = False) -> str:
        """Seats as a phrase: "you and North", "West, North and East"; "you" first unless ``in_order`` (an
        order that counts, like Donkey's folds: "East, you and West")."""
        named = [self.object_name(seat) for seat in seats]
        if not in_order:
            named.sort(key=lambda name: name != "you")
        return named[0] if len(named) == 1 else f"{', '.join(named[:-1])} and {named[-1]}"

    def does(self, seat: int, you_form: str, other_form: str) -> str:
        """The seat and its verb: "You deal", "West deals"."""
        return f"{self.name(seat)} {you_form if seat == self.you else other_form}"

    def whose(self, seat: int) -> str:
        """The seat as an owner: "Your", "West's"."""
        return "Your" if seat == self.you else f"{self.names[seat]}'s"


__all__ = [
    "BRAILLE_WIDTH",
    "Narrator",
    "NarratorBase",
    "Verbosity",
    "Views",
    "article",
    "cards_text",
    "fit_lines",
    "messages",
    "mid_sentence",
    "or_list",
    "plural",
    "points_words",
    "signed",
    "suit_words",
]
