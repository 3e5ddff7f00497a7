"""Invite codes: three short words, said aloud and typed in any case, with spaces or hyphens.

A code is chosen from ``WORDS`` (256 common words of three to seven letters,
easy to say and to spell), so a table's code is one of about 16.7 million:
short to say on a call, hard to guess (the server limits tries from an
address).

    >>> normal_code("Amber  Tiger-OTTER")
    'amber-tiger-otter'
    >>> normal_code("amber tiger") is None
    True
    >>> nearest_code("peach-field-olivx")
    'peach-field-olive'
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Container

from ..engine.spelling import nearest

WORDS: tuple[str, ...] = tuple(
    """
    acorn actor adobe alarm album alley amber angel ankle apple apron arrow aspen atlas attic award
    bacon badge bagel baker banjo barn basil beach beard bench berry bison blade blaze bloom board
    bonus booth brave bread brick broom brush bucket buddy bugle cabin cable cactus camel candy canoe
    cargo carol cedar chair chalk charm cheek chess chili chime cider cinema cliff clock cloud clover
    coast cobra cocoa comet coral couch cowboy crane crayon creek crown cupid curry daisy dance
    delta denim depot diary dingo disco diver dolphin donut dragon drum eagle easel elbow elder ember
    emerald engine fable fairy falcon fancy feast fence ferry fiddle field flame flute focus forest
    fossil fox frost fudge gable galaxy garden gecko ghost giant ginger glade globe goose grape gravy
    guitar habit hammer harbor harp hazel heart hedge helmet heron hippo honey hotel husky
    igloo index iris island ivory jacket jade jaguar jelly jewel jockey judge juice jumbo kayak kettle
    kiwi koala ladder lagoon lamp laser lemon lilac lily linen lion llama lobby locket lotus lunar
    magic mango maple marble meadow melon mint mirror mocha monkey moose mosaic motor muffin mural
    napkin nectar needle nickel noble noodle north nutmeg oasis ocean olive omega onion opera orbit
    orchid otter oven owl paddle panda paper parade parrot pasta peach pearl pebble pepper piano
    pigeon pilot pine pirate pizza planet plum polar pony poppy pretzel prism puffin pumpkin puppy
    quartz quest quill rabbit radio raven reef ribbon river robin rocket rose ruby saddle salmon
    sailor salsa scarf shell silver skate spoon tiger violin
    """.split()
)
"""The words of the codes: lower case, no two the same."""

CODE_WORDS = 3
"""Words in a code."""


def new_code(taken: Container[str], rng: random.Random | None = None) -> str:
    """A code no table has (``taken``): ``CODE_WORDS`` words of ``WORDS`` joined by hyphens.

    ``rng`` makes a repeatable one for tests; by default the words come from ``secrets``.
    """
    while True:
        if rng is None:
            words = [secrets.choice(WORDS) for _ in range(CODE_WORDS)]
        else:
            words = [rng.choice(WORDS) for _ in range(CODE_WORDS)]
        code = "-".join(words)
        if code not in taken:
            return code


def code_words(text: str) -> list[str]:
    """The words of a code as typed, in lower case: split by spaces, hyphens or both."""
    return text.replace("-", " ").lower().split()


def normal_code(text: str) -> str | None:
    """The code ``text`` names, as ``new_code`` writes it, or None if it is not a code: any case, the words
    split by spaces, hyphens or both."""
    words = code_words(text)
    if len(words) != CODE_WORDS or not all(word in _WORD_SET for word in words):
        return None
    return "-".join(words)


_WORD_SET = frozenset(WORDS)


def is_code_word(word: str) -> bool:
    """Whether ``word`` (any case) is one of the codes' ``WORDS``."""
    return word.lower() in _WORD_SET


def nearest_code(text: str) -> str | None:
    """The code ``text`` was likely meant to be, each word not one of ``WORDS`` the word nearest it (a letter
    mistyped, left out or swapped); None where ``text`` is not three words or a word has none near it."""
    words = code_words(text)
    if len(words) != CODE_WORDS:
        return None
    meant = [word if word in _WORD_SET else nearest(word, WORDS) for word in words]
    if any(word is None for word in meant):
        return None
    return "-".join(word for word in meant if word is not None)

