"""The partner model: judging cards, the mistake rate per seat, and planning with it (issue 18, item 3)."""

from __future__ import annotations

import random

import pytest

from rook_access.engine import PARTNERSHIP, Deal, GameState, Phase, Play, mask_of, parse_card, parse_cards
from rook_access.engine.cards import RED
from rook_access.players import SearchPlayer
from rook_access.players.search.bidding import plan_bid
from rook_access.players.search.learner import LearnerPlayer
from rook_access.players.search.play import SearchBudget, analyse_play
from rook_access.players.search.player import STRONG
from rook_access.players.search.rollout import rollout
from rook_access.players.search.skill import (
    LEAST_RATE,
    PERSON_MISTAKES,
    Judgement,
    TablePriors,
    judge_card,
    judgements,
    mistake_rates,
    posterior_rate,
)
from rook_access.players.search.tables import trump_tables
from tests.players.test_players import HANDS, west_declares

SIDES = PARTNERSHIP.side_of


def cards(text: str) -> list[int]:
    return list(parse_cards(text))


def play(state: GameState, leader: int, text: str) -> None:
    for offset, card in enumerate(parse_cards(text)):
        state.apply(Play(card), (leader + offset) % 4)


def test_a_last_player_who_could_have_taken_the_points_is_flagged():
    # West leads 10y, North 6y, East 5y: South, last, plays 7y though it held 14y (played later).
    trick = cards("10y 6y 5y 7y")
    assert judge_card(PARTNERSHIP, RED, SIDES, trick, 1, 3, mask_of(cards("14y"))) is True
    # Playing the 14y itself was right.
    trick = cards("10y 6y 5y 14y")
    assert judge_card(PARTNERSHIP, RED, SIDES, trick, 1, 3, mask_of(cards("7y"))) is False


def test_taking_the_trick_from_a_winning_partner_for_nothing_is_flagged():
    # West leads 6g, North 12g wins, East 7g: South plays 13g over its partner though it held 8g.
    trick = cards("6g 12g 7g 13g")
    assert judge_card(PARTNERSHIP, RED, SIDES, trick, 1, 3, mask_of(cards("8g"))) is True


def test_nothing_is_told_of_a_lead_or_of_a_card_with_no_known_alternative():
    trick = cards("10y 6y 5y 7y")
    assert judge_card(PARTNERSHIP, RED, SIDES, trick, 1, 0, mask_of(cards("14y"))) is None
    assert judge_card(PARTNERSHIP, RED, SIDES, trick, 1, 3, 0) is None
    # A trump known to be held later was no alternative: South had to follow yellow.
    assert judge_card(PARTNERSHIP, RED, SIDES, trick, 1, 3, mask_of(cards("14r"))) is None


def test_playing_off_suit_any_known_card_is_an_alternative():
    # South shows out of yellow: a trump it held would have taken the 15 points.
    trick = cards("10y 6y 5y 6g")
    assert judge_card(PARTNERSHIP, RED, SIDES, trick, 1, 3, mask_of(cards("7r"))) is True


def two_tricks() -> GameState:
    """West leads 9x, North 13x, East 8x, South 6x; North leads 14x, East 12x, South 10x."""
    state = west_declares()
    play(state, 1, "9x 13x 8x 6x")
    play(state, 2, "14x 12x 10x")
    return state


def test_the_hands_cards_are_judged_from_a_seat_s_view():
    view = two_tricks().view(1)
    found = judgements(view)
    # North's 13x won as the 14x would have (keeping its counter); East's 8x lost as the 12x would have; South's
    # 6x kept the 10x (a counter fed to the team's own trick is no gain in hindsight).  The second trick's
    # cards have no known alternative yet.
    assert sorted(found, key=lambda judgement: judgement.seat) == [
        Judgement(0, False), Judgement(2, False), Judgement(3, False),
    ]
    # The trick still in play is not judged, and a seat never judges itself.
    assert all(judgement.seat != 1 for judgement in found)


def test_the_posterior_follows_the_evidence():
    prior = PERSON_MISTAKES["new"]
    assert abs(posterior_rate(prior, 0, 0) - prior) < 0.03
    assert posterior_rate(prior, 0, 30) < posterior_rate(prior, 0, 5) < posterior_rate(prior, 0, 0)
    assert posterior_rate(prior, 10, 20) > posterior_rate(prior, 0, 0)
    assert posterior_rate(PERSON_MISTAKES["expert"], 0, 0) < posterior_rate(PERSON_MISTAKES["casual"], 0, 0)


