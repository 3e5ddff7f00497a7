"""Computer players, all behind the one ``Player`` interface, by family of games and level.

Each family of games registers its computer players once, by level
(``register_players``); ``make_player(level, seed, family)`` makes the one a
table asks for.  The trick-taking games' levels are ``LEVELS``, registered as
the family ``tricks``; the patience games have no computer seats and register
none.

    >>> make_player("random", 1).name
    'random'
    >>> make_player("easy", 1, family="patience")
    Traceback (most recent call last):
    ...
    rook_access.players.LevelError: the patience family of games has no computer players
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Callable, Mapping

from ..engine import Phase, SeatView
from ..engine.cards import shown
from .base import Player
from .basic import BasicPlayer
from .donkey_player import donkey_maker
from .doubt_player import player_maker as doubt_maker
from .match_player import MatchPlayer
from .panjandrum_player import player_maker as _panjandrum_player
from .random_player import RandomPlayer
from .search.bidding import BidTuning
from .search.player import (
    NORMAL,
    STRONG,
    BidCheatingPlayer,
    BidderPlayCheatingPlayer,
    CheatingPlayer,
    DefencePlayCheatingPlayer,
    HandsSeenInBiddingPlayer,
    NestCheatingPlayer,
    OpponentsSeenInBiddingPlayer,
    PlayCheatingPlayer,
    SearchPlayer,
    SideTreeSearchPlayer,
    TreeSearchPlayer,
    TruthTuning,
)
from .search.sampling import (
    DRAWN_FOR_EACH_KEPT,
    EASY_SHAPED,
    FITTED,
    HAND_SET,
    NEST_DRAWN,
    TEMPERED,
    DealSource,
    deals_weighed_by,
)
from .search.skill import MY_LEVELS, TablePriors
from .tuxedo_player import TuxedoPlayer, tuxedo_levels

NO_HANDOFF = dataclasses.replace(STRONG, rollout_exact_cards=0)
"""The strong budget whose rollouts play to the last card by their rules: the strong player's before
2026-11-27, which the benchmark levels measured against it then keep."""


class EvidenceSearchPlayer(SearchPlayer):
    """The search player weighing its deals by given evidence models (``sampling.EvidenceModel``), one for
    the bidding, the discard and the trump, one for the card play: the benchmarks' players of other models,
    never a level a person chooses."""

    auction_model = HAND_SET
    """The model of the bidding, the discard and the trump."""
    play_model = HAND_SET
    """The model of the card play."""
    auction_oversample = DRAWN_FOR_EACH_KEPT
    """Deals drawn for each one kept in the bidding, the discard and the trump (``draw_deals``)."""
    play_oversample = DRAWN_FOR_EACH_KEPT
    """Deals drawn for each one kept in the card play."""
    play_swaps = 0
    """Steps each kept deal of the card play is moved toward the evidence (``sampling.refined``)."""

    def deal_source(self, view: SeatView) -> DealSource:
        if view.phase is Phase.PLAY:
            return deals_weighed_by(self.play_model, self.play_oversample, self.play_swaps)
        return deals_weighed_by(self.auction_model, self.auction_oversample)


class EasyModelSearchPlayer(EvidenceSearchPlayer):
    """The search player reading the opponents' bids by the easy player's own bidding rule
    (``sampling.EASY_SHAPED``) in the bidding, the discard and the trump, twelve deals drawn for each one
    kept (its sharp weights would leave three too few): bench levels ``strong-easymodel`` and
    ``strong-easymodel-pass``, an upper bound on what reading the bids gives against easy."""

    auction_model = EASY_SHAPED
    auction_oversample = 12


class EasyModelPlaySearchPlayer(EasyModelSearchPlayer):
    """``EasyModelSearchPlayer`` reading the opponents' bids by the easy player's rule in the card play too,
    twelve deals drawn for each one kept: bench level ``strong-easymodel-play``."""

    play_model = EASY_SHAPED
    play_oversample = 12


class HandSetSearchPlayer(EvidenceSearchPlayer):
    """The search player with the hand-set evidence model (``sampling.HAND_SET``) whatever the player's
    own becomes: ``bench.inference`` plays its self-play records with it, so they stay as they were."""


class FittedSearchPlayer(EvidenceSearchPlayer):
    """The search player with the fitted evidence model (``sampling.FITTED``) throughout: level
    ``strong-fitted``, a benchmark's."""

    auction_model = FITTED
    play_model = FITTED


class TemperedSearchPlayer(EvidenceSearchPlayer):
    """The search player with the fitted evidence model softened (``sampling.TEMPERED``) throughout: level
    ``strong-tempered``, a benchmark's."""

    auction_model = TEMPERED
    play_model = TEMPERED


