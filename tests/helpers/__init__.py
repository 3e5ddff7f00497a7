"""Helpers shared by the tests.

Fixed deals, the console driven in process or through pipes, real terminals, speech and braille.
"""

from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
"""The top of the repository the tests run from: a program started by a test gets it as ``PYTHONPATH``."""
