"""A progressive party's set-up, its tables' games, the computer tables and what a save keeps of it."""

from __future__ import annotations

import json

import pytest

from rook_access.engine import RuleSetError
from rook_access.engine.party import Table
from rook_access.parties import (
    PartyProgress,
    PartySetup,
    party_rules,
    party_variants,
    play_computer_table,
    saved_party,
    seats_from,
)
from rook_access.saves import DamagedSaveError, GameSetup, SavedGame, make_table
from tests.helpers.party import replay_table

SETUP = PartySetup(variant="dixie", tables=3, rounds=4, level="easy", seed=21)


def test_you_sit_south_and_partners_stay_opposite_at_every_table():
    for seats in [(0, 1, 2, 3), (5, 0, 7, 2), (4, 6, 0, 9), (8, 3, 1, 0)]:
        turned = seats_from(Table(1, seats))
        assert turned[0] == 0
        partner = seats[(seats.index(0) + 2) % 4]
        assert turned[2] == partner and set(turned) == set(seats)
    assert seats_from(Table(2, (4, 5, 6, 7))) == (4, 5, 6, 7)  # a table without you is as seated


def test_each_table_of_each_round_plays_four_hands_of_its_own_deal():
    progress = PartyProgress(SETUP)
    games = [progress.table_game(table) for table in progress.party.tables]
    assert games[0].seats == ("human", "computer", "computer", "computer")
    assert all(game.seats == ("computer",) * 4 for game in games[1:])
    assert all(game.hands == 4 and game.options == {"same_dealer": True} for game in games)
    assert len({game.seed for game in games}) == 3
    progress.finish_round([(100, 90), (50, 170), (120, 120)])
    later = {progress.table_game(table).seed for table in progress.party.tables}
    assert not later & {game.seed for game in games}


def test_a_tie_is_cut_the_same_way_every_time_and_never_ties():
    progress = PartyProgress(SETUP)
    done = progress.finish_round([(100, 90), (50, 170), (120, 120)])
    (cut,) = done.cuts
    assert cut.table == 3 and cut.numbers[0] != cut.numbers[1] and all(1 <= n <= 14 for n in cut.numbers)
    again = PartyProgress(SETUP).finish_round([(100, 90), (50, 170), (120, 120)])
    assert again.cuts == done.cuts


def test_a_party_kept_in_a_save_is_the_same_party():
    progress = PartyProgress(SETUP)
    progress.finish_round([(100, 90), (50, 170), (120, 120)])
    progress.finish_round([(10, 90), (150, 70), (60, 80)])
    progress.record_kept = 17
    back = PartyProgress.from_json(json.loads(json.dumps(progress.to_json())))
    assert back.party.scores == progress.party.scores and back.party.tables == progress.party.tables
    assert back.record_kept == 17 and back.round_number == 3


def _saved(progress: PartyProgress) -> dict:
    return json.loads(json.dumps(progress.to_json()))


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        (lambda party: party.pop("record_kept"), "does not have the fields of a party"),
        (lambda party: party.update(rounds="many"), "the saved party's rounds are not a list"),
        (lambda party: party["setup"].update(tables=9), "A party has 2 to 6 tables, not 9"),
        (lambda party: party["setup"].update(variant="flip"), "A progressive party is played with"),
        (lambda party: party["setup"].update(seed="x"), "are not whole numbers"),
        (lambda party: party["rounds"][0]["points"].pop(), "a saved round does not have 3 tables"),
        (lambda party: party["rounds"][0]["tables"][0].append(1), "a saved table is not four players"),
        (lambda party: party["rounds"][0]["tables"].reverse(), "the saved round 1 is not seated as the party was"),
        (lambda party: party["rounds"][0]["cuts"].clear(), "has no cut for table 3's tie"),
        (lambda party: party["rounds"][0]["cuts"][0].update(numbers=[5, 5]), "a saved cut is a tie"),
        (lambda party: party["setup"].update(rounds=1), "the saved party has played all its rounds"),
    ],
)
def test_a_damaged_party_says_what_is_wrong(damage, reason):
    progress = PartyProgress(SETUP)
    progress.finish_round([(100, 90), (50, 170), (120, 120)])
    data = _saved(progress)
    damage(data)
    with pytest.raises(DamagedSaveError, match=reason):
        PartyProgress.from_json(data)


def test_a_saved_game_that_is_not_the_partys_table_is_damaged():
    progress = PartyProgress(SETUP)
    setup = progress.table_game(progress.user_table())
    state, players = make_table(setup)
    assert saved_party(SavedGame(setup, [], 0, state, players, _saved(progress))).round_number == 1
    other = GameSetup.create(setup.seats, level="easy", seed=setup.seed + 1, hands=4, variant="dixie")
    with pytest.raises(DamagedSaveError, match="not the party's game at your table"):
        saved_party(SavedGame(other, [], 0, state, players, _saved(progress)))


def test_a_computer_table_plays_the_same_game_every_time_and_its_record_replays():
    progress = PartyProgress(SETUP)
    table = progress.party.tables[1]
    first = play_computer_table(progress.table_game(table), table.number, seats_from(table))
    again = play_computer_table(progress.table_game(table), table.number, seats_from(table))
    assert first == again
    lines = [json.loads(line) for line in first.record_lines]
    assert lines[0]["party_table"] == 2 and lines[0]["party_players"] == [4, 5, 6, 7]
    assert lines[0]["players"] == 4  # the game's own field is kept
    rebuilt = replay_table(lines)
    assert rebuilt.is_over and tuple(rebuilt.scores) == first.points


def test_the_games_a_party_is_played_with():
    assert party_variants()[:2] == ["dixie", "partnership-1913"]
    assert set(party_variants()) == {"dixie", "partnership-1913", "partnership", "kentucky", "display"}
    assert party_rules("dixie").players == 4
    for refused in ("flip", "high-14", "two", "three", "rook-1913", "solitaire", "bridge"):
        with pytest.raises(RuleSetError, match="A progressive party is played with dixie, partnership-1913, "):
            party_rules(refused)
