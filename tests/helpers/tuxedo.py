"""Tuxedo's scripts for the console tests: what a user types in a whole game at the table the program makes
(the computer seats seeded as ``saves.make_table`` seeds them), found by playing the game beforehand."""

from __future__ import annotations

from rook_access.engine.cards import card_name
from rook_access.engine.patience_deck import number_of
from rook_access.engine.tuxedo import NO_ORANGE, ORANGE, Build, Lay, Take, TuxedoState, is_orange
from rook_access.players.tuxedo_player import TuxedoPlayer
from rook_access.saves import GameSetup, make_table

SEATS = ["human", "computer", "computer"]


def typed(action: object, state: TuxedoState, seat: int, style: int) -> str:
    """The line a user types for ``action``, in one of the forms the console takes."""
    if isinstance(action, Take):
        return card_name(action.card) if style % 2 else f"take {card_name(action.card)}"
    if isinstance(action, Lay):
        return card_name(action.card) if style % 3 == 0 else f"l {card_name(action.card)}"
    if isinstance(action, Build):
        pile = next(pile for pile in state.centre if action.on in pile.cards)
        total = pile.value + number_of(action.card)
        held = next(card for card in state.hands[seat] if number_of(card) == total and card != action.card)
        return f"build {card_name(action.card)} on {card_name(action.on)} for {card_name(held)}"
    return "o" if action == ORANGE else ("pass", "n", "no")[style % 3]


def script(seed: int, setup_seats: list[str] = SEATS, wrong_calls: int = 1, level: str = "strong") -> list[str]:
    """The lines the user types in a whole game at the table the program makes: a normal player's moves, Orange
    called whenever it is right, and called wrongly ``wrong_calls`` times."""
    setup = GameSetup.create(
        setup_seats, level=level, seed=seed, variant="tuxedo", options={"players": len(setup_seats)}
    )
    state, players = make_table(setup)
    assert isinstance(state, TuxedoState)
    me = TuxedoPlayer("normal", 5)
    lines: list[str] = []
    while not state.is_over:
        seat = state.seats_to_act()[0]
        player = players[seat]
        if player is not None:
            state.apply(player.choose(state.view(seat)), seat)
            continue
        offer = state.call_offer()
        if offer is not None:
            assert state.capture is not None
            right = is_orange(state.capture.taken)
            action = ORANGE if right or wrong_calls > 0 else NO_ORANGE
            if action == ORANGE and not right:
                wrong_calls -= 1
        else:
            action = me.choose(state.view(seat))
        lines.append(typed(action, state, seat, len(lines)))
        state.apply(action, seat)
    return lines
