"""The why line of a computer's move checked for being true on hand-made positions: the easy player's rule
said as that rule really chose the card, the points a trick holds as the game counts them, no bidding asked of
a game without it, and no side for a player alone."""

from __future__ import annotations

import pytest

from rook_access.announcer.review import difference_line
from rook_access.announcer.why import holds_words, trick_facts, why_line
from rook_access.engine import (
    PARTNERSHIP,
    PASS,
    Bid,
    Deal,
    Discard,
    GameState,
    NameTrump,
    Phase,
    Play,
    RuleSet,
    card_color,
    parse_card,
    parse_cards,
    parse_color,
)
from rook_access.engine.rules import VARIANTS, BirdRank
from rook_access.players import BasicPlayer
from rook_access.players.basic import RuleKind
from rook_access.players.search.advice import NestAdvice, PlayAdvice, TrumpAdvice
from rook_access.players.search.review import Difference
from tests.helpers.console import run_in_process
from tests.helpers.hands import make_deal, play_cards, start_play, west_leads_yellow, west_void_of_red

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


# ------------------------------------------------------------ Flip's leads
def test_a_flip_lead_of_its_only_card_not_red_that_no_card_beats_says_it_takes_the_trick():
    """North held 14g and red cards: "it led its lowest card, so that someone else takes the trick" was said
    of the top green, in a game without trump, that took the trick."""
    state = GameState(FLIP, first_deal=flip_deal(1, {2: "14g 1r 2r 3r 4r 5r 6r 7r 8r 9r 10r 11r 12r 13r"}))
    assert state.turn == 2
    assert _basic_line(state) == (
        "North led 14g: it led its only card that is not red; no unseen green card beats it, so it takes the trick."
    )
    # While North's other cards are hidden, its rule is told, and what the whole table knows: no 15g exists.
    assert _basic_line(state, hidden=True) == (
        "North led 14g: by its rule of thumb, it leads low, red cards last; no card left beats it, so it takes "
        "the trick."
    )


def test_a_flip_lead_over_lower_red_cards_says_its_lowest_card_that_is_not_red():
    """East held 4r 7r 8r under its 8y: "it led its lowest card" was false."""
    hands = {3: "4r 7r 8r 8y 11y 12y 9x 10x 11x 12x 13x 14x 9g 10g"}
    state = GameState(FLIP, first_deal=flip_deal(2, hands))
    assert state.turn == 3
    assert _basic_line(state) == (
        "East led 8y: it led its lowest card that is not red, so that someone else takes the trick."
    )


def test_a_flip_lead_of_red_cards_only_says_so_and_keeps_the_golden_ten():
    hands = {2: "1r 2r 3r 4r 5r 6r 7r 8r 9r 10r 11r 12r 13r 10y"}
    state = GameState(FLIP, first_deal=flip_deal(1, hands))
    assert _basic_line(state) == (
        "North led 1r: it had only red cards and the Golden Ten, and led its lowest red card, so that someone "
        "else takes the trick."
    )


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


# ------------------------------------------------------ Flip's cards played to a trick
def test_a_flip_card_made_to_go_over_is_the_fewest_red_points_not_the_lowest():
    """West, made to go over South's 1r with 5r or 14r, played 14r (1 red point, not 5): "it went as low as it
    could" was false."""
    state = GameState(FLIP, first_deal=flip_deal(3, {0: "1r", 1: "5r 14r"}, voids={1: "r"}))
    play_cards(state, "1r")
    assert _basic_line(state) == (
        "West played 14r: it had to go over South's 1r, so it went over with the lowest of its cards with the "
        "fewest red points."
    )


def test_a_flip_card_thrown_on_a_partners_trick_with_only_red_cards_is_not_said_to_cost_nothing():
    """North, with only red cards, threw 14r on its partner South's 5g: "it threw a high card that
    costs nothing" was false."""
    hands = {0: "5g", 1: "3g", 2: "1r 2r 3r 4r 5r 6r 7r 8r 9r 10r 11r 12r 13r 14r"}
    state = GameState(FLIP, first_deal=flip_deal(3, hands))
    play_cards(state, "5g", "3g")
    assert _basic_line(state) == (
        "North played 14r: its partner South's 5g was winning the trick; it had only red cards, and gave the fewest "
        "red points it could."
    )


