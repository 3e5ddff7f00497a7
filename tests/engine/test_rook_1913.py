"""Rook for 3 to 8 players and Partnership Rook (the 1913 booklet): each rule, and the booklet's example."""

from __future__ import annotations

import random

import pytest

from rook_access.engine import (
    PASS,
    Bid,
    Deal,
    GameState,
    IllegalActionError,
    NameTrump,
    Phase,
    Play,
    Rule,
    RuleSetError,
    card_color,
    card_name,
    cards_in,
    parse_card,
    parse_cards,
)
from rook_access.engine.cards import GREEN, RED
from rook_access.engine.events import BidWon, HandEnded, OddCardsTaken, TrickTaken, TrumpNamed
from rook_access.engine.notation import event_to_json
from rook_access.engine.rules import PARTNERSHIP, PARTNERSHIP_1913, ROOK_1913, TableOptions, with_options

COUNTS = {5: 5, 10: 10, 14: 10}


def table(players: int, sides: int | None = None, base=ROOK_1913):
    return with_options(base, TableOptions(players=players, sides=sides))


def play_out(state: GameState, choose=None) -> list:
    """Play the hand out, each seat its first legal card (or ``choose``'s); the events since."""
    start = len(state.events)
    hand = state.hand_number
    while not state.is_over and state.hand_number == hand:
        seat = state.turn
        legal = state.legal_actions()
        action = choose(state, seat, legal) if choose else legal[0]
        state.apply(action, seat)
    return state.events[start:]


def bid_and_name(state: GameState, amount: int = 5, color: int = RED) -> None:
    """The dealer opens at ``amount``, everyone else passes, and the dealer names ``color``."""
    state.apply(Bid(amount), state.dealer)
    while state.phase is Phase.BIDDING:
        state.apply(PASS, state.turn)
    state.apply(NameTrump(color), state.turn)


# --- the deck and the deal ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (3, (13, 14, 13)),
        (4, (14, 14, 14, 14)),
        (5, (11, 12, 11, 11, 11)),
        (6, (9, 10, 10, 9, 9, 9)),
        (7, (8,) * 7),
        (8, (7,) * 8),
    ],
)
def test_the_whole_pack_is_dealt_a_card_at_a_time_the_odd_cards_nearest_the_dealers_left(players, sizes):
    rules = table(players)
    deck = 40 if players == 3 else 56
    assert rules.deck_size == deck and rules.nest_size == 0 and not rules.uses_bird
    assert rules.total_points == 100
    for dealer in range(players):
        deal = Deal.shuffled(rules, dealer, random.Random(dealer))
        got = tuple(len(hand) for hand in deal.hands)
        # Seat 0 deals in the parametrized row; another dealer turns the sizes round with the table.
        assert got == tuple(sizes[(seat - dealer) % players] for seat in range(players))
        assert sum(got) == deck and deal.nest == () and deal.aside == ()
        assert sorted(card for hand in deal.hands for card in hand) == sorted(rules.deck)
        longer = [seat for seat in range(players) if got[seat] > min(got)]
        assert all((seat - dealer - 1) % players < deck % players for seat in longer)
        deal.check(rules)
    order = list(rules.deck)
    deal = Deal.from_deck_order(rules, 0, order)
    assert deal.hands[1][:2] == (order[0], order[players])  # one at a time, from the dealer's left


def test_three_play_with_the_5s_to_14s():
    rules = table(3)
    assert {card % 14 + 1 for card in rules.deck} == set(range(5, 15))
    assert {card % 14 + 1 for card in table(4).deck} == set(range(1, 15))
    assert table(4).points_in(table(4).deck_mask) == 100  # 5s 5, 10s 10, 14s 10


def test_a_deal_of_the_wrong_sizes_is_refused():
    rules = table(5)
    deal = Deal.shuffled(rules, 0, random.Random(1))
    hands = list(deal.hands)
    hands[1], hands[2] = hands[2], hands[1]
    with pytest.raises(Exception, match="The second hand, West's, has 11 cards; with South dealing, it gets 12."):
        Deal(0, tuple(hands), ()).check(rules)


# --- bidding ---------------------------------------------------------------------------------------
def example_deal() -> Deal:
    """Four players; B (seat 1) has six good green cards and a few each of the others; A (seat 0) deals."""
    rules = ROOK_1913
    greens = parse_cards("14g 13g 12g 11g 10g 9g")
    rest = [card for card in rules.deck if card not in greens]
    random.Random(5).shuffle(rest)
    b_hand = greens + [card for card in rest if card_color(card) != GREEN][:8]
    others = [card for card in rest if card not in b_hand]
    return Deal(0, (tuple(others[:14]), tuple(b_hand), tuple(others[14:28]), tuple(others[28:42])), ())


