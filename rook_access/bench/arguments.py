"""The command line the duplicate-deal benchmarks share: their parser, the tables, the deals, seed and
jobs, the JSON file and the progress lines."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Collection, Iterable
from typing import Any


def bench_parser(module: str, description: str | None) -> argparse.ArgumentParser:
    """The parser of ``python -m rook_access.bench.MODULE``, its docstring kept as written."""
    return argparse.ArgumentParser(prog=f"python -m rook_access.bench.{module}", description=description,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)


def add_tables(parser: argparse.ArgumentParser, tables: Iterable[str], flag: str = "--tables",
               what: str = "tables") -> None:
    """``flag NAME...``: which of ``tables`` to play, every one by default."""
    names = list(tables)
    parser.add_argument(flag, nargs="*", default=names, metavar="NAME",
                        help=f"the {what} (default all: {', '.join(names)})")


def add_deals_seed_jobs(parser: argparse.ArgumentParser, deals: int, deals_help: str,
                        seed_help: str | None = None) -> None:
    """``--deals`` (``deals`` by default), ``--seed`` (1) and ``--jobs``, the worker processes (1)."""
    parser.add_argument("--deals", type=int, default=deals, help=deals_help)
    parser.add_argument("--seed", type=int, default=1, help=seed_help)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")


def add_json_and_quiet(parser: argparse.ArgumentParser,
                       json_help: str = "also write the summaries as JSON to FILE") -> None:
    """``--json FILE`` and ``--quiet`` (no progress lines)."""
    parser.add_argument("--json", metavar="FILE", help=json_help)
    parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")


def print_progress(name: str, done: int, total: int) -> None:
    """A progress line on stderr: a table's deals played so far."""
    print(f"{name}: {done}/{total} deals", file=sys.stderr, flush=True)


def write_json(path: str, data: Any) -> None:
    """``data`` as indented JSON in the file ``path``, with a final newline."""
    with open(path, "w", encoding="utf-8") as file:
        json.dump(data, file, indent=1)
        file.write("\n")


def parse_pair(text: str, levels: Collection[str]) -> tuple[str, str]:
    """``strong:easy`` as (``strong``, ``easy``), both among ``levels``; ``ValueError`` for an unknown level
    or a bad form."""
    first, colon, second = text.partition(":")
    if not colon or first not in levels or second not in levels:
        raise ValueError(f"a pair is two levels joined by a colon, like strong:easy; levels: {', '.join(levels)}")
    return first, second
