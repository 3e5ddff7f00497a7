"""The hint lines shown in docs/playing.md are what the program says in those positions."""

from __future__ import annotations

from pathlib import Path

from test_hint import HINTER, west_leads_yellow

from rook_access.announcer.hints import hint_line
from rook_access.engine import PASS, Bid, Discard, NameTrump, Play, parse_card, parse_cards

GUIDE = Path(__file__).parent.parent / "docs" / "playing.md"


def test_the_guide_s_hint_samples_are_real():
    state = west_leads_yellow()
    said = [hint_line(state.view(1), HINTER)]
    state.apply(Bid(70), 1)
    for seat in (2, 3, 0):
        state.apply(PASS, seat)
    said.append(hint_line(state.view(1), HINTER))
    state.apply(Discard(frozenset(parse_cards("5g 6g 7x 8x 9r"))), 1)
    state.apply(NameTrump(0), 1)
    for seat, card in ((1, "10y"), (2, "6y"), (3, "5y")):
        state.apply(Play(parse_card(card)), seat)
    said.append(hint_line(state.view(0), HINTER))
    guide = GUIDE.read_text(encoding="utf-8")
    for line in said:
        assert f"    {line}\n" in guide, line
