"""What the console needs from a family of games, beside the game protocol.

The console's loop (``session.ConsoleGame``) talks to any game through the
engine's protocol (``seats_to_act``, ``legal_actions``, ``apply``, ``view``,
``events``, ``is_over``).  What differs from one family to another (the words
said, the commands typed and how they become actions, the players and the
hint player, when to pause) comes from the family's ``FamilyConsole``,
registered once in ``console.families``.  Its narrator is the announcer's
``Narrator`` (``announcer.base``): every line from the events and the seat's view.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ..announcer import Verbosity
from ..announcer.base import Narrator
from ..players import Player
from .registry import Command, CommandContext, CommandSpec


class FamilyConsole(Protocol):
    """A family's part of the console: one value registered in ``console.families``."""

    family: str
    """The family's name, as ``GameDescription.family`` gives it: ``tricks``, ``patience``."""
    commands: tuple[CommandSpec, ...]
    """Every command of the family's games, in the order ``help all`` says them."""

    def plays(self, state: Any) -> bool:
        """Whether ``state`` is a game of this family."""
        ...

    def narrator(self, state: Any, humans: Sequence[int], verbosity: Verbosity) -> Narrator:
        """The family's narrator for ``state``, speaking to the keyboard seats ``humans``."""
        ...

    def save_progress(self, state: Any, humans: Sequence[int]) -> str:
        """How far a saved game has gone, for the list of saved games: ``hand 3, you 120 to 80``."""
        ...

    def humans(self, state: Any, players: Sequence[Player | None]) -> list[int]:
        """The seats played at the keyboard (``players[seat]`` None)."""
        ...

    def controller(self, state: Any, seat: int) -> int:
        """The seat whose player decides for ``seat`` (the dummy's is its partner's)."""
        ...

    def automatic(self, state: Any, seat: int) -> Any | None:
        """The action a keyboard seat takes without being asked (Rook Clock's next card), or None to ask."""
        ...

    def parse(self, line: str, choices: Sequence[str]) -> Command | None:
        """The command on a typed line (None for a blank line).

        ``UnknownCommandError`` for a line that names none, with the closest of ``choices``.
        """
        ...

    def action(self, game: CommandContext, command: Command) -> Any:
        """The action a move command asks for, checked for form only; ``Refused`` says why not."""
        ...

    def applies(self, spec: CommandSpec, state: Any) -> bool:
        """Whether ``spec`` means something now, in this game and this part of it."""
        ...

    def move_words(self, state: Any, seat: int) -> list[str]:
        """The moves ``seat`` may type now, as words, in the order its question names them."""
        ...

    def help(self, game: CommandContext, arguments: tuple[str, ...]) -> list[str]:
        """What ``help`` says, with ``arguments`` (``all``, a command's name, or none)."""
        ...

    def enter_alone(self, state: Any) -> tuple[str, str] | None:
        """What Enter alone does at a terminal, as (the words the question ends with, like "Enter plays it.",
        or "" to add none; the line typed), or None for nothing."""
        ...

    def enter_does_nothing(self, state: Any) -> str:
        """The one line that answers Enter alone at a terminal where it makes no move (``enter_alone`` None) at
        a keyboard seat's question: what the question wants, as a move typed wrong is answered; nothing changes."""
        ...

    def pauses_after(self, events: Sequence[Any]) -> bool:
        """Whether play waits for the user ("Press Enter to go on.") after these events."""
        ...

    def ends_the_move(self, event: Any) -> bool:
        """Whether ``event``, following one that pauses the play, comes of the same move (the hand's end and the
        next deal after the last trick), so the pause waits until it is said.  An online console, which takes
        in the events of several moves at once, pauses where a game at home pauses: after the whole move."""
        ...

    def hint_player(self) -> Any:
        """The player ``hint`` asks (``advise(view)``)."""
        ...

    def hint_lines(self, game: CommandContext, player: Any) -> list[str]:
        """What ``hint`` says for the seat to act."""
        ...

    def rules_lines(self, state: Any) -> list[str]:
        """What ``rules`` says: the rules of the game being played, in short."""
        ...

    def legal_lines(self, game: CommandContext) -> list[str]:
        """What ``legal`` says to the seat to act."""
        ...

    def game_over(self, game: CommandContext) -> list[str]:
        """What the family keeps of a game that has just ended (statistics); lines to say, if any."""
        ...


ENTER_DOES_NOTHING = "Enter alone makes no move now. Type legal for your moves."
"""The answer to Enter alone where it makes no move, in a game with no closer words for it."""


class EverySeatItsOwn:
    """The part of a ``FamilyConsole`` for games where each seat plays its own cards and is always asked:
    the keyboard seats are those without a computer player, no seat decides for another (no dummy), and
    nothing is played without asking (the booklet's party games)."""

    def humans(self, state: Any, players: Sequence[Player | None]) -> list[int]:
        """The seats played at the keyboard."""
        return [seat for seat, player in enumerate(players) if player is None]

    def controller(self, state: Any, seat: int) -> int:
        """Each seat decides for itself."""
        return seat

    def automatic(self, state: Any, seat: int) -> None:
        """Nothing is played without asking: the user paces their own turns."""
        return None

    def enter_does_nothing(self, state: Any) -> str:
        """Enter alone where it makes no move: ``ENTER_DOES_NOTHING``, the words of a game with no closer ones."""
        return ENTER_DOES_NOTHING
