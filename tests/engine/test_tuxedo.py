"""Tuxedo, the 1913 booklet's game "for all the family": its examples and each rule a test, the computer
players at every level, and whole random games as a property (cards conserved, every rule of the section).

Positions are set by hand: the hands and the centre written in the notation, the rest of the pack left to
deal, so that every card of the pack is somewhere at every step.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine import IllegalActionError, card_name
from rook_access.engine.calls import CallOffer, open_offer
from rook_access.engine.cards import parse_card
from rook_access.engine.games import GAMES, find_game, table_setup
from rook_access.engine.notation import action_from_json, action_to_json, event_to_json
from rook_access.engine.patience_deck import PATIENCE_PACK, number_of
from rook_access.engine.protocol import GameState
from rook_access.engine.rules import RuleSetError
from rook_access.engine.tuxedo import (
    NO_ORANGE,
    ORANGE,
    Build,
    Built,
    Captured,
    CentreLeft,
    DealCounted,
    DealStarted,
    Lay,
    OrangeCalled,
    OrangeMissed,
    Pile,
    Redealt,
    SeatCount,
    Take,
    TuxedoOver,
    TuxedoRule,
    TuxedoStarted,
    TuxedoState,
    capture_groups,
    is_orange,
)
from rook_access.players import PLAYER_LEVELS, make_player
from rook_access.players.reactions import QUICKEST, REACTIONS


def cards(text: str) -> list[int]:
    return [parse_card(word) for word in text.split()]


def names(some: object) -> str:
    return " ".join(card_name(card) for card in some)  # type: ignore[attr-defined]


def position(hands: list[str], centre: str, turn: int = 0, pack: bool = True) -> TuxedoState:
    """A game whose hands and centre are set by hand; the rest of the pack is still to be dealt (or, with
    ``pack`` False, already taken by seat 0 so the deal ends when the hands are empty)."""
    state = TuxedoState(PATIENCE_PACK, len(hands), len(hands) - 1)
    state.hands = [cards(hand) for hand in hands]
    state.centre = [Pile((card,)) for card in cards(centre)]
    used = {card for hand in state.hands for card in hand} | set(cards(centre))
    rest = [card for card in PATIENCE_PACK if card not in used]
    state.pack = rest if pack else []
    state.captured = [[] for _ in hands]
    if not pack:
        state.captured[0] = rest
    state.turn = turn
    return state


def taken(state: TuxedoState) -> list[str]:
    capture = next(event for event in reversed(state.events) if isinstance(event, Captured))
    return [names(group) for group in capture.groups]


def answer_all(state: TuxedoState, action: object = NO_ORANGE) -> None:
    """Every seat asked lets the call go (or the first calls, with ``action`` ORANGE)."""
    while state.call_offer() is not None:
        state.apply(action, state.seats_to_act()[0])


def conserved(state: TuxedoState) -> bool:
    everywhere = [*state.pack, *(c for pile in state.centre for c in pile.cards)]
    everywhere += [c for hand in state.hands for c in hand] + [c for got in state.captured for c in got]
    return sorted(everywhere) == list(PATIENCE_PACK)


# ------------------------------------------------------------- the booklet's examples
def test_the_booklet_example_the_10_takes_5_2_and_3_and_all_four_cards_are_laid_aside():
    state = position(["10r 4g", "9y 11x"], "5x 2g 3y")
    state.apply(Take(parse_card("10r")), 0)
    assert taken(state) == ["5x 2g 3y"]
    assert names(state.captured[0]) == "10r 5x 2g 3y"
    assert state.centre == [] and conserved(state)


def test_the_booklet_example_the_8_takes_6_and_2_then_5_2_and_1_and_an_8_all_in_one_capture():
    state = position(["8r 4g", "9y 11x"], "6x 2g 5y 2x 1g 8g 13r")
    events = state.apply(Take(parse_card("8r")), 0)
    assert taken(state) == ["8g", "6x 2g", "5y 2x 1g"]
    assert [type(event) for event in events] == [Captured]  # one capture, then the Orange call
    assert names(pile.cards[0] for pile in state.centre) == "13r"
    assert len(state.captured[0]) == 7


def test_a_card_of_the_same_number_takes_every_card_of_that_number():
    state = position(["7r 4g", "9y 11x"], "7x 7g 3y")
    state.apply(Take(parse_card("7r")), 0)
    assert taken(state) == ["7x", "7g"]


def test_combinations_that_share_a_card_take_the_most_cards_one_way_only():
    # 6+2 and 5+2+1 share the one 2: the 8 takes 5, 2 and 1 (three cards), and the 6 stays.
    state = position(["8r 4g", "9y 11x"], "6x 2g 5y 1g")
    state.apply(Take(parse_card("8r")), 0)
    assert taken(state) == ["2g 5y 1g"]  # each group's cards in the centre's order
    assert names(pile.cards[0] for pile in state.centre) == "6x"


def test_with_as_many_cards_either_way_the_capture_takes_the_5s_then_the_oldest_cards():
    # 6+3+1 and 5+4+1 are three cards each and share the 1: the one with the 5 is taken.
    centre = [Pile((card,)) for card in cards("6g 4x 5y 1r 3r")]
    groups = capture_groups(parse_card("10r"), centre)
    assert [names(centre[i].cards[0] for i in group) for group in groups] == ["4x 5y 1r"]
    centre = [Pile((card,)) for card in cards("3x 3g 3y")]
    assert [list(group) for group in capture_groups(parse_card("3r"), centre)] == [[0], [1], [2]]
    assert capture_groups(parse_card("6r"), centre) == ((0, 1),)


def test_a_card_that_takes_nothing_is_refused_and_one_that_can_take_may_not_be_laid():
    state = position(["10r 4g", "9y 11x"], "5x 2g 3y")
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Take(parse_card("4g")), 0)
    assert caught.value.rule is TuxedoRule.TAKES_NOTHING
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Lay(parse_card("4g")), 0)
    assert caught.value.rule is TuxedoRule.MUST_TAKE
    assert Lay(parse_card("4g")) not in state.legal_actions(0)
    other = position(["13r 4g", "9y 11x"], "5x 2g 3y")
    assert other.legal_actions(0) == [Lay(parse_card("13r")), Lay(parse_card("4g"))]
    other.apply(Lay(parse_card("4g")), 0)
    assert names(pile.cards[0] for pile in other.centre) == "5x 2g 3y 4g" and other.turn == 1


def test_the_turn_passes_to_the_left_one_play_each():
    state = position(["13r 4g", "12y 11x", "9g 8x"], "1x 2y", turn=1)
    state.apply(Lay(parse_card("12y")), 1)
    assert state.turn == 2
    state.apply(Lay(parse_card("9g")), 2)
    assert state.turn == 0
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Lay(parse_card("11x")), 1)
    assert caught.value.rule is TuxedoRule.NOT_YOUR_TURN


# --------------------------------------------------------------------- sweeps
def test_taking_every_card_left_is_a_sweep_little_for_3_cards_or_fewer_big_for_4_or_more():
    state = position(["10r 4g", "9y 11x"], "5x 2g 3y")
    state.apply(Take(parse_card("10r")), 0)
    assert state.events[-1] == Captured(0, parse_card("10r"), (tuple(cards("5x 2g 3y")),), "little")
    assert state.little == [1, 0]
    big = position(["10r 4g", "9y 11x"], "5x 2g 3y 10x")
    big.apply(Take(parse_card("10r")), 0)
    assert big.events[-1].sweep == "big" and big.big == [1, 0]
    not_all = position(["10r 4g", "9y 11x"], "5x 2g 3y 12x")
    not_all.apply(Take(parse_card("10r")), 0)
    assert not_all.events[-1].sweep is None


def test_after_a_sweep_the_next_player_must_lay_a_card():
    state = position(["10r 4g", "9y 11x"], "5x 2g 3y")
    state.apply(Take(parse_card("10r")), 0)
    answer_all(state)
    assert state.turn == 1 and state.legal_actions(1) == [Lay(parse_card("9y")), Lay(parse_card("11x"))]
    state.apply(Lay(parse_card("9y")), 1)
    assert state.turn == 0 and Take(parse_card("4g")) not in state.legal_actions(0)


# --------------------------------------------------------------------- Orange
def test_after_every_capture_the_orange_call_is_offered_to_every_seat_the_capturer_first_then_to_the_left():
    state = position(["13r 4g", "7x 11x", "14g 10x"], "7g 2y", turn=1)
    state.apply(Take(parse_card("7x")), 1)  # green alone: no Orange, but the call is offered all the same
    offer = open_offer(state)
    assert offer == CallOffer("orange", "o", ORANGE, NO_ORANGE, (1, 2, 0), first_only=True)
    assert state.seats_to_act() == (1, 2, 0) and state.legal_actions(0) == [ORANGE, NO_ORANGE]
    assert state.view(2).turn is None and state.view(2).offer == offer
    state.apply(NO_ORANGE, 0)  # any seat answers, in any order
    assert state.seats_to_act() == (1, 2)
    state.apply(NO_ORANGE, 2)
    state.apply(NO_ORANGE, 1)
    assert state.call_offer() is None and state.turn == 2
    assert not any(isinstance(event, (OrangeCalled, OrangeMissed)) for event in state.events)


def test_a_right_orange_takes_a_red_and_a_yellow_card_together_and_the_first_call_closes_the_offer():
    assert is_orange(cards("3r 7y")) and not is_orange(cards("3r 7r")) and not is_orange(cards("3y 7g"))
    state = position(["10g 4g", "9x 11x", "14g 10x"], "7r 3y", turn=0)
    state.apply(Take(parse_card("10g")), 0)
    state.apply(ORANGE, 2)  # the quickest caller need not be the capturer
    assert state.events[-1] == OrangeCalled(2, 0, True, 10)
    assert state.call_offer() is None and state.oranges == [0, 0, 1] and state.turn == 1
    with pytest.raises(IllegalActionError) as caught:
        state.apply(ORANGE, 1)
    assert caught.value.rule is TuxedoRule.NO_CALL


def test_the_capturing_card_does_not_make_an_orange_only_the_cards_taken_from_the_centre():
    state = position(["10r 4g", "9x 11x"], "7y 3g")
    state.apply(Take(parse_card("10r")), 0)
    state.apply(ORANGE, 0)
    assert state.events[-1] == OrangeCalled(0, 0, False, -10) and state.wrong == [1, 0]


def test_an_orange_no_one_calls_is_said_once_every_seat_has_let_it_go():
    state = position(["10g 4g", "9x 11x"], "7r 3y")
    state.apply(Take(parse_card("10g")), 0)
    answer_all(state)
    assert state.events[-1] == OrangeMissed(0) and state.oranges == [0, 0]


def test_a_move_while_the_call_is_open_is_refused():
    state = position(["10g 4g", "9x 11x"], "7r 3y")
    state.apply(Take(parse_card("10g")), 0)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Lay(parse_card("9x")), 1)
    assert caught.value.rule is TuxedoRule.CALL_OPEN


# ------------------------------------------------------------------- building
def test_a_build_is_announced_with_the_card_held_and_taken_whole_by_it_on_the_next_turn():
    state = position(["2r 8x 13g", "9y 11x 12y"], "6g 1y")
    assert Build(parse_card("2r"), parse_card("6g")) in state.legal_actions(0)
    state.apply(Build(parse_card("2r"), parse_card("6g")), 0)
    assert state.events[-1] == Built(0, parse_card("2r"), (parse_card("6g"),), 8, None)
    assert state.centre[0] == Pile(tuple(cards("6g 2r")), 0) and state.centre[0].value == 8
    state.apply(Lay(parse_card("12y")), 1)
    state.apply(Take(parse_card("8x")), 0)
    assert taken(state) == ["6g 2r"]


def test_a_build_is_taken_only_whole_by_its_sum_never_as_cards_of_a_combination():
    state = position(["2r 8x 13g", "6y 11x 12y"], "6g 1y")
    state.apply(Build(parse_card("2r"), parse_card("6g")), 0)
    assert Take(parse_card("6y")) not in state.legal_actions(1)  # the 6 under the build is not a 6 now


def test_building_needs_the_sum_in_another_card_of_the_hand_14_at_most_and_a_centre_card():
    state = position(["2r 9x 13g", "9y 11x 12y"], "6g 12x")
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Build(parse_card("2r"), parse_card("6g")), 0)
    assert caught.value.rule is TuxedoRule.BAD_BUILD
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Build(parse_card("2r"), parse_card("12x")), 0)  # 14: but no 14 held
    assert caught.value.rule is TuxedoRule.BAD_BUILD
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Build(parse_card("2r"), parse_card("5g")), 0)
    assert caught.value.rule is TuxedoRule.NOT_IN_CENTRE
    assert [action for action in state.legal_actions(0) if isinstance(action, Build)] == []


def test_building_is_from_the_hand_only_one_card_on_one_pile():
    # 6 and 2 both in the centre do not make a build of 8: only a card of the hand is built on.
    state = position(["13r 8x", "9y 11x"], "6g 2y 3x")
    assert not any(isinstance(action, Build) for action in state.legal_actions(0))
    assert Take(parse_card("8x")) in state.legal_actions(0)  # the 8 takes 6 and 2 as a combination


def test_another_player_may_build_higher_and_the_build_is_then_theirs():
    state = position(["2r 8x 13g", "3y 11x 12y"], "6g 1y")
    state.apply(Build(parse_card("2r"), parse_card("6g")), 0)
    assert Build(parse_card("3y"), parse_card("6g")) in state.legal_actions(1)  # a build is named by its first card
    state.apply(Build(parse_card("3y"), parse_card("2r")), 1)  # or by any of its cards
    assert state.events[-1] == Built(1, parse_card("3y"), tuple(cards("6g 2r")), 11, 0)
    assert state.centre[0] == Pile(tuple(cards("6g 2r 3y")), 1)
    assert Take(parse_card("8x")) not in state.legal_actions(0)
    state.apply(Lay(parse_card("13g")), 0)
    state.apply(Take(parse_card("11x")), 1)
    assert taken(state) == ["6g 2r 3y"]


def test_the_builder_keeps_the_card_the_build_stands_for_and_so_cannot_lay_a_card():
    state = position(["2r 8x 13g 3g", "9y 11x 12y 14y"], "6g 1y")
    state.apply(Build(parse_card("2r"), parse_card("6g")), 0)
    state.apply(Lay(parse_card("9y")), 1)
    legal = state.legal_actions(0)
    assert Take(parse_card("8x")) in legal and not any(isinstance(action, Lay) for action in legal)
    assert Build(parse_card("8x"), parse_card("1y")) not in legal
    with pytest.raises(IllegalActionError) as caught:
        state.apply(Lay(parse_card("13g")), 0)
    assert caught.value.rule is TuxedoRule.MUST_TAKE


# ------------------------------------------------------------ deals and counting
def test_the_first_deal_is_4_each_and_4_face_up_in_the_centre_from_the_dealers_left():
    state = TuxedoState(PATIENCE_PACK, 3, dealer=2)
    assert state.events[0] == TuxedoStarted(("South", "West", "East"), 2, 100)
    deal = state.events[1]
    assert isinstance(deal, DealStarted)
    assert [len(hand) for hand in deal.hands] == [4, 4, 4] and len(deal.centre) == 4 and deal.pack_left == 40
    assert deal.hands[0][0] == PATIENCE_PACK[0] and deal.centre == tuple(PATIENCE_PACK[12:16])
    assert state.turn == 0  # the dealer's left begins


@pytest.mark.parametrize(("players", "rounds", "last_each", "odd"), [
    (2, 5, 2, 0), (3, 3, 1, 1), (4, 2, 1, 0), (5, 1, 2, 2), (6, 1, 0, 4),
])  # fmt: skip
def test_four_more_each_when_the_hands_are_empty_and_the_last_cards_equally_with_the_odd_ones_to_the_centre(
    players: int, rounds: int, last_each: int, odd: int
):
    state = TuxedoState.from_seed(7, players)
    lays = random.Random(1)
    while state.deal == 1:
        seat = state.seats_to_act()[0]
        state.apply(lays.choice(state.legal_actions(seat)), seat)
        assert conserved(state) or state.deal == 2
    redeals = [event for event in state.events if isinstance(event, Redealt)]
    full = [event for event in redeals if len(event.hands[0]) == 4]
    assert len(full) == rounds and all(event.to_centre == () for event in full)
    last = redeals[-1]
    assert (len(last.hands[0]), len(last.to_centre)) == (last_each, odd) and last.pack_left == 0
    assert all(len(hand) == last_each for hand in last.hands)


def test_the_centre_left_when_the_pack_is_played_goes_to_the_last_to_take_and_the_deal_is_counted():
    state = position(["10r", "9y"], "5x 2g 3y 6g", pack=False)
    state.captured[0] = []  # the rest of the pack counted as nobody's, apart from this test's cards
    state.captured[1] = cards("5r 5g")
    state.apply(Take(parse_card("10r")), 0)
    state.apply(ORANGE, 1)  # 5x 2g 3y: no red card, a wrong call
    state.apply(Lay(parse_card("9y")), 1)
    left = next(event for event in state.events if isinstance(event, CentreLeft))
    assert left == CentreLeft(0, tuple(cards("6g 9y")))
    counted = next(event for event in state.events if isinstance(event, DealCounted))
    assert counted.counts == (SeatCount(6, 15, 0, 0, 0, 0, 1), SeatCount(2, 0, 0, 1, 0, 0, 2))
    assert counted.counts[0].points == 20 and counted.counts[1].points == 0
    assert counted.totals == (20, 0) and state.deal == 2


def test_a_tie_for_most_cards_is_5_each_and_a_sweep_and_an_orange_count_at_the_end():
    state = position(["10g", "9y"], "7r 3y", pack=False)
    state.captured[0] = []
    state.captured[1] = cards("1r 2r")
    state.apply(Take(parse_card("10g")), 0)
    state.apply(ORANGE, 0)
    state.apply(Lay(parse_card("9y")), 1)
    counted = next(event for event in state.events if isinstance(event, DealCounted))
    # seat 0: 10g 7r 3y and the 9y left in the centre = 4 cards; seat 1: 2 cards taken before.
    assert counted.counts[0] == SeatCount(4, 15, 1, 0, 0, 1, 0) and counted.counts[0].points == 30
    tie = position(["10g", "9y"], "7r 3y", pack=False)
    tie.captured[0] = []
    tie.captured[1] = cards("1r 2r 4r 6r")
    tie.apply(Take(parse_card("10g")), 0)
    answer_all(tie)
    tie.apply(Lay(parse_card("9y")), 1)
    counted = next(event for event in tie.events if isinstance(event, DealCounted))
    assert [count.most for count in counted.counts] == [5, 5]


def test_deals_go_on_to_100_the_deal_passing_to_the_left_and_a_tie_at_the_top_plays_on():
    state = TuxedoState.from_seed(3, 2)
    state.totals = [95, 0]
    dealer = state.dealer
    players = [make_player("normal", seat, "tuxedo") for seat in range(2)]
    while state.deal == 1 and not state.is_over:
        seat = state.seats_to_act()[0]
        state.apply(players[seat].choose(state.view(seat)), seat)
    counted = next(event for event in state.events if isinstance(event, DealCounted))
    if state.is_over:
        assert max(counted.totals) >= 100 and isinstance(state.events[-1], TuxedoOver)
    else:
        assert state.dealer == (dealer + 1) % 2 and isinstance(state.events[-1], DealStarted)
    tied = TuxedoState.from_seed(3, 2)
    tied.totals = [100, 100]
    tied._end_deal()
    assert not tied.is_over  # both at 100 and more, tied: another deal


# ------------------------------------------------------------------ the protocol
def test_tuxedo_is_one_registered_game_for_2_to_6_players():
    game = find_game("tuxedo")
    assert game.family == "tuxedo" and game.seat_counts == (2, 3, 4, 5, 6) and "tuxedo" in GAMES
    state = game.start(table_setup("tuxedo", {"players": 3}, seed=5), None)
    assert isinstance(state, GameState) and state.seat_count == 3
    with pytest.raises(RuleSetError, match="Tuxedo is for 2 to 6 players, not 7."):
        TuxedoState.from_seed(1, 7)


def test_a_fixed_first_deal_keeps_the_seeds_dealer_and_later_deals():
    setup = table_setup("tuxedo", {"players": 2}, seed=9)
    from_seed = find_game("tuxedo").start(setup, None)
    fixed = find_game("tuxedo").start(setup, PATIENCE_PACK)
    assert isinstance(fixed, TuxedoState) and isinstance(from_seed, TuxedoState)
    assert fixed.dealer == from_seed.dealer and fixed.rng.getstate() == from_seed.rng.getstate()


def test_actions_and_events_have_their_notation():
    for action in (Take(parse_card("10r")), Lay(parse_card("7x")), Build(parse_card("2r"), parse_card("6g")),
                   ORANGE, NO_ORANGE):  # fmt: skip
        assert action_from_json(action_to_json(0, action)) == (0, action)
    assert action_to_json(1, Build(parse_card("2r"), parse_card("6g"))) == {
        "seat": 1,
        "build_on": {"card": "2r", "on": "6g"},
    }
    state = position(["8r 4g", "9y 11x"], "6x 2g 5y 2x 1g 8g 13r")
    state.apply(Take(parse_card("8r")), 0)
    assert event_to_json(state.events[-1]) == {
        "event": "capture",
        "seat": 0,
        "card": "8r",
        "groups": [["8g"], ["6x", "2g"], ["5y", "2x", "1g"]],
        "sweep": None,
    }
    assert event_to_json(TuxedoState.from_seed(1, 2).events[0])["event"] == "game_start"


# ------------------------------------------------------------------- the players
@pytest.mark.parametrize("level", PLAYER_LEVELS)
def test_every_level_plays_whole_legal_games_and_a_seeded_player_repeats(level: str):
    for seed, players in ((1, 2), (2, 4), (3, 6)):
        state = TuxedoState.from_seed(seed, players)
        table = [make_player(level, seed * 10 + seat, "tuxedo") for seat in range(players)]
        again = make_player(level, seed * 10, "tuxedo")
        while not state.is_over:
            seat = state.seats_to_act()[0]
            view = state.view(seat)
            action = table[seat].choose(view)
            assert action in state.legal_actions(seat)
            if seat == 0:
                assert again.choose(view) == action
                assert QUICKEST <= table[seat].reaction(view) <= REACTIONS["easy"][1]  # type: ignore[attr-defined]
            state.apply(action, seat)
        assert isinstance(state.events[-1], TuxedoOver)


def test_strong_beats_easy_and_normal_and_calls_more_right_oranges():
    wins = {"easy": 0, "normal": 0}
    for other in wins:
        for seed in range(12):
            levels = ("strong", other) if seed % 2 else (other, "strong")
            state = TuxedoState.from_seed(seed, 2)
            table = [make_player(level, seed * 7 + seat, "tuxedo") for seat, level in enumerate(levels)]
            while not state.is_over:
                seat = state.seats_to_act()[0]
                state.apply(table[seat].choose(state.view(seat)), seat)
            winners = state.events[-1].winners
            wins[other] += len(winners) == 1 and levels[winners[0]] == "strong"
    assert wins["easy"] >= 10 and wins["normal"] >= 8


# ------------------------------------------------------------ whole random games
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**31), players=st.integers(2, 6), level=st.sampled_from(("easy", "normal", "strong")))
def test_whole_games_keep_every_card_and_every_rule(seed: int, players: int, level: str):
    state = TuxedoState.from_seed(seed, players)
    table = [make_player(level, seed + seat, "tuxedo") for seat in range(players)]
    counted = [0] * players
    while not state.is_over:
        assert conserved(state)
        for seat in range(players):  # a builder keeps the card of the build's sum until it is taken
            owned = [pile.value for pile in state.centre if pile.owner == seat]
            assert all(any(number_of(card) == value for card in state.hands[seat]) for value in owned)
        offer = state.call_offer()
        seat = state.seats_to_act()[0]
        legal = state.legal_actions(seat)
        if offer is None:
            hand = state.hands[seat]
            assert all(action.card in hand for action in legal)
            takes = [action for action in legal if isinstance(action, Take)]
            assert bool(takes) != any(isinstance(action, Lay) for action in legal)  # lay only if nothing takes
            if not state.centre:
                assert all(isinstance(action, Lay) for action in legal)  # after a sweep: lay
        before = len(state.events)
        action = table[seat].choose(state.view(seat))
        state.apply(action, seat)
        for event in state.events[before:]:
            if isinstance(event, Captured):
                assert all(sum(number_of(card) for card in group) == number_of(event.card)
                           or len(group) == 1 for group in event.groups)  # fmt: skip
                assert (event.sweep is None) == bool(state.centre)
                assert state.call_offer() is not None and state.seats_to_act()[0] == event.seat
            if isinstance(event, DealCounted):
                assert sum(count.cards for count in event.counts) == len(PATIENCE_PACK)
                counted = [total + count.points for total, count in zip(counted, event.counts, strict=True)]
                assert list(event.totals) == counted
                most = max(count.cards for count in event.counts)
                assert all(count.most == (0 if count.cards < most else count.most) for count in event.counts)
    over = state.events[-1]
    assert isinstance(over, TuxedoOver)
    assert max(over.totals) >= 100 or over.deals == 40


def _most_by_brute_force(number: int, numbers: list[int]) -> tuple[int, int]:
    """The most cards (then 5s) that disjoint groups each adding up to ``number`` can take, by trying every
    way to give each card a group or none (small centres only)."""
    best = (0, 0)

    def place(index: int, groups: list[list[int]]) -> None:
        nonlocal best
        if index == len(numbers):
            full = [group for group in groups if sum(group) == number]
            if len(full) == len(groups):
                used = [value for group in full for value in group]
                best = max(best, (len(used), used.count(5)))
            return
        place(index + 1, groups)  # the card is left in the centre
        for group in groups:
            if sum(group) + numbers[index] <= number:
                group.append(numbers[index])
                place(index + 1, groups)
                group.pop()
        groups.append([numbers[index]])
        place(index + 1, groups)
        groups.pop()

    place(0, [])
    return best


@settings(max_examples=150, deadline=None)
@given(number=st.integers(1, 14), centre=st.lists(st.sampled_from(PATIENCE_PACK), min_size=0, max_size=7, unique=True))
def test_a_capture_takes_every_distinct_combination_the_most_cards_as_trying_every_way_finds(
    number: int, centre: list[int]
):
    card = next(card for card in PATIENCE_PACK if number_of(card) == number and card not in centre)
    piles = [Pile((card_,)) for card_ in centre]
    groups = capture_groups(card, piles)
    used = [number_of(centre[index]) for group in groups for index in group]
    assert len(set(index for group in groups for index in group)) == len(used)  # no card twice
    assert all(sum(number_of(centre[index]) for index in group) == number for group in groups)
    assert (len(used), used.count(5)) == _most_by_brute_force(number, [number_of(card_) for card_ in centre])
