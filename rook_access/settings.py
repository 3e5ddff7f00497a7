"""The user's settings: a TOML file in the platform's user config directory.

Flags change a setting for one run; the ``settings`` command in the game
changes it and saves it.  A damaged settings file never stops the game: the
defaults are used and the user is told in one line.
"""

from __future__ import annotations

import dataclasses
import os
import tempfile
import time
import tomllib
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
import tomli_w

from .braille.elsewhere import braille_setting_help
from .engine.cards import shown
from .engine.games import GAMES, all_options, nearest_game
from .engine.party import MIN_TABLES
from .engine.protocol import Option, OptionError, OptionValue, spoken_name
from .engine.spelling import nearest
from .files import unused_name
from .players import DEFAULT_LEVEL, MY_LEVELS, PLAYER_LEVELS, LevelError, parse_levels

OUTPUTS = ("auto", "plain", "screenreader", "voice")
VERBOSITIES = ("terse", "normal", "verbose", "braille")
PACINGS = ("enter", "delay")
BRAILLE_DISPLAY = ("off", "on")
INTERRUPTS = ("all", "line", "none")
CARD_FORMS = ("words", "notation")
CALL_MODES = ("timed", "turns")
"""How quick calls are made: in a timed window, or each seat asked in turn."""
CHAT_MODES = ("on", "off")
"""Chat at an online table: said as it comes, or kept for the ``chat`` command only."""
NAME_LENGTH = 40
"""The longest name at an online table (the server's limit)."""


def variant_names() -> tuple[str, ...]:
    """The games' ``--variant`` names, the values of the ``variant`` setting (read from ``engine.games`` when asked,
    so a game registered at any time is one)."""
    return tuple(GAMES)


def table_options() -> dict[str, Option]:
    """The games' table options (``engine.games``) by name, each a setting of the same name (read when asked)."""
    return {option.name: option for option in all_options()}


def setting_choices() -> dict[str, tuple[str, ...]]:
    """The values of the settings that have a fixed few, for "did you mean"."""
    return {
        "verbosity": VERBOSITIES, "output": OUTPUTS, "pacing": PACINGS, "braille": BRAILLE_DISPLAY,
        "variant": variant_names(), "level": PLAYER_LEVELS, "cards": CARD_FORMS, "interrupt": INTERRUPTS,
        "calls": CALL_MODES, "my_level": MY_LEVELS, "chat": CHAT_MODES,
        **{option.name: ("off", "on") if option.kind is bool else (*option.choices, "default")
           for option in table_options().values() if option.kind is bool or option.choices},
    }  # fmt: skip


def likely_value(name: str, value: str) -> str | None:
    """The value a refused one of setting ``name`` likely meant, for "Did you mean": a game by its name or its
    title for ``variant`` (``nearest_game``, as ``--variant`` says it), else the closest of the setting's few.

    >>> likely_value("variant", "dixie-rook"), likely_value("verbosity", "trse"), likely_value("variant", "party")
    ('dixie', 'terse', None)
    """
    if name == "variant":
        return nearest_game(value)
    return nearest(value, setting_choices().get(name, ()))


NUMBER_DIGITS = 6
"""The most digits a number setting may have (no score or rate needs more)."""
VOICE_NAME_LENGTH = 60
"""The longest voice name taken (espeak-ng's are like en-us or mb-en1)."""
PARTY_EXAMPLE = f"like rook-access --party {MIN_TABLES} for {MIN_TABLES} tables"
"""How a progressive party is started, as every refusal of "party" as a game's name ends (the flag, a setting,
``join``): a party is not a variant."""
FASTEST_READING = 900
"""The highest ``reading_speed``, in words a minute."""
MOST_WORDS_IN_A_NAME = 3
"""The most words a setting's name has (``all tricks bonus``)."""


class SettingError(ValueError):
    """A setting name or value that cannot be used; the message says what can."""

    def __init__(self, message: str, allowed: str | None = None) -> None:
        super().__init__(message)
        self.allowed = message if allowed is None else allowed
        """What can be used, without the value refused ("pacing can be enter or delay."), for a line that has
        named that value already."""