class FittedPlaySearchPlayer(EvidenceSearchPlayer):
    """The search player with the fitted evidence model in the card play only: level
    ``strong-fitted-play``, a benchmark's."""

    play_model = FITTED


class FittedPlayWideSearchPlayer(FittedPlaySearchPlayer):
    """``FittedPlaySearchPlayer`` drawing twelve deals for each one kept, so the fitted model's sharp weights
    still leave the search many different deals: level ``strong-fitted-play12``, a benchmark's."""

    play_oversample = 12


class NestDrawnSearchPlayer(EvidenceSearchPlayer):
    """The search player whose card play draws the nest an unseen bidder buried from its weakest cards
    (``sampling.NEST_DRAWN``) and whose rollouts never hand over to the exact solver: level ``strong-nestdraw``,
    a benchmark's, which measured the nest draw; since the strong player's rollouts hand their last tricks over
    (``STRONG.rollout_exact_cards``) it is the player before that."""

    play_model = NEST_DRAWN


class SwappedPlaySearchPlayer(EvidenceSearchPlayer):
    """The search player whose card play walks each kept deal eight swaps toward the fitted evidence model
    (``sampling.refined``, ``sampling.FITTED``): level ``strong-swaps``, a benchmark's.  A high bid's hand is
    rare among random ones, so the deals drawn and kept give the bid winner too weak a hand."""

    play_model = FITTED
    play_swaps = 8


class _SimulatedPassTuning(BidTuning):
    """Level ``strong-passsim``: a pass to an opponent's bid valued by simulating that contract
    (``BidTuning.SIMULATE_PASS``)."""

    SIMULATE_PASS = True


class _ModelledPassTuning(_SimulatedPassTuning):
    """Level ``strong-passsim-model``: the opponent's simulated contract moved toward the bidding model
    (``BidTuning.PASS_MODEL_SHARE``)."""

    PASS_MODEL_SHARE = BidTuning.MODEL_SHARE


class _SameDealsPassTuning(_ModelledPassTuning):
    """Level ``strong-passsim-same``: the opponent's contract played on the deals the player's own bids are
    valued on (``BidTuning.PASS_ON_SAME_DEALS``)."""

    PASS_ON_SAME_DEALS = True


MEASURED_SHORTFALL = 8.0
"""The points the strong player's contracts took beyond its bids' simulation (``bench.bid_calibration``)."""


class _CalibratedTuning(BidTuning):
    """Level ``strong-calibrated``: the simulation's measured shortfall added to the player's own contracts
    (``BidTuning.SIMULATION_BIAS``), passing at the fixed figure."""

    SIMULATION_BIAS = MEASURED_SHORTFALL


class _CalibratedPassTuning(_SameDealsPassTuning):
    """Level ``strong-passsim-calibrated``: ``strong-passsim-same`` with the shortfall added to every
    simulated bidder's points."""

    SIMULATION_BIAS = MEASURED_SHORTFALL


class _MinChanceTuning(BidTuning):
    """Level ``strong-minchance``: no bid the simulation gives less than 40% while an opponent may still win
    the bid (``BidTuning.MIN_CONTESTED_CHANCE``)."""

    MIN_CONTESTED_CHANCE = 0.4


class _ApartTuning(BidTuning):
    """Level ``strong-apart``: the bids' simulation plays the defenders each for themselves, even where they
    defend together (``BidTuning.DEFENDERS_TOGETHER_AT`` empty: the strong player before 2026-11-28)."""

    DEFENDERS_TOGETHER_AT = ()


class _TogetherTuning(BidTuning):
    """Level ``strong-together``: the bids' simulation plays defenders who defend together as one side in the
    5-player game too (``BidTuning.DEFENDERS_TOGETHER_AT``)."""

    DEFENDERS_TOGETHER_AT = (5, 6)


class _AuctionTuning(BidTuning):
    """Level ``strong-auction``: the model corrects the simulation on plain deals (``MODEL_FROM_PLAIN_DEALS``)."""

    MODEL_FROM_PLAIN_DEALS = True


class _AuctionSameDealsTuning(_SameDealsPassTuning):
    """``strong-passsim-same`` with ``MODEL_FROM_PLAIN_DEALS``."""

    MODEL_FROM_PLAIN_DEALS = True


class _CheatSimulatedPassTuning(TruthTuning):
    """Level ``cheat-passsim``: the cheating yardstick valuing a pass by the opponent's contract on the true
    deal, the yardstick of ``strong-passsim``."""

    SIMULATE_PASS = True


def _bidding_by(tuning: type[BidTuning], make: Callable[[int | None], SearchPlayer]) -> Callable[[int | None], Player]:
    """A benchmark's level: the player ``make`` makes, bidding by ``tuning`` (the bidding experiments)."""

    def maker(seed: int | None) -> Player:
        player = make(seed)
        player.bid_tuning = tuning
        return player

    return maker


