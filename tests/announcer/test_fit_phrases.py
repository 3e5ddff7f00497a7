"""Answers cut for a 40-cell braille display where their phrases end, so each line reads on its own."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from rook_access.announcer.panning import fit_phrases

WHY = (
    "West played 9g: it had no black; your 13x was winning; the trick holds 10 points so far; over 96 guesses "
    "at the hidden cards, "
    "it did about 12 points better than its next best card."
)


def test_a_why_answer_is_cut_after_its_phrases_not_in_their_middle():
    assert fit_phrases(WHY, 40) == [
        "West played 9g: it had no black;",
        "your 13x was winning;",
        "the trick holds 10 points so far;",
        "over 96 guesses at the hidden cards,",
        "it did about 12 points better",  # a phrase longer than a line: cut between words, evenly
        "than its next best card.",
    ]


def test_a_whole_phrase_is_never_cut_to_fill_a_line_even_to_save_one():
    assert fit_phrases("West played 14x: it did not beat your 7r, and gave up 10 points.", 40) == [
        "West played 14x:", "it did not beat your 7r,", "and gave up 10 points."]


def test_a_short_first_phrase_is_filled_only_from_a_phrase_cut_anyway():
    """ "Bid 85:" is not filled from "your hand is worth a bid of up to 85.", which fits a line whole: filling
    it would leave "to 85." alone."""
    assert fit_phrases("Bid 85: your hand is worth a bid of up to 85.", 40) == [
        "Bid 85:", "your hand is worth a bid of up to 85."]
    assert fit_phrases("variant dixie: the game a new start plays when none is named; --list-variants says them all.",
                       40) == ["variant dixie: the game a new start", "plays when none is named;",
                               "--list-variants says them all."]


def test_a_line_that_fits_is_left_whole():
    assert fit_phrases("You play 14 black.", 40) == ["You play 14 black."]


WORDS = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789'", min_size=1, max_size=50)
GLUE = st.sampled_from([" ", ", ", "; ", ": ", ". ", " ", " "])


@given(st.lists(st.tuples(WORDS, GLUE), min_size=1, max_size=40))
def test_every_word_is_kept_in_order_and_only_a_word_longer_than_a_line_is_cut(parts):
    line = "".join(word + glue for word, glue in parts).strip()
    lines = fit_phrases(line, 40)
    assert all(len(piece) <= 40 for piece in lines)
    assert all(piece == piece.strip() and piece for piece in lines)
    kept = " ".join(lines).split()
    words = line.split()
    if all(len(word) <= 40 for word in words):
        assert kept == words
    else:
        assert "".join(kept) == "".join(words)


def test_a_short_line_and_the_long_phrase_after_it_are_cut_evenly_leaving_no_word_alone():
    """Filling a short line up with the next phrase's words left one word of it alone on a line ("face-down",
    "strong", in the game menu and in review)."""
    assert fit_phrases("Hand 1: your choices differ from the strong player's by less than a point each.", 40) == [
        "Hand 1: your choices differ", "from the strong player's by", "less than a point each."]
    menu = ("19. panjandrum: Panjandrum (1913): 3 to 8 players, a race to play out a face-down hand on building and "
            "delay piles; call Panjandrum on mistakes.")
    assert fit_phrases(menu, 40) == [
        "19. panjandrum: Panjandrum (1913):", "3 to 8 players, a race to", "play out a face-down hand on",
        "building and delay piles;", "call Panjandrum on mistakes."]
