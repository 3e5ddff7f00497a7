"""The double-dummy solver against a plain minimax over every card, and by hand."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rook_access.engine import (
    BIRD,
    COLORS,
    GREEN,
    PARTNERSHIP,
    RED,
    BirdRank,
    RuleSet,
    mask_of,
    parse_card,
)
from rook_access.players.search.solver import SolverTables, _Search, solve, solve_moves, solve_moves_counted

RULE_SETS: list[RuleSet] = [
    PARTNERSHIP,
    PARTNERSHIP.replace(bird_rank=BirdRank.LOW),
    PARTNERSHIP.replace(bird_rank=BirdRank.TEN_AND_A_HALF),
    PARTNERSHIP.replace(players=3, partnerships=((0,), (1, 2)), hand_size=12, nest_size=5),
    PARTNERSHIP.replace(
        players=3, partnerships=((0,), (1,), (2,)), hand_size=12, nest_size=5, bird_rank=BirdRank.TEN_AND_A_HALF
    ),
    PARTNERSHIP.replace(players=2, partnerships=((0,), (1,)), hand_size=18, nest_size=5, bird_rank=BirdRank.LOW),
    PARTNERSHIP.replace(uses_bird=False, nest_size=4, last_trick_takes_nest=False),
    PARTNERSHIP.replace(lowest_number=1, hand_size=13, bird_points=10, counter_values=((1, 15), (10, 10), (14, 10))),
]

TWO_PLAYERS = RULE_SETS[5]


def cards(text: str) -> int:
    return mask_of(parse_card(word) for word in text.split())


# ------------------------------------------------------------------ brute force
def brute_force(rules: RuleSet, trump: int, hands: list[int], leader: int, trick: list[int], side: int,
                nest: int) -> int:
    """Plain minimax over every legal card: no pruning, no table."""
    players = rules.players
    seat = (leader + len(trick)) % players
    if len(trick) == players:
        winner = (leader + rules.trick_winner(trick, trump)) % players
        taken = sum(rules.points[card] for card in trick)
        if not any(hands) and rules.last_trick_takes_nest:
            taken += nest
        gain = taken if rules.side_of[winner] == side else 0
        return gain if not any(hands) else gain + brute_force(rules, trump, hands, winner, [], side, nest)
    if not hands[seat]:
        return 0
    values = [
        brute_force(rules, trump, after, leader, trick + [card], side, nest)
        for card, after in brute_plays(rules, trump, hands, seat, trick)
    ]
    return max(values) if rules.side_of[seat] == side else min(values)


def brute_plays(rules: RuleSet, trump: int, hands: list[int], seat: int, trick: list[int]):
    legal = rules.legal_plays(hands[seat], trick[0] if trick else None, trump)
    for card in range(BIRD + 1):
        if legal >> card & 1:
            after = list(hands)
            after[seat] ^= 1 << card
            yield card, after


def brute_force_moves(rules: RuleSet, trump: int, hands: list[int], leader: int, trick: list[int], side: int,
                      nest: int) -> dict[int, int]:
    seat = (leader + len(trick)) % rules.players
    return {
        card: brute_force(rules, trump, after, leader, trick + [card], side, nest)
        for card, after in brute_plays(rules, trump, hands, seat, trick)
    }


# ------------------------------------------------------------------ random positions
SMALL = {2: 4, 3: 4, 4: 3}
"""The most cards per seat for the brute force, by number of players (4 each at 4 players is too slow)."""


@st.composite
def positions(draw, rule_sets: list[RuleSet] = RULE_SETS, most: dict[int, int] = SMALL):
    """A random position: rules, trump, hands, leader, a legal partial trick, side, nest points."""
    rules = draw(st.sampled_from(rule_sets))
    players = rules.players
    size = draw(st.integers(1, most[players]))
    deck = draw(st.permutations(rules.deck))
    trump = draw(st.sampled_from(COLORS))
    leader = draw(st.integers(0, players - 1))
    hands = [mask_of(deck[seat * size:(seat + 1) * size]) for seat in range(players)]
    played = draw(st.one_of(st.just(0), st.integers(0, players - 1)))
    trick: list[int] = []
    for offset in range(played):
        seat = (leader + offset) % players
        legal = [c for c in range(BIRD + 1) if rules.legal_plays(hands[seat], trick[0] if trick else None,
                                                                   trump) >> c & 1]
        card = draw(st.sampled_from(legal))
        trick.append(card)
        hands[seat] ^= 1 << card
    side = draw(st.integers(0, len(rules.partnerships) - 1))
    nest = draw(st.sampled_from([0, 0, 5, 20, 35]))
    return rules, trump, hands, leader, trick, side, nest


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_solve_matches_brute_force(position) -> None:
    rules, trump, hands, leader, trick, side, nest = position
    expected = brute_force_moves(rules, trump, hands, leader, trick, side, nest)
    assert solve_moves(rules, trump, hands, leader, trick, side, nest) == expected
    seat = (leader + len(trick)) % rules.players
    best = max if rules.side_of[seat] == side else min
    assert solve(rules, trump, hands, leader, trick, side, nest) == best(expected.values())


@settings(max_examples=25, deadline=None)
@given(positions(RULE_SETS[:3], {4: 6}))
def test_sides_share_the_points(position) -> None:
    """Bigger positions, no brute force: two sides split what is left, and solve is the best move's value."""
    rules, trump, hands, leader, trick, _side, nest = position
    left = sum(rules.points_in(hand) for hand in hands) + sum(rules.points[card] for card in trick) + nest
    ours = solve(rules, trump, hands, leader, trick, 0, nest)
    theirs = solve(rules, trump, hands, leader, trick, 1, nest)
    assert ours + theirs == left
    moves = solve_moves(rules, trump, hands, leader, trick, 0, nest)
    seat = (leader + len(trick)) % rules.players
    assert ours == (max if rules.side_of[seat] == 0 else min)(moves.values())


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(COLORS))
def test_five_cards_each_moves_agree_with_solve(rng, trump) -> None:
    """Five cards each in the Partnership Game: each lead's value is the value of the position after it."""
    rules = PARTNERSHIP
    deck = list(rules.deck)
    rng.shuffle(deck)
    hands = [mask_of(deck[seat * 5:(seat + 1) * 5]) for seat in range(4)]
    leader = rng.randrange(4)
    moves = solve_moves(rules, trump, hands, leader, [], 0, 20)
    for lead, value in moves.items():
        after = list(hands)
        after[leader] ^= 1 << lead
        assert solve(rules, trump, after, leader, [lead], 0, 20) == value


