"""The 1913 booklet's pack has no Bird: a card typed that is not in it is refused naming the pack's cards,
never offering the rook, in the patience games as in the party games."""

from __future__ import annotations

import pytest

from rook_access.engine.patience_deck import PACK_CARDS
from tests.helpers.console import run_main as rook


def test_solitaire_refuses_a_card_not_in_the_pack_without_offering_the_rook(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ["--variant", "solitaire", "--seed", "5"]
    status, said, err = rook(monkeypatch, capsys, args, ["move 15r 3x", "move rook 3x", "quit"])
    assert (status, err) == (0, "")
    assert any(line.startswith(f"15r is not a card. {PACK_CARDS}") for line in said)
    assert any(line.startswith(f"This pack has no rook. {PACK_CARDS}") for line in said)
    assert not any("or rook" in line for line in said)
