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


def test_a_tie_says_the_cut_and_who_won_it_and_your_pair_is_named_you_first():
    assert table_line(2, (("Ben", "you"), ("Cleo", "Dan")), (180, 180), cut=(3, 11)) == (
        "Table 2: 180 each; the cut: you and Ben 3, Cleo and Dan 11; Cleo and Dan win it."
    )
    longest = table_line(4, (("Olive", "Quinn"), ("Rosa", "Tess")), (-130, -130), cut=(14, 12), braille=True)
    assert longest == "T4: -130 each; cut to Olive, Quinn." and len(longest) <= 40


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
    seats = ("South", "West", "North", "East")
    lines = round_start_lines(3, 4, 2, 3, seats, ("you", "Eve", "Finn", "Gus"))
    assert lines == ["Round 3 of 4: you play at table 2 of 3.", "Your partner North is Finn; West is Eve, East is Gus."]
    longest = round_start_lines(12, 12, 6, 6, seats, ("you", "Olive", "Quinn", "Rosa"), braille=True)
    assert longest == ["Round 12 of 12, table 6 of 6.", "Partner N Quinn; W Olive, E Rosa."]


def test_braille_standings_fit_as_many_whole_places_as_a_line_takes():
    standings = [(player, 1000 - 10 * player) for player in range(24)]
    names = ["you", *("Olive" for _ in range(23))]
    lines = standings_lines(standings, names, after="round 9", braille=True)
    assert lines[0] == "Standings after round 9:"
    assert all(len(line) <= 40 for line in lines) and len(lines) <= 1 + 24 // 2  # two places a line at least
    assert " ".join(lines[1:]).count("Olive") == 23 and lines[-1].endswith("770.")
