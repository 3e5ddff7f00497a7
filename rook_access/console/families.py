"""The families of games the console plays: the one place a family is registered.

Adding a family of games to the console is adding its ``FamilyConsole``
to ``FAMILIES``; nothing else in the console names a family.
"""

from __future__ import annotations

from typing import Any

from .donkey import DONKEY
from .doubt import DOUBT_CONSOLE
from .family import FamilyConsole
from .match import MATCH
from .panjandrum import PANJANDRUM
from .patience import PATIENCE
from .tricks import TRICKS
from .tuxedo import TUXEDO

_TRICKS: FamilyConsole = TRICKS
_PATIENCE: FamilyConsole = PATIENCE
_MATCH: FamilyConsole = MATCH
_DONKEY: FamilyConsole = DONKEY
_PANJANDRUM: FamilyConsole = PANJANDRUM
_TUXEDO: FamilyConsole = TUXEDO
_DOUBT: FamilyConsole = DOUBT_CONSOLE
FAMILIES: tuple[FamilyConsole, ...] = (_TRICKS, _PATIENCE, _MATCH, _DONKEY, _PANJANDRUM, _TUXEDO, _DOUBT)
"""Every family's console part, in the order ``help`` and the docs list their commands."""


def family_of(state: Any) -> FamilyConsole:
    """The family console that plays ``state``."""
    for family in FAMILIES:
        if family.plays(state):
            return family
    raise LookupError(f"No console family plays {type(state).__name__}.")


def family_named(name: str) -> FamilyConsole:
    """The family console named ``name`` (``GameDescription.family``)."""
    for family in FAMILIES:
        if family.family == name:
            return family
    raise LookupError(f"No console family {name}.")
