"""The fast playout: every choice legal by the RuleSet, every choice uniform.

The playout reads tables the RuleSet precomputes (``follow_masks``,
``follow_plays``, ``trick_powers``); these tests hold the tables to
``legal_plays`` and ``trick_winner``, and replay what the playout did
through the rule methods themselves.
"""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import pytest

from rook_access.engine import PARTNERSHIP, BirdRank, RuleSet, cards_in, parse_cards, playout
from rook_access.engine.cards import COLORS
from rook_access.engine.playout import random_hand, random_play

VARIANTS = {
    "partnership": PARTNERSHIP,
    "bird low": PARTNERSHIP.replace(bird_rank=BirdRank.LOW),
    "bird ten and a half": PARTNERSHIP.replace(bird_rank=BirdRank.TEN_AND_A_HALF),
    "no bird": PARTNERSHIP.replace(uses_bird=False, nest_size=4),
    "three players": PARTNERSHIP.replace(players=3, partnerships=((0,), (1,), (2,)), hand_size=12),
}


def chi_square(counts: Counter, categories: list, expected: dict | None = None) -> float:
    total = sum(counts.values())
    chi = 0.0
    for category in categories:
        share = expected[category] if expected else 1 / len(categories)
        want = total * share
        chi += (counts[category] - want) ** 2 / want
    return chi


def loose_bound(categories: int) -> float:
    """A chi-square bound far beyond chance (about 8 standard deviations above the mean)."""
    freedom = categories - 1
    return freedom + 8 * (2 * freedom) ** 0.5 + 10


def random_deal(rules: RuleSet, rng: random.Random) -> list[int]:
    deck = list(rules.deck)
    rng.shuffle(deck)
    size = rules.hand_size
    return [sum(1 << card for card in deck[seat * size : (seat + 1) * size]) for seat in range(rules.players)]


class RecordingHands(list):
    """The hands list given to random_play, noting each card played: (seat, hand before, hand after)."""

    def __init__(self, hands: list[int]) -> None:
        super().__init__(hands)
        self.moves: list[tuple[int, int, int]] = []

    def __setitem__(self, seat, hand):  # type: ignore[override]
        self.moves.append((seat, self[seat], hand))
        super().__setitem__(seat, hand)


def replay(rules: RuleSet, start: list[int], moves, trump: int, leader: int):
    """Check every recorded card against the rule methods; the points each seat took, the last winner."""
    players = rules.players
    hands = list(start)
    taken = [0] * players
    tricks = len(moves) // players
    assert len(moves) == players * rules.hand_size == tricks * players
    winner = leader
    for trick in range(tricks):
        played = moves[trick * players : (trick + 1) * players]
        cards = []
        for offset, (seat, before, after) in enumerate(played):
            assert seat == (leader + offset) % players
            assert before == hands[seat]
            bit = before ^ after
            assert bit.bit_count() == 1 and before & bit
            card = bit.bit_length() - 1
            lead = cards[0] if cards else None
            assert bit & rules.legal_plays(before, lead, trump), "an illegal card was played"
            cards.append(card)
            hands[seat] = after
        winner = (leader + rules.trick_winner(cards, trump)) % players
        taken[winner] += rules.points_in(sum(1 << card for card in cards))
        leader = winner
    assert hands == [0] * players
    return taken, winner


# ------------------------------------------------------------- the tables
@pytest.mark.parametrize("name", VARIANTS)
def test_follow_tables_give_legal_plays(name: str) -> None:
    rules = VARIANTS[name]
    rng = random.Random(11)
    deck = rules.deck
    for _ in range(300):
        hand = sum(1 << card for card in rng.sample(deck, rng.randint(1, rules.hand_size + rules.nest_size)))
        for trump in COLORS:
            for lead in deck:
                follow = rules.follow_masks[trump][lead]
                table = hand & rules.follow_plays[trump][lead] if hand & follow else hand
                assert table == rules.legal_plays(hand, lead, trump)


