"""The trick games' ``why`` and ``review`` commands: the reasons behind the moves made at the table.

``why`` (or ``why north``) says, in one line, the reason the computer player
had for its last move (one of an earlier hand begins "In hand 1,"; ``why north
bid`` asks for its last bid or pass): its own
``advise`` for the view it chose from (kept with the move in
``CommandContext.decisions``; a search player answers from the very
evaluation that chose, so the reason is the one it had).
``review`` sets the user's choices in the last finished hand against the
strong player's (``players.search.review``), the costliest first.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..announcer.review import review_lines
from ..announcer.why import did_words, why_line
from ..engine import Bid, Check, Dealt, GameState, Pass, Phase, RuleSet
from ..engine.cards import shown
from ..players.search.knowledge import Knowledge
from ..players.search.player import HintPlayer
from ..players.search.review import review_decisions
from .registry import Command, CommandContext, Decision

COMPASS = (("north", "n"), ("south", "s"), ("east", "e"), ("west", "w"))


def initials(name: str) -> str:
    """A seat's short form: the initials of its compass points (``nw`` for Northwest), else the name.

    >>> initials("Northwest"), initials("South"), initials("Dummy")
    ('nw', 's', 'dummy')
    """
    short = name.lower()
    for word, letter in COMPASS:
        short = short.replace(word, letter)
    return short if len(short) <= 2 else name.lower()


def seat_named(word: str, rules: RuleSet) -> int | None:
    """The seat a typed word names: its name in any case, its compass initials (``n``, ``nw``), or the
    start of one name only (``dum``); None when it names none."""
    typed = word.lower()
    names = [name.lower() for name in rules.names]
    if typed in names:
        return names.index(typed)
    shorts = [initials(name) for name in rules.names]
    if typed in shorts:
        return shorts.index(typed)
    starts = [seat for seat, name in enumerate(names) if name.startswith(typed)]
    return starts[0] if len(starts) == 1 else None


def seats_list(rules: RuleSet) -> str:
    """The seats' names as a list: "South, West, North and East"."""
    names = list(rules.names)
    return ", ".join(names[:-1]) + f" and {names[-1]}" if len(names) > 1 else names[0]


BIDDING_ACTIONS = (Bid, Pass, Check)
"""The moves of the auction, which ``why north bid`` asks about."""
BID_WORDS = ("bid", "bids", "bidding")
"""Words after ``why`` (and a seat) that ask for the last bid or pass, not the last move."""


def _last(decisions: Sequence[Decision], seat: int | None, bidding: bool = False) -> Decision | None:
    """The latest computer move of ``seat`` (of any seat for None); with ``bidding``, its latest bid, pass or
    check."""
    for decision in reversed(decisions):
        if decision.player is not None and (seat is None or decision.seat == seat):
            if not bidding or isinstance(decision.action, BIDDING_ACTIONS):
                return decision
    return None


SELF_WORDS = ("me", "my", "mine", "myself", "you", "i")
"""Words for the asker's own seat after ``why`` ("why me"): its moves are a person's, which ``why`` says."""


def why_lines(game: CommandContext, command: Command) -> list[str]:
    """``why [SEAT]``: the reason a computer player had for its last move."""
    state: GameState = game.state
    rules = state.rules
    decisions = game.decisions
    seat = None
    words = list(command.arguments)
    bidding = bool(words) and words[-1].lower() in BID_WORDS
    if bidding:
        words.pop()
    if words:
        typed = " ".join(words)
        seat = game.viewer() if typed.lower() in SELF_WORDS else seat_named(typed, rules)
        if seat is None:
            return list(game.narrator.fit(f"No seat {shown(typed)}. The seats are {seats_list(rules)}."))
    decision = _last(decisions, seat, bidding)
    if seat is not None and decision is None:
        line = _no_move(game, seat, "bid" if bidding else "moved")
    elif decision is None and game.resumed_at:
        line = "Nothing to explain yet: no computer player has moved since the game was resumed."
    elif decision is None:
        line = "Nothing to explain yet: no computer player has moved."
    else:
        view = decision.view
        advice = None if len(view.legal) <= 1 else decision.player.advise(view)
        if advice is not None and advice.action != decision.action:
            # worked out again (after a resume) the search stopped elsewhere: no reason but the one it had
            line = f"{did_words(view, decision.action)}: its reason cannot be worked out again now."
        else:
            secret, bidding_over = _still_hidden(game, view.hand_number)
            line = why_line(view, decision.action, advice, secret, bidding_over)
        if view.hand_number != state.hand_number:
            line = f"In hand {view.hand_number}, {line}"  # not yet moved this hand: its move is the last hand's
    return list(game.narrator.fit(line))


