"""What the console says when a person types what people type."""

from __future__ import annotations

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
from rook_access.engine.games import table_setup, trick_rules
from tests.helpers.console import FIXED_DEAL, run_in_process

FOUR = "human,human,human,human"


def bids_of(records):
    return [(r["seat"], r["amount"]) for r in records if r["event"] == "bid"]


def test_dictation_style_input_is_understood():
    output, records, _, _ = run_in_process(
        ["Pass.", "bid 75 points", "Bid 80, please", "pass!"], seats=FOUR, deal=FIXED_DEAL
    )
    assert bids_of(records) == [(0, None), (1, 75), (2, None)]
    # "Bid 80, please" is not a bid; the example is the least bid allowed then, West's 75 raised by 5.
    assert "Say bid and a number, like bid 80, or pass." in output


def test_a_bid_said_in_words_is_understood():
    """Speech-input programs may type a bid as it is said: "bid seventy five", "bid eighty points", "bid a
    hundred and five"; words that are no number are refused as before."""
    output, records, _, _ = run_in_process(
        ["pass", "bid seventy-five points", "pass", "bid eighty five", "bid a hundred and five", "bid lots"],
        seats=FOUR, deal=FIXED_DEAL,
    )
    assert bids_of(records)[:5] == [(0, None), (1, 75), (2, None), (3, 85), (1, 105)]
    assert any(line.startswith("Say bid and a number") for line in output)


def test_a_bid_that_is_no_number_after_the_bidding_says_the_bidding_is_over():
    output, records, _, _ = run_in_process(["bid 70", "pass", "pass", "pass", "bid lots"], seats=FOUR,
                                           deal=FIXED_DEAL)
    # not "Say bid and a number, like bid 70, or pass.", as if a bid could still be made
    assert output[output.index("South takes the bid at 70.") + 3] == "The bidding is over. Now discard 5 cards."


def test_a_whole_hand_of_wrong_moments_gets_specific_answers():
    lines = [
        "13y",            # a card during the bidding
        "bid 70", "pass", "pass", "pass",
        "trump red",      # trump before the discard
        "discard 5r 12x 9x 6y 5y",
        "13y",            # a card before trump is named
        "bid 75",         # a bid at the trump question
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
        "Cards are played once trump is named. Now name trump: red, black, yellow or green (r, x, y, g).",
        "The bidding is over. Now name trump: red, black, yellow or green (r, x, y, g).",
        "Trump is green, named by South.",
        "Trump is already green. Now lead a card.",
        "9 needs a color letter: 9r, 9x, 9y or 9g. You can play 9g.",
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
    for event in state.events:  # said before, as a resumed game's are
        narrator.event_lines(event)
    said = []
    for card in "9x 14x 8x 6x 5y 14y 7y 7r".split():
        for event in state.apply(Play(parse_card(card))):
            said += narrator.event_lines(event)
    assert "West trumps with 7r." in said
    assert "East plays 14y." in said and "You play 6x." in said


def test_the_end_of_the_game_says_whether_your_side_won():
    you_south = Narrator(PARTNERSHIP, [0])
    assert you_south.event_lines(GameEnded(1, (250, 310))) == ["Game over. East-West win, 310 to 250."]
    assert you_south.event_lines(GameEnded(0, (305, 120))) == ["Game over. You and North win, 305 to 120."]
    watching = Narrator(PARTNERSHIP, [])
    assert watching.event_lines(GameEnded(0, (305, 120))) == ["Game over. North-South win, 305 to 120."]
    assert watching.event_lines(GameEnded(None, (200, 200))) == ["Game over. A draw, 200 to 200."]


def test_a_score_at_the_target_is_a_tie_only_when_two_share_the_top():
    """After Rook for 3 to 8 ended 150 to 140, score said "Tied at 150: another hand decides the game."."""
    narrator = Narrator(trick_rules(table_setup("rook-1913", {"players": 4})), [0])
    assert narrator.tie_at_target((140, 65, 70, 150)) is None
    assert narrator.tie_at_target((150, 65, 70, 150)) == "Tied at 150: another hand decides the game."
    assert narrator.tie_at_target((140, 65, 70, 145)) is None  # nobody at the target yet


def test_taken_after_the_game_points_to_the_score():
    rules = PARTNERSHIP.replace(hands_limit=1)
    state = GameState(rules, seed=3)
    players = [RandomPlayer(seat) for seat in range(4)]
    while not state.is_over:
        state.apply(players[state.actor].choose(state.view(state.turn)), state.turn)
    narrator = Narrator(rules, [0])
    assert narrator.taken_lines(state.view(0)) == ["The game is over: score says how it ended."]


def test_a_hand_summary_reads_well_aloud_and_explains_a_tie_at_300():
    narrator = Narrator(PARTNERSHIP, [0])
    lines = narrator.event_lines(HandEnded(5, 1, 90, True, (0, 120), (0, 120), (300, 300)))
    assert lines == [
        "Hand 5 over. East-West bid 90 and made it with 120: +120.",
        "North-South took no points.",
        "Score: North-South 300, East-West 300.",
        "Tied at 300: another hand decides the game.",
    ]
    lines = narrator.event_lines(HandEnded(2, 0, 95, False, (75, 45), (-95, 45), (-95, 45)))
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
        "South's hand, 9 cards. Red, 3 cards: 14r 10r 5r. Black, 2 cards: 12x 9x. Yellow, 2 cards: 13y 6y. "
        "Green, 1 card: 11g. The Bird: rook."
        in output
    )
    assert (
        "South's hand, 9 cards. Trump green, 6 cards: rook 12g 11g 9g 8g 7g. Red, 2 cards: 14r 10r. "
        "Yellow, 1 card: 13y. No black."
        in output
    )


