"""What the program says in Tuxedo: one short line an event, cards in the kits' notation.

A capture is said in one line naming every card taken, colors and all, so
whoever hears it can tell an Orange (a red card and a yellow card taken
together) before the call is asked.

    >>> from rook_access.engine.cards import parse_card, parse_cards
    >>> from rook_access.engine.tuxedo import Captured, OrangeCalled
    >>> narrator = TuxedoNarrator(("South", "West", "North", "East"), [0])
    >>> groups = (tuple(parse_cards("8g")), tuple(parse_cards("6r 2x")), tuple(parse_cards("5y 2g 1r")))
    >>> narrator.event_lines(Captured(1, parse_card("8x"), groups, None))
    ['West takes 8g; 6r 2x; 5y 2g 1r, with 8x.']
    >>> narrator.event_lines(OrangeCalled(0, 1, True, 10))
    ['You call Orange: right, 10 points.']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..engine.cards import COLOR_NAMES, Card, card_name
from ..engine.errors import IllegalActionError
from ..engine.patience_deck import color_of, number_of
from ..engine.tuxedo import (
    Build,
    Built,
    Captured,
    CentreLeft,
    DealCounted,
    DealStarted,
    Laid,
    Lay,
    NoOrange,
    Orange,
    OrangeCalled,
    OrangeMissed,
    Pile,
    Redealt,
    SeatCount,
    Take,
    TuxedoOver,
    TuxedoStarted,
    TuxedoView,
    capture_groups,
)
from .base import NarratorBase, Verbosity, article, cards_text, mid_sentence, or_list, plural, resuming_line
from .calls import call_question
from .message import Message


def groups_text(groups: Sequence[Sequence[Card]]) -> str:
    """The groups of a capture, each group's cards together: ``8g; 6r 2x; 5y 2g 1r``."""
    return "; ".join(cards_text(group) for group in groups)


def sums_text(groups: Sequence[Sequence[Card]]) -> str:
    """Each group's numbers added up, where a group has several: ``6+2, 5+2+1``."""
    return ", ".join("+".join(str(number_of(card)) for card in group) for group in groups if len(group) > 1)