# ------------------------------------------------------------------ by hand
def test_bird_and_top_trumps_take_every_counter() -> None:
    # Red trump; seat 0 holds the Bird and the two top reds, nobody else a trump.
    hands = [cards("rook 14r 13r"), cards("5x 10x 14x"), cards("6y 7y 8y"), cards("5g 10g 9g")]
    every_point = 20 + 10 + 25 + 15
    assert solve(PARTNERSHIP, RED, hands, 0, [], 0) == every_point
    assert solve(PARTNERSHIP, RED, hands, 0, [], 0, nest_points=20) == every_point + 20
    assert solve(PARTNERSHIP, RED, hands, 0, [], 1, nest_points=20) == 0
    # Whatever seat 0 leads first, the trumps draw everything.
    assert set(solve_moves(PARTNERSHIP, RED, hands, 0, [], 0).values()) == {every_point}


def test_last_seat_keeps_its_counter() -> None:
    # Seat 0 led 13g, seats 1 and 2 followed low; seat 3 (side 1) holds 14g and 8g.
    # Taking with 14g wins 10 for side 1, but then its 8g lead is trumped by seat 0's 5r
    # (5r and 10x, 15 to side 0).  Ducking with 8g lets seat 0 lead 5r and collect
    # 5r, 10x and 14g: 25 to side 0.
    hands = [cards("5r"), cards("9x"), cards("10x"), cards("14g 8g")]
    trick = [parse_card(name) for name in ("13g", "6g", "7g")]
    assert solve_moves(PARTNERSHIP, RED, hands, 0, trick, 0) == {parse_card("14g"): 15, parse_card("8g"): 25}
    assert solve(PARTNERSHIP, RED, hands, 0, trick, 0) == 15
    assert solve(PARTNERSHIP, RED, hands, 0, trick, 1) == 10
    # The nest goes with the last trick, seat 0's either way.
    assert solve_moves(PARTNERSHIP, RED, hands, 0, trick, 0, nest_points=20) == {
        parse_card("14g"): 35,
        parse_card("8g"): 45,
    }
    no_nest = PARTNERSHIP.replace(last_trick_takes_nest=False)
    assert solve(no_nest, RED, hands, 0, trick, 0, nest_points=20) == 15


