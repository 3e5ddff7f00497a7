"""Donkey's part of the console: the 1913 booklet's game for little children.

Everyone passes a card to the left at once: ``pass 7r`` (or ``p 7r``, or the
card alone) chooses yours; the computers choose theirs, nobody hears another's
choice, and the cards go round when all have chosen.  Enter alone does not
pass a card.  With four of a kind, or once someone has folded, you must fold:
``f`` (or ``fold``; Enter alone does too at a terminal).  ``hand`` says your
cards grouped by number, ``count`` (or ``score``) everyone's cards, the
rounds and the folds, ``hint`` which card to pass.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..announcer import Verbosity
from ..announcer.calls import DECLINE_WORDS
from ..announcer.donkey import DonkeyNarrator
from ..engine.calls import open_offer
from ..engine.cards import BIRD, CardNotationError, card_name, parse_card, shown
from ..engine.donkey import FAMILY, FOLD, MOST_ROUNDS, DonkeyState, Pass
from ..players.donkey_player import DonkeyPlayer
from .family import EverySeatItsOwn
from .registry import (
    QUIET_COMMANDS,
    Command,
    CommandContext,
    CommandSpec,
    Refused,
    cards_joined,
    command_help,
    common_command,
    fit_words,
    no_such_command,
    refuse_a_color_mistyped,
    review_handler,
    typed_words,
    unknown_command,
    with_common,
    words_of,
)

DONKEY_HINT = dataclasses.replace(
    common_command("hint"),
    help="Say which card to pass: one of a number you hold fewest of.",
    brief="Say which card to pass",
)
PASS_COMMAND = CommandSpec("pass", ("p",), "CARD", "Choose the card to pass to your left, like pass 7r; "
                           "the cards go round when everyone has chosen.", acts=True, brief="Pass a card",
                           alone="a card alone")  # fmt: skip
DONKEY_COMMANDS: tuple[CommandSpec, ...] = (
    PASS_COMMAND,
    CommandSpec("fold", ("f",), "", "Fold your hands: when you have four of a kind, or someone has folded.",
                acts=True, brief="Fold your hands"),
    CommandSpec("hand", ("h", "cards"), "", "Say your cards, grouped by number, and the number you hold most.",
                brief="Say your hand", handler=review_handler("hand")),
    CommandSpec("count", ("score", "c", "sc"), "", "Say everyone's cards, the rounds passed and who has folded.",
                brief="Say the cards and folds", handler=review_handler("score")),
    *with_common(DONKEY_HINT),
)  # fmt: skip
_BY_WORD = words_of(DONKEY_COMMANDS)
_DECLINE = CommandSpec("no", (), "", "Let a call go.", acts=True)
"""n or no typed while a fold is asked for: there is no letting it go, and the refusal says so."""


def _narrator(game: CommandContext) -> DonkeyNarrator:
    narrator: DonkeyNarrator = game.narrator
    return narrator


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except CardNotationError:
        return False
    return True


class DonkeyConsole(EverySeatItsOwn):
    """The console part of Donkey (``FamilyConsole``)."""

    family = FAMILY
    commands = DONKEY_COMMANDS

    def plays(self, state: Any) -> bool:
        return isinstance(state, DonkeyState)

    def narrator(self, state: Any, humans: Sequence[int], verbosity: Verbosity) -> DonkeyNarrator:
        return DonkeyNarrator(state.names, humans, verbosity)

    def save_progress(self, state: DonkeyState, humans: Sequence[int]) -> str:
        folded = f", {len(state.folds)} folded" if state.folds else ""
        return f"round {state.round + 1}{folded}"

    def parse(self, line: str, choices: Sequence[str]) -> Command | None:
        words = cards_joined(typed_words(line))  # "7 red" and "7 r", as the cards are said in words, are one card
        if not words:
            return None
        refuse_a_color_mistyped(words)
        word = words[0].lower()
        spec = _BY_WORD.get(word)
        if spec is not None:
            return Command(spec, tuple(words[1:]))
        if word in DECLINE_WORDS:
            return Command(_DECLINE, tuple(words[1:]))
        if _is_card(word):
            return Command(PASS_COMMAND, tuple(words))
        raise unknown_command(words[0], choices, words[1:])

    def action(self, game: CommandContext, command: Command) -> Any:
        offer = open_offer(game.state)
        mine = offer is not None and game.viewer() in offer.seats
        if command.name == "fold":
            if command.arguments and mine:
                raise Refused("Type f alone to fold your hands.")
            if command.arguments:
                raise Refused("Not now: you fold when you hold four of a kind, or once someone has folded.")
            return FOLD
        if mine:
            raise Refused("You must fold your hands now: press f.")
        if command.spec is _DECLINE:
            raise Refused("There is nothing to let go: type pass and a card from your hand, like pass 7r.")
        if not command.arguments:
            raise Refused("Type pass and a card from your hand, like pass 7r.")
        if len(command.arguments) > 1:
            raise Refused("Pass one card at a time, like pass 7r.")
        word = command.arguments[0]
        try:
            card = parse_card(word)
        except CardNotationError:
            raise Refused(f"{shown(word)} is not a card: type pass and a card, like pass 7r.") from None
        if card == BIRD:
            raise Refused(f"This pack has no {shown(word).lower()}: type pass and a card, like pass 7r.")
        return Pass(card)

    def applies(self, spec: CommandSpec, state: Any) -> bool:
        return True

    def move_words(self, state: Any, seat: int) -> list[str]:
        legal = state.legal_actions(seat)
        if open_offer(state) is not None:
            return ["f"] if legal else []
        return [card_name(action.card) for action in legal if isinstance(action, Pass)]

    def help(self, game: CommandContext, arguments: tuple[str, ...]) -> list[str]:
        braille = game.narrator.braille
        word = arguments[0].lower() if arguments else ""
        if word == "all":
            return ["Commands, with short forms:", *(command_help(spec, braille) for spec in DONKEY_COMMANDS)]
        if word:
            spec = _BY_WORD.get(word)
            if spec is None:
                return [no_such_command(word, DONKEY_COMMANDS)]
            return list(game.narrator.fit(command_help(spec)))
        sayers = [spec.name for spec in DONKEY_COMMANDS if not spec.acts and spec.name not in QUIET_COMMANDS]
        folding = open_offer(game.state) is not None and game.yours()
        if braille:
            now = ["Now: f folds"] if folding else ["Now: p and a card passes it"] if game.yours() else []
            return [*now, "f folds: four alike, or after a fold.", *fit_words("Say:", sayers),
                    "Also: settings, stop, quit", "help NAME: one command"]
        lines = ["Donkey: get four of one number. Everyone passes a card to the left at once."]
        if folding:
            lines.append("Now: press f to fold your hands.")
        elif game.yours():
            lines.append("Now: type pass and a card, like pass 7r, or the card alone.")
        lines.append("Fold with f when you have four of a kind, or as soon as someone folds.")
        lines.append(f"To hear the game: {', '.join(sayers)}.")
        lines.append("Also settings, stop and quit. Type help and a command's name for more, or help all.")
        return lines

    def enter_alone(self, state: Any) -> tuple[str, str] | None:
        return ("", "fold") if open_offer(state) is not None else None

    def pauses_after(self, events: Sequence[Any]) -> bool:
        return False

    def ends_the_move(self, event: Any) -> bool:
        return False  # the pause comes right after the event that makes it

    def hint_player(self) -> DonkeyPlayer:
        return DonkeyPlayer(0, "strong")

    def hint_lines(self, game: CommandContext, player: DonkeyPlayer) -> list[str]:
        view = game.state.view(game.viewer())
        return _narrator(game).advice_lines(view, player.advise(view))

    def rules_lines(self, state: DonkeyState) -> list[str]:
        return [
            f"Donkey: {state.players} players; the 56 cards, 1 to 14 in four colors, are all dealt; "
            "some may get one more.",
            "Get four cards of one number. Each round everyone chooses a card and passes it face down to the "
            "left, all at once; a card out, a card in, so hands keep their size.",
            "With four of a kind, fold your hands: f. When someone folds, fold yours quickly: "
            "the last to fold is the donkey.",
            "The first to get four wins; two who get four in the same round both win. Four in the deal: "
            f"fold before the first pass. No four in {MOST_ROUNDS} rounds: no one wins. "
            f"Table options: players {state.players}.",
        ]

    def legal_lines(self, game: CommandContext) -> list[str]:
        if open_offer(game.state) is not None:
            return list(game.narrator.fit("Fold your hands: press f."))
        view = game.state.view(game.viewer())
        narrator = _narrator(game)
        example = card_name(view.hand[0]) if view.hand else "7r"
        return [*narrator.fit(f"Pass any card of your hand, like pass {example}."),
                *narrator.hand_lines(view.seat, view.hand)]  # fmt: skip

    def game_over(self, game: CommandContext) -> list[str]:
        return []


DONKEY = DonkeyConsole()
"""The console part of Donkey."""
