"""What the console says when a person types what people type."""

from __future__ import annotations

from console_helpers import FIXED_DEAL, run_in_process

from rook_access.announcer import Announcer as Narrator
from rook_access.engine import (
    PARTNERSHIP,
    PASS,
    RED,
    Bid,
    Deal,
    Discard,
    GameEnded,
    GameState,
    HandEnded,
    NameTrump,
    Play,
    parse_card,
    parse_cards,
)

FOUR = "human,human,human,human"


def bids_of(records):
    return [(r["seat"], r["amount"]) for r in records if r["event"] == "bid"]


def test_dictation_style_input_is_understood():
    output, records, _, _ = run_in_process(["Pass.", "bid 75 points", "Bid 80, please", "pass!"], seats=FOUR, deal=FIXED_DEAL)
    assert bids_of(records) == [(0, None), (1, 75), (2, None)]
    assert "Say bid and a number, like bid 75, or pass." in output  # "Bid 80, please" is not a bid


def test_a_whole_hand_of_wrong_moments_gets_specific_answers():
    lines = [
        "13y",            # a card during the bidding
        "bid 70", "pass", "pass", "pass",
        "trump red",      # trump before the discard
        "discard 5r 12x 9x 6y 5y",
        "13y",            # a card before trump is named
        "green",          # a color alone names trump
        "trump red",      # trump again
        "9",              # a number without a color in the play
        "bid 80",         # bidding in the play
        "rook",           # South leads the Bird
        "13r",            # West must play trump
        "trick",
        "6 g",            # a card with a space in it
        "p 14g",          # p and a card plays it
        "score",
    ]
    output, records, state, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    expected = [
        "Cards are played after the bidding. Now bid or pass.",
        "Discard first, then name trump. Now discard 5 cards.",
        "The nest now holds 10 points; whoever takes the last trick gets them.",
        "Cards are played once trump is named. Now name trump.",
        "Trump is green, named by South.",
        "Trump is already green. Now lead a card.",
        "9 needs a color letter: 9r, 9x, 9y or 9g.",
        "The bidding is over. Now lead a card.",
        "The Bird was led: you must play trump, green: 10g, 6g.",
        "Trick 1: South rook. South is winning with rook. West to play.",
        "West plays 6g.",
        "North plays 14g.",
        "Score: North-South 0, East-West 0; game to 300.",
        "This hand North-South bid 70. Taken so far: North-South 0, East-West 0.",
    ]
    for line in expected:
        assert line in output, line
    assert [r["card"] for r in records if r["event"] == "play"] == ["rook", "6g", "14g"]


def test_a_trump_on_another_colors_lead_is_announced_as_trumping():
    deal = Deal(
        0,
        tuple(
            tuple(parse_cards(hand))
            for hand in (
                "10x 6x 5r 6r 7y 8y 9y 11g 12g",
                "7x 9x 13r 14r 12r 11r 10r 9r 8r",
                "14x 13x 5y 6y 7g 8g 9g 10g 13g",
                "8x 11x 12x 10y 11y 12y 13y 14y 14g",
            )
        ),
        tuple(parse_cards("7r 5x 5g 6g rook")),
    )
    state = GameState(PARTNERSHIP, first_deal=deal)
    state.apply(Bid(70))
    for _ in range(3):
        state.apply(PASS)
    state.apply(Discard(frozenset(parse_cards("5x 5g 6g 8r 9r"))))
    state.apply(NameTrump(RED))
    narrator = Narrator(PARTNERSHIP, [0])
    said = []
    for card in "9x 14x 8x 6x 5y 14y 7y 7r".split():
        for event in state.apply(Play(parse_card(card))):
            said += narrator.event_lines(event, state)
    assert "West trumps with 7r." in said
    assert "East plays 14y." in said and "You play 6x." in said


def test_the_end_of_the_game_says_whether_your_side_won():
    state = GameState(PARTNERSHIP, seed=1)
    you_south = Narrator(PARTNERSHIP, [0])
    assert you_south.event_lines(GameEnded(1, (250, 310)), state) == ["Game over. East-West win, 310 to 250."]
    assert you_south.event_lines(GameEnded(0, (305, 120)), state) == ["Game over. You and North win, 305 to 120."]
    watching = Narrator(PARTNERSHIP, [])
    assert watching.event_lines(GameEnded(0, (305, 120)), state) == ["Game over. North-South win, 305 to 120."]
    assert watching.event_lines(GameEnded(None, (200, 200)), state) == ["Game over. A draw, 200 to 200."]


def test_a_hand_summary_reads_well_aloud_and_explains_a_tie_at_300():
    state = GameState(PARTNERSHIP, seed=1)
    narrator = Narrator(PARTNERSHIP, [0])
    lines = narrator.event_lines(HandEnded(5, 1, 90, True, (0, 120), (0, 120), (300, 300)), state)
    assert lines == [
        "Hand 5 over. East-West bid 90 and made it with 120: +120.",
        "North-South took no points.",
        "Score: North-South 300, East-West 300.",
        "Tied at 300: another hand decides the game.",
    ]
    lines = narrator.event_lines(HandEnded(2, 0, 95, False, (75, 45), (-95, 45), (-95, 45)), state)
    assert lines == [
        "Hand 2 over. North-South bid 95 and took 75: set back 95.",
        "East-West took 45 points: +45.",
        "Score: North-South -95, East-West 45.",
    ]


def test_legal_says_which_rule_decides_the_cards_allowed():
    lines = ["bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", "green", "legal", "14r",
             "legal", "8r", "legal", "7r", "legal"]
    output, records, state, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    assert "Any card may be led: rook, 12g, 11g, 9g, 8g, 7g, 14r, 10r, 13y." in output
    # West holds 13r 8r and the 10g, 6g of trump: red must be followed.
    assert "You must follow red: 13r, 8r." in output
    assert "You must follow red: 12r, 7r." in output
    assert "You must follow red: 11r, 9r, 6r." in output
    assert "South leads." not in output  # the leader at the keyboard is asked at once, not told


def test_the_hand_command_groups_by_color_with_counts_trump_first():
    lines = ["hand", "bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", "green", "hand"]
    output, _, _, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    assert (
        "South's hand, 9 cards. Red 3: 14r 10r 5r. Black 2: 12x 9x. Yellow 2: 13y 6y. Green 1: 11g. The Bird: rook."
        in output
    )
    assert "South's hand, 9 cards. Trump, green 6: rook 12g 11g 9g 8g 7g. Red 2: 14r 10r. Yellow 1: 13y. No black." in output
