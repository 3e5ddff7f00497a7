"""Never lose a game: the game in progress, saved after every action.

A save file is JSON (never pickle)::

    {"format": "rook-access save", "version": 1,
     "setup": {"variant": "partnership", "seed": 1234, "seats": [...], "level": "easy",
               "hands": null, "deal": null, "record": null},
     "actions": [{"seat": 1, "bid": 75}, {"seat": 2, "pass": true}, ...],
     "record_lines": 17}

``setup`` is everything needed to start the same game again (``GameSetup``),
``actions`` every action applied so far, human and computer, in order, and
``record_lines`` how many lines of the ``--record`` file belong to the saved
game.  ``rebuild`` starts the game as the command line does (``make_table``)
and applies the actions again.  The computer players are not asked again:
their choices depend only on their seeds and the position, so the rebuilt
players go on exactly as the saved ones would (and a resume never waits for
a strong player to think through a whole game again).

The file is replaced atomically (``write_save``: a temporary file in the same
folder, flushed, synced, renamed over the old one), so a crash at any moment
leaves either the old save or the new one, never half of one.  Actions are
written in the one notation of ``engine.notation``, as records are:

    >>> action_from_json({"seat": 1, "trump": "red"})
    (1, NameTrump(color=0))
"""

from __future__ import annotations

import io
import json
import os
import random
import secrets
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

import platformdirs

from .engine import (
    Action,
    Deal,
    Event,
    IllegalActionError,
    InvalidDealError,
    RuleSet,
    RuleSetError,
    card_name,
    notation,
)
from .engine.games import all_options, find_game, table_setup, trick_rules
from .engine.protocol import GameDescription, Option, OptionError, OptionValue, SeatKind, TableSetup
from .engine.protocol import GameState as PlayedGame
from .files import unused_name, write_atomically
from .players import DEFAULT_LEVEL, MY_LEVELS, LevelError, Player, SearchPlayer, TablePriors, make_player, parse_levels
from .record import RecordWriter

FORMAT = "rook-access save"
VERSION = 1
DATA_DIR_VARIABLE = "ROOK_ACCESS_DATA_DIR"
"""An environment variable naming the folder for the save file (the tests use it)."""

SEAT_KINDS = ("human", "computer")
SEED_RANGE = 2**32
"""Seeds are whole numbers from 0 up to this, not included."""


def draw_seed() -> int:
    """A new seed, for a game (or a party) started without one: kept, so a resumed game is the same game."""
    return secrets.randbelow(SEED_RANGE)

SavedAction = tuple[int, Action]
"""One action as saved: the seat that took it and the action."""


class DamagedSaveError(Exception):
    """A save file that cannot be read back into a game; the message says why, in a few words."""

    def __init__(self, message: str) -> None:
        super().__init__(message if len(message) <= 200 else message[:199] + "…")


