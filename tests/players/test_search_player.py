"""The search player (normal and strong levels): card sense on hand-made positions, and legality."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rook_access.engine import (
    PARTNERSHIP,
    PASS,
    Bid,
    Deal,
    Discard,
    DiscardChoices,
    GameState,
    Phase,
    Play,
    mask_of,
    parse_card,
    parse_cards,
)
from rook_access.players import CheatingPlayer, SearchPlayer, make_player
from rook_access.players.search.bidding import plan_bid
from rook_access.players.search.knowledge import NEST, Knowledge
from rook_access.players.search.play import SearchBudget, analyse_play
from rook_access.players.search.player import STRONG
from rook_access.players.search.sampling import deal_unseen, draw_deals
from tests.helpers.hands import west_leads_yellow_trick
from tests.players.test_players import west_declares


def strong(seed: int = 1) -> SearchPlayer:
    return SearchPlayer(seed, STRONG)


def test_feeds_a_counter_to_a_partner_who_is_winning():
    state = west_declares()
    for seat, card in ((1, "7x"), (2, "14x"), (3, "8x")):
        state.apply(Play(parse_card(card)), seat)
    # North's 14x wins and South plays last: South gives the 10.
    assert strong().choose(state.view(0)) == Play(parse_card("10x"))


def test_takes_a_trick_worth_20_when_it_can():
    state = west_leads_yellow_trick()
    # West's 10y wins 15 points; South, last, takes the trick and its 25 points with 14y.
    assert strong().choose(state.view(0)) == Play(parse_card("14y"))


def test_does_not_overtake_a_partner_who_is_winning():
    state = west_declares()
    for seat, card in ((1, "7x"), (2, "14x"), (3, "8x")):
        state.apply(Play(parse_card(card)), seat)
    # South holds 10x and 6x: whatever it plays North's 14x wins; it never plays higher than needed.
    choice = strong().choose(state.view(0))
    assert choice in (Play(parse_card("10x")), Play(parse_card("6x")))


def test_does_not_bid_120_on_a_weak_hand():
    weak = "6r 7r 8x 9x 6y 7y 8g 9g 11g"
    deal = Deal(
        3,
        (
            tuple(parse_cards(weak)),
            tuple(parse_cards("5r 9r 11r 12x 13x 8y 12y 13y 10g")),
            tuple(parse_cards("14r 13r 5x 6x 7x 10x 11x 14y 5g")),
            tuple(parse_cards("10r 12r 8r 14x 5y 9y 11y 12g 13g")),
        ),
        tuple(parse_cards("rook 14g 7g 6g 10y")),
    )
    state = GameState(PARTNERSHIP, first_deal=deal)
    view = state.view(0)
    plan = plan_bid(view, STRONG, strong().rng_for(view))
    # No counters, no trump length: it may open the bidding, but its limit is far below 120.
    assert plan.expected_points < 80
    assert plan.limit is not None and plan.limit <= 90
    # When an opponent outbids it at 100, it lets the bid go.
    state = GameState(PARTNERSHIP, first_deal=deal)
    state.apply(Bid(70), 0)
    state.apply(Bid(100), 1)
    state.apply(PASS, 2)
    state.apply(PASS, 3)
    assert strong().choose(state.view(0)) == PASS


def test_bids_a_strong_hand():
    strong_hand = "rook 14r 13r 12r 11r 10r 5r 14x 14y"
    deal = Deal(
        3,
        (
            tuple(parse_cards(strong_hand)),
            tuple(parse_cards("6r 9r 8r 12x 13x 8y 12y 13y 10g")),
            tuple(parse_cards("7r 11y 5x 6x 7x 10x 11x 14g 5g")),
            tuple(parse_cards("8g 9x 8x 5y 9y 6y 12g 13g 11g")),
        ),
        tuple(parse_cards("10y 7y 7g 6g 9g")),
    )
    state = GameState(PARTNERSHIP, first_deal=deal)
    action = strong().choose(state.view(0))
    assert isinstance(action, Bid)


def test_uses_the_exact_solver_when_few_cards_remain():
    rng = random.Random(3)
    for seed in range(40):
        state = GameState(PARTNERSHIP.replace(hands_limit=1), seed=seed)
        players = [make_player("easy", seed + seat) for seat in range(4)]
        while not state.is_over and not (state.phase is Phase.PLAY and max(len(state.hand(s)) for s in range(4)) <= 3):
            state.apply(players[state.turn].choose(state.view(state.turn)))
        if state.is_over or len(state.legal_actions()) < 2:
            continue
        analysis = analyse_play(state.view(state.turn), STRONG, rng)
        assert analysis.exact
        assert all(result.count == analysis.samples for result in analysis.results.values())
        return
    pytest.fail("no position with a choice near the end")


def test_the_cheat_sees_the_true_deal():
    state = west_declares()
    cheat = CheatingPlayer(1)
    action = cheat.choose_with_state(state, 1)
    assert isinstance(action, Play) and action.card in state.hand(1)


def test_samples_respect_counts_and_voids():
    state = west_declares()
    for seat, card in ((1, "7x"), (2, "14x"), (3, "8x"), (0, "10x")):
        state.apply(Play(parse_card(card)), seat)
    # North leads yellow; East shows out (plays a red trump? East holds no red): force a void by playing.
    view = state.view(0)
    knowledge = Knowledge.from_view(view)
    rng = random.Random(1)
    for _ in range(200):
        deal = deal_unseen(knowledge, rng)
        assert deal.hands[0] == mask_of(view.hand)
        seen = mask_of(view.hand)
        for seat in (1, 2, 3):
            assert deal.hands[seat].bit_count() == view.hand_sizes[seat]
            assert not deal.hands[seat] & knowledge.excluded[seat]
            assert not deal.hands[seat] & seen
            seen |= deal.hands[seat]
        assert deal.nest.bit_count() == 5 and not deal.nest & seen
        assert (seen | deal.nest) == knowledge.unseen | mask_of(view.hand)
    assert NEST in knowledge.needs


def test_voids_are_read_from_the_tricks():
    state = west_declares()
    # North leads black, East follows, South follows, West (void in black? West holds 7x 9x) follows.
    for seat, card in ((1, "13r"), (2, "5y"), (3, "14g"), (0, "5r")):
        state.apply(Play(parse_card(card)), seat)
    knowledge = Knowledge.from_view(state.view(0))
    # North and East showed out of trump (red, with the Bird): neither can hold a red card or the Bird.
    red_and_bird = state.rules.suit_masks[state.trump][state.trump]
    assert knowledge.excluded[2] & red_and_bird == red_and_bird
    assert knowledge.excluded[3] & red_and_bird == red_and_bird
    assert knowledge.excluded[1] == 0


@pytest.mark.parametrize("level", ["normal", "strong"])
def test_every_choice_is_legal_in_whole_games(level: str):
    for seed in range(2):
        state = GameState(PARTNERSHIP.replace(hands_limit=1), seed=seed)
        players = [make_player(level, seed * 10 + seat) for seat in range(4)]
        while not state.is_over:
            seat = state.turn
            action = players[seat].choose(state.view(seat))
            assert state.is_legal(action), (level, seed, action)
            state.apply(action, seat)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 60))
def test_every_choice_is_legal_in_random_positions(seed: int, steps: int):
    """Random positions reached by random play: the search player's choice is always legal."""
    rng = random.Random(seed)
    state = GameState(PARTNERSHIP.replace(hands_limit=1), seed=seed)
    for _ in range(steps):
        if state.is_over:
            return
        legal = state.legal_actions()
        if isinstance(legal, DiscardChoices):
            state.apply(Discard(frozenset(rng.sample(state.hand(state.turn), legal.count))))
        else:
            state.apply(rng.choice(legal))
    if state.is_over:
        return
    quick = SearchPlayer(seed, SearchBudget(samples=3, deadline=0.5, exact_cards=2), "quick")
    action = quick.choose(state.view(state.turn))
    assert state.is_legal(action)