def _still_hidden(game: CommandContext, hand_number: int) -> tuple[int, bool]:
    """What a reason must not give away yet: the cards hidden from the asker now (while the move's hand is
    being played; none once it is over), and whether that hand's bidding is over."""
    state: GameState = game.state
    if hand_number != state.hand_number or state.is_over:
        return 0, True
    return Knowledge.from_view(state.view(game.viewer())).unseen, state.phase is not Phase.BIDDING


def _no_move(game: CommandContext, seat: int, done: str = "moved") -> str:
    """Why there is no reason to give for ``seat``: it is a person's, or it has not ``done`` (moved, bid)."""
    state: GameState = game.state
    name = state.rules.names[seat]
    controller = state.controller(seat)
    if controller in game.humans and controller == game.viewer():
        return f"{name} is played by you. Type hint on your turn for the strong player's move."
    if controller in game.humans:
        return f"{name} is played by a person, not the computer."
    if game.resumed_at:
        return f"{name} has not {done} since the game was resumed."
    return f"{name} has not {done} yet."


def hand_to_review(state: GameState) -> int:
    """The hand ``review`` tells: the last one finished (the current one once the game is over); 0 for none."""
    return state.hand_number if state.is_over else state.hand_number - 1


def review_command_lines(game: CommandContext, command: Command) -> list[str]:
    """``review``: the user's choices in the last finished hand that the strong player would make otherwise."""
    state: GameState = game.state
    every = [word.lower() for word in command.arguments] == ["all"]
    if command.arguments and not every:
        typed = shown(" ".join(command.arguments))
        return list(game.narrator.fit(f"Say review, or review all for every choice, not review {typed}."))
    hand = hand_to_review(state)
    if hand < 1:
        return list(game.narrator.fit("No hand to review yet: review tells a hand once it is over."))
    resumed_in = resumed_hand(game)
    if hand < resumed_in:
        return list(
            game.narrator.fit(
                f"Hand {hand} was played before the game was resumed: review tells only hands played since."
            )
        )
    viewer = game.viewer()
    steps = [
        (decision.view, decision.action)
        for decision in game.decisions
        if decision.player is None
        and decision.view.hand_number == hand
        and decision.view.controller(decision.seat) == viewer
    ]
    if not steps:
        return list(game.narrator.fit(f"Hand {hand}: no choice of yours to review."))
    lines = review_lines(hand, review_decisions(steps, HintPlayer()), every)
    if hand == resumed_in:
        lines.insert(0, f"Only your choices since the game was resumed, partway through hand {hand}:")
    return [piece for line in lines for piece in game.narrator.fit(line)]


def resumed_hand(game: CommandContext) -> int:
    """The hand that was being played when the game was resumed (0 for a game not resumed): its moves
    before the resume are not kept, nor any earlier hand's."""
    if not game.resumed_at:
        return 0
    dealt = [event for event in game.state.events[: game.resumed_at] if isinstance(event, Dealt)]
    return dealt[-1].hand if dealt else 0


__all__ = [
    "hand_to_review",
    "initials",
    "resumed_hand",
    "review_command_lines",
    "seat_named",
    "seats_list",
    "why_lines",
]
