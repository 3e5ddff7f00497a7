"""Fixtures of the online tables' tests: a real Redis (Debian's ``redis-server``) for the servers that share one."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rook_access.bench.redis_server import running_redis


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """The URL of a ``redis-server`` of this test's own: a free loopback port, its folder in ``tmp_path``, nothing
    saved to disk; killed and its folder removed afterwards."""
    with running_redis(tmp_path / "redis") as url:
        yield url
