"""The why and review commands at the console: piped sessions with computers and a keyboard seat."""

from __future__ import annotations

import re

import pytest

from rook_access.announcer import Verbosity
from rook_access.announcer.review import SHOWN
from rook_access.console.commands import parse_command
from rook_access.console.explain import initials, resumed_hand, review_command_lines, seat_named, why_asked, why_lines
from rook_access.console.session import ConsoleGame
from rook_access.engine import (
    COLOR_NAMES,
    PARTNERSHIP,
    BidMade,
    CardPlayed,
    Deal,
    GameState,
    NestDiscarded,
    Phase,
    TrumpNamed,
    card_name,
)
from rook_access.engine.rules import VARIANTS
from rook_access.players import BasicPlayer, make_player
from rook_access.players.search.player import NO_DEADLINE_VARIABLE, HintPlayer
from tests.helpers.console import FIXED_DEAL, ListChannel, run_in_process, run_program
from tests.helpers.hands import autoplay_hand, west_leads_yellow


class PlayingLines:
    """A keyboard seat that types the basic player's move at every question, and the lines of ``asks``
    when the hand numbered by its key has begun (each list once), recording what each ``why`` saw."""

    def __init__(self, state: GameState, asks: dict[int, list[str]]) -> None:
        self.state = state
        self.asks = {hand: list(lines) for hand, lines in asks.items()}
        self.player = BasicPlayer(0)
        self.asked_at: dict[int, int] = {}
        """For each ``why`` typed, how many events the game had then (the line's index in ``typed``)."""
        self.typed: list[str] = []

    def read(self, question: str, fresh: bool = True) -> str | None:
        state = self.state
        waiting = self.asks.get(state.hand_number)
        if waiting:
            line = waiting.pop(0)
        elif state.is_over or not self.asks or all(not lines for lines in self.asks.values()):
            return None
        else:
            line = str(self.player.choose(state.view(state.seats_to_act()[0])))
        self.asked_at[len(self.typed)] = len(state.events)
        self.typed.append(line)
        return line


def _play(
    asks: dict[int, list[str]],
    level: str = "easy",
    hands: int = 2,
    verbosity: Verbosity = Verbosity.NORMAL,
    variant: str = "partnership",
) -> tuple[list[str], PlayingLines, ConsoleGame]:
    rules = VARIANTS[variant].replace(hands_limit=hands)
    deal = Deal.from_json(FIXED_DEAL, rules) if variant == "partnership" else None
    state = GameState(rules, seed=4, first_deal=deal)
    players = [None, *(make_player(level, 40 + seat) for seat in range(1, rules.players))]
    channel = ListChannel()
    lines = PlayingLines(state, asks)
    game = ConsoleGame(state, players, lines, channel, verbosity=verbosity)
    game.run()
    return channel.lines, lines, game


def test_before_any_computer_move_why_says_so_and_names_the_seats_on_a_bad_name():
    lines = ["why", "why north", "why N", "why bob", "why south", "why me", "review"]
    output, records, state, status = run_in_process(lines, seats="human,human,human,human", deal=FIXED_DEAL)
    assert status == 0 and [r["event"] for r in records] == ["game_start", "deal"]
    assert "Nothing to explain yet: no computer player has moved." in output
    assert output.count("North is played by a person, not the computer.") == 2
    assert "No seat bob. The seats are South, West, North and East." in output
    # "why me" is the asker's own seat, as "why south" is.
    assert output.count("South is played by you. Type hint on your turn for the strong player's move.") == 2
    assert "No seat me. The seats are South, West, North and East." not in output
    assert "No hand to review yet: review tells a hand once it is over." in output


MOVES = (BidMade, NestDiscarded, TrumpNamed, CardPlayed)
SAID = re.compile(
    r"(South|West|North|East) (bid \d+|(bid \d+, then )?passed|buried \d+ cards|named \w+ trump|played \S+|led \S+): ")


def _started(event, before=()) -> str:
    """How a why line about the move of ``event`` starts (``before``: the events before it, for a pass after
    the seat's own bid, said with it)."""
    name = PARTNERSHIP.names[event.seat]
    if isinstance(event, BidMade):
        if event.amount is not None:
            return f"{name} bid {event.amount}: "
        own = [each.amount for each in before if isinstance(each, BidMade) and each.seat == event.seat
               and each.amount is not None]
        return f"{name} bid {own[-1]}, then passed: " if own else f"{name} passed: "
    if isinstance(event, NestDiscarded):
        return f"{name} buried 5 cards: "
    if isinstance(event, TrumpNamed):
        return f"{name} named {COLOR_NAMES[event.color]} trump: "
    return f"{name} "  # played or led: the card is checked apart


