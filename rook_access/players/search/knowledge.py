"""What one seat knows about the hidden cards, read from its ``SeatView``.

The search player never looks at another seat's hand: it works out, from
the view alone, which cards are still unseen, how many each other seat (and
the nest) holds, which suits each seat has shown out of, and what the bids
said.  ``sampling`` then deals the unseen cards consistently with this.

Cards another seat shows (the dummy's, and the dummy's player's own hand to
the dummy) are placed where they are; the nest's cards turned for trump are
in the nest; cards out of play are unseen and belong to no place, so the
unseen cards left over once every place is dealt are the ones out of play.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...engine import Phase, SeatView, mask_of
from ...engine.cards import CardSet

NEST = -1
"""The slot of the nest among the places an unseen card can be."""


@dataclass(frozen=True)
class Knowledge:
    """Hard facts one seat knows about where the unseen cards are."""

    seat: int
    players: int
    hand: CardSet
    """The seat's own cards."""
    unseen: CardSet
    """Cards this seat has not seen: in other hands or in the nest."""
    needs: dict[int, int]
    """How many unseen cards each other seat holds, and the nest (key ``NEST``) if it is hidden."""
    excluded: dict[int, CardSet]
    """Cards each other seat cannot hold, because it showed out of their suit."""
    known_nest: CardSet
    """The nest's cards this seat knows: all of them for the bidder after discarding, the
    cards turned for trump where trump is turned."""
    played: CardSet
    """Every card played so far this hand."""
    known: dict[int, CardSet] = field(default_factory=dict)
    """Cards of other seats this seat can see (the dummy's), by seat; not among ``unseen``."""

    @classmethod
    def from_view(cls, view: SeatView) -> Knowledge:
        rules = view.rules
        seat = view.seat
        hand = mask_of(view.hand)
        played = mask_of(view.trick) | mask_of(view.center_taken)  # the centre's cards, turned up as taken
        for trick in view.tricks:
            played |= mask_of(trick.cards)
        known_nest = mask_of(view.nest_discarded) | mask_of(view.trump_turned)
        known = {other: mask_of(cards) for other, cards in view.shown if other != seat and cards}
        shown = 0
        for cards in known.values():
            shown |= cards
        unseen = rules.deck_mask & ~hand & ~played & ~known_nest & ~shown
        needs = {
            other: view.hand_sizes[other] - known.get(other, 0).bit_count()
            for other in range(rules.players)
            if other != seat
        }
        # The nest is hidden but from the bidder (in its hand while it discards); without bidding
        # it is out of play, and hidden but for the cards turned for trump.
        if view.phase is Phase.BIDDING or view.bidder is None or (
            view.bidder != seat and view.phase is not Phase.DISCARD
        ):
            needs[NEST] = rules.nest_size - known_nest.bit_count() - len(view.center_taken)
        excluded = {other: 0 for other in needs}
        if view.trump is not None:
            excluded_by_voids(view, excluded)
        return cls(seat, rules.players, hand, unseen, needs, excluded, known_nest, played, known)

    def allowed(self, slot: int) -> CardSet:
        """The unseen cards that ``slot`` may hold."""
        return self.unseen & ~self.excluded.get(slot, 0)


def excluded_by_voids(view: SeatView, excluded: dict[int, CardSet]) -> None:
    """Add to ``excluded`` the suits each seat has shown out of this hand.

    A seat that did not follow the suit led holds none of it: the cards of
    that suit, and the Bird when trump was led.  The Bird played to a plain
    lead shows nothing (it may be played at any time), nor does a 14 in High 14.
    """
    rules = view.rules
    trump = view.trump
    assert trump is not None
    suit_of = rules.suit_of[trump]
    suit_masks = rules.suit_masks[trump]
    played = [(trick.leader, trick.cards) for trick in view.tricks]
    if view.trick and view.trick_leader is not None:
        played.append((view.trick_leader, view.trick))
    for leader, cards in played:
        led = suit_masks[suit_of[cards[0]]]
        for offset, card in enumerate(cards[1:], start=1):
            if not (1 << card) & led and not (1 << card) & rules.any_time_mask:
                other = (leader + offset) % rules.players
                if other in excluded:
                    excluded[other] |= led
