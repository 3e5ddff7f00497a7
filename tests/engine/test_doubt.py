"""I Doubt It, the 1913 booklet's bluffing game: each sentence of its section a test, the decisions where it is
silent, and whole random games as properties."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine import IllegalActionError
from rook_access.engine.calls import CallOffer, open_offer
from rook_access.engine.cards import card_name, parse_card
from rook_access.engine.doubt import (
    DOUBT,
    LET_GO,
    MOST_PLAYS,
    CardLaid,
    Doubt,
    Doubted,
    DoubtOver,
    DoubtRule,
    DoubtStarted,
    DoubtState,
    Lay,
    LetPass,
    SeenDoubt,
    SeenPlay,
    deal_hands,
    next_number,
)
from rook_access.engine.games import find_game, table_setup
from rook_access.engine.notation import action_from_json, action_to_json, event_to_json
from rook_access.engine.patience_deck import PATIENCE_PACK, number_of
from rook_access.engine.protocol import GameState
from rook_access.engine.rules import RuleSetError


def cards(text: str) -> list[int]:
    return [parse_card(word) for word in text.split()]


def game_with(hands: list[str], dealer: int) -> DoubtState:
    """A game whose hands are exactly these (the rest of the pack out of play, for short examples)."""
    state = DoubtState(PATIENCE_PACK, len(hands), dealer)
    state.hands = [cards(hand) for hand in hands]
    return state


def lay(state: DoubtState, card: str) -> list[object]:
    assert state.turn is not None
    return state.apply(Lay(parse_card(card)), state.turn)


def let_go(state: DoubtState) -> list[object]:
    events: list[object] = []
    while state.offer is not None:
        events += state.apply(LET_GO, state.offer.seats[0])
    return events


def test_the_whole_pack_is_dealt_some_players_getting_one_more() -> None:
    for players in range(3, 9):
        hands = deal_hands(PATIENCE_PACK, players, 0)
        sizes = [len(hand) for hand in hands]
        assert sorted(card for hand in hands for card in hand) == list(PATIENCE_PACK)
        assert max(sizes) - min(sizes) <= 1 and sum(sizes) == 56
        assert sizes[1] == max(sizes)  # the first card goes to the dealer's left
    state = DoubtState(PATIENCE_PACK, 3, 2)
    assert state.counts() == (19, 19, 18)
    assert isinstance(state.events[0], DoubtStarted) and state.events[0].dealer == 2


def test_three_to_eight_players() -> None:
    with pytest.raises(RuleSetError, match="I Doubt It is for 3 to 8 players, not 2."):
        DoubtState(PATIENCE_PACK, 2, 0)
    assert find_game("i-doubt-it").seat_counts == (3, 4, 5, 6, 7, 8)


def test_the_dealers_left_plays_first_calling_one_a_1_if_held_or_any_card() -> None:
    state = game_with(["5r 6r", "1x 9g", "3y 4y", "2g 8x"], dealer=0)
    assert state.turn == 1 and state.number == 1 and state.seats_to_act() == (1,)
    assert {card_name(action.card) for action in state.legal_actions(1)} == {"1x", "9g"}  # any card of the hand
    (laid,) = lay(state, "9g")  # not a 1, still called ONE
    assert laid == CardLaid(1, parse_card("9g"), 1, 1, 1)


def test_each_in_turn_calls_the_next_number_and_after_14_begins_at_1_again() -> None:
    assert [next_number(n) for n in (1, 2, 13, 14)] == [2, 3, 14, 1]
    state = DoubtState.from_seed(5, 3)
    called = []
    seats = []
    for _ in range(16):
        seats.append(state.turn)
        (event,) = lay(state, card_name(state.hands[state.turn][0]))
        assert isinstance(event, CardLaid)
        called.append(event.called)
        let_go(state)
    assert called == [*range(1, 15), 1, 2]
    first = (state.dealer + 1) % 3
    assert seats == [(first + n) % 3 for n in range(16)]  # the turn passes to the left


def test_after_every_play_every_other_player_may_doubt_asked_from_the_players_left() -> None:
    state = game_with(["5r 6r", "1x 9g", "3y 4y", "2g 8x"], dealer=3)
    assert state.call_offer() is None
    lay(state, "6r")  # true or not, the window opens: its opening gives nothing away
    offer = state.call_offer()
    assert offer == CallOffer("doubt", "d", DOUBT, LET_GO, (1, 2, 3), first_only=True)
    assert open_offer(state) is offer
    assert state.seats_to_act() == (1, 2, 3) and state.legal_actions(2) == [DOUBT, LET_GO]
    assert state.legal_actions(0) == []  # not one's own card
    state.apply(LET_GO, 2)  # any of them, in any order
    assert state.seats_to_act() == (1, 3)
    (passed,) = state.apply(LET_GO, 3) + state.apply(LET_GO, 1)
    assert passed == LetPass(0, 1) and state.turn == 1 and state.number == 2


def test_a_doubted_true_card_sends_the_centre_to_the_doubter() -> None:
    state = game_with(["1r 6r", "2x 9g", "3y 4y", "2g 8x"], dealer=3)
    lay(state, "1r")
    let_go(state)
    lay(state, "2x")  # a true TWO
    (doubted,) = state.apply(DOUBT, 3)
    assert doubted == Doubted(3, 1, parse_card("2x"), 2, True, 3, tuple(cards("1r 2x")), 4)
    assert state.hands[3] == cards("2g 8x 1r 2x") and state.pile == []
    assert state.call_offer() is None and state.turn == 2 and state.number == 3  # the count goes on


def test_color_does_not_matter_a_7_of_any_color_is_a_7() -> None:
    state = game_with(["7g 6r", "2x 9g", "3y 4y"], dealer=2)
    state.number = 7
    lay(state, "7g")
    (doubted,) = state.apply(DOUBT, 1)
    assert doubted.true and doubted.taker == 1


def test_a_doubted_false_card_sends_the_centre_to_its_player() -> None:
    state = game_with(["1r 6r", "2x 9g", "3y 4y", "2g 8x"], dealer=3)
    lay(state, "1r")
    let_go(state)
    lay(state, "9g")  # called TWO, but a 9
    (doubted,) = state.apply(DOUBT, 2)
    assert doubted.true is False and doubted.taker == 1 and doubted.card == parse_card("9g")
    assert state.hands[1] == cards("2x 1r 9g") and state.turn == 2 and state.number == 3
    seen = state.view(0).seen
    assert seen[-1] == SeenDoubt(2, 1, parse_card("9g"), 2, 1, 2) and seen[0] == SeenPlay(0, 1)


def test_the_first_doubt_closes_the_window() -> None:
    state = game_with(["1r 6r", "2x 9g", "3y 4y", "2g 8x"], dealer=3)
    lay(state, "6r")
    state.apply(DOUBT, 3)  # East, asked last, is quickest
    with pytest.raises(IllegalActionError) as refused:
        state.apply(DOUBT, 1)
    assert refused.value.rule is DoubtRule.NOTHING_TO_DOUBT


def test_the_first_out_of_cards_wins_a_point_for_each_card_the_others_hold() -> None:
    state = game_with(["1r", "2x 9g", "3y 4y 5y", "2g 8x"], dealer=3)
    lay(state, "1r")
    assert not state.is_over  # out only when the window closes
    events = let_go(state)
    over = events[-1]
    assert isinstance(over, DoubtOver) and state.is_over
    assert over.winners == (0,) and over.points == (7, 0, 0, 0) and over.counts == (0, 2, 3, 2)
    assert over.left_in_centre == (parse_card("1r"),)
    assert state.standings()[0].seats == (0,) and state.standings()[0].won and state.standings()[0].score == 7
    assert state.seats_to_act() == () and state.legal_actions(1) == []


def test_a_last_card_doubted_wrongly_still_wins() -> None:
    state = game_with(["1r", "2x 9g", "3y 4y 5y", "2g 8x"], dealer=3)
    lay(state, "1r")
    events = state.apply(DOUBT, 2)
    assert isinstance(events[0], Doubted) and events[0].taker == 2
    over = events[-1]
    assert isinstance(over, DoubtOver) and over.winners == (0,) and over.points == (8, 0, 0, 0)


def test_a_last_card_doubted_rightly_goes_back_with_the_centre_and_play_goes_on() -> None:
    state = game_with(["4r", "2x 9g", "3y 4y 5y", "2g 8x"], dealer=3)
    lay(state, "4r")
    events = state.apply(DOUBT, 1)
    assert len(events) == 1 and not state.is_over
    assert state.hands[0] == cards("4r") and state.turn == 1 and state.number == 2


def test_an_illegal_action_is_refused_naming_the_rule_and_changes_nothing() -> None:
    state = game_with(["1r 6r", "2x 9g", "3y 4y", "2g 8x"], dealer=3)
    before = (state.counts(), state.turn, len(state.events))
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Lay(parse_card("2x")), 0)
    assert refused.value.rule is DoubtRule.NOT_HELD and "you hold no 2x" in str(refused.value)
    assert len(refused.value.legal) == 2
    for action, seat, rule in (
        (Lay(parse_card("2x")), 1, DoubtRule.NOT_YOUR_TURN),
        (DOUBT, 1, DoubtRule.NOTHING_TO_DOUBT),
        (LET_GO, 0, DoubtRule.NOTHING_TO_DOUBT),
    ):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(action, seat)
        assert refused.value.rule is rule
    lay(state, "1r")
    for action, seat, rule in (
        (DOUBT, 0, DoubtRule.NOT_ASKED),
        (Lay(parse_card("2x")), 1, DoubtRule.DOUBT_OR_LET_GO),
    ):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(action, seat)
        assert refused.value.rule is rule
    assert (state.counts(), state.turn) == ((1, 2, 2, 2), None) and before[2] + 1 == len(state.events)


def test_a_game_too_long_ends_at_the_limit_the_fewest_cards_winning() -> None:
    state = game_with(["1r 6r", "2x 9g", "3y 4y", "2g 8x 8g"], dealer=3)
    state.plays = MOST_PLAYS - 1
    lay(state, "6r")
    over = let_go(state)[-1]
    assert isinstance(over, DoubtOver) and over.reason == "limit"
    assert over.winners == (0,) and over.points == (1 + 1 + 2, 0, 0, 0)


def test_the_view_hides_every_other_hand_and_every_face_down_card() -> None:
    state = DoubtState.from_seed(3, 4)
    first = state.turn
    assert first is not None
    card = state.hands[first][0]
    lay(state, card_name(card))
    other = (first + 1) % 4
    view = state.view(other)
    assert view.hand == tuple(sorted(state.hands[other], key=lambda c: (number_of(c), c)))
    assert view.mine == () and view.last_play == SeenPlay(first, 1) and view.pile == 1
    assert state.view(first).mine == ((0, card),)
    assert card not in view.hand and view.counts == state.counts()


def test_notation_of_actions_and_events() -> None:
    assert action_to_json(1, Lay(parse_card("7r"))) == {"seat": 1, "face_down": "7r"}
    assert action_to_json(2, DOUBT) == {"seat": 2, "doubt": True}
    assert action_to_json(2, LET_GO) == {"seat": 2, "undoubted": True}
    for action in (Lay(parse_card("14g")), DOUBT, LET_GO):
        assert action_from_json(action_to_json(3, action)) == (3, action)
    state = DoubtState.from_seed(2, 3)
    start = event_to_json(state.events[0])
    assert start["event"] == "game_start" and start["variant"] == "i-doubt-it" and start["players"] == 3
    assert sum(len(hand) for hand in start["hands"]) == 56
    events = lay(state, card_name(state.hands[state.turn][0]))
    assert event_to_json(events[0])["event"] == "laid"
    assert event_to_json(state.apply(DOUBT, state.offer.seats[0])[0])["event"] == "doubted"


def test_the_game_is_one_entry_of_the_registry() -> None:
    game = find_game("i-doubt-it")
    assert game.family == "doubt" and game.title == "I Doubt It"
    setup = table_setup("i-doubt-it", {"players": 6}, seed=9)
    state = game.start(setup, None)
    assert isinstance(state, GameState) and state.seat_count == 6
    again = game.start(setup, None)
    assert again.events[0] == state.events[0]  # the seed gives the deal and the dealer
    fixed = game.start(setup, PATIENCE_PACK)
    assert fixed.hands == deal_hands(PATIENCE_PACK, 6, state.dealer)
    clone = state.clone()
    lay(clone, card_name(clone.hands[clone.turn][0]))
    assert state.pile == [] and len(state.events) == 1


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(3, 8), chooser=st.integers(0, 2**31))
def test_whole_random_games_keep_every_rule(seed: int, players: int, chooser: int) -> None:
    """Random plays and doubts: cards conserved, the count, the turn, each doubt's taker, the end."""
    choices = random.Random(chooser)
    state = DoubtState.from_seed(seed, players)
    number, turn = 1, (state.dealer + 1) % players
    steps = 0
    while not state.is_over and steps < 3000:
        steps += 1
        assert sum(state.counts()) + len(state.pile) == 56
        seat = state.seats_to_act()[0] if choices.random() < 0.7 else choices.choice(state.seats_to_act())
        legal = state.legal_actions(seat)
        action = (DOUBT if choices.random() < 0.2 else LET_GO) if state.call_offer() else choices.choice(legal)
        pile_before = list(state.pile)
        events = state.apply(action, seat)
        if isinstance(action, Lay):
            assert seat == turn and state.call_offer() is not None
            laid = events[0]
            assert isinstance(laid, CardLaid) and laid.called == number and laid.card == action.card
            assert set(state.call_offer().seats) == set(range(players)) - {seat}
            assert state.call_offer().seats[0] == (seat + 1) % players
            number = next_number(number)
            last = (seat, action.card, laid.called)
        elif isinstance(action, Doubt):
            doubted = events[0]
            assert isinstance(doubted, Doubted) and doubted.doubter == seat and doubted.seat == last[0]
            assert doubted.true == (number_of(last[1]) == last[2])
            assert doubted.taker == (seat if doubted.true else last[0])
            assert list(doubted.cards) == pile_before and state.pile == []
        if state.call_offer() is None and not state.is_over:
            assert state.turn == (last[0] + 1) % players
            turn = state.turn
        if state.is_over:
            over = state.events[-1]
            assert isinstance(over, DoubtOver)
            if over.reason == "out":
                (winner,) = over.winners
                assert state.hands[winner] == [] and winner == last[0]
                assert over.points[winner] == sum(state.counts())
            assert all(count > 0 for seat, count in enumerate(state.counts()) if seat not in over.winners)
    assert sum(state.counts()) + len(state.pile) == 56
    assert sorted(card for hand in state.hands for card in hand) == sorted(set(PATIENCE_PACK) - set(state.pile))
