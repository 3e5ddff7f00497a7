"""The questions before a game about the saved games: resume one, start a new one, or delete one.

- At a terminal with one saved game: "A saved game was found. Resume it?
  Type yes or no." (after a line saying which game).  yes, no, y, n in any
  case, trailing punctuation ignored; anything else (Enter alone included) is
  refused in one line and the question is asked again.
- At a terminal with several saved games, or one that cannot be read: the
  list, newest first, one short line each, answered by number; ``new`` starts
  a new game, ``delete N`` removes a save (after a yes), and so do ``delete
  N-M`` (or ``N to M``) for several and ``delete all`` for every one; ``list``
  says the list again.  After a deletion the list is not read again: one line
  says how many are left, numbered anew, and ``list`` reads them.
- At either question ``games`` offers the list of games (where the command
  line named none): a new game of the one chosen there.
- With ``--variant`` at a terminal only the saves of that game are offered.
- ``--resume`` resumes the only saved game at once, or asks from the list.
  With scripted input (a pipe) nothing is asked: ``--resume`` takes the
  newest saved game that no other copy plays, and says so in one line when
  there were several; without ``--resume`` the saves are not even read.
- At every question, Ctrl-D (the end of input), ``quit``, ``q`` and
  ``exit`` leave the program at once (``LeaveProgram``), touching no save,
  and ``help`` answers in one line.

Nothing here writes a save: a new game never replaces an old one (see
``rook_access.save_files``).
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..parties import saved_party
from ..save_files import (
    GameOpenElsewhere,
    SaveEntry,
    SaveLock,
    delete_saved_game,
    find_saves,
    game_title,
    lock_for_resume,
)
from ..saves import DamagedSaveError, GameSetup, SavedGame
from .families import family_of
from .lines import LineSource, is_interactive
from .questions import Question, ask, yes_or_no

RESUME_QUESTION = "A saved game was found. Resume it? Type yes or no."
RESUME_QUESTION_BRAILLE = "Resume the saved game? yes or no."
"""``RESUME_QUESTION`` within a 40-cell braille display."""
_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")  # fmt: skip


class LeaveProgram(Exception):
    """The user left at a question before the game (Ctrl-D or quit): nothing was touched."""


@dataclass
class ChosenGame:
    """The saved game the user chose, read again under its lock."""

    path: Path
    saved: SavedGame
    lock: SaveLock | None


Notice = Callable[[str], None]
SettingsCommand = Callable[[Sequence[str]], list[str]]
"""Carries out ``settings`` and its words (like ``SettingsControl.command``); the lines to say."""


OTHER_SAVES_KEPT = "Your saved games of other games are kept: rook-access --resume lists them."
"""Said before a new game of the one ``--variant`` asked for, where only other games are saved."""


def choose_saved_game(
    lines: LineSource,
    notice: Notice,
    resume: bool,
    data: Path | None = None,
    now: float | None = None,
    settings: SettingsCommand | None = None,
    braille: bool = False,
    variant: str | None = None,
    games: Callable[[], None] | None = None,
    party: bool = False,
) -> ChosenGame | None:
    """The saved game to go on with, or None for a new game; LeaveProgram if the user leaves.  With ``braille``
    the questions are worded within 40 cells; with ``variant`` (a game asked for by ``--variant``) only the
    saves of that game are offered, and none at all is a new game of it, asked nothing; with ``party`` (a
    party asked for by ``--party``) only the saved parties, the same way.

    ``resume`` is the ``--resume`` flag; ``data`` the data folder (the
    default one when None); ``now`` the time the saves' ages are told from;
    ``settings`` carries out a ``settings`` command typed at a question
    (without it, one line says to type it once the game starts); ``games``
    offers the list of games, for ``games`` typed at a question: a new game
    of the one chosen there (LeaveProgram if the user leaves it).
    """
    interactive = is_interactive(lines)
    if not resume and not interactive:
        return None  # scripted input is never asked anything extra
    now = time.time() if now is None else now
    if not interactive:
        return _for_a_script(find_saves(data), notice, now)
    read_list = True
    while True:
        entries = find_saves(data)
        others = 0
        if variant is not None or party:
            of_the_game = [
                entry for entry in entries if entry.game is not None
                and (variant is None or entry.game.setup.variant == variant)
                and (not party or entry.game.party is not None)
            ]
            others = len(entries) - len(of_the_game)
            entries = of_the_game
        if not entries:
            if not read_list:  # the user deleted the last ones
                notice("There is no saved game left; a new game starts.")
            elif resume:
                notice("There is no saved game to resume; a new game starts.")
            elif others:  # --variant asked for another game: the saves of the others are kept, and where
                notice(OTHER_SAVES_KEPT)
            return None
        if len(entries) == 1 and entries[0].game is not None:
            entry = entries[0]
            if entry.open_by is not None:
                notice(f"The saved game, {describe(entry, now, mark_open=False)}, "
                       "is open in another copy of rook-access; "
                       "a new game starts.")  # fmt: skip
                return None
            if not resume:
                notice(f"Saved game: {describe(entry, now)}.")
                question = RESUME_QUESTION_BRAILLE if braille else RESUME_QUESTION
                answer = _resume_or_not(lines, notice, question, settings, games is not None)
                if answer == GAMES_WORD and games is not None:
                    games()
                    return None
                if not answer:
                    return None
            chosen = _take(entry, notice)
            if chosen is None:
                notice("A new game starts.")
            return chosen
        listed = _from_list(entries, lines, notice, now, settings, braille, read_list, games is not None)
        if listed is _ListAnswer.GAMES and games is not None:
            games()
            return None
        if listed is _ListAnswer.NEW:
            return None
        if isinstance(listed, ChosenGame):
            return listed
        # From the list: a save changed under us (read the list again), or some were deleted (say how many are
        # left, not the whole list again: clearing twenty saves would mean four hundred lines of speech).
        read_list = listed is not _ListAnswer.DELETED


_RESUME_HELP = (
    "Your games are saved after every move. Type yes to go on with this one, no to start a new game "
    "(this one is kept), or quit to leave."
)
_RESUME_REFUSAL = "Type yes to resume the saved game, no for a new game, or quit to leave."
GAMES_WORD = "games"
"""Typed at a question about the saved games: the list of games, to start another (``choose_saved_game``)."""
_GAMES_HELP = " Games lists the games, to start another."


def _resume_or_not(
    lines: LineSource, notice: Notice, question: str, settings: SettingsCommand | None, games: bool
) -> bool | str:
    """The one saved game's question: True for yes, False for no, ``GAMES_WORD`` for games (where ``games``);
    LeaveProgram on Ctrl-D, quit, q or exit."""

    def answer(text: str) -> bool | str | None:
        if games and text.lower().strip(".!") == GAMES_WORD:
            return GAMES_WORD
        return yes_or_no(text)

    help_line = _RESUME_HELP + (_GAMES_HELP if games else "")
    asked: Question[bool | str] = Question(question, answer, allowed=_RESUME_REFUSAL, help=(help_line,))
    chosen = ask(asked, lines, notice, _settings_for_questions(settings))
    if chosen is None:
        raise LeaveProgram
    return chosen


class _ListAnswer(enum.Enum):
    """``_from_list``'s answers other than a chosen game."""

    NEW = "a new game"
    GAMES = "a new game, of one chosen from the list of games"
    DELETED = "saves were deleted: look at the saves again, without reading the list"


