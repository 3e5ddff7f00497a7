"""Where a server keeps its tables' checkpoints: one JSON file a table in a folder, each written whole or not
at all (``files.write_atomically``) after every action, so a server killed at any moment resumes every
table as it was after its last action."""

from __future__ import annotations

import json
import logging
from pathlib import Path
from typing import Any, Protocol

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
