"""The command references made from the registry: the table in ``docs/playing.md`` and the braille cards' data.

``python -m rook_access.console.reference`` writes both from the commands
each family declares (``console.families``): each family's table between
the markers ``<!-- commands: FAMILY -->`` and ``<!-- end commands -->`` in
``docs/playing.md``, and ``docs/command-card.json``, the data the braille
command cards are made from (``python -m rook_access.braille.make`` reads
it: braille does not import the console).  ``--check`` writes nothing and
exits 1 when either is stale; a test runs the same check.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from .families import FAMILIES
from .registry import markdown_table

DOCS = Path(__file__).resolve().parents[2] / "docs"
PLAYING = "playing.md"
CARDS = "command-card.json"
END_MARKER = "<!-- end commands -->"


def start_marker(family: str) -> str:
    """The line before a family's table in ``docs/playing.md``."""
    return f"<!-- commands: {family} -->"


def card_data() -> dict[str, list[dict[str, object]]]:
    """Each family's commands as the braille card shows them, by family name."""
    return {
        family.family: [
            {"name": spec.name, "arguments": spec.arguments, "aliases": list(spec.aliases), "brief": spec.brief,
             "acts": spec.acts}
            for spec in family.commands
        ]
        for family in FAMILIES
    }  # fmt: skip


def card_text() -> str:
    """``docs/command-card.json`` as it should be."""
    return json.dumps(card_data(), indent=1) + "\n"


def playing_text(current: str) -> str:
    """``docs/playing.md`` with each family's table made again from the registry."""
    text = current
    for family in FAMILIES:
        table = "\n".join(markdown_table(family.commands))
        pattern = re.compile(re.escape(start_marker(family.family)) + r"\n.*?" + re.escape(END_MARKER), re.DOTALL)
        found = pattern.search(text)
        if found is None:
            raise LookupError(f"{PLAYING} has no {start_marker(family.family)} table")
        start, end = found.span()
        text = f"{text[:start]}{start_marker(family.family)}\n{table}\n{END_MARKER}{text[end:]}"
    return text


def stale(docs: Path = DOCS) -> list[str]:
    """The files in ``docs`` that do not match the registry."""
    names = []
    playing = (docs / PLAYING).read_text(encoding="utf-8")
    if playing_text(playing) != playing:
        names.append(PLAYING)
    cards = docs / CARDS
    if not cards.is_file() or cards.read_text(encoding="utf-8") != card_text():
        names.append(CARDS)
    return names


def main(argv: Sequence[str] | None = None) -> int:
    """Write (or with ``--check``, check) the command references; the exit status."""
    parser = argparse.ArgumentParser(prog="python -m rook_access.console.reference", description=__doc__)
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a reference is stale")
    options = parser.parse_args(argv)
    if options.check:
        names = stale()
        for name in names:
            print(f"docs/{name} does not match the command registry: run python -m rook_access.console.reference")
        return 1 if names else 0
    playing = DOCS / PLAYING
    playing.write_text(playing_text(playing.read_text(encoding="utf-8")), encoding="utf-8")
    (DOCS / CARDS).write_text(card_text(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
