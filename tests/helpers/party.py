"""Progressive parties in the tests: the keys a player types in a whole party, and its record read back."""

from __future__ import annotations

from rook_access.engine import GameState
from rook_access.engine.rules import VARIANTS, TableOptions, with_options
from rook_access.parties import PartyProgress, PartySetup, partnership_points, play_computer_table, seats_from
from rook_access.players import BasicPlayer
from rook_access.saves import make_table
from tests.helpers.console import replay_moves


def party_moves(setup: PartySetup) -> list[str]:
    """What the user types in the whole party, as the rule-based player would play their seat, found by
    playing the party as the program does (the same tables, seeds and computer players)."""
    progress = PartyProgress(setup)
    moves: list[str] = []
    while not progress.is_over:
        table = progress.user_table()
        state, players = make_table(progress.table_game(table))
        user = BasicPlayer(0)
        while not state.is_over:
            seat = state.seats_to_act()[0]
            actor = state.controller(seat)
            action = (players[actor] or user).choose(state.view(seat))
            if players[actor] is None:
                moves.append(str(action))
            state.apply(action, seat)
        points = []
        for each in progress.party.tables:
            if each == table:
                points.append(partnership_points(each, seats_from(each), state.scores))
            else:
                result = play_computer_table(progress.table_game(each), each.number, seats_from(each))
                points.append(partnership_points(each, result.players, result.points))
        progress.finish_round(points)
    return moves


def table_games(record: list[dict]) -> list[list[dict]]:
    """Each table's game in a party's record: its lines from its ``game_start`` to its ``game_end``."""
    games: list[list[dict]] = []
    for line in record:
        if line["event"] == "game_start":
            games.append([line])
        elif line["event"].startswith("party_"):
            continue
        else:
            games[-1].append(line)
    return games


def replay_table(lines: list[dict]) -> GameState:
    """A table's game rebuilt move by move through a fresh engine from its first line's game and seed."""
    start = lines[0]
    options = TableOptions(hands=start["hands"], same_dealer=start.get("same_dealer", False))
    return replay_moves(GameState(with_options(VARIANTS[start["variant"]], options), seed=start["seed"]), lines)
