"""The hint line checked for being true on hand-made positions: a trick's points as the game tells them (red
points, and the Golden Ten apart), and a card said to take the trick, or a card to go to a side, only where no
card still to come can go over it, by what the seat to play knows."""

from __future__ import annotations

from rook_access.announcer.hints import advice_line, hint_line
from rook_access.announcer.why import why_line
from rook_access.engine import PARTNERSHIP, GameState, Phase, Play, SeatView, parse_card
from rook_access.engine.rules import VARIANTS
from rook_access.players import BasicPlayer
from rook_access.players.base import BasicAdvice
from rook_access.players.basic import RuleKind
from rook_access.players.search.advice import PlayAdvice, play_advice
from rook_access.players.search.play import CardResult, PlayAnalysis
from tests.announcer.test_why_true import flip_deal
from tests.helpers.hands import block_deal, play_cards, start_play, west_void_of_red

FLIP_YELLOWS = "1y 2y 3y 4y 5y 6y 7y 9y 11y 13y 14y"
"""The yellows but 8y, 10y and 12y: South's, where the others hold no yellow."""


def _advice(view: SeatView, card: str) -> PlayAdvice:
    """The strong player's advice of ``card`` for ``view`` (``play_advice``), from a search that weighed no deal:
    no figure, so the line is the trick's facts alone."""
    chosen = parse_card(card)
    return play_advice(view, PlayAnalysis({chosen: CardResult(chosen)}, 0, False, 0.0, chosen=chosen))


def _hint(state: GameState, card: str) -> str:
    view = state.view(state.turn)
    return advice_line(view, _advice(view, card))


def _flip(hands: dict[int, str], dealer: int = 3, no_yellow: str = "") -> GameState:
    """Flip for four, ``hands`` given and the rest filled up; the seats of ``no_yellow`` ("123") hold no yellow
    but what ``hands`` gives them."""
    voids = {int(seat): "y" for seat in no_yellow}
    return GameState(VARIANTS["flip"], first_deal=flip_deal(dealer, hands, voids=voids))


# ------------------------------------------------------------ Flip: the trick's points
def test_a_flip_trick_taken_says_its_red_points_and_the_golden_ten_apart():
    """East, last to play with only 10r and 13r in red, takes South's 9r, West's 1r and North's Golden Ten with 10r: the
    line said "the trick is yours, 2 red points" (12 red points less the Golden Ten's 10); the game says "12 red
    points and the Golden Ten"."""
    deal = flip_deal(3, {0: "9r", 1: "1r", 2: "10y", 3: "10r 13r"}, voids={1: "r", 2: "r", 3: "r"})
    state = GameState(VARIANTS["flip"], first_deal=deal)
    play_cards(state, "9r", "1r", "10y")
    assert _hint(state, "10r") == (
        "Play 10r: South leads red; you cannot duck: the trick is yours, 12 red points and the Golden Ten."
    )


def test_the_golden_ten_taking_the_trick_last_is_not_said_to_duck():
    """East, last to play with only 10y and 12y in yellow, takes South's 8y, West's 10r and North's 1r with the
    Golden Ten: the trick came to 1 point (11 red less 10), and the line said "it ducks under the winning card",
    of the card that takes the trick."""
    state = _flip({0: f"8y {FLIP_YELLOWS}", 1: "10r", 2: "1r", 3: "10y 12y"}, no_yellow="123")
    play_cards(state, "8y", "10r", "1r")
    assert _hint(state, "10y") == (
        "Play 10y: South leads yellow; you cannot duck: the trick is yours, 11 red points and the Golden Ten."
    )


def test_a_flip_trick_taken_where_the_seat_could_duck_is_not_said_to_be_forced():
    """East, last to play, holds 2y under South's 8y but takes the trick with 12y: "you cannot duck" was false."""
    state = _flip({0: f"8y 10y {FLIP_YELLOWS.replace('2y ', '')}", 1: "10r", 2: "1r", 3: "2y 12y"}, no_yellow="123")
    play_cards(state, "8y", "10r", "1r")
    assert _hint(state, "12y") == "Play 12y: South leads yellow; the trick is yours, 11 red points."


# ------------------------------------------------------------ Flip: who takes the trick
def test_a_flip_lead_no_one_can_go_over_is_not_said_to_be_for_someone_else_to_go_over():
    """North leads 14g, the top green, in a game without trump: "for someone else to go over" was false."""
    state = _flip({2: "14g 1r 2r 3r 4r 5r 6r 7r 8r 9r 10r 11r 12r 13r"}, dealer=1)
    assert state.turn == 2
    assert _hint(state, "14g") == "Play 14g: you lead green, and no one can go over it: the trick is yours."
    # a card someone may go over keeps its reason
    assert _hint(state, "1r") == "Play 1r: you lead red, for someone else to go over."


def test_the_golden_ten_that_goes_over_the_winning_card_is_not_said_to_duck_under_it():
    """West's Golden Ten over South's 3y, on East's 10r: the trick's points came to 0 (10 red less 10), and the
    line said "it ducks under the winning card", of the card that takes the lead."""
    state = _flip({3: "8y", 0: "10r", 1: "10y"}, dealer=2, no_yellow="0")
    play_cards(state, "8y", "10r")
    assert _hint(state, "10y") == (
        "Play 10y: your partner East leads yellow; it goes over the winning card, and a later card may still go "
        "higher."
    )


