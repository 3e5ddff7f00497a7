"""``why``, ``hint`` and ``review`` where one player plays another seat's hand (Display Rook's displayed hand,
the dummy of the Game for 2 Players): a move is told as the choice of whoever played the seat then, "you" is the
person at the keyboard, and "partner" that person's partner.  The games are the tester's own, through the command
line."""

from __future__ import annotations

from rook_access.console.commands import parse_command
from rook_access.console.explain import review_command_lines, why_lines
from rook_access.console.session import ConsoleGame
from rook_access.engine import PASS, GameState, Phase
from rook_access.engine.cards import card_name
from rook_access.engine.rules import VARIANTS
from rook_access.players import BasicPlayer
from rook_access.players.base import Decision
from rook_access.players.search.player import HintPlayer
from tests.helpers.console import ListChannel, ScriptedLines, run_main

YOURS = "Type hint on your turn for the strong player's move."


def _said(monkeypatch, capsys, args: list[str], lines: list[str]) -> list[str]:
    status, out, err = run_main(monkeypatch, capsys, args, lines)
    assert status == 0 and "Traceback" not in err, err
    return out


def _answers(out: list[str], after: str, count: int) -> list[str]:
    """The ``count`` lines said after the line ``after`` (the answers to the commands typed then)."""
    start = out.index(after) + 1
    return out[start : start + count]


def test_the_partners_bid_and_trump_are_its_own_while_the_dealer_plays_its_hand(monkeypatch, capsys):
    """South deals and plays North's face-up hand: North's bid and trump were North's, not "you"; why partner is
    North, not South."""
    out = _said(monkeypatch, capsys, ["--variant", "display", "--seed", "72"],
                ["bid 5", "bid 25", "bid 45", "pass", "why north", "why partner", "why north bid", "why me"])
    assert "North takes the bid at 65." in out and "Trump is green, named by North." in out
    assert _answers(out, "North's play, 4 legal: 10y 7y 3y 1y.", 4) == [
        "North named green trump: over 96 guesses at the hidden cards, the color that scored best for its side.",
        "North named green trump: over 96 guesses at the hidden cards, the color that scored best for its side.",
        "North bid 65: it reckoned its hand worth a bid of up to 65.",
        f"South is played by you. {YOURS}",
    ]


def test_the_users_displayed_hand_played_by_the_dealer_is_the_dealers_choice(monkeypatch, capsys):
    """North deals and plays South's face-up hand: "North plays your 13r", and why says so, not "you played"."""
    out = _said(monkeypatch, capsys, ["--variant", "display", "--seed", "13", "--hands", "2"],
                ["pass", "why south 1", "why south 2", "why me"])
    assert "North plays your 13r." in out
    assert _answers(out, "Your bid: 10 to 125, or pass.", 3) == [
        "In hand 1, North played your 13r: it was your only legal card.",
        "In hand 1, North played your 5g: it beats East's 1g; the trick holds 7 points so far; over 96 guesses at "
        "the hidden cards, it did about 13 points better than 6g, the next best.",
        "In hand 1, North played your 12x: it was your only legal card.",
    ]


def test_the_dummy_the_user_plays_is_told_from_the_users_seat(monkeypatch, capsys):
    """The user lost the bid and plays the dummy: why names the user's own card "your 10x", not "South's"; why
    dummy and why partner (the dummy, on the user's side) say the same true line at the user's turn and at the
    dummy's, and nobody plays the dummy before the bid is won."""
    out = _said(monkeypatch, capsys, ["--variant", "two", "--seed", "11"],
                ["why dummy", "why dummy bid", "pass", "5r", "13r", "10x", "why", "why dummy", "why partner",
                 "why south", "6x", "why dummy", "7y", "why dummy", "why partner"])
    assert _answers(out, "Your bid: 50 to 100, or pass.", 2) == [
        "Dummy has not moved yet: whoever does not win the bid plays it.",
        "Dummy does not bid: whoever does not win the bid plays it."]
    assert "North plays alone; you play the dummy too." in out
    assert _answers(out, "Dummy's play, 2 legal: 7x 6x.", 4) == [
        "North played 4y: it beats your 10x; the trick holds 10 points so far; over 96 guesses at the hidden "
        "cards, it did "
        "about as well as its next best card.",
        f"Dummy is played by you. {YOURS}",
        f"Dummy is played by you. {YOURS}",
        f"South is played by you. {YOURS}",
    ]
    assert _answers(out, "Dummy's play, 1 legal: 7y.", 1) == [f"Dummy is played by you. {YOURS}"]
    assert _answers(out, "Your play, 2 legal: 6y 5y.", 2) == [f"Dummy is played by you. {YOURS}"] * 2