class TuxedoNarrator(NarratorBase):
    """Every line of Tuxedo, from its events and the seat's view."""

    def __init__(self, names: Sequence[str], humans: Iterable[int], verbosity: Verbosity = Verbosity.NORMAL) -> None:
        super().__init__(names, humans, verbosity)
        self.capture: Captured | None = None
        """The last capture told, which a wrong Orange call is about."""

    def event_messages(self, event: Any) -> list[Message]:
        return self.messages(piece for line in self.event_lines(event) for piece in self.fit(line))

    def verb(self, seat: int, you_form: str, other_form: str) -> str:
        return you_form if seat == self.you else other_form

    def event_lines(self, event: Any) -> list[str]:
        """The lines an event is said in."""
        if isinstance(event, TuxedoStarted):
            return [
                f"Tuxedo, {len(event.names)} players, first to {event.target}.",
                f"{self.does(event.dealer, 'draw', 'draws')} the highest card and "
                f"{self.verb(event.dealer, 'deal', 'deals')}.",
            ]
        if isinstance(event, DealStarted):
            lines = [
                f"Deal {event.deal}: {self.does(event.dealer, 'deal', 'deals')} 4 each, "
                f"{event.pack_left} cards left in the pack.",
                f"Centre: {cards_text(event.centre)}.",
            ]
            return lines + self._hand_line(event.hands)
        if isinstance(event, Redealt):
            each = len(event.hands[0])
            if each == 0:
                return [f"The last {plural(len(event.to_centre), 'card')} go to the centre: "
                        f"{cards_text(event.to_centre)}."]  # fmt: skip
            line = f"{each} more each, {plural(event.pack_left, 'card')} left in the pack."
            if event.to_centre:
                line = f"Last deal, {each} each; the odd cards to the centre: {cards_text(event.to_centre)}."
            return [line, *self._hand_line(event.hands)]
        if isinstance(event, Captured):
            self.capture = event
            line = (
                f"{self.does(event.seat, 'take', 'takes')} {groups_text(event.groups)}, "
                f"with {card_name(event.card)}"
            )
            if event.sweep:
                line += f": a {event.sweep} sweep"
            return [line + "."]
        if isinstance(event, Laid):
            return [f"{self.does(event.seat, 'lay', 'lays')} {card_name(event.card)}."]
        if isinstance(event, Built):
            holder = "you hold" if event.seat == self.you else f"{self.names[event.seat]} holds"
            on = cards_text(event.on)
            if event.rebuilt is not None:
                owner = "your" if event.rebuilt == self.you else f"{self.names[event.rebuilt]}'s"
                on = f"{owner} build {on}"
            return [
                f"{self.does(event.seat, 'build', 'builds')} {card_name(event.card)} on {on}: "
                f"{event.value}; {holder} {article(event.value)} {event.value}."
            ]
        if isinstance(event, OrangeCalled):
            if event.right:
                return [f"{self.does(event.seat, 'call', 'calls')} Orange: right, {event.points} points."]
            caller = self.does(event.seat, "call", "calls")
            return [f"{caller} Orange: wrong, {self.not_orange()}, {event.points} points."]
        if isinstance(event, OrangeMissed):
            return ["That was an Orange: no one called it."]
        if isinstance(event, CentreLeft):
            if event.seat is None:
                return [f"The pack is played; the centre, {cards_text(event.cards)}, is no one's."]
            return [f"The pack is played; the centre, {cards_text(event.cards)}, goes to "
                    f"{self.object_name(event.seat)}, last to take."]  # fmt: skip
        if isinstance(event, DealCounted):
            lines = [f"Deal {event.deal} counted."]
            lines += [self.count_line(seat, count) for seat, count in enumerate(event.counts)]
            lines.append(self.totals_text(event.totals))
            return [piece for line in lines for piece in self.fit(line)]
        if isinstance(event, TuxedoOver):
            return self.over_lines(event)
        return []

    def not_orange(self) -> str:
        """Why the capture called was no Orange: ``no yellow card was taken``."""
        taken = self.capture.taken if self.capture is not None else ()
        colors = {COLOR_NAMES[color_of(card)] for card in taken}
        missing = [color for color in ("red", "yellow") if color not in colors]
        if len(missing) == 1:
            return f"no {missing[0]} card was taken"
        return "no red or yellow card was taken"

    def _hand_line(self, hands: Sequence[Sequence[Card]]) -> list[str]:
        if self.you is None or not hands[self.you]:
            return []
        return [f"Your hand: {cards_text(sorted(hands[self.you], key=number_of))}."]

    def count_line(self, seat: int, count: SeatCount) -> str:
        """``West: 14 cards, most 15, 2 fives 10, Orange 10: 35.``"""
        parts = [plural(count.cards, "card")]
        if count.most:
            parts.append(f"most {count.most}")
        if count.fives:
            parts.append(f"{plural(count.fives, 'five')} {5 * count.fives}")
        if count.oranges:
            parts.append(f"{plural(count.oranges, 'Orange')} {10 * count.oranges}")
        if count.wrong:
            parts.append(f"{plural(count.wrong, 'wrong call')} -{10 * count.wrong}")
        if count.big:
            parts.append(f"{plural(count.big, 'big sweep')} {10 * count.big}")
        if count.little:
            parts.append(f"{plural(count.little, 'little sweep')} {5 * count.little}")
        return f"{self.name(seat)}: {', '.join(parts)}; {plural(count.points, 'point')}."

    def totals_text(self, totals: Sequence[int]) -> str:
        """``Totals: you 35, West 20.``"""
        return "Totals: " + ", ".join(f"{self.object_name(seat)} {total}" for seat, total in enumerate(totals)) + "."

    def over_lines(self, event: TuxedoOver) -> list[str]:
        best = event.totals[event.winners[0]]
        if len(event.winners) == 1:
            winner = event.winners[0]
            head = f"{self.ending}: {self.object_name(winner)} {self.verb(winner, 'win', 'wins')} with {best}."
        else:
            head = f"{self.ending}: {self.people_text(event.winners)} share the game with {best}."
        return self.fit(head)  # the totals were just said with the deal's count

    # ------------------------------------------------------------ questions
    def question(self, view: TuxedoView) -> str:
        if view.offer is not None:
            question = call_question(view.offer)
            if len(self.humans) > 1:  # several at one keyboard: say who is asked
                question = f"{self.names[view.seat]}: {question}"
            return self.printed(question)
        hand = cards_text(sorted(view.hand, key=number_of))
        if self.terse:
            return self.printed(f"{self.whose(view.seat)} turn: {hand}.")
        what = " or ".join(self.move_kinds(view))
        return self.printed(f"{self.whose(view.seat)} turn, {what}. Hand {hand}.")

    def move_kinds(self, view: TuxedoView) -> list[str]:
        """The kinds of move possible now, of ``take``, ``build`` and ``lay``."""
        return [word for word, kind in (("take", Take), ("build", Build), ("lay", Lay))
                if any(isinstance(action, kind) for action in view.legal)]  # fmt: skip

    def moves_now(self, view: TuxedoView) -> str:
        """The moves possible now, as a sentence: ``Now: take or build.``, ``Now: lay a card.`` (empty for none)."""
        kinds = self.move_kinds(view)
        if not kinds:
            return ""
        if kinds == ["lay"]:
            return "Now: lay a card."
        return f"Now: {or_list(kinds)}."

    def refusal(self, error: IllegalActionError, view: TuxedoView) -> str:
        """The rule broken, and what may be done instead: ``No: 4g takes nothing in the centre. Take with 10r.``"""
        if view.offer is not None:
            return f"No: {error}. o calls Orange, n lets it go."
        takes = [card_name(action.card) for action in sorted(
            (action for action in view.legal if isinstance(action, Take)), key=lambda take: number_of(take.card))]
        if takes:
            return f"No: {error}. Take with {', '.join(takes)}; captures says what each takes."
        if any(isinstance(action, Lay) for action in view.legal):
            build = ", or build" if any(isinstance(action, Build) for action in view.legal) else ""
            return f"No: {error}. Nothing of yours takes: lay a card{build}."
        return f"No: {error}."

    def turn_line(self, view: TuxedoView) -> str:
        """Whose turn it is, worded to follow a colon, as the console puts it (``Wait: the call on East's turn is
        open.``): ``turn_text`` with its first letter in lower case, unless it names someone."""
        return mid_sentence(self.turn_text(view), self.names)

    def turn_text(self, view: TuxedoView) -> str:
        """Whose turn it is, as a line of its own (the ``turn`` command): ``Your turn.``"""
        if view.over:
            return "The game is over."
        if view.offer is not None:
            if self.terse:
                return "Orange may be called now."
            return f"Orange may be called now: {self.people_text(view.offer.seats)} to answer."
        if view.turn is None:
            return "The deal is being counted."
        return f"{self.whose(view.turn)} turn."

    def resume_lines(self, views: Any) -> list[str]:
        view: TuxedoView = views(self.humans[0] if self.humans else 0)
        lines = [resuming_line("tuxedo")]
        if view.capture is not None:  # stopped while Orange could be called: the capture again, then the question
            lines += self.event_lines(view.capture)
        lines += self.centre_lines(view)
        if view.hand:
            lines.append(f"Hand: {cards_text(sorted(view.hand, key=number_of))}.")
        return [piece for line in lines for piece in self.fit(line)]

    @property
    def review_topics(self) -> tuple[str, ...]:
        return ("centre", "captures", "hand", "score", "count")

    def review_lines(self, topic: str, view: TuxedoView) -> list[str]:
        if topic == "centre":
            lines = self.centre_lines(view)
        elif topic == "captures":
            lines = self.capture_lines(view)
        elif topic == "hand":
            lines = [f"Hand: {cards_text(sorted(view.hand, key=number_of))}." if view.hand else "Your hand is empty."]
        elif topic == "score":
            lines = [self.totals_text(view.totals) + f" First to {view.target}; deal {view.deal}.",
                     *self.deal_so_far_lines(view)]
        elif topic == "count":
            lines = self.tally_lines(view)
        else:
            raise ValueError(f"no review topic {topic!r}; topics: {', '.join(self.review_topics)}")
        return [piece for line in lines for piece in self.fit(line)]

    def pile_text(self, pile: Pile) -> str:
        if not pile.is_build:
            return card_name(pile.cards[0])
        owner = "your" if pile.owner == self.you else f"{self.names[pile.owner or 0]}'s"
        return f"{owner} build of {pile.value}, made of {cards_text(pile.cards)}"

    def centre_lines(self, view: TuxedoView) -> list[str]:
        """The centre grouped by number (``2x 2g; 6r``), then each build named."""
        if not view.centre:
            return ["The centre is empty."]
        numbers: dict[int, list[Card]] = {}
        for pile in view.centre:
            if not pile.is_build:
                numbers.setdefault(pile.value, []).append(pile.cards[0])
        parts = [cards_text(numbers[number]) for number in sorted(numbers)]
        parts += [self.pile_text(pile) for pile in view.centre if pile.is_build]
        count = sum(len(pile.cards) for pile in view.centre)
        return [f"Centre, {plural(count, 'card')}: {'; '.join(parts)}."]

    def capture_lines(self, view: TuxedoView) -> list[str]:
        """Each card of the hand that takes, what it takes and the sums; then the builds."""
        lines = []
        for card in sorted(view.hand, key=number_of):
            groups = capture_groups(card, view.centre)
            if not groups:
                continue
            taken = [view.centre[index].cards for group in groups for index in group]
            cards_by_group = [tuple(c for index in group for c in view.centre[index].cards) for group in groups]
            sums = sums_text(cards_by_group)
            count = sum(len(cards) for cards in taken)
            line = f"{card_name(card)} can take {groups_text(cards_by_group)}"
            if sums:
                line += f": {sums}"
            if count == sum(len(pile.cards) for pile in view.centre):
                line += ", a sweep"
            lines.append(line + ".")
        if not lines:
            lines.append("None of your cards takes anything now.")
        builds = [action for action in view.legal if isinstance(action, Build)]
        if builds:
            lines.append("Builds: " + ", ".join(self.build_text(action, view) for action in builds) + ".")
        return lines

    def build_text(self, action: Build, view: TuxedoView) -> str:
        pile = next(pile for pile in view.centre if action.on in pile.cards)
        return f"{card_name(action.card)} on {card_name(action.on)} for {pile.value + number_of(action.card)}"

    def deal_so_far_lines(self, view: TuxedoView) -> list[str]:
        """The points this deal has already made, which the totals get when it is counted (``This deal so far:
        you -10, East 5; most cards at its end.``); nothing before any."""
        parts = []
        for seat in range(len(view.names)):
            made = SeatCount(view.taken[seat], 0, view.oranges[seat], view.wrong[seat], view.big[seat],
                             view.little[seat], view.fives[seat]).points
            if made or view.oranges[seat] or view.wrong[seat]:
                parts.append(f"{self.object_name(seat)} {made}")
        if not parts:
            return []
        if self.braille:
            return [f"Deal so far: {', '.join(parts)}."]
        return [f"This deal so far: {', '.join(parts)}; added with most cards when it is counted."]

    def tally_lines(self, view: TuxedoView) -> list[str]:
        """This deal so far: each seat's cards taken, 5s, sweeps, Oranges; the pack left."""
        lines = [f"Deal {view.deal}, {plural(view.pack_left, 'card')} left in the pack."]
        for seat in range(len(view.names)):
            parts = [f"{plural(view.taken[seat], 'card')} taken"]
            if view.fives[seat]:
                parts.append(plural(view.fives[seat], "five"))
            if view.big[seat]:
                parts.append(plural(view.big[seat], "big sweep"))
            if view.little[seat]:
                parts.append(plural(view.little[seat], "little sweep"))
            if view.oranges[seat]:
                parts.append(plural(view.oranges[seat], "Orange"))
            if view.wrong[seat]:
                parts.append(plural(view.wrong[seat], "wrong call"))
            parts.append(f"{self.verb(seat, 'hold', 'holds')} {view.hand_counts[seat]}")
            lines.append(f"{self.name(seat)}: {', '.join(parts)}.")
        return lines

    def action_text(self, action: Any, view: TuxedoView) -> str:
        """A move as the user would type it: ``take 10r``, ``build 2r on 6g for 8``, ``orange``."""
        if isinstance(action, Take):
            return f"take {card_name(action.card)}"
        if isinstance(action, Lay):
            return f"lay {card_name(action.card)}"
        if isinstance(action, Build):
            return "build " + self.build_text(action, view)
        if isinstance(action, Orange):
            return "call Orange"
        if isinstance(action, NoOrange):
            return "let it go"
        return str(action)

    def advice_lines(self, view: TuxedoView, advice: Any) -> list[str]:
        move = self.action_text(advice.action, view)
        rule = advice.rule
        line = f"{move[:1].upper()}{move[1:]}" + ("." if rule in (move, "") else f": {rule}.")
        return self.fit(line)
