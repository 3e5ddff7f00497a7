"""Exact double-dummy solver for the end of a Rook hand (every hand known).

``solve`` gives the points a side takes from the current position to the end
of the hand with best play by every seat (the side maximizing, every other
seat minimizing); ``solve_moves`` gives that value for each legal card of the
seat to play.

The search is alpha-beta over single cards on bit masks, driven by
zero-window tests (MTD(f)): each card's value is found by asking "does the
side reach at least v?" from a guess (the card searched before, or the
card's value on another deal of the same decision), points counted in units
of their common divisor (5 in every game of Rook), so a test moves by a
card's worth.  A transposition table at trick boundaries (keyed on the hands
and the leader, storing a lower and an upper bound and the best lead) keeps
what every test proved, for the next test, the next card, and the next deal
of the same decision (``SolverTables``: a value depends only on the cards,
so the deals' endings meet).  Leads are tried the best lead found before
first, then the cards nothing live can beat, then low cards, counters last;
the other seats by the trick so far (win cheaply or play low, feed counters
to a partner who is winning).  Equivalent cards are searched once: two cards
of one seat, in one suit, with no live card ranked between them and the
same points (found for a whole hand at once, by a carry through the dead
cards).  ``solve_moves_counted`` reports the positions searched: the
strong player's work limit and the benchmark (``bench.endgame``) count
them.  Pure Python; docs/development.md ("The endgame solver") has its
speed at 5, 6 and 7 cards each.

The rules come from the ``RuleSet`` only: the follow masks are its
``suit_masks`` / ``suit_of`` tables, and which card beats the card winning a
trick so far, and the ranks within a suit, come from ``trick_winner`` once
per rule set and trump.  Inside the search the cards are relabelled so that
each suit's cards are consecutive bits, weakest first, the trump suit last;
the relabelling is undone on the way out.

Every seat of ``side`` maximizes its take, every other seat (of whatever
side) minimizes it: exact for a hand of two teams.  The teams are the fixed
partnerships unless ``team_of`` gives the hand's own.  Card and nest points
must be at least 0 (the search bounds a side's take by 0 and the points
still out); a ``ValueError`` says
so otherwise, and for positions that cannot arise (hands of unequal sizes,
a card twice, a complete trick).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from functools import cmp_to_key

from ...engine.cards import BIRD, COLORS
from ...engine.rules import RuleSet

__all__ = ["SolverTables", "solve", "solve_counted", "solve_moves", "solve_moves_counted"]

_CARDS = BIRD + 1


class _Tables:
    """The rules of one rule set and trump, precomputed in the internal card order."""

    __slots__ = ("above", "beaters", "counters", "equivalent_ok", "extra", "follow", "not_lowest", "point_classes",
                 "points", "to_card", "to_internal")

    def __init__(self, rules: RuleSet, trump: int) -> None:
        suit_of = rules.suit_of[trump]
        trick_winner = rules.trick_winner

        def weaker_first(a: int, b: int) -> int:
            # Within one suit, b outranks a when it takes a trick that a led.
            if a == b:
                return 0
            return -1 if trick_winner([a, b], trump) == 1 else 1

        order: list[int] = []
        suit_ranges = []
        for suit in [s for s in COLORS if s != trump] + [trump]:
            members = sorted((c for c in range(_CARDS) if suit_of[c] == suit), key=cmp_to_key(weaker_first))
            start = len(order)
            order.extend(members)
            suit_ranges.append((start, len(order)))
        to_internal = [0] * _CARDS
        for index, card in enumerate(order):
            to_internal[card] = index
        self.to_internal = to_internal
        self.to_card = order

        def internal_mask(mask: int) -> int:
            result = 0
            for card in range(_CARDS):
                if mask >> card & 1:
                    result |= 1 << to_internal[card]
            return result

        self.points = [rules.points[card] for card in order]
        self.counters = sum(1 << i for i, p in enumerate(self.points) if p)
        suit_masks = rules.suit_masks[trump]
        self.follow = [internal_mask(suit_masks[suit_of[card]]) for card in order]
        # Cards playable whatever was led, even when the hand can follow (the Bird with its privilege).
        bird_any_time = rules.uses_bird and rules.bird_plays_any_time
        self.extra = (1 << to_internal[BIRD]) if bird_any_time else 0
        # beaters[w]: the cards that take the trick from w, w being the card winning it so far
        # (w is then of the suit led or a trump, so a trick led by w compares the two the same way).
        self.beaters = [
            sum(1 << j for j, other in enumerate(order) if trick_winner([card, other], trump) == 1)
            for card in order
        ]
        above = [0] * _CARDS
        for start, end in suit_ranges:
            for i in range(start, end):
                above[i] = ((1 << end) - 1) ^ ((1 << (i + 1)) - 1)
        self.above = above
        # A card with a playing privilege (the Bird) is never equivalent to an ordinary one.
        self.equivalent_ok = ((1 << _CARDS) - 1) ^ self.extra
        # The cards by their points (those that may be equivalent), and every place but the lowest of each suit.
        values = sorted(set(self.points))
        self.point_classes = [
            mask for mask in (sum(1 << i for i, p in enumerate(self.points) if p == value) & self.equivalent_ok
                              for value in values) if mask & (mask - 1)
        ]
        self.not_lowest = ((1 << _CARDS) - 1) ^ sum(1 << start for start, _ in suit_ranges)


_TABLE_CACHE: dict[tuple[RuleSet, int], _Tables] = {}

SolverTables = dict[tuple[object, ...], "_Search"]
"""Searches kept from one ``solve_moves`` to the next (with their transposition tables), by their settings."""


def _tables(rules: RuleSet, trump: int) -> _Tables:
    key = (rules, trump)
    tables = _TABLE_CACHE.get(key)
    if tables is None:
        if len(_TABLE_CACHE) > 64:
            _TABLE_CACHE.clear()
        tables = _TABLE_CACHE[key] = _Tables(rules, trump)
    return tables


class _Search:
    """One search: a rule set, a trump, a side and the nest points.

    The transposition table lives as long as the object, shared by every
    position searched with it (the values do not depend on the cards already
    taken, only on the hands and the leader).
    """

    def __init__(self, rules: RuleSet, trump: int, side: int, nest_points: int,
                 team_of: Sequence[int] | None = None) -> None:
        team_of = tuple(rules.side_of if team_of is None else team_of)
        if len(team_of) != rules.players:
            raise ValueError(f"{len(team_of)} teams given for {rules.players} players")
        if side not in team_of:
            raise ValueError(f"no side {side}")
        self.mine = [team == side for team in team_of]
        if not 0 <= trump < len(COLORS):
            raise ValueError(f"no trump {trump}")
        self.nest = nest_points if rules.last_trick_takes_nest else 0
        if self.nest < 0 or min(rules.points) < 0:
            # The search bounds a side's take by 0 and the points still out.
            raise ValueError("the solver needs points of at least 0")
        self.rules = rules
        self.tables = _tables(rules, trump)
        # Every point value is a multiple of one unit (5 in every game of Rook): the search counts in units,
        # so that a zero-window test moves by a whole card's worth.
        unit = math.gcd(self.nest, *rules.points) or 1
        self.unit = unit
        self.points = [p // unit for p in self.tables.points]
        self.nest //= unit
        self.side = side
        self.trick, self.node = self._build()

    def _build(self):
        """The search functions, as closures over the tables and the hands (locals are fastest)."""
        tables = self.tables
        rules = self.rules
        players = rules.players
        last_pos = players - 1
        mine = self.mine
        points = self.points
        follow = tables.follow
        extra = tables.extra
        beaters = tables.beaters
        counters = tables.counters
        nest = self.nest
        next_seat = [(seat + 1) % players for seat in range(players)]
        point_classes = tables.point_classes
        not_lowest = tables.not_lowest
        hands: list[int] = [0] * players
        self.hands = hands
        table: dict[tuple[int, ...], list[int]] = {}
        self.table = table
        # counts[0]: the positions searched (calls of trick and node), the work the benchmark reports.
        counts = self.counts = [0]

        def last_trick(leader: int) -> int:
            # One card each: the trick is forced.
            lead_bit = hands[leader]
            win = lead_bit.bit_length() - 1
            winner = leader
            total = points[win]
            seat = next_seat[leader]
            while seat != leader:
                card = hands[seat].bit_length() - 1
                total += points[card]
                if beaters[win] >> card & 1:
                    win = card
                    winner = seat
                seat = next_seat[seat]
            return total + nest if mine[winner] else 0

        def trick(leader: int, rem: int, alpha: int, beta: int) -> int:
            # The points of `side` from a trick boundary on; rem: the points in the hands and the nest.
            counts[0] += 1
            if rem <= alpha or rem == 0:
                return rem
            if beta <= 0:
                return 0
            hand = hands[leader]
            if not hand & (hand - 1):
                return last_trick(leader)
            key = (*hands, leader)
            entry = table.get(key)
            if entry is not None:
                low, high, hint = entry
                if low >= beta:
                    return low
                if high <= alpha:
                    return high
                if low == high:
                    return low
                if low > alpha:  # noqa: PLR1730 - an if is faster than max() here
                    alpha = low
                if high < beta:  # noqa: PLR1730
                    beta = high
            else:
                low = 0
                high = rem
                hint = -1
            # Equivalent cards: in each hand, drop every card whose next live card up in its suit is
            # in the same hand with the same points (they would play alike); keep the highest of each run.
            live = 0
            for other in hands:
                live |= other
            # Bit-parallel: adding a hand's cards (one place up) to the dead cards carries each card's bit
            # through the dead cards above it to the next live card; where that lands on a card of the same
            # hand and the same points, the two are equivalent and the lower one (the card of that hand and
            # class just below) is dropped.  The lowest place of every suit is never dead, so no carry runs
            # into the next suit.
            dead = not_lowest & ~live
            redundant = []
            for other in hands:
                drop = 0
                for same in point_classes:
                    h = other & same
                    if h & (h - 1):
                        m = (dead + (h << 1)) & h & not_lowest
                        while m:
                            bit = m & -m
                            m ^= bit
                            drop |= 1 << ((h & (bit - 1)).bit_length() - 1)
                redundant.append(drop)
            legal = hand & ~redundant[leader]
            # Leads: the best lead found before, then the highest cards first.
            moves = []
            if hint >= 0:
                moves.append(hint)
                legal &= ~(1 << hint)
            m = legal
            while m:
                card = m.bit_length() - 1
                m ^= 1 << card
                if not beaters[card] & live:
                    moves.append(card)
                    legal ^= 1 << card
            m = legal & ~counters
            while m:
                bit = m & -m
                moves.append(bit.bit_length() - 1)
                m ^= bit
            m = legal & counters
            while m:
                bit = m & -m
                moves.append(bit.bit_length() - 1)
                m ^= bit
            maximizing = mine[leader]
            alpha0 = alpha
            beta0 = beta
            best = -1 if maximizing else rem + 1
            best_card = -1
            following = next_seat[leader]
            for card in moves:
                hands[leader] = hand ^ (1 << card)
                p = points[card]
                value = node(following, 1, card, card, leader, p, redundant, rem - p, alpha, beta)
                if maximizing:
                    if value > best:
                        best = value
                        best_card = card
                        if value > alpha:
                            alpha = value
                            if alpha >= beta:
                                break
                elif value < best:
                    best = value
                    best_card = card
                    if value < beta:
                        beta = value
                        if alpha >= beta:
                            break
            hands[leader] = hand
            if best <= alpha0:
                high = best
            elif best >= beta0:
                low = best
            else:
                low = high = best
            table[key] = [low, high, best_card]
            return best

        def node(seat, pos, lead, win, winner, trick_points, redundant, rem, alpha, beta):
            # The seat to play the trick's card number `pos` (not the lead); returns the value.
            counts[0] += 1
            total = trick_points + rem
            if total <= alpha:
                return total
            hand = hands[seat]
            legal = hand & follow[lead]
            if legal:
                legal |= hand & extra
            else:
                legal = hand
            maximizing = mine[seat]
            beat = beaters[win]
            legal &= ~redundant[seat]
            if legal & (legal - 1):
                # Move ordering.
                moves = []
                win_with = legal & beat
                if mine[winner] == maximizing:
                    # The trick is ours so far.
                    if pos == last_pos:
                        first = legal & counters
                    else:
                        # Overtake high (the seats after may still beat the card), else give counters.
                        m = win_with
                        while m:
                            card = m.bit_length() - 1
                            moves.append(card)
                            m ^= 1 << card
                        first = legal & counters & ~win_with
                    m = first
                    while m:
                        card = m.bit_length() - 1
                        moves.append(card)
                        m ^= 1 << card
                    m = legal & ~first & ~win_with if pos != last_pos else legal & ~first
                    while m:
                        bit = m & -m
                        moves.append(bit.bit_length() - 1)
                        m ^= bit
                else:
                    if win_with:
                        if pos == last_pos:
                            # Win with counters, the highest first, then with the lowest winner.
                            m = win_with & counters
                            while m:
                                card = m.bit_length() - 1
                                moves.append(card)
                                m ^= 1 << card
                            m = win_with & ~counters
                        else:
                            m = win_with
                        while m:
                            bit = m & -m
                            moves.append(bit.bit_length() - 1)
                            m ^= bit
                    # Otherwise play low, keeping the counters.
                    rest = legal & ~win_with
                    m = rest & ~counters
                    while m:
                        bit = m & -m
                        moves.append(bit.bit_length() - 1)
                        m ^= bit
                    m = rest & counters
                    while m:
                        bit = m & -m
                        moves.append(bit.bit_length() - 1)
                        m ^= bit
            else:
                moves = [legal.bit_length() - 1]
            best = -1 if maximizing else total + 1
            if pos == last_pos:
                for card in moves:
                    bit = 1 << card
                    rest = hand ^ bit
                    hands[seat] = rest
                    new_winner = seat if beat & bit else winner
                    if mine[new_winner]:
                        gain = trick_points + points[card]
                        if not rest:
                            value = gain + nest
                        elif rest & (rest - 1):
                            value = gain + trick(new_winner, rem - points[card], alpha - gain, beta - gain)
                        else:
                            value = gain + last_trick(new_winner)
                    elif not rest:
                        value = 0
                    elif rest & (rest - 1):
                        value = trick(new_winner, rem - points[card], alpha, beta)
                    else:
                        value = last_trick(new_winner)
                    if maximizing:
                        if value > best:
                            best = value
                            if value > alpha:
                                alpha = value
                                if alpha >= beta:
                                    break
                    elif value < best:
                        best = value
                        if value < beta:
                            beta = value
                            if alpha >= beta:
                                break
            else:
                following = next_seat[seat]
                pos += 1
                for card in moves:
                    bit = 1 << card
                    hands[seat] = hand ^ bit
                    p = points[card]
                    if beat & bit:
                        value = node(following, pos, lead, card, seat, trick_points + p, redundant, rem - p,
                                     alpha, beta)
                    else:
                        value = node(following, pos, lead, win, winner, trick_points + p, redundant, rem - p,
                                     alpha, beta)
                    if maximizing:
                        if value > best:
                            best = value
                            if value > alpha:
                                alpha = value
                                if alpha >= beta:
                                    break
                    elif value < best:
                        best = value
                        if value < beta:
                            beta = value
                            if alpha >= beta:
                                break
            hands[seat] = hand
            return best

        return trick, node

    def load(self, hands: Sequence[int], leader: int, trick: Sequence[int]) -> None:
        """Load a position (cards as the game numbers them): the hands and the state of the current trick."""
        rules = self.rules
        players = rules.players
        if len(hands) != players:
            raise ValueError(f"{len(hands)} hands for {players} players")
        if not 0 <= leader < players:
            raise ValueError(f"no seat {leader}")
        if len(trick) >= players:
            raise ValueError("the current trick is already complete")
        tables = self.tables
        to_internal = tables.to_internal
        internal = []
        for hand in hands:
            mask = 0
            while hand:
                bit = hand & -hand
                mask |= 1 << to_internal[bit.bit_length() - 1]
                hand ^= bit
            internal.append(mask)
        sizes = {internal[(leader + offset) % players].bit_count() + (offset < len(trick)) for offset in range(players)}
        if len(sizes) != 1:
            raise ValueError("the hands do not hold the same number of cards (counting the cards played to the trick)")
        points = self.points
        live = 0
        for mask in internal:
            if live & mask:
                raise ValueError("a card is in two hands")
            live |= mask
        self.hands[:] = internal
        self.rem = self.nest + sum(points[card] for card in _bits(live))
        lead = win = -1
        winner = leader
        trick_points = 0
        for offset, card in enumerate(trick):
            c = to_internal[card]
            if live >> c & 1:
                raise ValueError("a card is both in the trick and in a hand, or twice in the trick")
            live |= 1 << c
            trick_points += points[c]
            if offset == 0:
                lead = win = c
            elif tables.beaters[win] >> c & 1:
                win = c
                winner = (leader + offset) % players
        self.leader = leader
        self.pos = len(trick)
        self.seat = (leader + len(trick)) % players
        self.lead = lead
        self.win = win
        self.winner = winner
        self.trick_points = trick_points
        self.live = live
        self.redundant = [_redundant(tables, hand, live) for hand in internal]

    def value(self, alpha: int = -1, beta: int | None = None) -> int:
        """The value of the loaded position in points, exact when inside the window ``(alpha, beta)`` (the
        default window holds every value); fail-soft outside it: an upper bound at most ``alpha``, a lower
        bound at least ``beta``."""
        unit = self.unit
        return unit * self.window(alpha // unit, self.rem + self.trick_points + 1 if beta is None else -(-beta // unit))

    def exact(self) -> int:
        """The exact value of the loaded position in points, by zero-window tests (MTD(f))."""
        low = 0
        high = self.rem + self.trick_points
        g = high // 2
        while low < high:
            beta = g + 1 if g == low else g
            g = self.window(beta - 1, beta)
            if g < beta:
                high = g
            else:
                low = g
        return low * self.unit

    def window(self, alpha: int, beta: int) -> int:
        """The value of the loaded position in units, exact inside ``(alpha, beta)``, fail-soft outside it."""
        if not self.hands[self.seat]:
            return 0
        if self.pos == 0:
            return self.trick(self.leader, self.rem, alpha, beta)
        return self.node(self.seat, self.pos, self.lead, self.win, self.winner, self.trick_points, self.redundant,
                         self.rem, alpha, beta)

    def legal(self) -> int:
        """The legal cards (internal) of the seat to play in the loaded position."""
        hand = self.hands[self.seat]
        if not self.pos:
            return hand
        tables = self.tables
        legal = hand & tables.follow[self.lead]
        return legal | (hand & tables.extra) if legal else hand

    def value_after(self, card: int, guess: int | None = None) -> int:
        """The exact value of the loaded position after the seat to play plays ``card`` (internal), in units.

        Found by zero-window tests (MTD(f)) from ``guess``: each test only asks whether the value reaches
        a bound, and the table keeps the bounds every test proves, for the next test and the next card.
        """
        low = 0
        high = self.rem + self.trick_points
        g = high // 2 if guess is None else min(max(guess, low), high)
        while low < high:
            beta = g + 1 if g == low else g
            g = self.window_after(card, beta - 1, beta)
            if g < beta:
                high = g
            else:
                low = g
        return low

    def window_after(self, card: int, alpha: int, beta: int) -> int:
        """The value after ``card`` (internal), exact inside ``(alpha, beta)``, fail-soft outside it."""
        hands = self.hands
        seat = self.seat
        hand = hands[seat]
        bit = 1 << card
        p = self.points[card]
        rem = self.rem - p
        trick_points = self.trick_points + p
        if self.pos == 0:
            lead = win = card
            winner = seat
        else:
            lead = self.lead
            win, winner = (card, seat) if self.tables.beaters[self.win] & bit else (self.win, self.winner)
        players = self.rules.players
        hands[seat] = hand ^ bit
        try:
            if self.pos < players - 1:
                return self.node((seat + 1) % players, self.pos + 1, lead, win, winner, trick_points, self.redundant,
                                 rem, alpha, beta)
            gain = trick_points if self.mine[winner] else 0
            if not hands[seat]:
                return gain + self.nest if self.mine[winner] else 0
            return gain + self.trick(winner, rem, alpha - gain, beta - gain)
        finally:
            hands[seat] = hand


def _redundant(tables: _Tables, hand: int, live: int) -> int:
    """The cards of ``hand`` (internal) whose next live card up in their suit is in ``hand`` with the same points."""
    points = tables.points
    above = tables.above
    drop = 0
    for card in _bits(hand & tables.equivalent_ok):
        up = live & above[card]
        if up:
            up &= -up
            if up & hand and points[up.bit_length() - 1] == points[card]:
                drop |= 1 << card
    return drop


def _bits(mask: int):
    while mask:
        bit = mask & -mask
        yield bit.bit_length() - 1
        mask ^= bit


def solve(
    rules: RuleSet,
    trump: int,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    side: int,
    nest_points: int = 0,
    team_of: Sequence[int] | None = None,
) -> int:
    """The points `side` takes from here to the end of the hand with best play by every seat.

    Its side maximizes, the others minimize. The cards of the current trick
    are included, and `nest_points` is added to whoever takes the last trick
    when rules.last_trick_takes_nest.

    ``hands[s]`` is the mask of the cards seat ``s`` still holds; ``trick`` is
    the cards played so far to the current trick, in order from ``leader``.
    ``team_of`` gives each seat's team this hand (default: the fixed partnerships,
    ``rules.side_of``); ``side`` is one of them.
    """
    search = _Search(rules, trump, side, nest_points, team_of)
    search.load(hands, leader, trick)
    return search.exact()


def solve_counted(
    rules: RuleSet,
    trump: int,
    hands: Sequence[int],
    leader: int,
    side: int,
    nest_points: int,
    team_of: Sequence[int] | None,
    tables: SolverTables,
) -> int:
    """`solve` from the start of a trick, with the transposition tables kept in ``tables`` from one call to
    the next (see `solve_moves_counted`): a rollout's ending, handed to the exact search."""
    search = _search_for(rules, trump, side, nest_points, team_of, tables)
    search.load(hands, leader, ())
    return search.exact()