def test_a_flip_card_thrown_off_with_no_red_card_is_its_highest_not_its_costliest():
    """West, with no green and no red card, threw 9x on South's 5g, keeping the Golden Ten: "it threw its
    costliest card" named a cost that no card of its had."""
    hands = {0: "5g", 1: "10y 9x 8x 7x 6x 5x 4x 3x 2x 1x 1y 2y 3y 4y"}
    state = GameState(FLIP, first_deal=flip_deal(3, hands))
    play_cards(state, "5g")
    assert _basic_line(state) == (
        "West played 9x: it could not follow and had no red card, so it threw its highest card but the Golden Ten "
        "on South's 5g."
    )


# ------------------------------------------------------ winning cheaply, surely
def _west_trumps_south() -> GameState:
    """Green trump; South led 11r and West, with no red, holds 14g 11g 10g 6g 5g and the Bird."""
    state = west_void_of_red()
    play_cards(state, "11r")
    return state


def test_an_easy_players_card_before_the_last_of_the_trick_says_its_points_so_far():
    """ "the trick holds 10 points" was said of a trick still open, where the strong player's lines say "so
    far"."""
    hidden = _basic_line(_west_trumps_south(), hidden=True, you=0)
    assert hidden == "West played 14g: it beats your 11r; the trick holds 10 points so far."


def test_win_cheaply_says_the_lowest_card_it_counted_sure_where_lower_ones_beat_too():
    """West's 14g over South's 11r: 5g, 6g, 10g and 11g beat it too, but with North still to play and greens
    unseen above them, only 14g was sure to hold the trick (the Bird kept apart): "it beats your 11r as cheaply
    as it could" was false."""
    state = _west_trumps_south()
    view = state.view(1)
    assert BasicPlayer(1).advise(view).kind == RuleKind.WIN_CHEAPLY
    assert _basic_line(state, you=0) == (
        "West played 14g: it beats your 11r with the lowest card it counted sure to win the trick; the trick holds "
        "10 points so far."
    )


def test_a_card_thrown_while_only_the_bird_was_sure_says_the_bird_was_kept():
    """West, with 13g and the Bird on South's 7g (14g unseen): only the Bird was sure; it is kept for a trick
    worth 15 points, so West played 13g.  "none of its cards was sure to win the trick" was false."""
    deal = make_deal(
        (
            "7g 6r 7r 8r 9r 10r 11r 12r 13r",
            "13g rook 5x 6x 9x 11x 14x 9y 13y",
            "14g 12g 11g 10g 9g 8g 5g 6g 14r",
            "5y 6y 7y 8y 10y 11y 12y 14y 5r",
        ),
        "7x 8x 10x 12x 13x",
        dealer=3,
    )
    state = start_play(deal, 3, "5y 6y 7y 8y 11y", "black")
    play_cards(state, "7g")
    assert BasicPlayer(1).advise(state.view(1)).kind == RuleKind.THROW_CHEAPEST
    assert _basic_line(state) == (
        "West played 13g: only the Bird was sure to win the trick over South's 7g, and it keeps the Bird for a "
        "trick worth 15 points or more, so it played its cheapest card."
    )


@pytest.mark.parametrize(("rank", "reason"), [
    (BirdRank.HIGH, "the Bird goes over North's 12g in a trick worth 15 points or more"),
    (BirdRank.LOW, "it played the Bird on a trick worth 15 points or more, though it does not beat North's 12g"),
])  # fmt: skip
def test_the_bird_played_on_a_trick_of_15_points_is_not_said_to_take_it_where_it_does_not(rank, reason):
    """East plays the Bird on 10y, 5y and North's 12g (green trump): "the Bird takes a trick worth 15 points or
    more" was said of a low Bird too, the lowest trump, which loses to the 12g."""
    deal = make_deal(
        (
            "10y 6r 7r 8r 9r 10r 11r 12r 13r",
            "5y 5x 6x 7x 8x 9x 10x 11x 12x",
            "12g 5g 6g 7g 8g 9g 10g 11g 14r",
            "rook 6y 7y 8y 9y 11y 12y 13y 14y",
        ),
        "13x 14x 13g 14g 5r",
        dealer=3,
    )
    state = start_play(deal, 1, "13x 14x 13g 14g 5r", "green", rules=PARTNERSHIP.replace(bird_rank=rank))
    play_cards(state, "10y", "5y", "12g")
    assert BasicPlayer(3).advise(state.view(3)).kind == RuleKind.BIRD
    assert _basic_line(state) == f"East played rook: {reason}; the trick holds 35 points."


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
        "Trick 1: you played 6x; 6y was better by about 5 points, over 96 guesses at the hidden cards: it beats "
        "West's 11r; the "
        "trick holds no points so far."
    )
    # terse and braille: the deals the stake is taken over are left out
    assert difference_line(difference, terse=True) == (
        "Trick 1: you played 6x; 6y was better by about 5 points: it beats West's 11r; the trick holds no points "
        "so far."
    )


