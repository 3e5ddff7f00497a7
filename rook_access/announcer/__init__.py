"""The announcer: turns engine events and game facts into messages, each in a compact and a spoken form."""

from .announcer import Announcer, Verbosity, messages, sort_hand
from .spoken import cards_in_words, speak_card, speakable

__all__ = ["Announcer", "Verbosity", "cards_in_words", "messages", "sort_hand", "speak_card", "speakable"]
