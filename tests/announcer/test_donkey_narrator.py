"""Donkey's lines: what each player hears, and no one else's card."""

from __future__ import annotations

from rook_access.announcer.base import Verbosity
from rook_access.announcer.donkey import DonkeyNarrator, grouped
from rook_access.engine.cards import parse_card
from rook_access.engine.donkey import CardPassed, CardsPassed, DonkeyOver, DonkeyStarted, Folded, FourOfAKind

NAMES = ("South", "West", "North", "East")


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(word) for word in text.split())


def started(narrator: DonkeyNarrator) -> list[str]:
    hands = (cards("9r 9x 1r 5g"), cards("9y 2r"), cards("3r"), cards("9g 4x"))
    return narrator.event_lines(DonkeyStarted(NAMES, 3, hands))


def test_the_user_hears_their_hand_grouped_by_number_and_the_number_held_most() -> None:
    narrator = DonkeyNarrator(NAMES, [0])
    assert started(narrator)[2:] == ["Your hand: 1r; 5g; 9r 9x.", "Most: two 9s."]
    assert grouped(cards("9g 9r 1x")) == "1x; 9r 9g"


def test_a_pass_is_told_to_the_giver_and_the_receiver_only_the_pass_before_the_get() -> None:
    narrator = DonkeyNarrator(NAMES, [0])
    started(narrator)
    lines = [line for event in (
        CardsPassed(1), CardPassed(3, 0, parse_card("9g"), 1), CardPassed(0, 1, parse_card("1r"), 1),
        CardPassed(1, 2, parse_card("9y"), 1), CardPassed(2, 3, parse_card("3r"), 1),
    ) for line in narrator.event_lines(event)]  # fmt: skip
    assert lines == ["You pass 1r to West.", "You get 9g from East: three 9s now."]


def test_four_of_a_kind_is_told_to_its_holder_only_and_a_fold_to_all() -> None:
    you, other = DonkeyNarrator(NAMES, [0]), DonkeyNarrator(NAMES, [2])
    assert you.event_lines(FourOfAKind(0, 9, 3)) == ["You have four 9s! Fold your hands: press f."]
    assert other.event_lines(FourOfAKind(0, 9, 3)) == []
    assert other.event_lines(Folded(0, 1, 9)) == ["South folds their hands: four 9s!"]
    assert you.event_lines(Folded(0, 1, 9)) == ["You fold your hands: four 9s!"]
    assert you.event_lines(Folded(0, 2, None)) == ["You fold your hands."]


def test_the_end_names_the_winners_and_the_donkey() -> None:
    you = DonkeyNarrator(NAMES, [0])
    assert you.event_lines(DonkeyOver((0,), 2, (0, 1, 3, 2), 7, "donkey")) == [
        "Game over: you got four first. You win!", "North is the donkey: the last to fold."]
    assert you.event_lines(DonkeyOver((1, 3), 0, (1, 3, 2, 0), 7, "donkey")) == [
        "Game over: West and East got four at once and both win.", "You are the donkey: the last to fold.",
        "Run round the table three times, saying: I am slow, I am slow!"]
    assert you.event_lines(DonkeyOver((), None, (), 200, "limit")) == [
        "Game over: no one got four in 200 rounds, so no one wins."]


def test_the_folds_are_listed_in_the_order_they_came_you_among_them() -> None:
    verbose = DonkeyNarrator(NAMES, [0], Verbosity.VERBOSE)
    lines = verbose.event_lines(DonkeyOver((3,), 2, (3, 0, 1, 2), 7, "donkey"))
    assert lines[-1] == "Folded in this order: East, you, West and North."


def test_a_table_of_computers_is_heard_round_by_round_and_braille_lines_fit() -> None:
    narrator = DonkeyNarrator(NAMES, [], Verbosity.BRAILLE)
    started(narrator)
    assert [message.compact for message in narrator.event_messages(CardsPassed(2))] == ["Round 2: all pass."]
    assert DonkeyNarrator(NAMES, []).event_lines(CardsPassed(2)) == ["Round 2: everyone passes a card to the left."]
    assert narrator.event_lines(FourOfAKind(1, 9, 2)) == ["West has four 9s."]


def test_the_turn_line_follows_wait_in_lower_case_and_turn_text_stands_alone() -> None:
    from rook_access.engine.donkey import DonkeyState, Pass
    from rook_access.engine.patience_deck import PATIENCE_PACK

    state = DonkeyState(PATIENCE_PACK, 4, 3)
    state.apply(Pass(state.hands[0][0]), 0)  # South has chosen; the others have not
    narrator = DonkeyNarrator(NAMES, [0])
    assert narrator.turn_text(state.view(0)) == "The others are choosing their cards."
    assert f"Wait: {narrator.turn_line(state.view(0))}" == "Wait: the others are choosing their cards."
    assert narrator.turn_line(state.view(1)) == "West's turn to pass a card."