def test_the_booklets_bidding_example():
    """A deals and bids 15, B 25, C passes, D 30, A 35, B 40, D and A pass: B names green, and must make 40."""
    state = GameState(ROOK_1913, first_deal=example_deal())
    a, b, c, d = 0, 1, 2, 3
    assert state.turn == a  # the dealer has the first chance to bid
    for seat, action in ((a, Bid(15)), (b, Bid(25)), (c, PASS), (d, Bid(30)), (a, Bid(35)), (b, Bid(40))):
        assert state.turn == seat
        state.apply(action, seat)
    assert state.turn == d  # C has passed: he is not asked again
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Bid(45), c)
    assert refused.value.rule is Rule.NOT_YOUR_TURN
    state.apply(PASS, d)
    assert state.turn == a
    state.apply(PASS, a)
    assert state.bidder == b and state.high_bid == 40
    assert any(isinstance(event, BidWon) and (event.seat, event.amount) == (b, 40) for event in state.events)
    assert state.phase is Phase.TRUMP and state.turn == b  # no nest: the high bidder names trump at once
    state.apply(NameTrump(GREEN), b)
    assert isinstance(state.events[-1], TrumpNamed) and state.events[-1].color == GREEN
    assert state.phase is Phase.PLAY and state.turn == b  # the player at the dealer's left leads
    events = play_out(state)
    end = next(event for event in events if isinstance(event, HandEnded))
    took = end.taken[b]
    assert end.made is (took >= 40)
    assert end.score_change[b] == (took if took >= 40 else -40)  # "set back" 40 if he does not make it


def test_the_dealer_must_open_any_multiple_of_5_from_5_up():
    state = GameState(ROOK_1913, seed=3)
    dealer = state.dealer
    assert state.turn == dealer and PASS not in state.legal_actions()
    assert [action.amount for action in state.legal_actions()] == list(range(5, 101, 5))
    before = list(state.events)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(PASS, dealer)
    assert refused.value.rule is Rule.DEALER_MUST_BID and state.events == before
    for amount, rule in ((7, Rule.BID_NOT_MULTIPLE), (0, Rule.BID_BELOW_MINIMUM), (105, Rule.BID_ABOVE_MAXIMUM)):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(Bid(amount), dealer)
        assert refused.value.rule is rule and state.events == before
    state.apply(Bid(5), dealer)
    nxt = state.turn
    assert nxt == (dealer + 1) % 4 and PASS in state.legal_actions()  # later players raise or pass
    for amount, rule in ((5, Rule.BID_NOT_HIGHER), (12, Rule.BID_NOT_MULTIPLE)):
        with pytest.raises(IllegalActionError) as refused:
            state.apply(Bid(amount), nxt)
        assert refused.value.rule is rule
    assert [action.amount for action in state.legal_actions()[1:]][:2] == [10, 15]


def test_a_pass_is_final_and_the_opening_bid_wins_when_all_pass():
    state = GameState(table(6), seed=8)
    dealer = state.dealer
    state.apply(Bid(20), dealer)
    asked = []
    while state.phase is Phase.BIDDING:
        asked.append(state.turn)
        state.apply(PASS, state.turn)
    assert asked == [(dealer + offset) % 6 for offset in range(1, 6)]  # each asked once, none again
    assert state.bidder == dealer and state.high_bid == 20


def test_a_bid_of_100_ends_the_bidding():
    state = GameState(ROOK_1913, seed=2)
    state.apply(Bid(100), state.dealer)
    assert state.phase is Phase.TRUMP and state.bidder == state.dealer


# --- play ------------------------------------------------------------------------------------------
def test_follow_color_else_throw_away_or_trump():
    rules = ROOK_1913
    hand = sum(1 << card for card in parse_cards("5r 9r 14x 3g"))
    assert cards_in(rules.legal_plays(hand, parse_card("10r"), GREEN)) == parse_cards("5r 9r")
    assert cards_in(rules.legal_plays(hand, parse_card("10y"), GREEN)) == parse_cards("5r 9r 14x 3g")
    assert rules.trick_winner(parse_cards("10r 14r 1g 13r"), GREEN) == 2  # any trump beats the color led
    assert rules.trick_winner(parse_cards("10r 14x 13r 1y"), GREEN) == 2  # the 1 is the lowest card


def test_a_card_that_does_not_follow_is_refused_naming_the_cards_that_do():
    for seed in range(20):  # the first deal where the second hand to play holds a card that does not follow
        state = GameState(ROOK_1913, seed=seed)
        bid_and_name(state)
        state.apply(state.legal_actions()[0], state.turn)
        seat = state.turn
        legal = [action.card for action in state.legal_actions()]
        wrong = [card for card in state.hand(seat) if card not in legal]
        if wrong:
            break
    assert wrong
    before = list(state.events)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Play(wrong[0]), seat)
    assert refused.value.rule is Rule.FOLLOW_SUIT and state.events == before
    assert sorted(action.card for action in refused.value.legal) == sorted(legal)


