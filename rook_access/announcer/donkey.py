"""What the program says in Donkey: short lines a child can follow, cards in the kits' notation.

Only the player who passes a card and the one who gets it hear which card it
was; four of a kind is told only to its holder; a fold is told to all.

    >>> from rook_access.engine.cards import parse_card
    >>> from rook_access.engine.donkey import CardPassed, Folded
    >>> narrator = DonkeyNarrator(("South", "West", "North", "East"), [0])
    >>> narrator.event_lines(CardPassed(0, 1, parse_card("3r"), 1))
    ['You pass 3r to West.']
    >>> narrator.event_lines(CardPassed(3, 0, parse_card("9g"), 1))
    ['You get 9g from East.']
    >>> narrator.event_lines(CardPassed(2, 3, parse_card("5x"), 1))
    []
    >>> narrator.event_lines(Folded(1, 1, 9))
    ['West folds their hands: four 9s!']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from ..engine.cards import Card, card_name
from ..engine.donkey import (
    MOST_ROUNDS,
    CardPassed,
    CardsPassed,
    DonkeyOver,
    DonkeyStarted,
    DonkeyView,
    Folded,
    FourOfAKind,
    Pass,
    by_number,
)
from ..engine.errors import IllegalActionError
from ..engine.patience_deck import number_of
from .base import NarratorBase, Verbosity, mid_sentence, resuming_line
from .calls import call_question
from .message import Message

COUNT_WORDS = ("no", "one", "two", "three", "four", "five")


def how_many(count: int, number: int) -> str:
    """``three 5s``, ``one 3``.

    >>> how_many(3, 5), how_many(1, 3)
    ('three 5s', 'one 3')
    """
    word = COUNT_WORDS[count] if count < len(COUNT_WORDS) else str(count)
    return f"{word} {number}" if count == 1 else f"{word} {number}s"


def grouped(hand: Iterable[Card]) -> str:
    """A hand sorted by number, each number's cards together, the groups apart: ``1r; 3y 3g; 5r 5x 5g``.

    >>> from rook_access.engine.cards import parse_card
    >>> grouped(parse_card(name) for name in "5g 3y 1r 5r 3g 5x".split())
    '1r; 3y 3g; 5r 5x 5g'
    """
    groups: dict[int, list[str]] = {}
    for card in by_number(list(hand)):
        groups.setdefault(number_of(card), []).append(card_name(card))
    return "; ".join(" ".join(names) for names in groups.values())


def most_held(hand: Iterable[Card]) -> tuple[int, list[int]]:
    """How many cards of the number held most, and those numbers (lowest first)."""
    counts = Counter(number_of(card) for card in hand)
    most = max(counts.values(), default=0)
    return most, sorted(number for number, count in counts.items() if count == most)


class DonkeyNarrator(NarratorBase):
    """Every line of Donkey, from its events and the seat's view."""

    def __init__(self, names: Sequence[str], humans: Iterable[int], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        super().__init__(names, humans, verbosity)
        self.hands: list[list[Card]] = [[] for _ in names]
        """Each seat's cards as the events told them (what the user's lines count)."""
        self._round_passes: list[CardPassed] = []
        self._got: dict[int, list[str]] = {}
        """The card a keyboard seat got, said after the card it passed, by seat."""

    def _passing(self, seat: int, round_: int) -> bool:
        """Whether ``seat``'s own pass of that round is still to be said."""
        return not any(told.seat == seat and told.round == round_ for told in self._round_passes)

    def _follow(self, event: Any) -> None:
        if isinstance(event, DonkeyStarted):
            self.hands = [list(hand) for hand in event.hands]
        elif isinstance(event, CardsPassed):
            self._round_passes = []
        elif isinstance(event, CardPassed):
            self._round_passes.append(event)
            if event.card in self.hands[event.seat]:  # (a narrator told of no deal knows no hand)
                self.hands[event.seat].remove(event.card)
            self.hands[event.to].append(event.card)

    def event_messages(self, event: Any) -> list[Message]:
        return self.messages(piece for line in self.event_lines(event) for piece in self.fit(line))

    def told(self, seat: int) -> bool:
        """Whether private lines about ``seat`` are said: a keyboard seat's (by name when several players
        share the keyboard), or everyone's at a table of computers alone."""
        return seat in self.humans if self.humans else True

    def event_lines(self, event: Any) -> list[str]:
        """The lines an event is said in."""
        self._follow(event)
        if isinstance(event, DonkeyStarted):
            counts = [len(hand) for hand in event.hands]
            most = max(counts)
            many = [seat for seat, count in enumerate(counts) if count == most]
            rest = [seat for seat, count in enumerate(counts) if count != most]
            dealt = f"{most} each" if not rest else (
                f"{most} to {self.people_text(many)}, {most - 1} to {self.people_text(rest)}"
            )
            lines = [
                f"Donkey, {len(counts)} players: get four of one number, then fold your hands.",
                f"{self.does(event.dealer, 'deal', 'deals')}: {dealt}.",
            ]
            if self.you is not None:
                lines += self.hand_lines(self.you, event.hands[self.you])
            return lines
        if isinstance(event, CardsPassed):
            if self.humans:
                return []
            return [f"Round {event.round}: all pass." if self.terse else
                    f"Round {event.round}: everyone passes a card to the left."]  # fmt: skip
        if isinstance(event, CardPassed):
            lines = []
            if self.told(event.seat) and (self.humans or self.verbose):
                lines.append(f"{self.does(event.seat, 'pass', 'passes')} {card_name(event.card)} "
                             f"to {self.object_name(event.to)}.")  # fmt: skip
            lines += self._got.pop(event.seat, [])
            if self.told(event.to) and self.humans:
                getter = "You get" if event.to == self.you else f"{self.names[event.to]} gets"
                line = f"{getter} {card_name(event.card)} from {self.names[event.seat]}."
                number = number_of(event.card)
                count = sum(number_of(card) == number for card in self.hands[event.to])
                if count > 1 and not self.terse and event.to == self.you:
                    line = line[:-1] + f": {how_many(count, number)} now."
                if self._passing(event.to, event.round):
                    self._got[event.to] = [line]  # said after their own pass, later in this round's events
                else:
                    lines.append(line)
            return lines
        if isinstance(event, FourOfAKind):
            if not self.told(event.seat):
                return []
            if event.seat == self.you:
                return [f"You have four {event.number}s! Fold your hands: press f."]
            return [f"{self.names[event.seat]} has four {event.number}s."]
        if isinstance(event, Folded):
            hands = "your hands" if event.seat == self.you else "their hands"
            line = f"{self.does(event.seat, 'fold', 'folds')} {hands}"
            if event.number is not None:
                return [f"{line}: four {event.number}s!"]
            return [f"{line}." if event.seat == self.you else f"{line}!"]
        if isinstance(event, DonkeyOver):
            return self.over_lines(event)
        return []

    def over_lines(self, event: DonkeyOver) -> list[str]:
        lines: list[str] = []
        if event.reason == "limit":
            lines.append(f"{self.ending}: no one got four in {MOST_ROUNDS} rounds, so no one wins.")
        elif len(event.winners) == 1:
            winner = event.winners[0]
            if winner == self.you:
                lines.append(f"{self.ending}: you got four first. You win!")
            else:
                lines.append(f"{self.ending}: {self.names[winner]} got four first and wins.")
        else:
            both = "both" if len(event.winners) == 2 else "all"
            lines.append(f"{self.ending}: {self.people_text(event.winners)} got four at once and {both} win.")
        if event.donkey is not None:
            if event.donkey == self.you:
                lines.append("You are the donkey: the last to fold.")
                lines.append("Run round the table three times, saying: I am slow, I am slow!")
            else:
                lines.append(f"{self.names[event.donkey]} is the donkey: the last to fold.")
        if self.verbose and event.folds:
            lines.append(f"Folded in this order: {self.people_text(event.folds, in_order=True)}.")
        return [piece for line in lines for piece in self.fit(line)]

    def hand_lines(self, seat: int, hand: Sequence[Card]) -> list[str]:
        """``Your hand: 1r; 3y 3g; 5r 5x 5g.`` and ``Most: three 5s.``"""
        owner = "Your" if seat == self.you else f"{self.names[seat]}'s"
        lines = [f"{owner} hand: {grouped(hand)}."]
        most, numbers = most_held(hand)
        if most > 1 and len(numbers) == 1:
            lines.append(f"Most: {how_many(most, numbers[0])}.")
        elif most > 1:
            listed = ", ".join(str(number) for number in numbers[:-1]) + f" and {numbers[-1]}"
            lines.append(f"Most: {COUNT_WORDS[most]} each of {listed}.")
        return [piece for line in lines for piece in self.fit(line)]

    def counts_text(self, counts: Sequence[int]) -> str:
        """``Cards: you 14, West 14, North 14, East 14.``"""
        return "Cards: " + ", ".join(f"{self.object_name(seat)} {count}" for seat, count in enumerate(counts)) + "."

    # ------------------------------------------------------------ questions
    def question(self, view: DonkeyView) -> str:
        if view.offer is not None:
            question = call_question(view.offer)
            return self.printed(question if self.you is not None else f"{self.names[view.seat]}: {question}")
        who = "" if view.seat == self.you else f"{self.names[view.seat]}, "
        example = card_name(view.hand[0]) if view.hand else "7r"
        # The example keeps the notation it is typed in, even where lines print cards in words.
        if self.terse:
            return f"{who}pass a card: p {example}." if who else f"Pass a card: p {example}."
        opening = f"{who}pass a card" if who else "Pass a card"
        left = self.names[(view.seat + 1) % len(self.names)]
        return f"{opening} to {left}: type pass and the card, like pass {example}."

    def refusal(self, error: IllegalActionError, view: DonkeyView) -> str:
        if view.offer is not None:
            return f"No: {error}. Press f to fold."
        if view.legal:
            return f"No: {error}. Pass a card from your hand, like pass {card_name(view.hand[0])}."
        return f"No: {error}."

    def turn_line(self, view: DonkeyView) -> str:
        """Whose turn it is, worded to follow a colon, as the console puts it (``Wait: the call on East's turn is
        open.``): ``turn_text`` with its first letter in lower case, unless it names someone."""
        return mid_sentence(self.turn_text(view), self.names)

    def turn_text(self, view: DonkeyView) -> str:
        """Whose turn it is, as a line of its own (the ``turn`` command): ``Your turn.``"""
        if view.over:
            return "The game is over."
        if view.offer is not None:
            return "Fold your hands now: press f."
        if view.seat in view.folds:
            return "You have folded; the others are still to fold." if view.seat == self.you else (
                f"{self.names[view.seat]} has folded; the others are still to fold.")
        if any(isinstance(action, Pass) for action in view.legal):
            return f"{self.whose(view.seat)} turn to pass a card."
        if view.folds:
            return "The others are still to fold."
        return "The others are choosing their cards."

    def resume_lines(self, views: Any) -> list[str]:
        seat = self.humans[0] if self.humans else 0
        view: DonkeyView = views(seat)
        lines = [resuming_line("donkey"), *self.hand_lines(seat, view.hand)]
        if view.folds:
            lines += self.fit(f"Folded, in order: {self.people_text(view.folds, in_order=True)}.")
        return lines

    @property
    def review_topics(self) -> tuple[str, ...]:
        return ("hand", "score")

    def review_lines(self, topic: str, view: DonkeyView) -> list[str]:
        if topic == "hand":
            lines = self.hand_lines(view.seat, view.hand)
            if view.chosen is not None:
                lines += self.fit(f"You pass {card_name(view.chosen)} when everyone has chosen.")
            return lines
        if topic == "score":
            lines = [f"Round {view.round + 1}.", self.counts_text(view.counts)]
            if view.folds:
                lines.append(f"Folded, in order: {self.people_text(view.folds, in_order=True)}.")
            return [piece for line in lines for piece in self.fit(line)]
        raise ValueError(f"no review topic {topic!r}; topics: {', '.join(self.review_topics)}")

    def advice_lines(self, view: DonkeyView, advice: Any) -> list[str]:
        action = advice.action
        if not isinstance(action, Pass):
            return self.fit(f"{advice.rule[:1].upper()}{advice.rule[1:]}: press f.")
        card = card_name(action.card)
        if advice.kept is None or advice.given_up is None:
            return self.fit(f"Pass {card}: {advice.rule}.")
        line = f"Pass {card}: you hold {how_many(advice.given_count, advice.given_up)}."
        most, numbers = most_held(view.hand)
        if advice.kept != advice.given_up and most > 1:
            if len(numbers) == 1:
                line += f" Keep your {advice.kept}s: you hold {COUNT_WORDS[most]}."
            else:
                line += f" Keep the numbers you hold {COUNT_WORDS[most]} of."
        return self.fit(line)
