"""Property tests: whole games of every variant between computer players, checked against the rules.

As in ``test_properties``, the checks are written out here, independently of
the engine: cards are conserved, every card played was held and followed suit,
every trick went to the right card, and each hand's points are what the rule
books say there are.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from rook_access.engine import (
    BIRD,
    BirdRank,
    CardPlayed,
    Dealt,
    GameState,
    HandEnded,
    NestDiscarded,
    TrickTaken,
    TrumpNamed,
    TrumpTurned,
    card_color,
    card_number,
)
from rook_access.engine.rules import BOOKLET_VARIANTS, VARIANTS, TableOptions, with_options
from rook_access.players import BasicPlayer, RandomPlayer

POINTS_IN_PLAY = {
    "partnership": 120, "beginner": 24, "two": 100, "three": 100, "five": 100, "six": 100, "individual": 120,
    "kentucky": 120,
}  # fmt: skip
"""The counters in a whole deck, as the books give them."""


def rank(card: int, ones_high: bool) -> int:
    number = card_number(card)
    return 15 if ones_high and number == 1 else number


def may_play(hand: set[int], card: int, lead: int | None, trump: int, bird_any_time: bool) -> bool:
    if card not in hand:
        return False
    if lead is None or (card == BIRD and bird_any_time):
        return True
    led = trump if lead == BIRD else card_color(lead)
    followers = {c for c in hand if (c == BIRD and led == trump) or (c != BIRD and card_color(c) == led)}
    return not followers or card in followers


def winner_index(cards: list[int], trump: int, bird_rank: BirdRank, ones_high: bool) -> int:
    def trump_strength(card: int) -> float:
        if card == BIRD:
            return {BirdRank.HIGH: 99, BirdRank.LOW: 0, BirdRank.TEN_AND_A_HALF: 10.5}[bird_rank]
        return rank(card, ones_high)

    trumps = [c for c in cards if c == BIRD or card_color(c) == trump]
    if trumps:
        return cards.index(max(trumps, key=trump_strength))
    led = card_color(cards[0])
    return cards.index(max((c for c in cards if card_color(c) == led), key=lambda c: rank(c, ones_high)))


TABLES = [
    # the 1913 games: test_1913_properties, test_dixie_properties, test_display_properties, test_flip_high14_properties
    (name, rules) for name, rules in VARIANTS.items() if name not in BOOKLET_VARIANTS
] + [
    ("kentucky", with_options(VARIANTS["kentucky"], TableOptions(bird_rank=BirdRank.LOW, all_tricks_bonus=50))),
    ("kentucky", with_options(VARIANTS["kentucky"], TableOptions(bird_rank=BirdRank.TEN_AND_A_HALF, ones=True))),
]


@pytest.mark.parametrize(("name", "rules"), TABLES, ids=[f"{n}-{r.bird_rank.value}-{r.ones_high}" for n, r in TABLES])
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), random_seats=st.lists(st.booleans(), min_size=6, max_size=6))
@example(seed=128, random_seats=[False, True, False, False, True, True])  # the six's bidder discards alike twice
def test_whole_games_of_every_variant_follow_the_rules(name, rules, seed, random_seats):
    rules = rules.replace(hands_limit=2, target_score=rules.target_score)
    state = GameState(rules, seed=seed)
    players = [
        RandomPlayer(seed + seat) if random_seats[seat] else BasicPlayer(seed + seat) for seat in range(rules.players)
    ]
    steps = 0
    while not state.is_over:
        seat = state.turn
        state.apply(players[seat].choose(state.view(seat)), seat)
        steps += 1
        assert steps < 5000
    check_events(name, rules, state)


def check_events(name: str, rules, state: GameState) -> None:
    hands: list[set[int]] = []
    trump = None
    trick: list[tuple[int, int]] = []
    aside_points = nest_points = 0
    seen: set[int] = set()
    hands_ended = 0
    for index, event in enumerate(state.events):
        if isinstance(event, Dealt):
            hands = [set(h) for h in event.hands]
            dealt = [c for h in event.hands for c in h] + list(event.nest) + list(event.aside)
            assert sorted(dealt) == sorted(rules.deck)  # every card once
            aside_points = rules.points_in(sum(1 << c for c in event.aside))
            nest_points = rules.points_in(sum(1 << c for c in event.nest))
            seen = set()
            trump = None
        elif isinstance(event, (TrumpNamed, TrumpTurned)):
            trump = event.color
        elif isinstance(event, NestDiscarded):
            # By position: two hands may have equal discards, so never look the event up by value.
            bidder = state.events[index - 1]
            hands[event.seat] = (hands[event.seat] | set(getattr(bidder, "cards", ()))) - set(event.cards)
        elif isinstance(event, CardPlayed):
            lead = trick[0][1] if trick else None
            assert may_play(hands[event.seat], event.card, lead, trump, rules.bird_plays_any_time), event
            assert event.card not in seen
            seen.add(event.card)
            hands[event.seat].discard(event.card)
            trick.append((event.seat, event.card))
        elif isinstance(event, TrickTaken):
            cards = [card for _, card in trick]
            assert list(event.cards) == cards
            assert trick[winner_index(cards, trump, rules.bird_rank, rules.ones_high)][0] == event.winner
            trick = []
        elif isinstance(event, HandEnded):
            hands_ended += 1
            assert all(not hand for hand in hands)  # every card played
            expected = POINTS_IN_PLAY[name] if not rules.ones_high else 180
            expected -= aside_points + (0 if rules.bidding else nest_points)
            assert sum(event.counters) == expected, (event, aside_points, nest_points)
            assert len(event.scores) == len(rules.scorers)
    assert hands_ended == 2 and state.is_over
