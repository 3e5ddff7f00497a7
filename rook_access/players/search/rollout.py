"""Fast playouts of the rest of a hand, every hand known, with simple card sense.

A rollout finishes a hand from a position of the search's sampled deals:
every seat plays by a greedy policy that sees all the cards (it is one
sampled world, so nothing is hidden in it).  Partners are the seats of one
team of the hand (``team_of``, from the view: teams change in some games).
The policy is cheap but not foolish: it cashes sure winners, wins a trick
as cheaply as it can when the win holds, feeds counters to a partner whose
card holds, and otherwise plays its cheapest card.  Legal cards come from ``RuleSet.legal_plays``.

Where points count against their taker (Flip, ``TrumpTables.avoid``) the
policy turns round: it leads the card others can least duck under, ducks
under the winning card with its highest card that still loses, throws its
costliest red card to another team's winning trick, and goes for a trick
that holds the Golden Ten.  Points for each trick (High 14) and the
centre's cards for the first trick's taker are counted as the rules count them.
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
    epsilon: float | Sequence[float] = 0.0,
    tricks: list[int] | None = None,
    center_points: int = 0,
    shown_out: Sequence[CardSet] | None = None,
    blind_seats: int = -1,
    finish: Callable[[list[CardSet], int], int] | None = None,
    finish_cards: int = 0,
    finish_team: int = 0,
    pull_trump: bool = False,
) -> tuple[list[int], int]:
    """Play the hand out from here: the points each team takes from now on, and the
    teams that took a trick (bit ``t`` for team ``t``).

    ``team_of`` gives each seat's team; ``hands`` (changed in place) are every
    seat's cards, ``trick`` the cards already played to the current trick from ``leader`` on.  The last trick
    also takes ``nest_points``, and the current trick ``center_points`` (the
    centre's cards, while the first trick is played).  With ``random`` and
    ``epsilon`` a seat plays a random legal card that share of the time, so that rollouts differ;
    ``epsilon`` is one share for every seat or a share per seat (``skill``: a weaker player's mistakes).
    Where hands may be uneven (``tables.odd_cards``) the hand ends once a seat
    is out of cards, the last trick taking the cards still held; ``tricks``,
    if given, counts each team's tricks (added to what it holds).

    With ``shown_out`` (each seat's cards it has shown it cannot hold: the suits it showed out of) the
    rollout is blind: each seat plays by what it could know, its own cards, the cards gone and the
    suits shown out of, as if every card it does not hold might be in any hand that has not shown out
    of its suit; it still learns the suits shown out of during the rollout.  Without it every seat
    sees every hand of the sampled deal, and plays as if it had seen them all along.  ``blind_seats``
    (bit ``s`` for seat ``s``; every seat by default) says which seats play blind: the others still see
    every hand.

    With ``finish`` the rollout hands its ending to an exact search: at the start of a trick where every
    hand holds at most ``finish_cards`` cards, ``finish(hands, leader)`` gives the points ``finish_team``
    takes from there on best play (the nest too), and every other point left goes to another team
    (an objective of one team against the others' mean does not care which).  The teams that take a
    trick of those last ones are not known then: only the finishing team is counted as having taken one
    if it takes any points.

    With ``pull_trump`` a seat whose side holds more trumps than the other side, which still holds some, leads
    its highest trump once it has no sure winner with points to cash (``_lead``): the side long in trumps
    draws the other side's before its plain winners can be trumped.
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
    epsilons = [epsilon] * players if isinstance(epsilon, (int, float)) else list(epsilon)
    explore = random if max(epsilons) > 0 else None
    odd_cards = tables.odd_cards
    nest_is_trick = rules.nest_is_trick  # Dixie Rook: the nest, with the last trick, is a trick too
    bonus = tables.trick_bonus
    lead_card = _lead_avoid if tables.avoid else (_lead_pulling_trump if pull_trump else _lead)
    follow_card = _follow_avoid if tables.avoid else _follow
    blind = shown_out is not None
    out = list(shown_out) if shown_out is not None else []
    suit_cards = tables.suit_cards
    suit_of = tables.suit
    any_time = rules.any_time_mask

    cards: Sequence[int] = trick  # the cards played to this trick before the rollout began
    while True:
        if finish is not None and not cards and hands[leader].bit_count() <= finish_cards:
            mine = finish(hands, leader)
            left = nest_points + sum(rules.points_in(hand) for hand in hands)
            taken[finish_team] += mine
            other = 1 if finish_team == 0 else 0
            taken[other] += left - mine
            if mine:
                won |= 1 << finish_team
            return taken, won
        # Each card of the trick, those already played first, is taken into the trick's state.
        lead: int | None = None
        powers = trick_powers[0]
        best_value = -1
        best_seat = leader
        trick_points = bonus
        given = len(cards)
        seat = leader
        for played in range(players):
            if played < given:
                card = cards[played]
            else:
                hand = hands[seat]
                legal = legal_plays(hand, lead, trump)
                if not legal & (legal - 1):
                    card = legal.bit_length() - 1
                elif explore is not None and epsilons[seat] and explore() < epsilons[seat]:
                    skip = int(explore() * legal.bit_count())
                    while skip:
                        legal &= legal - 1
                        skip -= 1
                    card = (legal & -legal).bit_length() - 1
                else:
                    seen = hands
                    if blind and blind_seats >> seat & 1:
                        everything = 0
                        for other_hand in hands:
                            everything |= other_hand
                        unknown = everything & ~hand
                        seen = [hand if other == seat else unknown & ~out[other] for other in range(players)]
                    if lead is None:
                        card = lead_card(tables, side_of, seen, seat, legal)
                    else:
                        card = follow_card(tables, side_of, seen, seat, legal, powers, lead, best_value, best_seat,
                                           trick_points, played)
                hands[seat] = hand & ~(1 << card)
            if blind and lead is not None:
                led = suit_cards[suit_of[lead]]
                if not (1 << card) & (led | any_time):  # shown out of the suit led
                    out[seat] |= led
            if lead is None:
                lead = card
                powers = trick_powers[card]
            value = powers[card]
            if value > best_value:
                best_value = value
                best_seat = seat
            trick_points += points[card]
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
        if center_points:
            trick_points += center_points
            center_points = 0
        team = side_of[best_seat]
        taken[team] += trick_points
        won |= 1 << team
        if tricks is not None:
            tricks[team] += 2 if last and nest_is_trick else 1
        if last:
            return taken, won
        leader = best_seat
        cards = ()


def policy_card(tables: TrumpTables, team_of: Sequence[int], hands: list[CardSet], leader: int,
                trick: Sequence[int]) -> int:
    """The card the rollout's policy plays next, seeing every hand: the seat after ``trick``'s cards (played
    from ``leader`` on) chooses among its legal cards."""
    rules = tables.rules
    players = tables.players
    seat = (leader + len(trick)) % players
    legal = rules.legal_plays(hands[seat], trick[0] if trick else None, tables.trump)
    if not legal & (legal - 1):
        return legal.bit_length() - 1
    if not trick:
        return (_lead_avoid if tables.avoid else _lead)(tables, team_of, hands, seat, legal)
    powers = rules.trick_powers[tables.trump][trick[0]]
    place = rules.trick_winner(list(trick), tables.trump)
    points = tables.trick_bonus + sum(tables.points[card] for card in trick)
    follow = _follow_avoid if tables.avoid else _follow
    return follow(tables, team_of, hands, seat, legal, powers, trick[0], powers[trick[place]],
                  (leader + place) % players, points, len(trick))


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
    any_time = tables.any_time
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
        if any_time and (low & any_time or opponents & any_time):
            sure = bool(low & any_time)  # High 14: the 14 of the color led beats everything
        elif against and rank[tables.highest(against)] > rank[card]:
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


def _lead_pulling_trump(tables: TrumpTables, side_of: Sequence[int], hands: list[CardSet], seat: int,
                        legal: CardSet) -> int:
    """``_lead``, but a side long in trumps draws the other side's first: with no sure winner worth points,
    a seat whose side holds more trumps than the other side, which holds some, leads its highest trump."""
    card = _lead(tables, side_of, hands, seat, legal)
    trumps = legal & tables.trump_mask
    if not trumps or tables.points[card]:
        return card
    mine = theirs = 0
    for other, hand in enumerate(hands):
        count = (hand & tables.trump_mask).bit_count()
        if side_of[other] == side_of[seat]:
            mine += count
        else:
            theirs += count
    if not theirs or mine <= theirs:
        return card
    return tables.highest(trumps)  # a trump's rank is its power as trump, the Bird's too


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


def _lead_avoid(tables: TrumpTables, side_of: Sequence[int], hands: list[CardSet], seat: int, legal: CardSet) -> int:
    """Where points count against (Flip): the card to lead that is likeliest to lose.

    A card that the fewest cards of the other hands in its suit rank below
    (they could duck under it), with at least one ranking above; a losing red
    card sheds its points.  A card nobody can beat is led last, but for the
    Golden Ten (negative points), which is led when it wins.  Within a suit the
    cards rank in the order of their numbers (Flip has no 1s above the 14).
    """
    everything = 0
    for hand in hands:
        everything |= hand
    others = everything & ~hands[seat]
    points = tables.points
    suit = tables.suit
    suit_cards = tables.suit_cards
    best = -1
    best_key = 1 << 30
    rest = legal
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        rest ^= low
        out = others & suit_cards[suit[card]]
        below = (out & (low - 1)).bit_count()
        above = (out >> card).bit_count()
        card_points = points[card]
        if card_points < 0:  # the Golden Ten: lead it only to win it back
            key = -1000 if not above else 1000
        elif not above:
            key = 500 + card_points * 8 + card % 16  # a sure winner: the others throw their red cards on it
        else:
            key = below * 32 + (-card_points if not below else card_points)
        if key < best_key:
            best_key = key
            best = card
    return best


def _follow_avoid(
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
    """Where points count against (Flip): the card to play to a trick already led.

    Following the color led: win a trick whose points are below 0 (the Golden
    Ten in it) with the highest card; otherwise duck with the highest card that
    still loses, or, forced to go over, play the lowest (a later card may go
    higher), the highest as the last to play.  Without the color led: give the
    Golden Ten to a partner's trick, throw the costliest red card on another
    team's, and else the highest card that costs nothing.
    """
    points = tables.points
    rank = tables.rank
    mine = side_of[seat]
    last = played == tables.players - 1
    partner_winning = side_of[best_seat] == mine
    follows = False
    rest = legal
    while rest:
        low = rest & -rest
        rest ^= low
        if powers[low.bit_length() - 1]:
            follows = True
            break
    best = -1
    best_key = -(1 << 30)
    rest = legal
    while rest:
        low = rest & -rest
        card = low.bit_length() - 1
        rest ^= low
        value = powers[card]
        card_points = points[card]
        if follows:
            wins = value > best_value
            if trick_points + card_points < 0 and not partner_winning:
                key = (2 << 20) + value if wins else value  # take the Golden Ten's trick
            elif not wins:
                key = (1 << 20) + value * 64 - card_points  # duck as high as possible
            elif last:
                key = -card_points * 64 + value  # taken anyway: shed the highest card
            else:
                key = -(1 << 10) - card_points * 64 - value  # go over as low as possible
        elif card_points < 0:
            key = (1 << 21) if partner_winning else -(1 << 21)
        elif partner_winning and best_seat != seat:
            key = -card_points * 64 + rank[card]
        else:
            key = card_points * 64 + rank[card]
        if key > best_key:
            best_key = key
            best = card
    return best
