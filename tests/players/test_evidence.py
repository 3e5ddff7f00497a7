"""The search player's evidence: each clue moves the weight of hand-made deals the right way."""

from __future__ import annotations

import dataclasses
import math
import random

from rook_access.engine import PARTNERSHIP, PASS, Bid, GameState, Phase, Play, cards_in, parse_card
from rook_access.players import BasicPlayer
from rook_access.players.search.bidding_model import hand_strength
from rook_access.players.search.keep import keep_value
from rook_access.players.search.knowledge import Knowledge
from rook_access.players.search.sampling import (
    FITTED,
    HAND_SET,
    NEST_DRAWN,
    Evidence,
    EvidenceModel,
    SampledDeal,
    buried_by_the_bidder,
    deal_unseen,
    draw_deals,
    refined,
)
from tests.players.test_players import west_declares

SILENT = EvidenceModel(floor=1.0, trump_sharpness=0.0, buried_trump_odds=1.0)
"""A model in which no clue says anything: every bid weighs at least 1, every color alike."""


def truth(state: GameState) -> SampledDeal:
    return SampledDeal(list(state.hands), state.nest)


def swapped(deal: SampledDeal, first: str, second: str) -> SampledDeal:
    """``deal`` with two cards exchanged between their holders (or the nest)."""
    a, b = 1 << parse_card(first), 1 << parse_card(second)
    places = [*deal.hands, deal.nest]
    places = [(cards & ~(a | b)) | (b if cards & a else 0) | (a if cards & b else 0) for cards in places]
    return SampledDeal(places[:-1], places[-1])


def play(state: GameState, *moves: tuple[int, str]) -> None:
    for seat, card in moves:
        state.apply(Play(parse_card(card)), seat)


def test_the_hand_set_model_is_what_the_player_had():
    assert (HAND_SET.spread, HAND_SET.floor, HAND_SET.trump_sharpness, HAND_SET.buried_trump_odds) == (
        12.0, 0.05, 0.12, 0.15)
    assert (HAND_SET.low_odds, HAND_SET.beat_odds, HAND_SET.smear_odds, HAND_SET.nest_odds) == (1.0, 1.0, 1.0, 1.0)


def test_a_silent_model_weighs_every_deal_alike():
    state = west_declares()
    play(state, (1, "7x"), (2, "14x"), (3, "8x"), (0, "6x"))
    view = state.view(1)
    evidence = Evidence(view, SILENT)
    rng = random.Random(3)
    knowledge = Knowledge.from_view(view)
    weights = {round(evidence.weight(deal_unseen(knowledge, rng)), 12) for _ in range(20)}
    assert len(weights) == 1


def test_a_bid_makes_strong_hands_likelier_under_both_models():
    state = GameState(PARTNERSHIP, seed=11)
    seat = state.turn
    state.apply(Bid(110), seat)
    view = state.view((seat + 1) % 4)
    knowledge = Knowledge.from_view(view)
    for model in (HAND_SET, FITTED):
        rng = random.Random(2)
        plain = [deal_unseen(knowledge, rng) for _ in range(300)]
        weighted = draw_deals(view, knowledge, 300, rng, model=model)

        def strength(deals: list[SampledDeal]) -> float:
            return sum(hand_strength(cards_in(d.hands[seat]), PARTNERSHIP) for d in deals) / len(deals)

        assert strength(weighted) > strength(plain) + 5