# ------------------------------------------------------- messages that were wrong
import re  # noqa: E402
from collections import Counter  # noqa: E402

import pytest  # noqa: E402

from rook_access.announcer import Verbosity  # noqa: E402
from rook_access.braille.translator import cell_count  # noqa: E402
from rook_access.console.cli import open_output  # noqa: E402
from rook_access.console.commands import COMMANDS, help_all_lines, help_lines, parse_command  # noqa: E402
from rook_access.console.session import ConsoleGame, SettingsControl, repeated_question  # noqa: E402
from rook_access.engine import Phase, card_name  # noqa: E402
from rook_access.engine.rules import BEGINNER, KENTUCKY, TWO_PLAYER, VARIANTS  # noqa: E402
from rook_access.players import RandomPlayer  # noqa: E402
from rook_access.settings import Settings  # noqa: E402
from tests.helpers.console import ListChannel, ScriptedLines, moves_of, transcript  # noqa: E402


def _dummy_to_play_from_the_keyboard(seed_range=range(1, 40)):
    """A two-player game at the dummy's first play, with the player who plays it at the keyboard."""
    for seed in seed_range:
        state = GameState(TWO_PLAYER, seed=seed)
        players = [RandomPlayer(seat + 3) for seat in range(TWO_PLAYER.players)]
        while not state.is_over and not (state.phase is Phase.PLAY and state.turn == TWO_PLAYER.dummy_seat):
            state.apply(players[state.actor].choose(state.view(state.turn)), state.turn)
        if not state.is_over:
            return state
    raise AssertionError("no game reached the dummy's turn")


def test_a_card_the_dummy_does_not_hold_is_refused_as_the_dummys():
    state = _dummy_to_play_from_the_keyboard()
    player = state.controller(TWO_PLAYER.dummy_seat)
    mine = next(card for card in state.hand(player))  # the player holds it; the dummy does not
    players = [None if seat == player else RandomPlayer(seat) for seat in range(TWO_PLAYER.players)]
    channel = ListChannel()
    ConsoleGame(state, players, ScriptedLines([card_name(mine)]), channel, resumed=True).run()
    refusal = next(line for line in channel.lines if "not hold" in line)
    assert refusal.startswith(f"The dummy does not hold {card_name(mine)}. It can play: ")
    assert "You do not hold" not in " ".join(channel.lines)


def test_cards_named_at_the_discard_without_the_word_discard_are_the_discard():
    lines = ["bid 70", "pass", "pass", "pass", "5r 12x 9x 6y 5y"]
    output, records, state, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    assert "South discards 5r 12x 9x 6y 5y." in output
    assert not any("one card at a time" in line for line in output)
    assert state.phase is Phase.TRUMP
    # One card alone is too few for a discard, not a card played before trump.
    lines = ["bid 70", "pass", "pass", "pass", "5r", "play 12x"]
    output, _, state, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    assert output.count("Discard exactly 5 cards, all on one line; you named 1.") == 2
    assert not any("played once trump is named" in line for line in output)
    assert state.phase is Phase.DISCARD


