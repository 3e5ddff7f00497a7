"""The braille verbosity: its hand, trick, bids and score lines fit a 40-cell display, and docs/braille.md
explains its shorthand."""

from __future__ import annotations

import re

from rook_access.announcer import Announcer, Verbosity
from rook_access.announcer.tricks.narrator import REVIEW_TOPICS
from rook_access.announcer.tricks.words import INITIALS
from rook_access.bench.braille_lines import PROMISED, measure
from rook_access.braille.translator import cell_count
from rook_access.engine import PARTNERSHIP, GameState
from rook_access.engine.rules import (
    DISPLAY,
    DIXIE,
    FLIP,
    HIGH_14,
    INDIVIDUAL,
    PARTNERSHIP_1913,
    ROOK_1913,
    THREE_PLAYER,
    TWO_PLAYER,
    TableOptions,
    with_options,
)
from rook_access.players import BasicPlayer
from tests.helpers import REPOSITORY
from tests.helpers.console import run_main, run_program
from tests.helpers.hands import make_deal, play_cards, start_play

WIDTH = 40


def test_every_hand_trick_bid_and_score_line_fits_40_cells():
    """The figures themselves are the benchmark's to print (python -m rook_access.bench.braille_lines)."""
    report = measure(games=40, seed=7)
    for kind in PROMISED:
        assert report.counts[kind] > 300, kind
        assert report.share(kind) == 1.0, (kind, sorted(report.too_long[kind])[:5])
        assert report.longest[kind] <= WIDTH
    # The other lines are reported; nearly all fit too.
    assert report.share("other") > 0.99
    # A hand of 9 cards is one line; a hand holding the nest (14 cards) takes two.
    shown, one_line = report.hands_by_size[9]
    assert shown > 100 and one_line >= shown - 1
    shown, one_line = report.hands_by_size[14]
    assert shown > 10 and one_line == 0


def test_the_longest_hand_is_cut_into_lines_that_fit():
    """Eight cards of 10 to 14 and the Bird would be 41 cells in one line."""
    hands = (
        "14r 13r 12r 11r 10r 14x 13x 12x rook",
        "5r 6r 7r 8r 9r 5x 6x 7x 8x",
        "9x 10x 11x 5y 6y 7y 8y 9y 10y",
        "11y 12y 13y 14y 5g 6g 7g 8g 9g",
    )
    state = GameState(PARTNERSHIP, seed=1, first_deal=make_deal(hands, "10g 11g 12g 13g 14g"))
    lines = Announcer(PARTNERSHIP, [0], Verbosity.BRAILLE).review_lines("hand", state.view(0))
    assert lines == ["Hand 1/2 14r 13r 12r 11r 10r 14x 13x 12x", "Hand 2/2 rook"]
    assert all(cell_count(line) <= WIDTH for line in lines)


def _bird_deal_in_play():
    """A hand in play, South leading: South holds the Bird, West and North two-digit reds."""
    hands = (
        "rook 14r 5x 6x 7x 8x 9x 10x 11x",
        "13r 12x 13x 14x 5y 6y 7y 8y 9y",
        "12r 10y 11y 12y 13y 14y 5g 6g 7g",
        "11r 8g 9g 10g 11g 12g 13g 14g 5r",
    )
    return start_play(make_deal(hands, "6r 7r 8r 9r 10r", dealer=0), 1, "6r 7r 8r 9r 10r", "red", 120)


def test_a_trick_with_the_bird_and_three_two_digit_cards_fits():
    state = _bird_deal_in_play()
    announcer = Announcer(PARTNERSHIP, [0], Verbosity.BRAILLE)
    play_cards(state, "13r", "12r", "11r")
    line = announcer.trick_line(state.view(0))
    assert line == "Trick 1: W 13r N 12r E 11r; W wins"
    play_cards(state, "rook")
    last = announcer.last_trick_line(state.view(0))
    assert last == "Last W 13r N 12r E 11r S rook; S won 20"
    assert cell_count(line) <= WIDTH and cell_count(last) <= WIDTH
    assert cell_count(announcer.bids_line(state.view(0))) <= WIDTH