def test_a_pass_while_partner_holds_the_bid_is_read_with_the_margin():
    state = GameState(PARTNERSHIP, seed=11)
    first = state.turn
    state.apply(Bid(100), first)
    state.apply(PASS, (first + 1) % 4)
    state.apply(PASS, (first + 2) % 4)  # its partner, the first seat, holds 100
    view = state.view((first + 3) % 4)
    evidence = Evidence(view, HAND_SET)
    partner = (first + 2) % 4
    assert evidence.passed_over_partner == {partner: 100}
    rng = random.Random(5)
    knowledge = Knowledge.from_view(view)
    deals = [deal_unseen(knowledge, rng) for _ in range(200)]
    # A hand worth 115 passing over partner's 100: likely with a margin of 25, unlikely without.
    strong = next(deal for deal in deals
                  if 110 <= hand_strength(cards_in(deal.hands[partner]), PARTNERSHIP) <= 125)
    plain, with_margin = Evidence(view, SILENT), Evidence(view, dataclasses.replace(SILENT, floor=0.01))
    margin = Evidence(view, dataclasses.replace(SILENT, floor=0.01, partner_margin=25.0))
    assert plain.weight(strong) == 1.0
    assert margin.weight(strong) > with_margin.weight(strong) * 2


def test_the_nest_is_likelier_when_it_holds_the_bidders_weakest_cards():
    state = west_declares()  # West buried 5x 5g 6g 8r 9r with red trump, keeping 7x 9x
    view = state.view(0)
    true = truth(state)
    better = swapped(true, "8r", "7x")  # the same fourteen cards, a black 7 buried instead of a trump
    evidence = Evidence(view, dataclasses.replace(SILENT, nest_odds=0.3))
    assert evidence.facts(true).nest_kept == 2 and evidence.facts(better).nest_kept == 1
    assert math.isclose(evidence.weight(better) / evidence.weight(true), 1 / 0.3)
    # A nest of West's best plain cards is farther from its choice still.
    worse = swapped(swapped(true, "5g", "14r"), "6g", "13r")
    far = Evidence(view, dataclasses.replace(SILENT, far_nest_odds=0.5))
    assert far.facts(worse).nest_far > far.facts(true).nest_far
    assert far.weight(worse) < far.weight(true)


def test_the_nest_is_not_read_by_the_bidder_who_saw_it():
    state = west_declares()
    evidence = Evidence(state.view(1), dataclasses.replace(SILENT, nest_odds=0.3))
    assert not evidence.reads_nest


def test_a_cheaper_card_kept_under_the_other_sides_trick_is_unlikely():
    state = west_declares()
    # West leads 7x, North wins with 14x, East plays 8x under it: East seldom holds a cheaper black card.
    play(state, (1, "7x"), (2, "14x"), (3, "8x"))
    west = state.view(1)
    true = truth(state)  # East holds no black card below the 8
    east_cheap = swapped(true, "6x", "11y")  # East holds South's 6x, South East's 11y
    evidence = Evidence(west, dataclasses.replace(SILENT, low_odds=0.5))
    assert evidence.facts(true).low == 0
    assert evidence.facts(east_cheap).low == 1
    assert math.isclose(evidence.weight(east_cheap) / evidence.weight(true), 0.5)
    # A counter is dearer than the 8 however low: the buried 5x with East says nothing (South's view).
    south = Evidence(state.view(0), dataclasses.replace(SILENT, low_odds=0.5))
    assert south.facts(swapped(true, "5x", "11y")).low == 0


def test_a_winner_kept_under_the_other_sides_trick_is_unlikely():
    state = west_declares()
    play(state, (1, "7x"), (2, "14x"), (3, "8x"))
    true = truth(state)  # the Bird is West's
    evidence = Evidence(state.view(0), dataclasses.replace(SILENT, beat_odds=0.4))
    # The Bird (a trump, playable on any lead) with East would have beaten North's 14x.
    east_bird = swapped(true, "rook", "11y")
    assert evidence.facts(true).beat == 0
    assert evidence.facts(east_bird).beat == 1
    assert math.isclose(evidence.weight(east_bird) / evidence.weight(true), 0.4)
    # A red card East could not play (it followed black) says nothing.
    assert evidence.facts(swapped(true, "13r", "11y")).beat == 0


