"""What the program says in the patience games, Rook Solitaire and Rook Clock.

Every line is built from an event and the player's view, in the kits' card
notation (``7r``, ``12g``), one line an announcement:

    >>> from rook_access.engine.solitaire import CardBuilt, OneStartsBuilding
    >>> narrator = PatienceNarrator()
    >>> narrator.event_lines(OneStartsBuilding(4, 28))
    ['1y from pile 4 goes up to start the yellow building pile.']
    >>> narrator.event_lines(CardBuilt(2, 1))
    ['2r from pile 2 goes up on the red building pile.']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..engine.cards import COLOR_NAMES, COLORS, card_name
from ..engine.clock import CLOCK, PILE_NAMES, ClockCardPlaced, ClockOver, ClockView
from ..engine.errors import IllegalActionError
from ..engine.patience_deck import HIGHEST, PatienceDealt, color_of, number_of
from ..engine.solitaire import (
    SOLITAIRE,
    Build,
    CardBuilt,
    CardTurned,
    FourteenRests,
    FourteenToBottom,
    Move,
    MoveUndone,
    OneStartsBuilding,
    PileVacant,
    RunMoved,
    SolitaireOver,
    SolitaireView,
)
from .base import BRAILLE_WIDTH, Verbosity, plural, resuming_line
from .message import Message
from .panning import pan_pieces
from .spoken import cards_in_words, speakable

QUESTION_WIDTH = 80
"""The longest question that lists its moves: a terminal line, so it never wraps mid-move."""


def pile_name(number: int) -> str:
    """A clock pile's name in a sentence: ``5 o'clock``, ``the hour hand``."""
    name = PILE_NAMES[number]
    return name if number <= 12 else f"the {name}"


def moves_of(view: SolitaireView) -> list[Move | Build]:
    """The moves legal now in Rook Solitaire, undo and resign left out."""
    return [action for action in view.legal if isinstance(action, (Move, Build))]


def move_typed(action: Move | Build, view: SolitaireView) -> str:
    """A move as it is typed: ``3 5`` (pile 3's run onto pile 5) or ``up 3`` (pile 3's top to its building pile)."""
    source = next(pile.number for pile in view.piles if action.card in pile.up)
    if isinstance(action, Build):
        return f"up {source}"
    return f"{source} {action.pile}"


def move_said(action: Move | Build, view: SolitaireView) -> str:
    """A move in cards: ``7r on 8x`` or ``2g up``."""
    if isinstance(action, Build):
        return f"{card_name(action.card)} up"
    top = view.piles[action.pile - 1].top
    return f"{card_name(action.card)} on {card_name(top) if top is not None else 'nothing'}"


class PatienceNarrator:
    """The narrator of the patience games (the console's ``Narrator``)."""

    def __init__(self, verbosity: Verbosity = Verbosity.NORMAL) -> None:
        self.verbosity = verbosity
        self.card_words = False
        self.ending = "Game over"  # the Narrator protocol's; a patience game says its own end
        self.asked_elsewhere: frozenset[int] = frozenset()  # the Narrator protocol's; a game for one at home
        """Print cards in words ("7 red") instead of the notation (the session decides)."""

    @property
    def braille(self) -> bool:
        return self.verbosity is Verbosity.BRAILLE

    # ------------------------------------------------------------- output
    def printed(self, line: str) -> str:
        """A line as it is printed: its cards in words when ``card_words`` is set."""
        return cards_in_words(line) if self.card_words else line

    def messages(self, lines: Iterable[str], urgent: bool = False) -> list[Message]:
        return [Message(self.printed(line), speakable(line), urgent) for line in lines]

    def fit(self, line: str) -> list[str]:
        return pan_pieces(line, BRAILLE_WIDTH) if self.braille else [line]

    def event_messages(self, event: Any) -> list[Message]:
        """The messages of one event, from the event alone."""
        return self.messages(line for said in self.event_lines(event) for line in self.fit(said))

    # ------------------------------------------------------------- events
    def event_lines(self, event: Any) -> list[str]:
        """The lines an event is said in (none for a card turned that a 14 or a 1 line says)."""
        if isinstance(event, PatienceDealt):  # the game opens with its name and what it is, as every game does
            return [(CLOCK if event.variant == CLOCK.name else SOLITAIRE).summary]
        if isinstance(event, CardTurned):
            number = number_of(event.card)
            if number in (1, HIGHEST):
                return []  # said with where it goes next
            return [f"Pile {event.pile} turns up {card_name(event.card)}."]
        if isinstance(event, FourteenToBottom):
            return [f"Pile {event.pile} turns up {card_name(event.card)}; it goes face down to the bottom."]
        if isinstance(event, FourteenRests):
            return [f"Pile {event.pile} turns up {card_name(event.card)}; only 14s are left there, so it stays up."]
        if isinstance(event, OneStartsBuilding):
            color = COLOR_NAMES[color_of(event.card)]
            return [f"{card_name(event.card)} from pile {event.pile} goes up to start the {color} building pile."]
        if isinstance(event, RunMoved):
            names = " ".join(card_name(card) for card in event.cards)
            onto = card_name(event.onto) if event.onto is not None else f"pile {event.target}"
            return [f"{names} onto {onto}, pile {event.source} to pile {event.target}."]
        if isinstance(event, CardBuilt):
            color = COLOR_NAMES[color_of(event.card)]
            return [f"{card_name(event.card)} from pile {event.pile} goes up on the {color} building pile."]
        if isinstance(event, MoveUndone):
            return [f"Undone: {event.undone}; the piles are as they were before it."]
        if isinstance(event, PileVacant):
            return [f"Pile {event.pile} is empty; it stays empty."]
        if isinstance(event, SolitaireOver):
            if event.outcome == "won":
                return ["You won: all four building piles reach 14."]
            if event.outcome == "resigned":
                return [f"You resigned. You built {plural(event.built, 'card')}."]
            return [f"No moves left. You built {plural(event.built, 'card')}."]
        if isinstance(event, ClockCardPlaced):
            return [f"{card_name(event.card)} from {pile_name(event.source)} goes under {pile_name(event.target)}."]
        if isinstance(event, ClockOver):
            if event.came_out:
                return ["You won: the clock came out, every card face up in its place."]
            return [
                f"You lost: {pile_name(event.blocked_at)} has no card left to turn, "
                f"and {plural(event.face_down, 'card')} {'stays' if event.face_down == 1 else 'stay'} face down."
            ]
        return []

    # ---------------------------------------------------------- questions
    def question(self, view: Any) -> str:
        if isinstance(view, ClockView):
            return f"Next: a card from {pile_name(view.current)}."
        moves = moves_of(view)
        said = "; ".join(f"{move_typed(action, view)}, {move_said(action, view)}" for action in moves)
        whole = f"Your move, {plural(len(moves), 'move')}: {said}."
        if len(self.printed(whole)) <= (BRAILLE_WIDTH if self.braille else QUESTION_WIDTH):
            return whole
        if self.braille:  # one line of the display
            return f"Your move, {plural(len(moves), 'move')}. Type moves or hint."
        # A long list wraps mid-move at a terminal and takes long to hear each turn: ``moves`` says it.
        return f"Your move, {plural(len(moves), 'move')}. Type moves to hear them, or hint."

    def turn_line(self, view: Any) -> str:
        if not view.legal:
            return "The game is over."
        if isinstance(view, ClockView):
            return f"The clock plays itself: next, a card from {pile_name(view.current)}."
        return "It is your move."

    def resume_lines(self, views: Any) -> list[str]:
        """Where a resumed game stands; ``views`` is ``state.view``."""
        view = views(0)
        return [resuming_line("clock" if isinstance(view, ClockView) else "solitaire"), *self.tops_lines(view)]

    @property
    def review_topics(self) -> tuple[str, ...]:
        """The review commands answered from the view alone."""
        return ("score", "tops", "building", "moves")

    def review_lines(self, topic: str, view: Any) -> list[str]:
        """The lines answering review command ``topic``."""
        if topic == "score":
            return self.score_lines(view)
        if topic == "tops":
            return self.tops_lines(view)
        if topic == "building":
            return [self.building_line(view)]
        if topic == "moves":
            return [self.moves_line(view)]
        raise ValueError(f"no review topic {topic!r}; topics: {', '.join(self.review_topics)}")

    def advice_lines(self, view: Any, advice: Any) -> list[str]:
        """The ``hint`` line: the advised move and its reason, fitted."""
        line = getattr(advice, "line", None) or f"Try {advice.action}."
        return self.fit(line)

    def progress_text(self, view: Any) -> str:
        """How far a game has gone, for the list of saved games: ``12 of 56 cards built``."""
        if isinstance(view, ClockView):
            return f"{56 - sum(pile.face_down for pile in view.piles)} of 56 cards turned"
        return f"{sum(view.building)} of 56 cards built"

    def score_lines(self, view: Any) -> list[str]:
        if isinstance(view, ClockView):
            down = sum(pile.face_down for pile in view.piles)
            return [f"{plural(56 - down, 'card')} turned, {down} face down."]
        return [f"You have built {plural(sum(view.building), 'card')} of 56."]

    def refusal(self, error: IllegalActionError, view: Any) -> str:
        """One line: what is wrong, the rule, and the moves there are."""
        rule = getattr(error.rule, "value", str(error.rule))
        reason = str(error)
        line = f"{reason[:1].upper()}{reason[1:]}." if reason else "Not allowed."
        if rule and rule not in line:
            line += f" {rule[:1].upper()}{rule[1:]}."
        return f"{line} {self.moves_pointer(view)}"

    def moves_pointer(self, view: Any) -> str:
        """For a refusal's end: the moves when they are few, else how to hear them (a long list would bury the
        reason): ``Type moves to hear the 10 moves.``"""
        if isinstance(view, ClockView):
            return self.moves_line(view)
        count = len(moves_of(view))
        return self.moves_line(view) if count <= 3 else f"Type moves to hear the {count} moves."

    # ------------------------------------------------------------- review
    def moves_line(self, view: Any) -> str:
        if isinstance(view, ClockView):
            return "Rook Clock has no moves: it plays itself."
        moves = moves_of(view)
        if not moves:
            return "No moves left."
        return "Moves: " + "; ".join(f"{move_typed(action, view)}, {move_said(action, view)}" for action in moves) + "."

    def pile_line(self, view: Any, number: int) -> str:
        if isinstance(view, ClockView):
            pile = view.piles[number - 1]
            up = " ".join(card_name(card) for card in pile.face_up) or "none"
            return f"{pile.name}: {pile.face_down} face down; face up {up}."
        pile = view.piles[number - 1]
        if pile.vacant:
            return f"Pile {number} is empty."
        known = [card_name(card) for card in pile.down if card is not None]
        down = f"{len(pile.down)} face down" + (f" ({' '.join(known)} known)" if known else "")
        # Each card once, the top last: "up 3g, then 2x on top" (not "up 3g 2x, 2x on top", heard as two 2xs).
        under = " ".join(card_name(card) for card in pile.up[:-1])
        top = f"{card_name(pile.up[-1])} on top"
        return f"Pile {number}: {down}; up {f'{under}, then {top}' if under else top}."

    def tops_lines(self, view: Any) -> list[str]:
        if isinstance(view, ClockView):
            parts = [f"pile {pile.number}: {pile.face_down}" for pile in view.piles]  # two numbers apart when heard
            return [f"Face down cards by pile: {', '.join(parts)}. Next from {pile_name(view.current)}."]
        parts = [
            f"{pile.number} {card_name(pile.top) if pile.top is not None else 'empty'}" for pile in view.piles
        ]
        return [f"Tops: {', '.join(parts)}."]

    def building_line(self, view: Any) -> str:
        built: Sequence[int] = view.building
        parts = [
            f"{COLOR_NAMES[color]} up to {built[color]}" if built[color] else f"{COLOR_NAMES[color]} not started"
            for color in COLORS
        ]
        return f"Building piles: {', '.join(parts)}; {plural(sum(built), 'card')} built."

