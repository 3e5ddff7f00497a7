"""Yes after "Did you mean pass?" carries out what was meant; at any other time yes is no command."""

from __future__ import annotations

import pytest

from rook_access.console.session import ConsoleGame
from rook_access.engine.cards import card_name
from rook_access.saves import GameSetup, make_table
from tests.helpers.console import FIXED_DEAL, ListChannel, ScriptedLines, run_in_process


def test_yes_after_did_you_mean_carries_out_the_command_meant():
    output, _, _, _ = run_in_process(["pas", "yes"])
    asked = output.index(next(line for line in output if "Did you mean pass?" in line))
    assert "You pass." in output[asked + 1 :]


@pytest.mark.parametrize("yes", ["Yes", "yes.", "Yes!", " YES. "])
def test_yes_typed_as_a_sentence_carries_it_out_too(yes):
    """A playtester typed "yes." and "Yes!", refused before as unknown commands."""
    output, _, _, _ = run_in_process(["pas", yes])
    asked = output.index(next(line for line in output if "Did you mean pass?" in line))
    assert "You pass." in output[asked + 1 :]
    assert not any(line.startswith("Unknown command: yes") for line in output)


def test_yes_answers_only_the_refusal_just_before_it():
    output, _, _, _ = run_in_process(["pas", "hand", "yes"])
    assert "You pass." not in output
    assert any(line.startswith("Unknown command: yes.") for line in output)


def test_a_mistyped_color_after_a_number_is_meant_with_the_color_named():
    output, _, state, _ = run_in_process(["pass", *(["14 blak", "yes"] * 1)], seed=1)
    assert any("Did you mean black?" in line for line in output)
    # yes typed "14 black": played if South held it and it was its turn, else answered as that card would be
    assert not any(line.startswith("Unknown command: yes") for line in output)


GLUED = [
    ("whynorth", "why north"),
    ("wynorth", "why north"),
    ("whypartner", "why partner"),
    ("whyw", "why w"),  # West's initial, not a slip of why
    ("b80", "bid 80"),
    ("bid80", "bid 80"),
    ("helpwhy", "help why"),
    ("helpall", "help all"),
    ("reviewall", "review all"),
    ("settingsverbosity", "settings verbosity"),
]


@pytest.mark.parametrize(("typed", "meant"), GLUED)
def test_a_command_glued_to_its_argument_is_answered_with_the_two_words_apart(typed, meant):
    """Before, "whynorth" got no "Did you mean", as no command is close to the whole word."""
    output, _, _, _ = run_in_process([typed, "yes"], deal=FIXED_DEAL, seed=2)
    assert f"Unknown command: {typed}. Did you mean {meant}?" in output
    apart, _, _, _ = run_in_process([meant], deal=FIXED_DEAL, seed=2)
    asked = output.index(f"Unknown command: {typed}. Did you mean {meant}?")
    assert output[:asked] + output[asked + 1 :] == apart  # yes did what the two words typed do


def test_the_words_after_a_glued_command_are_kept_for_yes():
    output, _, _, _ = run_in_process(["whynorth bid", "yes"], deal=FIXED_DEAL, seed=2)
    assert "Unknown command: whynorth. Did you mean why north?" in output
    assert "North has not bid yet." in output  # why north bid


@pytest.mark.parametrize(("typed", "answer"), [
    ("bidder", "Unknown command: bidder. Type help for the commands."),  # der is no bid
    ("whynot", "Unknown command: whynot. Type help for the commands."),  # not is no seat
    ("whys", "Unknown command: whys. Did you mean why?"),  # an s more: the closer word is kept
    ("whyy", "Unknown command: whyy. Did you mean why?"),  # the last letter struck twice
    ("hands", "Unknown command: hands. Did you mean hand?"),  # hand takes no argument
])  # fmt: skip
def test_a_word_that_is_no_command_and_argument_is_answered_as_before(typed, answer):
    output, _, _, _ = run_in_process([typed], deal=FIXED_DEAL, seed=2)
    assert answer in output


def test_a_move_glued_to_its_card_in_another_family_is_answered_apart():
    """The rule is every family's: Donkey's pass glued to a card of the hand."""
    setup = GameSetup.create(["human", "computer", "computer"], seed=3, variant="donkey", options={"players": 3})
    state, players = make_table(setup)
    card = card_name(state.view(0).hand[0])
    channel = ListChannel()
    ConsoleGame(state, players, ScriptedLines([f"pass{card}", "yes"]), channel).run()
    assert f"Unknown command: pass{card}. Did you mean pass {card}?" in channel.lines
    assert any(line.startswith(f"You pass {card} to ") for line in channel.lines)


