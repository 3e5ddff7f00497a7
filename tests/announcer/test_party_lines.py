"""The lines of a progressive party, and the thrown-in line at a party's table."""

from __future__ import annotations

from rook_access.announcer import Verbosity
from rook_access.announcer.party import move_line, round_start_lines, standings_lines, table_line, your_place_line
from rook_access.engine.rules import DIXIE, TableOptions, with_options
from tests.helpers.console import transcript

NAMES = ["you", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal"]


def test_a_hand_passed_out_at_a_party_is_dealt_again_by_its_dealer_and_said_so():
    rules = with_options(DIXIE, TableOptions(same_dealer=True))
    said, _ = transcript(rules, ["pass"] * 4, humans=(0, 1, 2, 3), seed=3)
    assert "Everyone passed. The hand is thrown in; the same dealer deals again." in said
    assert said.count("Hand 1. West deals.") == 2
    said, _ = transcript(rules, ["pass"] * 4, humans=(0, 1, 2, 3), seed=3, verbosity=Verbosity.BRAILLE)
    assert "All passed; dealt again." in said


def test_a_tie_says_the_cut_and_your_pair_is_named_you_first():
    assert table_line(2, (("Ben", "you"), ("Cleo", "Dan")), (180, 180), cut=(3, 11)) == (
        "Table 2: 180 each; the cut: you and Ben 3, Cleo and Dan 11."
    )


def test_every_move_is_said_as_the_booklet_moves_players():
    assert move_line(True, 3, 2, 3, 50) == "You win 50 and move up to table 2."
    assert move_line(False, 1, 3, 3, 50) == "You lose at the top table and go down to table 3."
    assert move_line(True, 1, 1, 2, 50) == "You win 50 and stay at table 1, the top table."
    assert move_line(False, 3, 3, 3, 50) == "You lose and stay at table 3."


def test_standings_share_a_place_on_equal_scores_and_a_big_party_takes_several_short_lines():
    standings = [(player, 300 - 10 * (player // 2)) for player in range(24)]
    names = [NAMES[0]] + [f"P{n}" for n in range(1, 24)]
    lines = standings_lines(standings, names, after="round 3")
    assert len(lines) == 3 and lines[0].startswith("Standings after round 3, 1 to 8: 1 you 300, 1 P1 300, 3 P2 290")
    assert lines[2].startswith("Standings 17 to 24: ")
    assert all(len(line) < 120 for line in lines)


def test_where_you_stand_and_who_wins():
    standings = [(3, 400), (0, 350), (1, 350), (2, 100)]
    assert your_place_line(standings, 0, NAMES, final=False) == "You are 2nd of 4 with 350, tied with Ben."
    assert your_place_line(standings, 0, NAMES, final=True) == (
        "The party is over: you finish 2nd of 4 with 350; Dan wins with 400."
    )
    assert your_place_line([(0, 400), (1, 400)], 0, NAMES, final=True) == (
        "The party is over: you win with 400, a tie with Ben!"
    )


def test_the_round_starts_with_where_you_sit_and_who_sits_around_you():
    lines = round_start_lines(3, 4, 2, 3, ("South", "West", "North", "East"), ("you", "Eve", "Finn", "Gus"))
    assert lines == ["Round 3 of 4: you play at table 2 of 3.", "Your partner North is Finn; West is Eve, East is Gus."]
