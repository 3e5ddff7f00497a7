"""The story so far of a trick-taking game, as the narrator has been told it.

The narrator words each event from the event and this story, which only the
events told so far have made.  The game itself moves on by whole moves (the
last card of a hand also scores it and deals the next), so a fact read from
the game while its events are still being said may already belong to the
next hand; a fact read from the story cannot.

The story keeps every seat's cards as the deal and the events show them: the
narrator says only the hands it may say (the hands at the keyboard, every
hand when nobody plays, the dummy's once it is shown), as before.
"""

from __future__ import annotations

from ...engine import (
    BidMade,
    BidWon,
    Card,
    CardPlayed,
    Checked,
    Color,
    Dealt,
    HandDisplayed,
    HandEnded,
    NestDiscarded,
    NestTaken,
    OddCardsTaken,
    RuleSet,
    TeamsFormed,
    TrickTaken,
    TrumpNamed,
    TrumpTurned,
)
from ...engine.events import CenterTaken, TrumpCut
from ...engine.rules import NO_TRUMP, TrumpSource


class TrickStory:
    """The facts of a trick-taking game the events told so far make known (``tell`` each event in order)."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.hand_number = 0
        self.dealer = 0
        self.hands: list[set[Card]] = [set() for _ in range(rules.players)]
        self.trump: Color | None = None
        self.bidder: int | None = None
        self._high_bid: int | None = None
        self.bidding_open = False
        """Whether the bidding of this hand goes on after the last bid told."""
        self.passed: list[bool] = [False] * rules.players
        self.teams: tuple[tuple[int, ...], ...] = rules.partnerships
        """The teams of the hand being told."""
        self.team_taken: dict[tuple[int, ...], int] = {}
        """Points each team has taken in the hand being told."""
        self.trick: list[Card] = []
        """The cards played to the trick being told, the lead first."""
        self.hands_played = 0
        self.game_over = False
        self.won_cards: list[list[Card]] = [[] for _ in range(rules.players)]
        """The cards each seat has taken in the hand being told (Flip counts its red cards)."""
        self.displayed: tuple[int, int] | None = None
        """Display Rook: the seat whose hand is face up this hand, and the player who plays it."""
        self.last_taken: tuple[int, TrickTaken] | None = None
        """The last trick told and the hand it was taken in: ``last`` says it after the hand too."""

    def tell(self, event: object) -> None:
        """Take in ``event``, the next event of the game."""
        rules = self.rules
        if isinstance(event, Dealt):
            self.hand_number = event.hand
            self.dealer = event.dealer
            self.hands = [set(cards) for cards in event.hands]
            self.trump = NO_TRUMP if rules.trump_from is TrumpSource.NONE else None
            self.won_cards = [[] for _ in range(rules.players)]
            self.displayed = None
            self.bidder = None
            self._high_bid = None
            self.bidding_open = rules.bidding
            self.passed = [seat == rules.dummy_seat for seat in range(rules.players)]
            self.teams = rules.teams_before_bidding(event.hand)
            self.team_taken = {}
            self.trick = []
        elif isinstance(event, TeamsFormed):
            self.teams = event.teams
        elif isinstance(event, BidMade):
            high_bid = event.amount
            if event.amount is None:
                self.passed[event.seat] = True
                high_bid = self._high_bid
            else:
                self._high_bid = event.amount
            over = rules.bidding_over(self.passed.count(False), high_bid, event.amount)
            self.bidding_open = over is None
        elif isinstance(event, Checked):
            pass
        elif isinstance(event, BidWon):
            self.bidder = event.seat
            self.bidding_open = False
        elif isinstance(event, NestTaken):
            self.hands[event.seat] |= set(event.cards)
        elif isinstance(event, NestDiscarded):
            self.hands[event.seat] -= set(event.cards)
        elif isinstance(event, (TrumpNamed, TrumpTurned, TrumpCut)):
            self.trump = event.color
            if isinstance(event, TrumpNamed) and event.dummy and rules.dummy_seat is not None:
                self.hands[rules.dummy_seat] = set(event.dummy)  # laid face up: known now to every seat
        elif isinstance(event, CenterTaken):
            team = self.team_of(event.seat)
            self.team_taken[team] = self.team_taken.get(team, 0) + event.points
            self.won_cards[event.seat] += event.cards
        elif isinstance(event, CardPlayed):
            self.hands[event.seat].discard(event.card)
            self.trick.append(event.card)
        elif isinstance(event, TrickTaken):
            self.last_taken = (self.hand_number, event)
            team = self.team_of(event.winner)
            self.team_taken[team] = self.team_taken.get(team, 0) + event.points + rules.trick_points
            self.won_cards[event.winner] += event.cards
            self.trick = []
        elif isinstance(event, OddCardsTaken):
            for seat, card in zip(event.seats, event.cards, strict=True):
                self.hands[seat].discard(card)
            team = self.team_of(event.winner)
            self.team_taken[team] = self.team_taken.get(team, 0) + event.points
        elif isinstance(event, HandDisplayed):
            self.displayed = (event.seat, event.player)
        elif isinstance(event, HandEnded):
            self.hands_played += 1
            self.game_over, _ = rules.game_result(list(event.scores), self.hands_played)

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The team ``seat`` plays in this hand."""
        return next(team for team in self.teams if seat in team)

    @property
    def next_dealer(self) -> int:
        """Who deals after the dealer of the hand being told (the dummy never deals)."""
        players = self.rules.players
        dealer = (self.dealer + 1) % players
        while dealer == self.rules.dummy_seat:
            dealer = (dealer + 1) % players
        return dealer

    @property
    def first_leader(self) -> int:
        """Who leads the hand's first trick: the dummy where there is one, else the seat after the dealer."""
        dummy = self.rules.dummy_seat
        if dummy is not None:
            return dummy
        return (self.dealer + 1) % self.rules.players

    def controller(self, seat: int) -> int:
        """Who decides for ``seat``: itself, or for the dummy the player who did not win the bid, or for the
        hand displayed in Display Rook the dealer."""
        if self.displayed is not None and seat == self.displayed[0]:
            return self.displayed[1]
        if seat != self.rules.dummy_seat:
            return seat
        return next(s for s in self.rules.people if s != self.bidder)
