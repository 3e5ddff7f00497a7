"""Who plays with whom in a hand, and what a result is worth to one seat.

Every variant of Rook is searched through the same objective: the hand's
score for this seat's team minus the mean score of the other teams (the
other way round where points count against, as in Flip: ``RuleSet.better``), the
scores worked out as the rules score the hand (a bid team that is set loses
its bid; the others score what they took; the bonus for taking every trick
where the table plays with it).  With two teams this is the old objective
(our score minus theirs); with more it treats every other team alike.

The teams come from the view (they change from hand to hand in some games);
before the bid is won, a seat judging a bid of its own uses the teams it
would play with as the bid winner (``RuleSet.teams_for_bidder``).

The card play of a defender in the 5- and 6-player games (the bid winner
alone against everyone, each other player scoring what they took) is
searched with the defenders as one side (``Outlook.for_play``): the side's
score is its members' mean, so the side's objective (the defenders' mean
score minus the bidder's) is the bidder's own objective turned round, and
every defender wins by setting the bidder together instead of taking
counters from each other.  The scores are the rules' own, only the planning
joins the defenders.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...engine import SeatView
from ...engine.rules import RuleSet, Teams, most_tricks_team, team_of


@dataclass(frozen=True)
class Outlook:
    """The teams of a hand and one seat's stake in it."""

    rules: RuleSet
    teams: tuple[tuple[int, ...], ...]
    team_of: tuple[int, ...]
    """The team of each seat."""
    mine: int
    """This seat's team."""
    bidder_team: int | None
    """The team that won (or would win) the bid; None without bidding."""
    bid: int | None
    pooled: bool = False
    """The members of each team keep scores of their own (the defenders of the 5- and 6-player
    games, planning as one side): a team's score is its members' mean, not their sum."""

    @classmethod
    def of(cls, view: SeatView) -> Outlook:
        """The teams and contract as the view shows them (after the bid, or without bidding)."""
        rules = view.rules
        teams = view.teams or rules.partnerships
        table = team_of(teams, rules.players)
        if view.bidder is None:
            return cls(rules, teams, table, table[view.seat], None, None)
        return cls(rules, teams, table, table[view.seat], table[view.bidder], view.high_bid)

    @classmethod
    def for_play(cls, view: SeatView) -> Outlook:
        """The teams the card play is searched with: as ``of``, but a defender where the bid winner
        plays alone against everyone (``Teams.BIDDER_ALONE``) plays as one side with the other
        defenders, for their mean score against the bidder's."""
        rules = view.rules
        bidder = view.bidder
        if rules.teams is not Teams.BIDDER_ALONE or bidder is None or bidder == view.seat:
            return cls.of(view)
        teams = ((bidder,), tuple(seat for seat in range(rules.players) if seat != bidder))
        return cls(rules, teams, team_of(teams, rules.players), 1, 0, view.high_bid, pooled=True)

    @classmethod
    def as_bidder(cls, view: SeatView, bidder: int, bid: int | None = None) -> Outlook:
        """The teams if ``bidder`` wins the bid (at ``bid``), seen from ``view.seat``."""
        return cls.for_bidder(view.rules, view.hand_number, view.seat, bidder, bid)

    @classmethod
    def for_bidder(cls, rules: RuleSet, hand_number: int, seat: int, bidder: int, bid: int | None = None) -> Outlook:
        """The teams of hand ``hand_number`` if ``bidder`` wins the bid (at ``bid``), seen from ``seat``."""
        teams = rules.teams_for_bidder(hand_number, bidder)
        table = team_of(teams, rules.players)
        return cls(rules, teams, table, table[seat], table[bidder], bid)

    def counters_of(self, view: SeatView) -> list[int]:
        """The points each team of this outlook has taken so far (``view.counters`` is by the hand's teams)."""
        if not self.pooled:
            return list(view.counters)
        counters = [0] * self.size
        for members, points in zip(view.teams or self.rules.partnerships, view.counters, strict=True):
            counters[self.team_of[members[0]]] += points
        return counters

    @property
    def size(self) -> int:
        """The number of teams."""
        return len(self.teams)

    @property
    def two_teams(self) -> bool:
        """Whether the hand is played by two teams."""
        return len(self.teams) == 2

    @property
    def by_own_points(self) -> bool:
        """Whether ``outcome`` rises with this team's points alone, however the others share the rest
        (the exact solver, this team against every other seat, then finds the best card).

        True with two teams, for the bid winner's team (the others score what they take: their mean
        is what this team leaves, shared), and without bidding (each scores what they take).  A
        team that did not win the bid in a game of three or more teams wants the bidder set,
        whoever takes the points: False.
        """
        return self.two_teams or self.bidder_team is None or self.bidder_team == self.mine

    def outcome(self, counters: Sequence[int], won: int = 0, tricks: Sequence[int] | None = None) -> float:
        """This team's hand score minus the other teams' mean, for the points each team took.

        ``won`` is the set of teams (bit ``t`` for team ``t``) that took a trick this hand,
        for the bonus for taking every trick; 0 when not tracked.  ``tricks`` counts each
        team's tricks, for the bonus for most tricks (Partnership Rook).
        """
        rules = self.rules
        if self._cut(tricks):
            # Equal tricks in Dixie Rook: the sides cut for the bonus, an even chance each.
            return (self.outcome(counters, won, (1, 0)) + self.outcome(counters, won, (0, 1))) / 2
        _, scored = self._scored(counters, won, tricks)
        change: Sequence[float] = scored
        if self.pooled:  # each member scores what they took: the team's score is its members' mean
            change = [points / len(members) for points, members in zip(scored, self.teams, strict=True)]
        mine = self.mine
        others = 0.0
        for team, points in enumerate(change):
            if team != mine:
                others += points
        # Where points count against (Flip) a lower score is the better one: ``rules.better`` is -1.
        return rules.better * (change[mine] - others / (len(change) - 1))


    def made(self, counters: Sequence[int], won: int = 0, tricks: Sequence[int] | None = None) -> float:
        """Whether the bid winner's team makes its bid with these points (as ``outcome`` scores them): 1.0 or
        0.0, or 0.5 where the sides cut for the bonus that decides it; 0.0 without a bid."""
        if self._cut(tricks):
            return (self.made(counters, won, (1, 0)) + self.made(counters, won, (0, 1))) / 2
        return 1.0 if self._scored(counters, won, tricks)[0] else 0.0

    def scorer_margin(self, counters: Sequence[int], won: int = 0, tricks: Sequence[int] | None = None) -> float:
        """This seat's hand score minus the mean of every other scorer's, for the points each team took: the
        table's own measure where scores are kept by player and a team has several (the defenders of the
        3-player game each score what their side took), where ``outcome`` counts each team once."""
        if self._cut(tricks):
            return (self.scorer_margin(counters, won, (1, 0)) + self.scorer_margin(counters, won, (0, 1))) / 2
        return self._by_scorer(self._scored(counters, won, tricks)[1])

    @property
    def scorer_scale(self) -> float:
        """How much a point of ``outcome`` (one team's score against the other teams' mean) moves
        ``scorer_margin``: 1 but where a team has several scorers of its own."""
        return self._by_scorer([1 if team == self.mine else 0 for team in range(self.size)])

    def _by_scorer(self, change: Sequence[int]) -> float:
        """``scorer_margin`` for each team's hand score."""
        rules = self.rules
        scored = rules.scores_from_teams(self.teams, list(change))
        others = (sum(scored) - change[self.mine]) / (len(scored) - 1)
        return rules.better * (change[self.mine] - others)

    def _cut(self, tricks: Sequence[int] | None) -> bool:
        """Whether the sides cut for the bonus for most tricks: equal tricks in Dixie Rook."""
        rules = self.rules
        return (tricks is not None and bool(rules.most_tricks_bonus) and most_tricks_team(tricks) is None
                and rules.cut_for_tricks and self.two_teams)

    def _scored(self, counters: Sequence[int], won: int, tricks: Sequence[int] | None) -> tuple[bool | None, list[int]]:
        """``RuleSet.score_hand`` for these points, with the bonuses the taken tricks bring."""
        rules = self.rules
        all_tricks = None
        if rules.all_tricks_bonus and won and not won & (won - 1):
            all_tricks = won.bit_length() - 1
        most = most_tricks_team(tricks) if tricks is not None and rules.most_tricks_bonus else None
        counts = tricks if rules.trick_points else None  # Display Rook: points for each trick
        return rules.score_hand(list(counters), self.bidder_team, self.bid, all_tricks, most, counts)


