"""Progressive parties, as the 1913 booklet's "PROGRESSIVE PARTIES" says: who moves, partners, scores."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine.party import MOVING_BONUS, Party, PartyError


def test_the_winners_get_50_each_and_move_up_and_the_top_tables_losers_go_to_the_lowest() -> None:
    party = Party.start(tables=3)
    # Table 1: (0, 2) beat (1, 3); table 2: (5, 7) beat (4, 6); table 3: (8, 10) beat (9, 11).
    moves = party.finish_round([(70, 50), (40, 80), (90, 30)], cut=lambda table: 0)
    where = {move.player: move.to_table for move in moves}
    assert [where[p] for p in (0, 2)] == [1, 1]  # the highest table's winners remain
    assert [where[p] for p in (1, 3)] == [3, 3]  # its losers go down to the lowest
    assert [where[p] for p in (5, 7)] == [1, 1]  # winners move up a table
    assert [where[p] for p in (4, 6)] == [2, 2]  # losers stay
    assert [where[p] for p in (8, 10)] == [2, 2]
    assert [where[p] for p in (9, 11)] == [3, 3]
    assert party.scores[0] == 70 + MOVING_BONUS and party.scores[1] == 50
    assert party.scores[5] == 80 + MOVING_BONUS and party.scores[4] == 40


def test_partners_change_at_every_table() -> None:
    party = Party.start(tables=2)
    party.finish_round([(120, 80), (60, 140)], cut=lambda table: 0)
    assert party.tables[0].partnerships == ((0, 5), (2, 7))  # the winners who stayed split up
    assert party.tables[1].partnerships == ((4, 1), (6, 3))
    assert party.partner_of(0) == 5 and party.partner_of(3) == 6


def test_each_player_keeps_their_own_score_of_their_side_each_round() -> None:
    party = Party.start(tables=2)
    party.finish_round([(120, 80), (60, 140)], cut=lambda table: 0)
    party.finish_round([(100, 100), (30, 170)], cut=lambda table: 1)  # table 1 ties: the second side wins the cut
    # Player 2 partnered 0 (120, won) then 7 at table 1 as its second partnership (100, won the cut).
    assert party.scores[2] == 120 + MOVING_BONUS + 100 + MOVING_BONUS
    assert party.scores[0] == 120 + MOVING_BONUS + 100  # lost the cut: no bonus, and goes down
    assert party.table_of(0).number == 2


def test_a_tie_is_cut_and_the_cut_is_asked_for_that_table_only() -> None:
    party = Party.start(tables=2)
    asked = []

    def cut(table: int) -> int:
        asked.append(table)
        return 1

    moves = party.finish_round([(60, 60), (50, 70)], cut=cut)
    assert asked == [1]
    assert {move.player for move in moves if move.won and move.from_table == 1} == {1, 3}


@pytest.mark.parametrize("tables", [1, 7])
def test_a_party_has_two_to_six_tables(tables: int) -> None:
    with pytest.raises(PartyError, match="a party has 2 to 6 tables"):
        Party.start(tables)


def test_results_that_do_not_fit_the_tables_are_refused_and_change_nothing() -> None:
    party = Party.start(tables=2)
    with pytest.raises(PartyError, match="one pair of points a table: 2, not 1"):
        party.finish_round([(10, 20)], cut=lambda table: 0)
    with pytest.raises(PartyError, match="0 or 1"):
        party.finish_round([(10, 10), (10, 20)], cut=lambda table: 2)
    assert party.scores == [0] * 8 and party.rounds_played == 0 and party.history == []


@settings(max_examples=80, deadline=None)
@given(
    tables=st.integers(2, 6),
    rounds=st.lists(st.lists(st.tuples(st.integers(0, 200), st.integers(0, 200)), min_size=6, max_size=6), max_size=6),
    cuts=st.integers(0, 2**32),
)
def test_random_parties_keep_everyone_seated_once_with_new_partners_and_every_point_counted(
    tables: int, rounds: list[list[tuple[int, int]]], cuts: int
) -> None:
    party = Party.start(tables)
    total = 0
    for round_results in rounds:
        results = round_results[:tables]
        before = {player: party.partner_of(player) for player in range(party.players)}
        party.finish_round(results, cut=lambda table: (cuts >> table) & 1)
        total += 2 * sum(a + b for a, b in results) + 2 * MOVING_BONUS * tables
        seated = sorted(player for table in party.tables for player in table.seats)
        assert seated == list(range(4 * tables))
        assert [table.number for table in party.tables] == list(range(1, tables + 1))
        assert all(party.partner_of(player) != before[player] for player in range(party.players))
        assert sum(party.scores) == total
    assert len(party.history) == party.rounds_played == len(rounds)
