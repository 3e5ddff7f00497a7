"""The games the program offers: one ``GameDescription`` each, found by name.

Each game's table options are declared once, here, as ``Option`` data: the
flags, the settings file, saves, ``--list-variants``, the ``rules`` summary
and the first-start menu all read them from ``GAMES``.  Registering a new
game is one entry in ``GAMES`` (its module makes its ``GameDescription``).

    >>> find_game("Kentucky").title
    'Kentucky Discard'
    >>> [option.name for option in find_game("partnership").options]
    ['target', 'bird_rank', 'min_bid', 'all_tricks_bonus', 'ones', 'hands', 'same_dealer']
    >>> try:  # doctest: +ELLIPSIS
    ...     find_game("bridge")
    ... except UnknownGameError as error:
    ...     print(error)
    There is no game called bridge. Games: partnership, beginner, two, three, five, six, individual, kentucky, ...
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from .clock import CLOCK
from .deal import Deal
from .donkey import donkey_game
from .doubt import doubt_game
from .errors import InvalidDealError
from .match import match_game
from .panjandrum import panjandrum_game
from .protocol import GameDescription, Option, OptionError, OptionValue, TableSetup
from .rules import (
    BOOKLET_VARIANTS,
    VARIANTS,
    BirdRank,
    RuleSet,
    TableOptions,
    Teams,
    TrumpSource,
    sizes_text,
    with_options,
)
from .solitaire import SOLITAIRE
from .spelling import nearest
from .state import GameState
from .tuxedo import tuxedo_game


class UnknownGameError(OptionError):
    """A game name that is not one of the games; the message names the games there are.

    >>> isinstance(UnknownGameError("There is no game called bridge."), OptionError)
    True
    """


# ------------------------------------------------ the trick-taking games' options
TARGET = Option("target", int, None, "play to this score instead of the game's", minimum=1, metavar="POINTS")
BIRD_RANK = Option(
    "bird_rank",
    str,
    None,
    "where the Bird ranks: high, low or ten-and-a-half",
    choices=tuple(rank.value for rank in BirdRank),
    metavar="RANK",
)
MIN_BID = Option("min_bid", int, None, "the lowest opening bid, in fives", minimum=5, step=5, metavar="N")
ALL_TRICKS_BONUS = Option(
    "all_tricks_bonus", int, None, "Kentucky Discard: points for taking every trick", minimum=0, step=5, metavar="N"
)
ONES = Option("ones", bool, False, "Kentucky Discard: the deck with 1s (45 cards)")
HANDS = Option("hands", int, None, "play exactly N hands; the higher total wins", minimum=1, metavar="N")
SAME_DEALER = Option(
    "same_dealer", bool, False, "a hand everyone passes is dealt again by the same dealer, as at a progressive party"
)
PLAYERS = Option(
    "players", int, None, "how many play, in a game for several table sizes", minimum=1, metavar="N", table_size=True
)
SIDES = Option(
    "sides", int, None, "Partnership Rook for six: 3 for three sides of two (default 2, three against three)",
    minimum=2, maximum=3, metavar="N", table_size=True,
)
TABLE_SIZE_OPTIONS = (PLAYERS, SIDES)
"""The options of a game played by several table sizes (``RuleSet.table_sizes``): how many play, and
in how many sides of partners where it has partners.  Given for a game of one size they are refused."""

TRICK_OPTIONS = (TARGET, BIRD_RANK, MIN_BID, ALL_TRICKS_BONUS, ONES, HANDS, SAME_DEALER)
"""Every trick-taking game of the Hasbro rules takes the same options; which ones a game can be
played with (no Bird rank without a Bird, the 1s only in Kentucky Discard) is
the rule set's to say (``rules.with_options``), in words that name the game."""


def trick_options(rules: RuleSet) -> tuple[Option, ...]:
    """The table options of a trick-taking game: the Hasbro games' ``TRICK_OPTIONS``; the 1913
    games played by several table sizes add ``players``, and ``sides`` where partners may sit
    in two or three sides (Partnership Rook); those without bidding take only the number of
    hands, and a target where the game is played to one (not in Flip, six deals).

    >>> [option.name for option in trick_options(VARIANTS["flip"])]
    ['hands', 'players']
    >>> [option.name for option in trick_options(VARIANTS["high-14"])]
    ['target', 'hands', 'players']
    >>> [option.name for option in trick_options(VARIANTS["partnership-1913"])][-2:]
    ['players', 'sides']
    """
    if not rules.table_sizes:
        return TRICK_OPTIONS
    sides = rules.teams is Teams.FIXED and not (rules.two_sides_only or rules.partners_at_four)
    sized = (PLAYERS, SIDES) if sides else (PLAYERS,)
    if rules.bidding:
        return TRICK_OPTIONS + sized
    return (*(() if rules.hands_limit else (TARGET,)), HANDS, *sized)