def _search_for(rules: RuleSet, trump: int, side: int, nest_points: int, team_of: Sequence[int] | None,
                tables: SolverTables | None) -> _Search:
    """The search of these rules, trump, side, nest points and teams: the one kept in ``tables`` (made and kept
    there the first time), or a new one without them."""
    key = (rules, trump, side, nest_points, None if team_of is None else tuple(team_of))
    search = None if tables is None else tables.get(key)
    if search is None:
        search = _Search(rules, trump, side, nest_points, team_of)
        if tables is not None:
            tables[key] = search
    return search


def solve_moves(
    rules: RuleSet,
    trump: int,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    side: int,
    nest_points: int = 0,
    team_of: Sequence[int] | None = None,
    guesses: Mapping[int, int] | None = None,
    tables: SolverTables | None = None,
) -> dict[int, int]:
    """The exact value (as in `solve`, for `side`) of each legal card of the seat to play now.

    That seat is (leader + len(trick)) % rules.players.

    Empty when that seat has no card left (the hand is over).  ``guesses`` (points by card, say the values
    found on another deal of the same decision) only speed the search: the closer, the fewer tests;
    so do ``tables`` (see `solve_moves_counted`).
    """
    return solve_moves_counted(rules, trump, hands, leader, trick, side, nest_points, team_of, guesses, tables)[0]