# ------------------------------------------------------------------ the set-up
@dataclass(frozen=True)
class GameSetup:
    """Everything needed to start the same game again.

    ``seed`` is never None in a setup made with ``GameSetup.create``: when the
    user gave none, one is drawn and kept, so a resumed game is the same game.
    ``deal`` is the first deal as the JSON of a deal file (an object for a trick
    game, a list of cards for a patience game), or None.
    ``record`` is the path of the ``--record`` file, or None.

    It is the typed table of the game protocol (``table_setup()``, a
    ``TableSetup``: the game, its checked options with ``hands`` among them,
    the seats, their levels, the seed) with the deal and the record file, in
    the JSON shape saves have always had (``from_table`` makes one from it).
    """

    seats: tuple[str, ...]
    level: str = DEFAULT_LEVEL
    seed: int | None = None
    hands: int | None = None
    deal: Mapping[str, Any] | Sequence[str] | None = None
    record: str | None = None
    variant: str = "partnership"
    options: Mapping[str, Any] = field(default_factory=dict)
    """Table options as in a save file: ``target``, ``bird_rank``, ``min_bid``,
    ``all_tricks_bonus``, ``ones`` (absent: the variant's own rule)."""
    my_level: str = MY_LEVELS[0]
    """How well the people at the keyboard play, as the computer players assume (the ``my_level``
    setting when the game began): a save keeps it only when it is not the default, ``new``."""
    repeatable: bool = False
    """The user gave the seed (``--seed``): the computer players make the same choices on any machine,
    resumed too (``make_table``). A save keeps it only when true."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "options", dict(self.options))

    def _options(self) -> dict[str, OptionValue]:
        return {**self.options, "hands": self.hands}

    def table_setup(self) -> TableSetup:
        """The typed table: the game, its checked options, the seats and their levels, the seed.

        OptionError names what is allowed for an unknown game, an unknown or
        out-of-range option, or levels that do not fit the seats.
        """
        try:
            levels = tuple(parse_levels(self.level, len(self.seats)))
        except LevelError as error:
            raise OptionError(str(error)) from None
        seats = tuple(SeatKind(kind) for kind in self.seats if kind in SEAT_KINDS)
        return table_setup(self.variant, self._options(), seed=self.seed, seats=seats, levels=levels)

    def rules(self) -> RuleSet:
        """The rules of this game: the variant with the table options; RuleSetError if impossible
        (an unknown game or option, one the game cannot be played with, or a game without a rule set)."""
        try:
            game = find_game(self.variant)
            if "rules" not in game.extra:
                raise RuleSetError(f"{game.title} is not played with a rule set of the trick-taking games.")
            return trick_rules(table_setup(self.variant, self._options(), seed=self.seed))
        except OptionError as error:
            raise RuleSetError(str(error)) from None

    @classmethod
    def from_table(
        cls,
        table: TableSetup,
        deal: Deal | Mapping[str, Any] | Sequence[str] | None = None,
        record: str | os.PathLike[str] | None = None,
    ) -> GameSetup:
        """The setup of a new game at ``table`` (a seed drawn if it has none), with its deal and record file."""
        options = dict(table.options)
        hands = options.pop("hands", None)
        levels = table.levels
        return cls.create(
            [seat.value for seat in table.seats],
            level=levels[0] if len(set(levels)) == 1 else ",".join(levels),
            seed=table.seed,
            hands=hands if isinstance(hands, int) else None,
            deal=deal,
            record=record,
            variant=table.game,
            options=options,
        )

    @classmethod
    def create(
        cls,
        seats: Sequence[str],
        level: str = DEFAULT_LEVEL,
        seed: int | None = None,
        hands: int | None = None,
        deal: Deal | Mapping[str, Any] | Sequence[str] | None = None,
        record: str | os.PathLike[str] | None = None,
        variant: str = "partnership",
        options: Mapping[str, Any] | None = None,
        my_level: str = MY_LEVELS[0],
        repeatable: bool = False,
    ) -> GameSetup:
        """A setup for a new game: draws a seed if none is given, keeps the deal as JSON
        and the record's path as an absolute path (a resume may start in another folder)."""
        if seed is None:
            seed = draw_seed()
        if isinstance(deal, Deal):
            deal = deal_to_json(deal)
        options = dict(options or {})
        hands = hands or options.pop("hands", None)
        return cls(
            seats=tuple(seats),
            level=level,
            seed=seed,
            hands=hands or None,
            deal=deal,
            record=os.path.abspath(record) if record is not None else None,
            variant=variant,
            options={key: value for key, value in (options or {}).items() if value not in (None, False)},
            my_level=my_level,
            repeatable=repeatable,
        )

    def to_json(self) -> dict[str, Any]:
        """The setup as a JSON object (``options`` only when there are some, ``my_level`` only when not new,
        ``repeatable`` only when true)."""
        data = {
            "variant": self.variant,
            "seed": self.seed,
            "seats": list(self.seats),
            "level": self.level,
            "hands": self.hands,
            "deal": self.deal,
            "record": self.record,
        }
        if self.options:
            data["options"] = dict(self.options)
        if self.my_level != MY_LEVELS[0]:
            data["my_level"] = self.my_level
        if self.repeatable:
            data["repeatable"] = True
        return data

    @classmethod
    def from_json(cls, data: Any) -> GameSetup:
        """A setup from its JSON object; DamagedSaveError if a field is missing or of the wrong type.

        Whether the values make a playable game is checked by ``make_table``.
        """
        if not isinstance(data, dict):
            raise DamagedSaveError("the game's set-up is not a JSON object")
        keys = {"variant", "seed", "seats", "level", "hands", "deal", "record"}
        missing = keys - data.keys()
        if missing:
            raise DamagedSaveError(f"the game's set-up has no {', '.join(sorted(missing))}")
        unknown = data.keys() - keys - {"options", "my_level", "repeatable"}
        if unknown:
            raise DamagedSaveError(f"the game's set-up has unknown fields: {', '.join(sorted(map(str, unknown)))}")
        variant, seed, seats, level = data["variant"], data["seed"], data["seats"], data["level"]
        hands, deal, record = data["hands"], data["deal"], data["record"]
        if not isinstance(variant, str):
            raise DamagedSaveError("the saved variant is not a name")
        if seed is not None and not _is_int(seed):
            raise DamagedSaveError("the saved seed is not a whole number")
        if not isinstance(seats, list) or not all(isinstance(kind, str) and kind in SEAT_KINDS for kind in seats):
            raise DamagedSaveError("the saved seats are not a list of human and computer")
        if not isinstance(level, str):
            raise DamagedSaveError("the saved level is not a name")
        if hands is not None and not (_is_int(hands) and hands >= 1):
            raise DamagedSaveError("the saved number of hands is not a positive whole number")
        if deal is not None and not isinstance(deal, (dict, list)):
            raise DamagedSaveError("the saved deal is not a deal file's JSON")
        if record is not None and not isinstance(record, str):
            raise DamagedSaveError("the saved record file is not a path")
        options = _saved_options(data.get("options", {}))
        my_level = data.get("my_level", MY_LEVELS[0])
        if my_level not in MY_LEVELS:
            raise DamagedSaveError(f"the saved my_level is not {', '.join(MY_LEVELS[:-1])} or {MY_LEVELS[-1]}")
        repeatable = data.get("repeatable", False)
        if not isinstance(repeatable, bool):
            raise DamagedSaveError("the saved repeatable is not true or false")
        return cls(
            seats=tuple(seats),
            level=level,
            seed=seed,
            hands=hands,
            deal=deal,
            record=record,
            variant=variant,
            options=options,
            my_level=my_level,
            repeatable=repeatable,
        )


