"""The review benchmark runs a hand's review to the end and reports its times (no time is asserted)."""

from __future__ import annotations

import json
import re

from rook_access.bench import review_time


def test_the_review_benchmark_reviews_a_hand_and_reports_it(tmp_path, capsys):
    path = tmp_path / "review.json"
    assert review_time.main(["--deals", "2", "--tables", "beginner", "--quiet", "--json", str(path)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("review of a whole hand, seat 0 played by easy, target under 2.0 s")
    assert re.fullmatch(
        r"beginner: \d+\.\d decisions a hand; cpu [\d.]+ / [\d.]+ / [\d.]+ s; "
        r"wall [\d.]+ / [\d.]+ / [\d.]+ s",
        out[1],
    ), out[1]
    reviews = json.loads(path.read_text())["beginner"]["reviews"]
    assert len(reviews) == 2 and all(review["decisions"] > 0 and review["lines"] >= 1 for review in reviews)


def test_a_review_of_one_hand_judges_the_users_decisions():
    review = review_time.play_and_review("partnership", 7, "easy")
    assert review.decisions >= 9  # at least one card a trick, and a bid
    assert review.lines >= 1 and review.cpu >= 0 and review.wall >= 0
