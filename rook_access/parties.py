"""Progressive parties played: the party's set-up, each table's game, the computer tables, what a save keeps.

The bookkeeping (who sits where, who moves, each player's score) is the
engine's ``engine.party``.  Here a party becomes games: each round, each table
plays one game of ``HANDS_A_ROUND`` hands of its trick game (so each of its
four players deals once), made by ``make_table`` like any game, from a seed
drawn from the party's seed, the round and the table.  The user is party
player 0 and always sits in seat 0 (South) of their table: the table's seats
are turned, which keeps partners opposite.  The other tables are all computer
players; ``play_computer_table`` plays one to its end, and gives the same
result every time (the players' choices depend only on their seeds and what
they see), so a resumed party plays them again rather than keeping them.

A party's save is the save of the user's game at their table this round
(``saves``), with a ``party`` object beside it (``PartyProgress.to_json``):
the party's set-up, every finished round's tables, points and cuts, and how
many lines of the record file the finished rounds fill.

    >>> setup = PartySetup(variant="dixie", tables=2, rounds=3, level="easy", seed=7)
    >>> progress = PartyProgress(setup)
    >>> table = progress.party.tables[0]
    >>> progress.table_game(table).seats
    ('human', 'computer', 'computer', 'computer')
    >>> progress.table_game(table).hands
    4
"""

from __future__ import annotations

import io
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .engine import RuleSetError
from .engine.cards import shown
from .engine.games import GAMES, find_game
from .engine.party import HANDS_A_ROUND, MAX_TABLES, MIN_TABLES, Party, PartyError, Table
from .engine.protocol import OptionError, or_list
from .engine.rules import RuleSet, Teams
from .engine.state import GameState as TrickGame
from .players import Player
from .record import RecordWriter
from .saves import SEED_RANGE, DamagedSaveError, GameSetup, SavedGame, make_table

DEFAULT_VARIANT = "dixie"
"""The game of a party when none is named: the booklet gives its parties with Dixie Rook."""

DEFAULT_ROUNDS = 4
"""Rounds a party plays unless told (the booklet sets no number): four rounds of four hands."""

MAX_ROUNDS = 12
USER = 0
"""The user is party player 0."""

PLAYER_NAMES = (
    "Ada", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou",
    "Max", "Ned", "Olive", "Pam", "Quinn", "Rosa", "Sam", "Tess", "Uma", "Vic", "Wes", "Zoe",
)  # fmt: skip
"""The computer players' names, party player 1 onward: short, and each begins with another letter."""



def player_name(player: int) -> str:
    """A party player's name: "you" for the user, else a name of ``PLAYER_NAMES``.

    >>> player_name(0), player_name(1), player_name(23)
    ('you', 'Ben', 'Zoe')
    """
    return "you" if player == USER else PLAYER_NAMES[player]


def party_rules(variant: str, options: Mapping[str, Any] | None = None) -> RuleSet:
    """The rules of a party's tables: ``variant`` must be a game of four in two fixed partnerships,
    partners opposite, scoring points to win; RuleSetError naming the games that are, otherwise."""
    try:
        game = find_game(variant)
        setup = GameSetup(("human",) * 4, variant=game.name, options=dict(options or {}))
        rules = setup.rules() if game.seats_at(setup.options) == 4 else None
    except (OptionError, RuleSetError):
        rules = None
    if rules is None or not party_game(rules):
        raise RuleSetError(f"A progressive party is played with {or_list(party_variants())}, not {shown(variant)}.")
    return rules


def party_game(rules: RuleSet) -> bool:
    """Whether a rule set can be a party's game: four players, two fixed partnerships opposite, bidding (a hand
    all pass is dealt again), most points wins."""
    return (
        rules.players == 4
        and rules.teams is Teams.FIXED
        and rules.partnerships == ((0, 2), (1, 3))
        and rules.bidding
        and not rules.dummy
        and not rules.avoid_points
    )


def party_variants() -> list[str]:
    """The games a party may be played with, the booklet's own first (``dixie``, ``partnership-1913``)."""
    names = []
    for name, game in GAMES.items():
        rules = game.extra.get("rules")
        if isinstance(rules, RuleSet) and party_game(rules):
            names.append(name)
    booklet = [name for name in (DEFAULT_VARIANT, "partnership-1913") if name in names]
    return booklet + [name for name in names if name not in booklet]