# ------------------------------------------------------------------- scripts
def _for_a_script(entries: list[SaveEntry], notice: Notice, now: float) -> ChosenGame | None:
    """``--resume`` with scripted input: the newest saved game no other copy plays, asking nothing."""
    for entry in entries:
        if entry.damage is not None:
            notice(f"The save {entry.path.name} cannot be read: {entry.damage}. It is kept.")
    good = [entry for entry in entries if entry.game is not None]
    free = [entry for entry in good if entry.open_by is None]
    if not good:
        notice("There is no saved game to resume; a new game starts.")
        return None
    if not free:
        notice("The saved game is open in another copy of rook-access; a new game starts.")
        return None
    newest = free[0]
    if len(good) > 1:
        notice(f"{len(good)} saved games; resuming the newest, {describe(newest, now)}.")
    chosen = _take(newest, notice)
    if chosen is None:
        notice("A new game starts.")
    return chosen


# ----------------------------------------------------------------- questions
def _settings_lines(word: str, settings: SettingsCommand | None) -> list[str] | None:
    """What a ``settings`` command typed at a question says, or None if ``word`` is not one."""
    words = word.split()
    if not words or words[0] != "settings":
        return None
    if settings is None:
        return ["Settings are changed at the game's prompts: type settings once the game starts."]
    return settings(words[1:])