def test_the_dummy_the_computer_plays_is_the_computers_choice(monkeypatch, capsys):
    """The user won the bid and North plays the dummy: its cards are North's choices, from the dummy's hand."""
    out = _said(monkeypatch, capsys, ["--variant", "two", "--seed", "11"],
                ["bid 100", "discard 13r 6y 5y 8g 4g", "black", "why", "why dummy", "9x", "10x", "why dummy",
                 "14y", "9g", "11g", "why dummy"])
    assert "You play alone; North plays the dummy too." in out
    assert _answers(out, "Your play, 8 legal: 14x 13x 12x 11x 10x 9x 5x 4x.", 2) == [
        "North led Dummy's 6x: over 96 guesses at the hidden cards, it did about as well as 7x, the next best."] * 2
    assert _answers(out, "Your lead, 10 cards: 14x 13x 12x 11x 5x 4x 14y 11g 10g 9g.", 1) == [
        "North played Dummy's 7x: it was Dummy's only legal card."]
    assert _answers(out, "Your play, 7 legal: 14x 13x 12x 11x 5x 4x 10g.", 1) == [
        "North played Dummy's 10r: its own 12y was winning the trick, so it gave 10 points; over 96 guesses at "
        "the hidden cards, "
        "it did about as well as 14r, the next best."]


class _Table:
    """The part of a running game ``why`` and ``review`` read: the user in seat 0, asked while playing
    ``seat_to_ask``'s hand."""

    def __init__(self, state, seat_to_ask: int) -> None:
        self.state = state
        self.humans = [0]
        self.resumed_at = 0
        self.decisions: list = []
        self.seat_to_ask = seat_to_ask
        self.narrator = ConsoleGame(state, [None] * len(state.rules.people), ScriptedLines([]), ListChannel()).narrator

    def viewer(self) -> int:
        return self.seat_to_ask

    def earlier_choices(self, hand: int) -> None:
        return None

    def advisor(self) -> HintPlayer:
        return HintPlayer()


def test_review_asked_while_the_user_plays_the_dummy_tells_the_users_choices():
    """Asked at the dummy's turn, review took the dummy for the user and found "no choice of yours": the
    user's choices are those of South and of the dummy South played."""
    state = GameState(VARIANTS["two"].replace(hands_limit=2), seed=4)
    players = [BasicPlayer(seat) for seat in range(2)]
    game = _Table(state, 2)
    bidders = set()
    while state.hand_number == 1:
        seat, actor = state.turn, state.actor
        view = state.view(seat)
        action = PASS if actor == 0 and state.phase is Phase.BIDDING else players[actor].choose(view)
        game.decisions.append(Decision(seat, view, action, None if actor == 0 else players[actor]))
        state.apply(action, seat)
        bidders.add(state.bidder)
    assert bidders == {None, 1}  # North won the bid in hand 1, and South played the dummy
    said = review_command_lines(game, parse_command("review all"))
    assert said[0].startswith("Hand 1: ") and "no choice of yours" not in said[0], said
    assert any("for Dummy" in line for line in said), said


