"""What is said in Rook for 3 to 8 and Partnership Rook (1913): one short line each, a 14-card hand in
color groups, and every line of the braille verbosity within 40 cells at every table size."""

from __future__ import annotations

import pytest

from rook_access.announcer import Announcer, Verbosity
from rook_access.announcer.hints import advice_line
from rook_access.announcer.rules_summary import rules_summary
from rook_access.bench.braille_lines import PROMISED, measure
from rook_access.braille.translator import cell_count
from rook_access.engine import (
    PASS,
    Bid,
    Deal,
    GameState,
    IllegalActionError,
    NameTrump,
    Play,
    card_color,
    parse_cards,
    parse_color,
)
from rook_access.engine.events import GameEnded, HandEnded, OddCardsTaken, TricksCut, TrickTaken
from rook_access.engine.rules import (
    DISPLAY,
    DIXIE,
    PARTNERSHIP_1913,
    ROOK_1913,
    VARIANTS,
    TableOptions,
    with_options,
)
from rook_access.players import BasicPlayer
from rook_access.players.search.advice import PlayAdvice


def table(players: int, sides: int | None = None, base=ROOK_1913):
    return with_options(base, TableOptions(players=players, sides=sides))


FOURTEEN = "14r 10r 5r 1r 13x 9x 2x 12y 11y 8y 6y 3y 7g 4g"


def test_a_hand_of_14_cards_is_said_in_color_groups():
    rules = table(4)
    hand = parse_cards(FOURTEEN)
    rest = [card for card in rules.deck if card not in hand]
    state = GameState(rules, first_deal=Deal(3, (tuple(hand), tuple(rest[:14]), tuple(rest[14:28]),
                                                 tuple(rest[28:])), ()))
    normal = Announcer(rules, [0]).event_lines(state.events[1])
    assert normal[1] == (
        "Your hand, 14 cards. Red, 4 cards: 14r 10r 5r 1r. Black, 3 cards: 13x 9x 2x. "
        "Yellow, 5 cards: 12y 11y 8y 6y 3y. Green, 2 cards: 7g 4g."
    )
    braille = Announcer(rules, [0], Verbosity.BRAILLE).event_lines(state.events[1])
    assert braille[1:] == ["Hand 1/2 14r 10r 5r 1r 13x 9x 2x", "Hand 2/2 12y 11y 8y 6y 3y 7g 4g"]
    # A hand of 9 is one line, as before.
    nine = Announcer(rules, [0]).hand_lines(0, parse_cards("14r 10r 5r 13x 9x 12y 11y 7g 4g"), None)
    assert nine == ["Your hand, 9 cards: 14r 10r 5r 13x 9x 12y 11y 7g 4g."]


def test_the_odd_cards_and_most_tricks_are_one_short_line_each():
    event = OddCardsTaken(2, (1,), tuple(parse_cards("5r")), 5)
    rules = table(5)
    assert Announcer(rules, [0]).event_lines(event) == [
        "The odd card 5r, held by West, goes to Northwest with the last trick: 5 points."
    ]
    assert Announcer(rules, [0], Verbosity.TERSE).event_lines(event) == ["Odd card 5r to Northwest, 5."]
    assert Announcer(rules, [0], Verbosity.BRAILLE).event_lines(event) == ["Odd card 5r to NW, 5."]
    two = OddCardsTaken(0, (1, 2), tuple(parse_cards("9g 10x")), 10)
    assert Announcer(table(6), [0]).event_lines(two) == [
        "The odd cards 9g 10x, held by Southwest and Northwest, go to you with the last trick: 10 points."
    ]
    partners = PARTNERSHIP_1913
    end = HandEnded(1, 0, 60, True, (70, 30), (90, 30), (90, 30), tricks=(9, 5), most_tricks=0)
    said = Announcer(partners, [0]).event_lines(end)
    # The 20 is said once, with the points it came with: +90 is the 70 taken and the 20.
    assert said[0] == "Hand 1 over. North-South bid 60 and made it with 70 and 20 for tricks: +90."
    assert "North-South took most tricks, 9 to 5." in said
    assert not any(line.endswith("20 more.") for line in said)
    tie = HandEnded(1, 0, 60, True, (70, 30), (70, 30), (70, 30), tricks=(7, 7), most_tricks=None)
    assert "Tricks 7 to 7: a tie, no bonus for most tricks." in Announcer(partners, [0]).event_lines(tie)
    assert "Tricks NS 9 EW 5, NS +20" in Announcer(partners, [0], Verbosity.BRAILLE).event_lines(end)


