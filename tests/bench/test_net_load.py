"""The online tables' load benchmark runs end to end (its figures are measured by running it, not here)."""

from __future__ import annotations

import json

from rook_access.bench import net_load


def test_the_load_benchmark_plays_tables_and_reports_latencies(tmp_path, capsys):
    out = tmp_path / "load.json"
    assert net_load.main(["--tables", "2", "--seconds", "2", "--json", str(out)]) == 0
    [result] = json.loads(out.read_text(encoding="utf-8"))
    assert result["tables"] == 2 and result["clients"] == 8
    assert result["actions"] > 20 and result["games"] >= 1
    latency = result["latency_ms"]
    assert 0 < latency["median"] <= latency["p95"] <= latency["p99"] <= latency["max"]
    assert "2 tables, 8 clients" in capsys.readouterr().out
