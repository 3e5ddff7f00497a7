"""Make the braille-ready files: ``python -m rook_access.braille.make [--out DIR] [--check]``.

Writes each document of ``documents.documents(docs)`` as ``NAME.brf`` and its
Unicode braille twin ``NAME-unicode.txt`` into the repository's ``braille/``
folder, or into ``--out DIR``.  With ``--check`` it writes nothing and exits 1
after one line per file that is missing or differs from what it would write,
0 when all are current.  Exit 2: liblouis or the ``docs/`` folder is missing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from .documents import Document, documents
from .formatting import brf_text, paginate, unicode_text
from .translator import BrailleUnavailable, load_louis

REPOSITORY = Path(__file__).resolve().parents[2]
DOCS = REPOSITORY / "docs"
"""Where the source documents are: the repository's ``docs/``."""
OUT = REPOSITORY / "braille"
"""Where the files go by default: the repository's ``braille/``."""
COMMAND = "python -m rook_access.braille.make"
INSTALL = "apt install liblouis-data python3-louis"


def render(document: Document, docs: Path = DOCS) -> dict[str, bytes]:
    """A document's files: its braille-ready file and its Unicode twin, by file name."""
    pages = paginate(document.blocks(docs))
    return {
        f"{document.name}.brf": brf_text(pages).encode("ascii"),
        f"{document.name}-unicode.txt": unicode_text(pages).encode("utf-8"),
    }


def render_all(docs: Path = DOCS) -> dict[str, bytes]:
    """Every file, by name."""
    files: dict[str, bytes] = {}
    for document in documents(docs):
        files.update(render(document, docs))
    return files


def stale(files: dict[str, bytes], out: Path) -> list[str]:
    """The names of the files in ``out`` that are missing or differ from ``files``."""
    names = []
    for name, content in files.items():
        path = out / name
        if not path.is_file() or path.read_bytes() != content:
            names.append(name)
    return names


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command; return its exit status."""
    parser = argparse.ArgumentParser(prog=COMMAND, description="Make the braille-ready files (BRF) of rook-access.")
    parser.add_argument("--out", type=Path, default=OUT, metavar="DIR", help=f"folder to write to (default {OUT})")
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if any file is stale")
    options = parser.parse_args(argv)
    if load_louis() is None:
        print(f"liblouis is not installed: {INSTALL}", file=sys.stderr)
        return 2
    if not DOCS.is_dir():
        print(f"No docs folder at {DOCS}: run this from a source checkout of rook-access.", file=sys.stderr)
        return 2
    try:
        files = render_all(DOCS)
    except BrailleUnavailable as error:
        print(f"{error} ({INSTALL})", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"Cannot read {error.filename}: {error.strerror}.", file=sys.stderr)
        return 2
    out: Path = options.out
    if options.check:
        names = stale(files, out)
        remake = COMMAND if out.resolve() == OUT else f"{COMMAND} --out {out}"
        for name in names:
            state = "missing" if not (out / name).is_file() else "stale"
            print(f"{out / name} is {state}: run {remake}")
        return 1 if names else 0
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, content in files.items():
            (out / name).write_bytes(content)
    except OSError as error:
        print(f"Cannot write {error.filename}: {error.strerror}.", file=sys.stderr)
        return 2
    for name, content in files.items():
        if name.endswith(".brf"):
            pages = content.count(b"\f") + 1
            print(f"Wrote {out / name}, {pages} page{'s' if pages != 1 else ''}, and its Unicode twin.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