def test_the_dealers_opening_is_asked_and_refused_in_one_line():
    state = GameState(ROOK_1913, seed=2)
    assert state.dealer == 0
    announcer = Announcer(ROOK_1913, [0])
    assert announcer.question(state.view(0)) == "Your opening bid, as dealer: 5 to 100."
    assert announcer.legal_line(state.view(0)) == (
        "As dealer you open the bidding: bid 5 to 100 in fives; you may not pass."
    )
    with pytest.raises(IllegalActionError) as refused:
        state.apply(PASS, 0)
    assert announcer.refusal(refused.value, state.view(0)) == (
        "The dealer opens the bidding and may not pass: you bid 5 to 100 in fives."
    )
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Bid(3), 0)
    assert announcer.refusal(refused.value, state.view(0)) == "Bids go up in fives: 5 or more."
    braille = Announcer(ROOK_1913, [0], Verbosity.BRAILLE)
    assert cell_count(braille.question(state.view(0))) <= 40
    state.apply(Bid(20), 0)
    assert announcer.question(state.view(1)).startswith("West, your bid: 25 to 100, or pass")


def test_partners_of_three_are_named_as_partners_and_sides_by_their_first_seat():
    rules = table(6, base=PARTNERSHIP_1913)
    announcer = Announcer(rules, [0])
    assert announcer.table_line() == "You are South; your partners are Northwest and Northeast."
    assert announcer.scores_text([40, 20]) == "Your side 40, Southwest's side 20"  # not "South's side": you
    assert Announcer(rules, [1]).scores_text([40, 20]) == "South's side 40, your side 20"
    assert Announcer(rules, [2]).scores_text([40, 20]) == "Your side 40, Southwest's side 20"  # Northwest
    assert Announcer(rules, [0, 1]).scores_text([40, 20]) == "South's side 40, Southwest's side 20"  # no one "you"
    assert Announcer(table(6, 3, PARTNERSHIP_1913), [0]).scores_text([1, 2, 3]) == (
        "North-South 1, Northeast-Southwest 2, East-Northwest 3"
    )


@pytest.mark.parametrize(
    ("base", "players", "sides"),
    [(ROOK_1913, 3, None), (ROOK_1913, 4, None), (ROOK_1913, 5, None), (ROOK_1913, 6, None), (ROOK_1913, 7, None),
     (ROOK_1913, 8, None), (PARTNERSHIP_1913, 4, None), (PARTNERSHIP_1913, 6, None), (PARTNERSHIP_1913, 6, 3)],
)
def test_every_braille_line_fits_40_cells_at_every_table_size(base, players, sides):
    report = measure(games=3, seed=players, hands=2, rules=table(players, sides, base))
    for kind in (*PROMISED, "other"):
        assert report.counts[kind] > 10, kind
        assert report.share(kind) == 1.0, (kind, sorted(report.too_long[kind])[:3])


# --- a player's second look: the end of a hand, and the rules, in each game's own terms ---------------
def test_dixie_bidders_make_their_bid_with_the_20_for_tricks_and_the_line_says_so():
    """Dixie Rook counts the 20 for most tricks toward the bid: 65 in counters and the 20 make a bid of 75."""
    rules = DIXIE
    made = HandEnded(1, 1, 75, True, (35, 65), (35, 85), (35, 85), tricks=(4, 10), most_tricks=1)
    said = Announcer(rules, [0]).event_lines(made)
    assert said[0] == "Hand 1 over. East-West bid 75 and made it with 65 and 20 for tricks: +85."
    assert "East-West took most tricks, 10 to 4 with the nest." in said  # the 20 is said once, with the bid
    assert not any("made it with 65:" in line for line in said)
    assert Announcer(rules, [0], Verbosity.TERSE).event_lines(made)[0].startswith(
        "Hand 1: East-West bid 75, took 85, made.")
    assert Announcer(rules, [0], Verbosity.BRAILLE).event_lines(made)[0] == "Deal 1: EW bid 75, took 85, made."
    # Seven tricks each: the cut gave the 20, and nobody "took most tricks".
    cut = HandEnded(2, 0, 70, True, (60, 40), (80, 40), (80, 40), tricks=(7, 7), most_tricks=0)
    said = Announcer(rules, [0]).event_lines(cut)
    assert said[0] == "Hand 2 over. North-South bid 70 and made it with 60 and 20 for tricks: +80."
    assert "Tricks 7 to 7 with the nest." in said  # the cut's line, said just before, named who won it
    assert not any("took most tricks" in line for line in said)


