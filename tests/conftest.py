"""Test configuration: the tests folder is importable, for the shared helpers."""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
