"""The announcer: two forms of every message, and three verbosities that keep the facts."""

from __future__ import annotations

import re

import pytest

from rook_access.announcer import Announcer, Verbosity, speak_card, speakable
from rook_access.console.session import ConsoleGame
from rook_access.engine import PARTNERSHIP, CardPlayed, Deal, GameState, card_name
from rook_access.players import BasicPlayer
from tests.helpers import REPOSITORY
from tests.helpers.console import FIXED_DEAL, ListChannel, ScriptedLines, legal_script, run_in_process

CARD_TOKEN = re.compile(r"(?<![\w-])(?:(?:1[0-4]|[1-9])[rxyg]|rook)(?![\w-])")


def test_every_card_has_a_spoken_name():
    names = {card_name(card): speak_card(card_name(card)) for card in PARTNERSHIP.deck}
    assert names["14r"] == "14 red" and names["5x"] == "5 black" and names["10y"] == "10 yellow"
    assert names["7g"] == "7 green" and names["rook"] == "the Rook"
    assert len(set(names.values())) == 41


@pytest.mark.parametrize(
    ("compact", "spoken"),
    [
        ("Your hand, 9 cards: 14r 10r 5x rook.", "Your hand, 9 cards: 14 red, 10 red, 5 black, the Rook."),
        ("West plays 10r.", "West plays 10 red."),
        ("You must follow red: 12r, 7r.", "You must follow red: 12 red, 7 red."),
        (
            "Hand 2 over. North-South bid 95 and took 75: set back 95.",
            "Hand 2 over. North South bid 95 and took 75: set back 95.",
        ),
        ("East-West took 45 points: +45.", "East West took 45 points: plus 45."),
        ("Score: North-South -95, East-West 45.", "Score: North South minus 95, East West 45."),
        (
            "Rook: the Original Rook Partnership Game, to 300 points.",
            "Rook: the Original Rook Partnership Game, to 300 points.",
        ),
    ],
)
def test_spoken_forms(compact, spoken):
    assert speakable(compact) == spoken


def whole_hand(verbosity: Verbosity) -> tuple[list[str], list[dict], list]:
    script = legal_script(FIXED_DEAL, seed=4)
    output, records, state, _ = run_in_process(
        script, seats="human,human,human,human", deal=FIXED_DEAL, seed=4, verbosity=verbosity
    )
    return output, records, state


