"""What the program says in I Doubt It: one short line a play, saying what may be doubted.

A play by another is said in one line that names the number called ("West
plays a card face down: 7."), so the doubt window that opens after it is
fair; a doubt is said in three lines: the call, the card shown, and who
takes the centre.

    >>> from rook_access.engine.cards import parse_card
    >>> from rook_access.engine.doubt import CardLaid, Doubted
    >>> narrator = DoubtNarrator(("South", "West", "North", "East"), [0])
    >>> narrator.event_lines(CardLaid(1, parse_card("3g"), 7, 12, 5))
    ['West plays a card face down: 7.']
    >>> narrator.event_lines(CardLaid(0, parse_card("7r"), 8, 0, 6))
    ['You play 7r face down as 8, your last card.']
    >>> centre = tuple(parse_card(card) for card in ("1r", "2x", "3g"))
    >>> narrator.event_lines(Doubted(2, 1, centre[-1], 3, True, 2, centre, 17))
    ["North doubts West's 3.", 'It is 3g, a true 3.', 'North takes the centre, 3 cards, and holds 17.']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..engine.cards import card_name
from ..engine.doubt import (
    MOST_PLAYS,
    CardLaid,
    Doubted,
    DoubtOver,
    DoubtRule,
    DoubtStarted,
    DoubtView,
    LetPass,
    by_number,
)
from ..engine.errors import IllegalActionError
from ..engine.patience_deck import number_of
from ..engine.visibility import FaceDownLaid
from .base import NarratorBase, Verbosity, article, cards_text, fit_lines, mid_sentence, plural, resuming_line
from .calls import call_question
from .message import Message


class DoubtNarrator(NarratorBase):
    """Every line of I Doubt It, from its events and the seat's view."""

    def __init__(self, names: Sequence[str], humans: Iterable[int], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        super().__init__(names, humans, verbosity)

    def event_messages(self, event: Any) -> list[Message]:
        return self.messages(piece for line in self.event_lines(event) for piece in self.fit(line))

    def event_lines(self, event: Any) -> list[str]:
        """The lines an event is said in."""
        if isinstance(event, DoubtStarted):
            return self.start_lines(event)
        if isinstance(event, (CardLaid, FaceDownLaid)):
            return [self.laid_line(event)]
        if isinstance(event, Doubted):
            return self.doubted_lines(event)
        if isinstance(event, LetPass):
            return []  # the next play, or the end, says what follows
        if isinstance(event, DoubtOver):
            return self.over_lines(event)
        return []

    def start_lines(self, event: DoubtStarted) -> list[str]:
        counts = [len(hand) for hand in event.hands]
        most = max(counts)
        many = [seat for seat, count in enumerate(counts) if count == most]
        rest = [seat for seat, count in enumerate(counts) if count != most]
        dealt = f"{most} each" if not rest else (
            f"{most} to {self.people_text(many)}, {most - 1} to {self.people_text(rest)}"
        )
        first = (event.dealer + 1) % len(event.names)
        lines = [
            f"I Doubt It, {len(counts)} players: play a card face down, calling the next number.",
            f"{self.does(event.dealer, 'deal', 'deals')}: {dealt}. {self.does(first, 'call', 'calls')} 1 first.",
        ]
        if self.you is not None:
            lines += self.hand_lines(by_number(event.hands[self.you]))
        return lines

    def laid_line(self, event: CardLaid | FaceDownLaid) -> str:
        """A card laid face down: the card named to the seat that laid it (a ``FaceDownLaid``, as another seat
        playing from elsewhere is sent it, never names one)."""
        mine = isinstance(event, CardLaid) and event.seat == self.you
        last = event.holding == 0
        if self.terse:
            if mine:
                assert isinstance(event, CardLaid)
                return f"You {card_name(event.card)} as {event.called}{', last' if last else ''}."
            return f"{self.name(event.seat)}: {event.called}{', last card' if last else ''}."
        if mine:
            assert isinstance(event, CardLaid)
            return f"You play {card_name(event.card)} face down as {event.called}{', your last card' if last else ''}."
        if last:
            return f"{self.name(event.seat)} plays a last card face down: {event.called}."
        left = f" {self.name(event.seat)} has {event.holding} left." if event.holding <= 2 else ""
        return f"{self.name(event.seat)} plays a card face down: {event.called}.{left}"

    def doubted_lines(self, event: Doubted) -> list[str]:
        whose = "your" if event.seat == self.you else f"{self.names[event.seat]}'s"
        shown = card_name(event.card)
        taker = self.name(event.taker)
        holds = "hold" if event.taker == self.you else "holds"
        take = "take" if event.taker == self.you else "takes"
        if self.terse:
            truth = "true" if event.true else "false"
            return [
                f"{self.does(event.doubter, 'doubt', 'doubts')} {whose} {event.called}.",
                f"It is {shown}, {truth}.",
                f"{taker} {take} {len(event.cards)}, {holds} {event.holding}.",
            ]
        truth = f"a true {event.called}" if event.true else f"not {article(event.called)} {event.called}"
        return [
            f"{self.does(event.doubter, 'doubt', 'doubts')} {whose} {event.called}.",
            f"It is {shown}, {truth}.",
            f"{taker} {take} the centre, {plural(len(event.cards), 'card')}, and {holds} {event.holding}.",
        ]

    def over_lines(self, event: DoubtOver) -> list[str]:
        lines: list[str] = []
        winners = event.winners
        points = event.points[winners[0]]
        if event.reason == "limit":
            lines.append(f"The game has gone on too long: {MOST_PLAYS} plays. The fewest cards wins.")
            verb = "win" if winners == (self.you,) else ("wins" if len(winners) == 1 else "win")
            lines.append(f"{self.ending}: {self.people_text(winners)} {verb} with {plural(points, 'point')}.")
        else:
            winner = winners[0]
            verb = "are out of cards and win" if winner == self.you else "is out of cards and wins"
            lines.append(f"{self.ending}: {self.object_name(winner)} {verb} {plural(points, 'point')}.")
        lines.append(self.counts_text(event.counts))
        if event.left_in_centre:
            left = len(event.left_in_centre)
            lines.append(f"The centre's {plural(left, 'card')} {'is' if left == 1 else 'are'} no one's.")
        return [piece for line in lines for piece in self.fit(line)]

    def counts_text(self, counts: Sequence[int], pile: int | None = None) -> str:
        """``Cards: you 20, West 14, North 9; centre 5.``"""
        parts = ", ".join(f"{self.object_name(seat)} {count}" for seat, count in enumerate(counts))
        centre = "" if pile is None else f"; centre {pile}"
        return f"Cards: {parts}{centre}."

    def hand_lines(self, hand: Sequence[int]) -> list[str]:
        """The hand sorted by number: ``Your hand, 3 cards: 1r 7x 7g.`` (braille: ``Hand 1r 7x 7g``, in lines of
        40 cells)."""
        if not hand:
            return ["Your hand is empty."]
        if self.braille:
            return fit_lines("Hand", [[card_name(card)] for card in hand], 40)
        return [f"Your hand, {plural(len(hand), 'card')}: {cards_text(hand)}."]

    # ------------------------------------------------------------ questions
    def question(self, view: DoubtView) -> str:
        if view.offer is not None:
            ask = call_question(view.offer)
            return self.printed(ask if self.you is not None else f"{self.names[view.seat]}: {ask}")
        if self.terse:
            return self.printed(f"{self.whose(view.seat)} turn, call {view.number}: play a card.")
        if view.hand and not any(number_of(card) == view.number for card in view.hand):
            # the example is no advice to play that card for the number: say the hand has none, so any is a bluff
            return self.printed(f"{self.whose(view.seat)} turn, call {view.number}: you hold no {view.number}; "
                                f"play any card, like play {self.example_card(view)}.")
        return self.printed(f"{self.whose(view.seat)} turn, call {view.number}: play a card, like play "
                            f"{self.example_card(view)}.")

    @staticmethod
    def example_card(view: DoubtView) -> str:
        """A card of the hand to show how a play is typed: one of the number called if the hand has one."""
        called = [card for card in view.hand if number_of(card) == view.number]
        return card_name((called or list(view.hand))[0]) if view.hand else "7r"

    def refusal(self, error: IllegalActionError, view: DoubtView) -> str:
        if self.terse:
            return f"No: {error}."
        if error.rule is DoubtRule.NOT_HELD:
            return f"No: {error}. Play a card you hold; hand says them."
        if error.rule is DoubtRule.DOUBT_OR_LET_GO and view.offer is not None:
            return f"No: {error}. Type {view.offer.key} to doubt, or n to let it go."
        return f"No: {error}."

    def turn_line(self, view: DoubtView) -> str:
        """Whose turn it is, worded to follow a colon, as the console puts it (``Wait: the call on East's turn is
        open.``): ``turn_text`` with its first letter in lower case, unless it names someone."""
        return mid_sentence(self.turn_text(view), self.names)

    def turn_text(self, view: DoubtView) -> str:
        """Whose turn it is, as a line of its own (the ``turn`` command): ``Your turn.``"""
        if view.over:
            return "The game is over."
        if self.terse and view.offer is not None and view.last_play is not None:
            return f"{self.whose(view.last_play.seat)} {view.last_play.called}: doubt or not."
        counts = self.counts_text(view.counts)
        if view.offer is not None and view.last_play is not None:
            return (f"{self.whose(view.last_play.seat)} {view.last_play.called} may be doubted: "
                    f"{plural(view.pile, 'card')} in the centre. {counts}")
        assert view.turn is not None
        if self.terse:
            return f"{self.whose(view.turn)} turn, call {view.number}; centre {view.pile}."
        return (f"{self.whose(view.turn)} turn to call {view.number}; {plural(view.pile, 'card')} in the centre. "
                f"{counts}")

    def resume_lines(self, views: Any) -> list[str]:
        view: DoubtView = views(self.humans[0] if self.humans else 0)
        lines = [resuming_line("i-doubt-it")]
        if view.offer is not None and view.last_play is not None:  # stopped while it could be doubted: the play
            lines.append(self.open_play_line(view))  # again, then the question
        if self.you is not None:
            lines += self.hand_lines(view.hand)
        lines.append(self.counts_text(view.counts, view.pile))
        return [piece for line in lines for piece in self.fit(line)]

    def open_play_line(self, view: DoubtView) -> str:
        """The play open to doubt, as it was said: ``East plays a card face down: 3.``"""
        assert view.last_play is not None
        seat = view.last_play.seat
        mine = [card for _, card in view.mine] if seat == view.seat else []
        card = mine[-1] if mine else 0  # another's card is never said
        return self.laid_line(CardLaid(seat, card, view.last_play.called, view.counts[seat], view.pile))

    @property
    def review_topics(self) -> tuple[str, ...]:
        return ("hand", "score", "pile")

    def review_lines(self, topic: str, view: DoubtView) -> list[str]:
        if topic == "hand":
            return [piece for line in self.hand_lines(view.hand) for piece in self.fit(line)]
        if topic == "score":
            return self.fit(self.counts_text(view.counts, view.pile))
        if topic == "pile":
            if view.over:
                return self.fit(f"The game is over; {plural(view.pile, 'card')} left in the centre.")
            called = f"; {view.last_play.called} was called last" if view.last_play is not None else ""
            return self.fit(f"Centre: {plural(view.pile, 'card')}{called}; {view.number} is next.")
        raise ValueError(f"no review topic {topic!r}; topics: {', '.join(self.review_topics)}")

    def advice_lines(self, view: DoubtView, advice: Any) -> list[str]:
        reason: str = advice.reason
        if view.offer is not None:
            what = "Doubt it" if advice.action == view.offer.call else "Let it go"
            return self.fit(f"{what}: {reason}.")
        return self.fit(f"{reason[:1].upper()}{reason[1:]}.")
