"""The rules engine: pure Rook, with no input, output or speech.

The public names are re-exported here; see ``state.GameState`` to start.
"""

from .actions import CHECK, PASS, PLAYS, Action, Bid, Check, Discard, NameTrump, Pass, Play
from .cards import (
    BIRD,
    BLACK,
    COLOR_LETTERS,
    COLOR_NAMES,
    COLORS,
    GREEN,
    RED,
    YELLOW,
    Card,
    CardNotationError,
    CardSet,
    Color,
    card_color,
    card_name,
    card_names,
    card_number,
    cards_in,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
    parse_color,
)
from .deal import Deal
from .errors import IllegalActionError, InvalidDealError, RookError, Rule
from .events import (
    BidMade,
    BidWon,
    CardPlayed,
    Checked,
    Dealt,
    Event,
    GameEnded,
    GameStarted,
    HandEnded,
    NestDiscarded,
    NestTaken,
    TeamsFormed,
    ThrownIn,
    TrickTaken,
    TrumpNamed,
    TrumpTurned,
)
from .rules import PARTNERSHIP, VARIANTS, BirdRank, RuleSet, RuleSetError, Teams, find_variant
from .state import DiscardChoices, GameState, Phase, SeatView

__all__ = [name for name in dir() if not name.startswith("_")]