@pytest.mark.parametrize("name", VARIANTS)
def test_trick_powers_pick_the_trick_winner(name: str) -> None:
    rules = VARIANTS[name]
    rng = random.Random(12)
    deck = rules.deck
    for trump in COLORS:
        # Every pair of cards, in both orders, and many random full tricks.
        tricks = [[a, b] for a in deck for b in deck if a != b]
        tricks += [rng.sample(deck, rules.players) for _ in range(3000)]
        for cards in tricks:
            power = rules.trick_powers[trump][cards[0]]
            values = [power[card] for card in cards]
            best = max(values)
            assert values.count(best) == 1 and best > 0
            assert values.index(best) == rules.trick_winner(cards, trump)


# ------------------------------------------------------- random_play obeys
@pytest.mark.parametrize("name", VARIANTS)
def test_random_play_plays_only_legal_cards_and_scores_by_the_rules(name: str) -> None:
    rules = VARIANTS[name]
    rng = random.Random(13)
    for _ in range(400):
        start = random_deal(rules, rng)
        trump = rng.choice(COLORS)
        leader = rng.randrange(rules.players)
        hands = RecordingHands(start)
        taken, last = random_play(rules, hands, trump, leader, rng)
        assert (taken, last) == replay(rules, start, hands.moves, trump, leader)
        nest = rules.deck_mask & ~sum(start)
        assert sum(taken) + rules.points_in(nest) == rules.total_points


def test_every_card_choice_is_uniform_among_the_legal_ones() -> None:
    # For every choice the playout made, the chosen card's place among the legal
    # cards (lowest first): for each number of legal cards, every place equally often.
    rules = PARTNERSHIP
    rng = random.Random(14)
    places: dict[int, Counter] = {}
    for _ in range(4000):
        start = random_deal(rules, rng)
        trump = rng.choice(COLORS)
        hands = RecordingHands(start)
        random_play(rules, hands, trump, 0, rng)
        lead = None
        for index, (_seat, before, after) in enumerate(hands.moves):
            if index % rules.players == 0:
                lead = None
            legal = cards_in(rules.legal_plays(before, lead, trump))
            card = (before ^ after).bit_length() - 1
            places.setdefault(len(legal), Counter())[legal.index(card)] += 1
            if lead is None:
                lead = card
    for count, seen in places.items():
        if sum(seen.values()) < 50 * count:
            continue  # too few to judge
        assert chi_square(seen, list(range(count))) < loose_bound(count), (count, seen)
    assert set(places[9]) == set(range(9)) and set(places[1]) == {0}


def test_the_card_picker_is_uniform_on_a_fixed_hand() -> None:
    rules = PARTNERSHIP
    start = random_deal(rules, random.Random(15))
    rng = random.Random(16)
    leads: Counter = Counter()
    for _ in range(18000):
        hands = RecordingHands(start)
        random_play(rules, hands, 2, 1, rng)
        seat, before, after = hands.moves[0]
        assert seat == 1 and before == start[1]
        leads[(before ^ after).bit_length() - 1] += 1
    cards = cards_in(start[1])
    assert set(leads) == set(cards)
    assert chi_square(leads, cards) < loose_bound(len(cards))


