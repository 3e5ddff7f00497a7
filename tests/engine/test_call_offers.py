"""Every game with quick calls, as the timed window plays it: while an offer is open its seats are the ones to
act and may answer in ANY order (a race is won by whoever is quickest, not by the seat asked first), the
first call closing a first-only offer; random whole games answered in random orders end, and replaying the
same actions from the same deal gives the same events (saves and records rebuild a timed game exactly)."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rook_access.engine.calls import CallOffer, open_offer
from rook_access.engine.games import GAMES
from rook_access.engine.protocol import TableSetup

CALLING = [name for name, game in GAMES.items() if game.family in ("tuxedo", "doubt", "panjandrum", "donkey")]
MOST_STEPS = 20_000


def start(name: str, players: int, seed: int):
    return GAMES[name].start(TableSetup(name, (("players", players),), seed=seed), None)


def play_in_random_orders(name: str, players: int, seed: int, choices: int) -> tuple[list, list]:
    """A whole random game, offers answered by random seats in random order; (the actions, the events)."""
    rng = random.Random(choices)
    state = start(name, players, seed)
    actions: list = []
    offers = 0
    for _ in range(MOST_STEPS):
        if state.is_over:
            break
        offer: CallOffer | None = open_offer(state)
        if offer is not None:
            offers += 1
            assert set(state.seats_to_act()) == set(offer.seats), (offer, state.seats_to_act())
            seat = rng.choice(offer.seats)
            answers = offer.answers(seat)
            assert answers and set(map(repr, state.legal_actions(seat))) == set(map(repr, answers))
            action = rng.choice(answers)
            state.apply(action, seat)
            after = open_offer(state)
            if action == offer.call and offer.first_only:
                assert after is None or after != offer.without(seat), "a first call must close its offer"
            elif after is not None and after.word == offer.word and after.seats:
                assert seat not in after.seats or after != offer.without(seat)
        else:
            seat = rng.choice(state.seats_to_act())
            action = rng.choice(list(state.legal_actions(seat)))
            state.apply(action, seat)
        actions.append((seat, action))
    assert state.is_over, f"{name} did not end in {MOST_STEPS} steps"
    return actions, list(state.events)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from(CALLING),
    players=st.integers(3, 6),
    seed=st.integers(0, 10_000),
    choices=st.integers(0, 10_000),
)
def test_offers_answered_in_any_order_play_whole_games_that_replay_exactly(name, players, seed, choices):
    sizes = GAMES[name].seat_counts
    players = min(max(players, min(sizes)), max(sizes))
    actions, events = play_in_random_orders(name, players, seed, choices)
    again = start(name, players, seed)
    for seat, action in actions:
        again.apply(action, seat)
    assert list(again.events) == events


def test_every_calling_game_is_here() -> None:
    assert set(CALLING) >= {"donkey", "panjandrum", "tuxedo"}
