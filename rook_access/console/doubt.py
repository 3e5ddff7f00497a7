"""I Doubt It's part of the console (the 1913 booklet's bluffing game).

At your turn, ``play 7r`` (or ``p 7r``, or the card alone, ``7r``; a number
alone, ``7``, plays a card of that number, as color does not matter) plays
that card face down as the number called.  After every play the others may
doubt it: when you are asked, ``d`` (or ``doubt``) doubts, Enter or ``n``
(``no``, ``pass``) lets it go.  ``hand`` says your cards by number, ``count``
everyone's cards and the centre's, ``pile`` the centre and the number next.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..announcer import Verbosity
from ..announcer.calls import ACCEPT_WORDS, DECLINE_WORDS
from ..announcer.doubt import DoubtNarrator
from ..engine.cards import CardNotationError, card_name, parse_card
from ..engine.doubt import DOUBT, FAMILY, KEY, LET_GO, MOST_PLAYS, WORD, Doubted, DoubtState, Lay
from ..engine.patience_deck import number_of, parse_pack_card
from ..players.doubt_player import DoubtPlayer
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
    is_number,
    no_such_command,
    refuse_a_color_mistyped,
    review_handler,
    typed_words,
    unknown_command,
    with_common,
    words_of,
)

DOUBT_HINT = dataclasses.replace(
    common_command("hint"),
    help="Say the card the strong player would play now (a true one if you hold it), or whether to doubt, and why.",
)
DOUBT_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("play", ("p",), "CARD", "Play a card face down as the number called, like play 7r; 7 plays any 7.",
                acts=True, brief="Play a card face down", alone="a card alone"),
    CommandSpec(WORD, (KEY,), "", "Doubt the card just played: it is shown, and whoever is wrong takes the centre.",
                acts=True, brief="Doubt the card played"),
    CommandSpec("pass", ("n", "no"), "", "Let the card just played go, undoubted; Enter alone does too.",
                acts=True, brief="Let the card go", alone="Enter"),
    CommandSpec("hand", ("h",), "", "Say your cards, sorted by number.", brief="Say your cards",
                handler=review_handler("hand")),
    CommandSpec("count", ("c", "score"), "", "Say how many cards everyone holds, and the centre.",
                brief="Say everyone's cards", handler=review_handler("score")),
    CommandSpec("pile", ("pi", "centre"), "", "Say the centre's size, the number called last and next.",
                brief="Say the centre", handler=review_handler("pile")),
    *with_common(DOUBT_HINT),
)  # fmt: skip
_BY_WORD = words_of(DOUBT_COMMANDS)
_PLAY = _BY_WORD["play"]
_PASS = _BY_WORD["pass"]


def _looks_like_card(word: str) -> bool:
    if is_number(word):
        return True
    try:
        parse_card(word)
    except CardNotationError:
        return False
    return True


class DoubtConsole(EverySeatItsOwn):
    """The console part of I Doubt It (``FamilyConsole``)."""

    family = FAMILY
    commands = DOUBT_COMMANDS

    def plays(self, state: Any) -> bool:
        return isinstance(state, DoubtState)

    def narrator(self, state: Any, humans: Sequence[int], verbosity: Verbosity) -> DoubtNarrator:
        return DoubtNarrator(state.names, humans, verbosity)

    def save_progress(self, state: DoubtState, humans: Sequence[int]) -> str:
        narrator = DoubtNarrator(state.names, humans)
        cards = narrator.counts_text(state.counts(), len(state.pile)).removeprefix("Cards: ").removesuffix(".")
        return f"call {state.number}, cards: {cards}"

    def parse(self, line: str, choices: Sequence[str]) -> Command | None:
        words = cards_joined(typed_words(line))  # "7 red", as the question's example says it in words, is 7r
        if not words:
            return None
        refuse_a_color_mistyped(words)
        first = words[0].lower()
        if first in DECLINE_WORDS:
            return Command(_PASS, tuple(words[1:]))
        if first in ACCEPT_WORDS:
            return Command(_BY_WORD[WORD], tuple(words[1:]))
        spec = _BY_WORD.get(first)
        if spec is not None:
            return Command(spec, tuple(words[1:]))
        if _looks_like_card(first):
            return Command(_PLAY, tuple(words))
        raise unknown_command(words[0], choices, words[1:])

    def action(self, game: CommandContext, command: Command) -> Any:
        name = command.name
        if name in (WORD, "pass"):
            if command.arguments:
                raise Refused(f"Type {KEY} alone to doubt, or n alone to let the card go.")
            return DOUBT if name == WORD else LET_GO
        if len(command.arguments) != 1:
            raise Refused("Say one card to play, like play 7r, or a number, like play 7.")
        word = command.arguments[0].lower()
        view = game.state.view(game.viewer())
        if is_number(word):
            number = int(word)
            if not 1 <= number <= 14:
                raise Refused(f"{word} is no number of the pack: the numbers go from 1 to 14.")
            held = [card for card in view.hand if number_of(card) == number]
            if not held:
                raise Refused(f"You hold no {number}. Play a card you hold; hand says them.")
            return Lay(held[0])
        try:
            card = parse_pack_card(word)
        except CardNotationError as error:
            raise Refused(f"{error} Play a card like 7r, or a number like 7.") from None
        return Lay(card)

    def applies(self, spec: CommandSpec, state: Any) -> bool:
        return True

    def move_words(self, state: Any, seat: int) -> list[str]:
        offer = state.call_offer()
        if offer is not None:
            return [KEY, "pass"] if seat in offer.seats else []
        return [card_name(action.card) for action in state.legal_actions(seat)]

    def help(self, game: CommandContext, arguments: tuple[str, ...]) -> list[str]:
        braille = game.narrator.braille
        word = arguments[0].lower() if arguments else ""
        if word == "all":
            return ["Commands, with short forms:", *(command_help(spec, braille) for spec in DOUBT_COMMANDS)]
        if word:
            spec = _BY_WORD.get(word)
            if spec is None:
                return [no_such_command(word, DOUBT_COMMANDS)]
            return list(game.narrator.fit(command_help(spec)))
        sayers = [spec.name for spec in DOUBT_COMMANDS if not spec.acts and spec.name not in QUIET_COMMANDS]
        offer = game.state.call_offer()
        asked = game.yours() and offer is not None
        if braille:
            now = []
            if game.yours():
                now = [f"Now: {KEY} doubts, Enter lets go"] if asked else ["Now: play 7r, or 7r alone"]
            return [*now, *fit_words("Say:", sayers), "Also: settings, stop, quit", "help NAME: one command"]
        lines = ["Play a card face down as the number called; any other player may doubt it."]
        if asked:
            lines.append(f"Now: type {KEY} to doubt the card just played, or n to let it go.")
        elif game.yours():
            lines.append("Now: play a card, like play 7r, or the card alone; play 7 plays any 7.")
        lines.append(f"To hear the game: {', '.join(sayers)}.")
        lines.append("Also settings, stop and quit. Type help and a command's name for more, or help all.")
        return lines

    def enter_alone(self, state: Any) -> tuple[str, str] | None:
        return ("", "pass") if state.call_offer() is not None else None

    def pauses_after(self, events: Sequence[Any]) -> bool:
        return any(isinstance(event, Doubted) for event in events)

    def ends_the_move(self, event: Any) -> bool:
        return False  # the pause comes right after the event that makes it

    def hint_player(self) -> DoubtPlayer:
        return DoubtPlayer("strong", 0, sheds=False)

    def hint_lines(self, game: CommandContext, player: DoubtPlayer) -> list[str]:
        view = game.state.view(game.viewer())
        narrator: DoubtNarrator = game.narrator
        return narrator.advice_lines(view, player.advise(view))

    def rules_lines(self, state: DoubtState) -> list[str]:
        return [
            f"I Doubt It: {state.players} players; the 56 cards, 1 to 14 in four colors, all dealt; color does "
            "not matter.",
            "The dealer's left plays a card face down calling 1; each in turn plays any card calling the next "
            "number, 14 then 1 again.",
            f"After every play any other player may doubt it ({KEY}). The card is shown: if it is the number "
            "called, the doubter takes the centre; if not, the player does. The count goes on.",
            "The first out of cards wins, one point for each card the others hold; a last card can be doubted, "
            f"and doubted rightly, the player takes the centre and plays on. At most {MOST_PLAYS} plays, then "
            f"the fewest cards wins. Table options: players {state.players}.",
        ]

    def legal_lines(self, game: CommandContext) -> list[str]:
        view = game.state.view(game.viewer())
        narrator: DoubtNarrator = game.narrator
        if view.offer is not None:
            return narrator.fit(f"Type {KEY} to doubt, or n to let it go.")
        return narrator.fit(f"Play any card of your hand as {view.number}, like play {narrator.example_card(view)}.")

    def game_over(self, game: CommandContext) -> list[str]:
        return []


DOUBT_CONSOLE = DoubtConsole()
"""The console part of I Doubt It."""
