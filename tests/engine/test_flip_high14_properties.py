"""Property tests: whole games of Flip and High 14 at every table size, checked against rules written here.

The checks do not ask the engine how the game is played: they follow the
booklet.  Every card is dealt once and taken once (in a trick or with the
center's cards); every card played was held and followed the color led
(a 14 at any time in High 14); every trick went to the right card; the
center's cards went to the first trick's taker.  In Flip the red points of
a hand add up to 27 (twelve red cards at 1, the red 5 and the red 10) and
each score's hand is its red points less 10 for the Golden Ten, never below
0; six deals, then the lowest total wins.  In High 14 each hand's points are
5 a trick and each 5 and 10 taken, and the game ends at 250.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine import CardPlayed, Dealt, GameEnded, GameState, HandEnded, TrickTaken, card_color, card_number
from rook_access.engine.events import CenterTaken, TrumpCut
from rook_access.engine.rules import FLIP, HIGH_14, TableOptions, with_options
from rook_access.players import BasicPlayer, RandomPlayer

RED, YELLOW = 0, 2


def against(card: int) -> int:
    """Flip: what taking ``card`` counts against its taker, the Golden Ten aside."""
    if card_color(card) != RED:
        return 0
    return {5: 5, 10: 10}.get(card_number(card) or 0, 1)


def is_golden_ten(card: int) -> bool:
    return card_color(card) == YELLOW and card_number(card) == 10


def high_points(card: int) -> int:
    """High 14: each 5 counts 5 and each 10 counts 10; the 14 nothing."""
    return {5: 5, 10: 10}.get(card_number(card) or 0, 0)


def may_play(hand: set[int], card: int, lead: int | None, fourteens: bool) -> bool:
    if card not in hand:
        return False
    if lead is None or (fourteens and card_number(card) == 14):
        return True
    followers = {c for c in hand if card_color(c) == card_color(lead)}
    return not followers or card in followers


def winner_index(cards: list[int], trump: int | None, fourteens: bool) -> int:
    led = card_color(cards[0])
    if fourteens:
        for index, card in enumerate(cards):
            if card_number(card) == 14 and card_color(card) == led:
                return index
        for index, card in enumerate(cards):
            if card_number(card) == 14:
                return index  # the first 14 played
    trumps = [c for c in cards if trump is not None and card_color(c) == trump]
    if trumps:
        return cards.index(max(trumps, key=card_number))
    return cards.index(max((c for c in cards if card_color(c) == led), key=card_number))


def play_game(rules, seed: int, random_seats: list[bool]) -> GameState:
    state = GameState(rules, seed=seed)
    players = [RandomPlayer(seed + seat) if random_seats[seat] else BasicPlayer(seed + seat)
               for seat in range(rules.players)]
    steps = 0
    while not state.is_over:
        seat = state.turn
        state.apply(players[seat].choose(state.view(seat)), seat)
        steps += 1
        assert steps < 20_000
    return state


def check_game(rules, state: GameState, fourteens: bool) -> list[HandEnded]:
    """The checks every game of both shares; the hands' ends, for each game's scoring."""
    players = rules.players
    hands: list[set[int]] = []
    trump: int | None = None
    trick: list[tuple[int, int]] = []
    taken: list[list[int]] = []
    tricks_won: list[int] = []
    center: tuple[int, ...] = ()
    ends = []
    for event in state.events:
        if isinstance(event, Dealt):
            hands = [set(hand) for hand in event.hands]
            assert sorted([*(c for h in event.hands for c in h), *event.nest]) == sorted(range(56))
            assert {len(hand) for hand in hands} == {56 // players} and len(event.nest) == 56 % players
            center = event.nest
            trump = None
            taken = [[] for _ in range(players)]
            tricks_won = [0] * players
            dealer = event.dealer
        elif isinstance(event, TrumpCut):
            assert fourteens and event.seat == (dealer - 1) % players and event.color == card_color(event.card)
            trump = event.color
        elif isinstance(event, CardPlayed):
            lead = trick[0][1] if trick else None
            if not trick:
                leader = event.seat
            assert event.seat == (leader + len(trick)) % players
            assert may_play(hands[event.seat], event.card, lead, fourteens), event
            hands[event.seat].discard(event.card)
            trick.append((event.seat, event.card))
        elif isinstance(event, TrickTaken):
            cards = [card for _, card in trick]
            assert list(event.cards) == cards
            assert trick[winner_index(cards, trump, fourteens)][0] == event.winner
            taken[event.winner] += cards
            tricks_won[event.winner] += 1
            if event.number == 1:
                first_taker = event.winner
            trick = []
        elif isinstance(event, CenterTaken):
            assert event.seat == first_taker and event.cards == tuple(sorted(center)) and center
            taken[event.seat] += event.cards
        elif isinstance(event, HandEnded):
            assert all(not hand for hand in hands)
            assert sorted(c for cards in taken for c in cards) == list(range(56))  # every card taken once
            ends.append((event, [list(cards) for cards in taken], list(tricks_won)))
    assert state.is_over and isinstance(state.events[-1], GameEnded)
    return ends


SIZES = [(rules, size) for rules in (FLIP, HIGH_14) for size in rules.table_sizes]


@pytest.mark.parametrize(("base", "players"), SIZES, ids=[f"{rules.name}-{size}" for rules, size in SIZES])
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), random_seats=st.lists(st.booleans(), min_size=7, max_size=7))
def test_whole_games_follow_the_booklet(base, players, seed, random_seats):
    rules = base.at_table(players)
    if base is HIGH_14:
        rules = with_options(HIGH_14, TableOptions(players=players, target=120))  # a shorter game, same rules
    state = play_game(rules, seed, random_seats)
    ends = check_game(rules, state, fourteens=base is HIGH_14)
    scorers = rules.scorers
    totals = [0] * len(scorers)
    for number, (end, taken, tricks_won) in enumerate(ends, 1):
        if base is FLIP:
            # The red points of a hand add up to 27 before the Golden Ten.
            assert sum(against(card) for cards in taken for card in cards) == 12 * 1 + 5 + 10 == 27
            for scorer, seats in enumerate(scorers):
                cards = [card for seat in seats for card in taken[seat]]
                reds = sum(against(card) for card in cards)
                expected = max(0, reds - 10) if any(is_golden_ten(card) for card in cards) else reds
                assert end.score_change[scorer] == expected
        else:
            hand_points = [5 * tricks_won[seat] + sum(high_points(card) for card in taken[seat])
                           for seat in range(players)]
            assert sum(hand_points) == 5 * (56 // players) + 60
            for scorer, seats in enumerate(scorers):
                assert end.score_change[scorer] == sum(hand_points[seat] for seat in seats)
        totals = [total + change for total, change in zip(totals, end.score_change, strict=True)]
        assert list(end.scores) == totals
        if base is HIGH_14 and number < len(ends):  # the game goes on while nobody leads alone at 120 or more
            assert max(totals) < 120 or totals.count(max(totals)) > 1
    over = state.events[-1]
    if base is FLIP:
        assert len(ends) == 6
        lowest = min(totals)
        assert over.winner == (totals.index(lowest) if totals.count(lowest) == 1 else None)
    else:
        assert max(totals) >= 120 and totals.count(max(totals)) == 1 and over.winner == totals.index(max(totals))
