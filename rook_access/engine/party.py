"""Progressive parties (the 1913 booklet's "PROGRESSIVE PARTIES", for Dixie Rook and Partnership Rook).

Pure bookkeeping, apart from any one game: who sits at which table with whom,
who moves after a round, and each player's own running score.  The games at
the tables are played elsewhere; a round's result is each table's two
partnerships' points.

The booklet's rules: four hands are played at each table in a round, so each
player deals once.  The partners with more points get 50 each and move up to
the next higher table, changing partners there; at the highest table the
winners stay and the losers go down to the lowest.  A tie is cut to see who
moves.  Each player records, as their own, the score made by themselves and
their partner.

Tables are numbered from 1, the highest.  A player is a number from 0.
At the first round players 0 to 3 sit at table 1, 4 to 7 at table 2, and so
on, each table's first and third players partners (opposite each other).

    >>> party = Party.start(tables=2)
    >>> party.tables[0].partnerships
    ((0, 2), (1, 3))
    >>> moves = party.finish_round([(120, 80), (60, 140)], cut=lambda table: 0)
    >>> [(move.player, move.to_table, move.stays) for move in moves if not move.stays]
    [(1, 2, False), (3, 2, False), (5, 1, False), (7, 1, False)]
    >>> party.tables[0].partnerships
    ((0, 5), (2, 7))
    >>> party.scores[0], party.scores[5], party.scores[1]
    (170, 190, 80)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

HANDS_A_ROUND = 4
"""Hands played at each table in a round: each of its four players deals once."""

MOVING_BONUS = 50
"""Points each of a table's winning partners gets in a round."""

MIN_TABLES = 2
MAX_TABLES = 6
"""The tables a party may have (a party of one table is no party)."""


class PartyError(ValueError):
    """A party that cannot be, or a round's results that do not fit it; the message says what is allowed."""


@dataclass(frozen=True)
class Table:
    """One table for one round: its number (1 the highest) and its four seats, partners opposite.

    ``seats[0]`` and ``seats[2]`` are partners, as are ``seats[1]`` and ``seats[3]``.
    """

    number: int
    seats: tuple[int, int, int, int]

    @property
    def partnerships(self) -> tuple[tuple[int, int], tuple[int, int]]:
        """The two partnerships, each as (first seat, third seat) and (second seat, fourth seat)."""
        return (self.seats[0], self.seats[2]), (self.seats[1], self.seats[3])


@dataclass(frozen=True)
class Move:
    """Where one player goes after a round: their table now and next, and whether their side won."""

    player: int
    from_table: int
    to_table: int
    won: bool
    stays: bool


@dataclass
class Party:
    """A progressive party in play: the tables of this round, the scores, the rounds played."""

    tables: list[Table]
    scores: list[int]
    rounds_played: int = 0
    history: list[tuple[Table, ...]] = field(default_factory=list)
    """Every round's tables, first round first (the party's record of every table)."""

    @classmethod
    def start(cls, tables: int) -> Party:
        """A new party of ``tables`` tables of four; ``PartyError`` outside ``MIN_TABLES`` to ``MAX_TABLES``.

        >>> Party.start(tables=7)
        Traceback (most recent call last):
        ...
        rook_access.engine.party.PartyError: a party has 2 to 6 tables, not 7
        """
        if not MIN_TABLES <= tables <= MAX_TABLES:
            raise PartyError(f"a party has {MIN_TABLES} to {MAX_TABLES} tables, not {tables}")
        seating = [
            Table(number + 1, (4 * number, 4 * number + 1, 4 * number + 2, 4 * number + 3)) for number in range(tables)
        ]
        return cls(tables=seating, scores=[0] * (4 * tables))

    @property
    def players(self) -> int:
        """How many play: four a table."""
        return len(self.scores)

    def table_of(self, player: int) -> Table:
        """The table ``player`` sits at this round."""
        for table in self.tables:
            if player in table.seats:
                return table
        raise PartyError(f"no player {player}; players are 0 to {self.players - 1}")

    def partner_of(self, player: int) -> int:
        """``player``'s partner this round."""
        for pair in self.table_of(player).partnerships:
            if player in pair:
                return pair[1] if pair[0] == player else pair[0]
        raise AssertionError("every seat is in a partnership")

    def standings(self) -> list[tuple[int, int]]:
        """(player, score) pairs, the highest score first (the lower player number first on a tie)."""
        return sorted(enumerate(self.scores), key=lambda pair: (-pair[1], pair[0]))

    def finish_round(
        self, results: Sequence[tuple[int, int]], cut: Callable[[int], int]
    ) -> list[Move]:
        """Score a round and seat the next: ``results[i]`` is table ``i + 1``'s two partnerships' points.

        Each player adds their partnership's points; the winners add ``MOVING_BONUS``.
        ``cut(table)`` decides a tie at that table: 0 if the first partnership wins the cut,
        1 if the second does.  Returns every player's move, table 1's players first.
        """
        if len(results) != len(self.tables):
            expected = len(self.tables)
            raise PartyError(f"a round's results are one pair of points a table: {expected}, not {len(results)}")
        winners: list[tuple[int, int]] = []
        losers: list[tuple[int, int]] = []
        for table, points in zip(self.tables, results, strict=True):
            first, second = table.partnerships
            if points[0] == points[1]:
                decided = cut(table.number)
                if decided not in (0, 1):
                    raise PartyError(f"a cut names the first or second partnership (0 or 1), not {decided}")
                first_won = decided == 0
            else:
                first_won = points[0] > points[1]
            for pair, score in zip(table.partnerships, points, strict=True):
                for player in pair:
                    self.scores[player] += score
            won, lost = (first, second) if first_won else (second, first)
            for player in won:
                self.scores[player] += MOVING_BONUS
            winners.append(won)
            losers.append(lost)
        self.history.append(tuple(self.tables))
        count = len(self.tables)
        # Who sits at each table next: two who stay and two who arrive; partners change,
        # each of those staying partnering one of those arriving.
        # Table 1 keeps its winners and gets table 2's; table k keeps its losers and gets
        # table k + 1's winners; the lowest table gets table 1's losers.
        staying = [winners[0], *losers[1:]]
        arriving = [*winners[1:], losers[0]]
        # Seated (stay A, stay B, arrive A, arrive B), partners opposite: stay A with arrive A.
        next_tables = [
            Table(number, (stay[0], stay[1], arrive[0], arrive[1]))
            for number, stay, arrive in zip(range(1, count + 1), staying, arriving, strict=True)
        ]
        moves = []
        for table in self.tables:
            for player in table.seats:
                to_table = next(t.number for t in next_tables if player in t.seats)
                side_won = any(player in pair for pair in winners)
                moves.append(Move(player, table.number, to_table, side_won, to_table == table.number))
        self.tables = next_tables
        self.rounds_played += 1
        return moves
