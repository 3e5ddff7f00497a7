"""The start of a game and of each hand, and the bidding: its events, and the ``bids`` review lines."""

from __future__ import annotations

from collections.abc import Iterable

from ...engine import (
    COLOR_NAMES,
    BidMade,
    BidWon,
    Card,
    Checked,
    Dealt,
    GameStarted,
    SeatView,
    Teams,
    TeamsFormed,
    ThrownIn,
)
from ...engine.rules import TrumpSource
from ..base import cards_text, plural
from .words import TrickWords, sort_hand


class BiddingLines(TrickWords):
    """What is said as a game and a hand begin and as the seats bid."""

    def table_line(self) -> str:
        """Who the one player at the keyboard is, and with whom they play."""
        rules = self.rules
        you = self.you
        assert you is not None
        me = self.names[you]
        if rules.teams is Teams.FIXED:
            partners = [self.names[s] for s in rules.partnerships[rules.side_of[you]] if s != you]
            if self.terse:
                return f"You are {me}, partner{'s' if len(partners) > 1 else ''} {' and '.join(partners)}."
            if len(partners) > 1:
                return f"You are {me}; your partners are {' and '.join(partners)}."
            return f"You are {me}; your partner is {' and '.join(partners)}."
        if rules.dummy:
            other = next(self.names[s] for s in rules.people if s != you)
            return f"You are {me}, against {other}; whoever loses the bid plays the dummy too."
        how = {
            Teams.ROTATING: f"partners change every {rules.rotation_hands} hands",
            Teams.BIDDER_AGAINST_PARTNERS: "the bid winner plays alone against the other two",
            Teams.BIDDER_ALONE: "the bid winner plays alone against everyone",
            Teams.EACH_ALONE: "everyone plays alone",
        }[rules.teams]
        return f"You are {me}; {how}."

    def _on_GameStarted(self, event: GameStarted) -> list[str]:
        goal = (
            f"{event.hands} hand{'s' if event.hands != 1 else ''}" if event.hands else f"to {event.target} points"
        )
        players = len(self.rules.people)
        if self.braille:
            goal = plural(event.hands, "deal") if event.hands else f"to {event.target}"
            # The game's name first: a game picked from a list by its number is confirmed by it.
            title = self.rules.title
            lines = self.fit(f"{title[:1].upper()}{title[1:]}, {goal}. Type help.")
            if self.you is not None:
                lines += self.fit(self.table_line())
            elif not self.humans:
                lines.append(f"{players} computer players.")
            else:
                lines.append(f"At the keyboard: {' '.join(self.initials[s] for s in self.humans)}.")
            return lines
        table = f", {players} players" if self.rules.table_sizes else ""
        lines = [f"Rook: {self.rules.title}{table}, {goal}."]
        if self.you is not None:
            help_text = "Help: type help." if self.terse else "Type help for commands, rules for the rules."
            lines.append(f"{self.table_line()} {help_text}")
        elif not self.humans:
            lines.append(f"{players} computer players. Watching.")
        else:
            lines.append(
                f"Played at the keyboard: {', '.join(self.names[s] for s in self.humans)}. Type help for commands."
            )
        return lines

    def _dealing_player(self, dealer: int) -> int:
        """Who deals the hand dealt from ``dealer``'s seat: the seat itself, but for the dummy's (the Game for 2
        Players draws the first dealer among all three seats), the player before it, who the game goes on from as
        the dealer: the other bids first, and deals next."""
        players = self.rules.players
        while dealer == self.rules.dummy_seat:
            dealer = (dealer - 1) % players
        return dealer

    def _on_Dealt(self, event: Dealt) -> list[str]:
        dealing = self._dealing_player(event.dealer)
        lines = [f"Hand {event.hand}. {self.does(dealing, 'deal', 'deals')}."]
        dealer = f"{self.object_name(dealing)} {'deal' if dealing == self.you else 'deals'}"
        if self.braille:
            # "Deal", not "Hand": "Hand" starts the line of the cards held.
            lines = [f"Deal {event.hand}, {dealer}."]
        elif self.terse:
            lines = [f"Hand {event.hand}, {dealer}."]
        elif self.verbose and self.rules.bidding:
            first = next(s for s in self._seats_from(event.dealer + 1) if s != self.rules.dummy_seat)
            if self.rules.dealer_opens:
                first = event.dealer
            lines[0] = lines[0][:-1] + f"; {self.object_name(first)} {'bid' if first == self.you else 'bids'} first."
        if self.rules.trump_from is not TrumpSource.CUT:  # High 14: the hands are said with the cut's trump
            lines += self.hands_before_play(play_starts=not self.rules.bidding)
        dummy = self.rules.dummy_seat
        if event.face_up and dummy is not None:
            lines.append(self._dummy_face_up_line(event.face_up, len(event.hands[dummy])))
        return lines

    def _seats_from(self, seat: int) -> list[int]:
        players = self.rules.players
        return [(seat + offset) % players for offset in range(players)]

    def _dummy_face_up_line(self, face_up: Iterable[Card], held: int) -> str:
        cards = cards_text(sort_hand(face_up, None, self.rules))
        if self.braille:
            return f"Dummy up {cards}"
        # The count before the cards: after them, "6 of its 12 cards" is heard as one more card.
        return f"The dummy shows {len(tuple(face_up))} of its {held} cards: {cards}."

    def _on_Checked(self, event: Checked) -> list[str]:
        return [self.does(event.seat, "check", "checks") + "."]

    def _on_TeamsFormed(self, event: TeamsFormed) -> list[str]:
        rules = self.rules
        teams = event.teams
        if rules.teams is Teams.EACH_ALONE or (rules.teams is not Teams.ROTATING and all(len(t) == 1 for t in teams)):
            if rules.teams is not Teams.BIDDER_ALONE or self.story.bidder is None:
                return []  # each alone until a bid is won: nothing to say
        if rules.teams is Teams.ROTATING:
            if self.braille:
                return ["Partners " + " ".join(self.team_initials(team) for team in teams)]
            return ["Partners this hand: " + "; ".join(self.team_name(team) for team in teams) + "."]
        alone = teams[0][0]
        if rules.teams is Teams.BIDDER_ALONE:
            return [self.does(alone, "play", "plays") + " alone against everyone."]
        others = teams[1]
        if rules.dummy:
            player = next(seat for seat in others if seat != rules.dummy_seat)
            plays = "play" if player == self.you else "plays"
            if self.braille:  # 40 cells: the dummy's player by initial, as the hands name it ("N hand")
                who = "you" if player == self.you else self.initial(player)
                return self.fit(self.does(alone, "play", "plays") + f" alone; {who} {plays} the dummy.")
            return [self.does(alone, "play", "plays") + f" alone; {self.object_name(player)} {plays} the dummy too."]
        if self.braille:  # 40 cells: the partners by their initials, as the counters name them ("Taken W 0 SE 0")
            return self.fit(self.does(alone, "play", "plays") + f" alone; partners {self.team_initials(others)}.")
        return [self.does(alone, "play", "plays") + f" alone; {self.people_text(others)} are partners this hand."]

    def _on_BidMade(self, event: BidMade) -> list[str]:
        if self.terse and not self.braille:  # in braille "North 5." alone read as no bid: "North bids 5." fits
            if event.amount is None:
                return [self.does(event.seat, "pass", "passes") + "."]
            return [f"{self.name(event.seat)} {event.amount}."]
        if event.amount is None:
            line = self.does(event.seat, "pass", "passes") + "."
        else:
            line = self.does(event.seat, "bid", "bids") + f" {event.amount}."
        if self.verbose and self.story.bidding_open:
            still = self.story.passed.count(False)
            line = line[:-1] + f"; {still} still bidding."
        return [line]

    def _on_ThrownIn(self, event: ThrownIn) -> list[str]:
        # The new deal's line, said next, names the dealer: "Hand 1. North deals."
        if self.rules.same_dealer_after_throw_in:  # a party: each of the four deals one of the hands played
            return ["All passed; dealt again."] if self.braille else [
                "Everyone passed. The hand is thrown in; the same dealer deals again."]
        if self.braille:
            return ["All passed, thrown in."]
        return ["Everyone passed. The hand is thrown in."]

    def _on_BidWon(self, event: BidWon) -> list[str]:
        if self.terse:
            return [f"{self.name(event.seat)} {'win' if event.seat == self.you else 'wins'} the bid, {event.amount}."]
        return [self.does(event.seat, "take", "takes") + f" the bid at {event.amount}."]

    # ---------------------------------------------------------- review lines
    def bids_line(self, view: SeatView) -> str:
        """The bids so far, and who holds or took the bid."""
        if not self.rules.bidding:
            return "There is no bidding in this game."
        checked = [self.object_name(seat) for seat, did in enumerate(view.checked) if did]
        if not view.bids:
            assert view.turn is not None
            if checked:  # Kentucky Discard: checks are not bids; who checked, and who is to bid now
                return f"No bids yet; checked: {', '.join(checked)}. {self.does(view.turn, 'bid', 'bids')} now."
            return f"No bids yet. {self.does(view.turn, 'bid', 'bids')} first."
        if self.braille:
            return self._braille_bids_line(view)
        bids = ", ".join(
            f"{self.object_name(seat)} {'pass' if amount is None else amount}" for seat, amount in view.bids
        )
        if checked and view.bidder is None:
            bids += f"; checked: {', '.join(checked)}"
        if view.bidder is not None:
            line = f"Bids: {bids}. {self.does(view.bidder, 'took', 'took')} the bid at {view.high_bid}."
            if view.trump is not None:
                line += f" Trump is {COLOR_NAMES[view.trump]}."
            return line
        if view.high_bid is None or view.high_bidder is None:
            return f"Bids: {bids}. Nobody has bid yet."
        return f"Bids: {bids}. High bid {view.high_bid}, {self.name(view.high_bidder)}."

    def _braille_bids_line(self, view: SeatView) -> str:
        """Each seat's last bid, in bidding order (``Bids You 95 W pass N 100 E 105``);
        once the bid is won, who won it and trump."""
        if view.bidder is not None:
            trump = f", trump {COLOR_NAMES[view.trump]}" if view.trump is not None else ""
            return f"Bid {view.high_bid} {self.initial(view.bidder)}{trump}"
        return self._braille_last_bids(view)

    def _braille_last_bids(self, view: SeatView) -> str:
        return " ".join(self._braille_last_bids_lines(view))

    def _braille_last_bids_lines(self, view: SeatView) -> list[str]:
        """Each seat's last bid in bidding order, in lines of at most 40 cells (``Bids S 15 W pass ...``)."""
        last: dict[int, int | None] = {}
        for seat, amount in view.bids:
            last.pop(seat, None)
            last[seat] = amount
        first = view.bids[0][0]
        order = sorted(last, key=lambda seat: (seat - first) % self.rules.players)
        pairs = [[self.initial(seat), "pass" if last[seat] is None else str(last[seat])] for seat in order]
        return self.braille_fitted("Bids", pairs)

    def bids_lines(self, view: SeatView) -> list[str]:
        """The bids, for the ``bids`` command: with the braille verbosity, once the
        bid is won, each seat's last bid on a line of its own before the result."""
        if self.braille and view.bids:
            lines = self._braille_last_bids_lines(view)
            return lines + [self.bids_line(view)] if view.bidder is not None else lines
        return [self.bids_line(view)]
