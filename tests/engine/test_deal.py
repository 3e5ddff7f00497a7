"""Dealing: the 41-card deck, 9 cards a hand and a 5-card nest, dealt as the rule book says."""

from __future__ import annotations

import copy
import random

import pytest

from rook_access.engine import (
    BIRD,
    PARTNERSHIP,
    Deal,
    Dealt,
    GameState,
    InvalidDealError,
    card_color,
    card_name,
    card_number,
    parse_cards,
)
from rook_access.engine.rules import VARIANTS
from tests.helpers.hands import autoplay_hand

GOOD = {
    "dealer": 3,
    "hands": [
        ["14r", "10r", "5r", "12x", "9x", "13y", "6y", "11g", "rook"],
        ["13r", "8r", "14x", "10x", "7x", "12y", "8y", "10g", "6g"],
        ["12r", "7r", "13x", "6x", "14y", "10y", "7y", "14g", "5g"],
        ["11r", "9r", "6r", "11x", "8x", "5x", "11y", "9y", "13g"],
    ],
    "nest": ["12g", "9g", "8g", "7g", "5y"],
}


# --------------------------------------------------------------------- deck
def test_deck_is_5_to_14_in_four_colors_and_the_bird():
    deck = PARTNERSHIP.deck
    assert len(deck) == 41 == PARTNERSHIP.deck_size
    assert len(set(deck)) == 41
    assert BIRD in deck
    numbered = [card for card in deck if card != BIRD]
    for color in range(4):
        assert sorted(card_number(c) for c in numbered if card_color(c) == color) == list(range(5, 15))
    assert not any(card_number(c) < 5 for c in numbered)


def test_shuffled_deal_gives_nine_a_hand_and_five_to_the_nest():
    for seed in range(20):
        deal = Deal.shuffled(PARTNERSHIP, seed % 4, random.Random(seed))
        assert [len(hand) for hand in deal.hands] == [9, 9, 9, 9]
        assert len(deal.nest) == 5
        everything = [c for hand in deal.hands for c in hand] + list(deal.nest)
        assert sorted(everything) == sorted(PARTNERSHIP.deck)
        deal.check(PARTNERSHIP)


# -------------------------------------------------------------- deal order
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_order_round_by_round_from_the_dealers_left_with_a_nest_card_after_rounds_1_to_5(dealer):
    deck = list(PARTNERSHIP.deck)
    random.Random(dealer).shuffle(deck)
    deal = Deal.from_deck_order(PARTNERSHIP, dealer, deck)
    # Worked out by hand: rounds 1-5 deal 4 cards then 1 to the nest (5 cards a round);
    # rounds 6-9 deal 4 cards each.
    position = 0
    expected_hands = [[] for _ in range(4)]
    expected_nest = []
    for round_number in range(1, 10):
        for offset in (1, 2, 3, 4):
            expected_hands[(dealer + offset) % 4].append(deck[position])
            position += 1
        if round_number <= 5:
            expected_nest.append(deck[position])
            position += 1
    assert position == 41
    assert deal.dealer == dealer
    assert [list(h) for h in deal.hands] == expected_hands
    assert list(deal.nest) == expected_nest


def test_deal_order_exact_cards_dealer_east():
    deal = Deal.from_deck_order(PARTNERSHIP, 3, list(PARTNERSHIP.deck))
    names = [[card_name(c) for c in hand] for hand in deal.hands]
    # round 1: 5r 6r 7r 8r, nest 9r; round 2: 10r 11r 12r 13r, nest 14r; round 3: 5x..8x, nest 9x;
    # round 4: 10x..13x, nest 14x; round 5: 5y..8y, nest 9y; rounds 6-9: 10y..14y 5g..14g rook.
    assert names[0] == ["5r", "10r", "5x", "10x", "5y", "10y", "14y", "8g", "12g"]
    assert names[1] == ["6r", "11r", "6x", "11x", "6y", "11y", "5g", "9g", "13g"]
    assert names[2] == ["7r", "12r", "7x", "12x", "7y", "12y", "6g", "10g", "14g"]
    assert names[3] == ["8r", "13r", "8x", "13x", "8y", "13y", "7g", "11g", "rook"]
    assert [card_name(c) for c in deal.nest] == ["9r", "14r", "9x", "14x", "9y"]


