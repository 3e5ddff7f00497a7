"""The figure-bias benchmark sets each card's figure against the hand's outcome and against the same search on the
true deal (no bias is asserted)."""

from __future__ import annotations

import json
import re

from rook_access.bench import figure_bias


def test_each_figure_is_set_against_its_own_sides_outcome():
    errors = figure_bias.play_hand("normal", 3, 5)
    roles = {error.role for error in errors}
    assert "bidder" in roles and "defender" in roles
    outcome = {role: {error.outcome for error in errors if error.role == role} for role in roles}
    assert all(len(values) == 1 for values in outcome.values())  # one hand: one outcome a side
    bidder = next(iter(outcome["bidder"]))
    assert outcome["defender"] == {-bidder}  # two sides: the margins are each other's opposite
    assert outcome.get("partner", {bidder}) == {bidder}
    assert all(error.cards >= 5 and error.error == error.figure - error.outcome for error in errors)
    # The true deal's figures are the cheating search's own: a card's points from now on are between 0 and all
    # the points of the deck, and the stake between two cards is its two figures' difference.
    assert all(0 <= error.true_points <= 200 and error.stake_error == error.stake - error.true_stake
               and error.belief_error == error.figure - error.true_figure for error in errors)


def test_the_benchmark_reports_each_role(tmp_path, capsys):
    path = tmp_path / "figures.json"
    assert figure_bias.main(["--level", "normal", "--deals", "1", "--quiet", "--json", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "normal: figure less outcome (MARGIN), 1 hand, at 7 cards or more in hand"
    errors = r"mean [+-]\d+\.\d, mean size \d+\.\d"
    line_shape = (rf"(bidder|partner|defender): \d+ figures; against the outcome {errors}; "
                  rf"against the true deal's figure {errors}; stake against the true deal's {errors}, "
                  rf"mean stake -?\d+\.\d, true deal ranks the card at least as high \d+%; "
                  rf"points still to take against the true deal's {errors}")
    assert all(re.fullmatch(line_shape, line) for line in out[1:]) and len(out) >= 3, out
    assert json.loads(path.read_text())["figures"]