@dataclass(frozen=True)
class Settings:
    """Every setting, with its default."""

    verbosity: str = "normal"
    """How much is said: terse, normal, verbose, or braille (terse lines that fit 40 braille cells)."""
    output: str = "auto"
    """Where announcements go: auto, plain, screenreader or voice."""
    voice: str = ""
    """The program's own voice, a name ``settings voice`` lists (espeak-ng's on Linux, SAPI 5's on
    Windows, the system's on macOS); empty for the default."""
    rate: int = 0
    """Speech rate of the program's own voice in words a minute; 0 for the default."""
    interrupt: str = "all"
    """What typing a line does to speech still to come: all (stop now and drop
    the rest), line (finish the sentence being said, drop the rest) or none
    (say everything).  ``all`` is the default because screen readers (NVDA,
    JAWS, Orca) stop talking when a key is pressed: a player who types has
    heard enough.  The answer to the line typed is always said."""
    pacing: str = "enter"
    """After a trick, at a terminal: wait for Enter, or go on after a delay."""
    delay: float = 1.5
    """Seconds to wait after a trick when pacing is delay."""
    level: str = DEFAULT_LEVEL
    """How the computer players play: one level, or one per seat separated by commas."""
    my_level: str = MY_LEVELS[0]
    """How well you play, as the computer players assume: new (a learner, the default), casual or expert.
    They plan with you as you play: a partner who is new to the game makes more mistakes."""
    braille: str = "off"
    """Whether the game writes to a braille display itself, through BRLTTY: on or off."""
    variant: str = "partnership"
    """The game to play (``--list-variants``)."""
    options: tuple[tuple[str, OptionValue], ...] = ()
    """The table options set (``table_options()``), in declaration order; an option not
    here is the game's own rule."""
    calls: str = "timed"
    """Quick calls (Tuxedo's Orange, I Doubt It, Panjandrum, Donkey's fold) at a terminal: timed, a window
    that opens once the event has reached you, or turns, every seat asked in turn with no clock.
    Piped input is always asked in turn."""
    call_time: float = 0.0
    """Seconds a call window stays open; 0 for the default of the computers' level."""
    reading_speed: int = 200
    """Words a minute you read or hear your screen reader at, for the time a call window waits
    after a line is written before it opens (the program's own voice is waited for instead)."""
    cards: str = "words"
    """How cards are printed at a terminal with output auto, where the screen reader reads
    the screen: words ("14 red") or the notation ("14r").  Piped output, output plain and
    the braille verbosity always print the notation."""
    chat: str = "on"
    """Chat lines at an online table: on, said as they come; off, kept for the ``chat`` command to read."""
    name: str = ""
    """Your name at online tables, as the other players hear it; empty for the system's user name."""

    def table_options(self) -> dict[str, OptionValue]:
        """The table options these settings ask for, as a save keeps them (the game's own rule left out)."""
        return dict(self.options)

    def option(self, name: str) -> OptionValue:
        """The value of table option ``name``; None when it is the game's own rule."""
        return dict(self.options).get(name)

    def with_option(self, name: str, value: OptionValue) -> Settings:
        """A copy with table option ``name`` set to a checked ``value`` (None or False: the game's own rule)."""
        declared = table_options()
        option = declared[name]
        given = dict(self.options)
        given[name] = option.check(value)
        kept = tuple((each, given[each]) for each in declared if given.get(each) not in (None, False))
        return dataclasses.replace(self, options=kept)

    def changed(self, name: str, value: object) -> Settings:
        """A copy with one setting changed from text typed by the user (or a value of the settings file); the
        name as ``setting_name`` reads it."""
        name = setting_name(name)
        declared = table_options()
        if name in declared:
            return self.with_option(name, _parse_option(declared[name], value))
        if name not in _FIELD_NAMES:
            every = ", ".join(spoken_setting_names())
            raise SettingError(f"There is no setting {shown(spoken_name(name))}. Settings: {every}.")
        if str(value).strip().lower() == "default":  # every setting takes default: its value as shipped
            return dataclasses.replace(self, **{name: _FIELD_DEFAULTS[name]})
        return dataclasses.replace(self, **{name: _parse(name, value)})

    def to_file(self) -> dict[str, Any]:
        """The settings as the settings file keeps them: every setting by name, an option the game's
        own as 0, an empty name or off (the file's form since the first version)."""
        values: dict[str, Any] = {}
        declared = table_options()
        for name in setting_names():
            if name in declared:
                values[name] = _option_in_file(declared[name], self.option(name))
            else:
                values[name] = getattr(self, name)
        return values

    def describe(self, names: Collection[str] | None = None) -> list[str]:
        """The settings as lines to read out, each its name, its value and what it does: those of ``names``
        (in their listed order), or every one."""
        return [f"{spoken_name(name)} {value}: {what}" for name, (value, what) in self._described().items()
                if names is None or name in names]

    def overview(self) -> list[str]:
        """The settings in one line a group (``setting_groups``): each name with its value alone."""
        described = self._described()
        return [f"{group}: " + ", ".join(f"{spoken_name(name)} {described[name][0]}" for name in names) + "."
                for group, names in setting_groups().items()]

    def _described(self) -> dict[str, tuple[str, str]]:
        """Every setting by name, in ``setting_names`` order: its value as said, and what it does."""
        options = {option.name: _describe_option(option, self.option(option.name))
                   for option in table_options().values()}
        described = {
            "verbosity": (self.verbosity, "terse, normal, verbose, or braille for a 40-cell display."),
            "output": (self.output, "auto, plain, screenreader or voice."),
            "voice": (self.voice or "default", "a voice's name (settings voice lists them), or default."),
            "rate": (str(self.rate or "default"), "words a minute, 80 to 450, or default."),
            "interrupt": (self.interrupt, "when you type, all stops speech, "
                          "line finishes the sentence, none says everything."),
            "pacing": (self.pacing, "after a trick, enter waits for Enter, delay goes on by itself."),
            "delay": (f"{self.delay:g}", "seconds to wait after a trick with pacing delay, 0 to 10."),
            "level": (self.level, "easy, normal, strong or random computer players, "
                      "or one per seat like easy,strong,normal,strong."),
            "my_level": (self.my_level, "how well you play, as the computer players assume: new, casual or expert."),
            "braille": (self.braille, f"{braille_setting_help()}."),
            "variant": (self.variant, "the game a new start plays when none is named; rook-access --list-variants says "
                                      "them all."),
            **options,
            "calls": (self.calls, "quick calls at a terminal, timed in a window after you have heard the event, "
                      "or turns, each asked in turn with no clock."),
            "call_time": (f"{self.call_time:g}" if self.call_time else "default",
                          "seconds a call window stays open, 1 to 30, or default for the computers' level's."),
            "reading_speed": (str(self.reading_speed), "how fast you read, or your screen reader speaks, in words "
                              "a minute, 60 to 900, or default, for the wait before a call window opens."),
            "cards": (self.cards, "at a terminal with output auto, words like 14 red, or notation, "
                      "a number and a color letter as the braille Rook kits write cards."),
            "chat": (self.chat, "at an online table, on says chat lines as they come, off keeps them for chat."),
            "name": (self.name or "default", "your name at online tables, or default for your computer's user name."),
        }
        return {name: described[name] for name in setting_names()}