def saved_options() -> dict[str, Option]:
    """The table options a save keeps under ``options`` (``hands`` has a field of its own), by name.

    Read from the registry of games when asked, so a game registered at any time is known.
    """
    return {option.name: option for option in all_options() if option.name != "hands"}


def _saved_options(options: Any) -> dict[str, OptionValue]:
    """The saved table options, each known and in range; DamagedSaveError naming what is allowed."""
    if not isinstance(options, dict):
        raise DamagedSaveError("the saved table options are not a JSON object")
    known = saved_options()
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            raise DamagedSaveError(f"the saved table option {name} is not one of {', '.join(known)}")
        try:
            option.check(value)
        except OptionError as error:
            raise DamagedSaveError(f"the saved option {str(error).rstrip('.')}") from None
    return options


def deal_to_json(deal: Deal) -> dict[str, Any]:
    """A deal as the JSON object of a deal file (``Deal.from_json`` reads it back)."""
    data: dict[str, Any] = {
        "dealer": deal.dealer,
        "hands": [[card_name(card) for card in hand] for hand in deal.hands],
        "nest": [card_name(card) for card in deal.nest],
    }
    if deal.aside:
        data["aside"] = [card_name(card) for card in deal.aside]
    if deal.cut is not None:
        data["cut"] = card_name(deal.cut)
    return data


def record_extra(setup: GameSetup) -> dict[str, Any]:
    """The extra fields of the record's ``game_start`` line for this setup (seats and seed).

    Use it both for a new game and for a resumed one, so the two records agree.
    """
    return {"seats": list(setup.seats), "seed": setup.seed}


def make_table(setup: GameSetup, repeatable: bool = False) -> tuple[PlayedGame, list[Player | None]]:
    """The new game and its players (None for a keyboard seat), exactly as the command line makes them.

    The players are the game's family's (``players.make_player``); their seeds
    are drawn, seat 0 first, from ``random.Random(setup.seed)``.  ``repeatable``
    or ``setup.repeatable`` (the user gave the seed, or a party's tables): they
    make the same choices on any machine, however busy, rather than answering at
    their time target.
    Raises RuleSetError for an impossible table (game, options, level, seats,
    hands, a computer seat in a family without computer players) and
    InvalidDealError for an impossible deal.
    """
    game, table, state = _started(setup)
    levels = table.levels
    seeds = random.Random(setup.seed)
    try:
        players: list[Player | None] = [
            None if kind == "human"
            else make_player(level, seeds.randrange(SEED_RANGE), game.family,
                             repeatable=repeatable or setup.repeatable)
            for kind, level in zip(setup.seats, levels, strict=True)
        ]
    except LevelError as error:  # the game's family has no computer player of that level
        raise RuleSetError(f"{game.title}: {error}") from None
    # A seat no one sits in (the dummy's: its partner's player decides for it) has no player.
    players += [None] * (state.seat_count - len(players))
    meet_table(players, setup.seats, levels, setup.my_level)
    return state, players


