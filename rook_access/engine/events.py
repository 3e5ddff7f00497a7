"""Everything that happens in a game, as events.

The engine returns events from every action and keeps them in ``GameState.events``.
``notation.event_to_json`` gives the JSON object of the
``--record`` format: cards in the notation, seats and sides as integers.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import Card, Color


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A new game of these rules begins.

    >>> from rook_access.engine.notation import event_to_json
    >>> record = event_to_json(GameStarted("partnership", 4, ((0, 2), (1, 3)), target=300, hands=None))
    >>> record["event"], record["sides"], record["target"], record["scoring"]
    ('game_start', [[0, 2], [1, 3]], 300, 'sides')
    """

    variant: str
    players: int
    sides: tuple[tuple[int, ...], ...] | None
    """The fixed partnerships, or None where teams change from hand to hand."""
    target: int | None
    hands: int | None
    scoring: str = "sides"
    """How scores are kept: "sides" (one score a side) or "players" (one a player)."""
    seat_names: tuple[str, ...] = ()
    options: tuple[tuple[str, object], ...] = ()
    """The table options that differ between games: Bird rank, minimum bid, bonus."""


@dataclass(frozen=True, slots=True)
class Dealt:
    """A hand is dealt. ``hands[seat]`` is in the order dealt; the nest likewise.

    >>> from rook_access.engine.cards import parse_card, parse_cards
    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(Dealt(1, 3, (tuple(parse_cards("5r 6r")), tuple(parse_cards("7r 8r"))), (parse_card("rook"),)))
    {'event': 'deal', 'hand': 1, 'dealer': 3, 'hands': [['5r', '6r'], ['7r', '8r']], 'nest': ['rook']}
    """

    hand: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    nest: tuple[Card, ...]
    aside: tuple[Card, ...] = ()
    """Cards out of play this hand (the 2- and 3-player games)."""
    face_up: tuple[Card, ...] = ()
    """The dummy's cards dealt face up (the 2-player game)."""


@dataclass(frozen=True, slots=True)
class BidMade:
    """A seat bids ``amount``, or passes (``amount`` None).

    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(BidMade(0, 85)), event_to_json(BidMade(1, None))
    ({'event': 'bid', 'seat': 0, 'amount': 85}, {'event': 'bid', 'seat': 1, 'amount': None})
    """

    seat: int
    amount: int | None


@dataclass(frozen=True, slots=True)
class Checked:
    """A seat checks (Kentucky Discard): it does not open the bidding now but may bid later.

    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(Checked(2))
    {'event': 'check', 'seat': 2}
    """

    seat: int


@dataclass(frozen=True, slots=True)
class TrumpTurned:
    """Without bidding, trump is the color of the nest's top card; a Bird turned
    up goes to the bottom and the next card is turned.  ``cards`` are the cards
    turned, in order.

    >>> from rook_access.engine.cards import GREEN, parse_cards
    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(TrumpTurned(tuple(parse_cards("rook 7g")), GREEN))
    {'event': 'trump_turned', 'cards': ['rook', '7g'], 'color': 'green'}
    """

    cards: tuple[Card, ...]
    color: Color


@dataclass(frozen=True, slots=True)
class TeamsFormed:
    """Who plays with whom this hand, where it changes from hand to hand: after
    the deal (rotating partners, each alone) or once the bid is won (the bid
    winner alone).

    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(TeamsFormed(((0,), (1, 2))))
    {'event': 'teams', 'teams': [[0], [1, 2]]}
    """

    teams: tuple[tuple[int, ...], ...]


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """Every seat passed: the hand is thrown in and the next dealer deals it again.

    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(ThrownIn(1, 3))
    {'event': 'thrown_in', 'hand': 1, 'dealer': 3}
    """

    hand: int
    dealer: int


@dataclass(frozen=True, slots=True)
class BidWon:
    """The bidding is over: ``seat`` takes the bid at ``amount``.

    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(BidWon(0, 90))
    {'event': 'bid_won', 'seat': 0, 'amount': 90}
    """

    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class NestTaken:
    """The high bidder adds the nest's cards to the hand (only the bidder sees them).

    >>> from rook_access.engine.cards import parse_cards
    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(NestTaken(0, tuple(parse_cards("12g 9g"))))
    {'event': 'nest_taken', 'seat': 0, 'cards': ['12g', '9g']}
    """

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class NestDiscarded:
    """The high bidder lays these cards aside as the new nest.

    >>> from rook_access.engine.cards import parse_cards
    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(NestDiscarded(0, tuple(parse_cards("5y 6y"))))
    {'event': 'nest', 'seat': 0, 'discarded': ['5y', '6y']}
    """

    seat: int
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class TrumpNamed:
    """The high bidder names trump.

    >>> from rook_access.engine.cards import RED
    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(TrumpNamed(0, RED))
    {'event': 'trump', 'seat': 0, 'color': 'red'}
    """

    seat: int
    color: Color
    dummy: tuple[Card, ...] = ()
    """The 2-player game's dummy, laid face up as trump is named: its whole hand then (empty in every other
    game).  Not in the record's line, which the deal already tells."""


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """A seat plays a card to the trick.

    >>> from rook_access.engine.cards import parse_card
    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(CardPlayed(1, parse_card("14r")))
    {'event': 'play', 'seat': 1, 'card': '14r'}
    """

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """A trick is complete. ``points`` includes the nest's on the last trick (``nest``).

    >>> from rook_access.engine.cards import parse_cards
    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(TrickTaken(1, 0, tuple(parse_cards("10r 14r 6g 13r")), 2, 30))
    {'event': 'trick', 'number': 1, 'leader': 0, 'cards': ['10r', '14r', '6g', '13r'], 'winner': 2, 'points': 30}
    """

    number: int
    leader: int
    cards: tuple[Card, ...]
    winner: int
    points: int
    nest: tuple[Card, ...] = ()
    nest_points: int = 0