def test_points_kept_from_partners_trick_are_unlikely():
    state = west_declares()
    # South plays last to North's winning 14x, a 6x: it seldom held a counter it could have given.
    play(state, (1, "7x"), (2, "14x"), (3, "8x"), (0, "6x"))
    west = state.view(1)
    true = truth(state)  # South still holds the 10x: a counter kept from partner's trick
    given_away = swapped(true, "10x", "11y")  # East holds the 10x, South the 11y
    evidence = Evidence(west, dataclasses.replace(SILENT, smear_odds=0.5))
    assert evidence.facts(true).smear == 1
    assert evidence.facts(given_away).smear == 0
    assert math.isclose(evidence.weight(given_away) / evidence.weight(true), 2.0)


def test_the_model_worth_reads_the_bidding_models_estimate():
    state = GameState(PARTNERSHIP, seed=11)
    seat = state.turn
    state.apply(Bid(110), seat)
    view = state.view((seat + 1) % 4)
    deal = truth(state)
    by_strength = Evidence(view, HAND_SET, every_fact=True).facts(deal)
    by_model = Evidence(view, dataclasses.replace(HAND_SET, model_worth=True), every_fact=True).facts(deal)
    assert by_strength.worth == by_model.other_worth and by_model.worth == by_strength.other_worth
    assert by_strength.worth[0] == hand_strength(cards_in(deal.hands[seat]), PARTNERSHIP)


def test_the_benchmarks_players_draw_their_deals_by_their_models():
    from rook_access.players import PLAYER_LEVELS, HandSetSearchPlayer, make_player

    state = west_declares()
    view = state.view(0)
    knowledge = Knowledge.from_view(view)
    for level, model in (("strong-fitted", FITTED), ("strong-fitted-play", FITTED)):
        assert level not in PLAYER_LEVELS
        source = make_player(level, 1).deal_source(view)
        drawn = source(view, knowledge, 12, random.Random(7))
        expected = draw_deals(view, knowledge, 12, random.Random(7), model=model)
        assert [deal.hands for deal in drawn] == [deal.hands for deal in expected]
    source = HandSetSearchPlayer(1).deal_source(view)
    drawn = source(view, knowledge, 12, random.Random(7))
    assert [deal.hands for deal in drawn] == [
        deal.hands for deal in draw_deals(view, knowledge, 12, random.Random(7), model=HAND_SET)]


def test_the_fitted_model_plays_only_in_the_card_play_of_its_own_level():
    from rook_access.players import make_player

    state = GameState(PARTNERSHIP, seed=11)
    state.apply(Bid(100), state.turn)
    bidding_view = state.view(state.turn)
    knowledge = Knowledge.from_view(bidding_view)
    source = make_player("strong-fitted-play", 1).deal_source(bidding_view)
    drawn = source(bidding_view, knowledge, 12, random.Random(7))
    expected = draw_deals(bidding_view, knowledge, 12, random.Random(7), model=HAND_SET)
    assert [deal.hands for deal in drawn] == [deal.hands for deal in expected]
    fitted = draw_deals(bidding_view, knowledge, 12, random.Random(7), model=FITTED)
    assert [deal.hands for deal in drawn] != [deal.hands for deal in fitted]


def test_the_player_draws_the_nest_by_the_bidders_rule_and_weighs_by_the_hand_set_model():
    """The model that won the matches: the hand-set weights, the nest an unseen bidder buried drawn from its
    weakest cards."""
    from rook_access.players import make_player
    from rook_access.players.search.sampling import PLAYER_MODEL

    assert PLAYER_MODEL is NEST_DRAWN and dataclasses.replace(NEST_DRAWN, nest_draw_noise=None) == HAND_SET
    state = west_declares()
    view = state.view(0)
    assert Evidence(view).model is NEST_DRAWN
    knowledge = Knowledge.from_view(view)
    drawn = draw_deals(view, knowledge, 12, random.Random(7))
    expected = draw_deals(view, knowledge, 12, random.Random(7), model=NEST_DRAWN)
    assert [deal.hands for deal in drawn] == [deal.hands for deal in expected]
    # The player before, kept for the benchmarks, draws the nest at random among the unseen cards.
    before = make_player("strong-random-nest", 1).deal_source(view)(view, knowledge, 12, random.Random(7))
    random_nests = draw_deals(view, knowledge, 12, random.Random(7), model=HAND_SET)
    assert [deal.hands for deal in before] == [deal.hands for deal in random_nests] != [deal.hands for deal in drawn]
    assert FITTED != HAND_SET


