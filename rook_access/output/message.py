"""One announcement, in the two forms every channel chooses from (``announcer.message``, where it is made)."""

from __future__ import annotations

from ..announcer.message import Message

__all__ = ["Message"]