def test_mistake_rates_per_seat():
    view = two_tricks().view(1)
    # South is a person (new); the others are strong computers, planned with as strong players.
    priors = TablePriors.of_table([True, False, False, False], ["strong"] * 4, "new")
    rates = mistake_rates(view, priors)
    assert rates[1] == 0.0 and rates[2] == 0.0 and rates[3] == 0.0
    # South's one card judged and not flagged lowers its rate a little from the prior's.
    assert LEAST_RATE < rates[0] < posterior_rate(PERSON_MISTAKES["new"], 0, 0)
    # A random computer is planned with as playing at random; an expert person barely at all.
    random_priors = TablePriors.of_table([False, False, False, False], ["strong", "strong", "random", "strong"])
    assert mistake_rates(view, random_priors)[2] == 1.0
    expert = TablePriors.of_table([False, False, True, False], ["strong"] * 4, "expert")
    assert LEAST_RATE <= mistake_rates(view, expert)[2] < 0.1


def test_a_table_of_strong_computers_plans_as_before():
    priors = TablePriors.of_table([False] * 4, ["strong", "normal", "strong", "easy"])
    assert not priors.any_mistakes
    player = SearchPlayer(3, STRONG)
    player.meet_table(priors)
    assert player.mistakes(two_tricks().view(1)) is None
    with pytest.raises(ValueError, match="new, casual, expert"):
        TablePriors.of_table([True], ["strong"], "pro")


def test_rollouts_take_a_mistake_rate_per_seat():
    state = west_declares()
    view = state.view(1)
    tables = trump_tables(PARTNERSHIP, RED)
    hands = [mask_of(cards(hand)) for hand in HANDS["hands"]]
    hands[1] = mask_of(view.hand)

    def never() -> float:
        raise AssertionError("no random number is drawn where no seat makes mistakes")

    plain = rollout(tables, SIDES, list(hands), 1, [], 0, never, [0.0] * 4)
    assert plain == rollout(tables, SIDES, list(hands), 1, [], 0)
    # North playing at random: some futures differ from the strong one, and only North's cards are drawn.
    outcomes = {tuple(rollout(tables, SIDES, list(hands), 1, [], 0, random.Random(seed).random,
                              [0.0, 0.0, 1.0, 0.0])[0]) for seed in range(20)}
    assert len(outcomes) > 1


def test_bidding_expects_less_with_a_partner_who_plays_at_random():
    deal = Deal(HANDS["dealer"], tuple(tuple(cards(hand)) for hand in HANDS["hands"]), tuple(cards(HANDS["nest"])))
    view = GameState(PARTNERSHIP, first_deal=deal).view(1)
    assert view.phase is Phase.BIDDING
    strong = plan_bid(view, STRONG, random.Random(5))
    weak = plan_bid(view, STRONG, random.Random(5), mistakes=(0.0, 0.0, 0.0, 1.0))
    # The same deals and the same model; only West's partner (East) plays at random.
    assert weak.model_points == strong.model_points
    assert weak.expected_points < strong.expected_points - 2
    assert strong.limit is not None and weak.limit is not None and weak.limit < strong.limit


def test_the_search_plans_with_a_partners_mistakes():
    state = two_tricks()
    state.apply(Play(parse_card("7x")), 1)  # West ends the second trick; North leads the third
    view = state.view(0)
    assert view.phase is Phase.PLAY
    player = SearchPlayer(4, STRONG)
    player.meet_table(TablePriors.of_table([False, False, True, False], ["strong"] * 4, "new"))
    rates = player.mistakes(view)
    assert rates is not None and rates[2] > 0.1 and rates[0] == rates[1] == rates[3] == 0.0


def test_the_learner_stand_in_goes_astray_at_its_rate():
    state = west_declares()
    view = state.view(1)
    strong = SearchPlayer(7, STRONG)
    steady = LearnerPlayer(7, rate=0.0)
    assert steady.choose(view) == strong.choose(view) and not steady.went_astray(view)
    wild = LearnerPlayer(7, rate=1.0)
    assert wild.went_astray(view) and wild.choose(view) in view.legal
    # Over many positions a rate of 0.25 sends about a quarter of the cards astray.
    astray = [LearnerPlayer(seed, rate=0.25).went_astray(view) for seed in range(400)]
    assert 0.18 < sum(astray) / len(astray) < 0.32


def test_the_card_play_search_can_give_a_seat_its_mistakes():
    state = two_tricks()
    state.apply(Play(parse_card("7x")), 1)  # North took the second trick and leads the third
    view = state.view(2)
    budget = SearchBudget(samples=16, deadline=60.0, exact_cards=0)
    plain = analyse_play(view, budget, random.Random(2))
    again = analyse_play(view, budget, random.Random(2), mistakes=(0.0, 0.0, 0.0, 0.0))
    wild = analyse_play(view, budget, random.Random(2), mistakes=(1.0, 0.0, 0.0, 0.0))
    means = {card: result.mean for card, result in plain.results.items()}
    assert {card: result.mean for card, result in again.results.items()} == means
    # South (North's partner) playing at random changes what North's cards are worth.
    assert {card: result.mean for card, result in wild.results.items()} != means
