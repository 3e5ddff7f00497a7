"""The computer players in every game of Rook: whole games, and card sense where teams differ.

Whole games of two hands at every level (the search levels with small
budgets); hand-made positions of the 3-player game (a defender feeds its
partner of the hand), the 5-player game (the lone bid winner keeps its
counters from an opponent), the 2-player game (the dummy's player reads the
dummy's cards, and the dummy reads its player's), and Kentucky Discard
(a hand that would pass checks).
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from rook_access.engine import (
    CHECK,
    PASS,
    RED,
    Bid,
    Check,
    Checked,
    Deal,
    Discard,
    GameState,
    NameTrump,
    Phase,
    Play,
    mask_of,
    parse_card,
    parse_cards,
)
from rook_access.engine.rules import VARIANTS, BirdRank, TableOptions, with_options
from rook_access.players import BasicPlayer, RandomPlayer, SearchPlayer
from rook_access.players.search.knowledge import NEST, Knowledge
from rook_access.players.search.outlook import Outlook
from rook_access.players.search.player import NORMAL, STRONG
from rook_access.players.search.sampling import deal_unseen

SMALL = {
    "normal": dataclasses.replace(NORMAL, samples=3),
    "strong": dataclasses.replace(STRONG, samples=4),
}
"""The search levels with few samples (the rest of their budgets as shipped)."""


def make(level: str, seed: int):
    if level == "easy":
        return BasicPlayer(seed)
    if level == "random":
        return RandomPlayer(seed)
    return SearchPlayer(seed, SMALL[level], level)


TABLES = {
    **VARIANTS,
    "kentucky-ones-low": with_options(VARIANTS["kentucky"], TableOptions(ones=True, bird_rank=BirdRank.LOW)),
    "kentucky-ten-and-a-half-bonus": with_options(
        VARIANTS["kentucky"], TableOptions(bird_rank=BirdRank.TEN_AND_A_HALF, all_tricks_bonus=50)),
}


def play_game(rules, levels, seed):
    """Play a game of two hands; each person's player also plays the dummy when it is theirs."""
    rules = rules.replace(hands_limit=2)
    state = GameState(rules, seed=seed)
    players = {seat: make(levels[seat % len(levels)], seed * 10 + seat) for seat in rules.people}
    steps = 0
    while not state.is_over:
        seat = state.turn
        view = state.view(seat)
        action = players[state.actor].choose(view)
        assert state.is_legal(action), (rules.name, seat, view.phase, action)
        state.apply(action, seat)
        steps += 1
        assert steps < 2000
    return state


@pytest.mark.parametrize("name", list(TABLES))
@pytest.mark.parametrize("level", ["easy", "normal", "strong", "random"])
def test_every_level_plays_whole_games_of_every_variant(name, level):
    rules = TABLES[name]
    # The level under test in every seat, then against easy players.
    for seed, levels in ((1, [level]), (2, [level, "easy"])):
        state = play_game(rules, levels, seed)
        assert state.hands_played == 2 and len(state.scores) == len(rules.scorers)


# ------------------------------------------------------------ the 3-player game
def three_player_hand() -> GameState:
    """West (seat 1) takes the bid at 50, buries the nest again and names red; South leads."""
    hands = (
        parse_cards("14x 12x 11x 9x 4r 5r 14y 13y 11y 10y 9y 8y"),
        parse_cards("14r 13r 12r 11r 10r 9r 8r 5x 13x 14g 13g 12y"),
        parse_cards("10x 4x 6r 7r 4g 5g 6g 7g 8g 9g 4y 5y"),
    )
    nest = parse_cards("6x 7x 8x 6y 7y")
    deal = Deal(2, tuple(map(tuple, hands)), tuple(nest), tuple(parse_cards("10g 11g 12g")))
    state = GameState(VARIANTS["three"], first_deal=deal)
    state.apply(PASS, 0)
    state.apply(Bid(50), 1)
    state.apply(PASS, 2)
    state.apply(Discard(frozenset(nest)), 1)
    state.apply(NameTrump(RED), 1)
    return state


@pytest.mark.parametrize("player", [SearchPlayer(1, STRONG), SearchPlayer(2, NORMAL, "normal"), BasicPlayer(1)],
                         ids=["strong", "normal", "easy"])
def test_three_players_a_defender_feeds_its_partner_of_the_hand(player):
    state = three_player_hand()
    assert state.teams == ((1,), (0, 2))
    state.apply(Play(parse_card("14x")), 0)
    state.apply(Play(parse_card("5x")), 1)
    # East plays last to South's winning 14x: its 10 goes to its partner of the hand (kept, the bid
    # winner's 13x could take it later).
    assert player.choose(state.view(2)) == Play(parse_card("10x"))


