"""The trick-taking games' part of the console: Rook and its variants.

Their narrator is the trick announcer; their commands are
``console.commands``; a typed card, bid, color or discard becomes the
engine's action here; play pauses after each trick.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from ..announcer import Announcer, Verbosity
from ..announcer.hints import hint_line
from ..announcer.rules_summary import rules_summary
from ..announcer.tricks.words import NAME_TRUMP_NOW, STEP_WORDS, TRUMP_COLORS, sort_hand
from ..engine import (
    BIRD,
    CHECK,
    PASS,
    Action,
    Bid,
    BidMade,
    CardNotationError,
    CardPlayed,
    Checked,
    Discard,
    GameState,
    NameTrump,
    NestDiscarded,
    Phase,
    Play,
    TrickTaken,
    TrumpNamed,
    card_name,
    card_number,
    parse_card,
    parse_cards,
    parse_color,
)
from ..engine.cards import shown
from ..engine.protocol import or_list
from ..players import Player
from ..players.search.player import HintPlayer
from .commands import (
    CARDS_LINE,
    CARDS_LINE_NO_BIRD,
    COMMANDS,
    command_help,
    find_command,
    help_all_lines,
    help_lines,
    parse_command,
)
from .family import ENTER_DOES_NOTHING
from .registry import (
    TRAILING,
    Command,
    CommandContext,
    CommandSpec,
    Refused,
    UnknownCommandError,
    did_you_mean,
    is_number,
    no_such_command,
)

TRUMP_WORDS = ("red", "black", "yellow", "green")
"""The moves at the trump prompt, in the order the question names them."""

FRACTION = re.compile(r"\d*[.,]\d+|\d+[.,]")
"""A number with a decimal point or comma, never a bid (bids are whole numbers)."""

WHOLE_WITH_POINT = re.compile(r"(\d+)[.,]0+")
"""A whole number written with a point and zeros (75.0): the number itself."""

UNKNOWN_TAIL = "Type help for the commands."
"""How the answer to a word that names nothing ends (when no command or color is close to it)."""

LISTED = 4
"""The most cards the answer to Enter alone names one by one where any card of the hand may be played."""

MOVES = (BidMade, Checked, NestDiscarded, TrumpNamed, CardPlayed)
"""The events a seat's choice makes; every other event comes of the move before it (a trick taken, the hand's
end, the next deal, trump turned up)."""


class TrickConsole:
    """The console of the trick-taking games (``FamilyConsole``)."""

    family = "tricks"
    commands: tuple[CommandSpec, ...] = COMMANDS

    def plays(self, state: Any) -> bool:
        return isinstance(state, GameState)

    def narrator(self, state: GameState, humans: Sequence[int], verbosity: Verbosity) -> Announcer:
        return Announcer(state.rules, list(humans), verbosity)

    def save_progress(self, state: GameState, humans: Sequence[int]) -> str:
        scores = Announcer(state.rules, list(humans)).scores_text(state.scores)
        return f"hand {state.hand_number}, {scores}"

    def humans(self, state: GameState, players: Sequence[Player | None]) -> list[int]:
        # The dummy's seat is no one's: its cards are chosen by the player who plays it.
        return [seat for seat, player in enumerate(players) if player is None and seat in state.rules.people]

    def controller(self, state: GameState, seat: int) -> int:
        return state.controller(seat)

    def automatic(self, state: GameState, seat: int) -> None:
        return None  # every move of a hand of Rook is the player's own

    def parse(self, line: str, choices: Sequence[str]) -> Command | None:
        at_trump = tuple(choices[:4]) == TRUMP_WORDS  # the trump question: the colors are the moves, named first
        if at_trump and line.strip().lower().rstrip(TRAILING) == "b":
            # At the trump prompt b is black, as in the cards (9b is 9x), not bid's short form: the bidding is over.
            spec = find_command("trump")
            assert spec is not None  # a command of this family
            return Command(spec, ("black",))
        try:
            return parse_command(line, choices)
        except UnknownCommandError as error:
            # At the trump prompt an unknown word is a color mistaken, not a command: say what is wanted.
            words = line.split()
            if at_trump and len(words) == 1 and str(error).endswith(UNKNOWN_TAIL):
                raise UnknownCommandError(
                    f"{shown(words[0])} is not a color. Name trump: {TRUMP_COLORS}."
                ) from None
            if len(words) == 1 and FRACTION.fullmatch(words[0]) and any(choice.isdigit() for choice in choices):
                # A number with a fraction in the bidding (bids among the moves) is a bid: ``action`` takes 75.0
                # as 75 and answers any other with the bids allowed.
                spec = find_command("bid")
                assert spec is not None  # a command of this family
                return Command(spec, (words[0],))
            raise

    def applies(self, spec: CommandSpec, state: GameState) -> bool:
        return spec.applies(state.rules, state.phase)

    def move_words(self, state: GameState, seat: int) -> list[str]:
        rules = state.rules
        words: list[str] = []
        if state.phase is Phase.PLAY:
            words += [card_name(card) for card in sort_hand(state.legal_cards(), state.trump, rules)]
        elif state.phase is Phase.BIDDING:
            words += [f"{amount}" for amount in rules.bid_range(state.high_bid)]
            words += [*(["check"] if state.may_check() else []), *([] if state.must_bid() else ["pass"])]
        elif state.phase is Phase.DISCARD and state.turn is not None:
            words += ["discard", *(card_name(card) for card in sort_hand(state.hand(state.turn), state.trump, rules))]
        elif state.phase is Phase.TRUMP:
            words += TRUMP_WORDS
        return words

    def help(self, game: CommandContext, arguments: tuple[str, ...]) -> list[str]:
        state = game.state
        braille = game.narrator.braille
        word = arguments[0].lower() if arguments else ""
        if not word or word == "all":
            lines = help_all_lines(braille, state.rules, game.table_words) if word else help_lines(
                state.rules, state.phase, braille, state.may_check(), game.yours(), not state.must_bid()
            )
            if lines[-1] in (CARDS_LINE, CARDS_LINE_NO_BIRD):  # the notation itself, never in words
                for line in lines[:-1]:
                    game.say(line)
                game.say_as_typed(lines[-1])
                return []
            return lines
        spec = find_command(word)
        if spec is None:
            return [no_such_command(word, COMMANDS)]
        line = command_help(spec)
        if not spec.in_game(state.rules):
            line += f" Not in {state.rules.title}."
        return list(game.narrator.fit(line))

    def enter_alone(self, state: GameState) -> tuple[str, str] | None:
        """Enter alone in card play, when exactly one card may be played, plays it (never in bidding)."""
        if state.phase is not Phase.PLAY:
            return None
        legal = state.legal_cards()
        if len(legal) != 1:
            return None
        return "Enter plays it.", card_name(legal[0])

    def enter_does_nothing(self, state: GameState) -> str:
        """Enter alone where it makes no move: what the question wants, worded as a move typed wrong is answered
        (``play`` alone, ``discard`` alone): the cards that may be played, how to bid, the colors."""
        rules = state.rules
        if state.phase is Phase.PLAY:
            return _which_card(state)
        if state.phase is Phase.BIDDING:
            if not rules.bid_range(state.high_bid):
                return f"The bid is at {rules.max_bid}, the most there is: type pass."
            if state.must_bid():
                return f"Say bid and a number{_bid_example(state)}. As dealer you may not pass."
            check = " check," if state.may_check() else ""
            return f"Say bid and a number{_bid_example(state)},{check} or pass."
        if state.phase is Phase.DISCARD:
            return _discard_example(state)
        if state.phase is Phase.TRUMP:
            return f"Name trump: {TRUMP_COLORS}."
        return ENTER_DOES_NOTHING

    def pauses_after(self, events: Sequence[Any]) -> bool:
        return any(isinstance(event, TrickTaken) for event in events)

    def ends_the_move(self, event: Any) -> bool:
        return not isinstance(event, MOVES)

    def hint_player(self) -> HintPlayer:
        return HintPlayer()

    def hint_lines(self, game: CommandContext, player: HintPlayer) -> list[str]:
        return list(game.narrator.fit(hint_line(game.state.view(game.viewer()), player, game.narrator.terse)))

    def rules_lines(self, state: GameState) -> list[str]:
        return rules_summary(state.rules)

    def legal_lines(self, game: CommandContext) -> list[str]:
        return list(game.narrator.review_lines("legal", game.state.view(game.viewer())))

    def game_over(self, game: CommandContext) -> list[str]:
        return []  # the record and the last announcements keep a finished hand of Rook

    def action(self, game: CommandContext, command: Command) -> Action:
        """The engine action a command asks for, checked for form only."""
        state: GameState = game.state
        name = command.name
        arguments = command.arguments
        try:
            if name == "pass":
                return PASS
            if name == "check":
                return CHECK
            if name == "bid":
                whole = WHOLE_WITH_POINT.fullmatch(arguments[0]) if len(arguments) == 1 else None
                if whole:
                    arguments = (whole.group(1),)
                if len(arguments) == 1 and FRACTION.fullmatch(arguments[0]) and state.phase is Phase.BIDDING:
                    amounts = [action.amount for action in state.legal_actions() if isinstance(action, Bid)]
                    if amounts:
                        raise Refused(_not_whole(arguments[0], amounts, PASS in state.legal_actions()))
                arguments = _card_split(state, arguments) or arguments
                if len(arguments) != 1 or not is_number(arguments[0]):
                    if state.phase is not Phase.BIDDING:  # no bid of any amount now: say why, not how to bid
                        return Bid(state.rules.min_bid or 0)
                    raise Refused(f"Say bid and a number{_bid_example(state)}, or pass.")
                number = int(arguments[0])
                if state.phase is Phase.PLAY and 1 <= number <= 14 and not whole:  # not 14.0: a bid
                    raise Refused(f"{number} needs a color letter: {number}r, {number}x, {number}y or {number}g. "
                                  + _playable_numbered(state, number))
                return Bid(number)
            if name == "trump":
                if len(arguments) != 1:
                    raise Refused("Say trump and one color, like trump red.")
                try:
                    return NameTrump(parse_color(arguments[0]))
                except CardNotationError:  # a color misspelt: the color meant, where one is close
                    close = did_you_mean(arguments[0], TRUMP_WORDS)
                    if not close:
                        raise
                    raise Refused(f"{shown(arguments[0])} is not a color.{close} Name trump: {TRUMP_COLORS}.") from None
            if name == "play" and state.phase is Phase.DISCARD:
                name = "discard"  # cards named at the discard are the discard, one card too (it is too few)
            if name == "play" and len(arguments) > 1 and state.phase is Phase.TRUMP:
                # Cards typed at the trump question (the discard typed again): as for one card, the engine's answer.
                raise Refused(f"Cards are played once trump is named. Now {NAME_TRUMP_NOW}.")
            if name == "play":
                if not arguments and state.phase is Phase.PLAY:
                    raise Refused(_which_card(state))
                arguments = _card_split(state, arguments) or arguments
                if len(arguments) != 1:
                    raise Refused("Play one card at a time, like play 14r or just 14r.")
                card = parse_card(arguments[0])
                if card == BIRD and not state.rules.uses_bird and state.phase is Phase.PLAY:
                    legal = " ".join(card_name(c) for c in sort_hand(state.legal_cards(), state.trump, state.rules))
                    title = state.rules.title[:1].upper() + state.rules.title[1:]  # "the Game for 3 Players"
                    raise Refused(f"{title} is played without the Bird. You can play: {legal}.")
                return Play(card)
            if name == "discard":
                cards = parse_cards(arguments)
                if len(set(cards)) != len(cards):
                    raise Refused("You named a card twice. Name each card once.")
                if state.phase is Phase.DISCARD and not cards:
                    raise Refused(_discard_example(state))
                return Discard(frozenset(cards))
        except CardNotationError as error:
            message = str(error)
            if not state.rules.uses_bird:  # no "or rook" where there is no Bird
                message = message.replace(", or rook.", ".")
            raise Refused(message) from None
        raise AssertionError(f"unhandled command {name}")


def _card_split(state: GameState, arguments: Sequence[str]) -> tuple[str] | None:
    """In the card play, a number and a card or number typed with a stray space between them, whose joining
    makes a card ("1 4g": 14g) or a card's number ("1 4": 14, which the bid's answer then asks the color of):
    Refused "Did you mean 14g?", which yes plays, or the number joined; None for any other words."""
    if state.phase is not Phase.PLAY or len(arguments) != 2 or not is_number(arguments[0]):
        return None
    joined = arguments[0] + arguments[1]
    if not arguments[1][:1].isdigit():
        return None
    if is_number(joined):
        return (joined,) if 1 <= int(joined) <= 14 else None
    try:
        card = card_name(parse_card(joined))
    except CardNotationError:
        return None
    raise Refused(f"Did you mean {card}?", card)


def _which_card(state: GameState) -> str:
    """The answer to a card asked for and not named (Enter alone, or play alone): the cards that may be played,
    or, where any card of a long hand may be, how many and one of them."""
    legal = [card_name(card) for card in sort_hand(state.legal_cards(), state.trump, state.rules)]
    seat = state.seat_to_act
    held = len(state.hand(seat))
    if len(legal) == held > LISTED:  # a lead, or no card of the color led: any card
        # the dummy's cards or the hand laid face up, where the user plays them: that seat's, not "your"
        whose = "your" if state.controller(seat) == seat else f"{state.rules.names[seat]}'s"
        return f"Play which card? Any of {whose} {held} cards, like {legal[0]}."
    return f"Play which card? You can play {or_list(legal)}."


def _discard_example(state: GameState) -> str:
    """How to discard, with the first cards of the hand as the example."""
    size = state.rules.nest_size
    example = " ".join(card_name(card) for card in state.hand(state.seat_to_act)[:size])
    return f"Say discard and {size} cards, like discard {example}."


def _playable_numbered(state: GameState, number: int) -> str:
    """Which cards of this number the player to act may play now, as a short sentence."""
    cards = [card for card in sort_hand(state.legal_cards(), state.trump, state.rules) if card_number(card) == number]
    if not cards:
        return f"You have no {number} you can play now."
    return f"You can play {' or '.join(card_name(card) for card in cards)}."


def _not_whole(word: str, amounts: Sequence[int], may_pass: bool) -> str:
    """The answer to a bid with a fraction in it: the bids allowed now."""
    allowed = f"{amounts[0]}" if len(amounts) == 1 else f"{amounts[0]} to {amounts[-1]}"
    if len(amounts) > 1:
        step = amounts[1] - amounts[0]
        allowed += f" in {STEP_WORDS.get(step, f'steps of {step}')}"
    return f"{shown(word)} is not a whole number. Bid {allowed}{', or pass' if may_pass else ''}."


def _bid_example(state: GameState) -> str:
    """An example of a bid: the least allowed now during the bidding, else the game's least bid."""
    bids: list[int] = []
    if state.phase is Phase.BIDDING:
        bids = [action.amount for action in state.legal_actions() if isinstance(action, Bid)]
    if not bids:
        bids = list(state.rules.bid_range(None))
    return f", like bid {min(bids)}" if bids else ""


TRICKS = TrickConsole()
"""The trick-taking games' console."""