# ------------------------------------------------------- random_hand obeys
class SpyPlay:
    """Wraps the playout's trick loop to see the hands, trump and leader it is given."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[list[int], int, int]] = []
        real = playout._play

        def spy(tables, hands, trump, leader, uniform):
            self.calls.append((list(hands), trump, leader))
            return real(tables, hands, trump, leader, uniform)

        monkeypatch.setattr(playout, "_play", spy)


@pytest.mark.parametrize("name", VARIANTS)
def test_random_hand_results_follow_the_rules(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    rules = VARIANTS[name]
    spy = SpyPlay(monkeypatch)
    rng = random.Random(17)
    sides = len(rules.partnerships)
    thrown_in = 0
    for number in range(1500):
        dealer = number % rules.players
        calls = len(spy.calls)
        bid, change = random_hand(rules, rng, dealer)
        assert len(change) == sides
        if bid is None:
            thrown_in += 1
            assert change == [0] * sides and len(spy.calls) == calls
            continue
        assert bid in rules.bid_range(None)
        hands, trump, leader = spy.calls[-1]
        assert trump in COLORS and leader == (dealer + 1) % rules.players
        assert all(hand.bit_count() == rules.hand_size for hand in hands)
        assert sum(hands) & ~rules.deck_mask == 0
        assert sum(hand.bit_count() for hand in hands) == sum(hands).bit_count()  # disjoint
        made = [side for side, points in enumerate(change) if points >= bid]
        set_back = [side for side, points in enumerate(change) if points == -bid]
        if set_back:  # the bidders lost their bid; the others scored what they took
            assert len(set_back) == 1
            others = sum(points for side, points in enumerate(change) if side != set_back[0])
            assert 0 <= others and rules.total_points - others < bid
        else:
            assert made and sum(change) == rules.total_points and min(change) >= 0
    assert thrown_in < 10  # everyone passing is rare


def test_random_hand_deals_discards_and_names_trump_uniformly(monkeypatch: pytest.MonkeyPatch) -> None:
    # However the bidding went, once the nest is discarded every seat holds any
    # given card with chance hand_size / deck_size and the nest with nest_size / deck_size.
    rules = PARTNERSHIP
    spy = SpyPlay(monkeypatch)
    rng = random.Random(18)
    for number in range(12000):
        random_hand(rules, rng, number % rules.players)
    holders = {card: Counter() for card in parse_cards("rook 5r 14r 14x 10g")}
    trumps: Counter = Counter()
    for hands, trump, _leader in spy.calls:
        trumps[trump] += 1
        for card, seen in holders.items():
            seen[next((seat for seat, hand in enumerate(hands) if hand >> card & 1), "nest")] += 1
    assert chi_square(trumps, list(COLORS)) < loose_bound(4)
    size = len(rules.deck)
    places = [*range(rules.players), "nest"]
    expected = {place: rules.hand_size / size for place in range(rules.players)}
    expected["nest"] = rules.nest_size / size
    for card, seen in holders.items():
        assert chi_square(seen, places, expected) < loose_bound(len(places)), (card, seen)


def test_random_hand_shuffles_uniformly_and_discards_a_uniform_set(monkeypatch: pytest.MonkeyPatch) -> None:
    # The deck's order as dealt (seen where random_hand picks it) and the hands
    # the tricks start from: each card lies at any place of the deck equally
    # often, and the discard takes k of the nest's own cards as often as
    # drawing 5 of the bidder's 14 at random would.
    rules = PARTNERSHIP
    spy = SpyPlay(monkeypatch)
    dealt: list[tuple[int, ...]] = []
    real_itemgetter = playout.itemgetter

    def spy_itemgetter(*items):
        getter = real_itemgetter(*items)

        def get(source):
            deck = getter(source)
            dealt.append(deck)
            return deck

        return get

    monkeypatch.setattr(playout, "itemgetter", spy_itemgetter)
    rng = random.Random(19)
    results = [random_hand(rules, rng, number % rules.players) for number in range(12000)]
    assert len(dealt) == len(results)
    size, players, deck_size = rules.hand_size, rules.players, len(rules.deck)
    places = {card: Counter() for card in parse_cards("rook 5r 14x")}
    kept: Counter = Counter()
    plays = iter(spy.calls)
    for deck, (bid, _change) in zip(dealt, results, strict=True):
        for card, seen in places.items():
            seen[deck.index(1 << card)] += 1
        if bid is None:
            continue
        hands, _trump, _leader = next(plays)
        before = [sum(deck[seat * size : (seat + 1) * size]) for seat in range(players)]
        nest_before = sum(deck[players * size :])
        changed = [seat for seat in range(players) if hands[seat] != before[seat]]
        assert len(changed) <= 1
        for seat in changed:
            assert hands[seat] & ~(before[seat] | nest_before) == 0
        nest_after = rules.deck_mask & ~sum(hands)
        kept[(nest_after & nest_before).bit_count()] += 1
    for card, seen in places.items():
        assert chi_square(seen, list(range(deck_size))) < loose_bound(deck_size), (card, seen)
    nest, count = rules.nest_size, size + rules.nest_size
    expected = {k: comb(nest, k) * comb(size, nest - k) / comb(count, nest) for k in range(nest + 1)}
    assert chi_square(kept, list(expected), expected) < loose_bound(len(expected)), kept


def test_rule_sets_get_their_own_tables() -> None:
    low = PARTNERSHIP.replace(bird_rank=BirdRank.LOW)
    assert playout._tables(low) is playout._tables(low)
    assert playout._tables(low) is not playout._tables(PARTNERSHIP)
    assert playout._tables(low).rules is low