def test_three_players_the_objective_is_by_the_hands_teams():
    state = three_player_hand()
    outlook = Outlook.of(state.view(2))
    assert outlook.teams == ((1,), (0, 2)) and outlook.mine == 1 and outlook.bidder_team == 0
    # The bidders set: we score our 60, they lose their 50.
    assert outlook.outcome([40, 60]) == 60 - (-50)
    # Before the bid, a seat judges its own bid with the teams it would have as the bid winner.
    fresh = GameState(VARIANTS["three"], seed=3)
    view = fresh.view(fresh.turn)
    mine = Outlook.as_bidder(view, view.seat, 50)
    assert mine.teams[mine.mine] == (view.seat,) and len(mine.teams) == 2


# ------------------------------------------------------------ the 5-player game
def five_player_hand() -> GameState:
    """East-of-centre (seat 2) takes the bid at 30 alone, buries the nest again and names red;
    seat 3 leads."""
    hands = (
        parse_cards("5y 6y 1r 2r 3r 4r 5r 6r 7r 8r"),
        parse_cards("7y 8y 9y 1y 7g 8g 9g 10g 11g 12g"),
        parse_cards("14r 13r 12r 11r 10r 13y 12y 11y 10y 2y"),
        parse_cards("14y 9r 1x 2x 3x 4x 5x 6x 14g 13g"),
        parse_cards("3y 4y 7x 8x 9x 10x 11x 12x 13x 14x"),
    )
    nest = parse_cards("1g 2g 3g 4g 5g 6g")
    deal = Deal(2, tuple(map(tuple, hands)), tuple(nest))
    state = GameState(VARIANTS["five"], first_deal=deal)
    for seat in (3, 4, 0, 1):
        state.apply(PASS, seat)
    state.apply(Bid(30), 2)
    state.apply(Discard(frozenset(nest)), 2)
    state.apply(NameTrump(RED), 2)
    return state


@pytest.mark.parametrize("player", [SearchPlayer(1, STRONG), SearchPlayer(2, NORMAL, "normal"), BasicPlayer(1)],
                         ids=["strong", "normal", "easy"])
def test_five_players_the_lone_bidder_keeps_its_counter_from_an_opponent(player):
    state = five_player_hand()
    assert state.teams == ((2,), (0,), (1,), (3,), (4,))
    for seat, card in ((3, "14y"), (4, "3y"), (0, "5y"), (1, "7y")):
        state.apply(Play(parse_card(card)), seat)
    # Seat 3's 14y takes the trick whatever the bidder plays: it keeps its 10 (a winner once the 14y is out).
    assert player.choose(state.view(2)) == Play(parse_card("2y"))


def test_five_players_the_objective_weighs_every_other_team_alike():
    state = five_player_hand()
    bidder = Outlook.of(state.view(2))
    defender = Outlook.of(state.view(0))
    counters = [40, 15, 20, 15, 10]  # by team: the bidder's first
    assert bidder.outcome(counters) == 40 - (15 + 20 + 15 + 10) / 4
    assert defender.outcome(counters) == 15 - (40 + 20 + 15 + 10) / 4
    # Set: the bidder loses the bid.
    assert defender.outcome([25, 30, 20, 15, 10]) == 30 - (-30 + 20 + 15 + 10) / 4


# ------------------------------------------------------------ the 2-player game
def two_player_hand() -> GameState:
    """South (seat 0) takes the bid at 50; North plays the dummy (seat 2), which leads."""
    hands = (
        parse_cards("14r 13r 12r 11r 10r 9r 8r 12y 14g 13x 4x 5x"),
        parse_cards("10y 4y 4g 5g 6g 7g 6x 7x 8x 9x 4r 5r"),
        parse_cards("14y 13y 11y 8g 9g 10g 11g 12g 13g 10x 11x 12x"),
    )
    nest = parse_cards("6r 7r 5y 6y 7y")
    deal = Deal(1, tuple(map(tuple, hands)), tuple(nest), tuple(parse_cards("8y 9y 14x")))
    state = GameState(VARIANTS["two"], first_deal=deal)
    state.apply(Bid(50), 0)
    state.apply(PASS, 1)
    state.apply(Discard(frozenset(parse_cards("4x 5x 5y 6y 7y"))), 0)
    state.apply(NameTrump(RED), 0)
    return state


def test_two_players_knowledge_places_the_shown_hands():
    state = two_player_hand()
    assert state.controller(2) == 1 and state.turn == 2
    rng = random.Random(5)
    # The dummy's player, choosing for the dummy, knows its own hand.
    as_dummy = Knowledge.from_view(state.view(2))
    assert as_dummy.known[1] == mask_of(state.hand(1)) and as_dummy.needs[1] == 0
    assert as_dummy.needs[0] == 12 and as_dummy.needs[NEST] == 5
    for _ in range(50):
        deal = deal_unseen(as_dummy, rng)
        assert deal.hands[1] == mask_of(state.hand(1)) and deal.hands[2] == mask_of(state.hand(2))
        assert deal.hands[0].bit_count() == 12 and deal.nest.bit_count() == 5
    # North, for its own seat, knows the dummy's whole hand after trump.
    as_north = Knowledge.from_view(state.view(1))
    assert as_north.known[2] == mask_of(state.hand(2)) and as_north.needs[2] == 0
    # The 3 cards out of play are unseen and in no place: 12 + 5 places for 12 + 5 + 3 unseen cards.
    assert as_north.unseen.bit_count() == 20 and sum(as_north.needs.values()) == 17