def test_the_cut_says_who_wins_it_and_the_hand_does_not_say_it_again_nor_give_the_20_to_bidders_set_back():
    """A playtest, Dixie Rook: "North-South get the 20." on the cut, then North-South were set back and got no 20;
    and the hand's summary said again "North-South won the cut"."""

    def said(events: tuple[object, ...], verbosity: Verbosity = Verbosity.NORMAL) -> list[str]:
        announcer = Announcer(DIXIE, [0], verbosity)
        return [line for event in events for line in announcer.event_lines(event)]

    cut = TricksCut(tuple(parse_cards("8x 4r 13g 12r")), (21, 16), 0)
    set_back = (cut, HandEnded(2, 0, 70, False, (30, 70), (-70, 70), (10, 110), tricks=(7, 7), most_tricks=0))
    assert said(set_back) == [
        "Equal tricks, so all cut: North-South 13g 8x, 21; East-West 12r 4r, 16. North-South win the cut.",
        "Hand 2 over. North-South bid 70 and took 30 and 20 for tricks: set back 70.",
        "East-West took 70 points: +70.",
        "Tricks 7 to 7 with the nest.",
        "Score: North-South 10, East-West 110.",
    ]
    terse = said(set_back, Verbosity.TERSE)
    assert terse[0].endswith("North-South win the cut.") and terse[2] == "Tricks 7 to 7 with the nest."
    assert said(set_back, Verbosity.BRAILLE)[:3] == [
        "Cut: NS 21, EW 16: NS win.", "Deal 2: NS bid 70, took 50, set.", "Tricks NS 7 EW 7, NS set"]
    # The defenders win the cut: the summary says whose the 20 is only where no line before said it (terse).
    won = TricksCut(tuple(parse_cards("8x 4r 13g 12r")), (21, 16), 1)
    defenders = (won, HandEnded(2, 0, 70, False, (30, 70), (-70, 90), (10, 130), tricks=(7, 7), most_tricks=1))
    normal = said(defenders)
    assert normal[0].endswith("East-West win the cut.")
    assert normal[2:4] == ["East-West took 70 points and 20 for tricks: +90.", "Tricks 7 to 7 with the nest."]
    assert said(defenders, Verbosity.TERSE)[2] == "Tricks 7 to 7 with the nest; East-West get the 20."


def test_defenders_who_took_most_tricks_are_said_to_score_their_points_and_the_20_in_one_line():
    """A playtest: "East-West took 55 points: +75." then "...most tricks: 20 more." read as 20 beyond the 75."""
    end = HandEnded(1, 0, 70, True, (65, 55), (65, 75), (65, 75), tricks=(6, 8), most_tricks=1)
    said = Announcer(DIXIE, [0]).event_lines(end)
    assert "East-West took 55 points and 20 for tricks: +75." in said
    assert "East-West took most tricks, 8 to 6 with the nest." in said
    assert not any(line.endswith("20 more.") for line in said)
    # The terse lines give the changes alone, and still say where the 20 went.
    terse = Announcer(DIXIE, [0], Verbosity.TERSE).event_lines(end)
    assert "East-West took most tricks, 8 to 6 with the nest: 20 more." in terse


def test_a_side_set_back_is_not_said_to_get_the_20_for_most_tricks():
    set_back = HandEnded(1, 0, 80, False, (50, 50), (-80, 50), (-80, 50), tricks=(9, 5), most_tricks=0)
    said = Announcer(PARTNERSHIP_1913, [0]).event_lines(set_back)
    assert "North-South took most tricks, 9 to 5; set back, so no 20." in said
    assert not any(line.endswith("20 more.") for line in said)
    assert "Tricks NS 9 EW 5, NS set" in Announcer(PARTNERSHIP_1913, [0], Verbosity.BRAILLE).event_lines(set_back)
    dixie = HandEnded(1, 1, 70, False, (60, 40), (60, -70), (60, -70), tricks=(4, 6), most_tricks=1)
    assert Announcer(DIXIE, [0]).event_lines(dixie)[0] == (
        "Hand 1 over. East-West bid 70 and took 40 and 20 for tricks: set back 70.")


