"""The benchmark of two servers sharing Redis, one killed, runs end to end (its figures are measured by running
it, not here): the killed server's tables are taken up and no client loses an event."""

from __future__ import annotations

import json

from rook_access.bench import net_redis_load


def test_the_kill_benchmark_takes_every_table_up_with_nothing_lost(tmp_path, capsys):
    out = tmp_path / "kill.json"
    flags = ["--tables", "4", "--seconds", "4", "--kill-after", "1.5", "--lease", "0.6", "--json", str(out)]
    assert net_redis_load.main(flags) == 0
    result = json.loads(out.read_text(encoding="utf-8"))
    assert result["tables_of_the_killed_server"] >= 1
    assert result["taken_up_s"]["count"] == result["tables_of_the_killed_server"]
    assert 0 < result["taken_up_s"]["last"] < 5
    assert result["clients_with_an_event_lost"] == 0 and result["clients_with_every_event_kept"] >= 1
    assert result["tables_resumed_with_every_acknowledged_event"] == result["tables_of_the_killed_server"]
    assert result["acknowledged"] > 20 and result["redis"]["commands_per_action"] > 1
    assert "no action lost" in capsys.readouterr().out


def test_the_directory_read_is_measured_for_each_count(tmp_path, capsys):
    out = tmp_path / "directory.json"
    assert net_redis_load.main(["--directory", "10", "300", "--json", str(out)]) == 0
    found = json.loads(out.read_text(encoding="utf-8"))
    assert [each["tables"] for each in found] == [10, 300]
    assert all(each["read_ms"] > 0 and each["server_cpu_ms"] >= 0 for each in found)
    assert "directory of 300 tables: one read" in capsys.readouterr().out
