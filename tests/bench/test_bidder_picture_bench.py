"""The bidder-picture benchmark sets each model's drawn bid winner's hand against the true one."""

from __future__ import annotations

import json

from rook_access.bench import bidder_picture


def test_every_model_is_measured_at_both_moments_over_the_same_decisions(tmp_path, capsys):
    path = tmp_path / "pictures.json"
    bidder_picture.main(["--deals", "2", "--seed", "1", "--quiet", "--json", str(path)])
    rows = json.loads(path.read_text())
    assert {(row["model"], row["moment"]) for row in rows} == {
        (model, moment) for model in bidder_picture.MODELS for moment in ("first card", "after 4 tricks")}
    for moment in ("first card", "after 4 tricks"):
        same = [row for row in rows if row["moment"] == moment]
        assert len({row["decisions"] for row in same}) == 1 and len({row["true_trumps"] for row in same}) == 1
    assert all(0 <= row["cards_right"] <= 1 and 1 <= row["distinct"] <= bidder_picture.SAMPLES for row in rows)
    table = capsys.readouterr().out.splitlines()
    assert table[0].startswith("| model | moment |") and len(table) == 2 + len(rows)
