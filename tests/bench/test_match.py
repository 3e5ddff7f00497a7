"""The duplicate match harness: pairing, scoring, games to 300, timings, JSON."""

from __future__ import annotations

import json
import random

import pytest

from rook_access.bench import match
from rook_access.bench.match import (
    ONE_HAND,
    deal_seeds,
    games_to_target,
    make_deal,
    play_deal,
    run_match,
)
from rook_access.engine import PASS, Discard, DiscardChoices, Phase
from rook_access.engine.events import Dealt, HandEnded, ThrownIn
from rook_access.players import LEVELS


class PassingPlayer:
    """Passes whenever it may; otherwise plays at random."""

    name = "passing"

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view):
        if view.phase is Phase.BIDDING:
            return PASS
        legal = view.legal
        if isinstance(legal, DiscardChoices):
            return Discard(frozenset(self.rng.sample(view.hand, legal.count)))
        return self.rng.choice(legal)


class PeekingPlayer:
    """An omniscient player: asks for the state and records that it was given it."""

    name = "peeking"
    needs_state = True
    calls = 0

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def choose(self, view):  # pragma: no cover - must not be called
        raise AssertionError("an omniscient player is asked with choose_with_state")

    def choose_with_state(self, state, seat):
        assert state.turn == seat
        PeekingPlayer.calls += 1
        legal = state.legal_actions()
        if isinstance(legal, DiscardChoices):
            return Discard(frozenset(self.rng.sample(state.hand(seat), legal.count)))
        return self.rng.choice(legal)


def test_games_to_target_counts_wins_resets_and_ties():
    changes = [
        (150, 30),
        (160, -100),  # A 310: A wins, totals reset
        (100, 120),
        (200, 180),  # 300 - 300: a tie at the top goes on
        (10, 0),  # A 310 - 300: A wins
        (-120, 150),
        (40, 160),  # B 310: B wins
        (290, 0),  # unfinished at the end: not counted
    ]
    assert games_to_target(changes) == (2, 1)
    assert games_to_target([]) == (0, 0)
    # Reaching the target is not enough without the higher total.
    assert games_to_target([(300, 310)]) == (0, 1)
    assert games_to_target([(100, 100)], target=100) == (0, 0)


def test_duplicate_pairing_swaps_teams_on_the_same_cards():
    deal = make_deal(7, 3)
    assert deal.dealer == 3
    result = play_deal(deal, ("easy", "random"), deal_seeds(7, 3), number=3, keep_events=True)
    straight, swapped = result.plays
    assert straight.seat_levels == ("easy", "random", "easy", "random")
    assert swapped.seat_levels == ("random", "easy", "random", "easy")
    dealt = [next(e for e in play.events if isinstance(e, Dealt)) for play in result.plays]
    assert dealt[0] == dealt[1]
    assert (dealt[0].dealer, dealt[0].hands, dealt[0].nest) == (deal.dealer, deal.hands, deal.nest)
    for play in result.plays:
        if play.thrown_in:
            continue
        end = next(e for e in play.events if isinstance(e, HandEnded))
        a_side = 1 if play.swapped else 0
        assert play.change == (end.score_change[a_side], end.score_change[1 - a_side])
        assert play.bidder_team == ("A" if ONE_HAND.side_of[end.bidder] == a_side else "B")
    assert result.diff == (straight.diff + swapped.diff) / 2


def test_deals_and_seeds_are_repeatable():
    assert make_deal(1, 5) == make_deal(1, 5)
    assert make_deal(1, 5) != make_deal(2, 5)
    assert [make_deal(1, n).dealer for n in range(6)] == [0, 1, 2, 3, 0, 1]
    assert deal_seeds(1, 5) == deal_seeds(1, 5)
    assert len(set(deal_seeds(1, 5))) == 4
    first = run_match("easy", "random", 6, seed=3)
    second = run_match("easy", "random", 6, seed=3)
    assert [r.diff for r in first.results] == [r.diff for r in second.results]


