"""The announcer: turns a game's events and a seat's view into messages, each in a compact and a spoken form.

``base`` declares the ``Narrator`` every family's narrator offers the console
and the words all families share; ``tricks`` is the trick-taking games'
narrator; ``hints`` words a player's advice.
"""

from .base import Narrator, Verbosity, messages
from .spoken import cards_in_words, speak_card, speakable
from .tricks import TrickNarrator, sort_hand

Announcer = TrickNarrator
"""The trick-taking games' narrator, by its older name."""

__all__ = [
    "Announcer",
    "Narrator",
    "TrickNarrator",
    "Verbosity",
    "cards_in_words",
    "messages",
    "sort_hand",
    "speak_card",
    "speakable",
]