def test_a_models_temperature_raises_each_weight_to_its_power():
    from rook_access.players.search.sampling import TEMPERED

    state = west_declares()
    play(state, (1, "7x"), (2, "14x"), (3, "8x"), (0, "6x"))
    view = state.view(1)
    sharp, soft = Evidence(view, FITTED), Evidence(view, TEMPERED)
    flat = Evidence(view, dataclasses.replace(FITTED, temperature=0.0))
    rng = random.Random(5)
    knowledge = Knowledge.from_view(view)
    deals = [deal_unseen(knowledge, rng) for _ in range(12)]
    for deal in deals:
        assert math.isclose(soft.weight(deal), sharp.weight(deal) ** 0.4, rel_tol=1e-9)
        assert flat.weight(deal) == 1.0
    # Softer weights leave the resampled deals more varied.
    weights = [sharp.weight(deal) for deal in deals]
    softened = [soft.weight(deal) for deal in deals]

    def effective(values):
        return sum(values) ** 2 / sum(value * value for value in values)

    assert effective(softened) >= effective(weights)


def test_the_easy_shaped_model_reads_only_the_opponents_by_the_easy_players_rule():
    from rook_access.players import make_player
    from rook_access.players.search.sampling import EASY_SHAPED

    state = GameState(PARTNERSHIP, seed=11)
    first = state.turn
    assert first is not None
    state.apply(Bid(100), first)
    rng = random.Random(4)
    opponent_view = state.view((first + 1) % 4)  # the bid is an opponent's
    partner_view = state.view((first + 2) % 4)  # the bid is partner's
    for view in (opponent_view, partner_view):
        knowledge = Knowledge.from_view(view)
        deals = [deal_unseen(knowledge, rng) for _ in range(200)]
        weak = [deal for deal in deals if hand_strength(cards_in(deal.hands[first]), PARTNERSHIP) <= 85]
        assert weak
        easy, hand_set = Evidence(view, EASY_SHAPED), Evidence(view, HAND_SET)
        for deal in weak[:5]:
            if view is partner_view:  # a partner's bid is read as the hand-set model reads it
                assert easy.weight(deal) == hand_set.weight(deal)
            else:  # an opponent bids only what its reckoning reaches: a hand worth 85 all but never bids 100
                assert easy.weight(deal) < hand_set.weight(deal) / 100
    # The bench level draws its auction's deals by it, twelve drawn for each one kept.
    knowledge = Knowledge.from_view(opponent_view)
    source = make_player("strong-easymodel", 1).deal_source(opponent_view)
    drawn = source(opponent_view, knowledge, 12, random.Random(7))
    expected = draw_deals(opponent_view, knowledge, 12, random.Random(7), 12, model=EASY_SHAPED)
    assert [deal.hands for deal in drawn] == [deal.hands for deal in expected]


def test_the_easy_shaped_card_play_level_reads_the_bids_in_the_card_play_too():
    from rook_access.players import make_player
    from rook_access.players.search.sampling import EASY_SHAPED

    state = west_declares()
    view = state.view(0)
    knowledge = Knowledge.from_view(view)
    for level, model, oversample in (("strong-easymodel", HAND_SET, 3), ("strong-easymodel-play", EASY_SHAPED, 12)):
        drawn = make_player(level, 1).deal_source(view)(view, knowledge, 12, random.Random(7))
        expected = draw_deals(view, knowledge, 12, random.Random(7), oversample, model=model)
        assert [deal.hands for deal in drawn] == [deal.hands for deal in expected]
    hand_set = draw_deals(view, knowledge, 12, random.Random(7), 3, model=HAND_SET)
    easy = draw_deals(view, knowledge, 12, random.Random(7), 12, model=EASY_SHAPED)
    assert [deal.hands for deal in hand_set] != [deal.hands for deal in easy]  # the two levels' draws differ


