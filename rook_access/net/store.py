"""Where a server keeps its tables' checkpoints: one JSON file a table in a folder, each written whole or not
at all (``files.write_atomically``) after every action, so a server killed at any moment resumes every
table as it was after its last action."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from ..files import write_atomically
from .codes import normal_code

LOG = logging.getLogger("rook_access.server")


class Store(Protocol):
    """Somewhere the checkpoints of tables are kept, by table code."""

    def save(self, code: str, data: dict[str, Any]) -> None:
        """Keep ``data`` as the table's checkpoint, replacing the one before, whole or not at all."""
        ...

    def load_all(self) -> list[dict[str, Any]]:
        """Every table's checkpoint kept."""
        ...

    def delete(self, code: str) -> None:
        """Keep table ``code`` no longer (its game is over, or its host ended it); nothing if it is not kept."""
        ...


class LeaseLost(Exception):
    """This process no longer holds the table (its lease ran out, or the shared store cannot be reached): it
    must stop touching it.  ``url`` is the address of the process that holds it now, when known."""

    def __init__(self, code: str, url: str | None) -> None:
        super().__init__(f"table {code} is no longer held by this process")
        self.code = code
        self.url = url


class Claim:
    """What ``SharedStore.claim`` found for a code: the checkpoint of a table now held by this process
    (``data``), the address of the live process holding it (``url``), ``moving`` when a process holds it
    but says no address (it is starting or stopping), or nothing (no such table)."""

    def __init__(self, data: dict[str, Any] | None = None, url: str | None = None, moving: bool = False) -> None:
        self.data = data
        self.url = url
        self.moving = moving


@runtime_checkable
class SharedStore(Store, Protocol):
    """A store several server processes share (``redis_store.RedisStore``): each table is held by one
    process with a lease; ``save`` and ``delete`` raise ``LeaseLost`` once this process no longer holds the
    table, and ``load_all`` claims the tables nobody holds."""

    lease: float
    """Seconds a lease lasts unrenewed."""

    def advertise(self, url: str) -> None:
        """Say the address where clients reach this process."""
        ...

    def reserve(self, code: str) -> bool:
        """Reserve a new table's code, unique across the processes, held by this one; False if taken."""
        ...

    def claim(self, code: str) -> Claim:
        """Take table ``code`` if nobody holds it, or say where it is."""
        ...

    def renew(self) -> set[str]:
        """Renew this process's leases; the codes of the tables lost (to be given up)."""
        ...

    def release_all(self) -> None:
        """Give up every table at once (a clean stop)."""
        ...


class FolderStore:
    """Checkpoints as ``CODE.json`` files in one folder (made if missing)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def path(self, code: str) -> Path:
        """The file of table ``code``."""
        if normal_code(code) != code:
            raise ValueError(f"{code!r} is not a table code")
        return self.folder / f"{code}.json"

    def save(self, code: str, data: dict[str, Any]) -> None:
        path = self.path(code)
        text = json.dumps(data, separators=(",", ":")).encode("utf-8")
        write_atomically(path, text, path.with_name(f".{path.name}.tmp"))

    def delete(self, code: str) -> None:
        self.path(code).unlink(missing_ok=True)

    def load_all(self) -> list[dict[str, Any]]:
        for leftover in self.folder.glob(".*.json.tmp"):  # a write that a kill cut short: its checkpoint stands
            LOG.info("removing %s, a checkpoint's write cut short", leftover.name)
            leftover.unlink(missing_ok=True)
        found = []
        for path in sorted(self.folder.glob("*.json")):
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
            except (OSError, ValueError) as error:
                LOG.error("the checkpoint %s cannot be read: %s", path.name, error)
                continue
            if isinstance(data, dict):
                found.append(data)
            else:
                LOG.error("the checkpoint %s is not a JSON object", path.name)
        return found
