"""A rule-based computer player that follows the basic strategy of the rule books.

It bids from the hand's strength, buries weak cards and voids short colors,
names its longest strong color trump, and plays by simple card sense: take
tricks with counters in them, feed counters to a partner who is winning,
pull trump when its side holds the top trumps, and keep the Bird for a trick
worth taking.  It sees only its own seat's view.

It plays every game with the same rules of thumb: partners are the seats of
its team this hand (from the view), cards rank as the rules rank them (a 1
above the 14 where the 1s rank high, High 14's 14s above trumps), and its
reckoning of a hand is scaled to the game it bids in (``hand_strength``).
Where checking is allowed it checks rather than pass.  Where points count
against their taker (Flip) it plays to lose tricks: it leads low, ducks
under the winning card, and throws its red cards on other players' tricks.
"""

from __future__ import annotations

import enum

from ..engine import (
    BIRD,
    CHECK,
    COLORS,
    PASS,
    Action,
    Bid,
    Card,
    Color,
    Discard,
    DiscardChoices,
    NameTrump,
    Phase,
    Play,
    SeatView,
    card_color,
)
from ..engine.cards import NUMBERS_PER_COLOR
from .base import BasicAdvice
from .hand_value import best_trump, number_rank, ranks
from .search.bidding_model import hand_strength


class RuleKind(enum.StrEnum):
    """The basic player's rules of thumb, as data (``BasicAdvice.kind``): what ``why`` words."""

    DISCARD = "discard"
    TRUMP = "trump"
    DEALER_OPENS = "dealer-opens"
    BID = "bid"
    PASS = "pass"
    ONLY_CARD = "only-card"
    PULL_TRUMP = "pull-trump"
    SURE_WINNER = "sure-winner"
    LEAD_LOW = "lead-low"
    FEED = "feed"
    KEEP = "keep"
    WIN_CHEAPLY = "win-cheaply"
    BIRD = "bird"
    TAKE_LEAD = "take-lead"
    THROW_CHEAPEST = "throw-cheapest"
    AVOID_LEAD = "avoid-lead"
    TAKE_GOLDEN = "take-golden"
    DUCK = "duck"
    MUST_TAKE = "must-take"
    MUST_GO_OVER = "must-go-over"
    GIVE_GOLDEN = "give-golden"
    THROW_HIGH = "throw-high"
    THROW_COSTLY = "throw-costly"


def _length(cards: list[Card], color: Color) -> int:
    return sum(1 for card in cards if card_color(card) == color)