def _high_bid_in_the_card_play(cards_played: int) -> tuple[int, Evidence, Knowledge]:
    """A seat of a fresh deal takes the bid at 110; the basic players bury, name trump and play
    ``cards_played`` cards; then the view of the seat to play, the evidence it reads, and what it knows."""
    state = GameState(PARTNERSHIP, seed=11)
    bidder = state.turn
    state.apply(Bid(110), bidder)
    for seat in range(1, 4):
        state.apply(PASS, (bidder + seat) % 4)
    players = [BasicPlayer(seat) for seat in range(4)]
    while state.phase is not Phase.PLAY or len(state.events) and cards_played > 0:
        seat = state.turn
        if state.phase is Phase.PLAY:
            cards_played -= 1
        state.apply(players[seat].choose(state.view(seat)), seat)
    view = state.view(state.turn)
    assert view.seat != bidder
    return bidder, Evidence(view, FITTED), Knowledge.from_view(view)


def test_swaps_keep_every_place_its_count_the_cards_seen_where_they_are_and_no_card_where_it_cannot_be():
    _, evidence, knowledge = _high_bid_in_the_card_play(9)
    view = evidence.view
    rng = random.Random(5)
    for start in draw_deals(view, knowledge, 20, rng, model=FITTED):
        deal = refined(start, knowledge, evidence, 30, rng)
        assert [hand.bit_count() for hand in deal.hands] == [hand.bit_count() for hand in start.hands]
        assert deal.nest.bit_count() == start.nest.bit_count()
        assert deal.hands[view.seat] == start.hands[view.seat]  # its own cards are never moved
        every = deal.nest
        for seat, hand in enumerate(deal.hands):
            if seat != view.seat:
                assert not hand & knowledge.excluded.get(seat, 0)  # no color a seat showed out of
            assert hand & knowledge.known.get(seat, 0) == knowledge.known.get(seat, 0)
            assert not every & hand
            every |= hand
        assert every == start.nest | sum(start.hands)  # the same cards, moved


def test_swaps_walk_the_deals_toward_a_high_bids_strong_hand():
    """Among random hands, one kept after the nest for a bid of 110 is rare: drawing three for each kept
    leaves the bid winner's sampled hand weaker than the bid says; swaps toward the evidence make it stronger,
    and the deals kept twice part ways."""
    bidder, evidence, knowledge = _high_bid_in_the_card_play(1)
    rng = random.Random(4)
    drawn = draw_deals(evidence.view, knowledge, 60, rng, model=FITTED)
    walked = [refined(deal, knowledge, evidence, 40, rng) for deal in drawn]

    def strength(deals: list[SampledDeal]) -> float:
        return sum(hand_strength(cards_in(d.hands[bidder]), PARTNERSHIP) for d in deals) / len(deals)

    assert strength(walked) > strength(drawn) + 5
    assert len({tuple(deal.hands) for deal in walked}) > len({tuple(deal.hands) for deal in drawn})