def _strong(name: str, kind: type[SearchPlayer] = SearchPlayer) -> Callable[[int | None], SearchPlayer]:
    """The strong player's search (of the class ``kind``) under the level name ``name``."""
    return lambda seed: kind(seed, STRONG, name)


LEVELS: dict[str, Callable[[int | None], Player]] = {
    "easy": BasicPlayer,
    "normal": lambda seed: SearchPlayer(seed, NORMAL, "normal"),
    "strong": lambda seed: SearchPlayer(seed, STRONG, "strong"),
    "random": RandomPlayer,
    "cheat": CheatingPlayer,
    "strong-fitted": lambda seed: FittedSearchPlayer(seed, STRONG, "strong-fitted"),
    "strong-fitted-play": lambda seed: FittedPlaySearchPlayer(seed, STRONG, "strong-fitted-play"),
    "strong-tempered": lambda seed: TemperedSearchPlayer(seed, STRONG, "strong-tempered"),
    "strong-fitted-play12": lambda seed: FittedPlayWideSearchPlayer(seed, STRONG, "strong-fitted-play12"),
    "strong-swaps": lambda seed: SwappedPlaySearchPlayer(seed, STRONG, "strong-swaps"),
    "strong-nestdraw": lambda seed: NestDrawnSearchPlayer(seed, NO_HANDOFF, "strong-nestdraw"),
    "strong-random-nest": lambda seed: EvidenceSearchPlayer(seed, NO_HANDOFF, "strong-random-nest"),
    "cheat-play": PlayCheatingPlayer,
    "cheat-play-bidder": lambda seed: BidderPlayCheatingPlayer(seed, STRONG, "cheat-play-bidder"),
    "cheat-play-defence": lambda seed: DefencePlayCheatingPlayer(seed, STRONG, "cheat-play-defence"),
    "cheat-bid": lambda seed: BidCheatingPlayer(seed, STRONG, "cheat-bid"),
    "cheat-nest": lambda seed: NestCheatingPlayer(seed, STRONG, "cheat-nest"),
    "cheat-bid-partner": lambda seed: HandsSeenInBiddingPlayer(seed, STRONG, "cheat-bid-partner"),
    "cheat-bid-opponents": lambda seed: OpponentsSeenInBiddingPlayer(seed, STRONG, "cheat-bid-opponents"),
    "cheat-passsim": _bidding_by(_CheatSimulatedPassTuning, CheatingPlayer),
    "strong-passsim": _bidding_by(_SimulatedPassTuning, _strong("strong-passsim")),
    "strong-passsim-model": _bidding_by(_ModelledPassTuning, _strong("strong-passsim-model")),
    "strong-passsim-same": _bidding_by(_SameDealsPassTuning, _strong("strong-passsim-same")),
    "strong-passsim-calibrated": _bidding_by(_CalibratedPassTuning, _strong("strong-passsim-calibrated")),
    "strong-calibrated": _bidding_by(_CalibratedTuning, _strong("strong-calibrated")),
    "strong-auction": _bidding_by(_AuctionTuning, _strong("strong-auction")),
    "strong-easymodel": _bidding_by(_AuctionTuning, _strong("strong-easymodel", EasyModelSearchPlayer)),
    "strong-easymodel-play": _bidding_by(_AuctionTuning, _strong("strong-easymodel-play", EasyModelPlaySearchPlayer)),
    "strong-easymodel-pass": _bidding_by(_AuctionSameDealsTuning,
                                         _strong("strong-easymodel-pass", EasyModelSearchPlayer)),
    "strong-minchance": _bidding_by(_MinChanceTuning, _strong("strong-minchance")),
    "strong-apart": _bidding_by(_ApartTuning, _strong("strong-apart")),
    "strong-together": _bidding_by(_TogetherTuning, _strong("strong-together")),
    "strong-blind": lambda seed: SearchPlayer(seed, dataclasses.replace(STRONG, blind_rollouts="all"), "strong-blind"),
    "strong-pull": lambda seed: SearchPlayer(seed, dataclasses.replace(STRONG, pull_trump=True), "strong-pull"),
    "strong-untimed": lambda seed: SearchPlayer(seed, dataclasses.replace(STRONG, time_target=math.inf),
                                                "strong-untimed"),
    "strong-160": lambda seed: SearchPlayer(seed, dataclasses.replace(STRONG, samples=160), "strong-160"),
    "strong-exact3": lambda seed: SearchPlayer(seed, dataclasses.replace(STRONG, exact_cards=3), "strong-exact3"),
    "strong-handoff2": lambda seed: SearchPlayer(seed, dataclasses.replace(STRONG, rollout_exact_cards=2),
                                                 "strong-handoff2"),
    "strong-handoff3": lambda seed: SearchPlayer(seed, dataclasses.replace(STRONG, rollout_exact_cards=3),
                                                 "strong-handoff3"),
    "cheat-handoff3": lambda seed: CheatingPlayer(seed, dataclasses.replace(STRONG, rollout_exact_cards=3),
                                                  "cheat-handoff3"),
    "strong-ismcts": _strong("strong-ismcts", TreeSearchPlayer),
    "strong-ismcts-side": _strong("strong-ismcts-side", SideTreeSearchPlayer),
    "strong-blind-side": lambda seed: SearchPlayer(seed, dataclasses.replace(STRONG, blind_rollouts="side"),
                                                   "strong-blind-side"),
}
"""Computer player levels by name, the benchmark's yardsticks included."""