def start_game(setup: GameSetup) -> PlayedGame:
    """The new game of ``setup``, before any action, without its players (``make_table`` makes both).

    Raises RuleSetError and InvalidDealError as ``make_table`` does.
    """
    return _started(setup)[2]


def _started(setup: GameSetup) -> tuple[GameDescription, TableSetup, PlayedGame]:
    """The game of ``setup`` found, its table checked, and the game started (``start_game``)."""
    try:
        game = find_game(setup.variant)
        people = game.seats_at(setup.options)
        if len(setup.seats) != people or any(kind not in SEAT_KINDS for kind in setup.seats):
            sizes = " (--players sets how many play)" if len(game.seat_counts) > 1 else ""
            raise RuleSetError(f"{game.title} needs {people} seats, each human or computer{sizes}.")
        table = setup.table_setup()
    except OptionError as error:
        raise RuleSetError(str(error)) from None
    deal = game.read_deal(setup.deal) if setup.deal is not None and game.read_deal is not None else None
    return game, table, game.start(table, deal)  # RuleSetError for options the game cannot be played with


def meet_table(players: Sequence[Player | None], seats: Sequence[str], levels: Sequence[str], my_level: str) -> None:
    """Tell the search players who sits where: the keyboard seats are people of ``my_level``, the
    others computers of their level (``players.search.skill``).  Other players plan without it."""
    people = [kind == "human" for kind in seats]
    priors = TablePriors.of_table(people, levels, my_level)
    for player in players:
        if isinstance(player, SearchPlayer):
            player.meet_table(priors)


# ---------------------------------------------------------------- the actions
action_to_json = notation.action_to_json
"""One action as its small JSON object, like ``{"seat": 0, "bid": 75}`` (``engine.notation``)."""
_action_text = notation.action_text


def action_from_json(data: Any) -> SavedAction:
    """The seat and action of a saved action object; DamagedSaveError if it is malformed."""
    try:
        return notation.action_from_json(data)
    except notation.NotationError as error:
        raise DamagedSaveError(str(error)) from None


# ----------------------------------------------------------------- rebuilding
def rebuild(setup: GameSetup, actions: Iterable[SavedAction]) -> tuple[PlayedGame, list[Player | None]]:
    """The saved game as it was: made by ``make_table`` and every action applied again in order.

    Raises DamagedSaveError if the table cannot be made or an action is not
    legal.
    """
    try:
        state, players = make_table(setup)
    except (RuleSetError, InvalidDealError) as error:
        raise DamagedSaveError(f"the saved game cannot be set up: {error}") from None
    for number, (seat, action) in enumerate(actions, 1):
        if state.is_over:
            raise DamagedSaveError(f"saved action {number} comes after the end of the game")
        acting = state.seats_to_act()
        if seat not in acting:
            turn = " or ".join(str(each) for each in acting)
            raise DamagedSaveError(f"saved action {number} is by seat {seat}, but it was seat {turn}'s turn")
        try:
            state.apply(action, seat)  # an illegal action raises and changes nothing
        except IllegalActionError as error:
            raise DamagedSaveError(f"saved action {number}, {action}, is not legal: {error}") from None
    return state, players


# --------------------------------------------------------------- saving files
def data_folder() -> Path:
    """The user data folder, where the saved games are (``save_files`` says how).

    ``$ROOK_ACCESS_DATA_DIR`` when set, else the platform's user data folder
    for rook-access.
    """
    folder = os.environ.get(DATA_DIR_VARIABLE)
    if not folder:
        folder = platformdirs.user_data_dir("rook-access", appauthor=False)
    return Path(folder)


def _temp_path(path: Path) -> Path:
    return path.with_name(f".{path.name}.tmp")


def _encode(setup_text: str, action_texts: Sequence[str], record_lines: int, party_text: str | None = None) -> bytes:
    actions = ",\n".join(action_texts)
    party = f'"party":{party_text},\n' if party_text is not None else ""
    return (
        f'{{"format":"{FORMAT}","version":{VERSION},\n"setup":{setup_text},\n'
        f'"actions":[\n{actions}\n],\n{party}"record_lines":{int(record_lines)}}}\n'
    ).encode()


def _setup_text(setup: GameSetup) -> str:
    return json.dumps(setup.to_json(), separators=(",", ":"))


def _write_atomically(path: Path, data: bytes) -> None:
    write_atomically(path, data, _temp_path(path))