@pytest.mark.parametrize(
    ("rank", "seat_zero_takes"),
    [
        # The Bird may be played on the 14g lead: it takes 30, then 6g takes 5x.
        (BirdRank.HIGH, 0),
        (BirdRank.LOW, 0),
        # At ten-and-a-half the Bird must follow suit: 6g loses the 14g, the Bird takes 5x.
        (BirdRank.TEN_AND_A_HALF, 10),
    ],
)
def test_bird_privilege_decides_two_players(rank: BirdRank, seat_zero_takes: int) -> None:
    rules = TWO_PLAYERS.replace(bird_rank=rank)
    hands = [cards("5x"), cards("rook 6g")]
    trick = [parse_card("14g")]
    assert solve(rules, RED, hands, 0, trick, 0) == seat_zero_takes
    assert solve(rules, RED, hands, 0, trick, 1) == 35 - seat_zero_takes


def test_bird_rank_decides_the_last_trick() -> None:
    hands = [cards("14r"), cards("rook")]
    assert solve(TWO_PLAYERS.replace(bird_rank=BirdRank.HIGH), RED, hands, 0, [], 1) == 30
    assert solve(TWO_PLAYERS.replace(bird_rank=BirdRank.LOW), RED, hands, 0, [], 1) == 0
    hands = [cards("10r"), cards("rook")]
    assert solve(TWO_PLAYERS.replace(bird_rank=BirdRank.TEN_AND_A_HALF), RED, hands, 0, [], 1) == 30
    hands = [cards("11r"), cards("rook")]
    assert solve(TWO_PLAYERS.replace(bird_rank=BirdRank.TEN_AND_A_HALF), RED, hands, 0, [], 1) == 0


def test_the_bird_is_never_equivalent_to_a_plain_trump() -> None:
    # Bird low and worth nothing, so it sits next to 6r with the same points; but it may be played
    # when the hand could follow suit.  Seat 0 led 14r; seat 1 holds the Bird, 6r and 6g.
    # Keeping the Bird lets seat 1 take 14g with it later (then 6g takes 5x): seat 0 then leads 5x
    # instead, and seat 1 gets 10.  Playing the Bird now leaves 6g to follow 14g: 5.
    rules = TWO_PLAYERS.replace(bird_points=0)
    hands = [cards("14g 5x"), cards("rook 6r 6g")]
    trick = [parse_card("14r")]
    expected = {BIRD: 5, parse_card("6r"): 10}
    assert solve_moves(rules, RED, hands, 0, trick, 1) == expected
    assert brute_force_moves(rules, RED, hands, 0, trick, 1, 0) == expected


def test_equivalent_cards_have_one_value() -> None:
    # Seat 0 holds 7g 8g 9g (no live card between them, no points): one value for the three.
    hands = [cards("7g 8g 9g"), cards("5g 10g 5r"), cards("6g 10x 14x"), cards("13g 14g 10y")]
    moves = solve_moves(PARTNERSHIP, GREEN, hands, 0, [], 0)
    assert moves == brute_force_moves(PARTNERSHIP, GREEN, hands, 0, [], 0, 0)
    assert moves[parse_card("7g")] == moves[parse_card("8g")] == moves[parse_card("9g")]


def test_no_cards_left() -> None:
    assert solve(PARTNERSHIP, RED, [0, 0, 0, 0], 2, [], 0, nest_points=20) == 0
    assert solve_moves(PARTNERSHIP, RED, [0, 0, 0, 0], 2, [], 0) == {}


def test_bad_positions_are_refused() -> None:
    hands = [cards("5r"), cards("9x"), cards("10x"), cards("14g")]
    with pytest.raises(ValueError):
        solve(PARTNERSHIP, RED, hands[:3], 0, [], 0)
    with pytest.raises(ValueError):
        solve(PARTNERSHIP, RED, hands, 0, [parse_card("5g")], 0)  # seat 0 would hold a card too many
    with pytest.raises(ValueError):
        solve(PARTNERSHIP, RED, [cards("5r"), cards("5r"), cards("10x"), cards("14g")], 0, [], 0)
    with pytest.raises(ValueError):
        solve(PARTNERSHIP, RED, hands, 0, [], 2)


@settings(max_examples=25, deadline=None)
@given(positions(RULE_SETS[:3], {4: 5}), st.lists(st.tuples(st.integers(-1, 80), st.integers(1, 40)), min_size=12,
                                                  max_size=12))
