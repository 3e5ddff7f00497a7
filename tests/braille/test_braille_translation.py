"""liblouis's computer braille tables give the labels of the braille Rook kits for every card.

The expected cells are worked out here from first principles, not from
liblouis: a digit is the letter a to j (1 = a ... 9 = i, 0 = j) dropped one
row (dot 1 to 2, 2 to 3, 4 to 5, 5 to 6), and the color letters are r (dots
1235), x (1346), y (13456), g (1245).
"""

from __future__ import annotations

import pytest

from rook_access.braille.translator import (
    COMPUTER_BRAILLE_6_DOT,
    COMPUTER_BRAILLE_8_DOT,
    computer_braille,
    load_louis,
    to_brf,
)
from rook_access.engine.cards import (
    ALL_CARDS,
    BIRD,
    BIRD_NAME,
    COLOR_LETTERS,
    COLORS,
    NUMBERS_PER_COLOR,
    card_color,
    card_name,
    card_number,
    make_card,
)

NABCC_TABLES = (COMPUTER_BRAILLE_8_DOT, COMPUTER_BRAILLE_6_DOT, "en-nabcc.utb")

LETTER_DOTS = {
    "a": "1", "b": "12", "c": "14", "d": "145", "e": "15",
    "f": "124", "g": "1245", "h": "125", "i": "24", "j": "245",
    "k": "13", "o": "135", "r": "1235", "x": "1346", "y": "13456",
}  # fmt: skip
DROP = {"1": "2", "2": "3", "4": "5", "5": "6"}


def cell(dots: str) -> str:
    """The Unicode braille cell with these dots (dot n is bit n - 1)."""
    return chr(0x2800 + sum(1 << (int(dot) - 1) for dot in dots))


def digit_cell(digit: str) -> str:
    letter = "jabcdefghi"[int(digit)]
    return cell("".join(DROP[dot] for dot in LETTER_DOTS[letter]))


def expected_label(number: int | None, letter: str) -> str:
    if number is None:
        return "".join(cell(LETTER_DOTS[ch]) for ch in "rook")
    return "".join(digit_cell(digit) for digit in str(number)) + cell(LETTER_DOTS[letter])


def full_deck() -> list[tuple[str, int | None, str]]:
    """Every card of the full deck (1 to 14 in each color and the Bird): name, number, color letter."""
    cards = [make_card(number, color) for color in COLORS for number in range(1, NUMBERS_PER_COLOR + 1)] + [BIRD]
    deck = []
    for card in cards:
        color = card_color(card)
        deck.append((card_name(card), card_number(card), "" if color is None else COLOR_LETTERS[color]))
    return deck


@pytest.fixture(scope="module")
def louis():
    module = load_louis()
    assert module is not None, "liblouis is not installed: apt install liblouis-data python3-louis"
    return module


def test_the_full_deck_is_57_cards():
    deck = full_deck()
    assert len(deck) == 57 == len(ALL_CARDS)
    assert len({name for name, _, _ in deck}) == 57
    assert deck[-1][0] == BIRD_NAME == "rook"


def test_the_first_principles_cells_are_the_kits_labels():
    assert expected_label(14, "r") == "⠂⠲⠗"
    assert expected_label(5, "x") == "⠢⠭"
    assert expected_label(None, "") == "⠗⠕⠕⠅"


@pytest.mark.parametrize("table", NABCC_TABLES)
def test_every_card_is_dropped_digits_then_the_color_letter(louis, table):
    wrong = []
    for name, number, letter in full_deck():
        got = louis.translateString(["unicode.dis", table], name)
        if got != expected_label(number, letter):
            wrong.append(f"{name}: {got} instead of {expected_label(number, letter)}")
    assert not wrong, f"{table}: " + "; ".join(wrong)


@pytest.mark.parametrize("table", NABCC_TABLES)
def test_14r_and_5x_and_rook(louis, table):
    assert louis.translateString(["unicode.dis", table], "14r") == "⠂⠲⠗"
    assert louis.translateString(["unicode.dis", table], "5x") == "⠢⠭"
    assert louis.translateString(["unicode.dis", table], "rook") == "⠗⠕⠕⠅"


def test_the_package_translator_agrees(louis):
    for name, number, letter in full_deck():
        assert computer_braille(name) == expected_label(number, letter)
        assert computer_braille(name, eight_dot=False) == expected_label(number, letter)


def test_braille_ascii_of_a_label(louis):
    assert to_brf(computer_braille("14r", eight_dot=False)) == "14R"
    assert to_brf(computer_braille("rook", eight_dot=False)) == "ROOK"