def test_display_rook_tricks_are_2_points_each_never_a_tie_for_a_bonus_it_has_not():
    end = HandEnded(1, 1, 65, True, (10, 90), (4, 114), (4, 114), tricks=(2, 12), most_tricks=None)
    said = Announcer(DISPLAY, [0]).event_lines(end)
    assert "Tricks: North-South 2, East-West 12, 2 points each." in said
    assert not any("tie" in line or "bonus" in line for line in said)
    assert "Tricks NS 2 EW 12, 2 each" in Announcer(DISPLAY, [0], Verbosity.BRAILLE).event_lines(end)


def test_the_rules_say_each_rule_once_and_never_against_the_game():
    partnership = rules_summary(PARTNERSHIP_1913)
    # a playtest: the rules said the 20 for most tricks and never that a side set back scores none of it
    assert any("scores 20 more, none on a tie or when set back;" in line for line in partnership), partnership
    dixie = rules_summary(DIXIE)
    assert not any("none on a tie" in line for line in dixie)  # equal tricks cut for the 20
    assert sum("more tricks" in line or "most tricks" in line for line in dixie) == 1
    assert any(line.startswith("On equal tricks all cut") for line in dixie)
    display = rules_summary(DISPLAY)
    assert sum("must bid" in line for line in display) == 1
    flip = rules_summary(VARIANTS["flip"])  # the red 14 counts 1 against its taker
    assert not any("14 counts nothing" in line for line in flip)
    high = rules_summary(VARIANTS["high-14"])
    assert sum("14" in line and "nothing" in line for line in high) == 1
    assert "The 14 counts nothing, but it is the highest card of its color." in dixie


def test_a_display_rook_hint_counts_the_2_points_of_the_trick_itself():
    state = GameState(DISPLAY, seed=2)
    assert state.dealer == 0
    state.apply(Bid(5), 0)
    for seat in (1, 2, 3):
        state.apply(PASS, seat)
    state.apply(NameTrump(parse_color("green")), 0)
    lead = state.legal_cards()[0]
    state.apply(Play(lead), 1)
    view = state.view(2)  # North's hand, displayed, played by South the dealer
    card = max(view.hand, key=lambda c: (card_color(c) == card_color(lead), c))
    advice = PlayAdvice(Play(card), None, 0, False, 1, card_color(lead), parse_color("green"), 1, (), True, False,
                        0, 0, False)
    line = advice_line(view, advice)
    assert "it beats every card so far, and with it the trick holds 2 points so far" in line, line


def test_a_bid_above_the_highest_names_the_bids_allowed_within_40_cells_in_braille():
    state = GameState(DISPLAY, seed=2)
    assert state.dealer == 0
    for amount, seat in ((5, 0), (10, 1), (115, 2), (120, 3)):
        state.apply(Bid(amount), seat)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Bid(130), 0)
    assert Announcer(DISPLAY, [0]).refusal(refused.value, state.view(0)) == (
        "The highest bid is 125: bid 125, or pass.")
    braille = Announcer(DISPLAY, [0], Verbosity.BRAILLE).refusal(refused.value, state.view(0))
    assert braille == "Highest bid 125: 125, or pass." and cell_count(braille) <= 40
    state = GameState(ROOK_1913.at_table(7), seed=3)
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Bid(105), state.dealer)
    braille = Announcer(state.rules, [0], Verbosity.BRAILLE).refusal(refused.value, state.view(state.dealer))
    assert braille == "Highest bid 100: 5 to 100." and cell_count(braille) <= 40


def test_a_hand_thrown_in_names_the_next_dealer_once():
    """Dixie Rook: all pass, the hand is thrown in, and the next deal's line says who deals (not twice)."""
    state = GameState(DIXIE, seed=3)
    first = state.dealer
    for _ in range(4):
        state.apply(PASS, state.turn)
    assert state.dealer == (first + 1) % 4 and state.phase.value == "bidding"
    announcer = Announcer(DIXIE, [0])
    said = [line for event in state.events for line in announcer.event_lines(event)]
    thrown = said.index("Everyone passed. The hand is thrown in.")
    deals = "Hand 1. You deal." if state.dealer == 0 else f"Hand 1. {DIXIE.names[state.dealer]} deals."
    assert said[thrown + 1] == deals
    assert sum("deal" in line for line in said[thrown : thrown + 2]) == 1
    braille = Announcer(DIXIE, [0], Verbosity.BRAILLE)
    said = [line for event in state.events for line in braille.event_lines(event)]
    assert "All passed, thrown in." in said


