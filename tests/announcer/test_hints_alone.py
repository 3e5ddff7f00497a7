"""Hints to a player who plays alone say "you", never "your side" or "your partner".

Rook for 3 to 8 is played alone at every table size; High 14 and Flip are
played by partners at four only.  The hint's words follow the team of the
hand (``SeatView.partners``), so they are right at every table size.
"""

from __future__ import annotations

import dataclasses
import math

import pytest

from rook_access.announcer.hints import advice_line, hint_line
from rook_access.engine import GameState, Phase, Play, RuleSet, card_color, parse_card
from rook_access.engine.rules import FLIP, HIGH_14, PARTNERSHIP_1913, ROOK_1913
from rook_access.players import BasicPlayer
from rook_access.players.search.advice import PlayAdvice
from rook_access.players.search.player import STRONG, HintPlayer
from tests.players.test_players import west_declares

ALONE = [(HIGH_14, 3), (HIGH_14, 5), (HIGH_14, 6), (FLIP, 3), (FLIP, 5), (FLIP, 6), (FLIP, 7),
         *((ROOK_1913, players) for players in ROOK_1913.table_sizes)]
PARTNERS = [(HIGH_14, 4), (FLIP, 4), (PARTNERSHIP_1913, 4), (PARTNERSHIP_1913, 6)]


def _ids(tables: list[tuple[RuleSet, int]]) -> list[str]:
    return [f"{rules.name}-{players}" for rules, players in tables]


def first_play_view(rules: RuleSet, seed: int = 1):
    """The view of the seat to act as the first card of the game's first hand is led (bids by easy players)."""
    state = GameState(rules, seed=seed)
    easy = BasicPlayer(seed)
    while state.phase is not Phase.PLAY:
        state.apply(easy.choose(state.view(state.turn)))
    return state.view(state.turn)


def play_advice(view, *, exact: bool = False, trump_lead: bool = False) -> PlayAdvice:
    """Advice to lead the view's first legal card, 12 points better than the next legal card (as the search
    would give it)."""
    card, second = [action.card for action in view.legal if isinstance(action, Play)][:2]
    trump = view.trump
    led = trump if trump_lead else 0
    return PlayAdvice(action=Play(card), points=12, samples=40, exact=exact, leader=None, led_suit=led, trump=trump,
                      winning=None, shown_out=(), takes_lead=True, last_to_play=False, trick_points=0,
                      card_points=0, partner_winning=False, next_best=second, next_best_by=12.0, score=3.0)


@pytest.mark.parametrize(("rules", "players"), ALONE, ids=_ids(ALONE))
def test_a_play_hint_to_a_player_alone_says_you(rules, players):
    view = first_play_view(rules.at_table(players))
    assert view.partners == ()
    sampled = advice_line(view, play_advice(view))
    assert "over 40 guesses at the hidden cards, it does about 12 points better than " in sampled, sampled
    lines = [sampled]
    if not rules.avoid_points:
        exact = advice_line(view, play_advice(view, exact=True))
        assert "solved exactly over 40 guesses at the hidden cards, it does about 12 points better " in exact, exact
        trump = advice_line(view, play_advice(view, trump_lead=True))
        assert "you lead trump to draw out the others' trumps" in trump, trump
        lines += [exact, trump]
    for line in lines:
        assert "your side" not in line and "partner" not in line and "other side" not in line, line


@pytest.mark.parametrize(("rules", "players"), PARTNERS, ids=_ids(PARTNERS))
def test_a_play_hint_to_partners_weighs_the_next_best_and_says_the_other_side(rules, players):
    view = first_play_view(rules.at_table(players))
    assert view.partners
    line = advice_line(view, play_advice(view))
    assert "over 40 guesses at the hidden cards, it does about 12 points better than " in line, line
    if not rules.avoid_points:
        trump = advice_line(view, play_advice(view, trump_lead=True))
        assert "you lead trump to draw out the other side's trumps" in trump, trump


def test_the_strong_hint_in_high_14_for_three_says_you():
    """The hint command's own player, in a real position of High 14 for three."""
    hinter = HintPlayer(budget=dataclasses.replace(STRONG, deadline=math.inf, samples=16))
    view = first_play_view(HIGH_14.at_table(3), seed=2)
    line = hint_line(view, hinter)
    assert line.startswith("Play ") and "guesses at the hidden cards, it does about" in line, line
    assert "your side" not in line and "partner" not in line, line


def test_the_easy_player_s_reason_for_pulling_trumps_alone_says_the_others():
    """Rook for 3 to 8: the bid winner, alone, leads a sure trump to pull the others' trumps."""
    reasons = []
    for seed in range(6):
        state = GameState(ROOK_1913.at_table(5), seed=seed)
        easy = BasicPlayer(seed)
        while not state.is_over and state.hand_number == 1:
            view = state.view(state.turn)
            advice = easy.advise(view)
            if isinstance(advice.action, Play):
                reasons.append(advice_line(view, advice))
            state.apply(advice.action)
    assert any("pull the others' trumps" in line for line in reasons)
    assert not any("other side" in line or "your side" in line or "partner" in line for line in reasons)


WINNING = [(rules, players) for rules, players in PARTNERS if not rules.avoid_points]  # Flip words its ducks apart


@pytest.mark.parametrize(("rules", "players"), WINNING, ids=_ids(WINNING))
def test_a_card_thrown_on_a_trick_it_cannot_win_is_said_so_in_the_users_person(rules, players):
    view = first_play_view(rules.at_table(players))
    thrown = dataclasses.replace(play_advice(view), leader=1, winning=1, takes_lead=False)
    line = advice_line(view, thrown)
    assert "you cannot win it, and this card gives away no points" in line, line
    # A card with points thrown on an opponent's trick says what it gives away.
    costly = dataclasses.replace(thrown, card_points=5)
    assert "you cannot win it, and this card gives away 5 points" in advice_line(view, costly)


def test_a_card_that_lets_a_trick_go_is_not_said_to_be_unable_to_win_it():
    """West, out of yellow and holding trump, throws 9x on North's 5y: it could trump, so it lets the trick go."""
    state = west_declares()
    for seat, card in ((1, "7x"), (2, "14x"), (3, "8x"), (0, "6x"), (2, "5y"), (3, "11y"), (0, "7y")):
        state.apply(Play(parse_card(card)), seat)
    view = state.view(1)
    thrown = parse_card("9x")
    assert Play(thrown) in view.legal and Play(parse_card("13r")) in view.legal
    advice = PlayAdvice(action=Play(thrown), points=12, samples=40, exact=False, leader=2,
                        led_suit=card_color(parse_card("5y")), trump=view.trump, winning=3, shown_out=(),
                        takes_lead=False, last_to_play=True, trick_points=0, card_points=0, partner_winning=False)
    line = advice_line(view, advice)
    assert "you let it go, and this card gives away no points" in line, line
    assert "cannot win" not in line, line
