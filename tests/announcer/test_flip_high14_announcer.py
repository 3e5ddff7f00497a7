"""What is said in Flip and High 14: the cut, the center's cards, Flip's red points against, the 14s,
hints in the game's own words, and lines that fit a 40-cell braille display."""

from __future__ import annotations

import re

import pytest

from rook_access.announcer import Announcer, Verbosity
from rook_access.announcer.hints import hint_line
from rook_access.bench.braille_lines import PROMISED, measure
from rook_access.braille.translator import cell_count
from rook_access.engine import Deal, GameState, IllegalActionError, Phase, Play, card_name, parse_card
from rook_access.engine.rules import BOOKLET_VARIANTS, FLIP, HIGH_14, TableOptions, with_options
from rook_access.players import BasicPlayer
from rook_access.players.search.player import HintPlayer
from tests.engine.test_flip_high14 import FLIP_THREE, HIGH_FOUR, cards


def told(announcer: Announcer, state: GameState, start: int = 0) -> list[str]:
    return [line for event in state.events[start:] for line in announcer.event_lines(event)]


def test_the_cut_is_said_with_the_card_and_trump_and_the_hand_is_read_in_color_groups():
    state = GameState(with_options(HIGH_14, TableOptions(hands=1)), first_deal=HIGH_FOUR)
    lines = told(Announcer(state.rules, [1]), state)
    assert "Hand 1. East deals." in lines
    assert "North cuts the pack and shows 6g: trump is green." in lines
    assert ("Your hand, 14 cards. Trump green, 6 cards: 14g 6g 5g 4g 3g 2g. Red, 4 cards: 7r 6r 5r 4r. "
            "Yellow, 4 cards: 13y 12y 11y 10y. No black.") in lines  # trump first, in color groups (a 14-card hand)
    braille = told(Announcer(state.rules, [1], Verbosity.BRAILLE), state)
    assert "N cuts 6g: trump green." in braille
    assert [line for line in braille if line.startswith("Hand ")] == [
        "Hand 1/2 14g 6g 5g 4g 3g 2g 7r 6r 5r 4r", "Hand 2/2 13y 12y 11y 10y"]
    view = state.view(1)
    assert Announcer(state.rules, [1]).review_lines("hand", view) == [
        "Your hand, 14 cards. Trump green, 6 cards: 14g 6g 5g 4g 3g 2g. Red, 4 cards: 7r 6r 5r 4r. "
        "Yellow, 4 cards: 13y 12y 11y 10y. No black."]
    assert Announcer(state.rules, [1]).review_lines("trump", view) == ["Trump is green, from the card cut, 6g."]


def test_a_14_on_any_lead_is_named_in_the_legal_line_and_a_card_that_does_not_follow_is_refused_in_one_line():
    state = GameState(with_options(HIGH_14, TableOptions(hands=1)), first_deal=HIGH_FOUR)
    state.apply(Play(parse_card("1r")))
    announcer = Announcer(state.rules, [1])
    view = state.view(1)
    assert announcer.review_lines("legal", view) == [
        "You must follow red; a 14 may be played any time: 14g, 7r, 6r, 5r, 4r."]
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Play(parse_card("10y")))
    assert announcer.refusal(refused.value, view) == "You must follow red, or play a 14: 14g, 7r, 6r, 5r, 4r."


def test_flip_says_red_points_the_golden_ten_and_the_center_as_they_are_taken():
    state = GameState(with_options(FLIP, TableOptions(players=3, hands=1)), first_deal=FLIP_THREE)
    announcer = Announcer(state.rules, [1], Verbosity.VERBOSE)
    lines = told(announcer, state)
    assert "Hand 1. South deals; 2 cards face down in the center for the first trick's taker." in lines
    start = len(state.events)
    for card in ("8r", "13x", "1r"):
        state.apply(Play(parse_card(card)))
    lines = told(announcer, state, start)
    assert lines[-3:] == ["You take trick 1 with 8r, 2 red points.", "You have 2 red points this hand.",
                          "You take the center's 10y 14g: the Golden Ten."]
    view = state.view(1)
    assert announcer.review_lines("trump", view) == ["There is no trump in this game."]
    assert announcer.review_lines("taken", view) == [
        "Red points taken this hand: South 0, you 2, East 0; 25 still out. The Golden Ten: you."]
    assert announcer.review_lines("score", view)[0] == (
        "Score: South 0, you 0, East 0; hand 1 of 1; points against, the lowest wins.")


