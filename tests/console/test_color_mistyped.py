"""A card's color mistyped in the party games is named, as in the trick games: not "One card only"."""

from __future__ import annotations

import pytest

from rook_access.console.donkey import DonkeyConsole
from rook_access.console.doubt import DoubtConsole
from rook_access.console.registry import UnknownCommandError
from rook_access.console.tuxedo import TuxedoConsole


@pytest.mark.parametrize(
    ("family", "typed", "meant"),
    [
        (TuxedoConsole(), "take 7 blak", "take 7 black"),
        (DoubtConsole(), "play 9 read", "play 9 red"),
        (DonkeyConsole(), "pass 3 grean", "pass 3 green"),
    ],
)
def test_a_mistyped_color_names_the_color_meant_and_yes_would_type_it(family, typed, meant):
    with pytest.raises(UnknownCommandError) as refused:
        family.parse(typed, [])
    said = str(refused.value)
    assert said.startswith(f"{typed.split()[-1]} is not a color. Did you mean {meant.split()[-1]}?")
    assert refused.value.meant == meant
    assert family.parse(meant, []) is not None  # what yes carries out is a command of the game


@pytest.mark.parametrize("family", [TuxedoConsole(), DoubtConsole(), DonkeyConsole()])
def test_a_word_far_from_any_color_after_a_number_is_left_to_the_game(family):
    try:
        family.parse("take 7 with", [])
    except UnknownCommandError as refused:
        assert "is not a color" not in str(refused)
