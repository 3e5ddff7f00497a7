"""The computer players in Rook for 3 to 8 and Partnership Rook (1913): uneven hands, odd cards, no nest,
the dealer's forced opening, the bonus for most tricks, and bidding that does not overreach."""

from __future__ import annotations

import dataclasses
import random

import pytest

from rook_access.engine import PASS, Bid, Deal, GameState, NameTrump, Phase, mask_of, parse_cards
from rook_access.engine.cards import GREEN
from rook_access.engine.events import HandEnded, OddCardsTaken
from rook_access.engine.rules import PARTNERSHIP_1913, ROOK_1913, TableOptions, with_options
from rook_access.players import BasicPlayer, RandomPlayer, SearchPlayer
from rook_access.players.search.bidding import contested_pass_value, plan_bid
from rook_access.players.search.bidding_model import load_model
from rook_access.players.search.outlook import Outlook, model_signature
from rook_access.players.search.play import analyse_play
from rook_access.players.search.player import NORMAL, STRONG
from rook_access.players.search.rollout import rollout
from rook_access.players.search.tables import trump_tables

SMALL = {"normal": dataclasses.replace(NORMAL, samples=3), "strong": dataclasses.replace(STRONG, samples=6)}


def table(players: int, sides: int | None = None, base=ROOK_1913):
    return with_options(base, TableOptions(players=players, sides=sides))


def make(level: str, seed: int):
    if level == "easy":
        return BasicPlayer(seed)
    if level == "random":
        return RandomPlayer(seed)
    return SearchPlayer(seed, SMALL[level], level)


SIZES = [(ROOK_1913, n, None) for n in range(3, 9)] + [(PARTNERSHIP_1913, 4, None), (PARTNERSHIP_1913, 6, None),
                                                       (PARTNERSHIP_1913, 6, 3)]


@pytest.mark.parametrize(("base", "players", "sides"), SIZES, ids=[f"{b.name}-{n}-{s}" for b, n, s in SIZES])
@pytest.mark.parametrize("level", ["random", "easy", "normal", "strong"])
def test_every_level_plays_a_whole_hand_at_every_table_size(base, players, sides, level):
    rules = table(players, sides, base).replace(hands_limit=1)
    state = GameState(rules, seed=players * 7)
    seated = [make(level if seat % 2 == 0 else "easy", seat) for seat in range(players)]
    while not state.is_over:
        seat = state.turn
        state.apply(seated[seat].choose(state.view(seat)), seat)  # an illegal choice raises
    end = next(event for event in state.events if isinstance(event, HandEnded))
    assert sum(end.counters) == 100
    assert any(isinstance(event, OddCardsTaken) for event in state.events) is bool(rules.odd_cards)


def test_the_rollout_ends_when_a_seat_is_out_and_gives_the_odd_cards_to_the_last_taker():
    rules = table(5)
    deal = Deal.shuffled(rules, 0, random.Random(3))
    hands = [mask_of(hand) for hand in deal.hands]
    tricks = [0] * 5
    taken, won = rollout(trump_tables(rules, GREEN), (0, 1, 2, 3, 4), hands, 1, [], 0, tricks=tricks)
    assert sum(taken) == 100 and sum(tricks) == 11  # 11 tricks, and the odd card's points too
    assert sum(1 for hand in hands if hand) == 1  # the long hand's odd card was never played
    partners = table(4, base=PARTNERSHIP_1913)
    hands = [mask_of(hand) for hand in Deal.shuffled(partners, 0, random.Random(3)).hands]
    tricks = [0, 0]
    taken, _ = rollout(trump_tables(partners, GREEN), partners.side_of, hands, 1, [], 0, tricks=tricks)
    assert sum(taken) == 100 and sum(tricks) == 14