def test_the_winners_of_three_against_three_are_said_in_good_english():
    rules = table(6, base=PARTNERSHIP_1913)
    assert Announcer(rules, [1]).event_lines(GameEnded(0, (210, 40))) == ["Game over. South's side wins, 210 to 40."]
    assert Announcer(rules, [0]).event_lines(GameEnded(0, (210, 40))) == [
        "Game over. You, Northwest and Northeast win, 210 to 40."]
    braille = Announcer(rules, [0], Verbosity.BRAILLE)
    assert braille.event_lines(GameEnded(1, (40, 210))) == ["Game over: SW side wins, 210 to 40."]  # not "ENSW"
    # Braille names every side by its seats' initials, yours too (as NS in the game for four), in the singular.
    assert braille.event_lines(GameEnded(0, (210, 40))) == ["Game over: S side wins, 210 to 40."]
    assert braille.braille_score_line((40, 210)) == "Score S side 40 SW side 210, to 200"
    assert Announcer(PARTNERSHIP_1913, [0]).event_lines(GameEnded(0, (210, 40))) == [
        "Game over. You and North win, 210 to 40."]
    assert Announcer(PARTNERSHIP_1913, [1]).event_lines(GameEnded(0, (210, 40))) == [
        "Game over. North-South win, 210 to 40."]


def test_your_side_of_three_is_your_side_in_the_score_and_the_hand_lines():
    rules = with_options(DIXIE, TableOptions(players=6))
    south, southwest = Announcer(rules, [0]), Announcer(rules, [1])
    view = GameState(rules, seed=1).view(0)
    assert south.score_lines(view)[0] == "Score: Your side 0, Southwest's side 0; game to 300."
    assert southwest.score_lines(GameState(rules, seed=1).view(1))[0] == (
        "Score: South's side 0, your side 0; game to 300.")
    cut = TricksCut(tuple(parse_cards("14r 13x 12y 11g 13g 12r")), (38, 37), 0)
    assert south.event_lines(cut) == [
        "Equal tricks, so all cut: Your side 13g 12y 14r, 38; Southwest's side 12r 11g 13x, 37. "
        "Your side wins the cut."]
    assert southwest.event_lines(cut)[0].endswith("South's side 13g 12y 14r, 38; your side 12r 11g 13x, 37. "
                                                  "South's side wins the cut.")
    verbose = Announcer(rules, [0], Verbosity.VERBOSE)
    assert verbose.team_name((0, 2, 4)) == "Your side" and verbose.team_name((0, 2, 4), in_sentence=True) == (
        "your side")
    assert verbose.named_as_one((0, 2, 4)) and verbose.named_as_one((1, 3, 5))
    assert not Announcer(DIXIE, [0]).named_as_one((0, 2))  # "North-South have"
    assert verbose.named_as_one((1,)) and not verbose.named_as_one((0,))  # "West has taken", "You have taken"


def test_the_last_trick_and_nest_fit_40_cells_at_a_dixie_table_of_six():
    rules = with_options(DIXIE, TableOptions(players=6))
    announcer = Announcer(rules, [0], Verbosity.BRAILLE)
    last = TrickTaken(10, 1, tuple(parse_cards("14r 13r 10r 5r 2r 1r")), 2, 25, tuple(parse_cards("10g 5g")), 15)
    lines = [line for line in announcer.event_lines(last) if "nest" in line]
    assert lines[0] == "NW takes the last trick and nest, 25." and all(cell_count(line) <= 40 for line in lines)


def test_the_cut_of_three_against_three_fits_40_cells_in_braille():
    rules = with_options(DIXIE, TableOptions(players=6))
    cut = TricksCut(tuple(parse_cards("14r 13x 12y 14g 13g 12r")), (39, 39), None)
    again = TricksCut(tuple(parse_cards("14r 13x 12y 11g 13g 12r")), (38, 37), 0)
    lines = [line for event in (cut, again) for line in Announcer(rules, [0], Verbosity.BRAILLE).event_lines(event)]
    assert lines == ["Cut: S side 39, SW side 39: cut again.", "Cut: S side 38, SW side 37: S side wins."]
    assert all(cell_count(line) <= 40 for line in lines)