class BasicPlayer:
    """The rule-based player (the "easy" level): quick, sensible, never illegal."""

    name = "basic"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed  # it needs no random numbers: every choice follows from the view

    def choose(self, view: SeatView) -> Action:
        return self.advise(view).action

    def advise(self, view: SeatView) -> BasicAdvice:
        """The action ``choose`` takes, with the rule of thumb that chose it (as a clause and as data)."""
        legal = view.legal
        if isinstance(legal, DiscardChoices):
            return BasicAdvice(self._discard(view, legal.count),
                               "keep trump and sure winners, and bury the short colors first", RuleKind.DISCARD)
        if view.phase is Phase.BIDDING:
            return self._bid(view)
        if view.phase is Phase.TRUMP:
            return BasicAdvice(NameTrump(best_trump(list(view.hand), view.rules)),
                               "name the longest color, the strongest among equals", RuleKind.TRUMP)
        return self._play(view)

    # ---------------------------------------------------------------- bidding
    def _bid(self, view: SeatView) -> BasicAdvice:
        rules = view.rules
        limit = hand_strength(list(view.hand), rules)
        limit -= limit % rules.bid_step
        partner = view.high_bidder is not None and view.high_bidder in view.partners
        if partner:
            # Partner holds the bid: only take it over with a clearly better hand.
            limit -= 3 * rules.bid_step
        worth = f"bid while your hand is reckoned worth it, up to {limit}"
        if partner:
            worth += ", a partner's bid raised only with a clearly better hand"
        legal_bids = [a for a in view.legal if isinstance(a, Bid) and a.amount <= limit]
        if PASS not in view.legal:  # the dealer must open the bidding: the least bid, raised later if worth it
            least = min((a for a in view.legal if isinstance(a, Bid)), key=lambda bid: bid.amount)
            return BasicAdvice(least, "the dealer must open: open with the least bid, and raise later if worth it",
                               RuleKind.DEALER_OPENS, limit)
        if not legal_bids:
            return BasicAdvice(CHECK if CHECK in view.legal else PASS, worth, RuleKind.PASS, limit)
        return BasicAdvice(min(legal_bids, key=lambda bid: bid.amount), worth, RuleKind.BID, limit)

    # ------------------------------------------------------------- the nest
    def _discard(self, view: SeatView, count: int) -> Action:
        cards = list(view.hand)
        trump = best_trump(cards, view.rules)
        rank = ranks(view.rules)
        lengths = {color: _length(cards, color) for color in COLORS}
        by_color: dict[Color, list[int]] = {
            color: sorted(number_rank(c, rank) for c in cards if card_color(c) == color) for color in COLORS
        }

        def keep_value(card: Card) -> float:
            if card == BIRD:
                return 1000
            color = card_color(card)
            assert color is not None  # every card but the Bird has a color
            number = number_rank(card, rank)
            value = float(number)
            if color == trump:
                value += 100
            top = by_color[color][-1] if by_color[color] else 0
            if number == 14 or (number == 13 and top == 14):
                value += 40  # a likely winner
            # Short colors are worth voiding, so their cards go first.
            value += 4 * lengths[color]
            return value

        discards = sorted(cards, key=keep_value)[:count]
        return Discard(frozenset(discards))

    # ------------------------------------------------------------------ play
    def _play(self, view: SeatView) -> BasicAdvice:
        legal = [a.card for a in view.legal if isinstance(a, Play)]
        if len(legal) == 1:
            return BasicAdvice(Play(legal[0]), "it is the only card you may play", RuleKind.ONLY_CARD)
        unseen = self._unseen(view)
        sure: frozenset[Card] = frozenset()
        if view.rules.avoid_points:
            card, rule, kind = self._avoid(view, legal)
            if not view.trick:  # the cards it leads sure to take the trick: no unseen card of their color is higher
                sure = frozenset(c for c in legal if self._is_top(view, c, unseen))
        elif not view.trick:
            card, rule, kind = self._lead(view, legal, unseen)
            if kind == RuleKind.SURE_WINNER and self._untrumpable(view, unseen):
                sure = frozenset((card,))  # no card still to come can beat it
        else:
            card, rule, kind, sure = self._follow(view, legal, unseen)
        return BasicAdvice(Play(card), rule, kind, sure=sure)

    # ------------------------------------------- play where points count against
    @staticmethod
    def _avoid(view: SeatView, legal: list[Card]) -> tuple[Card, str, RuleKind]:
        """Flip: lose tricks.  Lead low, red cards (and the Golden Ten) last; duck under the winning
        card with the highest card that still loses; forced to win, win with the lowest card (the
        highest when last), the fewest red points first; without the color led, give a partner the
        Golden Ten and throw the costliest red card to anyone else."""
        rules = view.rules
        trump = view.trump
        assert trump is not None
        points = rules.points
        rank = rules.rank
        if not view.trick:
            card = min(legal, key=lambda c: (points[c] < 0, points[c] > 0, rank[c]))
            rule = "lead your lowest card, red cards last, so that someone else takes the trick"
            return card, rule, RuleKind.AVOID_LEAD
        assert view.trick_leader is not None
        powers = rules.trick_powers[trump][view.trick[0]]
        values = [powers[c] for c in view.trick]
        best = max(values)
        winner = (view.trick_leader + values.index(best)) % rules.players
        partner_winning = view.team_of[winner] == view.side
        last = len(view.trick) == rules.players - 1
        if any(powers[c] for c in legal):  # following the color led
            under = [c for c in legal if powers[c] < best]
            if any(points[c] < 0 for c in view.trick) and not partner_winning and len(under) < len(legal):
                card = max(legal, key=lambda c: powers[c])
                return card, "the Golden Ten is in the trick: take it with your highest card", RuleKind.TAKE_GOLDEN
            if under:
                card = max(under, key=lambda c: powers[c])
                return card, "duck: play your highest card that still loses the trick", RuleKind.DUCK
            if last:
                card = max(legal, key=lambda c: (-points[c], powers[c]))
                rule = "you must take the trick: take it with your highest card and keep your low ones"
                return card, rule, RuleKind.MUST_TAKE
            card = min(legal, key=lambda c: (points[c], powers[c]))
            return card, "you must go over: go as low as you can", RuleKind.MUST_GO_OVER
        golden = [c for c in legal if points[c] < 0]
        if golden and partner_winning:
            return golden[0], "your partner is winning the trick: give it the Golden Ten", RuleKind.GIVE_GOLDEN
        if partner_winning:
            card = max([c for c in legal if not points[c]] or legal, key=lambda c: (-abs(points[c]), rank[c]))
            return card, "your partner is winning the trick: throw a high card that costs nothing", RuleKind.THROW_HIGH
        card = max([c for c in legal if points[c] >= 0] or legal, key=lambda c: (points[c], rank[c]))
        rule = "you cannot follow: throw your costliest red card, or else your highest card"
        return card, rule, RuleKind.THROW_COSTLY

    @staticmethod
    def _unseen(view: SeatView) -> set[Card]:
        """Cards this seat has not seen: in other hands (or in the nest, unless it is the bidder)."""
        seen = set(view.hand) | set(view.trick) | set(view.nest_discarded) | set(view.trump_turned)
        for trick in view.tricks:
            seen.update(trick.cards)
        return set(view.rules.deck) - seen

    @staticmethod
    def _voids(view: SeatView) -> list[set[Color]]:
        """The suits each seat has shown out of this hand (the Bird shows nothing)."""
        rules = view.rules
        trump = view.trump
        assert trump is not None
        voids: list[set[Color]] = [set() for _ in range(rules.players)]
        played = [(trick.leader, trick.cards) for trick in view.tricks]
        if view.trick and view.trick_leader is not None:
            played.append((view.trick_leader, view.trick))
        for leader, cards in played:
            led_suit = rules.suit_of[trump][cards[0]]
            for offset, card in enumerate(cards[1:], start=1):
                any_time = (1 << card) & rules.any_time_mask  # High 14's 14s show nothing either
                if card != BIRD and not any_time and rules.suit_of[trump][card] != led_suit:
                    voids[(leader + offset) % rules.players].add(led_suit)
        return voids

    @staticmethod
    def _power(view: SeatView, card: Card, led_suit: Color) -> int:
        rules = view.rules
        trump = view.trump
        assert trump is not None
        if rules.fourteens_any_time:  # High 14: a 14 outranks trumps, the 14 of the color led every 14
            return rules.trick_powers[trump][led_suit * NUMBERS_PER_COLOR][card]
        power = rules.trump_power[trump][card]
        if power:
            return power
        return rules.rank[card] if card_color(card) == led_suit else 0

    def _is_top(self, view: SeatView, card: Card, unseen: set[Card]) -> bool:
        """Whether no unseen card of the same suit ranks above ``card``."""
        rules = view.rules
        trump = view.trump
        assert trump is not None
        suit = rules.suit_of[trump][card]
        mine = self._power(view, card, suit)
        if rules.fourteens_any_time and not (1 << card) & rules.any_time_mask:
            if any((1 << other) & rules.any_time_mask for other in unseen):
                return False  # High 14: an unseen 14 may be played on it
        return all(
            self._power(view, other, suit) < mine for other in unseen if rules.suit_of[trump][other] == suit
        )

    def _untrumpable(self, view: SeatView, unseen: set[Card]) -> bool:
        """Whether no other seat can trump a lead of a plain color: no trump is unseen, or every other seat has
        shown out of trump.  A seat not shown out of the color led may still hold none of it."""
        trump = view.trump
        assert trump is not None
        if not any(view.rules.suit_of[trump][c] == trump for c in unseen):
            return True
        voids = self._voids(view)
        return all(trump in voids[seat] for seat in range(view.rules.players) if seat != view.seat)

    def _lead(self, view: SeatView, legal: list[Card], unseen: set[Card]) -> tuple[Card, str, RuleKind]:
        rules = view.rules
        trump = view.trump
        assert trump is not None
        points = rules.points
        on_bidding_side = view.bidder is not None and view.team_of[view.bidder] == view.side
        trumps_out = [c for c in unseen if rules.suit_of[trump][c] == trump]
        my_trumps = [c for c in legal if rules.suit_of[trump][c] == trump]
        if on_bidding_side and trumps_out and my_trumps:
            top_trumps = [c for c in my_trumps if self._is_top(view, c, unseen)]
            if top_trumps:
                # Pull the opponents' trumps with the lowest sure winner.
                card = min(top_trumps, key=lambda c: rules.trump_power[trump][c])
                others = "the other side's" if view.partners else "the others'"
                return card, f"lead the lowest sure trump to pull {others} trumps", RuleKind.PULL_TRUMP
        winners = [
            c for c in legal if rules.suit_of[trump][c] != trump and self._is_top(view, c, unseen)
        ]
        if winners:
            card = max(winners, key=lambda c: (points[c], rules.rank[c]))
            if self._untrumpable(view, unseen):
                return card, "lead a sure winner, the richest in points", RuleKind.SURE_WINNER
            return card, "lead the richest card that no unseen card of its color beats", RuleKind.SURE_WINNER
        plain = [c for c in legal if rules.suit_of[trump][c] != trump] or legal
        # Lead low from a long color, keeping counters back.
        card = min(
            plain,
            key=lambda c: (
                points[c] > 0,
                c == BIRD,
                -_length(list(view.hand), rules.suit_of[trump][c]),
                rules.rank[c],
            ),
        )
        return card, "lead low from a long color, keeping counters back", RuleKind.LEAD_LOW

    def _follow(
        self, view: SeatView, legal: list[Card], unseen: set[Card]
    ) -> tuple[Card, str, RuleKind, frozenset[Card]]:
        """A card played to a trick, with the rule that chose it and the legal cards it counted sure to win
        the trick (none where its side was already winning it surely)."""
        rules = view.rules
        trump = view.trump
        assert trump is not None and view.trick_leader is not None
        points = rules.points
        players = rules.players
        trick = list(view.trick)
        led_suit = rules.suit_of[trump][trick[0]]
        powers = [self._power(view, card, led_suit) for card in trick]
        best = max(powers)
        winner = (view.trick_leader + powers.index(best)) % players
        team_of = view.team_of
        partner_winning = team_of[winner] == view.side
        last_to_play = len(trick) == players - 1
        trick_points = sum(points[c] for c in trick)
        winning_card = trick[powers.index(best)]

        voids = self._voids(view)
        opponents_after = [
            seat
            for seat in ((view.seat + i) % players for i in range(1, players - len(trick)))
            if team_of[seat] != view.side
        ]
        trumps_out = any(rules.suit_of[trump][c] == trump for c in unseen)
        may_be_trumped = (
            led_suit != trump and trumps_out and any(led_suit in voids[seat] for seat in opponents_after)
        )

        def holds(card: Card) -> bool:
            """Whether ``card`` will still be winning when the trick is complete."""
            if last_to_play:
                return True
            if not self._is_top(view, card, unseen):
                return False
            return rules.suit_of[trump][card] == trump or not may_be_trumped

        def cheapest(cards: list[Card]) -> Card:
            return min(cards, key=lambda c: (c == BIRD, points[c], self._power(view, c, led_suit), c))

        if partner_winning and holds(winning_card):
            feed = [c for c in legal if c != BIRD and points[c] > 0]
            if feed:
                card = max(feed, key=lambda c: (points[c], -rules.rank[c]))
                return card, "your side is winning the trick: give it points", RuleKind.FEED, frozenset()
            return cheapest(legal), "your side is winning the trick: keep your good cards", RuleKind.KEEP, frozenset()
        beaters = [c for c in legal if self._power(view, c, led_suit) > best]
        safe = [c for c in beaters if holds(c)]
        sure = frozenset(safe)
        without_bird = [c for c in safe if c != BIRD]
        if without_bird and (trick_points > 0 or not partner_winning):
            # Win as cheaply as it surely can: with the lowest card it counts sure to hold the trick.
            card = min(without_bird, key=lambda c: (self._power(view, c, led_suit), -points[c]))
            return card, "win the trick with your lowest card that should hold it", RuleKind.WIN_CHEAPLY, sure
        if BIRD in legal and trick_points >= 15 and not partner_winning:
            return BIRD, "the Bird takes a trick worth 15 points or more", RuleKind.BIRD, sure
        if beaters and not partner_winning and trick_points >= 10:
            non_bird = [c for c in beaters if c != BIRD]
            if non_bird:
                card = min(non_bird, key=lambda c: self._power(view, c, led_suit))
                return card, "take the lead in a trick worth 10 points or more", RuleKind.TAKE_LEAD, sure
        card = cheapest([c for c in legal if c != BIRD] or legal)
        return card, "you cannot win it surely: throw the cheapest card", RuleKind.THROW_CHEAPEST, sure