def test_a_nest_drawn_by_the_bidders_rule_holds_the_weakest_of_the_bidders_cards():
    """Without noise the nest drawn is the weakest share of the cards the deal gave the bidder and the nest, by
    ``keep_value`` in the bidder's whole hand; the other places and the counts are as drawn."""
    state = west_declares()
    view = state.view(0)
    evidence = Evidence(view, NEST_DRAWN)
    knowledge = Knowledge.from_view(view)
    rng = random.Random(3)
    for _ in range(20):
        deal = deal_unseen(knowledge, rng)
        drawn = buried_by_the_bidder(deal, knowledge, evidence, rng, noise=0.0)
        bidder_cards = deal.hands[1] | deal.nest
        assert drawn.hands[1] | drawn.nest == bidder_cards
        assert drawn.nest.bit_count() == deal.nest.bit_count()
        assert drawn.hands[1].bit_count() == deal.hands[1].bit_count()
        assert drawn.hands[0] == deal.hands[0] and drawn.hands[2:] == deal.hands[2:]
        assert view.trump is not None
        value = {card: keep_value(card, view.trump, bidder_cards) for card in cards_in(bidder_cards)}
        kept = min(value[card] for card in cards_in(drawn.hands[1]))
        assert max(value[card] for card in cards_in(drawn.nest)) <= kept


def test_a_nest_drawn_by_the_rule_keeps_the_cards_of_a_color_the_bidder_showed_out_of():
    state = west_declares()
    play(state, (1, "7x"), (2, "14x"), (3, "8x"), (0, "6x"))
    play(state, (2, "5y"), (3, "10y"), (0, "7y"), (1, "7r"))  # West, the bidder, shows out of yellow
    view = state.view(0)  # South: the yellows it has not seen are East's 11y to 14y, winners West would keep
    knowledge = Knowledge.from_view(view)
    yellow = knowledge.excluded[1]
    assert yellow & (1 << parse_card("14y"))
    evidence = Evidence(view, NEST_DRAWN)
    rng = random.Random(8)
    buried_yellow = 0
    for _ in range(40):
        deal = deal_unseen(knowledge, rng)
        drawn = buried_by_the_bidder(deal, knowledge, evidence, rng, noise=4.0)
        assert not drawn.hands[1] & yellow  # every unseen yellow dealt to West's cards stays in the nest
        assert drawn.nest & yellow == deal.nest & yellow
        assert drawn.hands[1] | drawn.nest == deal.hands[1] | deal.nest
        buried_yellow += bool(deal.nest & yellow)
    assert buried_yellow >= 5


def test_the_bidder_who_saw_its_nest_draws_nothing_again():
    state = west_declares()
    view = state.view(1)
    evidence = Evidence(view, NEST_DRAWN)
    knowledge = Knowledge.from_view(view)
    deal = deal_unseen(knowledge, random.Random(1))
    assert buried_by_the_bidder(deal, knowledge, evidence, random.Random(2), noise=4.0) is deal


def test_drawing_the_nest_by_the_rule_gives_the_bidder_more_of_its_trumps():
    """The partner of a bid winner imagines it holding more trumps than random nests leave it: the nest it drew
    holds the weakest cards."""
    state = west_declares()
    view = state.view(3)
    knowledge = Knowledge.from_view(view)
    assert view.trump is not None
    trumps = PARTNERSHIP.suit_masks[view.trump][view.trump]

    def mean_trumps(model: EvidenceModel) -> float:
        deals = draw_deals(view, knowledge, 200, random.Random(6), model=model)
        return sum((deal.hands[1] & trumps).bit_count() for deal in deals) / len(deals)

    assert mean_trumps(NEST_DRAWN) > mean_trumps(HAND_SET) + 0.3


def test_the_nest_drawing_level_draws_by_its_model_in_the_card_play():
    from rook_access.players import make_player

    state = west_declares()
    view = state.view(3)
    knowledge = Knowledge.from_view(view)
    source = make_player("strong-nestdraw", 1).deal_source(view)
    drawn = source(view, knowledge, 12, random.Random(7))
    expected = draw_deals(view, knowledge, 12, random.Random(7), model=NEST_DRAWN)
    assert [deal.hands for deal in drawn] == [deal.hands for deal in expected]
    assert [deal.hands for deal in drawn] != [
        deal.hands for deal in draw_deals(view, knowledge, 12, random.Random(7), model=HAND_SET)]