def trick_rules(setup: TableSetup) -> RuleSet:
    """The rule set of a trick-taking table: the variant with its options; ``RuleSetError`` if impossible.

    >>> trick_rules(table_setup("kentucky", {"ones": True})).hand_size
    10
    """
    options = dict(setup.options)
    rank = options.get("bird_rank")
    table = TableOptions(
        target=_int_or_none(options.get("target")),
        hands=_int_or_none(options.get("hands")),
        bird_rank=BirdRank(rank) if isinstance(rank, str) else None,
        min_bid=_int_or_none(options.get("min_bid")),
        all_tricks_bonus=_int_or_none(options.get("all_tricks_bonus")),
        ones=options.get("ones") is True,
        players=_int_or_none(options.get("players")),
        sides=_int_or_none(options.get("sides")),
        same_dealer=options.get("same_dealer") is True,
    )
    return with_options(VARIANTS[setup.game], table)


def _int_or_none(value: OptionValue) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def trick_option_values(rules: RuleSet) -> tuple[tuple[str, OptionValue], ...]:
    """The value of each trick option in a game of ``rules``, None where the game has no such rule.

    >>> dict(trick_option_values(VARIANTS["beginner"]))["min_bid"] is None
    True
    """
    return (
        ("target", None if rules.hands_limit else rules.target_score),
        ("bird_rank", rules.bird_rank.value if rules.uses_bird else None),
        ("min_bid", rules.min_bid if rules.bidding else None),
        ("all_tricks_bonus", rules.all_tricks_bonus if rules.checking else None),
        ("ones", rules.ones_high if rules.checking else None),
        ("hands", rules.hands_limit),
        ("players", rules.players if rules.table_sizes else None),
        ("sides", len(rules.partnerships) if _sides_kept(rules) else None),
        ("same_dealer", True if rules.same_dealer_after_throw_in else None),  # said only where it is played
    )


def _sides_kept(rules: RuleSet) -> bool:
    """Whether a game's sides are a table option's value: the 1913 games of fixed partners at every size
    (not Flip and High 14, partners only at four)."""
    return bool(rules.table_sizes) and rules.teams is Teams.FIXED and not rules.partners_at_four


def _start_tricks(setup: TableSetup, deal: Deal | Mapping[str, Any] | None) -> GameState:
    """The first state of a trick-taking table; a deal file's JSON is read for its rules here
    (the deck depends on the options: Kentucky Discard's 1s), InvalidDealError naming the problem."""
    rules = trick_rules(setup)
    if deal is not None and not isinstance(deal, Deal):
        deal = Deal.from_json(deal, rules)
    return GameState(rules, seed=setup.seed, first_deal=deal)


def _read_trick_deal(data: Any) -> Mapping[str, Any]:
    """A trick deal file's JSON object, kept to be read against the table's rules by ``start``."""
    if not isinstance(data, Mapping):
        raise InvalidDealError("A deal file is a JSON object with the dealer, the hands and the nest.")
    return data


def trick_summary(rules: RuleSet) -> str:
    """A trick-taking game in one line: its title, players and the way it is played.

    >>> trick_summary(VARIANTS["three"])
    'The Game for 3 Players: 3 players, the bid winner against the other two, to 200.'
    """
    title = rules.title[0].upper() + rules.title[1:]
    how = {
        Teams.FIXED: "two against two" + (", with checking" if rules.checking else ""),
        Teams.ROTATING: f"partners change every {rules.rotation_hands} hands, a score each",
        Teams.BIDDER_AGAINST_PARTNERS: (
            "you against one other player, with a dummy hand" if rules.dummy else "the bid winner against the other two"
        ),
        Teams.BIDDER_ALONE: "the bid winner against everyone",
        Teams.EACH_ALONE: "each for themselves" + ("" if rules.bidding else ", no bidding"),
    }[rules.teams]
    if rules.table_sizes:
        return _sized_summary(rules, title, how)
    return f"{title}: {len(rules.people)} players, {how}, to {rules.target_score}."