def _settings_for_questions(settings: SettingsCommand | None) -> SettingsCommand:
    """``settings`` as ``questions.ask`` takes it; without one, a line says to type it once the game starts."""
    return lambda words: _settings_lines(" ".join(["settings", *words]), settings) or []


def ask_yes_no(
    lines: LineSource,
    notice: Notice,
    question: str,
    help_line: str,
    refusal: str,
    settings: SettingsCommand | None = None,
) -> bool:
    """Ask until yes or no (y, n, any case), as every question outside the game asks (``questions.ask``):
    ``help_line`` for help, ``refusal`` after anything else.

    LeaveProgram on Ctrl-D, quit, q or exit; ``settings`` as in ``choose_saved_game``.
    """
    asked = Question(question, yes_or_no, allowed=refusal, help=(help_line,))
    answer = ask(asked, lines, notice, _settings_for_questions(settings))
    if answer is None:
        raise LeaveProgram
    return answer


ALL = -1
"""The number ``_list_answer`` gives for ``delete all``."""


def _list_answer(text: str) -> tuple[str, int, int] | None:
    """An answer to the list question: ("resume", N, N), ("delete", N, M) for the saves N to M (``delete 3``,
    ``delete 1-5``, ``delete 1 to 5``), ("delete", ALL, ALL) for ``delete all``, ("delete", 0, 0) for delete
    without a number, ("new", 0, 0), ("games", 0, 0) or ("list", 0, 0); None for anything else.

    >>> _list_answer("2"), _list_answer("delete 1 - 5."), _list_answer("delete all"), _list_answer("delete 5 to 1")
    (('resume', 2, 2), ('delete', 1, 5), ('delete', -1, -1), ('delete', 1, 5))
    """
    word = " ".join(text.lower().rstrip(".!?,;:").split())
    if word in ("new", "no", "n"):
        return "new", 0, 0
    if word == GAMES_WORD:
        return GAMES_WORD, 0, 0
    if word == "list":
        return "list", 0, 0
    deleting = word.startswith("delete")
    number_text = word.removeprefix("delete").strip() if deleting else word
    if number_text.isascii() and number_text.isdigit():
        return ("delete" if deleting else "resume"), int(number_text), int(number_text)
    if not deleting:
        return None
    if number_text == "all":
        return "delete", ALL, ALL
    ends = number_text.replace(" to ", "-").replace(" ", "").split("-")
    if len(ends) == 2 and all(end.isascii() and end.isdigit() for end in ends):
        first, last = sorted(int(end) for end in ends)
        return "delete", first, last
    return "delete", 0, 0