# ------------------------------------------------------ no bidding, no sides
@pytest.mark.parametrize(
    ("variant", "seed", "title"), [("beginner", 8, "the Beginner Game"), ("high-14", 15, "High 14")]
)
def test_why_bid_in_a_game_without_bidding_says_there_is_none(variant, seed, title):
    """"West has not bid yet" (and "no computer player has moved", for why bid) in a game with no bidding."""
    output, _, _, _ = run_in_process(["why west bid", "why bid"], seed=seed, rules=VARIANTS[variant])
    assert output.count(f"There is no bidding in {title}.") == 2, output
    assert not any("has not bid" in line or "no computer player has moved" in line for line in output), output


def _bid_won(rules: RuleSet, phase: Phase) -> GameState:
    """A hand of ``rules`` played by easy players up to the bid winner's ``phase`` (its discard, or trump)."""
    state = GameState(rules.replace(hands_limit=1), seed=3)
    players = [BasicPlayer(seat) for seat in range(rules.players)]
    while state.phase is not phase:
        seat = state.seats_to_act()[0]
        state.apply(players[state.controller(seat)].choose(state.view(seat)), seat)
    return state


@pytest.mark.parametrize(("variant", "whose"), [("three", "itself"), ("five", "itself"), ("partnership", "its side")])
def test_a_trump_named_alone_scored_best_for_itself_not_for_its_side(variant, whose):
    """The bid winner of the games for 3 and 5 plays alone: "the color that scored best for its side" named a side
    it has not; so did its discard's line."""
    rules = VARIANTS[variant]
    state = _bid_won(rules, Phase.TRUMP)
    view = state.view(state.seats_to_act()[0])
    name = rules.names[view.seat]
    action = NameTrump(parse_color("green"))
    line = why_line(view, action, TrumpAdvice(action, (), 0.0, 96))
    assert line == (
        f"{name} named green trump: over 96 guesses at the hidden cards, the color that scored best for {whose}.")
    state = _bid_won(rules, Phase.DISCARD)
    view = state.view(state.seats_to_act()[0])
    buried = Discard(frozenset(view.hand[:rules.nest_size]))
    line = why_line(view, buried, NestAdvice(buried, parse_color("green"), 5, (), 0, 0.0, 96))
    assert line == (
        f"{name} buried {rules.nest_size} cards: of the discards it tried over 96 guesses at the hidden cards, "
        f"with green trump "
        f"after it, this one scored best for {whose}."
    )


def test_flip_deal_helper_keeps_the_voids():
    deal = flip_deal(3, {3: "14r"}, voids={3: "y"})
    assert not any(card_color(card) == parse_color("yellow") for card in deal.hands[3])
    assert sorted(card for hand in deal.hands for card in hand) == sorted(FLIP.deck)



def test_an_easy_hint_to_win_cheaply_does_not_call_the_card_sure_where_an_unshown_void_may_trump():
    """West's 14y on South's 5y, green trump: no yellow card beats it, so the rule counts it sure to hold the
    trick, but North, still to play, has shown no void and holds only green.  The hint said "your lowest card
    sure to hold it", which the deal makes false; the rule's own count is what it may say."""
    deal = make_deal(
        (
            "5y 7y 8y 5r 6r 7r 8r 9r 10r",
            "14y 6y 5x 6x 7x 8x 9x 10x 11x",
            "5g 6g 7g 8g 9g 10g 11g 12g 13g",
            "9y 10y 11y 12y 13y 11r 12r 13r 14r",
        ),
        "14g rook 12x 13x 14x",
        dealer=3,
    )
    state = start_play(deal, 3, "12x 13x 14x 11r 12r", "green")
    play_cards(state, "5y")
    advice = BasicPlayer(1).advise(state.view(1))
    assert advice.kind == RuleKind.WIN_CHEAPLY and advice.action == Play(parse_card("14y"))
    assert "sure" not in advice.rule and "should hold" in advice.rule, advice.rule
