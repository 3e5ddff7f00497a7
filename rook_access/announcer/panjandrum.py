"""What the program says in Panjandrum: one short line a card played, in the kits' notation.

A card another player lifts is said with where it goes, in one line; the
card that ends a turn (on the player's own delay pile) says so, and the call
of Panjandrum that may follow covers every play of that turn (``plays``
says them again).  A call is said in three lines: the call, whether it was
right (and the mistake), and what it cost.

    >>> from rook_access.engine.cards import parse_card
    >>> from rook_access.engine.panjandrum import CardPlayed
    >>> narrator = PanjandrumNarrator(("South", "West", "North", "East"), [0])
    >>> narrator.event_lines(CardPlayed(1, parse_card("4g"), True, 2, parse_card("3r"), None))
    ["West lifts 4g: on North's 3r."]
    >>> narrator.event_lines(CardPlayed(0, parse_card("1r"), True, None, None, None))
    ['You play 1r: it starts the red building pile.']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..engine.cards import COLOR_NAMES, Card, card_name
from ..engine.errors import IllegalActionError
from ..engine.panjandrum import (
    Build,
    CallLetGo,
    CardPlayed,
    DelayTurnedOver,
    Lift,
    Lifted,
    OnDelay,
    PanjandrumCalled,
    PanjandrumOver,
    PanjandrumStarted,
    PanjandrumView,
    Slip,
)
from ..engine.patience_deck import color_of, number_of
from .base import NarratorBase, Verbosity, mid_sentence, plural, resuming_line
from .calls import call_question
from .message import Message


class PanjandrumNarrator(NarratorBase):
    """Every line of Panjandrum, from its events and the seat's view."""

    def __init__(self, names: Sequence[str], humans: Iterable[int], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        super().__init__(names, humans, verbosity)

    def event_messages(self, event: Any) -> list[Message]:
        return self.messages(piece for line in self.event_lines(event) for piece in self.fit(line))

    # ------------------------------------------------------------ events
    def event_lines(self, event: Any) -> list[str]:
        """The lines an event is said in."""
        if isinstance(event, PanjandrumStarted):
            counts = [len(hand) for hand in event.hands]
            most = max(counts)
            many = [seat for seat, count in enumerate(counts) if count == most]
            rest = [seat for seat, count in enumerate(counts) if count != most]
            dealt = f"{most} each" if not rest else (
                f"{most} to {self.people_text(many)}, {most - 1} to {self.people_text(rest)}"
            )
            first = (event.dealer + 1) % len(counts)
            return [
                f"Panjandrum, {len(counts)} players: hands face down, build by color from 1 up.",
                f"{self.does(event.dealer, 'deal', 'deals')}: {dealt}. {self.whose(first)} turn first.",
            ]
        if isinstance(event, Lifted):
            if event.seat == self.you:
                return [f"You lift {card_name(event.card)}."]
            return []  # said with the card's play, in one line
        if isinstance(event, CardPlayed):
            return [self.play_line(event)]
        if isinstance(event, DelayTurnedOver):
            pile = "your" if event.seat == self.you else "the"
            return [
                f"{self.does(event.seat, 'turn', 'turns')} over {pile} delay pile: "
                f"a new hand of {plural(event.size, 'card')}."
            ]
        if isinstance(event, PanjandrumCalled):
            return self.call_lines(event)
        if isinstance(event, CallLetGo):
            return ["No call."] if self.verbose else []
        if isinstance(event, PanjandrumOver):
            return self.over_lines(event)
        return []

    def target_text(self, event: CardPlayed) -> str:
        """Where a card went: ``on the red pile``, ``on North's 3r``, ``on their own delay pile``."""
        if event.to is None:
            color = COLOR_NAMES[color_of(event.card)]
            if number_of(event.card) == 1:
                return f"it starts the {color} building pile"
            return f"on the {color} pile"
        if event.to == event.seat:
            own = "your" if event.seat == self.you else "their"
            return f"on {own} own delay pile, end of turn"
        onto = "" if event.onto is None else f" {card_name(event.onto)}"
        return f"on {self.possessive(event.to)}{onto}"

    def play_line(self, event: CardPlayed) -> str:
        card = card_name(event.card)
        target = self.target_text(event)
        if event.seat == self.you:
            source = "" if event.lifted else " from your delay pile"
            return f"You play {card}{source}: {target}."
        if event.lifted:
            return f"{self.name(event.seat)} lifts {card}: {target}."
        return f"{self.name(event.seat)} plays {card} from the delay pile: {target}."

    def possessive(self, seat: int) -> str:
        """The seat as an owner inside a sentence: "your", "West's"."""
        return "your" if seat == self.you else f"{self.names[seat]}'s"

    def slip_text(self, seat: int, slip: Slip) -> str:
        """``West played 9y on their own delay pile when ...``: a mistake, with who made it."""
        words = slip.words()
        if seat == self.you:
            words = words.replace("their own", "your own").replace("the delay pile's top", "your delay pile's top")
        return f"{self.object_name(seat)} {words}"

    def call_lines(self, event: PanjandrumCalled) -> list[str]:
        caller = self.does(event.caller, "call", "calls")
        lines = [f"{caller} Panjandrum on {self.possessive(event.accused)} turn."]
        if event.right:
            lines.append("Right: " + "; ".join(self.slip_text(event.accused, slip) for slip in event.slips) + ".")
        else:
            lines.append(f"Wrong: {self.object_name(event.accused)} made no mistake.")
        parts = []
        for giver, count in event.gifts:
            parts.append(f"{plural(count, 'card') if count != 1 else '1'} from {self.object_name(giver)}")
        taker = self.does(event.penalized, "take", "takes")
        lines.append(f"{taker} {', '.join(parts)}, under the hand: {plural(event.holding, 'card')} now.")
        return lines

    def over_lines(self, event: PanjandrumOver) -> list[str]:
        lines = []
        if event.reason == "limit":
            lines.append("The game has gone on too long: it ends here, the fewest cards winning.")
        if len(event.winners) == 1:
            winner = event.winners[0]
            if event.reason == "out":
                lines.append(f"{self.ending}: {self.object_name(winner)} "
                             f"{'are' if winner == self.you else 'is'} rid of every card and "
                             f"{'win' if winner == self.you else 'wins'}.")  # fmt: skip
            else:
                lines.append(f"{self.ending}: {self.object_name(winner)} {'win' if winner == self.you else 'wins'}.")
        else:
            lines.append(f"{self.ending}: {self.people_text(event.winners)} tie.")
        lines.append(self.counts_text(event.counts))
        return [piece for line in lines for piece in self.fit(line)]

    def counts_text(self, counts: Sequence[int]) -> str:
        """``Cards: you 20, West 14, North 3.``"""
        return "Cards: " + ", ".join(f"{self.object_name(seat)} {count}" for seat, count in enumerate(counts)) + "."

    # ------------------------------------------------------------ questions
    def move_text(self, action: Any, seat: int) -> str:
        """A move as it is typed: ``lift``, ``build``, ``on West``, ``delay``."""
        if isinstance(action, Lift):
            return "lift"
        if isinstance(action, Build):
            return "build"
        if isinstance(action, OnDelay):
            return "delay" if action.seat == seat else f"on {self.names[action.seat]}"
        return str(action)

    def moves_text(self, view: PanjandrumView) -> str:
        if view.offer is not None:
            return f"{view.offer.key} to call, n to let it go"
        return ", ".join(self.move_text(action, view.seat) for action in view.legal)

    def question(self, view: PanjandrumView) -> str:
        if view.offer is not None:
            return self.printed(call_question(view.offer))
        if view.lifted is not None:
            return self.printed(f"{self.whose(view.seat)} card {card_name(view.lifted)}: {self.moves_text(view)}.")
        top = view.delay_tops[view.seat]
        pile = "" if top is None else f", delay pile {card_name(top)}"
        return self.printed(f"{self.whose(view.seat)} turn{pile}: {self.moves_text(view)}.")

    def refusal(self, error: IllegalActionError, view: PanjandrumView) -> str:
        return f"No: {error}. You may: {self.moves_text(view)}." if view.legal else f"No: {error}."

    def turn_line(self, view: PanjandrumView) -> str:
        """Whose turn it is, worded to follow a colon, as the console puts it (``Wait: the call on East's turn is
        open.``): ``turn_text`` with its first letter in lower case, unless it names someone."""
        return mid_sentence(self.turn_text(view), self.names)

    def turn_text(self, view: PanjandrumView) -> str:
        """Whose turn it is, as a line of its own (the ``turn`` command): ``Your turn.``"""
        if view.over:
            return "The game is over."
        if view.offer is not None and view.accused is not None:
            return f"The call on {self.possessive(view.accused)} turn is open."
        if view.turn is None:
            return "No one is to play."
        return f"{self.whose(view.turn)} turn."

    def resume_lines(self, views: Any) -> list[str]:
        view: PanjandrumView = views(self.humans[0] if self.humans else 0)
        lines = [resuming_line("panjandrum")]
        if view.offer is not None:  # stopped while the call was open: the turn judged again, then the question
            lines += self.plays_lines(view)
        return [*lines, *self.piles_lines(view)]

    @property
    def review_topics(self) -> tuple[str, ...]:
        return ("piles", "plays", "score")

    def review_lines(self, topic: str, view: PanjandrumView) -> list[str]:
        if topic == "piles":
            return self.piles_lines(view)
        if topic == "plays":
            return self.plays_lines(view)
        if topic == "score":
            return self.fit(self.counts_text(view.counts()))
        raise ValueError(f"no review topic {topic!r}; topics: {', '.join(self.review_topics)}")

    def piles_lines(self, view: PanjandrumView) -> list[str]:
        """Every building pile's top by color, every delay pile's top by player, the hands' sizes."""
        building = ", ".join(
            f"{color} {top if top else 'none'}" for color, top in zip(COLOR_NAMES, view.building, strict=True)
        )
        delays = "; ".join(
            f"{self.object_name(seat)} {self.top_text(top, size)}"
            for seat, (top, size) in enumerate(zip(view.delay_tops, view.delay_sizes, strict=True))
        )
        hands = ", ".join(f"{self.object_name(seat)} {count}" for seat, count in enumerate(view.hands))
        lines = [f"Building piles: {building}.", f"Delay piles: {delays}.", f"Hands: {hands}."]
        if view.lifted is not None and view.turn is not None:
            lines.append(f"{self.whose(view.turn)} card lifted: {card_name(view.lifted)}.")
        return [piece for line in lines for piece in self.fit(line)]

    def top_text(self, top: Card | None, size: int) -> str:
        if top is None:
            return "none"
        return card_name(top) if size == 1 else f"{card_name(top)}, {size} cards"

    def plays_lines(self, view: PanjandrumView) -> list[str]:
        """The plays of the turn going on, or of the turn the call is about."""
        plays = [event for event in view.plays if isinstance(event, CardPlayed)]
        if not plays:
            return self.fit("No card played yet this turn.")
        seat = plays[0].seat
        head = f"{self.whose(seat)} turn, {plural(len(plays), 'card')} played:"
        return [piece for line in (head, *(self.play_line(event) for event in plays)) for piece in self.fit(line)]

    def advice_lines(self, view: PanjandrumView, advice: Any) -> list[str]:
        return self.fit(f"{advice.rule}.")
