"""A toy family of games, "Highest card", made only of what the registries take.

Two seats (South at the keyboard, North a computer player) are each dealt
``rounds`` cards of a ten-card deck, 5r to 14r, from the table's seed.  Each
round the seat to lead lays a card and the other lays one; the higher card
wins the round's point and leads the next.  After ``rounds`` rounds the most
points wins.

Everything a family gives the program is here, and nothing of it is in the
package: the game (``TOY_HIGH``, a ``GameDescription`` whose state meets the
engine's ``GameState`` protocol), its actions and events (given their JSON
notation through ``engine.notation`` when this module is imported), its
narrator (``ToyNarrator``, an ``announcer.base.Narrator`` that words events
and views only), its console part (``TOY``, a ``console.family.FamilyConsole``)
and its computer players by level (``TOY_PLAYERS``).  ``tests/console/test_new_family.py``
puts them in the registries and plays the game through the program.

    >>> game = start_toy(TableSetup("toy-high", (("rounds", 2),), seed=4))
    >>> game.seat_count, game.seats_to_act(), len(game.view(0).hand), game.view(0).other_holds
    (2, (0,), 2, 2)
"""

from __future__ import annotations

import enum
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rook_access.announcer import Verbosity
from rook_access.announcer.base import NarratorBase, Views, cards_text, or_list, plural
from rook_access.announcer.message import Message
from rook_access.console.family import ENTER_DOES_NOTHING
from rook_access.console.registry import (
    COMMON_COMMANDS,
    QUIET_COMMANDS,
    Command,
    CommandContext,
    CommandSpec,
    Refused,
    command_help,
    no_such_command,
    review_handler,
    typed_words,
    unknown_command,
    usage,
    words_of,
)
from rook_access.engine import notation
from rook_access.engine.cards import Card, CardNotationError, card_name, parse_card
from rook_access.engine.errors import IllegalActionError
from rook_access.engine.protocol import GameDescription, Option, Standing, TableSetup
from rook_access.players import PLAYER_LEVELS, Player, PlayerMaker

FAMILY = "toy"
NAMES = ("South", "North")
DECK: tuple[Card, ...] = tuple(parse_card(f"{number}r") for number in range(5, 15))
"""The tiny deck: 5r to 14r, each card's number its rank."""

ROUNDS = Option("rounds", int, 3, "Highest card: rounds to play, one card each", minimum=1, maximum=5, metavar="N")


# ------------------------------------------------------------------ the game
class ToyRule(enum.Enum):
    """The rule an illegal action of Highest card breaks."""

    GAME_OVER = "the game is over"
    NOT_YOUR_TURN = "only the seat to act may lay a card"
    ONLY_LAY = "the only action is to lay a card"
    CARD_NOT_HELD = "only a card in hand can be laid"


@dataclass(frozen=True)
class Lay:
    """Lay ``card`` on the table."""

    card: Card

    def __str__(self) -> str:
        return card_name(self.card)


@dataclass(frozen=True)
class ToyStarted:
    """The game starts: its rounds and the cards dealt to each seat (the record's ``game_start`` line)."""

    rounds: int
    hands: tuple[tuple[Card, ...], ...]


@dataclass(frozen=True)
class CardLaid:
    """``seat`` laid ``card``."""

    seat: int
    card: Card


@dataclass(frozen=True)
class RoundWon:
    """Round ``number`` went to ``winner``, with ``cards`` laid by seat 0 and 1; ``points`` are the totals now."""

    number: int
    cards: tuple[Card, Card]
    winner: int
    points: tuple[int, int]


@dataclass(frozen=True)
class ToyOver:
    """The game is over: the points, and the winner (None for a tie)."""

    points: tuple[int, int]
    winner: int | None


@dataclass(frozen=True)
class ToyView:
    """What one seat may know: its own hand, how many cards the other holds, the table, the points."""

    seat: int
    hand: tuple[Card, ...]
    other_holds: int
    laid: tuple[tuple[int, Card], ...]
    points: tuple[int, int]
    round: int
    rounds: int
    turn: int | None
    legal: tuple[Lay, ...]