@dataclass(frozen=True)
class PartySetup:
    """Everything needed to start the same party again: its game and table options, the tables,
    the rounds, the computer players' level, the seed and the record file."""

    variant: str = DEFAULT_VARIANT
    tables: int = MIN_TABLES
    rounds: int = DEFAULT_ROUNDS
    level: str = "strong"
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    record: str | None = None

    def check(self) -> None:
        """RuleSetError naming what is allowed for a game, tables or rounds a party cannot have."""
        party_rules(self.variant, self.options)
        if not MIN_TABLES <= self.tables <= MAX_TABLES:
            raise RuleSetError(f"A party has {MIN_TABLES} to {MAX_TABLES} tables, not {self.tables}.")
        if not 1 <= self.rounds <= MAX_ROUNDS:
            raise RuleSetError(f"A party plays 1 to {MAX_ROUNDS} rounds, not {self.rounds}.")

    def to_json(self) -> dict[str, Any]:
        """The set-up as a JSON object."""
        return {
            "variant": self.variant,
            "tables": self.tables,
            "rounds": self.rounds,
            "level": self.level,
            "seed": self.seed,
            "options": dict(self.options),
            "record": self.record,
        }

    @classmethod
    def from_json(cls, data: Any) -> PartySetup:
        """A set-up from its JSON object; DamagedSaveError for a missing field, a wrong type or a party
        that cannot be."""
        if not isinstance(data, dict):
            raise DamagedSaveError("the party's set-up is not a JSON object")
        keys = {"variant", "tables", "rounds", "level", "seed", "options", "record"}
        if data.keys() != keys:
            raise DamagedSaveError("the party's set-up does not have the fields of a party")
        if not all(_is_int(data[name]) for name in ("tables", "rounds", "seed")):
            raise DamagedSaveError("the party's tables, rounds and seed are not whole numbers")
        if not isinstance(data["variant"], str) or not isinstance(data["level"], str):
            raise DamagedSaveError("the party's game or level is not a name")
        if not isinstance(data["options"], dict) or not (data["record"] is None or isinstance(data["record"], str)):
            raise DamagedSaveError("the party's table options or record file are not of the right kind")
        setup = cls(**data)
        try:
            setup.check()
        except RuleSetError as error:
            raise DamagedSaveError(f"the saved party cannot be: {error}") from None
        return setup


@dataclass(frozen=True)
class TableResult:
    """One table's round: its seats' party players (game seat 0 first), each side's points (the side of
    game seats 0 and 2 first) and, for a computer table, its record lines."""

    number: int
    players: tuple[int, ...]
    points: tuple[int, int]
    record_lines: tuple[str, ...] = ()


@dataclass(frozen=True)
class Cut:
    """A tie cut: each partnership's card number, the table's first partnership's first; higher moves."""

    table: int
    numbers: tuple[int, int]

    @property
    def winner(self) -> int:
        """0 if the table's first partnership cut higher, else 1."""
        return 0 if self.numbers[0] > self.numbers[1] else 1


@dataclass
class RoundDone:
    """A finished round: its tables as seated, each table's points by partnership (``Table.partnerships``
    order) and the cuts of tied tables."""

    tables: tuple[Table, ...]
    points: tuple[tuple[int, int], ...]
    cuts: tuple[Cut, ...] = ()

    def as_played(self) -> RoundDone:
        """The round with each table as its game was seated: the user in seat 0 of their table (``seats_from``),
        points and cut numbers in that order (the side of seats 0 and 2 first)."""
        tables, points, cuts = [], [], []
        for table, pair in zip(self.tables, self.points, strict=True):
            south, west, north, east = seats_from(table)
            played = Table(table.number, (south, west, north, east))
            turned = set(played.partnerships[0]) != set(table.partnerships[0])
            tables.append(played)
            points.append((pair[1], pair[0]) if turned else pair)
            cuts += [
                Cut(cut.table, (cut.numbers[1], cut.numbers[0]) if turned else cut.numbers)
                for cut in self.cuts
                if cut.table == table.number
            ]
        return RoundDone(tuple(tables), tuple(points), tuple(cuts))

    def to_json(self) -> dict[str, Any]:
        return {
            "tables": [list(table.seats) for table in self.tables],
            "points": [list(pair) for pair in self.points],
            "cuts": [{"table": cut.table, "numbers": list(cut.numbers)} for cut in self.cuts],
        }


def seats_from(table: Table, player: int = USER) -> tuple[int, ...]:
    """The table's party players by game seat, turned so ``player`` is in seat 0 when at this table
    (partners stay opposite).

    >>> seats_from(Table(2, (4, 1, 0, 7)))
    (0, 7, 4, 1)
    """
    seats = table.seats
    turn = seats.index(player) if player in seats else 0
    return tuple(seats[(turn + seat) % 4] for seat in range(4))


