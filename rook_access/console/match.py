"""Match's part of the console: the 1913 booklet's game for children.

Match has no choices: at your turn, Enter at a terminal (or ``play``, ``p``
or ``t``, which scripts type) turns your top card; the computer seats turn
theirs, and play waits for Enter after a pile taken (unless you turn next).  A blank
line in scripted input does nothing, as in every game.  ``pile`` says the
pile on the table, ``count`` (or ``score``) everyone's cards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..announcer import Verbosity
from ..announcer.match import MatchNarrator
from ..engine.match import FAMILY, LAST_PILES, MOST_PILES, TURN, MatchState, PileTaken
from ..players.match_player import MatchPlayer
from .family import EverySeatItsOwn
from .registry import (
    COMMON_COMMANDS,
    QUIET_COMMANDS,
    Command,
    CommandContext,
    CommandSpec,
    Refused,
    command_help,
    common_command,
    fit_words,
    no_such_command,
    review_handler,
    typed_words,
    unknown_command,
    words_of,
)

MATCH_HINT = dataclasses.replace(
    common_command("hint"),
    help="Say what to do now: Match has no choices.",
    brief="Say what to do",
)
MATCH_TURN = dataclasses.replace(
    common_command("turn"),
    help="On your turn, turn your top card, as p does; at another's, say whose turn it is (w and who always say it).",
    brief="Turn a card; whose turn",
)
MATCH_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("play", ("p", "t"), "", "Turn your top card onto the pile; Enter alone does too at a terminal.",
                acts=True, brief="Turn your top card", alone="Enter at a terminal"),
    CommandSpec("pile", ("pi",), "", "Say the pile on the table and the card to match.", brief="Say the pile",
                handler=review_handler("pile")),
    CommandSpec("count", ("score", "c", "sc"), "", "Say how many cards everyone holds, and who is out.",
                brief="Say everyone's cards", handler=review_handler("score")),
    *({"hint": MATCH_HINT, "turn": MATCH_TURN}.get(spec.name, spec) for spec in COMMON_COMMANDS),
)  # fmt: skip
_BY_WORD = words_of(MATCH_COMMANDS)


def _narrator(game: CommandContext) -> MatchNarrator:
    narrator: MatchNarrator = game.narrator
    return narrator


class MatchConsole(EverySeatItsOwn):
    """The console part of Match (``FamilyConsole``)."""

    family = FAMILY
    commands = MATCH_COMMANDS

    def plays(self, state: Any) -> bool:
        return isinstance(state, MatchState)

    def narrator(self, state: Any, humans: Sequence[int], verbosity: Verbosity) -> MatchNarrator:
        return MatchNarrator(state.names, humans, verbosity)

    def save_progress(self, state: MatchState, humans: Sequence[int]) -> str:
        narrator = MatchNarrator(state.names, humans)
        cards = narrator.counts_text(state.counts(), state.out).removeprefix("Cards: ").removesuffix(".")
        return f"pile {state.pile_number}, cards: {cards}"

    def parse(self, line: str, choices: Sequence[str]) -> Command | None:
        words = typed_words(line)
        if not words:
            return None
        spec = _BY_WORD.get(words[0].lower())
        if words[0].lower() == "turn" and choices:
            spec = MATCH_COMMANDS[0]  # "turn" on one's own turn turns the card, as the question invites; "who" asks
        if spec is not None:
            return Command(spec, tuple(words[1:]))
        raise unknown_command(words[0], choices, words[1:])

    def action(self, game: CommandContext, command: Command) -> Any:
        if command.arguments:
            raise Refused("Type p alone: Match has no choices, you turn your top card.")
        return TURN

    def applies(self, spec: CommandSpec, state: Any) -> bool:
        return True

    def move_words(self, state: Any, seat: int) -> list[str]:
        return ["p"] if state.legal_actions(seat) else []

    def help(self, game: CommandContext, arguments: tuple[str, ...]) -> list[str]:
        braille = game.narrator.braille
        word = arguments[0].lower() if arguments else ""
        if word == "all":
            return ["Commands, with short forms:", *(command_help(spec, braille) for spec in MATCH_COMMANDS)]
        if word:
            spec = _BY_WORD.get(word)
            if spec is None:
                return [no_such_command(word, MATCH_COMMANDS)]
            return list(game.narrator.fit(command_help(spec)))
        sayers = [spec.name for spec in MATCH_COMMANDS if not spec.acts and spec.name not in QUIET_COMMANDS]
        if braille:
            now = ["Now: Enter or p turns a card"] if game.yours() else []
            return [*now, *fit_words("Say:", sayers), "Also: settings, stop, quit", "help NAME: one command"]
        lines = ["Match has no choices: every player, and every level, just turns the top card."]
        if game.yours():
            lines.append("Now: press Enter, or type p, to turn your top card.")
        lines.append(f"To hear the game: {', '.join(sayers)}.")
        lines.append("Also settings, stop and quit. Type help and a command's name for more, or help all.")
        return lines

    def enter_alone(self, state: Any) -> tuple[str, str] | None:
        return ("", "play") if state.turn is not None else None

    def pauses_after(self, events: Sequence[Any]) -> bool:
        return any(isinstance(event, PileTaken) for event in events)

    def ends_the_move(self, event: Any) -> bool:
        return False  # the pause comes right after the event that makes it

    def hint_player(self) -> MatchPlayer:
        return MatchPlayer()

    def hint_lines(self, game: CommandContext, player: MatchPlayer) -> list[str]:
        view = game.state.view(game.viewer())
        return _narrator(game).advice_lines(view, player.advise(view))

    def rules_lines(self, state: MatchState) -> list[str]:
        what = "color" if state.colors else "number"
        return [
            f"Match: {state.players} players; the 56 cards, 1 to 14 in four colors, dealt one at a time "
            "from the dealer's left; no one looks at their cards.",
            f"In turn, each turns their top card onto the pile; whoever turns the {what} of the pile's first "
            "card takes the pile under their cards, and the next at their left starts a new pile.",
            f"A player out of cards is out. When two are left, {LAST_PILES} more piles; with 2 players, "
            f"{LAST_PILES} piles in all. Most cards wins; a tie is shared.",
            f"If one player is left, the game ends and the pile is no one's; it ends after {MOST_PILES} piles "
            f"at most. Table options: players {state.players}, colors {'on' if state.colors else 'off'}.",
        ]

    def legal_lines(self, game: CommandContext) -> list[str]:
        if not game.yours():
            return [_narrator(game).turn_line(game.state.view(game.viewer()))]
        return list(game.narrator.fit("Press Enter or type p to turn your top card."))

    def game_over(self, game: CommandContext) -> list[str]:
        return []


MATCH = MatchConsole()
"""The console part of Match."""
