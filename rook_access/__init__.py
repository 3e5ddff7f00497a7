"""rook-access: the card game Rook for screen-reader, braille and keyboard players."""

__version__ = "0.1.0"