_FIELD_NAMES = tuple(field.name for field in dataclasses.fields(Settings) if field.name != "options")
_FIELD_DEFAULTS: dict[str, Any] = {
    field.name: field.default for field in dataclasses.fields(Settings) if field.name != "options"
}
"""Each setting's value as shipped, which ``settings NAME default`` gives back."""


def setting_names() -> tuple[str, ...]:
    """Every setting's name, as listed and written: the table options in the place of ``options``."""
    at = _FIELD_NAMES.index("variant") + 1
    return (*_FIELD_NAMES[:at], *table_options(), *_FIELD_NAMES[at:])


SETTING_GROUPS = {
    "speech": ("verbosity", "output", "voice", "rate", "interrupt", "cards", "braille"),
    "pace": ("pacing", "delay", "calls", "call_time", "reading_speed"),
    "computers": ("level", "my_level"),
    "rules": ("variant",),
    "online": ("chat", "name"),
}
"""The settings' groups, as ``settings`` says them, one line each; the games' table options join the rules."""

ALL_SETTINGS = "all"
"""The word after ``settings`` that says every setting with what it does."""


def setting_groups() -> dict[str, tuple[str, ...]]:
    """Every setting's name by group (``SETTING_GROUPS``, the table options among the rules), each group in
    ``setting_names`` order."""
    names = setting_names()
    groups = {group: [*members, *(table_options() if group == "rules" else ())]
              for group, members in SETTING_GROUPS.items()}
    return {group: tuple(sorted(members, key=names.index)) for group, members in groups.items()}


def spoken_setting_names() -> list[str]:
    """Every setting's name as said, words apart (``min bid``), in the order ``setting_names`` gives."""
    return [spoken_name(name) for name in setting_names()]