def test_display_rook_tricks_are_said_with_their_own_2_points_and_the_hand_adds_up_to_128():
    state = GameState(DISPLAY.replace(hands_limit=1), seed=4)
    players = [BasicPlayer(seat) for seat in range(4)]
    announcer = Announcer(state.rules, [0])
    said: list[str] = []
    taken_after_first = None
    for event in state.events:
        said += announcer.event_lines(event)
    while not state.is_over:
        for event in state.apply(players[state.actor].choose(state.view(state.turn)), state.turn):
            said += announcer.event_lines(event)
        if taken_after_first is None and len(state.tricks) == 1:
            first = state.tricks[0]
            taken_after_first = (announcer.taken_lines(state.view(0))[0], first)
    tricks = [line for line in said if " trick " in line and line.endswith(" points.") and "take" in line]
    assert len(tricks) == 14
    assert sum(int(line.rsplit(", ", 1)[1].split()[0]) for line in tricks) == 128
    line, first = taken_after_first
    assert f"{128 - first.points - 2} still out." in line


def test_before_display_rooks_hand_is_laid_down_dummy_says_when_it_will_be():
    from rook_access.engine import PARTNERSHIP

    state = GameState(DISPLAY, seed=3)
    view = state.view(0)
    assert view.displayed is None  # the bidding: no hand is face up yet
    line = "No hand is face up yet: the dealer's partner lays it down after the first card."
    assert Announcer(DISPLAY, [0]).dummy_line(view) == line
    assert Announcer(DISPLAY, [0]).dummy_lines(view) == [line]
    assert Announcer(PARTNERSHIP, [0]).dummy_line(GameState(PARTNERSHIP, seed=3).view(0)) == "This game has no dummy."


def test_dummy_before_display_rooks_hand_is_laid_down_fits_40_cells_in_braille():
    """It was one line of 79 cells."""
    view = GameState(DISPLAY, seed=2).view(0)
    lines = Announcer(DISPLAY, [0], Verbosity.BRAILLE).dummy_lines(view)
    assert " ".join(lines) == "No hand is face up yet: the dealer's partner lays it down after the first card."
    assert len(lines) > 1 and all(cell_count(line) <= 40 for line in lines), lines


def test_a_hand_laid_face_up_in_braille_numbers_its_lines_as_a_hand_does():
    """Display Rook's hand laid face up took two 40-cell lines, both "N up ...", with nothing to say a second
    was coming; they are "N up 1/2" and "N up 2/2", as a long hand's are."""
    state = GameState(DISPLAY, seed=2)
    state.apply(Bid(5), 0)
    for seat in (1, 2, 3):
        state.apply(PASS, seat)
    state.apply(NameTrump(parse_color("green")), 0)
    state.apply(Play(state.legal_cards()[0]), 1)
    narrator = Announcer(DISPLAY, [0], Verbosity.BRAILLE)
    up = [line for event in state.events for line in narrator.event_lines(event) if line.startswith("N up")]
    assert [line.split()[2] for line in up] == ["1/2", "2/2"], up
    assert all(cell_count(line) <= 40 for line in up)
    shown = sorted(card for line in up for card in parse_cards(" ".join(line.split()[3:])))
    assert shown == sorted(dict(state.view(0).shown)[2])  # North's cards, every one


def test_the_displayed_hand_with_every_card_played_says_none_are_left():
    """Before, dummy after the hand said "North's hand is face up, you play it: ." with nothing after it."""
    rules = VARIANTS["display"]
    assert Announcer(rules, [0]).displayed_hand_lines(2, 0, (), None) == [
        "North's hand is face up, you play it; no cards are left in it."]
    assert Announcer(rules, [0], Verbosity.BRAILLE).displayed_hand_lines(2, 0, (), None) == ["N up: no cards left."]


def test_a_game_of_more_than_two_scores_ends_naming_whose_each_score_is():
    """Before, "Game over. Northwest wins with the fewest points against, 0 to 1 to 6 to 11 to 26." and, in
    braille, "Game over: W wins, 65 to 30 to 30." left the listener to guess whose each number was."""
    flip = with_options(VARIANTS["flip"], TableOptions(players=5))  # South, West, Northwest, Northeast, East
    assert Announcer(flip, [0]).event_lines(GameEnded(2, (1, 6, 0, 11, 26))) == [
        "Game over. Northwest wins with the fewest points against, 0; you 1, West 6, Northeast 11, East 26."]
    assert Announcer(flip, [0], Verbosity.BRAILLE).event_lines(GameEnded(2, (1, 6, 0, 11, 26))) == [
        "Game over:", "NW wins, NW 0 S 1 W 6 NE 11 E 26."]  # within 40 cells each
    assert Announcer(VARIANTS["three"], [0], Verbosity.BRAILLE).event_lines(GameEnded(1, (30, 65, 30))) == [
        "Game over: W wins, W 65 S 30 E 30."]
