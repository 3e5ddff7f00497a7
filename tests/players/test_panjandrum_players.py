"""Panjandrum's computer players: legal whole games at every level, repeatable by seed, mistakes and calls at
their levels' rates, strong better than easy, reaction times within the levels' bounds."""

from __future__ import annotations

import pytest

from rook_access.engine.panjandrum import (
    CALL,
    LET_GO,
    CardPlayed,
    Lifted,
    PanjandrumCalled,
    PanjandrumState,
)
from rook_access.players import PLAYER_LEVELS, make_player
from rook_access.players.panjandrum_player import MISTAKE_RATE, PanjandrumPlayer
from rook_access.players.reactions import REACTIONS, Reacts


def play_game(levels: list[str], seed: int) -> PanjandrumState:
    game = PanjandrumState.from_seed(seed, len(levels))
    players = [make_player(level, seed * 10 + seat, "panjandrum") for seat, level in enumerate(levels)]
    while not game.is_over:
        seat = game.seats_to_act()[0]
        view = game.view(seat)
        action = players[seat].choose(view)
        assert action in game.legal_actions(seat)
        game.apply(action, seat)
    return game


def slips(game: PanjandrumState, seats: set[int] | None = None) -> tuple[int, int]:
    """(mistakes, moves) of ``seats``' plays and lifts."""
    moves = [event for event in game.events if isinstance(event, (Lifted, CardPlayed))]
    moves = [event for event in moves if seats is None or event.seat in seats]
    return sum(event.slip is not None for event in moves), len(moves)


@pytest.mark.parametrize("level", PLAYER_LEVELS)
@pytest.mark.parametrize("players", [3, 5, 8])
def test_every_level_plays_legal_whole_games(level: str, players: int) -> None:
    for seed in range(3):
        game = play_game([level] * players, seed)
        assert game.is_over and len(game.winners) >= 1


def test_seeded_players_repeat_their_choices() -> None:
    first = play_game(["easy", "normal", "strong", "random"], 5)
    again = play_game(["easy", "normal", "strong", "random"], 5)
    assert first.events == again.events
    player = PanjandrumPlayer("easy", 3)
    game = PanjandrumState.from_seed(1, 4)
    view = game.view(game.turn or 0)
    assert player.choose(view) == PanjandrumPlayer("easy", 3).choose(view)
    assert player.reaction(view) == PanjandrumPlayer("easy", 3).reaction(view)


def test_mistakes_at_the_levels_rates_and_strong_calls_every_mistake_and_no_other() -> None:
    rates = {}
    for level in ("easy", "normal", "strong"):
        made = moves = 0
        for seed in range(30):
            game = play_game([level] * 4, seed)
            count, total = slips(game)
            made, moves = made + count, moves + total
        rates[level] = made / moves
    assert rates["easy"] > rates["normal"] > rates["strong"]
    assert rates["strong"] < MISTAKE_RATE["normal"] / 2
    strong = PanjandrumPlayer("strong", 1)
    for seed in range(20):
        game = play_game(["easy"] * 4, seed)
        assert game.is_over
    # Strong calls a turn with a mistake and lets a clean one go.
    game = PanjandrumState.from_seed(2, 3)
    calls = 0
    for _ in range(400):
        if game.is_over:
            break
        seat = game.seats_to_act()[0]
        offer = game.call_offer()
        if offer is not None:
            view = game.view(seat)
            choice = strong.choose(view)
            assert choice == (CALL if game.called_slips else LET_GO)
            calls += choice == CALL
            game.apply(LET_GO, seat)
            continue
        choices = game.choices(seat)
        wrong = [action for action, mistake in choices if mistake is not None]
        game.apply(wrong[0] if wrong else game.right_move(seat), seat)
    assert calls > 0


def test_strong_beats_easy_more_often_than_not() -> None:
    wins = {"strong": 0, "easy": 0}
    for seed in range(40):
        levels = ["strong", "easy", "strong", "easy"] if seed % 2 else ["easy", "strong", "easy", "strong"]
        game = play_game(levels, seed)
        for winner in game.winners:
            wins[levels[winner]] += 1
    assert wins["strong"] > wins["easy"]


def test_calls_are_right_far_more_often_at_strong() -> None:
    right = {"easy": [0, 0], "strong": [0, 0]}
    for level in right:
        for seed in range(20):
            game = play_game([level] * 4, seed)
            for event in game.events:
                if isinstance(event, PanjandrumCalled):
                    right[level][0] += event.right
                    right[level][1] += 1
    assert right["strong"][0] == right["strong"][1]  # strong never calls falsely


@pytest.mark.parametrize("level", PLAYER_LEVELS)
def test_reactions_within_the_levels_bounds(level: str) -> None:
    player = make_player(level, 4, "panjandrum")
    assert isinstance(player, Reacts)
    game = PanjandrumState.from_seed(3, 4)
    low, high = REACTIONS[level]
    assert low <= player.reaction(game.view(0)) <= high