def solve_moves_counted(
    rules: RuleSet,
    trump: int,
    hands: Sequence[int],
    leader: int,
    trick: Sequence[int],
    side: int,
    nest_points: int = 0,
    team_of: Sequence[int] | None = None,
    guesses: Mapping[int, int] | None = None,
    tables: SolverTables | None = None,
) -> tuple[dict[int, int], int]:
    """`solve_moves`, with the number of positions the search visited (the measure of its work).

    ``tables`` keeps the transposition tables from one call to the next (say, the deals of one decision:
    their endings meet); a position's value depends only on the cards, so a table serves any call with
    the same rules, trump, side, teams and nest points.
    """
    search = _search_for(rules, trump, side, nest_points, team_of, tables)
    before = search.counts[0]
    search.load(hands, leader, trick)
    legal = search.legal()
    rule_tables = search.tables
    points = rule_tables.points
    live = search.live
    # Equivalent cards share one search: each card maps to the highest of its run.
    representative: dict[int, int] = {}
    for card in sorted(_bits(legal), reverse=True):
        representative[card] = card
        if rule_tables.equivalent_ok >> card & 1:
            up = live & rule_tables.above[card]
            if up:
                up &= -up
                above_card = up.bit_length() - 1
                if up & legal and points[above_card] == points[card]:
                    representative[card] = representative[above_card]
    # Highest cards first: their searches fill the table the others use; each card's search starts from
    # the value of the card before it.
    values: dict[int, int] = {}
    guess = None
    to_card = rule_tables.to_card
    unit = search.unit
    for card in sorted(set(representative.values()), reverse=True):
        if guesses is not None and to_card[card] in guesses:
            guess = guesses[to_card[card]] // unit
        guess = values[card] = search.value_after(card, guess)
    moves = {to_card[card]: unit * values[representative[card]]
             for card in sorted(representative, key=to_card.__getitem__)}
    return moves, search.counts[0] - before
