"""What Tuxedo's narrator says: one short line an event, the capture naming every card taken (so an Orange
is heard before the call is asked), the call and its result in one line, the deal's count seat by seat."""

from __future__ import annotations

from rook_access.announcer.base import Verbosity
from rook_access.announcer.tuxedo import TuxedoNarrator
from rook_access.engine.cards import parse_card, parse_cards
from rook_access.engine.tuxedo import (
    Built,
    Captured,
    CentreLeft,
    DealCounted,
    Laid,
    OrangeCalled,
    OrangeMissed,
    Redealt,
    SeatCount,
    TuxedoOver,
    TuxedoStarted,
)

NAMES = ("South", "West", "North", "East")


def lines(event: object, verbosity: Verbosity = Verbosity.NORMAL) -> list[str]:
    return TuxedoNarrator(NAMES, [0], verbosity).event_lines(event)


def test_the_start_the_plays_and_the_builds_each_in_one_line():
    assert lines(TuxedoStarted(NAMES, 2, 100)) == [
        "Tuxedo, 4 players, first to 100.", "North draws the highest card and deals."
    ]
    assert lines(Laid(1, parse_card("7y"))) == ["West lays 7y."]
    assert lines(Built(3, parse_card("2r"), (parse_card("6g"),), 8, None)) == [
        "East builds 2r on 6g: 8; East holds an 8."
    ]
    assert lines(Built(0, parse_card("3y"), tuple(parse_cards("6g 2r")), 11, 3)) == [
        "You build 3y on East's build 6g 2r: 11; you hold an 11."
    ]


def test_a_capture_names_every_card_taken_with_its_color_and_a_sweep():
    capture = Captured(2, parse_card("10x"), (tuple(parse_cards("5r 2y 3g")),), "little")
    assert lines(capture) == ["North takes 5r 2y 3g, with 10x: a little sweep."]
    assert lines(Captured(0, parse_card("7r"), ((parse_card("7x"),), (parse_card("7g"),)), None)) == [
        "You take 7x; 7g, with 7r."
    ]


def test_the_call_its_result_and_its_cost_in_one_line_each():
    assert lines(OrangeCalled(1, 2, True, 10)) == ["West calls Orange: right, 10 points."]
    assert lines(OrangeCalled(0, 2, False, -10)) == [  # no capture told: neither color
        "You call Orange: wrong, no red or yellow card was taken, -10 points."
    ]
    assert lines(OrangeMissed(2)) == ["That was an Orange: no one called it."]


def test_a_wrong_orange_call_says_which_color_the_capture_lacked():
    narrator = TuxedoNarrator(NAMES, [0])
    narrator.event_lines(Captured(1, parse_card("10g"), (tuple(parse_cards("7r 3x")),), None))
    assert narrator.event_lines(OrangeCalled(0, 1, False, -10)) == [
        "You call Orange: wrong, no yellow card was taken, -10 points."
    ]
    narrator.event_lines(Captured(1, parse_card("10g"), (tuple(parse_cards("7y 3x")),), None))
    assert narrator.event_lines(OrangeCalled(2, 1, False, -10)) == [
        "North calls Orange: wrong, no red card was taken, -10 points."
    ]


def test_orange_typed_with_no_capture_names_only_the_moves_possible_now():
    from rook_access.engine.patience_deck import PATIENCE_PACK
    from rook_access.engine.tuxedo import Pile, TuxedoState

    state = TuxedoState(PATIENCE_PACK, 2, 1)
    state.hands = [parse_cards("9g 13x"), parse_cards("2x 11x")]
    state.centre = [Pile((card,)) for card in parse_cards("7r 3y 1g")]
    state.turn = 0
    narrator = TuxedoNarrator(state.names, [0])
    assert narrator.moves_now(state.view(0)) == "Now: lay a card."
    state.hands[0] = parse_cards("4g 11x")
    assert narrator.moves_now(state.view(0)) == "Now: take or build."


def test_the_redeal_the_last_cards_and_the_count():
    hands = tuple(tuple(parse_cards(text)) for text in ("1r 2r", "3r 4r", "5r 6r", "7r 8r"))
    assert lines(Redealt(hands, tuple(parse_cards("9g 10g")), 0)) == [
        "Last deal, 2 each; the odd cards to the centre: 9g 10g.", "Your hand: 1r 2r."
    ]
    assert lines(Redealt(((),) * 4, tuple(parse_cards("9g 10g")), 0)) == ["The last 2 cards go to the centre: 9g 10g."]
    assert lines(CentreLeft(1, tuple(parse_cards("9g 10g")))) == [
        "The pack is played; the centre, 9g 10g, goes to West, last to take."
    ]
    counts = (SeatCount(20, 15, 1, 0, 1, 0, 2), SeatCount(12, 0, 0, 1, 0, 2, 0),
              SeatCount(12, 0, 0, 0, 0, 0, 1), SeatCount(12, 0, 0, 0, 0, 0, 1))  # fmt: skip
    assert lines(DealCounted(1, counts, (45, 0, 5, 5))) == [
        "Deal 1 counted.",
        "You: 20 cards, most 15, 2 fives 10, 1 Orange 10, 1 big sweep 10; 45 points.",
        "West: 12 cards, 1 wrong call -10, 2 little sweeps 10; 0 points.",
        "North: 12 cards, 1 five 5; 5 points.",
        "East: 12 cards, 1 five 5; 5 points.",
        "Totals: you 45, West 0, North 5, East 5.",
    ]
    assert lines(TuxedoOver((105, 0, 5, 5), (0,), 3)) == ["Game over: you win with 105."]


def test_the_braille_verbosity_cuts_the_count_to_40_cells():
    counts = tuple(SeatCount(14, 5, 1, 1, 1, 1, 1) for _ in NAMES)
    said = lines(DealCounted(2, counts, (100, 100, 100, 100)), Verbosity.BRAILLE)
    assert all(len(line) <= 40 for line in said)


def test_a_game_resumed_while_orange_may_be_called_says_the_capture_again_before_the_question():
    from rook_access.engine.patience_deck import PATIENCE_PACK
    from rook_access.engine.tuxedo import Pile, Take, TuxedoState

    state = TuxedoState(PATIENCE_PACK, 2, 1)
    state.hands = [parse_cards("10g 4x"), parse_cards("9x 11x")]
    state.centre = [Pile((card,)) for card in parse_cards("7r 3y 12g")]
    state.turn = 0
    state.apply(Take(parse_card("10g")), 0)
    narrator = TuxedoNarrator(state.names, [0])
    assert narrator.resume_lines(state.view) == [
        "Resuming Tuxedo.",
        "You take 7r 3y, with 10g.",
        "Centre, 1 card: 12g.",
        "Hand: 4x.",
    ]
    assert narrator.question(state.view(0)) == "Orange? o to call, n to let it go."