def test_why_names_the_last_computer_move_and_why_west_the_wests():
    output, lines, game = _play({1: ["pass", "why", "why west", "why EAST", "why e"]}, level="normal", hands=1)
    events = game.state.events
    whys = [index for index, line in enumerate(lines.typed) if line.startswith("why")]
    said = [line for line in output if SAID.match(line)]
    assert len(said) == 4
    # "why": the last computer move before it was typed; "why west": West's last.
    before = events[: lines.asked_at[whys[0]]]
    moves = [event for event in before if isinstance(event, MOVES) and event.seat != 0]
    assert said[0].startswith(_started(moves[-1], moves))
    west = [event for event in moves if event.seat == 1][-1]
    assert said[1].startswith(_started(west, moves))
    east = [event for event in moves if event.seat == 3][-1]
    assert said[2] == said[3] and said[2].startswith(_started(east, moves))  # a seat by name, in any case, or initial
    for line, event in zip(said, (moves[-1], west, east), strict=False):
        if isinstance(event, CardPlayed):
            assert re.match(rf"\w+ (played|led) {card_name(event.card)}: ", line)


def test_why_of_a_seat_that_has_not_moved_this_hand_names_the_hand_of_its_last_move():
    output, lines, game = _play({3: ["why west", "why north"]}, level="normal", hands=3)
    # Hand 3 is dealt by West: North and East bid before South's first question, West bids last.
    assert "Hand 3. West deals." in output
    west = [line for line in output if line.startswith("In hand 2, West ")]
    assert len(west) == 1 and re.match(r"In hand 2, West (played|led) \S+: ", west[0]), west
    north = [line for line in output if SAID.match(line) and line.startswith("North ")]
    assert len(north) == 1 and north[0].startswith(("North bid", "North passed")), north
    assert not any(line.startswith("In hand 2, North") for line in output)


def test_why_answers_from_the_move_the_computer_made():
    """The reason is worded from the decision kept with the move, and its action is the move."""
    output, lines, game = _play({1: ["pass", "why"]}, level="normal", hands=1)
    computers = [d for d in game.decisions if d.player is not None]
    assert computers and all(d.player.advise(d.view).action == d.action for d in computers[-8:])
    users = [d for d in game.decisions if d.player is None]
    assert users and all(d.seat == 0 for d in users)


def test_review_after_the_hand_names_the_users_own_plays(monkeypatch):
    monkeypatch.setenv(NO_DEADLINE_VARIABLE, "1")  # the same verdict however busy the machine is
    output, lines, game = _play({2: ["review", "review"]})
    start = output.index(next(line for line in output if line.startswith("Hand 1: ")))
    heading = output[start]
    assert heading.startswith("Hand 1: ")
    # The user's cards in hand 1, trick by trick, from the game's own events.
    played: dict[int, str] = {}
    trick = 1
    count = 0
    for event in game.state.events:
        if isinstance(event, CardPlayed):
            if event.seat == 0:
                played[trick] = card_name(event.card)
            count += 1
            if count % 4 == 0:
                trick += 1
        if trick > 9:
            break
    if "would make otherwise" in heading:
        told = int(re.match(r"Hand 1: (\d+) choices?", heading).group(1))
        body = output[start + 1 : start + 1 + told]
        for line in body:
            match = re.match(r"Trick (\d+): you (?:played|led) (\S+); (\S+) was better by about \d+ points?, "
                             r"(?:solved exactly )?over \d+ guesses at the hidden cards: ", line)
            if match:
                assert played[int(match.group(1))] == match.group(2)
            else:
                assert line.startswith(("Bidding: ", "The nest: ", "Trump: ")), line
    # Asked twice, the same answer (the strong player judges with fixed random numbers).
    second = output.index(heading, start + 1)
    assert output[second : second + 2] == output[start : start + 2]


def test_why_and_review_fit_the_braille_display():
    output, lines, game = _play({1: ["pass", "why", "why north"], 2: ["review"]}, verbosity=Verbosity.BRAILLE)
    assert any(line.startswith(("North ", "East ", "West ")) for line in output)
    assert any(line.startswith("Hand 1") for line in output)
    assert all(len(line) <= 40 for line in output if not line.startswith("Your "))


def test_seat_names_and_initials():
    six = VARIANTS["six"]
    assert [initials(name) for name in six.names] == ["s", "sw", "nw", "n", "ne", "e"]
    assert seat_named("sw", six) == 1 and seat_named("NorthEast", six) == 4 and seat_named("s", six) == 0
    assert seat_named("north", six) == 3 and seat_named("bob", six) is None
    assert seat_named("d", VARIANTS["two"]) == 2  # the dummy, by the start of its name