def partnership_points(table: Table, players: Sequence[int], points: Sequence[int]) -> tuple[int, int]:
    """A table's points in ``Table.partnerships`` order, from the game's side points (seats 0 and 2 first)."""
    first_side_first = players[0] in table.partnerships[0]
    return (points[0], points[1]) if first_side_first else (points[1], points[0])


class PartyProgress:
    """A party under way: its set-up, the engine's bookkeeping and the finished rounds.

    ``record_kept`` is how many lines of the record file hold the party's start and its finished rounds.
    """

    def __init__(self, setup: PartySetup, rounds: Sequence[RoundDone] = (), record_kept: int = 0) -> None:
        self.setup = setup
        self.party = Party.start(setup.tables)
        self.rounds: list[RoundDone] = []
        self.record_kept = record_kept
        for done in rounds:
            if tuple(done.tables) != tuple(self.party.tables):
                raise DamagedSaveError(f"the saved round {len(self.rounds) + 1} is not seated as the party was")
            self.finish_round(done.points, done.cuts)

    @property
    def round_number(self) -> int:
        """The round being played (1 for the first); past ``rounds`` once the party is over."""
        return len(self.rounds) + 1

    @property
    def is_over(self) -> bool:
        """Whether every round has been played."""
        return len(self.rounds) >= self.setup.rounds

    def user_table(self) -> Table:
        """The user's table this round."""
        return self.party.table_of(USER)

    def table_seed(self, table: int) -> int:
        """The seed of a table's game this round, from the party's seed, the round and the table."""
        return random.Random(f"{self.setup.seed}:{self.round_number}:{table}").randrange(SEED_RANGE)

    def table_game(self, table: Table) -> GameSetup:
        """The game a table plays this round: the party's game for ``HANDS_A_ROUND`` hands, the user in
        seat 0 at the user's table (with the record file), computer players everywhere else.  A hand
        everyone passes is dealt again by the same dealer, so that each of the four deals once."""
        players = seats_from(table)
        return GameSetup.create(
            ["human" if player == USER else "computer" for player in players],
            level=self.setup.level,
            seed=self.table_seed(table.number),
            hands=HANDS_A_ROUND,
            record=self.setup.record if USER in players else None,
            variant=self.setup.variant,
            options={**self.setup.options, "same_dealer": True},
        )

    def cut(self, table: int) -> Cut:
        """The cut of a tie at ``table`` this round: each partnership cuts a number, 1 to 14, until they differ."""
        draw = random.Random(f"{self.setup.seed}:{self.round_number}:{table}:cut")
        while True:
            numbers = (draw.randint(1, 14), draw.randint(1, 14))
            if numbers[0] != numbers[1]:
                return Cut(table, numbers)

    def finish_round(self, points: Sequence[tuple[int, int]], cuts: Sequence[Cut] | None = None) -> RoundDone:
        """Score the round from each table's points by partnership; ties are cut (``cut``, or the saved
        ``cuts``).  Returns the finished round; the party is seated for the next."""
        tables = tuple(self.party.tables)
        made = {cut.table: cut for cut in cuts} if cuts is not None else None
        used: list[Cut] = []

        def decide(table: int) -> int:
            chosen = made.get(table) if made is not None else self.cut(table)
            if chosen is None:
                raise DamagedSaveError(f"the saved round {self.round_number} has no cut for table {table}'s tie")
            used.append(chosen)
            return chosen.winner

        try:
            self.party.finish_round([(pair[0], pair[1]) for pair in points], cut=decide)
        except PartyError as error:
            raise DamagedSaveError(f"the saved round {self.round_number} does not fit the party: {error}") from None
        done = RoundDone(tables, tuple((int(a), int(b)) for a, b in points), tuple(used))
        self.rounds.append(done)
        return done

    def to_json(self) -> dict[str, Any]:
        """What a save keeps of the party."""
        return {
            "setup": self.setup.to_json(),
            "rounds": [done.to_json() for done in self.rounds],
            "record_kept": self.record_kept,
        }

    @classmethod
    def from_json(cls, data: Any) -> PartyProgress:
        """The party a save keeps; DamagedSaveError if it is not one."""
        if not isinstance(data, dict) or data.keys() != {"setup", "rounds", "record_kept"}:
            raise DamagedSaveError("the saved party does not have the fields of a party")
        setup = PartySetup.from_json(data["setup"])
        if not isinstance(data["rounds"], list) or not _is_int(data["record_kept"]) or data["record_kept"] < 0:
            raise DamagedSaveError("the saved party's rounds are not a list")
        rounds = [_round_from_json(item, setup.tables) for item in data["rounds"]]
        if len(rounds) >= setup.rounds:
            raise DamagedSaveError("the saved party has played all its rounds")
        return cls(setup, rounds, data["record_kept"])


