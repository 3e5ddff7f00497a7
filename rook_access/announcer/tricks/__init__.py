"""The narrator of the trick-taking games, one module per part of a hand.

``story`` keeps what the events told so far make known; ``words`` names seats,
teams and hands; ``bidding``, ``nest``, ``play`` and ``scores`` word the
events of each part of a hand and answer its review commands; ``questions``
asks the seat to act and words refusals; ``narrator`` puts them together.
"""

from .narrator import REVIEW_TOPICS, TrickNarrator
from .story import TrickStory
from .words import sort_hand

__all__ = ["REVIEW_TOPICS", "TrickNarrator", "TrickStory", "sort_hand"]
