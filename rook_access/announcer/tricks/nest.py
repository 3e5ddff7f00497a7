"""The nest and trump: their events, and the ``trump`` and ``dummy`` review lines."""

from __future__ import annotations

from ...engine import COLOR_NAMES, NestDiscarded, NestTaken, Phase, SeatView, TrumpNamed, TrumpTurned, card_name
from ..base import cards_text
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
        if story.controller(leader) not in self.humans:  # a player at the keyboard is asked at once
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
            top = f": {card_name(view.trump_turned[-1])}" if view.trump_turned else ""
            return f"Trump is {COLOR_NAMES[view.trump]}, turned from the nest{top}."
        return f"Trump is {COLOR_NAMES[view.trump]}, named by {self.object_name(view.bidder)}."

    def dummy_lines(self, view: SeatView) -> list[str]:
        """``dummy_line``; with the braille verbosity, in lines of at most 40 cells."""
        dummy = self.rules.dummy_seat
        if dummy is None:
            return ["This game has no dummy."]
        seen, held = self._dummy_seen(view, dummy)
        return self.dummy_lines_of(seen, held, view.trump)

    def dummy_line(self, view: SeatView) -> str:
        """The dummy's cards that can be seen now (the ``dummy`` command), as one line."""
        dummy = self.rules.dummy_seat
        if dummy is None:
            return "This game has no dummy."
        seen, held = self._dummy_seen(view, dummy)
        return self.dummy_line_of(seen, held, view.trump)

    @staticmethod
    def _dummy_seen(view: SeatView, dummy: int) -> tuple[tuple[int, ...], int]:
        """The dummy's cards the view's seat can see, and how many it holds."""
        if view.seat == dummy:  # the dummy's player, speaking for the dummy
            return view.hand, len(view.hand)
        return dict(view.shown).get(dummy, ()), view.hand_sizes[dummy]