def saved_party(saved: SavedGame) -> PartyProgress:
    """The party a saved game is a table of; DamagedSaveError if it is not one, or if the saved game is
    not the user's table's game of the party's round."""
    progress = PartyProgress.from_json(saved.party)
    if saved.setup != progress.table_game(progress.user_table()):
        raise DamagedSaveError("the saved game is not the party's game at your table")
    return progress


def _round_from_json(data: Any, tables: int) -> RoundDone:
    if not isinstance(data, dict) or data.keys() != {"tables", "points", "cuts"}:
        raise DamagedSaveError("a saved round does not have the fields of a round")
    seats, points, cuts = data["tables"], data["points"], data["cuts"]
    if not (isinstance(seats, list) and isinstance(points, list) and isinstance(cuts, list)):
        raise DamagedSaveError("a saved round's tables, points or cuts are not lists")
    if len(seats) != tables or len(points) != tables:
        raise DamagedSaveError(f"a saved round does not have {tables} tables")
    for table in seats:
        if not (isinstance(table, list) and len(table) == 4 and all(_is_int(player) for player in table)):
            raise DamagedSaveError("a saved table is not four players")
    for pair in points:
        if not (isinstance(pair, list) and len(pair) == 2 and all(_is_int(value) for value in pair)):
            raise DamagedSaveError("a saved table's points are not two whole numbers")
    made = []
    for cut in cuts:
        if not (isinstance(cut, dict) and cut.keys() == {"table", "numbers"} and _is_int(cut["table"])):
            raise DamagedSaveError("a saved cut is not a table and two numbers")
        numbers = cut["numbers"]
        if not (isinstance(numbers, list) and len(numbers) == 2 and all(_is_int(n) and 1 <= n <= 14 for n in numbers)):
            raise DamagedSaveError("a saved cut's numbers are not two card numbers")
        if numbers[0] == numbers[1]:
            raise DamagedSaveError("a saved cut is a tie")
        made.append(Cut(cut["table"], (numbers[0], numbers[1])))
    return RoundDone(
        tuple(Table(number, (a, b, c, d)) for number, (a, b, c, d) in enumerate(seats, 1)),
        tuple((a, b) for a, b in points),
        tuple(made),
    )


def play_computer_table(setup: GameSetup, number: int, players: Sequence[int]) -> TableResult:
    """Play a table of computer players to the end of its game: its result and its record lines.

    The same set-up gives the same game every time.  ``players`` are the party players by game seat,
    written in the record's ``game_start`` line.
    """
    state, seated = trick_table(setup)
    record = io.StringIO()
    writer = RecordWriter(record, table_record_extra(setup, number, players))
    written = 0
    while not state.is_over:
        seat = state.seats_to_act()[0]
        player = seated[state.controller(seat)]
        if player is None:
            raise RuleSetError("a computer table has a seat no computer plays")
        state.apply(player.choose(state.view(seat)), seat)
        for event in state.events[written:]:
            writer.write(event)
        written = len(state.events)
    lines = tuple(record.getvalue().splitlines(keepends=True))
    return TableResult(number, tuple(players), (state.scores[0], state.scores[1]), lines)


def trick_table(setup: GameSetup) -> tuple[TrickGame, list[Player | None]]:
    """``make_table`` for a party's table: a game of the trick-taking family (RuleSetError otherwise)."""
    state, players = make_table(setup, repeatable=True)  # a resumed party plays its computer tables again
    if not isinstance(state, TrickGame):
        raise RuleSetError(f"A progressive party is played with {or_list(party_variants())}.")
    return state, players


def table_record_extra(setup: GameSetup, number: int, players: Sequence[int]) -> dict[str, Any]:
    """The extra fields of a party table's ``game_start`` line: seats, seed, the table and its party
    players by seat (``party_table``, ``party_players``)."""
    return {"seats": list(setup.seats), "seed": setup.seed, "party_table": number, "party_players": list(players)}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = [
    "Cut",
    "DEFAULT_ROUNDS",
    "DEFAULT_VARIANT",
    "MAX_ROUNDS",
    "PLAYER_NAMES",
    "PartyProgress",
    "PartySetup",
    "RoundDone",
    "TableResult",
    "USER",
    "party_rules",
    "party_variants",
    "play_computer_table",
    "player_name",
    "saved_party",
    "seats_from",
    "table_record_extra",
    "trick_table",
]