@pytest.mark.parametrize("level", ["easy", "random"])
def test_a_level_against_itself_scores_exactly_zero(level):
    # Seat seeds are the same in both orientations, so the two plays are the
    # same hand with the team names exchanged.
    summary = run_match(level, level, 8, seed=11)
    assert [result.diff for result in summary.results] == [0.0] * 8
    for result in summary.results:
        first, second = result.plays
        assert first.change == second.change[::-1]
    assert summary.mean == 0
    assert summary.games[0] == summary.games[1]


def test_random_against_random_is_symmetric_in_structure():
    summary = run_match("random", "random", 10, seed=4)
    assert summary.deals == 10
    for result in summary.results:
        assert [play.swapped for play in result.plays] == [False, True]
    assert summary.teams["A"].bids_won == summary.teams["B"].bids_won
    assert summary.teams["A"].points == summary.teams["B"].points
    assert summary.ci is not None and summary.ci[0] <= summary.mean <= summary.ci[1]


def test_easy_beats_random():
    summary = run_match("easy", "random", 20, seed=1)
    assert summary.mean > 0
    assert summary.ci[0] > 0
    assert summary.games[0] > summary.games[1]
    stats = summary.teams["A"]
    assert stats.bids_won >= stats.bids_made >= 0
    assert stats.points_set == sum(
        play.bid for r in summary.results for play in r.plays if play.bidder_team == "A" and not play.made
    )
    # Every decision is timed, by level and phase.
    assert set(summary.timings) == {"easy", "random"}
    assert summary.timings["easy"]["play"].count == 20 * 2 * 18
    for stats in summary.timings["random"].values():
        assert 0 <= stats.median <= stats.p95 <= stats.max


def test_a_thrown_in_deal_scores_zero(monkeypatch):
    monkeypatch.setitem(LEVELS, "passing", PassingPlayer)
    summary = run_match("passing", "passing", 3, seed=2)
    assert summary.thrown_in == 6
    for result in summary.results:
        for play in result.plays:
            assert play.thrown_in and play.change == (0, 0) and play.bid is None
    assert summary.mean == 0
    assert summary.teams["A"].bids_won == summary.teams["B"].bids_won == 0
    # The hand stops at the throw-in: one ThrownIn, no second deal played.
    deal = make_deal(2, 0)
    result = play_deal(deal, ("passing", "passing"), deal_seeds(2, 0), keep_events=True)
    events = result.plays[0].events
    assert sum(isinstance(e, ThrownIn) for e in events) == 1
    assert isinstance(events[-2], ThrownIn) and isinstance(events[-1], Dealt)
    assert summary.timings["passing"]["bidding"].count == 3 * 2 * 4


def test_omniscient_players_are_given_the_state(monkeypatch):
    monkeypatch.setitem(LEVELS, "peeking", PeekingPlayer)
    PeekingPlayer.calls = 0
    summary = run_match("peeking", "easy", 2, seed=5)
    assert PeekingPlayer.calls > 0
    assert summary.timings["peeking"]["all"].count == PeekingPlayer.calls


def test_jobs_give_the_same_results():
    one = run_match("easy", "random", 12, seed=9, jobs=1).to_json()
    two = run_match("easy", "random", 12, seed=9, jobs=2).to_json()
    for summary in (one, two):
        del summary["timings_ms"], summary["elapsed_seconds"], summary["jobs"]
    assert one == two


def test_cli_writes_json(tmp_path, capsys):
    out = tmp_path / "match.json"
    match.main(["--a", "easy", "--b", "random", "--deals", "4", "--seed", "1", "--quiet", "--json", str(out)])
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("A easy vs B random: 4 deals, A minus B +")
    assert "95% CI" in lines[0]
    data = json.loads(out.read_text())
    assert data["deals"] == 4 and data["a"] == "easy" and data["b"] == "random"
    assert len(data["results"]) == 4
    assert data["games_to_300"]["a"] >= 0
    assert set(data["timings_ms"]["easy"]) >= {"all", "bidding", "play"}


def test_unknown_level_is_refused():
    with pytest.raises(ValueError):
        run_match("nobody", "easy", 1)
    with pytest.raises(SystemExit):
        match.main(["--a", "nobody", "--deals", "1"])