def test_the_goodbye_fits_40_cells_in_whole_sentences():
    for script in ("quit\n", "pass\n"):  # quit, and the end of piped input
        done = run_program(["--seed", "3", "--verbosity", "braille"], script)
        lines = done.stdout.splitlines()
        assert "To go on later: rook-access --resume." in lines, lines[-3:]
        tail = lines[lines.index("To go on later: rook-access --resume.") - 1 :]
        assert all(len(line) <= 40 for line in tail), tail
        assert tail[0].endswith("Game saved. Goodbye.")


def test_legal_says_a_short_rule_then_the_cards_in_color_groups_within_40_cells():
    state = _bird_deal_in_play()
    play_cards(state, "12x")  # West leads black; North has none
    north = Announcer(PARTNERSHIP, [2], Verbosity.BRAILLE).review_lines("legal", state.view(2))
    assert north == ["You have no black, so any card:", "Legal 12r 14y 13y 12y 11y 10y 7g 6g 5g"]
    play_cards(state, "5g", "8g")
    south = Announcer(PARTNERSHIP, [0], Verbosity.BRAILLE).review_lines("legal", state.view(0))
    assert south == ["You must follow black, or rook:", "Legal rook 11x 10x 9x 8x 7x 6x 5x"]
    assert all(cell_count(line) <= WIDTH for line in north + south)
    # The other verbosities keep the rule in full, with the cards, in one line.
    assert Announcer(PARTNERSHIP, [0], Verbosity.TERSE).review_lines("legal", state.view(0)) == [
        "You must follow black; the Rook Bird may be played any time: rook, 11x, 10x, 9x, 8x, 7x, 6x, 5x."]


def test_the_three_player_game_names_this_hands_partners_by_their_initials(monkeypatch, capsys):
    """It said "West plays alone; you and East are partners this hand." (54 cells)."""
    args = ["--seed", "4", "--variant", "three", "--verbosity", "braille"]
    status, said, _ = run_main(monkeypatch, capsys, args, ["pass", "quit"])
    assert status == 0
    assert "West plays alone; partners SE." in said
    assert "Taken W 0 SE 0, up to 100 out; W bid 60" in said  # the cards laid aside are unseen


def test_trump_in_the_beginner_game_says_the_turned_card_within_40_cells(monkeypatch, capsys):
    """It said "Trump is yellow, turned from the nest: 13y." (43 cells); now as the turn was said."""
    args = ["--seed", "3", "--variant", "beginner", "--verbosity", "braille"]
    status, said, _ = run_main(monkeypatch, capsys, args, ["trump", "quit"])
    assert status == 0
    assert said.count("Trump yellow, from the nest's 13y.") == 2  # when turned, and for trump


def test_the_two_player_game_names_the_dummys_player_by_initial(monkeypatch, capsys):
    """Watched, it said "South plays alone; North plays the dummy." (41 cells)."""
    args = ["--seed", "1", "--variant", "two", "--seats", "computer,computer", "--hands", "1", "--level", "easy"]
    status, said, _ = run_main(monkeypatch, capsys, [*args, "--verbosity", "braille"])
    assert status == 0
    assert "South plays alone; N plays the dummy." in said
    status, said, _ = run_main(monkeypatch, capsys, ["--seed", "1", "--variant", "two", "--verbosity", "braille"],
                               ["pass", "quit"])
    assert "North plays alone; you play the dummy." in said


def test_a_resumed_game_says_where_it_stands_within_40_cells():
    from rook_access.announcer.tricks.narrator import TrickNarrator
    from rook_access.engine import GameState
    from rook_access.engine.rules import ROOK_1913, TableOptions, with_options

    for rules in (PARTNERSHIP, with_options(ROOK_1913, TableOptions(players=8))):
        lines = TrickNarrator(rules, [0], Verbosity.BRAILLE).resume_lines(GameState(rules, seed=1).view)
        assert lines[0] == "Resumed, hand 1." and lines[1].startswith("Score ")
        assert all(cell_count(line) <= WIDTH for line in lines), lines