@pytest.mark.parametrize(("typed", "answer", "meant"), [
    ("why nrth", "No seat nrth. Did you mean why north?", "why north"),
    ("wy Nroth", "No seat Nroth. Did you mean why north?", "why north"),
    ("why nrth bid", "No seat nrth. Did you mean why north?", "why north bid"),  # the words after it kept
    ("why esat 3", "No seat esat. Did you mean why east?", "why east 3"),
    ("why prtner", "No seat prtner. Did you mean why partner?", "why partner"),
])  # fmt: skip
def test_a_seat_mistyped_after_why_is_answered_with_the_seat_meant_and_yes_asks_it(typed, answer, meant):
    """ "why nrth" was answered "No seat nrth. The seats are South, West, North and East.", no suggestion."""
    output, _, _, _ = run_in_process(["pass", typed, "yes"], seed=4)
    asked = output.index(answer)
    apart, _, _, _ = run_in_process(["pass", meant], seed=4)
    assert output[:asked] + output[asked + 1 :] == apart  # yes did what the line meant does


def test_a_word_after_why_close_to_no_seat_is_answered_with_the_seats_and_yes_is_no_command():
    output, _, _, _ = run_in_process(["why bob", "yes"], deal=FIXED_DEAL, seed=2)
    assert "No seat bob. The seats are South, West, North and East." in output
    assert "Unknown command: yes. Type help for the commands." in output


TO_PLAY = ["bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", "green"]
"""South, at the keyboard of four, takes the bid, discards and names green: South leads, holding rook 12g 11g 9g
8g 7g 14r 10r 13y."""


@pytest.mark.parametrize(
    ("typed", "card"), [("1 4r", "14r"), ("1 3 y", "13y"), ("1 0 red", "10r"), ("play 1 2g", "12g")]
)
def test_a_card_typed_with_a_stray_space_in_the_play_is_answered_with_the_card_meant_and_yes_plays_it(typed, card):
    """ "1 4g" was answered "The bidding is over. Now lead a card.": its 1 was read as a bid."""
    output, records, _, _ = run_in_process([*TO_PLAY, typed, "yes"], seats="human,human,human,human", deal=FIXED_DEAL)
    assert output[output.index(f"Did you mean {card}?") + 1] == f"South plays {card}."  # four at the keyboard
    assert "The bidding is over. Now lead a card." not in output
    assert [r["card"] for r in records if r["event"] == "play"] == [card]


def test_a_card_meant_that_is_not_held_is_refused_as_not_held_after_yes():
    output, records, _, _ = run_in_process([*TO_PLAY, "1 4g", "yes"], seats="human,human,human,human", deal=FIXED_DEAL)
    asked = output.index("Did you mean 14g?")
    assert output[asked + 1].startswith("You do not hold 14g. You can play: ")
    assert not [r for r in records if r["event"] == "play"]


def test_two_numbers_that_make_a_cards_number_in_the_play_ask_for_its_color():
    output, _, _, _ = run_in_process([*TO_PLAY, "1 4"], seats="human,human,human,human", deal=FIXED_DEAL)
    assert output[-2] == "14 needs a color letter: 14r, 14x, 14y or 14g. You can play 14r."


@pytest.mark.parametrize("typed", ["bid 80", "80", "1 5g", "4 13y"])
def test_a_bid_in_the_play_and_numbers_that_make_no_card_still_say_the_bidding_is_over(typed):
    output, _, _, _ = run_in_process([*TO_PLAY, typed], seats="human,human,human,human", deal=FIXED_DEAL)
    assert output[-2] == "The bidding is over. Now lead a card."


def test_no_after_a_did_you_mean_where_no_is_no_command_says_to_type_what_was_meant():
    output, _, _, _ = run_in_process(["pas", "no", "no"], deal=FIXED_DEAL, seed=2)
    asked = output.index("Unknown command: pas. Did you mean pass?")
    assert output[asked + 1] == "Then type what you meant; help says the commands."
    assert output[asked + 2].startswith("Unknown command: no.")  # no suggestion before it: no is no answer