def test_the_objective_counts_the_bonus_for_most_tricks():
    outlook = Outlook.for_bidder(PARTNERSHIP_1913, 1, 0, 0, 50)
    assert outlook.outcome([60, 40], 0, [8, 6]) == 80 - 40
    assert outlook.outcome([60, 40], 0, [7, 7]) == 60 - 40
    assert outlook.outcome([45, 55], 0, [9, 5]) == -50 - 55  # set: the 20 is lost with the rest
    against = Outlook.for_bidder(PARTNERSHIP_1913, 1, 1, 0, 50)
    assert against.outcome([45, 55], 0, [9, 5]) == 55 - (-50)


def test_the_exact_solver_is_left_out_where_it_cannot_count_the_odd_cards_or_the_bonus():
    for rules in (table(5), PARTNERSHIP_1913):
        state = GameState(rules.replace(hands_limit=1), seed=5)
        players = [BasicPlayer(seat) for seat in range(rules.players)]
        while state.phase is not Phase.PLAY or max(len(state.hand(s)) for s in range(rules.players)) > 3:
            seat = state.turn
            state.apply(players[seat].choose(state.view(seat)), seat)
        view = state.view(state.turn)
        if len(view.legal) > 1:
            assert not analyse_play(view, SMALL["strong"], random.Random(1)).exact


def test_the_dealer_who_must_open_bids_the_least_with_a_weak_hand():
    rules = table(4)
    weak = parse_cards("2r 3r 4r 6r 2x 3x 4x 6x 2y 3y 4y 2g 3g 4g")
    rest = [card for card in rules.deck if card not in weak]
    random.Random(1).shuffle(rest)
    deal = Deal(0, (tuple(weak), tuple(rest[0:14]), tuple(rest[14:28]), tuple(rest[28:42])), ())
    state = GameState(rules, first_deal=deal)
    view = state.view(0)
    assert PASS not in view.legal
    for player in (BasicPlayer(1), SearchPlayer(1, SMALL["strong"])):
        assert player.choose(view) == Bid(5)
    state.apply(Bid(5), 0)
    state.apply(Bid(50), 1)
    for seat in (2, 3):
        state.apply(PASS, seat)
    # Given another chance, the weak hand passes.
    assert SearchPlayer(1, STRONG).choose(state.view(0)) == PASS and BasicPlayer(1).choose(state.view(0)) == PASS


def test_a_strong_hand_bids_and_names_its_long_color():
    rules = table(4)
    strong = parse_cards("14g 13g 12g 11g 10g 9g 5g 14r 13r 10r 14x 10x 14y 5y")
    rest = [card for card in rules.deck if card not in strong]
    random.Random(2).shuffle(rest)
    deal = Deal(3, (tuple(strong), tuple(rest[0:14]), tuple(rest[14:28]), tuple(rest[28:42])), ())
    state = GameState(rules, first_deal=deal)
    state.apply(Bid(5), 3)
    plan = plan_bid(state.view(0), STRONG, random.Random(4))
    assert isinstance(plan.action, Bid) and plan.limit is not None and plan.limit >= 50
    state.apply(plan.action, 0)
    while state.phase is Phase.BIDDING:
        state.apply(PASS, state.turn)
    assert SearchPlayer(3, SMALL["strong"]).choose(state.view(0)) == NameTrump(GREEN)


def test_passing_costs_less_where_everyone_plays_alone_and_without_a_nest():
    four, eight, partners = table(4), table(8), PARTNERSHIP_1913
    views = [GameState(rules, seed=1).view(1) for rules in (four, eight, partners)]
    values = [contested_pass_value(view) for view in views]
    assert values[0] == pytest.approx(-20 / 3) and values[1] == pytest.approx(-20 / 7)
    assert values[2] == pytest.approx(-70 * 100 / 120 * 0.6)


def test_every_table_size_has_a_bidding_model_of_its_own():
    signatures = set()
    for base, players, sides in SIZES:
        rules = table(players, sides, base)
        assert load_model(rules) is not None, (rules.name, players, sides)
        signatures.add(model_signature(rules))
    assert len(signatures) == len(SIZES)