def trick_counts(view: SeatView, outlook: Outlook) -> list[int]:
    """The tricks each team of ``outlook`` has taken so far this hand."""
    counts = [0] * outlook.size
    for trick in view.tricks:
        counts[outlook.team_of[trick.winner]] += 1
    return counts


def first_leader(rules: RuleSet, dealer: int) -> int:
    """The seat that leads the first trick: the dummy where there is one, else the dealer's left."""
    if rules.dummy_seat is not None:
        return rules.dummy_seat
    return (dealer + 1) % rules.players


def model_signature(rules: RuleSet) -> str:
    """What a bidding model depends on in a rule set: the deck, the deal, the teams and the Bird.

    Table options that do not change what a hand takes (target, minimum bid,
    number of hands) are left out, and the partnership games share one.
    """
    teams = {
        "fixed": "partners",
        "rotating": "partners",
    }.get(rules.teams.value, rules.teams.value.replace(" ", "-"))
    counters = ",".join(f"{number}:{points}" for number, points in rules.counter_values)
    signature = (
        f"players={rules.players} hand={rules.hand_size} nest={rules.nest_size} aside={rules.out_of_play} "
        f"numbers={rules.lowest_number}-14{'+1' if rules.ones_high else ''} "
        f"bird={rules.bird_rank.value + ':' + str(rules.bird_points) if rules.uses_bird else 'none'} "
        f"counters={counters} teams={teams} dummy={rules.dummy_face_up if rules.dummy else 'none'}"
    )
    # What the games of the 1913 booklet add (the older games' signatures stay as they were).
    if rules.deal_whole_pack:
        signature += f" whole-pack odd={rules.odd_cards}"
    if rules.teams is Teams.FIXED and len(rules.partnerships) != 2:
        signature += f" sides={len(rules.partnerships)}"
    if rules.most_tricks_bonus:
        signature += f" most-tricks={rules.most_tricks_bonus}"
    if rules.trick_points:
        signature += f" trick-points={rules.trick_points}"
    return signature
