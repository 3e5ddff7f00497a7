"""Shared helpers for the engine's unit tests: fixed deals and scripted hands."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from rook_access.engine import (
    PARTNERSHIP,
    Bid,
    Deal,
    Discard,
    GameState,
    NameTrump,
    Pass,
    Phase,
    Play,
    RuleSet,
    TrickTaken,
    parse_card,
    parse_cards,
    parse_color,
)

# The "colour block" deal: every seat holds one color's 6 to 14, the nest holds the 5s and the Bird.
BLOCK_HANDS = (
    "6r 7r 8r 9r 10r 11r 12r 13r 14r",
    "6x 7x 8x 9x 10x 11x 12x 13x 14x",
    "6y 7y 8y 9y 10y 11y 12y 13y 14y",
    "6g 7g 8g 9g 10g 11g 12g 13g 14g",
)
BLOCK_NEST = "5r 5x 5y 5g rook"


def cards(text: str) -> list[int]:
    return parse_cards(text)


def card_set(text: str) -> frozenset[int]:
    return frozenset(parse_cards(text))


def make_deal(hands: Sequence[str], nest: str, dealer: int = 3) -> Deal:
    """A Deal from four hands and a nest written in the notation."""
    return Deal(dealer, tuple(tuple(parse_cards(hand)) for hand in hands), tuple(parse_cards(nest)))


def block_deal(dealer: int = 3, swaps: Iterable[tuple[str, str]] = ()) -> Deal:
    """The colour-block deal, with pairs of cards exchanged between their holders (or the nest)."""
    holders = [parse_cards(hand) for hand in BLOCK_HANDS] + [parse_cards(BLOCK_NEST)]
    for first, second in swaps:
        a, b = parse_card(first), parse_card(second)
        ia = next(i for i, h in enumerate(holders) if a in h)
        ib = next(i for i, h in enumerate(holders) if b in h)
        holders[ia][holders[ia].index(a)] = b
        holders[ib][holders[ib].index(b)] = a
    return Deal(dealer, tuple(tuple(h) for h in holders[:4]), tuple(holders[4]))


def bid_to(state: GameState, winner: int, amount: int = 70) -> None:
    """Everyone passes except ``winner``, who bids ``amount`` on the first turn."""
    while state.phase is Phase.BIDDING:
        state.apply(Bid(amount) if state.turn == winner else Pass())
    assert state.bidder == winner


def start_play(
    deal: Deal,
    bidder: int,
    discard: str,
    trump: str,
    amount: int = 70,
    rules: RuleSet = PARTNERSHIP,
) -> GameState:
    """A game at the first lead of a fixed deal: ``bidder`` took the bid, discarded and named trump."""
    state = GameState(rules, seed=0, first_deal=deal)
    bid_to(state, bidder, amount)
    state.apply(Discard(card_set(discard)))
    state.apply(NameTrump(parse_color(trump)))
    assert state.phase is Phase.PLAY
    return state


def play_cards(state: GameState, *names: str) -> None:
    """Play these cards, one per turn, in order."""
    for name in names:
        state.apply(Play(parse_card(name)))


def play_by_seat(state: GameState, orders: Mapping[int, str]) -> list[TrickTaken]:
    """Play out a hand: each seat plays its own listed cards in order, whenever its turn comes."""
    queues = {seat: parse_cards(text) for seat, text in orders.items()}
    tricks: list[TrickTaken] = []
    hand = state.hand_number
    while state.phase is Phase.PLAY and state.hand_number == hand:
        card = queues[state.turn].pop(0)
        tricks += [e for e in state.apply(Play(card)) if isinstance(e, TrickTaken)]
    assert not any(queues.values()), f"cards left unplayed: {queues}"
    return tricks


def autoplay_hand(state: GameState, trump: int = 0) -> None:
    """Play one hand with a dull fixed policy: the first seat asked bids the minimum, the others
    pass; discard the first cards; name ``trump``; always play the lowest legal card."""
    hand = state.hand_number
    played = state.hands_played
    while state.hands_played == played and not state.is_over:
        phase = state.phase
        if phase is Phase.BIDDING:
            state.apply(Pass() if state.high_bid is not None else Bid(state.rules.min_bid))
        elif phase is Phase.DISCARD:
            state.apply(next(iter(state.legal_actions())))
        elif phase is Phase.TRUMP:
            state.apply(NameTrump(trump))
        else:
            state.apply(state.legal_actions()[0])
    assert state.hands_played == played + 1 and state.hand_number >= hand


def snapshot(state: GameState) -> tuple:
    """Everything an illegal action must leave as it was."""
    return (
        len(state.events),
        state.turn,
        state.phase,
        state.high_bid,
        state.high_bidder,
        state.bidder,
        state.trump,
        tuple(state.passed),
        tuple(state.bids),
        tuple(state.hands),
        state.nest,
        tuple(state.trick_cards),
        len(state.tricks),
        tuple(state.counters),
        tuple(state.scores),
        state.hand_number,
        state.dealer,
    )


def west_leads_yellow() -> GameState:
    """A fixed deal at the start of the bidding; South deals, so West bids and leads first.

    ``west_leads_yellow_trick`` plays it on to South's turn in the first trick.
    """
    deal = make_deal(
        (
            "14y 7y 6r 7r 8r 9x 10x 11g 12g",
            "10y 13r 14r 12r 11r 10r 9r 8x 7x",
            "6y 14x 13x 5x 6x 7g 8g 9g 13g",
            "5y 8y 9y 11y 12y 13y 11x 12x 14g",
        ),
        "rook 5r 5g 6g 10g",
        dealer=0,
    )
    return GameState(PARTNERSHIP, first_deal=deal)


def west_leads_yellow_trick() -> GameState:
    """West took the bid at 70, buried 5g 6g 7x 8x 9r, named red, and led 10y; North 6y, East 5y: South to play."""
    state = west_leads_yellow()
    state.apply(Bid(70), 1)
    for seat in (2, 3, 0):
        state.apply(Pass(), seat)
    state.apply(Discard(card_set("5g 6g 7x 8x 9r")), 1)
    state.apply(NameTrump(parse_color("red")), 1)
    play_cards(state, "10y", "6y", "5y")
    return state


def west_void_of_red() -> GameState:
    """Green trump, South to lead with 9 red cards (14r the top red); West holds no red, and trumps: 14g 11g
    10g 6g 5g and the Bird."""
    deal = make_deal(
        (
            "11r 12r 13r 14r 10r 9r 8r 7r 6r",
            "14g 11g 10g 6g 5g rook 5x 6x 7x",
            "12g 13g 7g 8g 9g 8x 9x 10x 11x",
            "5y 6y 7y 8y 9y 10y 11y 12y 13y",
        ),
        "14y 12x 13x 14x 5r",
        dealer=3,
    )
    return start_play(deal, 1, "5r 5x 6x 7x 12x", "green")