def _sized_summary(rules: RuleSet, title: str, how: str) -> str:
    """The one line of a game for several table sizes (the 1913 booklet's): the sizes, how it is played
    and how it ends.

    >>> trick_summary(VARIANTS["rook-1913"])
    'Rook for 3 to 8 Players (1913): 3 to 8 players (--players, default 4), each for themselves, no nest, to 150.'
    >>> trick_summary(VARIANTS["partnership-1913"])  # doctest: +NORMALIZE_WHITESPACE
    'Partnership Rook (1913): 4 or 6 players (--players, default 4), partners opposite or alternating
    (--sides 3: three sides of two), 20 for most tricks, to 200.'
    >>> trick_summary(VARIANTS["dixie"])  # doctest: +NORMALIZE_WHITESPACE
    'Dixie Rook (1913): 4 or 6 players (--players, default 4), two sides, a nest, 13s count 10,
    bids from 70, 20 for most tricks, to 300.'
    >>> trick_summary(VARIANTS["display"])  # doctest: +NORMALIZE_WHITESPACE
    "Display Rook (1913): 4 players, two against two, the dealer opens and plays the partner's hand laid face
    up, 2 a trick, to 200."
    >>> trick_summary(VARIANTS["flip"])  # doctest: +NORMALIZE_WHITESPACE
    'Flip (Golden Ten): 3 to 7 players (--players, default 4), partners at 4, no trump, avoid taking red
    cards, 6 deals, the lowest wins.'
    >>> trick_summary(VARIANTS["high-14"])  # doctest: +NORMALIZE_WHITESPACE
    'High 14 (1913): 3 to 6 players (--players, default 4), partners at 4, trump cut from the pack, a 14 at
    any time, 5 a trick, to 250.'
    """
    sizes = rules.table_sizes
    year = "" if "(" in title else " (1913)"  # Flip (Golden Ten) has its own parenthesis
    choice = f" (--players, default {rules.players})" if len(sizes) > 1 else ""
    parts = [f"{sizes_text(sizes)} players{choice}"]
    if rules.dealer_partner_displays:
        parts.append("two against two, the dealer opens and plays the partner's hand laid face up")
    elif rules.two_sides_only:
        counted = ", ".join(str(number) + "s" for number, _ in rules.counter_values if number not in (5, 10))
        counts = f", {counted} count 10" if counted and counted != "14s" else ""
        parts.append(f"two sides, a nest{counts}, bids from {rules.min_bid}")
    elif rules.partners_at_four:
        parts.append("partners at 4")
    elif rules.teams is Teams.FIXED:
        parts.append("partners opposite or alternating (--sides 3: three sides of two)")
    else:
        parts.append(how)
    if rules.trump_from is TrumpSource.NONE:
        parts.append("no trump")
    elif rules.trump_from is TrumpSource.CUT:
        parts.append("trump cut from the pack")
    if rules.fourteens_any_time:
        parts.append("a 14 at any time")
    if rules.avoid_points:
        parts.append("avoid taking red cards")
    if not (rules.nest_size or rules.two_sides_only or rules.center_to_first_trick or rules.most_tricks_bonus):
        parts.append("no nest")
    if rules.trick_points or rules.points_per_trick:
        parts.append(f"{rules.trick_points or rules.points_per_trick} a trick")
    if rules.most_tricks_bonus:
        parts.append(f"{rules.most_tricks_bonus} for most tricks")
    if rules.hands_limit:
        deals = f"{rules.hands_limit} deal{'s' if rules.hands_limit != 1 else ''}"
        parts.append(f"{deals}, the {'lowest' if rules.avoid_points else 'highest'} wins")
    else:
        parts.append(f"to {rules.target_score}")
    return f"{title}{year}: {', '.join(parts)}."


def trick_game(rules: RuleSet) -> GameDescription:
    """The description of the trick-taking game that ``rules`` describes.

    >>> trick_game(VARIANTS["two"]).seat_counts
    (2,)
    """
    return GameDescription(
        name=rules.name,
        title=rules.title[0].upper() + rules.title[1:],
        family="tricks",
        summary=trick_summary(rules),
        seat_counts=rules.table_sizes or (len(rules.people),),
        options=trick_options(rules),
        start=_start_tricks,
        read_deal=_read_trick_deal,
        extra={"rules": rules},
        seats_for=_seats_for(rules) if rules.table_sizes else None,
    )


def _seats_for(rules: RuleSet) -> Callable[[Mapping[str, OptionValue]], int]:
    """How many seats a table of a game of several sizes has: its ``players`` option, else the default."""
    return lambda options: _int_or_none(options.get("players")) or rules.players