def _from_list(
    entries: list[SaveEntry], lines: LineSource, notice: Notice, now: float, settings: SettingsCommand | None,
    braille: bool = False, read_list: bool = True, games: bool = False,
) -> ChosenGame | _ListAnswer | None:
    """Ask which saved game to resume: a ChosenGame, ``_ListAnswer.NEW``, ``GAMES`` (where ``games``: the list
    of games is offered), ``DELETED`` after a deletion, or None to look at the saves again.  ``read_list``: say the
    list first; else only how many there are (after a deletion).

    Asked through ``questions.ask``, like every question outside the game: ``help``,
    ``settings`` and ``quit`` answer there.
    """
    count = len(entries)
    choices = f"a number from 1 to {count}" if count > 1 else "1"
    if read_list:
        _say_list(entries, notice, now)
    else:
        notice(f"{count} saved games left, numbered anew; list says them.")
    refusal = f"Type {choices}, new, delete and a number, or quit."
    short = f"1 to {count}" if count > 1 else "1"
    question = Question(
        f"Resume which? {short}, new, or quit." if braille else  # within 40 cells
        f"Resume which saved game? Type {choices}, new for a new game, or quit.",
        _list_answer,
        allowed=refusal,
        help=(
            f"Type {choices} to resume that game, new to start a new game (the saves are kept), "
            "delete and a number to remove a save (delete 2-5 or delete all for several), "
            "list to hear the list again, or quit to leave." + (_GAMES_HELP if games else ""),
        ),
        refusal="",
    )
    fresh = True
    while True:
        answer = ask(question, lines, notice, _settings_for_questions(settings), fresh)
        if answer is None:
            raise LeaveProgram
        fresh = False
        what, number, last = answer
        if what == "new":
            return _ListAnswer.NEW
        if what == GAMES_WORD:
            if games:
                return _ListAnswer.GAMES
            notice(refusal)  # --variant named the game: no list of games here
            continue
        if what == "list":
            _say_list(entries, notice, now)
            continue
        if what == "delete" and number == 0:
            notice(f"Say which save to delete: delete and {choices}, like delete 1, or delete all.")
            continue
        if what == "delete" and (number == ALL or number != last):
            first, last = (1, count) if number == ALL else (number, last)
            if not 1 <= first <= last <= count:
                notice(f"There are saved games 1 to {count} only. {refusal}")
                continue
            if _delete_several(entries, first, last, lines, notice, settings, braille):
                return _ListAnswer.DELETED
            fresh = True
            continue
        if not 1 <= number <= count:
            notice(f"There is no saved game {number}. {refusal}")
            continue
        entry = entries[number - 1]
        if what == "delete":
            if _delete(entry, number, lines, notice, now, settings, braille):
                return _ListAnswer.DELETED
            fresh = True  # another question came between: say this one again
            continue
        if entry.damage is not None:
            notice(
                f"Save {number} cannot be read: {entry.damage}. Type delete {number} to remove it, or another number."
            )
            continue
        if entry.open_by is not None:
            notice(f"Game {number} is open in another copy of rook-access. Type another number, new, or quit.")
            continue
        return _take(entry, notice)  # None: it changed since the list was made, so look again


def _delete(
    entry: SaveEntry, number: int, lines: LineSource, notice: Notice, now: float, settings: SettingsCommand | None,
    braille: bool = False,
) -> bool:
    """Delete a save after a yes; whether it was deleted."""
    # What is deleted is said first, on its own line: a save that cannot be read is described by why ("the save
    # file is not valid JSON"), which at the end of a question read as a question of its own.
    notice(f"Saved game {number}: {describe(entry, now)}.")
    question = (f"Delete save {number} for good? yes or no." if braille else
                f"Delete saved game {number}? It cannot be undone. Type yes or no.")
    help_line = f"Type yes to delete saved game {number} for good, no to keep it, or quit to leave."
    if not ask_yes_no(lines, notice, question, help_line, "Type yes to delete it, or no to keep it.", settings):
        notice(f"Saved game {number} is kept.")
        return False
    try:
        delete_saved_game(entry.path)
    except GameOpenElsewhere as error:
        notice(f"Saved game {number} is {error}; it is kept.")
        return False
    except OSError as error:
        notice(f"Saved game {number} cannot be deleted: {error.strerror or error}.")
        return False
    notice(f"Saved game {number} deleted.")
    return True


def _delete_several(
    entries: list[SaveEntry], first: int, last: int, lines: LineSource, notice: Notice,
    settings: SettingsCommand | None, braille: bool = False,
) -> bool:
    """Delete the saves ``first`` to ``last`` of the list after one yes; whether any was deleted.  A save
    another copy plays, or one that cannot be deleted, is kept, and the line says how many were."""
    many = last - first + 1
    every = (first, last) == (1, len(entries))
    which = f"all {many} saved games" if every else f"saved games {first} to {last}"
    question = (f"Delete {'all ' + str(many) if every else f'{first} to {last}'} for good? yes or no." if braille
                else f"Delete {which}? It cannot be undone. Type yes or no.")
    help_line = f"Type yes to delete {which} for good, no to keep them, or quit to leave."
    if not ask_yes_no(lines, notice, question, help_line, "Type yes to delete them, or no to keep them.", settings):
        notice(f"{which[0].upper()}{which[1:]} are kept.")
        return False
    deleted = 0
    for entry in entries[first - 1 : last]:
        try:
            delete_saved_game(entry.path)
        except (GameOpenElsewhere, OSError):
            continue
        deleted += 1
    kept = many - deleted
    notice(f"{deleted} saved game{'s' if deleted != 1 else ''} deleted"
           + (f"; {kept} kept, open in another copy or not deletable." if kept else "."))  # fmt: skip
    return deleted > 0


