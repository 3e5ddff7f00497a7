"""Questions asked outside the game's moves: which game, resume or not, leave or not.

Every such question takes the same few words as a prompt of the game:
``help`` says what may be answered, ``quit`` (``q``, ``exit``) or the end of
input (Ctrl-D) leaves, and ``settings`` shows or changes the settings
through the same code as in the game (``SettingsControl.command``).  Any
other line that is not an answer is refused with one short line naming what
is allowed, and the question is asked again.

Usage::

    from rook_access.console.questions import Question, ask, yes_or_no

    resume = Question(
        "A saved game was found. Resume it? Type yes or no.",
        yes_or_no,
        allowed="Type yes or no.",
        help=("Yes goes on with the saved game; no starts a new one and keeps the save.",),
    )
    answer = ask(resume, lines, say, control.command)
    if answer is None:
        ...  # the user left: quit, q, exit or Ctrl-D
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from ..engine.cards import shown
from ..engine.spelling import nearest
from .lines import LineSource
from .registry import common_command

T = TypeVar("T")


def _words_of(name: str) -> frozenset[str]:
    spec = common_command(name)
    return frozenset((spec.name, *spec.aliases))


LEAVE_WORDS = _words_of("quit")
HELP_WORDS = _words_of("help")
SETTINGS_WORDS = _words_of("settings")

COMMON_HELP = "Also: settings, or quit to leave."
"""The line ``help`` adds to a question's own help."""


def common_help(said: Sequence[str]) -> list[str]:
    """The line ``help`` adds to a question's own help lines ``said``: settings and quit, those not named there.

    >>> common_help(["Type 1 or 2."]), common_help(["Type 1, or quit to leave."]), common_help(["settings; quit"])
    (['Also: settings, or quit to leave.'], ['Also: settings.'], [])
    """
    text = " ".join(said)
    settings, leave = re.search(r"\bsettings\b", text) is None, re.search(r"\bquit\b", text) is None
    if settings and leave:
        return [COMMON_HELP]
    if settings:
        return ["Also: settings."]
    if leave:
        return ["Also: quit to leave."]
    return []


@dataclass(frozen=True)
class Question(Generic[T]):
    """One question: what is asked, how a line is read as an answer, and what is said when it is not one."""

    prompt: str
    answer: Callable[[str], T | None]
    """The answer a line gives (the line stripped of blanks), or None when it is not an answer."""
    allowed: str
    """One short line naming what may be answered, said after a line that is not an answer."""
    help: Sequence[str] = ()
    """One or two lines on what the answers do, said for ``help`` (``allowed`` when there are none)."""
    refusal: str = "{answer} is not an answer here."
    """Said before ``allowed`` for a line that is not an answer; ``{answer}`` is the line ("": ``allowed`` alone)."""
    suggest: Sequence[str] | Callable[[str], str | None] = ()
    """Answers by name: a line close to one of them is answered "Did you mean kentucky?" after the refusal;
    yes then gives that answer, and no asks again.  Or the rule that finds the answer a line likely meant
    (the game menu's ``nearest_game``, which knows the games' titles too), None for none."""

    def suggestion(self, text: str) -> str | None:
        """The answer a line that is not one likely meant (``suggest``), or None."""
        if callable(self.suggest):
            return self.suggest(text)
        return nearest(text.lower(), self.suggest) if self.suggest else None


def ask(
    question: Question[T],
    lines: LineSource,
    say: Callable[[str], None],
    settings: Callable[[Sequence[str]], list[str]],
    fresh: bool = True,
) -> T | None:
    """Ask until a line answers; the answer, or None when the user leaves (quit, q, exit, Ctrl-D).

    ``say`` says one line; ``settings`` carries out the settings command
    (its words after ``settings``) and gives the lines to say, like
    ``SettingsControl.command``.  ``fresh`` False: the question was just
    asked and answered with something that changed nothing, so it is not
    said again first.
    """
    suggested: str | None = None  # the answer the last "Did you mean dixie?" named, which yes then gives
    while True:
        line = lines.read(question.prompt, fresh)
        if line is None:
            return None
        text = line.strip()
        meant, suggested = suggested, None
        answer = question.answer(text)
        agreed = yes_or_no(text) if answer is None and meant is not None else None
        if agreed is False:
            say(question.allowed)
            continue
        if agreed and meant is not None:
            answer = question.answer(meant)
        if answer is not None:
            return answer
        words = text.split()
        first = words[0].lower() if words else ""
        first = first.strip(".!?;:") or first  # "Quit." is quit; "?" stays help
        fresh = False
        if first in LEAVE_WORDS and len(words) == 1:
            return None
        if first in HELP_WORDS:
            own = question.help or (question.allowed,)
            for help_line in (*own, *common_help(own)):
                say(help_line)
        elif first in SETTINGS_WORDS:
            for reply in settings(words[1:]):
                say(reply)
            fresh = True  # the output may have changed: a new voice says the question
        elif text:
            refused = question.refusal.format(answer=shown(text))
            if refused:
                suggested = question.suggestion(text)
            if refused and suggested:
                # Only the answer to the question asked: what is allowed (Enter for a default) is not yes.
                say(f"{refused} Did you mean {suggested}? Type yes if so.")
            else:
                say(f"{refused} {question.allowed}" if refused else question.allowed)
        else:
            say(question.allowed)


def yes_or_no(text: str) -> bool | None:
    """True for yes or y, False for no or n (any case, with a full stop or !), None otherwise."""
    word = text.lower().strip(".!")
    if word in ("yes", "y"):
        return True
    if word in ("no", "n"):
        return False
    return None