def test_every_choice_is_legal_in_thousands_of_positions():
    """2,000 positions of every phase, reached by random play: the search always answers legally."""
    rng = random.Random(2026)
    quick = SearchPlayer(7, SearchBudget(samples=1, deadline=0.5, exact_cards=3), "quick")
    phases = {phase: 0 for phase in Phase if phase is not Phase.GAME_OVER}
    state = GameState(PARTNERSHIP.replace(hands_limit=10**6), seed=2026)
    for _ in range(2000):
        seat = state.turn
        view = state.view(seat)
        action = quick.choose(view)
        assert state.is_legal(action), (view.phase, action)
        phases[state.phase] += 1
        # Go on at random, so the positions are not only those the search would reach.
        legal = state.legal_actions()
        if isinstance(legal, DiscardChoices):
            state.apply(Discard(frozenset(rng.sample(state.hand(seat), legal.count))))
        else:
            state.apply(rng.choice(legal) if rng.random() < 0.7 else action)
    assert all(count > 20 for count in phases.values()), phases


def test_same_seed_same_position_same_choice():
    state = west_declares()
    assert strong(5).choose(state.view(1)) == strong(5).choose(state.view(1))


def test_bidding_reads_evidence_from_bids():
    state = GameState(PARTNERSHIP, seed=11)
    seat = state.turn
    state.apply(Bid(110), seat)
    view = state.view((seat + 1) % 4)
    knowledge = Knowledge.from_view(view)
    rng = random.Random(2)
    plain = [deal_unseen(knowledge, rng) for _ in range(300)]
    weighted = draw_deals(view, knowledge, 300, rng)
    from rook_access.engine import cards_in
    from rook_access.players.basic import hand_strength

    def average_strength(deals):
        return sum(hand_strength(cards_in(d.hands[seat]), PARTNERSHIP) for d in deals) / len(deals)

    # The seat that bid 110 is imagined with stronger hands than chance gives.
    assert average_strength(weighted) > average_strength(plain) + 5
