"""The computer players: basic card sense on hand-made positions, and real strength."""

from __future__ import annotations

from rook_access.engine import (
    PARTNERSHIP,
    PASS,
    RED,
    Bid,
    Deal,
    Discard,
    GameState,
    NameTrump,
    Pass,
    Play,
    parse_card,
    parse_cards,
)
from rook_access.players import BasicPlayer, RandomPlayer
from rook_access.players.basic import hand_strength

# South deals, so West bids and leads first. West is long in red.
HANDS = {
    "dealer": 0,
    "hands": [
        "10x 6x 5r 6r 7y 8y 9y 11g 12g",
        "7x 9x 13r 14r 12r 11r 10r 9r 8r",
        "14x 13x 5y 6y 7g 8g 9g 10g 13g",
        "8x 11x 12x 10y 11y 12y 13y 14y 14g",
    ],
    "nest": "7r 5x 5g 6g rook",
}


def west_declares(south_and_nest_swap: tuple[str, str] | None = None) -> GameState:
    """West takes the bid at 70, buries four cards, names red, and is to lead.

    ``south_and_nest_swap`` exchanges a card of South's with one of the nest first.
    """
    hands = [parse_cards(hand) for hand in HANDS["hands"]]
    nest = parse_cards(HANDS["nest"])
    if south_and_nest_swap:
        south_card, nest_card = (parse_card(name) for name in south_and_nest_swap)
        hands[0][hands[0].index(south_card)] = nest_card
        nest[nest.index(nest_card)] = south_card
    deal = Deal(HANDS["dealer"], tuple(tuple(hand) for hand in hands), tuple(nest))
    state = GameState(PARTNERSHIP, first_deal=deal)
    state.apply(Bid(70), 1)
    for seat in (2, 3, 0):
        state.apply(PASS, seat)
    state.apply(Discard(frozenset(parse_cards("5x 5g 6g 8r 9r"))), 1)
    state.apply(NameTrump(RED), 1)
    return state


def test_feeds_a_counter_to_a_partner_who_is_winning():
    state = west_declares()
    for seat, card in ((1, "7x"), (2, "14x"), (3, "8x")):
        state.apply(Play(parse_card(card)), seat)
    # North's 14x is winning and South plays last: South gives the 10.
    assert BasicPlayer(1).choose(state.view(0)) == Play(parse_card("10x"))


def test_last_to_play_feeds_the_partners_trick_its_best_counter():
    state = west_declares()
    for seat, card in ((1, "9x"), (2, "14x"), (3, "8x"), (0, "6x")):
        state.apply(Play(parse_card(card)), seat)
    assert state.turn == 2  # North took the first trick and leads
    for seat, card in ((2, "5y"), (3, "14y"), (0, "7y")):
        state.apply(Play(parse_card(card)), seat)
    # West's partner East wins the trick with 14y; West, last and void in
    # yellow, gives it the 10 of trump rather than a worthless card.
    assert BasicPlayer(1).choose(state.view(1)) == Play(parse_card("10r"))


def test_declarer_pulls_trump_with_a_sure_winner():
    state = west_declares()
    # West holds the Bird and every red card but 5r and 6r (8r and 9r are
    # buried): any trump is a sure winner, and the cheapest is 7r.
    lead = BasicPlayer(1).choose(state.view(1))
    assert lead == Play(parse_card("7r"))


def test_does_not_play_the_bird_on_a_worthless_trick():
    state = west_declares(south_and_nest_swap=("12g", "rook"))
    for seat, card in ((1, "11r"), (2, "8g"), (3, "8x")):
        state.apply(Play(parse_card(card)), seat)
    # No points in the trick: South keeps the Bird and the 5, and plays 6r.
    assert BasicPlayer(1).choose(state.view(0)) == Play(parse_card("6r"))


def test_bids_on_strength_and_passes_a_weak_hand():
    strong = parse_cards("rook 14r 13r 12r 10r 5r 14x 14y 10y")
    weak = parse_cards("6r 7r 8x 9x 6y 7y 8g 9g 11g")
    assert hand_strength(strong, PARTNERSHIP) >= 100
    assert hand_strength(weak, PARTNERSHIP) < 70
    assert hand_strength(weak, PARTNERSHIP) < hand_strength(strong, PARTNERSHIP)
    # With the weak hand on the dealer's left, the basic player passes.
    deal = Deal(
        3,
        (
            tuple(weak),
            tuple(parse_cards("5r 9r 11r 12x 13x 8y 12y 13y 10g")),
            tuple(parse_cards("14r 13r 5x 6x 7x 10x 11x 14y 5g")),
            tuple(parse_cards("10r 12r 8r 14x 5y 9y 11y 12g 13g")),
        ),
        tuple(parse_cards("rook 14g 7g 6g 10y")),
    )
    state = GameState(PARTNERSHIP, first_deal=deal)
    assert isinstance(BasicPlayer(1).choose(state.view(0)), Pass)


def test_never_bids_120_on_an_ordinary_hand():
    state = GameState(PARTNERSHIP, seed=4)
    for _ in range(3):
        state.apply(Bid(state.high_bid + 5 if state.high_bid else 70))
    action = BasicPlayer(1).choose(state.view(state.turn))
    assert action == PASS or action.amount < 120


def test_basic_players_beat_random_players():
    wins = 0
    margin = 0
    for seed in range(12):
        state = GameState(PARTNERSHIP.replace(hands_limit=4), seed=seed)
        players = [BasicPlayer(seed), RandomPlayer(seed), BasicPlayer(seed + 100), RandomPlayer(seed + 100)]
        while not state.is_over:
            state.apply(players[state.turn].choose(state.view(state.turn)))
        wins += state.winner == 0
        margin += state.scores[0] - state.scores[1]
    assert wins >= 11
    assert margin / 12 > 200