def test_the_odd_cards_go_unplayed_to_the_last_tricks_taker():
    rules = table(5)
    # Seat 1, at the dealer's left, gets 12 cards: all the reds but 2r and 3r, the 5r among them.
    reds = [card for card in rules.deck if card_color(card) == RED]
    long_hand = [card for card in reds if card_name(card) not in ("2r", "3r")]
    rest = [card for card in rules.deck if card not in long_hand]
    random.Random(2).shuffle(rest)
    hands = (tuple(rest[0:11]), tuple(long_hand), tuple(rest[11:22]), tuple(rest[22:33]), tuple(rest[33:44]))
    state = GameState(rules, first_deal=Deal(0, hands, ()))
    bid_and_name(state, 5, GREEN)
    five = parse_card("5r")

    def keep_the_five(state, seat, legal):
        return next((action for action in legal if action.card != five), legal[0])

    events = play_out(state, keep_the_five)
    tricks = [event for event in events if isinstance(event, TrickTaken)]
    odd = [event for event in events if isinstance(event, OddCardsTaken)]
    assert len(tricks) == 11  # tricks while everyone holds a card
    assert len(odd) == 1 and odd[0].cards == (five,) and odd[0].seats == (1,)
    assert odd[0].winner == tricks[-1].winner and odd[0].points == 5
    assert events.index(odd[0]) == events.index(tricks[-1]) + 1
    end = next(event for event in events if isinstance(event, HandEnded))
    assert sum(end.counters) == 100 and sum(end.taken) == 100
    assert end.taken[odd[0].winner] == sum(t.points for t in tricks if t.winner == odd[0].winner) + 5
    assert event_to_json(odd[0]) == {
        "event": "odd_cards", "winner": odd[0].winner, "seats": [1], "cards": ["5r"], "points": 5
    }


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8])
def test_every_card_is_played_or_given_once_and_the_hand_counts_100(players):
    state = GameState(table(players), seed=players)
    bid_and_name(state, 10)
    events = play_out(state)
    played = [card for event in events if isinstance(event, TrickTaken) for card in event.cards]
    given = [card for event in events if isinstance(event, OddCardsTaken) for card in event.cards]
    assert sorted(played + given) == sorted(state.rules.deck)
    assert len(given) == state.rules.deck_size % players
    end = next(event for event in events if isinstance(event, HandEnded))
    assert sum(end.counters) == 100


# --- scoring ---------------------------------------------------------------------------------------
def test_each_scores_what_they_take_and_the_bidder_short_is_set_back_the_bid():
    rules = table(5)
    assert rules.score_hand([30, 20, 25, 15, 10], bidding_side=2, bid=25) == (True, [30, 20, 25, 15, 10])
    assert rules.score_hand([30, 20, 20, 15, 15], bidding_side=2, bid=25) == (False, [30, 20, -25, 15, 15])
    state = GameState(rules, seed=11)
    bid_and_name(state, 100)  # 100 is every counter: made only by taking them all
    end = next(event for event in play_out(state) if isinstance(event, HandEnded))
    dealer = end.bidder
    assert end.made is (end.taken[dealer] == 100)
    if not end.made:
        assert end.score_change[dealer] == -100
    others = [seat for seat in range(5) if seat != dealer]
    assert [end.score_change[seat] for seat in others] == [end.taken[seat] for seat in others]
    assert end.scores == end.score_change and len(end.scores) == 5  # a score per player


def test_the_game_is_150_and_several_over_it_in_one_hand_the_highest_wins():
    rules = table(4)
    assert rules.target_score == 150
    assert rules.game_result([145, 140, 90, 20], 6) == (False, None)
    assert rules.game_result([150, 140, 90, 20], 6) == (True, 0)
    assert rules.game_result([155, 170, 160, 20], 6) == (True, 1)
    # A tie at the top, over 150, plays another hand (as in every game of the program).
    assert rules.game_result([170, 170, 160, 20], 6) == (False, None)


def test_partnership_rook_adds_20_for_most_tricks_none_on_a_tie():
    rules = PARTNERSHIP_1913
    assert rules.target_score == 200 and rules.most_tricks_bonus == 20
    assert rules.score_hand([60, 40], bidding_side=0, bid=60, most_tricks=0) == (True, [80, 40])
    assert rules.score_hand([60, 40], bidding_side=0, bid=60, most_tricks=1) == (True, [60, 60])
    assert rules.score_hand([60, 40], bidding_side=0, bid=60, most_tricks=None) == (True, [60, 40])
    # The 20 does not count toward the bid (the first game's rule: the bid is made in count cards).
    assert rules.score_hand([55, 45], bidding_side=0, bid=60, most_tricks=0) == (False, [-60, 45])
    assert rules.replace(trick_bonus_makes_bid=True).score_hand([55, 45], 0, 60, most_tricks=0) == (True, [75, 45])