class ToyState:
    """One game of Highest card, meeting the engine's ``GameState`` protocol."""

    seat_count = 2

    def __init__(self, hands: Sequence[Sequence[Card]], rounds: int) -> None:
        self.hands = [sorted(hand) for hand in hands]
        self.rounds = rounds
        self.round = 1
        self.leader = 0
        self.laid: list[tuple[int, Card]] = []
        self.points = [0, 0]
        self.over = False
        self.events: list[Any] = [ToyStarted(rounds, tuple(tuple(hand) for hand in self.hands))]

    @property
    def is_over(self) -> bool:
        return self.over

    @property
    def turn(self) -> int | None:
        """The seat to lay a card, None once the game is over."""
        if self.over:
            return None
        return self.leader if not self.laid else 1 - self.leader

    def seats_to_act(self) -> tuple[int, ...]:
        return () if self.turn is None else (self.turn,)

    def legal_actions(self, seat: int) -> list[Lay]:
        return [Lay(card) for card in self.hands[seat]] if seat == self.turn else []

    def apply(self, action: Any, seat: int) -> list[Any]:
        if self.over:
            raise IllegalActionError(ToyRule.GAME_OVER, "the game is over")
        legal = self.legal_actions(self.turn or 0)
        if seat != self.turn:
            raise IllegalActionError(ToyRule.NOT_YOUR_TURN, f"it is {NAMES[self.turn or 0]}'s turn", legal)
        if not isinstance(action, Lay):
            raise IllegalActionError(ToyRule.ONLY_LAY, f"{action} is not a card to lay", legal)
        if action.card not in self.hands[seat]:
            raise IllegalActionError(ToyRule.CARD_NOT_HELD, f"{card_name(action.card)} is not in the hand", legal)
        start = len(self.events)
        self.hands[seat].remove(action.card)
        self.laid.append((seat, action.card))
        self.events.append(CardLaid(seat, action.card))
        if len(self.laid) == 2:
            by_seat = dict(self.laid)
            winner = max(by_seat, key=by_seat.__getitem__)
            self.points[winner] += 1
            self.events.append(RoundWon(self.round, (by_seat[0], by_seat[1]), winner, (self.points[0], self.points[1])))
            self.laid = []
            self.leader = winner
            self.round += 1
            if self.round > self.rounds:
                self.over = True
                tie = self.points[0] == self.points[1]
                best = None if tie else max((0, 1), key=self.points.__getitem__)
                self.events.append(ToyOver((self.points[0], self.points[1]), best))
        return self.events[start:]

    def view(self, seat: int) -> ToyView:
        return ToyView(
            seat=seat,
            hand=tuple(self.hands[seat]),
            other_holds=len(self.hands[1 - seat]),
            laid=tuple(self.laid),
            points=(self.points[0], self.points[1]),
            round=min(self.round, self.rounds),
            rounds=self.rounds,
            turn=self.turn,
            legal=tuple(self.legal_actions(seat)),
        )

    def standings(self) -> tuple[Standing, ...]:
        ranked = sorted((0, 1), key=lambda seat: -self.points[seat])
        best = self.points[ranked[0]]
        first = [self.points[seat] == best for seat in ranked]
        return tuple(
            Standing((seat,), self.points[seat], 1 if top else 2, self.over and top)
            for seat, top in zip(ranked, first, strict=True)
        )

    def clone(self) -> ToyState:
        other = ToyState(self.hands, self.rounds)
        other.round, other.leader, other.over = self.round, self.leader, self.over
        other.laid = list(self.laid)
        other.points = list(self.points)
        other.events = list(self.events)
        return other


def start_toy(setup: TableSetup, deal: Any = None) -> ToyState:
    """A new game: ``rounds`` cards each, dealt from the table's seed."""
    rounds = setup.option("rounds", ROUNDS.default)
    assert isinstance(rounds, int)
    cards = random.Random(setup.seed).sample(DECK, 2 * rounds)
    return ToyState([sorted(cards[:rounds]), sorted(cards[rounds:])], rounds)


TOY_HIGH = GameDescription(
    name="toy-high",
    title="Highest card",
    family=FAMILY,
    summary="Highest card: 2 players, a few cards each; the higher card wins each round.",
    seat_counts=(2,),
    options=(ROUNDS,),
    start=start_toy,
)


# ------------------------------------------------------------- the notation
def _names(cards: Iterable[Card]) -> list[str]:
    return [card_name(card) for card in cards]


notation.register_action(
    Lay,
    "lay",
    lambda action: card_name(action.card),
    lambda value: Lay(parse_card(value)) if isinstance(value, str) else None,
)
notation.register_event(
    ToyStarted,
    lambda event: {
        "event": "game_start", "variant": TOY_HIGH.name, "rounds": event.rounds,
        "hands": [_names(hand) for hand in event.hands],
    },
)  # fmt: skip
notation.register_event(CardLaid, lambda event: {"event": "lay", "seat": event.seat, "card": card_name(event.card)})
notation.register_event(
    RoundWon,
    lambda event: {
        "event": "round", "number": event.number, "cards": _names(event.cards), "winner": event.winner,
        "points": list(event.points),
    },
)  # fmt: skip
notation.register_event(
    ToyOver, lambda event: {"event": "toy_over", "points": list(event.points), "winner": event.winner}
)


