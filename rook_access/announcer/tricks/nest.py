"""The nest and trump: their events, and the ``trump`` and ``dummy`` review lines."""

from __future__ import annotations

from ...engine import (
    COLOR_NAMES,
    Card,
    Color,
    HandDisplayed,
    NestDiscarded,
    NestTaken,
    Phase,
    SeatView,
    TrumpNamed,
    TrumpTurned,
    card_color,
    card_name,
    card_number,
)
from ..base import BRAILLE_WIDTH, cards_text, numbered_fit_lines
from .words import TrickWords, sort_hand


class NestLines(TrickWords):
    """What is said as the bidder takes the nest, discards and names trump (or trump is turned)."""

    def _on_TrumpTurned(self, event: TrumpTurned) -> list[str]:
        color = COLOR_NAMES[event.color]
        top = card_name(event.cards[-1])
        if self.terse:
            return [f"Trump {color}, from the nest's {top}."]
        if len(event.cards) > 1:
            return [f"The nest's top card is the Bird; it goes to the bottom. The next is {top}: trump is {color}."]
        return [f"The nest's top card is {top}: trump is {color}."]

    def _on_NestTaken(self, event: NestTaken) -> list[str]:
        if event.seat not in self.humans and self.humans:
            return [self.does(event.seat, "take", "takes") + " the nest."]
        nest = cards_text(sort_hand(event.cards, None, self.rules))
        held = self.hand_lines(event.seat, self.story.hands[event.seat], self.story.trump)
        if self.braille:
            return [f"{'Nest' if event.seat == self.you else self.initials[event.seat] + ' nest'} {nest}", *held]
        return [f"{self.whose(event.seat)} nest: {nest}.", *held]

    def _on_NestDiscarded(self, event: NestDiscarded) -> list[str]:
        if event.seat not in self.humans and self.humans:
            return [self.does(event.seat, "discard", "discards") + f" {len(event.cards)} cards."]
        cards = cards_text(sort_hand(event.cards, None, self.rules))
        lines = [self.does(event.seat, "discard", "discards") + f" {cards}."]
        points = self.rules.points_in(sum(1 << card for card in event.cards))
        if points and self.braille:
            lines.append(f"The nest holds {points} points.")
        elif points:
            lines.append(f"The nest now holds {points} points; whoever takes the last trick gets them.")
        return lines

    def _on_TrumpNamed(self, event: TrumpNamed) -> list[str]:
        lines = [f"Trump is {COLOR_NAMES[event.color]}, named by {self.object_name(event.seat)}."]
        if self.braille:
            lines = [f"Trump {COLOR_NAMES[event.color]}, named by {self.object_name(event.seat)}."]
        lines += self.hands_before_play(play_starts=True)
        story = self.story
        dummy = self.rules.dummy_seat
        if dummy is not None and not self.leads_at_keyboard_now(dummy):
            cards = tuple(story.hands[dummy])  # the whole dummy is shown once trump is named
            lines += self.dummy_lines_of(cards, len(cards), story.trump)
        leader = story.first_leader
        # A player at the keyboard is asked at once; a person at another console is said to lead by the console.
        if story.controller(leader) not in (*self.humans, *self.asked_elsewhere):
            lines.append(self.does(leader, "lead", "leads") + ".")
        return lines

    # ---------------------------------------------------------- review lines
    def trump_line(self, view: SeatView) -> str:
        """What trump is, and who named it or where it was turned from."""
        if view.trump is None:
            if view.phase is Phase.TRUMP and view.turn in self.humans:
                return "Trump is not named yet. Say trump and a color, like trump red."
            return "Trump is not named yet."
        if view.bidder is None:  # turned from the nest (the Beginner Game)
            if self.braille:  # 40 cells: as the turn was said ("Trump black, from the nest's 14x.")
                top = f"'s {card_name(view.trump_turned[-1])}" if view.trump_turned else ""
                return f"Trump {COLOR_NAMES[view.trump]}, from the nest{top}."
            top = f": {card_name(view.trump_turned[-1])}" if view.trump_turned else ""
            return f"Trump is {COLOR_NAMES[view.trump]}, turned from the nest{top}."
        return f"Trump is {COLOR_NAMES[view.trump]}, named by {self.object_name(view.bidder)}."

    def dummy_lines(self, view: SeatView) -> list[str]:
        """``dummy_line``; with the braille verbosity, in lines of at most 40 cells."""
        dummy = self.rules.dummy_seat
        if dummy is None and view.displayed is not None:
            return self.displayed_lines(view, view.displayed)
        if dummy is None:
            return list(self.fit(self._no_dummy_yet()))
        seen, held = self._dummy_seen(view, dummy)
        return self.dummy_lines_of(seen, held, view.trump)

    def dummy_line(self, view: SeatView) -> str:
        """The dummy's cards that can be seen now (the ``dummy`` command), as one line."""
        dummy = self.rules.dummy_seat
        if dummy is None and view.displayed is not None:
            return " ".join(self.displayed_lines(view, view.displayed))
        if dummy is None:
            return self._no_dummy_yet()
        seen, held = self._dummy_seen(view, dummy)
        return self.dummy_line_of(seen, held, view.trump)

    def _no_dummy_yet(self) -> str:
        """Where no hand is face up: in Display Rook, not yet; elsewhere, never."""
        if self.rules.dealer_partner_displays:
            return "No hand is face up yet: the dealer's partner lays it down after the first card."
        return "This game has no dummy."

    @staticmethod
    def _dummy_seen(view: SeatView, dummy: int) -> tuple[tuple[int, ...], int]:
        """The dummy's cards the view's seat can see, and how many it holds."""
        if view.seat == dummy:  # the dummy's player, speaking for the dummy
            return view.hand, len(view.hand)
        return dict(view.shown).get(dummy, ()), view.hand_sizes[dummy]

    # Display Rook (the 1913 booklet): the dealer's partner's hand, laid face up after the first card.
    def _on_HandDisplayed(self, event: HandDisplayed) -> list[str]:
        """The hand laid face up, read in color groups, and who plays it."""
        return self.displayed_hand_lines(event.seat, event.player, event.cards, self.story.trump)

    def displayed_lines(self, view: SeatView, seat: int) -> list[str]:
        """The displayed hand as it is now (the ``dummy`` command in Display Rook)."""
        cards = view.hand if view.seat == seat else dict(view.shown).get(seat, ())
        return self.displayed_hand_lines(seat, view.dealer, tuple(cards), view.trump)

    def displayed_hand_lines(self, seat: int, player: int, cards: tuple[Card, ...], trump: Color | None) -> list[str]:
        """``seat``'s hand face up, played by ``player``: one line in color groups, trump first (with the braille
        verbosity, lines of at most 40 cells)."""
        ordered = sort_hand(cards, trump, self.rules)
        played = "you play it" if player == self.you else f"{self.names[player]} plays it"
        whose = "Your hand is" if seat == self.you else f"{self.names[seat]}'s hand is"
        if not ordered:  # every card played: after the hand, or the game
            return [f"{self.initials[seat]} up: no cards left." if self.braille else
                    f"{whose} face up, {played}; no cards are left in it."]  # fmt: skip
        if self.braille:
            return numbered_fit_lines(f"{self.initials[seat]} up", self.color_groups(ordered, trump), BRAILLE_WIDTH)
        colors: list[tuple[Color | None, list[str]]] = []
        for card in ordered:
            color = card_color(card)
            if not colors or colors[-1][0] != color:
                colors.append((color, []))
            colors[-1][1].append(str(card_number(card)))
        groups = "; ".join(
            f"{'trump ' if color == trump else ''}{'Bird' if color is None else COLOR_NAMES[color]} {' '.join(numbers)}"
            for color, numbers in colors
        )
        return [f"{whose} face up, {played}: {groups}."]
