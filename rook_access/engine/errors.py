"""Typed errors of the rules engine.

Every refused action raises ``IllegalActionError`` naming the ``Rule`` it
breaks and the actions that would be legal instead; the state is unchanged.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any


class Rule(enum.Enum):
    """The rule an illegal action breaks."""

    GAME_OVER = "the game is over"
    NOT_YOUR_TURN = "only the seat to act may act"
    WRONG_PHASE = "this action does not belong to the current phase of the hand"
    BID_BELOW_MINIMUM = "the first bid must be at least the minimum"
    BID_NOT_HIGHER = "a bid must be at least one step above the last bid"
    BID_NOT_MULTIPLE = "bids go up in steps"
    BID_ABOVE_MAXIMUM = "no bid may be above the maximum"
    CHECK_NOT_ALLOWED = (
        "a check is only allowed before anyone bids, once, "
        "and not after the partner checked and both opponents passed"
    )
    DISCARD_COUNT = "the high bidder discards exactly as many cards as the nest held"
    DISCARD_NOT_HELD = "only cards in hand can be discarded"
    CARD_NOT_HELD = "only cards in hand can be played"
    FOLLOW_SUIT = "follow the suit led if you can"
    DEALER_MUST_BID = "the dealer opens the bidding and may not pass"


class RookError(ValueError):
    """Base class of the engine's errors."""


class IllegalActionError(RookError):
    """An action the rules do not allow now.

    ``rule`` says which rule it breaks (a ``Rule``, or another family's
    rule enum whose value is the rule in words), ``legal`` what would be legal instead
    (for a discard, the cards that may be discarded, as ``Play`` values would
    mislead: see ``held``), and ``detail`` holds facts for the message, such
    as the suit that must be followed.
    """

    def __init__(
        self,
        rule: enum.Enum,
        message: str,
        legal: Sequence[Any] = (),
        **detail: Any,
    ) -> None:
        super().__init__(message)
        self.rule = rule
        self.legal = tuple(legal)
        self.detail = detail


class InvalidDealError(RookError):
    """A fixed deal that is malformed or impossible for the rules in play."""
