"""What the console says in the other games: the dummy, whose hand is played, partners, scores."""

from __future__ import annotations

from rook_access.announcer import Announcer
from rook_access.announcer.rules_summary import rules_summary
from rook_access.console.session import ConsoleGame
from rook_access.engine import GameEnded, GameState
from rook_access.engine.rules import BEGINNER, FIVE_PLAYER, INDIVIDUAL, KENTUCKY, THREE_PLAYER, TWO_PLAYER, VARIANTS
from rook_access.players import RandomPlayer
from tests.console.test_variant_console import variant_script
from tests.helpers.console import ScriptedLines, run_in_process


def play_with(
    rules, humans: list[int], seed: int = 3, hands: int = 1, extra: dict[int, list[str]] | None = None,
    questions: list[str] | None = None,
):
    """South at the keyboard (and ``humans``), random computer players elsewhere; South's moves
    are those of the script, with review commands.  The questions asked go to ``questions``."""
    from tests.helpers.console import ListChannel

    rules = rules.replace(hands_limit=hands)
    state = GameState(rules, seed=seed)
    players = [None if seat in humans else RandomPlayer(seat + 7) for seat in range(len(rules.people))]
    shadow = GameState(rules, seed=seed)
    shadow_players = [RandomPlayer(seat + 7) for seat in range(len(rules.people))]
    lines: list[str] = []
    while not shadow.is_over:  # the moves the keyboard seats will type, found by playing the same game
        seat = shadow.turn
        actor = shadow.actor
        action = shadow_players[actor].choose(shadow.view(seat))
        if actor in humans:
            lines += (extra or {}).get(len(lines), [])
            lines.append(str(action))
        shadow.apply(action, seat)
    channel = ListChannel()
    scripted = ScriptedLines(lines + ["score"])
    ConsoleGame(state, players, scripted, channel).run()
    if questions is not None:
        questions += scripted.questions
    return channel.lines, state


def test_the_two_player_game_shows_the_dummy_and_says_whose_hand_is_played():
    questions: list[str] = []
    output, state = play_with(TWO_PLAYER, [0], seed=4, questions=questions)
    assert output[1] == (
        "You are South, against North; whoever loses the bid plays the dummy too. "
        "Type help for commands, rules for the rules."
    )
    shows = [line for line in output if line.startswith("The dummy shows ")]
    # The count first: after the cards, "6 of its 12 cards" was heard as one more card.
    assert shows and shows[0].startswith("The dummy shows 6 of its 12 cards: ")
    # All of it after trump: in a line, or in the question when the dummy leads from the keyboard
    # (then the line would say the same cards again just before it).
    full = [line for line in output if line.startswith("The dummy's hand, 12 cards: ")]
    asked = [question for question in questions if question.startswith("Dummy's lead, 12 cards: ")]
    assert len(full) + len(asked) == 1
    bidder = next(e for e in state.events if type(e).__name__ == "BidWon").seat
    if bidder == 1:  # South lost the bid, so South plays the dummy
        assert "North plays alone; you play the dummy too." in output
    else:
        assert "You play alone; North plays the dummy too." in output


def test_the_dummy_shown_says_its_count_before_its_cards():
    """It said "The dummy shows 11x 10x 7x 6x 9g 4g, 6 of its 12 cards.": read aloud, the count sounded like one
    more card."""
    output, _, _, _ = run_in_process(["dummy", "quit"], seats="human,computer", rules=TWO_PLAYER, seed=6)
    assert "The dummy shows 6 of its 12 cards: 11x 10x 7x 6x 9g 4g." in output
    assert "The dummy shows 6 of its 12 cards: 11x 10x 7x 6x 9g 4g; the rest turn up after trump." in output


def test_the_dummy_never_deals_in_the_two_player_game():
    """Seed 6 draws the dummy's seat for the first deal: it said "Hand 1. Dummy deals."; North, the player before
    it, deals as the game goes on (South bids first, and deals the next hand)."""
    state = GameState(TWO_PLAYER, seed=6)
    assert state.dealer == TWO_PLAYER.dummy_seat

    def first_deal_line(humans: list[int]) -> str:
        announcer = Announcer(TWO_PLAYER, humans)
        said = [line for event in state.events for line in announcer.event_lines(event)]
        return next(line for line in said if line.startswith("Hand 1."))

    assert first_deal_line([0]) == "Hand 1. North deals."
    assert first_deal_line([]) == "Hand 1. North deals."
    assert first_deal_line([1]) == "Hand 1. You deal."
    assert state.turn == 0  # South bids first, as after North's deal


def test_the_three_player_game_says_who_partners_whom_this_hand():
    output, state = play_with(THREE_PLAYER, [0], seed=2)
    formed = [line for line in output if "alone" in line and "partners this hand" in line]
    assert len(formed) == 1
    assert output[-1].startswith("Score: You ") or any(line.startswith("Score: You ") for line in output)


