"""A seat's narrator says the same from the events that seat may see (engine/visibility.py) as from the whole.

A remote seat will be told only ``seen_by(event, seat)``: its hidden cards are
``Unseen`` counts, so every line a narrator says to that one seat must come out
the same (I Doubt It's card laid face down by another seat reaches the others as
``FaceDownLaid``, said as the card laid is).  The 2-player game's dummy, laid face up as trump is named,
reaches every seat with ``TrumpNamed``, so its hand is told from what the seat saw.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from rook_access.announcer import TrickNarrator, Verbosity
from rook_access.announcer.base import Narrator
from rook_access.announcer.donkey import DonkeyNarrator
from rook_access.announcer.doubt import DoubtNarrator
from rook_access.announcer.match import MatchNarrator
from rook_access.announcer.panjandrum import PanjandrumNarrator
from rook_access.announcer.tuxedo import TuxedoNarrator
from rook_access.engine.games import GAMES, table_setup
from rook_access.engine.visibility import seen_by

PARTY = {
    "doubt": DoubtNarrator,
    "donkey": DonkeyNarrator,
    "match": MatchNarrator,
    "panjandrum": PanjandrumNarrator,
    "tuxedo": TuxedoNarrator,
}
TABLES = [
    *((name, {"hands": 1}) for name, game in GAMES.items() if game.family == "tricks" and name != "two"),
    ("two", {"hands": 1}),
    ("display", {"hands": 1, "players": 4}),
    ("i-doubt-it", {"players": 4}),
    ("donkey", {"players": 4}),
    ("match", {"players": 3}),
    ("panjandrum", {"players": 3}),
    ("tuxedo", {"players": 3}),
]


def _narrator(state: Any, family: str, human: int, verbosity: Verbosity) -> Narrator:
    if family == "tricks":
        return TrickNarrator(state.rules, [human], verbosity)
    return PARTY[family](state.names, [human], verbosity)


def _played(name: str, options: dict[str, Any], seed: int) -> Any:
    state = GAMES[name].start(table_setup(name, options, seed=seed), None)
    chooser = random.Random(seed)
    for _ in range(1600):
        if state.is_over:
            break
        seat = chooser.choice(state.seats_to_act())
        state.apply(chooser.choice(list(state.legal_actions(seat))), seat)
    return state


@pytest.mark.parametrize(("name", "options"), list(dict(TABLES).items()))
@pytest.mark.parametrize("verbosity", [Verbosity.NORMAL, Verbosity.TERSE])
def test_each_seat_hears_the_same_from_what_it_sees(name: str, options: dict[str, Any], verbosity: Verbosity) -> None:
    family = GAMES[name].family
    state = _played(name, options, 1)
    gaps: set[tuple[type, type]] = set()
    for human in range(state.seat_count):
        whole, seen = _narrator(state, family, human, verbosity), _narrator(state, family, human, verbosity)
        for event in state.events:
            said = [(message.compact, message.spoken) for message in whole.event_messages(event)]
            shown = seen_by(event, human)
            heard = (
                [] if shown is None else [(message.compact, message.spoken) for message in seen.event_messages(shown)]
            )
            if said != heard:
                gaps.add((type(event), type(shown)))
    assert not gaps