def _take(entry: SaveEntry, notice: Notice) -> ChosenGame | None:
    """Lock the chosen save and read it again; None (said in one line) if that cannot be done."""
    try:
        saved, lock = lock_for_resume(entry.path)
    except GameOpenElsewhere as error:
        notice(f"That game is {error}.")
        return None
    except DamagedSaveError as error:
        notice(f"The save {entry.path.name} cannot be read: {error}. It is kept.")
        return None
    if saved is None:
        notice("That game has ended or its save was deleted since.")
        return None
    return ChosenGame(entry.path, saved, lock)


# ----------------------------------------------------------------- the lines
def _say_list(entries: list[SaveEntry], notice: Notice, now: float) -> None:
    notice(f"{len(entries)} saved games, newest first:" if len(entries) > 1 else "1 saved game:")
    lines = [describe(entry, now) for entry in entries]
    for number, (entry, line) in enumerate(zip(entries, lines, strict=True), 1):
        if lines.count(line) > 1:  # two saves alike to the minute: the seconds tell them apart
            line = describe(entry, now, seconds=True)
        notice(f"{number}. {line}.")


def describe(entry: SaveEntry, now: float, mark_open: bool = True, seconds: bool = False) -> str:
    """One short line about a save: the game, hand, score and when it was saved (or why it cannot be read).

    ``mark_open``: end with "open in another copy" when another copy plays it; ``seconds``: the time to the
    second.
    """
    when = saved_when(entry.saved_at, now, seconds)
    if entry.game is None:
        return f"cannot be read, saved {when}: {entry.damage}"
    setup, state = entry.game.setup, entry.game.state
    humans = [seat for seat, kind in enumerate(setup.seats) if kind == "human"]
    title = game_title(setup)
    if entry.game.party is not None:
        progress = saved_party(entry.game)  # checked when the save was found
        rounds = f"round {progress.round_number} of {progress.setup.rounds}"
        title = f"{title} party of {progress.setup.tables} tables, {rounds} at table {progress.user_table().number}"
    else:  # a party's round is always so many hands: not said after the table ("at table 1 of 4 hands")
        title += _length_words(setup)
    line = f"{title}, {family_of(state).save_progress(state, humans)}, saved {when}"
    if mark_open and entry.open_by is not None:
        line += ", open in another copy"
    return line


def _length_words(setup: GameSetup) -> str:
    """How long a saved game plays where it was set apart from the game's own rule (``--target``,
    ``--hands``), so that two saves of one game tell themselves apart: " to 50", " of 2 hands"."""
    if setup.hands:
        return f" of {setup.hands} hand{'s' if setup.hands != 1 else ''}"
    target = setup.options.get("target")
    return f" to {target}" if target is not None else ""


def saved_when(moment: float, now: float, seconds: bool = False) -> str:
    """When a save was written, as one says it: ``today at 14:03``, ``yesterday at 9:15``, ``3 March at 20:10``;
    with ``seconds``, ``today at 14:03:27``."""
    then, today = time.localtime(moment), time.localtime(now)
    clock = f"{then.tm_hour}:{then.tm_min:02d}" + (f":{then.tm_sec:02d}" if seconds else "")
    yesterday = time.localtime(now - 86400)
    if (then.tm_year, then.tm_yday) == (today.tm_year, today.tm_yday):
        return f"today at {clock}"
    if (then.tm_year, then.tm_yday) == (yesterday.tm_year, yesterday.tm_yday):
        return f"yesterday at {clock}"
    day = f"{then.tm_mday} {_MONTHS[then.tm_mon - 1]}"
    if then.tm_year != today.tm_year:
        return f"{day} {then.tm_year}"
    return f"{day} at {clock}"


__all__ = ["ChosenGame", "LeaveProgram", "RESUME_QUESTION", "ask_yes_no", "choose_saved_game", "describe", "saved_when"]
