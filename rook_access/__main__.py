"""``python -m rook_access`` runs the console game."""

import sys

from .console.cli import main

if __name__ == "__main__":
    sys.exit(main())