def test_two_players_the_face_up_cards_are_known_during_the_bidding():
    state = GameState(VARIANTS["two"], seed=4)
    view = state.view(state.turn)
    knowledge = Knowledge.from_view(view)
    face_up = mask_of(dict(view.shown)[2])
    assert face_up.bit_count() == 6 and knowledge.known[2] == face_up
    assert knowledge.needs[2] == 6 and knowledge.needs[NEST] == 5
    deal = deal_unseen(knowledge, random.Random(1))
    assert deal.hands[2] & face_up == face_up and deal.hands[2].bit_count() == 12


def test_two_players_the_dummys_player_feeds_the_dummys_sure_winner():
    # (The normal level's dozen deals see the 10 fed as well later, and it plays the 4.)
    player = SearchPlayer(1, STRONG)
    state = two_player_hand()
    for seat, card in ((2, "8g"), (0, "14g"), (1, "4g")):
        state.apply(Play(parse_card(card)), seat)
    state.apply(Play(parse_card("12y")), 0)
    # North plays before the dummy, whose 14y (face up) will take the trick: North gives it the 10.
    assert player.choose(state.view(1)) == Play(parse_card("10y"))


@pytest.mark.parametrize("player", [SearchPlayer(1, STRONG), BasicPlayer(1)], ids=["strong", "easy"])
def test_two_players_the_dummy_is_played_from_its_own_view(player):
    state = two_player_hand()
    view = state.view(2)
    assert view.seat == 2 and dict(view.shown)[1] == tuple(state.hand(1))
    assert view.side == view.team_of[1]  # the dummy plays for its player's team
    action = player.choose(view)
    assert isinstance(action, Play) and action.card in state.hand(2)


# ----------------------------------------------------------- Kentucky Discard
WEAK_DEAL = Deal(
    3,
    (
        tuple(parse_cards("6r 7r 8x 9x 6y 7y 8g 9g 11g")),
        tuple(parse_cards("5r 9r 11r 12x 13x 8y 12y 13y 10g")),
        tuple(parse_cards("14r 13r 5x 6x 7x 10x 11x 14y 5g")),
        tuple(parse_cards("10r 12r 8r 14x 5y 9y 11y 12g 13g")),
    ),
    tuple(parse_cards("rook 14g 7g 6g 10y")),
)


@pytest.mark.parametrize("player", [SearchPlayer(1, STRONG), SearchPlayer(2, NORMAL, "normal"), BasicPlayer(1)],
                         ids=["strong", "normal", "easy"])
def test_kentucky_a_hand_that_would_pass_checks(player):
    # The search players open nearly any hand at 70; at a table whose minimum is 120 a weak hand would pass.
    rules = VARIANTS["kentucky"] if isinstance(player, BasicPlayer) else with_options(
        VARIANTS["kentucky"], TableOptions(min_bid=120))
    state = GameState(rules, first_deal=WEAK_DEAL)
    view = state.view(0)
    assert CHECK in view.legal
    assert player.choose(view) == CHECK
    # A seat checks once a hand: when everyone has checked, the same hand passes.
    for seat in range(4):
        state.apply(CHECK, seat)
    view = state.view(0)
    assert CHECK not in view.legal
    assert player.choose(view) == PASS


def test_kentucky_checks_are_made_in_whole_games():
    checks = 0
    for seed in range(3):
        state = play_game(VARIANTS["kentucky"], ["normal", "easy"], seed)
        checks += sum(isinstance(event, Checked) for event in state.events)
    assert checks > 0


# --------------------------------------------------------------- the Beginner Game
def test_beginner_knowledge_puts_the_turned_cards_in_the_nest_and_the_rest_is_unknown():
    state = GameState(VARIANTS["beginner"], seed=8)
    assert state.phase is Phase.PLAY
    view = state.view(state.turn)
    knowledge = Knowledge.from_view(view)
    turned = mask_of(view.trump_turned)
    assert turned and knowledge.known_nest == turned and not knowledge.unseen & turned
    assert knowledge.needs[NEST] == 5 - turned.bit_count()
    deal = deal_unseen(knowledge, random.Random(3))
    assert deal.nest & turned == turned and deal.nest.bit_count() == 5
    outlook = Outlook.of(view)
    assert outlook.bidder_team is None and outlook.size == 4
    assert outlook.outcome([6, 6, 6, 6]) == 0


def test_choices_are_repeatable_in_every_variant():
    for name, rules in VARIANTS.items():
        state = GameState(rules, seed=21)
        players = {seat: SearchPlayer(seat, SMALL["strong"]) for seat in rules.people}
        for _ in range(12):
            seat = state.turn
            view = state.view(seat)
            player = players[state.actor]
            first = player.choose(view)
            assert SearchPlayer(player.seed, SMALL["strong"]).choose(view) == first, name
            state.apply(first, seat)


def test_check_is_a_legal_action_of_its_own():
    assert isinstance(CHECK, Check)