def test_the_end_of_a_hand_of_flip_says_each_count_against_and_the_golden_ten_s_relief():
    rules = with_options(FLIP, TableOptions(players=3, hands=1))
    state = GameState(rules, first_deal=FLIP_THREE)
    players = [BasicPlayer(seat) for seat in range(3)]
    while not state.is_over:
        state.apply(players[state.turn].choose(state.view(state.turn)))
    lines = told(Announcer(rules, [0]), state)
    end = next(line for line in lines if line.startswith("Hand 1 over."))
    taken = [line for line in lines if "less the Golden Ten" in line]
    assert taken == [end]  # one score took the Golden Ten
    assert any(line.startswith("Game over.") and "fewest points against" in line for line in lines)
    braille = told(Announcer(rules, [0], Verbosity.BRAILLE), state)
    deal = next(index for index, line in enumerate(braille) if line.startswith("Deal 1 against: "))
    assert braille[deal + 1].startswith("Golden Ten ")  # the relief whole on the next line, with whose it is
    assert any(line.startswith("Against S ") for line in braille)


def test_a_flip_hint_says_why_to_duck():
    rules = with_options(FLIP, TableOptions(hands=1))
    hints = []
    for seed in range(3):
        state = GameState(rules, seed=seed)
        easy = BasicPlayer(1)
        while not state.is_over and len(state.tricks) < 6:
            view = state.view(state.turn)
            if state.turn == 0 and len(view.legal) > 1 and view.trick:
                hints.append(hint_line(view, HintPlayer()))
            state.apply(easy.choose(view))
    # the card ducked under is named: it is on the table
    assert any(re.search(r"it ducks under (your partner's|\w+'s) \d+[rxyg], so you do not take the red cards", line)
               for line in hints), hints
    # each weighs the card against the next best, in the hand's score (not the points still to take)
    weighed = r"hidden cards, it does about (as well as|\d+ points? better than) (\d+[rxyg]|rook), the next best"
    assert all(re.search(weighed, line) for line in hints), hints
    assert not any("trump" in line for line in hints)
    easy_hints = []
    state = GameState(rules, seed=1)
    while not state.is_over:
        view = state.view(state.turn)
        if view.trick and len(view.legal) > 1:
            easy_hints.append(hint_line(view, BasicPlayer(0)))
        state.apply(BasicPlayer(0).choose(view))
    assert any("duck: play your highest card that still loses the trick" in line for line in easy_hints)


@pytest.mark.parametrize(("base", "players"), [(FLIP, 3), (FLIP, 7), (HIGH_14, 3), (HIGH_14, 4), (HIGH_14, 6)],
                         ids=["flip-3", "flip-7", "high-14-3", "high-14-4", "high-14-6"])
def test_every_line_of_the_braille_verbosity_fits_40_cells(base, players):
    report = measure(games=3, seed=5, hands=2, rules=base.at_table(players))
    for kind in PROMISED:
        assert report.counts[kind] > 50 and report.share(kind) == 1.0, (kind, sorted(report.too_long[kind])[:3])
    # The questions and the legal cards too, with hands of up to 18 cards.
    assert report.counts["other"] > 50 and report.share("other") == 1.0, sorted(report.too_long["other"])[:3]


HIGH_THREE = Deal(
    0,
    (
        cards("1r 2r 3r 4r 5r 6r 7r 8r 9r 10r 11r 12r 13r 14x 1x 2x 3x 4x"),
        cards("14r 5x 6x 7x 8x 9x 10x 11x 12x 13x 1y 2y 3y 4y 5y 6y 7y 8y"),
        cards("9y 10y 11y 12y 13y 14y 1g 2g 3g 4g 5g 6g 7g 8g 9g 10g 11g 12g"),
    ),
    cards("13g 14g"),
    cut=parse_card("5y"),
)
"""High 14 for three, 18 cards each: South deals, West leads; the cut shows 5y, so yellow is trump."""


