"""What the program says in Match: one short line a card, in the kits' notation.

    >>> from rook_access.engine.cards import parse_card
    >>> from rook_access.engine.match import CardTurned, PileTaken
    >>> narrator = MatchNarrator(("South", "West", "North", "East"), [0])
    >>> narrator.event_lines(CardTurned(1, parse_card("7r"), 1, 2, False))
    ['West turns 7r.']
    >>> pile = tuple(parse_card(card) for card in ("12r", "7x", "12g"))
    >>> narrator.event_lines(PileTaken(0, pile[-1], pile[0], 1, pile, 17, None))
    ['You turn 12g: it matches 12r, you take the pile of 3 cards.']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..engine.cards import card_name
from ..engine.errors import IllegalActionError
from ..engine.match import CardTurned, LastPiles, MatchOver, MatchStarted, MatchView, PileTaken, PlayerOut
from ..engine.patience_deck import number_of
from .base import NarratorBase, Verbosity, cards_text, plural, resuming_line
from .message import Message


class MatchNarrator(NarratorBase):
    """Every line of Match, from its events and the seat's view."""

    def __init__(self, names: Sequence[str], humans: Iterable[int], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        super().__init__(names, humans, verbosity)

    def event_messages(self, event: Any) -> list[Message]:
        return self.messages(piece for line in self.event_lines(event) for piece in self.fit(line))

    def what(self, colors: bool) -> str:
        return "color" if colors else "number"

    def event_lines(self, event: Any) -> list[str]:
        """The lines an event is said in."""
        if isinstance(event, MatchStarted):
            counts = [len(hand) for hand in event.hands]
            most = max(counts)
            many = [seat for seat, count in enumerate(counts) if count == most]
            rest = [seat for seat, count in enumerate(counts) if count != most]
            dealt = f"{most} each" if not rest else (
                f"{most} to {self.people_text(many)}, {most - 1} to {self.people_text(rest)}"
            )
            return [
                f"Match, {len(counts)} players: match the first card's {self.what(event.colors)}.",
                f"{self.does(event.dealer, 'deal', 'deals')}: {dealt}.",
            ]
        if isinstance(event, CardTurned):
            if event.matched:
                return []  # said with the pile taken
            if self.terse:
                return [f"{self.name(event.seat)} {card_name(event.card)}."]
            if event.size == 1:
                return [f"{self.does(event.seat, 'start', 'starts')} pile {event.pile} with {card_name(event.card)}."]
            return [f"{self.does(event.seat, 'turn', 'turns')} {card_name(event.card)}."]
        if isinstance(event, PileTaken):
            size = len(event.cards)
            more = "" if event.piles_left is None else f" {plural(event.piles_left, 'more pile')}."
            if self.terse:
                verb = "take" if event.seat == self.you else "takes"
                line = f"{self.name(event.seat)} {card_name(event.card)} matches, {verb} {size}."
            else:
                line = (
                    f"{self.does(event.seat, 'turn', 'turns')} {card_name(event.card)}: it matches "
                    f"{card_name(event.first)}, {self.object_name(event.seat)} "
                    f"{'take' if event.seat == self.you else 'takes'} the pile of {plural(size, 'card')}."
                )
            return [line + more] if more and event.piles_left else [line]
        if isinstance(event, PlayerOut):
            return [f"{self.name(event.seat)} {'are' if event.seat == self.you else 'is'} out of cards and out."]
        if isinstance(event, LastPiles):
            return [f"Two players in: {plural(event.piles, 'more pile')}, then the game ends."]
        if isinstance(event, MatchOver):
            return self.over_lines(event)
        return []

    def over_lines(self, event: MatchOver) -> list[str]:
        best = event.counts[event.winners[0]]
        if len(event.winners) == 1:
            winner = event.winners[0]
            head = (
                f"{self.ending}: {self.object_name(winner)} "
                f"{'win' if winner == self.you else 'wins'} with {plural(best, 'card')}."
            )
        else:
            head = f"{self.ending}: {self.people_text(event.winners)} tie with {plural(best, 'card')}."
        lines = [head, self.counts_text(event.counts)]
        if event.left_on_table:
            lines.append(f"The last pile, {plural(len(event.left_on_table), 'card')}, is no one's.")
        if event.reason == "limit":
            lines.insert(0, "The game has gone on too long: it ends here.")
        return [piece for line in lines for piece in self.fit(line)]

    def counts_text(self, counts: Sequence[int], out: Sequence[bool] = ()) -> str:
        """``Cards: you 20, West 14, North out.``"""
        parts = [
            f"{self.object_name(seat)} {'out' if out and out[seat] else count}" for seat, count in enumerate(counts)
        ]
        return f"Cards: {', '.join(parts)}."

    # ------------------------------------------------------------ questions
    def question(self, view: MatchView) -> str:
        if self.terse:  # within 40 cells, "Northwest's turn" too
            return self.printed(f"{self.whose(view.seat)} turn: Enter or p.")
        return self.printed(f"{self.whose(view.seat)} turn: Enter or p turns a card.")

    def refusal(self, error: IllegalActionError, view: MatchView) -> str:
        return f"No: {error}. Match has no choices."

    def turn_line(self, view: MatchView) -> str:
        if view.turn is None:
            return "The game is over."
        return f"{self.whose(view.turn)} turn to turn a card."

    def resume_lines(self, views: Any) -> list[str]:
        view: MatchView = views(self.humans[0] if self.humans else 0)
        return [resuming_line("match"), *self.pile_lines(view), *self.fit(self.counts_text(view.counts))]

    @property
    def review_topics(self) -> tuple[str, ...]:
        return ("pile", "score")

    def review_lines(self, topic: str, view: MatchView) -> list[str]:
        if topic == "pile":
            return self.pile_lines(view)
        if topic == "score":
            lines = [self.counts_text(view.counts, view.out)]
            if view.piles_left is not None and not view.over:
                lines.append(f"{plural(view.piles_left, 'more pile')} to take.")
            return [piece for line in lines for piece in self.fit(line)]
        raise ValueError(f"no review topic {topic!r}; topics: {', '.join(self.review_topics)}")

    def pile_lines(self, view: MatchView) -> list[str]:
        if not view.pile:
            return self.fit(f"No pile on the table: pile {view.pile_number} is next.")
        first = card_name(view.pile[0])
        # "match 7x" was heard as a black 7 to look for: any 7 matches it
        target = f"the color of {first}" if view.colors else f"any {number_of(view.pile[0])}"
        return self.fit(f"Pile {view.pile_number}, {plural(len(view.pile), 'card')}: {cards_text(view.pile)}; "
                        f"match {target}.")

    def advice_lines(self, view: MatchView, advice: Any) -> list[str]:
        return self.fit(f"{advice.rule[:1].upper()}{advice.rule[1:]}.")