def test_after_a_resume_why_and_review_know_the_moves_made_before_it(tmp_path):
    folders = {"ROOK_ACCESS_CONFIG_DIR": str(tmp_path / "c"), "ROOK_ACCESS_DATA_DIR": str(tmp_path / "d")}
    first = run_program(
        ["--seed", "3", "--level", "easy", "--output", "plain"], "pass\nwhy\nwhy north\nquit\n", environment=folders
    )
    assert first.returncode == 0 and "Game saved." in first.stdout, first.stdout[-600:]
    before = [line for line in first.stdout.splitlines() if SAID.match(line)]
    assert len(before) == 2
    again = run_program(["--resume", "--output", "plain"], "why\nwhy north\nreview\nquit\n", environment=folders)
    after = [line for line in again.stdout.splitlines() if SAID.match(line)]
    assert after == before  # the same reasons, worked out again from the saved moves
    assert "No hand to review yet: review tells a hand once it is over." in again.stdout.splitlines()


@pytest.mark.parametrize("variant", ["two", "flip"])
def test_review_in_the_2_player_game_and_flip_names_the_users_own_cards(monkeypatch, variant):
    """In the 2-player game the user's choices include the dummy's when the user plays it; in Flip, where red
    points count against, the figures are still where the user ends the hand against the others (so a
    card's stake adds up)."""
    monkeypatch.setenv(NO_DEADLINE_VARIABLE, "1")
    output, lines, game = _play({2: ["review", "review all", "review bob"]}, variant=variant)
    mine = {
        decision.action for decision in game.decisions if decision.player is None and decision.view.hand_number == 1
    }
    start = next(index for index, line in enumerate(output) if line.startswith("Hand 1: "))
    heading = output[start]
    told = int(match.group(1)) if (match := re.match(r"Hand 1: (\d+) choices?", heading)) else 0
    every = output.index(heading, start + 1)
    if variant == "two":  # enough to page: the first SHOWN, then review all for the rest
        assert told > SHOWN
        assert output[start + SHOWN + 1] == f"{told - SHOWN} more, smaller: type review all for every one."
        assert output[every + 1 : every + 1 + SHOWN] == output[start + 1 : start + 1 + SHOWN]
    else:
        assert 0 < told <= SHOWN and output[every : every + told + 1] == output[start : start + told + 1]
    assert output[every + told + 1] == "Say review, or review all for every choice, not review bob."
    for line in output[every + 1 : every + 1 + told]:
        played = re.match(
            r"Trick \d+: you (?:played|led) (\S+)(?: for Dummy)?; \S+ was better by about \d+ points?, "
            r"(?:solved exactly )?over \d+ guesses at the hidden cards: (.+)\.$", line
        )
        if played:
            assert any(card_name(action.card) == played.group(1) for action in mine if hasattr(action, "card"))
            # the stake alone: not where the side ends the hand (often far off: bench.figure_bias)
            assert "ends the hand" not in line and "ahead" not in line and "behind" not in line, line
        else:
            assert line.startswith(("Bidding: ", "The nest: ", "Trump: ")), line


class _Resumed:
    """The part of a running game the review reads, for a game resumed after ``events`` events."""

    def __init__(self, state: GameState, events: int) -> None:
        self.state = state
        self.humans = [0]
        self.resumed_at = events
        self.decisions: list = []
        self.narrator = ConsoleGame(state, [None] * 4, PlayingLines(state, {}), ListChannel()).narrator

    def viewer(self) -> int:
        return 0

    def earlier_choices(self, hand: int) -> None:
        return None  # a game at home keeps no moves from before its resume

    def advisor(self) -> HintPlayer:
        return HintPlayer()


def test_a_hand_played_before_the_resume_is_not_reviewed():
    state = GameState(PARTNERSHIP, seed=5)
    autoplay_hand(state)
    autoplay_hand(state)  # hands 1 and 2 over, hand 3 dealt
    game = _Resumed(state, len(state.events))
    assert resumed_hand(game) == 3
    assert review_command_lines(game, parse_command("review")) == [
        "Hand 2 was played before the game was resumed: review tells only hands played since."
    ]
    assert resumed_hand(_Resumed(state, 0)) == 0
    # A game resumed without its moves (a progressive party's table): why says so.
    assert why_lines(game, parse_command("why")) == [
        "Nothing to explain yet: no computer player has moved since the game was resumed."
    ]
    assert why_lines(game, parse_command("why west")) == ["West has not moved since the game was resumed."]


