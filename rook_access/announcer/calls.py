"""The words of quick calls (engine.calls), the same in every game that has them."""

from __future__ import annotations

from ..engine.calls import CallOffer


def call_question(offer: CallOffer) -> str:
    """The question of an open call asked in turn: ``Orange? o to call, n to let it go.`` (Enter alone lets
    it go too at a terminal; in a script a blank line does nothing, as everywhere)."""
    word = offer.word.capitalize()
    if offer.decline is None:
        return f"{word} now: type {offer.key}."
    return f"{word}? {offer.key} to call, n to let it go."


def window_prompt(offer: CallOffer) -> str:
    """The prompt of a timed call window, as short as can be heard while the clock runs: ``Orange? o``."""
    word = offer.word.capitalize()
    return f"{word}: {offer.key}" if offer.decline is None else f"{word}? {offer.key}"


def call_words(offer: CallOffer) -> tuple[str, ...]:
    """What may be typed to make the call: its key and its word."""
    return (offer.key, offer.word)


DECLINE_WORDS: tuple[str, ...] = ("", "n", "no", "pass")
"""What may be typed to let a call go (Enter alone, at a terminal or in a script)."""

ACCEPT_WORDS: tuple[str, ...] = ("yes",)
"""Typed at a call's question ("Doubt? d to call, n to let it go."), the answer that makes the call, as "no" lets
it go; never a key of the timed window (its keys are the call's own)."""
