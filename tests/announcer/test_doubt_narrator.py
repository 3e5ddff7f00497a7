"""I Doubt It's narrator: "an" before the numbers said with a vowel, and a game resumed while a play may be
doubted says that play again before the question."""

from __future__ import annotations

from rook_access.announcer.doubt import DoubtNarrator
from rook_access.engine.cards import card_name, parse_card
from rook_access.engine.doubt import LET_GO, Doubted, DoubtOver, DoubtState, Lay
from rook_access.engine.patience_deck import PATIENCE_PACK, number_of

NAMES = ("South", "West", "North", "East")


def test_a_false_card_shown_takes_an_before_8_and_11():
    narrator = DoubtNarrator(NAMES, [0])
    shown = parse_card("3g")
    for called, article in ((8, "an"), (11, "an"), (12, "a"), (1, "a")):
        lines = narrator.event_lines(Doubted(2, 1, shown, called, False, 1, (shown,), 15))
        assert lines[1] == f"It is 3g, not {article} {called}."


def test_a_game_resumed_while_a_play_may_be_doubted_says_the_play_again_before_the_question():
    state = DoubtState(PATIENCE_PACK, 4, 3)
    state.apply(Lay(state.hands[0][0]), 0)
    for seat in state.seats_to_act():
        state.apply(LET_GO, seat)
    state.apply(Lay(state.hands[1][0]), 1)  # West's 2, open to doubt: South is asked
    assert 0 in state.seats_to_act()
    narrator = DoubtNarrator(state.names, [0])
    lines = narrator.resume_lines(state.view)
    assert lines[:2] == ["Resuming I Doubt It.", "West plays a card face down: 2."]
    assert lines[2].startswith("Your hand, 13 cards: ") and lines[3].startswith("Cards: you 13, West 13, ")
    assert narrator.question(state.view(0)) == "Doubt? d to call, n to let it go."


def test_a_game_resumed_while_your_own_play_may_be_doubted_says_your_card():
    state = DoubtState(PATIENCE_PACK, 4, 3)
    card = state.hands[0][-1]
    state.apply(Lay(card), 0)
    narrator = DoubtNarrator(state.names, [0])
    assert number_of(card) != 1
    assert narrator.resume_lines(state.view)[1] == f"You play {card_name(card)} face down as 1."


def test_a_game_resumed_between_plays_says_no_play():
    state = DoubtState(PATIENCE_PACK, 4, 3)
    lines = DoubtNarrator(state.names, [0]).resume_lines(state.view)
    assert lines[0] == "Resuming I Doubt It." and lines[1].startswith("Your hand, 14 cards: ")


def test_the_questions_example_is_a_card_of_the_hand_of_the_number_called_if_held():
    state = DoubtState(PATIENCE_PACK, 4, 3)
    narrator = DoubtNarrator(state.names, [0])
    view = state.view(0)
    example = narrator.question(view).removesuffix(".").rsplit(" ", 1)[-1]
    card = parse_card(example)
    assert card in view.hand
    if any(number_of(held) == view.number for held in view.hand):
        assert number_of(card) == view.number
    truthless = [held for held in view.hand if number_of(held) != view.number]
    state.hands[0] = truthless  # a hand without the number called
    other = narrator.question(state.view(0)).removesuffix(".").rsplit(" ", 1)[-1]
    assert parse_card(other) in truthless


def test_one_card_left_in_the_centre_is_no_ones_in_the_singular():
    narrator = DoubtNarrator(NAMES, [0])
    one = narrator.over_lines(DoubtOver((1,), (3, 0, 4, 2), (0, 9, 0, 0), (parse_card("5r"),), "out"))
    assert one[-1] == "The centre's 1 card is no one's."
    two = narrator.over_lines(DoubtOver((1,), (3, 0, 4, 2), (0, 9, 0, 0), (parse_card("5r"), parse_card("6r")), "out"))
    assert two[-1] == "The centre's 2 cards are no one's."