def test_a_long_legal_list_is_said_in_color_groups_that_fit_the_braille_display():
    state = GameState(with_options(HIGH_14, TableOptions(players=3, hands=1)), first_deal=HIGH_THREE)
    for card in ("14r", "1g"):  # West leads red, North has none: South must follow red, or play 14x
        state.apply(Play(parse_card(card)))
    view = state.view(0)
    legal = "13r 12r 11r 10r 9r 8r 7r 6r 5r 4r 3r 2r 1r 14x"
    braille = Announcer(state.rules, [0], Verbosity.BRAILLE)
    assert braille.question(view) == "Play any red or a 14."  # not "any red": the 14 may be played too
    lines = braille.review_lines("legal", view)
    assert lines == ["You must follow red, or a 14:", "Legal 13r 12r 11r 10r 9r 8r 7r 6r 5r 4r", "Legal 3r 2r 1r 14x"]
    assert " ".join(line.removeprefix("Legal ") for line in lines[1:]) == legal
    assert all(cell_count(line) <= 40 for line in [braille.question(view), *lines])
    # The other verbosities say every legal card in one line, as before.
    normal = Announcer(state.rules, [0])
    assert normal.question(view) == f"Your play, 14 legal: {legal}."
    assert normal.review_lines("legal", view) == [
        f"You must follow red; a 14 may be played any time: {legal.replace(' ', ', ')}."]


EIGHTEEN_CARDS = [(game, players) for game in BOOKLET_VARIANTS.values() for players in game.table_sizes
                  if game.at_table(players).hand_size >= 18]


@pytest.mark.parametrize(("base", "players"), EIGHTEEN_CARDS,
                         ids=[f"{game.name}-{players}" for game, players in EIGHTEEN_CARDS])
def test_the_questions_and_legal_cards_of_18_card_hands_fit_the_braille_display(base, players):
    """Every table of the 1913 games where 18 cards are dealt: each question and ``legal`` line within 40 cells,
    and the legal cards all said, in color groups."""
    rules = with_options(base, TableOptions(players=players, hands=1))
    state = GameState(rules, seed=players)
    braille = Announcer(rules, [0], Verbosity.BRAILLE)
    easy = BasicPlayer(1)
    asked = 0
    while not state.is_over:
        view = state.view(state.turn)
        if state.turn == 0 and view.phase is Phase.PLAY:
            asked += 1
            question = braille.question(view)
            lines = braille.review_lines("legal", view)
            assert all(cell_count(line) <= 40 for line in [question, *lines]), [question, *lines]
            listed = [word for line in lines if line.startswith("Legal ") for word in line.split()[1:]]
            legal = sorted(card_name(action.card) for action in view.legal if isinstance(action, Play))
            assert sorted(listed or lines[-1].rstrip(".").split(": ")[-1].split(", ")) == legal, lines
        state.apply(easy.choose(view))
    assert asked == 18


def test_high_14_for_four_says_the_points_taken_side_by_side_as_it_scores():
    rules = HIGH_14
    state = GameState(rules, seed=21)
    players = [BasicPlayer(seat) for seat in range(4)]
    while len(state.tricks) < 5:
        state.apply(players[state.turn].choose(state.view(state.turn)), state.turn)
    view = state.view(0)
    north_south = view.taken[0] + view.taken[2]
    east_west = view.taken[1] + view.taken[3]
    announcer = Announcer(rules, [0])
    assert announcer.taken_lines(view)[0].startswith(f"Taken this hand: North-South {north_south}, "
                                                     f"East-West {east_west}; ")
    score = announcer.score_lines(view)
    assert score[1] == f"Taken so far this hand: North-South {north_south}, East-West {east_west}."
    braille = Announcer(rules, [0], Verbosity.BRAILLE).taken_lines(view)[0]
    assert braille.startswith(f"Taken NS {north_south} EW {east_west}, ")


