"""The bids' simulation against defenders who play together (the 5- and 6-player games, every other seat a search
player): the defenders of its rollouts are one side, as the search's defenders are at the table."""

from __future__ import annotations

import random

from rook_access.engine import GameState
from rook_access.engine.rules import VARIANTS
from rook_access.players.search.bidding import _shared_out, plan_bid, simulate_as_bidder
from rook_access.players.search.outlook import Outlook
from rook_access.players.search.player import STRONG
from rook_access.players.search.skill import TablePriors


def test_the_priors_say_who_defends_together() -> None:
    strong = TablePriors.of_table([False] * 5, ["strong"] * 5)
    assert strong.others_together(0)
    mixed = TablePriors.of_table([False] * 5, ["strong", "strong", "easy", "strong", "normal"])
    assert not mixed.others_together(0) and mixed.others_together(2)  # easy plays for itself
    person = TablePriors.of_table([True, False, False, False, False], ["strong"] * 5)
    assert not person.others_together(1) and person.others_together(0)  # a person is not assumed to


def test_a_run_of_the_defenders_together_is_shared_out_by_the_tables_teams() -> None:
    view = GameState(VARIANTS["five"], seed=3).view(0)
    outlook = Outlook.as_bidder(view, 0)
    counts = [0] * outlook.size
    taken, took = _shared_out(outlook, 0, ([45, 75], 0b11), counts, [4, 6])
    mine = outlook.team_of[0]
    assert taken[mine] == 45 and sum(taken) == 120 and sorted(taken) == [18, 19, 19, 19, 45]
    assert counts[mine] == 4 and sum(counts) == 10
    assert took == (1 << outlook.size) - 1


def test_the_bidder_takes_less_against_defenders_together_and_bids_no_higher() -> None:
    rules = VARIANTS["six"]
    apart = together = 0.0
    lower = 0
    for seed in range(1, 11):
        view = GameState(rules, seed=seed).view(GameState(rules, seed=seed).turn)
        mine = Outlook.as_bidder(view, view.seat).mine
        runs = simulate_as_bidder(view, 48, random.Random(seed))
        runs_together = simulate_as_bidder(view, 48, random.Random(seed), together=True)
        apart += sum(taken[mine] for taken, _ in runs) / len(runs)
        together += sum(taken[mine] for taken, _ in runs_together) / len(runs_together)
        alone = plan_bid(view, STRONG, random.Random(1))
        joined = plan_bid(view, STRONG, random.Random(1), defenders_together=True)
        assert joined.limit is None or alone.limit is None or joined.limit <= alone.limit
        lower += joined.limit is not None and alone.limit is not None and joined.limit < alone.limit
    assert together < apart - 10 * 3  # the same deals: some 3 points or more a hand fewer for the bid winner
    assert lower >= 3


def test_the_5_player_game_bids_as_before_where_the_measurement_kept_it() -> None:
    """Defenders together in the bids' simulation lost a little in the 5-player game (within the noise): its
    bidding is the same with or without them."""
    view = GameState(VARIANTS["five"], seed=2).view(GameState(VARIANTS["five"], seed=2).turn)
    alone = plan_bid(view, STRONG, random.Random(1))
    joined = plan_bid(view, STRONG, random.Random(1), defenders_together=True)
    assert (alone.action, alone.limit) == (joined.action, joined.limit)


def test_the_hint_knows_the_table_as_the_computer_players_do(monkeypatch, capsys) -> None:
    """A playtest: hint advised the high bids a table of strong defenders sets: the hint's player now plans with
    the table's priors (the person at the keyboard, the computers' levels)."""
    from rook_access.console.session import ConsoleGame
    from rook_access.players import SearchPlayer
    from rook_access.saves import GameSetup, make_table
    from tests.helpers.console import ListChannel, ScriptedLines

    setup = GameSetup.create(["human"] + ["computer"] * 5, level="strong", seed=3, variant="six")
    state, players = make_table(setup)
    game = ConsoleGame(state, players, ScriptedLines(["quit"]), ListChannel())
    hint = game.advisor()
    assert isinstance(hint, SearchPlayer) and hint.priors is not None and hint.priors.others_together(0)