def test_while_the_bidding_is_open_why_gives_no_limit_away():
    # South deals, so West, North and East bid before South's first question: the auction is still open.
    state = west_leads_yellow()
    players = [None, *(make_player("normal", 40 + seat) for seat in range(1, 4))]
    channel = ListChannel()
    lines = PlayingLines(state, {1: ["why west", "why north", "why east"]})
    ConsoleGame(state, players, lines, channel).run()
    bids = [line for line in channel.lines if re.match(r"(West|North|East) (bid \d+|passed): ", line)]
    assert len(bids) == 3, channel.lines
    for line in bids:
        assert "up to" not in line and "at most" not in line, line
        assert re.search(r": it reckoned its hand (worth \d+ or more; after the bidding, why (west|north|east) bid "
                         r"says how much more|not worth \d+)\.$", line), line


def test_why_a_seat_bid_tells_its_last_bid_once_the_bidding_is_over():
    """The winning bidder moves again before South's next question; ``why west bid`` still tells its bid, with
    the limit the open auction kept back."""
    output, lines, game = _play({1: ["pass", "why bid", "why north bid", "why south bid", "why bob bid"]},
                                level="normal", hands=1)
    bids = [line for line in output if re.match(r"(West|North|East) (bid \d+|(bid \d+, then )?passed): ", line)]
    assert bids, output
    for line in bids:
        assert "after the bidding" not in line, line  # the bidding is over: the limit itself is told
    north = [line for line in output if re.match(r"North (bid \d+|(bid \d+, then )?passed): ", line)]
    assert len(north) == 1, output
    said = [event for event in game.state.events if isinstance(event, BidMade) and event.seat == 2]
    assert north[0].startswith(_started(said[-1], said)), north  # its last bid or pass, not its later cards
    assert "South is played by you. Type hint on your turn for the strong player's move." in output
    assert "No seat bob. The seats are South, West, North and East." in output


def test_why_a_seat_and_a_trick_number_tells_its_card_in_that_trick():
    """After a hand, a seat's last move is its last card, which it had to play: "why east 3" asks for its
    card in trick 3, the latest trick of that number (the last hand's until this hand has one)."""
    asks = ["why east 3", "why e trick 3", "why east 0", "why east 999", "why 3", "why me 3"]
    output, lines, game = _play({2: asks}, level="normal", hands=2)
    east = [d for d in game.decisions if d.seat == 3 and d.view.hand_number == 1 and d.view.phase is Phase.PLAY
            and len(d.view.tricks) == 2]
    assert len(east) == 1
    card = card_name(east[0].action.card)
    told = [line for line in output if line.startswith(f"In hand 1, East played {card}")
            or line.startswith(f"In hand 1, East led {card}")]
    # by its name, by its initial with "trick" before the number, and (East's being trick 3's last computer card)
    # by the number alone
    assert len(told) == 3 and told[0] == told[1] == told[2], told
    assert "No trick 0: tricks are numbered from 1, as the game says them." in output
    assert "No trick 999: a hand has 9 tricks." in output
    assert "South is played by you. Type hint on your turn for the strong player's move." in output


def test_why_partner_names_the_askers_one_partner():
    """``why partner`` said "No seat partner": the seat is the asker's partner, as its view has them."""
    assert why_asked(["partner"], PARTNERSHIP, 0, (2,)) == (2, False, None)
    assert why_asked(["my", "partner", "bid"], PARTNERSHIP, 1, (3,)) == (3, True, None)
    assert why_asked(["Partner", "3"], PARTNERSHIP, 0, (2,)) == (2, False, 3)
    assert str(why_asked(["partner"], PARTNERSHIP, 0, ())) == (
        "You have no one partner now. The seats are South, West, North and East.")
    state = GameState(PARTNERSHIP, seed=5)
    game = _Resumed(state, 0)
    assert why_lines(game, parse_command("why partner")) == ["North has not moved yet."]


def test_review_says_how_many_of_your_moves_a_computer_made_and_leaves_them_out():
    """A playtester back at an online table heard a review of his own choices with no word of the three moves a
    computer had made for him: they are left out, and the review says how many."""
    from rook_access.players.base import Decision

    state = GameState(PARTNERSHIP, seed=5)
    players = [BasicPlayer(seat) for seat in range(4)]
    game = _Resumed(state, 0)
    south_moves = 0
    while state.hand_number == 1:
        seat = state.seats_to_act()[0]
        view = state.view(seat)
        action = players[seat].choose(view)
        if seat == 0:
            south_moves += 1
            game.decisions.append(Decision(seat, view, action, players[0] if south_moves in (2, 3) else None))
        state.apply(action, seat)
    said = review_command_lines(game, parse_command("review all"))
    assert said[-1] == "2 moves a computer made for you are left out.", said
    assert said[0].startswith("Hand 1: "), said
