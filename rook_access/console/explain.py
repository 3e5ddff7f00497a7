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
from dataclasses import replace

from ..announcer.base import plural
from ..announcer.review import review_lines
from ..announcer.why import asker_view, no_bidding_line, no_card_line, reason_line
from ..engine import Dealt, GameState, RuleSet
from ..engine.cards import shown
from ..engine.spelling import nearest
from ..players.base import last_computer_move
from ..players.search.review import review_decisions
from .registry import Command, CommandContext, Refused

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


BID_WORDS = ("bid", "bids", "bidding")
"""Words after ``why`` (and a seat) that ask for the last bid or pass, not the last move."""


SELF_WORDS = ("me", "my", "mine", "myself", "you", "i")
"""Words for the asker's own seat after ``why`` ("why me"): its moves are a person's, which ``why`` says."""


PARTNER_WORDS = ("partner", "my partner", "pard")
"""Words for the asker's partner after ``why`` ("why partner"), where the asker has one partner."""


TRICK_WORDS = ("trick", "t")
"""A word that may come before a trick's number after ``why`` and a seat ("why east trick 3")."""


def why_words(game: CommandContext, specs: Sequence[object] = ()) -> list[str]:
    """The words ``why`` takes first: a seat's name or its initials (its place's, where a person's name stands
    for it), your partner, yourself, or bid."""
    rules: RuleSet = game.state.rules
    names = [*rules.names, *rules.place_names]
    return [
        *(name.lower() for name in names), *(initials(name) for name in names),
        *(word for word in PARTNER_WORDS if " " not in word), *SELF_WORDS, *BID_WORDS,
    ]  # fmt: skip


def why_asked(
    words: Sequence[str], rules: RuleSet, asker: int, partners: Sequence[int] = ()
) -> tuple[int | None, bool, int | None] | Refused:
    """What ``why`` and ``words`` ask about: the seat (None for the last computer to move; ``asker``'s own for
    "me"), whether its last bid or pass, and the number of a trick whose card is asked about ("why east 3",
    "why east trick 3": East's card in trick 3), or None; or the refusal of a seat or trick not named right
    (a seat mistyped: "Did you mean why north?", its ``meant`` the line with the seat's name).  A seat is named
    as the table names it, or by its place where a person's name stands for it (an online table's "why
    north"); "partner" names the asker's one partner (``partners``, as its view has them)."""
    typed_words = list(words)
    words = list(words)
    trick = None
    if words and words[-1].isascii() and words[-1].isdigit():
        number = words.pop()
        trick = int(number) if len(number) <= 3 else 1000  # a number too long to be a trick's is refused whole
        if words and words[-1].lower() in TRICK_WORDS:
            words.pop()
        if trick < 1:
            return Refused(f"No trick {shown(number)}: tricks are numbered from 1, as the game says them.")
        if trick > rules.hand_size:
            return Refused(f"No trick {shown(number)}: a hand has {rules.hand_size} tricks.")
    bidding = trick is None and bool(words) and words[-1].lower() in BID_WORDS
    if bidding:
        words.pop()
    if not words:
        return None, bidding, trick
    typed = " ".join(words)
    if typed.lower() in PARTNER_WORDS:
        if len(partners) != 1:
            return Refused(f"You have no one partner now. The seats are {seats_list(rules)}.")
        return partners[0], bidding, trick
    seat = asker if typed.lower() in SELF_WORDS else seat_named(typed, rules)
    if seat is None and rules.place_names:
        seat = seat_named(typed, replace(rules, seat_names=rules.place_names))
    if seat is None:
        return _no_seat(typed, typed_words[len(words) :], rules, partners)
    return seat, bidding, trick


def _no_seat(typed: str, rest: Sequence[str], rules: RuleSet, partners: Sequence[int] = ()) -> Refused:
    """The refusal of ``why`` with ``typed`` naming no seat: the seat's name closest to it (``nearest``, as
    every "Did you mean" is found), whose ``why`` yes then asks with the words typed after it (``rest``); where
    none is close, the seats."""
    close = nearest(typed, [*rules.names, *rules.place_names, *(["partner"] if len(partners) == 1 else [])])
    if close is None:
        return Refused(f"No seat {shown(typed)}. The seats are {seats_list(rules)}.")
    return Refused(f"No seat {shown(typed)}. Did you mean why {close}?", " ".join(["why", close, *rest]))