def _parse_option(option: Option, value: object) -> OptionValue:
    """A table option's value from typed text or the settings file: default (or the file's 0, an
    empty name, off) is the game's own rule; anything else is checked against the declaration, and a
    number of players against the tables of every game (each game checks its own when it starts)."""
    text = str(value).strip().lower()
    if text in ("default", "", "0") and option.kind is not bool:
        return None
    if option.kind is int and len(text) > NUMBER_DIGITS:
        raise SettingError(f"{option.spoken} is {option.allowed()}, or default.")
    try:
        parsed = option.parse("on" if value is True else "off" if value is False else text)
    except OptionError:
        allowed = f"{option.spoken} is {option.allowed()}{'' if option.kind is bool else ', or default'}"
        given = shown(text) if text else "nothing"
        raise SettingError(f"{allowed}, not {given}.", f"{allowed}.") from None
    if option.name == "players" and isinstance(parsed, int):
        sizes = [size for game in GAMES.values() if option.name in (each.name for each in game.options)
                 for size in game.seat_counts]  # fmt: skip
        if sizes and not min(sizes) <= parsed <= max(sizes):
            allowed = f"{option.spoken.capitalize()} is {min(sizes)} to {max(sizes)}, or default"
            raise SettingError(f"{allowed}: no game is played by {parsed}.", f"{allowed}.")
    return parsed


def _option_in_file(option: Option, value: OptionValue) -> Any:
    if option.kind is bool:
        return "on" if value else "off"
    if value is None:
        return 0 if option.kind is int else ""
    return value


def _describe_option(option: Option, value: OptionValue) -> tuple[str, str]:
    """A table option's value as said, and what it does."""
    if option.kind is bool:
        return ("on" if value else "off"), f"{option.help}, on or off."
    return ("default" if value is None else str(value)), f"{option.help}, or default."


def _parse(name: str, value: object) -> Any:
    """The checked value of a setting, from typed text or from the TOML file."""
    text = str(value).strip().lower()
    if name == "level":
        try:
            levels = parse_levels(text, 4)
        except LevelError as error:
            raise SettingError(f"level: {error}.") from None
        return levels[0] if len(set(levels)) == 1 else ",".join(levels)
    if name == "variant":
        names = variant_names()
        if text == "party":  # the menu's last choice, but a party of tables, which the variant setting is not
            raise SettingError(
                f"party is not a variant: a progressive party is started with rook-access --party TABLES, "
                f"{PARTY_EXAMPLE}."
            )
        if text not in names:
            allowed = f"variant is one of {', '.join(names)}"
            raise SettingError(f"{allowed}, not {shown(text) if text else 'nothing'}.", f"{allowed}.")
        return text
    if name == "name":
        chosen = " ".join(str(value).split())
        if len(chosen) > NAME_LENGTH or not chosen.isprintable():
            raise SettingError(f"name is up to {NAME_LENGTH} letters, digits and spaces, or default.")
        return "" if chosen.lower() == "default" else chosen
    if name in ("verbosity", "output", "pacing", "braille", "cards", "interrupt", "calls", "my_level", "chat"):
        choices = setting_choices()[name]
        if text not in choices:
            allowed = f"{spoken_name(name)} can be {', '.join(choices[:-1])} or {choices[-1]}"
            raise SettingError(f"{allowed}, not {shown(text) if text else 'nothing'}.", f"{allowed}.")
        return text
    if name == "voice":
        voice = str(value).strip()
        if len(voice) > VOICE_NAME_LENGTH or not voice.isprintable():
            raise SettingError("voice is a voice name, like en-us (settings voice lists them), or default.")
        return "" if text in ("", "default") else voice
    if name == "rate":
        if text in ("default", "0"):
            return 0
        if not text.isascii() or not text.isdigit() or len(text) > NUMBER_DIGITS or not 80 <= int(text) <= 450:
            raise SettingError("rate is a number of words a minute from 80 to 450, or default.")
        return int(text)
    if name == "delay":
        try:
            seconds = float(text)
        except ValueError:
            raise SettingError("delay is a number of seconds from 0 to 10.") from None
        if not 0 <= seconds <= 10:
            raise SettingError("delay is a number of seconds from 0 to 10.")
        return seconds
    if name == "call_time":
        call_time_help = "call time is a number of seconds from 1 to 30, or default (0) for the computers' level's."
        if text == "default":
            return 0.0
        try:
            seconds = float(text)
        except ValueError:
            raise SettingError(call_time_help) from None
        if not (seconds == 0 or 1 <= seconds <= 30):
            raise SettingError(call_time_help)
        return seconds
    if name == "reading_speed":
        if text == "default":
            return Settings.reading_speed
        if (not text.isascii() or not text.isdigit() or len(text) > NUMBER_DIGITS
                or not 60 <= int(text) <= FASTEST_READING):
            raise SettingError(f"reading speed is a number of words a minute from 60 to {FASTEST_READING}, "
                               f"or default ({Settings.reading_speed}).")
        return int(text)
    raise SettingError(f"There is no setting {shown(spoken_name(name))}.")