def test_one_table_through_many_windows(position, windows) -> None:
    """One search (one transposition table) asked through many alpha-beta windows answers by the fail-soft rules.

    Bounds stored for one window and used for the next are where a table goes wrong.
    """
    rules, trump, hands, leader, trick, side, nest = position
    exact = solve(rules, trump, hands, leader, trick, side, nest)
    search = _Search(rules, trump, side, nest)
    search.load(hands, leader, trick)
    for alpha, width in windows:
        beta = alpha + width
        value = search.value(alpha, beta)
        if value <= alpha:
            assert exact <= value
        elif value >= beta:
            assert exact >= value
        else:
            assert value == exact
    assert search.value() == exact


# ------------------------------------------------------------------ guesses and work
@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.data())
def test_guesses_only_speed_the_search(position, data) -> None:
    """Whatever values are guessed for the cards (even absurd ones), the answers are the exact values."""
    rules, trump, hands, leader, trick, side, nest = position
    expected = brute_force_moves(rules, trump, hands, leader, trick, side, nest)
    guesses = {card: data.draw(st.integers(-50, 250)) for card in expected}
    assert solve_moves(rules, trump, hands, leader, trick, side, nest, guesses=guesses) == expected


@settings(max_examples=20, deadline=None)
@given(positions(RULE_SETS[:3], {4: 5}))
def test_counted_solve_reports_its_work(position) -> None:
    rules, trump, hands, leader, trick, side, nest = position
    values, searched = solve_moves_counted(rules, trump, hands, leader, trick, side, nest)
    assert values == solve_moves(rules, trump, hands, leader, trick, side, nest)
    # Two cards each or fewer may need no visit: equivalent cards share one search, and the last trick is
    # counted out without one (hypothesis found 2 cards each, the two legal cards next to each other).
    assert searched >= (1 if len(values) > 1 and max(hand.bit_count() for hand in hands) > 2 else 0)


@settings(max_examples=10, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(COLORS), st.integers(5, 6))
def test_longer_positions_agree_with_a_second_table(rng, trump, size) -> None:
    """Five and six cards each: each card's value from ``solve_moves`` (one table for every card, searched by
    zero-window tests) is the value ``solve`` finds for the position after it with a fresh table."""
    rules = PARTNERSHIP
    deck = list(rules.deck)
    rng.shuffle(deck)
    hands = [mask_of(deck[seat * size:(seat + 1) * size]) for seat in range(4)]
    leader = rng.randrange(4)
    trick = [max(cards_in_mask(hands[leader]))]
    hands[leader] ^= 1 << trick[0]
    moves = solve_moves(rules, trump, hands, leader, trick, 1, 20)
    seat = (leader + 1) % 4
    for card, value in moves.items():
        after = list(hands)
        after[seat] ^= 1 << card
        assert solve(rules, trump, after, leader, [*trick, card], 1, 20) == value


def cards_in_mask(mask: int) -> list[int]:
    return [card for card in range(BIRD + 1) if mask >> card & 1]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(positions(RULE_SETS[:1] + RULE_SETS[3:4], {3: 4, 4: 3}), min_size=2, max_size=6))
def test_tables_kept_between_calls_change_no_value(many) -> None:
    """One set of tables through many positions (of the same rules or not, the same nest or not): every answer
    is the brute force's, and the work reported is this call's alone."""
    tables: SolverTables = {}
    total = 0
    for rules, trump, hands, leader, trick, side, nest in many:
        expected = brute_force_moves(rules, trump, hands, leader, trick, side, nest)
        values, searched = solve_moves_counted(rules, trump, hands, leader, trick, side, nest, tables=tables)
        assert values == expected
        assert searched >= 0
        total += searched
    assert total == sum(search.counts[0] for search in tables.values())


@settings(max_examples=10, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(COLORS))
def test_tables_kept_between_deals_of_one_decision(rng, trump) -> None:
    """Five cards each, the leader's hand fixed and the others dealt again and again (the deals of one
    decision): kept tables give the values fresh ones give."""
    rules = PARTNERSHIP
    deck = list(rules.deck)
    rng.shuffle(deck)
    mine, rest = deck[:5], deck[5:20]
    tables: SolverTables = {}
    for _ in range(4):
        rng.shuffle(rest)
        hands = [mask_of(mine)] + [mask_of(rest[seat * 5:(seat + 1) * 5]) for seat in range(3)]
        kept = solve_moves(rules, trump, hands, 0, [], 0, 20, tables=tables)
        assert kept == solve_moves(rules, trump, hands, 0, [], 0, 20)
