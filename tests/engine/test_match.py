"""Match, the 1913 booklet's game for children: each rule a test, and whole random games as properties.

Hands are written top card first; a fixed pack is dealt one card at a time
from the dealer's left, each card put on top of the stack dealt before it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine import IllegalActionError, card_name
from rook_access.engine.cards import parse_card
from rook_access.engine.games import find_game, table_setup
from rook_access.engine.match import (
    LAST_PILES,
    MOST_PILES,
    TURN,
    CardTurned,
    LastPiles,
    MatchOver,
    MatchRule,
    MatchStarted,
    MatchState,
    PileTaken,
    PlayerOut,
    deal_hands,
)
from rook_access.engine.notation import action_from_json, action_to_json, event_to_json
from rook_access.engine.patience_deck import PATIENCE_PACK
from rook_access.engine.protocol import GameState
from rook_access.engine.rules import RuleSetError


def cards(text: str) -> list[int]:
    return [parse_card(word) for word in text.split()]


def names(hand: list[int]) -> str:
    return " ".join(card_name(card) for card in hand)


def game_with(hands: list[str], dealer: int, colors: bool = False) -> MatchState:
    """A game whose hands (top card first) are set by hand; the pack is the cards given and the rest, shared out
    under the hands so that the top cards are those written."""
    state = MatchState(PATIENCE_PACK, len(hands), dealer, colors)
    given = [cards(hand) for hand in hands]
    used = {card for hand in given for card in hand}
    rest = [card for card in PATIENCE_PACK if card not in used]
    for seat, hand in enumerate(given):
        state.hands[seat] = hand
    for position, card in enumerate(rest):
        state.hands[position % len(hands)].append(card)
    return state


def turn(state: MatchState, times: int = 1) -> list[object]:
    events: list[object] = []
    for _ in range(times):
        events += state.apply(TURN, state.turn if state.turn is not None else 0)
    return events


def test_the_whole_pack_is_dealt_one_at_a_time_from_the_dealers_left_some_getting_one_more() -> None:
    hands = deal_hands(PATIENCE_PACK, 3, 2)  # seat 0 is at the dealer's left
    assert [len(hand) for hand in hands] == [19, 19, 18]
    assert hands[0][-1] == PATIENCE_PACK[0] and hands[1][-1] == PATIENCE_PACK[1]  # the first dealt is at the bottom
    assert hands[0][0] == PATIENCE_PACK[54]  # the last dealt is on top
    assert sorted(card for hand in hands for card in hand) == list(PATIENCE_PACK)
    state = MatchState(PATIENCE_PACK, 3, 2)
    assert state.turn == 0 and state.seats_to_act() == (0,)  # the dealer's left starts
    assert isinstance(state.events[0], MatchStarted) and state.events[0].dealer == 2


def test_play_goes_left_until_a_card_of_the_first_cards_number_takes_the_pile_under_the_takers_cards() -> None:
    state = game_with(["7r 1x", "9g 2x", "7y 3x", "4g 5g"], dealer=3)
    assert state.turn == 0
    held = list(state.hands[2][1:])
    events = turn(state, 3)
    assert events[:2] == [CardTurned(0, cards("7r")[0], 1, 1, False), CardTurned(1, cards("9g")[0], 1, 2, False)]
    taken = events[3]
    assert isinstance(taken, PileTaken) and taken.seat == 2 and taken.cards == tuple(cards("7r 9g 7y"))
    assert state.hands[2] == held + cards("7r 9g 7y")  # under the taker's own cards, in the order turned
    assert state.pile == [] and state.turn == 3  # the player at the taker's left starts a new pile
    turn(state)
    assert state.pile == cards("4g") and state.pile_number == 2


def test_the_colors_option_matches_the_first_cards_color_instead() -> None:
    state = game_with(["7r 1x", "9r 2x", "7y 3x"], dealer=2, colors=True)
    events = turn(state, 2)
    assert isinstance(events[-1], PileTaken) and events[-1].seat == 1 and events[-1].cards == tuple(cards("7r 9r"))
    plain = game_with(["7r 1x", "9r 2x", "7y 3x"], dealer=2)
    events = turn(plain, 3)
    assert isinstance(events[-1], PileTaken) and events[-1].seat == 2  # by number, 7y takes it


def test_a_player_out_of_cards_is_out_of_the_game_and_skipped() -> None:
    state = game_with(["1r 2r 3r", "4r 5r 6r", "8r 9r 10r", "11r 12r 13r"], dealer=3)
    state.hands[1] = cards("4r")  # West has one card left
    state.hands[0].extend(card for card in PATIENCE_PACK if card not in {c for hand in state.hands for c in hand})
    events = turn(state, 2)
    assert PlayerOut(1, 3) in events and state.out == [False, True, False, False]
    assert state.turn == 2  # West is skipped
    turn(state, 2)
    assert state.turn == 0  # round again: South, North, East, South


def test_when_two_are_left_five_more_piles_are_taken_and_the_game_ends_most_cards_winning() -> None:
    state = game_with(["1r 1x 2r 2x 3r 3x 4r 4x 5r 5x 6r", "4r", "1y 1g 2y 2g 3y 3g 4y 4g 5y 5g 6y"], dealer=2)
    state.hands[1] = cards("14y")
    for seat in (0, 2):
        state.hands[seat] = [card for card in state.hands[seat] if card != parse_card("14y")]
    events = turn(state, 2)
    assert PlayerOut(1, 2) in events and LastPiles((0, 2), LAST_PILES) in events
    taken = 0
    while not state.is_over:
        for event in turn(state):
            if isinstance(event, PileTaken):
                taken += 1
                assert event.piles_left == LAST_PILES - taken
    assert taken == LAST_PILES
    over = state.events[-1]
    assert isinstance(over, MatchOver) and over.reason == "piles" and over.counts == state.counts()
    assert over.winners == tuple(seat for seat in (0, 1, 2) if state.counts()[seat] == max(state.counts()))
    assert state.standings()[0].won and state.standings()[0].score == max(state.counts())


def test_with_two_players_all_but_two_are_out_from_the_start_five_piles_and_the_game_ends() -> None:
    state = MatchState.from_seed(3, players=2)
    assert LastPiles((0, 1), LAST_PILES) in state.events
    while not state.is_over:
        turn(state)
    over = state.events[-1]
    assert isinstance(over, MatchOver)
    taken = [event for event in state.events if isinstance(event, PileTaken)]
    if over.reason == "piles":
        assert len(taken) == LAST_PILES
    else:
        assert over.reason == "one_left" and len(taken) < LAST_PILES and state.out.count(False) == 1


def test_when_only_one_player_is_left_the_game_ends_and_the_pile_is_no_ones() -> None:
    state = game_with(["1r 2r", "3r"], dealer=1)
    state.hands[1] = cards("14y")
    state.hands[0] = [card for card in PATIENCE_PACK if card != parse_card("14y")]
    state.hands[0].sort(key=lambda card: card % 14 == 13)  # 14s last: no match soon
    events = turn(state, 2)
    assert PlayerOut(1, 1) in events
    over = events[-1]
    assert isinstance(over, MatchOver) and over.reason == "one_left" and over.winners == (0,)
    assert over.left_on_table == tuple(state.pile) and len(state.pile) == 2
    assert state.is_over and state.seats_to_act() == ()


def test_a_tie_for_most_cards_is_shared() -> None:
    tied = None
    for seed in range(500):  # the first whole game of two players that ends in a tie
        state = MatchState.from_seed(seed, players=2)
        while not state.is_over:
            turn(state)
        if state.counts()[0] == state.counts()[1]:
            tied = state
            break
    assert tied is not None
    over = tied.events[-1]
    assert isinstance(over, MatchOver) and over.winners == (0, 1)
    assert [(standing.place, standing.won) for standing in tied.standings()] == [(1, True), (1, True)]


def test_a_bad_action_is_refused_and_changes_nothing() -> None:
    state = MatchState.from_seed(5)
    before = (list(state.events), state.view(0))
    other = next(seat for seat in range(4) if seat != state.turn)
    for action, seat, rule in ((TURN, other, MatchRule.NOT_YOUR_TURN), ("7r", state.turn, MatchRule.ONLY_TURN)):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(action, seat if seat is not None else 0)
        assert refused.value.rule is rule
    assert (list(state.events), state.view(0)) == before


def test_the_game_meets_the_protocol_and_its_notation() -> None:
    game = find_game("match")
    state = game.start(table_setup("match", {"players": 5, "colors": True}, seed=9), None)
    assert isinstance(state, GameState) and state.seat_count == 5 and game.seats_at({"players": 5}) == 5
    assert game.seats_at({}) == 4
    assert action_from_json(action_to_json(2, TURN)) == (2, TURN)
    start = event_to_json(state.events[0])
    assert start["event"] == "game_start" and start["variant"] == "match" and start["colors"] is True
    copy = state.clone()
    turn(copy)
    assert len(copy.events) > len(state.events) and len(state.events) == 1
    with pytest.raises(RuleSetError, match="^Match is for 2 to 8 players, not 9.$"):
        game.start(table_setup("match", {"players": 9}, seed=1), None)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 8), colors=st.booleans())
def test_whole_random_games_conserve_the_cards_and_always_end(seed: int, players: int, colors: bool) -> None:
    state = MatchState.from_seed(seed, players, colors)
    steps = 0
    while not state.is_over:
        (seat,) = state.seats_to_act()
        assert not state.out[seat] and state.hands[seat]
        state.apply(TURN, seat)
        steps += 1
        every = sorted([card for hand in state.hands for card in hand] + state.pile)
        assert every == list(PATIENCE_PACK)  # every card in a hand or on the pile, once
        assert all(state.out[other] == (not state.hands[other]) for other in range(players) if not state.is_over)
        assert state.piles_taken <= MOST_PILES and steps <= 56 * (MOST_PILES + 1)
    over = state.events[-1]
    assert isinstance(over, MatchOver) and over.counts == state.counts()
    assert over.left_on_table == tuple(state.pile) and (not state.pile or over.reason == "one_left")
    assert sum(over.counts) + len(over.left_on_table) == 56
    left = [seat for seat in range(players) if not state.out[seat]]
    assert len(left) >= 1 and (over.reason != "one_left" or len(left) == 1)
    best = max(over.counts)
    assert over.winners == tuple(seat for seat in range(players) if over.counts[seat] == best)