def write_save(
    path: str | os.PathLike[str], setup: GameSetup, actions: Sequence[SavedAction], record_lines: int
) -> None:
    """Save the game atomically: a temporary file beside ``path``, flushed, synced and renamed over it.

    ``actions`` are (seat, action) pairs in the order applied; ``record_lines``
    is how many lines of the record file belong to this game so far.  Raises
    OSError if the file cannot be written; an old save is then left as it was.
    """
    data = _encode(_setup_text(setup), [_action_text(seat, action) for seat, action in actions], record_lines)
    _write_atomically(Path(path), data)


class GameSaver:
    """Keeps the actions of the game in progress and saves them after each one, quickly.

    Each action is encoded once, when added, so a save costs one write of the
    file, not an encoding of the whole game.  ``party`` is the progressive
    party the game is a table of (``parties.PartyProgress.to_json``), kept
    beside it in the file, or None.
    """

    def __init__(
        self,
        path: str | os.PathLike[str],
        setup: GameSetup,
        actions: Iterable[SavedAction] = (),
        party: Mapping[str, Any] | None = None,
    ) -> None:
        self.path = Path(path)
        self.setup = setup
        self.actions: list[SavedAction] = []
        self._texts: list[str] = []
        self._setup_text = _setup_text(setup)
        self._party_text = None if party is None else json.dumps(party, separators=(",", ":"))
        for seat, action in actions:
            self.add(seat, action)

    def add(self, seat: int, action: Action) -> None:
        """Note an action just applied (by ``seat``)."""
        self.actions.append((seat, action))
        self._texts.append(_action_text(seat, action))

    def save(self, record_lines: int) -> None:
        """Write the save file now (atomically); OSError if it cannot be written."""
        _write_atomically(self.path, _encode(self._setup_text, self._texts, record_lines, self._party_text))

    def delete(self) -> None:
        """Remove the save file: the game is over."""
        delete_save(self.path)


# ------------------------------------------------------------- reading files
@dataclass
class SavedGame:
    """A save file read back: its contents and the game rebuilt from them."""

    setup: GameSetup
    actions: list[SavedAction]
    record_lines: int
    state: PlayedGame = field(repr=False)
    players: list[Player | None] = field(repr=False)
    party: Any = None
    """The progressive party the game is a table of, as its JSON (``parties`` reads it), or None."""


