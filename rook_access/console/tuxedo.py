"""Tuxedo's part of the console: the 1913 booklet's game for all the family.

A card typed alone plays it: it takes what it can, or else it is laid
(``10r``, or ``10 red`` as it is said in words); ``take 10r`` only takes, ``lay 7x`` only lays, ``build 2r on 6g
for 8x`` builds (``for`` and the card held may be left out: the sum is
said).  A number alone names the card of that number in your hand when you
hold one.  After every capture the Orange call is asked: ``o`` (or
``orange``) calls it, Enter (or ``pass``, ``n``) lets it go.  ``centre``
(``center``, ``table``) says the centre grouped by number, ``captures``
what each of your cards takes now, ``hand``, ``score`` (the game's
totals) and ``count`` (this deal's cards, 5s, sweeps and Oranges).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..announcer import Verbosity
from ..announcer.calls import ACCEPT_WORDS, DECLINE_WORDS
from ..announcer.tuxedo import TuxedoNarrator
from ..engine.cards import COLOR_LETTERS, COLOR_NAMES, Card, CardNotationError, card_name
from ..engine.patience_deck import number_of, parse_pack_card
from ..engine.tuxedo import (
    FAMILY,
    NO_ORANGE,
    ORANGE,
    TARGET,
    Build,
    DealCounted,
    Lay,
    Take,
    TuxedoState,
    TuxedoView,
)
from ..players.tuxedo_player import TuxedoPlayer
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
    is_number,
    no_such_command,
    refuse_a_color_mistyped,
    review_handler,
    typed_words,
    unknown_command,
    with_common,
    words_of,
)

TUXEDO_HINT = dataclasses.replace(
    common_command("hint"),
    help="Say the move the strong computer player would make now, and why; during a call, whether to call.",
)
MOVES = ("play", "take", "lay", "build")
CALLS = ("orange", "pass")
TUXEDO_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("play", ("p",), "CARD", "Play a card: it takes what it can in the centre, or else it is laid.",
                acts=True, brief="Take, or else lay", alone="a card alone"),
    CommandSpec("take", ("t",), "CARD", "Take with a card: every centre card of its number and every "
                "combination adding up to it, all at once.", acts=True, brief="Take with a card"),
    CommandSpec("lay", ("l",), "CARD", "Lay a card in the centre, when none of yours takes anything.",
                acts=True, brief="Lay a card"),
    CommandSpec("build", ("b",), "CARD on CARD [for CARD]", "Build: lay a card on a centre card or build, "
                "saying the card you hold that equals the sum, like build 2r on 6g for 8x.",
                acts=True, brief="Build on a centre card"),
    CommandSpec("orange", ("o",), "", "Call Orange after a capture that took a red card and a yellow card: "
                "10 points, or 10 off if wrong.", acts=True, brief="Call Orange"),
    CommandSpec("pass", ("n", "no"), "", "Let the Orange call go.", acts=True, brief="Let Orange go",
                alone="Enter"),
    CommandSpec("centre", ("center", "table", "ce"), "", "Say the centre's cards grouped by number, and the builds.",
                brief="Say the centre", handler=review_handler("centre")),
    CommandSpec("captures", ("ca",), "", "Say what each of your cards takes now, with the sums, and your builds.",
                brief="Say what you can take", handler=review_handler("captures")),
    CommandSpec("hand", ("h",), "", "Say your hand.", brief="Say your hand", handler=review_handler("hand")),
    CommandSpec("score", ("sc",), "", "Say the game's totals; first to 100 wins.", brief="Say the totals",
                handler=review_handler("score")),
    CommandSpec("count", ("co",), "", "Say this deal so far: cards taken, 5s, sweeps and Oranges, cards held.",
                brief="Say this deal's count", handler=review_handler("count")),
    *with_common(TUXEDO_HINT),
)  # fmt: skip
_BY_WORD = words_of(TUXEDO_COMMANDS)
_PLAY = _BY_WORD["play"]


_COLOR_WORDS = frozenset((*COLOR_NAMES, *COLOR_LETTERS, "b"))
"""A color, in words or as its letter, typed after a number: ``7 red``."""


def _narrator(game: CommandContext) -> TuxedoNarrator:
    narrator: TuxedoNarrator = game.narrator
    return narrator


def _is_card_word(word: str) -> bool:
    return bool(word) and word[0].isdigit()


def _hand_text(hand: Sequence[Card]) -> str:
    return " ".join(card_name(card) for card in sorted(hand, key=number_of))


def hand_card(word: str, hand: Sequence[Card]) -> Card:
    """The card of ``hand`` that ``word`` names: ``10r``, or ``10`` when only one 10 is held."""
    if is_number(word):
        number = int(word)
        held = [card for card in hand if number_of(card) == number]
        if len(held) == 1:
            return held[0]
        if held:
            raise Refused(f"You hold {len(held)} {number}s: {' or '.join(card_name(card) for card in held)}.")
        raise Refused(f"You hold no {number}. Hand: {_hand_text(hand)}.")
    try:
        card = parse_pack_card(word)
    except CardNotationError as error:
        raise Refused(str(error)) from None
    if card not in hand:
        raise Refused(f"You do not hold {card_name(card)}. Hand: {_hand_text(hand)}.")
    return card


def _pack_card_or_none(word: str) -> Card | None:
    """The card ``word`` names in full (``8g``), or None for a number alone or no card."""
    if is_number(word):
        return None
    try:
        return parse_pack_card(word)
    except CardNotationError:
        return None


def centre_cards(view: TuxedoView) -> list[Card]:
    """Every card in the centre, the builds' cards included."""
    return [card for pile in view.centre for card in pile.cards]


