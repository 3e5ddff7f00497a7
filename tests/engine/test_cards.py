"""Cards: the notation of the braille kits (number + r/x/y/g, ``rook``) and the mask helpers."""

from __future__ import annotations

import pytest

from rook_access.engine import (
    BIRD,
    PARTNERSHIP,
    CardNotationError,
    card_color,
    card_name,
    card_names,
    card_number,
    cards_in,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
    parse_color,
)
from rook_access.engine.cards import ALL_CARDS, BIRD_MASK, COLOR_MASKS, iter_cards

RED, BLACK, YELLOW, GREEN = 0, 1, 2, 3


# ------------------------------------------------------------------ notation
def test_every_card_of_the_deck_round_trips():
    names = [card_name(card) for card in PARTNERSHIP.deck]
    assert len(set(names)) == 41
    for card, name in zip(PARTNERSHIP.deck, names, strict=True):
        assert parse_card(name) == card
        assert parse_card(name.upper()) == card
        assert parse_card(name.lower()) == card


def test_every_card_number_round_trips_including_the_ones_outside_the_deck():
    for card in ALL_CARDS:
        assert parse_card(card_name(card)) == card


@pytest.mark.parametrize(
    "name, number, color",
    [("5r", 5, RED), ("14r", 14, RED), ("10x", 10, BLACK), ("7y", 7, YELLOW), ("12g", 12, GREEN),
     ("1g", 1, GREEN)],
)
def test_names_are_number_then_color_letter(name, number, color):
    card = make_card(number, color)
    assert card_name(card) == name
    assert parse_card(name) == card
    assert card_number(card) == number
    assert card_color(card) == color


@pytest.mark.parametrize("text", ["14R", "14r", " 14r ", "14R\n"])
def test_case_and_surrounding_space_are_ignored(text):
    assert parse_card(text) == make_card(14, RED)


@pytest.mark.parametrize("text", ["rook", "ROOK", "Rook", "bird", "BIRD", "Bird"])
def test_bird_is_rook_or_bird(text):
    assert parse_card(text) == BIRD


def test_bird_is_written_rook_and_has_no_color_or_number():
    assert card_name(BIRD) == "rook"
    assert card_color(BIRD) is None
    assert card_number(BIRD) is None


def test_parse_cards_accepts_spaces_commas_and_lists():
    expected = [make_card(5, BLACK), BIRD, make_card(14, GREEN)]
    assert parse_cards("5x bird 14G") == expected
    assert parse_cards("5x, rook,14g") == expected
    assert parse_cards(["5x", "rook", "14g"]) == expected
    assert parse_cards("") == []


def test_card_names_keeps_the_order_given():
    assert card_names([BIRD, make_card(5, BLACK), make_card(14, RED)]) == "rook 5x 14r"


@pytest.mark.parametrize(
    "word, color",
    [("red", RED), ("black", BLACK), ("yellow", YELLOW), ("green", GREEN),
     ("r", RED), ("x", BLACK), ("y", YELLOW), ("g", GREEN),
     ("RED", RED), ("Green", GREEN), ("X", BLACK), (" y ", YELLOW),
     ("b", BLACK), ("B", BLACK)],  # b is accepted for black in input; output always says x
)
def test_colors_by_name_and_letter(word, color):
    assert parse_color(word) == color


@pytest.mark.parametrize("word", ["blue", "", "rook", "5r", "reds", "bl"])
def test_bad_color_raises_with_help(word):
    with pytest.raises(CardNotationError) as info:
        parse_color(word)
    message = str(info.value)
    assert "not a color" in message
    assert "red" in message and "x" in message


@pytest.mark.parametrize(
    "text", ["15r", "0r", "14q", "14", "r", "r14", "14 r", "rooks", "birdie", "5rr", "-5r", "xx", "14blacks"]
)
def test_bad_card_text_raises_a_helpful_error(text):
    with pytest.raises(CardNotationError) as info:
        parse_card(text)
    message = str(info.value)
    assert text.strip() in message
    assert "not a card" in message
    assert "14r" in message and "rook" in message  # examples of the notation


def test_empty_text_is_reported_as_nothing():
    with pytest.raises(CardNotationError, match="nothing"):
        parse_card("   ")


def test_card_notation_error_is_a_value_error():
    assert issubclass(CardNotationError, ValueError)


def test_parse_cards_reports_the_bad_word():
    with pytest.raises(CardNotationError, match="14q"):
        parse_cards("5r 14q 6g")


@pytest.mark.parametrize(
    "text, name", [("14red", "14r"), ("5Black", "5x"), ("10b", "10x"), ("7GREEN", "7g"), ("9yellow", "9y")]
)
def test_cards_accept_color_names_and_b_for_black(text, name):
    assert card_name(parse_card(text)) == name


@pytest.mark.parametrize("number, color", [(0, RED), (15, RED), (5, 4), (5, -1)])
def test_make_card_refuses_impossible_cards(number, color):
    with pytest.raises(ValueError):
        make_card(number, color)


# -------------------------------------------------------------------- masks
def test_mask_of_and_cards_in_round_trip_lowest_first():
    chosen = [BIRD, make_card(14, RED), make_card(5, GREEN), make_card(5, RED)]
    mask = mask_of(chosen)
    assert mask == (1 << BIRD) | (1 << 13) | (1 << (3 * 14 + 4)) | (1 << 4)
    assert cards_in(mask) == sorted(chosen)
    assert list(iter_cards(mask)) == sorted(chosen)


def test_mask_of_ignores_duplicates_and_empty_mask_has_no_cards():
    assert mask_of([3, 3, 3]) == 1 << 3
    assert mask_of([]) == 0
    assert cards_in(0) == []
    assert list(iter_cards(0)) == []


def test_whole_deck_as_a_mask():
    mask = mask_of(PARTNERSHIP.deck)
    assert mask.bit_count() == 41
    assert mask == PARTNERSHIP.deck_mask
    assert cards_in(mask) == list(PARTNERSHIP.deck)


def test_color_masks_hold_fourteen_cards_of_their_color_and_not_the_bird():
    seen = 0
    for color, mask in enumerate(COLOR_MASKS):
        assert mask.bit_count() == 14
        assert all(card_color(card) == color for card in cards_in(mask))
        assert not mask & BIRD_MASK
        assert not mask & seen
        seen |= mask
    assert BIRD_MASK == 1 << BIRD