def test_first_card_goes_to_the_dealers_left():
    deck = list(PARTNERSHIP.deck)
    deal = Deal.from_deck_order(PARTNERSHIP, 1, deck)
    assert deal.hands[2][0] == deck[0]
    assert deal.hands[3][0] == deck[1]
    assert deal.hands[0][0] == deck[2]
    assert deal.hands[1][0] == deck[3]  # the dealer gets the last card of each round
    assert deal.nest[0] == deck[4]


# ------------------------------------------------------- dealer passes left
LONG_GAME = PARTNERSHIP.replace(target_score=100_000)


def test_dealer_passes_to_the_left_each_hand():
    state = GameState(LONG_GAME, seed=7)
    first = state.dealer
    for _ in range(5):
        autoplay_hand(state)
    dealers = [e.dealer for e in state.events if isinstance(e, Dealt)]
    assert dealers == [(first + k) % 4 for k in range(6)]
    assert [e.hand for e in state.events if isinstance(e, Dealt)] == [1, 2, 3, 4, 5, 6]


def test_fixed_first_deal_sets_the_first_dealer_and_later_hands_move_left():
    deal = Deal.from_json(GOOD, PARTNERSHIP)
    state = GameState(LONG_GAME, seed=1, first_deal=deal)
    assert state.dealer == 3
    assert state.turn == 0  # the dealer's left bids first
    autoplay_hand(state)
    assert state.dealer == 0
    assert state.turn == 1
    autoplay_hand(state)
    assert state.dealer == 1


# ------------------------------------------------------------------ from_json
def test_from_json_accepts_a_good_deal():
    deal = Deal.from_json(GOOD, PARTNERSHIP)
    assert deal.dealer == 3
    assert deal.hands[0] == tuple(parse_cards(GOOD["hands"][0]))
    assert deal.hands[3] == tuple(parse_cards(GOOD["hands"][3]))
    assert deal.nest == tuple(parse_cards(GOOD["nest"]))


def test_from_json_accepts_any_case_and_bird():
    data = copy.deepcopy(GOOD)
    data["hands"][0] = [name.upper() for name in data["hands"][0][:8]] + ["Bird"]
    assert Deal.from_json(data, PARTNERSHIP) == Deal.from_json(GOOD, PARTNERSHIP)


def _changed(change):
    data = copy.deepcopy(GOOD)
    change(data)
    return data


BAD_DEALS = {
    "short hand": _changed(lambda d: d["hands"][1].pop()),
    "long hand": _changed(lambda d: d["hands"][1].append(d["nest"].pop())),
    "short nest": _changed(lambda d: d["nest"].pop()),
    "three hands": _changed(lambda d: d["hands"].pop()),
    "five hands": _changed(lambda d: d["hands"].append([])),
    "duplicate card": _changed(lambda d: d["hands"][2].__setitem__(0, "14r")),
    "duplicate in nest": _changed(lambda d: d["nest"].__setitem__(0, "rook")),
    "card not in deck 3r": _changed(lambda d: d["hands"][0].__setitem__(2, "3r")),
    "card not in deck 1g": _changed(lambda d: d["nest"].__setitem__(4, "1g")),
    "bad notation": _changed(lambda d: d["hands"][0].__setitem__(0, "14q")),
    "card is a number": _changed(lambda d: d["hands"][0].__setitem__(2, 5)),
    "card is null": _changed(lambda d: d["nest"].__setitem__(0, None)),
    "missing dealer": _changed(lambda d: d.pop("dealer")),
    "missing hands": _changed(lambda d: d.pop("hands")),
    "missing nest": _changed(lambda d: d.pop("nest")),
    "unknown key": _changed(lambda d: d.__setitem__("trump", "red")),
    "dealer as text": _changed(lambda d: d.__setitem__("dealer", "3")),
    "dealer as float": _changed(lambda d: d.__setitem__("dealer", 3.0)),
    "dealer as bool": _changed(lambda d: d.__setitem__("dealer", True)),
    "dealer 4": _changed(lambda d: d.__setitem__("dealer", 4)),
    "dealer -1": _changed(lambda d: d.__setitem__("dealer", -1)),
    "hands a dict": _changed(lambda d: d.__setitem__("hands", {"0": d["hands"][0]})),
    "hand a string": _changed(lambda d: d["hands"].__setitem__(0, " ".join(d["hands"][0]))),
    "nest a string": _changed(lambda d: d.__setitem__("nest", " ".join(d["nest"]))),
}