def test_no_spoken_form_ever_holds_the_compact_notation():
    for verbosity in Verbosity:
        script = legal_script(FIXED_DEAL, seed=4)
        state = GameState(PARTNERSHIP, seed=4, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
        channel = ListChannel()
        ConsoleGame(
            state, [None] * 4, ScriptedLines(script + ["hand", "score", "history"]), channel, verbosity=verbosity
        ).run()
        assert len(channel.messages) > 60
        for message in channel.messages:
            assert not CARD_TOKEN.search(message.spoken), message.spoken
            assert not re.search(r"[+-]\d", message.spoken), message.spoken


def test_verbosity_changes_the_words_not_the_facts():
    outputs = {verbosity: whole_hand(verbosity) for verbosity in Verbosity}
    records = [records for _, records, _ in outputs.values()]
    assert records[0] == records[1] == records[2]
    terse, normal, verbose = (outputs[v][0] for v in (Verbosity.TERSE, Verbosity.NORMAL, Verbosity.VERBOSE))
    assert sum(map(len, terse)) < sum(map(len, normal)) < sum(map(len, verbose))
    # Every card played is named in every verbosity, in the same order.
    plays = [r["card"] for r in records[0] if r["event"] == "play"]
    for output in (terse, normal, verbose):
        play = re.compile(
            r"^(South|West|North|East)(?: trumps with| trumps| plays| leads)? ((?:1[0-4]|[1-9])[rxyg]|rook)[.,]"
        )
        play_lines = [line for line in output if play.match(line)]
        named = [CARD_TOKEN.search(line).group(0) for line in play_lines]
        assert named == plays
    assert any(", following " in line for line in verbose)
    assert any("have taken" in line for line in verbose)
    # The score at the end is the same number in all three.
    final = [line for line in normal if line.startswith("Score:")][-1]
    assert final in terse and final in verbose


def test_repeat_and_history_say_recent_announcements():
    output, _, _, _ = run_in_process(["repeat", "history", "rp"], deal=FIXED_DEAL, seed=1)
    hand = "Your hand, 9 cards: 14r 10r 5r 12x 9x 13y 6y 11g rook."
    assert output.count(hand) == 1 + 1 + 1 + 1  # said, repeated, in the history, repeated again
    assert any(line.startswith("The last ") and line.endswith("announcements, oldest first:") for line in output)


def test_taken_says_the_counters_of_each_side():
    lines = ["bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", "green", "rook", "6g", "14g", "13g", "taken"]
    output, _, _, _ = run_in_process(lines, seats="human,human,human,human", deal=FIXED_DEAL)
    assert "Taken this hand: North-South 30, East-West 0; 90 still out. North-South bid 70." in output


def test_the_guides_verbosity_samples_are_what_the_program_says():
    """Each sample is what you hear at South against easy players, its lines in the order said."""
    guide = (REPOSITORY / "docs" / "screen-reader-guide.md").read_text()
    section = guide.split("## Verbosity", 1)[1].split("\n## ", 1)[0]
    script = ["bid 70", "discard 5r 12x 9x 6y 5y", "trump green", "play rook"]
    for verbosity in Verbosity:
        block = section.split(f"`{verbosity.value}`:", 1)[1].split("\n\n", 2)[1]
        samples = [line.strip() for line in block.splitlines() if line.startswith("    ")]
        assert len(samples) >= 11
        output, _, _, _ = run_in_process(script, deal=FIXED_DEAL, seed=4, verbosity=verbosity)
        said = iter(output)
        for sample in samples:
            assert any(line == sample for line in said), (verbosity, sample)


def test_a_game_resumed_in_play_says_the_contract_before_trump_and_bids_say_you_in_lower_case():
    from rook_access.announcer import Announcer
    from tests.helpers.hands import make_deal, start_play

    hands = (
        "rook 14r 5x 6x 7x 8x 9x 10x 11x",
        "13r 12x 13x 14x 5y 6y 7y 8y 9y",
        "12r 10y 11y 12y 13y 14y 5g 6g 7g",
        "11r 8g 9g 10g 11g 12g 13g 14g 5r",
    )
    state = start_play(make_deal(hands, "6r 7r 8r 9r 10r", dealer=0), 1, "6r 7r 8r 9r 10r", "red", 120)
    announcer = Announcer(PARTNERSHIP, [0])
    lines = announcer.resume_lines(state.view)
    taken = lines.index("West took the bid at 120.")
    assert lines[taken + 1] == "Trump is red, named by West."
    braille = Announcer(PARTNERSHIP, [0], Verbosity.BRAILLE).resume_lines(state.view)
    assert "West took the bid at 120." in braille
    from rook_access.engine import PASS, Bid

    bidding = GameState(PARTNERSHIP, seed=0, first_deal=make_deal(hands, "6r 7r 8r 9r 10r", dealer=3))
    bidding.apply(PASS, 0)
    bidding.apply(Bid(70), 1)
    assert announcer.bids_line(bidding.view(0)) == "Bids: you pass, West 70. High bid 70, West."


def test_trumps_with_is_said_only_of_a_trump_that_takes_the_lead_a_lower_one_is_said_so():
    """"West trumps with 7y" after 14y has trumped the trick is heard as West taking it: a trump under a higher
    one already in the trick is "a lower trump"."""
    lower = 0
    for seed in range(1, 13):
        state = GameState(PARTNERSHIP.replace(hands_limit=1), seed=seed)
        players = [BasicPlayer(seat) for seat in range(4)]
        while not state.is_over:
            seat = state.seats_to_act()[0]
            state.apply(players[seat].choose(state.view(seat)), seat)
        announcer = Announcer(state.rules, [0])
        trick: list[int] = []
        for event in state.events:
            said = " ".join(announcer.event_lines(event))
            if not isinstance(event, CardPlayed):
                continue
            trick = [*([] if len(trick) == 4 else trick), event.card]
            if len(trick) > 1 and "trump" in said:
                powers = state.rules.trick_powers[announcer.story.trump][trick[0]]
                beaten = any(powers[card] > powers[event.card] for card in trick[:-1])
                assert ("a lower trump" in said) == beaten, said
                assert bool(re.search(r"trumps? with", said)) != beaten, said
                lower += beaten
    assert lower > 0  # the case arises


def test_the_trump_question_names_the_colors_letters_within_a_braille_line():
    """The trump question says the letters of the colors (black's is x, and b is bid), as the refusals at that
    question do; the braille verbosity keeps the colors alone, within the display's 40 cells."""
    from rook_access.engine import Phase

    state = GameState(PARTNERSHIP.replace(hands_limit=1), seed=3)
    players = [BasicPlayer(seat) for seat in range(4)]
    while state.phase is not Phase.TRUMP:
        seat = state.seats_to_act()[0]
        state.apply(players[seat].choose(state.view(seat)), seat)
    bidder = state.seats_to_act()[0]
    view = state.view(bidder)
    assert Announcer(PARTNERSHIP, [bidder]).question(view) == "Your trump: red, black, yellow or green (r, x, y, g)."
    braille = Announcer(PARTNERSHIP, [bidder], Verbosity.BRAILLE).question(view)
    assert braille == "Your trump: red, black, yellow or green."
    assert len(braille) <= 40


def test_taken_never_tells_the_points_in_cards_nobody_has_seen(monkeypatch, capsys):
    """A playtest: in the Game for 2 Players, taken before any trick said "85 still out": the 15 points of the
    cards laid aside, which nobody sees.  Where unseen cards lie out of play, taken says at most how many."""
    from tests.helpers.console import run_main

    status, said, _ = run_main(monkeypatch, capsys, ["--variant", "two", "--seed", "2"], ["pass", "taken", "quit"])
    assert status == 0
    assert "Taken this hand: North 0, you with the dummy 0; up to 100 still out. North bid 50." in said