def setting_name(typed: str) -> str:
    """A setting's name as typed, in its own spelling: a hyphen or a space is taken for the underscore, as the
    command-line flags and the settings list spell it (``bird-rank`` and ``bird rank`` are ``bird_rank``), and
    case does not matter."""
    return "_".join(typed.strip().lower().replace("-", " ").split())


def split_setting(words: Sequence[str]) -> tuple[str, list[str]]:
    """The setting a command's words name, and the words after it: the name may be typed in words
    (``min bid 80``), with ``_`` or ``-`` (``min_bid 80``); the longest run of first words that names a
    setting is taken, else the first word alone."""
    names = setting_names()
    for length in range(min(len(words), MOST_WORDS_IN_A_NAME), 1, -1):
        name = setting_name(" ".join(words[:length]))
        if name in names:
            return name, list(words[length:])
    return setting_name(words[0]), list(words[1:])


def settings_path() -> Path:
    """The settings file: in ROOK_ACCESS_CONFIG_DIR if set, else the platform's user config directory."""
    folder = os.environ.get("ROOK_ACCESS_CONFIG_DIR") or platformdirs.user_config_dir("rook-access", appauthor=False)
    return Path(folder) / "settings.toml"


def load_settings(path: Path) -> tuple[Settings, str | None]:
    """The settings in ``path`` (the defaults if there is none), and a notice if it was damaged."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return Settings(), None
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return Settings(), f"The settings file {path} could not be read; using the defaults."
    settings = Settings()
    problems = []
    reason = ""
    for name, value in data.items():
        try:
            if name == "options" or name.strip().lower() != name:
                raise SettingError(f"There is no setting {shown(name)}.")
            settings = settings.changed(name, value)
        except (SettingError, TypeError) as error:
            problems.append(name)
            reason = reason or (str(error) if isinstance(error, SettingError) else "")
    if problems:
        # One line: the settings left out, and what the first of them allows.
        return settings, f"Ignored bad settings in {path}: {', '.join(problems)}.{' ' + reason if reason else ''}"
    return settings, None


TEMPORARY_PREFIX = ".settings-"
STALE_SECONDS = 60
"""A temporary settings file this old was left by a program stopped while writing (a write takes milliseconds)."""


def save_settings(path: Path, settings: Settings, leave_out: Collection[str] = ()) -> None:
    """Write the settings atomically: a temporary file in the same folder, then a rename.

    The settings named in ``leave_out`` are not written (the game, while the
    user has not chosen one yet).

    A settings file there that does not load cleanly (damaged, or with bad
    values) is not overwritten: it is kept beside it as
    ``settings.damaged-YYYYMMDD-HHMMSS.toml``, byte for byte.  Temporary files
    left there by a program killed while writing are removed once they are a
    minute old.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    _keep_damaged(path)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=TEMPORARY_PREFIX, suffix=".toml")
    try:
        with os.fdopen(handle, "wb") as stream:
            values = {name: value for name, value in settings.to_file().items() if name not in leave_out}
            tomli_w.dump(values, stream)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    _remove_stale_temporaries(path.parent)


def _keep_damaged(path: Path) -> None:
    """Rename a settings file that does not load cleanly out of the way of the one about to be written."""
    if not path.is_file() or load_settings(path)[1] is None:
        return
    os.rename(path, unused_name(path, "damaged"))


def _remove_stale_temporaries(folder: Path) -> None:
    now = time.time()
    for each in folder.glob(f"{TEMPORARY_PREFIX}*.toml"):
        try:
            if now - each.stat().st_mtime > STALE_SECONDS:
                each.unlink()
        except OSError:
            pass  # gone already, or not ours to remove: it costs nothing to leave