BRAILLE_GUIDE = REPOSITORY / "docs" / "braille.md"
SHORTHAND_GAMES = (
    PARTNERSHIP, INDIVIDUAL, TWO_PLAYER, THREE_PLAYER, DISPLAY, FLIP, HIGH_14, ROOK_1913,
    with_options(DIXIE, TableOptions(players=6)),  # three against three: "S side"
    with_options(PARTNERSHIP_1913, TableOptions(players=6, sides=3)),  # "NESW", "ENW"
)  # fmt: skip
"""A game of each kind of braille line, at a table of four or six (more seats wrap the score lines)."""


def _words(text: str) -> list[str]:
    """A line's words as a shape: seats' and sides' initials "I", numbers "#", stops left out."""
    initials = "|".join(sorted(set(INITIALS.values()), key=len, reverse=True))
    shape = []
    for word in text.split():
        word = word.strip(".,;:")
        if re.fullmatch(f"(?:{initials})+", word):
            word = "I"
        elif re.fullmatch(r"[+-]?\d+(?:/\d+)?", word):
            word = "#"
        shape.append(word)
    return shape


def _shorthand(line: str) -> list[str] | None:
    """The shorthand a braille line opens with: the word before seats' initials ("Score" of "Score NS 120
    EW -45"), a number's label ("Deal #" of "Deal 3, East deals."), or the word after the initials it
    opens with ("I up" of "E up 11r"); None for a line in words."""
    words = _words(line)
    if len(words) < 2:
        return None
    if words[0] == "I" or (words[1] == "#" and re.search(r"\d[:,]|\d/", line.split()[1])):
        return words[:2]
    return words[:1] if words[1] == "I" else None


def test_the_braille_guide_explains_every_shorthand_the_braille_lines_open_with():
    """Every line of the braille verbosity that opens with shorthand ("E up 11r", a hand face up in Display
    Rook; "Deal 3, East deals."; "Change NS +10 EW +88.") has an example in docs/braille.md that opens the
    same way, and every seat's initial is there."""
    spans = re.findall(r"`([^`]+)`", BRAILLE_GUIDE.read_text(encoding="utf-8"))
    examples = [_words(span) for span in spans]
    seen: dict[str, str] = {}
    for rules in SHORTHAND_GAMES:
        rules = rules.replace(hands_limit=1)
        state = GameState(rules, seed=3)
        players = [BasicPlayer(seed=seat) for seat in range(rules.players)]
        narrator = Announcer(rules, [0], Verbosity.BRAILLE)
        told = 0
        while True:
            view = state.view(0)
            lines = [line for event in state.events[told:] for line in narrator.event_lines(event)]
            lines += [line for topic in REVIEW_TOPICS for line in narrator.review_lines(topic, view)]
            told = len(state.events)
            for line in lines:
                shorthand = _shorthand(line)
                if shorthand is not None:
                    seen.setdefault(" ".join(shorthand), line)
            if state.is_over:
                break
            seat = state.turn
            state.apply(players[seat].choose(state.view(seat)), seat)
    assert {"I up", "Deal #", "Change", "Tricks", "Score", "Red", "Against", "Partners"} <= set(seen), sorted(seen)
    missing = [line for shape, line in seen.items()
               if not any(example[: len(shape.split())] == shape.split() for example in examples)]
    assert missing == [], f"explain in {BRAILLE_GUIDE.name}'s shorthand table the braille lines like: {missing}"
    named = {word for span in spans for word in span.split()}
    assert set(INITIALS.values()) <= named, sorted(set(INITIALS.values()) - named)  # "D", the dummy; "SE"


def test_every_answer_to_a_command_fits_40_cells_whoever_made_it():
    """A family's own answer (help NAME for no command) is fitted as the narrator's are."""
    done = run_program(["--seed", "3", "--verbosity", "braille"], "help cards\nhelp\nquit\n")
    lines = done.stdout.splitlines()
    start = next(index for index, line in enumerate(lines) if line.startswith("No command cards."))
    assert lines[start:start + 2] == ["No command cards.", "Type help all for every command."], lines[start:]
    assert all(cell_count(line) <= WIDTH for line in lines[start:]), [line for line in lines if len(line) > WIDTH]
