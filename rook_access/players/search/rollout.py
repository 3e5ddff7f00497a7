"""Fast playouts of the rest of a hand, every hand known, with simple card sense.

A rollout finishes a hand from a position of the search's sampled deals:
every seat plays by a greedy policy that sees all the cards (it is one
sampled world, so nothing is hidden in it).  Partners are the seats of one
team of the hand (``team_of``, from the view: teams change in some games).
The policy is cheap but not foolish: it cashes sure winners, wins a trick
as cheaply as it can when the win holds, feeds counters to a partner whose
card holds, and otherwise plays its cheapest card.  Legal cards come from ``RuleSet.legal_plays``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...engine.cards import BIRD, CardSet
from .tables import TrumpTables


def rollout(
    tables: TrumpTables,
    team_of: Sequence[int],
    hands: list[CardSet],
    leader: int,
    trick: Sequence[int],
    nest_points: int,
    random: Callable[[], float] | None = None,
    epsilon: float = 0.0,
    tricks: list[int] | None = None,
) -> tuple[list[int], int]:
    """Play the hand out from here: the points each team takes from now on, and the
    teams that took a trick (bit ``t`` for team ``t``).

    ``team_of`` gives each seat's team; ``hands`` (changed in place) are every
    seat's cards, ``trick`` the cards already played to the current trick from ``leader`` on.  The last trick
    also takes ``nest_points``.  With ``random`` and ``epsilon`` a seat plays
    a random legal card that share of the time, so that rollouts differ.
    Where hands may be uneven (``tables.odd_cards``) the hand ends once a seat
    is out of cards, the last trick taking the cards still held; ``tricks``,
    if given, counts each team's tricks (added to what it holds).
    """
    rules = tables.rules
    legal_plays = rules.legal_plays
    trump = tables.trump
    players = tables.players
    side_of = team_of
    points = tables.points
    trick_powers = rules.trick_powers[trump]
    taken = [0] * (max(team_of) + 1)
    won = 0
    explore = random if epsilon > 0 else None
    odd_cards = tables.odd_cards
    nest_is_trick = rules.nest_is_trick  # Dixie Rook: the nest, with the last trick, is a trick too

    cards = list(trick)
    while True:
        # The state of the trick so far.
        if cards:
            lead = cards[0]
            powers = trick_powers[lead]
            best_value = -1
            best_seat = leader
            trick_points = 0
            for offset, card in enumerate(cards):
                value = powers[card]
                if value > best_value:
                    best_value = value
                    best_seat = (leader + offset) % players
                trick_points += points[card]
        else:
            lead = None
            powers = trick_powers[0]
            best_value = -1
            best_seat = leader
            trick_points = 0
        seat = (leader + len(cards)) % players
        while len(cards) < players:
            hand = hands[seat]
            legal = legal_plays(hand, lead, trump)
            if not legal & (legal - 1):
                card = legal.bit_length() - 1
            elif explore is not None and explore() < epsilon:
                skip = int(explore() * legal.bit_count())
                while skip:
                    legal &= legal - 1
                    skip -= 1
                card = (legal & -legal).bit_length() - 1
            elif lead is None:
                card = _lead(tables, side_of, hands, seat, legal)
            else:
                card = _follow(tables, side_of, hands, seat, legal, powers, lead, best_value, best_seat, trick_points,
                               len(cards))
            hands[seat] = hand & ~(1 << card)
            if lead is None:
                lead = card
                powers = trick_powers[card]
            value = powers[card]
            if value > best_value:
                best_value = value
                best_seat = seat
            trick_points += points[card]
            cards.append(card)
            seat = seat + 1 if seat + 1 < players else 0
        last = not hands[best_seat]
        if odd_cards and not all(hands):
            last = True
            for hand in hands:  # the odd cards, unplayed, to the last trick's taker
                while hand:
                    low = hand & -hand
                    trick_points += points[low.bit_length() - 1]
                    hand ^= low
        if last:
            trick_points += nest_points
        team = side_of[best_seat]
        taken[team] += trick_points
        won |= 1 << team
        if tricks is not None:
            tricks[team] += 2 if last and nest_is_trick else 1
        if last:
            return taken, won
        leader = best_seat
        cards = []


def _lead(tables: TrumpTables, side_of: Sequence[int], hands: list[CardSet], seat: int, legal: CardSet) -> int:
    """The card to lead: a sure winner with the most points, else the cheapest card of a plain suit."""
    my_side = side_of[seat]
    opponents = 0
    opponents_with_trump = []
    for other, hand in enumerate(hands):
        if side_of[other] != my_side:
            opponents |= hand
            if hand & tables.trump_mask:
                opponents_with_trump.append(hand)
    points = tables.points
    rank = tables.rank
    suit = tables.suit
    trump = tables.trump
    best_winner = -1
    best_winner_key = -1
    cheapest = -1
    cheapest_key = 1 << 30
    rest = legal
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        rest ^= low
        card_suit = suit[card]
        suit_cards = tables.suit_cards[card_suit]
        against = opponents & suit_cards
        sure = True
        if against and rank[tables.highest(against)] > rank[card]:
            sure = False
        elif card_suit != trump:
            for hand in opponents_with_trump:
                if not hand & suit_cards:
                    sure = False
                    break
        if sure:
            # Cash counters first; among trumps lead the lowest sure one.
            key = points[card] * 64 + (64 - rank[card] if card_suit == trump else rank[card]) + (
                0 if card_suit == trump else 32)
            if key > best_winner_key:
                best_winner_key = key
                best_winner = card
        key = points[card] * 256 + (128 if card_suit == trump else 0) + rank[card]
        if key < cheapest_key:
            cheapest_key = key
            cheapest = card
    if best_winner >= 0:
        return best_winner
    return cheapest


def _follow(
    tables: TrumpTables,
    side_of: Sequence[int],
    hands: list[CardSet],
    seat: int,
    legal: CardSet,
    powers: tuple[int, ...],
    lead: int,
    best_value: int,
    best_seat: int,
    trick_points: int,
    played: int,
) -> int:
    """The card to play to a trick already led."""
    players = tables.players
    points = tables.points
    power = tables.power
    rank = tables.rank
    my_side = side_of[seat]
    # The strongest card each opponent still to play could put on this trick.
    threat = -1
    if played < players - 1:
        legal_plays = tables.rules.legal_plays
        trump = tables.trump
        for offset in range(1, players - played):
            other = (seat + offset) % players
            if side_of[other] == my_side:
                continue
            rest = legal_plays(hands[other], lead, trump)
            while rest:
                low = rest & -rest
                card = low.bit_length() - 1
                rest ^= low
                value = powers[card]
                if value > threat:
                    threat = value
    partner_winning = side_of[best_seat] == my_side
    cheapest = -1
    cheapest_key = 1 << 30
    feed = -1
    feed_key = -1
    winner = -1
    winner_value = 1 << 30
    rest = legal
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        rest ^= low
        value = powers[card]
        card_points = points[card]
        if value > best_value and value > threat and value < winner_value:
            winner = card
            winner_value = value
        key = card_points * 256 + value
        if key < cheapest_key:
            cheapest_key = key
            cheapest = card
        if card != BIRD:  # the Bird is never fed
            key = card_points * 256 + (0 if power[card] else 128) + 64 - rank[card] % 64
            if key > feed_key:
                feed_key = key
                feed = card
    if partner_winning and best_value > threat:
        return feed if feed >= 0 and points[feed] else cheapest
    if winner >= 0 and (trick_points or played == players - 1 or points[winner] or threat >= 0):
        return winner
    return cheapest