# ------------------------------------------------------------ the players
@dataclass(frozen=True)
class ToyAdvice:
    """A choice and its rule of thumb, as a clause."""

    action: Lay
    rule: str


class HighCardPlayer:
    """Leads its highest card; second, wins as cheaply as it can or throws its lowest."""

    name = "high card"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def advise(self, view: ToyView) -> ToyAdvice:
        hand = sorted(view.hand)
        if not view.laid:
            return ToyAdvice(Lay(hand[-1]), "lead your highest card")
        beating = [card for card in hand if card > view.laid[0][1]]
        if beating:
            return ToyAdvice(Lay(beating[0]), "win the round as cheaply as you can")
        return ToyAdvice(Lay(hand[0]), "nothing wins it, so keep your better cards")

    def choose(self, view: ToyView) -> Lay:
        return self.advise(view).action


class RandomToyPlayer:
    """Lays any card, by its seed and the position."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed if seed is not None else random.randrange(2**32)

    def advise(self, view: ToyView) -> ToyAdvice:
        rng = random.Random(f"{self.seed}:{view.round}:{_names(view.hand)}")
        return ToyAdvice(rng.choice(view.legal), "chance")

    def choose(self, view: ToyView) -> Lay:
        return self.advise(view).action


TOY_PLAYERS: dict[str, PlayerMaker] = {
    **{level: HighCardPlayer for level in PLAYER_LEVELS if level != "random"},
    "random": RandomToyPlayer,
}
"""The family's computer players by level: every level a person may choose."""


# ------------------------------------------------------------ the narrator
class ToyNarrator(NarratorBase):
    """Every line of Highest card, from its events and the seat's view."""

    def __init__(self, humans: Iterable[int], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        super().__init__(NAMES, humans, verbosity)

    def event_messages(self, event: Any) -> list[Message]:
        return self.messages(piece for line in self.event_lines(event) for piece in self.fit(line))

    def event_lines(self, event: Any) -> list[str]:
        """The lines an event is said in."""
        if isinstance(event, ToyStarted):
            lines = [f"Highest card, {plural(event.rounds, 'round')}: the higher card wins each round."]
            if self.you is not None:
                lines.append(f"Your hand: {cards_text(event.hands[self.you])}.")
            return lines
        if isinstance(event, CardLaid):
            return [f"{self.does(event.seat, 'lay', 'lays')} {card_name(event.card)}."]
        if isinstance(event, RoundWon):
            return [f"{self.does(event.winner, 'win', 'wins')} round {event.number}. {self.score_text(event.points)}."]
        if isinstance(event, ToyOver):
            if event.winner is None:
                return [f"The game is a tie, {event.points[0]} all."]
            won, lost = event.points[event.winner], event.points[1 - event.winner]
            return [f"{self.does(event.winner, 'win', 'wins')} the game, {won} to {lost}."]
        return []

    def score_text(self, points: Sequence[int]) -> str:
        """``You 1, North 0``."""
        return f"{self.name(0)} {points[0]}, {self.object_name(1)} {points[1]}"

    def resume_lines(self, views: Views) -> list[str]:
        view: ToyView = views(self.humans[0] if self.humans else 0)
        where = f"Round {view.round} of {view.rounds}. {self.score_text(view.points)}."
        return ["Resuming the toy game.", where]

    def question(self, view: ToyView) -> str:
        cards = or_list(_names(action.card for action in view.legal))
        table = "".join(f"{self.does(seat, 'laid', 'laid')} {card_name(card)}; " for seat, card in view.laid)
        return self.printed(f"Round {view.round}: {table}lay {cards}.")

    def refusal(self, error: IllegalActionError, view: ToyView) -> str:
        cards = or_list(_names(action.card for action in error.legal)) if error.legal else "nothing"
        return f"No: {error}. You may lay {cards}."

    def turn_line(self, view: ToyView) -> str:
        if view.turn is None:
            return "The game is over."
        return f"{self.whose(view.turn)} turn to lay a card."

    @property
    def review_topics(self) -> tuple[str, ...]:
        return ("hand", "score")

    def review_lines(self, topic: str, view: ToyView) -> list[str]:
        if topic == "hand":
            return self.fit(f"{self.whose(view.seat)} hand: {cards_text(view.hand) or 'empty'}.")
        return self.fit(f"Round {view.round} of {view.rounds}. {self.score_text(view.points)}.")

    def advice_lines(self, view: ToyView, advice: Any) -> list[str]:
        return self.fit(f"Lay {card_name(advice.action.card)}: {advice.rule}.")


# ----------------------------------------------------------- the console part
TOY_COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("lay", ("l",), "CARD", "Lay a card, like lay 9r; the card alone does too.", acts=True,
                brief="Lay a card", alone="a card alone"),
    CommandSpec("hand", ("h",), "", "Say your cards.", brief="Say your cards", handler=review_handler("hand")),
    CommandSpec("score", ("sc",), "", "Say the round and the points.", brief="Say the points",
                handler=review_handler("score")),
    *COMMON_COMMANDS,
)  # fmt: skip
_BY_WORD = words_of(TOY_COMMANDS)


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except CardNotationError:
        return False
    return True