@dataclass(frozen=True, slots=True)
class OddCardsTaken:
    """After the last trick, the odd cards still held go, unplayed, to its taker (the whole pack dealt).

    >>> from rook_access.engine.cards import parse_cards
    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(OddCardsTaken(2, (1,), tuple(parse_cards("5r")), 5))
    {'event': 'odd_cards', 'winner': 2, 'seats': [1], 'cards': ['5r'], 'points': 5}
    """

    winner: int
    """The last trick's taker, who gets them."""
    seats: tuple[int, ...]
    """The seat that held each card."""
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class TricksCut:
    """Dixie Rook: the sides took as many tricks, so every player cut the pack; each team's total of its
    players' cut cards, the higher taking the bonus for most tricks (None: equal totals, and they cut again).

    >>> from rook_access.engine.cards import parse_cards
    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(TricksCut(tuple(parse_cards("9r 14g 3y 2x")), (12, 16), 1))
    {'event': 'cut', 'cards': ['9r', '14g', '3y', '2x'], 'totals': [12, 16], 'winner': 1}
    """

    cards: tuple[Card, ...]
    """The card each seat cut, seat 0 first."""
    totals: tuple[int, ...]
    """Each team's total of its players' cut cards (a card counts its number)."""
    winner: int | None


@dataclass(frozen=True, slots=True)
class HandDisplayed:
    """Display Rook: after the first card of the hand, the dealer's partner lays the hand face up; the dealer
    plays it from now on.

    >>> from rook_access.engine.cards import parse_cards
    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(HandDisplayed(2, 0, tuple(parse_cards("14r 5r 10g"))))
    {'event': 'display', 'seat': 2, 'player': 0, 'cards': ['14r', '5r', '10g']}
    """

    seat: int
    """The dealer's partner, whose hand is laid face up."""
    player: int
    """The dealer, who plays it."""
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class HandEnded:
    """A hand is scored. Lists are by side.

    >>> from rook_access.engine.notation import event_to_json
    >>> record = event_to_json(HandEnded(1, 0, 90, True, counters=(95, 25), score_change=(95, 25), scores=(95, 25)))
    >>> record["event"], record["made"], record["score_change"], record["scores"]
    ('hand_end', True, [95, 25], [95, 25])
    """

    hand: int
    bidder: int | None
    bid: int | None
    made: bool | None
    counters: tuple[int, ...]
    """Points taken, by team of the hand (by side in the fixed partnerships)."""
    score_change: tuple[int, ...]
    """By scorer: by side, or by player where each keeps a score."""
    scores: tuple[int, ...]
    teams: tuple[tuple[int, ...], ...] = ()
    taken: tuple[int, ...] = ()
    """Points taken by each seat."""
    bonus: int = 0
    """The bonus for taking every trick, if a team won it."""
    teams_vary: bool = False
    """Whether teams change from hand to hand (then the record states them)."""
    tricks: tuple[int, ...] = ()
    """Tricks taken by each team, where the team with most tricks gets a bonus (Partnership Rook)."""
    most_tricks: int | None = None
    """The team that took the most tricks alone and got ``RuleSet.most_tricks_bonus`` (None: a tie)."""


@dataclass(frozen=True, slots=True)
class TrumpCut:
    """High 14: before the deal, the player at the dealer's right cuts the pack and shows the
    bottom card of the part lifted; its color is trump (the pack is shuffled again and dealt).

    >>> from rook_access.engine.cards import GREEN, parse_card
    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(TrumpCut(2, parse_card("7g"), GREEN))
    {'event': 'trump_cut', 'seat': 2, 'card': '7g', 'color': 'green'}
    """

    seat: int
    card: Card
    color: Color


@dataclass(frozen=True, slots=True)
class CenterTaken:
    """Flip and High 14: the taker of the first trick takes the cards left over from the deal,
    face down in the centre; they are turned up as they are taken.  ``points`` are theirs.

    >>> from rook_access.engine.cards import parse_cards
    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(CenterTaken(1, tuple(parse_cards("3r 9x")), 1))
    {'event': 'center_taken', 'seat': 1, 'cards': ['3r', '9x'], 'points': 1}
    """

    seat: int
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is over. ``winner`` is a side, or None for a draw after a fixed number of hands.

    >>> from rook_access.engine.notation import event_to_json
    >>> event_to_json(GameEnded(0, (310, 250)))
    {'event': 'game_end', 'winner': 0, 'scores': [310, 250]}
    """

    winner: int | None
    """The winning side, or player where each keeps a score; None for a draw."""
    scores: tuple[int, ...]


Event = (
    GameStarted
    | Dealt
    | BidMade
    | Checked
    | TrumpTurned
    | TeamsFormed
    | ThrownIn
    | BidWon
    | NestTaken
    | NestDiscarded
    | TrumpNamed
    | CardPlayed
    | TrickTaken
    | OddCardsTaken
    | TricksCut
    | HandDisplayed
    | HandEnded
    | GameEnded
    | TrumpCut
    | CenterTaken
)