def read_save(path: str | os.PathLike[str]) -> SavedGame | None:
    """The game saved at ``path``, rebuilt; None if there is no save file.

    Raises DamagedSaveError, with a short message, for anything else that is
    not a good save: unreadable, not JSON, another format or version, fields
    of the wrong type, or actions that do not replay.
    """
    path = Path(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise DamagedSaveError(f"the save file cannot be read: {error.strerror or error}") from None
    try:
        document = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        raise DamagedSaveError("the save file is not valid JSON") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise DamagedSaveError("the file is not a rook-access save")
    version = document.get("version")
    if not _is_int(version) or version != VERSION:
        shown = f"version {version}" if _is_int(version) and abs(version) < 10**6 else "an unknown version"
        raise DamagedSaveError(f"the save is of {shown}; this program reads version {VERSION}")
    missing = {"setup", "actions", "record_lines"} - document.keys()
    if missing:
        raise DamagedSaveError(f"the save has no {', '.join(sorted(missing))}")
    setup = GameSetup.from_json(document["setup"])
    raw_actions = document["actions"]
    if not isinstance(raw_actions, list):
        raise DamagedSaveError("the saved actions are not a list")
    actions = [action_from_json(item) for item in raw_actions]
    record_lines = document["record_lines"]
    if not _is_int(record_lines) or record_lines < 0:
        raise DamagedSaveError("the saved count of record lines is not a whole number")
    state, players = rebuild(setup, actions)
    if record_lines > len(state.events):
        raise DamagedSaveError("the save counts more record lines than the game has events")
    return SavedGame(setup, actions, record_lines, state, players, document.get("party"))


def delete_save(path: str | os.PathLike[str]) -> None:
    """Remove the save file (and any temporary file left beside it); nothing if there is none."""
    path = Path(path)
    for each in (path, _temp_path(path)):
        try:
            each.unlink()
        except FileNotFoundError:
            pass


# ------------------------------------------------------------- the record file
def record_lines_of(events: Sequence[Event], extra: Mapping[str, Any] | None = None) -> list[str]:
    """The lines a RecordWriter writes for these events, each ending in a newline."""
    buffer = io.StringIO()
    writer = RecordWriter(buffer, dict(extra or {}))
    for event in events:
        writer.write(event)
    return buffer.getvalue().splitlines(keepends=True)


def resume_record(
    path: str | os.PathLike[str],
    events: Sequence[Event],
    record_lines: int,
    extra: Mapping[str, Any] | None = None,
    kept_before: int = 0,
) -> RecordWriter:
    """Open the record of a resumed game so that it holds exactly ``events``, and go on appending.

    The file's first lines are kept while they are the saved game's (at most
    ``record_lines`` of them); what follows is cut only when it is the
    program's own writing that the saved game does not hold: whole record
    lines written after the save, and a half-written last line.  Then the
    events after the kept lines are written.  A game interrupted any number of
    times has the record of a game never interrupted.

    A file that does not match (a line of the saved game changed, another
    file at that path) is never cut: it is renamed to
    ``NAME.unmatched-YYYYMMDD-HHMMSS.jsonl`` beside it, byte for byte, the
    whole record is written anew, and the returned writer's ``notice`` says
    so in one line.  ``extra`` is the ``game_start`` line's extra fields
    (``record_extra(setup)``).  Raises OSError if the file cannot be opened
    or kept aside; a file that cannot be written to (a full disk) gives a
    writer whose ``error`` says so, as a failed write of ``RecordWriter`` does.

    ``kept_before`` lines at the file's start come before the game and are
    kept as they are (a progressive party's start and finished rounds): the
    game's lines are matched after them.  A file with fewer such lines does
    not match.
    """
    path = Path(path)
    expected = record_lines_of(events, extra)
    notice = None
    kept = 0
    if path.is_file():
        data = path.read_bytes()
        before = _lines_length(data, kept_before)
        if before is None:
            kept, offset, matches = 0, 0, False
        else:
            kept, offset, matches = _match_record(data[before:], expected, min(record_lines, len(expected)))
            offset += before
        if not matches:
            aside = unused_name(path, "unmatched")
            os.rename(path, aside)
            notice = (
                f"The record file {path} did not match the saved game; "
                f"it was kept as {aside.name} and written again."
            )
            kept = 0
        elif offset < len(data):
            with open(path, "r+b") as binary:
                binary.truncate(offset)
    stream = open(path, "a", encoding="utf-8")  # noqa: SIM115 - the writer closes it
    writer = RecordWriter(stream, dict(extra or {}))
    writer.notice = notice
    try:
        stream.write("".join(expected[kept:]))
        stream.flush()
    except OSError as error:  # a full disk: the game goes on, and the writer says the record stopped
        writer.error = error
        writer.lost = len(expected) - kept
    return writer


def _lines_length(data: bytes, lines: int) -> int | None:
    """The bytes of the first ``lines`` whole record lines of ``data``; None if it has fewer."""
    offset = 0
    for _ in range(lines):
        end = data.find(b"\n", offset)
        if end < 0 or not _is_record_line(data[offset:end]):
            return None
        offset = end + 1
    return offset


def _match_record(data: bytes, expected: Sequence[str], limit: int) -> tuple[int, int, bool]:
    """How a record file stands against the saved game's lines (the first ``limit`` of them saved).

    (lines kept, bytes kept, whether the rest may be cut): the file matches
    when its whole lines are the expected lines up to where it ends or up to
    ``limit``, followed only by whole record lines (written after the save)
    and a half-written last line (a prefix of the expected line while in the
    saved part).
    """
    *whole, tail = data.split(b"\n")
    kept = 0
    offset = 0
    while kept < min(limit, len(whole)) and whole[kept] == expected[kept][:-1].encode():
        offset += len(whole[kept]) + 1
        kept += 1
    if kept < limit:
        if kept < len(whole):
            return kept, offset, False  # a line of the saved game that is not the saved game's
        return kept, offset, expected[kept].encode().startswith(tail)
    return kept, offset, all(_is_record_line(line) for line in whole[kept:])


def _is_record_line(line: bytes) -> bool:
    """Whether a line is one the program writes to a record: a JSON object naming its event."""
    try:
        item = json.loads(line)
    except (ValueError, RecursionError):
        return False
    return isinstance(item, dict) and isinstance(item.get("event"), str)


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = [
    "DamagedSaveError",
    "GameSaver",
    "GameSetup",
    "SavedAction",
    "SavedGame",
    "action_from_json",
    "action_to_json",
    "deal_to_json",
    "data_folder",
    "delete_save",
    "make_table",
    "read_save",
    "saved_options",
    "rebuild",
    "record_extra",
    "record_lines_of",
    "resume_record",
    "write_save",
]