def test_a_mistyped_word_gets_the_closest_choice_of_the_moment():
    lines = ["bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", "blak", "grene", "settings verbosty terse",
             "settings output voise", "settings level strnog", "black", "blak"]  # fmt: skip
    output, _, state, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    assert "Unknown command: blak. Did you mean black?" in output
    assert "Unknown command: grene. Did you mean green?" in output
    assert "There is no setting verbosty. Did you mean verbosity?" in output
    assert "No output voise. Did you mean voice? output can be auto, plain, screenreader or voice." in output
    assert any(line.startswith("No level strnog. Did you mean strong? ") for line in output)
    # In the play a color is no move: no color is offered for it.
    assert output[-2] == "Unknown command: blak. Type help for the commands."
    assert state.trump is not None


def test_legal_in_the_bidding_names_the_bids_allowed():
    output, _, _, _ = run_in_process(["legal", "bid 80", "legal"], seats=FOUR, deal=FIXED_DEAL)
    assert "You may bid 70 to 120 in fives, or pass." in output
    assert "You may bid 85 to 120 in fives, or pass." in output
    kentucky, _, _, _ = run_in_process(["legal"], seats=FOUR, deal=FIXED_DEAL, rules=KENTUCKY)
    assert "You may bid 70 to 120 in fives, check to keep your right to bid later, or pass." in kentucky



def test_help_offers_check_only_while_a_check_is_allowed():
    output, _, _, _ = run_in_process(["help", "bid 80", "help"], seats=FOUR, deal=FIXED_DEAL, rules=KENTUCKY)
    moves = [line for line in output if line.startswith("Moves now:")]
    assert moves == ["Moves now: bid N or a number alone, pass, check.", "Moves now: bid N or a number alone, pass."]


def test_a_card_with_a_mistyped_color_is_refused_as_that_not_as_a_bid():
    lines = ["bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y"]
    lines += ["black", "14 yelow", "play 9 blak", "10 purple"]
    output, _, state, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    assert state.phase is Phase.PLAY and not state.trick_cards
    said = [line for line in output if "is not a color" in line]
    assert len(said) == 3
    assert said[0].startswith("yelow is not a color. Did you mean yellow?")
    assert said[1].startswith("blak is not a color. Did you mean black?")
    assert said[2] == "purple is not a color. The colors are red, black, yellow and green, or r, x, y and g."
    assert not any("bid 75" in line or "one card at a time" in line for line in output)

WRONG_YOU = re.compile(r"\b[Yy]ou (?!pass\b)[a-z]+s\b")


def _every_line_of_a_game(rules, verbosity, seed):
    """Every announcement of a game with South at the keyboard, and every review line at every turn."""
    announcer = Narrator(rules, [0], verbosity)
    state = GameState(rules.replace(hands_limit=2), seed=seed)
    players = [RandomPlayer(seat + seed) for seat in range(len(rules.people))]
    lines: list[str] = []
    said = 0
    while not state.is_over:
        view = state.view(0)
        lines += announcer.score_lines(view) + announcer.taken_lines(view) + announcer.bids_lines(view)
        lines += [announcer.trick_line(view), announcer.turn_line(view), announcer.last_trick_line(view)]
        lines += [announcer.trump_line(view), announcer.dummy_line(view)]
        lines += announcer.hand_lines(0, view.hand, view.trump)[:1]
        if state.actor == 0:
            now = state.view(state.turn)
            lines += [announcer.question(now), announcer.legal_line(now)]
        state.apply(players[state.actor].choose(state.view(state.turn)), state.turn)
        for event in state.events[said:]:
            lines += announcer.event_lines(event)
        said = len(state.events)
    return lines


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_you_is_never_given_the_verb_of_another_seat(variant):
    rules = VARIANTS[variant]
    others = [name for seat, name in enumerate(rules.names) if seat != 0]
    # One seat's name (not a side's, "East-West win") with the verb of "you" ("bid" is also the past).
    other_without_s = re.compile(rf"(?<![\w-])({'|'.join(others)}) (pass|check|deal|take|play|lead|discard)\b")
    for verbosity in Verbosity:
        for seed in (1, 2):
            lines = _every_line_of_a_game(rules, verbosity, seed)
            assert not [line for line in lines if WRONG_YOU.search(line)], variant
            sentences = [line for line in lines if not line.startswith("Bids")]  # "Bids: North pass, East 80."
            assert not [line for line in sentences if other_without_s.search(line)], variant
    if rules.bidding:
        assert Narrator(rules, [0]).bids_line(GameState(rules, seed=1)).endswith(" first.")