# ------------------------------------------------------------------ the registry
GAMES: dict[str, GameDescription] = {
    game.name: game
    for game in (
        *(trick_game(rules) for rules in VARIANTS.values() if rules.name not in BOOKLET_VARIANTS),
        SOLITAIRE,
        CLOCK,
        *(trick_game(rules) for rules in BOOKLET_VARIANTS.values()),
        match_game(PLAYERS),
        donkey_game(PLAYERS),
        panjandrum_game(PLAYERS),
        tuxedo_game(PLAYERS),
        doubt_game(PLAYERS),
    )
}
"""Every game, by ``--variant`` name, in the order they are listed."""


def find_game(name: str) -> GameDescription:
    """The game called ``name`` (case-insensitive); ``UnknownGameError`` naming the games there are.

    >>> find_game("SIX").title
    'The Game for 6 Players'
    >>> find_game("clock").family
    'patience'
    """
    key = name.strip().lower()
    try:
        return GAMES[key]
    except KeyError:
        if key == "party":  # listed with the games, but a party of tables, not one game
            raise UnknownGameError("A progressive party is started with --party TABLES, not --variant.") from None
        close = nearest_game(key)
        if close:  # the game meant, not all the games after it, as the settings' "Did you mean" says
            raise UnknownGameError(f"There is no game called {name}. Did you mean {close}?") from None
        raise UnknownGameError(f"There is no game called {name}. Games: {', '.join(GAMES)}.") from None


def nearest_game(word: str, others: Iterable[str] = ()) -> str | None:
    """The game a mistyped name most likely meant (``nearest``, the rule of every "Did you mean"), by its name,
    else by its title: "dixie-rook" is dixie (Dixie Rook), "kentucky discard" kentucky.  ``others``: names
    offered beside the games' (the first-start menu's party and online), which may be meant too.

    >>> nearest_game("tuxdo"), nearest_game("Dixie-Rook"), nearest_game("kentucky discard"), nearest_game("hi14")
    ('tuxedo', 'dixie', 'kentucky', 'high-14')
    >>> nearest_game("bridge") is None, nearest_game("onlin", ("party", "online"))
    (True, 'online')
    """
    typed = "-".join(re.findall(r"[a-z0-9]+", word.lower()))
    titles = {_title_word(game.title): game.name for game in GAMES.values()}
    close = nearest(typed, [*GAMES, *titles, *others])
    return titles.get(close, close) if close else None


def _title_word(title: str) -> str:
    """A game's title as one word, as it might be typed for ``--variant``: "Dixie Rook" is dixie-rook."""
    return "-".join(word for word in re.findall(r"[a-z0-9]+", title.lower()) if word != "the")


def all_options() -> tuple[Option, ...]:
    """Every option any game declares, each once, in the order first declared (the flags, the settings).

    >>> [option.flag for option in all_options()][:2]
    ['--target', '--bird-rank']
    """
    found: dict[str, Option] = {}
    for game in GAMES.values():
        for option in game.options:
            first = found.setdefault(option.name, option)
            if first is not option and first.kind is int and option.kind is int:
                # One flag for games that allow different ranges (``players``): a bound the games do
                # not share is left to each game, which checks its own range when its table is set
                # (``GameDescription.checked_options``), naming that range.
                lowest = _shared(first.minimum, option.minimum)
                found[option.name] = dataclasses.replace(
                    first, minimum=lowest, maximum=_shared(first.maximum, option.maximum)
                )
    return tuple(found.values())


def _shared(first: int | None, other: int | None) -> int | None:
    """A bound of a range two games share, None where they differ."""
    return first if first == other else None


def table_setup(
    game: str,
    options: Mapping[str, OptionValue] | None = None,
    seed: int | None = None,
    **seats: Any,
) -> TableSetup:
    """A checked table for ``game``: unknown game or option, or a value out of range, is an ``OptionError``.

    Unset options (None) are left out; ``seats`` go to ``TableSetup`` as they are.

    >>> table_setup("partnership", {"target": 500, "min_bid": None}, seed=3)
    TableSetup(game='partnership', options=(('target', 500),), seats=(<SeatKind.HUMAN: 'human'>,), levels=(), seed=3)
    """
    description = find_game(game)
    given = {name: value for name, value in (options or {}).items() if value is not None}
    return TableSetup(description.name, description.checked_options(given), seed=seed, **seats)


__all__ = [
    "ALL_TRICKS_BONUS",
    "BIRD_RANK",
    "GAMES",
    "HANDS",
    "MIN_BID",
    "ONES",
    "PLAYERS",
    "SIDES",
    "TABLE_SIZE_OPTIONS",
    "TARGET",
    "TRICK_OPTIONS",
    "UnknownGameError",
    "all_options",
    "find_game",
    "table_setup",
    "trick_game",
    "trick_options",
    "trick_option_values",
    "trick_rules",
    "trick_summary",
]
