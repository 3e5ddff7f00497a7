"""The why line of a computer's move checked for being true on hand-made positions: the points a trick holds
as the game counts them."""

from __future__ import annotations

from rook_access.announcer.review import difference_line
from rook_access.announcer.why import holds_words, trick_facts, why_line
from rook_access.engine import (
    PASS,
    Bid,
    Deal,
    Discard,
    GameState,
    NameTrump,
    Play,
    card_color,
    parse_card,
    parse_cards,
    parse_color,
)
from rook_access.engine.rules import VARIANTS
from rook_access.players import BasicPlayer
from rook_access.players.search.advice import PlayAdvice
from rook_access.players.search.review import Difference
from tests.helpers.hands import make_deal, play_cards, start_play, west_leads_yellow

FLIP = VARIANTS["flip"]


def flip_deal(dealer: int, hands: dict[int, str], voids: dict[int, str] | None = None) -> Deal:
    """A deal of Flip for four: each seat of ``hands`` holds those cards, and every seat is filled up to 14
    from the rest of the pack, in its order, leaving out the colors of ``voids`` ("r" or "ry": none of them)."""
    given = {seat: parse_cards(text) for seat, text in hands.items()}
    rest = [card for card in FLIP.deck if not any(card in cards for cards in given.values())]
    dealt = []
    for seat in range(4):
        cards = list(given.get(seat, ()))
        void = {parse_color(letter) for letter in (voids or {}).get(seat, "")}
        while len(cards) < FLIP.hand_size:
            card = next(card for card in rest if card_color(card) not in void)
            rest.remove(card)
            cards.append(card)
        dealt.append(tuple(cards))
    assert not rest
    return Deal(dealer, tuple(dealt), ())


def _basic_line(state: GameState, hidden: bool = False, you: int | None = None) -> str:
    """The why line of the easy player's move for the seat to play, told once its hand is seen (or while it is
    ``hidden``: its other cards secret from the asker)."""
    seat = state.seats_to_act()[0]
    view = state.view(seat)
    advice = BasicPlayer(seat).advise(view)
    assert isinstance(advice.action, Play)
    others = sum(1 << card for card in view.hand) & ~(1 << advice.action.card) if hidden else 0
    return why_line(view, advice.action, advice, secret=others, you=you)


# ------------------------------------------------------ Flip's points in a trick
def _golden_trick() -> GameState:
    """Flip: South led 8y, West (no yellow) 14g, North the Golden Ten; East, with no yellow, to play."""
    hands = {0: "8y", 1: "14g", 2: "10y", 3: "14r 4r 7r"}
    state = GameState(FLIP, first_deal=flip_deal(3, hands, voids={1: "y", 3: "y"}))
    play_cards(state, "8y", "14g", "10y")
    return state


def test_a_flip_trick_with_the_golden_ten_holds_red_points_and_the_golden_ten_never_negative_points():
    """East's 14r on North's Golden Ten: the line said "the trick holds -9 red points" where the game says
    "North takes trick 1, 1 red point and the Golden Ten"."""
    state = _golden_trick()
    view = state.view(3)
    card = parse_card("14r")
    assert holds_words(FLIP, trick_facts(view, card)) == "the trick holds 1 red point and the Golden Ten"
    # the strong player's line, from its figure (none here) and the trick's facts
    advice = PlayAdvice(Play(card), None, 96, False, 0, parse_color("yellow"), view.trump, 2, (), False, True, -10, 1,
                        False)  # fmt: skip
    assert why_line(view, Play(card), advice) == (
        "East played 14r: it had no yellow; North's 10y was winning; the trick holds 1 red point and the Golden Ten."
    )
    # the easy player's, while East's other cards are hidden
    assert _basic_line(state, hidden=True) == (
        "East played 14r: it could not follow; the trick holds 1 red point and the Golden Ten."
    )
    # before the last card: the Golden Ten alone, "so far"
    west = GameState(FLIP, first_deal=flip_deal(3, {0: "8y", 1: "14g", 2: "10y"}, voids={1: "y"}))
    play_cards(west, "8y", "14g")
    view = west.view(2)
    assert holds_words(FLIP, trick_facts(view, parse_card("10y"))) == "the trick holds the Golden Ten so far"


# ------------------------------------------------------ a trick's points before its last card
def _west_trumps_south() -> GameState:
    """Green trump; South led 11r and West, with no red, holds 14g 11g 10g 6g 5g and the Bird."""
    deal = make_deal(
        (
            "11r 12r 13r 14r 10r 9r 8r 7r 6r",
            "14g 11g 10g 6g 5g rook 5x 6x 7x",
            "12g 13g 7g 8g 9g 8x 9x 10x 11x",
            "5y 6y 7y 8y 9y 10y 11y 12y 13y",
        ),
        "14y 12x 13x 14x 5r",
        dealer=3,
    )
    state = start_play(deal, 1, "5r 5x 6x 7x 12x", "green")
    play_cards(state, "11r")
    return state


def test_an_easy_players_card_before_the_last_of_the_trick_says_its_points_so_far():
    """ "the trick holds 10 points" was said of a trick still open, where the strong player's lines say "so
    far"."""
    hidden = _basic_line(_west_trumps_south(), hidden=True, you=0)
    assert hidden == "West played 14g: it beats your 11r; the trick holds 10 points so far."


# ------------------------------------------------------ review's words for a trick's points
def test_review_says_no_points_so_far_as_why_does_not_a_trick_of_0_points():
    """North played 6x on West's 11r where its 6y (trump) wins the trick: the reason said "in a trick of 0
    points"; why says "no points", and "so far" before the trick's last card."""
    state = west_leads_yellow()
    state.apply(Bid(70), 1)
    for seat in (2, 3, 0):
        state.apply(PASS, seat)
    state.apply(Discard(frozenset(parse_cards("5g 6g 7x 8x 9r"))), 1)
    state.apply(NameTrump(parse_color("yellow")), 1)
    play_cards(state, "11r")
    view = state.view(2)
    better = Play(parse_card("6y"))
    advice = PlayAdvice(better, 0, 96, False, 1, parse_color("red"), parse_color("yellow"), 1, (), True, False, 0, 0,
                        False)  # fmt: skip
    difference = Difference(view, Play(parse_card("6x")), advice, 5.0)
    assert difference_line(difference) == (
        "Trick 1: you played 6x; 6y was better by about 5 points, over 96 likely deals: it beats West's 11r; the "
        "trick holds no points so far."
    )


def test_flip_deal_helper_keeps_the_voids():
    deal = flip_deal(3, {3: "14r"}, voids={3: "y"})
    assert not any(card_color(card) == parse_color("yellow") for card in deal.hands[3])
    assert sorted(card for hand in deal.hands for card in hand) == sorted(FLIP.deck)

