"""Panjandrum's part of the console: the 1913 booklet's racing patience with its call.

At your turn: ``lift`` (l) turns your hand's top card; ``build`` (b) plays
your card (the one lifted, else your delay pile's top) on the building pile
of its color; ``on West`` (o w) on West's delay pile; ``delay`` (d) puts the
card lifted on your own delay pile, which ends your turn.  The program takes
any move that is possible, right or wrong: a mistake can be called.  After
every turn the other players may call Panjandrum: ``p`` calls, Enter (or
``pass``, ``n``) lets it go.  ``piles`` says every pile and hand, ``plays``
the plays of the turn, ``score`` everyone's cards.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..announcer import Verbosity
from ..announcer.calls import ACCEPT_WORDS, DECLINE_WORDS
from ..announcer.panjandrum import PanjandrumNarrator
from ..engine.panjandrum import (
    BUILD,
    CALL,
    FAMILY,
    GIVEN_BY_CALLER,
    LET_GO,
    LIFT,
    MISTAKES_HELP,
    MOST_TURNS,
    OnDelay,
    PanjandrumState,
)
from ..players.panjandrum_player import PanjandrumPlayer
from .family import EverySeatItsOwn
from .registry import (
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
    with_common,
    words_of,
)

PANJANDRUM_HINT = dataclasses.replace(
    common_command("hint"),
    help="Say the move the order of plays prescribes now, and why; during a call, whether to call.",
)
PANJANDRUM_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("lift", ("l",), "", "Lift the top card of your hand; you must then play it.", acts=True,
                brief="Lift your top card"),
    CommandSpec("build", ("b",), "", "Play your card (the one lifted, else your delay pile's top) on the "
                "building pile of its color.", acts=True, brief="Play on a building pile"),
    CommandSpec("on", ("o",), "NAME", "Play your card on NAME's delay pile, one up or down: on West, or o w.",
                acts=True, brief="Play on NAME's delay pile"),
    CommandSpec("delay", ("d",), "", "Put the card you lifted on your own delay pile; your turn ends.",
                acts=True, brief="Own delay pile, end turn"),
    CommandSpec("panjandrum", ("p",), "", "Call Panjandrum on the turn just ended, when a call is open.",
                acts=True, brief="Call Panjandrum"),
    CommandSpec("pass", ("n", "no"), "", "Let the call go; Enter alone does too.", acts=True,
                brief="Let a call go", alone="Enter"),
    CommandSpec("piles", ("pi",), "", "Say every building pile's top, every delay pile's top and every hand's size.",
                brief="Say the piles", handler=review_handler("piles")),
    CommandSpec("plays", ("pl",), "", "Say the cards played in this turn, or in the turn a call is about.",
                brief="Say this turn's plays", handler=review_handler("plays")),
    CommandSpec("score", ("sc", "c"), "", "Say how many cards everyone has left, hand and delay pile.",
                brief="Say everyone's cards", handler=review_handler("score")),
    *with_common(PANJANDRUM_HINT),
)  # fmt: skip
_BY_WORD = words_of(PANJANDRUM_COMMANDS)

COMPASS = {"south": "s", "west": "w", "north": "n", "east": "e", "southwest": "sw", "northwest": "nw",
           "northeast": "ne", "southeast": "se"}  # fmt: skip


def seat_named(word: str, names: Sequence[str]) -> int | None:
    """The seat ``word`` names: its name, its compass letters (``nw``) or the start of its name, if only one.

    >>> names = ("South", "Southwest", "West", "Northwest", "North", "Northeast", "East", "Southeast")
    >>> seat_named("nw", names), seat_named("North", names), seat_named("eas", names), seat_named("nort", names)
    (3, 4, 6, None)
    """
    word = word.lower()
    for seat, name in enumerate(names):
        if word in (name.lower(), COMPASS.get(name.lower())):
            return seat
    starting = [seat for seat, name in enumerate(names) if name.lower().startswith(word)]
    return starting[0] if len(starting) == 1 else None


class PanjandrumConsole(EverySeatItsOwn):
    """The console part of Panjandrum (``FamilyConsole``)."""

    family = FAMILY
    commands = PANJANDRUM_COMMANDS

    def plays(self, state: Any) -> bool:
        return isinstance(state, PanjandrumState)

    def narrator(self, state: Any, humans: Sequence[int], verbosity: Verbosity) -> PanjandrumNarrator:
        return PanjandrumNarrator(state.names, humans, verbosity)

    def save_progress(self, state: PanjandrumState, humans: Sequence[int]) -> str:
        narrator = PanjandrumNarrator(state.names, humans)
        cards = narrator.counts_text(state.counts()).removeprefix("Cards: ").removesuffix(".")
        return f"turn {state.turns + 1}, cards: {cards}"

    def parse(self, line: str, choices: Sequence[str]) -> Command | None:
        words = typed_words(line)
        if not words:
            return None
        first = words[0].lower()
        if first in DECLINE_WORDS:
            return Command(_BY_WORD["pass"], tuple(words[1:]))
        if first in ACCEPT_WORDS:
            return Command(_BY_WORD["panjandrum"], tuple(words[1:]))
        spec = _BY_WORD.get(first)
        if spec is not None:
            return Command(spec, tuple(words[1:]))
        raise unknown_command(words[0], choices, words[1:])

    def action(self, game: CommandContext, command: Command) -> Any:
        name = command.name
        if name == "on":
            state: PanjandrumState = game.state
            if len(command.arguments) != 1:
                others = ", ".join(f"on {name}" for name in state.names[1:])
                raise Refused(f"Say whose delay pile: {others}.")
            seat = seat_named(command.arguments[0], state.names)
            if seat is None:
                raise Refused(f"No player {command.arguments[0]}: the players are {', '.join(state.names)}.")
            return OnDelay(seat)
        if command.arguments:
            raise Refused(f"Type {name} alone.")
        if name == "delay":
            return OnDelay(game.viewer())
        return {"lift": LIFT, "build": BUILD, "panjandrum": CALL, "pass": LET_GO}[name]

    def applies(self, spec: CommandSpec, state: Any) -> bool:
        if spec.name in ("panjandrum", "pass"):
            return state.call_offer() is not None
        return True

    def move_words(self, state: PanjandrumState, seat: int) -> list[str]:
        offer = state.call_offer()
        if offer is not None:
            return [offer.key, "pass"] if seat in offer.seats else []
        narrator = PanjandrumNarrator(state.names, [seat])
        return [narrator.move_text(action, seat) for action in state.legal_actions(seat)]

    def help(self, game: CommandContext, arguments: tuple[str, ...]) -> list[str]:
        braille = game.narrator.braille
        word = arguments[0].lower() if arguments else ""
        if word == "all":
            return ["Commands, with short forms:", *(command_help(spec, braille) for spec in PANJANDRUM_COMMANDS)]
        if word in ("mistakes", "calls", "call"):
            return self.mistakes_lines(game)
        if word:
            spec = _BY_WORD.get(word)
            if spec is None:
                return [no_such_command(word, PANJANDRUM_COMMANDS)]
            return list(game.narrator.fit(command_help(spec)))
        sayers = [spec.name for spec in PANJANDRUM_COMMANDS if not spec.acts and spec.name not in QUIET_COMMANDS]
        if braille:
            return ["Moves: lift, build, on NAME, delay", "Call: p; n lets it go",
                    *fit_words("Say:", sayers), "help mistakes: what is called",
                    "help NAME: one command"]  # fmt: skip
        return [
            "Moves: lift (l) your top card; build (b) on the building pile of its color; on NAME (o w) on "
            "another's delay pile; delay (d) the lifted card on your own, which ends your turn.",
            "Your card is the one lifted, else your delay pile's top. Any possible move is taken, right or wrong.",
            "After every turn the others may call: p calls Panjandrum, n or Enter lets it go.",
            *self.mistakes_lines(game),
            f"To hear the game: {', '.join(sayers)}.",
            "Also settings, stop and quit. Type help and a command's name for more, or help all.",
        ]

    def mistakes_lines(self, game: CommandContext) -> list[str]:
        lines = ["Mistakes that can be called:", *(f"{mistake[:1].upper()}{mistake[1:]}." for mistake in MISTAKES_HELP),
                 f"A right call: the player takes {GIVEN_BY_CALLER} cards from the caller and 1 from each other "
                 "player.", "A wrong call: the caller takes them, 2 from the player called."]  # fmt: skip
        return [piece for line in lines for piece in game.narrator.fit(line)]

    def enter_alone(self, state: Any) -> tuple[str, str] | None:
        return ("", "pass") if state.call_offer() is not None else None

    def pauses_after(self, events: Sequence[Any]) -> bool:
        return False  # the call asked after every turn paces the game

    def ends_the_move(self, event: Any) -> bool:
        return False  # the pause comes right after the event that makes it

    def hint_player(self) -> PanjandrumPlayer:
        return PanjandrumPlayer("hint", 0)

    def hint_lines(self, game: CommandContext, player: PanjandrumPlayer) -> list[str]:
        view = game.state.view(game.viewer())
        return game.narrator.advice_lines(view, player.advise(view))

    def rules_lines(self, state: PanjandrumState) -> list[str]:
        return [
            f"Panjandrum: {state.players} players; the 56 cards dealt one at a time; hands face down, never "
            "looked at. The first rid of every card, hand and delay pile, wins.",
            "Building piles, one a color, in the centre, from 1 up. Each player has one delay pile, face up; "
            "on another's you play one up or down, any color. Your own takes any card and ends your turn.",
            "The order: your delay pile's top to a building pile, else to another's delay pile; then lift your "
            "top card: to a building pile, else to another's delay pile, else to your own delay pile.",
            "An empty hand: your delay pile turned over is your new hand, in its order.",
            "After each turn the others may call Panjandrum on a mistake: the player takes 2 cards from the "
            "first caller and 1 from each other player, under the hand; a wrong call costs the caller the same.",
            f"A player never gives away their last card. The game ends after {MOST_TURNS} turns at most, fewest cards "
            f"winning. Table options: players {state.players}.",
        ]

    def legal_lines(self, game: CommandContext) -> list[str]:
        view = game.state.view(game.viewer())
        narrator: PanjandrumNarrator = game.narrator
        if view.offer is not None:
            return list(narrator.fit("Type p to call Panjandrum, or n to let it go."))
        return list(narrator.fit(f"You may: {narrator.moves_text(view)}."))

    def game_over(self, game: CommandContext) -> list[str]:
        return []


PANJANDRUM = PanjandrumConsole()
"""The console part of Panjandrum."""
