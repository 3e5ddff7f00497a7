"""The play of the cards: its events, and the ``trick`` and ``last`` review lines."""

from __future__ import annotations

from ...engine import BIRD, COLOR_NAMES, CardPlayed, OddCardsTaken, Phase, SeatView, TrickTaken, card_name
from ..base import cards_text
from .words import TrickWords, sort_hand, trick_pairs


class PlayLines(TrickWords):
    """What is said as cards are played and tricks taken."""

    def _on_CardPlayed(self, event: CardPlayed) -> list[str]:
        story = self.story
        lead = story.trick[0] if len(story.trick) > 1 else None  # the story holds this card already
        trump = story.trump
        card = card_name(event.card)
        how = "plays"
        holding = event.card  # the card that holds the trick now
        if lead is None:
            how = "leads"
        elif trump is not None:
            suit_of = self.rules.suit_of[trump]
            holding = story.trick[self.rules.trick_winner(list(story.trick), trump)]
            if suit_of[event.card] == trump and suit_of[lead] != trump:
                how = "trumps"  # the Bird on a plain lead too: it is a trump
                if holding != event.card:
                    how = "under-trumps"  # a card in the trick already beats it: this one does not win it
            elif suit_of[event.card] != suit_of[lead]:
                # High 14: a 14 may be played on any lead, by a player who holds the color led
                any_time = self.rules.fourteens_any_time and bool(self.rules.any_time_mask >> event.card & 1)
                how = "plays a 14" if any_time else "throws off"
        player = story.controller(event.seat)
        if event.seat == self.you and player != self.you and self.rules.dealer_partner_displays:
            # Display Rook: your hand is face up and the dealer plays it, so the card is not your choice
            verb = {"trumps": "trumps with", "leads": "leads"}.get(how, "plays")
            return [f"{self.names[player]} {verb} your {card}."]
        if self.terse:
            if how == "trumps":
                return [self.does(event.seat, "trump", "trumps") + f" {card}."]
            return [f"{self.name(event.seat)} {card}."]
        if how == "trumps":
            return [self.does(event.seat, "trump", "trumps") + f" with {card}."]
        if how == "under-trumps":  # "trumps with" would be heard as taking the lead
            assert trump is not None
            if self.rules.suit_of[trump][holding] == trump:  # a higher trump holds it
                return [self.does(event.seat, "play", "plays") + f" {card}, a lower trump."]
            # High 14: a 14 holds the trick (the color led's, or one played before), and it is no trump
            return [self.does(event.seat, "play", "plays") + f" {card}, a trump under {card_name(holding)}."]
        line = self.does(event.seat, "play", "plays") + f" {card}."
        if self.verbose and lead is not None and trump is not None:
            led = COLOR_NAMES[self.rules.suit_of[trump][lead]]
            if how == "throws off":
                line = line[:-1] + f", no {led}."
            elif how == "plays a 14":  # not "no red": the player may hold red
                under = "" if holding == event.card else f", under {card_name(holding)}"
                line = line[:-1] + f", a 14 on {led}{under}."
            elif event.card != BIRD:
                line = line[:-1] + f", following {led}."
        elif self.verbose and lead is None:
            line = self.does(event.seat, "lead", "leads") + f" {card}."
        return [line]

    def _on_TrickTaken(self, event: TrickTaken) -> list[str]:
        story = self.story
        taker = self.does(event.winner, "take", "takes")
        points = event.points + self.rules.trick_points  # Display Rook: the trick itself counts 2
        nest = cards_text(sort_hand(event.nest, story.trump, self.rules))
        # The points first: after the cards, ", 5 points" is heard as one more card.
        nest_line = f"The nest held {counted(event.nest_points)}: {nest}."
        if self.braille and event.nest:  # 40 cells: "NW takes" (a table of six has long names)
            who = taker if event.winner == self.you else f"{self.initial(event.winner)} takes"
            return [f"{who} the last trick and nest, {points}.", f"Nest, {counted(event.nest_points)}: {nest}."]
        if self.terse:
            lines = [f"{taker} {'the last trick and nest' if event.nest else 'it'}, {points}."]
            return lines + ([nest_line] if event.nest else [])
        if event.nest:
            lines = [f"{taker} the last trick and the nest, {counted(points)}.", nest_line]
        else:
            lines = [f"{taker} trick {event.number}, {counted(points)}."]
        if self.verbose:
            winning = card_name(event.cards[(event.winner - event.leader) % self.rules.players])
            what = "the last trick and the nest" if event.nest else f"trick {event.number}"
            lines[0] = f"{taker} {what} with {winning}, {counted(points)}."
            team = story.team_of(event.winner)
            verb = "took" if event.nest else "has taken" if self.named_as_one(team) else "have taken"
            lines.append(f"{self.team_name(team)} {verb} {story.team_taken[team]} this hand.")
        return lines

    def _on_OddCardsTaken(self, event: OddCardsTaken) -> list[str]:
        cards = cards_text(event.cards)
        odd = "odd card" if len(event.cards) == 1 else "odd cards"
        if self.braille:
            return [f"{odd.capitalize()} {cards} to {self.initial(event.winner)}, {event.points}."]
        holders = self.people_text(dict.fromkeys(event.seats))
        goes = "goes" if len(event.cards) == 1 else "go"
        if self.terse:
            return [f"{odd.capitalize()} {cards} to {self.object_name(event.winner)}, {event.points}."]
        return [
            f"The {odd} {cards}, held by {holders}, {goes} to {self.object_name(event.winner)} "
            f"with the last trick: {event.points} points."
        ]

    # ---------------------------------------------------------- review lines
    def trick_lines(self, view: SeatView) -> list[str]:
        """``trick_line``; with the braille verbosity, in lines of at most 40 cells (a table of many)."""
        if not self.braille or view.phase is not Phase.PLAY or not view.trick:
            return [self.trick_line(view)]
        number = len(view.tricks) + 1
        trick = trick_pairs(view)
        assert view.trump is not None
        seat, _ = trick[self.rules.trick_winner(list(view.trick), view.trump)]
        pairs = [[self.initial(each), card_name(card)] for each, card in trick]
        return self.braille_fitted(f"Trick {number}:", pairs, f"; {self.initial(seat)} wins")

    def _last_taken(self, view: SeatView) -> tuple[TrickTaken | None, int | None]:
        """The last trick taken this hand; before the first, the last of the hand before, as heard, with that
        hand's number (None for this hand's)."""
        if view.last_trick is not None:
            return view.last_trick, None
        told = self.story.last_taken
        if told is not None and told[0] < view.hand_number:
            return told[1], told[0]
        return None, None

    def last_trick_lines(self, view: SeatView) -> list[str]:
        """``last_trick_line``; with the braille verbosity, in lines of at most 40 cells."""
        trick, hand = self._last_taken(view)
        if not self.braille or trick is None:
            return [self.last_trick_line(view)]
        players = self.rules.players
        pairs = [[self.initial((trick.leader + i) % players), card_name(card)] for i, card in enumerate(trick.cards)]
        points = trick.points + self.rules.trick_points
        label = "Last" if hand is None else f"Hand {hand} last"
        return self.braille_fitted(label, pairs, f"; {self.initial(trick.winner)} won {points}")

    def trick_line(self, view: SeatView) -> str:
        """The trick being played: who played what, who is winning, whose turn it is."""
        if view.phase is not Phase.PLAY:
            return "No trick is being played now."
        number = len(view.tricks) + 1
        if self.braille:
            return self._braille_trick_line(view, number)
        if not view.trick:
            assert view.turn is not None
            return f"Trick {number}: nothing played yet. {self.does(view.turn, 'lead', 'leads')}."
        trick = trick_pairs(view)
        played = ", ".join(f"{self.object_name(seat)} {card_name(card)}" for seat, card in trick)
        trump = view.trump
        assert trump is not None
        seat, card = trick[self.rules.trick_winner(list(view.trick), trump)]
        trumped = ", a trump" if card != BIRD and self.rules.suit_of[trump][card] == trump else ""
        winning = self.does(seat, "are", "is") + f" winning with {card_name(card)}{trumped}."
        return f"Trick {number}: {played}. {winning} {self.turn_line(view)}"

    def _braille_trick_line(self, view: SeatView, number: int) -> str:
        """``Trick 3: W 14r N rook; N wins``: at most 40 cells."""
        if not view.trick:
            assert view.turn is not None
            return f"Trick {number}: {self.initial(view.turn)} to lead."
        trick = trick_pairs(view)
        played = " ".join(f"{self.initial(seat)} {card_name(card)}" for seat, card in trick)
        assert view.trump is not None
        seat, _ = trick[self.rules.trick_winner(list(view.trick), view.trump)]
        return f"Trick {number}: {played}; {self.initial(seat)} wins"

    def last_trick_line(self, view: SeatView) -> str:
        """The last trick taken this hand; before the first, the last trick of the hand before (a hand's last trick
        is followed at once by the next deal)."""
        trick, hand = self._last_taken(view)
        if trick is None:
            return "No trick has been taken yet this hand."
        players = self.rules.players
        if self.braille:
            played = " ".join(
                f"{self.initial((trick.leader + i) % players)} {card_name(card)}" for i, card in enumerate(trick.cards)
            )
            label = "Last" if hand is None else f"Hand {hand} last"
            return f"{label} {played}; {self.initial(trick.winner)} won {trick.points + self.rules.trick_points}"
        played = ", ".join(
            f"{self.object_name((trick.leader + i) % players)} {card_name(card)}" for i, card in enumerate(trick.cards)
        )
        taker = self.does(trick.winner, "took", "took")
        points = trick.points + self.rules.trick_points  # Display Rook: the trick itself counts 2
        which = f"Last trick, {trick.number}" if hand is None else f"The last trick of hand {hand}, {trick.number}"
        return f"{which}: {played}. {taker} it, {points} points."


def counted(points: int) -> str:
    """Points as said: ``1 point``, ``0 points``, ``15 points`` (the Beginner Game's tricks count 1).

    >>> counted(1), counted(0), counted(15)
    ('1 point', '0 points', '15 points')
    """
    return "1 point" if points == 1 else f"{points} points"