@pytest.mark.parametrize("name", sorted(BAD_DEALS))
def test_from_json_refuses_malformed_or_impossible_deals(name):
    with pytest.raises(InvalidDealError) as info:
        Deal.from_json(BAD_DEALS[name], PARTNERSHIP)
    assert str(info.value)  # always says why


@pytest.mark.parametrize("data", [None, [], "deal", 3])
def test_from_json_refuses_something_that_is_not_an_object(data):
    with pytest.raises(InvalidDealError):
        Deal.from_json(data, PARTNERSHIP)


def test_from_json_messages_name_the_problem():
    with pytest.raises(InvalidDealError, match="3r"):
        Deal.from_json(BAD_DEALS["card not in deck 3r"], PARTNERSHIP)
    with pytest.raises(InvalidDealError, match="14r"):
        Deal.from_json(BAD_DEALS["duplicate card"], PARTNERSHIP)
    with pytest.raises(InvalidDealError, match="nest"):
        Deal.from_json(BAD_DEALS["missing nest"], PARTNERSHIP)
    with pytest.raises(InvalidDealError, match="14q"):
        Deal.from_json(BAD_DEALS["bad notation"], PARTNERSHIP)


def test_a_hand_of_the_wrong_size_is_named_as_a_person_counts_and_by_its_seat():
    with pytest.raises(InvalidDealError) as info:
        Deal.from_json(BAD_DEALS["short hand"], PARTNERSHIP)
    assert str(info.value) == "The second hand, West's, has 8 cards; each hand needs 9."
    with pytest.raises(InvalidDealError) as info:
        Deal.from_json(GOOD, VARIANTS["dixie"])
    assert str(info.value) == "The first hand, South's, has 9 cards; each hand needs 13."
    six = {**GOOD, "hands": [*GOOD["hands"], [], []]}
    with pytest.raises(InvalidDealError) as info:
        Deal.from_json(six, VARIANTS["six"])
    assert str(info.value) == "The fifth hand, Northeast's, has 0 cards; each hand needs 9."


def test_game_state_refuses_an_impossible_fixed_deal():
    good = Deal.from_json(GOOD, PARTNERSHIP)
    bad = Deal(good.dealer, (good.hands[0], good.hands[0], good.hands[2], good.hands[3]), good.nest)
    with pytest.raises(InvalidDealError):
        GameState(first_deal=bad)


# ---------------------------------------------------------------- seeding
def _play_some(seed):
    state = GameState(LONG_GAME, seed=seed)
    for _ in range(3):
        autoplay_hand(state)
    return state


def test_seeded_game_is_deterministic():
    one, two = _play_some(42), _play_some(42)
    assert one.events == two.events
    assert one.scores == two.scores
    assert [one.hand(s) for s in range(4)] == [two.hand(s) for s in range(4)]


def test_different_seeds_give_different_deals():
    deals = {tuple(e.hands for e in GameState(seed=seed).events if isinstance(e, Dealt)) for seed in range(5)}
    assert len(deals) == 5
