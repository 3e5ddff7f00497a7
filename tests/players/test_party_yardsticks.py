"""The cheating yardsticks of Tuxedo and I Doubt It (level ``cheat``, issue 18): they see what the fair players
cannot, and use it as their moves' reasons say."""

from __future__ import annotations

from rook_access.engine.doubt import DOUBT, LET_GO, DoubtState, Lay
from rook_access.engine.patience_deck import number_of
from rook_access.engine.tuxedo import Pile, TuxedoState
from rook_access.players import make_player
from rook_access.players.doubt_player import CheatingDoubtPlayer
from rook_access.players.tuxedo_player import CheatingTuxedoPlayer, TuxedoPlayer, after_take, capture_points


def test_the_doubt_yardstick_doubts_every_false_card_and_no_true_one():
    checked = {True: 0, False: 0}
    for seed in range(12):
        state = DoubtState.from_seed(seed, players=3)
        seat = state.turn
        assert seat is not None
        hand = state.hands[seat]
        called = state.number
        for card in hand:  # a true card where there is one, then a bluff where there is one
            true = number_of(card) == called
            if checked[true] > checked[not true] + 3:
                continue
            game = DoubtState.from_seed(seed, players=3)
            game.apply(Lay(card), seat)
            other = (seat + 1) % 3
            cheat = make_player("cheat", 5, family="doubt")
            assert isinstance(cheat, CheatingDoubtPlayer)
            assert cheat.choose_with_state(game, other) == (LET_GO if true else DOUBT)
            checked[true] += 1
    assert checked[True] >= 3 and checked[False] >= 3


def test_the_doubt_yardstick_plays_its_own_turn_as_the_strong_player():
    state = DoubtState.from_seed(3, players=4)
    seat = state.turn
    assert seat is not None
    strong = make_player("strong", 5, family="doubt")
    cheat = make_player("cheat", 5, family="doubt")
    assert isinstance(cheat, CheatingDoubtPlayer)
    assert cheat.choose_with_state(state, seat) == strong.choose(state.view(seat))


def test_the_tuxedo_yardstick_reckons_the_danger_from_the_next_players_true_hand():
    state = TuxedoState.from_seed(2, players=3)
    seat = state.turn
    assert seat is not None
    cheat = make_player("cheat", 1, family="tuxedo")
    assert isinstance(cheat, CheatingTuxedoPlayer)
    action = cheat.choose_with_state(state, seat)
    assert action in state.legal_actions(seat)
    view = state.view(seat)
    following = (seat + 1) % 3
    cheat._hands = tuple(tuple(hand) for hand in state.hands)  # as choose_with_state sees them
    centre = tuple(view.centre)
    expected = max([capture_points(card, *_taken(card, centre)) for card in state.hands[following]
                    if after_take(card, centre)[0]], default=0.0)
    assert cheat._danger(view, centre, {}, 4) == expected
    # A build is safe exactly when no other player holding cards holds its sum.
    others = [other for other in range(3) if other != seat]
    for value in range(1, 15):
        held = any(number_of(card) == value for other in others for card in state.hands[other])
        assert cheat._build_safety(view, value, {}, others) == (0.0 if held else 1.0)
    cheat._hands = ()
    fair = TuxedoPlayer("strong", 1)
    assert cheat._danger(view, centre, {5: 4}, 4) == fair._danger(view, centre, {5: 4}, 4)  # no state: the fair one


def _taken(card, centre: tuple[Pile, ...]):
    groups, left = after_take(card, centre)
    return groups, not left
