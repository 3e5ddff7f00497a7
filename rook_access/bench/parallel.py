"""Running a benchmark's tasks in worker processes and gathering their results by table."""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Sequence
from typing import Any


def results_by_name(
    worker: Callable[[Any], list[Any]],
    tasks: Sequence[Any],
    names: Sequence[str],
    jobs: int,
    deals: int,
    progress: Callable[[str, int, int], None] | None = None,
) -> dict[str, list[Any]]:
    """Every result of ``worker`` over ``tasks`` (in this process, or ``jobs`` spawned ones),
    grouped by each result's ``name``; ``progress(name, done, deals)`` after each chunk."""
    found: dict[str, list[Any]] = {name: [] for name in names}
    pool = None
    if jobs <= 1:
        chunks: Iterable[list[Any]] = map(worker, tasks)
    else:
        pool = multiprocessing.get_context("spawn").Pool(jobs)
        chunks = pool.imap_unordered(worker, tasks)
    try:
        for chunk in chunks:
            for result in chunk:
                found[result.name].append(result)
            if progress is not None and chunk:
                progress(chunk[0].name, len(found[chunk[0].name]), deals)
    finally:
        if pool is not None:
            pool.close()
            pool.join()
    return found