PLAYER_LEVELS: tuple[str, ...] = ("easy", "normal", "strong", "random")
"""The levels a person can choose to play against (the cheat sees every hand, so it is only a yardstick)."""

DEFAULT_LEVEL = "strong"
"""The strongest level that answers within the time target (docs/development.md has the figures)."""


class LevelError(ValueError):
    """A level, or a list of levels, that names no computer player."""


def parse_levels(text: str, seats: int) -> list[str]:
    """The level of each seat from ``strong`` (every seat) or ``easy,strong,normal,strong`` (seat 0 first;
    spaces separate as well as commas).

    Only the levels a person may choose are accepted; a keyboard seat's entry is not used.
    """
    names = [name for name in re.split(r"[\s,]+", text.strip().lower()) if name] or [""]
    allowed = ", ".join(PLAYER_LEVELS[:-1]) + " or " + PLAYER_LEVELS[-1]
    if len(names) == 1:
        names = names * seats
    elif len(names) != seats:
        raise LevelError(f"give one level for every seat or {seats} levels, "
                         "one per seat, like easy,strong,normal,strong")
    for name in names:
        if name not in PLAYER_LEVELS:
            raise LevelError(f"no level called {shown(name) if name else 'nothing'}; levels: {allowed}")
    return names


PlayerMaker = Callable[[int | None], Player]
"""Makes a computer player from its seed (None: a fresh one)."""

FAMILY_PLAYERS: dict[str, Mapping[str, PlayerMaker]] = {}
"""The registry: each family's computer players by level, by family name (``register_players`` fills it)."""


def register_players(family: str, levels: Mapping[str, PlayerMaker]) -> None:
    """Give the family of games ``family`` (``GameDescription.family``) its computer players, by level.

    A family with computer seats registers at least the levels a person can
    choose (``PLAYER_LEVELS``); a family it registers again is replaced.
    """
    FAMILY_PLAYERS[family] = levels


def family_levels(family: str) -> Mapping[str, PlayerMaker]:
    """The computer players of ``family`` by level; empty for a family without any."""
    return FAMILY_PLAYERS.get(family, {})


def make_player(level: str = DEFAULT_LEVEL, seed: int | None = None, family: str = "tricks",
                repeatable: bool = False) -> Player:
    """A computer player of this level for a game of ``family``, seeded for repeatable choices.

    ``repeatable`` (a game started with ``--seed``): the same choices on any machine, however busy; a
    search player then searches its whole budget rather than answering at its time target.
    ``LevelError`` when the family has no player of that level (or no computer players at all).
    """
    levels = family_levels(family)
    if not levels:
        raise LevelError(f"the {family} family of games has no computer players")
    if level not in levels:
        raise LevelError(f"no level {shown(level)} in the {family} family of games; levels: {', '.join(levels)}")
    player = levels[level](seed)
    if repeatable and isinstance(player, SearchPlayer):
        player.search_whole_budget()
    return player


register_players("tricks", LEVELS)
register_players("match", {level: MatchPlayer for level in PLAYER_LEVELS})
register_players("donkey", {level: donkey_maker(level) for level in PLAYER_LEVELS})
register_players("panjandrum", {level: _panjandrum_player(level) for level in PLAYER_LEVELS})
register_players("tuxedo", tuxedo_levels())
register_players("doubt", {level: doubt_maker(level) for level in (*PLAYER_LEVELS, "cheat")})


__all__ = [
    "DEFAULT_LEVEL",
    "HandSetSearchPlayer",
    "FAMILY_PLAYERS",
    "LevelError",
    "LEVELS",
    "MY_LEVELS",
    "MatchPlayer",
    "TuxedoPlayer",
    "PLAYER_LEVELS",
    "PlayerMaker",
    "BasicPlayer",
    "CheatingPlayer",
    "Player",
    "RandomPlayer",
    "SearchPlayer",
    "TablePriors",
    "family_levels",
    "make_player",
    "parse_levels",
    "register_players",
]
