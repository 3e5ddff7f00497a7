"""Panjandrum's engine: the booklet's EXAMPLE, every rule of its section, the mistakes and the call, and whole
random games (hypothesis) in which every card is conserved and every rule holds."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine.calls import open_offer
from rook_access.engine.cards import Card, parse_card
from rook_access.engine.errors import IllegalActionError
from rook_access.engine.games import GAMES, find_game
from rook_access.engine.notation import action_from_json, action_to_json, event_to_json
from rook_access.engine.panjandrum import (
    BUILD,
    CALL,
    LET_GO,
    LIFT,
    CallLetGo,
    CardPlayed,
    DelayTurnedOver,
    Lifted,
    Mistake,
    OnDelay,
    PanjandrumCalled,
    PanjandrumOver,
    PanjandrumRule,
    PanjandrumState,
    builds,
    fits_delay,
)
from rook_access.engine.patience_deck import PATIENCE_PACK, color_of, number_of
from rook_access.engine.protocol import TableSetup
from rook_access.engine.rules import RuleSetError

SOUTH, WEST, NORTH, EAST = range(4)


def cards(text: str) -> list[Card]:
    return [parse_card(name) for name in text.split()]


def deck_for(tops: Sequence[str], dealer: int) -> list[Card]:
    """A pack in dealing order that gives each seat the cards ``tops[seat]`` on top of its hand (top first),
    the rest of the pack under them in pack order."""
    players = len(tops)
    hands = [cards(top) for top in tops]
    used = {card for hand in hands for card in hand}
    rest = [card for card in PATIENCE_PACK if card not in used]
    sizes = [len(PATIENCE_PACK) // players + (1 if (seat - dealer - 1) % players < len(PATIENCE_PACK) % players else 0)
             for seat in range(players)]  # fmt: skip
    for seat in range(players):
        while len(hands[seat]) < sizes[seat]:
            hands[seat].append(rest.pop(0))
    deck = []
    for position in range(len(PATIENCE_PACK)):
        seat = (dealer + 1 + position) % players
        deck.append(hands[seat].pop())  # the first card dealt ends at the bottom
    return deck


def game_with(tops: Sequence[str], dealer: int | None = None) -> PanjandrumState:
    """A game whose first player (the dealer's left) is South unless ``dealer`` says otherwise."""
    dealer = len(tops) - 1 if dealer is None else dealer
    game = PanjandrumState(deck_for(tops, dealer), len(tops), dealer)
    for seat, top in enumerate(tops):
        assert game.hands[seat][: len(top.split())] == cards(top)
    return game


def play(game: PanjandrumState, *moves: object) -> list[object]:
    """Apply ``moves`` by the seat to act (the first one asked, during a call); every event."""
    events: list[object] = []
    for move in moves:
        events += game.apply(move, game.seats_to_act()[0])
    return events


def let_go(game: PanjandrumState) -> None:
    while game.call_offer() is not None:
        game.apply(LET_GO, game.seats_to_act()[0])


# ------------------------------------------------------------------ the booklet's EXAMPLE
def test_the_booklets_example_a_3_starts_a_delay_pile_a_1_and_2_build_and_a_4_goes_on_a_3_or_a_5() -> None:
    # "If the first player lifts a 3, he cannot start a Building Pile ... but instead starts his own Delay Pile"
    game = game_with(["3r", "5y", "1g 2g 4x", "8r"])
    assert game.turn == SOUTH
    play(game, LIFT)
    assert game.legal_actions(SOUTH) == [OnDelay(SOUTH)]  # no building pile, no other delay pile
    with pytest.raises(IllegalActionError) as refused:
        game.apply(BUILD, SOUTH)
    assert refused.value.rule is PanjandrumRule.NOT_NEXT
    events = play(game, OnDelay(SOUTH))
    assert events == [CardPlayed(SOUTH, parse_card("3r"), True, SOUTH, None, None)]
    # "The turn must then pass to the player at his left" (after the others may call).
    assert open_offer(game) is not None and game.seats_to_act() == (WEST, NORTH, EAST)
    let_go(game)
    assert game.turn == WEST
    play(game, LIFT, OnDelay(WEST))  # 5y: no building pile, not one from 3: his own delay pile
    let_go(game)
    # "If the second player lifts a 1 card, he starts a Building Pile ... if it is a 2 of that color he builds"
    assert game.turn == NORTH
    play(game, LIFT)
    assert game.right_move(NORTH) == BUILD
    play(game, BUILD, LIFT, BUILD)
    assert game.building == [0, 0, 0, 2] and game.turn == NORTH  # his turn goes on
    # "If he then lifts a 4 (as he cannot of course build with it upon a 2) he may play upon the Delay Pile of
    # any opponent which reads 3 (or ... 5 ...)": both are right moves, on a delay pile built up or down.
    play(game, LIFT)
    assert game.lifted == parse_card("4x")
    choices = dict(game.choices(NORTH))
    assert choices == {OnDelay(SOUTH): None, OnDelay(WEST): None, OnDelay(NORTH): Mistake.OWN_BEFORE_OTHERS}
    assert game.right_move(NORTH) == OnDelay(SOUTH)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(BUILD, NORTH)
    assert "the green building pile needs 3g" not in str(refused.value) and "needs 1x" in str(refused.value)
    events = play(game, OnDelay(WEST))
    assert events == [CardPlayed(NORTH, parse_card("4x"), True, WEST, parse_card("5y"), None)]
    assert game.turn == NORTH and game.call_offer() is None  # playing on another's delay pile goes on


def test_building_on_ones_own_delay_pile_does_not_continue_the_turn() -> None:
    game = game_with(["3r 4y", "8r", "9y"])
    play(game, LIFT, OnDelay(SOUTH))
    let_go(game)
    play(game, LIFT, OnDelay(WEST))
    let_go(game)
    play(game, LIFT, OnDelay(NORTH))
    let_go(game)
    play(game, LIFT)
    assert game.lifted == parse_card("4y") and OnDelay(SOUTH) in game.legal_actions(SOUTH)
    play(game, OnDelay(SOUTH))  # up on his own 3r: the turn ends all the same
    assert game.turn is None and game.call_offer() is not None and game.delays[SOUTH] == cards("3r 4y")


# ------------------------------------------------------------------ the deal
@pytest.mark.parametrize("players", range(3, 9))
def test_the_entire_pack_is_dealt_one_at_a_time_from_the_dealers_left(players: int) -> None:
    game = PanjandrumState(list(PATIENCE_PACK), players, 0)
    sizes = [len(hand) for hand in game.hands]
    assert sum(sizes) == 56 and max(sizes) - min(sizes) <= 1
    assert sizes[1] == max(sizes) and game.turn == 1
    # The last card dealt is on top; the seat at the dealer's left got the first card, at its bottom.
    assert game.hands[1][-1] == PATIENCE_PACK[0]
    assert sorted(card for hand in game.hands for card in hand) == list(PATIENCE_PACK)


def test_three_to_eight_players() -> None:
    for players in (2, 9):
        with pytest.raises(RuleSetError, match="Panjandrum is for 3 to 8 players"):
            PanjandrumState(list(PATIENCE_PACK), players, 0)
    game = find_game("panjandrum")
    assert game.family == "panjandrum" and game.seat_counts == (3, 4, 5, 6, 7, 8)
    assert GAMES["panjandrum"] is game
    state = game.start(TableSetup("panjandrum", (("players", 5),), seed=7))
    assert isinstance(state, PanjandrumState) and state.players == 5
    again = game.start(TableSetup("panjandrum", (("players", 5),), seed=7))
    assert state.hands == again.hands and state.dealer == again.dealer


# ------------------------------------------------------------------ what may be played where
def test_building_piles_by_color_from_1_up_and_delay_piles_up_or_down_regardless_of_color() -> None:
    assert builds(parse_card("1y"), [0, 0, 0, 0]) and not builds(parse_card("2y"), [0, 0, 0, 0])
    assert builds(parse_card("6g"), [0, 0, 0, 5]) and not builds(parse_card("6g"), [5, 5, 5, 0])
    assert fits_delay(parse_card("14r"), parse_card("13g")) and fits_delay(parse_card("1r"), parse_card("2x"))
    assert not fits_delay(parse_card("1r"), parse_card("14x"))  # no going round
    assert not fits_delay(parse_card("7r"), parse_card("7x")) and not fits_delay(parse_card("7r"), None)


def test_impossible_moves_are_refused_naming_the_rule_and_change_nothing() -> None:
    game = game_with(["3r 9g", "5y", "8x"])
    for action, rule in ((BUILD, PanjandrumRule.NO_CARD), (OnDelay(WEST), PanjandrumRule.NO_CARD),
                         (CALL, PanjandrumRule.NOT_ASKED)):  # fmt: skip
        with pytest.raises(IllegalActionError) as refused:
            game.apply(action, SOUTH)
        assert refused.value.rule is rule
    with pytest.raises(IllegalActionError) as refused:
        game.apply(LIFT, WEST)
    assert refused.value.rule is PanjandrumRule.NOT_YOUR_TURN
    play(game, LIFT)
    before = (game.hands, game.delays, game.building, game.lifted, len(game.events))
    for action, rule in ((LIFT, PanjandrumRule.CARD_LIFTED), (OnDelay(WEST), PanjandrumRule.EMPTY_DELAY),
                         (OnDelay(7), PanjandrumRule.NO_SEAT)):  # fmt: skip
        with pytest.raises(IllegalActionError) as refused:
            game.apply(action, SOUTH)
        assert refused.value.rule is rule
        assert (game.hands, game.delays, game.building, game.lifted, len(game.events)) == before
    play(game, OnDelay(SOUTH))
    with pytest.raises(IllegalActionError) as refused:
        game.apply(LIFT, WEST)
    assert refused.value.rule is PanjandrumRule.CALL_OPEN
    with pytest.raises(IllegalActionError) as refused:
        game.apply(CALL, SOUTH)  # not one's own turn
    assert refused.value.rule is PanjandrumRule.NOT_ASKED
    let_go(game)
    play(game, LIFT)  # 5y
    with pytest.raises(IllegalActionError) as refused:
        game.apply(OnDelay(SOUTH), WEST)  # 5 is not one up or down from 3
    assert refused.value.rule is PanjandrumRule.NOT_UP_OR_DOWN
    play(game, OnDelay(WEST))
    let_go(game)
    play(game, LIFT, OnDelay(NORTH))
    let_go(game)
    with pytest.raises(IllegalActionError) as refused:
        game.apply(OnDelay(SOUTH), SOUTH)  # one's own delay pile takes only the card lifted
    assert refused.value.rule is PanjandrumRule.OWN_DELAY


# ------------------------------------------------------------------ THUS: the order of plays
def test_thus_the_delay_piles_top_to_a_building_pile_first_then_to_another_delay_pile_then_lift() -> None:
    game = game_with(["2r 1r 9x", "5g", "8y"])
    play(game, LIFT, OnDelay(SOUTH))  # 2r: nowhere else yet
    let_go(game)
    play(game, LIFT, OnDelay(WEST))  # 5g
    let_go(game)
    play(game, LIFT, OnDelay(NORTH))  # 8y
    let_go(game)
    play(game, LIFT)  # 1r starts the red pile
    assert game.right_move(SOUTH) == BUILD
    play(game, BUILD)
    # The delay pile's 2r builds now: lifting instead is a mistake.
    assert game.right_move(SOUTH) == BUILD
    assert dict(game.choices(SOUTH)) == {LIFT: Mistake.LIFTED_BEFORE_BUILDING, BUILD: None}
    play(game, BUILD)
    assert game.right_move(SOUTH) == LIFT and game.delays[SOUTH] == []
    play(game, LIFT)  # 9x: on North's 8y, not on his own
    assert dict(game.choices(SOUTH)) == {OnDelay(NORTH): None, OnDelay(SOUTH): Mistake.OWN_BEFORE_OTHERS}


def test_the_delay_piles_top_to_another_delay_pile_before_lifting() -> None:
    game = game_with(["4r 9x", "3g", "12y"])
    play(game, LIFT, OnDelay(SOUTH))
    let_go(game)
    play(game, LIFT, OnDelay(WEST))
    let_go(game)
    play(game, LIFT, OnDelay(NORTH))
    let_go(game)
    assert dict(game.choices(SOUTH)) == {LIFT: Mistake.LIFTED_BEFORE_DELAY, OnDelay(WEST): None}
    assert game.right_move(SOUTH) == OnDelay(WEST)
    events = play(game, LIFT)  # the mistake is taken and recorded
    (lifted,) = events
    assert isinstance(lifted, Lifted) and lifted.slip is not None
    assert lifted.slip.mistake is Mistake.LIFTED_BEFORE_DELAY and lifted.slip.card == parse_card("4r")


def test_a_card_that_could_build_played_to_a_delay_pile_is_a_mistake_and_so_is_ending_the_turn_with_it() -> None:
    game = game_with(["1r", "2g 1g", "5y"])
    play(game, LIFT)
    assert dict(game.choices(SOUTH)) == {BUILD: None, OnDelay(SOUTH): Mistake.NOT_BUILT}
    play(game, BUILD, LIFT, OnDelay(SOUTH))  # after 1r, the next card goes on his own pile
    let_go(game)
    play(game, LIFT, OnDelay(WEST))  # 2g
    let_go(game)
    play(game, LIFT, OnDelay(NORTH))  # 5y
    let_go(game)
    play(game, LIFT)
    mine = game.lifted
    assert mine is not None
    play(game, OnDelay(SOUTH))
    let_go(game)
    play(game, LIFT)  # West lifts 1g: it builds, or goes on another's delay pile only if one up or down
    assert game.lifted == parse_card("1g")
    choices = dict(game.choices(WEST))
    assert choices[BUILD] is None and choices[OnDelay(WEST)] is Mistake.NOT_BUILT
    (played,) = play(game, OnDelay(WEST))
    assert isinstance(played, CardPlayed) and played.slip is not None and played.slip.mistake is Mistake.NOT_BUILT
    assert played.slip in game.called_slips and game.call_offer() is not None


# ------------------------------------------------------------------ the call and its penalty
def test_a_right_call_gives_the_mistaken_two_cards_from_the_caller_and_one_from_each_other_under_the_hand() -> None:
    game = game_with(["1r 5x", "9g 11y", "12x 13y", "7g 6y"])
    play(game, LIFT, OnDelay(SOUTH))  # 1r on his own delay pile: a mistake
    offer = game.call_offer()
    assert offer is not None and offer.first_only and offer.word == "panjandrum" and offer.key == "p"
    assert game.seats_to_act() == (WEST, NORTH, EAST)
    assert game.legal_actions(NORTH) == [CALL, LET_GO] and game.legal_actions(SOUTH) == []
    hand_before = list(game.hands[SOUTH])
    tops = {seat: list(game.hands[seat][:2]) for seat in (WEST, NORTH, EAST)}
    game.apply(LET_GO, WEST)
    (called,) = game.apply(CALL, EAST)  # any seat asked, in any order: East was quicker than North
    assert isinstance(called, PanjandrumCalled)
    assert (called.caller, called.accused, called.right, called.penalized) == (EAST, SOUTH, True, SOUTH)
    assert called.slips[0].mistake is Mistake.NOT_BUILT and called.gifts == ((EAST, 2), (WEST, 1), (NORTH, 1))
    received = game.hands[SOUTH][len(hand_before):]
    assert game.hands[SOUTH][: len(hand_before)] == hand_before  # placed under his hand
    assert sorted(received) == sorted(tops[EAST][:2] + tops[WEST][:1] + tops[NORTH][:1])
    assert called.holding == len(game.hands[SOUTH]) + len(game.delays[SOUTH])
    assert game.call_offer() is None and game.turn == WEST  # the first call closes the offer


def test_a_false_call_panjandrums_the_caller_the_player_wrongly_called_giving_two() -> None:
    game = game_with(["3r", "9g", "12x", "7g"])
    play(game, LIFT, OnDelay(SOUTH))  # no mistake
    north = len(game.hands[NORTH])
    (called,) = game.apply(CALL, NORTH)
    assert isinstance(called, PanjandrumCalled) and not called.right and called.penalized == NORTH
    assert called.gifts == ((SOUTH, 2), (EAST, 1), (WEST, 1))
    assert len(game.hands[NORTH]) == north + 4 and game.turn == WEST


def test_the_call_opens_after_every_turn_and_closes_when_everyone_lets_it_go() -> None:
    game = game_with(["3r", "9g", "12x"])
    play(game, LIFT, OnDelay(SOUTH))
    assert game.call_offer() is not None
    game.apply(LET_GO, NORTH)
    assert game.seats_to_act() == (WEST,)
    (closed,) = game.apply(LET_GO, WEST)
    assert closed == CallLetGo(SOUTH) and game.turn == WEST and game.call_offer() is None


def test_a_giver_keeps_their_last_card_and_gives_from_the_delay_pile_turned_over_when_the_hand_is_empty() -> None:
    game = game_with(["3r", "9g", "12x"])
    game.hands[WEST] = cards("9g")
    game.delays[WEST] = cards("4y 5y")
    game.hands[NORTH] = cards("12x")
    game.delays[NORTH] = []
    play(game, LIFT, OnDelay(SOUTH))
    (called,) = game.apply(CALL, WEST)  # a false call: South gives West 2, North 1
    assert isinstance(called, PanjandrumCalled) and called.penalized == WEST
    assert dict(called.gifts) == {SOUTH: 2, NORTH: 0}  # North keeps his last card
    game2 = game_with(["3r", "9g", "12x"])
    game2.hands[NORTH] = cards("12x")
    game2.delays[NORTH] = cards("4y 5y")
    play(game2, LIFT, OnDelay(SOUTH))
    called2, turned = game2.apply(CALL, WEST)
    assert isinstance(called2, PanjandrumCalled) and turned == DelayTurnedOver(NORTH, 2)
    # North gave 12x, his hand's last card; his delay pile, turned over, is his hand.
    assert game2.hands[NORTH] == cards("4y 5y") and game2.delays[NORTH] == []


# ------------------------------------------------------------------ the delay pile as a new hand; the end
def test_an_empty_hand_is_made_of_the_delay_pile_turned_over_its_order_kept() -> None:
    game = game_with(["3r", "9g", "12x"])
    game.hands[SOUTH] = cards("6x")
    game.delays[SOUTH] = cards("3r 8y 11g")
    play(game, LIFT)
    events = play(game, OnDelay(SOUTH))
    assert events[-1] == DelayTurnedOver(SOUTH, 4)
    assert game.hands[SOUTH] == cards("3r 8y 11g 6x") and game.delays[SOUTH] == []  # first played on top


def test_the_first_rid_of_every_card_wins_at_once() -> None:
    game = game_with(["1r 2r", "9g", "12x"])
    game.hands[SOUTH] = cards("1r 2r")
    events = play(game, LIFT, BUILD, LIFT, BUILD)
    assert isinstance(events[-1], PanjandrumOver)
    assert events[-1].winners == (SOUTH,) and events[-1].reason == "out"
    assert game.is_over and game.seats_to_act() == () and game.call_offer() is None
    assert game.standings()[0].seats == (SOUTH,) and game.standings()[0].won


# ------------------------------------------------------------------ notation
def test_actions_and_events_in_the_notation() -> None:
    for action in (LIFT, BUILD, OnDelay(2), CALL, LET_GO):
        assert action_from_json(action_to_json(1, action)) == (1, action)
    assert action_to_json(0, OnDelay(3)) == {"seat": 0, "on_delay": 3}
    game = game_with(["1r 5x", "9g", "12x"])
    play(game, LIFT, OnDelay(SOUTH))
    play(game, CALL)
    lines = [event_to_json(event) for event in game.events]
    assert lines[0]["event"] == "game_start" and lines[0]["variant"] == "panjandrum"
    assert lines[1] == {"event": "lift", "seat": 0, "card": "1r", "mistake": None}
    assert lines[2]["mistake"] == {"mistake": "not_built", "card": "1r"} and lines[2]["to"] == 0
    assert lines[3]["event"] == "panjandrum" and lines[3]["right"] is True


# ------------------------------------------------------------------ whole random games
def check_step(game: PanjandrumState, seat: int, action: object, events: list[object]) -> None:
    """Every rule of the section, around one move."""
    all_cards = [card for hand in game.hands for card in hand] + [c for d in game.delays for c in d]
    if game.lifted is not None:
        all_cards.append(game.lifted)
    in_building = sum(game.building)
    assert len(all_cards) + in_building == 56 and len(set(all_cards)) == len(all_cards)
    for event in events:
        if isinstance(event, CardPlayed):
            assert event.seat == seat
            if event.to is not None and event.to != event.seat:
                assert event.onto is not None and abs(number_of(event.card) - number_of(event.onto)) == 1


@settings(max_examples=80, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(3, 8), choices_seed=st.integers(0, 2**31))
def test_whole_random_games_conserve_the_cards_and_keep_every_rule(seed: int, players: int, choices_seed: int) -> None:
    picks = random.Random(choices_seed)
    game = PanjandrumState.from_seed(seed, players)
    steps = 0
    while not game.is_over and steps < 4000:
        steps += 1
        offer = game.call_offer()
        if offer is not None:
            assert game.turn is None and game.accused is not None
            assert offer.seats[0] == (game.accused + 1) % players or len(offer.seats) < players - 1
            seat = picks.choice(offer.seats)
            action = CALL if picks.random() < 0.05 else LET_GO
            right = bool(game.called_slips)
            accused = game.accused
            before = game.counts()
            events = game.apply(action, seat)
            if action is CALL:
                called = next(event for event in events if isinstance(event, PanjandrumCalled))
                assert called.right == right and called.penalized == (accused if right else seat)
                gained = game.counts()[called.penalized] - before[called.penalized]
                assert gained == sum(count for _, count in called.gifts)
                assert all(count <= (2 if giver == (seat if right else accused) else 1)
                           for giver, count in called.gifts)  # fmt: skip
            assert game.call_offer() is None or action is LET_GO
        else:
            seat = game.turn
            assert seat is not None
            choices = game.choices(seat)
            assert choices and sum(mistake is None for _, mistake in choices) >= 1
            action, mistake = picks.choice(choices) if picks.random() < 0.3 else (game.right_move(seat), None)
            building = list(game.building)
            events = game.apply(action, seat)
            slip = next((getattr(event, "slip", None) for event in events if isinstance(event, (Lifted, CardPlayed))),
                        None)  # fmt: skip
            assert (slip.mistake if slip else None) == dict(choices)[action]
            for event in events:
                if isinstance(event, CardPlayed) and event.to is None:
                    color = color_of(event.card)
                    assert number_of(event.card) == building[color] + 1
            ended = any(isinstance(event, CardPlayed) and event.ends_turn for event in events)
            if ended and not game.is_over:
                offer = game.call_offer()
                assert offer is not None and offer.seats == tuple((seat + step) % players for step in range(1, players))
            if not ended and not game.is_over:
                assert game.turn == seat  # the turn goes on until one's own delay pile
        check_step(game, seat, action, events)
    if game.is_over:
        over = game.events[-1]
        assert isinstance(over, PanjandrumOver)
        if over.reason == "out":
            (winner,) = over.winners
            assert game.hands[winner] == [] and game.delays[winner] == []
            assert all(game.counts()[seat] > 0 for seat in range(players) if seat != winner)
