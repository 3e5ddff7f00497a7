"""The name a mistyped word most likely meant: one rule for every "Did you mean ...?".

The games (``find_game``, so ``--variant``), the first-start menu of games, the
commands and the settings all suggest by ``nearest``; it lives in the engine,
the lowest layer, so that the engine's own ``find_game`` can use it.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

SHORTEST = 3
"""The fewest letters a word and a name must have for any slip to count (a letter wrong in two is half the word)."""

ALIKE = 0.7
"""How alike (difflib's ratio) a longer word and a name must be for the name to be suggested."""


def nearest(word: str, choices: Iterable[str]) -> str | None:
    """The choice (lower case) closest to a mistyped word, or None when none is close.

    A choice is close when the word is the choice with few enough ``slips`` (a letter wrong, left
    out or put in, or two neighbouring letters swapped): one slip for every six letters of the two
    together, counting three more (Python's own bound for "Did you mean" of a mistyped name), so
    one slip in words of three or four letters, two from nine letters together ("dixy" is "dixie",
    y for ie); under ``SHORTEST`` letters, only two swapped. The fewest slips win, the
    first choice of a tie. With none close by slips, the choice difflib finds most alike, if at
    least ``ALIKE``, as it finds long words with several slips. Short words need the count:
    difflib rates "dixy" and "dixie" only 0.67 alike, and "bdi" no nearer "bid" than "bed".

    >>> nearest("dixy", ["display", "dixie"]), nearest("kentuky", ["kentucky"]), nearest("tow", ["six", "two"])
    ('dixie', 'kentucky', 'two')
    >>> nearest("bdi", ["bed", "bid"]), nearest("nine", ["five"]), nearest("xyz", ["bid", "pass"])
    ('bid', None, None)
    >>> nearest("Partnrship", ["PARTNERSHIP"]), nearest("pu", ["up"]), nearest("ip", ["up"])
    ('partnership', 'up', None)
    """
    typed = word.lower()
    lowered = [choice.lower() for choice in choices]
    best: tuple[int, str] | None = None
    for choice in lowered:
        if min(len(typed), len(choice)) < SHORTEST and not (len(typed) == len(choice) == 2 and typed == choice[::-1]):
            continue  # in so short a word, only two letters swapped is a slip ("pu" is "up")
        allowed = (len(typed) + len(choice) + 3) // 6  # the bound of Python's own "Did you mean" for names
        if abs(len(typed) - len(choice)) > allowed:
            continue  # as many slips at least as letters more or fewer: not counted (a long line is quick)
        count = slips(typed, choice)
        if count <= allowed and (best is None or count < best[0]):
            best = (count, choice)
    if best is not None:
        return best[1]
    close = difflib.get_close_matches(typed, lowered, n=1, cutoff=ALIKE)
    return close[0] if close else None


def slips(typed: str, meant: str) -> int:
    """How many slips make ``meant`` into ``typed``: letters wrong, left out, put in, or neighbours swapped.

    (The optimal string alignment distance.)

    >>> slips("dixy", "dixie"), slips("bdi", "bid"), slips("bed", "bid"), slips("", "two")
    (2, 1, 1, 3)
    """
    before: list[int] = []
    previous = list(range(len(meant) + 1))
    for row, letter in enumerate(typed, 1):
        current = [row]
        for column, other in enumerate(meant, 1):
            count = min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + (letter != other))
            if row > 1 and column > 1 and letter == meant[column - 2] and typed[row - 2] == other:
                count = min(count, before[column - 2] + 1)
            current.append(count)
        before, previous = previous, current
    return previous[-1]