def centre_card(word: str, view: TuxedoView) -> Card:
    """The centre card ``word`` names: ``6g``, or ``6`` when one pile alone is a 6 (a card or a build)."""
    cards = centre_cards(view)
    if is_number(word):
        number = int(word)
        piles = [pile for pile in view.centre if pile.value == number]
        if len(piles) == 1:
            return piles[0].cards[0]
        if piles:
            raise Refused(f"The centre has {len(piles)} {number}s: name one, like "
                          f"{card_name(piles[0].cards[0])}.")  # fmt: skip
        raise Refused(f"The centre has no {number}. Type centre to hear it.")
    try:
        card = parse_pack_card(word)
    except CardNotationError as error:
        raise Refused(str(error)) from None
    if card not in cards:
        raise Refused(f"{card_name(card)} is not in the centre. Type centre to hear it.")
    return card


class TuxedoConsole(EverySeatItsOwn):
    """The console part of Tuxedo (``FamilyConsole``)."""

    family = FAMILY
    commands = TUXEDO_COMMANDS

    def plays(self, state: Any) -> bool:
        return isinstance(state, TuxedoState)

    def narrator(self, state: Any, humans: Sequence[int], verbosity: Verbosity) -> TuxedoNarrator:
        return TuxedoNarrator(state.names, humans, verbosity)

    def save_progress(self, state: TuxedoState, humans: Sequence[int]) -> str:
        narrator = TuxedoNarrator(state.names, humans)
        totals = narrator.totals_text(state.totals).removeprefix("Totals: ").removesuffix(".")
        return f"deal {state.deal}, {totals}"

    def parse(self, line: str, choices: Sequence[str]) -> Command | None:
        words: list[str] = []
        for word in typed_words(line):  # "7 red", as the cards are said in words, is one card
            if words and is_number(words[-1]) and word.lower() in _COLOR_WORDS:
                words[-1] += word
            else:
                words.append(word)
        if not words:
            return None
        refuse_a_color_mistyped(words)
        first = words[0].lower()
        if _is_card_word(first):
            return Command(_PLAY, tuple(words))
        spec = _BY_WORD.get(first)
        if spec is None and first in DECLINE_WORDS:
            spec = _BY_WORD["pass"]
        if spec is None and first in ACCEPT_WORDS:
            spec = _BY_WORD["orange"]
        if spec is not None:
            return Command(spec, tuple(words[1:]))
        raise unknown_command(words[0], choices, words[1:])

    def action(self, game: CommandContext, command: Command) -> Any:
        view: TuxedoView = game.state.view(game.viewer())
        name = command.name
        if view.offer is not None:
            if name == "orange":
                return ORANGE
            if name == "pass":
                return NO_ORANGE
            raise Refused("First the Orange call: o to call it, or n to let it go.")
        if name in CALLS:
            raise Refused(f"Orange is called only just after a capture. {_narrator(game).moves_now(view)}".strip())
        arguments = [word.lower() for word in command.arguments]
        if not arguments:
            raise Refused(f"Name a card, like {name} {card_name(view.hand[0]) if view.hand else '10r'}.")
        named = _pack_card_or_none(arguments[0])
        if named is not None and named in centre_cards(view) and named not in view.hand:
            # "take 8g" of the centre card: the card typed is the one of your hand that takes it
            raise Refused(f"{card_name(named)} is in the centre: {name} names a card of your hand. "
                          f"Hand: {_hand_text(view.hand)}.")
        card = hand_card(arguments[0], view.hand)
        if name == "build":
            return self._build(card, arguments[1:], view)
        if len(arguments) > 1:
            raise Refused(f"One card only, like {name} {card_name(card)}.")
        if name == "take":
            return Take(card)
        if name == "lay":
            return Lay(card)
        return Take(card) if Take(card) in view.legal else Lay(card)

    def _build(self, card: Card, rest: list[str], view: TuxedoView) -> Build:
        usage = f"Type build {card_name(card)} on a centre card, like build {card_name(card)} on 6g for 8x."
        if rest and rest[0] == "on":
            rest = rest[1:]
        if not rest:
            raise Refused(usage)
        on = centre_card(rest[0], view)
        rest = rest[1:]
        if rest and rest[0] == "for":
            rest = rest[1:]
        pile = next(pile for pile in view.centre if on in pile.cards)
        total = pile.value + number_of(card)
        if rest:
            said = hand_card(rest[0], [c for c in view.hand if c != card])
            if number_of(said) != total:
                raise Refused(f"{card_name(card)} on {card_name(on)} makes {total}, not {number_of(said)}.")
        if len(rest) > 1:
            raise Refused(usage)
        return Build(card, on)

    def applies(self, spec: CommandSpec, state: Any) -> bool:
        if spec.name in CALLS:
            return state.call_offer() is not None
        if spec.name in MOVES:
            return state.call_offer() is None
        return True

    def move_words(self, state: Any, seat: int) -> list[str]:
        offer = state.call_offer()
        if offer is not None:
            return [offer.key, "pass"] if seat in offer.seats else []
        if not state.legal_actions(seat):
            return []
        return [card_name(card) for card in sorted(state.hands[seat], key=number_of)]

    def help(self, game: CommandContext, arguments: tuple[str, ...]) -> list[str]:
        braille = game.narrator.braille
        word = arguments[0].lower() if arguments else ""
        if word == "all":
            return ["Commands, with short forms:", *(command_help(spec, braille) for spec in TUXEDO_COMMANDS)]
        if word:
            spec = _BY_WORD.get(word)
            if spec is None:
                return [no_such_command(word, TUXEDO_COMMANDS)]
            return list(game.narrator.fit(command_help(spec)))
        sayers = [spec.name for spec in TUXEDO_COMMANDS if not spec.acts and spec.name not in QUIET_COMMANDS]
        calling = game.state.call_offer() is not None
        if braille:
            now = ["Now: o calls Orange, n lets it go"] if calling else ["Play: a card, take, lay, build"]
            return [*now, *fit_words("Say:", sayers), "Also: settings, stop, quit", "help NAME: one command"]
        lines = []
        if calling:
            lines.append("Now: o calls Orange, n or Enter lets it go. Right when the capture took a red "
                         "card and a yellow card: 10 points; wrong: 10 off.")  # fmt: skip
        else:
            lines.append("Type a card to play it: it takes what it can, or else it is laid. Or say the move, "
                         "like take 10r, lay 7x, or build 2r on 6g for 8x; captures says your moves now.")  # fmt: skip
        lines.append(f"To hear the game: {', '.join(sayers)}.")
        lines.append("Also settings, stop and quit. Type help and a command's name for more, or help all.")
        return lines

    def enter_alone(self, state: Any) -> tuple[str, str] | None:
        offer = state.call_offer()
        if offer is not None:
            return ("", "pass") if offer.decline is not None else ("", offer.key)
        seats = state.seats_to_act()  # an online table's state as well as the game's own
        legal = state.legal_actions(seats[0]) if len(seats) == 1 else []
        if len(legal) == 1 and isinstance(legal[0], (Take, Lay)):  # the last card, or one that must take
            return "Enter plays it.", card_name(legal[0].card)  # a card alone takes, or else is laid
        return None

    def pauses_after(self, events: Sequence[Any]) -> bool:
        return any(isinstance(event, DealCounted) for event in events)

    def ends_the_move(self, event: Any) -> bool:
        return False  # the pause comes right after the event that makes it

    def hint_player(self) -> TuxedoPlayer:
        return TuxedoPlayer("strong", 0, exact_calls=True)

    def hint_lines(self, game: CommandContext, player: TuxedoPlayer) -> list[str]:
        view = game.state.view(game.viewer())
        return _narrator(game).advice_lines(view, player.advise(view))

    def rules_lines(self, state: TuxedoState) -> list[str]:
        return [
            f"Tuxedo: {state.players} players; the 56 cards, 1 to 14 in four colors. 4 each and 4 face up in "
            "the centre; 4 more each when the hands are empty; the last cards equally, the odd ones to the centre.",
            "In turn, take with one card every centre card of its number and every combination adding up to it, "
            "all at once; or build: a card on a centre card, saying the card you hold of the sum; "
            "lay a card only when none takes.",
            "A build is taken whole by a card of its sum; anyone may build it higher. Taking the whole centre "
            "is a sweep: 3 cards or fewer 5, 4 or more 10.",
            "After every capture anyone may call Orange, the first call counts: 10 if the capture took a red "
            "card and a yellow card, 10 off if not.",
            f"When the pack is played the centre goes to the last to take. Count: most cards 15 (a tie 5 each), "
            f"each 5 card 5, sweeps, Oranges. First to {TARGET} after a deal wins; a tie at the top plays on.",
        ]

    def legal_lines(self, game: CommandContext) -> list[str]:
        view: TuxedoView = game.state.view(game.viewer())
        narrator = _narrator(game)
        if view.offer is not None:
            return list(narrator.fit("o calls Orange; n or Enter lets it go."))
        takes = [card_name(a.card) for a in view.legal if isinstance(a, Take)]
        lays = [card_name(a.card) for a in view.legal if isinstance(a, Lay)]
        builds = [narrator.build_text(a, view) for a in view.legal if isinstance(a, Build)]
        lines = []
        if takes:
            lines.append(f"Take with {', '.join(takes)}.")
        if builds:
            lines.append(f"Build {', '.join(builds)}.")
        if lays:
            lines.append(f"Nothing to take: lay {', '.join(lays)}.")
        return [piece for line in lines for piece in narrator.fit(line)]

    def game_over(self, game: CommandContext) -> list[str]:
        return []


TUXEDO = TuxedoConsole()
"""The console part of Tuxedo."""
