"""The hint lines shown in docs/playing.md are what the program says in those positions."""

from __future__ import annotations

from rook_access.announcer.hints import hint_line
from rook_access.engine import PASS, Bid
from tests.announcer.test_hint import HINTER
from tests.helpers import REPOSITORY
from tests.helpers.hands import west_leads_yellow, west_leads_yellow_trick

GUIDE = REPOSITORY / "docs" / "playing.md"


def test_the_guide_s_hint_samples_are_real():
    state = west_leads_yellow()
    said = [hint_line(state.view(1), HINTER)]
    state.apply(Bid(70), 1)
    for seat in (2, 3, 0):
        state.apply(PASS, seat)
    said.append(hint_line(state.view(1), HINTER))
    said.append(hint_line(west_leads_yellow_trick().view(0), HINTER))
    guide = GUIDE.read_text(encoding="utf-8")
    for line in said:
        assert f"    {line}\n" in guide, line
