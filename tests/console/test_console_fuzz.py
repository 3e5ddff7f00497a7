"""Random and malformed input never crashes the console or changes the game but by a legal move."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine import (
    PARTNERSHIP,
    Deal,
    GameState,
)
from rook_access.engine.notation import event_to_json
from tests.helpers.console import FIXED_DEAL, replay_moves, run_in_process

WORDS = st.sampled_from(
    "bid b pass p discard d trump t play pl hand h trick tr last l bids bs score s turn who legal help ? "
    "70 75 80 95 120 125 72 0 -5 9 14 red black yellow green r x y g b purple rook bird "
    "14r 10r 5r 13x 5x 9y 12y 7g 14g 6g 15r 3y 14 r . , ! quit no".split()
)
LINE = st.one_of(
    st.lists(WORDS, min_size=0, max_size=6).map(" ".join),
    st.text(max_size=40),
)


def replay(records: list[dict]) -> GameState:
    """The game the record describes, rebuilt move by move through a fresh engine."""
    return replay_moves(GameState(PARTNERSHIP, seed=1, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP)), records)


@settings(max_examples=150, deadline=None)
@given(st.lists(LINE, max_size=40))
def test_random_lines_never_crash_and_only_legal_moves_change_the_game(lines):
    output, records, state, status = run_in_process(lines, seats="human,human,human,human", deal=FIXED_DEAL)
    assert status == 0
    assert output and output[-1] in ("End of input. Goodbye.", "Goodbye.")
    for line in output:
        assert line and line.isprintable() and "Traceback" not in line
    rebuilt = replay(records)
    assert [event_to_json(e) for e in rebuilt.events] == [event_to_json(e) for e in state.events]