class ToyConsole:
    """The console part of Highest card (``FamilyConsole``)."""

    family = FAMILY
    commands = TOY_COMMANDS

    def plays(self, state: Any) -> bool:
        return isinstance(state, ToyState)

    def narrator(self, state: Any, humans: Sequence[int], verbosity: Verbosity) -> ToyNarrator:
        return ToyNarrator(humans, verbosity)

    def save_progress(self, state: ToyState, humans: Sequence[int]) -> str:
        narrator = ToyNarrator(humans)
        points = " to ".join(f"{narrator.object_name(seat)} {state.points[seat]}" for seat in (0, 1))
        return f"round {min(state.round, state.rounds)}, {points}"

    def humans(self, state: Any, players: Sequence[Player | None]) -> list[int]:
        return [seat for seat, player in enumerate(players) if player is None]

    def controller(self, state: Any, seat: int) -> int:
        return seat

    def automatic(self, state: Any, seat: int) -> None:
        return None

    def parse(self, line: str, choices: Sequence[str]) -> Command | None:
        words = typed_words(line)
        if not words:
            return None
        spec = _BY_WORD.get(words[0].lower())
        if spec is not None:
            return Command(spec, tuple(words[1:]))
        if _is_card(words[0]):
            return Command(_BY_WORD["lay"], tuple(words))
        raise unknown_command(words[0], choices)

    def action(self, game: CommandContext, command: Command) -> Lay:
        if len(command.arguments) != 1:
            raise Refused("Lay one card, like lay 9r or just 9r.")
        try:
            return Lay(parse_card(command.arguments[0]))
        except CardNotationError as error:
            raise Refused(str(error)) from None

    def applies(self, spec: CommandSpec, state: Any) -> bool:
        return True

    def move_words(self, state: ToyState, seat: int) -> list[str]:
        return [card_name(action.card) for action in state.legal_actions(seat)]

    def help(self, game: CommandContext, arguments: tuple[str, ...]) -> list[str]:
        word = arguments[0].lower() if arguments else ""
        if word == "all":
            return ["Commands, with short forms:", *(command_help(spec) for spec in TOY_COMMANDS)]
        if word:
            spec = _BY_WORD.get(word)
            if spec is None:
                return [no_such_command(word, TOY_COMMANDS)]
            return [command_help(spec)]
        sayers = [spec.name for spec in TOY_COMMANDS if not spec.acts and spec.name not in QUIET_COMMANDS]
        moves = [f"Moves now: {usage(_BY_WORD['lay'])}, or a card alone."] if game.yours() else []
        return [*moves, f"To hear the game: {', '.join(sayers)}.", "Also settings, stop and quit."]

    def enter_alone(self, state: ToyState) -> tuple[str, str] | None:
        words = self.move_words(state, state.turn or 0)
        return ("Enter lays the only card.", words[0]) if len(words) == 1 else None

    def enter_does_nothing(self, state: ToyState) -> str:
        return ENTER_DOES_NOTHING

    def pauses_after(self, events: Sequence[Any]) -> bool:
        return any(isinstance(event, RoundWon) for event in events)

    def hint_player(self) -> HighCardPlayer:
        return HighCardPlayer()

    def hint_lines(self, game: CommandContext, player: HighCardPlayer) -> list[str]:
        view = game.state.view(game.viewer())
        lines: list[str] = game.narrator.advice_lines(view, player.advise(view))
        return lines

    def rules_lines(self, state: ToyState) -> list[str]:
        return [
            f"Highest card: 2 players, {plural(state.rounds, 'card')} each from 5r to 14r.",
            "Each round both lay a card, the last round's winner first; the higher card wins a point.",
            f"After {plural(state.rounds, 'round')} the most points wins. Table option: rounds {state.rounds}.",
        ]

    def legal_lines(self, game: CommandContext) -> list[str]:
        view: ToyView = game.state.view(game.viewer())
        return [f"You may lay {or_list(_names(action.card for action in view.legal))}."]

    def game_over(self, game: CommandContext) -> list[str]:
        return []


TOY = ToyConsole()
"""The console part of the toy family."""