def test_the_five_player_game_scores_each_player():
    output, _ = play_with(FIVE_PLAYER, [0], seed=5)
    scores = [line for line in output if line.startswith("Score: ")]
    assert scores and all(name in scores[-1] for name in ("You", "West", "Northwest", "Northeast", "East"))
    assert any(line.endswith(" alone against everyone.") for line in output)


def test_the_beginner_game_says_the_trump_turned_and_what_each_took():
    output, _ = play_with(BEGINNER, [0], seed=1)
    assert any(line.startswith("The nest's top card is ") and ": trump is " in line for line in output)
    assert any(line.startswith("Hand 1 over. Taken: you ") for line in output)
    assert not any("bid" in line.lower() for line in output[:3])


def test_individual_scoring_says_the_partners_of_each_hand_and_four_scores():
    output, _ = play_with(INDIVIDUAL, [0], seed=6, hands=5)
    partners = [line for line in output if line.startswith("Partners this hand: ")]
    assert partners[0] == "Partners this hand: North-South; East-West." or partners[0].startswith(
        "Partners this hand: You and North"
    )
    assert any(line.startswith("Partners this hand: You and West") for line in partners)  # hand 5
    assert any(line.startswith("Score: You ") and line.count(",") == 3 for line in output)


def test_kentucky_discard_says_checks_and_offers_check_in_the_question():
    state = GameState(KENTUCKY, seed=1)
    announcer = Announcer(KENTUCKY, [state.turn])
    assert announcer.question(state.view(state.turn)) == "Your bid: 70 to 120, check, or pass."
    from rook_access.engine import CHECK

    events = state.apply(CHECK)
    assert announcer.event_lines(events[0]) == ["You check."]


def test_the_rules_command_says_each_games_numbers():
    expected = {
        "beginner": ["24 points in all", "40 or more", "No bidding"],
        "two": ["dummy", "3 are laid aside", "from 50 to 100"],
        "three": ["200 or more", "partners for the hand"],
        "five": ["6 go to the nest", "from 30 to 100", "150 or more"],
        "six": ["2 go to the nest", "9 cards"],
        "individual": ["Partners change every 4 hands"],
        "kentucky": ["check once"],
    }
    for name, phrases in expected.items():
        text = " ".join(rules_summary(VARIANTS[name]))
        for phrase in phrases:
            assert phrase in text, (name, phrase)


def test_a_scripted_kentucky_hand_with_checks_is_said():
    output, _, _, _ = run_in_process(
        ["check", "check", "check", "check"] + variant_script(KENTUCKY, seed=11, hands=1)[1:],
        seats="human,human,human,human",
        rules=KENTUCKY.replace(hands_limit=1),
        seed=11,
    )
    assert sum(1 for line in output if line.endswith(" checks.") or line == "You check.") == 4
    assert any(line.startswith("Game over.") for line in output)


def test_a_trick_worth_one_point_is_said_as_one_point():
    """In the Beginner Game a trick of no counters still counts 1: "takes trick 5, 1 point.", not "1 points"."""
    said = [line for seed in range(1, 6) for line in play_with(BEGINNER, [0], seed=seed)[0]]
    taken = [line for line in said if " trick " in line and line.endswith(("point.", "points."))]
    assert any(line.endswith(", 1 point.") for line in taken), taken
    assert not any(line.endswith(" 1 points.") for line in said)


def test_the_rules_first_line_names_the_players_once():
    from rook_access.announcer.rules_summary import rules_summary
    from rook_access.engine.rules import VARIANTS

    assert rules_summary(VARIANTS["five"])[0] == "The Game for 5 Players."
    assert rules_summary(VARIANTS["partnership"])[0] == "The Original Rook Partnership Game, 4 players."


def test_the_rules_of_the_games_where_the_bid_winner_is_alone_say_the_others_score_counters():
    from rook_access.engine.rules import VARIANTS, Teams

    alone = [rules for rules in VARIANTS.values() if rules.teams is Teams.BIDDER_ALONE]
    assert {rules.name for rules in alone} >= {"five", "six"}
    for rules in alone:
        assert (
            "The bid winner plays alone against everyone; every other player scores the counters in the tricks "
            "they take."
        ) in rules_summary(rules)


def test_the_end_of_a_game_of_several_scores_says_whose_each_score_is():
    """Four scores as bare numbers ("47 to 39 to 12 to 7") leave the listener to guess who has which."""
    said = Announcer(BEGINNER, [0]).event_lines(GameEnded(1, (7, 47, 39, 12)))
    assert said == ["Game over. West wins with 47; North 39, East 12, you 7."]