def _played(plays: str, verbosity: Verbosity) -> dict[str, str]:
    """High 14 for four from ``HIGH_FOUR`` (green trump, South leads), ``plays`` played: each card's line, by card
    (every seat named: two people at the keyboard)."""
    state = GameState(with_options(HIGH_14, TableOptions(hands=1)), first_deal=HIGH_FOUR)
    announcer = Announcer(state.rules, [0, 1], verbosity)
    told(announcer, state)
    lines = {}
    for card in plays.split():
        start = len(state.events)
        state.apply(Play(parse_card(card)))
        lines[card] = told(announcer, state, start)[0]
    return lines


def test_a_trump_under_a_14_that_is_no_trump_is_not_called_a_lower_trump():
    """High 14: the 14 of the color led, and a 14 played before, beat every trump. A trump under such a 14 was
    "a lower trump" (false: no trump beat it), or "trumps with" (heard as taking the lead) under an equal 14."""
    plays = "1y 10y 14y 8g 8r 11r 14x 14g"  # East trumps under 14y; then 14g comes after 14x, which holds
    normal = _played(plays, Verbosity.NORMAL)
    assert normal["8g"] == "East plays 8g, a trump under 14y."
    assert normal["14g"] == "West plays 14g, a trump under 14x."
    assert normal["14x"] == "South plays 14x."
    terse = _played(plays, Verbosity.TERSE)
    assert (terse["8g"], terse["14g"]) == ("East 8g.", "West 14g.")  # not "West trumps 14g."
    assert _played(plays, Verbosity.BRAILLE)["14g"] == "West 14g."
    # A trump under a higher trump is still "a lower trump", as in every other game.
    assert _played("1y 14g 14r 8g", Verbosity.NORMAL)["8g"] == "East plays 8g, a lower trump."  # 14g holds


def test_a_14_played_on_another_color_is_not_said_to_show_the_player_out_of_that_color():
    """Verbose: a card of another color than the one led is "no red"; a 14 may be played by a player who holds
    red, so it is "a 14 on red", and where an earlier 14 beats it, under which."""
    verbose = _played("1y 10y 14y 8g 8r 11r 14x 14g", Verbosity.VERBOSE)
    assert verbose["14x"] == "South plays 14x, a 14 on red."  # South holds 1r 2r 3r
    assert verbose["14g"] == "West plays 14g, a trump under 14x."
    verbose = _played("1y 14g 14r 8g", Verbosity.VERBOSE)
    assert verbose["14g"] == "West trumps with 14g."
    assert verbose["14r"] == "North plays 14r, a 14 on yellow, under 14g."  # North holds 14y: the first 14 holds


def test_a_braille_score_line_cut_in_two_keeps_scores_with_the_goal():
    """High 14 for six, two deals: "Score S 0 SW 0 NW 0 N 0 NE 0 E 0, deal 1 of 2" is 46 cells; it was cut into
    the scores and "Score deal 1 of 2", a line with no score. Each piece now has scores, the goal the last; the
    pieces are as even as can be, and numbered, as a hand's are (a playtest: "Score S 0 SW 0" read as the whole
    score)."""
    rules = with_options(HIGH_14, TableOptions(players=6, hands=2))
    state = GameState(rules, seed=1)
    braille = Announcer(rules, [0], Verbosity.BRAILLE)
    assert braille.review_lines("score", state.view(0))[:2] == [
        "Score 1/2 S 0 SW 0 NW 0 N 0", "Score 2/2 NE 0 E 0, deal 1 of 2"]
    assert braille.braille_score_lines((55, 10, 40, 35, 50, 20)) == [
        "Score 1/2 S 55 SW 10 NW 40 N 35", "Score 2/2 NE 50 E 20, 2 deals"]  # at a hand's end and the game's
    players = [BasicPlayer(seat) for seat in range(6)]
    while not state.is_over:
        state.apply(players[state.turn].choose(state.view(state.turn)), state.turn)
    said = told(braille, state)
    scores = [line for line in said if line.startswith("Score")]
    shape = r"Score( \d/\d)?( [A-Z]+ -?\d+)+(, .*)?$"
    assert len(scores) >= 6 and all(re.match(shape, line) for line in scores), scores
    assert all(cell_count(line) <= 40 for line in said)
