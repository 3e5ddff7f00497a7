"""The patience pack, seeded deals and deal files (a JSON list of the 56 cards in dealing order)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rook_access.engine.errors import InvalidDealError
from rook_access.engine.patience_deck import deck_to_json, read_deck_file, shuffled_deck
from rook_access.engine.solitaire import SolitaireState


def test_a_deal_file_is_read_back_as_written(tmp_path: Path) -> None:
    deck = shuffled_deck(11)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deck_to_json(deck)), encoding="utf-8")
    assert read_deck_file(path) == deck
    assert SolitaireState(read_deck_file(path)).events == SolitaireState.from_seed(11).events


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b'{"cards": []}', "one JSON list"),
        (b'["1r", "2r"]', "56 cards, not 2"),
        (json.dumps(["1r"] * 56).encode(), "1r is dealt twice"),
        (json.dumps(["rook", *deck_to_json(shuffled_deck(1))[1:]]).encode(), "no Bird"),
        (json.dumps([7, *deck_to_json(shuffled_deck(1))[1:]]).encode(), "Card 1 of the deal is not a card name"),
        (json.dumps(["15r", *deck_to_json(shuffled_deck(1))[1:]]).encode(), "15r is not a card"),
        (b'["1r", ', "not valid JSON"),
        (b"[" * 100000, "not valid JSON"),
        (b"\xff\xfe", "not UTF-8"),
    ],
)
def test_a_corrupt_deal_file_is_refused_in_one_line(tmp_path: Path, content: bytes, words: str) -> None:
    path = tmp_path / "deal.json"
    path.write_bytes(content)
    with pytest.raises(InvalidDealError) as refused:
        read_deck_file(path)
    assert words in str(refused.value) and "\n" not in str(refused.value)


def test_a_missing_deal_file_is_refused(tmp_path: Path) -> None:
    with pytest.raises(InvalidDealError, match="cannot be read"):
        read_deck_file(tmp_path / "none.json")