def test_the_first_bidder_at_the_keyboard_is_told_you_bid_first():
    state = GameState(PARTNERSHIP, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    assert Narrator(PARTNERSHIP, [0]).bids_line(state) == "No bids yet. You bid first."


def test_bids_in_a_game_without_bidding_says_so_rather_than_who_bids_first():
    state = GameState(BEGINNER, seed=1)
    assert Narrator(BEGINNER, [0]).bids_lines(state) == ["There is no bidding in this game."]
    channel = ListChannel()
    players = [None, *[RandomPlayer(seat) for seat in (1, 2, 3)]]
    ConsoleGame(GameState(BEGINNER, seed=1), players, ScriptedLines(["bids", "quit"]), channel).run()
    assert "There is no bidding in this game." in channel.lines
    assert not any("bid first" in line for line in channel.lines)


def test_commands_are_offered_only_in_the_games_and_parts_of_the_hand_they_belong_to():
    beginner = ConsoleGame(
        GameState(BEGINNER, seed=1), [None, *[RandomPlayer(s) for s in (1, 2, 3)]], ScriptedLines([]), ListChannel()
    )
    words = beginner.completion_words()
    assert "bids" not in words and "bid" not in words and "pass" not in words and "check" not in words
    assert "hand" in words and "play" in words
    partnership = help_lines(PARTNERSHIP, Phase.PLAY)
    assert not any(re.search(r"\b(check|dummy|bid N)\b", line) for line in partnership)
    assert len(partnership) <= 4
    assert any("check" in line for line in help_lines(KENTUCKY, Phase.BIDDING))
    assert any("dummy" in line for line in help_lines(TWO_PLAYER, Phase.PLAY))
    assert not any("bids" in line for line in help_lines(BEGINNER, Phase.PLAY))
    every = " ".join(help_all_lines())
    assert all(f"{spec.name}" in every for spec in COMMANDS)
    output, _, _, _ = run_in_process(["help", "help all", "help chek", "help dummy"], deal=FIXED_DEAL)
    assert "Moves now: bid N or a number alone, pass." in output
    assert "Commands, with short forms:" in output
    assert "No command chek. Did you mean check?" in output
    assert any(
        line.startswith("dummy, short dm:") and line.endswith("Not in the Original Rook Partnership Game.")
        for line in output
    )


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_help_line_fits_40_cells_in_the_braille_verbosity(variant):
    rules = VARIANTS[variant]
    for phase in (Phase.BIDDING, Phase.DISCARD, Phase.TRUMP, Phase.PLAY):
        for line in help_lines(rules, phase, braille=True):
            assert cell_count(line) <= 40, line
    for line in help_all_lines(braille=True) + help_all_lines(braille=True, rules=rules):
        assert cell_count(line) <= 40, line


def test_help_all_in_a_game_says_that_games_commands_and_how_its_cards_are_typed():
    """In Flip, help all listed bid, check, discard, trump and dummy, and ended "Cards 14r 5x 10y 7g"."""
    flip = VARIANTS["flip"]
    for braille in (False, True):
        said = help_all_lines(braille, flip)
        names = {line.split(",")[0].split(" ")[0].split(":")[0] for line in said}
        assert not names & {"bid", "check", "discard", "trump", "dummy"}, said
        assert {"play", "hint", "why", "review"} <= names, said
    letters = "r red, x black, y yellow, g green."  # the braille lines' letters said once (x is no initial)
    assert help_all_lines(True, flip)[-2:] == ["Type a card as 14r, 5x, 10y or 7g.", letters]
    assert help_all_lines(True, VARIANTS["partnership"])[-2:] == ["Type a card as 14r 5x 10y 7g or rook.", letters]
    assert "dummy" in {line.split(",")[0] for line in help_all_lines(False, VARIANTS["two"])}


def test_every_hint_line_fits_40_cells_in_the_braille_verbosity():
    for variant in ("partnership", "two", "kentucky"):
        rules = VARIANTS[variant]
        moves = moves_of(rules, [0], seed=5)
        typed = [line for move in moves for line in ("hint", move)]
        output, _ = transcript(rules, typed, seed=5, verbosity=Verbosity.BRAILLE)
        without, _ = transcript(rules, moves, seed=5, verbosity=Verbosity.BRAILLE)
        hints = list((Counter(output) - Counter(without)).elements())
        assert len(hints) >= len(moves)
        assert all(cell_count(line) <= 40 for line in hints), [line for line in hints if cell_count(line) > 40]


def test_trump_with_a_color_misspelt_names_the_color_meant():
    lines = ["bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", "trump grene", "trump zzz", "trump green"]
    output, _, state, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    assert "grene is not a color. Did you mean green? Name trump: red, black, yellow or green (r, x, y, g)." in output
    assert "zzz is not a color. Colors are red, black, yellow, green, or r, x, y, g." in output
    assert state.trump is not None


def test_every_refusal_fits_40_cells_in_the_braille_verbosity():
    """A typo, a card that is no card, a color misspelt, a card not held: each refusal, with its list of what is
    allowed, in lines of at most 40 cells (they were printed whole: 41 to 104 cells)."""
    rules = VARIANTS["partnership"]
    moves = moves_of(rules, [0], seed=5)
    mistakes = ["hlep", "3q", "12 bleck", "play 7r 8r", "bid 7"]
    output, _ = transcript(rules, mistakes + moves, seed=5, verbosity=Verbosity.BRAILLE)
    without, _ = transcript(rules, moves, seed=5, verbosity=Verbosity.BRAILLE)
    refusals = list((Counter(output) - Counter(without)).elements())
    assert len(refusals) >= len(mistakes), refusals
    assert all(cell_count(line) <= 40 for line in refusals), [line for line in refusals if cell_count(line) > 40]
    assert any(line.startswith("Unknown command: hlep.") for line in refusals), refusals


def test_settings_braille_on_without_a_display_changes_nothing_and_is_told_once():
    notices: list[str] = []
    settings = Settings()
    channel = ListChannel()

    def reopen(changed):
        return open_output(changed, notices.append)

    control = SettingsControl(settings, settings, lambda _: None, reopen)
    lines = ["settings braille on", "settings", "settings output plain", "settings verbosity terse"]
    game = ConsoleGame(
        GameState(PARTNERSHIP, seed=1),
        [None, *[RandomPlayer(s) for s in (1, 2, 3)]],
        ScriptedLines(lines),
        channel,
        settings=control,
    )
    game.run()
    output = [m.compact for m in game.channel.messages] if hasattr(game.channel, "messages") else []
    assert notices == ["No braille display (BRLTTY is not running); braille off."]
    assert control.effective.braille == "off" and control.stored.braille == "off"
    said = channel.lines + output
    assert not any(line.startswith("Braille is now on") for line in said)


def test_braille_on_in_the_settings_file_without_a_display_reads_off_in_the_game():
    settings = Settings(braille="on")
    control = SettingsControl(settings, settings, lambda _: None, None)
    channel = ListChannel()
    ConsoleGame(
        GameState(PARTNERSHIP, seed=1),
        [None, *[RandomPlayer(s) for s in (1, 2, 3)]],
        ScriptedLines(["settings speech"]),
        channel,
        settings=control,
    ).run()
    assert any(line.startswith("braille off: ") for line in channel.lines)
    assert control.stored.braille == "on"  # the file keeps the choice for a run with the display


def test_stop_says_so_on_the_screen_without_speaking():
    channel = ListChannel()
    ConsoleGame(
        GameState(PARTNERSHIP, seed=1), [None, *[RandomPlayer(s) for s in (1, 2, 3)]], ScriptedLines(["stop"]), channel
    ).run()
    stopped = [m for m in channel.messages if m.compact == "Speech stopped."]
    assert len(stopped) == 1 and stopped[0].spoken == ""


def test_trump_in_the_beginner_game_says_it_was_turned_from_the_nest():
    output, _ = transcript(BEGINNER, ["trump"], seed=12)
    assert any(re.fullmatch(r"Trump is \w+, turned from the nest: \S+\.", line) for line in output)


# ------------------------------------------------- cards in words for the screen reader
def _terminal_game(lines, **settings_changes):
    settings = Settings(pacing="delay", delay=0, **settings_changes)
    control = SettingsControl(settings, settings, lambda _: None)
    return transcript(PARTNERSHIP, lines, seed=4, settings=control, interactive=True)


def test_at_a_terminal_with_output_auto_cards_are_printed_in_words():
    moves = moves_of(PARTNERSHIP, [0], seed=4)
    first_play = next(index for index, move in enumerate(moves) if move.startswith("play"))
    said, game = _terminal_game([*moves[:first_play], "9", "hand", *moves[first_play:]])
    assert not any(re.search(r"\b(?:1[0-4]|[1-9])[rxyg]\b", line) for line in said if not line.startswith("9 needs"))
    assert any(re.search(r"\b\d+ (?:red|black|yellow|green)\b", line) for line in said)
    assert any(line.startswith("Your hand, 9 cards. ") and " red" in line for line in said)
    # What tells how to type a card keeps the notation to be typed.
    assert any(line.startswith("9 needs a color letter: 9r, 9x, 9y or 9g. ") for line in said)
    assert any(line.startswith("Game over.") for line in said)


@pytest.mark.parametrize(
    "changes",
    [{"cards": "notation"}, {"output": "plain"}, {"verbosity": "braille"}],
    ids=["cards notation", "output plain", "braille verbosity"],
)
def test_the_notation_is_printed_when_asked_for_or_with_plain_output_or_braille(changes):
    verbosity = changes.pop("verbosity", None)
    settings = Settings(pacing="delay", delay=0, **changes)
    control = SettingsControl(settings, settings, lambda _: None)
    said, _ = transcript(PARTNERSHIP, moves_of(PARTNERSHIP, [0], seed=4), seed=4, settings=control, interactive=True,
                         verbosity=Verbosity(verbosity) if verbosity else Verbosity.NORMAL)  # fmt: skip
    assert any(re.search(r"\b(?:1[0-4]|[1-9])[rxyg]\b", line) for line in said)
    assert not any(
        re.search(r"\b\d+ (?:red|black|yellow|green)\b", line) for line in said if "trump" not in line.lower()
    )


def test_piped_input_prints_the_notation_and_settings_cards_switches_at_a_terminal():
    moves = moves_of(PARTNERSHIP, [0], seed=4)
    piped, _ = transcript(PARTNERSHIP, moves, seed=4)
    assert any(line.startswith("Your hand, 9 cards: ") and re.search(r"\d[rxyg]\b", line) for line in piped)
    said, _ = _terminal_game(["settings cards notation", "hand"])
    assert said[-2].startswith("Your hand, 9 cards. ") and re.search(r"\d[rxyg]\b", said[-2])


def test_between_tricks_hand_and_legal_speak_for_the_player_never_for_the_computer_to_act():
    state = GameState(PARTNERSHIP, seed=4)
    players = [None, *[RandomPlayer(seat) for seat in (1, 2, 3)]]
    while state.actor == 0 or state.phase is not Phase.PLAY:
        state.apply(RandomPlayer(9).choose(state.view(state.turn)), state.turn)
    channel = ListChannel()
    game = ConsoleGame(state, players, ScriptedLines([]), channel, resumed=True)
    for line in ("hand", "legal", "hint"):
        game.handle_line(line, may_act=False)
    assert channel.lines[0].startswith("Your hand, ")
    # Before, these said the hand and the cards of the computer player to act.
    assert re.fullmatch(r"It is not your turn: \w+ to (lead|play)\.", channel.lines[1])
    assert channel.lines[2] == "No hint: it is not your turn."


def test_a_word_that_is_no_color_at_the_trump_prompt_asks_for_a_color():
    lines = ["bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", "purple", "yelow", "score", "green"]
    output, records, _, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    assert "purple is not a color. Name trump: red, black, yellow or green (r, x, y, g)." in output
    assert "Unknown command: purple" not in output
    assert "Unknown command: yelow. Did you mean yellow?" in output  # a near miss keeps its suggestion
    assert [r["color"] for r in records if r["event"] == "trump"] == ["green"]  # nothing else was named


def test_at_the_play_an_unknown_word_is_still_an_unknown_command():
    lines = ["bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", "green", "purple"]
    output, _, _, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    assert "Unknown command: purple. Type help for the commands." in output


def test_a_bid_with_a_fraction_names_the_bids_allowed_and_changes_nothing():
    lines = ["bid 70", "72.5", "bid 75.5", "bid 75", "pass", "pass", "pass"]
    output, records, _, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    # South bid 70; West may bid 75 to 120 in fives, or pass.
    assert "72.5 is not a whole number. Bid 75 to 120 in fives, or pass." in output
    assert "75.5 is not a whole number. Bid 75 to 120 in fives, or pass." in output
    assert not any(line.startswith("Unknown command") for line in output)
    assert [r["amount"] for r in records if r["event"] == "bid" and r["amount"] is not None] == [70, 75]


def test_at_the_dealers_opening_bid_a_fraction_offers_no_pass():
    from rook_access.engine.rules import ROOK_1913

    state = GameState(ROOK_1913.replace(hands_limit=1), seed=5)
    assert state.must_bid()  # the dealer opens the bidding in Rook for 3 to 8 (1913)
    channel = ListChannel()
    ConsoleGame(state, [None] * state.rules.players, ScriptedLines(["8.5"]), channel).run()
    assert "8.5 is not a whole number. Bid 5 to 100 in fives." in channel.lines
    assert state.must_bid()  # nothing was bid


def test_history_and_repeat_after_a_resume_say_what_was_said_before_the_stop():
    lines = ["bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", "green", "rook", "6g", "14g", "13g"]
    state = GameState(PARTNERSHIP, seed=1, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    first = ListChannel()
    ConsoleGame(state, [None] * 4, ScriptedLines([*lines, "history", "repeat"]), first).run()
    before = first.lines[first.lines.index(next(line for line in first.lines if line.startswith("The last "))):-1]
    again = ListChannel()
    ConsoleGame(state, [None] * 4, ScriptedLines(["history", "repeat"]), again, resumed=True).run()
    after = again.lines[again.lines.index(before[0]):-1]
    assert before[0] == "The last 10 announcements, oldest first:"
    assert after == before  # the same ten lines, then the same last announcement
    # The history's last line, then repeat's.
    assert before[-2:] == ["South takes trick 1, 30 points.", "South takes trick 1, 30 points."]
    assert "Trump is green, named by South." in before


def test_a_bid_written_with_zeros_after_the_point_is_that_bid_and_play_alone_asks_which_card():
    lines = ["bid 70.0", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", "3g 6g 9r", "green", "play"]
    output, records, _, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    assert [r["amount"] for r in records if r["event"] == "bid"][0] == 70  # 70.0 is the bid 70
    # several cards at the trump question
    assert "Cards are played once trump is named. Now name trump: red, black, yellow or green (r, x, y, g)." in output
    assert not any(line.startswith("Play one card at a time") for line in output)
    # play alone is answered as Enter alone is: the cards that may be played, or how many and one of them
    asked = next(line for line in output if line.startswith("Play which card? "))
    card = r"(?:rook|\d+[rxyg])"
    assert re.fullmatch(rf"Play which card\? (?:You can play {card}(?:(?:, {card})* or {card})?|Any of your \d+ "
                        rf"cards, like {card})\.", asked), asked


def test_history_with_one_announcement_says_the_last_announcement_in_the_singular():
    state = GameState(PARTNERSHIP, seed=1, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    from rook_access.announcer.message import Message

    channel = ListChannel()
    game = ConsoleGame(state, [None] * 4, ScriptedLines([]), channel)
    game.recent.append(Message("South bids 70.", "South bids 70."))
    assert game.handle_line("history")
    assert channel.lines[-2:] == ["The last announcement:", "South bids 70."]


def test_a_card_said_in_words_in_any_order_is_one_card():
    # "red 14", "the 14 of red", "play the rook": as people say cards aloud.
    for typed in ("red 14", "play red 14", "14 of red", "play the 14 of red", "14 red", "the 14 red", "fourteen red",
                  "play the fourteen of red"):
        command = parse_command(typed)
        assert command is not None and command.name == "play" and command.arguments == ("14red",), typed
    rook = parse_command("play the rook")
    assert rook is not None and rook.arguments == ("rook",)
    discard = parse_command("discard red 5 the 9 of black 10 green")
    assert discard is not None and discard.arguments == ("5red", "9black", "10green")


def test_bids_says_who_checked_in_kentucky_discard():
    lines = ["check", "bids", "bid 70", "bids"]
    output, _, _, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL, rules=KENTUCKY)
    assert "No bids yet; checked: South. West bids now." in output
    assert "Bids: West 70; checked: South. High bid 70, West." in output


def test_the_score_says_you_in_lower_case_inside_a_sentence(monkeypatch, capsys):
    from tests.helpers.console import run_main

    args = ["--variant", "two", "--seed", "3"]
    status, said, _ = run_main(monkeypatch, capsys, args, ["bid 100", "4r 5r 13x 11x 8x", "trump yellow", "score"])
    assert status == 0
    assert "South takes the bid at 100." in said or "You take the bid at 100." in said, said
    lines = [line for line in said if line.startswith("This hand ")]
    assert lines == ["This hand you bid 100. Taken so far: You 0, North with the dummy 0."], lines


def test_at_a_terminal_a_long_question_asked_again_unchanged_leaves_out_its_list():
    class TerminalScript(ScriptedLines):
        interactive = True

    state = GameState(PARTNERSHIP, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
    script = ["bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", "black", "score", "99x", "quit"]
    lines = TerminalScript(script)
    ConsoleGame(state, [None] * 4, lines, ListChannel()).run()
    play = [question for question in lines.questions if "legal" in question or "lead" in question]
    first, again = play[0], play[1]
    assert ": " in first and len(first) > 60, first  # said in full the first time, with its cards
    assert again == first[: first.index(": ")] + ".", again  # then without them after score
    assert play[2] == again  # and after a refusal
    assert repeated_question("Your bid: 70 to 120, or pass.") == "Your bid: 70 to 120, or pass."  # short: whole


def test_a_bid_off_the_step_names_the_nearest_bids_allowed_now():
    """ "73" was answered "Bids go up in fives: 70 or more.": the bids either side are named, where allowed."""
    lines = ["73", "bid 73", "bid 70", "72", "78", "bid 115", "118", "bid 120"]
    output, records, _, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    refused = [line for line in output if line.startswith("Bids go up in")]
    assert refused == [
        "Bids go up in fives: 70 or 75.",  # South opens: 70 to 120
        "Bids go up in fives: 70 or 75.",
        "Bids go up in fives: 75 or more.",  # West, after 70: 70 is no longer allowed
        "Bids go up in fives: 75 or 80.",
        "Bids go up in fives: 120, the only bid left.",  # East, after 115
    ]
    assert bids_of(records) == [(0, 70), (1, 115), (2, 120)]  # the refused bids changed nothing


def test_a_bid_off_the_step_names_the_bids_in_the_games_own_step():
    rules = PARTNERSHIP.replace(bid_step=10, min_bid=70, max_bid=120)
    output, _, _, _ = run_in_process(["bid 75", "bid 3"], seats=FOUR, deal=FIXED_DEAL, rules=rules)
    assert "Bids go up in tens: 70 or 80." in output
    assert "Bids go up in tens: 70 or more." in output


def test_again_says_the_last_announcement_again_as_repeat_does():
    """A newcomer typed again for repeat and heard "Unknown command: again"."""
    lines = ["bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", "green", "rook", "6g", "14g", "13g"]
    said = []
    for word in ("repeat", "again"):
        state = GameState(PARTNERSHIP, seed=1, first_deal=Deal.from_json(FIXED_DEAL, PARTNERSHIP))
        channel = ListChannel()
        ConsoleGame(state, [None] * 4, ScriptedLines([*lines, word]), channel).run()
        said.append(channel.lines[channel.lines.index("South takes trick 1, 30 points.") + 1])
    assert said == ["South takes trick 1, 30 points."] * 2, said


def test_a_command_of_another_part_of_the_hand_mistyped_is_named_all_the_same():
    """``plya 5r`` in the bidding got "Unknown command: plya. Type help for the commands.", where in the play
    the same typo gets "Did you mean play?"; yes then says when cards are played."""
    output, _, _, _ = run_in_process(["plya 5r", "yes"], seats=FOUR, deal=FIXED_DEAL)
    asked = output.index("Unknown command: plya. Did you mean play?")
    assert output[asked + 1] == "Cards are played after the bidding. Now bid or pass.", output[asked:]


@pytest.mark.parametrize("typed", ["b", "B", "b."])
def test_b_alone_at_the_trump_question_names_black_as_in_the_cards(typed):
    """b is bid's short form, but the bidding is over at the trump question, and b is black in the cards (9b is 9x):
    it named nothing and was answered "The bidding is over." """
    lines = ["bid 70", "pass", "pass", "pass", "discard 5r 12x 9x 6y 5y", typed]
    output, records, state, _ = run_in_process(lines, seats=FOUR, deal=FIXED_DEAL)
    assert "Trump is black, named by South." in output, output[-5:]
    assert not any(line.startswith("The bidding is over") for line in output)

