"""The trick-taking games' commands, declared once in the registry's form, and how a typed line becomes one.

The moves (bid, pass, check, discard, trump, play) and the review commands
of a hand of Rook (hand, trick, last, bids, score, taken, dummy), then the
commands every game shares (``registry.COMMON_COMMANDS``).  ``COMMANDS`` is
their list in the order ``help all`` says them; ``parse_command`` reads a
typed line, with the trick games' short cuts (a card alone plays it, a
number alone bids it, a color alone names trump).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Collection, Iterable, Sequence

from ..engine import (
    COLOR_NAMES,
    CardNotationError,
    Phase,
    RuleSet,
    parse_card,
)
from ..engine.cards import shown
from .explain import review_command_lines, why_lines, why_words
from .registry import (
    COMMON_COMMANDS,
    NUMBER_DIGITS,
    QUIET_COMMANDS,
    Command,
    CommandSpec,
    UnknownCommandError,
    cards_joined,
    did_you_mean,
    fit_words,
    is_color,
    is_number,
    refuse_a_color_mistyped,
    review_handler,
    takes_all,
    typed_words,
    unknown_command,
    usage,
    words_of,
)
from .registry import command_help as _command_help

__all__ = [
    "CARDS_LINE", "CARDS_LINE_NO_BIRD", "COMMANDS", "NUMBER_DIGITS", "Command", "CommandSpec", "UnknownCommandError",
    "cards_line", "command_help", "did_you_mean", "find_command", "fit_words", "help_all_lines", "help_lines",
    "is_number", "parse_command",
]  # fmt: skip


# ------------------------------------------------------------ the handlers
_hand = review_handler("hand")
_trick = review_handler("trick")
_last = review_handler("last")
_bids = review_handler("bids")
_score = review_handler("score")
_taken = review_handler("taken")
_dummy = review_handler("dummy")
_trump = review_handler("trump")
"""``trump`` alone says what trump is (with a color it is a move)."""


_BIDDING = frozenset({Phase.BIDDING})
_PLAY = frozenset({Phase.PLAY})

COMMANDS: tuple[CommandSpec, ...] = (
    CommandSpec("bid", ("b",), "N", "Bid N points, in fives. A number alone bids too.", acts=True, brief="Bid N points",
                needs="bidding", phases=_BIDDING, alone="a number alone"),
    CommandSpec("pass", ("p",), "", "Pass. You cannot bid again this hand.", acts=True, brief="Pass for this hand",
                needs="bidding", phases=_BIDDING),
    CommandSpec("check", ("ch",), "", "Kentucky Discard: before anyone bids, keep the right to bid later.", acts=True,
                brief="Check: bid later", needs="checking", phases=_BIDDING),
    CommandSpec("discard", ("d",), "CARDS",
                "Lay as many cards aside as the nest held (5 in most games) as the new nest; the cards alone do too.",
                acts=True, brief="Lay cards aside", needs="bidding", phases=frozenset({Phase.DISCARD}),
                alone="the cards alone"),
    CommandSpec("trump", ("t",), "COLOR",
                "Name trump, like trump red; a color alone does too. Without a color: say what trump is.",
                acts=True, brief="Name trump, or say it", phases=frozenset({Phase.TRUMP}), alone="a color alone",
                reviews=True, handler=_trump, needs="has_trump"),
    CommandSpec("play", ("pl",), "CARD", "Play a card, like play 14r. A card alone plays it too.", acts=True,
                brief="Play a card", phases=_PLAY, alone="a card alone"),
    CommandSpec("hand", ("h",), "", "Say your hand, by color, trump first.", brief="Say your hand", handler=_hand),
    CommandSpec("trick", ("tr",), "", "Say the cards played to this trick and who is winning it.",
                brief="Say this trick", phases=_PLAY, handler=_trick),
    CommandSpec("last", ("l",), "", "Say the last trick taken; before a hand's first, the last of the hand before.",
                brief="Say the last trick", phases=_PLAY, handler=_last),
    CommandSpec("bids", ("bs",), "", "Say the bids of this hand.", brief="Say the bids", needs="bidding",
                handler=_bids),
    CommandSpec("score", ("s",), "", "Say the score and the points taken this hand.", brief="Say the score",
                handler=_score),
    CommandSpec("taken", ("c", "counters"), "", "Say the counters each side has taken this hand.",
                brief="Counters taken", phases=_PLAY, handler=_taken),
    CommandSpec("why", ("wy",), "[SEAT]",
                "Say why a computer player made its last move; why and a seat, like why north, that seat's; "
                "why north bid, its last bid or pass; why north 3, its card in trick 3; why partner, your partner's.",
                brief="Why a computer moved", handler=why_lines, takes=why_words),
    CommandSpec("review", ("rv",), "[all]",
                "After a hand, say your choices the strong player would have made otherwise, costliest first; "
                "review all, every one.",
                brief="Review your last hand", handler=review_command_lines, takes=takes_all),
    CommandSpec("dummy", ("dm",), "",
                "Say the cards face up: the dummy's in the 2-player game, the displayed hand in Display Rook.",
                brief="Say the dummy", needs="hand_face_up", handler=_dummy),
    *COMMON_COMMANDS,
)  # fmt: skip

_BY_WORD = words_of(COMMANDS)


def _words(line: str) -> list[str]:
    """The words of a line, with commas and trailing sentence punctuation dropped.

    Dictation software types "Pass." and "bid 75, please" as readily as keys do.
    """
    words = typed_words(line)
    # "the Rook", as the program says the Bird in words, may be typed as it is said.
    words = [
        word
        for word, after in zip(words, [*words[1:], ""], strict=False)
        if not (word.lower() == "the" and after.lower() == "rook")
    ]
    return cards_joined(words)  # "14 red" and "14 r" are one card


def _is_card(word: str) -> bool:
    try:
        parse_card(word)
    except CardNotationError:
        return False
    return True


def _refuse_a_mistyped_color(words: list[str]) -> None:
    """Refuse a card number and a word that is not a color ("14 yelow"), naming the color meant."""
    if len(words) != 2 or not is_number(words[0]) or not 1 <= int(words[0]) <= 14:
        return
    refuse_a_color_mistyped(words)  # a word close to a color: named, and yes plays the card with it
    word = words[1]
    if word.isalpha() and word.lower() not in ("points", "point") and not is_color(word):
        raise UnknownCommandError(
            f"{shown(word)} is not a color. The colors are red, black, yellow and green, or r, x, y and g."
        )


_UNITS = ("one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve",
          "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen")
_TENS = ("twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety")


def amount_in_words(words: Sequence[str]) -> int | None:
    """A bid's amount said in words ("seventy five", "seventy-five", "a hundred and five", "one hundred
    twenty"), or None when the words are not a number.

    >>> amount_in_words(["seventy-five"]), amount_in_words(["a", "hundred", "and", "five"]), amount_in_words(["red"])
    (75, 105, None)
    """
    total = 0
    seen = False
    for word in (part for typed in words for part in typed.lower().split("-")):
        if word in _UNITS:
            total += _UNITS.index(word) + 1
        elif word in _TENS:
            total += (_TENS.index(word) + 2) * 10
        elif word == "hundred":
            total = (total or 1) * 100
        elif (word == "a" and not seen) or (word == "and" and seen):  # "a hundred and five"
            continue
        else:
            return None
        seen = True
    return total if seen else None


def parse_command(line: str, choices: Iterable[str] | None = None) -> Command | None:
    """The command on a line (None for a blank line).

    Commands and aliases are case-insensitive; a card alone (``14r``) plays
    it, a number alone (``85``) bids it, and a color alone names trump.
    Trailing punctuation is ignored, and ``bid 75 points`` is ``bid 75``.
    An unknown word is answered with the closest of ``choices`` (the words
    that may be typed now; by default every command and color).
    """
    words = _words(line)
    if not words:
        return None
    first = words[0].lower()
    spec = _BY_WORD.get(first)
    if spec is not None:
        arguments = words[1:]
        if spec.name == "bid" and len(arguments) >= 2 and arguments[-1].lower() in ("points", "point"):
            arguments = arguments[:-1]
        if spec.name == "bid" and arguments and not is_number(arguments[0]):
            amount = amount_in_words(arguments)  # "bid seventy five", as a speech-input program may type it
            if amount is not None:
                arguments = [str(amount)]
        if spec.name == "pass" and arguments and all(_is_card(word) for word in arguments):
            # "p 14r": p is short for pass, but a card after it means play.
            spec = _BY_WORD["play"]
        if spec.name == "play":
            _refuse_a_mistyped_color(arguments)
        return Command(spec, tuple(arguments))
    if is_number(first):
        _refuse_a_mistyped_color(words)
        return Command(_BY_WORD["bid"], tuple(words))
    if _is_card(first):
        return Command(_BY_WORD["play"], tuple(words))
    if is_color(first) and len(words) == 1:
        return Command(_BY_WORD["trump"], tuple(words))
    if re.fullmatch(r"\d+[a-z]+", first):
        number = first.rstrip("abcdefghijklmnopqrstuvwxyz")
        if len(number) > 2 or not 1 <= int(number) <= 14:
            raise UnknownCommandError(f"{shown(words[0])} is not a card. Cards are numbered 1 to 14, like 14r or 5x.")
        raise UnknownCommandError(
            f"{shown(words[0])} is not a card. The colors are r red, x black, y yellow, g green, "
            f"like {number}r, {number}x, {number}y or {number}g."
        )
    every = [word for word in (*(spec.name for spec in COMMANDS), *COLOR_NAMES) if len(word) > 1]
    now = every if choices is None else [choice for choice in choices if len(choice) > 1 and not _is_card(choice)]
    error = unknown_command(words[0], now, words[1:])
    if choices is not None and error.meant is None:
        # A command of another part of the hand mistyped ("plya 5r" in the bidding) is named all the same, as in
        # its own part: yes then carries it out, and the refusal says when it may be typed.  Not a color: a
        # color is offered only at the trump question.
        error = unknown_command(words[0], [spec.name for spec in COMMANDS if len(spec.name) > 1], words[1:])
    raise error


CARDS_LINE = (
    "Cards are a number and a color letter, r red, x black, "
    "y yellow, g green: 14r, 5x, 10y, 7g; rook is the Bird."
)
CARDS_LINE_NO_BIRD = CARDS_LINE[: CARDS_LINE.index("; rook")] + "."
"""The cards line of a game played without the Bird (the 1913 games, the 2-player game...)."""


CARDS_BRAILLE = "Type a card as 14r 5x 10y 7g or rook."
"""``CARDS_LINE`` in the braille verbosity ("Cards 14r 5x 10y 7g" alone did not say what it was)."""
CARDS_BRAILLE_NO_BIRD = "Type a card as 14r, 5x, 10y or 7g."
COLOR_LETTERS_BRAILLE = "r red, x black, y yellow, g green."
"""After ``CARDS_BRAILLE`` in ``help all``: what the letters stand for (x for black is no initial)."""


def cards_line(rules: RuleSet, braille: bool = False) -> str:
    """How cards are typed, with the Bird only in a game that has it."""
    if braille:  # a line that says what it is about alone, within 40 cells
        return CARDS_BRAILLE if rules.uses_bird else CARDS_BRAILLE_NO_BIRD
    return CARDS_LINE if rules.uses_bird else CARDS_LINE_NO_BIRD


def help_lines(
    rules: RuleSet, phase: Phase, braille: bool = False, may_check: bool = True, may_move: bool = True,
    may_pass: bool = True,
) -> list[str]:
    """``help``: the commands that apply in this game and this part of the hand, in a few lines.

    With ``braille`` the lines are the braille verbosity's, at most 40 cells each.
    ``may_check`` False leaves ``check`` out of the moves (Kentucky Discard, once someone has bid);
    ``may_move`` False leaves out the moves (another player is to act); ``may_pass`` False leaves out
    ``pass`` (the dealer who must open the bidding, in the 1913 games).
    """
    moves = [spec for spec in COMMANDS if may_move and spec.applies(rules, phase) and spec.is_move(phase)]
    moves = [spec for spec in moves if (may_check or spec.name != "check") and (may_pass or spec.name != "pass")]
    others = [spec for spec in COMMANDS if spec.applies(rules, phase) and not spec.is_move(phase)]
    sayers = [spec.name for spec in others if spec.name not in QUIET_COMMANDS]
    if braille:
        lines = fit_words("Now:", [usage(spec) for spec in moves]) if moves else []
        lines += fit_words("Say:", sayers)
        lines += ["Also: settings, stop, quit", "help NAME: one command", "help all: every command"]
        if phase is Phase.PLAY or phase is Phase.DISCARD:
            lines.append(cards_line(rules, braille=True))
        return lines
    lines = []
    if moves:
        said = [f"{usage(spec)}{f' or {spec.alone}' if spec.alone else ''}" for spec in moves]
        lines.append(f"Moves now: {', '.join(said)}.")
    lines.append(f"To hear the game: {', '.join(sayers)}.")
    lines.append("Also settings, stop and quit. Type help and a "
                 "command's name for more, or help all for every command.")
    if phase is Phase.PLAY or phase is Phase.DISCARD:
        lines.append(cards_line(rules))
    return lines


def help_all_lines(braille: bool = False, rules: RuleSet | None = None, taken: Collection[str] = ()) -> list[str]:
    """``help all``: every command of the game of ``rules`` (of every game for None), with its short forms, one
    a line: Flip's leaves out bid, check, discard, trump and dummy.  A short form in ``taken`` (a word an online
    table's own command takes: ``who``) is left out."""
    specs = [spec for spec in COMMANDS if rules is None or spec.in_game(rules)]
    specs = [dataclasses.replace(spec, aliases=tuple(alias for alias in spec.aliases if alias not in taken))
             for spec in specs]  # fmt: skip
    if braille:
        return [command_help(spec, braille=True) for spec in specs] + [
            CARDS_BRAILLE if rules is None else cards_line(rules, braille=True), COLOR_LETTERS_BRAILLE]
    lines = ["Commands, with short forms:"]
    lines += [command_help(spec) for spec in specs]
    lines.append(CARDS_LINE if rules is None else cards_line(rules))
    return lines


def command_help(spec: CommandSpec, braille: bool = False) -> str:
    """One command's line of help, with its short forms."""
    return _command_help(spec, braille)


def find_command(word: str) -> CommandSpec | None:
    """The command a name or short form stands for, or None."""
    return _BY_WORD.get(word.lower())