@pytest.mark.parametrize(("players", "sides"), [(4, None), (6, None), (6, 3)])
def test_partnership_hands_count_120_with_the_trick_bonus(players, sides):
    for seed in range(6):
        state = GameState(table(players, sides, PARTNERSHIP_1913), seed=seed)
        bid_and_name(state, 5)
        end = next(event for event in play_out(state) if isinstance(event, HandEnded))
        tricks = state.rules.hand_size
        assert sum(end.tricks) == tricks and len(end.tricks) == len(state.rules.partnerships)
        top = max(end.tricks)
        assert end.most_tricks == (end.tricks.index(top) if end.tricks.count(top) == 1 else None)
        assert sum(end.counters) == 100
        expected = list(end.counters)
        if end.most_tricks is not None:
            expected[end.most_tricks] += 20  # 120 a hand in all
        bidders = state.rules.side_of[end.bidder]
        assert end.made is (end.counters[bidders] >= end.bid)
        if not end.made:
            expected[bidders] = -end.bid
        assert list(end.score_change) == expected
        record = event_to_json(end)
        assert record["tricks"] == list(end.tricks) and record["most_tricks"] == end.most_tricks


def test_seven_all_tricks_tie_in_partnership_rook_for_four_gives_no_bonus():
    state = GameState(PARTNERSHIP_1913, seed=0)
    bid_and_name(state, 5)
    state.tricks = [TrickTaken(n, 0, (), seat, 0) for n, seat in enumerate([0, 1] * 7, 1)]
    state.counters = [50, 50]
    state._end_hand()
    end = next(event for event in reversed(state.events) if isinstance(event, HandEnded))
    assert end.tricks == (7, 7) and end.most_tricks is None and end.score_change == (50, 50)


# --- the table -------------------------------------------------------------------------------------
def test_partners_sit_opposite_at_four_and_alternate_or_in_three_sides_at_six():
    four = PARTNERSHIP_1913
    assert four.partnerships == ((0, 2), (1, 3)) and four.names == ("South", "West", "North", "East")
    six = table(6, base=PARTNERSHIP_1913)
    assert six.partnerships == ((0, 2, 4), (1, 3, 5))  # three against three: no partners side by side
    assert all(six.side_of[seat] != six.side_of[(seat + 1) % 6] for seat in range(6))
    pairs = table(6, 3, base=PARTNERSHIP_1913)
    assert pairs.partnerships == ((0, 3), (1, 4), (2, 5))  # three sides of two, partners opposite
    assert pairs.scorers == pairs.partnerships and pairs.scores_by_side
    state = GameState(pairs, seed=1)
    assert len(state.scores) == 3


def test_seven_and_eight_have_seat_names_a_listener_can_tell_apart():
    for players in (7, 8):
        names = table(players).names
        assert len(set(names)) == players and names[0] == "South"
        assert all(len(name) <= 9 for name in names)
    assert table(8).names == ("South", "Southwest", "West", "Northwest", "North", "Northeast", "East", "Southeast")


@pytest.mark.parametrize(
    ("base", "options", "message"),
    [
        (ROOK_1913, TableOptions(players=9), "Rook for 3 to 8 Players is for 3 to 8 players, not 9."),
        (ROOK_1913, TableOptions(players=2), "Rook for 3 to 8 Players is for 3 to 8 players, not 2."),
        (PARTNERSHIP_1913, TableOptions(players=5), "Partnership Rook is for 4 or 6 players, not 5."),
        (PARTNERSHIP_1913, TableOptions(sides=3), "Partnership Rook for 4 is played in 2 sides, not 3; three sides"),
        (ROOK_1913, TableOptions(players=6, sides=3), "Rook for 3 to 8 Players has no sides to choose"),
        (PARTNERSHIP, TableOptions(players=6), "The Original Rook Partnership Game is for 4 players, not 6."),
    ],
)
def test_a_table_size_the_game_does_not_allow_is_refused_naming_the_sizes(base, options, message):
    with pytest.raises(RuleSetError, match="^" + message.replace("(", r"\(").replace(")", r"\)")):
        with_options(base, options)


def test_the_dealers_left_leads_and_the_deal_passes_left():
    state = GameState(table(7), seed=5)
    dealer = state.dealer
    bid_and_name(state, 5)
    assert state.turn == (dealer + 1) % 7
    play_out(state)
    assert state.dealer == (dealer + 1) % 7 and state.turn == state.dealer
