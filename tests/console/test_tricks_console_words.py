"""The trick games' console answers that name whose cards and which game (playtest findings)."""

from __future__ import annotations

from rook_access.console.tricks import _which_card
from rook_access.engine import GameState, Phase
from rook_access.engine.rules import VARIANTS
from rook_access.players import BasicPlayer
from tests.helpers.console import run_main


def test_play_alone_at_the_dummys_lead_says_the_dummys_cards_not_yours() -> None:
    """It said "Play which card? Any of your 6 cards, like 11y." of the dummy's cards."""
    rules = VARIANTS["two"]
    for seed in range(1, 40):
        state = GameState(rules, seed=seed)
        players = [BasicPlayer(seat) for seat in range(rules.players)]
        while not state.is_over and state.hand_number == 1:
            seat = state.seat_to_act
            if (state.phase is Phase.PLAY and not state.trick_cards and seat == rules.dummy_seat
                    and len(state.legal_cards()) == len(state.hand(seat)) > 4):
                asked = _which_card(state)
                assert asked.startswith(f"Play which card? Any of {rules.names[seat]}'s "), asked
                return
            state.apply(players[state.actor].choose(state.view(state.turn)), state.turn)
    raise AssertionError("no lead of the dummy's found")


def test_the_bird_in_a_game_without_it_is_refused_in_a_sentence(monkeypatch, capsys) -> None:
    """It said "the Game for 3 Players is played without the Bird." (a small letter first)."""
    script = ["pass", "pass", "play rook", "quit"]
    status, said, _ = run_main(monkeypatch, capsys, ["--variant", "three", "--seed", "4", "--level", "easy"], script)
    assert status == 0
    assert any(line.startswith("The Game for 3 Players is played without the Bird. You can play: ") for line in said)