def person(game: CommandContext) -> int:
    """The seat of the person the review commands answer: the one who plays the seat they speak for
    (``viewer``), which is the dummy or Display Rook's displayed hand while that person plays it.  "You",
    "me" and "partner" are that person's own seat and partner, not the hand's.  The person's own hand played
    by a computer (Display Rook's displayed hand, the dealer's to play) leaves the person in their own seat."""
    state: GameState = game.state
    seat = game.viewer()
    player = state.controller(seat)
    return player if player in game.humans else seat


def why_lines(game: CommandContext, command: Command) -> list[str]:
    """``why [SEAT] [bid | N]``: the reason a computer player had for its last move (its last bid or pass;
    its card in trick N), told to the person at the keyboard (``person``)."""
    state: GameState = game.state
    asker = person(game)
    asked = why_asked(command.arguments, state.rules, asker, state.view(asker).partners)
    if isinstance(asked, Refused):
        raise asked  # said as every refusal is; its "Did you mean why north?" is answered by yes
    seat, bidding, trick = asked
    decision = last_computer_move(game.decisions, seat, bidding, trick)
    if bidding and not state.rules.bidding:
        line = no_bidding_line(state.rules)
    elif decision is None and trick is not None:
        line = no_card_line(state.rules, seat, trick)
        if seat is not None and state.controller(seat) in game.humans:
            line = _no_move(game, seat, asker)
    elif seat is not None and decision is None:
        line = _no_move(game, seat, asker, "bid" if bidding else "moved")
    elif decision is None and game.resumed_at:
        line = "Nothing to explain yet: no computer player has moved since the game was resumed."
    elif decision is None:
        line = "Nothing to explain yet: no computer player has moved."
    else:
        line = reason_line(decision, asker_view(state, asker), state.is_over, terse=game.narrator.terse)
    return list(game.narrator.fit(line))


def _no_move(game: CommandContext, seat: int, asker: int, done: str = "moved") -> str:
    """Why there is no reason to give for ``seat`` to the person in seat ``asker``: it is a person's (the
    asker's own, or a hand the asker plays), or it has not ``done`` (moved, bid)."""
    state: GameState = game.state
    name = state.rules.names[seat]
    if seat == state.rules.dummy_seat and done == "bid":
        return f"{name} does not bid: whoever does not win the bid plays it."
    if seat == state.rules.dummy_seat and state.bidder is None:
        # no one plays the dummy yet: whoever does not win the bid will
        return f"{name} has not {done} yet: whoever does not win the bid plays it."
    controller = state.controller(seat)
    if controller in game.humans and controller == asker:
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
    earlier = game.earlier_choices(hand) if hand <= resumed_in else None
    if hand < resumed_in and earlier is None:
        return list(
            game.narrator.fit(
                f"Hand {hand} was played before the game was resumed: review tells only hands played since."
            )
        )
    yours = person(game)  # the dummy's moves too, or the displayed hand's, where that person played them
    moves = [
        decision
        for decision in (game.decisions if earlier is None else earlier)
        if decision.view.hand_number == hand and decision.view.controller(decision.seat) == yours
    ]
    steps = [(decision.view, decision.action) for decision in moves if decision.player is None]
    made_for = len(moves) - len(steps)  # a computer's moves for the keyboard seat: an online stand-in, a demo
    if not steps:
        return list(game.narrator.fit(f"Hand {hand}: no choice of yours to review."))
    # the game's hint player: a position the user asked a hint for is judged by that hint's own search
    lines = review_lines(hand, review_decisions(steps, game.advisor()), every, game.narrator.terse)
    if made_for:
        lines.append(f"{plural(made_for, 'move')} a computer made for you {'is' if made_for == 1 else 'are'} "
                     "left out.")  # fmt: skip
    if hand == resumed_in and earlier is None:
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
    "person",
    "resumed_hand",
    "review_command_lines",
    "seat_named",
    "seats_list",
    "why_asked",
    "why_lines",
    "why_words",
]
