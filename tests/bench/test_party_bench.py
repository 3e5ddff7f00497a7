"""The party games' benchmark (``bench.party``): the margin, the win shares and the quick calls' order."""

from __future__ import annotations

import json

import pytest

from rook_access.bench import party
from rook_access.engine.protocol import Standing


class FakeState:
    def __init__(self, standings):
        self._standings = standings

    def standings(self):
        return self._standings


def test_the_margin_is_the_lone_seats_score_less_the_others_mean_the_right_way_up():
    standings = (Standing((2,), 30, 1, True), Standing((0,), 20, 2, False), Standing((1,), 10, 3, False),
                 Standing((3,), 0, 4, False))
    play = party.score_margin("tuxedo", FakeState(standings), 0)
    assert play.margin == 20 - (30 + 10 + 0) / 3 and play.won == 0
    winner = party.score_margin("tuxedo", FakeState(standings), 2)
    assert winner.margin == 30 - 10 and winner.won == 1
    # Panjandrum counts the cards left: fewer is better.
    assert party.score_margin("panjandrum", FakeState(standings), 3).margin == 0 - (-20)
    shared = (Standing((0,), 5, 1, True), Standing((1,), 5, 1, True), Standing((2,), 1, 3, False))
    assert party.score_margin("tuxedo", FakeState(shared), 1).won == 0.5


def test_a_game_is_played_to_its_end_and_repeats():
    for game in party.PARTY_GAMES:
        state, actions = party.play_game(game, 3, 7, 1, ["strong", "easy", "normal"])
        assert state.is_over and 0 < actions < party.MOVE_LIMIT, game
        again, repeated = party.play_game(game, 3, 7, 1, ["strong", "easy", "normal"])
        assert again.standings() == state.standings() and repeated == actions, game


def test_match_is_luck_alone_so_its_margin_is_zero():
    for number in range(3):
        result = party.play_pair("match", 4, 3, number, "strong", "easy")
        assert result.margin_diff == 0


def test_the_same_level_in_the_lone_seat_changes_nothing():
    result = party.play_pair("tuxedo", 3, 2, 4, "easy", "easy")
    assert result.first == result.second and result.margin_diff == 0


def test_the_report_says_its_measure(tmp_path, capsys):
    out = tmp_path / "p.json"
    assert party.main(["--games-of", "i-doubt-it", "--games", "2", "--players", "3", "--pairs", "strong:easy",
                       "--quiet", "--json", str(out)]) == 0
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith("i-doubt-it, 3 players, 2 games: MARGIN over the others' mean a game, strong in place "
                           "of easy: better by ")
    assert json.loads(out.read_text())[0]["games"] == 2


def test_a_bad_pair_is_refused(capsys):
    with pytest.raises(SystemExit):
        party.main(["--pairs", "expert:easy", "--quiet"])
    assert "two levels joined by a colon" in capsys.readouterr().err


def test_the_cheating_yardstick_plays_tuxedo_and_i_doubt_it_and_is_refused_elsewhere(capsys):
    for game in ("tuxedo", "i-doubt-it"):
        state, actions = party.play_game(game, 3, 7, 1, ["cheat", "easy", "easy"])
        assert state.is_over and 0 < actions < party.MOVE_LIMIT, game
    assert party.games_without(party.PARTY_GAMES, ("cheat", "easy")) == ["panjandrum", "donkey", "match"]
    assert party.games_without(party.PARTY_GAMES, ("strong", "easy")) == []
    with pytest.raises(SystemExit):
        party.main(["--games-of", "tuxedo", "donkey", "--games", "1", "--pairs", "cheat:easy", "--quiet"])
    assert "donkey has no cheat player; it plays tuxedo and i-doubt-it" in capsys.readouterr().err