def test_a_hint_names_a_lead_the_dealer_made_from_the_partners_hand_as_the_users(monkeypatch, capsys):
    """The hint said "your partner North leads red" of the lead the user made from North's face-up hand."""
    out = _said(monkeypatch, capsys, ["--variant", "display", "--seed", "72"],
                ["bid 5", "bid 25", "bid 45", "pass", "1y", "14y", "4x", "14x", "14r", "hint", "7r", "3x", "hint",
                 "why east"])
    assert _answers(out, "Your play, 2 legal: 13r 7r.", 1) == [
        "Play 7r: you led red from North's hand; North is winning the trick; over 96 guesses at the hidden "
        "cards, it does about "
        "35 points better than 13r, the next best."]
    assert _answers(out, "Your play, 4 legal: 11x 10x 9x 5x.", 2) == [
        "Play 5x: you led black from North's hand; it goes over North's 3x, and with it the trick holds 7 points "
        "so far; over 96 guesses at the hidden cards, it does about 3 points better than 10x, the next best.",
        "East played 2x: it did not beat North's 3x; the trick holds 2 points so far.",
    ]


def test_the_hint_for_the_dummys_card_names_the_users_own_lead_as_the_users(monkeypatch, capsys):
    """The user plays the dummy after leading from the own hand: the hint said "your partner South leads black",
    South being the user."""
    out = _said(monkeypatch, capsys, ["--variant", "two", "--seed", "11"], ["pass", "5r", "13r", "10x", "hint"])
    assert _answers(out, "Dummy's play, 2 legal: 7x 6x.", 1) == [
        "Play 6x: you led black from your hand; you cannot win it, and this card gives away no points; over 96 "
        "guesses at the hidden cards, it does about as well as 7x, the next best."]


def test_why_north_after_north_plays_your_card_tells_that_card():
    """Display Rook, North dealing and playing South's face-up hand: right after "North plays your 6g", why
    north told North's own card played before it (and "You played South's 6g" for why south, the person taken
    for North): the move North chose last is the card of your hand.  A trick's number names North's own card."""
    state = GameState(VARIANTS["display"].replace(hands_limit=1), seed=13)
    players = [BasicPlayer(seat) for seat in range(4)]
    game = _Table(state, 0)
    north = state.rules.names.index("North")
    told = 0
    while not state.is_over:
        seat, actor = state.turn, state.actor
        view = state.view(seat)
        action = PASS if actor == 0 and state.phase is Phase.BIDDING else players[actor].choose(view)
        game.decisions.append(Decision(seat, view, action, None if actor == 0 else players[actor]))
        state.apply(action, seat)
        if seat == 0 and actor == north and state.phase is Phase.PLAY and len(view.legal) > 1:
            card = card_name(action.card)
            said = why_lines(game, parse_command("why north"))
            assert said[0].startswith((f"North played your {card}: ", f"North led your {card}: ")), said
            told += 1
    assert told >= 3
    for trick in range(1, state.rules.hand_size + 1):  # a trick's card is North's own
        own = why_lines(game, parse_command(f"why north {trick}"))
        assert own[0].startswith(("North played ", "North led ")) and "your" not in own[0].split(":")[0], own


def test_terse_why_hint_and_review_leave_out_the_deals_the_figures_are_taken_over(monkeypatch, capsys):
    """The terse and braille verbosities said the search's figures in full ("over 96 guesses at the hidden cards, it
    did about 13 points better than 6g, the next best"), 40 characters a line that a braille display pans through."""
    args = ["--variant", "display", "--seed", "13", "--hands", "2"]
    full = _said(monkeypatch, capsys, args, ["pass", "why south 2"])
    terse = _said(monkeypatch, capsys, [*args, "--verbosity", "terse"], ["pass", "why south 2"])
    assert (
        "In hand 1, North played your 5g: it beats East's 1g; the trick holds 7 points so far; over 96 guesses at "
        "the hidden cards, it did about 13 points better than 6g, the next best." in full
    )
    assert (
        "In hand 1, North played your 5g: it beats East's 1g; the trick holds 7 points so far; about 13 points "
        "better than 6g." in terse
    ), terse[-3:]


def test_a_terse_hint_leaves_out_the_deals_too(monkeypatch, capsys):
    moves = ["bid 5", "bid 25", "bid 45", "pass", "1y", "14y", "4x", "14x", "14r", "hint", "7r"]
    out = _said(monkeypatch, capsys, ["--variant", "display", "--seed", "72", "--verbosity", "terse"], moves)
    assert _answers(out, "Your play, 2 legal: 13r 7r.", 1) == [
        "Play 7r: you led red from North's hand; North is winning the trick; about 35 points better than 13r."]
