"""One announcement, in the two forms every channel chooses from."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Message:
    """An announcement.

    ``compact`` is the line printed and shown in braille, with cards in the
    notation (``14r 10r 5x rook``); ``spoken`` is the same facts worded for a
    speech synthesizer ("14 red, 10 red, 5 black, the Rook"), which must never
    be given the compact form.  ``urgent`` marks a question or an answer to
    the user; it never cuts off speech (only the user does, see
    ``channels.Channel.user_input``).  A message that is not ``shown`` is only
    spoken: at a terminal the prompt already shows the question.
    """

    compact: str
    spoken: str
    urgent: bool = False
    shown: bool = True