def test_the_golden_ten_taking_the_lead_before_the_last_card_is_not_said_to_take_the_trick():
    """West's Golden Ten over South's 8y, with North and East still to play and higher yellows unseen: "it takes
    the trick with the Golden Ten in it" was false."""
    state = _flip({0: "8y", 1: "10y"})
    play_cards(state, "8y")
    assert _hint(state, "10y") == (
        "Play 10y: South leads yellow; it goes over the winning card, and a later card may still go higher."
    )


def test_the_golden_ten_on_a_partners_card_that_may_be_beaten_is_not_said_to_go_to_the_side():
    """North's Golden Ten under its partner South's 13y, with East still to play and 14y unseen: "the Golden Ten
    goes to your side" was false; with 14y in North's own hand no one can go over, and it is true."""
    state = _flip({0: "13y", 1: "1y", 2: "10y", 3: "14y"})
    play_cards(state, "13y", "1y")
    assert _hint(state, "10y") == (
        "Play 10y: your partner South leads yellow; your partner South is winning it: the Golden Ten goes to your "
        "side unless someone goes over."
    )
    state = _flip({0: "13y", 1: "1y", 2: "10y 14y"})
    play_cards(state, "13y", "1y")
    assert _hint(state, "10y") == (
        "Play 10y: your partner South leads yellow; your partner South is winning it: the Golden Ten goes to your "
        "side."
    )


# ------------------------------------------------------------ the easy player's sure winner
def _south_leads_14r() -> GameState:
    """Green trump, South to lead with 9 red cards (14r the top red unseen); West holds no red, and trumps."""
    return west_void_of_red()


def _easy_lead(seed: int, trick: int) -> tuple[SeatView, BasicAdvice]:
    """The easy players' game of ``seed`` (a hand of the partnership game) up to the lead of trick ``trick``
    (from 0): the leader's view, and its advice."""
    state = GameState(PARTNERSHIP.replace(hands_limit=1), seed=seed)
    while True:
        seat = state.seats_to_act()[0]
        view = state.view(seat)
        advice = BasicPlayer(seat).advise(view)
        if view.phase is Phase.PLAY and not view.trick and len(view.tricks) == trick:
            return view, advice
        state.apply(advice.action, seat)


def test_a_top_card_led_while_trumps_are_out_is_not_said_to_be_a_sure_winner():
    """South leads 14r, the top red unseen, with trumps unseen and West (no red) free to trump it: "a sure
    winner" was false, in the hint and in why."""
    state = _south_leads_14r()
    view = state.view(0)
    advice = BasicPlayer(0).advise(view)
    assert advice.kind == RuleKind.SURE_WINNER and advice.action == Play(parse_card("14r"))
    assert hint_line(view, BasicPlayer(0)) == (
        "Play 14r: by rule of thumb, lead the richest card that no unseen card of its color beats."
    )
    assert why_line(view, advice.action, advice) == (
        "South led 14r: no unseen red card beats it, though it may be trumped; it led the one with the most points."
    )


def test_a_sure_winner_is_said_where_no_card_to_come_can_beat_it():
    """West leads 14y with no trump left to the others: a sure winner, in the hint and in why."""
    view, advice = _easy_lead(6, 3)
    assert advice.kind == RuleKind.SURE_WINNER and advice.action == Play(parse_card("14y"))
    assert advice_line(view, advice) == "Play 14y: by rule of thumb, lead a sure winner, the richest in points."
    assert why_line(view, advice.action, advice) == (
        "West led 14y: a sure winner: no card still to come can beat it, and it led the one with the most points."
    )


# ------------------------------------------------------------ points given, trumps drawn
def test_points_given_to_a_partners_card_that_may_be_beaten_are_not_said_to_go_to_the_side():
    """North throws 10x on its partner South's 14r, with East still to play and trumps unseen: "it gives 10
    points to your side" was said as sure."""
    state = _south_leads_14r()
    play_cards(state, "14r", "13x")
    assert _hint(state, "10x") == (
        "Play 10x: your partner South leads red; South is winning the trick; it gives 10 points to your side if "
        "that card holds."
    )


def test_a_trump_lead_with_no_trump_left_unseen_is_not_said_to_draw_out_trumps():
    """South, the bid winner, holds or buried every trump: "you lead trump to draw out the other side's trumps"
    named trumps no one else holds."""
    state = start_play(block_deal(dealer=3), 0, "5x 5y 5g 6r 7r", "red")
    assert _hint(state, "14r") == "Play 14r: you lead trump."


def test_a_flip_red_card_under_a_partners_card_is_not_said_to_keep_the_red_cards_from_the_side():
    """North, with no green, throws 5r under its partner South's 4g: "so you do not take the red cards" was said
    of red points the side takes if South's card holds."""
    state = GameState(VARIANTS["flip"], first_deal=flip_deal(3, {0: "4g", 1: "2g", 2: "5r"}, voids={2: "g"}))
    play_cards(state, "4g", "2g")
    assert _hint(state, "5r") == (
        "Play 5r: your partner South leads green; it ducks under your partner's 4g, and puts 5 red points in the "
        "trick."
    )
